"""Repeals for some territories only (UK CLML), on the sources in ../shared/data.

legislation.gov.uk notes a repeal that reaches some of the territories a provision extends to in the note's date
clause ("repealed (18.11.2003 for E.)", "(1.4.2002 for E.W. and otherwise prosp.)") or in a parenthesis of its own
("omitted (E.W.) (with effect ...)"). The rule (mappings/clml.yaml `annotations.textual.extent` and `retained_text`,
lexrdf/versioning/periods.py `by_extent`): such a repeal of a provision that extends further (its RestrictExtent)
closes its text for those territories only, on its date, by its act; from that date the same words are a version in
force for the rest of its extent, opened by that repeal (which records the territories it reached, lex:limitedTo).
The words CLML keeps in the repeal marker (RetainText="true": "the words remain in force elsewhere") are text.
text-at answers "repealed" (act and date, from the note) for a territory the repeal reached, the words for another,
and without `extent` the words with the extent they are in force for and where they were repealed. A placeholder
(". . . .") so repealed holds no words for any territory: "repealed" only for the territories the repeal reached.

The same publisher's notes in its Akoma Ntoso export (mappings/akn.yaml, the same rule) are read alike: the Data
Protection Act 1998 (../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml) has one such repeal of a provision as a
whole, line 2122: "S. 31(7)(b) repealed (31.1.2012 for E.W.) by Localism Act 2011 (c. 20), ss. 26, 237, 240 ..."; s. 31
extends to E+W+S+N.I. (line 1248: <restriction href="#section-31" refersTo="#e+w+s+ni" type="jurisdiction"/>) and
s. 31(7)(b) shows ". . .  or" (line 6430). Its three repeals of words for some territories (lines 2041, 2071, 3056:
"S. 30(5)(b)(i) repealed (S.) (31.12.2004)", "Words in s. 31(4)(a)(iii) repealed (1.4.2006 for W.)", "Words in Sch.
11 para. 6(a) repealed (S.) (31.12.2004)") and every change of words limited to some territories follow the rule of
lexrdf/versioning/periods.py `text_extent`: the text shown is of the territories the change reached where the words
show it (inserted or substituted words, repealed ones shown "..."), of the rest where the repealed words are kept;
the other territories' text is not held (outside-extent, never the held text and never "repealed").

Every note of that form in every CLML file under ../shared/data/clml (and clml/more), found by this test's own scan
(`_territorial_repeal_notes`, not the mapping's rule), is in the Greater London Authority Act 1999 Part III
(ukpga-1999-29-part-III-2013-03-27.xml); the line numbers below are of that file:

- 4142: "S. 108(2) repealed (18.11.2003 for E.) by Local Government Act 2003 (c. 26), s. 128(6), Sch. 8 Pt. 1; S.I.
  2003/2938, art. 3(i)(vii) (with art. 8, Sch.)"; s. 108 is in <P1group RestrictExtent="E+W+S"
  RestrictStartDate="2003-11-18"> (line 2222); s. 108(2)'s number and words are in
  <Repeal CommentaryRef="key-4beefd02bc9975cb284e89442086455a" RetainText="true"> (lines 2234, 2236);
- 3998: "S. 104(3)(b) repealed (1.4.2002 for E.W. and otherwise prosp.) by 2001 c. 16, ss. 137, 138(2), Sch. 7 Pt.
  5(1); S.I. 2002/344, art. 3(j)(m) (with transitional provision in art. 4)"; s. 104 is in <P1group
  RestrictExtent="E+W+S" RestrictStartDate="2002-04-01"> (line 2017); s. 104(3)(b) (line 2086) shows its words;
- 4562, 4568, 4577: "S. 86(4D)(d) and word omitted (E.W.) (with effect in accordance with s. 3(13) of the amending
  Act) by virtue of Local Government Finance Act 2012 (c. 17), s. 3(10)(a)(ii)", "S. 86(4F)(c) and word omitted
  (E.W.) (...) by virtue of ... s. 3(10)(b)(ii)", "S. 102(2)(b) omitted (E.W.) (...) by virtue of ... s. 3(11)": no
  date; s. 86 and s. 102 are in P1groups RestrictExtent="E+W+S" (lines 535, 1886) from 2013-03-27, and each shows
  only ". . . ." (lines 687, 737, 1910).
"""

from __future__ import annotations

import re

