"""resolve's answer: what a citation names, an act or a provision, or a typed non-answer."""

from __future__ import annotations

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.statuses import AMBIGUOUS_REFERENCE, RESOLVED, UNKNOWN_REFERENCE
from lexrdf.answers.types import ResolveAnswer


@reduces("resolve")
def resolve_answer(rows: list[QuerySolution], ref: str, day: str | None) -> ResolveAnswer:
    """The rows of resolve.rq for `ref` (a citation naming the point in time `day`, if any) as one answer: what it
    names, else unknown (no row) or ambiguous (several: their candidates)."""
    if not rows:
        return ResolveAnswer(status=UNKNOWN_REFERENCE, ref=ref, date=day)
    if len(rows) > 1:
        return ResolveAnswer(
            status=AMBIGUOUS_REFERENCE, ref=ref, date=day, candidates=[r["provision"].value for r in rows]
        )
    return ResolveAnswer(
        status=RESOLVED, ref=ref, provision=rows[0]["provision"].value, kind=rows[0]["kind"].value, date=day
    )
