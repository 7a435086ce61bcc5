"""The commit gate: the one write path for act graphs (an ingest's acts, an editorial addition, a SAT-Graph
dataset's graphs). Each graph is validated as it would be after its write (SHACL, `check`); what conforms is
written in one group commit, journaled so that a killed writer leaves each graph entirely before or after
(`write_acts`, `Store.add_act_graphs`), its changesets stamped with the commit's time (lexrdf.txtime), its views
derived from the graph as validated and written in the same commit, and its search-index documents replaced;
what is derived and not yet rebuilt is rebuilt after (lexrdf.ingest.derived). Publishing to readers is the
caller's, once its unit of work is done (`Lexrdf.publish`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad

from lexrdf.emit import LEX_T, PROV_T, RDF_T
from lexrdf.ingest.derived import rebuild_derived
from lexrdf.model import SourceDocument
from lexrdf.store.base import GraphWrite, Store
from lexrdf.store.nquads import Serialized
from lexrdf.store.spool import QuadSpool
from lexrdf.tuning import TUNING
from lexrdf.txtime import Pending
from lexrdf.validate import Report, graph_store, validate_files, validate_store
from lexrdf.views import derive


def is_bookkeeping(predicate: str, obj: str) -> bool:
    """Whether the planner looks at a quad again once emitted (by its predicate and object as N-Triples): which
    events and changesets a write records, and what each changeset says of its source (`lexrdf.active`,
    `provenance_quads`). A write's spool keeps these aside, so no one reads a large write back to find them."""
    return predicate in _BOOKKEEPING or (predicate == RDF_T.type and obj in _BOOKKEEPING_TYPES)


_BOOKKEEPING_TYPES = frozenset((LEX_T.Event, LEX_T.Changeset))
_BOOKKEEPING = frozenset((LEX_T.sourceFile, LEX_T.submittedBy, PROV_T.startedAtTime))


@dataclass
class ActWrite:
    """What a write adds to one act's graph (an ingest's act planned from its documents, an editorial addition, a
    SAT-Graph dataset's graph): its quads, an ingest's in a spool, which moves them to disk when they are many (an
    act's write must not need several times the memory of its model)."""

    act: str
    quads: QuadSpool | Serialized | list[Quad] = field(default_factory=lambda: QuadSpool(keep=is_bookkeeping))
    documents: list[SourceDocument] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # paths of the documents that add something
    provisions: int = 0
    versions: int = 0
    records: int = 0
    events: int = 0
    pending: Pending = field(default_factory=Pending)  # its changesets: times fixed when the write commits
    feed_hashes: dict[str, str] = field(default_factory=dict)  # changes feeds whose effects it records, by path
    views: dict[str, Serialized] | None = None  # its view graphs, derived from its graph as validated (None: later)
    # its index texts (lexrdf.search.texts), read from its graph as validated (None: read after the write)
    texts: list[dict[str, Any]] | None = None
    described: set[str] = field(default_factory=set)  # what it says of acts, once (lexrdf.emit.Emitter.describe)


def spilled(write: ActWrite) -> bool:
    """Whether the write's quads went to disk (too many to validate in memory)."""
    return isinstance(write.quads, QuadSpool) and write.quads.spilled


# acts whose search-index documents are replaced in one index commit while their group is written
INDEX_CHUNK = TUNING.index_chunk


