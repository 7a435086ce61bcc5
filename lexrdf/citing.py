"""Citations as a lawyer writes them: the one rule behind every answer's `citation` (lexrdf.api_chains `_cite`) and
the name a provision's page gives it.

A provision is named from the article, section, rule, regulation or schedule that holds it, not from the parts and
chapters above that (a section's number is unique in its act: "s. 7", not "Part II, section 7"); a cross-heading is
never named as the part around it, and is named only when it is what is cited. In the United Kingdom's style the
units below a section or a schedule's paragraph are its bracketed numbers ("s. 7(3)(a)", "Sch. 1, Pt. II,
para. 3(2)"); elsewhere each unit is named by its number as the source writes it, or its type and number
("Article 3, paragraph 2."). Dates are written as people say them ("1 January 2001").

>>> from lexrdf.answers.types import ContextUnit
>>> def unit(t, n, heading=None): return ContextUnit(unit="", unit_type=t, number=n, heading=heading, label_number=n)
>>> s7 = [unit("part", "Part II"), unit("section", "7"), unit("subsection", "3"), unit("paragraph", "a")]
>>> cite("Data Protection Act 1998", s7, date(2001, 1, 1), None, None, "uk")
'Data Protection Act 1998, s. 7(3)(a), as in force on 1 January 2001'
>>> reference(s7[:3], "uk", short=False)
'section 7(3)'
>>> sch1 = [unit("schedule", "SCHEDULE 1"), unit("part", "Part II"), unit("crossheading", None, "The first principle")]
>>> reference([*sch1, unit("paragraph", "3"), unit("subparagraph", "2")], "uk")
'Sch. 1, Pt. II, para. 3(2)'
>>> reference(sch1, "uk")
'Sch. 1, Pt. II, cross-heading “The first principle”'
>>> oda = [unit("chapter", "Chapter 1"), unit("article", "Article 3"), unit("paragraph", "2.")]
>>> reference(oda, None), reference(oda, None, short=False)
('Article 3, paragraph 2.', 'Article 3, paragraph 2')
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from urllib.parse import urlsplit

from lexrdf.answers.chains import unit_label
from lexrdf.answers.types import ContextUnit

# units that hold the law's numbered provisions, whose numbers are unique in their act
ANCHORS = frozenset({"article", "section", "rule", "regulation", "schedule", "annex", "appendix"})
# units that only group them: named when nothing below them is cited
GROUPS = frozenset(
    {"book", "part", "subpart", "title", "subtitle", "chapter", "subchapter", "division", "subdivision", "tome"}
)
CROSSHEADINGS = frozenset({"crossheading", "hcontainer", "group", "pblock", "heading"})
PATH = "path"  # a unit with no number, named by its path in the act (ContextUnit.label_number holds it)
_STYLES = {"gb": "uk", "uk": "uk"}  # jurisdictions whose sub-units are cited by bracketed numbers
_UK_ANCHORS = {"section": ("s.", "section"), "schedule": ("Sch.", "Schedule"), "article": ("art.", "article"),
               "regulation": ("reg.", "regulation"), "rule": ("r.", "rule"), "annex": ("Annex", "Annex"),
               "appendix": ("App.", "Appendix")}  # fmt: skip
_UK_GROUPS = {"part": ("Pt.", "Part"), "chapter": ("Ch.", "Chapter")}
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


def spoken(day: date | str) -> str:
    """A date as a lawyer writes it: ``spoken(date(2001, 1, 1))`` is '1 January 2001'."""
    value = day if isinstance(day, date) else date.fromisoformat(str(day))
    return f"{value.day} {_MONTHS[value.month - 1]} {value.year}"


def style_of(iri: str) -> str | None:
    """The citation style of the act an IRI or local path is in, by the jurisdiction after `/eli/`.

    >>> style_of("https://e.org/eli/gb-ukm/act/1998-07-16/29/section-7"), style_of("/eli/br/lei/2002-01-10/10406")
    ('uk', None)
    """
    parts = urlsplit(iri).path.split("/")
    for index, part in enumerate(parts[:-1]):
        if part == "eli":
            return _STYLES.get(parts[index + 1].split("-")[0])
    return None


def cite(
    act_name: str,
    units: Sequence[ContextUnit],
    day: date,
    known_at: str | None,
    last_known: str | None = None,
    style: str | None = None,
) -> str:
    """ "<act>, <reference>, as in force on <D>" (", as recorded at <K>" when asked about the past); after the date
    the sources are current to (`last_known`), "as last known (sources current to D), asked for <T>"."""
    label = reference(units, style) or "whole act"
    on = f"as last known (sources current to {spoken(last_known)}), asked for" if last_known else "as in force on"
    citation = f"{act_name}, {label}, {on} {spoken(day)}"
    return citation + (f", as recorded at {known_at}" if known_at else "")


def cite_subject(subject: str, day: date, known_at: str | None = None) -> str:
    """The citation of something with no governing chain to name it by (an IRI asked about, a query): "<subject>,
    as in force on <D>", by the same rule as `cite`."""
    return f"{subject}, as in force on {spoken(day)}" + (f", as recorded at {known_at}" if known_at else "")


