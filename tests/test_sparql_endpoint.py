"""/sparql, the public SPARQL 1.1 endpoint, on a real uvicorn process over a real on-disk store: the protocol,
every result format, the guards (updates, SERVICE, sizes) and the worker processes killed at the deadline."""

from __future__ import annotations

import contextlib
import csv
import html
import io
import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pyoxigraph
import pytest
from conftest import BASE, HARBOUR, ODA, unavailable
from pyoxigraph import QueryResultsFormat, RdfFormat

from lexrdf.queries import load_library
from lexrdf.web.sparql import formats, guard
from lexrdf.web.sparql.page import examples

LEX = "https://w3id.org/lexrdf/ontology#"
HEAVY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"  # 3 760³ rows: never ends
VERSIONS = f"PREFIX lex: <{LEX}> SELECT ?version ?from WHERE {{ ?version a lex:Version ; lex:validFrom ?from }}"
VALID_FROM = (
    f"PREFIX lex: <{LEX}> CONSTRUCT {{ ?version lex:validFrom ?from }} WHERE {{ ?version lex:validFrom ?from }}"
)
TIMEOUT_SECONDS = 3
MAX_RESULTS = 1000
MAX_RESULT_BYTES = 400_000  # the LIMIT 1000 answers here are about 270 KB; the wide one 535 KB
MAX_REQUEST_BYTES = 8192
WORKERS = 2
PROBLEM = "application/problem+json"

SERVE = [sys.executable, "-m", "lexrdf.cli", "serve", "--sample", "--workers", "1"]  # one server process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    url: str
    process: subprocess.Popen[str]

    def workers(self) -> set[int]:
        """The pids of the server's live child processes (its query workers)."""
        children = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid and fields[0] != "Z":
                children.add(int(stat.parent.name))
        return children


