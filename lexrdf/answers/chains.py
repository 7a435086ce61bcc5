"""A provision's governing chain (context.rq, or its rows folded into another query) and which of a unit's
texts is shown: the context answer, how a citation labels a unit, one text a unit."""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import NamedTuple

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _asked_language, _value
from lexrdf.answers.types import ContextUnit

_HAS_WORD = re.compile(r"[^\W\d_]{2,}|§")  # a number that says what it is ("Art. 3", "§ 6b"), not "3"


def unit_label(unit_type: str | None, number: str | None) -> str:
    """How a citation names a unit: its number when that says what it is, else its type and number; nothing when
    it has no number (none, or one without a letter or digit: Normattiva's ``<num>-</num>``).

    >>> unit_label("paragraph", "3."), unit_label("article", "Art. 181."), unit_label("chapter", "-")
    ('paragraph 3.', 'Art. 181.', '')
    """
    text = (number or "").strip()
    if not any(char.isalnum() or char == "§" for char in text):
        return ""
    return text if _HAS_WORD.search(text) else f"{unit_type or 'unit'} {text}"


@reduces("context")
def chain_units(rows: list[QuerySolution], prefix: str = "", language: str | None = None) -> list[ContextUnit]:
    """The governing chain in the rows of context.rq, root first: its rows of kind "unit", "text" and "number"
    (columns `kind`, `unit`, ...), or the same rows folded into another query with their columns named
    `prefix` + that name (``chain_kind``, ``chain_unit``, ...). Other kinds are left to the caller.

    A unit with several texts in force takes the one `preferred_text` chooses (in `language`, else the asked one,
    ``_language``, else its first language), so its text, number and heading are those text-at gives it."""
    asked = language or _asked_language(rows)
    units: dict[str, ContextUnit] = {}
    chosen: dict[str, TextChoice] = {}  # unit -> what its text was chosen by
    for row in rows:
        kind = _value(row, f"{prefix}kind")
        if kind not in ("unit", "text", "number"):
            continue
        iri = _value(row, f"{prefix}unit") or ""
        unit = units.setdefault(
            iri,
            ContextUnit(
                unit=iri,
                unit_type="act",
            ),
        )
        if kind == "unit":
            unit.order = _value(row, f"{prefix}unit_order")
            unit.unit_type = _value(row, f"{prefix}unit_type") or "act"
        elif kind == "text":
            choice = text_choice(row, prefix)
            if iri in chosen and not preferred_text(choice, chosen[iri], asked):
                continue
            chosen[iri] = choice
            unit.version = _value(row, f"{prefix}version")
            unit.text = _value(row, f"{prefix}text")
            unit.number = _value(row, f"{prefix}number")
            unit.heading = _value(row, f"{prefix}heading")
            unit.language = _value(row, f"{prefix}language")
            unit.extent = _value(row, f"{prefix}extent")
        elif unit.label_number is None:
            unit.label_number = _value(row, f"{prefix}number")
    for unit in units.values():
        unit.label_number = unit.number or unit.label_number
    return in_document_order(units.values())


def in_document_order(units: Iterable[ContextUnit]) -> list[ContextUnit]:
    """A chain's units root first: by document order (`lex:order`, a decimal), a unit with none (the act) first."""
    return sorted(units, key=lambda u: (u.order is not None, Decimal(u.order or 0)))


class TextChoice(NamedTuple):
    """What one of a unit's texts in force is chosen by: its version, language and expression IRIs."""

    version: str
    language: str
    expression: str


def text_choice(row: QuerySolution, prefix: str = "") -> TextChoice:
    """What a row's text is chosen by (columns `prefix` + version, language and expression)."""
    return TextChoice(*(_value(row, f"{prefix}{name}") or "" for name in TextChoice._fields))


def preferred_text(candidate: TextChoice, held: TextChoice, asked: str | None = None) -> bool:
    """Whether a unit's text `candidate` is preferred to `held`: of two versions in force at once (which the shapes
    refuse: NoOverlappingVersions), the greatest version IRI; within a version, the `asked` language, else the
    smallest language tag, then the smallest expression IRI. The search index chooses the same
    (lexrdf.search.index: `primary`).

    >>> en, fr = TextChoice("v1", "en", "e1"), TextChoice("v1", "fr", "e2")
    >>> preferred_text(fr, en), preferred_text(fr, en, asked="fr"), preferred_text(TextChoice("v2", "fr", "e3"), en)
    (False, True, True)
    """
    if candidate.version != held.version:
        return candidate.version > held.version
    return _text_rank(candidate, asked) < _text_rank(held, asked)


def _text_rank(text: TextChoice, asked: str | None) -> tuple[bool, str, str]:
    return text.language != asked, text.language, text.expression


def chain_titles(rows: list[QuerySolution], prefix: str = "chain_") -> dict[str, str]:
    """The title of each unit that has one (an act), from rows of kind "title" (lex:title), else "title-dc"
    (dcterms:title)."""
    titles: dict[str, str] = {}
    for kind in ("title", "title-dc"):
        for row in rows:
            if _value(row, f"{prefix}kind") == kind:
                titles.setdefault(_value(row, f"{prefix}unit") or "", _value(row, f"{prefix}title") or "")
    return titles


@reduces("toc")
def texts_per_unit(rows: list[QuerySolution]) -> list[QuerySolution]:
    """One row a unit (column `unit`), in the rows' order: the one whose text `preferred_text` chooses (the asked
    language, ``_language``, else the first), where a version has texts in several languages."""
    asked = _asked_language(rows)
    chosen: dict[str, tuple[TextChoice, QuerySolution]] = {}  # in the rows' order (a dict keeps it)
    for row in rows:
        unit, choice = _value(row, "unit") or "", text_choice(row)
        if unit not in chosen or preferred_text(choice, chosen[unit][0], asked):
            chosen[unit] = (choice, row)
    return [row for _choice, row in chosen.values()]
