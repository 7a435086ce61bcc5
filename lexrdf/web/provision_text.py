"""The text of a provision page as the source orders it: the provision's own words (before its sub-units, then
its closing words after them), the units of its governing chain, and the tree of the units below it in document
order, each with its number as the jurisdiction prints it; a unit with no text on the date is marked in place with
its status (`gap_note`), never left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from lexrdf import citing
from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    ENDED,
    IN_FORCE,
    NOT_YET_IN_FORCE,
    OUTSIDE_COVERAGE,
    PARTLY_IN_FORCE,
    REPEALED,
    STRUCK_DOWN,
)
from lexrdf.answers.types import ContextUnit, DescendantsAnswer, VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.layout import layout_lines
from lexrdf.vocab import LEX
from lexrdf.web.page_format import PageLinks, day_text, definition_lines, printed_number
from lexrdf.web.rdf import describe

STATUS_LABELS = {
    IN_FORCE: "In force",
    AS_LAST_KNOWN: "As last known",
    NOT_YET_IN_FORCE: "Not yet in force",
    PARTLY_IN_FORCE: "Partly in force",
    "outside-extent": "No text held for this territory",
    REPEALED: "Repealed",
    STRUCK_DOWN: "Struck down",
    ENDED: "No longer in force",
    OUTSIDE_COVERAGE: "No text recorded",
    "unknown-reference": "Unknown",
}


@dataclass
class TextLine:
    """A line of a unit's own words: a block the source sets apart (its words before its first list item, a
    definition, a paragraph of one) with its number as the source prints it, and the lines nested in it in document
    order; `continues`: the words of the line holding it after its nested lines (a definition's closing words)."""

    words: str
    number: str | None = None
    items: list[TextLine] = field(default_factory=list)
    continues: bool = False


def text_lines(text: str, layout: str | None = None) -> list[TextLine]:
    """A unit's own words in lines: where the source blocks them (a recorded lex:textLayout that holds the words of
    `text` exactly), each list item on a line of its own under the item holding it; else a definition a line.

    >>> layout = ('[{"depth":0,"number":null,"label":"","words":"In this Act—","continues":false},'
    ...           '{"depth":1,"number":null,"label":"","words":"“data” means—","continues":false},'
    ...           '{"depth":2,"number":"(a)","label":"a","words":"one, or","continues":false},'
    ...           '{"depth":2,"number":"(b)","label":"b","words":"two,","continues":false},'
    ...           '{"depth":1,"number":null,"label":"","words":"and more;","continues":true}]')
    >>> lines = text_lines("In this Act— “data” means— a one, or b two, and more;", layout)
    >>> [line.words for line in lines], [(i.number, i.words, i.continues) for i in lines[1].items]
    (['In this Act—', '“data” means—'], [('(a)', 'one, or', False), ('(b)', 'two,', False), (None, 'and more;', True)])
    >>> [line.words for line in text_lines("Other words entirely.", layout)]
    ['Other words entirely.']
    """
    recorded = layout_lines(layout, text)
    if not recorded:
        return [TextLine(line) for line in definition_lines(text)]
    top: list[TextLine] = []
    last: dict[int, TextLine] = {}  # the last line at each depth
    for line in recorded:
        depth = int(line["depth"])
        shown = TextLine(line["words"], line["number"] or line["label"] or None, continues=bool(line["continues"]))
        if shown.continues and depth in last:  # after the items nested in the line at its depth
            last[depth].items.append(shown)
            continue
        holder = next((last[d] for d in range(depth - 1, 0, -1) if d in last), None)
        (holder.items if holder else top).append(shown)
        last = {d: held for d, held in last.items() if d < depth} | {depth: shown}
    return top


@dataclass
class Unit:
    """A unit of text as shown: number (as the jurisdiction prints it), heading, own text (its words before its
    sub-units, then `closing`, the words after them; `layout`, the lines the source sets them in), link, and the units
    below it; a unit with no text on the date has its `status` (not in force) and a `gap` note saying so, in place."""

    iri: str
    href: str
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    children: list[Unit] = field(default_factory=list)
    closing: str | None = None
    status: str = IN_FORCE
    gap: str | None = None
    layout: str | None = None

    @property
    def lines(self) -> list[TextLine]:
        """The own words in lines: the source's list items each on its own, else a definition a line."""
        return text_lines(self.text or "", self.layout)


def chain_unit(unit: ContextUnit, page: PageLinks, day: date) -> Unit:
    number = unit.number or unit.label_number
    return Unit(unit.unit, page.at(unit.unit, day), unit.unit_type, number, unit.heading, unit.text or None)


def shown_unit(answer: VersionAnswer, unit: ContextUnit | None, page: PageLinks, day: date, style: str | None) -> Unit:
    unit_type = unit.unit_type if unit else "provision"
    lead, closing = split_closing(answer.text, answer.closing)
    number = printed_number(answer.number, unit_type, style)
    href = page.at(answer.provision, day)
    return Unit(answer.provision, href, unit_type, number, answer.heading, lead, [], closing, layout=answer.layout)


def unrecorded_unit(lex: Lexrdf, provision: str, parent: str, versions: list[Any]) -> ContextUnit:
    """A provision not in its governing chain on the date (no version then, or none at all, as s. 6(3) of the DPA,
    known only as omitted): its type as recorded, its number from its versions, else from its IRI below its
    parent's, so that its page is titled as itself and not as its parent."""
    unit_type = next((t.object.value for t in describe(lex, provision) if t.predicate == LEX.unitType), "")
    number = next((v.number for v in reversed(versions) if v.number), None) or citing.number_from_path(
        provision, parent
    )
    return ContextUnit(
        unit=provision,
        unit_type=unit_type,
        number=number,
        label_number=number,
    )


def unit_tree(
    answer: DescendantsAnswer, contents: list[dict[str, Any]], page: PageLinks, day: date, style: str | None
) -> list[Unit]:
    """The units below the provision, nested by parent, in document order: those with text on the date
    (descendants), and in their places those with none then (the `toc` rows within the provision give every unit and
    its status), marked with it: nothing is left out silently."""
    texts = {item.unit: item for item in answer.items}
    rows = contents or [{"unit": item.unit} for item in answer.items]
    roots: list[Unit] = []
    by_iri: dict[str, Unit] = {}
    for row in rows:
        item = texts.get(row["unit"])
        if item is not None:
            lead, closing = split_closing(item.text, item.closing)
            number = printed_number(item.number, item.unit_type, style)
            href = page.at(item.unit, day)
            unit = Unit(item.unit, href, item.unit_type, number, item.heading, lead, [], closing, layout=item.layout)
            parent_iri = item.parent
        else:
            status = row.get("status") or OUTSIDE_COVERAGE
            recorded = row.get("number") or citing.number_from_path(row["unit"], row.get("parent"))  # none: its IRI
            number = printed_number(recorded, row.get("unit_type"), style)
            unit = Unit(row["unit"], page.at(row["unit"], day), row.get("unit_type") or "unit", number, None, None)
            unit.status, unit.gap = status, gap_note(status, row, day)
            parent_iri = row.get("parent")
        by_iri[unit.iri] = unit
        parent = by_iri.get(parent_iri or "")
        (parent.children if parent else roots).append(unit)
    return roots


def gap_note(status: str, row: Mapping[str, Any], day: date) -> str:
    """What a unit with no text on `day` shows in its place: its status, and from or since when.

    >>> gap_note("outside-coverage", {"valid_from": "2005-01-01"}, date(2001, 1, 1))
    'No text recorded for 1 January 2001 (the earliest recorded text starts on 1 January 2005)'
    >>> gap_note("repealed", {"valid_until": "2002-03-01"}, date(2003, 1, 1))
    'Repealed (no longer in force from 1 March 2002)'
    """
    valid_from, valid_until = row.get("valid_from"), row.get("valid_until")
    if status == OUTSIDE_COVERAGE:
        later = f" (the earliest recorded text starts on {day_text(valid_from).text})" if valid_from else ""
        return f"No text recorded for {day_text(day).text}{later}"
    if status == NOT_YET_IN_FORCE:
        return "Not yet in force" + (f" (in force from {day_text(valid_from).text})" if valid_from else "")
    label = STATUS_LABELS.get(status, "Not in force" if status == "not-in-force" else status)
    return label + (f" (no longer in force from {day_text(valid_until).text})" if valid_until else "")


def split_closing(text: str | None, closing: str | None) -> tuple[str | None, str | None]:
    """A unit's words before its sub-units and after them (`closing`, the end of `text` the source places after
    them), so a page reads them in the source's order.

    >>> split_closing("Where a controller— the controller is not obliged.", "the controller is not obliged.")
    ('Where a controller—', 'the controller is not obliged.')
    >>> split_closing("Only words.", None)
    ('Only words.', None)
    """
    if not text:
        return None, None
    if closing and text.endswith(closing) and closing != text:
        return text[: -len(closing)].rstrip() or None, closing
    return text, None
