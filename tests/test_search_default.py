"""Search from the full-text index by default (docs/search.md): built on the first ingest and by a writer opening a
store that has none; whole-word phrases and stemmed words; pages; `known_at`; the scan as the fallback, saying so.

Expected hits are read off the sources: samples/single/harbour-act.xml (the Harbour Act 1995: art_4 "Harbour dues",
its para_2 substituted from 2003-01-01 by a text "published at least thirty days before", art_7 repealed from
2012-09-01) and ../shared/data/akn/legaldocml.de/vereinsgesetz (Vereinsgesetz, 2017 expression: § 20(1) no. 1 says
"den Verein", no. 2 "eines verbotenen Vereins")."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import HARBOUR, SAMPLES, VEREINSG, VEREINSGESETZ, needs_shared, open_lex
from templates import ingested_copy
from test_search_index import reproducible

from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.search import index_directory
from lexrdf.settings import Settings

HARBOUR_DUES = {f"{HARBOUR}/art_4", f"{HARBOUR}/art_4/para_2", f"{HARBOUR}/art_4/para_3"}
LIST = f"{VEREINSGESETZ}/art-z20/abs-z1/inhalt-n1/liste-n1"


def provisions(lex: Lexrdf, text: str, day: str, known_at: str | None = None, **options) -> set[str]:
    return {hit.provision for hit in lex.search(text, day, known_at, **options).items}


@pytest.fixture(scope="module")
def harbour(tmp_path_factory: pytest.TempPathFactory):
    """The Open Data Act, then (at `known`) the Harbour Act, ingested into a new store; the instant between."""
    store, _summary = ingested_copy([SAMPLES / "expressions"], tmp_path_factory, "harbour")
    lex = open_lex(store)
    between = datetime.now(UTC).isoformat()
    lex.ingest([SAMPLES / "single"])
    yield lex, between
    lex.close()


# -- built by default -------------------------------------------------------------------------------------------
def test_the_first_ingest_into_a_new_store_builds_the_index(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        directory = index_directory(lex.store)
        assert directory == tmp_path / "store" / "search" and not directory.exists()  # empty: nothing to index
        lex.ingest([SAMPLES / "single"])
        assert (directory / "meta.json").exists()
        answer = lex.search("harbour dues", "2005-01-01")
        assert answer.method == "index" and {h.provision for h in answer.items} == HARBOUR_DUES
    finally:
        lex.close()


def test_a_writer_searching_its_empty_store_builds_the_index_then(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        empty = lex.search("harbour dues", "2005-01-01")
        assert (empty.method, empty.total, empty.items) == ("index", 0, [])  # as every later answer: the index
        lex.ingest([SAMPLES / "single"])  # kept in step from then on
        assert {h.provision for h in lex.search("harbour dues", "2005-01-01").items} == HARBOUR_DUES
    finally:
        lex.close()


def test_a_writer_opening_a_store_without_an_index_builds_it_once(tmp_path: Path):
    store = tmp_path / "store"
    lex = open_lex(store)
    lex.ingest([SAMPLES])
    expected = lex.search("harbour dues", "2005-01-01").to_dict()
    lex.close()
    shutil.rmtree(store / "search")  # a store from before the index
    reader = Lexrdf.open(Settings(store=store, base_iri=lex.settings.base_iri), read_only=True)
    try:
        scanned = reader.search("harbour dues", "2005-01-01")
        assert scanned.method == "scan"  # a reader cannot build it: it scans, and says so
        assert reproducible({**scanned.to_dict(), "method": "index"}) == reproducible(expected)  # the same hits
        with pytest.raises(QueryError, match="no full-text index") as refused:
            reader.search("harbour dues", "2005-01-01", words=True)
        assert refused.value.parameter == "words"
        english = reader.search("harbour dues", "2005-01-01", language="en")  # the samples are in English
        assert english.method == "scan" and {h.provision for h in english.items} == HARBOUR_DUES
        assert reader.search("harbour dues", "2005-01-01", language="de").total == 0
    finally:
        reader.close()
    told: list[tuple[str, int, int]] = []
    writer = Lexrdf.open(Settings(store=store, base_iri=lex.settings.base_iri), progress=lambda *a: told.append(a))
    try:
        assert (store / "search" / "meta.json").exists()
        assert told and told[-1][1] == told[-1][2] > 0 and told[-1][0] == "search index"
        assert reproducible(writer.search("harbour dues", "2005-01-01").to_dict()) == reproducible(expected)
    finally:
        writer.close()
    built = (store / "search" / "meta.json").stat().st_mtime_ns
    Lexrdf.open(Settings(store=store, base_iri=lex.settings.base_iri)).close()  # once: the next writer keeps it
    assert (store / "search" / "meta.json").stat().st_mtime_ns == built


# -- what matches ---------------------------------------------------------------------------------------------------
def test_a_phrase_is_whole_words_in_order(harbour):
    lex, _ = harbour
    assert provisions(lex, "harbour dues", "2005-01-01") == HARBOUR_DUES  # not art_4(1): "harbour ... levy dues"
    assert provisions(lex, "Harbour Dues", "2005-01-01") == HARBOUR_DUES  # case-insensitive
    assert provisions(lex, "dues harbour", "2005-01-01") == set()  # in order
    # "thirty days" only in art_4(2) as substituted from 2003-01-01
    assert provisions(lex, "thirty days", "2002-12-31") == set()
    assert provisions(lex, "thirty days", "2003-01-01") == {f"{HARBOUR}/art_4/para_2"}
    # "master" as a word: art_4(3), art_5(1) and (2), art_6(1); not art_5's heading "Harbour masters"
    masters = {
        f"{HARBOUR}/art_4/para_3",
        f"{HARBOUR}/art_5/para_1",
        f"{HARBOUR}/art_5/para_2",
        f"{HARBOUR}/art_6/para_1",
    }
    assert provisions(lex, "master", "2005-01-01") == masters
    scan = {row["provision"].value for row in lex.rows("search", text="master", date="2005-01-01")}
    assert scan == masters | {f"{HARBOUR}/art_5"}  # search.rq's substring also finds "masters": the answer does not


def test_words_any_order_and_stemmed(harbour):
    lex, _ = harbour
    # both words anywhere: art_4(1) "A harbour authority may levy dues on vessels ... its harbour" too
    assert provisions(lex, "dues harbour", "2005-01-01", words=True) == HARBOUR_DUES | {f"{HARBOUR}/art_4/para_1"}
    # art_7(2) "nine members appointed": stemmed words find it, the phrase "member" does not; repealed 2012-09-01
    assert provisions(lex, "member appoint", "2010-01-01", words=True) == {f"{HARBOUR}/art_7/para_2"}
    assert provisions(lex, "member", "2010-01-01") == set()
    assert provisions(lex, "member appoint", "2012-09-01", words=True) == set()
    # "quoted" parts stay phrases: art_4(1) holds both words, not the phrase
    assert provisions(lex, '"harbour dues" levy', "2005-01-01", words=True) == set()
    assert provisions(lex, '"harbour authority" levy', "2005-01-01", words=True) == {f"{HARBOUR}/art_4/para_1"}
    hit = lex.search("member appoint", "2010-01-01", words=True).items[0]
    assert (
        hit.snippet
        == "The Council consists of nine <b>members</b> <b>appointed</b> by the Minister for a term of four years."
    )


def test_language_keeps_one_language_and_stems_in_it(tmp_path: Path):
    needs_shared(VEREINSG)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([VEREINSG, SAMPLES / "single"])
        assert provisions(lex, "Verein", "2018-01-01") == {f"{LIST}/listenelem-n1"}  # "den Verein"
        both = {f"{LIST}/listenelem-n1", f"{LIST}/listenelem-n2"}  # "Vereins": the German stemmer's "verein"
        assert provisions(lex, "Verein", "2018-01-01", words=True, language="de") == both
        assert provisions(lex, "Verein", "2018-01-01", words=True) == both
        assert provisions(lex, "Verein", "2018-01-01", words=True, language="en") == set()
        assert provisions(lex, "harbour dues", "2005-01-01", language="de") == set()
        assert provisions(lex, "harbour dues", "2005-01-01", language="en") == HARBOUR_DUES
    finally:
        lex.close()


def test_known_at_filters_what_was_recorded(harbour):
    lex, between = harbour
    assert provisions(lex, "harbour dues", "2005-01-01", between) == set()  # the Harbour Act was not held yet
    assert provisions(lex, "harbour dues", "2005-01-01", datetime.now(UTC).isoformat()) == HARBOUR_DUES
    assert provisions(lex, "open data", "2005-01-01", between) == provisions(lex, "open data", "2005-01-01")


# -- pages ----------------------------------------------------------------------------------------------------------
def test_pages_split_one_ranking(harbour):
    lex, _ = harbour
    whole = lex.search("harbour", "2010-01-01", size=None)  # every hit on one page
    assert whole.total == whole.count == len(whole.items) > 10 and whole.page == 1 and whole.size is None
    scores = [hit.score or 0 for hit in whole.items]
    assert scores == sorted(scores, reverse=True) and scores[-1] > 0 and min(h.occurrences for h in whole.items) >= 1
    pages = [lex.search("harbour", "2010-01-01", page=number, size=5) for number in range(1, 6)]
    assert {page.total for page in pages} == {whole.total}  # the total on every page, the empty one's too
    paged = [hit for page in pages for hit in page.items]  # the best-scoring first; equal scores: any page order
    assert sorted(hit.version for hit in paged) == sorted(hit.version for hit in whole.items)
    assert [hit.score for hit in paged] == scores
    last = (whole.total - 1) // 5 + 1
    assert all(page.count == 5 for page in pages[: last - 1]) and 0 < pages[last - 1].count <= 5
    beyond = lex.search("harbour", "2010-01-01", page=last + 1, size=5)
    assert beyond.items == [] and beyond.count == 0 and beyond.total == whole.total and beyond.page == last + 1
    for bad in ({"page": 0}, {"size": 0}):
        with pytest.raises(QueryError):
            lex.search("harbour", "2010-01-01", **bad)


def test_hits_carry_window_event_citation_and_snippet(harbour):
    lex, _ = harbour
    (hit,) = lex.search("thirty days", "2005-01-01").items
    assert (hit.valid_from, hit.valid_until) == ("2003-01-01", None)
    assert hit.opened_by is not None and (hit.opened_by.type, hit.opened_by.date) == ("substitution", "2003-01-01")
    # samples/single: <article eId="art_4"><num>Article 4</num>; its chapter is not cited
    assert hit.citation == "Harbour Act 1995, Article 4, paragraph 2., as in force on 1 January 2005"
    assert "<b>thirty days</b> before" in (hit.snippet or "")
    (old,) = lex.search("after consulting", "2000-01-01").items  # the text the substitution replaced
    assert (old.valid_from, old.valid_until, old.opened_by and old.opened_by.type) == (
        "1995-06-01",
        "2003-01-01",
        "enactment",
    )
