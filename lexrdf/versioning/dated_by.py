"""What dated each new version and record: once the plan is made, each version gets the evidence of the event that
opened it (`NewVersion.dated_by`) and each record that of the event that closed it (`NewRecord.dated_by`), from the
evidence the planner named for each event (lexrdf.versioning.evidence)."""

from __future__ import annotations

from lexrdf.versioning.evidence import entry_words, file_name, located, of_lifecycle, whose_period
from lexrdf.versioning.planner import Planner
from lexrdf.versioning.state import NewVersion


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
        found = {f"{located(name, line)}: {entry_words(document, version.valid_from)}"}
    unit = planner.units_by_path.get(version.path)
    if not found and unit is not None and unit.window is not None and unit.window.start == version.valid_from:
        found = {f"{located(name, unit.line)}: shown in force from {version.valid_from} ({whose_period(unit)})"}
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
