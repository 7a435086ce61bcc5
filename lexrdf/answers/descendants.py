"""descendants' answer: every unit below a provision in force on a date, in document order."""

from __future__ import annotations

from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.chains import texts_per_unit
from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value
from lexrdf.answers.statuses import AS_LAST_KNOWN, IN_FORCE, PARTLY_IN_FORCE
from lexrdf.answers.types import DescendantsAnswer, UnitText, VersionAnswer
from lexrdf.answers.versions import in_extent


@reduces("descendants")
def descendants_answer(rows: list[QuerySolution], provision: str, day: date, own: VersionAnswer) -> DescendantsAnswer:
    """Descendant rows (already in document order) under a provision whose own state on `day` is `own`: one item a
    unit, in one language (`texts_per_unit`), of the territories asked (``_extent``: `in_extent`)."""
    partly_within = own.status == PARTLY_IN_FORCE and (own.valid_from or "9999") <= day.isoformat()  # its words
    if own.status not in (IN_FORCE, AS_LAST_KNOWN) and not partly_within:
        return DescendantsAnswer(status=own.status, provision=provision, date=day.isoformat(), message=own.message)
    items = [
        UnitText(
            unit=_value(row, "unit") or "",
            parent=_value(row, "parent"),
            unit_type=_value(row, "unit_type") or "",
            number=_value(row, "number"),
            heading=_value(row, "heading"),
            text=_value(row, "text"),
            language=_value(row, "language"),
            version=_value(row, "version"),
            valid_from=_value(row, "valid_from"),
            valid_until=_value(row, "valid_until"),
            closing=_value(row, "closing"),
            layout=_value(row, "layout"),
            extent=_value(row, "extent"),
        )
        for row in texts_per_unit(in_extent(rows))
    ]
    return DescendantsAnswer(
        status=own.status, provision=provision, date=day.isoformat(), count=len(items), items=items, message=own.message
    )
