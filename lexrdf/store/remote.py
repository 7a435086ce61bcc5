"""The remote backend: any SPARQL 1.1 server over HTTP, behind the same store protocol as the embedded one.

Reads are SPARQL 1.1 Protocol queries (POST of the form `query=...`, which every SPARQL 1.1 server must take:
Virtuoso 7.2 never answers a POST of application/sparql-query), writes SPARQL 1.1 Updates (POST
application/sparql-update), one request per write, which the server runs as one transaction. The server must
answer queries with the union of its named graphs as the default graph (`oxigraph serve --union-default-graph`,
Fuseki's `unionDefaultGraph`, Virtuoso as it is; docs/remote.md); graphs of the server's own (Virtuoso's
`virtrdf#`) are named in `ignored_graphs` and left out of the store's graphs, counts and dumps. The transaction
log stays local: it is kept in a directory of the writer's machine (`Settings.store`), like the embedded store's
`changes/`.

For example (tests/test_remote_store.py runs it against `oxigraph serve`, Jena and Virtuoso)::

    store = RemoteStore("http://127.0.0.1:7878/query", Path("lexrdf-state"))
    store.quad_count()  # 165234
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import httpx
import pyoxigraph
from pyoxigraph import (
    DefaultGraph,
    NamedNode,
    Quad,
    QueryResultsFormat,
    QuerySolutions,
    RdfFormat,
)

from lexrdf import txtime
from lexrdf.errors import StoreError
from lexrdf.store.base import GraphWrite
from lexrdf.store.changelog import ChangeLog, data_block
from lexrdf.store.clock import LATEST_CHANGESET, stored_clock
from lexrdf.store.dialects import FORM, WRONG_ANSWERS, ChallengeAuth, canonical_booleans, date_casts, form
from lexrdf.store.journal import Entry, Journal
from lexrdf.store.nquads import Additions, Held, Serialized, has_blank_node, serialized
from lexrdf.store.spool import BATCH, Keep, QuadSpool
from lexrdf.txtime import Clock, Pending

RESULTS_JSON = "application/sparql-results+json"
N_TRIPLES = "application/n-triples"
CONNECT_SECONDS = 10.0
UPDATE_SECONDS = 3600.0  # a large act's one update may take long; the server, not the client, decides
_ALL_QUADS = "SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } }"


def update_url_for(query_url: str) -> str:
    """The update endpoint beside a query endpoint, by the conventions of Oxigraph and Fuseki (`.../query` ->
    `.../update`, `.../sparql` -> `.../update`); any other URL is used for both.

    >>> update_url_for("http://127.0.0.1:7878/query")
    'http://127.0.0.1:7878/update'
    >>> update_url_for("http://localhost:3030/ds/sparql")
    'http://localhost:3030/ds/update'
    """
    head, _, last = query_url.rstrip("/").rpartition("/")
    return f"{head}/update" if last in {"query", "sparql"} else query_url


class RemoteStore:
    """A SPARQL 1.1 server as a lexrdf store; `state` is the local directory of the transaction log and the
    temporary files of writes. Writes are visible at once (`publish` and `refresh` do nothing). One writer at a
    time: lexrdf does not lock the server, so run one ingest at a time (as with the embedded store)."""

    def __init__(
        self,
        url: str,
        state: Path,
        read_only: bool = False,
        update_url: str | None = None,
        auth: tuple[str, str] | None = None,
        ignored_graphs: Sequence[str] = (),
    ) -> None:
        self.url = url
        self.ignored_graphs = frozenset(ignored_graphs)
        self.update_url = update_url or update_url_for(url)
        self.state = Path(state)
        self.read_only = read_only
        timeout = httpx.Timeout(None, connect=CONNECT_SECONDS)
        self._http = httpx.Client(auth=ChallengeAuth(*auth) if auth else None, timeout=timeout)
        self._write_lock = threading.Lock()
        self._clock_lock = threading.Lock()
        self._clock: Clock | None = None
        self._writes = 0  # updates sent (`generation`)
        self.recovered: list[str] = []  # its derived data is not journaled: nothing for the layer above to rebuild
        if not read_only:
            self.state.mkdir(parents=True, exist_ok=True)
        self._changelog = ChangeLog(self.state)
        self._journal = Journal(self.state)
        self._ask_alive()
        if not read_only:
            self._recover()
        self._last_change = self._changelog.last()

    # -- HTTP --------------------------------------------------------------------------------------
    def _post(
        self,
        url: str,
        body: Any,
        content_type: str,
        accept: str | None,
        timeout: float | None,
        length: int | None = None,
    ) -> httpx.Response:
        """One request; any failure becomes a one-line StoreError naming the URL."""
        headers = {"Content-Type": f"{content_type}; charset=utf-8"}
        if accept:
            headers["Accept"] = accept
        if length is not None:
            headers["Content-Length"] = str(length)
        try:
            response = self._http.post(url, content=body, headers=headers, timeout=timeout or UPDATE_SECONDS)
        except httpx.TimeoutException as exc:
            raise StoreError(f"the store at {url} did not answer in time ({type(exc).__name__})") from exc
        except httpx.TransportError as exc:
            raise StoreError(f"the store at {url} is unreachable: {exc or type(exc).__name__}") from exc
        if response.status_code >= 400:
            detail = " ".join(response.text.split())[:300]
            raise StoreError(
                f"the store at {url} answered {response.status_code} {response.reason_phrase}"
                + (f": {detail}" if detail else "")
            )
        return response

    def _query(self, query: str, accept: str, timeout: float | None = None) -> httpx.Response:
        return self._post(self.url, form(date_casts(query)), FORM, accept, timeout)

    def _update(self, body: Iterable[bytes] | bytes) -> None:
        if self.read_only:
            raise StoreError(f"the store at {self.url} is open read-only; nothing was written")
        try:
            self._send_update(body)
        finally:  # once it has landed or failed: an answer read during it is kept under the old number
            self._writes += 1

    def _send_update(self, body: Iterable[bytes] | bytes) -> None:
        if isinstance(body, bytes):
            self._post(self.update_url, body, "application/sparql-update", None, UPDATE_SECONDS)
            return
        # staged in a file and sent with its Content-Length, never chunked: Virtuoso 7.2 reads a chunked request
        # body as empty and answers 200 having written nothing
        with tempfile.TemporaryFile(dir=self.state if self.state.is_dir() else None) as staged:
            for part in body:
                staged.write(part)
            length = staged.tell()
            staged.seek(0)
            self._post(self.update_url, staged, "application/sparql-update", None, UPDATE_SECONDS, length)

    def _ask_alive(self) -> None:
        """Fail now, in one line, when the server cannot be reached or refuses us."""
        self.server = self._query("ASK { }", RESULTS_JSON, CONNECT_SECONDS).headers.get("server", "")

    def refuses(self, name: str) -> str | None:
        """Why this server answers the library query `name` wrongly (WRONG_ANSWERS), or None."""
        for product, wrong in WRONG_ANSWERS.items():
            if self.server.startswith(product) and name in wrong:
                return f"{self.server.split()[0]} answers the query {name!r} wrongly: {wrong[name]} (docs/remote.md)"
        return None

    # -- reading -----------------------------------------------------------------------------------
    def select(self, query: str, timeout: float | None = None) -> QuerySolutions:
        response = self._query(query, RESULTS_JSON, timeout)
        return pyoxigraph.parse_query_results(canonical_booleans(response.content), QueryResultsFormat.JSON)

    def sparql(self, query: str, timeout: float | None = None) -> Any:
        """Solutions or a boolean (SELECT, ASK), or a list of triples (CONSTRUCT, DESCRIBE)."""
        response = self._query(query, f"{RESULTS_JSON}, {N_TRIPLES};q=0.9", timeout)
        kind = response.headers.get("content-type", "").split(";")[0].strip()
        if kind in {N_TRIPLES, "text/plain", "text/turtle", "application/n-quads"}:
            rdf_format = RdfFormat.TURTLE if kind == "text/turtle" else RdfFormat.N_TRIPLES
            return [quad.triple for quad in pyoxigraph.parse(response.content, format=rdf_format)]
        return pyoxigraph.parse_query_results(canonical_booleans(response.content), QueryResultsFormat.JSON)

    def graph_quads(self, graph: NamedNode) -> Iterable[Quad]:
        query = f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH {graph} {{ ?s ?p ?o }} }}"
        response = self._query(query, N_TRIPLES)
        return [
            Quad(q.subject, q.predicate, q.object, graph)
            for q in pyoxigraph.parse(response.content, format=RdfFormat.N_TRIPLES)
        ]

    def named_graphs(self) -> list[NamedNode]:
        rows = self.select("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }")
        graphs = (row["g"] for row in rows if isinstance(row["g"], NamedNode))
        return sorted((g for g in graphs if g.value not in self.ignored_graphs), key=lambda g: g.value)

    def dump(self, output: IO[bytes], graph: NamedNode | None = None) -> None:
        """N-Quads of every named graph (the default graph is not reachable through a union default graph, and
        lexrdf writes none), or N-Triples of one graph; graph by graph, so no response holds the whole store."""
        if graph is not None:
            output.write(pyoxigraph.serialize((q.triple for q in self.graph_quads(graph)), format=RdfFormat.N_TRIPLES))
            return
        for name in self.named_graphs():
            output.write(pyoxigraph.serialize(self.graph_quads(name), format=RdfFormat.N_QUADS))

    def quad_count(self) -> int:
        ignored = ", ".join(f"<{iri}>" for iri in sorted(self.ignored_graphs))
        where = f"GRAPH ?g {{ ?s ?p ?o }} FILTER (?g NOT IN ({ignored}))" if ignored else "GRAPH ?g { ?s ?p ?o }"
        rows = list(self.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}"))
        return int(rows[0]["n"].value) if rows else 0

    @property
    def raw(self) -> RemoteDataset:
        """The subset of pyoxigraph.Store's reading methods that dumps, statistics and store validation use."""
        return RemoteDataset(self)

    # -- the transaction log and the clock -----------------------------------------------------------
    @property
    def changelog(self) -> ChangeLog:
        """The transaction log in the local state directory (a reader on another machine sees its own, empty,
        unless the directory is shared)."""
        return self._changelog

    @property
    def changes_through(self) -> int:
        return self._last_change if not self.read_only else self._changelog.last()

    @property
    def clock(self) -> Clock:
        """Read once from the store (the latest changeset's time), then kept: this process is the one writer."""
        with self._clock_lock:
            if self._clock is None:
                self._clock = stored_clock(self.select(LATEST_CHANGESET))
            return self._clock

    @property
    def generation(self) -> int:
        """A writer: its writes so far. A reader: the number of the newest change in the transaction log, which
        the writer keeps beside it (a write that is not logged is not seen)."""
        return self._writes if not self.read_only else self._changelog.last()

    def publish(self) -> None:
        return None

    def refresh(self) -> bool:
        return False

    def close(self) -> None:
        self._http.close()

    def spool(self, keep: Keep | None = None) -> QuadSpool:
        """A spool spilling into the state directory (or the system's temporary directory for a reader)."""
        return QuadSpool(self.state if self.state.is_dir() else Path(tempfile.gettempdir()), keep=keep)

    # -- writing -----------------------------------------------------------------------------------
    def _recover(self) -> None:
        """Log what a writer killed between the server's commit and moving its entry into the log left
        (lexrdf.store.journal): an update is one transaction on the server and its additions were new, so one of
        them present (or one removal absent) means it committed; otherwise it never happened and is forgotten."""
        self._changelog.remove_unfinished()
        for entry in self._journal.entries():
            probe = next((q for q in entry.added() if not has_blank_node(q)), None)
            removed = entry.removed()
            if probe is not None:
                committed = self._held(probe.graph_name)([probe]) == [True]
            elif removed:
                committed = self._held(removed[0].graph_name)(removed[:1]) == [False]
            else:
                committed = False
            if committed:
                self._adopt(entry)
            else:
                self._journal.end(entry)

    def _held(self, graph: NamedNode) -> Held:
        """Which quads of a batch the server holds: one SELECT with the batch as VALUES, answering the rows it
        holds by their number (so a literal the server writes back in another lexical form still counts). When
        `graph` is empty (a new act), only the quads a write adds to other graphs are asked about."""
        empty = not self._query(f"ASK {{ GRAPH {graph} {{ ?s ?p ?o }} }}", RESULTS_JSON).json().get("boolean")

        def held(batch: Sequence[Quad]) -> list[bool]:
            asked = [
                (number, quad)
                for number, quad in enumerate(batch)
                if isinstance(quad.graph_name, NamedNode)
                and not has_blank_node(quad)
                and not (empty and quad.graph_name == graph)
            ]
            found: set[int] = set()
            if asked:
                rows = " ".join(f"({n} {q.subject} {q.predicate} {q.object} {q.graph_name})" for n, q in asked)
                query = f"SELECT ?n WHERE {{ VALUES (?n ?s ?p ?o ?g) {{ {rows} }} GRAPH ?g {{ ?s ?p ?o }} }}"
                found = {int(row["n"].value) for row in self.select(query)}
            return [number in found for number in range(len(batch))]

        return held

    def add_act_graph(self, graph: NamedNode, quads: Iterable[Quad], pending: Pending | None = None) -> int:
        """What the graph lacks of `quads`, with the commit's times in the changesets of `pending`, as ONE
        `INSERT DATA` request (one transaction on the server: all or nothing), then logged as one change. The
        additions are staged in a local file first, so a failure while they are made sends nothing. What the store
        holds already is asked a batch of quads at a time (`_held`), never by reading the whole graph; quads with
        blank nodes are always added (the server renames blank nodes, so they cannot be compared)."""
        if self.read_only:
            raise StoreError(f"the store at {self.url} is open read-only; nothing was written")
        with self._write_lock:
            times = self.clock.take(len(pending)) if pending else []
            if pending:
                pending.commit(times)
            changesets = pending.final_iris() if pending else []
            moment = times[-1] if times else txtime.wall_clock()
            additions = Additions(quads, self._held(graph), pending.stamper() if pending else None)
            try:  # journaled first: a writer killed after the server commits logs the change at the next open
                change = self._last_change + 1
                entry = self._journal.begin(graph.value, change, moment, additions.chunks(), (), changesets)
            except (OSError, SyntaxError, TypeError, ValueError) as exc:
                raise StoreError(f"writing graph {graph.value} failed; nothing was written: {exc}") from exc
            if entry is None:
                return 0
            try:
                self._update(_insert_data(entry.added()))
            except BaseException:
                self._journal.end(entry)
                raise
            self._adopt(entry)
            return additions.count

    def add_act_graphs(self, writes: Iterable[GraphWrite], stream: bool = False) -> int:
        """Each write as its own update, in order (a remote store has no group commit across requests, so nothing
        to `stream` into); a `whole` write replaces its graph (`replace_graph`)."""
        added = 0
        for write in writes:
            quads = write.quads.quads() if isinstance(write.quads, Serialized) else write.quads
            if write.whole:
                self.replace_graph(write.graph, quads)
            else:
                added += self.add_act_graph(write.graph, quads, write.pending)
        return added

    def derived_rebuilt(self, acts: Iterable[str]) -> None:
        """Nothing to let go: a remote store's journal entries end with their writes."""

    def replace_graphs(self, graphs: Sequence[tuple[NamedNode, Iterable[Quad] | Serialized]]) -> None:
        """Each view graph replaced by its own update, in order."""
        for graph, quads in graphs:
            self.replace_graph(graph, quads.quads() if isinstance(quads, Serialized) else quads)

    def replace_graph(self, graph: NamedNode, quads: Iterable[Quad]) -> None:
        """Replace a view graph with one update writing only the difference (DELETE DATA; INSERT DATA), logged as
        one change. A view holds no blank nodes: one with them is refused."""
        if self.read_only:
            raise StoreError(f"the store at {self.url} is open read-only; nothing was written")
        with self._write_lock:
            new = {Quad(q.subject, q.predicate, q.object, graph) for q in quads}
            old = set(self.graph_quads(graph))
            if any(has_blank_node(q) for q in new | old):
                raise StoreError(
                    f"replacing graph {graph.value} failed; it is unchanged: a view cannot hold blank nodes"
                )
            if old == new:
                return
            removed, added = sorted(old - new, key=str), sorted(new - old, key=str)
            parts = []
            if removed:
                parts.append(f"DELETE DATA {data_block(removed)}")
            if added:
                parts.append(f"INSERT DATA {data_block(added)}")
            lines = list(serialized(removed, lines=True))
            moment, change = datetime.now(UTC), self._last_change + 1
            entry = self._journal.begin(graph.value, change, moment, serialized(added), lines, (), len(added))
            assert entry is not None  # the graph changes
            try:
                self._update(" ;\n".join(parts).encode("utf-8"))
            except BaseException:
                self._journal.end(entry)
                raise
            self._adopt(entry)

    def _adopt(self, entry: Entry) -> None:
        """A write the server committed becomes its change in the log: its journal entry is moved into it."""
        self._changelog.adopt([(entry.change, entry.path)])
        self._last_change = entry.change


