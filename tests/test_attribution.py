"""Attribution, act repeal and reader's text on small fixtures written for it (tests/fixtures/truth/).

Fisheries Act 1999 (invented): in force 2000-01-01; on 2005-01-01 the Licensing Act 2004 and the Ports Act 2004
both changed article 1(1); article 1(2) only gained markup; the Marine Act 2009 repeals the act on 2010-01-01.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE, open_lex

FIXTURES = Path(__file__).parent / "fixtures" / "truth"
ACT = f"{BASE}/eli/xx/act/1999-06-01/4"
LICENSING = f"{BASE}/eli/ref/akn/xx/act/2004-03-01/9"
PORTS = f"{BASE}/eli/ref/akn/xx/act/2004-05-01/11"
MARINE = f"{BASE}/eli/ref/akn/xx/act/2009-07-01/2"


@pytest.fixture(scope="module")
def fisheries(tmp_path_factory):
    lex = open_lex(tmp_path_factory.mktemp("fisheries") / "store")
    summary = lex.ingest([FIXTURES])
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
