"""The embedded backend: a pyoxigraph store in a directory on disk.

One process at a time writes the primary (it holds RocksDB's lock) and publishes an immutable snapshot after each
unit of work; every other process reads the newest published snapshot and switches to a newer one before a query
when one was published (one stat). See docs/store.md and lexrdf.store.snapshots.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad, QuerySolutions, RdfFormat

from lexrdf import txtime
from lexrdf.errors import StoreError
from lexrdf.store.base import GraphWrite
from lexrdf.store.changelog import ChangeLog, read_through
from lexrdf.store.clock import LATEST_CHANGESET, stored_clock
from lexrdf.store.journal import Blocks, Entry, Journal
from lexrdf.store.nquads import Additions, Serialized, each, has_blank_node, serialized
from lexrdf.store.primary import open_primary, open_reader, remove_leftovers
from lexrdf.store.snapshots import DEFAULT_GRACE_SECONDS, Snapshot, Snapshots, Stamp
from lexrdf.store.spool import Keep, QuadSpool
from lexrdf.store.staging import (
    BULK_THRESHOLD,
    Staged,
    bulk_load,
    into_graph,
    is_bulk,
    quads_of,
    remove_additions,
    staged_additions,
    write_staged,
)
from lexrdf.txtime import Clock, Pending


class EmbeddedStore:
    """A pyoxigraph.Store on disk; writes are single transactions per act graph.

    A writer (`read_only=False`) holds the primary and publishes snapshots (`publish`, and on `close` when it
    wrote anything); a reader (`read_only=True`) reads the newest published snapshot and `refresh`es before
    every read, so it sees each unit of work whole once it is published, never a part of one."""

    def __init__(
        self, directory: Path, read_only: bool = False, snapshot_grace_seconds: float = DEFAULT_GRACE_SECONDS
    ) -> None:
        self.directory = directory
        self.read_only = read_only
        self.snapshot_grace_seconds = snapshot_grace_seconds
        self._snapshots = Snapshots(directory)
        self._write_lock = threading.Lock()
        self._clock_lock = threading.Lock()
        self._swap_lock = threading.Lock()
        self._clock: Clock | None = None
        self._dirty = False  # a writer wrote since its last publish
        self._generation = 0  # bumped by every write (a writer) or switch of snapshot (a reader): `generation`
        self._stamp: Stamp | None = None
        self._snapshot: Snapshot | None = None
        self._journal = Journal(directory)
        self._changelog = ChangeLog(directory)
        self._last_change = 0  # a writer: the number of the last change it logged (lexrdf.store.changelog)
        self._underived: dict[str, list[Path]] = {}  # act graph -> the markers naming it, until `derived_rebuilt`
        self._marked: dict[Path, set[str]] = {}  # marker -> the act graphs it names whose derived data is not rebuilt
        self._recovering: tuple[Path, set[str]] | None = None  # the marker naming `recovered` graphs not yet rebuilt
        self.recovered: list[str] = []  # the graphs a writer's open recovered after a writer was killed (`_recover`)
        if read_only:
            self._store, self._stamp, self._snapshot = open_reader(
                self.directory, self._snapshots, self.snapshot_grace_seconds
            )
        else:
            self._store = open_primary(directory)
            self.recovered = self._recover()
            current = self._snapshots.current()
            # readers never need the primary, even of a new store; a pointer that is empty, garbage or names a
            # snapshot that is not there is repaired by publishing the primary as it is now
            if current is None or not current.path.is_dir():
                self._publish()

    def _recover(self) -> list[str]:
        """Before anything else, finish or undo what a writer killed part-way left (see lexrdf.store.journal): a
        write that committed is moved into the log, one cut short is removed in one transaction, and the temporary
        files it left are removed. The graphs its entries and markers named (act graphs, and the view graphs written
        with them), in order: what is derived from them may be out of step with them, and this store does not know
        what that is. The layer above rebuilds it (lexrdf.ingest.derived.recover_derived) and says so
        (`derived_rebuilt`); until then one marker names them all, so a writer that stops before that leaves them to
        the next."""
        remove_leftovers(self.directory)
        self._snapshots.remove_unfinished()
        self._changelog.remove_unfinished()
        entries, markers = self._journal.entries(), self._journal.markers()
        self._last_change = self._changelog.last()
        if not entries and not markers:
            return []
        self._dirty = True
        named = [*(graph for _, graphs in markers for graph in graphs), *(entry.graph for entry in entries)]
        graphs = list(dict.fromkeys(named))
        marker = self._journal.mark(graphs)  # durable before the entries and markers it stands for are ended
        self._settle(entries)
        for old, _ in markers:
            self._journal.end(old)
        self._recovering = (marker, set(graphs))
        return graphs

    def _settle(self, entries: list[Entry]) -> None:
        """The writes a killed writer left: one group at most, since a group is journaled, written and moved into
        the log before the next is journaled. If every one committed (each addition present, no removal), the ones
        not yet moved into the log are, in order; otherwise the group was cut short in its commit, before any of it
        was logged, and whatever part of it is in the store is removed."""
        settled = []
        for entry in entries:
            added = [quad in self._store for quad in entry.added()]
            committed = all(added) and not any(quad in self._store for quad in entry.removed())
            settled.append((entry, committed, any(added)))
        if all(committed for _, committed, _ in settled):
            self._adopt(entries)
            return
        for entry, _, added in settled:
            if added:
                self._undo(entry)
            self._journal.end(entry)

    def _undo(self, entry: Entry) -> None:
        """Remove the additions of a journal entry, in one transaction (quads not in the store are skipped)."""
        self._generation += 1
        remove_additions(self._store, entry)

    @property
    def raw(self) -> pyoxigraph.Store:
        """The underlying pyoxigraph store: a writer's primary (what is done through it is published with the
        next `publish` or on `close`), a reader's current snapshot (call `refresh()` first to read the newest)."""
        if not self.read_only:
            self._dirty = True  # it may be written through
            self._generation += 1
        return self._store

    @property
    def generation(self) -> int:
        """Changes with every write of a writer and every switch of a reader to a newer snapshot (a reader looks at
        the snapshot pointer first: one stat), so a write by another process counts from its publish."""
        self.refresh()
        return self._generation

    @property
    def snapshot(self) -> Snapshot | None:
        """The published snapshot a reader reads (None for a writer, or a reader of a store never published)."""
        return self._snapshot

    def refresh(self) -> bool:
        """Reader: switch to the newest published snapshot if a newer one was published; True if it switched.
        One stat of the pointer when nothing changed. A query still running on the old snapshot finishes on it."""
        if not self.read_only or self._snapshots.stamp() == self._stamp:
            return False
        with self._swap_lock:
            stamp = self._snapshots.stamp()
            if stamp == self._stamp:
                return False
            current = self._snapshots.current()
            if current is not None and self._snapshot is not None and current.path == self._snapshot.path:
                self._stamp = stamp
                return False
            store, self._stamp, snapshot = open_reader(self.directory, self._snapshots, self.snapshot_grace_seconds)
            self._store, self._snapshot = store, snapshot
            self._generation += 1
            with self._clock_lock:
                self._clock = None
            return True

    def publish(self) -> Snapshot | None:
        """Writer: publish what was written since the last publish as a new snapshot (none when nothing was);
        readers see it from their next query. A reader has nothing to publish."""
        if self.read_only or not self._dirty:
            return None
        return self._publish()

    def _publish(self) -> Snapshot:
        with self._write_lock:
            try:
                snapshot = self._snapshots.publish(self._store, self.snapshot_grace_seconds, self._last_change)
            except OSError as exc:
                raise StoreError(f"publishing a snapshot of the store at {self.directory} failed: {exc}") from exc
            self._dirty = False
            for marker in self._marked:  # the unit of work is over: its writes are what it meant
                self._journal.end(marker)
            self._marked.clear()
            self._underived.clear()
            return snapshot

    @property
    def changelog(self) -> ChangeLog:
        """The store's transaction log (lexrdf.store.changelog)."""
        return self._changelog

    @property
    def changes_through(self) -> int:
        """The number of the last change of the log that this store shows: for a reader, the last one its
        snapshot holds (so that it never announces a change it cannot show); for a writer, the last it logged."""
        if not self.read_only:
            return self._last_change
        self.refresh()
        return read_through(self._snapshot.path) if self._snapshot is not None else self._changelog.last()

    def spool(self, keep: Keep | None = None) -> QuadSpool:
        """An empty spool for a write's quads, spilling into the store's directory (a killed writer's spool files
        are removed by the next writer); `keep` chooses quads (by predicate and object) it also keeps aside."""
        return QuadSpool(self.directory, keep=keep)

    def _reading(self) -> pyoxigraph.Store:
        """The store to read now: for a reader, the newest published snapshot."""
        self.refresh()
        return self._store

    @property
    def clock(self) -> Clock:
        """Read once from the store (the latest changeset's time), then kept: this process is the only writer
        (a reader reads it again after switching snapshots)."""
        with self._clock_lock:
            if self._clock is None:
                self._clock = stored_clock(self._store.query(LATEST_CHANGESET, use_default_graph_as_union=True))
            return self._clock

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad], pending: Pending | None = None) -> int:
        """All or nothing, across a crash too, and logged as one change: `add_act_graphs` of one write."""
        return self.add_act_graphs([GraphWrite(graph, quads, pending)])

    def add_act_graphs(self, writes: Iterable[GraphWrite], stream: bool = False) -> int:
        """A group commit of act writes: all or nothing, across a crash too, each logged as its own change. Each
        write is recorded first in a journal entry of its own, as the change it will be (what the store lacks of its
        quads, a list or a `QuadSpool`, streamed either way), and one marker names the group's acts before it
        commits (their derived data is rebuilt after a crash until `derived_rebuilt`). A small group is then written
        in one transaction, a large one by the bulk loader. With `stream`, once the writes add `BULK_THRESHOLD`
        quads, the rest of `writes` (an iterator its caller may still be feeding) is streamed into that one load as
        each write is journaled (what a large ingest does: `Settings.ingest_stream_mb`): the loader sorts what it
        reads a batch at a time and ingests all its sorted files at once when the writes end, so a large ingest
        touches the store's files once a group, not once an act (each ingest into a large store costs RocksDB a
        compaction). The loader is not transactional, so a failed or cut-short load is undone from the entries.
        Then each entry is moved into the log. A `whole` write (a view) replaces its graph: journaled with the group
        when the store holds none of it, else replaced once the group is written. The changesets in each write's
        `pending` take their times last, right before it is journaled, and writes are serialised, so times follow
        commits (lexrdf.txtime). The quads the writes that are not `whole` added."""
        if self.read_only:
            raise StoreError(f"the store at {self.directory} is open read-only; nothing was written")
        staged: list[Staged] = []
        try:
            with self._write_lock:
                self._dirty = True
                self._write_group(iter(writes), staged, stream)
                return sum(stage.count for stage in staged if not stage.whole)
        except (OSError, SyntaxError, TypeError, ValueError) as exc:
            graphs = ", ".join(stage.entry.graph for stage in staged[:3]) or "(none journaled)"
            raise StoreError(f"writing graph {graphs} failed; nothing was written: {exc}") from exc

    def _write_group(self, writes: Iterator[GraphWrite], staged: list[Staged], stream: bool = False) -> None:
        """Journal, commit and log a group of writes (`add_act_graphs`, which holds the write lock), then replace the
        view graphs of its `whole` writes that the store held already. On failure the entries are ended (what a load
        wrote undone first) and the error raised."""
        replaced: list[GraphWrite] = []
        try:
            streaming = False
            for write in writes:  # journaled one by one (until the group is worth streaming into the bulk loader)
                self._stage_write(write, staged, replaced)
                if stream and sum(stage.count for stage in staged) >= BULK_THRESHOLD:
                    streaming = True
                    break
            if streaming:
                self._stream(staged, writes, replaced)
            else:
                self._seal(staged)
                self._commit(staged, bulk=is_bulk(staged))
        except BaseException:
            for stage in staged:
                self._journal.end(stage.entry)
            raise
        self._adopt([stage.entry for stage in staged])
        for write in replaced:
            self._replace_held(write.graph, into_graph(write.graph, quads_of(write.quads)))

    def _seal(self, staged: Sequence[Staged]) -> None:
        """Before a group commits: one marker naming the acts of its entries (until then, a killed writer's entries
        name them: lexrdf.store.journal), then the names of the entries and the marker made durable, once."""
        self._mark(list(dict.fromkeys(stage.entry.graph for stage in staged if not stage.whole)))
        self._journal.sync()

    def _stage_write(self, write: GraphWrite, staged: list[Staged], replaced: list[GraphWrite]) -> Staged | None:
        """Journal one write of a group as the next change (`_stage`); a `whole` write to a graph the store holds goes
        to `replaced` instead. The stage appended, if the write adds anything."""
        if write.whole and self._holds_graph(write.graph):
            replaced.append(write)
            return None
        stage = self._stage(write, self._last_change + 1 + len(staged))
        if stage is None:
            return None
        if write.whole and stage.blank:
            self._journal.end(stage.entry)
            raise ValueError(f"a view graph cannot hold blank nodes ({write.graph.value})")
        staged.append(stage)
        return stage

    def _stream(self, staged: list[Staged], writes: Iterator[GraphWrite], replaced: list[GraphWrite]) -> None:
        """One bulk load of what the writes staged so far add, then of each later write as it is journaled; the
        entries' names are made durable once the writes end, before the loader ingests what it sorted. A write
        naming a blank node is not loaded (the loader would rename it apart from its entry): it is written by a
        transaction once the load is done. If anything fails, whatever part of the group is in the store is
        removed."""
        aside: list[Staged] = []

        def data() -> Iterator[bytes]:
            for index in range(len(staged)):  # those journaled before the load began
                yield from self._streamed(staged, index, aside)
            for write in writes:
                if self._stage_write(write, staged, replaced) is not None:
                    yield from self._streamed(staged, len(staged) - 1, aside)
            self._seal(staged)

        try:
            bulk_load(self._store, Blocks(data()))
            if aside:
                self._store.extend([quad for stage in aside for quad in stage.entry.added()])
        except BaseException:
            for stage in staged:
                self._undo(stage.entry)
            raise

    def _streamed(self, staged: list[Staged], index: int, aside: list[Staged]) -> Iterable[bytes]:
        """What a staged write gives the bulk loader (nothing if it names a blank node: it goes `aside`); the stage
        keeps no copy of its data once read."""
        stage = staged[index]
        if stage.blank:
            aside.append(stage)
            return ()
        staged[index] = dataclasses.replace(stage, data=None)
        return staged_additions(stage)

    def _stage(self, write: GraphWrite, change: int) -> Staged | None:
        """Journal a write as change number `change` (what the store lacks, restamped with the commit's times; all
        of a `Serialized` write to a graph the store does not hold, as it is); None, and nothing journaled, if it
        adds nothing. The entry's name is made durable later, with its group's (`Journal.sync`)."""
        graph, quads, pending = write.graph, write.quads, write.pending
        times = self.clock.take(len(pending)) if pending else []
        if pending:
            pending.commit(times)
        changesets = pending.final_iris() if pending else []
        moment = times[-1] if times else txtime.wall_clock()
        if isinstance(quads, Serialized) and not self._holds_graph(graph):
            # a new graph's quads as N-Quads, each once: all of them lacking, journaled as they are
            data = pending.stamped_nquads(quads.data) if pending else quads.data
            entry = self._journal.begin(graph.value, change, moment, [data], (), changesets, quads.count, False)
            return Staged(entry, quads.count, quads.blank, write.whole, data) if entry is not None else None
        additions = Additions(quads_of(quads), each(self._held_in(graph)), pending.stamper() if pending else None)
        entry = self._journal.begin(graph.value, change, moment, additions.chunks(), (), changesets, synced=False)
        return Staged(entry, additions.count, additions.blank, write.whole) if entry is not None else None

    def _held_in(self, graph: NamedNode) -> Callable[[Quad], bool]:
        """Whether the store holds a quad of a write to `graph`: when the graph is empty, none of its own quads
        are looked up (a new act costs no look-up per quad), only those a write adds to other graphs."""
        store = self._store
        if self._holds_graph(graph):
            return store.__contains__
        return lambda quad: quad.graph_name != graph and quad in store

    def _commit(self, staged: list[Staged], bulk: bool, removed: list[Quad] | None = None) -> None:
        """Write what staged writes add: by the bulk loader (undone if it fails; the additions read from memory
        where they are held, else from the entries) or, with the one write's removals, in one transaction. On
        failure the entries are ended (an undo that fails too leaves them for the next writer) and the error
        raised."""
        entries = [stage.entry for stage in staged]
        try:
            if not entries:
                return
            write_staged(self._store, staged, bulk, removed)
        except BaseException:
            if bulk:
                for entry in entries:
                    self._undo(entry)
            for entry in entries:
                self._journal.end(entry)
            raise
        finally:  # once the write has landed (or been undone): an answer read during it is kept under the old number
            self._generation += 1

    def _adopt(self, entries: Sequence[Entry]) -> None:
        """Committed writes become their changes in the transaction log (lexrdf.store.changelog): each entry is
        moved into it as it is, in order."""
        self._changelog.adopt([(entry.change, entry.path) for entry in entries])
        self._last_change = max([self._last_change, *(entry.change for entry in entries)])

    def _mark(self, acts: Sequence[str]) -> None:
        """Record that what is derived from these act graphs is out of step with them until `derived_rebuilt`."""
        if acts:
            marker = self._journal.mark(acts, synced=False)  # synced with the entries (`_stage`)
            self._marked[marker] = set(acts)
            for act in acts:
                self._underived.setdefault(act, []).append(marker)

    def derived_rebuilt(self, acts: Iterable[str]) -> None:
        """Everything derived from these act graphs (their views, their index documents) is in step with them: the
        markers kept to rebuild it after a crash are done (the one naming the graphs recovered at open once each of
        them is named here)."""
        acts = list(acts)
        with self._write_lock:
            if self._recovering is not None:
                marker, pending = self._recovering
                pending.difference_update(acts)
                if not pending:
                    self._journal.end(marker)
                    self._recovering = None
            for act in acts:
                for marker in self._underived.pop(act, []):
                    remaining = self._marked.get(marker, set())
                    remaining.discard(act)
                    if not remaining and self._marked.pop(marker, None) is not None:
                        self._journal.end(marker)

    def select(self, query: str, timeout: float | None = None) -> QuerySolutions:
        # pyoxigraph 0.5 has no query timeout: `timeout` is for backends that have one
        return self._reading().query(query, use_default_graph_as_union=True)

    def sparql(self, query: str, timeout: float | None = None) -> Any:
        return self._reading().query(query, use_default_graph_as_union=True)

    def graph_quads(self, graph: NamedNode) -> Iterable[Quad]:
        return self._reading().quads_for_pattern(None, None, None, graph)

    def dump(self, output: IO[bytes], graph: NamedNode | None = None) -> None:
        store = self._reading()
        if graph is None:
            store.dump(output, RdfFormat.N_QUADS)
        else:
            store.dump(output, RdfFormat.N_TRIPLES, from_graph=graph)

    def quad_count(self) -> int:
        return len(self._reading())

    def close(self) -> None:
        """A writer publishes what it wrote since its last publish, then releases the primary."""
        try:
            self.publish()
        finally:
            if not self.read_only:
                with contextlib.suppress(OSError):
                    self._store.flush()
            del self._store

    def replace_graph(self, graph: NamedNode, quads: Iterable[Quad]) -> None:
        """Replace a view graph whole: `replace_graphs` of one graph."""
        self.replace_graphs([(graph, quads)])

    def replace_graphs(self, graphs: Sequence[tuple[NamedNode, Iterable[Quad] | Serialized]]) -> None:
        """Replace view graphs whole, writing only the difference, each logged as one change: a group of `whole`
        writes (`add_act_graphs`). The empty ones are filled together, streamed; each of the others is one SPARQL
        update (DELETE DATA, then INSERT DATA), which Oxigraph runs as one transaction (tests/test_eli_view.py
        checks that a failing update changes nothing), so a view that barely changed costs little. A view holds
        no blank nodes (DELETE DATA cannot name them): a graph with one is refused."""
        if self.read_only:
            raise StoreError(f"the store at {self.directory} is open read-only; nothing was written")
        names = ", ".join(graph.value for graph, _ in graphs)
        try:
            with self._write_lock:
                staged: list[Staged] = []
                self._write_group(
                    (GraphWrite(graph, into_graph(graph, quads), whole=True) for graph, quads in graphs), staged
                )
                self._dirty = self._dirty or bool(staged)  # a view that changed nothing publishes nothing
        except (OSError, SyntaxError, RuntimeError, ValueError) as exc:
            raise StoreError(f"replacing graph {names} failed; it is unchanged: {exc}") from exc

    def _holds_graph(self, graph: NamedNode) -> bool:
        """Whether the store holds any quad in a named graph."""
        return next(iter(self._store.quads_for_pattern(None, None, None, graph)), None) is not None

    def _replace_held(self, graph: NamedNode, quads: Iterable[Quad]) -> None:
        """A view graph that holds quads, replaced by one update writing the difference (the write lock held)."""
        new = set(quads)
        old = set(self._store.quads_for_pattern(None, None, None, graph))
        if any(has_blank_node(q) for q in new | old):
            raise ValueError(f"a view graph cannot hold blank nodes ({graph.value})")
        if old == new:
            return
        self._dirty = True
        removed, added = sorted(old - new, key=str), sorted(new - old, key=str)
        lines = list(serialized(removed, lines=True))
        entry = self._journal.begin(
            graph.value, self._last_change + 1, datetime.now(UTC), serialized(added), lines, count=len(added)
        )
        assert entry is not None  # the graph changes
        self._commit([Staged(entry, len(added), False)], bulk=False, removed=removed)
        self._adopt([entry])
