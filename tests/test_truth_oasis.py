"""Legal truth on the OASIS Akoma Ntoso 3.0 examples: the UK Data Retention and Investigatory Powers Act 2014 as
enacted (an amending act with a sunset), US Code title 9 chapter 3, Public Law 112-61; and more commi of the
Italian D.Lgs. 82/2005 (Normattiva).

Every expected value was read from the files under ../shared/data/akn/oasis/ (and akn/normattiva/) by hand: the
lifecycle eventRefs, the FRBR dates, the act's own commencement and repeal words, the textualMods. The element and
its line are quoted beside each check.
"""

from __future__ import annotations

import pytest
from conftest import BASE, CAD, CAD_FILE, SHARED_DATA, needs_shared, open_ingested, open_lex
from templates import ingested_copy

OASIS = SHARED_DATA / "akn" / "oasis"

# -- UK: Data Retention and Investigatory Powers Act 2014 (as enacted) -------------------------------------------
DRIPA_FILE = OASIS / "uk_pga-2014-27-enacted-data.xml"
DRIPA = f"{BASE}/eli/gb-ukm/act/2014-07-17/27"
RIPA = f"{BASE}/eli/ref/akn/uk/act/2000-07-28/chapter23"  # /akn/uk/act/2000-07-28/chapter23/main, not held
ENACTED = "uk_pga-2014-27-enacted-data.xml:34: lifecycle eventRef eRef_1 (enactment) on 2014-07-17"


@pytest.fixture(scope="module")
def dripa(tmp_path_factory: pytest.TempPathFactory):
    lex, summary = open_ingested([DRIPA_FILE], tmp_path_factory, "dripa")
    lex.summary = summary
    yield lex
    lex.close()


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        ("sec_1/subsec_1", "The Secretary of State may by notice (a “retention notice”) require a public"),
        ("sec_1/subsec_2/para_c", "specify the period or periods for which data is to be retained,"),
        ("sec_4/subsec_3", "after “that person” insert “(whether or not the person is in the United Kingdom)”"),
        ("sec_7/subsec_8", "“the independent reviewer of terrorism legislation” means the person appointed"),
        ("sec_8/subsec_5", "This Act may be cited as the Data Retention and Investigatory Powers Act 2014."),
    ],
)
def test_dripa_comes_into_force_on_the_day_it_is_passed(dripa, eid, words):
    # line 34: <eventRef date="2014-07-17" type="generation" eId="eRef_1" ... refersTo="#DateOfEnactment"/>; line 161
    # <docDate date="2014-07-17">[17th July 2014]</docDate>; s. 8(1) (line 908): "Subject to subsection (2), this
    # Act comes into force on the day on which it is passed." Lines 175 (s. 1(1)), 198 (s. 1(2)(c)), 576 (mod_2 in
    # s. 4(3)), 891-894 (s. 7(8)), 936-939 (s. 8(5)) hold the words.
    (version,) = dripa.versions(f"{DRIPA}/{eid}")
    assert (version.valid_from, version.opened_by.type, version.opened_by.date, version.opened_by.source) == (
        "2014-07-17",
        "enactment",
        "2014-07-17",
        DRIPA,
    )
    assert version.opened_by.evidence == [ENACTED]
    now = dripa.text_at(f"{DRIPA}/{eid}", "2014-07-17")
    assert now.status == "in-force" and words in now.text
    before = dripa.text_at(f"{DRIPA}/{eid}", "2014-07-16")
    assert (before.status, before.text, before.valid_from) == ("not-yet-in-force", None, "2014-07-17")


def test_dripa_long_after_is_as_last_known(dripa):
    # line 20-21: <FRBRExpression> .../ukpga/2014/27/enacted, <FRBRdate date="2014-07-17" name="enacted"/>; line 28:
    # <FRBRManifestation> <FRBRdate date="2014-11-14Z" name="transform"/>. The file is the Act as enacted: it
    # vouches for no later state. s. 8 is outside the sunset of s. 8(3).
    later = dripa.text_at(f"{DRIPA}/sec_8/subsec_1", "2020-01-01")
    assert later.status == "as-last-known"
    assert later.text == "Subject to subsection (2), this Act comes into force on the day on which it is passed."
    # s. 1(1) before its sunset day: as last known too (later acts could have changed it; the file cannot say)
    assert dripa.text_at(f"{DRIPA}/sec_1/subsec_1", "2016-12-30").status == "as-last-known"


