"""Legal truth on five CLML texts as enacted or made (and one historical version): what each provision's status and
text are before the act was passed or made, between then and its coming into force, after it, and after the date up
to which the file vouches for it (its currency).

Every expected value was read from ../shared/data/clml/ by hand; the element, attribute or words and their line are
quoted beside each check:

- ukpga_20210005_en.xml, Ministerial and other Maternity Allowances Act 2021 as enacted (ukm:EnactmentDate
  2021-03-01, line 20; dct:valid 2021-03-01, line 9);
- ukpga_20000032_en.xml, Police (Northern Ireland) Act 2000 as enacted (ukm:EnactmentDate 2000-11-23, line 41; no
  dct:valid, no ukm:ComingIntoForce);
- anaw-2018-1-historical-2018-01-24.xml, Abolition of the Right to Buy and Associated Rights (Wales) Act 2018, its
  version of 2018-01-24 (ukm:EnactmentDate 2018-01-24, line 51; dct:valid line 11; root RestrictEndDate="2019-01-26",
  line 1);
- uksi-1996-1342-made.xml, Fertilisers (Sampling and Analysis) Regulations 1996 as made (ukm:Made 1996-05-25, line
  46; ukm:ComingIntoForce/ukm:DateTime 1996-06-21, line 49);
- uksi_20190459_en.xml, Air Traffic Management (Amendment etc.) (EU Exit) Regulations 2019 as made (ukm:Made
  2019-02-27, line 23; no ukm:ComingIntoForce date: the prelims say "Coming into force in accordance with regulation
  1", line 1910).

The reading the expectations follow (docs/answers.md, lexrdf/mapping/own_commencement.py):

- an act that says nothing else is in force from the day it is passed (Interpretation Act 1978 s. 4(b)); an
  instrument from the day its ukm:ComingIntoForce gives;
- where the text's own words put its coming into force (or that of the provisions before them) on a day they do not
  give ("on such day as the Secretary of State may by order appoint", "on exit day"), those provisions are
  prospective: ``not-yet-in-force`` with no date while the file speaks, never in force from the enactment; after the
  file's currency the file says nothing of them (``outside-coverage``): an order may have been made since;
- provisions a list brings into force "on the day on which this Act is passed" are in force from then; one listed
  "so far as relating thereto" is in force for some purposes only (``partly-in-force``);
- a text in force when the file is current is, after the currency, the text ``as-last-known`` (``outside-coverage``
  with ``strict``);
- a non-answer never carries a text.
"""

from __future__ import annotations

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from templates import ingested_copy

CLML = SHARED_DATA / "clml"
MMA_FILE = CLML / "ukpga_20210005_en.xml"
POLICE_FILE = CLML / "ukpga_20000032_en.xml"
ANAW_FILE = CLML / "anaw-2018-1-historical-2018-01-24.xml"
FERT_FILE = CLML / "uksi-1996-1342-made.xml"
ATM_FILE = CLML / "uksi_20190459_en.xml"

MMA = f"{BASE}/eli/gb-ukm/act/2021-03-01/5"  # UnitedKingdomPublicGeneralAct (line 14), EnactmentDate (line 20)
POLICE = f"{BASE}/eli/gb-ukm/act/2000-11-23/32"  # UnitedKingdomPublicGeneralAct (line 36), EnactmentDate (line 41)
ANAW = f"{BASE}/eli/gb-wls/act/2018-01-24/1"  # WelshNationalAssemblyAct (line 46), EnactmentDate (line 51)
FERT = f"{BASE}/eli/gb-ukm/si/1996-05-25/1342"  # UnitedKingdomStatutoryInstrument, ukm:Made 1996-05-25 (line 46)
ATM = f"{BASE}/eli/gb-ukm/si/2019-02-27/459"  # UnitedKingdomStatutoryInstrument (line 16), ukm:Made (line 23)


def _store(factory: pytest.TempPathFactory, name: str, path):
    needs_shared(path)
    store, _summary = ingested_copy([path], factory, name)
    lex = open_lex(store)
    return lex


