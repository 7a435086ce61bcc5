"""Legal truth on four revised CLML fragments: Companies Act 2006 s. 382 with the S.I. that amended its thresholds
(S.I. 2024/1303, reg. 3 as made), the Local Government Finance Act 1992 from two fragments (s. 13A, Sch. 1A) and the
Social Security (Contributions) Regulations 2001 reg. 10.

Every expected value was read from ../shared/data/clml/more/*.xml by hand: the ``RestrictStartDate`` on or around a
unit, the ``Substitution``/``Addition`` markers and the Type F ``Commentary`` their ``CommentaryRef`` names (its words,
its "(d.m.yyyy)" date, its ``Citation`` and the ``CitationSubRef`` marked ``Operative="true"``), the C notes, and the
metadata (``dct:valid``, ``ukm:EnactmentDate``, ``ukm:Made``, ``ukm:ComingIntoForce``). The element and its line are
quoted beside each check (these files put a whole Body on one line: the line is that line, the element is named).

The reading followed where the files are thin: a revised text shows each unit as it reads from the start of its
window; when no note explains that start (no F note dated then, no I note, no commencement) the file says nothing of
the unit before it, so the answer is ``outside-coverage`` and the window opens ``started-without-recorded-act``: it
is never "not yet in force" (the notes prove these units older: "Words in s. 382(3) table substituted", "Pt. 15
applied (with modifications) (6.4.2008)").
"""

from __future__ import annotations

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from lxml import etree
from templates import ingested_copy
from truth import versions

MORE = SHARED_DATA / "clml" / "more"
CA_FILE = MORE / "ukpga-2006-46-section-382.xml"
SI_1303_FILE = MORE / "uksi-2024-1303-regulation-3.xml"
LGFA_FILES = [MORE / "ukpga-1992-14-section-13A.xml", MORE / "ukpga-1992-14-schedule-1A.xml"]
SSCR_FILE = MORE / "uksi-2001-1004-regulation-10.xml"

CA = f"{BASE}/eli/gb-ukm/act/2006-11-08/46"  # ukm:EnactmentDate Date="2006-11-08" (line 45)
SI_1303 = f"{BASE}/eli/gb-ukm/si/2024-12-09/1303"  # ukm:Made Date="2024-12-09" (line 30): held, so its own IRI
LGFA = f"{BASE}/eli/gb-ukm/act/1992-03-06/14"  # ukm:EnactmentDate Date="1992-03-06" (line 25 of both fragments)
SSCR = f"{BASE}/eli/gb-ukm/si/2001-03-15/1004"  # ukm:Made Date="2001-03-15" (line 25)
REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"
LEG = "http://www.legislation.gov.uk/id"
SI_2013_3008 = f"{REF}/uksi/2013/3008"
SI_2025_81 = f"{REF}/uksi/2025/81"
SI_2008_1911 = f"{REF}/uksi/2008/1911"
LGFA_2012 = f"{REF}/ukpga/2012/17"
SI_2017_1305 = f"{REF}/uksi/2017/1305"
SI_2018_1128 = f"{REF}/uksi/2018/1128"
SI_2015_577 = f"{REF}/uksi/2015/577"
SI_2021_157 = f"{REF}/uksi/2021/157"
SI_2026_231 = f"{REF}/uksi/2026/231"
NICA_2022 = f"{REF}/ukpga/2022/16"
NICA_2025 = f"{REF}/ukpga/2025/11"
NS = {"l": "http://www.legislation.gov.uk/namespaces/legislation"}
UNITS = ("Part", "Chapter", "Pblock", "PsubBlock", "Schedule", "P1", "P2", "P3", "P4", "P5")
LEX = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> "


def _open(tmp_path_factory, name, paths):
    for path in paths:
        needs_shared(path)
    store, _summary = ingested_copy(paths, tmp_path_factory, name)
    lex = open_lex(store)
    return lex


@pytest.fixture(scope="module")
def company(tmp_path_factory: pytest.TempPathFactory):
    lex = _open(tmp_path_factory, "company", [CA_FILE, SI_1303_FILE])
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def lgfa(tmp_path_factory: pytest.TempPathFactory):
    lex = _open(tmp_path_factory, "lgfa", LGFA_FILES)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def sscr(tmp_path_factory: pytest.TempPathFactory):
    lex = _open(tmp_path_factory, "sscr", [SSCR_FILE])
    yield lex
    lex.close()


def impact_rows(lex, act: str) -> set[tuple]:
    return {(i.provision, i.type, i.date) for i in lex.impact(act).items}


