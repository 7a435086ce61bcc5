"""One identity per act, minted in one place (lexrdf/uris.py).

An act first known only by reference (the source of another act's amendments) and later ingested, or ingested
first, is one resource: every IRI it was given and every identifier its sources give resolve to it, and `impact`
answers the same for each. Expected values are read from the sources:

- ukpga-1998-29.xml (the Data Protection Act 1998): FRBRWork FRBRthis/FRBRuri
  http://www.legislation.gov.uk/id/ukpga/1998/29 (lines 6-7), FRBRExpression FRBRthis/FRBRuri
  http://www.legislation.gov.uk/ukpga/1998/29 (lines 16-17); `<section eId="section-7">` (line 4088),
  `<subsection eId="section-7-1">` (4098), `<paragraph eId="schedule-5-paragraph-17">` (14986). Note c18186271
  (line 2136): "S. 33A inserted (1.1.2005) by 2000 c. 36 [http://www.legislation.gov.uk/id/ukpga/2000/36], ss. 70(1)";
  `<section eId="section-33A" period="#period13">` (6705), period13 starts at effective-date-9, 2005-01-01 (123).
- tests/fixtures/ukpga-2000-36.xml: the Freedom of Information Act 2000 with the identifiers legislation.gov.uk
  gives it (work .../id/ukpga/2000/36, expression .../ukpga/2000/36), enacted 2000-11-30, GB-UKM, number 36.
  tests/fixtures/records-act-2000.xml cites it by the expression URI instead, for the insertion of art_1__para_2
  (`<passiveRef eId="foia" href="http://www.legislation.gov.uk/ukpga/2000/36">`, period tg2 from 2001-01-30).
- samples/expressions (Open Data Act 2001): the 2004 expression cites the Data Amendment Act 2004 as
  `<passiveRef href="/akn/xx/act/2004-06-01/7">`; tests/fixtures/data-amendment-act-2004.xml is that act.
- vereinsgesetz/amending-bgbl1-2017-s419.xml: work eli/bund/bgbl-1/2017/s419 (FRBRuri, line 34), FRBRthis
  .../regelungstext-verkuendung-1 (31), FRBRalias c53036e4-14ac-420f-b01a-bae05a0a9756 (38), expression
  eli/bund/bgbl-1/2017/s419/2017-03-15/1/deu (70); it cites its target as
  `affectedDocument href="eli/bund/bgbl-1/1964/s593/1964-08-05/1/deu/regelungstext-verkuendung-1"` (247), the
  FRBRExpression FRBRthis of vereinsg@1964-08-05.xml (67), whose work is eli/bund/bgbl-1/1964/s593 (34) with
  FRBRalias 3e61d5e0-3e99-46ab-b328-ad880d9c9a4a (38).
- normattiva/20050516_005G0104_VIGENZA_20250130.xml: FRBRalias urn:nir:stato:decreto.legislativo:2005-03-07;82
  and eli/id/2005/05/16/005G0104/CONSOLIDATED/20250130 (lines 8-9), expression
  /akn/it/act/decreto_legislativo/stato/2005-03-07/82/ita@2025-01-30 (27), `eId="art_1"`.
- tests/fixtures/br-lei-2006-11340.xml: the URN LEX urn:lex:br:federal:lei:2006-08-07;11340 as a work FRBRalias.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BASE, DPA, ODA, SAMPLES, SHARED_DATA, UKPGA, VEREINSG, VEREINSGESETZ, needs_shared, open_lex

from lexrdf.queries.repository import acts_carrying, acts_carrying_each
from lexrdf.source_rules import PortionPaths
from lexrdf.uris import IriMinter, KnownActs, identifier_forms

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FOIA_FILE = FIXTURES / "ukpga-2000-36.xml"
DAA_FILE = FIXTURES / "data-amendment-act-2004.xml"
LEI_FILE = FIXTURES / "br-lei-2006-11340.xml"
RECORDS_FILE = FIXTURES / "records-act-2000.xml"
NORMATTIVA = SHARED_DATA / "akn" / "normattiva" / "20050516_005G0104_VIGENZA_20250130.xml"
AMENDING = VEREINSG / "amending-bgbl1-2017-s419.xml"
VEREINSG_FILES = [VEREINSG / "vereinsg@1964-08-05.xml", VEREINSG / "vereinsg@2017-03-16.xml"]

FOIA_ID = "http://www.legislation.gov.uk/id/ukpga/2000/36"
FOIA = f"{BASE}/eli/gb-ukm/act/2000-11-30/36"
FOIA_BY_REFERENCE = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36"
FOIA_BY_EXPRESSION = f"{BASE}/eli/ref/www.legislation.gov.uk/ukpga/2000/36"  # as the Records Act cites it
RECORDS = f"{BASE}/eli/xx/act/2000-01-10/3"
DAA = f"{BASE}/eli/xx/act/2004-06-01/7"
DAA_BY_REFERENCE = f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7"
S419 = f"{BASE}/eli/de/act/2017-03-15/s419"

SAME_AS = "http://www.w3.org/2002/07/owl#sameAs"
LEX = "https://w3id.org/lexrdf/ontology#"
OWL = "http://www.w3.org/2002/07/owl#"


def effects(answer) -> set[tuple]:
    return {(i.provision, i.effect, i.event, i.type, i.date, i.version_opened, i.version_closed) for i in answer.items}


def by_reference(lex, identifier: str) -> list[str]:
    query = f'SELECT ?act WHERE {{ ?act <{LEX}frbrWork> "{identifier}" ; <{LEX}knownByReference> true }} ORDER BY ?act'
    return [row["act"].value for row in lex.store.sparql(query)]


def sources_per_event(lex) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for row in lex.store.sparql(f"SELECT ?event ?source WHERE {{ ?event <{LEX}sourceAct> ?source }}"):
        found.setdefault(row["event"].value, set()).add(row["source"].value)
    return found


# -- the DPA cites the Freedom of Information Act 2000 -----------------------------------------------------------


def _dpa_and_foia(directory: Path, steps: list[list[Path]]):
    lex = open_lex(directory / "store")
    for step in steps:
        summary = lex.ingest(step)
        assert not summary.refused, summary.reports
    return lex


@pytest.fixture(scope="module")
def cited_first(tmp_path_factory):
    """The DPA and the Records Act ingested, then the act they cite (under two identifiers) as the source of
    amendments: (store, impact before, by IRI minted while it was known only by reference)."""
    needs_shared(UKPGA)
    lex = _dpa_and_foia(tmp_path_factory.mktemp("cited-first"), [[UKPGA, RECORDS_FILE]])
    # known only by reference: the DPA's amendments name it by its legislation.gov.uk id, the Records Act's by
    # its expression URI: two resources for now
    assert by_reference(lex, FOIA_ID) == [FOIA_BY_REFERENCE]
    assert (lex.resolve(FOIA_ID).provision, lex.resolve(FOIA_ID).kind) == (FOIA_BY_REFERENCE, "act")
    assert lex.resolve("http://www.legislation.gov.uk/ukpga/2000/36").provision == FOIA_BY_EXPRESSION
    before = {iri: effects(lex.impact(iri)) for iri in (FOIA_BY_REFERENCE, FOIA_BY_EXPRESSION)}
    lex.ingest([FOIA_FILE])
    yield lex, before
    lex.close()


def test_an_act_cited_then_ingested_is_one_act(cited_first):
    lex, by_iri = cited_first
    assert (f"{DPA}/section-33A", "opened", "insertion", "2005-01-01") in {
        (p, e, t, d) for p, e, _, t, d, _, _ in by_iri[FOIA_BY_REFERENCE]
    }
    assert {(p, e, t, d) for p, e, _, t, d, _, _ in by_iri[FOIA_BY_EXPRESSION]} == {
        (f"{RECORDS}/art_1/para_2", "opened", "insertion", "2001-01-30")
    }
    before = by_iri[FOIA_BY_REFERENCE] | by_iri[FOIA_BY_EXPRESSION]
    # every IRI and every identifier names the act itself now
    for ref in (
        FOIA_BY_REFERENCE,
        FOIA_BY_EXPRESSION,
        FOIA,
        FOIA_ID,
        "http://www.legislation.gov.uk/ukpga/2000/36",
        f"{FOIA_ID}/",
    ):
        answer = lex.resolve(ref)
        assert (answer.status, answer.provision, answer.kind) == ("resolved", FOIA, "act"), ref
    section = lex.resolve("http://www.legislation.gov.uk/ukpga/2000/36/section/1/1")
    assert (section.provision, section.kind) == (f"{FOIA}/section-1-1", "provision")
    # the equivalence is recorded in the act's own graph, from each IRI minted while it was only cited
    for earlier in (FOIA_BY_REFERENCE, FOIA_BY_EXPRESSION):
        assert bool(lex.store.sparql(f"ASK {{ GRAPH <{FOIA}> {{ <{earlier}> <{SAME_AS}> <{FOIA}> }} }}"))
    # impact answers the same for every IRI: what it did to the DPA and the Records Act, and its own enactment
    after = effects(lex.impact(FOIA))
    for earlier in (FOIA_BY_REFERENCE, FOIA_BY_EXPRESSION):
        assert lex.impact(earlier).status == "resolved"
        assert effects(lex.impact(earlier)) == after, earlier
    assert {i for i in after if not i[0].startswith(FOIA)} == before
    assert {(i[0], i[3]) for i in after - before} == {
        (FOIA, "enactment"),
        (f"{FOIA}/section-1", "enactment"),
        (f"{FOIA}/section-1-1", "enactment"),
    }
    # and ingesting either again writes nothing
    assert (lex.ingest([UKPGA]).quads, lex.ingest([FOIA_FILE]).quads) == (0, 0)


def test_identifiers_asked_at_once_find_what_asking_each_one_finds(cited_first):
    """An ingest names its acts asking the store for a few hundred identifiers at once (`acts_carrying_each`): it
    finds, for each, what asking for that one finds (`acts_carrying`), on a store holding acts, acts known only by
    reference and an act found to be one of those; and nothing for an identifier no act carries."""
    lex, _ = cited_first
    query = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT DISTINCT ?work WHERE { ?act lex:frbrWork ?work }"
    works = sorted(row["work"].value for row in lex.store.select(query))
    asked = [*works, "http://www.legislation.gov.uk/id/ukpga/1900/1", 'a "quoted" \\ work']
    found = acts_carrying_each(lex.store, asked)
    assert found == {identifier: acts_carrying(lex.store, identifier) for identifier in asked}
    carried = [named for acts in found.values() for named in acts]
    assert any(named.by_reference and named.same_as for named in carried) and any(not n.by_reference for n in carried)
    assert len(works) > 10 and not found[asked[-1]] and not found[asked[-2]]


@pytest.mark.parametrize(
    "steps",
    [[[FOIA_FILE], [UKPGA, RECORDS_FILE]], [[UKPGA, RECORDS_FILE, FOIA_FILE]]],
    ids=["ingested-first", "together"],
)
def test_an_act_ingested_first_or_together_is_cited_by_its_own_iri(tmp_path, cited_first, steps):
    lex = _dpa_and_foia(tmp_path, steps)
    try:
        assert by_reference(lex, FOIA_ID) == []  # no second resource for the same act
        assert by_reference(lex, "http://www.legislation.gov.uk/ukpga/2000/36") == []
        assert lex.resolve(FOIA_ID).provision == FOIA
        cited = {source for sources in sources_per_event(lex).values() for source in sources}
        assert FOIA in cited and not {FOIA_BY_REFERENCE, FOIA_BY_EXPRESSION} & cited
        # the same answer as when the act was cited first and ingested later
        assert effects(lex.impact(FOIA)) == effects(cited_first[0].impact(FOIA_BY_REFERENCE))
    finally:
        lex.close()


# -- the Open Data Act 2001 cites the Data Amendment Act 2004 ----------------------------------------------------


def test_an_akn_act_cited_then_ingested_is_one_act(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        expressions = sorted((SAMPLES / "expressions").glob("*.xml"))
        lex.ingest(expressions[:2])  # 2001 and 2004: the 2004 amendments name /akn/xx/act/2004-06-01/7
        before = effects(lex.impact(DAA_BY_REFERENCE))
        assert {(i[0][len(ODA) + 1 :], i[1]) for i in before} >= {
            ("art_2/para_3", "opened"),
            ("art_3/para_2", "changed"),
        }
        lex.ingest([DAA_FILE])
        lex.ingest(expressions[2:])  # 2010: still shows the 2004 amendments, and cites a 2009 act
        # an event keeps the source act it was recorded with: never both IRIs of the same act
        assert all(not {DAA, DAA_BY_REFERENCE} <= sources for sources in sources_per_event(lex).values())
        after = effects(lex.impact(DAA))
        assert effects(lex.impact(DAA_BY_REFERENCE)) == after
        assert {i for i in after if i[0].startswith(f"{ODA}/")} == before
        for ref in (
            DAA_BY_REFERENCE,
            "/akn/xx/act/2004-06-01/7",
            "/akn/xx/act/2004-06-01/7/!main",
            "/akn/xx/act/2004-06-01/7/eng@2004-06-01",
            "/akn/xx/act/2004-06-01/7/eng@2004-06-01/!main",
        ):
            assert (lex.resolve(ref).status, lex.resolve(ref).provision) == ("resolved", DAA), ref
        portion = lex.resolve("/akn/xx/act/2004-06-01/7/eng@2004-06-01/!main~art_1__para_1")
        assert (portion.provision, portion.kind) == (f"{DAA}/art_1/para_1", "provision")
    finally:
        lex.close()


# -- the Vereinsgesetz and the act that amended it in 2017, in both orders ---------------------------------------

VEREINSG_IDENTIFIERS = [
    "eli/bund/bgbl-1/1964/s593",
    "eli/bund/bgbl-1/1964/s593/regelungstext-verkuendung-1",
    "3e61d5e0-3e99-46ab-b328-ad880d9c9a4a",
    "eli/bund/bgbl-1/1964/s593/1964-08-05/1/deu",
    "eli/bund/bgbl-1/1964/s593/1964-08-05/1/deu/regelungstext-verkuendung-1",  # as the amending act cites it
    "eli/bund/bgbl-1/1964/s593/2017-03-16/1/deu",  # the 2017 consolidation's expression (vereinsg@2017-03-16.xml:70)
]
S419_IDENTIFIERS = [
    "eli/bund/bgbl-1/2017/s419",
    "eli/bund/bgbl-1/2017/s419/regelungstext-verkuendung-1",
    "c53036e4-14ac-420f-b01a-bae05a0a9756",
    "eli/bund/bgbl-1/2017/s419/2017-03-15/1/deu",
]


def test_amending_act_and_its_target_in_either_order(tmp_path):
    needs_shared(AMENDING)
    answers = []
    for name, steps in (
        ("amending-first", [[AMENDING], VEREINSG_FILES]),
        ("target-first", [VEREINSG_FILES, [AMENDING]]),
    ):
        lex = open_lex(tmp_path / name)
        try:
            for step in steps:
                assert not lex.ingest(step).refused
            # one resource each: the amending act names the Vereinsgesetz before it is ingested (its
            # activeModifications), and the IRI minted for it then is recorded owl:sameAs the act
            query = f"SELECT DISTINCT ?act WHERE {{ ?act a <{LEX}Act> FILTER NOT EXISTS {{ ?act <{OWL}sameAs> ?x }} }}"
            acts = [row["act"].value for row in lex.store.sparql(query)]
            assert sorted(acts) == sorted([S419, VEREINSGESETZ])
            for identifier in VEREINSG_IDENTIFIERS:
                assert lex.resolve(identifier).provision == VEREINSGESETZ, identifier
            for identifier in S419_IDENTIFIERS:
                assert lex.resolve(identifier).provision == S419, identifier
            portion = lex.resolve("eli/bund/bgbl-1/2017/s419/2017-03-15/1/deu~art-z1_abs-z")
            assert (portion.provision, portion.kind) == (f"{S419}/art-z1/abs-z", "provision")
            answers.append((effects(lex.impact(S419)), effects(lex.impact(VEREINSGESETZ))))
        finally:
            lex.close()
    assert answers[0] == answers[1] and answers[0][0]


# -- every identifier a source gives resolves ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "expected", "kind"),
    [
        ("http://www.legislation.gov.uk/id/ukpga/1998/29", DPA, "act"),  # work FRBRthis, FRBRuri
        ("http://www.legislation.gov.uk/ukpga/1998/29", DPA, "act"),  # expression FRBRthis, FRBRuri
        ("http://www.legislation.gov.uk/ukpga/1998/29/section/7", f"{DPA}/section-7", "provision"),
        ("http://www.legislation.gov.uk/id/ukpga/1998/29/section/7", f"{DPA}/section-7", "provision"),
        ("http://www.legislation.gov.uk/id/ukpga/1998/29/section/7/1", f"{DPA}/section-7-1", "provision"),
        ("http://www.legislation.gov.uk/ukpga/1998/29/section/7/1", f"{DPA}/section-7-1", "provision"),
        (
            "http://www.legislation.gov.uk/ukpga/1998/29/schedule/5/paragraph/17",
            f"{DPA}/schedule-5-paragraph-17",
            "provision",
        ),
        ("http://www.legislation.gov.uk/id/ukpga/1998/29~section-7", f"{DPA}/section-7", "provision"),
        ("http://www.legislation.gov.uk/id/ukpga/1998/29#section-7-1", f"{DPA}/section-7-1", "provision"),
        (
            "http://www.legislation.gov.uk/ukpga/1998/29~schedule-5-paragraph-17",
            f"{DPA}/schedule-5-paragraph-17",
            "provision",
        ),
        (f"{DPA}/section-7", f"{DPA}/section-7", "provision"),
    ],
)
def test_every_identifier_of_the_dpa_resolves(dpa_lex, ref, expected, kind):
    answer = dpa_lex.resolve(ref)
    assert (answer.status, answer.provision, answer.kind) == ("resolved", expected, kind)


@pytest.mark.parametrize(
    "ref",
    [
        "http://www.legislation.gov.uk/ukpga/1998/29/section/999",
        "http://www.legislation.gov.uk/ukpga/1998/29/section",
        "http://www.legislation.gov.uk/id/ukpga/1998/30/section/7",
        "http://www.legislation.gov.uk/ukpga/1998/29~section-999",
    ],
)
def test_portion_uris_of_nothing_held_are_unknown(dpa_lex, ref):
    assert dpa_lex.resolve(ref).status == "unknown-reference"


def test_eli_and_urn_aliases_resolve(tmp_path):
    needs_shared(NORMATTIVA)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([NORMATTIVA, LEI_FILE])
        codice = f"{BASE}/eli/it/act/2005-03-07/82"
        for ref in (
            "urn:nir:stato:decreto.legislativo:2005-03-07;82",
            "eli/id/2005/05/16/005G0104/CONSOLIDATED/20250130",
            "/akn/it/act/decreto_legislativo/stato/2005-03-07/82/ita@2025-01-30",
            "/akn/it/act/decreto_legislativo/stato/2005-03-07/82/ita@2025-01-30/!main",
        ):
            assert (lex.resolve(ref).status, lex.resolve(ref).provision) == ("resolved", codice), ref
        article = lex.resolve("/akn/it/act/decreto_legislativo/stato/2005-03-07/82/ita@2025-01-30~art_1")
        assert (article.provision, article.kind) == (f"{codice}/art_1", "provision")
        lei = lex.resolve("urn:lex:br:federal:lei:2006-08-07;11340")
        assert (lei.status, lei.provision, lei.kind) == ("resolved", f"{BASE}/eli/br/act/2006-08-07/11340", "act")
    finally:
        lex.close()


# -- the one module that mints IRIs --------------------------------------------------------------------------------


def test_identifier_forms_name_the_work():
    assert identifier_forms("/akn/xx/act/2004-06-01/7/eng@2004-06-01/!main") == (
        "/akn/xx/act/2004-06-01/7/eng@2004-06-01/!main",
        "/akn/xx/act/2004-06-01/7",
    )
    assert identifier_forms(f"{FOIA_ID}/") == (f"{FOIA_ID}/", FOIA_ID)


def test_a_reference_to_a_held_act_is_minted_as_the_act():
    minter = IriMinter(BASE)
    assert minter.cited_act(FOIA_ID) == FOIA_BY_REFERENCE
    knowing = minter.knowing(KnownActs({FOIA_ID: FOIA}))
    assert knowing.cited_act(FOIA_ID) == knowing.cited_act(f"{FOIA_ID}/") == FOIA
    assert knowing.cited_act("http://www.legislation.gov.uk/id/ukpga/2000/8").startswith(f"{BASE}/eli/ref/")
    assert knowing == minter  # the same minter: what it knows is not part of its identity


def test_portion_paths_rule_from_the_mapping():
    from lexrdf.mapping.spec import all_mappings

    rules = {m.name: PortionPaths.from_rule(m.get("portion_paths")) for m in all_mappings()}
    rule = rules["akn"]
    assert rule is not None and rule.eid("schedule/5/paragraph/17") == "schedule-5-paragraph-17"
    assert rule.identifiers(
        ["http://www.legislation.gov.uk/id/ukpga/1998/29", "/akn/xx/act/2001-03-14/12"], "section-9A-5"
    ) == ["http://www.legislation.gov.uk/id/ukpga/1998/29/section/9A/5"]


def test_no_module_but_uris_builds_lexrdf_iris():
    package = Path(__file__).resolve().parents[1] / "lexrdf"
    minting = re.compile(r"""f["'][^"'\n]*\{[^"'\n]*(/eli/|/event/|/changeset/|/authority/)""")
    offenders = [
        f"{path.relative_to(package)}:{number}"
        for path in package.rglob("*.py")
        if path.name != "uris.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if minting.search(line)
    ]
    assert offenders == []


def test_acts_numbered_in_another_script_are_distinct_acts(tmp_path):
    # the Harbour Act's FRBRnumber (samples/single/harbour-act.xml line 20, value "3") and its FRBR URIs written with
    # Arabic-Indic digits: "\u0663" (3) and "\u0664" (4) are two acts, two IRIs (once both were ".../x": one act)
    text = (SAMPLES / "single" / "harbour-act.xml").read_text(encoding="utf-8")
    paths = []
    for digit in ("\u0663", "\u0664"):
        changed = text.replace("1995-05-10/3", f"1995-05-10/{digit}").replace(
            'FRBRnumber value="3"', f'FRBRnumber value="{digit}"'
        )
        path = tmp_path / f"harbour-{ord(digit)}.xml"
        path.write_text(changed, encoding="utf-8")
        paths.append(path)
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest(paths)
        assert summary.refused == [] and summary.acts == 2
        acts = {
            row["act"].value
            for row in lex.store.sparql(
                "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT DISTINCT ?act WHERE { ?p lex:act ?act }"
            )
        }
        assert acts == {f"{BASE}/eli/xx/act/1995-05-10/%D9%A3", f"{BASE}/eli/xx/act/1995-05-10/%D9%A4"}
    finally:
        lex.close()