def test_dripa_as_enacted_text_is_current_only_to_its_enactment(dripa):
    # line 21: <FRBRdate date="2014-07-17" name="enacted"/> (the expression .../enacted); line 28: <FRBRdate
    # date="2014-11-14Z" name="transform"/> is when that same enacted text was converted to XML, not a revision.
    passed = dripa.text_at(f"{DRIPA}/sec_8/subsec_4", "2014-07-17")
    assert passed.status == "in-force" and passed.current_to == "2014-07-17"
    later = dripa.text_at(f"{DRIPA}/sec_8/subsec_4", "2014-11-01")
    assert (later.status, later.current_to) == ("as-last-known", "2014-07-17")
    assert later.text == "This Act extends to England and Wales, Scotland and Northern Ireland."


@pytest.mark.parametrize("eid", ["sec_1/subsec_6", "sec_1/subsec_6/para_a"])
def test_dripa_s1_6_commences_by_order_the_file_does_not_date(dripa, eid):
    # s. 8(2) (lines 911-916): "Section 1(6) comes into force on such day as the Secretary of State may by order
    # made by statutory instrument appoint; and different days may be appointed for different purposes." No
    # eventRef, no date names that day (lifecycle, lines 33-36, has only eRef_1 and eRef_2). s. 1(6) at line 289:
    # "A public telecommunications operator who retains relevant communications data ... must not disclose ...".
    passed = dripa.text_at(f"{DRIPA}/{eid}", "2014-07-17")
    assert passed.status == "not-yet-in-force" and passed.text is None
    assert passed.opened_by is None or passed.opened_by.type != "enactment"
    later = dripa.text_at(f"{DRIPA}/{eid}", "2015-06-01")
    assert later.status == "outside-coverage"
    assert dripa.versions(f"{DRIPA}/{eid}") == []


def test_dripa_the_rest_of_section_1_is_in_force_on_enactment(dripa):
    # s. 8(1) (line 908): "Subject to subsection (2), this Act comes into force on the day on which it is passed";
    # s. 8(2) (line 914) defers s. 1(6) only: s. 1(5) and 1(7) are in force on 2014-07-17, and s. 1(6) is no
    # provision in force that day
    for eid in ("sec_1/subsec_5", "sec_1/subsec_7"):
        assert dripa.text_at(f"{DRIPA}/{eid}", "2014-07-17").status == "in-force"
    units = {item.unit for item in dripa.descendants(f"{DRIPA}/sec_1", "2014-07-17").items}
    assert f"{DRIPA}/sec_1/subsec_5" in units and f"{DRIPA}/sec_1/subsec_6" not in units


@pytest.mark.parametrize("eid", ["sec_1", "sec_1/subsec_1", "sec_4/subsec_3", "sec_5", "sec_7/subsec_8"])
def test_dripa_sections_1_to_7_are_repealed_on_31_december_2016(dripa, eid):
    # s. 8(3) (lines 917-928): "<mod eId="mod_17"><rref from="#sec_1" upTo="#sec_7">Sections 1 to 7</rref></mod>
    # (and the provisions inserted into the ... 2000 by sections 3 to 6) are repealed on <date date="2016-12-31"
    # eId="date_2" refersTo="#DateOfRepeal">31 December 2016</date>". Line 129: <textualMod type="repeal"
    # eId="textualMod_17"> source #mod_17, destination #sec_1 upTo #sec_7, <application period="#date_2"/>. Line 35:
    # <eventRef date="2016-12-31" eId="eRef_2" refersTo="#DateOfRepeal"/>. A sunset the act itself enacted.
    (version,) = dripa.versions(f"{DRIPA}/{eid}")
    assert (version.valid_from, version.valid_until) == ("2014-07-17", "2016-12-31")
    assert (version.closed_by.type, version.closed_by.date, version.closed_by.source) == ("repeal", "2016-12-31", DRIPA)
    gone = dripa.text_at(f"{DRIPA}/{eid}", "2017-06-01")
    assert (gone.status, gone.text) == ("repealed", None)
    assert dripa.text_at(f"{DRIPA}/{eid}", "2016-12-31").status == "repealed"


