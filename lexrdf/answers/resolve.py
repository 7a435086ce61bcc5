"""resolve's answer: what a citation names, an act or a provision, or a typed non-answer."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.statuses import AMBIGUOUS_REFERENCE, RESOLVED, UNKNOWN_REFERENCE


@dataclass
class ResolveAnswer:
    """What a citation names."""

    status: str
    ref: str
    provision: str | None = None
    kind: str | None = None
    date: str | None = None  # the point in time the citation names (a URL's /2001-01-01), if any
    candidates: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@reduces("resolve")
def resolve_answer(rows: list[QuerySolution], ref: str, day: str | None) -> ResolveAnswer:
    """The rows of resolve.rq for `ref` (a citation naming the point in time `day`, if any) as one answer: what it
    names, else unknown (no row) or ambiguous (several: their candidates)."""
    if not rows:
        return ResolveAnswer(UNKNOWN_REFERENCE, ref, date=day)
    if len(rows) > 1:
        return ResolveAnswer(AMBIGUOUS_REFERENCE, ref, date=day, candidates=[r["provision"].value for r in rows])
    return ResolveAnswer(RESOLVED, ref, rows[0]["provision"].value, rows[0]["kind"].value, day)
