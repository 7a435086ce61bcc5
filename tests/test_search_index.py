"""The full-text index (lexrdf.search) against its reference, the SPARQL scan of search.rq, on the DPA and samples.

The index ranks by BM25, which depends on the whole index, the scan by occurrences: what both paths (and an answer as
known at K, then and later) must agree on is `reproducible`: the hits as a set, each as shown, and the total."""

from __future__ import annotations

import logging
import re
import shutil
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE, DPA, HARBOUR, SAMPLES, UKPGA, needs_shared, open_lex
from templates import ingested_copy

from lexrdf.answers.hits import search_answer
from lexrdf.api import Lexrdf
from lexrdf.search import SearchIndex, index_directory, rebuild
from lexrdf.settings import Settings

WORDS = [
    "personal data",
    "processing",
    "data controller",
    "Commissioner",
    "Secretary of State",
    "tribunal",
    "enforcement notice",
    "sensitive personal data",
    "Information Commissioner",
    "Data Protection Registrar",
    "open data",
    "harbour",
    "health",
]
DATES = ["1999-01-01", "2001-06-01", "2005-01-01", "2015-01-01"]


def reproducible(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without what depends on the whole index (the order of hits, their BM25 scores): its hits by
    version, each as shown (snippet, citation, window), and the rest of the answer (total, method)."""
    hits = {hit["version"]: {k: v for k, v in hit.items() if k != "score"} for hit in answer["items"]}
    assert len(hits) == len(answer["items"]), "one hit a version"
    return {**answer, "items": hits}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory):
    """The samples and the DPA in one store, with its index built from the store."""
    needs_shared(UKPGA)
    store, _summary = ingested_copy([SAMPLES, UKPGA], tmp_path_factory, "search")
    lex = open_lex(store)
    rebuild(lex.store)
    yield lex
    lex.close()


def _reference(lex: Lexrdf, text: str, day: str, known_at: str | None = None) -> set[str]:
    """The versions search.rq finds that hold `text` as whole words (the scan also finds it inside words)."""
    answer = search_answer(lex.rows("search", text=text, date=day, known_at=known_at), text, date.fromisoformat(day))
    whole = re.compile(rf"(?<![^\W_]){re.escape(text.lower())}(?![^\W_])")
    return {
        hit.version
        for hit in answer.items
        if whole.search(f"{hit.number or ''} {hit.heading or ''} {hit.text}".lower())
    }


def _indexed(lex: Lexrdf, text: str, day: str, known_at: str | None = None) -> set[str]:
    index = SearchIndex.open(index_directory(lex.store))
    assert index is not None
    return {hit.version for hit in index.search(text, date.fromisoformat(day), known_at).items}


@pytest.mark.parametrize("day", DATES)
def test_same_hits_as_the_sparql_scan(corpus: Lexrdf, day: str):
    for text in WORDS:
        assert _indexed(corpus, text, day) == _reference(corpus, text, day), (text, day)


def test_hand_checked_against_the_xml(corpus: Lexrdf):
    # ukpga-1998-29.xml: the Freedom of Information Act 2000 inserted s. 6(1) ("... known as the Information
    # Commissioner") and the definition in s. 70(1); the Act itself was not in force in 1999 under that name
    paths = {hit.path for hit in corpus.search("Information Commissioner", "2015-01-01", size=None).items}
    assert {"section-6-1", "section-70-1"} <= paths
    assert corpus.search("Information Commissioner", "1999-01-01").items == []
    assert "section-6-1" in {
        hit.path for hit in corpus.search("Freedom of Information Act 2000", "2015-01-01", size=None).items
    }
    # s. 2's heading and text: "sensitive personal data" three times
    hit = next(h for h in corpus.search("personal data", "2005-01-01", size=None).items if h.path == "section-2")
    assert hit.occurrences == 3 and (hit.snippet or "").count("<b>personal data</b>") == 3


def test_known_at_is_a_filter(corpus: Lexrdf):
    stamps = sorted(
        {
            row["t"].value
            for row in corpus.store.select(
                "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT DISTINCT ?t WHERE { ?r lex:recordedAt ?t }"
            )
        }
    )
    before = (datetime.fromisoformat(stamps[0]) - timedelta(seconds=1)).isoformat()
    assert _indexed(corpus, "data", "2005-01-01", before) == set()
    for known_at in [before, *stamps]:
        for text, day in [("open data", "2005-01-01"), ("data", "2011-01-01"), ("personal data", "2015-01-01")]:
            assert _indexed(corpus, text, day, known_at) == _reference(corpus, text, day, known_at), (text, known_at)


def test_answer_from_the_index_keeps_the_shape_and_cites_in_one_query(corpus: Lexrdf):
    answer = corpus.search("personal data", "2005-01-01", size=10)
    assert answer.total and answer.total > 10 and answer.count == len(answer.items) == 10 and answer.page == 1
    scores = [h.score for h in answer.items]  # BM25, best first
    assert all(isinstance(s, float) and s > 0 for s in scores) and scores == sorted(scores, reverse=True)
    assert answer.method == "index"
    for hit in answer.items:
        assert hit.citation == corpus._citation(hit.provision, date(2005, 1, 1), None)
    second = corpus.search("personal data", "2005-01-01", page=2, size=10)
    assert second.total == answer.total and not {h.version for h in second.items} & {h.version for h in answer.items}
    cited = corpus.search("personal data", "2005-01-01", "2100-01-01T00:00:00Z", size=3)
    assert all(hit.citation and hit.citation.endswith("as recorded at 2100-01-01T00:00:00Z") for hit in cited.items)


def test_words_are_stemmed(corpus: Lexrdf):
    exact = {h.version for h in corpus.search("processed", "2005-01-01", size=None).items}
    assert exact < {
        h.version for h in corpus.search("processed", "2005-01-01", size=None, words=True).items
    }  # "processing"
    both = corpus.search(
        'processed "personal data"', "2005-01-01", size=None, words=True
    )  # every word, quoted a phrase
    assert both.items and all("personal data" in f"{h.heading} {h.text}".lower() for h in both.items)


def test_written_with_the_act_and_rebuilt_alike(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        SearchIndex.create(index_directory(lex.store))  # an index from the start: every write keeps it in step
        lex.ingest([SAMPLES / "expressions"])
        lex.ingest([SAMPLES / "single"])
        kept = {text: _indexed(lex, text, "2011-01-01") for text in ("open data", "harbour", "data")}
        assert kept["open data"] and kept["harbour"]
        assert rebuild(lex.store) > 0
        assert {text: _indexed(lex, text, "2011-01-01") for text in kept} == kept
    finally:
        lex.close()


@pytest.mark.parametrize("day", ["2001-06-01", "2015-01-01"])
def test_the_whole_answer_is_the_scans_but_for_the_order(corpus: Lexrdf, day: str):
    """Both paths find the same hits and total, with the same snippets, windows and citations; each page of the
    index is the next best-scoring versions, none twice, none left out."""
    for text in ["personal data", "Commissioner", "tribunal", "harbour"]:
        indexed = corpus.search(text, day, size=None)  # every hit, as the scan below gives them
        scanned = corpus._scan_search(text, date.fromisoformat(day), None, 1, None, False, None)
        assert (indexed.method, scanned.method) == ("index", "scan")
        assert reproducible({**indexed.to_dict(), "method": "scan"}) == reproducible(scanned.to_dict()), (text, day)
        assert all(h.score is None for h in scanned.items)
        pages = [corpus.search(text, day, page=page, size=7).items for page in range(1, 3 + (indexed.count or 0) // 7)]
        paged = [hit.version for page in pages for hit in page]
        assert len(paged) == len(set(paged)) and set(paged) == {hit.version for hit in indexed.items}, (text, day)
        worst = [min(hit.score for hit in page) for page in pages if page]
        best = [max(hit.score for hit in page) for page in pages if page]
        assert all(low >= high for low, high in zip(worst, best[1:], strict=False)), (text, day)


def french_harbour_act(directory: Path, old: str, new: str) -> Path:
    """samples/single/harbour-act.xml as a French expression of the same act, with `old` (found once) read `new`."""
    french = directory / "sources" / "harbour-act-fra.xml"
    french.parent.mkdir()
    source = (SAMPLES / "single" / "harbour-act.xml").read_text(encoding="utf-8")
    source = source.replace("/eng@", "/fra@").replace('language="eng"', 'language="fra"')
    assert source.count(old) == 1
    french.write_text(source.replace(old, new), encoding="utf-8")
    return french


def test_a_version_in_two_languages_is_one_hit(tmp_path: Path):
    """samples/single/harbour-act.xml and a French expression of it (its art_4 heading "Harbour dues" made
    "Harbour dues harbour dues droits"): one record a version holds both texts. "harbour dues" is art_4's heading
    and the text of its paragraphs 2 and 3 in English (the XML); the French texts match too: still three hits."""
    french = french_harbour_act(tmp_path, ">Harbour dues<", ">Harbour dues harbour dues droits<")
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "single", french])
        expected = {f"{HARBOUR}/art_4", f"{HARBOUR}/art_4/para_2", f"{HARBOUR}/art_4/para_3"}
        whole = lex.search("harbour dues", "2005-01-01")
        assert whole.total == whole.count == 3 and {h.provision for h in whole.items} == expected
        heading = next(h for h in whole.items if h.provision == f"{HARBOUR}/art_4")
        assert heading.snippet == "<b>Harbour dues</b>"  # shown: its first language's text (en before fr)
        for size in (1, 2):
            pages = [lex.search("harbour dues", "2005-01-01", page=n, size=size) for n in range(1, 5)]
            paged = [h.version for page in pages for h in page.items]
            assert sorted(paged) == sorted(h.version for h in whole.items) and {p.total for p in pages} == {3}
        assert lex.search("droits", "2005-01-01").total == 1  # only in French: its version, once
        scanned = lex._scan_search("harbour", date(2005, 1, 1), None, 1, None, False, None)
        indexed = lex.search("harbour", "2005-01-01", size=None)
        assert indexed.total == scanned.total == len({h.version for h in scanned.items})
        assert {h.version for h in indexed.items} == {h.version for h in scanned.items}
        scanned = lex._scan_search("harbour dues", date(2005, 1, 1), None, 1, None, False, None)
        heading = next(h for h in scanned.items if h.provision == f"{HARBOUR}/art_4")  # French: two occurrences
        assert (heading.heading, heading.occurrences, heading.snippet) == ("Harbour dues", 1, "<b>Harbour dues</b>")
    finally:
        lex.close()


def test_a_version_matching_only_in_its_second_language_is_found_by_the_scan_too(tmp_path: Path):
    """samples/single/harbour-act.xml: art_3(1) reads "... for each harbour, or group of neighbouring harbours, ..."
    (the XML), where "neighbour" is no whole word; a French expression of it reads "group of neighbour harbours". A
    store without an index (the scan) finds that version once, in French, as the index does."""
    french = french_harbour_act(tmp_path, "group of neighbouring harbours", "group of neighbour harbours")
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "single", french])
        day = date(2005, 1, 1)
        for answer in (lex.search("neighbour", day), lex._scan_search("neighbour", day, None, 1, None, False, None)):
            assert answer.total == 1, answer.method
            (hit,) = answer.items
            assert hit.provision == f"{HARBOUR}/art_3/para_1" and "group of neighbour harbours" in hit.text
            assert hit.snippet is not None and "<b>neighbour</b>" in hit.snippet, answer.method
        assert lex._scan_search("neighbouring", day, None, 1, None, False, None).items[0].text.count("neighbouring")
        for language, found in (("en", 0), ("fr", 1)):  # the French text's tag is "fr" (FRBRlanguage "fra")
            indexed = lex.search("neighbour", day, language=language)
            scanned = lex._scan_search("neighbour", day, None, 1, None, False, language)
            assert indexed.total == scanned.total == found, language
    finally:
        lex.close()


def test_an_index_of_an_older_schema_is_rebuilt_by_the_next_writer(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    lex = open_lex(tmp_path / "store")
    lex.ingest([SAMPLES / "single"])
    lex.close()
    directory = tmp_path / "store" / "search"
    shutil.rmtree(directory)
    SearchIndex.create(directory)  # then its newest field renamed: an index of an older schema
    meta = (directory / "meta.json").read_text()
    (directory / "meta.json").write_text(re.sub(r'"name":\s*"primary"', '"name": "primary_gone"', meta))
    assert SearchIndex.open(directory) is None
    reader = Lexrdf.open(Settings(store=tmp_path / "store", base_iri=BASE), read_only=True)
    try:  # a read-only server cannot rebuild it: it scans, and says why once
        with caplog.at_level(logging.WARNING, logger="lexrdf.search"):
            assert [reader.search("harbour dues", "2005-01-01").method for _ in range(2)] == ["scan", "scan"]
        stale = [r.getMessage() for r in caplog.records if "older schema" in r.getMessage()]
        assert len(stale) == 1 and str(directory) in stale[0] and "search-index rebuild" in stale[0]
    finally:
        reader.close()
    lex = open_lex(tmp_path / "store")
    try:
        assert SearchIndex.open(directory) is not None and lex.search("harbour dues", "2005-01-01").total == 3
    finally:
        lex.close()


FISHERIES = Path(__file__).parent / "fixtures" / "truth"


@pytest.mark.parametrize(
    "order",
    [
        ["act@2000-01-01", "act@2005-01-01-fra", "act@2005-01-01", "act-portion@2007-01-01"],
        # the portion first: the act's version from it is withdrawn by the text of 2000 (test_ingest_order)
        ["act-portion@2007-01-01", "act@2005-01-01", "act@2000-01-01", "act@2005-01-01-fra"],
    ],
)
def test_the_index_keeps_each_window_as_its_record_had_it(tmp_path: Path, wall, order: list[str]):
    """The index keeps each hit's window and opening event with its document (no query for them on a page). The
    rule it relies on: a version's window is its record's, and the event that opened it is recorded in the graph
    that records it, which is re-indexed whenever it is written. Checked as an invariant: ingested one file at a
    time, so that later files close earlier windows (new records supersede old ones) and two acts make one change,
    as known at each instant both paths give the same whole answer, windows, events and their acts included."""
    lex = open_lex(tmp_path / "store")
    try:
        instants = []
        for name in order:
            assert not lex.ingest([FISHERIES / f"fisheries-{name}.xml"]).refused
            instants.append(wall.instant())
        compared = 0
        for known_at in instants:
            for day in ["2000-06-01", "2006-01-01", "2008-01-01", "2011-01-01"]:
                for text in ["fish", "permit", "Minister", "shellfish", "Fisheries"]:
                    indexed = lex.search(text, day, known_at, size=None)
                    scanned = lex._scan_search(text, date.fromisoformat(day), known_at, 1, None, False, None)
                    assert (indexed.method, scanned.method) == ("index", "scan")
                    expected = reproducible(scanned.to_dict())
                    assert reproducible({**indexed.to_dict(), "method": "scan"}) == expected, (text, day, known_at)
                    compared += len(scanned.items)
        assert compared  # the words are found
        sources = {
            hit.opened_by.sources and tuple(hit.opened_by.sources) for hit in lex.search("fish", "2006-01-01").items
        }
        # "on 2005-01-01 the Licensing Act 2004 and the Ports Act 2004 both changed article 1(1)" (test_attribution)
        assert (f"{BASE}/eli/ref/akn/xx/act/2004-03-01/9", f"{BASE}/eli/ref/akn/xx/act/2004-05-01/11") in sources
    finally:
        lex.close()


@pytest.mark.parametrize("day", ["2017-06-01", "2020-01-01"])
def test_a_hit_past_its_acts_sources_is_cited_as_last_known(corpus: Lexrdf, day: str):
    """The DPA's sources vouch for its text up to 18 January 2018 (ukpga-1998-29.xml line 25, its FRBRManifestation's
    `<FRBRdate date="2018-01-18" name="transform"/>`): on a later date text-at answers "as-last-known" and cites it
    so, and a search hit of that text, on either path, cites it as text-at does; before it, "as in force"."""
    for text in ["personal data", "Commissioner"]:
        indexed = corpus.search(text, day, size=10)
        scanned = corpus._scan_search(text, date.fromisoformat(day), None, 1, 10, False, None)
        hits = [hit for hit in indexed.items + scanned.items if hit.act == DPA and hit.state == "version"]
        assert hits, (text, day)
        for hit in hits:
            assert hit.citation == corpus.text_at(hit.provision, day).citation, (text, day, hit.provision)
            assert hit.current_to == "2018-01-18"
        last_known = [
            hit.citation and "as last known (sources current to 18 January 2018)" in hit.citation for hit in hits
        ]
        assert all(last_known) if day > "2018-01-18" else not any(last_known)
