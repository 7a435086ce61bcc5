"""The citations of a page of search hits: the governing chain of each hit's provision, in one SPARQL query
(_search-chains.rq: what context.rq gives for one provision)."""

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
    in one query; an act's title, when it has one, is the `text` of a unit of type "title" after its chain."""
    from lexrdf.answers import ContextUnit

    wanted = sorted(set(provisions))
    if not wanted:
        return {}
    known = datetime.fromisoformat(known_at) if known_at else datetime.now(UTC)
    query = load_library()["_search-chains"].bound({"provisions": wanted, "date": day, "known_at": known.isoformat()})
    units: dict[str, dict[str, Any]] = {p: {} for p in wanted}
    titles: dict[str, str] = {}
    for row in store.select(query):
        provision, iri, kind = value(row, "__provisions_iris") or "", value(row, "unit") or "", value(row, "kind")
        if kind == "title":
            titles.setdefault(iri, value(row, "text") or "")
            continue
        unit = units[provision].setdefault(iri, ContextUnit(iri, None, "act", None, None, None, None, None))
        if kind == "unit":
            unit.order, unit.unit_type = value(row, "unit_order"), value(row, "unit_type") or "act"
        elif kind == "text":
            unit.version, unit.text = value(row, "version"), value(row, "text")
            unit.number, unit.heading = value(row, "number"), value(row, "heading")
        elif kind == "number" and unit.label_number is None:
            unit.label_number = value(row, "number")
    result = {}
    for provision, chain in units.items():
        for unit in chain.values():
            unit.label_number = unit.number or unit.label_number
        ordered = sorted(chain.values(), key=lambda u: (u.order is not None, Decimal(u.order or 0)))
        ordered += [
            ContextUnit(iri, None, "title", None, None, title, None, None)
            for iri, title in titles.items()
            if iri in chain
        ]
        result[provision] = ordered
    return result