@pytest.fixture(scope="module")
def mma(tmp_path_factory: pytest.TempPathFactory):
    lex = _store(tmp_path_factory, "mma", MMA_FILE)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def police(tmp_path_factory: pytest.TempPathFactory):
    lex = _store(tmp_path_factory, "police", POLICE_FILE)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def anaw(tmp_path_factory: pytest.TempPathFactory):
    lex = _store(tmp_path_factory, "anaw", ANAW_FILE)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def fert(tmp_path_factory: pytest.TempPathFactory):
    lex = _store(tmp_path_factory, "fert", FERT_FILE)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def atm(tmp_path_factory: pytest.TempPathFactory):
    lex = _store(tmp_path_factory, "atm", ATM_FILE)
    yield lex
    lex.close()


def _no_text(answer) -> None:
    assert (answer.text, answer.version) == (None, None)


# -- Ministerial and other Maternity Allowances Act 2021 (ukpga_20210005_en.xml) ---------------------------------------
# s. 7(2), line 502: "This Act comes into force on the day on which it is passed."
# <ukm:EnactmentDate Date="2021-03-01"/> (line 20) and <DateOfEnactment><DateText>[1st March 2021]</DateText> (line
# 69): every provision is in force from 2021-03-01; dct:valid 2021-03-01 (line 9) is the day the file vouches for.
MMA_TEXTS = [
    # (id, line of its <Text>, the words there)
    (
        "section-1-1",
        90,
        "A mother or expectant mother designated as a Minister on Leave under this section is to be paid",
    ),
    ("section-1-2-a", 100, "the mother or expectant mother appears to the Prime Minister to satisfy either of the"),
    ("section-2-2", 203, "If no salary was being paid in respect of that office, no allowance is payable."),
    ("section-3-5", 301, "No allowance is payable under section 5(1)(a) of that Act (allowance for ministerial"),
    ("section-4-1", 318, "A person appointed for the purposes of this section to take temporary responsibility for"),
    ("section-5-3", 447, "Payments under this section are to be charged on and paid out of the Consolidated Fund."),
    (
        "section-6-2",
        479,
        "The reference in paragraph 16(2)(b) of Schedule 6 to the Constitutional Reform and Governance",
    ),
    ("section-7-1", 496, "This Act extends to England and Wales, Scotland and Northern Ireland."),
    ("section-7-2", 502, "This Act comes into force on the day on which it is passed."),
    ("section-7-3", 508, "This Act may be cited as the Ministerial and other Maternity Allowances Act 2021."),
]


@pytest.mark.parametrize(("eid", "line", "words"), MMA_TEXTS)
def test_mma_every_provision_is_in_force_from_the_day_it_was_passed(mma, eid, line, words):
    provision = f"{MMA}/{eid}"
    before = mma.text_at(provision, "2021-02-28")  # the day before EnactmentDate 2021-03-01 (line 20)
    assert (before.status, before.valid_from) == ("not-yet-in-force", "2021-03-01")
    _no_text(before)
    passed = mma.text_at(provision, "2021-03-01")  # s. 7(2), line 502: in force on the day it is passed
    assert (passed.status, passed.valid_from, passed.valid_until) == ("in-force", "2021-03-01", None)
    assert passed.text.startswith(words)  # <Text> at line {line}
    assert passed.opened_by.type == "enactment" and passed.opened_by.date == "2021-03-01"
    assert any("ukpga_20210005_en.xml:20" in e for e in passed.opened_by.evidence)  # ukm:EnactmentDate, line 20
    # dct:valid 2021-03-01 (line 9): the file says nothing of later days; its text is the text as last known
    later = mma.text_at(provision, "2021-03-02")
    assert (later.status, later.text, later.current_to) == ("as-last-known", passed.text, "2021-03-01")
    strict = mma.text_at(provision, "2030-01-01", strict=True)
    assert strict.status == "outside-coverage"
    _no_text(strict)