def reference(units: Sequence[ContextUnit], style: str | None, short: bool = True) -> str:
    """How a lawyer refers to the last of `units` (its governing chain below the act, root first): abbreviated
    ("s. 7(3)(a)") when `short`, else in words ("section 7(3)(a)") as a page's title."""
    kept = _cited_units(units)
    if style == "uk":
        return ", ".join(_uk_pieces(kept, short))
    return ", ".join(p for p in (_piece(u, short) for u in kept) if p)


def number_from_path(path: str, parent_path: str | None) -> str | None:
    """A unit's number read from its path when no version records it: what its path adds to its parent's
    ("section-6-3" below "section-6" is 3; "art_3__para_2" below "art_3" is "2").

    >>> number_from_path("section-6-3", "section-6"), number_from_path("art_3__para_2", "art_3")
    ('3', '2')
    """
    if not parent_path or not path.startswith(parent_path):
        return None
    rest = path[len(parent_path) :].lstrip("-_")
    rest = rest.rsplit("_", 1)[-1]
    return rest if rest.isalnum() else None


def _cited_units(units: Sequence[ContextUnit]) -> list[ContextUnit]:
    """The units a citation names: from the first anchor down (the groups above it dropped), cross-headings only
    when one is what is cited, and nothing without a number or a heading."""
    units = list(units)
    first = next((i for i, u in enumerate(units) if u.unit_type in ANCHORS), None)
    if first is not None:
        units = units[first:]
    last = len(units) - 1
    return [u for i, u in enumerate(units) if u.unit_type not in CROSSHEADINGS or i == last]


def _piece(unit: ContextUnit, short: bool = True) -> str:
    """A unit by its number (or type and number); a page's title drops the number's final dot ("paragraph 2")."""
    number = unit.label_number if short else (unit.label_number or "").strip().rstrip(".")
    if unit.unit_type == PATH:
        return unit.label_number or ""
    if unit.unit_type in CROSSHEADINGS:
        return f"cross-heading “{unit.heading}”" if unit.heading else unit_label(unit.unit_type, number)
    return unit_label(unit.unit_type, number)


def _bare(number: str | None) -> str:
    """A number without the word the source prints with it ("SCHEDULE 1" -> "1", "Part II" -> "II")."""
    text = (number or "").strip().rstrip(".")
    return text.split()[-1] if text else ""


def _uk_pieces(units: list[ContextUnit], short: bool) -> list[str]:
    """UK style: an anchor or group by its abbreviation and number; the first paragraph of a schedule "para. N";
    every other unit below an anchor as its bracketed number, appended to the piece before it."""
    pieces: list[str] = []
    anchored = False  # below a section (or a schedule's paragraph): numbers are brackets
    for unit in units:
        kind, number = unit.unit_type, _bare(unit.label_number)
        if kind in _UK_ANCHORS and number:
            pieces.append(f"{_UK_ANCHORS[kind][0 if short else 1]} {number}")
            anchored = kind != "schedule"
        elif kind in _UK_GROUPS and number:
            pieces.append(f"{_UK_GROUPS[kind][0 if short else 1]} {number}")
        elif not anchored and kind == "paragraph" and number:
            pieces.append(f"{'para.' if short else 'paragraph'} {number}")
            anchored = True
        elif anchored and number and pieces:
            pieces[-1] += number if number.startswith("(") else f"({number})"
        else:
            piece = _piece(unit, short)
            if piece:
                pieces.append(piece)
    return pieces
