"""Changes the source records for a provision before the earliest text of it that it holds.

A consolidation shows a provision's text as last changed; its notes record every earlier change too ("Reg. 10(e) and
word inserted (6.4.2015) by S.I. 2015/577"; "Sum in Reg. 10(e) substituted (6.4.2021) by S.I. 2021/157"). The text
each earlier change made is not held, but the change is a fact the source ties to the provision: it is recorded as an
event that affects the provision and opens no version, so that the impact of the act that made it lists it. A change
that inserted the provision as a whole also says when it began: before that day the provision was not yet in force
(`EventSpec.introduces`), where otherwise nothing would be known of it (outside coverage).
"""

from __future__ import annotations

from datetime import date

from lexrdf.model import TEXTUAL_KINDS
from lexrdf.versioning.planner import Planner


def earliest_texts(planner: Planner) -> dict[str, date]:
    """The start of the earliest text held of each provision: recorded before, or planned by this document."""
    earliest: dict[str, date] = {}
    for path, versions in planner.stored.versions.items():
        if versions:
            earliest[path] = min(version.valid_from for version in versions)
    for version in planner.plan.new_versions:
        if version.path not in earliest or version.valid_from < earliest[version.path]:
            earliest[version.path] = version.valid_from
    return earliest


def record_unheld_changes(planner: Planner) -> None:
    """Record each dated change of a provision made before the earliest text of it held (and within the source's
    currency) as an event affecting it; a whole insertion among them also introduces it."""
    earliest = earliest_texts(planner)
    currency = planner.document.current_to
    for unit in planner.document.units:
        first = earliest.get(unit.path)
        if first is None:
            continue  # no text of it held: what its notes say is recorded with its repeal, if any
        for change in planner.changes(unit, kinds=set(TEXTUAL_KINDS)):
            day = change.effective
            if day is None or day >= first or (currency is not None and day > currency) or change.about_others:
                continue  # undated, within the text held, after the currency, or about other provisions
            event = planner.event(day, change.kind, unit.path, [change])
            if change.kind == "insertion" and change.of_unit:
                planner.plan.events[event].introduces.add(unit.path)
