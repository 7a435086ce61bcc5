"""The remote store (lexrdf.store.remote) against real SPARQL servers started on 127.0.0.1: `oxigraph serve`, Apache
Jena (ARQ and TDB2 from Debian's libapache-jena-java) behind tests/jena/JenaSparqlServer.java, and Virtuoso Open
Source 7.2 (Debian's virtuoso-opensource, tests/virtuoso.py). Every public primitive answers as on the embedded
store; an act write is all or nothing; `lexrdf serve --store-url` serves from it; failures are one line; every
query-library file parses with Jena as SPARQL 1.1."""

from __future__ import annotations

import contextlib
import inspect
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import httpx
import pyoxigraph
import pytest
from conftest import BASE, ODA, SAMPLES, unavailable
from pyoxigraph import Literal, NamedNode, Quad
from servers import free_port, lexrdf_serve
from virtuoso import missing, virtuoso_server

from lexrdf.api import Lexrdf
from lexrdf.errors import StoreError, WrongAnswerError
from lexrdf.queries import QUERIES_DIR, load_library
from lexrdf.search.texts import graph_texts, read_texts
from lexrdf.settings import Settings
from lexrdf.store.changelog import apply_patch
from lexrdf.store.dialects import WRONG_ANSWERS, ChallengeAuth
from lexrdf.store.remote import RemoteStore, update_url_for

PARA = f"{ODA}/art_3/para_2"
HARBOUR_S1 = f"{BASE}/eli/xx/act/1995-05-10/3/sec_1"
OXIGRAPH = Path(sys.executable).with_name("oxigraph")  # PyPI package `oxigraph` (the test extra), or on PATH

CASES = [
    ("acts", {}),
    ("audit", {}),
    ("audit", {"act": ODA}),
    ("resolve", {"ref": "/akn/xx/act/2001-03-14/12~art_3__para_2"}),
    ("resolve", {"ref": "/akn/xx/act/2001-03-14/99"}),
    ("text-at", {"provision": PARA, "date": "2003-05-01"}),
    ("text-at", {"provision": PARA, "date": "2005-01-01"}),
    ("text-at", {"provision": f"{ODA}/art_6", "date": "2011-01-01"}),
    ("text-at", {"provision": PARA, "date": "1990-01-01"}),
    ("text-at", {"provision": HARBOUR_S1, "date": "2000-01-01"}),
    ("versions", {"provision": PARA}),
    ("context", {"provision": PARA, "date": "2005-01-01"}),
    ("descendants", {"provision": ODA, "date": "2005-01-01"}),
    ("lineage", {"provision": PARA, "date": "2005-01-01"}),
    ("impact", {"act": ODA}),
    ("diff", {"provision": PARA, "from": "2002-01-01", "to": "2005-01-01"}),
    ("changes-since", {"since": "2000-01-01T00:00:00Z"}),
    ("search", {"text": "machine-readable", "date": "2005-01-01"}),
    ("search", {"text": "harbour", "date": "2000-01-01"}),
    ("toc", {"act": ODA, "date": "2005-01-01"}),
    ("interpretations", {"item": PARA, "date": "2005-01-01"}),
    ("coverage", {}),
]


# a transaction time (an xsd:dateTime, or the compact form in a changeset IRI): differs between two ingests
_TXTIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?|\d{8}T\d{6,12}(?:Z|-[0-9a-f]{6,})?")


