"""Every Akoma Ntoso file in ../shared/data goes through the same engine, conforms, and keeps sound windows."""

from __future__ import annotations

import re

import pytest
from conftest import SHARED_DATA, needs_shared, open_lex
from invariants import (
    assert_impact_agrees_with_the_events,
    assert_nothing_in_force_before_its_act,
    assert_windows_sound,
)

from lexrdf.errors import SourceError

AKN_FILES = sorted((SHARED_DATA / "akn").rglob("*.xml")) if (SHARED_DATA / "akn").exists() else []
CLML_FILES = (
    sorted(p for p in (SHARED_DATA / "clml").rglob("*.xml") if "feed" not in p.name)
    if (SHARED_DATA / "clml").exists()
    else []
)
# What a consolidation shows in place of a repealed provision, written here apart from the mappings' own patterns:
# a text in force that reads so is a repealed provision served as law.
PLACEHOLDER = re.compile(
    r"^\W*(?:\.\s*){2,}\W*(?:and|or)?\W*$"  # ". . . .", "...; and"
    r"|(?:period[oi]|parol[ae])\s+(?:soppress|abrogat)\w*\s+da"  # Normattiva's suppressed words, anywhere
    r"|^\W*(?:articol[oi]|comm[ai]|letter[ae]|numer[oi]|capo)\s+(?:abrogat|soppress)"  # Normattiva
    r"|^\W*(?:weggefallen|aufgehoben|revogad[oa]s?|repealed|omitted|revoked)\W*$",
    re.IGNORECASE,
)
_TEXTS_IN_FORCE = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?provision ?text WHERE {
  ?version lex:versionOf ?provision . ?record lex:recordOf ?version ; lex:expression ?expression .
  ?expression lex:text ?text .
  FILTER NOT EXISTS { ?record lex:supersededAt ?superseded }
}"""


@pytest.mark.parametrize("path", AKN_FILES, ids=lambda p: p.name)
def test_real_akn_file_ingests_and_conforms(ingested, path):
    lex, summary = ingested([path])
    assert summary.refused == [] and summary.acts == 1
    # the act and each provision once, except provisions a consolidation shows only as repealed (". . . .") and
    # those the source shows in force on no day it gives (prospective: DRIPA 2014 s. 1(6), left to an order)
    # (and a provision whose words a repeal for some territories kept for the rest has a version for each extent:
    # DPA s. 30(5), "S. 30(5)(b)(i) repealed (S.) (31.12.2004)", line 2039, the words kept at line 6025)
    split = _split_by_extent(lex)
    assert summary.versions == summary.provisions + 1 - _shown_only_repealed(lex) + split
    assert assert_windows_sound(lex) == summary.versions - split  # one timeline a provision
    assert_no_placeholder_in_force(lex)
    assert_impact_agrees_with_the_events(lex)
    assert_nothing_in_force_before_its_act(lex, summary.notices)
    assert lex.ingest([path]).quads == 0


def assert_no_placeholder_in_force(lex) -> None:
    """No version's text (in any window, as known now) is what a source shows of a repealed provision."""
    served = [(row["provision"].value, row["text"].value) for row in lex.store.sparql(_TEXTS_IN_FORCE)]
    assert [(p, t) for p, t in served if PLACEHOLDER.search(t)] == []


# CLML files lexrdf cannot map yet: each refused with one line naming the file, the line and what is missing
UNMAPPED_CLML: dict[str, str] = {}  # (the statute of 1313, dated by its year only, is mapped since)


@pytest.mark.parametrize("path", CLML_FILES, ids=lambda p: p.name)
def test_real_clml_file_ingests_conforms_and_serves_no_placeholder(tmp_path, ingested, path):
    if path.name in UNMAPPED_CLML:
        lex = open_lex(tmp_path / "store")
        try:
            with pytest.raises(SourceError, match=UNMAPPED_CLML[path.name]) as refused:
                lex.ingest([path])
            assert str(path) in str(refused.value) and lex.store.quad_count() == 0
            return
        finally:
            lex.close()
    lex, summary = ingested([path])
    assert summary.refused == [] and summary.acts == 1
    assert assert_windows_sound(lex) == summary.versions
    assert_no_placeholder_in_force(lex)
    assert_impact_agrees_with_the_events(lex)
    assert_nothing_in_force_before_its_act(lex, summary.notices)
    assert _shown_only_repealed(lex) >= 0  # every provision without a version is affected by a repeal


def test_there_is_real_clml_data_to_test():
    needs_shared(SHARED_DATA / "clml" / "more")
    assert len(CLML_FILES) >= 18


def test_there_is_real_data_to_test():
    needs_shared(SHARED_DATA / "akn")
    assert len(AKN_FILES) >= 8


def _split_by_extent(lex) -> int:
    """The versions beyond one a provision has because its text extends to fewer territories from some day (a repeal
    of words for some territories that the text keeps for the rest): its distinct extents, less one."""
    query = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
    SELECT ?p (COUNT(DISTINCT ?extent) AS ?n) WHERE { ?v lex:versionOf ?p ; lex:extent ?extent } GROUP BY ?p"""
    return sum(int(row["n"].value) - 1 for row in lex.store.sparql(query))


def _shown_only_repealed(lex) -> int:
    """Provisions with no version, each of which a recorded repeal affects or the source shows as prospective (in
    force on no date it gives: lex:prospective)."""
    query = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
    SELECT (COUNT(DISTINCT ?p) AS ?n) (COUNT(DISTINCT ?covered) AS ?repealed) WHERE {
      ?p a lex:Provision . FILTER NOT EXISTS { ?v lex:versionOf ?p }
      OPTIONAL { { ?r a lex:Repeal ; lex:affects ?p } UNION { ?p lex:prospective true } BIND (?p AS ?covered) }
    }"""
    (row,) = list(lex.store.sparql(query))
    assert row["n"].value == row["repealed"].value  # none is silently without text
    return int(row["n"].value)


def test_a_date_impossible_for_the_act_is_said_with_file_and_line(tmp_path):
    # bgbl-1_2024_107-regelungstext.xml line 104: <akn:eventRef ... date="1001-01-01" ...> (its start tag ends at line
    # 108), the start of the period art. 1 names (line 394: period="#meta-n1_geltzeiten-n1_geltungszeitgr-n1"); the
    # act is of 2024-03-27. A placeholder, never used as a date (no text is in force from 1001-01-01), and never
    # silently: a warning names the file, the line and the date of the eventRef, another the first unit it would date
    # (the article's start tag ends at line 395).
    path = SHARED_DATA / "akn" / "legaldocml.de" / "more" / "bgbl-1_2024_107-regelungstext.xml"
    needs_shared(path)
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([path])
        assert [n for n in summary.notices if "placeholder date" in n] == [
            f"{path}:108: eventRef meta-n1_lebzykl-n1_ereignis-n2 (inkrafttreten) is dated 1001-01-01, a placeholder "
            "date impossible for the act of 2024-03-27: it dates nothing (what it would date is undated)",
            f"{path}:395: art-z1 has the period #meta-n1_geltzeiten-n1_geltungszeitgr-n1, which starts on a "
            "placeholder date: its text is undated",
        ]
        assert not [n for n in summary.notices if "before the act's date" in n]
    finally:
        lex.close()
