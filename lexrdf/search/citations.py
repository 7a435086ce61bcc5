"""The citations of a page of search hits: the governing chain of each cited hit's provision (what context.rq gives
for one provision), from the page itself: each hit's document keeps the units its provision is within, and the page
carries their texts in force (lexrdf.search.index: the same index lookup as the hits). The store is asked
(_search-numbers.rq) only when a unit of those chains has no number in force, for a number its versions carried
that labels it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from lexrdf.queries import load_library
from lexrdf.search.index import IndexPage
from lexrdf.search.texts import value
from lexrdf.store.base import Store


@dataclass
class CitedUnit:
    """One unit of a cited hit's governing chain, with its text in force on the page's date (None when it had none
    then) and the number a citation labels it by: the fields of the answer's chain unit (lexrdf.answers.ContextUnit,
    which lexrdf.api makes of it)."""

    unit: str
    order: str | None
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    version: str | None
    label_number: str | None


def in_document_order(units: Iterable[CitedUnit]) -> list[CitedUnit]:
    """A chain's units root first: by document order (`lex:order`, a decimal), a unit with none (the act) first (as
    lexrdf.answers orders a context's chain)."""
    return sorted(units, key=lambda u: (u.order is not None, Decimal(u.order or 0)))


def chains(store: Store, page: IndexPage, known_at: str | None) -> tuple[dict[str, list[CitedUnit]], dict[str, str]]:
    """The governing chain (root first) of each cited hit's provision on the page's date as recorded at `known_at`,
    by provision, and the title of each unit of them that has one (an act's): from the page, and one query for the
    units with no number in force (none when each has one)."""
    units: dict[str, dict[str, CitedUnit]] = {}
    titles: dict[str, str] = {}
    for hit in page.items:
        if hit.state != "version" or hit.provision in units:
            continue
        chain = units[hit.provision] = {}
        for iri, order, unit_type, title in hit.chain:
            chain[iri] = _unit(iri, order, unit_type, page)
            if title is not None:
                titles.setdefault(iri, title)
        chain[hit.provision] = _unit(hit.provision, hit.order, hit.unit_type, page)
    carried = _numbers_carried(store, units, known_at or datetime.now(UTC).isoformat())
    ordered: dict[str, list[CitedUnit]] = {}
    for provision, chain in units.items():
        for iri, unit in chain.items():
            unit.label_number = unit.number or carried.get(iri)
        ordered[provision] = in_document_order(chain.values())
    return ordered, titles


def _unit(iri: str, order: str | None, unit_type: str | None, page: IndexPage) -> CitedUnit:
    """A unit of a chain with its text in force on the page's date (None when it had none then)."""
    text = page.units.get(iri)
    unit = CitedUnit(iri, order, unit_type or "act", *(None,) * 5)
    if text is not None:
        unit.version, unit.number, unit.heading, unit.text = text
    return unit


def _numbers_carried(store: Store, units: dict[str, dict[str, Any]], known_at: str) -> dict[str, str]:
    """A number each unit of the chains that has none in force (the act aside: a citation names it by its title)
    carried in a version recorded by `known_at`, by unit (one query for them all; none when every unit has one)."""
    unnumbered = sorted(
        {
            iri
            for chain in units.values()
            for iri, unit in chain.items()
            if unit.number is None and unit.unit_type != "act"
        }
    )
    carried: dict[str, str] = {}
    if unnumbered:
        query = load_library()["_search-numbers"].bound({"units": unnumbered, "known_at": known_at})
        for row in store.select(query):
            carried.setdefault(value(row, "__units_iris") or "", value(row, "number") or "")
    return carried


__all__ = ["chains"]
