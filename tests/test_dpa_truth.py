"""Legal truth on the Data Protection Act 1998 (legislation.gov.uk export): which act made each text, when.

Every expected value here was read from ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml by hand: the
provision's @period (temporalGroup -> timeInterval -> eventRef dates), the commentary notes its own words point
at (F: textual amendment, I: commencement information, C: modification) and s. 75 (commencement). The note is
quoted beside each check, with its eId.
"""

from __future__ import annotations

import pytest
from conftest import BASE, DPA

REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"
SI_2000_183 = f"{REF}/uksi/2000/183"  # the commencement order for 1.3.2000
SI_2003_1887 = f"{REF}/uksi/2003/1887"
SI_2010_22 = f"{REF}/uksi/2010/22"
SI_2015_312 = f"{REF}/uksi/2015/312"
SI_2015_1945 = f"{REF}/uksi/2015/1945"
FOIA_2000 = f"{REF}/ukpga/2000/36"  # Freedom of Information Act 2000 (2000 c. 36)
CJIA_2008 = f"{REF}/ukpga/2008/4"  # Criminal Justice and Immigration Act 2008


def versions(lex, eid: str) -> list[tuple]:
    return [
        (v.valid_from, v.valid_until, v.opened_by.type, v.opened_by.source, v.closed_by and v.closed_by.type)
        for v in lex.versions(f"{DPA}/{eid}")
    ]


def test_s4_commenced_on_1_3_2000_is_not_yet_in_force_before(dpa_lex):
    # section-4 period3 = [effective-date-2 = 2000-03-01, open); no note on it. s. 75(3): "The remaining provisions
    # of this Act shall come into force on such day as the Secretary of State may by order appoint".
    assert versions(dpa_lex, "section-4") == [("2000-03-01", None, "commencement", None, None)]
    before = dpa_lex.text_at(f"{DPA}/section-4", "1999-06-01")
    assert (before.status, before.valid_from, before.opened_by.type) == (
        "not-yet-in-force",
        "2000-03-01",
        "commencement",
    )
    assert before.text is None
    now = dpa_lex.text_at(f"{DPA}/section-4-1", "2005-01-01")
    assert now.text == (
        "References in this Act to the data protection principles are to the principles set out in Part I of "
        "Schedule 1."
    )


def test_s7_commenced_by_si_2000_183_and_its_2016_application_is_a_modification(dpa_lex):
    # I1 (c18185001): "S. 7 wholly in force at 1.3.2000; ... by S.I. 2000/183, art. 2(1)".
    # C53 (key-04f0...): "S. 7 applied (1.1.2016) by ... (S.I. 2015/1945), regs. 1(2), 15(1)": section-7's
    # @period starts 2016-01-01 for that reason alone; no words of s. 7 changed then.
    assert versions(dpa_lex, "section-7") == [("2000-03-01", None, "commencement", SI_2000_183, None)]
    answer = dpa_lex.text_at(f"{DPA}/section-7", "2016-06-01")
    assert answer.opened_by.sources == [SI_2000_183]
    rows = dpa_lex.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?date ?source ?provision WHERE { "
        f"?e a lex:Modification ; lex:affects <{DPA}/section-7> ; lex:date ?date ; lex:sourceAct ?source ; "
        "lex:sourceProvision ?provision }"
    )
    applied = {(r["date"].value, r["source"].value, r["provision"].value) for r in rows}
    assert ("2016-01-01", SI_2015_1945, "http://www.legislation.gov.uk/id/uksi/2015/1945/regulation/1/2") in applied
    # the regulation's impact: it modified s. 7 (and s. 9, the note at line 3414), it changed no words
    impact = dpa_lex.impact(SI_2015_1945)
    assert {(i.provision, i.effect, i.date) for i in impact.items} >= {(f"{DPA}/section-7", "modified", "2016-01-01")}
    assert {i.effect for i in impact.items} == {"modified"}
    # the same I1 note: "s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i)": before 1.3.2000 it was
    # in force for those purposes only (tests/test_extent_commencement.py)
    assert dpa_lex.text_at(f"{DPA}/section-7", "1999-12-31").status == "partly-in-force"


