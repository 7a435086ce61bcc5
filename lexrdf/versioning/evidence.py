"""What dated each window edge: the note, attribute or lifecycle event of the source, with its file and line.

The planner names the evidence of every event it records for a provision (`EventSpec.evidence`, by provision
path) as it names the event (`of_event`); `record_evidence` (lexrdf.versioning.dated_by) then gives each version
the evidence of the event that opened it (`NewVersion.dated_by`) and each record that of the event that closed it
(`NewRecord.dated_by`). A provision the event reaches only through an enclosing one (its paragraphs came into force
with it) has the enclosing one's.

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

from lexrdf.model import EventRef, Modification, SourceDocument, Unit

_QUOTED = 240  # characters of a note quoted as evidence


def file_name(path: str) -> str:
    """The source file as evidence names it (the changeset records its full path and SHA-256)."""
    return Path(path).name


def located(name: str, line: int | None) -> str:
    """A place in the source as evidence names it: ``file:line`` (the file alone when no line is known)."""
    return f"{name}:{line}" if line else name


def _quote(words: str) -> str:
    words = " ".join(words.split())
    return words if len(words) <= _QUOTED else words[: _QUOTED - 1] + "…"


def of_changes(name: str, mods: Iterable[Modification]) -> set[str]:
    """Each change as evidence: the words of the note it was read from, or the modification and its date."""
    found = set()
    for mod in mods:
        if mod.note:
            found.add(f"{located(name, mod.line)}: note: {_quote(mod.note)}")
            continue
        by = f" by {mod.source_act}" if mod.source_act else " (no act named)"
        when = f", in force {mod.effective}" if mod.effective else " (no date given)"
        found.add(f"{located(name, mod.line)}: {mod.kind} of #{mod.destination}{by}{when}")
    return found


def of_lifecycle(name: str, events: Iterable[EventRef]) -> set[str]:
    """Lifecycle events as evidence."""
    return {
        f"{located(name, event.line)}: lifecycle eventRef {event.source_id + ' ' if event.source_id else ''}"
        f"({event.kind}) on {event.day}"
        for event in events
    }


def whose_period(unit: Unit) -> str:
    """Whose period a unit's window is, as evidence says it."""
    return "its own period" if unit.own_period else "the period of the unit holding it"


def of_event(
    document: SourceDocument,
    day: date,
    kind: str,
    unit: Unit | None,
    lifecycle: list[EventRef],
    mods: list[Modification],
    announced_by: str | None,
) -> set[str]:
    """What the planner read an event of `kind` on `day` for `unit` (None: a provision the document no longer
    holds) from, given the document's lifecycle events of that day."""
    name = file_name(document.path)
    if mods:
        return of_changes(name, mods)
    if announced_by:
        return {f"announced by {announced_by} (its active modifications), shown in {name}"}
    if kind == "enactment":
        found = of_lifecycle(name, lifecycle)
        line = document.lines.get("work_date")
        found = found or {f"{located(name, line)}: the act's date {document.work_date} (its enactment)"}
        if document.undated_entry and (unit is None or unit.window is None):  # its period names a placeholder
            found.add(document.undated_entry)
        return found
    entry_line = document.lines.get("entry_into_force")
    if kind == "commencement" and day == document.entry_into_force and entry_line is not None:
        return {f"{located(name, entry_line)}: {entry_words(document, day)}"}
    started = kind == "started-without-recorded-act" and unit is not None and unit.window is not None
    if started and unit.window.start == day != document.expression_date:  # its own period, no act named
        shown = f"{located(name, unit.line)}: shown in force from {day} ({whose_period(unit)}), no act named"
        return {shown, *of_lifecycle(name, lifecycle)}
    if kind == "started-without-recorded-act" or unit is None or unit.window is None:
        line = document.lines.get("expression_date")
        found = of_lifecycle(name, lifecycle) if kind != "started-without-recorded-act" else set()
        if unit is None:  # a provision the document no longer holds
            what = f"the expression of {document.expression_date} no longer holds it"
        else:
            what = f"the expression's date {document.expression_date}: the source shows this text from then"
        return found or {f"{located(name, line)}: {what}"}
    if unit.window.end == day:
        return {f"{located(name, unit.line)}: shown in force until {day} ({whose_period(unit)}), no note dates the end"}
    return {f"{located(name, unit.line)}: shown in force from {day} ({whose_period(unit)}), no note dates it"}


def entry_words(document: SourceDocument, day: date) -> str:
    """The act's entry into force on `day`, as the source states it or, by its own clause putting it a period after
    a publication it does not date, at the earliest."""
    if document.entry_at_earliest:
        return f"the act's entry into force, at the earliest on {day}: {document.entry_at_earliest}"
    return f"the act's entry into force on {day}, as the source states it"
