"""Versioning: compare what a source document says with what is stored, and plan the records to add.

Pure functions over plain data: the stored state of one act (`StoredAct`, read by the store layer) and
one mapped document (`SourceDocument`) give a `Plan`. Nothing is ever edited: a changed window end or a
corrected text becomes a new record that supersedes the old one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal

from lexrdf.errors import SourceError
from lexrdf.model import Modification, SourceDocument, Unit, Window
from lexrdf.uris import IriMinter, short_hash

TextKey = tuple[str, str, str]  # (number, heading, text), all normalised

# When several modifications of one provision take effect on one day, the strongest kind names the event.
_KIND_RANK = {"substitution": 3, "insertion": 2, "repeal": 1, "amendment": 0}
TEXTUAL = frozenset(_KIND_RANK)  # kinds of change that alter the words
_DAY = timedelta(days=1)


@dataclass(frozen=True)
class StoredVersion:
    """The current record (as known now) of one stored version."""

    iri: str
    path: str
    valid_from: date
    record: str
    expressions: dict[str, str]  # language -> expression IRI: one version, one expression per language
    texts: dict[str, TextKey]  # language -> its text
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
    notes: set[str] = field(default_factory=set)  # the words of the annotations it was read from


@dataclass
class NewRecord:
    """A record of a version: its text and window end during one transaction-time window."""

    version: str
    supersedes: str | None
    unit: Unit | None  # the text to record as a new expression (in the document's language), or None
    kept: dict[str, str]  # the superseded record's expressions carried over, by language
    valid_until: date | None
    closed_by: str | None
    translation: bool = False  # `unit` is the version's first text in its language, not a correction


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
    advances_currency: bool = False  # the document vouches for the text to a later date than anything stored

    @property
    def changes_anything(self) -> bool:
        return bool(self.new_provisions or self.new_versions or self.new_records)


def text_key(unit: Unit) -> TextKey:
    return (unit.number, unit.heading, unit.text)


def expression_iri(minter: IriMinter, record: NewRecord, language: str) -> str | None:
    """The new expression a record adds (hashed when it corrects an earlier text), or None."""
    if record.unit is None:
        return None
    correction = short_hash(*text_key(record.unit)) if record.supersedes and not record.translation else None
    return minter.expression(record.version, language, correction)


def record_expressions(minter: IriMinter, record: NewRecord, language: str) -> dict[str, str]:
    """Every expression a record points at, by language: those kept and the one it adds."""
    added = expression_iri(minter, record, language)
    return {**record.kept, language: added} if added else dict(record.kept)


def record_iri(minter: IriMinter, record: NewRecord, language: str) -> str:
    """Content-addressed: the same record planned twice gets the same IRI."""
    text = text_key(record.unit) if record.unit else None
    kept = sorted(record.kept.items())
    if text is None and len(kept) == 1:  # as before languages were several: one kept expression, its IRI
        kept = kept[0][1]
    extra = tuple(sorted(record.kept.items())) if text and record.kept else ()
    content = short_hash(text, language, record.valid_until, record.closed_by, *extra) if text else None
    return minter.record(record.version, content or short_hash(kept, language, record.valid_until, record.closed_by))


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
        self._origins: dict[str, tuple[date, str, list[Modification]] | None] = {}
        self.next_expression: date | None = None
        self.companion = False
        self.first_starts: dict[str, tuple[date, str, bool]] = {}  # path -> (start, opening event, begins history)
        self.commencement_days = {m.effective for m in document.modifications if m.kind == "commencement"}

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
    def source_iri(self, source: str) -> str:
        """A source act as the planner records it: this act's own identifiers become its IRI."""
        own = {self.document.frbr_work, *self.document.frbr_aliases}
        return self.stored.iri if source in own else source

    def event(
        self, day: date, kind: str, unit_path: str, mods: Iterable[Modification] = (), source: str | None = None
    ) -> str:
        """The event of `kind` on `day` made by every act the modifications name (or by `source`)."""
        # a textual event is made by every act that changed the words that day (several acts on one day are all
        # named; the strongest kind names the event); an amendment as a whole, by every change inside it
        mods = [
            m
            for m in mods
            if m.kind == kind or kind in {"enactment", "commencement"} or (kind in TEXTUAL and m.kind in TEXTUAL)
        ]
        if source is not None:
            sources = {source}
        else:
            sources = {self.source_iri(m.source_act) for m in mods if m.source_act}
            if not sources and kind in {"enactment", "amendment", "insertion", "substitution", "repeal"}:
                sources = {e.source_act for e in self.lifecycle_by_day.get(day, []) if e.source_act}
        iri = self.minter.event(self.stored.iri, day, kind, tuple(sorted(sources)))
        spec = self.plan.events.get(iri)
        if spec is None:
            spec = self.plan.events[iri] = EventSpec(iri, day, kind)
        spec.source_acts.update(sources)
        spec.source_provisions.update(m.source_provision for m in mods if m.source_provision)
        spec.notes.update(m.note for m in mods if m.note)
        spec.affects.add(unit_path)
        return iri

    def changes(self, unit: Unit, day: date | None = None, kinds: set[str] = TEXTUAL) -> list[Modification]:
        """The recorded changes of `unit` of these kinds (taking effect on `day`, when given)."""
        return [
            m
            for m in self.mods_by_target.get(unit.eid or "", [])
            if m.kind in kinds and (day is None or m.effective == day)
        ]

    def descendant_changes(self, unit: Unit, day: date) -> list[Modification]:
        return [
            m
            for target in sorted(self.descendant_eids.get(unit.path, set()))
            for m in self.mods_by_target.get(target, [])
            if m.effective == day and m.kind in TEXTUAL
        ]

    def change_event(self, unit: Unit, day: date, changes: list[Modification]) -> str:
        """The event of the strongest kind among changes taking effect on one day (all their acts named)."""
        kind = max((m.kind for m in changes), key=lambda k: _KIND_RANK.get(k, 0))
        return self.event(day, kind, unit.path, changes)

    def origin(self, unit: Unit | None) -> tuple[date, str, list[Modification]] | None:
        """When a provision (or, failing a record of its own, its nearest ancestor with one) entered into force:
        its commencement, or its insertion as a whole. Returns (date, kind, changes)."""
        while unit is not None:
            found = self._origins.get(unit.path)
            if found is None and unit.path not in self._origins:
                commenced = [m for m in self.changes(unit, kinds={"commencement"}) if m.effective]
                inserted = [m for m in self.changes(unit, kinds={"insertion"}) if m.effective and m.of_unit]
                chosen = commenced or inserted
                if chosen:
                    day = max(m.effective for m in chosen)
                    found = (day, chosen[0].kind, [m for m in chosen if m.effective == day])
                self._origins[unit.path] = found
            if found is not None:
                return found
            unit = self.unit_at(unit.parent_path)
        return None

    def opening_event(self, unit: Unit, day: date, first_of_act: bool, new_provision: bool = False) -> str:
        """The event that opened a text of `unit` on `day` in a point-in-time expression."""
        exact = self.changes(unit, day, TEXTUAL - {"repeal"})
        if exact:
            return self.change_event(unit, day, exact)
        entry = self.document.entry_into_force or self.enactment_day
        if day <= entry:  # in force since the act came into force: its enacted text
            return self.event(self.enactment_day, "enactment", unit.path, source=self.stored.iri)
        inserted_with = self.ancestor_changes(unit, day, {"insertion"})
        if inserted_with:
            return self.event(day, "insertion", unit.path, inserted_with)
        commenced = self.changes(unit, day, {"commencement"}) or self.ancestor_changes(unit, day, {"commencement"})
        if commenced:
            return self.event(day, "commencement", unit.path, commenced)
        nested = self.descendant_changes(unit, day)
        if nested:
            return self.event(day, "amendment", unit.path, nested)
        if first_of_act:  # the first source of the act is a consolidation: it shows the text from its date only
            return self.event(day, "started-without-recorded-act", unit.path)
        return self.event(day, "insertion" if new_provision else "amendment", unit.path)

    def closing_event(self, unit: Unit, day: date, successor: str | None) -> str:
        """The event that ended a window of `unit` on `day`: its successor's opening, a repeal, the end of a
        temporary provision (expiry), or an end no act is recorded for."""
        if successor:
            self.plan.events[successor].affects.add(unit.path)
            return successor
        repeals = [m for m in self.changes(unit, day, {"repeal"}) if m.of_unit]
        repeals = repeals or self.ancestor_changes(unit, day, {"repeal"})
        if repeals:
            return self.event(day, "repeal", unit.path, repeals)
        lapsed: list[Modification] = []
        holder: Unit | None = unit
        while holder is not None and not lapsed:  # a temporary provision lapses with everything in it
            lapsed = [m for m in self.changes(holder, kinds={"insertion"}) if m.until and m.until + _DAY == day]
            holder = self.unit_at(holder.parent_path)
        if lapsed:
            return self.event(day, "expiry", unit.path, lapsed, source=self.source_iri(lapsed[0].source_act or ""))
        return self.event(day, "ended-without-recorded-act", unit.path)

    def ancestor_changes(self, unit: Unit, day: date, kinds: set[str]) -> list[Modification]:
        """The nearest ancestor's changes of these kinds on `day` (a repealed or inserted article carries its
        paragraphs with it)."""
        parent = self.unit_at(unit.parent_path)
        while parent is not None:
            found = [m for m in self.changes(parent, day, kinds) if m.of_unit]
            if found:
                return found
            parent = self.unit_at(parent.parent_path)
        return []

    def record_modifications(self, unit: Unit) -> None:
        """Changes of a provision's effect that leave its text alone: events that affect it, open nothing."""
        for mod in self.changes(unit, kinds={"modification"}):
            if mod.effective is not None:
                self.event(mod.effective, "modification", unit.path, [mod])

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
        record = NewRecord(iri, None, unit, {}, window.end, closed_by)
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

    def supersede(
        self,
        stored: StoredVersion,
        unit: Unit | None,
        until: date | None,
        closed_by: str | None,
        translation: bool = False,
    ) -> None:
        """A new record of a stored version: a new text in the document's language (a correction, or its first
        text in that language), a new window end, or both; the other languages' expressions are kept."""
        language = self.document.language
        kept = {lang: iri for lang, iri in stored.expressions.items() if unit is None or lang != language}
        self.plan.new_records.append(NewRecord(stored.iri, stored.record, unit, kept, until, closed_by, translation))
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