def start_server(store: Path, **limits: object) -> Server:
    """`lexrdf serve --sample` on a fresh store, with /sparql's limits set by environment variables."""
    port = free_port()
    # no spares standing by unless asked (lexrdf.web.sparql.pool): these tests count the workers a server runs
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE, "LEXRDF_SPARQL_SPARES": "0", **{k: str(v) for k, v in limits.items()}}
    process = subprocess.Popen(
        [*SERVE, "--store", str(store), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                server = Server(url, process)
                while len(server.workers()) < WORKERS and time.monotonic() < deadline:
                    time.sleep(0.1)
                return server
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError(process.stdout.read()) from None
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("server did not start")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    served = start_server(
        tmp_path_factory.mktemp("sparql") / "store",
        LEXRDF_SPARQL_TIMEOUT=TIMEOUT_SECONDS,
        LEXRDF_SPARQL_MAX_RESULTS=MAX_RESULTS,
        LEXRDF_SPARQL_MAX_RESULT_BYTES=MAX_RESULT_BYTES,
        LEXRDF_SPARQL_MAX_REQUEST_BYTES=MAX_REQUEST_BYTES,
        LEXRDF_SPARQL_WORKERS=WORKERS,
        LEXRDF_SPARQL_QUICK=TIMEOUT_SECONDS,  # one lane in effect: these test the pool (lanes: test_load_short)
    )
    yield served
    served.process.terminate()
    served.process.wait(timeout=20)


def sparql(server: Server, query: str, accept: str | None = None, **params: str) -> httpx.Response:
    headers = {"accept": accept} if accept else {}
    return httpx.get(f"{server.url}/sparql", params={"query": query, **params}, headers=headers, timeout=30)


def varies_on_accept(response: httpx.Response) -> bool:
    return "accept" in {name.strip().lower() for name in response.headers.get("vary", "").split(",")}


def assert_problem(response: httpx.Response, status: int, *words: str, parameter: str | None = None) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    assert varies_on_accept(response)
    body = response.json()
    assert body["status"] == status and body["title"] and body["type"].startswith("https://")
    for word in words:
        assert word in body["detail"], body["detail"]
    if parameter is not None:
        assert body["parameter"] == parameter
    return body


# The protocol and the formats


def test_select_in_every_results_format(server):
    """SPARQL JSON, XML, CSV and TSV by Accept, each parsed and giving the same rows."""
    query = VERSIONS + " ORDER BY ?version ?from"
    expected = {
        (row["version"]["value"], row["from"]["value"]) for row in sparql(server, query).json()["results"]["bindings"]
    }
    assert len(expected) == 62  # the sample corpus's versions (samples/README.md)
    for media_type, results_format in [
        ("application/sparql-results+json", QueryResultsFormat.JSON),
        ("application/sparql-results+xml", QueryResultsFormat.XML),
        ("text/tab-separated-values", QueryResultsFormat.TSV),
    ]:
        response = sparql(server, query, media_type)
        assert response.status_code == 200 and response.headers["content-type"].startswith(media_type)
        assert varies_on_accept(response)
        parsed = pyoxigraph.parse_query_results(response.content, format=results_format)
        assert [v.value for v in parsed.variables] == ["version", "from"]
        assert {(row["version"].value, row["from"].value) for row in parsed} == expected
    xml = ET.fromstring(sparql(server, query, "application/sparql-results+xml").content)
    assert len(xml.findall(".//{http://www.w3.org/2005/sparql-results#}result")) == 62
    rows = list(csv.reader(io.StringIO(sparql(server, query, "text/csv").text)))
    assert rows[0] == ["version", "from"] and {tuple(row) for row in rows[1:]} == expected


def test_ask_in_every_results_format(server):
    query = f"ASK {{ <{ODA}/art_3/para_2> ?p ?o }}"
    assert sparql(server, query).json() == {"head": {}, "boolean": True}
    for results_format in (QueryResultsFormat.XML, QueryResultsFormat.TSV, QueryResultsFormat.JSON):
        response = sparql(server, query, results_format.media_type.split(";")[0])
        assert bool(pyoxigraph.parse_query_results(response.content, format=results_format)) is True
    assert sparql(server, query, "text/csv").text.strip() == "true"


def test_construct_in_every_graph_format(server):
    """Turtle, N-Triples, N-Quads, TriG, JSON-LD and RDF/XML by Accept, each parsed to the same triples."""
    expected = {str(q.triple) for q in pyoxigraph.parse(sparql(server, VALID_FROM).content, format=RdfFormat.TURTLE)}
    assert len(expected) == 62
    for rdf_format in (RdfFormat.N_TRIPLES, RdfFormat.N_QUADS, RdfFormat.TRIG, RdfFormat.JSON_LD, RdfFormat.RDF_XML):
        response = sparql(server, VALID_FROM, rdf_format.media_type)
        assert response.status_code == 200 and response.headers["content-type"].startswith(rdf_format.media_type)
        assert {str(q.triple) for q in pyoxigraph.parse(response.content, format=rdf_format)} == expected


def test_describe_gives_a_graph(server):
    response = sparql(server, f"DESCRIBE <{HARBOUR}>", "application/n-triples")
    triples = list(pyoxigraph.parse(response.content, format=RdfFormat.N_TRIPLES))
    assert triples and all(t.subject.value == HARBOUR for t in triples)


def test_accept_with_quality_values_and_the_format_parameter(server):
    query = VERSIONS + " LIMIT 1"
    chosen = sparql(server, query, "application/sparql-results+json;q=0.5, text/csv")
    assert chosen.headers["content-type"].startswith("text/csv")
    wildcard = sparql(server, query, "text/*;q=0.9, application/sparql-results+xml;q=0.2")
    assert wildcard.headers["content-type"].startswith("text/csv")  # the first text/* result format
    excluded = sparql(server, query, "text/csv;q=0, text/*")
    assert excluded.headers["content-type"].startswith("text/tab-separated-values")
    browser = sparql(server, query, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
    assert browser.headers["content-type"].startswith("text/html")  # the query page, its result a table (issue 38)
    assert '<table class="results">' in browser.text
    assert sparql(server, query, "*/*").headers["content-type"].startswith("application/sparql-results+json")
    overridden = sparql(server, query, "application/sparql-results+json", format="tsv")
    assert overridden.text.startswith("?version\t?from")
    assert_problem(sparql(server, query, format="png"), 400, "png", parameter="format")


def test_get_post_form_and_post_query_agree(server):
    query = VERSIONS + " ORDER BY ?version LIMIT 5"
    got = sparql(server, query).json()
    form = httpx.post(f"{server.url}/sparql", data={"query": query})
    direct = httpx.post(
        f"{server.url}/sparql", content=query.encode(), headers={"content-type": "application/sparql-query"}
    )
    assert form.json() == got == direct.json() and len(got["results"]["bindings"]) == 5
    other = httpx.post(f"{server.url}/sparql", content=query.encode(), headers={"content-type": "text/plain"})
    assert_problem(other, 415, "application/sparql-query")
    twice = httpx.get(f"{server.url}/sparql", params=[("query", query), ("query", query)])
    assert_problem(twice, 400, "one query", parameter="query")
    assert_problem(sparql(server, "  "), 400, "empty", parameter="query")


def test_protocol_dataset(server):
    """default-graph-uri and named-graph-uri name the dataset; without them the default graph is the union."""
    count = f"PREFIX lex: <{LEX}> SELECT (COUNT(?v) AS ?n) WHERE {{ ?v a lex:Version }}"

    def number(response: httpx.Response) -> int:
        return int(response.json()["results"]["bindings"][0]["n"]["value"])

    oda = number(sparql(server, count, **{"default-graph-uri": ODA}))
    harbour = number(sparql(server, count, **{"default-graph-uri": HARBOUR}))
    both = httpx.get(f"{server.url}/sparql", params=[("query", count), ("default-graph-uri", ODA),
                                                     ("default-graph-uri", HARBOUR)])  # fmt: skip
    assert oda > 0 and harbour > 0 and number(both) == oda + harbour == number(sparql(server, count)) == 62
    graphs = "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }"
    named = sparql(server, graphs, **{"named-graph-uri": HARBOUR}).json()["results"]["bindings"]
    assert [row["g"]["value"] for row in named] == [HARBOUR]
    # a dataset given by the protocol is exactly that: here it has no named graphs
    assert sparql(server, graphs, **{"default-graph-uri": ODA}).json()["results"]["bindings"] == []
    assert len(sparql(server, graphs).json()["results"]["bindings"]) >= 2
    from_clause = f"PREFIX lex: <{LEX}> SELECT (COUNT(?v) AS ?n) FROM <{HARBOUR}> WHERE {{ ?v a lex:Version }}"
    assert number(sparql(server, from_clause)) == harbour
    posted = httpx.post(f"{server.url}/sparql", data={"query": count, "default-graph-uri": ODA})
    assert number(posted) == oda
    assert_problem(sparql(server, count, **{"default-graph-uri": "not an iri"}), 400, parameter="default-graph-uri")


def test_not_acceptable(server):
    query = VERSIONS + " LIMIT 1"
    assert_problem(sparql(server, query, "image/png"), 406, "application/sparql-results+json")
    assert_problem(sparql(server, query, "text/turtle"), 406)
    assert_problem(sparql(server, VALID_FROM, "application/sparql-results+json"), 406, "text/turtle")


def test_malformed_query_gives_pyoxigraphs_message(server):
    body = assert_problem(sparql(server, "SELECT * WHERE { ?s ?p }"), 400, "error at 1:", parameter="query")
    assert body["title"] == "Malformed query"


def test_updates_are_refused(server):
    before = sparql(server, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").json()
    update = "INSERT DATA { <urn:a> <urn:b> <urn:c> }"
    as_update = httpx.post(
        f"{server.url}/sparql", content=update.encode(), headers={"content-type": "application/sparql-update"}
    )
    assert_problem(as_update, 403, "read-only")
    assert_problem(httpx.post(f"{server.url}/sparql", data={"update": update}), 403, "read-only")
    assert_problem(httpx.post(f"{server.url}/sparql", data={"query": update}), 400, "INSERT", parameter="query")
    deletion = "PREFIX ex: <urn:ex:> # wipe it\nDELETE WHERE { ?s ?p ?o }"
    direct = httpx.post(
        f"{server.url}/sparql", content=deletion.encode(), headers={"content-type": "application/sparql-query"}
    )
    assert_problem(direct, 400, "DELETE", parameter="query")
    assert sparql(server, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").json() == before


# SERVICE: refused, and no outbound request is made


@pytest.fixture
def listener() -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """A TCP listener on 127.0.0.1 that records every connection made to it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    sock.settimeout(0.2)
    connections: list[tuple[str, int]] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, address = sock.accept()
            except TimeoutError:
                continue
            connections.append(address)
            connection.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield sock.getsockname()[1], connections
    stop.set()
    thread.join()
    sock.close()


def test_service_is_refused_and_no_connection_is_made(server, listener):
    port, connections = listener
    target = f"http://127.0.0.1:{port}/sparql"
    refused = [
        f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
        f"select * where {{ service <{target}> {{ ?s ?p ?o }} }}",
        f"SELECT * WHERE {{ SERVICE SILENT <{target}> {{ ?s ?p ?o }} }}",
        f"SELECT * WHERE {{ BIND(<{target}> AS ?endpoint) SERVICE ?endpoint {{ ?s ?p ?o }} }}",
        f"PREFIX : <{target}#> SELECT * WHERE {{ SERVICE:{{ ?s ?p ?o }} }}",  # keyword glued to a prefixed name
        f"PREFIX X: <{target}#> SELECT * WHERE {{ ?s ?p ?o . SERVICEX:{{ ?s ?p ?o }} }}",
        f"SELECT * WHERE {{ ?s ?p true SeRvIcE<{target}>{{ ?s ?p ?o }} }}",
        f"SELECT * WHERE {{ ?s ?p ?o # a comment\nSERVICE <{target}> {{ ?s ?p ?o }} }}",
        f"SELECT * WHERE {{ ?s ?p 'it''s' . SERVICE <{target}> {{ ?s ?p ?o }} }}",
        # a codepoint escape in an IRI (Oxigraph reads <urn:\u0061#> as <urn:a#>): its '#' hides nothing
        f"SELECT * WHERE {{ BIND(<urn:\\u0061#> AS ?x) SERVICE <{target}> {{ ?s ?p ?o }} }}",
    ]
    for query in refused:
        assert_problem(sparql(server, query), 400, "SERVICE", parameter="query")
    allowed = [
        "SELECT * WHERE { ?s ?p 'SERVICE <http://127.0.0.1/> { }' } LIMIT 1",
        'SELECT * WHERE { ?s ?p """a\nSERVICE <x> {}""" } LIMIT 1',
        "SELECT * WHERE { ?s ?p ?o } LIMIT 1 # SERVICE <http://127.0.0.1/> { }",
        "SELECT * WHERE { ?s <http://example.org/SERVICE> ?o } LIMIT 1",
        "SELECT ?service WHERE { ?service ?p ?o } LIMIT 1",
        "PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ex:SERVICE ?o } LIMIT 1",
        "SELECT * WHERE { ?s ?p 'x'@service } LIMIT 1",
    ]
    for query in allowed:
        assert sparql(server, query).status_code == 200, query
    # kept: time for the server (another process) to open a connection it should not; an absence has no condition
    time.sleep(0.5)
    assert connections == []


TRICKY = [  # (query, refused?)
    ("SELECT * { SERVICE <http://e.org/s> { ?s ?p ?o } }", True),
    ("select * { service <http://e.org/s> { ?s ?p ?o } }", True),
    ("SELECT * { ?s ?p 1.SERVICE<http://e.org/s>{} }", True),
    ("SELECT * { ?s ?p ?o FILTER(?a<?b)SERVICE?o{} }", True),
    ("SELECT * { SERVICESILENT<http://e.org/s>{} }", True),
    ("PREFIX service: <http://e.org/> SELECT * { ?s service:p ?o }", True),  # the price of bluntness
    ("SELECT * { ?s ?p 'unterminated SERVICE <x> {} }", True),
    ('SELECT * { ?s ?p "SERVICE" }', False),
    ("SELECT * { ?s ?p 'SERVICE' }", False),
    ("SELECT * { ?s ?p '''SERVICE''' }", False),
    ('SELECT * { ?s ?p """it\'s a ""SERVICE"" """ }', False),
    ("SELECT * { ?s ?p 'a\\'SERVICE' }", False),
    ("SELECT * { ?s ?p ?o } # SERVICE <x> {}", False),
    ("SELECT * { ?s <http://e.org/service> ?o }", False),
    ("SELECT ?service $SERVICE { ?service ?p $SERVICE }", False),
    ("PREFIX ex: <http://e.org/> SELECT * { ?s ex:SERVICE ex:a.service }", False),
    ("SELECT * { _:service ?p ?o }", False),
    ("SELECT * { ?s ?p 'x'@service }", False),
]


@pytest.mark.parametrize(("query", "refused"), TRICKY)
def test_the_guard_finds_service_keywords_only(query, refused):
    assert guard.inspect(query).service is refused


def test_the_guard_tells_the_query_form():
    assert guard.inspect("PREFIX a: <http://a/> # SELECT\nBASE <http://b/> ask { }").form == "ASK"
    assert guard.inspect("prefix select: <http://a/> CONSTRUCT WHERE { ?s select:p ?o }").form == "CONSTRUCT"
    assert guard.inspect("WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }").update
    assert guard.inspect("SELECT * FROM <http://g> { }").dataset and not guard.inspect("SELECT * { }").dataset


_PROLOGUE = "PREFIX : <http://127.0.0.1:1/> PREFIX ex: <http://127.0.0.1:1/x#> PREFIX X: <http://127.0.0.1:1/> "
# what can come before SERVICE, the keyword, what separates it from its target and its group: every combination
_BEFORE = ["?o .", "?o.", "?o ", "?o", "1 ", "1.", "1", "1e1", "1e1.", "true", "true ", "true.", "'x'", "'x'.",
           '"x"@en.', '"x"@en ', "ex:a.", "ex:a ", "ex:a", "?o #c\n", "?o FILTER(1<2)", "?o OPTIONAL{}", "?o {}",
           "?o ;", "?o . {}",
           # escapes, strings and IRIs that hold '#', quotes or the keyword itself, just before the call
           "<urn:\\u0061#>", "<urn:a#b>", "'#'", '"#"', "'\\u0027#'", '"\\"#"', "'''a'#'''", "'SERVICE'",
           "<urn:SERVICE>", "ex:SERVICE ", "ex:SERVICE.", "?service ", "_:service ", "'x'@service ",
           "'x'@service."]  # fmt: skip
_KEYWORD = ["SERVICE", "service", "SeRvIcE"]
_SEPARATOR = ["", " ", "\n", "#c\n", "\t"]
_TARGET = ["<http://127.0.0.1:1/>", ":", ":x", "X:", "ex:y", "?t"]
_GROUP = ["{}", "{ ?s ?p ?o }", " {?a ?b ?c}"]


def _oxigraph_calls_a_service(store: pyoxigraph.Store, query: str) -> bool:
    """Whether Oxigraph itself evaluates a SERVICE in `query`: every service IRI it can name is on port 1, which
    its HTTP client refuses before connecting, so no request leaves this process."""
    try:
        list(store.query(query))
    except OSError as exc:
        return "port 1 is not allowed" in str(exc)
    except RuntimeError as exc:
        return "service name" in str(exc)
    except (SyntaxError, ValueError):
        return False
    return False


def test_the_guard_refuses_whatever_oxigraph_reads_as_service():
    """Differential, against Oxigraph's own parser: every text it evaluates as a SERVICE call, the guard refuses
    (keywords glued to numbers, booleans, prefixed names, comments; escapes, strings and IRIs before the
    call; 54,000 combinations)."""
    store = pyoxigraph.Store()
    subject, predicate = pyoxigraph.NamedNode("http://127.0.0.1:1/s"), pyoxigraph.NamedNode("http://p")
    for value in (True, 1, 10.0, "x"):
        store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.Literal(value)))
    store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.Literal("x", language="en")))
    store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.NamedNode("http://127.0.0.1:1/x#a")))
    for value in ("#", "'#", '"#', "a'#", "SERVICE"):  # what the strings before the call hold, so they match
        store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.Literal(value)))
    store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.Literal("x", language="service")))
    for iri in ("urn:a#", "urn:a#b", "urn:SERVICE", "http://127.0.0.1:1/x#SERVICE"):
        store.add(pyoxigraph.Quad(subject, predicate, pyoxigraph.NamedNode(iri)))
    calls, missed = 0, []
    for parts in itertools.product(_BEFORE, _KEYWORD, _SEPARATOR, _TARGET, _SEPARATOR, _GROUP):
        query = _PROLOGUE + "SELECT * WHERE { ?s ?p " + "".join(parts) + " }"
        if _oxigraph_calls_a_service(store, query):
            calls += 1
            if not guard.inspect(query).service:
                missed.append(query)
    assert calls > 30_000  # the oracle sees them: most combinations are valid SERVICE calls
    assert missed == []