import pytest
from conftest import BASE, DPA, SHARED_DATA, UKPGA, needs_shared, open_lex
from invariants import assert_edges_dated, assert_impact_agrees_with_the_events, assert_windows_sound
from lxml import etree
from templates import ingested_copy

from lexrdf.mapping.engine import read_source

CLML_FILES = sorted((SHARED_DATA / "clml").rglob("*.xml"))
GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"  # Greater London Authority Act 1999 (EnactmentDate 1999-11-11)
LGA_2003 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2003/26"
CJPA_2001 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2001/16"
LGFA_2012 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2012/17"
LOCALISM_2011 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2011/20"
L = "{http://www.legislation.gov.uk/namespaces/legislation}"
# this test's own reading of a territorial limit in a repeal note: a verb of repeal, then a parenthesis naming regions
# alone or after "for"
_VERB = r"\b(?:repealed|omitted|revoked|ceases? to have effect)\b"
_LIMIT = re.compile(_VERB + r"[^()]*\((?:[^()]*\bfor )?((?:E\.|W\.|S\.|N\.I\.)+)(?:\)| and otherwise)")
# line 2236, the words of s. 108(2) inside <Repeal RetainText="true">
S108_2_WORDS = (
    "In subsection (1) (functions to be discharged only by authority, subject to subsection (3)) for subsection (3) "
    "there shall be substituted “subsections (3) and (3A)”."
)


def _territorial_repeal_notes() -> list[tuple[str, int, str, str]]:
    """(file, line, limit as written, words) of every F note of every CLML file that limits a repeal to regions."""
    found = []
    for path in CLML_FILES:
        if "feed" in path.name:
            continue
        for note in etree.parse(str(path)).iter(f"{L}Commentary"):
            if note.get("Type") != "F":
                continue
            text = next(note.iter(f"{L}Text"))
            words = " ".join("".join(text.itertext()).split())
            match = _LIMIT.search(words)
            if match:
                found.append((path.name, text.sourceline, match.group(1), words))
    return found


@pytest.fixture(scope="module")
def lex(tmp_path_factory):
    needs_shared(GLA_FILE)
    store, summary = ingested_copy([GLA_FILE], tmp_path_factory, "extent-repeal")
    instance = open_lex(store)
    assert summary.refused == []
    yield instance
    instance.close()


def test_every_territorial_repeal_note_is_read_with_its_territories():
    """Every note of the form in every CLML file, found by this test's own scan, is read by the mapping as a repeal of
    the provision it is on, limited to the territories it names."""
    needs_shared(GLA_FILE)
    notes = _territorial_repeal_notes()
    assert [(name, line, limit) for name, line, limit, _ in notes] == [
        (GLA_FILE.name, 3998, "E.W."),  # S. 104(3)(b) repealed (1.4.2002 for E.W. and otherwise prosp.)
        (GLA_FILE.name, 4142, "E."),  # S. 108(2) repealed (18.11.2003 for E.)
        (GLA_FILE.name, 4562, "E.W."),  # S. 86(4D)(d) and word omitted (E.W.)
        (GLA_FILE.name, 4568, "E.W."),  # S. 86(4F)(c) and word omitted (E.W.)
        (GLA_FILE.name, 4577, "E.W."),  # S. 102(2)(b) omitted (E.W.)
    ]
    document = read_source(GLA_FILE)
    repeals = {(m.destination, m.extent, m.effective and m.effective.isoformat()) for m in document.modifications}
    assert {
        ("section-104-3-b", "E+W", "2002-04-01"),
        ("section-108-2", "E", "2003-11-18"),
        ("section-86-4D-d", "E+W", None),
        ("section-86-4F-c", "E+W", None),
        ("section-102-2-b", "E+W", None),
    } <= repeals
    # RetainText="true" (lines 2234, 2236): the words and number of s. 108(2) remain (in force for W+S)
    s108_2 = next(u for u in document.units if u.path == "section-108-2")
    assert (s108_2.number, s108_2.text, s108_2.extent) == ("2", S108_2_WORDS, "E+W+S")


