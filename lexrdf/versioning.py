"""Versioning: compare what a source document says with what is stored, and plan the records to add.

Pure functions over plain data: the stored state of one act (`StoredAct`, read by the store layer) and
one mapped document (`SourceDocument`) give a `Plan`. Nothing is ever edited: a changed window end or a
corrected text becomes a new record that supersedes the old one.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from lexrdf.model import Modification, SourceDocument, Unit, Window
from lexrdf.uris import IriMinter, short_hash

TextKey = tuple[str, str, str]  # (number, heading, text), all normalised

# When several modifications of one provision take effect on one day, the strongest kind names the event.
_KIND_RANK = {"substitution": 3, "insertion": 2, "repeal": 1, "amendment": 0}


@dataclass(frozen=True)
class StoredVersion:
    """The current record (as known now) of one stored version."""

    iri: str
    path: str
    valid_from: date
    record: str
    expression: str
    text_key: TextKey
    valid_until: date | None
    closed_by: str | None
    opened_by: str | None

    def in_force(self, day: date) -> bool:
        return self.valid_from <= day and (self.valid_until is None or day < self.valid_until)


@dataclass(frozen=True)
class StoredProvision:
    """A stored provision's place in its act."""

    eid: str | None
    parent_path: str | None
    order: Decimal


@dataclass
class StoredAct:
    """What the store holds about one act, as known now."""

    iri: str
    provisions: dict[str, StoredProvision] = field(default_factory=dict)  # by path
    versions: dict[str, list[StoredVersion]] = field(default_factory=dict)  # path -> versions by valid_from
    events: set[str] = field(default_factory=set)

    @property
    def has_versions(self) -> bool:
        return any(self.versions.values())


@dataclass
class EventSpec:
    """A legal event to record (or to link to, when it already exists)."""

    iri: str
    day: date
    kind: str
    source_acts: set[str] = field(default_factory=set)
    source_provisions: set[str] = field(default_factory=set)
    affects: set[str] = field(default_factory=set)  # provision paths
    opens: set[str] = field(default_factory=set)  # version IRIs
    closes: set[str] = field(default_factory=set)


@dataclass
class NewRecord:
    """A record of a version: its text and window end during one transaction-time window."""

    version: str
    supersedes: str | None
    unit: Unit | None  # the text to record as a new expression, or None to keep `expression`
    expression: str | None
    valid_until: date | None
    closed_by: str | None


@dataclass
class NewVersion:
    """A version not yet stored, with its first record."""

    iri: str
    path: str
    valid_from: date
    applicable_from: date | None
    opened_by: str
    previous: str | None
    record: NewRecord
    begins_history: bool = False  # no text of this provision was in force before this version


@dataclass
class Plan:
    """Everything one document adds to the store."""

    act: str
    new_provisions: list[tuple[Unit, Decimal]] = field(default_factory=list)
    new_versions: list[NewVersion] = field(default_factory=list)
    new_records: list[NewRecord] = field(default_factory=list)
    events: dict[str, EventSpec] = field(default_factory=dict)

    @property
    def changes_anything(self) -> bool:
        return bool(self.new_provisions or self.new_versions or self.new_records)


def text_key(unit: Unit) -> TextKey:
    return (unit.number, unit.heading, unit.text)


def expression_iri(minter: IriMinter, record: NewRecord, language: str) -> str:
    """The expression a record points at: a new one for new text (hashed when it corrects), else the old one."""
    if record.unit is None:
        return record.expression or ""
    correction = short_hash(*text_key(record.unit)) if record.supersedes else None
    return minter.expression(record.version, language, correction)


def record_iri(minter: IriMinter, record: NewRecord, language: str) -> str:
    """Content-addressed: the same record planned twice gets the same IRI."""
    text = text_key(record.unit) if record.unit else record.expression
    return minter.record(record.version, short_hash(text, language, record.valid_until, record.closed_by))