def test_a_worker_cannot_open_connections_when_isolated(listener):
    """Defence in depth: a worker moves into an empty network namespace where the system allows it."""
    port, connections = listener
    probe = (
        "import socket, sys\n"
        "from lexrdf.web.sparql.worker import isolate_network\n"
        "isolated = isolate_network()\n"
        "try:\n"
        f"    socket.create_connection(('127.0.0.1', {port}), timeout=2).close(); connected = True\n"
        "except OSError:\n"
        "    connected = False\n"
        "print(isolated, connected)\n"
    )
    isolated, connected = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                         check=True).stdout.split()  # fmt: skip
    if isolated != "True":
        unavailable("this system allows no network namespace; the guard alone keeps SERVICE out")
    assert connected == "False" and connections == []


# Limits: time, result size, request size


def test_a_heavy_query_ends_in_time_while_health_answers(server):
    outcome: dict[str, object] = {}

    def heavy() -> None:
        outcome["response"] = httpx.post(f"{server.url}/sparql", data={"query": HEAVY}, timeout=30)

    thread = threading.Thread(target=heavy)
    thread.start()
    time.sleep(0.5)  # kept: the heavy query gets going in the server's worker (another process's real time)
    answered_meanwhile = []  # for each health answer: was the heavy query still running when it came
    while thread.is_alive() and len(answered_meanwhile) < 10:
        assert httpx.get(f"{server.url}/health", timeout=5).status_code == 200
        answered_meanwhile.append(thread.is_alive())
        time.sleep(0.1)
    small = sparql(server, VERSIONS + " LIMIT 1 # meanwhile")  # the other worker answers (a new text: not kept)
    assert small.status_code == 200
    thread.join(timeout=TIMEOUT_SECONDS + 10)
    assert any(answered_meanwhile), "health was not answered while the heavy query ran"
    # it ended at the server's limit, and says which limit (how long it took is bench/'s business, not a test's)
    assert_problem(outcome["response"], 504, f"{TIMEOUT_SECONDS} s", parameter="query")


