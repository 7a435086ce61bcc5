"""A note dating a change of a provision's words after the day its period shows it from: the text held carries that
change (the note's reference is on its words), so it was not in force before the change. The two sources disagree;
the text is shown from the note's date, what was in force before is not known (outside coverage), and the
disagreement is reported with the file and line. One rule, checked on every file of ../shared/data it applies to
(SCA 1981 Part VI, GLA 1999 Part III, the DPA 1998); every expected value is read from the XML, quoted."""

from __future__ import annotations

import pytest
from conftest import BASE, DPA, SHARED_DATA, UKPGA, needs_shared, open_lex
from templates import ingested_copy

SCA_FILE = SHARED_DATA / "clml" / "ukpga-1981-54-part-VI-2020-08-03.xml"
SCA = f"{BASE}/eli/gb-ukm/act/1981-07-28/54"
GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"
REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"


@pytest.fixture(scope="module")
def lex(tmp_path_factory: pytest.TempPathFactory):
    for path in (SCA_FILE, GLA_FILE, UKPGA):
        needs_shared(path)
    store, summary = ingested_copy([SCA_FILE, GLA_FILE, UKPGA], tmp_path_factory, "after-period")
    instance = open_lex(store)
    instance.notices = summary.notices  # type: ignore[attr-defined]
    yield instance
    instance.close()


@pytest.mark.parametrize("path", ["section-140-3", "section-140-5"])
def test_sca_s140_words_substituted_on_28_8_2000_after_the_period_of_25_8_2000(lex, path):
    # line 539: <P1group RestrictEndDate="2020-12-01" RestrictExtent="E+W" RestrictStartDate="2000-08-25"> around
    # s. 140; lines 578 and 590: (3) and (5) each hold <Addition CommentaryRef="c12336921">sections 139 and 140 of the
    # Powers of Criminal Courts (Sentencing) Act 2000</Addition>; note c12336921 (line 1444): "Words in s. 140(3)(5)
    # substituted (28.8.2000) by 2000 c. 6, ss. 165(1), 168(1), Sch. 9 para. 88"
    provision = f"{SCA}/{path}"
    (version,) = lex.versions(provision)
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (
        "2000-08-28",
        "substitution",
        f"{REF}/ukpga/2000/6",
    )
    assert "Powers of Criminal Courts (Sentencing) Act 2000" in lex.text_at(provision, "2000-08-28").text
    # between the period's start and the note's date the words held did not exist yet: what was in force is unknown
    assert lex.text_at(provision, "2000-08-26").status == "outside-coverage"
    reported = "section-140-3 on 2000-08-28, after the day its period shows it from, 2000-08-25"
    assert any(reported in notice for notice in lex.notices)


def test_sca_s140_itself_still_starts_on_its_period(lex):
    # the note is on words of (3) and (5), not of s. 140's own words (line 540: "<Pnumber>140</Pnumber>"): s. 140 is
    # shown from its P1group's RestrictStartDate 2000-08-25 (line 539)
    (version,) = lex.versions(f"{SCA}/section-140")
    assert version.valid_from == "2000-08-25"


@pytest.mark.parametrize(
    ("path", "quoted"),
    [
        # line 369-371: (a)'s number and words are <Substitution CommentaryRef="key-285ed9...">; the note (line 4399):
        # "S. 85(5)(a) substituted (3.12.2011) by Localism Act 2011 (c. 20), ss. 76(5), 240(2)"; (5) has
        # RestrictStartDate="2007-10-30" (line 366)
        ("section-85-5-a", "2011-12-03"),
        # (4)(b) carries key-31d0... and key-0bee...: "Words in s. 85(4)(b) substituted (3.12.2011) by Localism Act
        # 2011" (line 4411) and "Words in s. 85(4)(b) inserted (3.12.2011)" (line 4414); (4): RestrictStartDate
        # "2007-10-30"
        ("section-85-4-b", "2011-12-03"),
    ],
)
def test_gla_s85_texts_changed_by_the_localism_act_are_not_in_force_in_2007(lex, path, quoted):
    provision = f"{GLA}/{path}"
    (version,) = lex.versions(provision)
    assert (version.valid_from, version.opened_by.source) == (quoted, f"{REF}/ukpga/2011/20")
    assert lex.text_at(provision, "2010-01-01").status == "outside-coverage"  # not the 2011 words in 2010
    assert lex.text_at(provision, "2012-01-01").status == "in-force"