def test_s7_1_words_substituted_by_foia_2000_from_1_1_2005(dpa_lex):
    # F11 (c18185032): "Words in s. 7(1) substituted (30.11.2000 for certain purposes and otherwise 1.1.2005) by
    # 2000 c. 36, ss. 69(1), 87(1)(3)". The words: "... and to <ins>sections 8, 9 and 9A</ins>, an individual".
    assert versions(dpa_lex, "section-7-1") == [("2005-01-01", None, "substitution", FOIA_2000, None)]
    answer = dpa_lex.text_at(f"{DPA}/section-7-1", "2010-01-01")
    assert answer.text == (
        "Subject to the following provisions of this section and to sections 8, 9 and 9A, an individual is entitled—"
    )
    event = answer.opened_by.event
    rows = dpa_lex.store.sparql(
        f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?p WHERE {{ <{event}> lex:sourceProvision ?p }}"
    )
    assert "http://www.legislation.gov.uk/id/ukpga/2000/36/section/69/1" in {r["p"].value for r in rows}
    assert dpa_lex.text_at(f"{DPA}/section-7-1", "2004-06-01").status == "outside-coverage"


@pytest.mark.parametrize("eid", ["section-10", "section-10-1", "section-10-1-a", "section-10-3"])
def test_s10_and_its_unamended_parts_date_from_their_commencement(dpa_lex, eid):
    # section-10 period9 starts 2003-08-19 only because of F18 in s. 10(2)(b). I4 (c18185281): "S. 10 wholly in
    # force at 1.3.2000; ... by S.I. 2000/183, art. 2(1)". No note touches s. 10(1), (1)(a) or (3).
    assert versions(dpa_lex, eid) == [("2000-03-01", None, "commencement", SI_2000_183, None)]
    assert dpa_lex.text_at(f"{DPA}/{eid}", "2001-01-01").status == "in-force"


def test_s10_2_b_substituted_by_si_2003_1887(dpa_lex):
    # F18 (c18461641): "Words in s. 10 substituted (19.8.2003) by ... (S.I. 2003/1887), art. 9, Sch. 2 para.
    # 9(1)(a)", pointed at from s. 10(2)(b)'s words "<ins class="substitution d29p1021">Secretary of State</ins>".
    assert versions(dpa_lex, "section-10-2-b") == [("2003-08-19", None, "substitution", SI_2003_1887, None)]
    answer = dpa_lex.text_at(f"{DPA}/section-10-2-b", "2010-01-01")
    assert answer.text == "in such other cases as may be prescribed by the Secretary of State by order."
    before = dpa_lex.text_at(f"{DPA}/section-10-2-b", "2001-01-01")
    assert before.status == "outside-coverage" and before.text is None  # the earlier words are not in the file


def test_foia_2000_made_no_change_on_19_8_2003(dpa_lex):
    # Every change the notes attribute to 2000 c. 36 took effect on 30.11.2000, 30.1.2001, 14.5.2001, 30.11.2002
    # ("Words in s. 34 inserted (30.11.2002) by 2000 c. 36, ss. 72, 87(3)") or 1.1.2005; 19.8.2003 is S.I. 2003/1887.
    impact = dpa_lex.impact(FOIA_2000)
    dates = {item.date for item in impact.items}
    assert dates and dates <= {"2000-11-30", "2001-01-30", "2001-05-14", "2002-11-30", "2005-01-01"}
    assert f"{DPA}/section-10" not in {item.provision for item in impact.items}


def test_s12A_temporary_insertion_by_the_act_itself_expires(dpa_lex):
    # F216 (c18185341): "S. 12A inserted (temp. from 1.3.2000 to 23.10.2007) by 1998 c. 29, s. 72, Sch. 13
    # para. 1; S.I. 2000/183, art. 2(1)": the Act itself (s. 72) inserted it; it lapsed after 23.10.2007.
    assert versions(dpa_lex, "section-12A") == [("2000-03-01", "2007-10-24", "insertion", DPA, "expiry")]
    assert versions(dpa_lex, "section-12A-1") == [("2000-03-01", "2007-10-24", "insertion", DPA, "expiry")]
    after = dpa_lex.text_at(f"{DPA}/section-12A", "2008-01-01")
    assert (after.status, after.valid_until, after.closed_by.type) == ("ended", "2007-10-24", "expiry")
    assert dpa_lex.text_at(f"{DPA}/section-12A", "2000-02-29").status == "not-yet-in-force"


def test_sch5_para17_in_force_on_passing_repealed_by_foia(dpa_lex):
    # schedule-5-paragraph-17 period2 = [1998-07-16, 2001-01-30); s. 75(2)(f) brought "paragraph 17 of Schedule 5"
    # into force on the day the Act was passed. F167 on Sch. 5 Part III: "Sch. 5 Pt. III (ss. 16-17) repealed
    # (30.1.2001) by 2000 c. 36, ss. 86, 87(3), Sch. 8 Pt. II".
    assert versions(dpa_lex, "schedule-5-paragraph-17") == [("1998-07-16", "2001-01-30", "enactment", DPA, "repeal")]
    gone = dpa_lex.text_at(f"{DPA}/schedule-5-paragraph-17", "2005-01-01")
    assert (gone.status, gone.closed_by.type, gone.closed_by.source) == ("repealed", "repeal", FOIA_2000)