def test_mma_the_act_and_its_headings(mma):
    # <Title>Ministerial and other Maternity Allowances Act 2021</Title> (line 65); P1group Title "Extent,
    # commencement and short title" (line 489) around <P1 id="section-7">
    act = mma.text_at(MMA, "2021-03-01")
    assert (act.status, act.valid_from) == ("in-force", "2021-03-01")
    assert mma.text_at(f"{MMA}/section-7", "2021-03-01").heading == "Extent, commencement and short title"
    # <Pblock id="crossheading-extent-etc"> (line 486), <Title>Extent, etc</Title>
    heading = mma.text_at(f"{MMA}/crossheading-extent-etc", "2021-03-01")
    assert (heading.status, heading.heading) == ("in-force", "Extent, etc")


# -- Police (Northern Ireland) Act 2000 (ukpga_20000032_en.xml) --------------------------------------------------------
# s. 79(1), line 5704: "Except as provided by subsection (2), the preceding provisions of this Act shall come into
# force on such day as the Secretary of State may by order appoint." s. 79(2), line 5710: "The following provisions
# come into force on the day on which this Act is passed—" (a) "section 49;" (line 5714), (b) "sections 67 and 68;",
# (c) "sections 75, 76 and 77;", (d) "Part III of Schedule 1 and section 2(2) so far as relating thereto;" (line 5732),
# (e) "Schedule 4;" (line 5738), (f) "paragraphs 3(4) and 4(3) of Schedule 6 and section 78(1) so far as relating
# thereto;" (line 5744), (g) "paragraph 1 of Schedule 7 and section 78(3) so far as relating thereto." (line 5750).
# Ss. 79-81 follow s. 79(1)'s "preceding provisions": in force on the day the Act was passed (2000-11-23, line 41).
# The Schedules have effect by sections before s. 79 (s. 2(2) line 132 "Schedule 1 shall have effect", s. 2(4) line
# 144 "Schedule 2 ... shall have effect", s. 78(1) line 5636 "Schedule 6"), so they wait for the order too.

POLICE_DEFERRED = [
    # (id, line of the element): under s. 79(1), named by no item of s. 79(2)
    ("section-1", 84),  # "The body of constables known as the Royal Ulster Constabulary shall continue" (line 90)
    ("section-48", 3315),  # Part VI, beside s. 49 in the same Part
    ("section-78-2", 5639),  # s. 78(2): not among (f)/(g), which name s. 78(1) and (3) only
    ("schedule-1-part-I", 5817),  # Schedule 1 Part I: (d) names Part III only
    ("schedule-2", 7265),  # given effect by s. 2(4) (line 144)
    ("schedule-6-paragraph-3-3", 9639),  # (f) names paragraphs 3(4) and 4(3) of Schedule 6, not 3(3)
]


@pytest.mark.parametrize(("eid", "line"), POLICE_DEFERRED)
def test_police_provisions_waiting_for_an_order_are_prospective_never_in_force_from_enactment(police, eid, line):
    provision = f"{POLICE}/{eid}"
    assert police.versions(provision) == []  # the file gives no day it came into force
    for day in ("2000-11-22", "2000-11-23"):  # before it was passed, and the day it was (line 41)
        answer = police.text_at(provision, day)
        assert (answer.status, answer.valid_from) == ("not-yet-in-force", None), (eid, line, day)
        _no_text(answer)
    # after the day the file is of (2000-11-23: no dct:valid, EnactmentDate line 41) an order may have appointed a day:
    # the file does not say
    for day in ("2000-11-24", "2005-01-01"):
        answer = police.text_at(provision, day)
        assert (answer.status, answer.current_to) == ("outside-coverage", "2000-11-23")
        _no_text(answer)


POLICE_ON_PASSING = [
    # (id, line of its <Text>, the words there, the item of s. 79(2) naming it)
    ("section-49-1", 3408, "Regulations under section 25(2)(k) of the 1998 Act (pensions and gratuities", "(a)"),
    (
        "section-67-1",
        4952,
        "The Secretary of State may appoint a Commissioner to discharge the general function",
        "(b)",
    ),
    (
        "schedule-6-paragraph-3-4",
        9653,
        "In that Part of that Schedule, at the appropriate place in alphabetical",
        "(f)",
    ),
    ("schedule-7-paragraph-1", 10471, "In relation to any time before the coming into force of section 78(2)", "(g)"),
    (
        "section-79-1",
        5704,
        "Except as provided by subsection (2), the preceding provisions of this Act shall come",
        "-",
    ),
    ("section-79-2-a", 5714, "section 49;", "-"),
    (
        "section-80-1",
        5778,
        "Except as provided by subsections (2) and (3), this Act extends to Northern Ireland only.",
        "-",
    ),
    ("section-81", 5801, "This Act may be cited as the Police (Northern Ireland) Act 2000.", "-"),
]


