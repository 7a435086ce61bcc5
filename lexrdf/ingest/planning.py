"""Ingest's third stage, planning: each act's documents versioned against the store, the quads its write would add
(`ActWrite`), with the events its active modifications record on other acts and what submitted each changeset;
the checks that could refuse an act, run before anything is written; and the same planning in worker processes.

Planning acts on several processes (`PlanningPool`): each act versioned, emitted, validated and its views derived
in a worker, which sends back N-Quads rather than quad objects; the ingest writes them in order, as it writes what it
plans.

Once an ingest has read every file, named every act and resolved the active modifications and the changes feeds
(`lexrdf.ingest.run.plan_all`), what remains for one act depends only on its documents, its active events, the
store as the ingest found it, and those shared decisions. So a worker plans it (`plan_one`) from the store's published
snapshot, opened read-only, exactly as the ingest's own thread would (`plan_act`, `with_active`,
`with_provenance`, `check` with its views). Three things keep the result the same as planning in process:

- the provisional times of an act's changesets are taken from the store's clock by the parent, in the order of
  the acts, before the act is handed out (`ReservedTimes`), and the writer restamps them with the commit's times;
- an act is sent back as N-Quads of its graph (`Serialized`, journaled as they are) only when the snapshot holds
  none of that graph and all its quads are in it: then every quad is an addition, as `Store.add_act_graphs`
  requires of serialised writes. Otherwise it is sent as N-Quads to be parsed, and written as any other write
  (what the store holds already is left out);
- an act whose quads outgrow a worker's memory (its spool went to disk) is not planned there: the parent plans it.

A worker's quads never become Python objects in the parent: the writer journals the bytes and the bulk loader
parses them, so the parent's thread (which holds the GIL the writer needs too) does little per quad.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pyoxigraph
from pyoxigraph import DefaultGraph, NamedNode, Quad, RdfFormat

from lexrdf.active.events import ActiveEvent, active_quads
from lexrdf.active.planning import ActivePlan
from lexrdf.emit import emit_act, provenance_quads
from lexrdf.ingest.commit import ActWrite, check_in_memory, is_bookkeeping
from lexrdf.lifetime import pool_worker_lifetime
from lexrdf.model import SourceDocument
from lexrdf.parallel import submit
from lexrdf.queries.repository import (
    EventFacts,
    announced_changes,
    expression_dates,
    read_stored_act,
    stored_currency,
)
from lexrdf.search.texts import Text, graph_texts
from lexrdf.source_checks import (
    ActIdentity,
    SourcePolicy,
    check_identity,
    check_mass_end,
    stored_identity,
)
from lexrdf.store.base import Store
from lexrdf.store.embedded import EmbeddedStore
from lexrdf.store.nquads import Serialized
from lexrdf.txtime import Clock, Pending, ReservedTimes
from lexrdf.uris import IriMinter
from lexrdf.validate import Report
from lexrdf.versioning import apply_plan, plan_document
from lexrdf.views import derive
from lexrdf.vocab import LEX, RDF


def plan_late_groups(
    groups: list[list[SourceDocument]],
    acts: list[str],
    store: Store,
    minter: IriMinter,
    policy: SourcePolicy | None = None,
) -> dict[int, ActWrite]:
    """Plan, before anything is written, every act whose documents could be refused: one that gets an expression
    older than one already stored (it may contradict what later sources say), and every new expression of an act
    held or of an act several documents express (it may claim an identity that is not its own, or end many
    provisions without naming a repealing act: `lexrdf.source_checks`). A refusal then stops the whole batch with
    the store unchanged. Returns the writes planned, by group index, so that they are not planned twice."""
    return {
        index: plan_act(group, act, store, minter, policy)
        for index, (group, act) in enumerate(zip(groups, acts, strict=True))
        if could_be_refused(group, act, store)
    }


def could_be_refused(group: list[SourceDocument], act: str, store: Store) -> bool:
    """Whether planning these documents of `act` runs checks that could refuse them (see `plan_late_groups`)."""
    return len(group) > 1 or bool(expression_dates(store, act).versions)


def refusals_end(groups: list[list[SourceDocument]], acts: list[str], store: Store) -> int:
    """How many acts, in order, an ingest plans before no refusal can stop it any more: up to the last act that could
    be refused (`could_be_refused`), none of them can be written."""
    could = [i for i, (group, act) in enumerate(zip(groups, acts, strict=True)) if could_be_refused(group, act, store)]
    return could[-1] + 1 if could else 0


def refuse_late_groups(
    groups: list[list[SourceDocument]], acts: list[str], store: Store, minter: IriMinter, policy: SourcePolicy
) -> None:
    """Run, without emitting anything, the checks `plan_late_groups` runs on every act whose documents could be
    refused: a refusal raises here, before anything is written (what an ingest planning in processes whose groups
    are not streamed does before its first write, its acts being planned meanwhile)."""
    for group, act in zip(groups, acts, strict=True):
        if could_be_refused(group, act, store):
            plan_act(group, act, store, minter, policy, emit=False).quads.close()


def plan_act(
    group: list[SourceDocument],
    act: str,
    store: Store,
    minter: IriMinter,
    policy: SourcePolicy | None = None,
    clock: Clock | ReservedTimes | None = None,
    emit: bool = True,
) -> ActWrite:
    """Version one act's documents against the store: the quads they would add, their changesets given provisional
    times by `clock` (the store's by default). Each document that is a new expression of the act as held (or as an
    earlier document expressed it) is checked first (`policy`); without `emit`, only those checks are run and
    nothing is added."""
    policy = policy or SourcePolicy()
    clock = clock or store.clock
    write = ActWrite(act, store.spool(keep=is_bookkeeping), documents=group)
    stored = read_stored_act(store, write.act)
    identity = stored_identity(store, write.act, stored)
    stored.announced = announced_changes(store, write.act)  # what amending acts stored say they change here
    current_to = stored_currency(store, write.act)
    held = expression_dates(store, write.act)
    known, whole = held.versions, held.whole
    for document in group:
        if document.expression_version < known.get(document.expression_date, 0):
            # an earlier version of an expression held in a later, corrected version: nothing of it is recorded
            document.notices.append(
                f"{document.path}: version {document.expression_version} of the expression of "
                f"{document.expression_date} is older than version {known[document.expression_date]}, already held: "
                "not ingested (the later version corrects it)"
            )
            continue
        # an expression older than one of the whole act already stored fills the history behind it (archives
        # back-filled); a portion's date is no expression of the whole act: it ends nothing it does not show
        next_expression = min((d for d in whole if d > document.expression_date), default=None)
        # another expression of the whole act of the same date (another language) is stored: this one adds its
        # texts, ends nothing
        companion = document.expression_date in whole
        check_identity(document, identity, policy, portions_only=not whole)
        # (versions recorded by no expression, an editor's or an import's, count as the whole act's)
        whole_held = bool(whole) or (stored.has_versions and not known)
        plan = plan_document(document, stored, minter, next_expression, companion, whole_held)
        check_mass_end(document, plan, stored, policy)
        identity = identity or ActIdentity.of_document(write.act, document)
        known[document.expression_date] = max(known.get(document.expression_date, 0), document.expression_version)
        if not document.portion:
            whole.add(document.expression_date)
        # a later consolidation that confirms every text still tells how far the sources now vouch for it
        plan.advances_currency = bool(document.current_to and (current_to is None or document.current_to > current_to))
        if not (plan.changes_anything or plan.advances_currency):
            continue
        if plan.advances_currency:
            current_to = document.current_to
        write.changed.append(document.path)
        if emit:
            recorded_at = clock.next()  # provisional: the store stamps the commit's time (lexrdf.txtime)
            changeset = minter.new_changeset(recorded_at)
            write.pending.add(recorded_at, changeset)
            emit_act(document, plan, minter, changeset, recorded_at, stored.events, write.quads, write.described)
        write.provisions += len(plan.new_provisions)
        write.versions += len(plan.new_versions)
        write.records += len(plan.new_records)
        write.events += len(set(plan.events) - stored.events)
        apply_plan(stored, plan, minter, document.language)
    return write


def with_provenance(write: ActWrite, policy: SourcePolicy) -> ActWrite:
    """Record on each changeset of the write what submitted it: the file's SHA-256 and who (`lex:sourceFile`
    already names the file)."""
    hashes = {document.path: document.source_sha256 for document in write.documents if document.source_sha256}
    hashes |= write.feed_hashes
    write.quads.extend(provenance_quads(write.quads.kept, hashes, policy.submitter()))
    return write


def with_active(
    write: ActWrite,
    active: ActivePlan,
    index: int,
    store: Store,
    minter: IriMinter,
    clock: Clock | ReservedTimes | None = None,
) -> ActWrite:
    """Add to an act's write the events its active modifications record on other acts (lexrdf.active); new
    changesets take provisional times from `clock` (the store's by default)."""
    if index not in active.events:
        return write
    clock = clock or store.clock

    def new_changeset() -> tuple[str, datetime]:
        recorded_at = clock.next()
        changeset = minter.new_changeset(recorded_at)
        write.pending.add(recorded_at, changeset)
        return changeset, recorded_at

    source = write.documents[-1].path if write.documents else ""
    own = [event for event in active.events[index] if event.feed is None]
    added = active_quads(own, active.stored, minter, write.quads.kept, source, new_changeset, write.described)
    for feed in sorted({event.feed for event in active.events[index] if event.feed is not None}):
        # a feed's events are recorded by a changeset of their own, naming the feed as its source file
        events = [event for event in active.events[index] if event.feed == feed]
        pending = [*write.quads.kept, *added]
        added += active_quads(events, active.stored, minter, pending, feed, new_changeset, write.described)
        write.changed.append(feed)
    write.events += sum(1 for q in added if q.predicate == RDF.type and q.object == LEX.Event)
    write.quads.extend(added)
    return write


def notices_of(documents: list[SourceDocument]) -> list[str]:
    return [notice for document in documents for notice in document.notices]


#: acts handed out ahead of the writer, per worker: more than a group of writes (lexrdf.ingest.groups.GROUP_QUADS)
#: between them, so that the workers go on planning while the ingest waits for the writer
OUTSTANDING_PER_PROCESS = 8
#: ... as long as their documents hold at most this many units in all (what is planned ahead waits in memory: an act
#: adds about 10 quads a unit of its documents, and its views 7 more; so about two groups of writes), or only one
#: act more than there are workers
AHEAD_UNITS = 24_000
#: how much the workers yield the processor: the writer is the ingest's critical path (every act goes through it, in
#: order), so the workers plan ahead on what processor time it leaves (measured: 16.5 s instead of 17.8 s for
#: 1.5 M quads on two cores)
WORKER_NICENESS = 10


@dataclass
class ActTask:
    """One act to plan in a worker: its documents, the events its active modifications record, and the
    provisional times its changesets may take."""

    index: int  # its group in the ingest
    act: str
    documents: list[SourceDocument]
    events: list[ActiveEvent]
    times: list[datetime]
    feed_hashes: dict[str, str]


@dataclass
class PlannedAct:
    """What a worker sends back for one act: everything the ingest needs to count it, report on it and write it,
    with no pyoxigraph object in it."""

    index: int
    act: str
    spilled: bool = False  # too large to plan in a worker's memory: nothing else is set, the parent plans it
    data: Serialized | bytes | None = None  # its additions (see the module's docstring); None: nothing to add
    views: dict[str, Serialized] | None = None
    texts: list[Text] | None = None  # what the search index holds of it, with provisional times (None: not read)
    report: Report | None = None
    pending: Pending = field(default_factory=Pending)
    changed: list[str] = field(default_factory=list)
    provisions: int = 0
    versions: int = 0
    records: int = 0
    events: int = 0
    notices: list[str] = field(default_factory=list)  # the planner's notices on its documents

    def write(self, documents: list[SourceDocument]) -> ActWrite:
        """The act's write in the parent: its quads as they came (serialised, or parsed into quads)."""
        quads: Serialized | list[Quad] = (
            self.data
            if isinstance(self.data, Serialized)
            else list(pyoxigraph.parse(self.data or b"", format=RdfFormat.N_QUADS))
        )
        carried = {name: getattr(self, name) for name in (*_CARRIED, "views", "texts")}
        return ActWrite(self.act, quads, documents=documents, **carried)  # type: ignore[arg-type]


#: what a worker's write tells the parent as it is (the rest: its quads, views and texts, made to travel)
_CARRIED = ("pending", "changed", "provisions", "versions", "records", "events")


def changesets_needed(documents: Sequence[SourceDocument], events: Sequence[ActiveEvent]) -> int:
    """The most changesets planning an act can record: one per document, one for its own active events, one per
    changes feed whose events it records (`lexrdf.ingest.planning.plan_act`, `with_active`)."""
    return len(documents) + 1 + len({event.feed for event in events if event.feed is not None})


class _InMemory:
    """An in-memory pyoxigraph store read as `Store.select` reads a store (what `graph_texts` needs)."""

    def __init__(self, store: pyoxigraph.Store) -> None:
        self._store = store

    def select(self, query: str, timeout: float | None = None) -> pyoxigraph.QuerySolutions:
        return self._store.query(query, use_default_graph_as_union=True)  # type: ignore[return-value]


@dataclass
class _Worker:
    store: EmbeddedStore
    minter: IriMinter
    policy: SourcePolicy
    stored: dict[str, dict[str, EventFacts]]


_worker: _Worker | None = None


def _start(directory: Path, minter: IriMinter, policy: SourcePolicy, stored: dict[str, dict[str, EventFacts]]) -> None:
    """A worker's start: the store's published snapshot, read-only, and what the ingest decided for all acts."""
    global _worker
    pool_worker_lifetime()
    os.nice(WORKER_NICENESS)
    gc.disable()  # planning builds many short-lived objects and no cycles (as lexrdf.ingest does)
    _worker = _Worker(EmbeddedStore(directory, read_only=True), minter, policy, stored)


def plan_one(task: ActTask) -> PlannedAct:
    """Plan, validate and serialise one act in a worker (see the module's docstring)."""
    assert _worker is not None, "plan_one runs in a worker started by PlanningPool"
    store, minter, policy = _worker.store, _worker.minter, _worker.policy
    times = ReservedTimes(task.times)
    write = plan_act(task.documents, task.act, store, minter, policy, clock=times)
    write.feed_hashes = task.feed_hashes
    active = ActivePlan(events={task.index: task.events} if task.events else {}, stored=_worker.stored)
    write = with_provenance(with_active(write, active, task.index, store, minter, clock=times), policy)
    carried = {name: getattr(write, name) for name in _CARRIED}
    planned = PlannedAct(task.index, task.act, notices=notices_of(task.documents), **carried)
    try:
        if not write.quads:
            return planned
        if write.quads.spilled:
            return PlannedAct(task.index, task.act, spilled=True)
        graph = NamedNode(task.act)
        report, after, held = check_in_memory(write, store, locate="violations")
        planned.report = report
        if not report.conforms:
            return planned
        # a new graph, and nothing added elsewhere: the lines as emitted are the graph, each quad once, and name
        # no blank node (an emitter names none)
        emitted = not held and _each_once_in(after, graph, len(write.quads))
        planned.views = derive(after, task.act, blank_free=emitted)
        for view in planned.views.values():  # worked out here, off the writer's thread, and sent along
            view.count, view.blank  # noqa: B018
        if emitted:
            planned.data = Serialized(write.quads.data(), blank_free=True)
            planned.texts = list(graph_texts(_InMemory(after), task.act))  # all of them in its own graph
        else:
            planned.data = write.quads.data()
        return planned
    finally:
        write.quads.close()


def _each_once_in(after: pyoxigraph.Store, graph: NamedNode, lines: int) -> bool:
    """Whether a new act graph loaded from `lines` N-Quads lines holds one quad a line, every one in that graph: then
    the lines are the graph as the store would write it, and are sent as they are."""
    in_default_graph = next(after.quads_for_pattern(None, None, None, DefaultGraph()), None)
    return len(after) == lines and list(after.named_graphs()) == [graph] and in_default_graph is None


class PlanningPool:
    """Worker processes planning an ingest's acts (`plan_one`), handed out in order a few ahead of the writer and
    given back in order (`planned`). The workers read the store's snapshot as published when the pool starts."""

    def __init__(
        self,
        store: EmbeddedStore,
        minter: IriMinter,
        policy: SourcePolicy,
        active: ActivePlan,
        processes: int,
        context: multiprocessing.context.BaseContext,
    ) -> None:
        store.publish()  # what the workers read: the store as this ingest found it
        self.store = store
        self.active = active
        self.processes = processes
        self._broken: BrokenProcessPool | None = None
        self._pool = ProcessPoolExecutor(
            processes,
            mp_context=context,
            initializer=_start,
            initargs=(store.directory, minter, policy, active.stored),
        )

    def planned(
        self, groups: list[list[SourceDocument]], acts: list[str], feed_hashes: dict[str, str]
    ) -> Iterator[tuple[int, Future[PlannedAct]]]:
        """Each act's planning, in order of the groups, as a future: at most `OUTSTANDING_PER_PROCESS` acts per
        worker, of at most `AHEAD_UNITS` units in all, are handed out before the caller takes the next one."""
        outstanding: list[tuple[int, Future[PlannedAct], int]] = []
        ahead, units = max(2, self.processes * OUTSTANDING_PER_PROCESS), 0
        for index, (documents, act) in enumerate(zip(groups, acts, strict=True)):
            events = self.active.events.get(index, [])
            times = self.store.clock.take(changesets_needed(documents, events))
            task = ActTask(index, act, documents, events, times, feed_hashes)
            size = sum(len(document.units) for document in documents)
            outstanding.append((index, self._submit(task), size))
            units += size
            while len(outstanding) >= ahead or (len(outstanding) > self.processes and units > AHEAD_UNITS):
                taken, future, size = outstanding.pop(0)
                units -= size
                yield taken, future
        yield from ((taken, future) for taken, future, _ in outstanding)

    def _submit(self, task: ActTask) -> Future[PlannedAct]:
        """`plan_one(task)` handed to a worker; once a worker could not be started, no other is tried: each act left
        gets a future failed with BrokenProcessPool (the ingest then plans it itself)."""
        if self._broken is None:
            try:
                return submit(self._pool, plan_one, task)
            except BrokenProcessPool as error:
                self._broken = error
        failed: Future[PlannedAct] = Future()
        failed.set_exception(self._broken)
        return failed

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> PlanningPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