def write_acts(store: Store, writes: Iterable[ActWrite], stream: bool = False) -> tuple[int, int]:
    """Write a group of acts' additions (one group commit: each act all or nothing, each its own change), each act
    taken as it comes (`writes` may be a `Segment` the ingest still feeds: `stream` it), with the views derived
    when it was validated (`whole` writes of the same commit). Meanwhile the search index (lexrdf.search) gets the
    documents of the acts journaled, `INDEX_CHUNK` acts a commit, from the texts read before the write; if the group
    fails, they are taken out again. Then the views left to the writer (an act validated on disk) are rebuilt, and
    the index documents of an act whose texts were not read. The quads added to the act graphs, and those the views
    hold."""
    from lexrdf.search import ensure_index, update_acts  # they read the store: imported when needed

    ensure_index(store)  # before the write (empty for a new store): the texts read before it are added to it
    acts: list[str] = []
    viewed: dict[str, int] = {}  # act -> the quads of the views written with it
    indexed: list[str] = []  # acts whose documents are handed to the indexer
    chunk: dict[str, list[dict[str, Any]]] = {}
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-index") as indexer:
        commits: list[Future[int | None]] = []

        def index(texts: dict[str, list[dict[str, Any]]]) -> None:
            indexed.extend(texts)
            commits.append(indexer.submit(update_acts, store, list(texts), texts=texts))

        def graph_writes() -> Iterator[GraphWrite]:
            nonlocal chunk
            for write in writes:
                acts.append(write.act)
                yield GraphWrite(NamedNode(write.act), write.quads, write.pending)
                if write.views is not None:
                    viewed[write.act] = sum(view.count for view in write.views.values())
                    yield from (GraphWrite(NamedNode(graph), view, whole=True) for graph, view in write.views.items())
                    write.views = None  # journaled: not kept while the rest of the group is written
                if isinstance(write.quads, QuadSpool):
                    write.quads.close()  # journaled too
                if write.texts is not None:  # journaled: the texts take the commit's times
                    chunk[write.act] = _committed(write.texts, write.pending)
                    write.texts = None
                    if len(chunk) >= INDEX_CHUNK:
                        index(chunk)
                        chunk = {}
            if chunk:  # every act journaled: indexed while the store commits them
                index(chunk)

        try:
            added = store.add_act_graphs(graph_writes(), stream=stream)
        except BaseException:
            for commit in commits:
                commit.exception()
            update_acts(store, indexed)  # the group is not written: its documents go (read from the store)
            raise
        for commit in commits:
            commit.result()
    rebuilt = rebuild_derived(store, *acts, viewed=viewed.keys(), indexed=set(indexed))
    return added, sum(viewed.values()) + rebuilt


def _committed(texts: list[dict[str, Any]], pending: Pending) -> list[dict[str, Any]]:
    """Texts read from a graph before its write, with the transaction times the write committed at."""
    restamp = pending.restamper()
    return [
        {
            **text,
            "recorded": restamp(text["recorded"]),
            "superseded": restamp(text["superseded"]),
            "currency": [(day, restamp(recorded)) for day, recorded in text.get("currency", ())],
        }
        for text in texts
    ]


def check(write: ActWrite, store: Store, locate: str = "all", derive_views: bool = False) -> Report:
    """Validate the act's graph as it would be after the write: what is stored plus what is added, in memory; with
    `derive_views`, a conforming act's views are derived from that same graph (`write.views`: lexrdf.views.derive,
    so that the writer does not query them again). A write too large for memory (its spool on disk) is validated
    in a scratch store on disk beside its spool, and its views are left to the writer."""
    graph = NamedNode(write.act)
    if not spilled(write):
        report, after, _ = check_in_memory(write, store, locate)
        if derive_views and report.conforms:
            write.views = derive(after, write.act)
        return report
    with write.quads.scratch() as scratch:
        stored = scratch / "stored.nt"
        with stored.open("wb") as output:
            store.dump(output, graph)
        return validate_files(graph, stored, write.quads.path(), scratch / "store", locate=locate)


def check_in_memory(write: ActWrite, store: Store, locate: str = "all") -> tuple[Report, pyoxigraph.Store, bool]:
    """`check` of a write held in memory: its report, the in-memory store of the act's graph as it would be after
    the write, and whether the store held any of that graph before."""
    graph = NamedNode(write.act)
    stored = list(store.graph_quads(graph))
    if isinstance(write.quads, QuadSpool):  # its lines, loaded as they are
        after = graph_store(stored, write.quads.data())
    else:
        after = graph_store([*stored, *write.quads])
    return validate_store(after, graph, locate=locate), after, bool(stored)


def commit(store: Store, writes: list[ActWrite], unviewed: Collection[str] = ()) -> dict[str, Report]:
    """The commit gate of a writer whose graphs are written all or none (`lexrdf add`, the SAT-Graph import): each
    graph validated as it would be after its write, its views derived from it (`check`; none for the graphs in
    `unviewed`); if every one conforms, all are written in one group commit (`write_acts`), else none. Each graph's
    report, in the order of `writes`. (An ingest runs the same two steps act by act, leaving out an act that does
    not conform: lexrdf.ingest.run.)"""
    reports = {write.act: check(write, store, derive_views=write.act not in unviewed) for write in writes}
    for write in writes:
        if write.act in unviewed:
            write.views = {}  # none written, and none rebuilt after the write (lexrdf.ingest.derived)
    if all(report.conforms for report in reports.values()):
        write_acts(store, writes)
    return reports
