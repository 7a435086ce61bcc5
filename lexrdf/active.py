"""Active modifications: what an amending act says it changes in other acts becomes events on those acts.

An amending act's ``activeModifications`` (mapped into `ActiveModification`s) are resolved at ingest against the
target act, held (stored, or ingested in the same run) or known only by reference. Each becomes an event on the
target act, written in the amending act's graph (what an ingest adds to an act is its own graph): its kind and
date, ``lex:affectedAct`` the target, ``lex:affects`` the target provision (for an act we do not hold, the act
known by reference), ``lex:sourceAct`` the amending act, ``lex:sourceProvision`` the amending provision,
``lex:targetPortion`` the destination as the amending act wrote it. It opens no version: the text changes when a
consolidation of the target is ingested.

One event per target act, day, kind and source act, minted as the target's own ingest mints it (`IriMinter.event`,
the amending act named as the target's sources name it). When the target already has an event of that date and
kind affecting that provision (its consolidation recorded the change), the amending act confirms that event: the
same resource, to which its graph adds the amending provision and the portion (and itself as source act, unless
the event names it already by the IRI it had while known only by reference).

An event on an act we do not hold keeps the portions the amending act named. When that act is ingested, its ingest
resolves them against its provisions: the event becomes the one the target's own IRI gives it
(`IriMinter.same_event`), recorded in the target's graph, affecting the provisions, and the event on the act known
by reference is superseded (transaction time: as known before, the answer is what it was). Either order of ingest
gives the same events.

A destination that names no provision of a held target is a notice naming the file, line and element, and writes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from urllib.parse import unquote

from pyoxigraph import Literal, Quad

from lexrdf.emit import LEX_T, PROV_T, RDF_T, Emitter, cited_act, date_term, describe_reference, literal
from lexrdf.mapping.destinations import destination_patterns, split_destination
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.mapping.spec import all_mappings
from lexrdf.model import TEXTUAL_KINDS, ActiveModification, ActReference, Modification, SourceDocument
from lexrdf.queries.repository import EventFacts, act_provisions, earlier_iris, events_on
from lexrdf.store.base import Store
from lexrdf.uris import IriMinter
from lexrdf.vocab import EVENT_CLASSES, KIND_OF_CLASS, LEX, PROV, RDF, XSD

_FALSE = f'"false"^^<{XSD.boolean.value}>'
NewChangeset = Callable[[], tuple[str, datetime]]  # a changeset IRI and its (provisional) time


@dataclass
class ActiveEvent:
    """One event on a target act, made by an amending act: to record in the graph of `recorded_in` (the amending
    act; or the target, when its ingest resolves an event recorded while it was known only by reference)."""

    iri: str
    day: date
    kind: str
    target: str  # the target act's IRI (held), or the IRI of the act known only by reference
    reference: str | None  # the target as the destination names it, when we do not hold it
    recorded_in: str
    sources: set[str] = field(default_factory=set)  # the amending acts
    affects: set[str] = field(default_factory=set)  # provision IRIs (the target act itself when not held)
    source_provisions: set[str] = field(default_factory=set)
    portions: set[str] = field(default_factory=set)  # the destinations as the amending act wrote them
    supersedes: set[str] = field(default_factory=set)  # events on the act known by reference it replaces
    document: SourceDocument | None = None
    aliases: set[str] = field(default_factory=set)  # other IRIs of the source acts (minted while known by reference)
    applied: bool = True  # false: the publisher's revised text of the target does not incorporate it yet
    cited: dict[str, ActReference] = field(default_factory=dict)  # source acts known by reference, by reference
    feed: str | None = None  # the changes feed it was read from (recorded by a changeset naming that file)


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


@dataclass
class _Structure:
    """A held target's provisions: their paths by eId, parents, and document order (of one expression)."""

    by_eid: dict[str, str] = field(default_factory=dict)
    parent: dict[str, str | None] = field(default_factory=dict)
    ordered: list[str] = field(default_factory=list)  # paths, document order
    since: dict[str, date | None] = field(default_factory=dict)  # from when the act has had the provision
    by_expression: dict[date, list[str]] = field(default_factory=dict)  # batch expressions: paths in order

    def paths_at(self, day: date | None) -> list[str]:
        """The provisions of the expression of `day`, in document order: that expression when it is being
        ingested (or the latest before it), else the stored provisions the act had by then."""
        if day is not None and self.by_expression:
            earlier = [d for d in self.by_expression if d <= day]
            return self.by_expression[max(earlier) if earlier else min(self.by_expression)]
        if day is not None:
            had = [p for p in self.ordered if self.since.get(p) is None or self.since[p] <= day]
            if had:
                return had
        return self.ordered

    def depth(self, path: str) -> int:
        depth, parent = 0, self.parent.get(path)
        while parent:
            depth, parent = depth + 1, self.parent.get(parent)
        return depth