def test_dripa_section_8_outlives_the_sunset(dripa):
    # s. 8(3) repeals "Sections 1 to 7" only (rref from="#sec_1" upTo="#sec_7", line 923): s. 8 (commencement,
    # duration, extent, short title, line 902) stays; nothing in the file ends it.
    for eid in ("sec_8", "sec_8/subsec_3", "sec_8/subsec_5"):
        (version,) = dripa.versions(f"{DRIPA}/{eid}")
        assert (version.valid_until, version.closed_by) == (None, None)
        assert dripa.text_at(f"{DRIPA}/{eid}", "2017-06-01").status == "as-last-known"


def test_dripa_impact_on_itself_is_the_repeal_of_sections_1_to_7(dripa):
    # textualMod_17 (line 129): type="repeal", destination #sec_1 upTo #sec_7, application period #date_2
    # (2016-12-31, line 925)
    items = [i for i in dripa.impact(DRIPA).items if i.date == "2016-12-31" and i.provision.startswith(DRIPA)]
    assert {i.provision for i in items} >= {f"{DRIPA}/sec_{n}" for n in range(1, 8)}
    # impact's words: the versions the repeal closed (effect "closed", type "repeal")
    assert {(i.effect, i.type) for i in items} == {("closed", "repeal")}
    assert all(i.version_closed for i in items)


def test_dripa_impact_on_ripa_insertions_on_enactment_and_the_repeal_of_2016(dripa):
    # textualMod_1 .. textualMod_15 (lines 39-122): type="insertion" period="eRef_1" (2014-07-17), destinations in
    # /akn/uk/act/2000-07-28/chapter23/main (RIPA 2000, not in the store): e.g. line 41 #sec_11__subsec_2A from
    # #mod_1 (s. 4(2), line 514), #sec_2__subsec_8A from #mod_11 (s. 5, line 742), #sec_58__subsec_4 from #mod_12
    # (s. 6(2), line 769). textualMod_18 (line 134): type="repeal", source #mod_18 (s. 8(3)), <application
    # period="#date_2"/> = 2016-12-31.
    items = [i for i in dripa.impact(DRIPA).items if i.provision == RIPA or i.provision.startswith(f"{RIPA}/")]
    assert {(i.type, i.date, i.effect) for i in items} == {
        ("insertion", "2014-07-17", "amended (not yet consolidated)"),
        ("repeal", "2016-12-31", "amended (not yet consolidated)"),
    }
    # each insertion names the provision of RIPA its destination's eId names (known by reference); the repeal, a
    # range (#sec_3 upTo #sec_6) of an act not held, names RIPA
    inserted = {i.provision for i in items if i.type == "insertion"}
    assert {f"{RIPA}/sec_11/subsec_2A", f"{RIPA}/sec_2/subsec_8A", f"{RIPA}/sec_58/subsec_4"} <= inserted
    assert RIPA not in inserted and {i.provision for i in items if i.type == "repeal"} == {RIPA}
    # the range names no provision of an act not held (what lies between its ends is not known): the item says the
    # destination as written (textualMod_18, line 136: destination href=".../main#sec_3" upTo=".../main#sec_6")
    assert {i.destination for i in items if i.type == "repeal"} == {
        "/akn/uk/act/2000-07-28/chapter23/main#sec_3 upTo sec_6"
    }
    assert all(i.destination is None for i in items if i.type == "insertion")
    insertion = next(i.event for i in items if i.type == "insertion")
    rows = list(
        dripa.store.sparql(
            "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?p ?a WHERE { "
            f"<{insertion}> lex:sourceProvision ?p ; lex:sourceAct ?a }}"
        )
    )
    assert {r["a"].value for r in rows} == {DRIPA}
    assert {f"{DRIPA}/sec_4/subsec_2", f"{DRIPA}/sec_5", f"{DRIPA}/sec_6/subsec_2"} <= {r["p"].value for r in rows}
    # RIPA itself is not in the file: asked about, it is an unknown reference, never a made-up text
    assert dripa.text_at(f"{RIPA}/sec_11/subsec_2A", "2015-01-01").status == "unknown-reference"


def test_dripa_quoted_structures_are_not_its_own_provisions(dripa):
    # line 516: <subsection eId="mod_1__sec_11__subsec_2A"> inside <mod eId="mod_1"><quotedStructure>: words to be
    # inserted into RIPA s. 11, not a subsection of the 2014 Act; they stay in the words of s. 4(2) that quote them.
    units = {item.unit for item in dripa.descendants(DRIPA, "2014-07-17").items}
    assert f"{DRIPA}/sec_4/subsec_2" in units
    assert not [unit for unit in units if "mod_" in unit]
    s4_2 = dripa.text_at(f"{DRIPA}/sec_4/subsec_2", "2014-07-17")
    assert "section 11 (implementation of interception warrants), after subsection (2)" in s4_2.text


