"""What dated each window edge: the note, attribute or lifecycle event of the source, with its file and line.

The planner names the evidence of every event it records for a provision (`EventSpec.evidence`, by provision
path) as it names the event; `record_evidence` then gives each version the evidence of the event that opened it
(`NewVersion.dated_by`) and each record that of the event that closed it (`NewRecord.dated_by`). A provision the
event reaches only through an enclosing one (its paragraphs came into force with it) has the enclosing one's.

>>> from lexrdf.model import Modification
>>> changed = Modification("substitution", "section-7-3", "ukpga/2000/36", None, date(2001, 5, 14), 812,
...     note="S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73, Sch. 6 para. 1")
>>> sorted(of_changes("dpa.xml", [changed]))
['dpa.xml:812: note: S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73, Sch. 6 para. 1']
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from lexrdf.model import EventRef, Modification, SourceDocument, Unit

if TYPE_CHECKING:
    from lexrdf.versioning.planner import Planner
    from lexrdf.versioning.state import NewVersion

_QUOTED = 240  # characters of a note quoted as evidence


def file_name(path: str) -> str:
    """The source file as evidence names it (the changeset records its full path and SHA-256)."""
    return Path(path).name


def _at(name: str, line: int | None) -> str:
    return f"{name}:{line}" if line else name


def _quote(words: str) -> str:
    words = " ".join(words.split())
    return words if len(words) <= _QUOTED else words[: _QUOTED - 1] + "…"


def of_changes(name: str, mods: Iterable[Modification]) -> set[str]:
    """Each change as evidence: the words of the note it was read from, or the modification and its date."""
    found = set()
    for mod in mods:
        if mod.note:
            found.add(f"{_at(name, mod.line)}: note: {_quote(mod.note)}")
            continue
        by = f" by {mod.source_act}" if mod.source_act else " (no act named)"
        when = f", in force {mod.effective}" if mod.effective else " (no date given)"
        found.add(f"{_at(name, mod.line)}: {mod.kind} of #{mod.destination}{by}{when}")
    return found


def of_lifecycle(name: str, events: Iterable[EventRef]) -> set[str]:
    """Lifecycle events as evidence."""
    return {
        f"{_at(name, event.line)}: lifecycle eventRef {event.source_id + ' ' if event.source_id else ''}"
        f"({event.kind}) on {event.day}"
        for event in events
    }


def _period(unit: Unit) -> str:
    """Whose period a unit's window is, as evidence says it."""
    return "its own period" if unit.own_period else "the period of the unit holding it"


def of_event(
    planner: Planner, day: date, kind: str, unit_path: str, mods: list[Modification], announced_by: str | None
) -> set[str]:
    """What the planner read an event of `kind` on `day` for `unit_path` from."""
    document = planner.document
    name = file_name(document.path)
    if mods:
        return of_changes(name, mods)
    if announced_by:
        return {f"announced by {announced_by} (its active modifications), shown in {name}"}
    lifecycle = planner.lifecycle_by_day.get(day, [])
    unit = planner.units_by_path.get(unit_path)
    if kind == "enactment":
        found = of_lifecycle(name, lifecycle)
        line = document.lines.get("work_date")
        found = found or {f"{_at(name, line)}: the act's date {document.work_date} (its enactment)"}
        if document.undated_entry and (unit is None or unit.window is None):  # its period names a placeholder
            found.add(document.undated_entry)
        return found
    entry_line = document.lines.get("entry_into_force")
    if kind == "commencement" and day == document.entry_into_force and entry_line is not None:
        return {f"{_at(name, entry_line)}: {_entry(document, day)}"}
    started = kind == "started-without-recorded-act" and unit is not None and unit.window is not None
    if started and unit.window.start == day != document.expression_date:  # its own period, no act named
        shown = f"{_at(name, unit.line)}: shown in force from {day} ({_period(unit)}), no act named"
        return {shown, *of_lifecycle(name, lifecycle)}
    if kind == "started-without-recorded-act" or unit is None or unit.window is None:
        line = document.lines.get("expression_date")
        found = of_lifecycle(name, lifecycle) if kind != "started-without-recorded-act" else set()
        if unit is None:  # a provision the document no longer holds
            what = f"the expression of {document.expression_date} no longer holds it"
        else:
            what = f"the expression's date {document.expression_date}: the source shows this text from then"
        return found or {f"{_at(name, line)}: {what}"}
    if unit.window.end == day:
        return {f"{_at(name, unit.line)}: shown in force until {day} ({_period(unit)}), no note dates the end"}
    return {f"{_at(name, unit.line)}: shown in force from {day} ({_period(unit)}), no note dates it"}


