"""Two rules of a text as enacted or made on its own coming into force, found on legislation.gov.uk files lexrdf had
never seen (issue 35) and tried here on variants of ../shared/data files written at test time (no data file holds
the construct):

- a portion of a text as enacted (one section: its dc:identifier names ``.../section/1/enacted``, as
  legislation.gov.uk serves a provision of an act as enacted) lacks the act's provisions on its coming into force:
  its silence proves no entry into force on the day the act was passed (Interpretation Act 1978 s. 4(b) rules only
  where the whole act says nothing), so that day is only the earliest its units can have entered into force: a
  commencement dated at the earliest (lexrdf/mapping/act_dates.py `apply_own_commencement`), never an enactment
  that brought them into force. Found on the Data Protection Act 2018 s. 157 as enacted, in force on 25.5.2018 by
  s. 212 and S.I. 2018/625, not on its Royal Assent (23.5.2018) as lexrdf answered;
- a commencement clause whose subject is a pronoun ("Subject to paragraph (3), they come into force on exit day",
  S.I. 2019/419 reg. 1(2), after reg. 1(1) "These Regulations may be cited as ...") defers the whole text when the
  unit before it is the text's citation clause naming it (mappings/clml.yaml `own_commencement.pronoun` and
  `citation`): lexrdf had it in force from the day it was made.

Held beside its whole act, such a section never dates what the act's own words defer (the Police (Northern Ireland)
Act 2000 s. 1, deferred to an order by s. 79(1)): in either order of ingest the whole text's reading stands.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from invariants import assert_edges_dated, assert_windows_sound
from lxml import etree
from templates import ingested_copy

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

CLML = SHARED_DATA / "clml"
MMA_FILE = CLML / "ukpga_20210005_en.xml"
ATM_FILE = CLML / "uksi_20190459_en.xml"
MMA = f"{BASE}/eli/gb-ukm/act/2021-03-01/5"  # UnitedKingdomPublicGeneralAct, ukm:EnactmentDate 2021-03-01 (line 20)
ATM = f"{BASE}/eli/gb-ukm/si/2019-02-27/459"  # UnitedKingdomStatutoryInstrument, ukm:Made 2019-02-27 (line 23)
L = "{http://www.legislation.gov.uk/namespaces/legislation}"
DC = "{http://purl.org/dc/elements/1.1/}"


@pytest.fixture(scope="module")
def mma_section_1(tmp_path_factory):
    """The Ministerial and other Maternity Allowances Act 2021 as enacted, cut to s. 1 as legislation.gov.uk serves
    one section (its Data Protection Act 2018 s. 157 as enacted: root IdURI ".../id/ukpga/2018/12", DocumentURI
    ".../ukpga/2018/12/enacted", dc:identifier ".../ukpga/2018/12/section/157/enacted"): dc:identifier (line 4:
    "http://www.legislation.gov.uk/id/ukpga/2021/5") moved to the root's IdURI, the root's DocumentURI
    ".../ukpga/2021/5/enacted", dc:identifier ".../ukpga/2021/5/section/1/enacted", and every P1group of the body
    but s. 1's (line 82) dropped, s. 7(2) (line 502: "This Act comes into force on the day on which it is passed.")
    with them (`cut_unit`)."""
    needs_shared(MMA_FILE)
    directory = tmp_path_factory.mktemp("mma-section-1")
    variant = cut_unit(MMA_FILE, "section-1", "section/1", directory)
    lex = open_lex(directory / "store")
    assert lex.ingest([variant]).refused == []
    yield lex
    lex.close()


@pytest.mark.parametrize(
    ("eid", "words"),
    [
        # line 90: <Text> of s. 1(1)
        ("section-1-1", "A mother or expectant mother designated as a Minister on Leave under this section is to be"),
        ("section-1-2-a", "the mother or expectant mother appears to the Prime Minister to satisfy either of the"),
    ],
)
def test_a_section_as_enacted_alone_is_in_force_at_the_earliest_on_the_act_s_day(mma_section_1, eid, words):
    provision = f"{MMA}/{eid}"
    (version,) = mma_section_1.versions(provision)
    assert version.valid_from == "2021-03-01"  # ukm:EnactmentDate (line 20): the earliest it can have been
    assert (version.opened_by.type, version.opened_by.bound) == ("commencement", "at-earliest")
    before = mma_section_1.text_at(provision, "2021-02-28")
    assert before.status == "not-yet-in-force" and "at the earliest on 2021-03-01" in before.message
    assert (before.text, before.version) == (None, None)
    on = mma_section_1.text_at(provision, "2021-03-01")
    assert on.text.startswith(words)
    assert on.opened_by.bound == "at-earliest"  # never an enactment that brought it into force


def test_a_section_as_enacted_alone_keeps_the_invariants(mma_section_1):
    assert_edges_dated(mma_section_1)
    assert assert_windows_sound(mma_section_1) > 0


def test_the_act_of_a_section_as_enacted_alone_is_still_enacted_on_its_day(mma_section_1):
    (act,) = mma_section_1.versions(MMA)  # the act was passed on 2021-03-01 (ukm:EnactmentDate, line 20)
    assert (act.valid_from, act.opened_by.type, act.opened_by.bound) == ("2021-03-01", "enactment", None)


def test_the_whole_act_as_enacted_is_still_in_force_on_the_day_it_was_passed(tmp_path):
    """The same file unchanged: s. 7(2) (line 502) is in it, and the act says nothing else (the rule does not reach
    a whole text)."""
    needs_shared(MMA_FILE)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([MMA_FILE])
        on = lex.text_at(f"{MMA}/section-1-1", "2021-03-01")
        assert (on.status, on.opened_by.type, on.opened_by.bound) == ("in-force", "enactment", None)
    finally:
        lex.close()


# reg. 1(1), line 1937: "These Regulations may be cited as the Air Traffic Management (Amendment etc.) (EU Exit)
# Regulations 2019."; reg. 1(2), line 1943: "These Regulations come into force on exit day.", read in the variant
# below as S.I. 2019/419 reg. 1(2) words it: "Subject to paragraph (3), they come into force on exit day."
ATM_CLAUSE = "<Text>These Regulations come into force on exit day.</Text>"


@pytest.fixture(scope="module")
def atm_they(tmp_path_factory):
    needs_shared(ATM_FILE)
    directory = tmp_path_factory.mktemp("atm-they")
    text = ATM_FILE.read_text(encoding="utf-8")
    assert text.count(ATM_CLAUSE) == 1
    variant = directory / ATM_FILE.name
    variant.write_text(
        text.replace(ATM_CLAUSE, "<Text>Subject to paragraph (3), they come into force on exit day.</Text>"),
        encoding="utf-8",
    )
    lex = open_lex(directory / "store")
    assert lex.ingest([variant]).refused == []
    yield lex
    lex.close()


@pytest.mark.parametrize("eid", ["regulation-1-1", "regulation-1-2", "regulation-6", "regulation-210"])
def test_they_after_the_citation_clause_defers_the_whole_instrument(atm_they, eid):
    provision = f"{ATM}/{eid}"
    assert atm_they.versions(provision) == []
    answer = atm_they.text_at(provision, "2019-02-27")  # the day it was made (ukm:Made, line 23)
    assert (answer.status, answer.valid_from, answer.text) == ("not-yet-in-force", None, None)
    assert atm_they.text_at(ATM, "2019-02-27").status == "not-yet-in-force"


# == A section as enacted beside its whole act: the act's own words date it, in either order ======================

PNI_FILE = CLML / "ukpga_20000032_en.xml"  # the Police (Northern Ireland) Act 2000 as enacted
PNI = f"{BASE}/eli/gb-ukm/act/2000-11-23/32"


def pni_section_1(directory) -> object:
    """The Police (Northern Ireland) Act 2000 as enacted, cut to s. 1 as legislation.gov.uk serves one section (as
    `mma_section_1`): dc:identifier (line 3: ".../ukpga/2000/32/enacted") becomes ".../section/1/enacted", every
    P1group but s. 1's (line 84) is dropped, with the Parts, blocks and Schedules left without one, s. 79 with them
    (`cut_unit`)."""
    return cut_unit(PNI_FILE, "section-1", "section/1", directory)


@pytest.mark.parametrize("section_first", [True, False])
def test_a_section_as_enacted_never_dates_what_its_whole_act_defers(tmp_path, section_first):
    """S. 79(1) of the whole act (line 5704): "Except as provided by subsection (2), the preceding provisions of this
    Act shall come into force on such day as the Secretary of State may by order appoint"; s. 1 is not among those of
    s. 79(2). The whole text alone shows s. 1 prospective; s. 1 alone, lacking s. 79, is in force at the earliest on
    the act's day. Held together, in either order, the act's own words rule: s. 1 is not yet in force on the day the
    act was passed, and has no version; s. 49, in force that day by s. 79(2)(a), is."""
    needs_shared(PNI_FILE)
    section = pni_section_1(tmp_path)
    lex = open_lex(tmp_path / "store")
    try:
        for path in [section, PNI_FILE] if section_first else [PNI_FILE, section]:
            assert lex.ingest([path]).refused == []
        for eid in ("section-1", "section-1-1", "part-I"):
            answer = lex.text_at(f"{PNI}/{eid}", "2000-11-23")
            assert answer.status == "not-yet-in-force" and "prospective" in answer.message, eid
            assert lex.versions(f"{PNI}/{eid}") == []
        assert lex.text_at(f"{PNI}/section-49", "2000-11-23").status == "in-force"
        assert_edges_dated(lex)
        assert assert_windows_sound(lex) > 0
    finally:
        lex.close()


# == Every whole text (or Part) in ../shared/data, beside one of its units as legislation.gov.uk serves it: one history

# (file, the unit cut from it, that unit's URI segment on legislation.gov.uk, the text's own IRI as lexrdf mints it)
WHOLE_TEXTS = [
    (MMA_FILE, "section-1", "section/1", MMA),  # s. 7(2), line 502: in force on the day on which it is passed
    (PNI_FILE, "section-1", "section/1", PNI),  # s. 79(1), line 5704: s. 1 on a day an order appoints
    # s. 79(2), lines 5711-5714: "The following provisions come into force on the day on which this Act is passed—
    # ... section 49;"
    (PNI_FILE, "section-49", "section/49", PNI),
    # ukm:ComingIntoForce 1996-06-21 (line 49); reg. 1 (line 105): "... shall come into force on 21st June 1996."
    (CLML / "uksi-1996-1342-made.xml", "regulation-2", "regulation/2", None),
    (ATM_FILE, "regulation-6", "regulation/6", ATM),  # reg. 1(2), line 1943: on exit day
    # revised and historical texts: each unit dated by the RestrictStartDate / RestrictEndDate on it or around it.
    # SCA 1981 Part VI at 2020-08-03 (root RestrictEndDate 2020-12-01): s. 129's P1group (line 176) has no dates, its
    # end is the cross-heading's (line 174: RestrictEndDate="2020-12-01"), which ends then for s. 140 (line 537), not
    # held beside s. 129 alone
    (CLML / "ukpga-1981-54-part-VI-2020-08-03.xml", "section-129", "section/129", None),
    # the Abolition of the Right to Buy (Wales) Act 2018 at 2018-01-24: s. 2's P1group carries its own window
    # (RestrictStartDate="2018-03-25" RestrictEndDate="2019-01-26"), the cross-heading's the same
    (CLML / "anaw-2018-1-historical-2018-01-24.xml", "section-2", "section/2", None),
    # GLA Act 1999 Part III at 2013-03-27 (root RestrictEndDate 2013-04-01): s. 102 (line 1888) inside Part III, its
    # Chapter I and a cross-heading, each with RestrictEndDate="2014-02-24" (lines 109, 112, 270), after the currency
    (CLML / "ukpga-1999-29-part-III-2013-03-27.xml", "section-102", "section/102", None),
]


def _quoted(element) -> bool:
    """Whether ELEMENT is inside a BlockAmendment: text an amending provision inserts elsewhere, not a unit here."""
    return any(a.tag == f"{L}BlockAmendment" for a in element.iterancestors())


def cut_unit(whole: Path, unit: str, segment: str, directory: Path) -> Path:
    """WHOLE cut to the P1group of UNIT, as legislation.gov.uk serves one provision, with the units around it and their
    windows: the body's other P1groups, the blocks left empty and the Schedules dropped. Of a revised or historical
    text, dc:identifier is the P1's own DocumentURI (its Income Tax Act 2007 s. 8: root DocumentURI
    ".../ukpga/2007/3", dc:identifier ".../ukpga/2007/3/section/8"); of a text as enacted or made, which gives its
    P1s none, as its Data Protection Act 2018 s. 157 as enacted: root IdURI ".../id/ukpga/2018/12", DocumentURI
    ".../ukpga/2018/12/enacted", dc:identifier ".../ukpga/2018/12/section/157/enacted"."""
    tree = etree.parse(str(whole))
    root = tree.getroot()
    (identifier, *_) = [e for e in tree.iter(f"{DC}identifier") if e.text.startswith("http://www.legislation.gov.uk/")]
    (p1,) = [p for p in tree.iter(f"{L}P1") if p.get("id") == unit and not _quoted(p)]
    if p1.get("DocumentURI"):
        identifier.text = p1.get("DocumentURI")
    else:
        work = root.get("IdURI") or identifier.text
        stage = "made" if "/uksi/" in work else "enacted"
        expression = work.replace("/id/", "/")
        root.set("IdURI", work)
        root.set("DocumentURI", f"{expression}/{stage}")
        identifier.text = f"{expression}/{segment}/{stage}"
    (body,) = tree.iter(f"{L}Body")
    for group in [g for g in body.iter(f"{L}P1group") if not _quoted(g)]:  # (what the unit quotes stays)
        if not any(p.get("id") == unit for p in group.iter(f"{L}P1")):
            group.getparent().remove(group)
    for name in ("Pblock", "Chapter", "Part"):
        for block in [b for b in body.iter(f"{L}{name}") if b.find(f".//{L}P1") is None]:
            block.getparent().remove(block)
    for schedules in list(tree.iter(f"{L}Schedules")):
        schedules.getparent().remove(schedules)
    assert [p.get("id") for p in body.iter(f"{L}P1") if not _quoted(p)] == [unit]
    cut = directory / f"{whole.stem}-{unit}.xml"
    tree.write(str(cut), xml_declaration=True, encoding="utf-8")
    return cut


_UNITS = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?provision WHERE {
  ?provision lex:act <{act}> ; lex:eId ?eid .
  FILTER (?eid = "{unit}" || STRSTARTS(?eid, "{unit}-"))
}
"""


