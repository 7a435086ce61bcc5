"""The embedded backend: a pyoxigraph store in a directory on disk.

One process at a time writes the primary (it holds RocksDB's lock) and publishes an immutable snapshot after each
unit of work; every other process reads the newest published snapshot and switches to a newer one before a query
when one was published (one stat). See docs/store.md and lexrdf.store.snapshots.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad, QuerySolutions, RdfFormat

from lexrdf import txtime
from lexrdf.errors import StoreError
from lexrdf.queries import load_library
from lexrdf.store.base import GraphWrite
from lexrdf.store.changelog import ChangeLog, data_block, read_through
from lexrdf.store.journal import Blocks, Entry, Journal
from lexrdf.store.nquads import Additions, Serialized, each, has_blank_node, serialized
from lexrdf.store.snapshots import DEFAULT_GRACE_SECONDS, Snapshot, Snapshots, Stamp
from lexrdf.store.spool import Keep, QuadSpool, is_spool_file
from lexrdf.txtime import Clock, Pending

BULK_THRESHOLD = 5_000  # quads per write from which the bulk loader is used
OPEN_ATTEMPTS = 5  # a reader reads the pointer again when the snapshot it named was pruned before it opened it
ORPHAN = re.compile(r"bulk-\d+\.sst")  # the sorted files a bulk load writes into the primary before ingesting them


@dataclass(frozen=True)
class _Staged:
    """A write journaled and about to be committed with its group."""

    entry: Entry
    count: int  # the quads it adds
    blank: bool  # whether one of them names a blank node
    whole: bool = False  # a view graph filled (`GraphWrite.whole`), not an act's additions
    data: bytes | None = None  # its additions as N-Quads, when they are in memory (else read from the entry)


def _bulk_load(store: pyoxigraph.Store, data: bytes | Blocks) -> None:
    """The bulk loader over N-Quads a write journaled, without checking their IRIs again: every line was written
    by lexrdf (lexrdf.emit checks each IRI as a pyoxigraph NamedNode as it writes it) or serialised by pyoxigraph
    (a view, a quad object), so the loader's own check only repeated that work (measured: 9% of its processor time
    on 1.5 M quads). Their syntax is still parsed, and a malformed line still fails the load."""
    store.bulk_load(data, format=RdfFormat.N_QUADS, lenient=True)


def _bulk(staged: Sequence[_Staged]) -> bool:
    """Whether a group is written by the bulk loader: large enough, and no blank node (which the loader would
    rename apart from the entry, so an undo could not find it)."""
    return sum(stage.count for stage in staged) >= BULK_THRESHOLD and not any(stage.blank for stage in staged)


def _added(stage: _Staged) -> Iterable[bytes]:
    """A staged write's additions as N-Quads: from memory if held there, else read from its entry."""
    return [stage.data] if stage.data is not None else stage.entry.added_blocks()


def _into(graph: NamedNode, quads: Iterable[Quad] | Serialized) -> Iterable[Quad] | Serialized:
    """The quads' triples in `graph` (`Serialized` quads are in their graph already)."""
    if isinstance(quads, Serialized):
        return quads
    return (q if q.graph_name == graph else Quad(q.subject, q.predicate, q.object, graph) for q in quads)


def _quads_of(quads: Iterable[Quad] | Serialized) -> Iterable[Quad]:
    return quads.quads() if isinstance(quads, Serialized) else quads


class StoreLocked(StoreError):
    """The primary is open for writing elsewhere: a store has one writer at a time."""


def is_store(directory: Path) -> bool:
    """Whether a directory holds a store (RocksDB's own CURRENT file)."""
    return (directory / "CURRENT").is_file()