def normalised(value: object) -> object:
    """An answer with its transaction times replaced by one placeholder."""
    if isinstance(value, dict):
        return {key: normalised(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalised(item) for item in value]
    return _TXTIME.sub("<txtime>", value) if isinstance(value, str) else value


def comparable(quad: Quad) -> str:
    """A quad as N-Quads, its transaction times and blank node labels replaced by placeholders."""
    return re.sub(r"_:\w+", "_:b", _TXTIME.sub("<txtime>", str(quad)))


# -- the servers --------------------------------------------------------------------------------------------------
_unavailable = unavailable  # skip on a developer's machine; under CI (CI=true) fail (tests/conftest.py)


def _wait_until_answering(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 120
    while True:
        with contextlib.suppress(httpx.TransportError):
            response = httpx.post(
                url, content="ASK {}", headers={"Content-Type": "application/sparql-query"}, timeout=2
            )
            if response.status_code == 200:
                return
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the SPARQL server did not start: {log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.3)


@contextlib.contextmanager
def _process(command: list[str], url: str, log: Path) -> Iterator[str]:
    with log.open("w") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        _wait_until_answering(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def oxigraph_server(directory: Path) -> Iterator[str]:
    """`oxigraph serve --union-default-graph` on a free port; its query endpoint."""
    binary = str(OXIGRAPH) if OXIGRAPH.is_file() else shutil.which("oxigraph")
    if binary is None:
        _unavailable("the `oxigraph` command is missing (pip install oxigraph, the version of pyoxigraph)")
    port = free_port()
    command = [binary, "serve", "--location", str(directory / "data"), "--bind", f"127.0.0.1:{port}",
               "--union-default-graph"]  # fmt: skip
    with _process(command, f"http://127.0.0.1:{port}/query", directory / "oxigraph.log") as url:
        yield url


JENA_SERVER = Path(__file__).with_name("jena") / "JenaSparqlServer.java"
JAVA_LIBRARIES = Path("/usr/share/java")
# Debian's Jena 4.5 and its dependencies, named one by one: the wildcard /usr/share/java/* would also bring six SLF4J
# bindings (one taken at random, one of which fails beside log4j-over-slf4j) and whatever else the machine has
JENA_JARS = (
    "jena-arq", "jena-base", "jena-core", "jena-iri", "jena-tdb2", "jena-dboe-base", "jena-dboe-index",
    "jena-dboe-storage", "jena-dboe-trans-data", "jena-dboe-transaction", "slf4j-api", "slf4j-simple",
    "commons-cli", "commons-codec", "commons-compress", "commons-csv", "commons-io", "commons-lang3",
    "dexx.collection", "gson", "guava", "httpclient", "httpcore", "jackson-annotations", "jackson-core",
    "jackson-databind", "jsonld-java", "protobuf", "thrift", "titanium-json-ld", "jakarta.json-api",
)  # fmt: skip


def jena_classpath(build: Path) -> str:
    """Compile JenaSparqlServer.java into `build` against Debian's Jena; the classpath to run it with.

    Debian's jena-core 4.5.0-2 moved the classes of Jena's own copy of Xerces to the package `xerces` but left their
    message files under org/apache/jena/ext/xerces, so Jena's first XSD datatype fails ("RuntimeException: internal
    error" in XSSimpleTypeDecl.applyFacets1: the regex of a pattern facet cannot load its messages); the files are
    copied to where the classes look for them."""
    missing = [tool for tool in ("java", "javac") if shutil.which(tool) is None]
    missing += [f"{JAVA_LIBRARIES}/{jar}.jar" for jar in JENA_JARS if not (JAVA_LIBRARIES / f"{jar}.jar").is_file()]
    if missing:
        _unavailable(f"Jena cannot run: missing {', '.join(missing)} (apt-get install default-jdk-headless "
                     "libapache-jena-java; scripts/test.sh does)")  # fmt: skip
    classpath = os.pathsep.join([str(build), *(f"{JAVA_LIBRARIES}/{jar}.jar" for jar in JENA_JARS)])
    compiled = subprocess.run(["javac", "-cp", classpath, "-d", str(build), str(JENA_SERVER)],
                              capture_output=True, text=True, timeout=300)  # fmt: skip
    if compiled.returncode != 0:
        raise RuntimeError(f"javac failed on {JENA_SERVER.name}: {compiled.stderr[-3000:]}")
    with zipfile.ZipFile(JAVA_LIBRARIES / "jena-core.jar") as jar:
        for name in jar.namelist():
            if name.startswith("org/apache/jena/ext/xerces/") and name.endswith(".properties"):
                target = build / name.removeprefix("org/apache/jena/ext/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(jar.read(name))
    return classpath


@contextlib.contextmanager
def jena_server(directory: Path) -> Iterator[str]:
    """Jena ARQ over a TDB2 dataset whose default graph is the union, behind the test's SPARQL 1.1 Protocol server
    (tests/jena/JenaSparqlServer.java); its query endpoint."""
    classpath = jena_classpath(directory / "classes")
    port = free_port()
    command = ["java", "-Xmx768m", "-cp", classpath, "JenaSparqlServer", str(port), str(directory / "tdb2")]
    with _process(command, f"http://127.0.0.1:{port}/ds/query", directory / "jena.log") as url:
        yield url


@contextlib.contextmanager
def virtuoso(directory: Path) -> Iterator[dict[str, Any]]:
    """Virtuoso Open Source (tests/virtuoso.py); the settings that reach it."""
    if missing():
        _unavailable(f"Virtuoso cannot run: missing {', '.join(missing())} (apt-get install virtuoso-opensource; "
                     "scripts/test.sh does)")  # fmt: skip
    with virtuoso_server(directory) as reach:
        yield reach


@contextlib.contextmanager
def _at(server: Any, directory: Path) -> Iterator[dict[str, Any]]:
    with server(directory) as url:
        yield {"store_url": url}


SERVERS = {
    "oxigraph": lambda directory: _at(oxigraph_server, directory),
    "jena": lambda directory: _at(jena_server, directory),
    "virtuoso": virtuoso,
}


@pytest.fixture(scope="module", params=sorted(SERVERS))
def endpoint(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A fresh server of each kind: the remote-store settings that reach it (its query endpoint, and for Virtuoso
    its update endpoint, credentials and the graph of its own to ignore)."""
    with SERVERS[request.param](tmp_path_factory.mktemp(request.param)) as reach:
        yield reach


@pytest.fixture(scope="module")
def remote_settings(endpoint: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(store=tmp_path_factory.mktemp("state") / "state", base_iri=BASE, **endpoint)


def remote_store(settings: Settings, state: Path, **overrides: Any) -> RemoteStore:
    """A RemoteStore reaching the server of `settings` (its update endpoint, credentials, ignored graphs)."""
    reach: dict[str, Any] = {"update_url": settings.store_update_url, "auth": settings.store_auth,
                             "ignored_graphs": settings.store_ignored_graphs}  # fmt: skip
    return RemoteStore(settings.store_url or "", state, **{**reach, **overrides})


def raw_update(settings: Settings, update: str) -> None:
    """An update sent straight to the server, as another writer would."""
    auth = ChallengeAuth(*settings.store_auth) if settings.store_auth else None
    url = settings.store_update_url or update_url_for(settings.store_url or "")
    httpx.post(url, content=update, headers={"Content-Type": "application/sparql-update"}, auth=auth,
               timeout=30).raise_for_status()  # fmt: skip


def store_env(settings: Settings) -> dict[str, str]:
    """The environment that gives `lexrdf` the remote-store settings beyond --store-url."""
    env = {"LEXRDF_STORE_IGNORED_GRAPHS": " ".join(settings.store_ignored_graphs)}
    if settings.store_update_url:
        env["LEXRDF_STORE_UPDATE_URL"] = settings.store_update_url
    if settings.store_user:
        env |= {"LEXRDF_STORE_USER": settings.store_user, "LEXRDF_STORE_PASSWORD": settings.store_password or ""}
    return env


@pytest.fixture(scope="module")
def remote_lex(remote_settings: Settings) -> Iterator[Lexrdf]:
    """The samples ingested through lexrdf into the remote store."""
    lex = Lexrdf.open(remote_settings)
    lex.ingest([SAMPLES])
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def embedded_lex(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lexrdf]:
    lex = Lexrdf.open(Settings(store=tmp_path_factory.mktemp("embedded") / "store", base_iri=BASE))
    lex.ingest([SAMPLES])
    yield lex
    lex.close()


# -- every primitive answers as on the embedded store ---------------------------------------------------------------
def test_the_cases_cover_every_public_query():
    assert {name for name, _ in CASES} == {name for name in load_library() if not name.startswith("_")}


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_every_public_primitive_answers_as_on_the_embedded_store(remote_lex, embedded_lex, name, params, request):
    on_virtuoso = request.node.callspec.params.get("endpoint") == "virtuoso"
    if on_virtuoso and name in WRONG_ANSWERS["Virtuoso/07."]:  # refused, typed, instead of a wrong answer
        with pytest.raises(WrongAnswerError, match=rf"^Virtuoso/07\.\S+ answers the query '{name}' wrongly: "):
            remote_lex.run(name, params)
        return
    assert normalised(remote_lex.run(name, params)) == normalised(embedded_lex.run(name, params))


def test_the_search_index_reads_each_act_graph_as_from_the_embedded_store(remote_lex, embedded_lex):
    """The texts the full-text index writes for each act graph (windows, opening events, chains: what a search hit
    shows without asking the store) are read from the remote store as from the embedded one; only the transaction
    times differ (each store's own commits)."""

    def own_times(text: dict[str, Any]) -> dict[str, Any]:  # each store's commits: whether, not when
        currency = [day for day, _recorded in text["currency"]]
        return {"recorded": None, "superseded": text["superseded"] is not None, "currency": currency}

    def read(lex: Lexrdf) -> dict[str, list[str]]:
        texts = {}
        for graph in sorted({text["graph"] for text in read_texts(lex.store, None)}):
            texts[graph] = sorted(
                repr(sorted({**text, **own_times(text)}.items())) for text in graph_texts(lex.store, graph)
            )
        return texts

    remote, embedded = read(remote_lex), read(embedded_lex)
    assert remote.keys() == embedded.keys() and embedded
    for graph, texts in embedded.items():
        differing = [(r, e) for r, e in zip(remote[graph], texts, strict=True) if r != e]
        assert not differing, (graph, len(differing), differing[:1])
    assert any("'valid_until', '" in text for texts in embedded.values() for text in texts)  # closed windows read


def test_the_remote_store_holds_what_the_embedded_store_holds(remote_lex, embedded_lex):
    def lines(lex: Lexrdf) -> list[str]:
        quads = lex.store.raw.quads_for_pattern(None, None, None)
        return sorted(map(comparable, quads))

    assert remote_lex.store.quad_count() == embedded_lex.store.quad_count() > 1000
    assert lines(remote_lex) == lines(embedded_lex)


def test_a_dump_of_the_remote_store_holds_what_it_holds_in_the_embedded_stores_files(
    remote_lex, embedded_lex, tmp_path
):
    """`lexrdf dump --store-url`: each graph read back from the server (RemoteDataset.dump) into its act file, the
    act files written by several threads at a time over one HTTP client; the same files, quad for quad, as the
    dump of the embedded store holding the same ingest."""
    from lexrdf.dumps import write_dump
    from lexrdf.dumps.checksums import verify

    def dumped(lex: Lexrdf, out: Path) -> dict[str, list[str]]:
        manifest = write_dump(lex.store, out, lex.settings)
        assert verify(out) == []
        return {
            file.path: sorted(
                map(comparable, pyoxigraph.parse(path=str(out / file.path), format=pyoxigraph.RdfFormat.N_QUADS))
            )
            for file in manifest.files
            if file.kind in ("dataset", "act")
        }

    remote, embedded = dumped(remote_lex, tmp_path / "remote"), dumped(embedded_lex, tmp_path / "embedded")
    assert remote.keys() == embedded.keys() and len(remote) >= 3
    assert remote == embedded
    assert len(remote["lexrdf.nq"]) == remote_lex.store.quad_count()


def test_the_protocols_dataset_selects_the_graphs_as_on_the_embedded_store(remote_lex, embedded_lex):
    """`default-graph-uri` and `named-graph-uri` (RemoteDataset.query sends them, as /sparql forwards them) make the
    dataset a query reads, on the server as on pyoxigraph: the union default graph is then not used."""
    act = NamedNode(ODA)
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    per_graph = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"

    def answers(lex: Lexrdf) -> tuple[list[int], list[tuple[str, int]]]:
        counted = [int(row["n"].value) for row in lex.store.raw.query(count, default_graph=[act])]
        named = [(row["g"].value, int(row["n"].value)) for row in lex.store.raw.query(per_graph, named_graphs=[act])]
        return counted, named

    embedded = answers(embedded_lex)
    assert answers(remote_lex) == embedded
    assert embedded[0][0] > 100 and embedded[1] == [(ODA, embedded[0][0])]


def test_the_transaction_log_replays_into_the_stores_content(remote_lex):
    log = remote_lex.store.changelog
    assert log.last() == remote_lex.store.changes_through >= 2
    copy = pyoxigraph.Store()
    for change in log.changes():
        apply_patch(copy, change.patch())
    assert len(copy) == remote_lex.store.quad_count()


def test_transaction_times_follow_the_commits_and_the_clock_reads_them(remote_lex, remote_settings):
    latest = remote_lex.store.clock.latest
    reopened = Lexrdf.open(remote_settings, read_only=True)
    try:
        assert reopened.store.clock.latest == latest  # read back from the store: the changesets' own times
    finally:
        reopened.close()


# -- all or nothing ----------------------------------------------------------------------------------------------
GRAPH = NamedNode(f"{BASE}/eli/xx/act/2099-01-01/1")


def _quads(count: int) -> Iterator[Quad]:
    for index in range(count):
        yield Quad(NamedNode(f"{GRAPH.value}/p_{index}"), NamedNode(f"{BASE}/ns#text"), Literal(f"text {index}"), GRAPH)


def test_a_write_that_fails_while_its_quads_are_made_writes_nothing(remote_lex):
    store = remote_lex.store
    before, changes = store.quad_count(), store.changelog.last()

    def failing() -> Iterator[Quad]:
        yield from _quads(3000)
        raise ValueError("the mapping failed")

    with pytest.raises(StoreError, match="nothing was written"):
        store.add_act_graph(GRAPH, failing())
    assert (store.quad_count(), store.changelog.last()) == (before, changes)


def test_an_update_the_server_refuses_writes_nothing(remote_lex, remote_settings, tmp_path):
    before = remote_lex.store.quad_count()
    refusing = remote_store(remote_settings, tmp_path / "state", update_url=remote_settings.store_url, auth=None)
    try:
        with pytest.raises(StoreError, match=r"the store at \S+ answered [45]\d\d"):  # Virtuoso: 500, no permission
            refusing.add_act_graph(GRAPH, _quads(50))  # an update sent to the query endpoint: refused
    finally:
        refusing.close()
    assert remote_lex.store.quad_count() == before
    assert refusing.changelog.last() == 0


@contextlib.contextmanager
def cutting_proxy(target: str, cut_after: int) -> Iterator[str]:
    """A TCP relay to the server of `target` (an update endpoint), its URL through the relay, that closes both sides
    after relaying `cut_after` bytes of a request: the server going away in the middle of a write."""
    upstream = httpx.URL(target)
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    stop = threading.Event()

    def relay(client: socket.socket) -> None:
        server = socket.create_connection((upstream.host, upstream.port))
        sent = 0
        try:
            while not stop.is_set():
                client.settimeout(0.2)
                try:
                    data = client.recv(65536)
                except TimeoutError:
                    continue
                if not data:
                    break
                if sent + len(data) > cut_after:
                    server.sendall(data[: cut_after - sent])
                    break
                server.sendall(data)
                sent += len(data)
        finally:
            server.close()
            client.close()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            threading.Thread(target=relay, args=(client,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield str(upstream.copy_with(port=port))
    finally:
        stop.set()
        thread.join()
        listener.close()


def test_a_server_lost_in_the_middle_of_a_write_holds_nothing_of_it(remote_lex, remote_settings, tmp_path):
    before = remote_lex.store.quad_count()
    update = remote_settings.store_update_url or update_url_for(remote_settings.store_url or "")
    with cutting_proxy(update, cut_after=200_000) as update_url:
        writer = remote_store(remote_settings, tmp_path / "state", update_url=update_url)
        try:
            with pytest.raises(StoreError, match="the store at .* is unreachable"):
                writer.add_act_graph(GRAPH, _quads(20_000))  # about 2 MB: cut after 200 kB
        finally:
            writer.close()
    time.sleep(0.5)  # kept: the server (another process) notices the closed connection on its real clock
    assert remote_lex.store.quad_count() == before
    assert writer.changelog.last() == 0


def test_a_writer_killed_after_the_server_committed_has_its_change_logged_at_the_next_open(
    remote_lex, remote_settings, tmp_path
):
    """The journal entry of a write the server committed (its quads are there) but the writer never logged is
    logged by the next writer; one whose update never reached the server is forgotten: the log stays exact."""
    from lexrdf.store.journal import Journal

    state = tmp_path / "state"
    writer = remote_store(remote_settings, state)
    writer.close()
    graph = NamedNode("https://example.org/killed")
    committed = [Quad(q.subject, q.predicate, q.object, graph) for q in _quads(5)]
    never_sent = [Quad(q.subject, q.predicate, NamedNode("https://example.org/never"), graph) for q in _quads(3)]
    insert = (
        "INSERT DATA { GRAPH <https://example.org/killed> { "
        + " ".join(f"{q.subject} {q.predicate} {q.object} ." for q in committed)
        + " } }"
    )
    raw_update(remote_settings, insert)
    journal = Journal(state)
    now = datetime.now(UTC)
    journal.begin(graph.value, 1, now, [pyoxigraph.serialize(committed, format=pyoxigraph.RdfFormat.N_QUADS)])
    journal.begin(graph.value, 2, now, [pyoxigraph.serialize(never_sent, format=pyoxigraph.RdfFormat.N_QUADS)])
    reopened = remote_store(remote_settings, state)
    try:
        changes = [(c.number, c.graph, c.added) for c in reopened.changelog.changes()]
        assert changes == [(1, graph.value, 5)]
        assert journal.entries() == [] and reopened.changes_through == 1
    finally:
        reopened.close()
        raw_update(remote_settings, "DROP SILENT GRAPH <https://example.org/killed>")  # the next tests share it


# -- failures are one line; serving ----------------------------------------------------------------------------------
def _cli(*arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE, **(env or {})}
    command = [sys.executable, "-m", "lexrdf.cli", *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def test_an_unreachable_store_is_a_one_line_error(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/query"
    result = _cli("query", "acts", "--store", str(tmp_path / "state"), "--store-url", url)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith(f"error: the store at {url} is unreachable")
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_cli_queries_the_remote_store(remote_lex, remote_settings, embedded_lex):
    store_url = remote_settings.store_url or ""
    result = _cli("query", "acts", "--store", str(remote_settings.store), "--store-url", store_url,
                  env=store_env(remote_settings))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert ODA in result.stdout


def test_serve_with_a_store_url_serves_text_at_from_it(remote_lex, remote_settings, embedded_lex):
    params = {"provision": PARA, "date": "2005-01-01"}
    expected = normalised(embedded_lex.run("text-at", params))
    options = ("--store-url", remote_settings.store_url or "", "--workers", "2")  # stateless workers sharing it
    with lexrdf_serve(remote_settings.store, *options, env=store_env(remote_settings)) as url:
        responses = [httpx.get(f"{url}/api/text-at", params=params, timeout=30) for _ in range(4)]
        ignored = "".join(f" FILTER (?g != <{iri}>)" for iri in remote_settings.store_ignored_graphs)
        count = f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH ?g {{ ?s ?p ?o }}{ignored} }}"
        json_accept = {"Accept": "application/sparql-results+json"}
        counted = httpx.get(f"{url}/sparql", params={"query": count}, headers=json_accept, timeout=30)
        texts = httpx.post(
            f"{url}/sparql",
            content=f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> CONSTRUCT {{ ?e lex:text ?t }} WHERE {{ "
            f"?r lex:recordOf ?v ; lex:expression ?e . ?v lex:versionOf <{PARA}> . ?e lex:text ?t }}",
            headers={"Content-Type": "application/sparql-query", "Accept": "application/n-triples"},
            timeout=30,
        )
        service = httpx.get(f"{url}/sparql", params={"query": "SELECT * { SERVICE <http://e.org/> { ?s ?p ?o } }"})
        malformed = httpx.get(f"{url}/sparql", params={"query": "SELECT ?x WHERE {"}, timeout=30)
    assert all(response.status_code == 200 for response in responses), responses[0].text
    assert all(normalised(response.json()) == expected for response in responses)
    # /sparql forwards the checked query to the store's own endpoint: the same answers as the embedded store
    assert counted.status_code == 200, counted.text
    (row,) = counted.json()["results"]["bindings"]
    assert int(row["n"]["value"]) == embedded_lex.store.quad_count()
    assert texts.status_code == 200 and texts.headers["content-type"].startswith("application/n-triples")
    embedded_texts = {r["t"].value for r in embedded_lex.store.sparql(
        f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?t WHERE {{ ?r lex:recordOf ?v ; lex:expression ?e . "
        f"?v lex:versionOf <{PARA}> . ?e lex:text ?t }}"
    )}  # fmt: skip
    forwarded = {t.object.value for t in pyoxigraph.parse(texts.content, format=pyoxigraph.RdfFormat.N_TRIPLES)}
    assert forwarded == embedded_texts and len(forwarded) >= 2
    # what is refused is refused before anything is forwarded, and the store's address never reaches the client
    assert service.status_code == 400 and "SERVICE" in service.json()["title"]
    assert malformed.status_code == 400
    assert all(remote_settings.store_url not in r.text for r in (counted, service, malformed))


def test_missing_jena_fails_under_ci_and_skips_elsewhere(monkeypatch, tmp_path):
    """CI must not pass with the Jena cases skipped: a missing jar fails there, with a one-line reason."""
    monkeypatch.setattr(sys.modules[__name__], "JAVA_LIBRARIES", tmp_path)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"Jena cannot run: missing .*jena-arq\.jar") as failed:
        jena_classpath(tmp_path / "classes")
    assert "\n" not in str(failed.value)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="Jena cannot run"):
        jena_classpath(tmp_path / "classes")


# -- every query-library file is SPARQL 1.1 to Jena's parser ---------------------------------------------------------
LIBRARY_FILES = sorted(path.relative_to(QUERIES_DIR).as_posix() for path in QUERIES_DIR.rglob("*.rq"))


def jena_check_queries(directory: Path, build: Path) -> tuple[int, dict[str, str]]:
    """`JenaSparqlServer --check-queries DIRECTORY`: its exit code and its verdict on each file ("ok" or the error)."""
    command = ["java", "-cp", jena_classpath(build), "JenaSparqlServer", "--check-queries", str(directory)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    verdicts = {}
    for line in result.stdout.splitlines():
        status, _, rest = line.partition(" ")
        name, _, error = rest.partition(": ") if status == "error" else (rest, "", "")
        verdicts[name] = error or status
    assert result.returncode in (0, 1), result.stderr[-3000:]
    return result.returncode, verdicts


@pytest.fixture(scope="module")
def jena_verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Jena's verdict on every file of the query library, each parsed as it is (parameters unbound)."""
    return jena_check_queries(QUERIES_DIR, tmp_path_factory.mktemp("jena-classes"))[1]


@pytest.mark.parametrize("name", LIBRARY_FILES)
def test_every_query_library_file_parses_as_it_is_with_jena_and_oxigraph(jena_verdicts, name):
    assert jena_verdicts.get(name) == "ok"
    pyoxigraph.Store().query((QUERIES_DIR / name).read_text(encoding="utf-8"))  # raises SyntaxError if it cannot


def test_the_jena_check_finds_what_is_not_sparql_1_1(tmp_path):
    """The check can fail: a projected variable that is not grouped, and a typo, are refused."""
    (tmp_path / "queries").mkdir()
    (tmp_path / "queries" / "good.rq").write_text("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
    (tmp_path / "queries" / "ungrouped.rq").write_text("SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p")
    (tmp_path / "queries" / "typo.rq").write_text("SELEC ?s WHERE { ?s ?p ?o }")
    code, verdicts = jena_check_queries(tmp_path / "queries", tmp_path / "classes")
    assert code == 1 and verdicts["good.rq"] == "ok"
    assert "Non-group key variable" in verdicts["ungrouped.rq"] and "Encountered" in verdicts["typo.rq"]


# -- a write to an act held asks about its own quads, not for the whole graph ------------------------------------
ODA_FILES = sorted((SAMPLES / "expressions").glob("open-data-act@*.xml"))  # 2001-04-01, 2004-07-01, 2010-01-01


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_a_new_expression_of_an_act_held_is_written_without_reading_its_graph(server, tmp_path, monkeypatch):
    """The Open Data Act as first enacted, then its two later expressions (amended 2004-07-01, consolidated
    2010-01-01: samples/expressions) in a second ingest: the writer asks the server which of the new quads it holds
    (a VALUES lookup), never for the whole act graph (the SHACL gate still reads it: it validates the act as it
    will be); the store ends as the embedded store does, and the log's counts are exact (what its patches add, less
    what they remove, is what the store holds)."""
    embedded = Lexrdf.open(Settings(store=tmp_path / "embedded", base_iri=BASE))
    try:
        embedded.ingest(ODA_FILES[:1])
        embedded.ingest(ODA_FILES[1:])
        expected = _content(embedded)
    finally:
        embedded.close()
    (tmp_path / server).mkdir()
    with SERVERS[server](tmp_path / server) as reach:
        remote = Lexrdf.open(Settings(store=tmp_path / "state", base_iri=BASE, **reach))
        try:
            remote.ingest(ODA_FILES[:1])
            queries: list[str] = []
            graphs_read_by: list[str] = []  # the function of lexrdf that asked for a whole graph

            def record(request: httpx.Request) -> None:
                if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
                    queries.extend(parse_qs(request.content.decode())["query"])  # the protocol's form

            def graph_quads(store: RemoteStore, graph: NamedNode) -> list[Quad]:
                callers = [frame.function for frame in inspect.stack()[1:8]]
                graphs_read_by.append(next(name for name in callers if name != "<listcomp>"))
                return reading(store, graph)

            reading = RemoteStore.graph_quads
            monkeypatch.setattr(RemoteStore, "graph_quads", graph_quads)
            remote.store._http.event_hooks["request"].append(record)
            summary = remote.ingest(ODA_FILES[1:])
            content = _content(remote)
            changes = list(remote.store.changelog.changes())
            held = remote.store.quad_count()
        finally:
            remote.close()
    assert summary.acts == 1 and summary.quads > 0
    assert any("VALUES (?n ?s ?p ?o ?g)" in query for query in queries)  # what the writer asks instead
    assert graphs_read_by and "add_act_graph" not in graphs_read_by
    assert content == expected
    assert sum(change.added - change.removed for change in changes) == held


def _content(lex: Lexrdf) -> list[str]:
    """Every quad, transaction times and blank node labels aside."""
    quads = lex.store.raw.quads_for_pattern(None, None, None)
    return sorted(map(comparable, quads))
