"""The answer cache (lexrdf.web.cache): a page, an /api answer or a /sparql result kept from an earlier request is
the very answer the store gives without the cache, a write to the store (by another process too) is seen at the next
request, the cache stays within its bound in bytes, and requests that differ in anything they ask (date, known_at,
extent, language, format) never share an entry. On the Open Data Act's real expressions, served by real uvicorn."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
import uvicorn
from conftest import BASE, ODA, SAMPLES, open_lex
from servers import free_port, lexrdf_server
from test_one_query import counted

from lexrdf.queries import get_query
from lexrdf.settings import Settings
from lexrdf.web.app import create_app
from lexrdf.web.cache import AnswerCache

EXPRESSIONS = SAMPLES / "expressions"
EARLIER = [EXPRESSIONS / "open-data-act@2001-04-01.xml", EXPRESSIONS / "open-data-act@2004-07-01.xml"]
LATER = EXPRESSIONS / "open-data-act@2010-01-01.xml"  # Article 5: the Transparency Commissioner, from 2010-01-01
ARTICLE_5 = f"{ODA}/art_5"
PAGE = "/eli/xx/act/2001-03-14/12/art_5"
BEFORE, AFTER = "Open Data Commissioner", "Transparency Commissioner"
HTML = {"Accept": "text/html"}
SPARQL_JSON = "application/sparql-results+json"


@contextmanager
def serving(store: Path, cache_mb: float) -> Iterator[tuple[httpx.Client, AnswerCache]]:
    """The application over `store` in a real uvicorn on 127.0.0.1 (a thread of this process, so that its cache can
    be looked at): a client for it, and its cache."""
    settings = Settings(store=store, base_iri=BASE, cache_mb=cache_mb, sparql_workers=2)
    app = create_app(settings)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=url, timeout=60) as client:
            deadline = time.monotonic() + 60
            while not server.started:
                assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
                time.sleep(0.05)
            yield client, app.state.answer_cache
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def ingest(store: Path, sources: list[Path]) -> None:
    """A write by a writer of its own (as `lexrdf ingest` beside a running server), published when it closes."""
    writer = open_lex(store)
    try:
        writer.ingest(sources)
    finally:
        writer.close()


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The Open Data Act ingested in two writes: its first two expressions, then the third; and a moment between."""
    store = tmp_path_factory.mktemp("cached") / "store"
    ingest(store, EARLIER)
    # the first write's own time: the store's clock stamps the next write strictly later, with no wait
    reader = open_lex(store)
    try:
        between = reader.rows("_latest-changeset")[0]["latest"].value
    finally:
        reader.close()
    ingest(store, [LATER])
    return store, between


def sparql(client: httpx.Client, query: str, accept: str = SPARQL_JSON) -> httpx.Response:
    return client.post("/sparql", content=query, headers={"Content-Type": "application/sparql-query", "Accept": accept})


@cache
def text_at_query(day: str) -> str:
    """text-at's SPARQL for Article 5 on `day`, bound once (binding writes the moment as known_at: a new text)."""
    return get_query("text-at").bound({"provision": ARTICLE_5, "date": day})


HEADED = 'ASK {{ ?expression <https://w3id.org/lexrdf/ontology#heading> ?heading FILTER (STR(?heading) = "{}") }}'


def asked(client: httpx.Client) -> dict[str, httpx.Response]:
    """One request of each kind the cache keeps."""
    return {
        "act page": client.get("/eli/xx/act/2001-03-14/12?date=2012-01-01", headers=HTML),
        "provision page": client.get(f"{PAGE}?date=2012-01-01", headers=HTML),
        "turtle": client.get(f"{PAGE}.ttl"),
        "api": client.get("/api/text-at", params={"provision": ARTICLE_5, "date": "2012-01-01"}),
        "sparql": sparql(client, text_at_query("2012-01-01")),
    }


def same(first: httpx.Response, second: httpx.Response) -> None:
    assert (first.status_code, first.content) == (second.status_code, second.content)
    for header in ("content-type", "etag", "last-modified", "link", "vary", "content-location"):
        assert first.headers.get(header) == second.headers.get(header), header


