"""Legal truth on the SAT-Graph dataset ../shared/data/satgraph/001-point-in-time-retrieval.json: art. 6 (caput) of
the Brazilian Constitution across EC 26/2000, EC 64/2010 and EC 90/2015.

The dataset holds one provision (art. 6, caput: four statutory versions) and three amending acts; every one of
them is checked here, on the days before, on and after each change. Every expected value was read from the JSON by
hand; the line of the value is quoted beside each check (never lexrdf's own output).
"""

from __future__ import annotations

import re

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from invariants import assert_edges_dated, assert_windows_sound
from truth import versions

from lexrdf.satgraph.importer import import_dataset
from lexrdf.satgraph.operations import SatGraph

DATASET = SHARED_DATA / "satgraph" / "001-point-in-time-retrieval.json"
NAME = DATASET.name
CF = f"{BASE}/eli/br/constituicao/1988-10-05/1988"  # line 38: "urn:lex:br:federal:constituicao:1988-10-05;1988!..."
ART6 = f"{CF}/art6_cpt"
ITEM = "urn:lex:br:federal:constituicao:1988-10-05;1988!art6_cpt"  # line 38
# line 46: "urn:lex:br:federal:emenda.constitucional:2000-02-14;26", and lines 54, 62
EC26 = f"{BASE}/eli/br/emenda.constitucional/2000-02-14/26"
EC64 = f"{BASE}/eli/br/emenda.constitucional/2010-02-04/64"  # line 54
EC90 = f"{BASE}/eli/br/emenda.constitucional/2015-09-15/90"  # line 62
ACTION = {  # lines 247, 273, 299: the actions' ids
    EC26: "urn:lex:br:federal:emenda.constitucional:2000-02-14;26#amendment-art6",
    EC64: "urn:lex:br:federal:emenda.constitucional:2010-02-04;64#amendment-art6",
    EC90: "urn:lex:br:federal:emenda.constitucional:2015-09-15;90#amendment-art6",
}
VERSION_ID = {  # lines 72, 88, 107, 127: the versions' ids
    "1988-10-05": "urn:lex:br:federal:constituicao:1988-10-05;1988@1988-10-05!art6_cpt",
    "2000-02-14": "urn:lex:br:federal:constituicao:1988-10-05;1988@2000-02-14!art6_cpt",
    "2010-02-04": "urn:lex:br:federal:constituicao:1988-10-05;1988@2010-02-04!art6_cpt",
    "2015-09-15": "urn:lex:br:federal:constituicao:1988-10-05;1988@2015-09-15!art6_cpt",
}

# The canonical Portuguese text units (aspect "canonical", language "pt") of each version: lines 152, 176, 200, 224.
PT = {
    "1988-10-05": "São direitos sociais a educação, a saúde, o trabalho, o lazer, a segurança, a previdência social, a "
    "proteção à maternidade e à infância, a assistência aos desamparados, na forma desta Constituição.",
    "2000-02-14": "São direitos sociais a educação, a saúde, o trabalho, a moradia, o lazer, a segurança, a "
    "previdência social, a proteção à maternidade e à infância, a assistência aos desamparados, na forma desta "
    "Constituição.",
    "2010-02-04": "São direitos sociais a educação, a saúde, a alimentação, o trabalho, a moradia, o lazer, a "
    "segurança, a previdência social, a proteção à maternidade e à infância, a assistência aos desamparados, na "
    "forma desta Constituição.",
    "2015-09-15": "São direitos sociais a educação, a saúde, a alimentação, o trabalho, a moradia, o transporte, o "
    "lazer, a segurança, a previdência social, a proteção à maternidade e à infância, a assistência aos "
    "desamparados, na forma desta Constituição.",
}
# The canonical English text units: lines 160, 184, 208, 232.
EN = {
    "1988-10-05": "The social rights are education, health, work, leisure, security, social security, protection of "
    "motherhood and childhood, and assistance to the destitute, as set forth in this Constitution.",
    "2000-02-14": "The social rights are education, health, work, housing, leisure, security, social security, "
    "protection of motherhood and childhood, and assistance to the destitute, as set forth in this Constitution.",
    "2010-02-04": "The social rights are education, health, food, work, housing, leisure, security, social security, "
    "protection of motherhood and childhood, and assistance to the destitute, as set forth in this Constitution.",
    "2015-09-15": "The social rights are education, health, food, work, housing, transportation, leisure, security, "
    "social security, protection of motherhood and childhood, and assistance to the destitute, as set forth in this "
    "Constitution.",
}