def test_dripa_a_textual_mod_that_contradicts_its_own_mod_is_reported(dripa):
    # line 78-82: <textualMod eId="textualMod_8"> source #mod_8, destination .../main#sec_12__subsec_3A after
    # #sec_12__subsec_3 (the same as textualMod_5). Line 680: s. 4(8) "In <ref eId="ref_9" href="...#sec_22__subsec_5">
    # section 22 ..., after subsection (5)</ref> insert— <mod eId="mod_8" for="#ref_9">" 5A ...: the words put it in
    # s. 22. Which is right the file cannot say; the reader must be told.
    contradictions = [notice for notice in dripa.summary.notices if "contradicts itself" in notice]
    assert len(contradictions) == 1 and contradictions[0].startswith(f"{DRIPA_FILE}:78: textualMod textualMod_8 ")
    assert "#sec_22__subsec_5" in contradictions[0]
    # the others agree with their mods: textualMod_1 (line 39) inserts s. 11(2A) after #sec_11__subsec_2, which
    # mod_1's ref_2 names (line 512); textualMod_2 (line 44) names s. 11(4), as mod_2's ref_4 does (line 576)


# -- US Code title 9, chapter 3 (Inter-American Convention on International Commercial Arbitration) --------------
USC_FILE = OASIS / "us_Title9-Chap3-eng.xml"
TITLE9 = f"{BASE}/eli/us/usc/1947-07-30/title_9"
USC_SHOWN = "us_Title9-Chap3-eng.xml:22: the expression's date 2013-07-26: the source shows this text from then"


@pytest.fixture(scope="module")
def usc(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(USC_FILE)
    store, _summary = ingested_copy([USC_FILE], tmp_path_factory, "usc")
    lex = open_lex(store)
    yield lex
    lex.close()


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        ("sec_303", None),
        ("sec_303/subsec_a", "may direct that arbitration be held in accordance with the agreement at any place"),
        ("sec_303/subsec_b", "in accordance with Article 3 of the Inter-American Convention."),
        ("sec_305/para_1", "the Inter-American Convention shall apply."),
        ("sec_305/para_2", "In all other cases the Convention on the Recognition and Enforcement of Foreign"),
        ("sec_306/subsec_a", "promulgated by the Commission on July 1, 1988"),
        ("sec_306/subsec_b", "may prescribe that such modifications or amendments shall be effective"),
    ],
)
def test_usc_ch3_undated_units_start_at_the_expression_date(usc, eid, words):
    # No <lifecycle>, no eventRef. Line 22: <FRBRExpression> <FRBRdate date="2013-07-26" name="Chapter 3 of Title 9
    # (July 26, 2013)"/>. ss. 303, 305, 306 carry no sourceCredit block (lines 105-173): nothing says which act made
    # them or when. s. 306(a)'s <date date="1988-07-01"> (line 163) dates the Commission's rules, not the law.
    (version,) = usc.versions(f"{TITLE9}/{eid}")
    assert (version.valid_from, version.valid_until, version.opened_by.type, version.opened_by.source) == (
        "2013-07-26",
        None,
        "started-without-recorded-act",
        None,
    )
    assert version.opened_by.evidence == [USC_SHOWN]
    for before in ("1988-07-01", "2000-01-01", "2013-07-25"):
        answer = usc.text_at(f"{TITLE9}/{eid}", before)
        assert (answer.status, answer.text) == ("outside-coverage", None)
    shown = usc.text_at(f"{TITLE9}/{eid}", "2013-07-26")
    assert shown.status == "in-force"
    if words:
        assert words in " ".join(shown.text.split())


def test_usc_ch3_is_not_cited_by_its_type_label(usc):
    # line 13: <FRBRsubtype value="title"/>, line 15: <FRBRname value="title"/>: the work's type, not its name; line
    # 14: <FRBRnumber value="title_9"/>
    citation = usc.text_at(f"{TITLE9}/sec_303/subsec_a", "2013-07-26").citation
    assert not citation.startswith("title,") and citation.startswith("title_9, § 303.")