class RemoteDataset:
    """The reading methods of pyoxigraph.Store that lexrdf's dumps, VoID statistics and store validation call,
    answered by a remote store (the default graph is the union: `use_default_graph_as_union` changes nothing;
    `default_graph` and `named_graphs` become the protocol's `default-graph-uri` and `named-graph-uri`)."""

    def __init__(self, store: RemoteStore) -> None:
        self.store = store

    def query(
        self,
        query: str,
        use_default_graph_as_union: bool = False,
        default_graph: Any = None,
        named_graphs: Any = None,
    ) -> Any:
        if not default_graph and not named_graphs:
            return self.store.sparql(query)
        params = [("default-graph-uri", g.value) for g in _listed(default_graph) if isinstance(g, NamedNode)]
        params += [("named-graph-uri", g.value) for g in _listed(named_graphs)]
        response = self.store._post(self.store.url, form(date_casts(query), params), FORM, RESULTS_JSON, None)
        return pyoxigraph.parse_query_results(response.content, QueryResultsFormat.JSON)

    def named_graphs(self) -> Iterator[NamedNode]:
        return iter(self.store.named_graphs())

    def quads_for_pattern(self, subject: Any, predicate: Any, object: Any, graph_name: Any = None) -> Iterator[Quad]:
        if isinstance(graph_name, DefaultGraph):
            return iter(())  # lexrdf writes named graphs only
        graphs = [graph_name] if isinstance(graph_name, NamedNode) else self.store.named_graphs()
        return (
            q
            for g in graphs
            for q in self.store.graph_quads(g)
            if (subject is None or q.subject == subject)
            and (predicate is None or q.predicate == predicate)
            and (object is None or q.object == object)
        )

    def dump(self, output: IO[bytes], format: RdfFormat, from_graph: Any = None, prefixes: Any = None) -> None:
        if from_graph is None:
            self.store.dump(output)
            return
        triples = (q.triple for q in self.store.graph_quads(from_graph))
        options = {"prefixes": prefixes} if prefixes and format not in (RdfFormat.N_TRIPLES, RdfFormat.N_QUADS) else {}
        output.write(pyoxigraph.serialize(triples, format=format, **options))

    def __len__(self) -> int:
        return self.store.quad_count()


def _insert_data(quads: Iterable[Quad]) -> Iterator[bytes]:
    """One INSERT DATA request body from a write's quads, streamed in batches (GRAPH blocks may repeat)."""
    yield b"INSERT DATA {\n"
    batch: list[Quad] = []
    for quad in quads:
        batch.append(quad)
        if len(batch) >= BATCH:
            yield data_block(batch)[1:-1].encode("utf-8")
            batch = []
    if batch:
        yield data_block(batch)[1:-1].encode("utf-8")
    yield b"}\n"


def _listed(graphs: Any) -> list[Any]:
    if graphs is None:
        return []
    return list(graphs) if isinstance(graphs, list | tuple | set) else [graphs]


__all__ = ["RemoteDataset", "RemoteStore", "update_url_for"]