def test_s108_2_after_the_repeal_for_england(lex):
    # line 4142: "S. 108(2) repealed (18.11.2003 for E.) by Local Government Act 2003 (c. 26) ..."
    s108_2 = f"{GLA}/section-108-2"
    england = lex.text_at(s108_2, "2010-01-01", extent="E")
    assert england.status == "repealed" and england.text is None
    assert (england.closed_by.type, england.closed_by.date, england.closed_by.source) == (
        "repeal",
        "2003-11-18",
        LGA_2003,
    )
    assert england.extent == "E" and "W+S" in england.message
    wales = lex.text_at(s108_2, "2010-01-01", extent="W")
    assert (wales.status, wales.extent, wales.text, wales.number) == ("in-force", "W+S", S108_2_WORDS, "2")
    assert (wales.valid_from, wales.opened_by.type, wales.opened_by.source) == ("2003-11-18", "repeal", LGA_2003)
    assert lex.text_at(s108_2, "2010-01-01", extent="S").version == wales.version
    # without an extent: the words, with the extent they are in force for and where they were repealed
    whole = lex.text_at(s108_2, "2010-01-01")
    assert (whole.status, whole.extent, whole.version) == ("in-force", "W+S", wales.version)
    assert "in force for W+S only: repealed for E on 2003-11-18" in whole.message
    # N.I.: the provision never extended there (RestrictExtent E+W+S, line 2222)
    assert lex.text_at(s108_2, "2010-01-01", extent="N.I.").status != "in-force"


def test_s108_2_before_the_repeal_is_not_dated(lex):
    # the source shows s. 108 only from 2003-11-18 (line 2222) and no note dates s. 108(2)'s words before: nothing is
    # claimed before the repeal, for any territory (never "in force", never "repealed")
    for extent in (None, "E", "W"):
        before = lex.text_at(f"{GLA}/section-108-2", "2003-01-01", extent=extent)
        assert before.status == "outside-coverage", (extent, before.message)


def test_s104_3_b_repealed_for_england_and_wales(lex):
    # line 3998: "S. 104(3)(b) repealed (1.4.2002 for E.W. and otherwise prosp.) by 2001 c. 16 ..."; s. 104 E+W+S
    s104_3_b = f"{GLA}/section-104-3-b"
    for extent in ("E", "W", "E+W"):
        answer = lex.text_at(s104_3_b, "2005-01-01", extent=extent)
        assert (answer.status, answer.extent, answer.closed_by.date, answer.closed_by.source) == (
            "repealed",
            "E+W",
            "2002-04-01",
            CJPA_2001,
        ), extent
    scotland = lex.text_at(s104_3_b, "2005-01-01", extent="S")
    # line 2089: its words, shown (Addition markers): "at the end of paragraph (eb) there shall be inserted “ or ”; and"
    assert (scotland.status, scotland.extent, scotland.valid_from) == ("in-force", "S", "2002-04-01")
    assert scotland.text.startswith("at the end of paragraph (eb) there shall be inserted")
    whole = lex.text_at(s104_3_b, "2005-01-01")
    assert (whole.status, whole.extent) == ("in-force", "S")
    assert "repealed for E+W on 2002-04-01" in whole.message


@pytest.mark.parametrize(
    ("path", "line"),
    [("section-86-4D-d", 4562), ("section-86-4F-c", 4568), ("section-102-2-b", 4577)],
)
def test_placeholders_omitted_for_england_and_wales(lex, path, line):
    # "... omitted (E.W.) (with effect in accordance with s. 3(13) of the amending Act) by virtue of Local Government
    # Finance Act 2012 (c. 17) ..." (no date): the source shows ". . . ." from 2013-03-27, the provision E+W+S
    provision = f"{GLA}/{path}"
    for extent in ("E", "W", None):
        answer = lex.text_at(provision, "2013-03-27", extent=extent)
        assert answer.status == "repealed" and answer.extent == "E+W", (line, extent)
        assert answer.closed_by.source == LGFA_2012 and answer.closed_by.date == "2013-03-27"
        assert "on or before 2013-03-27" in answer.message and "extends to E+W only" in answer.message
    # Scotland: the repeal did not reach it, and the source holds no words of it: no answer, never "repealed"
    scotland = lex.text_at(provision, "2013-03-27", extent="S")
    assert scotland.status == "outside-coverage" and "extends to E+W only" in scotland.message