def test_s6_3_shown_only_as_omitted_is_repealed_not_in_force(dpa_lex):
    # F9 (c20885431): "S. 6(3)-(6) omitted (18.1.2010) by virtue of ... (S.I. 2010/22)"; the file shows only
    # ". . . ." for s. 6(3): no text of it is held, and it is no law after 18.1.2010.
    assert versions(dpa_lex, "section-6-3") == []
    answer = dpa_lex.text_at(f"{DPA}/section-6-3", "2012-01-01")
    assert (answer.status, answer.closed_by.type, answer.closed_by.source, answer.text) == (
        "repealed",
        "repeal",
        SI_2010_22,
        None,
    )


def test_s55A_inserted_by_cjia_2008(dpa_lex):
    # F89: "S. 55A inserted (1.10.2009 for certain purposes and 6.4.2010 to the extent that it is not already in
    # force) by Criminal Justice and Immigration Act 2008 (c. 4), ss. 144(1), 153".
    (first, *_) = versions(dpa_lex, "section-55A")
    assert first == ("2010-04-06", None, "insertion", CJIA_2008, None)
    assert dpa_lex.text_at(f"{DPA}/section-55A", "2008-01-01").status == "not-yet-in-force"


def test_s56_commenced_by_si_2015_312(dpa_lex):
    # I34: "S. 56 in force at 10.3.2015 in so far as not already in force by S.I. 2015/312, art. 2".
    assert versions(dpa_lex, "section-56") == [("2015-03-10", None, "commencement", SI_2015_312, None)]


def test_s2_a_after_the_consolidation_is_as_last_known(dpa_lex):
    # period1 = [1998-07-16, open); s. 75(2)(a): sections 1 to 3 in force on passing. The export is the
    # expression valid from 2017-10-31, transformed on 2018-01-18 (FRBRManifestation): it vouches for nothing later.
    assert versions(dpa_lex, "section-2-a") == [("1998-07-16", None, "enactment", DPA, None)]
    within = dpa_lex.text_at(f"{DPA}/section-2-a", "2017-12-01")
    assert (within.status, within.text) == ("in-force", "the racial or ethnic origin of the data subject,")
    later = dpa_lex.text_at(f"{DPA}/section-2-a", "2025-01-01")
    assert (later.status, later.current_to, later.text) == (
        "as-last-known",
        "2018-01-18",
        "the racial or ethnic origin of the data subject,",
    )
    assert "as last known" in later.citation and "as in force on" not in later.citation
    strict = dpa_lex.text_at(f"{DPA}/section-2-a", "2025-01-01", strict=True)
    assert (strict.status, strict.text) == ("outside-coverage", None)


def test_texts_carry_no_spaces_the_law_does_not(dpa_lex):
    # section-2: (“<term>sensitive personal data</term>”) in the source
    answer = dpa_lex.text_at(f"{DPA}/section-2", "2010-01-01")
    assert "“sensitive personal data”" in (answer.text or "")
    assert "“ " not in answer.text and " ”" not in answer.text


def test_s52_2_inherits_a_window_its_own_words_do_not_explain(dpa_lex):
    # section-52 period9 starts 2003-08-19 because of F77 in s. 52(3) ("Words in s. 52 substituted (19.8.2003) by
    # ... (S.I. 2003/1887)"); s. 52(2) has no @period and no note: its words are older, and undated
    assert versions(dpa_lex, "section-52-3")[0][2:4] == ("substitution", SI_2003_1887)
    assert versions(dpa_lex, "section-52-2") == [("2003-08-19", None, "started-without-recorded-act", None, None)]
    before = dpa_lex.text_at(f"{DPA}/section-52-2", "2001-01-01")
    assert (before.status, before.text) == ("outside-coverage", None)  # never "not yet in force"
    # s. 52 was amended within on that day, none of its own words: its window starts then without a recorded act
    assert versions(dpa_lex, "section-52")[0][:4] == ("2003-08-19", None, "started-without-recorded-act", None)


