"""The store protocol: what lexrdf needs from a quad store, whichever backend holds it (lexrdf.store.opening
opens one)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from pyoxigraph import NamedNode, Quad, QuerySolutions

from lexrdf.store.changelog import ChangeLog
from lexrdf.store.nquads import Serialized
from lexrdf.store.spool import Keep, QuadSpool
from lexrdf.txtime import Clock, Pending


@dataclass(frozen=True)
class GraphWrite:
    """One act graph's additions, in a group of writes committed together (`Store.add_act_graphs`): quads, or
    N-Quads already `Serialized` (each once, all in the graph). A `whole` write is a view graph's whole content,
    which replaces what the graph held (`Store.replace_graph`)."""

    graph: NamedNode
    quads: Iterable[Quad] | Serialized
    pending: Pending | None = None
    whole: bool = False


class Store(Protocol):
    """What lexrdf needs from a quad store."""

    #: the graphs a writer's open recovered from what a killed writer left in its journal (lexrdf.store.journal); what
    #: is derived from them is rebuilt by the layer above (lexrdf.ingest.derived.recover_derived), then
    #: `derived_rebuilt`
    recovered: list[str]

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad], pending: Pending | None = None) -> int:
        """Add quads to one act graph: all are written or none, across a crash too (the embedded store's next
        writer undoes a write cut short, then the layer above rebuilds the act's views: `recovered`). The changesets in
        `pending` get their transaction times right before the write commits (see lexrdf.txtime), from `clock`,
        with no other write in between. The quads added (what the graph lacked)."""

    def add_act_graphs(self, writes: Iterable[GraphWrite], stream: bool = False) -> int:
        """Several act writes, each all or nothing and logged as its own change, in order; the quads the writes that
        are not `whole` added (what the store lacked). `writes` may be an iterator still being fed: each write is
        taken when the store is ready for it. The embedded store commits them together (a group commit: one load,
        with `stream` streamed as the writes come; all or none, across a crash too); a remote store sends each as
        its own update."""

    @property
    def changelog(self) -> ChangeLog:
        """The transaction log: every committed write as a numbered RDF Patch (lexrdf.store.changelog)."""

    @property
    def changes_through(self) -> int:
        """The number of the last change this store shows (for a reader, the last its snapshot holds)."""

    @property
    def generation(self) -> int:
        """A number that changes whenever what this store shows may have changed: a writer's every write, a
        reader's every switch to a newer published state (read from the store: the embedded store's snapshot
        pointer, a remote store's transaction log), so another process's write is seen too. What is cached from
        the store's answers is kept under it (lexrdf.web.cache)."""

    @property
    def clock(self) -> Clock:
        """The store's transaction-time clock: strictly increasing, later than every changeset stored."""

    def select(self, query: str, timeout: float | None = None) -> QuerySolutions:
        """Run a SELECT (parameters already bound by the query library); the default graph is the union."""

    def sparql(self, query: str, timeout: float | None = None) -> Any:
        """Run any read-only SPARQL query text (the public endpoint); the default graph is the union."""

    def graph_quads(self, graph: NamedNode) -> Iterable[Quad]:
        """Every quad of one named graph."""

    def dump(self, output: IO[bytes], graph: NamedNode | None = None) -> None:
        """Write the store (or one graph) as N-Quads."""

    def quad_count(self) -> int:
        """How many quads the store holds."""

    def publish(self) -> Any:
        """Make what this writer wrote since its last publish visible to readers (for the embedded store, an
        immutable snapshot); nothing to do for a reader or a backend whose writes are visible at once."""

    def refresh(self) -> bool:
        """Reader: switch to the newest published state if there is one (reads do this themselves); True if it
        switched."""

    def close(self) -> None:
        """Flush and release the store."""

    def spool(self, keep: Keep | None = None) -> QuadSpool:
        """An empty spool for the quads of a write to come (lexrdf.store.spool), spilling where this store keeps
        its temporary files; `keep` chooses quads (by predicate and object) it also keeps aside in memory."""

    def replace_graph(self, graph: NamedNode, quads: Iterable[Quad]) -> None:
        """Replace a named graph's content (a derived view, never an act graph) in one transaction: readers see
        the old content or the new, never a mix. Only the triples of `quads` are used; they go into `graph`."""

    def replace_graphs(self, graphs: Sequence[tuple[NamedNode, Iterable[Quad] | Serialized]]) -> None:
        """`replace_graph` for several view graphs; the ones that were empty are filled in one commit. A graph's
        content may come as quads or already `Serialized` (its quads in that graph, each once)."""

    def derived_rebuilt(self, acts: Iterable[str]) -> None:
        """Everything derived from these act graphs (views, index documents) is in step with their last writes: a
        store that keeps what it needs to rebuild it after a crash may let it go (lexrdf.ingest.derived)."""
