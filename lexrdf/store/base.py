"""The store protocol and the factory that opens a backend from a location."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, Protocol

from pyoxigraph import NamedNode, Quad, QuerySolutions

from lexrdf.txtime import Clock, Pending


class Store(Protocol):
    """What lexrdf needs from a quad store."""

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad], pending: Pending | None = None) -> None:
        """Add quads to one act graph in one transaction: all are written or none. The changesets in `pending`
        get their transaction times right before the write commits (see lexrdf.txtime), from `clock`, with no
        other write in between."""

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

    def close(self) -> None:
        """Flush and release the store."""


def open_store(location: str | Path, read_only: bool = False) -> Store:
    """Open the embedded store in a directory (created if missing)."""
    from lexrdf.store.embedded import EmbeddedStore

    return EmbeddedStore(Path(location), read_only=read_only)
