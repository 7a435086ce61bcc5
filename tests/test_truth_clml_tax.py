"""Legal truth on two UK tax acts as legislation.gov.uk publishes them in revised (point-in-time) CLML fragments:
the Income Tax Act 2007, ss. 8, 12A and 16 (three fragments of one act, ingested into one store), and the Value
Added Tax Act 1994, s. 24 (input tax and output tax, 19 commentaries).

Every expected value was read from ../shared/data/clml/more/ukpga-2007-3-section-{8,12A,16}.xml and
ukpga-1994-23-section-24.xml by hand; the element, attribute or note and its line are quoted beside each check.
Both exports put a whole Body on very few lines: in the ITA fragments the Body and the Commentaries are both on
line 44 (metadata: dct:valid on line 2, hasVersion links on line 22, ukm:EnactmentDate on line 25); in the VAT
fragment s. 24 up to s. 24(5)(a) is on line 39, the rest of s. 24 and all 19 Commentaries on line 40.

The reading the expectations follow (besides tests/test_clml.py's):

- a revised fragment vouches for its provisions from the RestrictStartDate of the P1group around them (ITA s. 8
  and s. 16: 2026-03-18; s. 12A: 2019-02-12; VAT s. 24: 2020-12-31) to its point in time (dct:valid), and holds
  no earlier text: before that window a provision is "outside-coverage", never "not-yet-in-force" (the hasVersion
  links on line 22 list the earlier versions the site holds: the provisions existed);
- a provision whose words a dated F note changed reads so from the note's date (as the DPA 1998 truth tests read
  s. 7(3)); one no note touches starts, in the fragment, "without recorded act" at the window (as DPA s. 52(2));
- an F note that names the change and the act but no day ("for the tax year 2026-27 and subsequent tax years",
  "with application in accordance with Sch. 8 para. 1(8)(9) of the amending Act") gives a change of that act,
  recorded at the latest on the window that shows it (lexrdf's "date-at-latest"), never an "enactment";
- "with effect in relation to tax year 2017-18" after a day names a change that took effect later than that day:
  the answer carries it as a deferred effect.
- In the VAT fragment every Commentary has the same id ("legislation-change-id-redacted", line 40, 19 times) and
  every change marker points at it: the marker cannot say which note is its own, only the note's words do
  ("S. 24(6A) inserted (16.12.2010) by Finance (No. 3) Act 2010"). The marker's own kind (Addition, Substitution)
  still says what kind of change made the words.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from templates import ingested_copy
from truth import versions

MORE = SHARED_DATA / "clml" / "more"
ITA_FILES = [MORE / f"ukpga-2007-3-section-{n}.xml" for n in ("8", "12A", "16")]
VAT_FILE = MORE / "ukpga-1994-23-section-24.xml"

ITA = f"{BASE}/eli/gb-ukm/act/2007-03-20/3"  # ukm:EnactmentDate 2007-03-20 (line 25 of each ITA fragment)
VATA = f"{BASE}/eli/gb-ukm/act/1994-07-05/23"  # ukm:EnactmentDate 1994-07-05 (line 25)

REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"
FA_2003 = f"{REF}/ukpga/2003/14"
FA_2008 = f"{REF}/ukpga/2008/9"
FA_2009 = f"{REF}/ukpga/2009/10"
FA3_2010 = f"{REF}/ukpga/2010/33"  # Finance (No. 3) Act 2010
SCOTLAND_2016 = f"{REF}/ukpga/2016/11"
FA_2016 = f"{REF}/ukpga/2016/24"
TCTA_2018 = f"{REF}/ukpga/2018/22"  # Taxation (Cross-border Trade) Act 2018
FA_2022 = f"{REF}/ukpga/2022/3"
FA2_2023 = f"{REF}/ukpga/2023/30"  # Finance (No. 2) Act 2023
FA_2026 = f"{REF}/ukpga/2026/11"


@pytest.fixture(scope="module")
def ita(tmp_path_factory: pytest.TempPathFactory):
    for path in ITA_FILES:
        needs_shared(path)
    store, _summary = ingested_copy(ITA_FILES, tmp_path_factory, "ita")
    lex = open_lex(store)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def vat(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(VAT_FILE)
    store, _summary = ingested_copy([VAT_FILE], tmp_path_factory, "vat")
    lex = open_lex(store)
    yield lex
    lex.close()


def weak(lex, act: str) -> set[tuple[str, str]]:
    return {(row["weakness"], row["provision"]) for row in lex.run("audit", {"act": act})}


# -- Income Tax Act 2007: the three fragments are one act -------------------------------------------------------


def test_the_three_fragments_are_one_act_current_to_their_point_in_time(ita):
    # each fragment: IdURI="http://www.legislation.gov.uk/id/ukpga/2007/3" (line 1), ukm:EnactmentDate 2007-03-20
    # (line 25), dct:valid 2026-04-06 (line 2), root RestrictStartDate="2026-04-06" and no RestrictEndDate (line 1)
    answer = ita.text_at(f"{ITA}/section-8-1", "2026-04-06")
    assert (answer.status, answer.current_to) == ("in-force", "2026-04-06")
    assert answer.citation.startswith("Income Tax Act 2007")
    later = ita.text_at(f"{ITA}/section-8-1", "2027-01-01")
    assert (later.status, later.current_to, later.text) == (
        "as-last-known",
        "2026-04-06",
        "The dividend ordinary rate is 10.75%.",
    )
    # the provisions of all three fragments are provisions of the one act
    toc = {row["path"] for row in ita.toc(ITA, "2026-04-06")}
    assert {"section-8", "section-8-3", "section-12A", "section-12A-7", "section-16", "section-16-7"} <= toc


def test_the_table_of_contents_keeps_each_section_whole(ita):
    # line 44 of each fragment: a P1 holds its P2s, a P2 its P3s: s. 8 = (A1), (1), (2), (3); the contents list a
    # section's subsections right after it (depth first), never interleaved with another fragment's
    paths = [row["path"] for row in ita.toc(ITA, "2026-04-06")]
    start = paths.index("section-8")
    assert paths[start : start + 5] == ["section-8", "section-8-A1", "section-8-1", "section-8-2", "section-8-3"]


def test_the_table_of_contents_is_one_order_whatever_the_order_of_ingest(tmp_path):
    # each fragment holds one section and the headings above it (line 44): where no file shows two sections side by
    # side, each is placed among the others by its number, a cross-heading by the first section in it ("The rates":
    # s. 8; "Income charged at particular rates": ss. 12A, 16), each whole
    orders = set()
    for index, files in enumerate(permutations(ITA_FILES)):
        lex = open_lex(tmp_path / f"order-{index}")
        try:
            for path in files:
                lex.ingest([path])
            orders.add(tuple(row["path"] for row in lex.toc(ITA, "2026-04-06")))
        finally:
            lex.close()
    (paths,) = orders
    sections = [p for p in paths if p.count("-") == 1 or "crossheading" in p]
    assert sections == [
        "part-2",
        "part-2-chapter-2-crossheading-the-rates",
        "section-8",
        "part-2-chapter-2-crossheading-income-charged-at-particular-rates",
        "section-12A",
        "section-16",
    ]


def test_s8_heading_number_and_window(ita):
    # line 44: <P1group RestrictStartDate="2026-03-18"> <Title>The <Addition ...>dividend nil rate,</Addition>
    # dividend ordinary rate<Substitution ...>, dividend upper rate and dividend additional rate</Substitution>
    # </Title> <P1 id="section-8"><Pnumber>8</Pnumber>; hasVersion "2026-03-18" (line 22) is the newest version
    answer = ita.text_at(f"{ITA}/section-8", "2026-04-06")
    assert (answer.status, answer.number, answer.valid_from, answer.valid_until) == (
        "in-force",
        "8",
        "2026-03-18",
        None,
    )
    assert answer.heading == (
        "The dividend nil rate, dividend ordinary rate, dividend upper rate and dividend additional rate"
    )


def test_a_cross_heading_does_not_take_the_heading_of_the_section_below_it(ita):
    # line 44: <Pblock id="part-2-chapter-2-crossheading-the-rates"><Title><Emphasis>The rates</Emphasis></Title>
    # then <P1group><Title>The dividend nil rate, ...</Title>: that Title is s. 8's heading (tests/test_clml.py:
    # "a P1's heading is the Title of the P1group around it"), not words of the cross-heading
    answer = ita.text_at(f"{ITA}/part-2-chapter-2-crossheading-the-rates", "2026-04-06")
    assert answer.heading == "The rates"
    assert "dividend" not in (answer.text or "")


@pytest.mark.parametrize("path", ["section-8", "section-8-A1", "section-8-1", "section-8-3", "section-16-3"])
def test_before_the_fragments_window_nothing_is_said_never_not_yet_in_force(ita, path):
    answer = ita.text_at(f"{ITA}/{path}", "2025-01-01")
    assert (answer.status, answer.text) == ("outside-coverage", None)


def test_s8_1_and_8_2_rates_as_substituted_by_finance_act_2026(ita):
    # line 44: s. 8(1) "The dividend ordinary rate is <Substitution CommentaryRef="key-9be6...">10.75%</Substitution>."
    # and s. 8(2) "The dividend upper rate is <Substitution CommentaryRef="key-ea36...">35.75%</Substitution>."
    for path, text in (
        ("section-8-1", "The dividend ordinary rate is 10.75%."),
        ("section-8-2", "The dividend upper rate is 35.75%."),
    ):
        answer = ita.text_at(f"{ITA}/{path}", "2026-04-06")
        assert (answer.status, answer.text, answer.valid_from, answer.valid_until) == (
            "in-force",
            text,
            "2026-03-18",
            None,
        )


@pytest.mark.parametrize(
    ("path", "kind", "act"),
    [
        # key-9be6...: "Word in s. 8(1) substituted (for the tax year 2026-27 ...) by Finance Act 2026 (c. 11)"
        ("section-8-1", "substitution", FA_2026),
        # key-ea36...: "Word in s. 8(2) substituted (for the tax year 2026-27 ...) by Finance Act 2026 (c. 11)"
        ("section-8-2", "substitution", FA_2026),
        # key-be74... on Pnumber and Text of (A1): "S. 8(A1) inserted (with effect for the tax year 2016-17 and
        # subsequent years) by Finance Act 2016 (c. 24), s. 5(3)(b)(10)"
        ("section-8-A1", "insertion", FA_2016),
        # key-0a21...: "S. 8(3) inserted (...) by Finance Act 2009"; inside it key-6403... on "39.35%": "Word in
        # s. 8(3) substituted (with effect for the tax year 2022-23 and subsequent tax years) by Finance Act 2022"
        ("section-8-3", "substitution", FA_2022),
        # key-34db... on every word of s. 12A: "Ss. 12A, 12B inserted (with effect for the tax year 2016-17 and
        # subsequent years) by Finance Act 2016 (c. 24), s. 4(5)(17)"; P1group RestrictStartDate="2019-02-12"
        ("section-12A-1", "insertion", FA_2016),
        ("section-12A-7", "insertion", FA_2016),
        # key-66302...: "S. 16(1)(zb) substituted (for the tax year 2027-28 and subsequent tax years) by Finance
        # Act 2026 (c. 11), s. 6(8), Sch. 1 para. 16"
        ("section-16-1-zb", "substitution", FA_2026),
        # key-7a38...: "S. 16(1)(aa) inserted (with effect for the tax year 2016-17 and subsequent years) by
        # Finance Act 2016 (c. 24), s. 4(6)(17)" (inside the Substitution of FA 2008, 21.7.2008)
        ("section-16-1-aa", "insertion", FA_2016),
    ],
)
def test_a_change_the_note_names_without_a_day_is_that_acts_change_not_the_enactment(ita, path, kind, act):
    (version,) = ita.versions(f"{ITA}/{path}")
    window = "2019-02-12" if path.startswith("section-12A") else "2026-03-18"
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (window, kind, act)
    assert ("date-at-latest", f"{ITA}/{path}") in weak(ita, ITA)


def test_s8_3_the_additional_rate_and_8_A1_the_nil_rate(ita):
    # line 44: s. 8(3) "<Addition>The dividend additional rate is </Addition><Addition><Substitution>39.35%
    # </Substitution></Addition><Addition>.</Addition>"; s. 8(A1) "<Addition>The dividend nil rate is 0%.</Addition>"
    assert ita.text_at(f"{ITA}/section-8-3", "2026-04-06").text == "The dividend additional rate is 39.35%."
    nil = ita.text_at(f"{ITA}/section-8-A1", "2026-04-06")
    assert (nil.status, nil.number, nil.text) == ("in-force", "A1", "The dividend nil rate is 0%.")


def test_s12A_savings_nil_rate_window_from_2019_02_12(ita):
    # line 44: <P1group RestrictStartDate="2019-02-12"><Title><Addition>Savings income charged at the savings nil
    # rate</Addition></Title>; hasVersion 2018-07-24 and 2019-02-12 (line 22); s. 12A(7): "For the purposes of this
    # section, an individual's “Step 3 income” is the individual's net income less allowances deducted at Step 3"
    section = ita.text_at(f"{ITA}/section-12A", "2026-04-06")
    assert (section.status, section.number, section.heading, section.valid_from) == (
        "in-force",
        "12A",
        "Savings income charged at the savings nil rate",
        "2019-02-12",
    )
    seven = ita.text_at(f"{ITA}/section-12A-7", "2020-01-01")
    assert seven.status == "in-force" and "allowances deducted at Step 3 of the calculation in section 23" in seven.text


def test_s12A_before_its_window_is_outside_coverage(ita):
    answer = ita.text_at(f"{ITA}/section-12A-1", "2018-06-01")
    assert (answer.status, answer.text) == ("outside-coverage", None)


@pytest.mark.parametrize(
    ("path", "kind", "words"),
    [
        # M_F_89b4...: "Words in s. 12A(3) inserted (30.11.2016 with effect in relation to tax year 2017-18 and
        # subsequent tax years) by Finance Act 2016 (c. 24), s. 6(11)(a)(24); S.I. 2016/1161, regs. 2, 3"
        ("section-12A-3", "insertion", "or the default basic, default higher or default additional rate"),
        # M_F_d910...: the same words in s. 12A(4)
        ("section-12A-4", "insertion", "or the default basic, default higher or default additional rate"),
        # M_F_feae...: "Words in s. 12A(5) substituted (30.11.2016 ...)" on "sections 10 and 11C"
        ("section-12A-5", "substitution", "(apart from sections 10 and 11C)"),
    ],
)
def test_s12A_words_dated_30_11_2016_date_their_subsection(ita, path, kind, words):
    (version,) = ita.versions(f"{ITA}/{path}")
    assert (version.valid_from, version.opened_by.type, version.opened_by.date, version.opened_by.source) == (
        "2016-11-30",
        kind,
        "2016-11-30",
        FA_2016,
    )
    assert words in version.text


def test_s16_1_za_substituted_by_the_scotland_act_2016(ita):
    # line 44: (za) "<Substitution key-5351...><Substitution M_F_7bae...>which part of a Scottish taxpayer's income
    # consists of savings income,</Substitution></Substitution>"; M_F_7bae...: "S. 16(1)(za) substituted (30.11.2016
    # with effect in relation to tax year 2017-18 and subsequent tax years) by Scotland Act 2016 (c. 11), ss. 13(14),
    # 14(12)(15), 72(3); S.I. 2016/1161, regs. 2, 3"
    za = f"{ITA}/section-16-1-za"
    assert versions(ita, za) == [("2016-11-30", None, "substitution", SCOTLAND_2016, None)]
    answer = ita.text_at(za, "2020-01-01")
    assert (answer.status, answer.text) == (
        "in-force",
        "which part of a Scottish taxpayer's income consists of savings income,",
    )
    assert answer.opened_by.evidence == [
        "ukpga-2007-3-section-16.xml:44: note: S. 16(1)(za) substituted (30.11.2016 with effect in relation to tax "
        "year 2017-18 and subsequent tax years) by Scotland Act 2016 (c. 11), ss. 13(14), 14(12)(15), 72(3); "
        "S.I. 2016/1161, regs. 2, 3"
    ]
    before = ita.text_at(za, "2016-11-29")
    assert (before.status, before.text) == ("outside-coverage", None)  # the (za) it replaced is not in the file


def test_s16_1_ab_inserted_by_finance_act_2016_on_30_11_2016(ita):
    # M_F_aea4...: "S. 16(1)(ab) inserted (30.11.2016 with effect in relation to tax year 2017-18 and subsequent tax
    # years) by Finance Act 2016 (c. 24), s. 6(13)(24); S.I. 2016/1161, regs. 2, 3"
    ab = f"{ITA}/section-16-1-ab"
    assert versions(ita, ab) == [("2016-11-30", None, "insertion", FA_2016, None)]
    assert "apart from sections 11D and 12A," in ita.text_at(ab, "2026-04-06").text
    assert f"{ITA}/section-16-1-ab" in {i.provision for i in ita.impact(FA_2016).items}


@pytest.mark.parametrize(
    ("path", "says"),
    [("section-16-1-za", "tax year 2017-18"), ("section-16-1-ab", "tax year 2017-18"), ("section-16-1-zb", "2027-28")],
)
def test_a_change_with_effect_for_a_later_tax_year_is_flagged(ita, path, says):
    answer = ita.text_at(f"{ITA}/{path}", "2026-04-06")
    assert answer.status == "in-force"
    assert any(says in note for note in answer.deferred_effects)
    assert ("deferred-effect", f"{ITA}/{path}") in weak(ita, ITA)


@pytest.mark.parametrize("path", ["section-16-1", "section-16-1-a", "section-16-1-b"])
def test_s16_1_words_substituted_by_finance_act_2008(ita, path):
    # key-5351...: "Words in s. 16(1) substituted (21.7.2008 with effect in accordance with Sch. 1 para. 65 of the
    # amending Act) by Finance Act 2008 (c. 9), Sch. 1 para. 7": on " — " after "This section has effect for
    # determining" and on all of (a) and (b); no later note touches them
    assert versions(ita, f"{ITA}/{path}") == [("2008-07-21", None, "substitution", FA_2008, None)]
    assert ita.text_at(f"{ITA}/{path}", "2008-07-20").status == "outside-coverage"
    assert ita.text_at(f"{ITA}/{path}", "2010-01-01").status == "in-force"
    words = {
        "section-16-1": "This section has effect for determining —",
        "section-16-1-a": "the extent to which a person's income up to the starting rate limit for savings consists "
        "of savings income,",
        "section-16-1-b": "the rate at which income tax would be charged on a person's dividend income apart from "
        "section 13.",
    }
    assert ita.text_at(f"{ITA}/{path}", "2026-04-06").text == words[path]


def test_s16_2_a_omitted_by_finance_no_2_act_2023(ita):
    # line 44: (a) "<Pnumber><CommentaryRef Ref="key-cc8f..."/>a</Pnumber> ... <Text>. . . . . . .</Text>";
    # key-cc8f...: "S. 16(2)(a) omitted (for the tax year 2024-25 and subsequent tax years) by virtue of Finance
    # (No. 2) Act 2023 (c. 30), Sch. 2 paras. 13(3)(e), 14(4)": no day; the version from 2026-03-18 shows it gone
    provision = f"{ITA}/section-16-2-a"
    assert ita.versions(provision) == []
    gone = ita.text_at(provision, "2026-04-06")
    assert (gone.status, gone.text, gone.closed_by.type, gone.closed_by.date, gone.closed_by.source) == (
        "repealed",
        None,
        "repeal",
        "2026-03-18",
        FA2_2023,
    )
    assert ("date-at-latest", provision) in weak(ita, ITA)
    assert ita.text_at(provision, "2020-01-01").status == "outside-coverage"
    assert {(i.provision, i.date) for i in ita.impact(FA2_2023).items} == {(provision, "2026-03-18")}


def test_s16_2_a_names_the_note_that_ended_it(ita):
    gone = ita.text_at(f"{ITA}/section-16-2-a", "2026-04-06")
    (note,) = gone.closed_by.evidence
    assert note.startswith("ukpga-2007-3-section-16.xml:44: note: S. 16(2)(a) omitted")


@pytest.mark.parametrize("path", ["section-16-2-b", "section-16-3", "section-16-5-a", "section-16-7"])
def test_s16_unamended_subsections_start_without_recorded_act(ita, path):
    assert versions(ita, f"{ITA}/{path}") == [("2026-03-18", None, "started-without-recorded-act", None, None)]


def test_s16_unamended_words(ita):
    # line 44: s. 16(3) "If a person has savings income but no dividend income, the savings income is treated as the
    # highest part of the person's total income."; s. 16(2)(b) "sections 535 to 537 of ITTOIA 2005 (gains from
    # contracts for life insurance etc: top slicing relief)."
    three = ita.text_at(f"{ITA}/section-16-3", "2026-04-06")
    assert (three.status, three.valid_from) == ("in-force", "2026-03-18")
    assert three.text == (
        "If a person has savings income but no dividend income, the savings income is treated as the highest part of "
        "the person's total income."
    )
    assert "top slicing relief" in ita.text_at(f"{ITA}/section-16-2-b", "2026-04-06").text
    section = ita.text_at(f"{ITA}/section-16", "2026-04-06")
    assert section.heading == "Savings and dividend income to be treated as highest part of total income"


# -- Value Added Tax Act 1994, s. 24 --------------------------------------------------------------------------------


def test_vat_s24_heading_window_and_currency(vat):
    # line 39: <P1group RestrictStartDate="2020-12-31"><Title> Input tax and output tax.</Title><P1 id="section-24">
    # <Pnumber>24</Pnumber>; dct:valid 2026-06-29 (line 2), root RestrictStartDate="2026-06-29" (line 1)
    answer = vat.text_at(f"{VATA}/section-24", "2026-06-29")
    assert (answer.status, answer.number, answer.heading, answer.valid_from, answer.current_to) == (
        "in-force",
        "24",
        "Input tax and output tax.",
        "2020-12-31",
        "2026-06-29",
    )
    four = vat.text_at(f"{VATA}/section-24-4", "2026-08-01")
    assert (four.status, four.current_to) == ("as-last-known", "2026-06-29")
    assert four.text.startswith("The Treasury may by order provide with respect to any description of goods")


@pytest.mark.parametrize(
    ("path", "words"),
    [
        # "Words in s. 24(1)(c) omitted (31.12.2020) by virtue of Taxation (Cross-border Trade) Act 2018 (c. 22),
        # s. 57(3), Sch. 8 para. 24(2)(b)": "VAT paid or payable by him on the importation of any goods ...,"
        ("section-24-1-c", "VAT paid or payable by him on the importation of any goods"),
        # "Words in s. 24(2) omitted (31.12.2020) ... Sch. 8 para. 24(3)": "... means VAT on supplies which he makes"
        ("section-24-2", "means VAT on supplies which he makes"),
        # "Words in s. 24(5) omitted (31.12.2020) ... Sch. 8 para. 24(4)(a)(i)" and "(ii)"
        ("section-24-5", "are used or to be used partly for the purposes of a business"),
        # "Words in s. 24(6)(a) omitted (31.12.2020) ... Sch. 8 para. 24(5)(a)(i)" and "(ii)"
        ("section-24-6-a", "to be treated as his input tax only if and to the extent that the charge to VAT"),
        # "Words in s. 24(6)(b) omitted (31.12.2020) ... para. 24(5)(b)(i)", "(ii)", "Word ... (5)(b)(iii)"
        ("section-24-6-b", "notwithstanding that he was not a taxable person at the time of the supply"),
        # "Word in s. 24(6)(c) omitted (31.12.2020) ... Sch. 8 para. 24(6)(c)"
        ("section-24-6-c", "for a taxable person that is a body corporate to count as its input tax"),
    ],
)
def test_vat_words_omitted_by_tcta_2018_on_31_12_2020(vat, path, words):
    provision = f"{VATA}/{path}"
    assert versions(vat, provision) == [("2020-12-31", None, "repeal", TCTA_2018, None)]
    now = vat.text_at(provision, "2026-06-29")
    assert now.status == "in-force" and words in now.text
    before = vat.text_at(provision, "2020-12-30")
    assert (before.status, before.text) == ("outside-coverage", None)  # the words before the omission are not held


def test_vat_s24_1_c_names_its_own_note(vat):
    (version,) = vat.versions(f"{VATA}/section-24-1-c")
    (note,) = version.opened_by.evidence
    assert note.startswith("ukpga-1994-23-section-24.xml:40: note: Words in s. 24(1)(c) omitted (31.12.2020)")


def test_vat_s24_1_b_omitted_on_31_12_2020_is_repealed(vat):
    # line 39: <P3 id="section-24-1-b"> ... <Text><Acronym><CommentaryRef Ref="legislation-change-id-redacted"/>...
    # </Acronym>; and</Text>
    gone = vat.text_at(f"{VATA}/section-24-1-b", "2026-06-29")
    assert gone.status == "repealed"
    assert (gone.closed_by.type, gone.closed_by.date, gone.closed_by.source) == (
        "repeal",
        "2020-12-31",
        TCTA_2018,
    )


@pytest.mark.parametrize(
    ("path", "words"),
    [
        # "S. 24(5A)(5B) inserted (with application in accordance with Sch. 8 para. 1(8)(9) of the amending Act) by
        # Finance (No. 3) Act 2010 (c. 33), Sch. 8 para. 1(4)(8)"
        ("section-24-5A", "a relevant asset held for the purposes of a business carried on or to be carried on"),
        ("section-24-5B-a", "any interest in land,"),
        ("section-24-5B-f", "any aircraft."),
        # "S. 24(6)(e) inserted (16.12.2010) by Finance (No. 3) Act 2010 (c. 33), Sch. 8 para. 1(5)"
        ("section-24-6-e", "in cases where an apportionment is made under subsection (5), for the non-business"),
        # "S. 24(6A) inserted (16.12.2010) by Finance (No. 3) Act 2010 (c. 33), Sch. 8 para. 1(6)"
        ("section-24-6A", "Regulations under subsection (6) may contain such supplementary, incidental"),
        # "Words in s. 24(5) substituted (16.12.2010) by Finance (No. 3) Act 2010 (c. 33), Sch. 8 para. 1(3)" (on all
        # of (a) and (b)), then "Words in s. 24(5)(a) omitted (31.12.2020) ... Sch. 8 para. 24(4)(b)"
        ("section-24-5-a", "shall be apportioned so that so much as is referable to the taxable person's business"),
        ("section-24-5-b", "shall count as that person's input tax only to the extent (if any) provided for"),
    ],
)
def test_vat_words_inserted_or_substituted_by_finance_no_3_act_2010_are_in_force(vat, path, words):
    answer = vat.text_at(f"{VATA}/{path}", "2026-06-29")
    assert answer.status == "in-force" and words in answer.text


@pytest.mark.parametrize(
    ("path", "kind", "before"),
    [
        # "S. 24(6)(e) inserted (16.12.2010)", "S. 24(6A) inserted (16.12.2010)" (line 40): inserted whole that day,
        # so not in force the day before
        ("section-24-6-e", "insertion", "not-yet-in-force"),
        ("section-24-6A", "insertion", "not-yet-in-force"),
        # "Words in s. 24(5) substituted (16.12.2010) by Finance (No. 3) Act 2010": the words before are not given
        pytest.param(
            "section-24-5-b",
            "substitution",
            "outside-coverage",
            marks=pytest.mark.xfail(
                strict=True,
                reason="lexrdf dates s. 24(5)(b) from 2020-12-31 (started-without-recorded-act): every note of the "
                "file shares one redacted id, and the only note naming s. 24(5) with a substitution names (5), not "
                "(5)(b), so nothing ties that note to the words marked in (5)(b) (line 39: its six <Substitution> "
                "markers split off 'VAT' twice, a change no note of the file names for (5)(b), so reading the (5) "
                "note as dating all of (5)(b)'s words would be a guess: left unfixed)",
            ),
        ),
    ],
)
def test_vat_changes_of_16_12_2010_date_their_provisions(vat, path, kind, before):
    assert versions(vat, f"{VATA}/{path}") == [("2010-12-16", None, kind, FA3_2010, None)]
    assert vat.text_at(f"{VATA}/{path}", "2010-12-15").status == before


@pytest.mark.parametrize("path", ["section-24-5A", "section-24-5B-a"])
def test_vat_s24_5A_5B_inserted_on_no_stated_day(vat, path):
    assert versions(vat, f"{VATA}/{path}") == [("2020-12-31", None, "insertion", FA3_2010, None)]
    assert ("date-at-latest", f"{VATA}/{path}") in weak(vat, VATA)
    (version,) = vat.versions(f"{VATA}/{path}")
    assert version.opened_by.bound == "at-latest"  # the note gives no day: made by the day the source shows it
    assert vat.text_at(f"{VATA}/{path}", "2015-01-01").status == "outside-coverage"


@pytest.mark.parametrize("path", ["section-24-3", "section-24-7"])
def test_vat_s24_3_and_7_are_repealed(vat, path):
    # line 39: <P2 id="section-24-3"><Pnumber><CommentaryRef .../>3</Pnumber> <Text>. . . . . . . .</Text>; line 40
    # the same for section-24-7: only dots are held
    gone = vat.text_at(f"{VATA}/{path}", "2026-06-29")
    assert (gone.status, gone.text) == ("repealed", None)
    assert vat.versions(f"{VATA}/{path}") == []


@pytest.mark.parametrize("path", ["section-24-3", "section-24-7"])
def test_vat_s24_3_and_7_were_repealed_by_finance_no_3_act_2010(vat, path):
    gone = vat.text_at(f"{VATA}/{path}", "2026-06-29")
    assert (gone.closed_by.type, gone.closed_by.source) == ("repeal", FA3_2010)
    assert ("date-at-latest", f"{VATA}/{path}") in weak(vat, VATA)
    assert gone.closed_by.bound == "at-latest"  # the note gives no day: repealed by the day the source shows it so


@pytest.mark.parametrize("path", ["section-24-1-a", "section-24-4", "section-24-6-d"])
def test_vat_unamended_subsections_start_without_recorded_act(vat, path):
    assert versions(vat, f"{VATA}/{path}") == [("2020-12-31", None, "started-without-recorded-act", None, None)]


@pytest.mark.parametrize("path", ["section-24-1-a", "section-24-4"])
def test_vat_before_the_window_is_outside_coverage_not_before_commencement(vat, path):
    answer = vat.text_at(f"{VATA}/{path}", "2019-01-01")
    assert (answer.status, answer.text) == ("outside-coverage", None)


def test_vat_unamended_words(vat):
    # line 39: (1)(a) "VAT on the supply to him of any goods or services;"; line 40: (6)(d) "in the case of a person
    # who has been, but is no longer, a taxable person, for him to be paid by the Commissioners the amount of any VAT"
    a = vat.text_at(f"{VATA}/section-24-1-a", "2026-06-29")
    assert (a.status, a.valid_from, a.text) == (
        "in-force",
        "2020-12-31",
        "VAT on the supply to him of any goods or services;",
    )
    d = vat.text_at(f"{VATA}/section-24-6-d", "2026-06-29")
    assert d.status == "in-force" and d.text.startswith("in the case of a person who has been, but is no longer")


def test_vat_impact_of_the_acts_the_notes_name(vat):
    changed = {i.provision for i in vat.impact(FA3_2010).items}
    assert {f"{VATA}/section-24-{p}" for p in ("3", "5A", "5B", "6-e", "6A", "7")} <= changed
    assert f"{VATA}/section-24-6-a" in {i.provision for i in vat.impact(FA_2003).items}
    # Taxation (Cross-border Trade) Act 2018 omitted words only: it repealed none of these
    assert not changed & {i.provision for i in vat.impact(TCTA_2018).items if i.effect.startswith("repealed")}
