"""Attribution, act repeal and reader's text on small fixtures written for it (tests/fixtures/truth/).

Fisheries Act 1999 (invented): in force 2000-01-01; on 2005-01-01 the Licensing Act 2004 and the Ports Act 2004
both changed article 1(1); article 1(2) only gained markup; the Marine Act 2009 repeals the act on 2010-01-01.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from conftest import BASE, open_lex
from templates import ingested_copy

from lexrdf.search import SearchIndex, index_directory

FIXTURES = Path(__file__).parent / "fixtures" / "truth"
ACT = f"{BASE}/eli/xx/act/1999-06-01/4"
LICENSING = f"{BASE}/eli/ref/akn/xx/act/2004-03-01/9"
PORTS = f"{BASE}/eli/ref/akn/xx/act/2004-05-01/11"
MARINE = f"{BASE}/eli/ref/akn/xx/act/2009-07-01/2"


@pytest.fixture(scope="module")
def fisheries(tmp_path_factory):
    store, summary = ingested_copy([FIXTURES], tmp_path_factory, "fisheries")
    lex = open_lex(store)
    assert summary.refused == []
    yield lex
    lex.close()


def test_two_acts_changing_one_provision_on_one_day_are_both_recorded(fisheries):
    answer = fisheries.text_at(f"{ACT}/art_1/para_1", "2006-01-01")
    assert answer.valid_from == "2005-01-01"
    # one event, made by both acts: the substitution ranks above the insertion for its kind
    assert answer.opened_by.type == "substitution"
    assert answer.opened_by.sources == [LICENSING, PORTS]
    rows = fisheries.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?source WHERE { ?event lex:opens ?version ; "
        f"lex:sourceAct ?source . FILTER (?version = <{answer.version}>) }}"
    )
    assert {r["source"].value for r in rows} == {LICENSING, PORTS}
    # either act's impact names the change
    assert [(i.provision, i.date) for i in fisheries.impact(LICENSING).items] == [(f"{ACT}/art_1/para_1", "2005-01-01")]
    impact = fisheries.impact(PORTS)
    assert [(i.provision, i.date) for i in impact.items] == [(f"{ACT}/art_1/para_1", "2005-01-01")]


def test_inline_markup_is_not_an_amendment_and_adds_no_space(fisheries):
    # its 2005 text differs from 2000 by <i> only: still the 2000 version (the 2007 one is the portion's)
    first, *_ = fisheries.versions(f"{ACT}/art_1/para_2")
    assert (first.valid_from, first.valid_until, first.opened_by.type) == ("2000-01-01", "2007-01-01", "enactment")
    changed = fisheries.text_at(f"{ACT}/art_1/para_1", "2006-01-01")
    assert changed.text == (
        "No person shall fish for sale without a fishing permit issued by the Minister; “fish” includes shellfish."
    )


def test_a_lifecycle_repeal_closes_the_act_and_every_provision(fisheries):
    for iri in (ACT, f"{ACT}/art_1", f"{ACT}/art_1/para_1", f"{ACT}/art_1/para_2"):
        before = fisheries.text_at(iri, "2009-11-30")
        assert before.status == "in-force", iri
        after = fisheries.text_at(iri, "2010-01-01")
        assert (after.status, after.valid_until, after.closed_by.type, after.closed_by.source) == (
            "repealed",
            "2010-01-01",
            "repeal",
            MARINE,
        ), iri


def test_currency_is_the_latest_source(fisheries):
    # the 2005 consolidation was made on 2009-12-01: up to then the text is in force, after it as last known
    answer = fisheries.text_at(f"{ACT}/art_1/para_2", "2009-12-01")
    assert answer.current_to == "2009-12-01" and answer.status == "in-force"
    later = fisheries.text_at(f"{ACT}/art_1/para_2", "2009-12-02")
    assert later.status == "as-last-known" and later.text


def test_order_of_ingest_does_not_change_attribution(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([FIXTURES / "fisheries-act@2000-01-01.xml"])
        lex.ingest([FIXTURES / "fisheries-act@2005-01-01.xml"])
        answer = lex.text_at(f"{ACT}/art_1/para_1", "2006-01-01")
        assert (answer.opened_by.type, answer.opened_by.sources) == ("substitution", [LICENSING, PORTS])
        assert lex.text_at(f"{ACT}/art_1/para_1", "2004-01-01").text == (
            "No person shall fish for sale without a licence issued by the Minister."
        )
    finally:
        lex.close()


def test_two_languages_of_one_date_are_two_expressions_of_the_same_versions(fisheries):
    # fisheries-act@2005-01-01.xml (eng) and fisheries-act@2005-01-01-fra.xml (fra): one date, two languages
    para_1 = f"{ACT}/art_1/para_1"
    (first, second) = fisheries.versions(para_1)
    assert (second.valid_from, second.languages) == ("2005-01-01", ["en", "fr"])
    assert first.languages == ["en"]  # the 2000 text exists in English only
    french = fisheries.text_at(para_1, "2006-01-01", language="fr")
    assert (french.status, french.language, french.version) == ("in-force", "fr", second.version)
    assert french.text == (
        "Nul ne peut pêcher pour la vente sans un permis de pêche délivré par le ministre ; « poisson » comprend "
        "les coquillages."
    )
    english = fisheries.text_at(para_1, "2006-01-01", language="en")
    assert english.text.startswith("No person shall fish for sale without a fishing permit")
    # neither is a correction of the other: one version, no superseded English text
    assert [v.valid_from for v in fisheries.versions(para_1, language="fr")] == ["2000-01-01", "2005-01-01"]
    none_in_french = fisheries.text_at(para_1, "2001-01-01", language="fr")
    assert (none_in_french.status, none_in_french.text, none_in_french.languages) == ("in-force", None, ["en"])


def test_a_portion_updates_only_the_units_it_holds(fisheries):
    # fisheries-act-portion@2007-01-01.xml holds article 1(2) only, substituted by the Reporting Act 2006
    para_2 = fisheries.text_at(f"{ACT}/art_1/para_2", "2008-01-01")
    assert para_2.text == "The Minister shall report every two years on the licences issued."
    assert (para_2.valid_from, para_2.opened_by.type, para_2.opened_by.source) == (
        "2007-01-01",
        "substitution",
        f"{BASE}/eli/ref/akn/xx/act/2006-09-01/5",
    )
    # article 1(1), absent from the portion, is not ended by it
    para_1 = fisheries.text_at(f"{ACT}/art_1/para_1", "2008-01-01")
    assert (para_1.status, para_1.valid_from) == ("in-force", "2005-01-01")
    # and the act's repeal still ends both
    assert fisheries.text_at(f"{ACT}/art_1/para_2", "2010-01-01").status == "repealed"


ENGLISH_2005 = (
    "No person shall fish for sale without a fishing permit issued by the Minister; “fish” includes shellfish."
)
FRENCH_2005 = (
    "Nul ne peut pêcher pour la vente sans un permis de pêche délivré par le ministre ; « poisson » comprend les "
    "coquillages."
)


def test_the_governing_chain_is_in_one_language(fisheries):
    """In 2006 article 1 and its paragraph 1 are in force in English ("Licences") and in French ("Licences de
    pêche", fisheries-act@2005-01-01-fra.xml). Every unit of the chain takes its first language in code order, as
    text-at does, or the asked one: never a mix, whichever row the store returns last."""
    para_1 = f"{ACT}/art_1/para_1"
    chain = fisheries.context(para_1, "2006-01-01").items
    assert [(u.unit_type, u.language) for u in chain] == [("act", "en"), ("article", "en"), ("paragraph", "en")]
    assert (chain[1].heading, chain[2].text) == ("Licences", ENGLISH_2005)
    assert chain[2].text == fisheries.text_at(para_1, "2006-01-01").text
    french = fisheries.context(para_1, "2006-01-01", language="fr").items
    assert [u.language for u in french] == ["fr", "fr", "fr"]
    assert (french[1].heading, french[2].text) == ("Licences de pêche", FRENCH_2005)
    # in 2001 the act and article 1 are in force in the versions the French text of 2005 also expresses, and
    # paragraph 1 in its 2000 version, in English only: asked in French, each unit gives what it has
    before = fisheries.context(para_1, "2001-01-01", language="fr").items
    assert [u.language for u in before] == ["fr", "fr", "en"]
    assert before[2].text == "No person shall fish for sale without a licence issued by the Minister."


def test_a_diff_compares_words_in_one_language(fisheries):
    """From 2004 (the 2000 text: English only) to 2006 (English and French), article 1(1) is compared in English,
    the one language both sides have: "licence" became "fishing permit". Asked in French, the 2004 side has no
    text in French, and no word changes are given rather than French words against an empty side."""
    para_1 = f"{ACT}/art_1/para_1"
    both = fisheries.diff(para_1, "2004-01-01", "2006-01-01")
    assert (both.from_version.language, both.to_version.language) == ("en", "en")
    assert both.to_version.text == ENGLISH_2005 and both.to_version.languages == ["en", "fr"]
    assert [(c.from_text, c.to_text) for c in both.changes if c.op == "replace"][0] == ("licence", "fishing permit")
    french = fisheries.diff(para_1, "2004-01-01", "2006-01-01", language="fr")
    assert (french.from_version.text, french.from_version.languages) == (None, ["en"])
    assert "no text in 'fr'" in french.from_version.message
    assert (french.to_version.language, french.to_version.text) == ("fr", FRENCH_2005)
    assert french.changes == []
    same = fisheries.diff(para_1, "2005-06-01", "2006-01-01", language="fr")
    assert [(c.op, c.to_text) for c in same.changes] == [("equal", FRENCH_2005)]


def test_search_cites_in_the_language_searched(fisheries):
    """A search kept to French texts carries, for its citations, article 1's French text ("Licences de pêche");
    without a language, its first language (English), as context gives it."""
    index = SearchIndex.open(index_directory(fisheries.store))
    assert index is not None
    article = f"{ACT}/art_1"
    french = index.search("permis de pêche", date(2006, 1, 1), language="fr")
    assert [hit.provision for hit in french.items] == [f"{ACT}/art_1/para_1"]
    assert french.units[article].heading == "Licences de pêche"
    assert french.units[f"{ACT}/art_1/para_1"].text == FRENCH_2005
    english = index.search("fishing permit", date(2006, 1, 1))
    assert english.units[article].heading == "Licences"


def test_descendants_and_the_table_of_contents_are_in_one_language(fisheries):
    """Article 1 in 2006: its paragraphs in English (2(2) "The Minister shall report annually", as the 2005
    English file marks it up) or, asked, in French ("Le ministre fait rapport chaque année"); the table of contents
    lists each unit once, with article 1's heading in the language chosen ("Licences", "Licences de pêche")."""
    article = f"{ACT}/art_1"
    english = fisheries.descendants(article, "2006-01-01").items
    assert [(i.unit.removeprefix(article), i.language) for i in english] == [("/para_1", "en"), ("/para_2", "en")]
    assert english[0].text == ENGLISH_2005
    assert english[1].text == "The Minister shall report annually on the licences issued."
    french = fisheries.descendants(article, "2006-01-01", language="fr").items
    assert [i.language for i in french] == ["fr", "fr"]
    assert (french[0].text, french[1].text) == (
        FRENCH_2005,
        "Le ministre fait rapport chaque année sur les permis délivrés.",
    )
    for language, heading in ((None, "Licences"), ("fr", "Licences de pêche")):
        toc = fisheries.run("toc", {"act": ACT, "date": "2006-01-01", "language": language})
        assert [row["unit"].removeprefix(ACT) for row in toc] == ["/art_1", "/art_1/para_1", "/art_1/para_2"]
        assert toc[0]["heading"] == heading and toc[0]["language"] == (language or "en")
