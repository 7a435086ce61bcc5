"""descendants' answer: every unit below a provision in force on a date, in document order."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from pyoxigraph import QuerySolution

from lexrdf.answers.chains import texts_per_unit
from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value
from lexrdf.answers.statuses import AS_LAST_KNOWN, IN_FORCE, PARTLY_IN_FORCE
from lexrdf.answers.types import VersionAnswer
from lexrdf.answers.versions import in_extent


@dataclass
class UnitText:
    """A unit of a provision's tree with its text on one date."""

    unit: str
    parent: str | None
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    language: str | None
    version: str | None
    valid_from: str | None
    valid_until: str | None
    closing: str | None = None  # the end of `text` the source places after the unit's sub-units
    layout: str | None = None  # `text` in lines where it holds list items (lexrdf.layout: JSON)
    extent: str | None = None  # the territories its text extends to, where the source says


@dataclass
class DescendantsAnswer:
    """All units below a provision in force on a date, in document order, with their count."""

    status: str
    provision: str
    date: str
    count: int = 0
    items: list[UnitText] = field(default_factory=list)
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@reduces("descendants")
def descendants_answer(rows: list[QuerySolution], provision: str, day: date, own: VersionAnswer) -> DescendantsAnswer:
    """Descendant rows (already in document order) under a provision whose own state on `day` is `own`: one item a
    unit, in one language (`texts_per_unit`), of the territories asked (``_extent``: `in_extent`)."""
    partly_within = own.status == PARTLY_IN_FORCE and (own.valid_from or "9999") <= day.isoformat()  # its words
    if own.status not in (IN_FORCE, AS_LAST_KNOWN) and not partly_within:
        return DescendantsAnswer(own.status, provision, day.isoformat(), message=own.message)
    items = [
        UnitText(
            _value(row, "unit") or "",
            _value(row, "parent"),
            _value(row, "unit_type") or "",
            _value(row, "number"),
            _value(row, "heading"),
            _value(row, "text"),
            _value(row, "language"),
            _value(row, "version"),
            _value(row, "valid_from"),
            _value(row, "valid_until"),
            _value(row, "closing"),
            _value(row, "layout"),
            _value(row, "extent"),
        )
        for row in texts_per_unit(in_extent(rows))
    ]
    return DescendantsAnswer(own.status, provision, day.isoformat(), len(items), items, own.message)