def source_provisions(lex, provision: str, kind: str) -> set[str]:
    rows = lex.store.sparql(
        f"{LEX}SELECT ?p WHERE {{ ?e a lex:{kind} ; lex:affects <{provision}> ; lex:sourceProvision ?p }}"
    )
    return {row["p"].value for row in rows}


def unit_ids(paths) -> list[str]:
    """Every identified unit of the act's own text in the files (not notes), counted with lxml."""
    found: list[str] = []
    for path in paths:
        root = etree.parse(str(path)).getroot()
        for element in root.iter(*(f"{{{NS['l']}}}{name}" for name in UNITS)):
            if element.get("id") and element.get("id") not in found:
                found.append(element.get("id"))
    return found


# == Companies Act 2006 s. 382 (dct:valid 2026-04-06, line 22; root RestrictStartDate="2026-04-06", line 1) ========


def test_s382_3_table_figures_substituted_by_si_2024_1303_from_6_4_2025(company):
    # line 64: <P2 id="section-382-3"> inside the P1group RestrictStartDate="2025-04-06"; its table holds
    # <Substitution CommentaryRef="lguk-2d49...">Not more than £15 million</Substitution> and <Substitution
    # CommentaryRef="lguk-4e81...">Not more than £7.5 million</Substitution>; both F notes: "Words in s. 382(3) table
    # substituted (6.4.2025) by The Companies (Accounts and Reports) (Amendment and Transitional Provision)
    # Regulations 2024 (S.I. 2024/1303), regs. 1(2), 9(1)(a) [9(1)(b)] (with regs. 2(2), 3)".
    provision = f"{CA}/section-382-3"
    assert versions(company, provision) == [("2025-04-06", None, "substitution", SI_1303, None)]
    now = company.text_at(provision, "2025-06-01")
    assert now.status == "in-force" and now.opened_by.date == "2025-04-06"
    assert now.text.startswith("The qualifying conditions are met by a company in a year in which it satisfies two")
    assert "Not more than £15 million" in now.text and "Not more than £7.5 million" in now.text
    assert "Not more than 50" in now.text  # the employees row, not substituted
    # the figures before 6.4.2025 are not in the file
    before = company.text_at(provision, "2025-04-05")
    assert (before.status, before.text) == ("outside-coverage", None)
    # the S.I.'s impact names the change it made to s. 382(3)
    assert (provision, "substitution", "2025-04-06") in impact_rows(company, SI_1303)


def test_s382_3_substitution_names_the_operative_regulations(company):
    # line 64: CitationSubRef URI=".../uksi/2024/1303/regulation/9/1/a" Operative="true" (note lguk-2d49...) and
    # ".../regulation/9/1/b" Operative="true" (note lguk-4e81...); regs. 1(2) (commencement) and 2(2), 3 ("with")
    # carry no Operative flag
    assert source_provisions(company, f"{CA}/section-382-3", "Substitution") == {
        f"{LEG}/uksi/2024/1303/regulation/9/1/a",
        f"{LEG}/uksi/2024/1303/regulation/9/1/b",
    }


@pytest.mark.parametrize(
    ("eid", "start", "words"),
    [
        ("section-382-1", "2025-04-06", "A company qualifies as small in relation to its first financial year if the"),
        (
            "section-382-7",
            "2025-04-06",
            "This section is subject to section 383 (companies qualifying as small: parent",
        ),
        ("section-382-4", "2025-04-01", "For a period that is a company's financial year but not in fact a year the"),
        ("section-382-5", "2025-04-01", "The balance sheet total means the aggregate of the amounts shown as assets"),
        ("section-382-6-b", "2025-04-01", "add together the monthly totals, and"),
        ("section-382-6-c", "2025-04-01", "divide by the number of months in the financial year."),
    ],
)
def test_s382_unamended_units_read_as_shown_inside_their_window(company, eid, start, words):
    # line 64: s. 382(1), (7) carry no marker and no RestrictStartDate: the P1group's "2025-04-06" is theirs;
    # <P2 id="section-382-4|5|6" RestrictStartDate="2025-04-01">, (6)(a)-(c) inside (6)
    (version,) = company.versions(f"{CA}/{eid}")
    assert (version.valid_from, version.valid_until) == (start, None)
    answer = company.text_at(f"{CA}/{eid}", "2025-06-01")
    assert answer.status == "in-force" and answer.text.startswith(words)