def test_versions_and_events(lex):
    versions = lex.versions(f"{GLA}/section-108-2")
    assert [(v.extent, v.valid_from, v.valid_until) for v in versions] == [("W+S", "2003-11-18", None)]
    # the repeal for England is an event of its own, not the one repealing s. 136(1) wholly that day (line 4145:
    # "S. 136(1) repealed (18.11.2003) by Local Government Act 2003")
    query = "SELECT ?e ?limit WHERE { GRAPH ?g { ?e <https://w3id.org/lexrdf/ontology#limitedTo> ?limit } }"
    limited = sorted((r["e"].value, r["limit"].value) for r in lex.store.select(query, 60))
    assert (f"{GLA}/event/2003-11-18/repeal-extent-e/id-ukpga-2003-26", "E") in limited
    assert all("extent-" in event for event, _ in limited)
    # what opened the words for W+S is that repeal, and nothing else is said to have changed s. 108(2)
    affects = (
        "SELECT DISTINCT ?e WHERE { GRAPH ?g { ?e <https://w3id.org/lexrdf/ontology#affects> "
        f"<{GLA}/section-108-2> }} }}"
    )
    assert [r["e"].value for r in lex.store.select(affects, 60)] == [
        f"{GLA}/event/2003-11-18/repeal-extent-e/id-ukpga-2003-26"
    ]


def test_invariants_hold(lex, shown_earlier):
    for instance in (lex, shown_earlier):
        assert_windows_sound(instance)
        assert_edges_dated(instance)
        assert_impact_agrees_with_the_events(instance)


def test_ingesting_twice_adds_nothing(lex):
    again = lex.ingest([GLA_FILE])
    assert (again.versions, again.records) == (0, 0)


def test_dpa_s31_7_b_repealed_for_england_and_wales(dpa_lex):
    # line 2122: "S. 31(7)(b) repealed (31.1.2012 for E.W.) by Localism Act 2011 (c. 20) ..."; it shows ". . .  or"
    provision = f"{DPA}/section-31-7-b"
    for extent in ("E", "W", None):
        answer = dpa_lex.text_at(provision, "2013-01-01", extent=extent)
        assert (answer.status, answer.extent, answer.closed_by.date, answer.closed_by.source) == (
            "repealed",
            "E+W",
            "2012-01-31",
            LOCALISM_2011,
        ), extent
        assert "extends to E+W only" in answer.message
    for extent in ("S", "N.I."):  # not reached by the repeal, and no words of it held: never "repealed"
        assert dpa_lex.text_at(provision, "2013-01-01", extent=extent).status == "outside-coverage"


def test_dpa_words_repealed_for_wales_only_are_not_claimed_for_england(dpa_lex):
    """Line 2071: "Words in s. 31(4)(a)(iii) repealed (1.4.2006 for W.) by Public Services Ombudsman (Wales) Act 2005
    (c. 10)"; s. 31 extends to E+W+S+N.I. (line 1248) and the export shows the words left for W, the repealed ones as
    "..." (line 6177: "the Health Service Commissioner for England ... ..."). The text held is Wales's, from 1.4.2006;
    England's, which keeps the words, is not held: never answered with Wales's words, never "repealed" either (line
    2076, "Words in s. 31(4)(a)(iii) omitted (14.7.2004) by virtue of ... S.I. 2004/1823", repealed words too)."""
    provision = f"{DPA}/section-31-4-a-iii"
    wales = dpa_lex.text_at(provision, "2010-01-01", extent="W")
    assert (wales.status, wales.extent, wales.valid_from) == ("in-force", "W", "2006-04-01")
    assert wales.text.startswith("the Health Service Commissioner for England")
    england = dpa_lex.text_at(provision, "2010-01-01", extent="E")
    assert (england.status, england.text) == ("outside-extent", None)
    assert "no text of it for E on 2010-01-01 is held" in england.message