@pytest.mark.parametrize("eid", ["sec_301", "sec_302", "sec_304", "sec_307"])
def test_usc_ch3_sections_credited_to_pub_l_101_369_name_it(usc, eid):
    # line 91: <block name="sourceCredit">(Added <ref href="/akn/us/act/pl_101/369/eng@1990-08-15#sec_1">Pub. L.
    # 101-369, § 1 , Aug. 15, 1990</ref>, <ref href="/akn/us/act/stat_104/448">104 Stat. 448</ref>.)</block> (the same
    # at 101, 130, 179). A US Code credit lists every act that made or changed the words: only "Added" here, so the
    # words are those Pub. L. 101-369 added. When that law took effect the file does not say.
    (version,) = usc.versions(f"{TITLE9}/{eid}")
    assert version.opened_by.type != "started-without-recorded-act"
    assert [source for source in version.opened_by.sources if "pl_101/369" in source]
    assert (version.opened_by.type, version.opened_by.sources) == (
        "insertion",
        [f"{BASE}/eli/ref/akn/us/act/pl_101/369"],
    )
    assert version.opened_by.evidence[0].startswith("us_Title9-Chap3-eng.xml:")
    # the insertion's day is not given: the text is shown from the expression's date, at the latest; what it read
    # before is not known, never "not yet in force"
    assert version.valid_from == "2013-07-26"
    assert usc.text_at(f"{TITLE9}/{eid}", "2013-07-25").status == "outside-coverage"
    rows = usc.store.sparql(
        f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> ASK {{ <{version.opened_by.event}> lex:dateAtLatest true }}"
    )
    assert bool(rows)


def test_usc_ch3_source_credit_is_not_the_words_of_the_section(usc):
    # line 89: <p> The <ref ...>Inter-American Convention on International Commercial Arbitration of January 30,
    # 1975</ref>, shall be enforced in United States courts in accordance with this <ref>chapter</ref>. </p>; line 91:
    # <block name="sourceCredit">(Added ... Pub. L. 101-369 ...)</block>: the Law Revision Counsel's credit
    answer = usc.text_at(f"{TITLE9}/sec_301", "2013-07-26")
    assert answer.heading == "Enforcement of Convention"
    assert answer.text.startswith("The Inter-American Convention on International Commercial Arbitration")
    assert answer.text.endswith("in accordance with this chapter.")
    assert "Pub. L." not in answer.text and "Stat." not in answer.text


def test_usc_ch3_long_after_is_as_last_known(usc):
    # line 22: the expression is chapter 3 as of July 26, 2013; line 29: <FRBRdate date="2014-10-07" name="Chapter 3
    # of Title 9 (July 26, 2013) -- XML Markup"/>. Nothing vouches for 2020.
    later = usc.text_at(f"{TITLE9}/sec_305/para_1", "2020-01-01")
    assert later.status == "as-last-known" and "the Inter-American Convention shall apply." in later.text
    strict = usc.text_at(f"{TITLE9}/sec_305/para_1", "2020-01-01", strict=True)
    assert (strict.status, strict.text) == ("outside-coverage", None)


def test_usc_ch3_markup_of_the_july_2013_text_vouches_for_july_2013(usc):
    # line 22: <FRBRdate date="2013-07-26" name="Chapter 3 of Title 9 (July 26, 2013)"/>; line 29: <FRBRdate
    # date="2014-10-07" name="Chapter 3 of Title 9 (July 26, 2013) -- XML Markup"/>
    answer = usc.text_at(f"{TITLE9}/sec_303/subsec_a", "2014-01-01")
    assert (answer.status, answer.current_to) == ("as-last-known", "2013-07-26")


# -- US Public Law 112-61 (America's Cup Act of 2011) ------------------------------------------------------------
PL_FILE = OASIS / "us_Act_2011-11-29.xml"
PL = f"{BASE}/eli/us/act/2011-11-29/112-61"
PL_ENACTED = "us_Act_2011-11-29.xml:46: lifecycle eventRef eref_1 (enactment) on 2011-11-29"