def test_a_kept_answer_is_the_answer_made_without_the_cache(written):
    store, _ = written
    with serving(store, cache_mb=0) as (client, _):
        uncached = asked(client)
    with serving(store, cache_mb=64) as (client, cache):
        first = asked(client)
        made = cache.misses
        again = asked(client)
        assert cache.hits >= len(again) and cache.misses == made  # every second answer was a kept one
    for name, answer in uncached.items():
        assert answer.status_code == 200, name
        same(answer, first[name])
        same(answer, again[name])
    assert AFTER in again["provision page"].text and AFTER in again["api"].text and AFTER in again["sparql"].text


def test_a_conditional_request_of_a_kept_page_is_answered_304(written):
    store, _ = written
    with serving(store, cache_mb=64) as (client, _):
        page = client.get(f"{PAGE}?date=2012-01-01", headers=HTML)
        client.get(f"{PAGE}?date=2012-01-01", headers=HTML)  # kept now
        etag = page.headers["etag"]
        assert client.get(f"{PAGE}?date=2012-01-01", headers={**HTML, "If-None-Match": etag}).status_code == 304


def test_a_write_by_another_process_is_seen_at_the_next_request(tmp_path):
    store = tmp_path / "store"
    ingest(store, EARLIER)
    with serving(store, cache_mb=64) as (client, cache):
        before, kept = asked(client), asked(client)  # the second time, from the cache
        assert all(kept[name].content == answer.content for name, answer in before.items())
        assert BEFORE in before["provision page"].text and BEFORE in before["api"].text
        assert [sparql(client, HEADED.format(AFTER)).json()["boolean"] for _ in range(2)] == [False, False]
        ingest(store, [LATER])  # a new expression of the same act, written by a writer of its own
        after = asked(client)
        assert sparql(client, HEADED.format(AFTER)).json()["boolean"] is True
    for name in ("provision page", "api"):
        assert AFTER in after[name].text and BEFORE not in after[name].text, name
    for name in ("act page", "turtle"):  # the act's new event; the provision's new version
        assert before[name].content != after[name].content, name
    assert cache.hits > 0


def test_a_write_changes_the_act_s_contents_page(tmp_path):
    """The contents page and the act's data it is made of (lexrdf.web.cache.ActData: its facts, state, contents and
    events on the date), kept across requests, are made anew after a write. samples/expressions: Article 5's heading
    is "Open Data Commissioner" in open-data-act@2004-07-01.xml (line 185) and "Transparency Commissioner" in
    open-data-act@2010-01-01.xml (line 201), the expression of 2010-01-01."""
    store = tmp_path / "store"
    ingest(store, EARLIER)
    contents = "/eli/xx/act/2001-03-14/12?date=2012-01-01"
    browser = {"Accept": "text/html,application/xhtml+xml"}  # another answer kept, made of the same act data
    with serving(store, cache_mb=64) as (client, cache):
        before = [client.get(contents, headers=headers) for headers in (HTML, HTML, browser)]
        assert cache.hits > 0 and any(key[0] == "act-data" for key in cache.kept_keys())
        ingest(store, [LATER])
        after = [client.get(contents, headers=headers) for headers in (HTML, browser, HTML)]
    assert [page.status_code for page in before + after] == [200] * 6
    for page in before:
        assert BEFORE in page.text and AFTER not in page.text
    for page in after:
        assert AFTER in page.text and BEFORE not in page.text


def test_every_worker_of_serve_sees_a_write(tmp_path):
    """`lexrdf serve --workers 2`: two processes, each with its own cache over the same store on disk."""
    store = tmp_path / "store"
    ingest(store, EARLIER)
    with lexrdf_server(store, "--workers", "2") as (url, _), httpx.Client(base_url=url, timeout=60) as client:
        for _ in range(8):  # enough for both workers to have kept the page
            assert BEFORE in client.get(f"{PAGE}?date=2012-01-01", headers=HTML).text
        ingest(store, [LATER])
        for _ in range(8):
            page = client.get(f"{PAGE}?date=2012-01-01", headers=HTML).text
            assert AFTER in page and BEFORE not in page


def test_the_cache_stays_within_its_bound(written):
    store, _ = written
    days = [f"{year}-06-01" for year in range(2001, 2016)]
    with serving(store, cache_mb=0) as (client, _):
        uncached = [client.get(f"{PAGE}?date={day}", headers=HTML).content for day in days]
    with serving(store, cache_mb=0.1) as (client, cache):  # 104,857 bytes: room for a few pages only
        for _ in range(2):
            for day, expected in zip(days, uncached, strict=True):
                assert client.get(f"{PAGE}?date={day}", headers=HTML).content == expected
                assert cache.size <= cache.max_bytes
        assert 0 < len(cache) < len(days)