def plan_document(
    document: SourceDocument,
    stored: StoredAct,
    minter: IriMinter,
    next_expression: date | None = None,
    companion: bool = False,
) -> Plan:
    """Plan what `document` adds to the stored state of its act. `next_expression` is the date of the earliest
    expression already stored that is later than this one (an archive back-filled out of order); `companion`
    says an expression of the same date is stored already (in another language, or this one again): then the
    document adds and corrects texts but ends no provision it does not show."""
    planner = _Planner(document, stored, minter)
    planner.next_expression = next_expression
    planner.companion = companion or document.portion  # a portion, too, ends nothing it does not show
    planner.order_provisions()
    if document.periods_authoritative:
        _plan_periods(planner)
    else:
        _plan_expression(planner)
    _repeal_act(planner)
    return planner.plan


def _repeal_act(planner: _Planner) -> None:
    """A lifecycle event that repeals the act closes the act and every provision in force on that day, by that
    repeal (named as made by the repealing act). One that names no act ends them without a recorded act. A repeal
    eventRef on a day the passive modifications repeal some provisions is theirs (samples/single/harbour-act.xml)."""
    # a repeal the passive modifications place on provisions that day is theirs, not the act's
    partial = {m.effective for m in planner.document.modifications if m.kind == "repeal"}
    repeals = sorted(
        (e for e in planner.document.events if e.kind == "repeal" and e.day not in partial), key=lambda e: e.day
    )
    if not repeals:
        return
    day, source = repeals[0].day, repeals[0].source_act
    planned = {v.iri: v for v in planner.plan.new_versions}
    superseded = {r.version for r in planner.plan.new_records}

    def closing(path: str) -> str:
        if source:
            return planner.event(day, "repeal", path, source=planner.source_iri(source))
        return planner.event(day, "ended-without-recorded-act", path)

    for version in planned.values():
        record = version.record
        if version.valid_from < day and (record.valid_until is None or record.valid_until > day):
            previous_closer = record.closed_by
            record.valid_until, record.closed_by = day, closing(version.path)
            planner.linked(record.closed_by).closes.add(version.iri)
            if previous_closer and previous_closer in planner.plan.events:
                planner.plan.events[previous_closer].closes.discard(version.iri)
    for versions in planner.stored.versions.values():
        for stored in versions:
            open_on_day = stored.valid_from < day and (stored.valid_until is None or stored.valid_until > day)
            if open_on_day and stored.iri not in superseded and stored.iri not in planned:
                planner.supersede(stored, None, day, closing(stored.path))