@pytest.mark.parametrize(
    ("eid", "start", "before"),
    [
        ("section-382-1", "2025-04-06", "2013-01-01"),
        ("section-382-7", "2025-04-06", "2025-04-02"),
        ("section-382-4", "2025-04-01", "2025-03-31"),
        ("section-382-6-a", "2025-04-01", "2020-01-01"),
        ("part-15", "2026-04-06", "2025-06-01"),
    ],
)
def test_s382_units_no_note_dates_are_outside_coverage_before_their_window(company, eid, start, before):
    # line 64: <Part id="part-15" RestrictStartDate="2026-04-06">, <Chapter id="part-15-chapter-1"
    # RestrictStartDate="2025-04-06">, the P1group "2025-04-06", s. 382(4)-(6) "2025-04-01". No F note is dated on
    # those days for these units and there is no I note; the C notes show Pt. 15 applied from 6.4.2008, so Pt. 15 and
    # s. 382 were law long before: the file only does not say how they read then.
    (version,) = versions(company, f"{CA}/{eid}")
    assert version == (start, None, "started-without-recorded-act", None, None)
    answer = company.text_at(f"{CA}/{eid}", before)
    assert (answer.status, answer.text) == ("outside-coverage", None)


def test_chapter_1_window_opens_on_the_day_of_the_amendment_within_it(company):
    # line 64: <Chapter id="part-15-chapter-1" RestrictStartDate="2025-04-06">: the day of the F notes on s. 382(3)
    # ("Words in s. 382(3) table substituted (6.4.2025) by ... (S.I. 2024/1303)"), as for s. 382 itself; no note is on
    # the chapter's own words: that day is no amendment of them, and before it the file does not say how it read
    (version,) = versions(company, f"{CA}/part-15-chapter-1")
    assert version == ("2025-04-06", None, "started-without-recorded-act", None, None)
    answer = company.text_at(f"{CA}/part-15-chapter-1", "2025-04-05")
    assert (answer.status, answer.text) == ("outside-coverage", None)


def test_s382_heading_number_and_its_part_and_chapter(company):
    # line 64: <P1group><Title>Companies qualifying as small: general</Title><P1 id="section-382">;
    # <Part id="part-15"><Title>Accounts and reports</Title>; <Chapter ...><Number>Chapter 1</Number><Title>Introduction
    section = company.text_at(f"{CA}/section-382", "2025-06-01")
    assert (section.status, section.heading, section.number) == (
        "in-force",
        "Companies qualifying as small: general",
        "382",
    )
    assert company.text_at(f"{CA}/part-15", "2026-04-06").heading == "Accounts and reports"
    chapter = company.text_at(f"{CA}/part-15-chapter-1", "2025-06-01")
    assert (chapter.status, chapter.heading, chapter.number) == ("in-force", "Introduction", "Chapter 1")
    below = [item.unit for item in company.descendants(f"{CA}/section-382", "2025-06-01").items]
    assert below == [f"{CA}/{eid}" for eid in unit_ids([CA_FILE]) if eid.startswith("section-382-")]


def test_s382_window_opens_on_the_day_of_the_amendment_within_it(company):
    # line 64: the P1group RestrictStartDate="2025-04-06" is the day of the F notes on s. 382(3) ("substituted
    # (6.4.2025) by ... S.I. 2024/1303"), a change within the section, none of its own words (cf. DPA s. 52,
    # test_dpa_truth): the section's text is shown from then, started without a recorded act
    assert versions(company, f"{CA}/section-382") == [("2025-04-06", None, "started-without-recorded-act", None, None)]
    assert company.text_at(f"{CA}/section-382", "2025-04-05").status == "outside-coverage"


def test_s382_1A_and_2_words_as_inserted_and_substituted(company):
    # line 64: <P2 id="section-382-1A"> all inside <Addition CommentaryRef="lguk-c73f...">: "S. 382(1A) inserted (with
    # effect in accordance with reg. 2(2) of the amending S.I.) by ... (S.I. 2013/3008), regs. 2(1), 4(2)(a)";
    # <P2 id="section-382-2"> inside <Substitution CommentaryRef="lguk-943a...">: "S. 382(2) substituted (with effect
    # in accordance with reg. 2(2) ...) by ... (S.I. 2013/3008), regs. 2(1), 4(2)(b)". Neither note gives a date.
    inserted = company.text_at(f"{CA}/section-382-1A", "2025-06-01")
    assert inserted.status == "in-force"
    assert inserted.text == (
        "Subject to subsection (2), a company qualifies as small in relation to a subsequent financial year if the "
        "qualifying conditions are met in that year."
    )
    substituted = company.text_at(f"{CA}/section-382-2", "2025-06-01")
    assert substituted.text.endswith("only if it occurs in two consecutive financial years.")
    # an undated note dates nothing: the window is the P1group's, never an invented day of S.I. 2013/3008
    assert {v.valid_from for v in company.versions(f"{CA}/section-382-1A")} == {"2025-04-06"}


