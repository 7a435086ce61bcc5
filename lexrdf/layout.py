"""A unit's own words laid out as the source blocks them, where they hold list items without an identifier (merged
into the unit, as DPA s. 1(1)'s definitions and the paragraphs (a) to (e) of "data"): recorded as lex:textLayout
beside lex:text, so that a page can show each item on its own line, indented under the item holding it.

The mapping marks, in the walk that gathers a unit's words, where each item begins and ends and its number
(`ITEM_START`, `ITEM_END`, `NUMBER_START` printed `NUMBER_PRINTED` words `NUMBER_END`); `layout_json` turns the
marked words into lines, each ``{"depth", "number", "label", "words", "continues"}``: its depth (0 for the words
before the first item), its number as the source prints it ("(a)", null when the source says nothing of it) and as
the words hold it ("a"), its words, and whether it continues an item after the items nested in it. The lines give back
the unit's words exactly, letter for letter (`same_words`), or there is no layout.

>>> marked = f"Intro— {ITEM_START}“x” means— {ITEM_START}{NUMBER_START}(a){NUMBER_PRINTED}a{NUMBER_END} one, or"
>>> marked += f"{ITEM_END}{ITEM_START}{NUMBER_START}(b){NUMBER_PRINTED}b{NUMBER_END} two,{ITEM_END} and more;{ITEM_END}"
>>> lines = json.loads(layout_json(marked, "Intro— “x” means— a one, or b two, and more;"))
>>> for line in lines:
...     print(line["depth"], line["number"], line["label"], line["words"], line["continues"])
0 None  Intro— False
1 None  “x” means— False
2 (a) a one, or False
2 (b) b two, False
1 None  and more; True
>>> same_words(text_of_lines(lines), "Intro— “x” means— a one, or b two, and more;")
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

ITEM_START, ITEM_END = "\x01", "\x03"
NUMBER_START, NUMBER_PRINTED, NUMBER_END = "\x04", "\x02", "\x05"
_MARK = re.compile("([\x01\x03]|\x04[^\x02]*\x02|\x05)")
_SPACES = re.compile(r"\s+")


def _words(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def same_words(one: str, other: str) -> bool:
    """Whether two texts hold the same words, letter for letter (their spacing aside)."""
    return _SPACES.sub("", one) == _SPACES.sub("", other)


def layout_json(marked: str, text: str, normalise: Callable[[str], str] = _words) -> str:
    """The lines of `marked` words (JSON), each line's words as `normalise` spaces them, or "" when they hold no
    item or do not give back the words of `text` exactly."""
    if ITEM_START not in marked:
        return ""
    lines: list[dict[str, Any]] = [{"depth": 0, "number": None, "label": "", "words": [], "continues": False}]
    depth, in_number = 0, False
    for piece in _MARK.split(marked):
        if piece == ITEM_START:
            depth += 1
            lines.append({"depth": depth, "number": None, "label": "", "words": [], "continues": False})
        elif piece == ITEM_END:
            depth -= 1
            lines.append({"depth": depth, "number": None, "label": "", "words": [], "continues": depth > 0})
        elif piece.startswith(NUMBER_START):
            in_number = True
            lines[-1]["number"] = piece[1:-1] or None
        elif piece == NUMBER_END:
            in_number = False
        elif in_number:
            lines[-1]["label"] += piece
        else:
            lines[-1]["words"].append(piece)
    kept = []
    for line in lines:
        line["label"], line["words"] = normalise(line["label"]), normalise("".join(line["words"]))
        if line["words"] or line["label"]:
            kept.append(line)
    if len(kept) < 2 or not same_words(text_of_lines(kept), text):
        return ""
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"))


def text_of_lines(lines: list[dict[str, Any]]) -> str:
    """The words of the lines as lex:text holds them (each line's number as the words hold it, then its words)."""
    return " ".join(_words(f"{line['label']} {line['words']}") for line in lines)


def layout_lines(layout: str | None, text: str | None) -> list[dict[str, Any]]:
    """The lines of a recorded layout when they give back `text` exactly (else none: the text is shown as it is)."""
    if not layout or not text:
        return []
    try:
        lines = json.loads(layout)
    except ValueError:
        return []
    return lines if isinstance(lines, list) and lines and same_words(text_of_lines(lines), text) else []
