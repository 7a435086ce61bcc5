"""Reading query rows, for the reducers of this package: a column's value, an event's columns, the asked
language."""

from __future__ import annotations

from pyoxigraph import QuerySolution

from lexrdf.answers.types import EventSummary
from lexrdf.vocab import KIND_OF_CLASS


def _value(row: QuerySolution, name: str) -> str | None:
    term = row[name]
    return None if term is None else term.value


def known_rows(rows: list[QuerySolution], column: str = "provision_type") -> list[QuerySolution]:
    """The rows of a query that says in a row of its own whether its item is known at the time asked (text-at.rq,
    versions.rq: the row binding ?provision_type; interpretations.rq: ?item_type): all of them when that row is
    there, none when it is not."""
    return rows if any(row[column] is not None for row in rows) else []


def _event(row: QuerySolution, prefix: str) -> EventSummary | None:
    iri = _value(row, f"{prefix}_by")
    if iri is None:
        return None
    kind = KIND_OF_CLASS.get(_value(row, f"{prefix}_type") or "", "event")
    date = _value(row, f"{prefix}_date") or ""
    return EventSummary(
        event=iri, type=kind, date=date, source=_value(row, f"{prefix}_source"), bound=_value(row, f"{prefix}_bound")
    )


def _asked_language(rows: list[QuerySolution]) -> str | None:
    asked = _value(rows[0], "_language") if rows else None
    return None if asked in (None, "any") else asked
