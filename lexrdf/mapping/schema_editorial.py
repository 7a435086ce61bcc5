"""The schema of the rules that read what an editor adds to an act's words (part of lexrdf.mapping.schema): notes
read into dated changes (legislation.gov.uk's commentaries), elements marked as the editor's, the brackets around
words an amendment made and the note numbers ending a unit's words (Normattiva's)."""

from __future__ import annotations

from lexrdf.mapping.schema_base import Names, Rule, Table, Text


class NoteReference(Rule):
    """An element pointing at a note, and its attribute naming the note."""

    element: Text
    attribute: Text


class TerritorialLimit(Rule):
    """A change limited to some territories: `pattern` (group 1) finds the territories in the note's clause after its
    verb; `token` splits them into regions, each spelled by `regions` ("E.W." -> E, W)."""

    pattern: Text
    token: Text
    regions: Table


class Textual(Rule):
    """Textual amendments: verbs -> changes, the dates' pattern, a temporary change, words changed in part, the
    territories a change is limited to (`extent`)."""

    changes: Table = {}
    dates: Text | None = None
    temporary: Text | None = None
    partial: Text | None = None
    deferred: Text | None = None
    extent: TerritorialLimit | None = None


class Commencement(Rule):
    """Commencement notes: full-effect `patterns`, `partial` purposes, Royal `assent`, the clause `separator`, and the
    clauses commencing the `parts` their subject cites (group 1; DATE stands for the date)."""

    patterns: Names = []
    partial: Text | None = None
    assent: Text | None = None
    separator: Text | None = None
    parts: Text | None = None


class Modification(Rule):
    """Modification notes: each `dates` statement one event; an `aside` gives another instrument's history."""

    dates: Text | None = None
    aside: Text | None = None


class Annotations(Rule):
    """Editorial annotations (legislation.gov.uk commentaries) read into dated, attributed changes."""

    element: Text
    date: Text
    reference: Text | list[NoteReference] = "noteRef"
    reference_attribute: Text = "href"
    reference_prefix: Text = "#"
    marks: Names = []
    target_separator: Text | None = None
    kind: Text | None = None
    kind_attribute: Text = "class"
    kinds: Table = {}
    cite: Names = []
    cite_attribute: Text = "href"
    operative_attribute: Text | None = None
    range: Text = "rref"
    range_attribute: Text = "from"
    cited_as: Table = {}
    textual: Textual | None = None
    commencement: Commencement | None = None
    modification: Modification | None = None


class EditorialMark(Rule):
    """Elements (`element`, else any) whose `attribute` is `value` are the editor's."""

    element: Text | None = None
    attribute: Text
    value: Text


class AmendmentBrackets(Rule):
    """The editor's brackets around the words an amendment made (Normattiva's "((", "))"), left out of a unit's
    words and heading where they can be nothing else (lexrdf/mapping/brackets.py)."""

    opening: Text
    closing: Text


class NoteNumbers(Rule):
    """The numbers ending a unit's words that name update notes of the document (Normattiva's "... a € 102. (19)
    (29)" beside "AGGIORNAMENTO (19)"): `note` finds a note's number (group 1) in a block's words, `marker` one
    number of the run (group 1), `after` what the words before the run end with (lexrdf/mapping/note_numbers.py)."""

    note: Text
    marker: Text
    after: Text
