"""The citations of a page of search hits: the governing chain of each hit's provision, in one SPARQL query
(_search-chains.rq: what context.rq gives for one provision), and a second (_search-numbers.rq) only when a unit of
those chains has no number in force, to label it by a number its versions carried."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from lexrdf.queries import load_library
from lexrdf.search.texts import value
from lexrdf.store.base import Store


def chains(store: Store, provisions: Iterable[str], day: date, known_at: str | None) -> dict[str, list[Any]]:
    """The governing chain (root first, as `ContextUnit`s) of each provision on `day` as recorded at `known_at`,
    in one query (two when a unit of the chains has no number in force); an act's title, when it has one, is the
    `text` of a unit of type "title" after its chain."""
    from lexrdf.answers import ContextUnit

    wanted = sorted(set(provisions))
    if not wanted:
        return {}
    known = (datetime.fromisoformat(known_at) if known_at else datetime.now(UTC)).isoformat()
    query = load_library()["_search-chains"].bound({"provisions": wanted, "date": day, "known_at": known})
    units: dict[str, dict[str, Any]] = {p: {} for p in wanted}
    titles: dict[str, str] = {}
    texts: dict[str, tuple[str | None, ...]] = {}  # a unit's (version, text, number, heading), once per unit
    for row in store.select(query):
        iri, kind = value(row, "unit") or "", value(row, "kind")
        if kind == "title":
            titles.setdefault(iri, value(row, "text") or "")
        elif kind == "text":
            texts[iri] = tuple(value(row, name) for name in ("version", "text", "number", "heading"))
        else:
            unit = ContextUnit(iri, value(row, "unit_order"), value(row, "unit_type") or "act", *(None,) * 5)
            units[value(row, "__provisions_iris") or ""][iri] = unit
    for chain in units.values():
        for iri, unit in chain.items():
            if iri in texts:
                unit.version, unit.text, unit.number, unit.heading = texts[iri]
    carried = _numbers_carried(store, units, known)
    result = {}
    for provision, chain in units.items():
        for iri, unit in chain.items():
            unit.label_number = unit.number or carried.get(iri)
        ordered = sorted(chain.values(), key=lambda u: (u.order is not None, Decimal(u.order or 0)))
        ordered += [
            ContextUnit(iri, None, "title", None, None, title, None, None)
            for iri, title in titles.items()
            if iri in chain
        ]
        result[provision] = ordered
    return result


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