def test_s382_1A_and_2_changes_by_si_2013_3008_are_not_lost(company):
    # line 64: Commentary lguk-c73f... and lguk-943a... (Type F), Citation URI=".../uksi/2013/3008"
    changed = {i.provision for i in company.impact(SI_2013_3008).items}
    assert {f"{CA}/section-382-1A", f"{CA}/section-382-2"} <= changed


def test_s382_4_to_6_applied_by_si_2025_81_is_a_modification_not_new_words(company):
    # line 64: C note lguk-b414...: "S. 382(4)-(6) applied (with modifications) (1.4.2025) by The Clean Heat Market
    # Mechanism Regulations 2025 (S.I. 2025/81), regs. 1(1), 9(5)(a)", CitationSubRef section-382-4 UpTo
    # section-382-6 (so (5) too), referenced from the Pnumber of (4), (5) and (6)
    assert impact_rows(company, SI_2025_81) == {
        (f"{CA}/section-382-{n}", "modification", "2025-04-01") for n in ("4", "5", "6")
    }
    assert {i.effect for i in company.impact(SI_2025_81).items} == {"modified"}
    # s. 382(1)-(3), (7) are outside the range
    assert f"{CA}/section-382-3" not in {i.provision for i in company.impact(SI_2025_81).items}


def test_s382_4_modification_names_the_operative_regulation(company):
    # line 64: CitationSubRef URI=".../uksi/2025/81/regulation/9/5/a" Operative="true"
    assert source_provisions(company, f"{CA}/section-382-4", "Modification") == {f"{LEG}/uksi/2025/81/regulation/9/5/a"}


def test_ss381_384_applied_to_llps_by_si_2008_1911(company):
    # line 64: C note lguk-0358...: "Ss. 381-384 applied (with modifications) (1.10.2008) by The Limited Liability
    # Partnerships (Accounts and Audit) (Application of Companies Act 2006) Regulations 2008 (S.I. 2008/1911), reg. 5
    # (as amended: ...)", CitationSubRef .../uksi/2008/1911/regulation/5 Operative="true"
    assert (f"{CA}/section-382", "modification", "2008-10-01") in impact_rows(company, SI_2008_1911)
    assert source_provisions(company, f"{CA}/section-382", "Modification") >= {f"{LEG}/uksi/2008/1911/regulation/5"}


def test_amendments_of_the_applying_instrument_are_not_modifications_of_s382(company):
    # line 64: "... S.I. 2008/1911, reg. 5 (as amended: ... (E.W.S.) (1.10.2018) by S.I. 2018/1030 ...; (6.4.2025)
    # by S.I. 2024/1303, regs. 1(2), 2(2), 11(2)(3))": the instruments in the parenthesis amended reg. 5. What
    # S.I. 2024/1303 did to s. 382 itself is the substitution in s. 382(3) (notes lguk-2d49..., lguk-4e81...); the
    # units around s. 382(3) (line 44: their RestrictStartDate="2025-04-06") are amended within by that change.
    rows = {(p, t) for p, t, _ in impact_rows(company, SI_1303) if p.startswith(CA)}
    assert {(p, t) for p, t in rows if t != "amendment"} == {(f"{CA}/section-382-3", "substitution")}
    enclosing = {f"{CA}/section-382", f"{CA}/part-15-chapter-1", f"{CA}/part-15-chapter-1-crossheading-companies-"
                 "subject-to-the-small-companies-regime"}  # fmt: skip
    assert {p for p, t in rows if t == "amendment"} <= enclosing
    # and no date inside the parenthesis is a modification of s. 382 by any act it names
    for act in (SI_1303, f"{BASE}/eli/ref/www.legislation.gov.uk/id/uksi/2018/1030"):
        assert not {r for r in impact_rows(company, act) if r[1] == "modification"}


# -- S.I. 2024/1303 reg. 3 as made (ukm:Made 2024-12-09 line 30; ukm:ComingIntoForce 2025-04-06 line 31) --------


