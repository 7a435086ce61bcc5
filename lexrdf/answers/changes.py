"""changes-since's answer: the records written or superseded after a transaction time."""

from __future__ import annotations

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value
from lexrdf.answers.types import ChangeRecord, ChangesAnswer


@reduces("changes-since")
def changes_answer(rows: list[QuerySolution], since: str) -> ChangesAnswer:
    items = [
        ChangeRecord(
            graph=_value(r, "graph") or "",
            record=_value(r, "record") or "",
            kind=(_value(r, "kind") or "").rsplit("#", 1)[-1],
            change=_value(r, "change") or "",
            at=_value(r, "at") or "",
            changeset=_value(r, "changeset") or "",
        )
        for r in rows
    ]
    return ChangesAnswer(since=since, count=len(items), items=items)
