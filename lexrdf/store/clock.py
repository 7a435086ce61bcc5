"""A store's transaction clock, read from what it holds: the latest changeset's time (every record's time is its
changeset's), from which the store's `Clock` hands out later ones (lexrdf.txtime).

The store asks this itself, with its own query (the query library's ``_latest-changeset`` asks the same for
readers): the store knows nothing of the library above it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from pyoxigraph import QuerySolution

from lexrdf.txtime import Clock

LATEST_CHANGESET = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX prov: <http://www.w3.org/ns/prov#>

SELECT (MAX(?started) AS ?latest) WHERE { ?changeset prov:startedAtTime ?started ; a lex:Changeset }
"""


def stored_clock(rows: Iterable[QuerySolution]) -> Clock:
    """The clock of a store whose `LATEST_CHANGESET` rows are `rows`: after the latest time stored (none: a new
    store), a time without a zone read as UTC."""
    rows = list(rows)
    latest = rows[0]["latest"] if rows else None
    moment = datetime.fromisoformat(latest.value) if latest is not None else None
    if moment is not None and moment.tzinfo is None:  # a time without a zone is read as UTC
        moment = moment.replace(tzinfo=UTC)
    return Clock(moment)
