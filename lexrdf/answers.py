"""Typed answers: the result shapes of the query library, built from query rows.

An answer that cannot be given is a typed non-answer (a `status`), never a neighbouring version.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from pyoxigraph import QuerySolution

from lexrdf.vocab import EVENT_CLASSES, LEX

IN_FORCE = "in-force"
NOT_YET_IN_FORCE = "not-yet-in-force"
REPEALED = "repealed"
OUTSIDE_COVERAGE = "outside-coverage"
UNKNOWN_REFERENCE = "unknown-reference"
AMBIGUOUS_REFERENCE = "ambiguous-reference"
RESOLVED = "resolved"

_KIND_OF_CLASS = {str(LEX) + local: kind for kind, local in EVENT_CLASSES.items()}


@dataclass(frozen=True)
class EventSummary:
    """The event that opened or closed a window."""

    event: str
    type: str
    date: str
    source: str | None


@dataclass
class VersionAnswer:
    """A version of a provision (or a typed non-answer when `status` is not in-force)."""

    status: str
    provision: str
    version: str | None = None
    text: str | None = None
    number: str | None = None
    heading: str | None = None
    language: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    applicable_from: str | None = None
    opened_by: EventSummary | None = None
    closed_by: EventSummary | None = None
    citation: str | None = None
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ResolveAnswer:
    """What a citation names."""

    status: str
    ref: str
    provision: str | None = None
    kind: str | None = None
    candidates: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _value(row: QuerySolution, name: str) -> str | None:
    term = row[name]
    return None if term is None else term.value


def _event(row: QuerySolution, prefix: str) -> EventSummary | None:
    iri = _value(row, f"{prefix}_by")
    if iri is None:
        return None
    kind = _KIND_OF_CLASS.get(_value(row, f"{prefix}_type") or "", "event")
    return EventSummary(iri, kind, _value(row, f"{prefix}_date") or "", _value(row, f"{prefix}_source"))


def version_from_row(row: QuerySolution, provision: str, status: str = IN_FORCE) -> VersionAnswer:
    """One version row of text-at / versions as an answer."""
    return VersionAnswer(
        status=status,
        provision=provision,
        version=_value(row, "version"),
        text=_value(row, "text"),
        number=_value(row, "number"),
        heading=_value(row, "heading"),
        language=_value(row, "language"),
        valid_from=_value(row, "valid_from"),
        valid_until=_value(row, "valid_until"),
        applicable_from=_value(row, "applicable_from"),
        opened_by=_event(row, "opened"),
        closed_by=_event(row, "closed"),
    )


def distinct_versions(rows: list[QuerySolution]) -> list[QuerySolution]:
    """One row per version (rows repeat when an event names several source acts)."""
    seen: set[str] = set()
    kept: list[QuerySolution] = []
    for row in rows:
        version = _value(row, "version")
        if version is not None and version not in seen:
            seen.add(version)
            kept.append(row)
    return kept


def text_at_answer(rows: list[QuerySolution], provision: str, day: date) -> VersionAnswer:
    """Turn the rows of text-at into one typed answer for `day`."""
    if not rows:
        return VersionAnswer(UNKNOWN_REFERENCE, provision, message=f"{provision} is not a known act or provision")
    versions = distinct_versions(rows)
    by_relation: dict[str, list[QuerySolution]] = {"at": [], "before": [], "after": []}
    for row in versions:
        by_relation[_value(row, "relation") or "at"].append(row)
    if by_relation["at"]:
        return version_from_row(by_relation["at"][0], provision)
    if not versions:
        return VersionAnswer(OUTSIDE_COVERAGE, provision, message="no version of this provision is recorded")
    later, earlier = by_relation["after"], by_relation["before"]
    if earlier:
        last = version_from_row(earlier[-1], provision, REPEALED)
        if later:  # a gap between two windows
            last.message = (
                f"not in force on {day}: ended on {last.valid_until}, back in force on {_value(later[0], 'valid_from')}"
            )
        else:
            last.message = f"no longer in force on {day}: {_ending(last.closed_by)} on {last.valid_until}"
        last.valid_from = None
        last.applicable_from = None
        last.opened_by = None
        return _strip_text(last)
    first = version_from_row(later[0], provision, NOT_YET_IN_FORCE)
    if _value(later[0], "begins_history") != "true":
        first.status = OUTSIDE_COVERAGE
        first.message = (
            f"no text recorded for {day}: the earliest recorded version starts on {first.valid_from} "
            f"and was produced by an {first.opened_by.type if first.opened_by else 'unknown'} event"
        )
    else:
        first.message = f"not yet in force on {day}: enters into force on {first.valid_from}"
    first.valid_until = None
    first.closed_by = None
    return _strip_text(first)


def _ending(event: EventSummary | None) -> str:
    if event is None:
        return "ended"
    if event.type == "ended-without-recorded-act":
        return "ended without a recorded act"
    return f"ended by {event.type}" + (f" made by {event.source}" if event.source else "")


def _strip_text(answer: VersionAnswer) -> VersionAnswer:
    """A non-answer names the neighbouring version's window and events but never returns its text."""
    answer.version = None
    answer.text = None
    answer.number = None
    answer.heading = None
    answer.language = None
    answer.citation = None
    return answer
