"""The embedded backend: a pyoxigraph store in a directory on disk."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad, QuerySolutions, RdfFormat

from lexrdf.errors import StoreError
from lexrdf.queries import load_library
from lexrdf.txtime import Clock, Pending

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
        self._write_lock = threading.Lock()
        self._clock_lock = threading.Lock()
        self._clock: Clock | None = None

    @property
    def raw(self) -> pyoxigraph.Store:
        """The underlying pyoxigraph store (for benchmarks and tests)."""
        return self._store

    @property
    def clock(self) -> Clock:
        """Read once from the store (the latest changeset's time), then kept: this process is the only writer."""
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

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad], pending: Pending | None = None) -> None:
        """All or nothing. Large writes go through the bulk loader (sorted files ingested at once, about three
        times faster than a transaction) fed with N-Quads, which lets it run without holding the GIL, so the
        next act can be prepared meanwhile; small writes are one transaction. The changesets in `pending` take
        their times last, right before the write, and writes are serialised, so times follow commits."""
        quads = quads if isinstance(quads, list) else list(quads)
        try:
            with self._write_lock:
                if len(quads) >= BULK_THRESHOLD:
                    data = pyoxigraph.serialize(quads, format=RdfFormat.N_QUADS)
                    if pending:
                        data = pending.stamped_nquads(data, self.clock.take(len(pending)))
                    self._store.bulk_load(data, RdfFormat.N_QUADS)
                else:
                    if pending:
                        quads = pending.stamped(quads, self.clock.take(len(pending)))
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