@pytest.fixture(scope="module")
def pl(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(PL_FILE)
    store, _summary = ingested_copy([PL_FILE], tmp_path_factory, "pl112-61")
    lex = open_lex(store)
    yield lex
    lex.close()


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        ("sec_1", "This Act may be cited as the ``America's Cup Act of 2011 ''."),
        ("sec_2/list_1/point_1", "The term ``34th America's Cup''--"),
        ("sec_2/list_1/point_1_list_1/point_a", "governing Deed of Gift, dated October 24, 1887; and"),
        ("sec_2/list_1/point_1_list_1/point_b", "during the 1-year period beginning on the last date of such defense."),
        ("sec_2/list_1/point_2", "independent, professional, and neutral race management"),
        ("sec_2/list_1/point_3", "means a certification issued under section 4."),
        ("sec_2/list_1/point_4/list_1/point_b", "transports not more than 25 individuals, in addition to the crew;"),
        ("sec_2/list_1/point_4/list_1/point_c", "is not a ferry (as defined under section 2101(10b) of title 46"),
        ("sec_3", "Notwithstanding sections 55102, 55103, and 55111 of title 46"),
        ("sec_4/point_a", "A vessel may not operate under section 3 unless the vessel has received"),
        ("sec_4/point_b", "in his or her sole discretion, meets the requirements set forth in section 2(4)."),
        ("sec_6", "shall be subject to the applicable penalties provided in chapters 121 and 551 of title 46"),
    ],
)
def test_pl_112_61_in_force_on_approval(pl, eid, words):
    # line 46: <eventRef eId="eref_1" date="2011-11-29" source="#ro1" type="generation" refersTo="#enterInForce"/>;
    # line 71: <docDate date="2011-11-29">NOV. 29, 2011</docDate>; line 279: "Approved <date date="2011-11-29">
    # November 29, 2011</date>." No effective-date section: the Act takes effect on approval.
    (version,) = pl.versions(f"{PL}/{eid}")
    assert (version.valid_from, version.valid_until, version.opened_by.type, version.opened_by.source) == (
        "2011-11-29",
        None,
        "enactment",
        PL,
    )
    assert version.opened_by.evidence == [PL_ENACTED]
    now = pl.text_at(f"{PL}/{eid}", "2011-11-29")
    assert now.status == "in-force" and words in " ".join(now.text.split())
    before = pl.text_at(f"{PL}/{eid}", "2011-11-28")
    assert (before.status, before.text, before.valid_from) == ("not-yet-in-force", None, "2011-11-29")


def test_pl_112_61_a_malformed_eid_keeps_its_place(pl):
    # line 120: <point eId="sec_2__list_1__point_1_list_1__point_a"> (one underscore before "list_1") sits inside
    # point (1)'s <list eId="sec_2__list_1__point_1__list_1"> (line 119): s. 2(1)(A) is part of s. 2(1).
    below = {item.unit for item in pl.descendants(f"{PL}/sec_2/list_1/point_1", "2011-12-01").items}
    assert {f"{PL}/sec_2/list_1/point_1_list_1/point_a", f"{PL}/sec_2/list_1/point_1_list_1/point_b"} <= below


def test_pl_112_61_references_are_not_modifications(pl):
    # lines 50-51: <activeRef eId="ra1" ... showAs="Act on ALFA"/>, <activeRef eId="ra2" ... "Act on BETA"/>; s. 3
    # (line 225) "Notwithstanding sections 55102, 55103, and 55111 of title 46": no <analysis>, no textualMod. The
    # Act changes no other act's words.
    impact = pl.impact(PL)
    assert {item.provision for item in impact.items if not item.provision.startswith(PL)} == set()
    assert {item.type for item in impact.items} == {"enactment"}
    later = pl.text_at(f"{PL}/sec_5", "2013-01-01")
    assert later.status == "as-last-known"  # nothing in the file vouches for 2013


def test_pl_112_61_an_editorial_page_marker_is_not_a_provision(pl):
    # line 215: <section eId="page" status="editorial"><content eId="page_content"><p>Page 125 STAT. 754<omissis/>
    units = {item.unit for item in pl.descendants(PL, "2011-12-01").items}
    assert f"{PL}/page" not in units
    assert pl.text_at(f"{PL}/page", "2011-12-01").status == "unknown-reference"


def test_pl_112_61_original_version_is_current_only_to_its_approval(pl):
    # line 5: <act contains="originalVersion" name="publicLaw">; lines 23 and 30: the expression and manifestation
    # were generated by the editor on 2012-05-09 from the Act as approved on 2011-11-29 (line 279)
    answer = pl.text_at(f"{PL}/sec_4/point_a", "2012-01-01")
    assert (answer.status, answer.current_to) == ("as-last-known", "2011-11-29")


def test_pl_112_61_is_cited_by_its_name(pl):
    # line 16: <FRBRname value="publicLaw"/> is a type label; line 74-75: "Public Law <docNumber>112-61</docNumber>";
    # line 103: "This Act may be cited as the ``<shortTitle>America's Cup Act of 2011</shortTitle> ''."
    citation = pl.text_at(f"{PL}/sec_4/point_a", "2011-12-01").citation
    assert not citation.startswith("publicLaw")
    assert "America's Cup Act of 2011" in citation or "112-61" in citation


