"""changes-since's answer: the records written or superseded after a transaction time."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value


@dataclass(frozen=True)
class ChangeRecord:
    """A record written, or marked superseded, after a transaction time."""

    graph: str
    record: str
    kind: str
    change: str
    at: str
    changeset: str


@dataclass
class ChangesAnswer:
    """What was recorded after a transaction time, oldest first."""

    since: str
    count: int = 0
    items: list[ChangeRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@reduces("changes-since")
def changes_answer(rows: list[QuerySolution], since: str) -> ChangesAnswer:
    items = [
        ChangeRecord(
            _value(r, "graph") or "",
            _value(r, "record") or "",
            (_value(r, "kind") or "").rsplit("#", 1)[-1],
            _value(r, "change") or "",
            _value(r, "at") or "",
            _value(r, "changeset") or "",
        )
        for r in rows
    ]
    return ChangesAnswer(since, len(items), items)