@pytest.mark.parametrize(("eid", "line", "words", "item"), POLICE_ON_PASSING)
def test_police_provisions_in_force_on_the_day_the_act_was_passed(police, eid, line, words, item):
    provision = f"{POLICE}/{eid}"
    before = police.text_at(provision, "2000-11-22")
    assert (before.status, before.valid_from) == ("not-yet-in-force", "2000-11-23")
    _no_text(before)
    passed = police.text_at(provision, "2000-11-23")  # EnactmentDate, line 41
    assert (passed.status, passed.valid_from, passed.valid_until) == ("in-force", "2000-11-23", None)
    assert passed.text.startswith(words)  # <Text> at `line`
    assert passed.opened_by.type == "enactment"
    later = police.text_at(provision, "2001-06-01")  # after the file's day: the text as last known
    assert (later.status, later.text, later.current_to) == ("as-last-known", passed.text, "2000-11-23")
    assert police.text_at(provision, "2001-06-01", strict=True).status == "outside-coverage"


@pytest.mark.parametrize(
    ("eid", "words", "item"),
    [
        # s. 79(2)(d), line 5732: "... and section 2(2) so far as relating thereto"; s. 2(2), line 132
        ("section-2-2", "Schedule 1 shall have effect in relation to the Board.", "section-79-2-d"),
        # s. 79(2)(f), line 5744: "... and section 78(1) so far as relating thereto"; s. 78(1), line 5636
        ("section-78-1", "The statutory provisions mentioned in Schedule 6 shall be amended", "section-79-2-f"),
        # s. 79(2)(g), line 5750: "... and section 78(3) so far as relating thereto"; s. 78(3), line 5684
        ("section-78-3", "Schedule 7 (which contains transitional and transitory provisions) shall have effect.",
         "section-79-2-g"),
    ],
)  # fmt: skip
def test_police_provisions_in_force_so_far_as_relating_are_partly_in_force(police, eid, words, item):
    provision = f"{POLICE}/{eid}"
    assert police.text_at(provision, "2000-11-22").status == "not-yet-in-force"
    answer = police.text_at(provision, "2000-11-23")
    assert (answer.status, answer.valid_from) == ("partly-in-force", "2000-11-23")
    assert answer.text.startswith(words)
    assert [p.date for p in answer.in_force_in_part] == ["2000-11-23"]
    assert any(item in purpose for purpose in answer.purposes)  # the list item that says so
    later = police.text_at(provision, "2001-06-01")
    assert (later.status, later.text) == ("as-last-known", answer.text)


def test_police_the_units_holding_provisions_in_force_on_passing(police):
    # s. 79(2)(d) "Part III of Schedule 1" (line 5732): <Part id="schedule-1-part-III"> (line 6081), Title "Membership
    # during devolved government"; its first <Text> (line 6092): "The Board shall consist of 19 members of whom—"
    part = police.text_at(f"{POLICE}/schedule-1-part-III", "2000-11-23")
    assert (part.status, part.valid_from, part.heading) == (
        "in-force",
        "2000-11-23",
        "Membership during devolved government",
    )
    # s. 79(2)(e) "Schedule 4;" (line 5738): <Schedule id="schedule-4"> (line 8302), in force with all inside it
    assert police.text_at(f"{POLICE}/schedule-4", "2000-11-23").status == "in-force"
    first = police.text_at(f"{POLICE}/schedule-4-paragraph-1-1", "2000-11-23")
    assert (first.status, first.text) == (
        "in-force",
        "Subject to the following provisions of this paragraph, a person shall hold and vacate office as the "
        "Commissioner in accordance with the terms of his appointment.",
    )  # line 8317
    # the Act (ukm:EnactmentDate line 41): passed on 2000-11-23, some of it in force that day
    assert police.text_at(POLICE, "2000-11-23").status == "in-force"
    assert police.text_at(POLICE, "2000-11-22").status == "not-yet-in-force"


