"""Hostile input over HTTP (issue #10): strict dates and IRIs, unknown parameters, one error shape, nothing internal
leaked, and write access only with the admin token. Real `lexrdf serve` processes on 127.0.0.1, no mocks."""

from __future__ import annotations

import os
import re
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from conftest import BASE, ODA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexrdf.queries import load_library

TOKEN = "test-admin-token-5f1c"
PROVISION = f"{ODA}/art_3/para_2"
PROBLEM_JSON = "application/problem+json"
# what must never reach a client: a traceback, a source file of the server, a temporary or store directory
LEAKS = re.compile(r"Traceback|File \"|\.py\b|/tmp/|/work/|site-packages|pytest-of-")
REPO = Path(__file__).resolve().parents[1]
RULING = re.findall(r"```turtle\n(.*?)```", (REPO / "docs" / "editorial.md").read_text(encoding="utf-8"), re.DOTALL)[0]
RULING_IRI = f"{ODA}/event/2006-03-01/judicial-decision"

SERVE = [sys.executable, "-m", "lexrdf.cli", "serve", "--sample", "--workers", "1"]  # one server process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(store: Path, flags: tuple[str, ...] = (), **env: str) -> Iterator[str]:
    """`lexrdf serve --sample` on a fresh store, with extra flags and environment variables; yields its URL."""
    port = free_port()
    inherited = {key: value for key, value in os.environ.items() if key != "LEXRDF_ADMIN_TOKEN"}
    log = (store.parent / "server.log").open("w")  # a file, not a pipe: thousands of requests fill a pipe's buffer
    process = subprocess.Popen(
        [*SERVE, *flags, "--store", str(store), "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        env={**inherited, "LEXRDF_BASE_IRI": BASE, "LEXRDF_SPARQL_WORKERS": "2", **env},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError((store.parent / "server.log").read_text()) from None
            time.sleep(0.2)
    else:
        process.kill()
        raise RuntimeError("server did not start")
    yield url
    process.terminate()
    process.wait(timeout=20)
    log.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    store = tmp_path_factory.mktemp("hardening") / "store"
    for url in serve(store, LEXRDF_ADMIN_TOKEN=TOKEN, LEXRDF_HEADER_TIMEOUT=str(HEADER_SECONDS)):
        yield url, store


@pytest.fixture(scope="module")
def server(served: tuple[str, Path]) -> str:
    return served[0]


@pytest.fixture(scope="module")
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as session:
        yield session


def assert_problem(response: httpx.Response, status: int | None = None, parameter: str | None = None) -> dict:
    """The response is an error in the one shape of this server, naming `parameter` when given; nothing leaks."""
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if status is not None:
        assert response.status_code == status, (response.status_code, response.text[:500])
    assert response.headers["content-type"] == PROBLEM_JSON, response.headers["content-type"]
    body = response.json()
    assert {"type", "title", "status", "detail"} <= set(body) and body["status"] == response.status_code
    if parameter is not None:
        assert body.get("parameter") == parameter, body
    assert not LEAKS.search(response.text), response.text
    return body


# -- 1. strict dates and IRIs, by pyoxigraph's rules ------------------------------------------------------------
HOSTILE_IRIS = ["https://e.org/a\x01", "https://e.org/a\x7f", "https://[::1", "http://%zz", "art_3", " " + PROVISION]
HOSTILE_DATES = [
    "2020-02-01garbage",
    "20200201",
    "2020-02-30",
    "2020-02-01\n",
    "2020-W05-6",
    " 2020-02-01",
    "٢٠٢٠-02-01",
]


@pytest.mark.parametrize("iri", HOSTILE_IRIS)
def test_an_iri_pyoxigraph_refuses_is_a_400_naming_the_parameter(client, iri):
    response = client.get("/api/text-at", params={"provision": iri, "date": "2003-05-01"})
    assert "parameter 'provision'" in assert_problem(response, 400, "provision")["detail"]


@pytest.mark.parametrize("day", HOSTILE_DATES)
def test_a_date_with_anything_but_yyyy_mm_dd_is_a_400_naming_the_parameter(client, day):
    response = client.get("/api/text-at", params={"provision": PROVISION, "date": day})
    assert "parameter 'date'" in assert_problem(response, 400, "date")["detail"]
    assert_problem(client.get(PROVISION.removeprefix(BASE), params={"date": day}), 400, "date")
    assert_problem(client.get(PROVISION.removeprefix(BASE), params={"diff_from": day}), 400, "diff_from")
    assert_problem(client.get("/", params={"q": "publication", "date": day}), 400, "date")


@pytest.mark.parametrize("moment", ["2024-01-01T10garbage", "yesterday", "2024-01-01T25:00:00Z", "2024-01-01 10:00"])
def test_a_bad_known_at_is_a_400_on_every_surface(client, moment):
    api = client.get("/api/text-at", params={"provision": PROVISION, "date": "2003-05-01", "known_at": moment})
    assert_problem(api, 400, "known_at")
    assert_problem(client.get(PROVISION.removeprefix(BASE), params={"known_at": moment}), 400, "known_at")
    assert_problem(client.get("/", params={"known_at": moment}), 400, "known_at")


@pytest.mark.parametrize("iri", HOSTILE_IRIS)
def test_a_bad_graph_iri_is_a_400_at_sparql(client, iri):
    for name in ("default-graph-uri", "named-graph-uri"):
        response = client.get("/sparql", params={"query": "ASK {}", name: iri})
        assert_problem(response, 400, name)


@pytest.mark.parametrize("name", ["at", "observerTime"])
def test_a_bad_satgraph_time_is_a_400_naming_it(client, name):
    response = client.get(f"/satgraph/items/{quote(PROVISION, safe='')}/valid-versions", params={name: "2020-01-01x"})
    assert_problem(response, 400, name)
    found = client.get("/satgraph/items/by-reference", params={"referenceText": "art 3", "at": "2020-01-01x"})
    assert_problem(found, 400, "at")


def test_valid_values_still_answer(client):
    assert client.get("/api/text-at", params={"provision": PROVISION, "date": "2003-05-01"}).status_code == 200
    known = {"provision": PROVISION, "date": "2003-05-01", "known_at": "2099-01-01T00:00:00Z"}
    assert client.get("/api/text-at", params=known).json()["status"] == "in-force"
    page = client.get(PROVISION.removeprefix(BASE), params={"date": "2003-05-01"}, headers={"Accept": "text/html"})
    assert page.status_code == 200
    sparql = client.get("/sparql", params={"query": "ASK { ?s ?p ?o }", "default-graph-uri": ODA})
    assert sparql.status_code == 200 and sparql.json()["boolean"] is True


# -- hypothesis: arbitrary strings never give a 5xx, every error is problem+json -------------------------------
def _endpoints() -> list[tuple[str, list[str]]]:
    return [(q.name, [p.name for p in q.public_parameters]) for q in load_library().values() if not q.internal]


ENDPOINTS = _endpoints()
TEXT = st.text(max_size=40) | st.sampled_from(HOSTILE_IRIS + HOSTILE_DATES + ["", "now", PROVISION, "2003-05-01"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endpoint=st.sampled_from(ENDPOINTS), data=st.data())
def test_arbitrary_values_at_every_api_endpoint_never_give_a_5xx(client, endpoint, data):
    name, parameters = endpoint
    chosen = data.draw(st.lists(st.sampled_from(parameters), unique=True, max_size=len(parameters)) if parameters
                       else st.just([]))  # fmt: skip
    params = {parameter: data.draw(TEXT) for parameter in chosen}
    response = client.get(f"/api/{name}", params=params)
    if response.status_code >= 400:
        assert_problem(response)
    else:
        response.json()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    segment=st.text(max_size=30),
    name=st.sampled_from(["date", "known_at", "diff_from", "diff_to"]),
    value=TEXT,
    accept=st.sampled_from(["application/json", "text/turtle", "text/html", "*/*", "application/ld+json"]),
)
def test_arbitrary_paths_and_page_parameters_never_give_a_5xx(client, segment, name, value, accept):
    for path in (f"/eli/xx/act/2001-03-14/12/{quote(segment, safe='')}", f"/{quote(segment, safe='/')}"):
        response = client.get(path, params={name: value}, headers={"Accept": accept})
        assert response.status_code < 500, (path, name, value, response.text[:300])
        if response.status_code >= 400 and accept != "text/html":
            assert_problem(response)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(item=st.text(max_size=30), at=TEXT, graph=TEXT)
def test_arbitrary_satgraph_ids_times_and_graph_iris_never_give_a_5xx(client, item, at, graph):
    identifier = quote(item, safe="")
    for response in (
        client.get(f"/satgraph/items/{identifier}/valid-versions", params={"at": at}),
        client.get(f"/satgraph/items/{identifier}/versions", params={"startAt": at}),
        client.get("/satgraph/items/by-reference", params={"referenceText": item or "x", "at": at}),
        client.get("/sparql", params={"query": "ASK {}", "default-graph-uri": graph}),
    ):
        if response.status_code >= 400:
            assert_problem(response)


def test_a_path_is_never_reflected_unescaped_into_a_page(client):
    attack = "/eli/" + quote('<script>alert("x")</script>', safe="")
    page = client.get(attack, headers={"Accept": "text/html"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "<script>alert" not in page.text and "%3Cscript%3E" in page.text  # named as the IRI it is, encoded


def test_raw_bytes_in_a_path_are_a_404_not_a_500(server):
    for raw in ("/eli/%ff%fe", "/eli/xx/act/2001-03-14/12%01", "/%", "/eli/xx/act/2001-03-14/12/%5B::1", "/a%00b"):
        response = httpx.get(server + raw, headers={"Accept": "application/json"})
        assert_problem(response, 404)


# -- 2. unknown parameters and one error shape --------------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    [
        f"/api/text-at?provision={quote(PROVISION, safe='')}&date=2003-05-01",
        "/api/queries",
        "/sparql?query=ASK%7B%7D",
        f"{ODA.removeprefix(BASE)}",
        f"{PROVISION.removeprefix(BASE)}/2003-05-01",
        "/ontology",
        "/?q=publication",
        f"/satgraph/items/{quote(PROVISION, safe='')}",
        f"/satgraph/items/{quote(PROVISION, safe='')}/valid-versions?at=2003-05-01",
        "/health",
        "/docs",
    ],
)
def test_an_unknown_parameter_is_a_400_naming_it_everywhere(server, path):
    separator = "&" if "?" in path else "?"
    response = httpx.get(f"{server}{path}{separator}colour=blue", headers={"Accept": "application/json"})
    body = assert_problem(response, 400, "colour")
    assert body["type"].endswith("/unknown-parameter") and "'colour'" in body["detail"]


def test_an_unknown_form_field_at_sparql_is_a_400(client):
    # ("timeout", Virtuoso's, is a known parameter since issue 38: lexrdf/web/sparql/clients.py)
    response = client.post("/sparql", data={"query": "ASK {}", "maxrows": "10"})
    assert_problem(response, 400, "maxrows")


def test_an_unknown_field_of_a_satgraph_search_is_a_400(client):
    body = {"contentQuery": {"lexical": {"queryText": "publication"}}, "topk": 3}
    assert_problem(client.post("/satgraph/text-units/search", json=body), 400, "topk")
    body = {"contentQuery": {"lexical": {"queryText": "publication"}}, "topK": 3}
    assert client.post("/satgraph/text-units/search", json=body).status_code == 200


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("GET", "/api/no-such-query", 404),
        ("GET", "/eli/xx/act/9999-01-01/1", 404),
        ("DELETE", "/sparql", 405),
        ("PUT", "/api/text-at", 405),
        ("GET", "/sparql?update=DROP%20ALL", 403),
        ("GET", "/sparql?query=" + quote("SELECT * { SERVICE <http://e.org/> { ?s ?p ?o } }"), 400),
        ("GET", "/satgraph/items/nothing-here", 404),
        ("POST", "/satgraph/text-units/search", 400),
        ("GET", "/admin/add", 404),  # GET is not served there: the linked-data router answers
    ],
)  # fmt: skip
def test_every_error_has_the_same_shape(server, method, path, status):
    response = httpx.request(method, server + path, headers={"Accept": "application/json"})
    assert_problem(response, status)


