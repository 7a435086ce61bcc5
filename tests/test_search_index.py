"""The full-text index (lexrdf.search) against its reference, the SPARQL scan of search.rq, on the DPA and samples."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from conftest import SAMPLES, UKPGA, needs_shared, open_lex

from lexrdf.answers import search_answer
from lexrdf.api import Lexrdf
from lexrdf.search import SearchIndex, index_directory, rebuild

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


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory):
    """The samples and the DPA in one store, with its index built from the store."""
    needs_shared(UKPGA)
    lex = open_lex(tmp_path_factory.mktemp("search") / "store")
    lex.ingest([SAMPLES, UKPGA])
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
    paths = {hit.path for hit in corpus.search("Information Commissioner", "2015-01-01").items}
    assert {"section-6-1", "section-70-1"} <= paths
    assert corpus.search("Information Commissioner", "1999-01-01").items == []
    assert "section-6-1" in {hit.path for hit in corpus.search("Freedom of Information Act 2000", "2015-01-01").items}
    # s. 2's heading and text: "sensitive personal data" three times
    hit = next(h for h in corpus.search("personal data", "2005-01-01").items if h.path == "section-2")
    assert hit.occurrences == 3 and "<b>personal</b> <b>data</b>" in (hit.snippet or "")


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
    assert [h.score for h in answer.items] == sorted((h.score for h in answer.items), reverse=True)
    for hit in answer.items:
        assert hit.citation == corpus._citation(hit.provision, date(2005, 1, 1), None)
    second = corpus.search("personal data", "2005-01-01", page=2, size=10)
    assert second.total == answer.total and not {h.version for h in second.items} & {h.version for h in answer.items}
    cited = corpus.search("personal data", "2005-01-01", "2100-01-01T00:00:00Z", size=3)
    assert all(hit.citation and hit.citation.endswith("as recorded at 2100-01-01T00:00:00Z") for hit in cited.items)


def test_words_are_stemmed(corpus: Lexrdf):
    exact = {h.version for h in corpus.search("processed", "2005-01-01").items}
    assert exact < {h.version for h in corpus.search("processed", "2005-01-01", words=True).items}  # "processing"
    both = corpus.search('processed "personal data"', "2005-01-01", words=True)  # every word, quoted a phrase
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
