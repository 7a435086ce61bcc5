"""The planner: one document against its act's stored state. It names the events that open and close windows
(from the document's modifications, annotations and lifecycle) and collects new provisions, versions and records
into a `Plan`. The two source styles (`expressions`, `periods`) drive it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta

from lexrdf.model import Modification, SourceDocument, Unit, Window
from lexrdf.uris import IriMinter
from lexrdf.versioning.evidence import of_event
from lexrdf.versioning.ordering import document_order
from lexrdf.versioning.recorded_ends import RecordedEnds
from lexrdf.versioning.state import EventSpec, NewRecord, NewVersion, Plan, StoredAct, StoredVersion
from lexrdf.versioning.unit_changes import REOPENING_KINDS, TEXTUAL, UnitChanges
from lexrdf.vocab import RULING_KINDS

# When several modifications of one provision take effect on one day, the strongest kind names the event.
KIND_RANK = {"substitution": 3, "insertion": 2, "repeal": 1, "amendment": 0}
DAY = timedelta(days=1)
# kinds of event a source gives without naming an act, that an announced change may name
_ADOPTS = frozenset({*KIND_RANK, "started-without-recorded-act", "ended-without-recorded-act"})


class Planner(UnitChanges, RecordedEnds):
    """Plans one document against one act's stored state: the events it names and the records it adds."""

    def __init__(
        self,
        document: SourceDocument,
        stored: StoredAct,
        minter: IriMinter,
        next_expression: date | None = None,
        companion: bool = False,
        whole_held: bool | None = None,
    ) -> None:
        self.document = document
        self.stored = stored
        self.minter = minter
        self.next_expression = next_expression  # a later expression already stored: this one fills history behind
        self.companion = companion  # the document ends nothing it does not show (another language; a portion)
        # an expression of the whole act is stored (texts held only from portions of it do not make this document
        # a later expression of the act: each portion is the first source of what it shows)
        self.whole_held = stored.has_versions if whole_held is None else whole_held
        self.plan = Plan(act=stored.iri)
        self.units_by_path = {u.path: u for u in reversed(document.units)}
        # concurrent versions (Unit.concurrent): each extent's units, and the notes their texts point at
        self.chain_units = {(u.path, u.extent): u for u in reversed(document.units) if u.concurrent}
        self.chain_notes: dict[str | None, set[str]] = defaultdict(set)
        for unit in document.units:
            if unit.concurrent:
                self.chain_notes[unit.extent].update(unit.notes)
        self.descendant_eids = self._descendants()
        self.mods_by_target = defaultdict(list)
        for mod in document.modifications:
            self.mods_by_target[mod.destination].append(mod)
        self.lifecycle_by_day = defaultdict(list)
        for event in document.events:
            self.lifecycle_by_day[event.day].append(event)
        self.enactment_day = min((e.day for e in document.events if e.kind == "enactment"), default=document.work_date)
        self._origins: dict[tuple[str, str | None], tuple[date, str, list[Modification]] | None] = {}
        # (path, concurrent extent or None) -> (start, opening event, begins history)
        self.first_starts: dict[tuple[str, str | None], tuple[date, str, bool]] = {}
        # an enclosing unit's path -> the window ends of the units inside it dated on their own (periods.py)
        self.inner_ends: dict[str, set[date | None]] = {}
        # a portion's units shown only around what it holds (periods.shown_in_part), once computed
        self.scope_ancestors: frozenset[str] | None = None
        self.commencement_days = {m.effective for m in document.modifications if m.kind == "commencement"}
        self.entry_events: set[str] = set()  # the act's own commencement on its stated entry into force (enactment())

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
        self,
        day: date,
        kind: str,
        unit_path: str,
        mods: Iterable[Modification] = (),
        source: str | None = None,
        extent: str | None = None,
    ) -> str:
        """The event of `kind` on `day` made by every act the modifications name (or by `source`); a change the
        document names no act for, that an amending act announced, is that act's event. One limited to some
        territories (`extent`: a repeal "for E." only) is an event of its own, which says so."""
        # a textual event is made by every act that changed the words that day (several acts on one day are all
        # named; the strongest kind names the event); an amendment as a whole, by every change inside it
        given = list(mods)
        mods = [
            m
            for m in given
            if m.kind == kind or kind in {"enactment", "commencement"} or (kind in TEXTUAL and m.kind in TEXTUAL)
        ]
        sources = {source} if source is not None else {self.source_iri(m.source_act) for m in mods if m.source_act}
        announced = None if sources else self.announced(unit_path, day, kind)
        if announced:  # that very event: the consolidation shows the change an amending act announced
            kind, sources, iri = announced
        if not sources and kind in {"enactment", *TEXTUAL}:
            sources = {e.source_act for e in self.lifecycle_by_day.get(day, []) if e.source_act}
        if not announced:
            iri = self.minter.event(self.stored.iri, day, kind, tuple(sorted(sources)), extent)
        spec = self.plan.events.get(iri)
        if spec is None:
            spec = self.plan.events[iri] = EventSpec(iri, day, kind, extent=None if announced else extent)
        spec.source_acts.update(sources)
        made_by = {m.source_provision for m in mods if m.source_provision}
        spec.source_provisions.update(made_by)
        spec.provisions.setdefault(unit_path, set()).update(made_by)
        spec.notes.update(m.note for m in mods if m.note)
        spec.affects.add(unit_path)
        announced_by = ", ".join(sorted(sources)) if announced else None
        unit, lifecycle = self.units_by_path.get(unit_path), self.lifecycle_by_day.get(day, [])
        evidence = of_event(self.document, day, kind, unit, lifecycle, mods or given, announced_by)
        spec.evidence.setdefault(unit_path, set()).update(evidence)
        return iri

    def announced(self, unit_path: str, day: date, kind: str) -> tuple[str, set[str], str] | None:
        """A change this document shows with no act named, that an amending act already stored announced for the
        provision on that day (its activeModifications): (its kind, the acts that made it, its IRI), or None."""
        found = self.stored.announced.get((unit_path, day))
        if found is None or kind not in _ADOPTS:
            return None
        announced_kind, acts, iri = found
        ends = kind == "ended-without-recorded-act"
        if announced_kind not in TEXTUAL or (announced_kind == "repeal") != ends:
            return None
        return announced_kind, set(acts), iri

    def enactment(self, unit_path: str, day: date | None = None) -> str:
        """The act's enactment, which brought `unit_path` into force with the act; when the source states the act's
        entry into force later than its own date, `unit_path` starts then and its mapping names that entry a
        commencement (`entry_into_force_event`: an instrument's ukm:ComingIntoForce), the act's commencement on that
        day, by the act itself (not yet in force between the two)."""
        entry = self.document.entry_into_force
        commenced = self.document.entry_into_force_event == "commencement"
        # an entry into force known only as a bound (at the earliest) is a commencement of its own, even on the
        # act's own day: the act was passed then (its own unit, "", is enacted), its texts perhaps in force later
        at_earliest = bool(self.document.entry_at_earliest) and unit_path != ""
        later = entry is not None and (entry > self.enactment_day or at_earliest)
        if commenced and later and day == entry:
            iri = self.event(entry, "commencement", unit_path, source=self.stored.iri)
            self.entry_events.add(iri)
            if self.document.entry_at_earliest:  # a period after a publication the source does not date
                self.plan.events[iri].at_earliest = True
            return iri
        return self.event(self.enactment_day, "enactment", unit_path, source=self.stored.iri)

    def change_event(self, unit: Unit, day: date, changes: list[Modification]) -> str:
        """The event of the strongest kind among changes taking effect on one day (all their acts named)."""
        kind = max((m.kind for m in changes), key=lambda k: KIND_RANK.get(k, 0))
        return self.event(day, kind, unit.path, changes)

    def origin(self, unit: Unit | None) -> tuple[date, str, list[Modification]] | None:
        """When a provision (or, failing a record of its own, its nearest ancestor with one) entered into force:
        its commencement, or its insertion as a whole. Returns (date, kind, changes)."""
        while unit is not None:
            key = (unit.path, chain(unit))
            found = self._origins.get(key)
            if found is None and key not in self._origins:
                commenced = [m for m in self.changes(unit, kinds={"commencement"}) if m.effective]
                inserted = [m for m in self.changes(unit, kinds={"insertion"}) if m.effective and m.of_unit]
                chosen = commenced or inserted
                if chosen:
                    day = max(m.effective for m in chosen)
                    found = (day, chosen[0].kind, [m for m in chosen if m.effective == day])
                self._origins[key] = found
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
        if day <= entry or self.staged_entry(unit, day):  # in force since the act came into force: its enacted text
            return self.enactment(unit.path, day)
        inserted_with = self.ancestor_changes(unit, day, {"insertion"})
        if inserted_with:
            return self.event(day, "insertion", unit.path, inserted_with)
        commenced = self.changes(unit, day, {"commencement"}) or self.ancestor_changes(unit, day, {"commencement"})
        if commenced:
            return self.event(day, "commencement", unit.path, commenced)
        nested = self.descendant_changes(unit, day)
        if nested:
            return self.event(day, "amendment", unit.path, nested)
        undated = [m for m in self.changes(unit, kinds=TEXTUAL - {"repeal"}) if m.effective is None and m.source_act]
        if undated:  # made by an act the source names (a credit "Added Pub. L. ..."), on a day it does not give
            event = self.change_event(unit, day, undated)
            self.plan.events[event].at_latest = True  # at the latest when the source first shows the words
            return event
        if first_of_act:  # the first source of the act is a consolidation: it shows the text from its date only
            return self.event(day, "started-without-recorded-act", unit.path)
        return self.event(day, "insertion" if new_provision else "amendment", unit.path)

    def staged_entry(self, unit: Unit, day: date) -> bool:
        """Whether `day` is the act's own entry into force of `unit` in stages: the document is the act's text as
        enacted (its expression is of the act's date) and the unit's own window starts that day, at a lifecycle
        event (the Wachstumschancengesetz's §§ 2-35 from 2023-02-01, § 1 from 2023-01-01)."""
        document = self.document
        return (
            document.expression_date == self.enactment_day
            and unit.window is not None
            and unit.window.start == day
            and bool(self.lifecycle_by_day.get(day))
        )

    def undated(self, unit: Unit) -> bool:
        """Whether the source leaves the entry into force of `unit`'s text undated (its period starts on a placeholder
        date): its window starts at the expression's date, and nothing says it was not in force before."""
        return unit.window is None and self.document.undated_entry is not None

    def reopens(self, unit: Unit, day: date) -> bool:
        """Whether this document records an act that gives `unit` text again on `day`: an insertion or substitution
        of it (or of an enclosing unit, as a whole) naming its act, or one an amending act stored announced."""
        named = [m for m in self.changes(unit, day, REOPENING_KINDS) if m.source_act and m.of_unit]
        named += [m for m in self.ancestor_changes(unit, day, REOPENING_KINDS) if m.source_act]
        announced = self.stored.announced.get((unit.path, day))
        return bool(named) or (announced is not None and announced[0] in REOPENING_KINDS)

    def drop_unused(self, *events: str | None) -> None:
        """Forget events planned for a text that is not recorded after all, when nothing else uses them (they open,
        close and are stored nothing), so that nothing is written for it."""
        for event in events:
            spec = self.plan.events.get(event or "")
            if spec is None or event in self.stored.events or spec.opens or spec.closes:
                continue
            if any(start[1] == event for start in self.first_starts.values()):  # an enclosed unit inherits it
                continue
            del self.plan.events[spec.iri]

    def unaffected(self, event: str, path: str) -> None:
        """Take `path` off a planned event that turned out not to concern it (a start replaced by another), and
        forget the event when nothing else uses it."""
        spec = self.plan.events.get(event)
        if spec is None:
            return
        spec.affects.discard(path)
        spec.evidence.pop(path, None)
        spec.provisions.pop(path, None)
        if not spec.affects:
            self.drop_unused(event)

    def not_reopened(self, unit: Unit, ended: StoredVersion) -> None:
        """Report that the document shows a text whose window a recorded end closed, and records nothing for it."""
        closer = self.stored.closers[ended.closed_by or ""]
        how = (
            "struck down by"
            if closer.kinds & RULING_KINDS
            else "repealed by"
            if "repeal" in closer.kinds
            else "ended (expiry) by"
        )
        made_by = f" ({', '.join(sorted(closer.sources))})" if closer.sources else ""
        label = unit.eid or unit.path or "the act"
        self.notice(
            f"{self.document.path}:{unit.line or ''}: {label} is shown in force but was {how} {closer.iri}{made_by} "
            f"on {ended.valid_until}; not reopened"
        )

    def notice(self, notice: str) -> None:
        """Report something the source says that is not used as it stands (once)."""
        if notice not in self.plan.notices:
            self.plan.notices.append(notice)
        if notice not in self.document.notices:  # counted with what else the source says that cannot be used
            self.document.notices.append(notice)

    def closing_event(self, unit: Unit, day: date, successor: str | None) -> str:
        """The event that ended a window of `unit` on `day`: its successor's opening, a repeal, the end of a
        temporary provision (expiry), or an end no act is recorded for."""
        if successor:
            self.plan.events[successor].affects.add(unit.path)
            return successor
        repeals = self.whole_repeals(unit, day) or self.ancestor_changes(unit, day, {"repeal"})
        if repeals:
            return self.event(day, "repeal", unit.path, repeals)
        lapsed: list[Modification] = []
        holder: Unit | None = unit
        while holder is not None and not lapsed:  # a temporary provision lapses with everything in it
            lapsed = [m for m in self.changes(holder, kinds={"insertion"}) if m.until and m.until + DAY == day]
            holder = self.unit_at(holder.parent_path)
        if lapsed:
            return self.event(day, "expiry", unit.path, lapsed, source=self.source_iri(lapsed[0].source_act or ""))
        return self.event(day, "ended-without-recorded-act", unit.path)

    def repeal_event(self, unit_path: str, day: date, repeals: list[Modification]) -> str:
        """The repeal on `day` these changes record; limited to some territories when they all say the same."""
        extents = {m.extent for m in repeals}
        return self.event(day, "repeal", unit_path, repeals, extent=extents.pop() if len(extents) == 1 else None)

    def record_modifications(self, unit: Unit) -> None:
        """Changes of a provision's effect that leave its text alone: events that affect it, open nothing."""
        for mod in self.changes(unit, kinds={"modification"}):
            if mod.effective is not None:
                self.event(mod.effective, "modification", unit.path, [mod])

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
        opening = self.linked(opened_by)
        iri = self.minter.version(provision, window.start, chain(unit), opening.at_earliest)
        record = NewRecord(iri, None, unit, {}, window.end, closed_by)
        version = NewVersion(
            iri,
            unit.path,
            window.start,
            window.applicable_from,
            opened_by,
            previous,
            record,
            begins_history,
            concurrent=chain(unit),
        )
        self.plan.new_versions.append(version)
        opening.opens.add(iri)
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

    def withdraw(self, stored: StoredVersion) -> None:
        """Withdraw a stored version: its current record is superseded by none, so that as known from now on the
        sources never showed its window (as known before, they did: history is not overwritten)."""
        self.plan.withdrawn.append(stored)
        self.stored.versions[stored.path].remove(stored)

    def order_provisions(self) -> None:
        """Give new provisions a document-order key between their stored neighbours (lexrdf.versioning.ordering)."""
        self.plan.new_provisions.extend(document_order(self.document.units, self.stored.provisions))

    def shown_units(self) -> list[Unit]:
        """The act itself and the document's units: what it shows in force. A portion shows the act's title but
        does not date the act (its entry into force, read from the portion's periods, is the earliest of its own
        texts: an amendment of 2007 to an act in force since 2000): it gives the act a version only when the act has
        none yet (an act known only from portions is in force from the earliest of them, as far as known)."""
        if self.document.portion and self.stored.versions.get(""):
            return list(self.document.units)
        return [self.act_unit(), *self.document.units]

    def act_unit(self) -> Unit:
        doc = self.document
        start = doc.entry_into_force or doc.work_date
        window = None if doc.entry_into_force is None and doc.undated_entry else Window(start)  # its entry undated
        if doc.prospective:  # its own words defer its coming into force to a day the source does not give
            return Unit(None, "", "act", None, "", doc.short_title or "", doc.title, None, None, prospective=True)
        return Unit(None, "", "act", None, "", doc.short_title or "", doc.title, window, None)