def test_dpa_sch11_para4A_inserted_on_5_5_2010_not_from_its_period_of_18_1_2010(lex):
    # line 17061: <paragraph eId="schedule-11-paragraph-4A" period="#period19">; period19 (line 1426) starts at
    # #effective-date-14 (18.1.2010); note (line 3048): "Sch. 11 para. 4A inserted (5.5.2010) by The Local Education
    # Authorities and Children's Services Authorities (Integration of Functions) Order 2010 (S.I. 2010/1158)"
    provision = f"{DPA}/schedule-11-paragraph-4A"
    (version,) = lex.versions(provision)
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (
        "2010-05-05",
        "insertion",
        f"{REF}/uksi/2010/1158",
    )
    # inserted as a whole: before its insertion it did not exist
    assert lex.text_at(provision, "2010-02-01").status == "not-yet-in-force"


def test_dpa_s55E_inserted_for_certain_purposes_first_keeps_its_first_date(lex):
    # line 2330: "Ss. 55A - 55E and cross-heading inserted (1.10.2009 for certain purposes and 1.4.2010 to the extent
    # that it is not already in force)"; line 2352: "S. 55E inserted (1.10.2009)": its words existed from 1.10.2009,
    # before its period's start (18.1.2010), so the full effect of 1.4.2010 is no later making of them
    versions = lex.versions(f"{DPA}/section-55E")
    assert versions[0].valid_from == "2009-10-01"


def test_gla_s85_4_a_undated_changes_by_the_gla_act_2007_and_the_dated_one_of_2011(lex):
    # line 4276: "Words in s. 85(4)(a) substituted (E.W.) (with effect in accordance with s. 59(6) of the amending Act)
    # by Greater London Authority Act 2007 (c. 24), ss. 12(4)(a), 59(4)": the <CitationSubRef> of s. 59(6) comes
    # before the <Citation> of the Act; it names a provision of that Act, not an act of its own. Line 4405: "Words in
    # s. 85(4)(a) substituted (3.12.2011) by Localism Act 2011 (c. 20), ss. 76(4)(a)": the text held carries it
    provision = f"{GLA}/section-85-4-a"
    (version,) = lex.versions(provision)
    assert (version.valid_from, version.opened_by.source) == ("2011-12-03", f"{REF}/ukpga/2011/20")
    gla_2007 = lex.impact(f"{REF}/ukpga/2007/24")
    assert provision in {item.provision for item in gla_2007.items}
    phantom = lex.impact(f"{REF}/ukpga/2007/24/section/59/6")
    assert phantom.items == []


@pytest.mark.parametrize(
    ("provision", "partly", "wholly"),
    [
        # line 4052: "S. 128 wholly in force at 3.7.2000; s. 128 not in force at Royal Assent see s. 425(2); s. 128 in
        # force for specified purposes at 8.5.2000"
        (f"{GLA}/section-128", "2000-05-08", "2000-07-03"),
        # line 3859: "S. 82 partly in force; ... s. 82(3) in force for certain purposes at 12.1.2000 by S.I.
        # 1999/3434, art. 2; s. 82(3) in force (1.1.2001) in so far as not already in force by S.I. 2000/3379"
        (f"{GLA}/section-82-3", "2000-01-12", "2001-01-01"),
    ],
)
def test_commenced_for_some_purposes_then_wholly_is_partly_in_force_between(lex, provision, partly, wholly):
    assert lex.versions(provision)[0].valid_from == wholly
    assert lex.text_at(provision, partly).status == "partly-in-force"
    assert lex.text_at(provision, wholly).status == "in-force"
