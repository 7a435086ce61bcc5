"""lineage's answer: the chain of (event, version) states of a provision up to a date."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _event, _value
from lexrdf.answers.types import EventSummary, InterpretationState, VersionAnswer


@dataclass
class LineageStep:
    """One (event, version) pair of a provenance chain."""

    event: str
    type: str
    date: str
    authority: str | None
    source_act: str | None
    source_provision: str | None
    version: str
    previous: str | None
    valid_from: str
    valid_until: str | None
    closed_by: EventSummary | None
    evidence: list[str] = field(default_factory=list)  # what in the source dated its start (lex:datedBy)


@dataclass
class LineageAnswer:
    """The chain of states of a provision from its first recorded state to the one in force on a date."""

    status: str
    provision: str
    date: str
    items: list[LineageStep] = field(default_factory=list)
    message: str | None = None
    # the dual chain: the interpretations begun by the date (closed ones without their reading), oldest first
    interpretations: list[InterpretationState] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@reduces("lineage")
def lineage_answer(rows: list[QuerySolution], provision: str, day: date, own: VersionAnswer) -> LineageAnswer:
    """The chain of versions that began by `day`; typed like text-at when none is in force then."""
    steps: list[LineageStep] = []
    by_version: dict[str, list[QuerySolution]] = defaultdict(list)
    for row in rows:  # rows repeat once per source act and piece of evidence
        by_version[_value(row, "version") or ""].append(row)
    for version, version_rows in by_version.items():
        row = version_rows[0]
        opened = _event(row, "opened")
        closed = _event(row, "closed")
        if closed is not None:
            evidence = sorted({_value(r, "closed_evidence") for r in version_rows} - {None})
            closed = EventSummary(closed.event, closed.type, closed.date, closed.source, closed.sources, evidence)
        steps.append(
            LineageStep(
                event=opened.event,
                type=opened.type,
                date=opened.date,
                authority=_value(row, "authority"),
                source_act=opened.source,
                source_provision=_value(row, "source_provision"),
                version=version,
                previous=_value(row, "previous"),
                valid_from=_value(row, "valid_from") or "",
                valid_until=_value(row, "valid_until"),
                closed_by=closed,
                evidence=sorted({_value(r, "opened_evidence") for r in version_rows} - {None}),
            )
        )
    return LineageAnswer(own.status, provision, day.isoformat(), steps, own.message)
