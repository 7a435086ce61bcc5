"""The same search through HTTP (/api/search and the home page, a real `lexrdf serve`), the CLI and Python; and over
a remote store (`oxigraph serve`) whose reader has no index: the scan, which says so.

Expected hits from samples/single/harbour-act.xml: "harbour dues" is art_4's heading and the text of its paragraphs 2
and 3 (paragraph 1 has both words, not the phrase); "thirty days" only art_4(2) as substituted from 2003-01-01."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from conftest import BASE, HARBOUR, ODA, SAMPLES, open_lex
from lxml import html
from servers import lexrdf_serve, search_service
from test_search_index import reproducible

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

HARBOUR_DUES = {f"{HARBOUR}/art_4", f"{HARBOUR}/art_4/para_2", f"{HARBOUR}/art_4/para_3"}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("search-http") / "store"
    lex = open_lex(directory)
    try:
        lex.ingest([SAMPLES])
    finally:
        lex.close()
    return directory


@pytest.fixture(scope="module")
def reader(store: Path):
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def server(store: Path):
    with lexrdf_serve(store) as url:
        yield url


def api(server: str, **params) -> httpx.Response:
    return httpx.get(f"{server}/api/search", params=params, timeout=30)


def cli(store: Path, *args: str) -> dict:
    command = [sys.executable, "-m", "lexrdf.cli", "search", *args, "--store", str(store), "--format", "json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("harbour dues", {}),
        ("dues harbour", {"words": True}),
        ("harbour", {"page": 2, "size": 5}),
        ("thirty days", {"known_at": "2100-01-01T00:00:00Z"}),
        ("member appoint", {"words": True, "language": "en"}),
    ],
)
def test_http_cli_and_python_give_the_same_answer(server, store, reader, text, options):
    day, known_at = "2010-01-01", options.get("known_at")
    keywords = {"size": 20, **{k: v for k, v in options.items() if k != "known_at"}}  # 20: HTTP's and the CLI's
    expected = reader.search(text, day, known_at, **keywords).to_dict()
    assert expected["method"] == "index" and expected["items"]
    params = {"q": text, "date": day, **{k: str(v).lower() if isinstance(v, bool) else v for k, v in options.items()}}
    response = api(server, **params)
    assert response.status_code == 200, response.text
    assert response.json() == expected
    flags = [f"--{k.replace('_', '-')}" if v is True else f"--{k.replace('_', '-')}={v}" for k, v in options.items()]
    assert cli(store, text, "--date", day, *flags) == expected


def test_the_api_answers_with_pages_windows_and_the_method(server):
    body = api(server, q="harbour dues", date="2005-01-01").json()
    assert body["method"] == "index" and body["total"] == 3 and (body["page"], body["size"]) == (1, 20)
    assert {hit["provision"] for hit in body["items"]} == HARBOUR_DUES
    para_2 = next(hit for hit in body["items"] if hit["provision"] == f"{HARBOUR}/art_4/para_2")
    assert (para_2["valid_from"], para_2["valid_until"], para_2["opened_by"]["type"]) == (
        "2003-01-01",
        None,
        "substitution",
    )
    assert "<b>harbour dues</b>" in para_2["snippet"] and para_2["citation"].startswith("Harbour Act 1995, Article 4")
    same = api(server, text="harbour dues", date="2005-01-01").json()  # search.rq's name for the phrase
    assert same == body
    words = api(server, q="harbour dues", date="2005-01-01", words="true").json()
    assert {hit["provision"] for hit in words["items"]} == HARBOUR_DUES | {f"{HARBOUR}/art_4/para_1"}
    pages = [api(server, q="harbour", date="2010-01-01", size=5, page=n).json() for n in (1, 2, 3, 4, 5)]
    assert len({page["total"] for page in pages}) == 1
    versions = [hit["version"] for page in pages for hit in page["items"]]
    assert len(versions) == len(set(versions)) == pages[0]["total"]
    beyond = api(server, q="harbour", date="2010-01-01", size=5, page=99).json()
    assert beyond["items"] == [] and beyond["count"] == 0 and beyond["total"] == pages[0]["total"]


@pytest.mark.parametrize(
    ("params", "status", "parameter"),
    [
        ({"size": "101"}, 422, "size"),
        ({"size": "0"}, 422, "size"),
        ({"page": "0"}, 422, "page"),
        ({"size": "ten"}, 400, "size"),
        ({"words": "maybe"}, 400, "words"),
        ({"language": "english!"}, 400, "language"),
        ({"date": "soon"}, 400, "date"),
        ({"known_at": "yesterday"}, 400, "known_at"),
        ({"q": None}, 400, "q"),
        ({"text": "harbour"}, 400, "text"),  # q and text both
        ({"colour": "red"}, 400, "colour"),
    ],
)
def test_bad_parameters_are_problems_naming_them(server, params, status, parameter):
    query = {k: v for k, v in {"q": "harbour", "date": "2010-01-01", **params}.items() if v is not None}
    response = api(server, **query)
    assert response.status_code == status and response.headers["content-type"] == "application/problem+json"
    assert response.json()["parameter"] == parameter
    assert api(server, q="harbour", date="2010-01-01", size="100").status_code == 200  # the bound itself


def test_the_openapi_document_types_the_parameters_and_the_answer(server):
    spec = httpx.get(f"{server}/openapi.json").json()
    operation = spec["paths"]["/api/search"]["get"]
    parameters = {p["name"]: p["schema"] for p in operation["parameters"]}
    assert {"q", "text", "date", "known_at", "page", "size", "words", "language"} == set(parameters)
    assert parameters["size"]["maximum"] == 100 and parameters["words"]["type"] == "boolean"
    assert "422" in operation["responses"]
    answer = spec["components"]["schemas"]["SearchAnswer"]
    assert answer["properties"]["method"]["enum"] == ["index", "scan"]
    item = spec["components"]["schemas"]["SearchItem"]
    assert {"valid_from", "valid_until", "opened_by", "snippet", "citation"} <= set(item["properties"])


def test_the_home_page_shows_snippets_and_pages(server):
    first = html.fromstring(httpx.get(f"{server}/", params={"q": "harbour", "date": "2010-01-01", "size": 5}).text)
    total = api(server, q="harbour", date="2010-01-01").json()["total"]
    status = first.xpath("string(//p[@class='result-count'])")
    assert status.startswith(f"{total} provisions in force on 1 January 2010") and "1–5 shown" in status
    assert len(first.xpath("//li[@class='hit']")) == 5
    assert {mark.text.lower() for mark in first.xpath("//li[@class='hit']//mark")} == {"harbour"}
    assert not first.xpath("//nav[@class='pager']//a[@rel='prev']")
    (after,) = first.xpath("//nav[@class='pager']//a[@rel='next']/@href")
    second = html.fromstring(httpx.get(f"{server}{after}").text)
    assert "6–10 shown" in second.xpath("string(//p[@class='result-count'])")
    assert second.xpath("//nav[@class='pager']//a[@rel='prev']") and second.xpath("//ol[@class='hits']/@start") == ["6"]
    hits = html.fromstring(httpx.get(f"{server}/", params={"q": "thirty days", "date": "2005-01-01"}).text)
    (hit,) = hits.xpath("//li[@class='hit']")
    assert [mark.text for mark in hit.xpath(".//mark")] == ["thirty days"]
    assert "In force from 1 January 2003 (substitution)" in hit.text_content()
    assert httpx.get(f"{server}/", params={"q": "harbour", "size": "500"}).status_code == 422


# -- a remote store ---------------------------------------------------------------------------------------------
def test_a_remote_store_reader_without_an_index_scans_and_says_so(tmp_path: Path):
    from test_remote_store import oxigraph_server

    with oxigraph_server(tmp_path) as endpoint:
        writer = Lexrdf.open(Settings(store=tmp_path / "writer-state", base_iri=BASE, store_url=endpoint))
        try:
            writer.ingest([SAMPLES])
            indexed = writer.search("harbour dues", "2005-01-01")
        finally:
            writer.close()
        assert indexed.method == "index"  # the writer keeps its index in its state directory
        elsewhere = Settings(store=tmp_path / "worker-state", base_iri=BASE, store_url=endpoint)
        worker = Lexrdf.open(elsewhere, read_only=True)  # another machine: no index beside it
        try:
            scanned = worker.search("harbour dues", "2005-01-01")
            assert scanned.method == "scan" and {h.provision for h in scanned.items} == HARBOUR_DUES
            assert reproducible({**scanned.to_dict(), "method": "index"}) == reproducible(indexed.to_dict())
            whole = worker.search("harbour", "2010-01-01").items
            second = worker.search("harbour", "2010-01-01", page=2, size=5)
            assert [h.version for h in second.items] == [h.version for h in whole[5:10]] and second.total == len(whole)
        finally:
            worker.close()


# -- a search service ------------------------------------------------------------------------------------------------
MACHINE_READABLE = {f"{ODA}/art_2/para_3", f"{ODA}/art_3/para_2"}  # the Open Data Act as amended from 2004-07-01


def test_a_search_service_answers_workers_that_have_no_index(tmp_path: Path):
    """Workers on other machines (another state directory, no index) search through `lexrdf search-index serve`
    over the writer's index: the hits, windows and citations the writer's own index gives, on every worker; the
    service follows the writer's later commits; a service that is gone is a 502 and a one-line CLI error.

    From the sources: "machine-readable" is in the Open Data Act only as amended on 2004-07-01 (its art_2(3) and
    art_3(2), samples/expressions/open-data-act@2004-07-01.xml), not in the 2001 text, nor in the Harbour Act."""
    from test_remote_store import oxigraph_server

    with oxigraph_server(tmp_path) as endpoint:
        state = tmp_path / "writer-state"
        writer = Lexrdf.open(Settings(store=state, base_iri=BASE, store_url=endpoint))
        try:
            writer.ingest([SAMPLES / "single"])
            with search_service(state, "--workers", "2") as (service, process):  # the factory path too
                options = ("--store-url", endpoint, "--search-url", service, "--workers", "2")
                with lexrdf_serve(tmp_path / "worker-state", *options) as worker:
                    dues = [api(worker, q="harbour dues", date="2005-01-01") for _ in range(4)]
                    local = writer.search("harbour dues", "2005-01-01", size=20)
                    before = api(worker, q="machine-readable", date="2005-01-01").json()
                    between = datetime.now(UTC).isoformat()
                    writer.ingest([SAMPLES / "expressions"])  # the service is not restarted
                    after = api(worker, q="machine-readable", date="2005-01-01").json()
                    known_between = api(worker, q="machine-readable", date="2005-01-01", known_at=between).json()
                    earlier = api(worker, q="machine-readable", date="2003-01-01").json()
                    stems = api(worker, q="publish harbour", date="2005-01-01", words="true").json()
                    local_after = writer.search("machine-readable", "2005-01-01", size=20).to_dict()
                    local_stems = writer.search("publish harbour", "2005-01-01", size=20, words=True).to_dict()
                    bad_date = httpx.get(f"{service}/search", params={"text": "harbour", "date": "2005-13-01"})
                    process.terminate()
                    process.wait(timeout=30)
                    gone = api(worker, q="harbour dues", date="2005-01-01")
                    command = [sys.executable, "-m", "lexrdf.cli", "search", "harbour", "--date", "2005-01-01"]
                    command += ["--store", str(tmp_path / "cli"), "--store-url", endpoint, "--search-url", service]
                    cli_gone = subprocess.run(command, capture_output=True, text=True, timeout=120)
        finally:
            writer.close()
    assert all(response.status_code == 200 for response in dues), dues[0].text
    answers = [response.json() for response in dues]
    assert all(answer["method"] == "index" for answer in answers)  # from the service, not the store's scan
    assert {hit["provision"] for hit in answers[0]["items"]} == HARBOUR_DUES
    for answer in answers:
        assert reproducible(answer) == reproducible(local.to_dict())
    assert all(hit["citation"] and hit["valid_from"] for hit in answers[0]["items"])  # read from the store
    assert before["total"] == 0 and before["method"] == "index"
    assert {hit["provision"] for hit in after["items"]} == MACHINE_READABLE
    assert reproducible(after) == reproducible(local_after)
    assert all(hit["valid_from"] == "2004-07-01" for hit in after["items"])
    assert earlier["total"] == 0
    assert known_between["total"] == 0  # as recorded before the amended act was ingested: the time reaches the index
    assert reproducible(stems) == reproducible(local_stems) and stems["total"] > 0
    assert bad_date.status_code == 400 and "'date'" in bad_date.json()["detail"]
    assert gone.status_code == 502
    assert gone.headers["content-type"].startswith("application/problem+json")
    assert service not in gone.text and "search service" in gone.json()["detail"]
    assert cli_gone.returncode == 1 and "Traceback" not in cli_gone.stderr
    assert cli_gone.stderr.strip().startswith(f"error: the search service at {service} did not answer")
    assert len(cli_gone.stderr.strip().splitlines()) == 1


def test_a_search_service_without_an_index_says_so(tmp_path: Path):
    """A service started before its writer built the index: 503 until there is one (no scan: it has no store)."""
    with search_service(tmp_path / "no-index-yet") as (service, _):
        health = httpx.get(f"{service}/health", timeout=30).json()
        response = httpx.get(f"{service}/search", params={"text": "harbour", "date": "2005-01-01"}, timeout=30)
    assert health == {"index": False}
    assert response.status_code == 503 and "no full-text index" in response.json()["detail"]