# -- Abolition of the Right to Buy and Associated Rights (Wales) Act 2018, version of 2018-01-24 -----------------------
# A revised document: each P1group carries its own RestrictStartDate / RestrictEndDate. s. 11(1), line 1012: "This
# section and sections 1, 8, 9, 10 and 12 come into force on the day on which this Act receives Royal Assent." s.
# 11(2), line 1018: "Sections 2 to 5 come into force at the end of the period of 2 months beginning with the day on
# which this Act receives Royal Assent." s. 11(3), line 1024: "Sections 6 and 7 come into force on a day appointed by
# the Welsh Ministers in an order made by statutory instrument." The file dates each: ss. 2-5 RestrictStartDate=
# "2018-03-25" RestrictEndDate="2019-01-26" (lines 179, 301, 439, 555); ss. 6, 7 and Schedule 1 RestrictStartDate=
# "2019-01-26" (lines 642, 701, 1054); ss. 1, 9-12 RestrictStartDate="2018-01-24" (lines 97, 957, 966, 1004, 1042);
# s. 8 from 2018-01-24 to 2019-01-26 (line 724). The root's RestrictEndDate="2019-01-26" (line 1): the version is
# current to 2019-01-25. (s. 11(2) read with Royal Assent on 2018-01-24 would give 2018-03-24, the day after the
# 2-month period ends; the file's RestrictStartDate says 2018-03-25, and the attribute is what dates the window.)

ANAW_PROVISIONS = [
    # (id, its window as its P1group's attributes give it, the P1group's line, its words (<Text> line in the comment))
    (
        "section-1-1",
        "2018-01-24",
        None,
        97,
        "This section gives an overview of the main provisions of this Act.",
    ),  # 105
    ("section-2-1", "2018-03-25", "2019-01-26", 179, "The Housing Act 1985 (c. 68) is amended as follows."),  # 187
    ("section-3-1", "2018-03-25", "2019-01-26", 301, "The Housing Act 1985 (c. 68) is amended as follows."),  # 309
    ("section-4-1", "2018-03-25", "2019-01-26", 439, "The Housing Act 1996 (c. 52) is amended as follows."),  # 447
    ("section-5-1", "2018-03-25", "2019-01-26", 555, "The Housing Act 1996 (c. 52) is amended as follows."),  # 563
    ("section-6-1", "2019-01-26", None, 642, "The following rights no longer exist in relation to dwellings in Wales—"),
    ("section-8-1", "2018-01-24", "2019-01-26", 724, "The Welsh Ministers must, within one month of the coming into"),
    ("section-10-1", "2018-01-24", None, 966, "The power in section 9 to make regulations is exercisable by statutory"),
    ("section-11-1", "2018-01-24", None, 1004, "This section and sections 1, 8, 9, 10 and 12 come into force on the"),
    (
        "section-12",
        "2018-01-24",
        None,
        1042,
        "The short title of this Act is the Abolition of the Right to Buy and",
    ),  # 1047
]


@pytest.mark.parametrize(("eid", "start", "end", "line", "words"), ANAW_PROVISIONS)
def test_anaw_each_provision_follows_its_own_period(anaw, eid, start, end, line, words):
    provision = f"{ANAW}/{eid}"
    before = anaw.text_at(provision, "2018-01-23")  # before EnactmentDate 2018-01-24 (line 51)
    assert (before.status, before.valid_from) == ("not-yet-in-force", start)
    _no_text(before)
    # 2018-02-01: after Royal Assent, before the 2-month commencement of ss. 2-5 (s. 11(2), line 1018)
    early = anaw.text_at(provision, "2018-02-01")
    if start <= "2018-02-01":
        assert (early.status, early.valid_from) == ("in-force", start)
        assert early.text.startswith(words)
    else:
        assert (early.status, early.valid_from) == ("not-yet-in-force", start)
        _no_text(early)
    # 2019-01-25: the last day the version vouches for (root RestrictEndDate 2019-01-26, line 1)
    last = anaw.text_at(provision, "2019-01-25")
    if start <= "2019-01-25":
        assert (last.status, last.valid_from, last.valid_until) == ("in-force", start, end)
        assert last.text.startswith(words)
    else:
        assert last.status == "not-yet-in-force"
    # 2019-06-01: after the version's currency. A window the file ends on 2019-01-26 (RestrictEndDate on the P1group)
    # is ended (the file names no act ending it); one still open is the text as last known
    after = anaw.text_at(provision, "2019-06-01")
    if end is not None:
        assert (after.status, after.valid_until) == ("ended", end)
        _no_text(after)
    else:
        assert (after.status, after.valid_from, after.current_to) == ("as-last-known", start, "2019-01-25")
        assert after.text.startswith(words)


