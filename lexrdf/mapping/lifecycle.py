"""The document's lifecycle events (the day of each) and the windows its periods declare from them."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from lxml import etree

from lexrdf.mapping.dates import xsd_date
from lexrdf.mapping.paths import local_name as _local
from lexrdf.mapping.problems import element_name
from lexrdf.mapping.reader import Reader
from lexrdf.model import EventRef, Window


class LifecycleReader(Reader):
    """The lifecycle and the windows of one document."""

    def lifecycle(self, own_uris: set[str], work_date: date | None = None) -> tuple[list[EventRef], dict[str, date]]:
        """The lifecycle events and the day of each by its identifier. A day the mapping lists as a placeholder
        (`placeholder_dates`: 1001-01-01, 1970-01-01) before the act's own date (its work date, or an earlier
        enactment) is no date the act could have: a warning with file and line, and the event dates nothing."""
        rules = self.mapping.get("lifecycle") or {}
        events: list[EventRef] = []
        dates_by_eid: dict[str, date] = {}
        if not rules:
            return events, dates_by_eid
        kinds = rules["kinds"]
        placeholders = {xsd_date(str(value)) for value in rules.get("placeholder_dates", [])} - {None}
        elements = []
        for element in self.paths.select(rules["element"]):
            day = self.recorded_date(self.attribute(element, rules["date"]), element, rules["date_origin"])
            if day is None:  # recorded; what it would date is not dated by it, and not reported again
                self.unreadable_events.add(element.get(self.id_attribute) or "")
                continue
            elements.append((element, day))
        enacted = [
            day
            for element, day in elements
            if day not in placeholders and kinds.get(self.attribute(element, rules["kind"])) == "enactment"
        ]
        act_date = min([d for d in (work_date, *enacted) if d is not None], default=None)
        for element, day in elements:
            identifier = element.get(self.id_attribute)
            if day in placeholders and act_date is not None and day < act_date:
                self.placeholder(element, identifier, day, act_date, rules)
                continue
            if identifier:
                dates_by_eid[identifier] = day
            kind = kinds.get(self.attribute(element, rules["kind"]), None)
            origin = self.referenced(self.paths.first(element, rules.get("source")))
            if origin is not None and origin.get(self.id_attribute):
                self.dates_by_source[origin.get(self.id_attribute)].add(day)
            if kind is None:
                continue
            source = self.act_of(origin, own_uris)
            events.append(EventRef(identifier, day, kind, source, element.sourceline))
        return events, dates_by_eid

    def placeholder(
        self, element: etree._Element, identifier: str | None, day: date, act_date: date, rules: dict
    ) -> None:
        """Record a lifecycle event whose date is a placeholder: warned about, never used as a date."""
        what = (element.get("refersTo") or self.attribute(element, rules["kind"]) or _local(element)).strip()
        name = f"{_local(element)} {identifier or ''} ({what})".replace("  ", " ")
        self.notices.append(
            f"{self.path}:{element.sourceline}: {name} is dated {day}, a placeholder date impossible for the act "
            f"of {act_date}: it dates nothing (what it would date is undated)"
        )
        if identifier:
            self.placeholder_events[identifier] = (
                f"{Path(self.path).name}:{element.sourceline}: lifecycle {name} dated {day}, a placeholder: the "
                "source gives no date of entry into force"
            )

    def periods(self, event_dates: dict[str, date]) -> dict[str, Window]:
        """The windows the document declares (``windows``), by identifier."""
        rules = self.mapping.get("windows") or {}
        windows: dict[str, Window] = {}
        if not rules.get("groups"):
            return windows
        markers = [m.lower() for m in rules.get("applicability_markers", [])]
        for group in self.paths.select(rules["groups"]):
            in_force: tuple[date, date | None] | None = None
            applicable: date | None = None
            for interval in self.paths.xpath(group, rules["interval"]):
                undated = self.placeholder_events.get((interval.get(rules["start"]) or "").lstrip("#"))
                if undated and group.get(self.id_attribute) and in_force is None:  # it starts on no known day
                    self.undated_windows[group.get(self.id_attribute)] = undated
                    continue
                try:
                    start = self.interval_end(interval, rules["start"], event_dates)
                    end = self.interval_end(interval, rules["end"], event_dates)
                except _Unreadable:  # a problem recorded: the window is left out, its units not reported again
                    self.unreadable_windows.add(group.get(self.id_attribute) or "")
                    continue
                if start is None:
                    continue
                if self.is_applicability(interval.get(rules["refers_to"]) or "", markers, rules):
                    applicable = start
                elif in_force is None:
                    in_force = (start, end)
            if in_force is None and applicable is not None:
                in_force = (applicable, None)
            if in_force is not None and group.get(self.id_attribute):
                applicable_from = applicable if applicable and applicable != in_force[0] else None
                windows[group.get(self.id_attribute)] = Window(in_force[0], in_force[1], applicable_from)
        return windows

    def interval_end(self, interval: etree._Element, attribute: str, event_dates: dict[str, date]) -> date | None:
        ref = interval.get(attribute)
        if not ref:
            return None
        eid = ref.lstrip("#")
        if eid in self.placeholder_events:  # an end on a placeholder date: no known end
            return None
        if eid in self.unreadable_events:  # its date is no date: already a problem
            raise _Unreadable
        if eid not in event_dates:
            self.problems.add(
                interval.sourceline,
                f"{_local(interval)} {attribute}={ref!r} names no lifecycle event",
                element_name(interval, self.id_attribute),
            )
            raise _Unreadable
        return event_dates[eid]

    def is_applicability(self, refers_to: str, markers: list[str], rules: dict) -> bool:
        concept = self.referenced(refers_to) if refers_to.startswith("#") else None
        haystack = refers_to.lower()
        if concept is not None:
            haystack += " " + " ".join((concept.get(a) or "").lower() for a in rules.get("concept_attributes", []))
        return any(marker in haystack for marker in markers)


class _Unreadable(Exception):
    """An interval of a window names an event that dates nothing (a problem recorded): the window is left out."""