def _entry(document: SourceDocument, day: date) -> str:
    """The act's entry into force on `day`, as the source states it or, by its own clause putting it a period after
    a publication it does not date, at the earliest."""
    if document.entry_at_earliest:
        return f"the act's entry into force, at the earliest on {day}: {document.entry_at_earliest}"
    return f"the act's entry into force on {day}, as the source states it"


def record_evidence(planner: Planner) -> None:
    """Give each new version the evidence of its opening event and each new record that of its closing one."""
    plan = planner.plan
    paths = {version.iri: version.path for version in plan.new_versions}
    for versions in planner.stored.versions.values():
        paths.update((version.iri, version.path) for version in versions)
    for version in plan.new_versions:
        version.dated_by = _for(planner, version.opened_by, version.path) + _start(planner, version)
    for record in [*(v.record for v in plan.new_versions), *plan.new_records]:
        if record.closed_by and record.version in paths:
            path = paths[record.version]
            record.dated_by = _for(planner, record.closed_by, path) or _successor(planner, record.closed_by, path)


def _start(planner: Planner, version: NewVersion) -> tuple[str, ...]:
    """When a version starts on another day than the event that opened it (an act enacted on one day, in force on a
    later one): what gives that day, the lifecycle events of the day or, failing them, the unit's period."""
    spec = planner.plan.events.get(version.opened_by)
    if spec is None or spec.day == version.valid_from:
        return ()
    name = file_name(planner.document.path)
    found = of_lifecycle(name, planner.lifecycle_by_day.get(version.valid_from, []))
    document = planner.document
    if not found and version.valid_from == document.entry_into_force and "entry_into_force" in document.lines:
        line = document.lines["entry_into_force"]
        found = {f"{_at(name, line)}: {_entry(document, version.valid_from)}"}
    unit = planner.units_by_path.get(version.path)
    if not found and unit is not None and unit.window is not None and unit.window.start == version.valid_from:
        found = {f"{_at(name, unit.line)}: shown in force from {version.valid_from} ({_period(unit)})"}
    return tuple(sorted(found))


def _successor(planner: Planner, event: str, path: str) -> tuple[str, ...]:
    """An end no evidence of this document names: where it is the start of a later version of the provision (an
    older expression filling history behind a stored one), that version's start; else the event recorded before."""
    later = [v.valid_from for v in planner.stored.versions.get(path, []) if v.opened_by == event]
    later += [v.valid_from for v in planner.plan.new_versions if v.path == path and v.opened_by == event]
    if later:
        return (f"ends where the next version of it, from {min(later)}, begins (its start names its evidence)",)
    return (f"ended by {event}, as recorded before {file_name(planner.document.path)} was read",)


def _for(planner: Planner, event: str, path: str) -> tuple[str, ...]:
    """The evidence of `event` for the provision at `path`, or failing it, for its nearest enclosing provision."""
    spec = planner.plan.events.get(event)
    if spec is None:
        return ()
    current: str | None = path
    while current is not None:
        found = spec.evidence.get(current)
        if found:
            return tuple(sorted(found))
        unit = planner.unit_at(current)
        current = unit.parent_path if unit is not None else None
    return ()