class _Planner:
    def __init__(self, document: SourceDocument, stored: StoredAct, minter: IriMinter) -> None:
        self.document = document
        self.stored = stored
        self.minter = minter
        self.plan = Plan(act=stored.iri)
        self.units_by_eid: dict[str, list[Unit]] = defaultdict(list)
        for unit in document.units:
            if unit.eid:
                self.units_by_eid[unit.eid].append(unit)
        self.units_by_path = {u.path: u for u in reversed(document.units)}
        self.descendant_eids = self._descendants()
        self.mods_by_target = defaultdict(list)
        for mod in document.modifications:
            self.mods_by_target[mod.destination].append(mod)
        self.lifecycle_by_day = defaultdict(list)
        for event in document.events:
            self.lifecycle_by_day[event.day].append(event)
        self.enactment_day = min((e.day for e in document.events if e.kind == "enactment"), default=document.work_date)

    def _descendants(self) -> dict[str, set[str]]:
        parent_of = {u.path: u.parent_path for u in self.document.units}
        eid_of = {u.path: u.eid for u in self.document.units}
        found: dict[str, set[str]] = defaultdict(set)
        for path, eid in eid_of.items():
            ancestor = parent_of.get(path)
            while ancestor is not None:
                found[ancestor].add(eid or "")
                ancestor = parent_of.get(ancestor)
        return found

    # -- events -----------------------------------------------------------------------------------
    def event(
        self, day: date, kind: str, unit_path: str, mods: list[Modification] = (), source: str | None = None
    ) -> str:
        """The event of `kind` on `day` made by one source act (the first the modifications name)."""
        if source is None:
            named = sorted({m.source_act for m in mods if m.source_act})
            if not named and kind != "ended-without-recorded-act":
                named = sorted({e.source_act for e in self.lifecycle_by_day.get(day, []) if e.source_act})
            source = named[0] if len(named) >= 1 else None
        iri = self.minter.event(self.stored.iri, day, kind, source)
        spec = self.plan.events.get(iri)
        if spec is None:
            spec = self.plan.events[iri] = EventSpec(iri, day, kind)
        if source:
            spec.source_acts.add(source)
        spec.source_provisions.update(m.source_provision for m in mods if m.source_provision and m.source_act == source)
        spec.affects.add(unit_path)
        return iri

    def mods_on(
        self, unit: Unit, day: date, kinds: set[str] | None = None, descendants: bool = False
    ) -> list[Modification]:
        """Modifications of `unit` (and, optionally, of its descendants) taking effect on `day`.

        A modification of the unit itself with no known date counts; one of a descendant must match the day.
        """
        found = [
            mod
            for mod in self.mods_by_target.get(unit.eid or "", [])
            if (mod.effective is None or mod.effective == day) and (kinds is None or mod.kind in kinds)
        ]
        if descendants:
            found += [
                mod
                for target in sorted(self.descendant_eids.get(unit.path, set()))
                for mod in self.mods_by_target.get(target, [])
                if mod.effective == day and (kinds is None or mod.kind in kinds)
            ]
        return found

    def opening_event(self, unit: Unit, day: date, first_of_act: bool, new_provision: bool = False) -> str:
        exact = [m for m in self.mods_on(unit, day) if m.kind != "repeal"]
        if exact:
            kind = max((m.kind for m in exact), key=lambda k: _KIND_RANK.get(k, 0))
            return self.event(day, kind, unit.path, [m for m in exact if m.kind == kind])
        if first_of_act or (self.document.entry_into_force and day <= self.document.entry_into_force):
            return self.event(self.enactment_day, "enactment", unit.path, source=self.stored.iri)
        inserted_with = self.ancestor_mods(unit, day, {"insertion"})
        if inserted_with:
            return self.event(day, "insertion", unit.path, inserted_with)
        nested = self.mods_on(unit, day, descendants=True)
        return self.event(day, "insertion" if new_provision else "amendment", unit.path, nested)

    def closing_event(self, unit: Unit, day: date, successor: str | None) -> str:
        repeals = self.mods_on(unit, day, {"repeal"}) or self.ancestor_mods(unit, day, {"repeal"})
        if repeals:
            return self.event(day, "repeal", unit.path, repeals)
        if successor:
            self.plan.events[successor].affects.add(unit.path)
            return successor
        return self.event(day, "ended-without-recorded-act", unit.path)

    def ancestor_mods(self, unit: Unit, day: date, kinds: set[str]) -> list[Modification]:
        """The nearest ancestor's modifications of these kinds on `day` (a repealed or inserted article
        carries its paragraphs with it)."""
        parent = self.unit_at(unit.parent_path)
        while parent is not None:
            found = self.mods_on(parent, day, kinds)
            if found:
                return found
            parent = self.unit_at(parent.parent_path)
        return []

    def unit_at(self, path: str | None) -> Unit | None:
        """The unit at `path` in this document or, failing that, as stored (without text)."""
        if path is None:
            return None
        if path in self.units_by_path:
            return self.units_by_path[path]
        known = self.stored.provisions.get(path)
        if known is None:
            return None
        return Unit(known.eid, path, "", known.parent_path, "", "", "", None, None)

    # -- versions ---------------------------------------------------------------------------------
    def add_version(
        self,
        unit: Unit,
        window: Window,
        opened_by: str,
        previous: str | None,
        closed_by: str | None,
        begins_history: bool = False,
    ) -> NewVersion:
        provision = self.minter.provision(self.stored.iri, unit.path)
        iri = self.minter.version(provision, window.start)
        record = NewRecord(iri, None, unit, None, window.end, closed_by)
        version = NewVersion(
            iri, unit.path, window.start, window.applicable_from, opened_by, previous, record, begins_history
        )
        self.plan.new_versions.append(version)
        self.linked(opened_by).opens.add(iri)
        if closed_by:
            self.linked(closed_by).closes.add(iri)
        return version

    def linked(self, event: str) -> EventSpec:
        """The spec of an event this plan links to: planned now, or already stored (then only links are added)."""
        spec = self.plan.events.get(event)
        if spec is None:
            if event not in self.stored.events:
                raise KeyError(f"event {event} is neither planned nor stored")
            spec = self.plan.events[event] = EventSpec(event, date.min, "amendment")
        return spec

    def supersede(self, stored: StoredVersion, unit: Unit | None, until: date | None, closed_by: str | None) -> None:
        self.plan.new_records.append(
            NewRecord(stored.iri, stored.record, unit, None if unit else stored.expression, until, closed_by)
        )
        if closed_by:
            self.linked(closed_by).closes.add(stored.iri)

    def order_provisions(self) -> None:
        """Give new provisions a document-order key between their stored neighbours."""
        seen: set[str] = set()
        units = [u for u in self.document.units if not (u.path in seen or seen.add(u.path))]
        known = self.stored.provisions
        following: list[Decimal | None] = [None] * len(units)
        upcoming: Decimal | None = None
        for index in range(len(units) - 1, -1, -1):
            following[index] = upcoming
            if units[index].path in known:
                upcoming = known[units[index].path].order
        previous = Decimal(0)
        for index, unit in enumerate(units):
            if unit.path in known:
                previous = known[unit.path].order
                continue
            upper = following[index]
            order = (previous + upper) / 2 if upper is not None else previous + 1
            self.plan.new_provisions.append((unit, order))
            previous = order

    def act_unit(self) -> Unit:
        doc = self.document
        start = doc.entry_into_force or doc.work_date
        return Unit(None, "", "act", None, "", doc.short_title or "", doc.title, Window(start), None)