def answers(lex, act: str, unit: str) -> dict[str, object]:
    """What lexrdf answers, as known now, of the act and of UNIT and every unit within it: their versions with
    IRIs and opening events, text-at on the act's own day and the day before, the act's impact, the events feed and
    every current record of the store (test_ingest_order.history)."""
    from test_ingest_order import history

    day = date.fromisoformat(re.search(r"/(\d{4}-\d{2}-\d{2})/", act)[1])
    provisions = sorted(
        row["provision"].value for row in lex.store.sparql(_UNITS.replace("{act}", act).replace("{unit}", unit))
    )
    assert provisions, f"no unit {unit} in {act}"
    found: dict[str, object] = {"history": history(lex)}
    for provision in [act, *provisions]:
        found[provision] = (
            [
                (v.version, v.valid_from, v.valid_until, v.opened_by.type, v.opened_by.bound)
                for v in lex.versions(provision)
            ],
            [(a.status, a.version) for a in (lex.text_at(provision, str(d)) for d in (day - timedelta(days=1), day))],
        )
    found["events"] = sorted(
        tuple(row[name].value if row[name] else None for name in ("event", "date", "kinds", "opened", "closed"))
        for row in lex.rows("_events-feed")
    )
    found["impact"] = sorted(
        {(i.provision, i.effect, i.type, i.date, i.version_opened, i.version_closed) for i in lex.impact(act).items},
        key=str,
    )
    return found