def _structure(store: Store, act: str, documents: list[SourceDocument]) -> _Structure:
    found = _Structure()
    for row in act_provisions(store, act):
        if row.eid:
            found.by_eid.setdefault(row.eid, row.path)
        found.parent.setdefault(row.path, row.parent_path)
        found.ordered.append(row.path)
        dates = [d for d in (row.first_from, row.first_opened) if d is not None]
        found.since[row.path] = min(dates) if dates else None
    for document in documents:
        paths = found.by_expression.setdefault(document.expression_date, [])
        listed = set(paths)  # (a list's `in` made this quadratic in an act's units)
        for unit in document.units:
            if unit.eid:
                found.by_eid.setdefault(unit.eid, unit.path)
            found.parent.setdefault(unit.path, unit.parent_path)
            if unit.path not in listed:
                listed.add(unit.path)
                paths.append(unit.path)
    if documents:
        latest = found.by_expression[max(found.by_expression)]
        in_latest = set(latest)
        found.ordered = latest + [p for p in found.ordered if p not in in_latest]
    return found


def _token(segment: str) -> str:
    return segment.rpartition("-")[0] or segment


def resolve_steps(steps: str, paths: list[str]) -> str | None:
    """The deepest provision a positional path proves: each ``{element}-{n}`` step is the n-th nearest element of
    that kind (the eId segment's name) below the one found so far, in document order. A step naming a kind the
    target's eIds do not use (a container the other markup has and this one lacks) is passed over, unless the
    next step's candidates then sit in different containers (the passed step would have told which): there the
    path stops at what it proved.

    >>> paths = ["art-z20", "art-z20/abs-z1", "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1",
    ...          "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2", "art-z20/abs-z2", "art-z34"]
    >>> resolve_steps("hauptteil-1/art-1/abs-1/untergl-1/listenelem-2/inhalt-1/text-1", paths)
    'art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2'
    >>> resolve_steps("art-2/abs-3", paths)
    'art-z34'
    """
    segmented = [tuple(path.split("/")) for path in paths]
    current: tuple[str, ...] = ()
    passed = False
    for step in steps.split("/"):
        token, _, number = step.rpartition("-")
        if not token or not number.isdigit():
            break
        candidates: list[tuple[str, ...]] = []
        for segments in segmented:
            if segments[: len(current)] != current:
                continue
            for index in range(len(current), len(segments)):
                if _token(segments[index]) == token:
                    if segments[: index + 1] not in candidates:
                        candidates.append(segments[: index + 1])
                    break
        if not candidates:
            passed = True
            continue
        if passed and len({c[len(current) : -1] for c in candidates}) > 1:
            break
        if not 1 <= int(number) <= len(candidates):
            break
        current, passed = candidates[int(number) - 1], False
    held = set(paths)
    while current and "/".join(current) not in held:
        current = current[:-1]
    return "/".join(current) or None


def _same_segment(segment: str, cited: str) -> bool:
    """Whether an eId segment is the one the words name (percent-decoded, case and the § sign aside)."""
    return unquote(segment).replace("§", "").lower() == unquote(cited).replace("§", "").lower()