def open_primary(directory: Path) -> pyoxigraph.Store:
    """Open (creating it if missing) the primary read-write: this process becomes the store's one writer."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        return pyoxigraph.Store(str(directory))
    except OSError as exc:
        if "LOCK:" in str(exc):  # RocksDB names its lock file: "<directory>/LOCK: Resource temporarily unavailable"
            where = "in this process" if "current process" in str(exc) else "by another process"
            raise StoreLocked(f"the store at {directory} is being written {where}") from exc
        raise StoreError(f"cannot open store at {directory}: {exc}") from exc


def _publish_first(directory: Path, grace_seconds: float) -> bool:
    """Publish a first snapshot of a store written before snapshots existed, if no one is writing it and we may
    write; the primary is released on return. False when that is not possible."""
    try:
        primary = open_primary(directory)
    except StoreError:
        return False
    try:
        Snapshots(directory).publish(primary, grace_seconds, ChangeLog(directory).last())
        return True
    except OSError:
        return False
    finally:
        del primary


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
            self._store, self._stamp, self._snapshot = self._open_reader()
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
        for entry in self.directory.iterdir():
            if ORPHAN.fullmatch(entry.name) and entry.is_file():
                entry.unlink(missing_ok=True)  # ingested files are hard-linked under RocksDB's own names
            elif is_spool_file(entry.name):
                shutil.rmtree(entry, ignore_errors=True) if entry.is_dir() else entry.unlink(missing_ok=True)
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
        present = [quad for quad in entry.added() if quad in self._store]
        blank = [q for q in present if has_blank_node(q)]
        if present and not blank:
            self._store.update(f"DELETE DATA {data_block(present)}")
        for quad in blank:  # DELETE DATA cannot name a blank node (bulk writes hold none)
            self._store.remove(quad)

    def _open_reader(self) -> tuple[pyoxigraph.Store, Stamp | None, Snapshot | None]:
        """The newest published snapshot, read-only, with the pointer's stamp read before it. A store written
        before snapshots existed gets one first; if it is being written, its primary is read as it is."""
        if not is_store(self.directory):
            raise StoreError(f"no lexrdf store at {self.directory} (run lexrdf ingest first)")
        for _ in range(OPEN_ATTEMPTS):
            stamp = self._snapshots.stamp()
            snapshot = self._snapshots.current()
            if snapshot is None:
                if _publish_first(self.directory, self.snapshot_grace_seconds):
                    continue
                try:
                    return pyoxigraph.Store.read_only(str(self.directory)), stamp, None
                except OSError as exc:
                    raise StoreError(f"cannot open store at {self.directory}: {exc}") from exc
            try:
                return pyoxigraph.Store.read_only(str(snapshot.path)), stamp, snapshot
            except OSError:
                continue  # pruned between reading the pointer and opening it: read the pointer again
        raise StoreError(f"cannot open the published snapshot of the store at {self.directory}")

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
            store, self._stamp, snapshot = self._open_reader()
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
                query = load_library()["_latest-changeset"].text
                rows = list(self._store.query(query, use_default_graph_as_union=True))
                latest = rows[0]["latest"] if rows else None
                moment = datetime.fromisoformat(latest.value) if latest is not None else None
                if moment is not None and moment.tzinfo is None:  # a time without a zone is read as UTC
                    moment = moment.replace(tzinfo=UTC)
                self._clock = Clock(moment)
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
        staged: list[_Staged] = []
        try:
            with self._write_lock:
                self._dirty = True
                self._write_group(iter(writes), staged, stream)
                return sum(stage.count for stage in staged if not stage.whole)
        except (OSError, SyntaxError, TypeError, ValueError) as exc:
            graphs = ", ".join(stage.entry.graph for stage in staged[:3]) or "(none journaled)"
            raise StoreError(f"writing graph {graphs} failed; nothing was written: {exc}") from exc

    def _write_group(self, writes: Iterator[GraphWrite], staged: list[_Staged], stream: bool = False) -> None:
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
                self._commit(staged, bulk=_bulk(staged))
        except BaseException:
            for stage in staged:
                self._journal.end(stage.entry)
            raise
        self._adopt([stage.entry for stage in staged])
        for write in replaced:
            self._replace_held(write.graph, _into(write.graph, _quads_of(write.quads)))

    def _seal(self, staged: Sequence[_Staged]) -> None:
        """Before a group commits: one marker naming the acts of its entries (until then, a killed writer's entries
        name them: lexrdf.store.journal), then the names of the entries and the marker made durable, once."""
        self._mark(list(dict.fromkeys(stage.entry.graph for stage in staged if not stage.whole)))
        self._journal.sync()

    def _stage_write(self, write: GraphWrite, staged: list[_Staged], replaced: list[GraphWrite]) -> _Staged | None:
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

    def _stream(self, staged: list[_Staged], writes: Iterator[GraphWrite], replaced: list[GraphWrite]) -> None:
        """One bulk load of what the writes staged so far add, then of each later write as it is journaled; the
        entries' names are made durable once the writes end, before the loader ingests what it sorted. A write
        naming a blank node is not loaded (the loader would rename it apart from its entry): it is written by a
        transaction once the load is done. If anything fails, whatever part of the group is in the store is
        removed."""
        aside: list[_Staged] = []

        def data() -> Iterator[bytes]:
            for index in range(len(staged)):  # those journaled before the load began
                yield from self._streamed(staged, index, aside)
            for write in writes:
                if self._stage_write(write, staged, replaced) is not None:
                    yield from self._streamed(staged, len(staged) - 1, aside)
            self._seal(staged)

        try:
            _bulk_load(self._store, Blocks(data()))
            if aside:
                self._store.extend([quad for stage in aside for quad in stage.entry.added()])
        except BaseException:
            for stage in staged:
                self._undo(stage.entry)
            raise

    def _streamed(self, staged: list[_Staged], index: int, aside: list[_Staged]) -> Iterable[bytes]:
        """What a staged write gives the bulk loader (nothing if it names a blank node: it goes `aside`); the stage
        keeps no copy of its data once read."""
        stage = staged[index]
        if stage.blank:
            aside.append(stage)
            return ()
        staged[index] = dataclasses.replace(stage, data=None)
        return _added(stage)

    def _stage(self, write: GraphWrite, change: int) -> _Staged | None:
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
            return _Staged(entry, quads.count, quads.blank, write.whole, data) if entry is not None else None
        additions = Additions(_quads_of(quads), each(self._held_in(graph)), pending.stamper() if pending else None)
        entry = self._journal.begin(graph.value, change, moment, additions.chunks(), (), changesets, synced=False)
        return _Staged(entry, additions.count, additions.blank, write.whole) if entry is not None else None

    def _held_in(self, graph: NamedNode) -> Callable[[Quad], bool]:
        """Whether the store holds a quad of a write to `graph`: when the graph is empty, none of its own quads
        are looked up (a new act costs no look-up per quad), only those a write adds to other graphs."""
        store = self._store
        if self._holds_graph(graph):
            return store.__contains__
        return lambda quad: quad.graph_name != graph and quad in store

    def _commit(self, staged: list[_Staged], bulk: bool, removed: list[Quad] | None = None) -> None:
        """Write what staged writes add: by the bulk loader (undone if it fails; the additions read from memory
        where they are held, else from the entries) or, with the one write's removals, in one transaction. On
        failure the entries are ended (an undo that fails too leaves them for the next writer) and the error
        raised."""
        entries = [stage.entry for stage in staged]
        try:
            if not entries:
                return
            if bulk:
                if all(stage.data is not None for stage in staged):  # read by the loader at once, no callback a block
                    _bulk_load(self._store, b"".join(stage.data or b"" for stage in staged))
                else:
                    blocks = (block for stage in staged for block in _added(stage))
                    _bulk_load(self._store, Blocks(blocks))
            elif removed:
                (entry,) = entries
                adding = list(entry.added())
                update = f"DELETE DATA {data_block(removed)}"
                if adding:
                    update += f" ;\nINSERT DATA {data_block(adding)}"
                self._store.update(update)
            else:
                self._store.extend([quad for entry in entries for quad in entry.added()])
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
                staged: list[_Staged] = []
                self._write_group(
                    (GraphWrite(graph, _into(graph, quads), whole=True) for graph, quads in graphs), staged
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
        self._commit([_Staged(entry, len(added), False)], bulk=False, removed=removed)
        self._adopt([entry])
