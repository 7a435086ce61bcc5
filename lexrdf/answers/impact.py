"""impact's answer: every provision an act or event opened, changed or closed."""

from __future__ import annotations

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value
from lexrdf.answers.statuses import RESOLVED, RULING_TYPES, UNKNOWN_REFERENCE
from lexrdf.answers.types import ImpactAnswer, ImpactItem
from lexrdf.vocab import KIND_OF_CLASS


@reduces("impact")
def impact_answer(rows: list[QuerySolution], act: str) -> ImpactAnswer:
    """Merge the opened / closed rows of one event on one provision into one effect."""
    merged: dict[tuple[str, str, str, str], ImpactItem] = {}
    for row in rows:
        event = _value(row, "event") or ""
        provision = _value(row, "provision") or ""
        state = _value(row, "state")
        destination = _value(row, "destination")
        item = merged.setdefault(
            (event, provision, state or "", destination or ""),
            ImpactItem(
                provision=provision,
                effect="",
                event=event,
                type=KIND_OF_CLASS.get(_value(row, "event_type") or "", "event"),
                date=_value(row, "event_date") or "",
                state=state,
                destination=destination,
            ),
        )
        if _value(row, "effect") == "opened":
            item.version_opened = _value(row, "version")
            made_by = _value(row, "source_provision")
            if made_by and made_by not in item.source_provisions:
                item.source_provisions.append(made_by)
        elif _value(row, "effect") == "closed":
            item.version_closed = _value(row, "version")
        else:  # recorded by an amending act, no version yet: "amended (not yet consolidated)"
            item.effect = _value(row, "effect") or ""
    for item in merged.values():
        item.source_provisions.sort()
        if item.version_opened or item.version_closed or not item.effect:
            item.effect = (
                "changed"
                if item.version_opened and item.version_closed
                else ("opened" if item.version_opened else "closed")
            )
            if item.effect == "closed" and item.state == "version" and item.type in RULING_TYPES:
                item.effect = "struck down"
    items = sorted(merged.values(), key=lambda i: (i.date, i.event, i.provision, i.destination or ""))
    status = RESOLVED if items else UNKNOWN_REFERENCE
    return ImpactAnswer(status=status, act=act, count=len(items), items=items)