def within_cited(path: str, cited: tuple[str, ...], paths: list[str]) -> str:
    """The provision the amending words name (`cited` eId segments, outermost first) within the one a destination's
    steps proved (`path`): the words say more only inside it (§ 6b, the 26th article, then its Absatz 6), never
    elsewhere; `path` itself when they name nothing deeper in it.

    >>> paths = ["art-z%c2%a76b", "art-z%c2%a76b/abs-z1", "art-z%c2%a76b/abs-z6", "art-z%c2%a77"]
    >>> within_cited("art-z%c2%a76b", ("art-z6b", "abs-z6"), paths), within_cited("art-z%c2%a77", ("art-z6b",), paths)
    ('art-z%c2%a76b/abs-z6', 'art-z%c2%a77')
    """
    segments = path.split("/")
    if not cited or not any(_same_segment(segments[-1], name) for name in cited):
        return path  # the words do not name the provision the steps proved: they cannot lead within it
    found = path
    for name in cited[[_same_segment(segments[-1], n) for n in cited].index(True) + 1 :]:
        depth = found.count("/") + 1
        below = [p for p in paths if p.startswith(found + "/") and _same_segment(p.split("/")[depth], name)]
        exact = [p for p in below if p.count("/") == depth]
        if len(exact) != 1:
            break
        found = exact[0]
    return found


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
                else:
                    if target not in structures:
                        batch = groups[index_of[target]] if target in index_of else []
                        structures[target] = _structure(store, target, batch)
                    paths, problem = _target_paths(change, structures[target])
                    if problem:
                        plan.notices.setdefault(index, []).append(f"{where} {problem} of {target}")
                        continue
                    node, reference_used = target, None
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


def _target_paths(change: ActiveModification, structure: _Structure) -> tuple[list[str], str | None]:
    """The provisions of a held target a destination names (the act itself when it names no portion; a range:
    each provision from the first to the last, at the first one's depth), or the problem with it."""
    if not change.target and not change.positional:
        return [""], None
    if change.positional:
        paths = structure.paths_at(change.target_expression)
        path = resolve_steps(change.target, paths)
        if path is None:
            return [], f"names no provision (no step of {change.target!r} matches an eId)"
        return [within_cited(path, change.cited, paths)], None
    first = _path_of(change.target, change.kind, structure)
    if first is None:
        return [], f"names no provision (eId {change.target!r} is absent)"
    if not change.through:
        return [first], None
    last = _path_of(change.through, change.kind, structure)
    if last is None:
        return [], f"names no provision (eId {change.through!r}, the end of the range, is absent)"
    order = structure.ordered
    if first not in order or last not in order or order.index(last) < order.index(first):
        return [], f"names no range of provisions ({change.target!r} to {change.through!r})"
    depth = structure.depth(first)
    span = order[order.index(first) : order.index(last) + 1]
    return [path for path in span if structure.depth(path) == depth], None


def _path_of(eid: str, kind: str, structure: _Structure) -> str | None:
    """The provision an eId names; for an insertion of a provision the target does not have yet, the provision it
    is inserted into (the longest eId the new one extends)."""
    if eid in structure.by_eid:
        return structure.by_eid[eid]
    if kind != "insertion":
        return None
    holders = [e for e in structure.by_eid if eid.startswith(e) and eid[len(e) : len(e) + 1] in {"_", "-", "."}]
    return structure.by_eid[max(holders, key=len)] if holders else None


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


