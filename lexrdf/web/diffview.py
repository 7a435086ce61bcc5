"""A word-level comparison as runs of text a template marks up: kept, deleted (`<del>`), inserted (`<ins>`).

>>> [(s.op, s.text) for s in segments([TextChange(op="equal", from_text="within", to_text="within"),
...                                    TextChange(op="replace", from_text="twelve", to_text="three")])]
[('equal', 'within'), ('delete', 'twelve'), ('insert', 'three')]
>>> [(s.op, s.text) for s in word_diff("Open Data Commissioner", "Transparency Commissioner")]
[('delete', 'Open Data'), ('insert', 'Transparency'), ('equal', 'Commissioner')]
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from lexrdf.answers.types import TextChange


@dataclass(frozen=True)
class Segment:
    """A run of words: `equal`, `delete` or `insert`."""

    op: str
    text: str


def segments(changes: list[TextChange]) -> list[Segment]:
    """The runs of a comparison in reading order (a replacement reads as its deletion, then its insertion)."""
    runs: list[Segment] = []
    for change in changes:
        if change.op == "equal":
            runs.append(Segment("equal", change.to_text))
            continue
        if change.from_text and change.op in ("delete", "replace"):
            runs.append(Segment("delete", change.from_text))
        if change.to_text and change.op in ("insert", "replace"):
            runs.append(Segment("insert", change.to_text))
    return runs


def word_diff(old: str | None, new: str | None) -> list[Segment]:
    """Compare two short texts (a heading, a number) word by word, as the diff query compares texts."""
    before, after = (old or "").split(), (new or "").split()
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    changes = [
        TextChange(op=op, from_text=" ".join(before[i1:i2]), to_text=" ".join(after[j1:j2]))
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
    ]
    return segments(changes)


def changed(runs: list[Segment]) -> bool:
    return any(run.op != "equal" for run in runs)