def test_what_cannot_be_used_as_written_is_reported_with_file_and_line(dpa_lex, tmp_path, tmp_path_factory):
    # F note at line 2933: "Words in Sch. 7 para. 6(3) substituted (1.11.2007) ...", a day no lifecycle eventRef
    # of the export records (the change is kept, dated as the note says): what the DPA's ingest into a new store
    # reported (the run's shared one, tests/templates.py)
    from conftest import UKPGA
    from templates import template

    _store, summary = template([UKPGA], tmp_path_factory)
    assert any(
        notice.startswith(f"{UKPGA}:2933: a substitution of schedule-7-paragraph-6-3 takes effect on 2007-11-01")
        for notice in summary.notices
    ), summary.notices
    # a textualMod naming an element the document does not have: file, line and the eId
    from conftest import SAMPLES

    from lexrdf.mapping.engine import read_document

    source = (SAMPLES / "expressions" / "open-data-act@2004-07-01.xml").read_text(encoding="utf-8")
    broken = tmp_path / "oda-broken.xml"
    broken.write_text(source.replace('<destination href="#art_2__para_3"/>', '<destination href="#art_2__para_9"/>'))
    (notice,) = read_document(broken).notices
    line = next(n for n, text in enumerate(source.splitlines(), 1) if 'eId="pmod2"' in text)
    assert notice.startswith(f"{broken}:{line}: textualMod pmod2 changes #art_2__para_9, which is no element")


@pytest.mark.parametrize("eid", ["section-7-3", "section-7-3-a", "section-7-3-b"])
def test_s7_3_and_its_paragraphs_came_with_its_substitution_on_14_5_2001(dpa_lex, eid):
    # F12 (c18185101), on s. 7(3)'s number: "S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73, Sch. 6 para. 1
    # ...; S.I. 2001/1637, art. 2(d)". Paragraphs (a) and (b) carry no note of their own: their words are all inside
    # <ins class="d29p663">, the textualMod (type substitution... written "insertion", destination #section-7-3)
    # whose source is that note. So they are no older than 14 May 2001 (the section's @period, from 2016-01-01,
    # and its commencement on 1.3.2000 say nothing of these words).
    assert versions(dpa_lex, eid) == [("2001-05-14", None, "substitution", FOIA_2000, None)]
    before = dpa_lex.text_at(f"{DPA}/{eid}", "2001-01-01")
    assert before.status == "outside-coverage" and before.text is None  # the earlier s. 7(3) is not in the file
    after = dpa_lex.text_at(f"{DPA}/{eid}", "2001-05-14")
    assert after.status == "in-force" and after.opened_by.sources == [FOIA_2000]


# -- what dated each edge (lex:datedBy) ------------------------------------------------------------------------
def test_each_version_names_the_note_that_dated_it_with_file_and_line(dpa_lex):
    # line 1820: <note class="commentary F" eId="c18185101"> "S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73,
    # Sch. 6 para. 1 (with ss. 56, 78); S.I. 2001/1637, art. 2(d)": what dates s. 7(3)(a)'s words.
    (version,) = dpa_lex.versions(f"{DPA}/section-7-3-a")
    assert version.opened_by.evidence == [
        "ukpga-1998-29.xml:1820: note: S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73, Sch. 6 para. 1 (with "
        "ss. 56, 78); S.I. 2001/1637, art. 2(d)"
    ]
    # lineage and text-at say the same of the same version
    (step,) = dpa_lex.lineage(f"{DPA}/section-7-3-a", "2010-01-01").items
    assert step.evidence == version.opened_by.evidence
    assert dpa_lex.text_at(f"{DPA}/section-7-3-a", "2010-01-01").opened_by.evidence == version.opened_by.evidence


def test_a_period_no_note_explains_is_named_as_the_evidence(dpa_lex):
    # line 3904: <section eId="section-4" period="#period3">, from 2000-03-01; no note on s. 4's words or number.
    (version,) = dpa_lex.versions(f"{DPA}/section-4")
    assert version.opened_by.evidence == [
        "ukpga-1998-29.xml:3904: shown in force from 2000-03-01 (its own period), no note dates it"
    ]


def test_an_end_names_what_ended_it(dpa_lex):
    # line 3172: <note class="commentary F" eId="c18185341"> "S. 12A inserted (temp. from 1.3.2000 to 23.10.2007) by
    # 1998 c. 29, s. 72, Sch. 13 para. 1; S.I. 2000/183, art. 2(1)": both its start and its end (expiry on 24.10.2007)
    (version,) = dpa_lex.versions(f"{DPA}/section-12A")
    (start,) = version.opened_by.evidence
    assert start.startswith("ukpga-1998-29.xml:3172: note: S. 12A inserted (temp. from 1.3.2000 to 23.10.2007)")
    assert version.closed_by.evidence == [start]
