"""The events of active modifications as quads: written in the amending act's graph (or, resolved, the target's),
described in full when new and only by the links they lack when the store or this write records them already."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from pyoxigraph import Literal, Quad

from lexrdf.emit import LEX_T, PROV_T, RDF_T, Emitter, cited_act, date_term, describe_reference, literal
from lexrdf.model import ActReference, SourceDocument
from lexrdf.queries.repository import EventFacts
from lexrdf.uris import IriMinter
from lexrdf.vocab import EVENT_CLASSES, LEX, PROV, RDF, XSD

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
    # those naming no provision we can identify in an act we do not hold (positional steps, a range): the event
    # affects the act, and each of these is its own item of the act's impact until the act's ingest resolves it
    unresolved: set[str] = field(default_factory=set)
    supersedes: set[str] = field(default_factory=set)  # events on the act known by reference it replaces
    document: SourceDocument | None = None
    aliases: set[str] = field(default_factory=set)  # other IRIs of the source acts (minted while known by reference)
    applied: bool = True  # false: the publisher's revised text of the target does not incorporate it yet
    cited: dict[str, ActReference] = field(default_factory=dict)  # source acts known by reference, by reference
    feed: str | None = None  # the changes feed it was read from (recorded by a changeset naming that file)


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
            if portion in event.unresolved:
                out.add(node, LEX_T.unresolvedPortion, literal(portion))
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