def test_abandoned_heavy_requests_do_not_starve_the_server(server):
    """Clients that give up stop their queries: the workers are killed and replaced, and nothing piles up."""

    def abandon() -> None:
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(f"{server.url}/sparql", params={"query": HEAVY}, timeout=0.5)

    before = server.workers()
    threads = [threading.Thread(target=abandon) for _ in range(10 * WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert httpx.get(f"{server.url}/health", timeout=2).status_code == 200
    answer = sparql(server, VERSIONS + " LIMIT 1 # after the abandoned")  # a new text: a worker answers it
    assert answer.status_code == 200
    deadline = time.monotonic() + 5
    while len(server.workers()) != WORKERS and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(server.workers()) == WORKERS  # killed workers are reaped and replaced one for one
    assert before - server.workers()  # a worker running abandoned queries was killed, not left to finish them


def test_a_worker_killed_from_outside_is_replaced(server):
    """A worker that dies (the OOM killer, say) costs at most the query it was running."""
    for pid in server.workers():
        os.kill(pid, signal.SIGKILL)  # both idle
    time.sleep(0.2)  # kept: the killed workers die in their own processes (real time) before the next queries
    for number in range(2 * WORKERS):  # each a new text, which the answer cache cannot have kept: a worker answers
        assert sparql(server, VERSIONS + f" LIMIT 1 # after the kill {number}").status_code == 200
    outcome: dict[str, httpx.Response] = {}
    # a text no other test sends: a query that outlived the quick lane before would start in the long lane, whose
    # worker, killed above, may still be starting a second from now
    heavy = HEAVY + " # killed from outside"
    thread = threading.Thread(target=lambda: outcome.update(response=sparql(server, heavy)))
    thread.start()
    time.sleep(1)  # kept: the heavy query reaches a worker process (real time) before that worker is killed
    busy = {pid for pid in server.workers() if "lexrdf.web.sparql.worker" in Path(f"/proc/{pid}/cmdline").read_text()}
    for pid in busy:  # one of them runs the heavy query
        os.kill(pid, signal.SIGKILL)
    thread.join(timeout=10)
    assert_problem(outcome["response"], 500, "ended before it answered")
    deadline = time.monotonic() + 5
    while len(server.workers()) != WORKERS and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(server.workers()) == WORKERS and sparql(server, VERSIONS + " LIMIT 1 # replaced").status_code == 200


def test_a_query_that_outlived_the_quick_lane_starts_in_the_long_lane_when_sent_again(tmp_path):
    """lexrdf.web.sparql.lanes: sent first, a heavy query is stopped in the quick lane (its worker killed and
    replaced) and run again in the long lane until the deadline (that worker killed too). Sent again, it starts in the
    long lane: the quick lane's worker lives on. Another query text is a query not seen before."""
    limits = {"LEXRDF_SPARQL_TIMEOUT": TIMEOUT_SECONDS, "LEXRDF_SPARQL_WORKERS": WORKERS, "LEXRDF_SPARQL_QUICK": 0.5}
    served = start_server(tmp_path / "store", **limits)

    def workers_replaced(query: str) -> int:
        before = served.workers()
        assert_problem(sparql(served, query), 504, f"{TIMEOUT_SECONDS} s", parameter="query")
        deadline = time.monotonic() + 10
        while (len(served.workers()) != WORKERS or served.workers() == before) and time.monotonic() < deadline:
            time.sleep(0.1)
        return len(before - served.workers())

    try:
        assert workers_replaced(HEAVY) == 2
        assert workers_replaced(HEAVY) == 1
        assert sparql(served, VERSIONS + " LIMIT 1").status_code == 200  # the quick lane answers
        assert workers_replaced(HEAVY + " # another text") == 2
    finally:
        served.process.terminate()
        served.process.wait(timeout=20)


def test_a_light_query_starved_once_is_not_sent_to_the_long_lane_again(tmp_path):
    """lexrdf.web.sparql.lanes: a light query whose worker is starved of the CPU past the quick budget (here: stopped
    with SIGSTOP, as a loaded machine would) is stopped and answered in the long lane; it ran quickly there, so it is
    not remembered as long. Sent again while a heavy query holds the long lane, it is answered from the quick lane
    before the heavy one ends (remembered, it would have waited for the long lane's worker)."""
    budget = 1.0
    limits = {"LEXRDF_SPARQL_TIMEOUT": TIMEOUT_SECONDS, "LEXRDF_SPARQL_WORKERS": WORKERS, "LEXRDF_SPARQL_QUICK": budget}
    limits["LEXRDF_CACHE_MB"] = 0  # the same text is sent twice, and must reach the lanes twice (no answer kept)
    served = start_server(tmp_path / "store", **limits)
    light = VERSIONS + " LIMIT 1 # starved once"
    try:
        assert sparql(served, light).status_code == 200
        stopped = served.workers()
        for pid in stopped:  # both idle: the quick one takes the query and cannot answer it within the budget
            os.kill(pid, signal.SIGSTOP)
        outcome: dict[str, httpx.Response] = {}
        starved = threading.Thread(target=lambda: outcome.update(light=sparql(served, light)))
        starved.start()
        time.sleep(budget + 0.3)  # kept: the server's quick-lane budget runs out on its real clock
        for pid in stopped:  # the quick one was killed at the budget; the long one runs the query again at once
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        starved.join(timeout=10)
        assert outcome["light"].status_code == 200
        deadline = time.monotonic() + 10
        while len(served.workers()) != WORKERS and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(stopped - served.workers()) == 1  # the quick lane's worker was stopped at the budget, and replaced

        heavy = threading.Thread(target=lambda: outcome.update(heavy=sparql(served, HEAVY + " # holds the long lane")))
        heavy.start()
        time.sleep(budget + 0.8)  # the heavy query outlived the quick lane, and runs in the long one to the deadline
        assert heavy.is_alive()
        assert sparql(served, light).status_code == 200
        assert heavy.is_alive()  # answered while the long lane's only worker was held
        heavy.join(timeout=10)
        assert_problem(outcome["heavy"], 504, parameter="query")
    finally:
        served.process.terminate()
        served.process.wait(timeout=20)


def test_the_result_cap_is_an_error_not_a_truncation(server):
    everything = "SELECT * WHERE { ?s ?p ?o }"
    assert_problem(sparql(server, everything), 422, "LIMIT", f"{MAX_RESULTS:,}", parameter="query")
    assert_problem(sparql(server, "CONSTRUCT WHERE { ?s ?p ?o }"), 422, "LIMIT")
    capped = sparql(server, everything + f" LIMIT {MAX_RESULTS}")
    assert len(capped.json()["results"]["bindings"]) == MAX_RESULTS


def test_the_answer_is_capped_in_bytes_as_well_as_rows(server):
    # fewer rows than the cap, each of them long: sixteen copies of two provisions' texts side by side
    wide = (
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT (CONCAT(" + ", ".join(["?t", "?u"] * 8) + ") AS ?x) "
        "WHERE { ?e lex:text ?t . ?f lex:text ?u } LIMIT " + str(MAX_RESULTS - 1)
    )
    assert_problem(sparql(server, wide), 422, f"{MAX_RESULT_BYTES:,} bytes", "LEXRDF_SPARQL_MAX_RESULT_BYTES",
                   parameter="query")  # fmt: skip
    assert sparql(server, wide.replace(f"LIMIT {MAX_RESULTS - 1}", "LIMIT 5")).status_code == 200


def test_a_few_long_literals_are_cut_before_they_are_all_written():
    store = pyoxigraph.Store()
    for index in range(10):
        store.add(pyoxigraph.Quad(pyoxigraph.NamedNode(f"http://e.org/{index}"), pyoxigraph.NamedNode("http://p"),
                                  pyoxigraph.Literal("x" * 100_000)))  # fmt: skip
    json_format = formats.named("json")
    with pytest.raises(formats.TooManyResults, match="more than 300,000 bytes") as cut:
        formats.serialize(store.query("SELECT * { ?s ?p ?o }"), json_format, None, 1000, 300_000)
    assert cut.value.in_bytes
    _, body = formats.serialize(store.query("SELECT * { ?s ?p ?o } LIMIT 2"), json_format, None, 1000, 300_000)
    assert 200_000 < len(body) < 300_000


def test_the_request_size_cap(server):
    query = VERSIONS + " LIMIT 1 #" + "x" * MAX_REQUEST_BYTES
    assert_problem(sparql(server, query), 413, f"{MAX_REQUEST_BYTES:,} bytes", parameter="query")
    direct = httpx.post(
        f"{server.url}/sparql", content=query.encode(), headers={"content-type": "application/sparql-query"}
    )
    assert_problem(direct, 413, parameter="query")
    assert_problem(httpx.post(f"{server.url}/sparql", data={"query": query}), 413, parameter="query")
    multibyte = VERSIONS + " LIMIT 1 #" + "é" * (MAX_REQUEST_BYTES // 2)  # counted in UTF-8 bytes
    assert_problem(httpx.post(f"{server.url}/sparql", data={"query": multibyte}), 413)
    assert sparql(server, VERSIONS + " LIMIT 1 #" + "x" * (MAX_REQUEST_BYTES - 200)).status_code == 200


# Without a query: the service description, or the query page


def test_service_description(server):
    turtle = httpx.get(f"{server.url}/sparql")
    assert turtle.headers["content-type"].startswith("text/turtle") and varies_on_accept(turtle)
    sd = "http://www.w3.org/ns/sparql-service-description#"
    for media_type, rdf_format in [(None, RdfFormat.TURTLE), ("application/ld+json", RdfFormat.JSON_LD),
                                   ("application/rdf+xml", RdfFormat.RDF_XML)]:  # fmt: skip
        response = httpx.get(f"{server.url}/sparql", headers={"accept": media_type} if media_type else {})
        triples = {(t.subject.value, t.predicate.value, t.object.value) for t in
                   pyoxigraph.parse(response.content, format=rdf_format)}  # fmt: skip
        endpoint = f"{server.url}/sparql"
        assert (endpoint, "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", sd + "Service") in triples
        assert (endpoint, sd + "endpoint", endpoint) in triples
        assert (endpoint, sd + "resultFormat", "http://www.w3.org/ns/formats/SPARQL_Results_CSV") in triples
        assert not any(o == sd + "BasicFederatedQuery" for _, _, o in triples)
    assert_problem(httpx.get(f"{server.url}/sparql", headers={"accept": "image/png"}), 406)


def test_the_query_page_shows_runnable_examples_from_the_library(server):
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    page = httpx.get(f"{server.url}/sparql", headers={"accept": browser})
    assert page.headers["content-type"].startswith("text/html")
    public = [query for query in load_library().values() if not query.internal]
    text = html.unescape(page.text)
    for query in public:
        assert f'id="example-{query.name}"' in text and query.summary in text
    assert "<textarea" in page.text and f"{ODA}/art_3/para_2" in page.text
    editor = httpx.get(f"{server.url}/sparql", params={"example": "versions"}, headers={"accept": "text/html"})
    assert "Query: versions" in editor.text
    run = re.search(r'<a href="(/sparql\?query=[^"]+)">Run</a>', page.text)
    assert run is not None and httpx.get(server.url + html.unescape(run.group(1))).status_code == 200
    shown = {example.name: example for example in examples(BASE)}
    for name, example in shown.items():  # each runs as shown (those over this server's small size cap are refused)
        response = httpx.post(f"{server.url}/sparql", data={"query": example.query}, timeout=30)
        assert response.status_code == (200 if len(example.query.encode()) <= MAX_REQUEST_BYTES else 413), name
    versions = sparql(server, shown["versions"].query).json()["results"]["bindings"]
    # art 3(2)'s two versions, in the rows that hold one (versions.rq: another row says the provision is known)
    assert {row["valid_from"]["value"] for row in versions if "valid_from" in row} == {"2001-04-01", "2004-07-01"}
    assert [row["provision_type"]["value"] for row in versions if "provision_type" in row] == [f"{LEX}Provision"]


# Shutting down


def test_sigterm_during_a_heavy_query_stops_the_server_within_seconds(tmp_path):
    served = start_server(tmp_path / "store", LEXRDF_SPARQL_TIMEOUT=60, LEXRDF_SPARQL_WORKERS=WORKERS)
    workers = served.workers()
    outcome: dict[str, object] = {}

    def heavy() -> None:
        try:
            outcome["status"] = httpx.get(f"{served.url}/sparql", params={"query": HEAVY}, timeout=30).status_code
        except httpx.TransportError as exc:
            outcome["status"] = type(exc).__name__

    thread = threading.Thread(target=heavy)
    thread.start()
    time.sleep(1)  # kept: the heavy query reaches a worker process (real time) before the SIGTERM
    served.process.send_signal(signal.SIGTERM)
    try:
        returncode = served.process.wait(timeout=30)  # a hang guard, not a stopwatch: it stops on its own
    finally:
        served.process.kill()
    thread.join(timeout=10)
    assert returncode != -signal.SIGKILL
    assert outcome["status"] in (503, "RemoteProtocolError", "ReadError")
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]


def test_a_query_nested_deeper_than_the_parser_bears_is_a_400_not_a_dead_worker(server):
    # 20,000 "{" end the process that parses them (Oxigraph's parser recurses once a level); the guard counts the
    # nesting (outside strings, IRIs and comments) before anything parses it
    deep = "SELECT * WHERE " + "{" * 300 + "}" * 300
    body = assert_problem(sparql(server, deep), 400, "300 deep", parameter="query")
    assert body["type"].endswith("sparql-nested-too-deep")
    within = "SELECT * WHERE " + "{" * 200 + "}" * 200
    assert sparql(server, within).status_code == 200
    quoted = "SELECT * WHERE { BIND('" + "{" * 300 + "' AS ?x) }"  # brackets in a string are no nesting
    assert sparql(server, quoted).status_code == 200


def test_a_query_over_the_memory_limit_is_a_503_naming_it_and_the_server_goes_on(tmp_path):
    # a join of everything with everything, sorted, grows its worker without bound (about 400 MB/s): under
    # LEXRDF_SPARQL_MEMORY_MB its worker's allocation is refused, the worker ends and is replaced
    served = start_server(tmp_path / "store", LEXRDF_SPARQL_MEMORY_MB=200, LEXRDF_SPARQL_WORKERS=WORKERS)
    try:
        greedy = "SELECT ?a ?d ?g { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?a ?d ?g LIMIT 1"
        response = httpx.post(f"{served.url}/sparql", data={"query": greedy}, timeout=120)
        body = assert_problem(response, 503, "200 MB", "LEXRDF_SPARQL_MEMORY_MB", parameter="query")
        assert body["type"].endswith("sparql-memory-limit")
        light = sparql(served, "ASK { ?s ?p ?o }")
        assert light.status_code == 200 and light.json()["boolean"] is True
    finally:
        served.process.terminate()
        served.process.wait(timeout=30)
