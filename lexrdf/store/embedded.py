"""The embedded backend: a pyoxigraph store in a directory on disk."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad, QuerySolutions, RdfFormat

from lexrdf.errors import StoreError

BULK_THRESHOLD = 5_000  # quads per write from which the bulk loader is used


class EmbeddedStore:
    """A pyoxigraph.Store on disk; writes are single transactions per act graph."""

    def __init__(self, directory: Path, read_only: bool = False) -> None:
        self.directory = directory
        try:
            if read_only:
                self._store = pyoxigraph.Store.read_only(str(directory))
            else:
                directory.mkdir(parents=True, exist_ok=True)
                self._store = pyoxigraph.Store(str(directory))
        except OSError as exc:
            raise StoreError(f"cannot open store at {directory}: {exc}") from exc

    @property
    def raw(self) -> pyoxigraph.Store:
        """The underlying pyoxigraph store (for benchmarks and tests)."""
        return self._store

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad]) -> None:
        """All or nothing. Large writes go through the bulk loader (sorted files ingested at once, about three
        times faster than a transaction) fed with N-Quads, which lets it run without holding the GIL, so the
        next act can be prepared meanwhile; small writes are one transaction."""
        quads = quads if isinstance(quads, list) else list(quads)
        try:
            if len(quads) >= BULK_THRESHOLD:
                self._store.bulk_load(pyoxigraph.serialize(quads, format=RdfFormat.N_QUADS), RdfFormat.N_QUADS)
            else:
                self._store.extend(quads)
        except (OSError, SyntaxError, TypeError) as exc:
            raise StoreError(f"writing graph {graph.value} failed; nothing was written: {exc}") from exc

    def select(self, query: str, timeout: float | None = None) -> QuerySolutions:
        # pyoxigraph 0.5 has no query timeout: `timeout` is for backends that have one
        return self._store.query(query, use_default_graph_as_union=True)

    def sparql(self, query: str, timeout: float | None = None) -> Any:
        return self._store.query(query, use_default_graph_as_union=True)

    def graph_quads(self, graph: NamedNode) -> Iterable[Quad]:
        return self._store.quads_for_pattern(None, None, None, graph)

    def dump(self, output: IO[bytes], graph: NamedNode | None = None) -> None:
        if graph is None:
            self._store.dump(output, RdfFormat.N_QUADS)
        else:
            self._store.dump(output, RdfFormat.N_TRIPLES, from_graph=graph)

    def quad_count(self) -> int:
        return len(self._store)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._store.flush()
        del self._store