@pytest.mark.parametrize("eid", ["part-1", "regulation-3", *(f"regulation-3-{n}" for n in range(1, 7))])
def test_si_1303_reg3_is_not_in_force_before_6_4_2025_and_as_made_after(company, eid):
    # line 31: <ukm:DateTime Date="2025-04-06"/> in <ukm:ComingIntoForce>; DocumentStatus "final" (line 28): the
    # made text; no dct:valid, so it vouches for the words as made (2024-12-09) and nothing later
    (version,) = company.versions(f"{SI_1303}/{eid}")
    assert (version.valid_from, version.valid_until) == ("2025-04-06", None)
    early = company.text_at(f"{SI_1303}/{eid}", "2025-01-01")
    assert (early.status, early.valid_from, early.text) == ("not-yet-in-force", "2025-04-06", None)
    later = company.text_at(f"{SI_1303}/{eid}", "2025-06-01")
    assert later.status == "as-last-known"


def test_si_1303_reg3_words_without_footnotes(company):
    # line 56: reg. 3(1) "Paragraphs (2) and (3) apply to determine whether a company or group qualifies as a
    # micro-entity or as small or medium-sized under section 382(1A)<FootnoteRef Ref="f00003"/>..."; line 93: the
    # footnote "Section 382(1A) was inserted by S.I. 2013/3008" is no word of the regulation
    answer = company.text_at(f"{SI_1303}/regulation-3-1", "2025-06-01")
    assert answer.text.startswith(
        "Paragraphs (2) and (3) apply to determine whether a company or group qualifies as a micro-entity or as "
        "small or medium-sized under section 382(1A)"
    )
    assert "was inserted by" not in answer.text
    regulation = company.text_at(f"{SI_1303}/regulation-3", "2025-06-01")
    assert (regulation.heading, regulation.number) == ("Transitional provision", "3")  # line 50: P1group Title
    # reg. 3 changes no words of s. 382: the notes cite it only as "(with regs. 2(2), 3)"; no event is sourced there
    rows = company.store.sparql(
        f"{LEX}SELECT ?e WHERE {{ ?e lex:sourceProvision <{LEG}/uksi/2024/1303/regulation/3> }}"
    )
    assert list(rows) == []


def test_si_1303_reg3_window_opens_on_its_coming_into_force(company):
    # line 30-31: <ukm:Made Date="2024-12-09"/> ... <ukm:ComingIntoForce><ukm:DateTime Date="2025-04-06"/>: the text as
    # made enters into force on that day, by the instrument's own commencement (not its making on 2024-12-09)
    (version,) = company.versions(f"{SI_1303}/regulation-3-1")
    assert (version.opened_by.type, version.opened_by.date, version.opened_by.source) == (
        "commencement",
        "2025-04-06",
        SI_1303,
    )


def test_the_amending_si_is_one_act_whatever_the_order_of_ingest(tmp_path):
    # the same F notes (line 64) and the same S.I. (IdURI .../id/uksi/2024/1303, line 1 of its file)
    needs_shared(CA_FILE)
    needs_shared(SI_1303_FILE)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([CA_FILE])
        lex.ingest([SI_1303_FILE])
        assert (f"{CA}/section-382-3", "substitution", "2025-04-06") in impact_rows(lex, SI_1303)
        answer = lex.text_at(f"{CA}/section-382-3", "2025-06-01")
        assert answer.opened_by.source == SI_1303
    finally:
        lex.close()


# == Local Government Finance Act 1992: s. 13A and Sch. 1A (two fragments, one act; dct:valid 2026-05-06) ==========


def test_two_fragments_make_one_act_with_every_unit(lgfa):
    # both files: IdURI="http://www.legislation.gov.uk/id/ukpga/1992/14", EnactmentDate 1992-03-06 (line 25)
    below = {item.unit for item in lgfa.descendants(LGFA, "2026-05-06").items}
    expected = {f"{LGFA}/{eid}" for eid in unit_ids(LGFA_FILES)}
    assert below == expected and len(expected) == 128  # 128 identified units in the two files, counted with lxml
    assert {f"{LGFA}/section-13A", f"{LGFA}/schedule-1A"} <= below


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        ("section-13A", None),
        ("section-13A-1", "The amount of council tax which a person is liable to pay in respect of any chargeable"),
        ("section-13A-1-a", "in the case of a dwelling situated in the area of a billing authority in England, is"),
        ("section-13A-2-b", "persons in classes consisting of persons whom the authority considers to be, in"),
        ("section-13A-4-c", "make other provision for and in connection with such schemes."),
        ("section-13A-6", "The power under subsection (1)(c) includes power to reduce an amount to nil."),
        ("section-13A-9", "In this Part “council tax reduction scheme” means a scheme under subsection (2)"),
    ],
)
def test_s13A_substituted_by_lgfa_2012_from_31_10_2012(lgfa, eid, words):
    # line 44: <P1group RestrictStartDate="2012-10-31">, every unit's words inside <Substitution
    # CommentaryRef="key-5ff3...">; the F note: "S. 13A substituted (31.10.2012) by Local Government Finance Act
    # 2012 (c. 17), s. 10(1)", CitationSubRef .../ukpga/2012/17/section/10/1 Operative="true"
    provision = f"{LGFA}/{eid}"
    assert versions(lgfa, provision) == [("2012-10-31", None, "substitution", LGFA_2012, None)]
    answer = lgfa.text_at(provision, "2019-01-01")
    assert answer.status == "in-force"
    if words:
        assert answer.text.startswith(words)
    # the s. 13A it replaced is not in the file
    assert lgfa.text_at(provision, "2012-10-30").status == "outside-coverage"
    assert f"{LEG}/ukpga/2012/17/section/10/1" in source_provisions(lgfa, provision, "Substitution")


