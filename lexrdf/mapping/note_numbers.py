"""The numbers an editor ends a unit's words with, each naming an update note of the document (the mappings'
`note_numbers`): Normattiva ends a comma "... da € 26 a € 102. (19) (29) (43)" where the document holds the notes
"AGGIORNAMENTO (19)", "AGGIORNAMENTO (29)", ... They say where the editor's notes are, not what the act says.

A number goes only where the document holds a note of that number ("(28)", or doubled as "((38))"), in a run that
ends the words and follows the end of a sentence or clause (`after`); the run is read from the end and stops at the
first number no note has, so words ending "comma (2)" or a number the document has no note for are kept. The
editor's slips in the run ("145 163 (4)", "64)") are read as the numbers they are.

>>> number = r"(\\d+[a-z]?)"
>>> rule = NoteNumbers.of({"note": rf"AGGIORNAMENTO\\s*\\({number}\\)", "marker": rf"\\(*{number}\\)*",
...                         "after": "[.;:]"})
>>> notes = rule.notes(["AGGIORNAMENTO (19)", "x", "AGGIORNAMENTO (4)", "AGGIORNAMENTO (138a)"])
>>> sorted(notes)
['138a', '19', '4']
>>> rule.without(notes, "una somma da € 26 a € 102. (19) 138a) (4)")
'una somma da € 26 a € 102.'
>>> rule.without(notes, "di cui agli articoli 225 e 226; ((19))")
'di cui agli articoli 225 e 226;'
>>> rule.without(notes, "le sanzioni di cui al comma (4)")
'le sanzioni di cui al comma (4)'
>>> rule.without(notes, "la finanza pubblica. (21) (4)")
'la finanza pubblica. (21) (4)'
>>> rule.without(notes | {"150"}, "decreto legislativo 1° settembre 2011, n. 150")
'decreto legislativo 1° settembre 2011, n. 150'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class NoteNumbers:
    """A mapping's `note_numbers`: `note` finds a note's number (group 1) in a block's words, `marker` one number
    of a run (group 1), `after` what the words before the run end with."""

    note: re.Pattern[str]
    marker: re.Pattern[str]
    after: re.Pattern[str]

    @classmethod
    def of(cls, rule: dict[str, Any]) -> NoteNumbers:
        return cls(
            re.compile(rule["note"]),
            re.compile(rf"\s*(?:{rule['marker']})\s*$"),
            re.compile(rf"(?:{rule['after']})$"),
        )

    def notes(self, blocks: Iterable[str]) -> frozenset[str]:
        """The numbers of the notes found in the words of `blocks`."""
        return frozenset(found.group(1) for words in blocks for found in self.note.finditer(words))

    def without(self, notes: frozenset[str], words: str) -> str:
        """`words` without the run of note numbers that ends them (each a number of `notes`), where what they follow
        ends a sentence or clause; else `words` as they are."""
        kept, first = words, ""
        while notes and (marker := self.marker.search(kept)) and marker.group(1) in notes:
            kept, first = kept[: marker.start()], marker.group(0).strip()
        kept = kept.rstrip()
        whole = first.startswith("(") and first.endswith(")")  # the run opens with a number in brackets
        return kept if whole and self.after.search(kept) else words