def plan_document(document: SourceDocument, stored: StoredAct, minter: IriMinter) -> Plan:
    """Plan what `document` adds to the stored state of its act."""
    planner = _Planner(document, stored, minter)
    planner.order_provisions()
    if document.periods_authoritative:
        _plan_periods(planner)
    else:
        _plan_expression(planner)
    return planner.plan


def _plan_expression(planner: _Planner) -> None:
    """One document = the text in force from its expression date on."""
    document, stored = planner.document, planner.stored
    first_of_act = not stored.has_versions
    day = document.expression_date
    seen: set[str] = set()
    for unit in [planner.act_unit(), *document.units]:
        if unit.path in seen:
            continue
        seen.add(unit.path)
        # The first expression of an act says, through @period, since when each text has been in force; a later
        # one can only say that a text is in force from its own date (its periods may be stale copies).
        if unit.window is None:
            starts_on = day
        elif first_of_act:
            starts_on = unit.window.start
        else:
            starts_on = max(day, unit.window.start)
        versions = stored.versions.get(unit.path, [])
        current = next((v for v in versions if v.in_force(starts_on)), None)
        if current is not None and current.text_key == text_key(unit):
            continue
        if current is not None and current.valid_from == starts_on:
            planner.supersede(current, unit, current.valid_until, current.closed_by)
            continue
        if current is not None:
            opened_by = planner.opening_event(unit, starts_on, False)
            planner.supersede(current, None, starts_on, opened_by)
            window = Window(starts_on, current.valid_until, unit.window.applicable_from if unit.window else None)
            planner.add_version(unit, window, opened_by, current.iri, current.closed_by)
            continue
        later = next((v for v in versions if v.valid_from > starts_on), None)
        earlier = [v for v in versions if v.valid_from < starts_on]
        opened_by = planner.opening_event(unit, starts_on, first_of_act and not earlier, new_provision=True)
        window = Window(
            starts_on, later.valid_from if later else None, unit.window.applicable_from if unit.window else None
        )
        # Absent from every earlier expression and created (not substituted) then: nothing of it was in force before.
        created = planner.plan.events[opened_by].kind in {"enactment", "insertion"}
        planner.add_version(
            unit,
            window,
            opened_by,
            earlier[-1].iri if earlier else None,
            later.opened_by if later else None,
            begins_history=created and not earlier,
        )
    _close_absent(planner, seen, day)