def test_s13A_heading_substituted_with_it(lgfa):
    # line 44: <P1group><Title><Substitution CommentaryRef="key-5ff3...">Reductions by billing authority
    assert lgfa.text_at(f"{LGFA}/section-13A", "2019-01-01").heading == "Reductions by billing authority"


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        ("schedule-1A-paragraph-1", None),
        ("schedule-1A-paragraph-2-4-d", "the whole amount of council tax (so that the amount payable is nil)."),
        ("schedule-1A-paragraph-5-1", "For each financial year, each billing authority must consider whether to"),
        ("schedule-1A-paragraph-5-3", "The Secretary of State may by order amend sub-paragraph (2) by substituting"),
        ("schedule-1A-paragraph-8", "In exercising any function relating to schemes, a billing authority must have"),
        ("schedule-1A-paragraph-9-2", "Such provision may include, in particular, provision for and in connection"),
        ("schedule-1A-crossheading-guidance", None),
    ],
)
def test_sch1A_inserted_by_lgfa_2012_from_31_10_2012(lgfa, eid, words):
    # line 42: every unit's words inside <Addition CommentaryRef="key-0b4c...">, the F note: "Schs. 1A, 1B inserted
    # (31.10.2012) by Local Government Finance Act 2012 (c. 17), Sch. 4 para. 1" (Operative="true"); the Pblocks and
    # P1s carry RestrictStartDate="2012-10-31". Para. 5(1)'s own RestrictStartDate="2018-11-26" is the day of the C
    # note key-1b9e ("Sch. 1A para. 5(1) excluded (26.11.2018) by ... (S.I. 2018/1128)"): an effect, not new words.
    provision = f"{LGFA}/{eid}"
    assert versions(lgfa, provision) == [("2012-10-31", None, "insertion", LGFA_2012, None)]
    if words:
        assert lgfa.text_at(provision, "2019-01-01").text.startswith(words)
    # inserted on 31.10.2012: before, the Schedule was not there
    early = lgfa.text_at(provision, "2012-06-01")
    assert (early.status, early.text) == ("not-yet-in-force", None)


def test_sch1A_para5_1_excluded_by_si_2018_1128(lgfa):
    # line 42: C note key-1b9e, CitationSubRef .../uksi/2018/1128/regulation/18/9 Operative="true"
    assert (f"{LGFA}/schedule-1A-paragraph-5-1", "modification", "2018-11-26") in impact_rows(lgfa, SI_2018_1128)


def test_sch1A_para5_2_date_substituted_for_england_on_12_1_2018(lgfa):
    # line 42: <P2 id="schedule-1A-paragraph-5-2"> "... no later than <Substitution CommentaryRef="key-778b...">11
    # March</Substitution> ..."; F note: "Words in Sch. 1A para. 5(2) substituted (E.) (12.1.2018) by The Council Tax
    # Reduction Schemes (Amendment) (England) Regulations 2017 (S.I. 2017/1305), regs. 2, 10(1)", Operative="true"
    # on .../regulation/2 (as the file marks it)
    provision = f"{LGFA}/schedule-1A-paragraph-5-2"
    assert versions(lgfa, provision) == [("2018-01-12", None, "substitution", SI_2017_1305, None)]
    answer = lgfa.text_at(provision, "2018-06-01")
    assert answer.status == "in-force" and "no later than 11 March" in answer.text
    assert lgfa.text_at(provision, "2015-01-01").status == "outside-coverage"  # the earlier date is not in the file
    assert source_provisions(lgfa, provision, "Substitution") == {f"{LEG}/uksi/2017/1305/regulation/2"}
    # the note says "(E.)" and para. 5 extends to E+W+S (its RestrictExtent): "11 March" is England's date; Wales's and
    # Scotland's text, with the words it replaced, is not in the file
    assert answer.extent == "E"
    for elsewhere in ("W", "S"):
        other = lgfa.text_at(provision, "2018-06-01", extent=elsewhere)
        assert (other.status, other.text) == ("outside-extent", None), elsewhere