def test_anaw_schedule_1_comes_with_section_6(anaw):
    # <Schedule ... RestrictStartDate="2019-01-26" id="schedule-1"> (line 1054); <P1 RestrictStartDate="2019-01-26"
    # id="schedule-1-paragraph-1"> (line 1063)
    provision = f"{ANAW}/schedule-1-paragraph-1"
    assert anaw.text_at(provision, "2018-06-01").status == "not-yet-in-force"
    assert anaw.text_at(provision, "2018-06-01").valid_from == "2019-01-26"
    assert anaw.text_at(provision, "2019-06-01").status == "as-last-known"


# -- Fertilisers (Sampling and Analysis) Regulations 1996, as made (uksi-1996-1342-made.xml) --------------------------
# <ukm:Made Date="1996-05-25"/> (line 46); <ukm:ComingIntoForce><ukm:DateTime Date="1996-06-21"/> (lines 48-49);
# reg. 1(1), line 105: "... and shall come into force on 21st June 1996." Between making and 1996-06-21 nothing of them
# is in force; the made text vouches for them on the day they came into force.
FERT_TEXTS = [
    ("regulation-1-1", 105, "These Regulations may be cited as The Fertilisers (Sampling and Analysis) Regulations"),
    ("regulation-1-2", 111, "In these Regulations, unless the context otherwise requires, “the Act” means the"),
    ("regulation-2-1", 137, "The prescribed amount of material for the purposes of the definition of sampled portion"),
    ("regulation-3", 238, "The manner in which samples are to be taken, marked, sealed and fastened up in cases where"),
    ("regulation-5", 256, "The prescribed qualifications for an agricultural analyst or a deputy agricultural analyst"),
    ("regulation-6-1", 268, "The methods by which analysis of fertilisers shall be made for the purposes of the Act"),
    ("regulation-7", 327, "The certificate of an agricultural analyst of the analysis shall be in the form set out in"),
    (
        "regulation-8",
        336,
        "In relation to any material to which these Regulations apply the operation of the provisions",
    ),
    ("regulation-9", 357, "The Fertilisers (Sampling and Analysis) Regulations 1991, the Fertilisers (Sampling and"),
    ("schedule-1-paragraph-2-e", 982, "name of the material; and"),
]


@pytest.mark.parametrize(("eid", "line", "words"), FERT_TEXTS)
def test_fert_in_force_from_the_coming_into_force_date_not_the_made_date(fert, eid, line, words):
    provision = f"{FERT}/{eid}"
    for day in ("1996-05-24", "1996-05-25", "1996-06-20"):  # before making (line 46), made, the day before (line 49)
        answer = fert.text_at(provision, day)
        assert (answer.status, answer.valid_from) == ("not-yet-in-force", "1996-06-21"), day
        _no_text(answer)
    answer = fert.text_at(provision, "1996-06-21")
    assert (answer.status, answer.valid_from, answer.valid_until) == ("in-force", "1996-06-21", None)
    assert answer.text.startswith(words)  # <Text> at `line`
    assert any("uksi-1996-1342-made.xml:49" in e for e in answer.opened_by.evidence)  # ukm:ComingIntoForce
    later = fert.text_at(provision, "2000-01-01")  # the made text vouches for 1996-06-21 only
    assert (later.status, later.text, later.current_to) == ("as-last-known", answer.text, "1996-06-21")
    assert fert.text_at(provision, "2000-01-01", strict=True).status == "outside-coverage"