def test_answers_to_different_questions_never_share_an_entry(written):
    store, between = written
    known_at = quote(between)
    questions = [
        (f"{PAGE}?date=2012-01-01", HTML),
        (f"{PAGE}?date=2005-01-01", HTML),
        (f"{PAGE}?date=2012-01-01&known_at={known_at}", HTML),
        (f"{PAGE}?date=2012-01-01", {"Accept": "text/turtle"}),
        (f"{PAGE}?date=2012-01-01", {"Accept": "application/n-triples"}),
        (f"/api/text-at?provision={ARTICLE_5}&date=2012-01-01", {}),
        (f"/api/text-at?provision={ARTICLE_5}&date=2012-01-01&known_at={known_at}", {}),
        (f"/api/text-at?provision={ARTICLE_5}&date=2012-01-01&extent=S", {}),
        (f"/api/text-at?provision={ARTICLE_5}&date=2012-01-01&language=fr", {}),
        (f"/api/text-at?provision={ARTICLE_5}&date=2005-01-01", {}),
    ]
    queries = [(text_at_query("2012-01-01"), SPARQL_JSON), (text_at_query("2012-01-01"), "text/csv"),
               (text_at_query("2005-01-01"), SPARQL_JSON)]  # fmt: skip
    with serving(store, cache_mb=0) as (client, _):
        uncached = [client.get(path, headers=headers) for path, headers in questions]
        uncached += [sparql(client, query, accept) for query, accept in queries]
    with serving(store, cache_mb=64) as (client, cache):
        for _ in range(2):  # the second time, every answer is a kept one: still each its own
            answers = [client.get(path, headers=headers) for path, headers in questions]
            answers += [sparql(client, query, accept) for query, accept in queries]
            for answer, expected in zip(answers, uncached, strict=True):
                same(expected, answer)
        assert [a.status_code for a in uncached] == [200] * len(uncached)
        answers_kept = [key for key in cache.kept_keys() if key[0] != "act-data"]  # beside the pages' act data
        assert len(answers_kept) == len(questions) + len(queries)
    assert BEFORE in uncached[2].text and AFTER in uncached[0].text  # known_at before the third expression
    assert BEFORE in uncached[6].text and AFTER in uncached[5].text


def test_an_answer_made_before_a_write_is_not_kept_after_it():
    cache = AnswerCache(max_bytes=10_000)
    cache.put("page", 2, b"after the write")
    cache.put("page", 1, b"read before the write, finished after it")  # generation 1: too old to keep
    assert cache.get("page", 2) == b"after the write"
    assert cache.get("page", 3) is None and len(cache) == 0


def test_nothing_is_kept_without_room():
    cache = AnswerCache(max_bytes=0)
    assert cache.get_or_make("page", 1, lambda: b"made") == b"made"
    assert len(cache) == 0 and cache.size == 0


def test_a_provision_page_reads_its_act_s_contents_events_and_title_as_the_act_page_kept_them(written):
    """An act's own data (its contents on a date, its events, its title) is made once a generation: a provision page
    after its act's page runs no toc, events or title query, and is the page made with nothing kept."""
    from datetime import date

    from lexrdf.web import pages
    from lexrdf.web.cache import NOTHING_KEPT, ActData
    from lexrdf.web.links import Links

    store, _ = written
    lex = open_lex(store)
    try:
        links, day = Links(BASE), date(2005, 1, 1)
        kept = ActData(AnswerCache(2**26), lex.store.generation)
        pages.act_page(lex, links, ODA, day, None, kept)
        with counted(lex) as sent:
            page = pages.provision_page(lex, links, f"{ODA}/art_3", day, None, kept=kept)
        asked_again = [q for q in sent if "urn:lexrdf:whole-act" in q or "?source_short_title" in q]
        assert not asked_again, "the act's contents or events were asked again"
        assert page == pages.provision_page(lex, links, f"{ODA}/art_3", day, None, kept=NOTHING_KEPT)
    finally:
        lex.close()