def repeal_act(planner: Planner) -> None:
    """A lifecycle event that repeals the act closes the act and every provision in force on that day, by that
    repeal (named as made by the repealing act). One that names no act ends them without a recorded act. A repeal
    eventRef on a day the passive modifications repeal some provisions is theirs (samples/single/harbour-act.xml)."""
    # a repeal the passive modifications place on provisions that day is theirs, not the act's
    # (a note that names the act itself as repealed is the act's repeal, whatever else it repealed that day)
    partial = {m.effective for m in planner.document.modifications if m.kind == "repeal"}
    repeals = sorted(
        (e for e in planner.document.events if e.kind == "repeal" and (e.note or e.day not in partial)),
        key=lambda e: e.day,
    )
    if not repeals:
        return
    day, source = repeals[0].day, repeals[0].source_act
    note = repeals[0].note
    said = [Modification("repeal", "", source, None, day, repeals[0].line, note=note)] if note else []
    planned = {v.iri: v for v in planner.plan.new_versions}
    superseded = {r.version for r in planner.plan.new_records}

    def closing(path: str) -> str:
        if source:
            return planner.event(day, "repeal", path, said, source=planner.source_iri(source))
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


def chain(unit: Unit) -> str | None:
    """The timeline a unit's text belongs to: its extent when it is one of several concurrent versions, else None
    (the provision's one timeline)."""
    return unit.extent if unit.concurrent else None


