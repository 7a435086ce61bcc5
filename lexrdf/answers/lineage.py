"""lineage's answer: the chain of (event, version) states of a provision up to a date."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _event, _value
from lexrdf.answers.types import EventSummary, LineageAnswer, LineageStep, VersionAnswer


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
            closed = EventSummary(
                event=closed.event,
                type=closed.type,
                date=closed.date,
                source=closed.source,
                sources=closed.sources,
                evidence=evidence,
                bound=closed.bound,
            )
        steps.append(
            LineageStep(
                event=opened.event,
                type=opened.type,
                date=opened.date,
                bound=opened.bound,
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
    return LineageAnswer(status=own.status, provision=provision, date=day.isoformat(), items=steps, message=own.message)