def active_quads(
    events: Iterable[ActiveEvent],
    stored: dict[str, dict[str, EventFacts]],
    minter: IriMinter,
    pending: list[Quad],
    source_file: str,
    new_changeset: NewChangeset,
    described: set[str],
) -> list[Quad]:
    """The quads the active events add to the amending act's graph, given what the store holds (`stored`) and the
    quads already planned for the graph (`pending`): a new event is described in full; to one the store or this write
    already records (the target's consolidation named the amending act), only the links it lacks are added: the
    amending provision, the portion, the amending act unless it names it already (by any of its IRIs). They are
    recorded by the changeset of the file's other additions, or else by a new one (`new_changeset`). The acts they
    cite are described unless the write's `described` quads say so already (lexrdf.emit.Emitter.describe)."""
    events = list(events)
    if not events:
        return []
    graph = events[0].recorded_in
    changeset, moment = _changeset(pending, source_file)
    if changeset is None:
        created, recorded_at = new_changeset()
        out = Emitter(graph, minter, created, recorded_at, described=described)
    else:
        out = Emitter(graph, minter, changeset, datetime.now(UTC), described=described)
        out.recorded_at = str(moment) if moment is not None else out.recorded_at
    planned = {q.subject.value for q in pending if q.predicate == RDF.type and q.object == LEX.Event}
    for event in events:
        facts = stored.get(event.target, {}).get(event.iri)
        known = facts or EventFacts(event.iri)
        named = bool(event.aliases & known.sources)  # by an IRI minted while the source act was known by reference
        links = [
            *((LEX.sourceAct, s) for s in sorted(event.sources) if s not in known.sources and not named),
            *((LEX.sourceProvision, p) for p in sorted(event.source_provisions) if p not in known.source_provisions),
            *((LEX.affects, a) for a in sorted(event.affects) if a not in known.affects),
        ]
        portions = [p for p in sorted(event.portions) if p not in known.portions]
        if facts is not None and facts.graphs and not links and not portions and not event.supersedes:
            continue  # recorded already, with everything this source says of it
        node = out.iri(event.iri)
        if not (event.iri in planned or (facts is not None and facts.graphs)):  # new: described in full
            out.add(node, RDF_T.type, LEX_T.Event)
            out.add(node, RDF_T.type, LEX_T[EVENT_CLASSES[event.kind]])
            out.add(node, LEX_T.date, date_term(event.day))
            out.add(node, LEX_T.affectedAct, _target_node(out, event))
            if not event.applied:
                out.add(node, LEX_T.applied, _FALSE)
            for reference, cited in sorted(event.cited.items()):  # source acts we do not hold
                describe_reference(out, reference, cited)
            out.recorded(node)
            links = [
                *((LEX_T.sourceAct, s) for s in sorted(event.sources)),
                *((LEX_T.sourceProvision, p) for p in sorted(event.source_provisions)),
                *((LEX_T.affects, a) for a in sorted(event.affects)),
            ]
            portions = sorted(event.portions)
        for predicate, value in links:
            out.add(node, predicate, out.iri(value))
        for portion in portions:
            out.add(node, LEX_T.targetPortion, literal(portion))
        for replaced in sorted(event.supersedes):
            out.add(out.iri(replaced), LEX_T.supersededAt, out.recorded_at)
            out.add(out.iri(replaced), LEX_T.supersededBy, out.changeset)
    if out.lines() and changeset is None:
        out.add(out.changeset, RDF_T.type, LEX_T.Changeset)
        out.add(out.changeset, PROV_T.startedAtTime, out.recorded_at)
        out.add(out.changeset, LEX_T.sourceFile, literal(source_file))
        out.add(out.changeset, LEX_T.act, out.act)
    return out.quads()


def _target_node(out: Emitter, event: ActiveEvent) -> str:
    """The target act, typed in this graph (so that the graph validates on its own); an act we do not hold is
    described as known by reference, from what the amending act says of it."""
    if event.reference is not None and event.document is not None:
        return cited_act(out, event.reference, event.document)
    node = out.iri(event.target)
    if node != out.act:
        out.describe(node, RDF_T.type, LEX_T.Act)  # once a write, however many events target it
    return node


def _changeset(pending: list[Quad], source_file: str) -> tuple[str | None, Literal | None]:
    """The changeset the act's other additions from this file are recorded by, and its time, if there is one."""
    changesets = {q.subject.value for q in pending if q.predicate == RDF.type and q.object == LEX.Changeset}
    chosen = None
    for quad in pending:
        if quad.subject.value in changesets and quad.predicate == LEX.sourceFile and quad.object.value == source_file:
            chosen = quad.subject.value
    if chosen is None and changesets:
        chosen = sorted(changesets)[-1]
    if chosen is None:
        return None, None
    moment = next((q.object for q in pending if q.subject.value == chosen and q.predicate == PROV.startedAtTime), None)
    return chosen, moment if isinstance(moment, Literal) else None


__all__ = ["ActiveEvent", "ActivePlan", "active_quads", "plan_active", "plan_feeds", "resolve_steps"]