def close_absent(planner: Planner, present: set[str], day: date) -> None:
    """Close what is in force on `day` but absent from the document."""
    for path, versions in planner.stored.versions.items():
        if path in present:
            continue
        for version in versions:
            if version.valid_until is None and version.valid_from < day:
                absent = planner.unit_at(path) or Unit(None, path, "", None, "", "", "", None, None)
                # the usual AKN repeal: a passive textualMod of type repeal, dated, whose destination the expression
                # no longer holds: the provision ended on that date, by that repeal, not on the expression's date
                repealed_on = [
                    m.effective
                    for m in planner.whole_repeals(absent)
                    if m.effective and version.valid_from < m.effective <= day
                ]
                ends_on = max(repealed_on, default=day)
                closed_by = planner.closing_event(absent, ends_on, None)
                planner.supersede(version, None, ends_on, closed_by)


def close_placeholder(planner: Planner, unit: Unit, day: date) -> None:
    """A unit the document shows only as repealed (its text a placeholder: `Unit.placeholder`) has no text in force:
    the repeal it is evidence of affects it and closes what was in force of it. Dated by the source (the act it
    cites, through its lifecycle event), the repeal closes the provision on that date; undated, it is recorded on
    the expression's date as the latest it can have happened (`EventSpec.at_latest`), never as its date."""
    repeals = planner.whole_repeals(unit)
    dated = [m for m in repeals if m.effective and m.effective <= day]
    when = max((m.effective for m in dated), default=day)  # type: ignore[type-var]
    if repeals:
        event = planner.event(when, "repeal", unit.path, [m for m in dated if m.effective == when] or repeals)
    else:  # the placeholder names no act: an end no act is recorded for
        event = planner.event(when, "ended-without-recorded-act", unit.path)
    if not dated:
        planner.plan.events[event].at_latest = True
    for version in planner.stored.versions.get(unit.path, []):
        if version.valid_from < when and (version.valid_until is None or version.valid_until > when):
            planner.supersede(version, None, when, event)


def record_repeals_of_absent(planner: Planner) -> None:
    """A dated repeal the document records of a provision it no longer holds, of which nothing is stored (the usual
    AKN repeal, in an expression ingested before the ones that show the provision): the repeal is recorded as
    affecting that provision, so that an older expression ingested later ends the provision's text on that day, by
    that repeal, as it would have had the expressions come in order."""
    for mod in planner.document.modifications:
        path = mod.destination_path
        if mod.kind != "repeal" or not mod.of_unit or mod.effective is None or path is None:
            continue
        if path in planner.units_by_path or planner.stored.versions.get(path):
            continue
        planner.event(mod.effective, "repeal", path, [mod])