@pytest.mark.parametrize(
    ("whole", "unit", "segment", "act"),
    [pytest.param(*case, id=f"{case[0].stem}-{case[1]}") for case in WHOLE_TEXTS],
)
def test_a_unit_and_its_whole_text_give_one_history_in_either_order(
    whole, unit, segment, act, tmp_path, tmp_path_factory
):
    """A unit cut from its whole text (or Part), as legislation.gov.uk serves it, then the whole text, gives what the
    whole text then the unit gives. As enacted or made: the whole text's own provisions on coming into force date
    every unit it holds, whichever came first (the unit alone dates its words at the earliest on the act's day, a
    bound the whole text replaces). Revised: an end the unit only inherits from a unit around it, which the portion
    shows only around the unit, is no evidence of the unit's end (it may be for a unit the portion does not hold)."""
    needs_shared(whole)
    portion = cut_unit(whole, unit, segment, tmp_path)
    whole_first, summary = ingested_copy([whole], tmp_path_factory, "whole-first")
    (act_iri,) = summary.act_iris
    assert act in (None, act_iri)
    lex = Lexrdf.open(Settings(store=whole_first, base_iri=BASE))
    try:
        assert lex.ingest([portion]).refused == []
        expected = answers(lex, act_iri, unit)
    finally:
        lex.close()
    lex = open_lex(tmp_path / "portion-first")
    try:
        for path in (portion, whole):
            assert lex.ingest([path]).refused == []
        found = answers(lex, act_iri, unit)
    finally:
        lex.close()
    assert found.keys() == expected.keys()
    for key in expected:
        assert found[key] == expected[key], key
