"""Recorded ends: what the stored timelines of a provision say about the windows a repeal, an expiry or a binding
ruling closed, which a later source showing the text does not reopen. A part of the `Planner`
(lexrdf.versioning.planner), over the act's stored state."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from functools import cached_property

from lexrdf.versioning.state import StoredAct, StoredVersion
from lexrdf.vocab import RULING_KINDS

# Recorded ends: a window a repeal, an expiry or a binding ruling (text struck down) closed stays closed. A later
# source that merely still shows the text (consolidations lag behind courts and repeals) does not reopen it; only
# one that records an act giving the provision text again (an insertion or substitution, named) opens a new version.
# (An end no act is recorded for, `ended-without-recorded-act`, is what a source's silence suggested: a later
# source showing the text may reopen it.)
RECORDED_ENDS = frozenset({"repeal", "expiry", *RULING_KINDS})


class RecordedEnds:
    """The recorded ends of the act's stored versions (the Planner's stored state, read)."""

    stored: StoredAct

    def ended_by_record(self, path: str, day: date, concurrent: str | None = None) -> StoredVersion | None:
        """The stored version of `path` (of the timeline of the `concurrent` extent, when given) that was last in
        force before `day`, when its window closed on or before `day` by a recorded end (a repeal, an expiry, a
        binding ruling); else None."""
        before = [v for v in self.timeline(path, concurrent) if v.valid_from < day]
        last = before[-1] if before else None
        if last is None or last.valid_until is None or last.valid_until > day or last.closed_by is None:
            return None
        closer = self.stored.closers.get(last.closed_by)
        return last if closer is not None and closer.kinds & RECORDED_ENDS else None

    def timeline(self, path: str, concurrent: str | None) -> list[StoredVersion]:
        """The stored versions of `path` on one timeline: the provision's, or that of one extent's concurrent
        versions (their windows overlap those of the other extents, never one another)."""
        return [v for v in self.stored.versions.get(path, []) if v.concurrent == concurrent]

    def extends_recorded_end(self, version: StoredVersion, until: date | None) -> bool:
        """Whether ending `version` at `until` (None: open) would undo the recorded end that closed it earlier."""
        if version.valid_until is None or version.closed_by is None:
            return False
        closer = self.stored.closers.get(version.closed_by)
        return bool(closer and closer.kinds & RECORDED_ENDS) and (until is None or until > version.valid_until)

    def recorded_repeal(self, path: str, after: date, before: date | None) -> date | None:
        """The earliest day in (after, before) on which a stored repeal of `path` took effect (one that a later
        expression recorded of a provision it no longer holds), or None."""
        days = [day for day in self._stored_repeals.get(path, ()) if after < day and (before is None or day < before)]
        return min(days, default=None)

    @cached_property
    def _stored_repeals(self) -> dict[str, list[date]]:
        """The days of the repeals stored for each provision path (`StoredAct.announced`)."""
        found: dict[str, list[date]] = defaultdict(list)
        for (path, day), (kind, _, _) in self.stored.announced.items():
            if kind == "repeal":
                found[path].append(day)
        return found
