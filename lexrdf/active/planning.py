"""Planning the events of one ingest run: each active modification of the documents being ingested, each effect of
a changes feed, and each event recorded while an act was known only by reference, resolved against its target."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from pyoxigraph import Quad

from lexrdf.active.events import ActiveEvent, NewChangeset, active_quads
from lexrdf.active.targets import _Structure, _structure, _target_paths
from lexrdf.mapping.destinations import destination_patterns, split_destination
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.mapping.spec import all_mappings
from lexrdf.model import TEXTUAL_KINDS, ActiveModification, ActReference, Modification, SourceDocument
from lexrdf.queries.repository import EventFacts, earlier_iris, events_on
from lexrdf.store.base import Store
from lexrdf.uris import IriMinter
from lexrdf.vocab import EVENT_CLASSES, KIND_OF_CLASS, LEX


@dataclass
class ActivePlan:
    """The active modifications of one ingest run, resolved: events and notices by group (amending act)."""

    events: dict[int, list[ActiveEvent]] = field(default_factory=dict)
    notices: dict[int, list[str]] = field(default_factory=dict)
    stored: dict[str, dict[str, EventFacts]] = field(default_factory=dict)  # what the store holds, by target

    def quads(
        self, index: int, minter: IriMinter, pending: list[Quad], source_file: str, new_changeset: NewChangeset
    ) -> list[Quad]:
        """The quads group `index`'s active events add to its act's graph (see `active_quads`)."""
        events = self.events.get(index, [])
        return active_quads(events, self.stored, minter, pending, source_file, new_changeset, set())

    @property
    def all_notices(self) -> list[str]:
        return [notice for index in sorted(self.notices) for notice in self.notices[index]]


def plan_active(groups: list[list[SourceDocument]], acts: list[str], store: Store, minter: IriMinter) -> ActivePlan:
    """Resolve every active modification of the documents being ingested: the events each amending act records on
    its targets, and a notice for each destination that names no provision of a held target."""
    plan = ActivePlan()
    index_of = {act: index for index, act in enumerate(acts)}
    structures: dict[str, _Structure] = {}
    stored_events: dict[str, dict[str, EventFacts]] = {}
    passives: dict[str | None, _Passive] = {}  # each target's passive modifications in this run (`_passive_index`)
    for index, (group, amending) in enumerate(zip(groups, acts, strict=True)):
        events: dict[str, ActiveEvent] = {}
        aliases: set[str] = set()
        if any(document.active_modifications for document in group):  # the IRIs it had while known by reference
            aliases = {*minter.known.minted_earlier.get(amending, ()), *earlier_iris(store, amending)}
        seen: set[ActiveModification] = set()
        for document in group:
            own_eids = {unit.eid for unit in document.units if unit.eid}
            for change in document.active_modifications:
                if change in seen:
                    continue
                seen.add(change)
                if change.target_work is None and not change.positional and change.target in own_eids:
                    continue  # a change of its own provisions: recorded with them, as a passive one (the mapping's)
                target = amending if change.target_work is None else minter.known.act(change.target_work)
                where = f"{document.path}:{change.line or '?'}: {change.element}: destination {change.destination!r}"
                if not change.target and change.target_work is None:
                    plan.notices.setdefault(index, []).append(f"{where} names no provision (no rule splits it)")
                    continue
                if target is None:  # an act we do not hold: the event affects the provision it names, as known by
                    reference = change.target_work or ""  # reference (or, naming none we can mint, the act)
                    node = minter.cited_act(reference)
                    named = None  # a range or positional steps name no eId of it
                    if not (change.positional or change.through):
                        named = _cited_provision(minter, node, change.target, document.mapping)
                    affects, reference_used = {named or node}, reference
                    unresolved = named is None and bool(change.target)
                else:
                    if target not in structures:
                        batch = groups[index_of[target]] if target in index_of else []
                        structures[target] = _structure(store, target, batch)
                    paths, problem = _target_paths(change, structures[target])
                    if problem:
                        plan.notices.setdefault(index, []).append(f"{where} {problem} of {target}")
                        continue
                    node, reference_used, unresolved = target, None, False
                    affects = {minter.provision(target, path) for path in paths}
                if node not in stored_events:
                    stored_events[node] = events_on(store, node)
                if node == amending:
                    source = amending
                else:
                    if target not in passives:
                        passives[target] = _passive_index(groups[index_of[target]] if target in index_of else [])
                    source = _source_name(change, document, passives[target])
                kind, iri = _event_iri(minter, node, change, source, affects, stored_events[node])
                event = events.get(iri)
                if event is None:
                    event = events[iri] = ActiveEvent(
                        iri, change.effective, kind, node, reference_used, amending, {amending}, document=document
                    )
                    event.aliases = aliases
                event.affects |= affects
                event.portions.add(_portion(change))
                if unresolved:
                    event.unresolved.add(_portion(change))
                if change.source_path:
                    event.source_provisions.add(minter.provision(amending, change.source_path))
        resolved = _resolve_earlier(amending, group, minter, store, structures, stored_events, plan, index)
        events.update((event.iri, event) for event in resolved if event.iri not in events)
        if events:
            plan.events[index] = list(events.values())
    plan.stored = stored_events
    return plan


def plan_feeds(
    feeds: list[EffectsFeed],
    feed_acts: list[tuple[int, str]],
    groups: list[list[SourceDocument]],
    acts: list[str],
    store: Store,
    minter: IriMinter,
    plan: ActivePlan,
) -> None:
    """Resolve the effects of changes feeds into `plan`: a feed is a source about each affected act's history (as
    an AKN act's passive modifications are), so each effect becomes an event recorded in the graph of the act it
    affects, which is held (`feed_acts`: the group index of each affected act, by its IRI, checked at reading).
    The event affects the provisions the effect names (a range: each provision from the first to the last, at the
    first one's depth), names the affecting act as its source (its IRI if held, else the act known by reference,
    described by the feed's title for it) and the affecting provisions where that act is held and has them; an
    effect the feed says is not applied to the revised text is ``lex:applied false``. Neither kind opens a version
    (the text changes when a consolidation is ingested). An effect with no in-force date, or naming no provision
    of the held act, is a notice."""
    index_of = {act: index for index, act in feed_acts}
    structures: dict[str, _Structure] = {}
    stored_events: dict[str, dict[str, EventFacts]] = plan.stored
    for feed in feeds:
        titles = {e.affecting: e.affecting_title for e in feed.effects if e.affecting_title}
        by_iri: dict[tuple[int, str], ActiveEvent] = {}
        for affecting in feed.affecting_acts:
            source_held = minter.known.act(affecting)
            source = source_held or minter.cited_act(affecting)
            for change in feed.active_modifications(affecting):
                where = f"{feed.path}:{change.line}: {change.element}"
                target = minter.known.act(change.target_work or "")
                if target is None or target not in index_of:
                    continue  # refused at reading: every affected act is held
                index = index_of[target]
                if target not in structures:
                    structures[target] = _structure(store, target, groups[index] if index < len(groups) else [])
                if not change.target:
                    plan.notices.setdefault(index, []).append(f"{where} names no provision of {target}")
                    continue
                paths, problem = _target_paths(change, structures[target])
                if problem:
                    plan.notices.setdefault(index, []).append(f"{where} {problem} of {target}")
                    continue
                affects = {minter.provision(target, path) for path in paths}
                if target not in stored_events:
                    stored_events[target] = events_on(store, target)
                name = target if source_held == target else affecting  # as the target's own ingest names it
                if change.applied:
                    kind, iri = _event_iri(minter, target, change, name, affects, stored_events[target])
                else:  # not in the revised text: never the event a consolidation recorded; one of its own
                    kind, iri = change.kind, minter.event(target, change.effective, change.kind, (name,))
                    iri += "/not-applied"
                event = by_iri.get((index, iri))
                if event is None:
                    event = by_iri[(index, iri)] = ActiveEvent(
                        iri, change.effective, kind, target, None, target, {source}
                    )
                    event.applied, event.feed = change.applied, feed.path
                    if source_held is None:
                        event.cited[affecting] = ActReference(affecting, titles.get(affecting))
                event.affects |= affects
                event.portions.add(_portion(change))
                if change.source_path and source_held:
                    if source_held not in structures:
                        batch = groups[acts.index(source_held)] if source_held in acts else []
                        structures[source_held] = _structure(store, source_held, batch)
                    path = structures[source_held].by_eid.get(change.source_path)
                    if path:  # the affecting provision, where the act we hold has it
                        event.source_provisions.add(minter.provision(source_held, path))
        for (index, _), event in by_iri.items():
            plan.events.setdefault(index, []).append(event)
    plan.stored = stored_events


def _portion(change: ActiveModification) -> str:
    """The portion as the amending act names it (``lex:targetPortion``): its destination, and a range's end."""
    return f"{change.destination} upTo {change.through}" if change.through else change.destination


def _resolve_earlier(
    act: str,
    group: list[SourceDocument],
    minter: IriMinter,
    store: Store,
    structures: dict[str, _Structure],
    stored_events: dict[str, dict[str, EventFacts]],
    plan: ActivePlan,
    index: int,
) -> list[ActiveEvent]:
    """The events amending acts recorded on this act while it was known only by reference (its IRIs minted then,
    now linked to it), resolved against its provisions: each the same event on the act's own IRI, affecting the
    provisions the portions name, and superseding the one on the act known by reference. An event a portion of
    which names no provision is left as it is, with a notice."""
    resolved: list[ActiveEvent] = []
    for earlier in minter.known.minted_earlier.get(act, ()):
        for facts in sorted(events_on(store, earlier).values(), key=lambda f: f.iri):
            kind = KIND_OF_CLASS.get(facts.kind_class or "")
            if facts.superseded or not facts.portions or kind is None or facts.day is None:
                continue
            if act not in structures:
                structures[act] = _structure(store, act, group)
            paths: list[str] = []
            problems: list[str] = []
            for portion in sorted(facts.portions):
                change = _change_of(portion, kind, facts.day, facts.iri, minter, act)
                found, problem = _target_paths(change, structures[act]) if change else ([], "is not a portion")
                paths += found
                if problem:
                    problems.append(f"{facts.iri}: portion {portion!r} {problem} of {act}")
            if problems:
                plan.notices.setdefault(index, []).extend(problems)
                continue
            affects = {minter.provision(act, path) for path in paths}
            if act not in stored_events:
                stored_events[act] = events_on(store, act)
            confirmed = _confirmed(stored_events[act], facts.day, kind, affects)
            same = minter.same_event(facts.iri, earlier, act)
            kind, iri = confirmed or (kind, same or minter.event(act, facts.day, kind, tuple(sorted(facts.sources))))
            event = ActiveEvent(iri, facts.day, kind, act, None, act, set(facts.sources), affects)
            event.source_provisions |= facts.source_provisions
            event.portions |= facts.portions
            event.supersedes.add(facts.iri)
            resolved.append(event)
    return resolved


def _change_of(
    portion: str, kind: str, day: date, element: str, minter: IriMinter, act: str
) -> ActiveModification | None:
    """A stored portion read back as the change it was written for, by the rules of the mapping that splits it."""
    destination, _, through = portion.partition(" upTo ")
    for mapping in all_mappings():
        split = split_destination(destination, destination_patterns(mapping), mapping.separator)
        if split and split[0] and minter.known.act(split[0]) == act:
            work, target, positional, expression = split
            return ActiveModification(
                kind, work, target, day, None, None, None, element, destination, positional, expression, through or None
            )
    return None


def _cited_provision(minter: IriMinter, act: str, eid: str, mapping: str) -> str | None:
    """The provision of an act known only by reference (`act`) a destination names by an eId, its path made by the
    separator of the document's `mapping` (``urn:nir:...;36#8`` -> ``.../36/8``, ``~art_8__para_2`` ->
    ``.../art_8/para_2``); None when the eId makes no path."""
    separator = next((m.separator for m in all_mappings() if m.name == mapping), "__")
    return minter.cited_provision(act, eid, separator)


#: a target's passive modifications by kind and effective date, in the order of its documents
_Passive = dict[tuple[str, date | None], list[Modification]]


def _passive_index(target_documents: list[SourceDocument]) -> _Passive:
    """The passive modifications of a target's documents in this run (none: a target not ingested in it)."""
    passive: _Passive = {}
    for target_document in target_documents:
        for mod in target_document.modifications:
            passive.setdefault((mod.kind, mod.effective), []).append(mod)
    return passive


def _source_name(change: ActiveModification, document: SourceDocument, passive: _Passive) -> str:
    """The amending act as the target's own ingest names it among an event's sources (`IriMinter.event` is keyed
    by the names its sources are cited by): as the first passive modification of the target in this run of the
    same kind and date (`passive`) cites it, else by the amending act's work identifier."""
    own = {document.frbr_work, *document.frbr_aliases}
    for mod in passive.get((change.kind, change.effective), ()):
        if mod.source_act in own and (change.positional or mod.destination == change.target):
            return mod.source_act
    return document.frbr_work


def _event_iri(
    minter: IriMinter,
    act: str,
    change: ActiveModification,
    source: str,
    affects: set[str],
    stored: dict[str, EventFacts],
) -> tuple[str, str]:
    """(kind, IRI) of the event: one the target already has of that date and kind affecting that provision (or,
    for a textual change, the generic amendment a consolidation recorded that day without naming its act), else
    the one the target's own ingest would mint."""
    confirmed = _confirmed(stored, change.effective, change.kind, affects)
    return confirmed or (change.kind, minter.event(act, change.effective, change.kind, (source,)))


def _confirmed(stored: dict[str, EventFacts], day: date, kind: str, affects: set[str]) -> tuple[str, str] | None:
    """(kind, IRI) of the event the act already has of that date and kind affecting one of these provisions (or,
    for a textual change, the generic amendment a consolidation recorded that day without naming its act)."""
    wanted = LEX[EVENT_CLASSES.get(kind, "Amendment")].value
    same_day = sorted(
        (f for f in stored.values() if f.day == day and f.affects & affects and not f.superseded), key=lambda f: f.iri
    )
    for facts in same_day:
        if facts.kind_class == wanted:
            return kind, facts.iri
    if kind in TEXTUAL_KINDS:
        for facts in same_day:
            if facts.kind_class == LEX.Amendment.value and not facts.sources:
                return "amendment", facts.iri
    return None