def _plan_expression(planner: _Planner) -> None:
    """One document = the text in force from its expression date on.

    An expression older than one already stored (`next_expression`) fills the history behind it: a text it shows
    that no stored version covers gets a version up to the next stored change (or, absent from the next stored
    expression, up to that expression); a text that contradicts what the later sources say was in force then is
    refused."""
    document, stored = planner.document, planner.stored
    first_of_act = not stored.has_versions
    late = planner.next_expression
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
        if current is not None and current.texts.get(document.language) == text_key(unit):
            continue
        if current is not None and document.language not in current.texts:  # its text in another language
            planner.supersede(current, unit, current.valid_until, current.closed_by, translation=True)
            continue
        if current is not None and current.valid_from == starts_on:
            planner.supersede(current, unit, current.valid_until, current.closed_by)
            continue
        if current is not None and late:
            raise SourceError(
                document.path,
                unit.line,
                f"{unit.eid or 'the act'} reads otherwise on {starts_on} than the version in force from "
                f"{current.valid_from} that later sources give: the sources contradict each other",
            )
        if current is not None:
            opened_by = planner.opening_event(unit, starts_on, False)
            planner.supersede(current, None, starts_on, opened_by)
            window = Window(starts_on, current.valid_until, unit.window.applicable_from if unit.window else None)
            planner.add_version(unit, window, opened_by, current.iri, current.closed_by)
            continue
        earlier = [v for v in versions if v.valid_from < starts_on]
        if late and unit.window and unit.window.start < starts_on:  # back to its @period, after what came before
            floor = max((v.valid_until for v in earlier if v.valid_until), default=unit.window.start)
            starts_on = max(unit.window.start, floor)
        later = next((v for v in versions if v.valid_from > starts_on), None)
        opened_by = planner.opening_event(unit, starts_on, first_of_act and not earlier, new_provision=True)
        ends_on = later.valid_from if later else late
        closed_by = later.opened_by if later else (planner.closing_event(unit, late, None) if late else None)
        window = Window(starts_on, ends_on, unit.window.applicable_from if unit.window else None)
        # Absent from every earlier expression and created (not substituted) then: nothing of it was in force before.
        created = planner.plan.events[opened_by].kind in {"enactment", "insertion"}
        planner.add_version(
            unit,
            window,
            opened_by,
            earlier[-1].iri if earlier else None,
            closed_by,
            begins_history=created and not earlier,
        )
    if not late and not planner.companion:  # an older expression cannot end what later ones show
        _close_absent(planner, seen, day)