# -- Italy: D.Lgs. 82/2005 (CAD), Normattiva text in force on 2025-01-30: more commi --------------------------------
IT_REF = f"{BASE}/eli/ref/akn/it/act"
DLGS_235_2010 = f"{IT_REF}/decreto_legislativo/stato/2010-12-30/235"
DLGS_217_2017 = f"{IT_REF}/decreto_legislativo/stato/2017-12-13/217"
DL_95_2012 = f"{IT_REF}/decreto_legge/stato/2012-07-06/95"
DL_77_2021 = f"{IT_REF}/decreto_legge/stato/2021-05-31/77"
DL_152_2021 = f"{IT_REF}/decreto_legge/stato/2021-11-06/152"


@pytest.mark.parametrize(
    ("eid", "date", "source"),
    [
        # line 3392 <paragraph eId="art_2__para_2-bis">, line 3395: "COMMA ABROGATO DAL <ref
        # href="/akn/it/act/decretoLegislativo/stato/2010-12-30/235/!main">D.LGS. 30 DICEMBRE 2010, N. 235</ref>";
        # line 2867 <passiveRef eId="rp15" href="/akn/it/act/DECRETO_LEGISLATIVO/stato/2010-12-30/235/!main"/>;
        # line 71 <eventRef date="2011-01-10" eId="eventRef_15" source="rp15"/>
        ("art_2/para_2-bis", "2011-01-10", DLGS_235_2010),
        # line 4865 <paragraph eId="art_20__para_2">, line 4868: the same words and ref; rp15 -> eventRef_15
        ("art_20/para_2", "2011-01-10", DLGS_235_2010),
        # line 3533 <paragraph eId="art_3-bis__para_2">, line 3536: "COMMA ABROGATO DAL <ref
        # href=".../decretoLegislativo/stato/2017-12-13/217/!main">D.LGS. 13 DICEMBRE 2017, N. 217</ref>"; line 2886
        # <passiveRef eId="rp34" .../2017-12-13/217/!main"/>; line 90 <eventRef date="2018-01-12" source="rp34"/>
        ("art_3-bis/para_2", "2018-01-12", DLGS_217_2017),
        # line 3471 <paragraph eId="art_3__para_1-quater">, line 3475: <ins eId="ins_14">((COMMA ABROGATO DAL D.LGS.
        # 13 DICEMBRE 2017, N. 217))</ins>: no ref, the act named in words only; rp34 -> eventRef_34 (2018-01-12)
        ("art_3/para_1-quater", "2018-01-12", DLGS_217_2017),
        # line 3644 <paragraph eId="art_5__para_2-bis">, line 3647: "COMMA ABROGATO DAL <ref
        # href="/akn/it/act/decretoLegge/stato/2021-11-06/152/!main">D.L. 6 NOVEMBRE 2021, N. 152</ref>"; line 2898
        # <passiveRef eId="rp46" href="/akn/it/act/DECRETO-LEGGE/stato/2021-11-06/152/!main"/>; line 102
        # <eventRef date="2021-11-06" eId="eventRef_46" source="rp46"/>
        ("art_5/para_2-bis", "2021-11-06", DL_152_2021),
        # line 4437 <paragraph eId="art_15__para_3-bis">, line 4440: "COMMA ABROGATO DAL <ref href=".../decretoLegge/
        # stato/2012-07-06/95/!main">D.L. 6 LUGLIO 2012, N. 95</ref>, CONVERTITO CON MODIFICAZIONI DALLA <ref>L. 7
        # AGOSTO 2012, N. 135</ref>": the decree repealed it (the law converted the decree; no passiveRef of its own);
        # line 2873 <passiveRef eId="rp21" .../DECRETO-LEGGE/stato/2012-07-06/95/!main"/>; line 77 <eventRef
        # date="2012-07-06" eId="eventRef_21" source="rp21"/>
        ("art_15/para_3-bis", "2012-07-06", DL_95_2012),
    ],
)
def test_cad_a_comma_shown_as_abrogato_is_repealed_on_its_acts_event(cad, eid, date, source):
    answer = cad.text_at(f"{CAD}/{eid}", "2025-01-30")
    assert (answer.status, answer.text, answer.version) == ("repealed", None, None)
    assert (answer.closed_by.type, answer.closed_by.date, answer.closed_by.source) == ("repeal", date, source)
    assert cad.versions(f"{CAD}/{eid}") == []  # its words before the repeal are not in the file
    # before the code entered into force nothing of it was (line 2946: "Entrata in vigore ...: 1/1/2006")
    assert cad.text_at(f"{CAD}/{eid}", "2005-06-01").status == "not-yet-in-force"
    assert f"{CAD}/{eid}" in {item.provision for item in cad.impact(source).items}