@pytest.fixture(scope="module")
def sat_lex(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(DATASET)
    lex = open_lex(tmp_path_factory.mktemp("satgraph-truth") / "store")
    lex.summary = import_dataset(DATASET, lex.store, lex.settings)
    yield lex
    lex.close()


def test_the_history_of_art6_is_the_datasets_four_versions(sat_lex):
    # versions[0] (lines 72-86): validityInterval ["1988-10-05T00:00:00Z", "2000-02-14T00:00:00Z"], no
    # producedByActionId, terminatedByActionId EC 26/2000's action (line 79); versions[1] (lines 88-105): [2000-02-14,
    # 2010-02-04) produced by EC 26 (line 95), terminated by EC 64 (line 96); versions[2] (lines 107-125): [2010-02-04,
    # 2015-09-15) by EC 64 (line 114), ended by EC 90 (line 115); versions[3] (lines 127-145): [2015-09-15, null),
    # produced by EC 90 (line 134). Every action's "type": "Amendment" (lines 248, 274, 300).
    assert versions(sat_lex, ART6) == [
        ("1988-10-05", "2000-02-14", "started-without-recorded-act", None, "amendment"),
        ("2000-02-14", "2010-02-04", "amendment", EC26, "amendment"),
        ("2010-02-04", "2015-09-15", "amendment", EC64, "amendment"),
        ("2015-09-15", None, "amendment", EC90, None),
    ]


# (day, the version in force: its start, or None when none is) at the days around each boundary of the
# validityIntervals (half-open: "start <= target < end", line 8).
AROUND = [
    ("1988-10-04", None),
    ("1988-10-05", "1988-10-05"),
    ("1999-12-31", "1988-10-05"),  # sampleQueries[1] (lines 334-337): the 1988 version
    ("2000-02-13", "1988-10-05"),
    ("2000-02-14", "2000-02-14"),
    ("2001-05-20", "2000-02-14"),  # sampleQueries[0] (lines 327-330): EC 26/2000's version
    ("2010-02-03", "2000-02-14"),
    ("2010-02-04", "2010-02-04"),
    ("2012-06-30", "2010-02-04"),
    ("2015-09-14", "2010-02-04"),
    ("2015-09-15", "2015-09-15"),
    ("2020-01-01", "2015-09-15"),  # sampleQueries[2] (lines 341-344): EC 90/2015's version
]


@pytest.mark.parametrize(("day", "start"), AROUND)
def test_text_at_around_every_change(sat_lex, day, start):
    answer = sat_lex.text_at(ART6, day, language="pt")
    if start is None:
        # before the first validityInterval (line 76: it starts 1988-10-05, the Constitution's own date in its URN,
        # line 38): nothing of art. 6 is in force; the dataset names no action before it
        assert (answer.status, answer.text, answer.valid_from) == ("not-yet-in-force", None, "1988-10-05")
        return
    assert (answer.status, answer.valid_from, answer.text) == ("in-force", start, PT[start])
    assert sat_lex.text_at(ART6, day, language="en").text == EN[start]


@pytest.mark.parametrize(("day", "start"), AROUND)
def test_get_valid_versions_around_every_change(sat_lex, day, start):
    # the SAT-Graph operation answers exactly the version whose validityInterval holds the day (none before 1988)
    found = SatGraph(sat_lex.store).get_valid_versions(ITEM, f"{day}T00:00:00Z")
    assert [v["id"] for v in found] == ([VERSION_ID[start]] if start else [])


@pytest.mark.parametrize(
    ("start", "act", "index", "line"),
    [("2000-02-14", EC26, 0, 249), ("2010-02-04", EC64, 1, 275), ("2015-09-15", EC90, 2, 301)],
)
def test_each_amendment_opens_its_version_and_closes_the_one_before(sat_lex, start, act, index, line):
    # actions[index] "eventTime" (line `line`) is the day its version starts; its "terminatesVersionIds" is the
    # version before, its "producesVersionIds" the next (lines 255-260, 281-286, 307-312)
    answer = sat_lex.text_at(ART6, start, language="pt")
    opened = answer.opened_by
    assert (opened.type, opened.date, opened.source) == ("amendment", start, act)
    assert opened.evidence == [
        f"{NAME}: versions[{index + 1}].validityInterval starts {start}, produced by action {ACTION[act]} "
        f"(Amendment, actions[{index}].eventTime {start})"
    ]
    previous = next(v for v in sat_lex.versions(ART6) if v.valid_until == start)
    closed = previous.closed_by
    assert (closed.type, closed.date, closed.source) == ("amendment", start, act)
    assert closed.evidence == [
        f"{NAME}: versions[{index}].validityInterval ends {start}, terminated by action {ACTION[act]} "
        f"(Amendment, actions[{index}].eventTime {start})"
    ]


def test_the_original_text_names_no_act(sat_lex):
    # versions[0] (lines 72-86) has no producedByActionId and no action produces it (lines 245-323): the dataset
    # names nothing that began it; it is the earliest state it holds of art. 6 (metadata "versionType": "original")
    first = sat_lex.versions(ART6)[0]
    assert (first.opened_by.type, first.opened_by.date, first.opened_by.source) == (
        "started-without-recorded-act",
        "1988-10-05",
        None,
    )
    assert first.opened_by.evidence == [
        f"{NAME}: versions[0].validityInterval starts 1988-10-05, produced by no action the dataset names"
    ]


def test_item_history_is_the_three_amendments_in_order(sat_lex):
    # sampleQueries[3] (lines 348-353): getItemHistory -> the three Amendment actions in chronological order
    history = SatGraph(sat_lex.store).get_item_history(ITEM)
    assert [(a["id"], a["type"], a["eventTime"]) for a in history] == [
        (ACTION[EC26], "Amendment", "2000-02-14T00:00:00Z"),
        (ACTION[EC64], "Amendment", "2010-02-04T00:00:00Z"),
        (ACTION[EC90], "Amendment", "2015-09-15T00:00:00Z"),
    ]


@pytest.mark.parametrize(
    ("act", "title", "day"),
    [
        (EC26, "Constitutional Amendment 26/2000 (EC 26/2000)", "2000-02-14"),  # lines 46-48
        (EC64, "Constitutional Amendment 64/2010 (EC 64/2010)", "2010-02-04"),  # lines 54-56
        (EC90, "Constitutional Amendment 90/2015 (EC 90/2015)", "2015-09-15"),  # lines 62-64
    ],
)
def test_amending_acts_are_acts_dated_by_their_urn_and_change_only_art6(sat_lex, act, title, day):
    rows = sat_lex.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#>\n"
        f"SELECT ?title ?date WHERE {{ <{act}> a lex:Act ; lex:title ?title ; lex:documentDate ?date }}"
    )
    assert [(r["title"].value, r["date"].value) for r in rows] == [(title, day)]
    # each action's producesVersionIds / terminatesVersionIds name versions of art. 6 only
    changed = {(i.provision, i.type, i.date) for i in sat_lex.impact(act).items}
    assert changed == {(ART6, "amendment", day)}