def test_an_api_client_asking_json_of_a_page_gets_problem_json(client):
    response = client.get("/eli/xx/act/9999-01-01/1", headers={"Accept": "application/json"})
    assert_problem(response, 404)
    page = client.get("/eli/xx/act/9999-01-01/1", headers={"Accept": "text/html"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")


def test_the_openapi_document_describes_errors_as_problem_json(client):
    document = client.get("/openapi.json").json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            errors = {status for status in operation["responses"] if status[0] in "45"}
            assert "400" in errors and "500" in errors, (method, path)
            for status in errors:
                assert PROBLEM_JSON in operation["responses"][status]["content"], (method, path, status)


# -- 3. write access: only /admin, only with the token -------------------------------------------------------
def test_admin_refuses_without_a_token_with_a_challenge(client):
    response = client.post("/admin/add", content=RULING, headers={"Content-Type": "text/turtle"})
    assert_problem(response, 401)
    assert response.headers["www-authenticate"].startswith("Bearer")
    wrong = client.post(
        "/admin/add", content=RULING, headers={"Content-Type": "text/turtle", "Authorization": "Bearer nope"}
    )
    assert_problem(wrong, 401)
    assert 'error="invalid_token"' in wrong.headers["www-authenticate"]
    basic = client.post("/admin/validate", content=b"<x/>", headers={"Authorization": f"Basic {TOKEN}"})
    assert_problem(basic, 401)
    assert not client.get("/sparql", params={"query": f"ASK {{ <{RULING_IRI}> ?p ?o }}"}).json()["boolean"]


def test_the_public_surface_takes_no_writes(client):
    update = client.post("/sparql", content="DROP ALL", headers={"Content-Type": "application/sparql-update"})
    assert_problem(update, 403)
    assert client.get("/api/text-at", params={"provision": PROVISION, "date": "2003-05-01"}).status_code == 200
    for path in ("/api/text-at", PROVISION.removeprefix(BASE), "/"):
        assert_problem(client.post(path, content=b"x"), 405)


def admin(client: httpx.Client, path: str, body: str | bytes, media_type: str, **params: str) -> httpx.Response:
    headers = {"Content-Type": media_type, "Authorization": f"Bearer {TOKEN}"}
    return client.post(path, content=body, headers=headers, params=params)


def test_admin_add_refuses_what_does_not_conform_and_writes_nothing(client):
    sourceless = RULING.replace(f"lex:sourceAct <{BASE}/case/sc-2006-17> ;", "")
    response = admin(client, "/admin/add", sourceless, "text/turtle")
    assert response.status_code == 422
    answer = response.json()
    assert not answer["written"] and any("no event without its source" in v["message"] for v in answer["violations"])
    assert not client.get("/sparql", params={"query": f"ASK {{ <{RULING_IRI}> ?p ?o }}"}).json()["boolean"]


def test_admin_add_names_the_upload_never_a_server_path(client):
    response = admin(
        client, "/admin/add", "@prefix lex: <https://w3id.org/lexrdf/ontology#> .\nfoo bar .", "text/turtle"
    )
    assert assert_problem(response, 400)["detail"].startswith("upload:2: not valid Turtle")
    assert_problem(admin(client, "/admin/add", RULING, "application/xml"), 415)
    assert_problem(admin(client, "/admin/add", "", "text/turtle"), 400)
    assert_problem(admin(client, "/admin/add", RULING, "text/turtle", act="http://%zz"), 400, "act")
    assert_problem(admin(client, "/admin/add", RULING, "text/turtle", colour="blue"), 400, "colour")


def test_admin_add_is_refused_while_another_writer_holds_the_store(served):
    from lexrdf.store import open_store

    url, store = served
    writer = open_store(store)  # what a `lexrdf ingest` running now would hold
    try:
        with httpx.Client(base_url=url, timeout=30) as session:
            response = admin(session, "/admin/add", RULING, "text/turtle")
        assert "LOCK" in assert_problem(response, 409)["detail"]
    finally:
        writer.close()


def test_admin_add_writes_a_conforming_addition_and_the_server_reads_it_next(client):
    response = admin(client, "/admin/add", RULING, "text/turtle")
    assert response.status_code == 201, response.text
    answer = response.json()
    assert answer["written"] and answer["quads"] > 0 and answer["graph"] == ODA
    assert client.get("/sparql", params={"query": f"ASK {{ <{RULING_IRI}> ?p ?o }}"}).json()["boolean"]
    interpreted = client.get("/api/interpretations", params={"item": PROVISION, "date": "2020-01-01"}).json()
    assert interpreted["status"] == "operative"


def test_admin_validate_reports_and_writes_nothing(client):
    harbour = (SAMPLES / "single" / "harbour-act.xml").read_bytes()
    before = client.get("/sparql", params={"query": "SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }"}).json()
    response = admin(client, "/admin/validate", harbour, "application/xml")
    assert response.status_code == 200, response.text
    assert response.json()["conforms"] is True and response.json()["acts"] == [f"{BASE}/eli/xx/act/1995-05-10/3"]
    after = client.get("/sparql", params={"query": "SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }"}).json()
    assert before == after
    broken = admin(client, "/admin/validate", b"<akomaNtoso><act>", "application/xml")
    assert assert_problem(broken, 400)["detail"].startswith("upload:")
    bomb = b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xx">]><akomaNtoso>&x;</akomaNtoso>'
    assert_problem(admin(client, "/admin/validate", bomb, "application/xml"), 400)


def test_admin_uploads_are_capped(client):
    huge = b"<a>" + b" " * (16 * 1024 * 1024 + 1) + b"</a>"
    assert_problem(admin(client, "/admin/validate", huge, "application/xml"), 413)


# -- no token configured: write access is off; a store broken underneath leaks nothing --------------------------
@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    store = tmp_path_factory.mktemp("bare") / "store"
    for url in serve(store):  # no LEXRDF_ADMIN_TOKEN
        yield url, store


def test_without_a_configured_token_admin_is_always_forbidden(bare):
    url, _ = bare
    for token in (None, TOKEN, "anything"):
        headers = {"Content-Type": "text/turtle"} | ({"Authorization": f"Bearer {token}"} if token is not None else {})
        response = httpx.post(f"{url}/admin/add", content=RULING, headers=headers)
        assert_problem(response, 403)


def test_a_store_broken_underneath_gives_a_bare_problem_and_no_internals(bare):
    url, store = bare
    pointer = store / "snapshots" / "CURRENT"
    published = pointer.read_text(encoding="ascii")
    pointer.write_text("00000099-1796005999999\n", encoding="ascii")  # a snapshot that does not exist
    try:
        for path in (
            f"/api/text-at?provision={quote(PROVISION, safe='')}&date=2003-05-01",
            ODA.removeprefix(BASE),
            "/",
            f"/satgraph/items/{quote(PROVISION, safe='')}",
            "/sparql?query=ASK%7B%7D",
        ):
            response = httpx.get(url + path, headers={"Accept": "application/json"}, timeout=30)
            assert response.status_code in (500, 503), (path, response.status_code)
            assert response.headers["content-type"] == PROBLEM_JSON
            assert not LEAKS.search(response.text) and str(store) not in response.text, response.text
    finally:
        pointer.write_text(published, encoding="ascii")
    healed = httpx.get(f"{url}/api/text-at", params={"provision": PROVISION, "date": "2003-05-01"}, timeout=30)
    assert healed.status_code == 200


# -- HEAD wherever GET; absolute URLs from the configuration, never from Host ------------------------------------
@pytest.mark.parametrize("path", ["/", "/health", "/docs", "/sitemap.xml", "/dumps/", "/api/acts"])
def test_head_answers_wherever_get_does_with_no_body(served, path):
    url, _ = served
    got, head = httpx.get(url + path), httpx.head(url + path)
    assert got.status_code == head.status_code == 200
    assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"]


@pytest.mark.parametrize("path", ["/sitemap.xml", "/dumps/", "/changes.atom", "/changes?since=0"])
def test_a_host_header_is_never_written_back(served, path):
    # a proxy's cache would keep, for everyone, the URLs one client's Host header named
    url, _ = served
    answer = httpx.get(url + path, headers={"Host": "evil.example"})
    assert answer.status_code == 200
    assert "evil.example" not in answer.text and "evil.example" not in answer.headers.get("link", "")
    assert url in answer.text or url in answer.headers.get("link", "")  # the address it listens on


def test_the_public_url_is_the_origin_of_absolute_urls(tmp_path):
    for url in serve(tmp_path / "store", LEXRDF_PUBLIC_URL="https://laws.example.org/"):
        sitemap = httpx.get(f"{url}/sitemap.xml", headers={"Host": "evil.example"}).text
        assert "<loc>https://laws.example.org/" in sitemap and url not in sitemap and "evil" not in sitemap
        link = httpx.get(f"{url}/changes", params={"since": "0"}).headers["link"]
        assert link.startswith("<https://laws.example.org/changes?since=")


def test_serve_refuses_to_start_where_workers_keep_the_network_unless_told(tmp_path):
    # LEXRDF_SPARQL_ISOLATION=off: the SPARQL workers stay in the host's network (as where namespaces are denied)
    env = {**os.environ, "LEXRDF_SPARQL_ISOLATION": "off"}
    command = [sys.executable, "-m", "lexrdf.cli", "serve", "--store", str(tmp_path / "store"), "--port", "1"]
    lexrdf_init = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "ingest", "--store", str(tmp_path / "store"), str(SAMPLES)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert lexrdf_init.returncode == 0, lexrdf_init.stderr
    refused = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    (line,) = [line for line in refused.stderr.splitlines() if line.strip()]
    assert line.startswith("error: SPARQL workers cannot be cut off from the network here")
    assert "--allow-network-queries" in line
    (tmp_path / "allowed").mkdir()
    allowed = tmp_path / "allowed" / "store"
    for url in serve(allowed, ("--allow-network-queries",), LEXRDF_SPARQL_ISOLATION="off"):
        assert httpx.get(f"{url}/health").status_code == 200
    assert "warning: SPARQL workers run with network access here" in (allowed.parent / "server.log").read_text()


HEADER_SECONDS = 2  # the served server's deadline on a request's headers (LEXRDF_HEADER_TIMEOUT)


def test_a_client_trickling_its_headers_is_closed_at_the_deadline(served):
    # slowloris: one byte of a header every 0.1 s keeps uvicorn's own keep-alive timer from ever firing; the
    # deadline on the headers closes the connection anyway, with no reply. A bounded loop: 600 bytes (at least 60 s,
    # thirty times the deadline); the connection must be closed long before they are all sent.
    url, _ = served
    host, port = url.removeprefix("http://").split(":")
    sent, closed = 0, False
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        while sent < 600 and not closed:
            try:
                connection.sendall(b"a")
                sent += 1
                readable, _, _ = select.select([connection], [], [], 0.1)
                closed = bool(readable) and connection.recv(100) == b""
            except OSError:  # reset by the server
                closed = True
    assert closed, f"{sent} bytes of one header over {sent / 10:.0f} s and the connection still open"
    assert sent < 600
    # a client that finishes its headers in time is served, on the same kind of connection
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert connection.recv(100).startswith(b"HTTP/1.1 200")
    # and a keep-alive connection gets the deadline again for its next request: served once, then trickling the
    # headers of a second request on the same connection, it is closed (the same bounded loop, no sleep)
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        reader = connection.makefile("rb")
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert reader.readline().startswith(b"HTTP/1.1 200")
        length = 0
        while (line := reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        reader.read(length)
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        sent, closed = 0, False
        while sent < 600 and not closed:
            try:
                connection.sendall(b"a")
                sent += 1
                readable, _, _ = select.select([connection], [], [], 0.1)
                closed = bool(readable) and connection.recv(100) == b""
            except OSError:
                closed = True
    assert closed and sent < 600, f"the second request's headers trickled for {sent} bytes and were not cut"


def test_a_flood_of_headers_is_cut_off_not_held(served):
    # one connection sending megabytes of headers: the server answers once they pass its bound and closes
    url, _ = served
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        sent = 0
        try:
            while sent < 16_000_000:
                connection.sendall(b"X-Padding: " + b"a" * 8000 + b"\r\n")
                sent += 8000
        except OSError:  # the server closed the connection: what was sent is not held
            pass
        connection.settimeout(10)
        try:
            reply = connection.recv(200)
        except OSError:
            reply = b""
    assert sent < 16_000_000 or reply.startswith(b"HTTP/1.1 4"), "16 MB of headers were taken in"
    assert httpx.get(f"{url}/health").status_code == 200