def test_dpa_words_kept_for_the_rest_are_not_claimed_for_scotland(dpa_lex):
    """Line 3055: "Words in Sch. 11 para. 6(a) repealed (S.) (31.12.2004) by 2000 asp 6"; the export keeps the words
    ("or, in relation to a self-governing school, the board of management ...", line 17109, in <ins> with the note's
    marker: they remain in force for the rest). The text held, with those words, is that of E+W+N.I.; Scotland's,
    without them, is not held. So too s. 30(5) (line 2039: "S. 30(5)(b)(i) repealed (S.) (31.12.2004)", the words
    kept at line 6025)."""
    for provision in (f"{DPA}/schedule-11-paragraph-6-a", f"{DPA}/section-30-5"):
        england = dpa_lex.text_at(provision, "2010-01-01", extent="E")
        assert (england.status, england.extent) == ("in-force", "E+W+N.I."), provision
        assert "self-governing school" in england.text
        scotland = dpa_lex.text_at(provision, "2010-01-01", extent="S")
        assert (scotland.status, scotland.text) == ("outside-extent", None), provision
    # before the repeal the words were in force in Scotland too: s. 30(5) is in force from 1.3.2000 (line 2018: "S. 30
    # wholly in force at 1.3.2000"), its text then extending to E+W+S+N.I.; a repeal of words is never "repealed"
    before = dpa_lex.text_at(f"{DPA}/section-30-5", "2003-01-01", extent="S")
    assert (before.status, before.extent) == ("in-force", "E+W+S+N.I.")
    assert "self-governing school" in before.text
    # Sch. 11 para. 6(a) is shown only from that repeal (31.12.2004), for E+W+N.I.: before it nothing of it is held for
    # Scotland either, and the answer says which texts are held, not that there are none
    earlier = dpa_lex.text_at(f"{DPA}/schedule-11-paragraph-6-a", "2003-01-01", extent="S")
    assert earlier.status == "outside-coverage" and "the texts held extend to E+W+N.I." in earlier.message


def test_gla_word_omitted_for_england_and_wales_only(lex):
    """Line 4562: "S. 86(4D)(d) and word omitted (E.W.) (with effect in accordance with s. 3(13) of the amending Act)
    by virtue of Local Government Finance Act 2012 (c. 17), s. 3(10)(a)(ii)"; s. 86 extends to E+W+S (line 535) and
    s. 86(4D)(c) shows "general GLA grant, ..." (the word omitted). That text is England's and Wales's; Scotland's,
    with the word, is not held."""
    provision = f"{GLA}/section-86-4D-c"
    wales = lex.text_at(provision, "2013-03-27", extent="W")
    assert (wales.status, wales.extent, wales.text) == ("in-force", "E+W", "general GLA grant, ...")
    assert lex.text_at(provision, "2013-03-27", extent="S").status == "outside-extent"


def test_territorial_substitution_keeps_the_old_words_for_scotland(lex):
    """s. 86(4)(a) (line 602) keeps the old words "the body will incur" in <Repeal RetainText="true"
    SubstitutionRef=... Extent="E+W"> beside the new ones (<Addition Extent="E+W"> " will be incurred by ") for the
    E+W only substitution of the note at line 4310 ("Words in s. 86(4)(a) substituted (E.W.) ..."); s. 86 extends to
    E+W+S (line 535). The text of England and Wales has the new words, Scotland's the old: two concurrent versions."""
    provision = f"{GLA}/section-86-4-a"
    england = lex.text_at(provision, "2013-03-27", extent="E")
    assert england.extent == "E+W" and "will be incurred by" in england.text
    assert "the body will incur" not in england.text
    scotland = lex.text_at(provision, "2013-03-27", extent="S")
    assert (scotland.status, scotland.extent) == ("in-force", "S")
    assert "the body will incur" in scotland.text and "will be incurred by" not in scotland.text
    # asked for no territory: both are named, the first by extent answered
    both = lex.text_at(provision, "2013-03-27")
    assert {c.extent for c in both.concurrent} == {"E+W", "S"}
    # its sub-unit (i) (lines 609-610: "which will be <Repeal RetainText="true" ... Extent="E+W">payable to
    # it</Repeal> <Addition Extent="E+W"> payable to or for it </Addition> for the year; and"): asked for S,
    # descendants give Scotland's words; asked for E, England's
    scots = {i.unit: (i.extent, i.text) for i in lex.descendants(provision, "2013-03-27", extent="S").items}
    assert scots[f"{provision}-i"] == ("S", "which will be payable to it for the year; and")
    english = {i.unit: (i.extent, i.text) for i in lex.descendants(provision, "2013-03-27", extent="E").items}
    assert english[f"{provision}-i"] == ("E+W", "which will be payable to or for it for the year; and")
    # and the governing chain of (i) (context) holds (4)(a) in the words of the territory asked
    chain = {u.unit: (u.extent, u.text) for u in lex.context(f"{provision}-i", "2013-03-27", extent="S").items}
    assert chain[provision][0] == "S" and "the body will incur" in chain[provision][1]
    chain = {u.unit: (u.extent, u.text) for u in lex.context(f"{provision}-i", "2013-03-27", extent="W").items}
    assert chain[provision][0] == "E+W" and "will be incurred by" in chain[provision][1]