def _plan_periods(planner: _Planner) -> None:
    """One document holding every version of each provision, each with its @period window."""
    document, stored = planner.document, planner.stored
    by_path: dict[str, list[Unit]] = defaultdict(list)
    for unit in [planner.act_unit(), *document.units]:
        if unit.window is not None:
            by_path[unit.path].append(unit)
    for path, shown in by_path.items():
        shown.sort(key=lambda u: u.window.start)
        planner.record_modifications(shown[-1])
        # what a consolidation shows of a repealed provision (". . . .") is no text of it: the repeal ends the
        # window before it, and a provision shown only so has no version (the repeal event still affects it)
        alternatives = [u for u in shown if not _repealed_placeholder(planner, u)]
        if not alternatives:
            placeholder = shown[0]
            planner.closing_event(placeholder, placeholder.window.start, None)  # the repeal affects it
            continue
        stored_by_start = {v.valid_from: v for v in stored.versions.get(path, [])}
        starts = [_own_start(planner, alternatives[0]), *(_later_start(planner, u) for u in alternatives[1:])]
        planner.first_starts[path] = starts[0]
        previous: str | None = None
        for index, unit in enumerate(alternatives):
            start, opened_by, begins = starts[index]
            window = Window(start, unit.window.end, unit.window.applicable_from)
            following = alternatives[index + 1] if index + 1 < len(alternatives) else None
            successor = starts[index + 1][1] if following and window.end == following.window.start else None
            if window.end is None and unit is not shown[-1]:  # followed by its placeholder: repealed then
                window = Window(start, shown[-1].window.start, unit.window.applicable_from)
            closed_by = planner.closing_event(unit, window.end, successor) if window.end else None
            existing = stored_by_start.get(window.start)
            if existing is None:
                prior = previous or next(
                    (v.iri for v in reversed(stored.versions.get(path, [])) if v.valid_from < window.start), None
                )
                version = planner.add_version(unit, window, opened_by, prior, closed_by, begins and prior is None)
                previous = version.iri
                continue
            previous = existing.iri
            translation = document.language not in existing.texts
            text_changed = existing.texts.get(document.language) != text_key(unit)
            if text_changed or existing.valid_until != window.end:
                planner.supersede(
                    existing, unit if text_changed else None, window.end, closed_by, translation=translation
                )
    if not planner.companion:
        _close_absent(planner, set(by_path), document.expression_date)