def _plan_periods(planner: _Planner) -> None:
    """One document holding every version of each provision, each with its @period window."""
    document, stored = planner.document, planner.stored
    by_path: dict[str, list[Unit]] = defaultdict(list)
    for unit in [planner.act_unit(), *document.units]:
        if unit.window is not None:
            by_path[unit.path].append(unit)
    for path, alternatives in by_path.items():
        alternatives.sort(key=lambda u: u.window.start)
        stored_by_start = {v.valid_from: v for v in stored.versions.get(path, [])}
        # The source shows no text before a provision's first window. Only a window opened by the act's own
        # entry into force is known to begin its history: an "insertion" here may be words inserted into an
        # older provision (legislation.gov.uk marks them so), so earlier dates are outside coverage.
        openers = [planner.opening_event(u, u.window.start, first_of_act=False) for u in alternatives]
        entry = document.entry_into_force
        previous: str | None = None
        for index, unit in enumerate(alternatives):
            window = unit.window
            successor = (
                openers[index + 1]
                if index + 1 < len(alternatives) and window.end and alternatives[index + 1].window.start == window.end
                else None
            )
            closed_by = planner.closing_event(unit, window.end, successor) if window.end else None
            existing = stored_by_start.get(window.start)
            if existing is None:
                prior = previous or next(
                    (v.iri for v in reversed(stored.versions.get(path, [])) if v.valid_from < window.start), None
                )
                begins = prior is None and entry is not None and window.start <= entry
                version = planner.add_version(unit, window, openers[index], prior, closed_by, begins)
                previous = version.iri
                continue
            previous = existing.iri
            text_changed = existing.text_key != text_key(unit)
            if text_changed or existing.valid_until != window.end:
                planner.supersede(existing, unit if text_changed else None, window.end, closed_by)
    _close_absent(planner, set(by_path), document.expression_date)


def _close_absent(planner: _Planner, present: set[str], day: date) -> None:
    """Close what is in force on `day` but absent from the document."""
    for path, versions in planner.stored.versions.items():
        if path in present:
            continue
        for version in versions:
            if version.valid_until is None and version.valid_from < day:
                absent = planner.unit_at(path) or Unit(None, path, "", None, "", "", "", None, None)
                closed_by = planner.closing_event(absent, day, None)
                planner.supersede(version, None, day, closed_by)


def apply_plan(stored: StoredAct, plan: Plan, minter: IriMinter, language: str) -> None:
    """Update the in-memory stored state as if `plan` had been written (for several documents in one write)."""
    for unit, order in plan.new_provisions:
        stored.provisions[unit.path] = StoredProvision(unit.eid, unit.parent_path, order)
    for version in plan.new_versions:
        record = version.record
        stored.versions.setdefault(version.path, []).append(
            StoredVersion(
                version.iri,
                version.path,
                version.valid_from,
                record_iri(minter, record, language),
                expression_iri(minter, record, language),
                text_key(record.unit),
                record.valid_until,
                record.closed_by,
                version.opened_by,
            )
        )
    by_iri = {v.iri: (versions, index) for versions in stored.versions.values() for index, v in enumerate(versions)}
    for record in plan.new_records:
        versions, index = by_iri[record.version]
        old = versions[index]
        versions[index] = replace(
            old,
            record=record_iri(minter, record, language),
            expression=expression_iri(minter, record, language),
            text_key=text_key(record.unit) if record.unit else old.text_key,
            valid_until=record.valid_until,
            closed_by=record.closed_by,
        )
    for path in {v.path for v in plan.new_versions}:
        stored.versions[path].sort(key=lambda v: v.valid_from)
    stored.events.update(plan.events)