# -- Air Traffic Management (Amendment etc.) (EU Exit) Regulations 2019, as made (uksi_20190459_en.xml) --------------
# <ukm:Made Date="2019-02-27"/> (line 23), dct:valid 2019-02-27 (line 10), no ukm:ComingIntoForce; the prelims:
# <ComingIntoForce><Text>Coming into force in accordance with regulation 1</Text> (lines 1909-1911); reg. 1(2), line
# 1943: "These Regulations come into force on exit day." Exit day is a term of the European Union (Withdrawal) Act
# 2018: the file gives no date. Nothing of them is in force on any date the file gives.
ATM_PROVISIONS = [
    ("part-1", 1926),
    ("regulation-1-1", 1934),  # "These Regulations may be cited as the Air Traffic Management ..." (line 1937)
    ("regulation-1-2", 1940),  # "These Regulations come into force on exit day." (line 1943)
    ("part-2", 1950),
    ("regulation-6", 2349),  # "Article 4 (national supervisory authorities) is amended as follows." (line 2355)
    ("part-2-chapter-3", 3509),
    ("regulation-52", 4009),  # "For Article 8 (temporary suspension) substitute—" (line 4012)
    ("regulation-99", 5282),
    ("regulation-121", 5616),
    ("regulation-210", 7926),  # "Omit Article 21 (oversight of the Network Manager)." (line 7929)
]


@pytest.mark.parametrize(("eid", "line"), ATM_PROVISIONS)
def test_atm_regulations_coming_into_force_on_exit_day_are_never_in_force_from_making(atm, eid, line):
    provision = f"{ATM}/{eid}"
    assert atm.versions(provision) == []
    for day in ("2019-02-26", "2019-02-27"):  # before it was made, and the day it was (line 23)
        answer = atm.text_at(provision, day)
        assert (answer.status, answer.valid_from) == ("not-yet-in-force", None), (eid, line, day)
        _no_text(answer)
    for day in ("2019-03-30", "2020-02-01"):  # after the file's day (dct:valid line 10): exit day may have come
        answer = atm.text_at(provision, day)
        assert (answer.status, answer.current_to) == ("outside-coverage", "2019-02-27")
        _no_text(answer)


def test_atm_the_instrument_itself_is_prospective(atm):
    # reg. 1(2), line 1943 "These Regulations come into force on exit day.": the instrument as a whole
    for day in ("2019-02-26", "2019-02-27"):
        answer = atm.text_at(ATM, day)
        assert (answer.status, answer.valid_from) == ("not-yet-in-force", None)
    assert atm.text_at(ATM, "2019-04-01").status == "outside-coverage"


def test_police_table_of_contents_on_the_day_it_was_passed(police):
    # s. 79(1) (line 5704) defers ss. 1-78 but those s. 79(2) (line 5710) lists; ss. 79-81 follow it (line 41: passed
    # 2000-11-23)
    status = {row["path"]: row["status"] for row in police.toc(POLICE, "2000-11-23")}
    assert status["section-1"] == "not-yet-in-force"  # line 84
    assert status["section-49"] == "in-force"  # s. 79(2)(a), line 5714
    assert status["section-67"] == "in-force"  # s. 79(2)(b) "sections 67 and 68;"
    assert status["section-76"] == "in-force"  # s. 79(2)(c) "sections 75, 76 and 77;"
    assert status["section-78-2"] == "not-yet-in-force"  # line 5639
    assert status["section-81"] == "in-force"  # line 5798, after s. 79
    assert status["schedule-2"] == "not-yet-in-force"  # line 7265
    assert status["schedule-4"] == "in-force"  # s. 79(2)(e) "Schedule 4;", line 5738


def test_atm_table_of_contents_holds_nothing_in_force(atm):
    # reg. 1(2), line 1943: "These Regulations come into force on exit day." Every unit of the instrument waits for it
    rows = atm.toc(ATM, "2019-02-27")
    assert rows and {row["status"] for row in rows} == {"not-yet-in-force"}