@pytest.fixture(scope="module")
def shown_earlier(tmp_path_factory):
    """The rule where the source shows the text from before the repeal: the GLA Act Part III with s. 108's
    RestrictStartDate (line 2222: "2003-11-18") read as 2000-07-03, nothing else changed (a variant written at test
    time, not a data file)."""
    needs_shared(GLA_FILE)
    directory = tmp_path_factory.mktemp("shown-earlier")
    text = GLA_FILE.read_text(encoding="utf-8")
    group = '<P1group RestrictExtent="E+W+S" RestrictStartDate="2003-11-18">'
    assert text.count(group) == 1
    variant = directory / GLA_FILE.name
    variant.write_text(text.replace(group, group.replace("2003-11-18", "2000-07-03")), encoding="utf-8")
    instance = open_lex(directory / "store")
    assert instance.ingest([variant]).refused == []
    yield instance
    instance.close()


def test_a_text_shown_before_the_repeal_is_split_on_its_date(shown_earlier):
    s108_2 = f"{GLA}/section-108-2"
    versions = shown_earlier.versions(s108_2)
    assert [(v.extent, v.valid_from, v.valid_until) for v in versions] == [
        ("E+W+S", "2000-07-03", "2003-11-18"),
        ("W+S", "2003-11-18", None),
    ]
    assert versions[0].closed_by.event == versions[1].opened_by.event  # the repeal for E (line 4142)
    before = shown_earlier.text_at(s108_2, "2001-01-01", extent="E")
    assert (before.status, before.extent, before.text) == ("in-force", "E+W+S", S108_2_WORDS)
    england = shown_earlier.text_at(s108_2, "2010-01-01", extent="E")
    assert (england.status, england.extent, england.valid_until) == ("repealed", "E", "2003-11-18")
    assert england.closed_by.source == LGA_2003 and "(for E only)" in england.message
    wales = shown_earlier.text_at(s108_2, "2010-01-01", extent="W")
    assert (wales.status, wales.extent, wales.text) == ("in-force", "W+S", S108_2_WORDS)


def _read_dpa_changed(tmp_path, change) -> tuple:
    """The DPA as the source has it, but with `change` made to the <paragraph> of Sch. 11 para. 6(a) (line 17105):
    a markup no file of ../shared/data has, to try the rule on it; its unit and its S repeal of words (line 3055)."""
    from lexrdf.mapping.engine import read_document

    needs_shared(UKPGA)
    tree = etree.parse(str(UKPGA), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    (paragraph,) = tree.xpath("//*[@eId='schedule-11-paragraph-6-a']")
    change(paragraph)
    changed = tmp_path / UKPGA.name
    tree.write(str(changed), xml_declaration=True, encoding="utf-8")
    document = read_document(changed)
    (unit,) = [u for u in document.units if u.eid == "schedule-11-paragraph-6-a"]
    (repeal,) = [m for m in document.modifications if m.destination == unit.eid and m.note_id == "c18188881"]
    return unit, repeal


def test_which_way_a_territorial_repeal_of_words_goes_is_read_from_its_own_marker(tmp_path):
    """The rule (lexrdf/versioning/periods.py `kept_elsewhere`): a repeal of words for some territories keeps the
    words for the rest when its note's marker stands in words the text shows (line 17109: <ins> around
    <noteRef href="#c18188881"/> and "or, in relation to a self-governing school, ..."); it dropped them when its
    marker stands in no such words (". . ."). The other words of the provision do not decide: ". . ." there, from
    another repeal, leaves these words kept."""
    from lexrdf.versioning.periods import kept_elsewhere

    def other_words_repealed(paragraph):
        last = paragraph.xpath(".//*[local-name()='p']")[-1]
        if len(last):
            last[-1].tail = (last[-1].tail or "") + " . . ."
        else:
            last.text = (last.text or "") + " . . ."

    unit, repeal = _read_dpa_changed(tmp_path, other_words_repealed)
    assert ". . ." in unit.text and repeal.extent == "S"
    assert kept_elsewhere(repeal, unit)

    def these_words_dropped(paragraph):
        (marker,) = paragraph.xpath(".//*[@href='#c18188881']")
        mark = marker.getparent()
        for child in list(mark):
            if child is not marker:
                mark.remove(child)
        mark.text, marker.tail = None, ". . ."

    unit, repeal = _read_dpa_changed(tmp_path, these_words_dropped)
    assert "self-governing school, the board" not in unit.text
    assert not kept_elsewhere(repeal, unit)