def _own_start(planner: _Planner, unit: Unit) -> tuple[date, str, bool]:
    """When the earliest text a single document shows for a provision began, the event that began it, and
    whether nothing of the provision was in force before.

    A legislation.gov.uk @period dates the provision with everything inside it: s. 10 is shown "from 19.8.2003"
    because words in s. 10(2)(b) were substituted then, and s. 7 "from 1.1.2016" because a regulation applied it
    then. The provision's own words are older: they date from the last change of those words (the annotations on
    its own text) or, when none is recorded, from its entry into force (its commencement or insertion, or its
    nearest ancestor's). Only when neither is known does the period's start stand, and then it says what
    happened that day."""
    day = unit.window.start
    if unit.path == "":
        return day, planner.event(planner.enactment_day, "enactment", "", source=planner.stored.iri), True
    own = [m for m in planner.changes(unit) if not (m.kind == "repeal" and m.of_unit)]  # words repealed: a change
    # a change in force for some purposes first starts the window the source shows from that first date
    on_start = [m for m in own if m.effective == day or day in m.dates]
    if on_start:
        return day, planner.change_event(unit, day, on_start), _creates(planner, unit, on_start)
    dated = all(m.effective for m in own)
    origin = planner.origin(unit)
    candidates = [m.effective for m in own if dated and m.effective and m.effective <= day]
    if dated and origin and origin[0] <= day:
        candidates.append(origin[0])
    if candidates:
        start = max(candidates)
        changed = [m for m in own if m.effective == start]
        if changed:
            return start, planner.change_event(unit, start, changed), _creates(planner, unit, changed)
        return start, planner.event(start, origin[1], unit.path, origin[2]), True
    if day <= (planner.document.entry_into_force or day):
        return day, planner.event(planner.enactment_day, "enactment", unit.path, source=planner.stored.iri), True
    nested = planner.descendant_changes(unit, day)
    modified = planner.changes(unit, day, {"modification"})
    within = any(  # anything recorded inside it that day (an order applying one of its sections, say)
        m.effective == day
        for target in planner.descendant_eids.get(unit.path, ())
        for m in planner.mods_by_target.get(target, [])
    )
    if nested:  # the provision was amended (within it) that day; its own words are not known to be new
        return day, planner.event(day, "amendment", unit.path, nested), False
    if modified:  # its effect was modified that day; its words are not known to be new
        return day, planner.event(day, "modification", unit.path, modified), False
    inherited = planner.first_starts.get(unit.parent_path or "")
    if not unit.own_period and inherited and inherited[0] == day and inherited[2]:
        # the enclosing provision came into force that day (nothing of it before): so did this part of it
        planner.plan.events[inherited[1]].affects.add(unit.path)
        return inherited
    if unit.own_period and not within and day in planner.commencement_days:
        # its own window, nothing inside it changed that day, and the act records commencements that day: it came
        # into force then (by an order the source does not name for it)
        return day, planner.event(day, "commencement", unit.path), True
    # a window inherited from an enclosing provision, whose start something else in it explains: the source shows
    # this text from that day and records nothing of when it began
    return day, planner.event(day, "started-without-recorded-act", unit.path), False