def test_no_text_before_its_act_and_every_edge_dated(sat_lex):
    # no version of art. 6 starts before the Constitution's own date (its URN, line 38: 1988-10-05), and no change
    # before the amending act's own date (each action's eventTime is its URN's date: lines 249, 275, 301)
    for version in sat_lex.versions(ART6):
        assert version.valid_from >= "1988-10-05"
        if version.opened_by.source:
            assert version.opened_by.date >= re.search(r"/(\d{4}-\d{2}-\d{2})/", version.opened_by.source).group(1)
    assert assert_windows_sound(sat_lex) >= 1
    assert_edges_dated(sat_lex)


PLACEHOLDER = re.compile(r"^\(*\s*(?:revogad[oa]s?|vetad[oa]s?)\b.*$", re.IGNORECASE)


def test_no_repeal_placeholder_is_text_in_force(sat_lex):
    # the dataset holds no "(Revogado)" / "(VETADO)" text; no text lexrdf holds is one
    rows = sat_lex.store.sparql("PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?t WHERE { ?e lex:text ?t }")
    texts = [r["t"].value for r in rows]
    assert texts and not [t for t in texts if PLACEHOLDER.match(t.strip())]


def test_lineage_runs_from_the_original_through_each_amendment(sat_lex):
    # on 2012-06-30 the version in force is EC 64/2010's (versions[2], lines 107-125); its chain: the original
    # (versions[0]), EC 26/2000's (versions[1]), EC 64/2010's, each produced by the action named at lines 95, 114;
    # "metadata" / "legislature": "National Congress" (lines 262, 288)
    chain = sat_lex.lineage(ART6, "2012-06-30")
    assert [(s.type, s.date, s.source_act, s.valid_from, s.valid_until) for s in chain.items] == [
        ("started-without-recorded-act", "1988-10-05", None, "1988-10-05", "2000-02-14"),
        ("amendment", "2000-02-14", EC26, "2000-02-14", "2010-02-04"),
        ("amendment", "2010-02-04", EC64, "2010-02-04", "2015-09-15"),
    ]
    assert [s.authority for s in chain.items[1:]] == [f"{BASE}/authority/National-Congress"] * 2
    assert chain.items[2].evidence == [
        f"{NAME}: versions[2].validityInterval starts 2010-02-04, produced by action {ACTION[EC64]} "
        "(Amendment, actions[1].eventTime 2010-02-04)"
    ]