def test_sch1A_is_not_in_force_before_its_insertion_and_in_force_after(lgfa):
    # line 41: <Schedule id="schedule-1A" RestrictStartDate="2018-11-26">; note key-0b4c: inserted (31.10.2012)
    assert lgfa.text_at(f"{LGFA}/schedule-1A", "2012-06-01").status == "not-yet-in-force"
    assert lgfa.text_at(f"{LGFA}/schedule-1A", "2019-01-01").status == "in-force"


@pytest.mark.parametrize(("eid", "start"), [("part-I", "2026-05-06"), ("part-I-chapter-I", "2026-05-01")])
def test_lgfa_part_I_before_its_window_is_outside_coverage(lgfa, eid, start):
    # line 41: <Part id="part-I" RestrictStartDate="2026-05-06">; line 44: <Chapter id="part-I-chapter-I"
    # RestrictStartDate="2026-05-01">; C note c12072771: "Pt. I (ss. 1-69) modified (6.3.1992) by Local Government
    # Act 1992 (c. 19), s. 18(1)(a)(b)": Part I is as old as the Act, only its earlier reading is not in the file
    assert versions(lgfa, f"{LGFA}/{eid}") == [(start, None, "started-without-recorded-act", None, None)]
    assert lgfa.text_at(f"{LGFA}/{eid}", "2019-01-01").status == "outside-coverage"


# == Social Security (Contributions) Regulations 2001 reg. 10 (dct:valid 2026-04-06, line 2) =======================
# The fragment has 8 units (Part 2, reg. 10 and its paragraphs (a) to (f)): every one is tested.


@pytest.mark.parametrize(
    ("eid", "start", "act", "words"),
    [
        # F note key-b618...: "Sum in reg. 10(a) substituted (6.4.2026) by ... (S.I. 2026/231), regs. 1, 5(2)(b)"
        ("regulation-10-a", "2026-04-06", SI_2026_231, "the lower earnings limit (for primary Class 1 contributions) "
         "shall be £129;"),
        # key-bedc...: "Sum in Reg. 10(b) substituted (6.4.2021) by ... (S.I. 2021/157), regs. 1, 6(2)(b)"
        ("regulation-10-b", "2021-04-06", SI_2021_157, "the upper earnings limit (for primary Class 1 contributions) "
         "shall be £967;"),
        # key-243c...: "Sum in Reg. 10(c) substituted (6.7.2022) by National Insurance Contributions (Increase of
        # Thresholds) Act 2022 (c. 16), s. 1(2)(4)"
        ("regulation-10-c", "2022-07-06", NICA_2022, "the primary threshold (for primary Class 1 contributions) shall "
         "be £242;"),
        # key-7243...: "Sum in Reg. 10(d) substituted (3.4.2025 for the tax year 2025-26) by National Insurance
        # Contributions (Secondary Class 1 Contributions) Act 2025 (c. 11), s. 2(2)"
        ("regulation-10-d", "2025-04-03", NICA_2025, "the secondary threshold (for secondary Class 1 contributions) "
         "shall be £96;"),
        # key-6050...: "Sum in Reg. 10(e) substituted (6.4.2021) by ... (S.I. 2021/157)"; the later of its notes
        ("regulation-10-e", "2021-04-06", SI_2021_157, "the upper secondary threshold for secondary Class 1 "
         "contributions in relation to the Under 21 group"),
        # key-1d9d...: "Sum in Reg. 10(f) substituted (6.4.2021) by ... (S.I. 2021/157)"
        ("regulation-10-f", "2021-04-06", SI_2021_157, "the upper secondary threshold for secondary Class 1 "
         "contributions in relation to relevant apprentices"),
    ],
)  # fmt: skip
def test_reg10_paragraphs_read_from_their_latest_dated_change(sscr, eid, start, act, words):
    # line 39: the P3s carry no RestrictStartDate (the P1group's is "2026-04-06"); each sum is a <Substitution>
    # whose F note dates it: its words read as shown from that day
    provision = f"{SSCR}/{eid}"
    assert versions(sscr, provision) == [(start, None, "substitution", act, None)]
    answer = sscr.text_at(provision, "2026-04-06")
    assert answer.status == "in-force" and answer.text.startswith(words)
    assert sscr.text_at(provision, "2020-01-01").status == "outside-coverage"  # the earlier sums are not in the file