def test_cad_a_repeal_names_what_dated_it(cad):
    # line 3395: "COMMA ABROGATO DAL <ref ...2010-12-30/235/!main>"; line 71 <eventRef date="2011-01-10"
    # eId="eventRef_15" source="rp15"/>: what ended comma 2-bis of art. 2, and when
    closed = cad.text_at(f"{CAD}/art_2/para_2-bis", "2025-01-30").closed_by
    assert closed.evidence and closed.evidence[0].startswith("20050516_005G0104_VIGENZA_20250130.xml:")


def test_cad_an_inserted_comma_no_act_is_named_for_starts_without_a_recorded_act(cad):
    # line 8272 <paragraph eId="art_69__para_2-bis">, line 8275: "Al medesimo fine di cui al comma 2, il codice
    # sorgente, la documentazione ...", wrapped by eId-less paragraphs "((" (line 8269) and "))" (line 8280). Line 2618:
    # <textualMod eId="pmod_270" type="insertion"> <source href="#"/> <destination href="#ins_271"/> (no such element)
    # <new>((2-bis. Al medesimo fine ...))</new>: inserted by an act the file does not name, on a day it does not give.
    comma = f"{CAD}/art_69/para_2-bis"
    (version,) = cad.versions(comma)
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (
        "2025-01-30",
        "started-without-recorded-act",
        None,
    )
    assert cad.text_at(comma, "2024-12-31").status == "outside-coverage"
    now = cad.text_at(comma, "2025-01-30")
    assert now.status == "in-force" and now.text.startswith("Al medesimo fine di cui al comma 2, il codice sorgente")
    # the "((" and "))" markers are no units of art. 69 and no words of it
    below = cad.descendants(f"{CAD}/art_69", "2025-01-30").items
    assert [item.unit for item in below] == [f"{CAD}/art_69/para_1", f"{CAD}/art_69/para_2", comma]
    assert not [item.unit for item in below if (item.text or "").strip() in ("((", "))")]
    assert not now.text.endswith("))") and "((" not in now.text
    assert any(n.startswith(f"{CAD_FILE}:2618: textualMod pmod_270 changes #ins_271") for n in cad.summary.notices)


def test_cad_a_comma_whose_periods_were_suppressed_dates_from_that_act(cad):
    # line 4648 <paragraph eId="art_17__para_1-quater">; line 4652: "... per l'esercizio dei poteri di cui
    # all'articolo 18-bis. PERIODO SOPPRESSO DAL <ref href="/akn/it/act/decretoLegge/stato/2021-05-31/77/!main">D.L.
    # 31 MAGGIO 2021, N. 77</ref>." (three times, refs content__ref_149..151); no <ins> in the comma. Line 2895:
    # <passiveRef eId="rp43" .../DECRETO-LEGGE/stato/2021-05-31/77/!main"/>; line 99: <eventRef date="2021-05-31"
    # eId="eventRef_43" source="rp43"/>. The words as shown are those in force since that change.
    (version,) = cad.versions(f"{CAD}/art_17/para_1-quater")
    assert (version.valid_from, version.opened_by.date, version.opened_by.source) == (
        "2021-05-31",
        "2021-05-31",
        DL_77_2021,
    )
    assert cad.text_at(f"{CAD}/art_17/para_1-quater", "2022-01-01").status == "in-force"


def test_cad_a_suppressed_period_placeholder_is_not_law(cad):
    # line 4652: "PERIODO SOPPRESSO DAL <ref ...>D.L. 31 MAGGIO 2021, N. 77</ref>." where the suppressed periods stood
    answer = cad.text_at(f"{CAD}/art_17/para_1-quater", "2025-01-30")
    assert answer.status == "in-force"
    assert "per l'esercizio dei poteri di cui all'articolo 18-bis." in answer.text
    assert "PERIODO SOPPRESSO" not in answer.text