def _repealed_placeholder(planner: _Planner, unit: Unit) -> bool:
    """Whether this is what the source shows of a provision repealed as a whole on its window's start."""
    return bool([m for m in planner.changes(unit, unit.window.start, {"repeal"}) if m.of_unit]) or bool(
        planner.ancestor_changes(unit, unit.window.start, {"repeal"})
    )


def _later_start(planner: _Planner, unit: Unit) -> tuple[date, str, bool]:
    """A later alternative of a provision begins where the source says, by the change recorded for that day."""
    day = unit.window.start
    changed = planner.changes(unit, day, TEXTUAL - {"repeal"}) or planner.ancestor_changes(unit, day, TEXTUAL)
    if changed:
        return day, planner.change_event(unit, day, changed), False
    nested = planner.descendant_changes(unit, day)
    if nested:
        return day, planner.event(day, "amendment", unit.path, nested), False
    commenced = planner.changes(unit, day, {"commencement"})
    if commenced:
        return day, planner.event(day, "commencement", unit.path, commenced), False
    return day, planner.event(day, "amendment", unit.path), False


def _creates(planner: _Planner, unit: Unit, changes: list[Modification]) -> bool:
    """Whether these changes brought the whole provision into being (nothing of it was in force before)."""
    return any(m.kind == "insertion" and m.of_unit for m in changes)


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
                record_expressions(minter, record, language),
                {language: text_key(record.unit)},
                record.valid_until,
                record.closed_by,
                version.opened_by,
            )
        )
    by_iri = {v.iri: (versions, index) for versions in stored.versions.values() for index, v in enumerate(versions)}
    for record in plan.new_records:
        versions, index = by_iri[record.version]
        old = versions[index]
        texts = {lang: key for lang, key in old.texts.items() if lang in record.kept}
        if record.unit:
            texts[language] = text_key(record.unit)
        versions[index] = replace(
            old,
            record=record_iri(minter, record, language),
            expressions=record_expressions(minter, record, language),
            texts=texts,
            valid_until=record.valid_until,
            closed_by=record.closed_by,
        )
    for path in {v.path for v in plan.new_versions}:
        stored.versions[path].sort(key=lambda v: v.valid_from)
    stored.events.update(plan.events)