def test_reg10_itself_names_the_tax_year_2026(sscr):
    # line 39: P1group Title "Earnings limits and thresholds"; <P1 id="regulation-10"> "... for the tax year which
    # begins on 6th April <Substitution CommentaryRef="key-f9e4...">2026</Substitution>—"; F note: "Word in reg. 10
    # substituted (6.4.2026) by ... (S.I. 2026/231), regs. 1, 5(2)(a)"
    provision = f"{SSCR}/regulation-10"
    assert versions(sscr, provision) == [("2026-04-06", None, "substitution", SI_2026_231, None)]
    answer = sscr.text_at(provision, "2026-04-06")
    assert (answer.heading, answer.number) == ("Earnings limits and thresholds", "10")
    assert answer.text.startswith("For the purposes of sections 5(1), 9A and 9B of the Act")
    assert "for the tax year which begins on 6th April 2026" in answer.text
    assert sscr.text_at(provision, "2025-04-06").status == "outside-coverage"
    assert (provision, "substitution", "2026-04-06") in impact_rows(sscr, SI_2026_231)


def test_reg10_substitutions_name_the_operative_regulations(sscr):
    # line 39: F note key-f9e4...: "Word in reg. 10 substituted (6.4.2026) by ... (S.I. 2026/231), regs. 1, 5(2)(a)"
    # and key-b618...: "Sum in reg. 10(a) substituted (6.4.2026) by ... regs. 1, 5(2)(b)", each with the
    # CitationSubRef of that paragraph marked Operative="true". One event of S.I. 2026/231 on 6.4.2026 affects both
    # units and carries both provisions; each affected provision records its own (on the version it opened)
    for eid, made_by in [("regulation-10", "5/2/a"), ("regulation-10-a", "5/2/b")]:
        provision = f"{SSCR}/{eid}"
        (step,) = sscr.lineage(provision, "2026-04-06").items
        assert step.source_provision == f"{LEG}/uksi/2026/231/regulation/{made_by}"
        (item,) = [i for i in sscr.impact(SI_2026_231).items if i.provision == provision]
        assert item.source_provisions == [f"{LEG}/uksi/2026/231/regulation/{made_by}"]


def test_reg10_part_2_before_its_window_is_outside_coverage(sscr):
    # line 39: <Part id="part-2" RestrictStartDate="2026-04-06">, no note on it; the notes on reg. 10 show it in
    # force (and amended) from 2015 at the latest
    assert versions(sscr, f"{SSCR}/part-2") == [("2026-04-06", None, "started-without-recorded-act", None, None)]
    assert sscr.text_at(f"{SSCR}/part-2", "2025-01-01").status == "outside-coverage"


def test_reg10_part_2_heading(sscr):
    # line 39: <Part id="part-2"><Number>PART 2</Number><Title>ASSESSMENT OF EARNINGS RELATED CONTRIBUTIONS</Title>
    answer = sscr.text_at(f"{SSCR}/part-2", "2026-04-06")
    assert (answer.status, answer.heading, answer.number) == (
        "in-force",
        "ASSESSMENT OF EARNINGS RELATED CONTRIBUTIONS",
        "PART 2",
    )


def test_reg10_e_inserted_on_6_4_2015_by_si_2015_577(sscr):
    # line 39: <P3 id="regulation-10-e"> Pnumber and words inside <Addition CommentaryRef="key-de4f...">: "Reg. 10(e)
    # and word inserted (6.4.2015) by The Social Security (Contributions) (Limits and Thresholds) (Amendment)
    # Regulations 2015 (S.I. 2015/577), regs. 1, 3(h)"; reg. 10's "sections 5(1)" <Substitution
    # CommentaryRef="key-0b26...">: "Words in reg. 10 substituted (6.4.2015) by ... (S.I. 2015/577), regs. 1, 3(a)"
    assert {(f"{SSCR}/regulation-10-e", "insertion", "2015-04-06"), (f"{SSCR}/regulation-10", "substitution",
            "2015-04-06")} <= impact_rows(sscr, SI_2015_577)  # fmt: skip
    before = sscr.text_at(f"{SSCR}/regulation-10-e", "2014-01-01")
    assert (before.status, before.text) == ("not-yet-in-force", None)
    # between the insertion and the 2021 sum the words are not in the file
    assert sscr.text_at(f"{SSCR}/regulation-10-e", "2018-01-01").status == "outside-coverage"
