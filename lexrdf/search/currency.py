"""How far an act's sources vouch for its text, as a search hit's citation needs it: the dates its changesets say
the sources are current to, each with its time (`graph_currency`, _search-graph-currency.rq), and the latest of
them recorded by a time (`current_to`, as text-at reads it). A hit on a date past it is cited "as last known"."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from lexrdf.queries import load_library
from lexrdf.search.schema import micros
from lexrdf.store.base import Store

#: an act's currency: (current to, recorded at) pairs, sorted
Currency = list[tuple[str, str]]


def graph_currency(store: Store, graph: str) -> Currency:
    """The dates an act graph's sources are current to, each with the time it was recorded."""
    rows = store.select(load_library()["_search-graph-currency"].bound({"graph": graph}))
    return sorted({(row["current_to"].value, row["recorded"].value) for row in rows})


def current_to(currency: Iterable[tuple[str, str]], known_at: str | None) -> str | None:
    """The latest date the sources are current to, as recorded at `known_at` (default now); None: none said."""
    known = micros(known_at or datetime.now(UTC).isoformat())
    return max((day for day, recorded in currency if micros(recorded) <= known), default=None)
