"""An amending act's activeModifications become (or confirm) the events on the act it amends (issue 7, point 1).

Expected values are read from the XML:

- akn/legaldocml.de/vereinsgesetz/amending-bgbl1-2017-s419.xml: FRBRuri eli/bund/bgbl-1/2017/s419 and FRBRdate
  2017-03-15 (FRBRWork, lines 27-62); one textualMod (eId meta-n1_analysis-n1_activemod-n1_textualmod-n1, line 134,
  type "substitution"); its source (line 137) is the akn:mod ...listenelem-n1_inhalt-n1_text-n1_ändbefehl-n1
  inside the point art-z1_abs-z_untergl-n1_listenelem-n1 (line 251); its force (line 143) names the temporalGroup
  meta-n1_geltzeiten-n1_geltungszeitgr-n1, whose interval starts at eventRef ereignis-n2, 2017-03-16 (line 122);
  its destination (lines 140-142; lxml reports line 142) is
  eli/bund/bgbl-1/1964/s593/1964-08-05/1/deu/regelungstext-verkuendung-1/hauptteil-1_art-1_abs-1_untergl-1_
  listenelem-2_inhalt-1_text-1/9-34.xml: the original 1964 expression of the Vereinsgesetz, the element named in
  another eId scheme ({element}-{ordinal}), characters 9 to 34.
- vereinsg@1964-08-05.xml: the body's first article is art-z20 (§ 20), its first paragraph art-z20_abs-z1, whose
  blockList holds two items; the second, art-z20_abs-z1_inhalt-n1_liste-n1_listenelem-n2 (line 261), reads
  "entgegen § 9 Abs. 1 Satz 2, Abs. 2 Kennzeichen ...": characters 9 to 34 are "§ 9 Abs. 1 Satz 2, Abs. 2", the
  words the amending act's first quotedText (amending act, line 264) says are replaced. The path's untergl (a
  list), inhalt and text steps have no counterpart among the provisions' eIds (this markup has content > blockList
  > item > p where the path assumes list > point > content > p) and are passed over; art-1, abs-1 and listenelem-2
  are matched.
- akn/oasis/uk_pga-2014-27-enacted-data.xml (the Data Retention and Investigatory Powers Act 2014): 17 textualMod
  in activeModifications (lines 38-139; the meaningMod textualMod_16 is not a textual change): textualMod_1 to _15
  insert into /akn/uk/act/2000-07-28/chapter23 (RIPA 2000, not in the data) on period eRef_1, the eventRef dated
  2014-07-17 (line 34); textualMod_2's destination is written without its leading slash (line 46). Each has two
  destinations: the one without @pos names the provision. textualMod_17 repeals the act's own sections 1 to 7
  (destination #sec_1 upTo #sec_7, line 131) and textualMod_18 sections 3 to 6 of chapter23 (line 136), both on
  application period #date_2, the date element 2016-12-31 in section 8(3) (line 925). The sources mod_1 ... mod_18
  sit in sections 4(2) to 4(10), 5, 6(2) to 6(5) and 8(3) (lines 509-925).
- tests/fixtures/active/: the Ports Act 2010 (enacted; consolidated on 2012-07-01, when section 1(2) was
  substituted, its passive modification naming /akn/xx/act/2012-05-15/9), the Ports (Amendment) Act 2012 that
  made the change (activeModifications: 1(2) substituted, 1(3) inserted, sections 3 to 4 repealed, all on
  2012-07-01) and the Dredging Act 2013, whose first active modification names a section 9 the Ports Act lacks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, VEREINSG, VEREINSGESETZ, needs_shared, open_lex
from pyoxigraph import NamedNode

from lexrdf.active.targets import resolve_steps
from lexrdf.mapping.engine import read_document
from lexrdf.validate import validate_store
from lexrdf.views import is_view_graph

LEX = "https://w3id.org/lexrdf/ontology#"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "active"
NOT_YET = "amended (not yet consolidated)"

# the Vereinsgesetz and the act that amended it in 2017
ORIGINAL = VEREINSG / "vereinsg@1964-08-05.xml"
CONSOLIDATED = VEREINSG / "vereinsg@2017-03-16.xml"
AMENDING = VEREINSG / "amending-bgbl1-2017-s419.xml"
S419 = f"{BASE}/eli/de/act/2017-03-15/s419"
ITEM_2 = f"{VEREINSGESETZ}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2"
AMENDING_PROVISION = f"{S419}/art-z1/abs-z/untergl-n1/listenelem-n1"
SUBSTITUTION_2017 = f"{VEREINSGESETZ}/event/2017-03-16/substitution/eli-bund-bgbl-1-2017-s419"
STEPS = "hauptteil-1/art-1/abs-1/untergl-1/listenelem-2/inhalt-1/text-1"

# the Data Retention and Investigatory Powers Act 2014 and RIPA 2000 (known only by reference)
DRIPA_FILE = SHARED_DATA / "akn" / "oasis" / "uk_pga-2014-27-enacted-data.xml"
DRIPA = f"{BASE}/eli/gb-ukm/act/2014-07-17/27"
RIPA_REF = f"{BASE}/eli/ref/akn/uk/act/2000-07-28/chapter23"
RIPA_PORTIONS = {
    f"/akn/uk/act/2000-07-28/chapter23/main#{eid}"
    for eid in (
        "sec_11__subsec_2A",
        "sec_11__subsec_5A",
        "sec_11__subsec_8",
        "sec_12__subsec_3A",
        "sec_12__subsec_7",
        "sec_22__subsec_6",
        "sec_22__subsec_8",
        "sec_2__subsec_8A",
        "sec_58__subsec_4",
        "sec_58__subsec_6A",
    )
} | {"akn/uk/act/2000-07-28/chapter23/main#sec_11__subsec_4"}  # textualMod_2, as written
DRIPA_INSERTING = {
    f"{DRIPA}/{path}"
    for path in (
        *(f"sec_4/subsec_{n}" for n in (2, 3, 4, 5, 6, 8, 9, 10)),
        "sec_4/subsec_7/para_a",
        "sec_4/subsec_7/para_b",
        "sec_5",
        *(f"sec_6/subsec_{n}" for n in (2, 3, 4, 5)),
    )
}

# the fixtures
PORTS = f"{BASE}/eli/xx/act/2010-03-01/5"
PORTS_AMENDMENT = f"{BASE}/eli/xx/act/2012-05-15/9"
DREDGING = f"{BASE}/eli/xx/act/2013-02-01/4"
PORTS_FILES = [FIXTURES / "ports-act-2010.xml", FIXTURES / "ports-act-2010@2012-07-01.xml"]
AMENDMENT_FILE = FIXTURES / "ports-amendment-act-2012.xml"
DREDGING_FILE = FIXTURES / "dredging-act-2013.xml"
PORTS_EVENT = f"{PORTS}/event/2012-07-01/{{kind}}/akn-xx-act-2012-05-15-9"


def event_facts(lex, event: str) -> dict[str, set[tuple[str, str]]]:
    """Every (predicate local name, value) of an event, by the act graph that holds it (not the derived ELI views)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for row in lex.store.sparql(f"SELECT ?g ?p ?o WHERE {{ GRAPH ?g {{ <{event}> ?p ?o }} }}"):
        if is_view_graph(row["g"]):
            continue
        found.setdefault(row["g"].value, set()).add((row["p"].value.rpartition("#")[2], row["o"].value))
    return found


def union(facts: dict[str, set[tuple[str, str]]], predicate: str) -> set[str]:
    return {value for pairs in facts.values() for name, value in pairs if name == predicate}


def impact_rows(lex, act: str, known_at: str | None = None) -> set[tuple]:
    return {(i.provision, i.effect, i.event, i.type, i.date) for i in lex.impact(act, known_at).items}


def not_yet(lex, act: str, known_at: str | None = None) -> set[tuple]:
    return {row for row in impact_rows(lex, act, known_at) if row[1] == NOT_YET}


# -- the mapping engine -------------------------------------------------------------------------------------------


def test_engine_reads_the_legaldocml_de_amendment():
    needs_shared(AMENDING)
    document = read_document(AMENDING)
    assert document.modifications == []  # the amending act's own text is not changed
    (change,) = document.active_modifications
    assert (change.kind, change.target_work, change.target, change.positional) == (
        "substitution",
        "eli/bund/bgbl-1/1964/s593",
        STEPS,
        True,
    )
    assert change.target_expression.isoformat() == "1964-08-05"
    assert change.effective.isoformat() == "2017-03-16"
    assert (change.source_eid, change.source_path) == (
        "art-z1_abs-z_untergl-n1_listenelem-n1",
        "art-z1/abs-z/untergl-n1/listenelem-n1",
    )
    assert (change.element, change.line) == ("meta-n1_analysis-n1_activemod-n1_textualmod-n1", 142)


def test_positional_path_maps_onto_the_targets_eids_and_the_characters_it_names():
    needs_shared(ORIGINAL)
    original = read_document(ORIGINAL)
    paths = [unit.path for unit in original.units]
    assert resolve_steps(STEPS, paths) == "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2"
    item = next(unit for unit in original.units if unit.eid == "art-z20_abs-z1_inhalt-n1_liste-n1_listenelem-n2")
    assert item.text[9:34] == "§ 9 Abs. 1 Satz 2, Abs. 2"  # the words the amending act replaces (its quotedText)
    # a step whose kind is not in the target's eIds where the next step's candidates sit in different containers:
    # the path stops at what it proved
    ambiguous = [
        "art-z1",
        "art-z1/abs-z1",
        "art-z1/abs-z1/liste-n1/listenelem-n1",
        "art-z1/abs-z1/liste-n2/listenelem-n1",
    ]
    assert resolve_steps("art-1/abs-1/untergl-2/listenelem-1", ambiguous) == "art-z1/abs-z1"
    assert resolve_steps("art-3", ambiguous) is None


def test_engine_reads_dripas_active_modifications():
    needs_shared(DRIPA_FILE)
    changes = read_document(DRIPA_FILE).active_modifications
    assert len(changes) == 17  # one per textualMod (each names its provision by one destination without @pos)
    inserting = [c for c in changes if c.kind == "insertion"]
    assert len(inserting) == 15
    assert {c.target_work for c in inserting} == {"/akn/uk/act/2000-07-28/chapter23"}
    assert {c.effective.isoformat() for c in inserting} == {"2014-07-17"}
    assert {c.destination for c in inserting} == RIPA_PORTIONS
    assert {f"{DRIPA}/{c.source_path}" for c in inserting} == DRIPA_INSERTING
    own, ripa = (c for c in changes if c.kind == "repeal")
    assert (own.target_work, own.target, own.through, own.effective.isoformat()) == (
        None,
        "sec_1",
        "sec_7",
        "2016-12-31",
    )
    assert (ripa.target_work, ripa.target, ripa.through) == ("/akn/uk/act/2000-07-28/chapter23", "sec_3", "sec_6")
    assert own.source_path == ripa.source_path == "sec_8/subsec_3"


# -- the Vereinsgesetz: target held ------------------------------------------------------------------------------


def test_amending_act_records_the_event_on_the_held_target(lex):
    needs_shared(AMENDING)
    lex.ingest([ORIGINAL, CONSOLIDATED])
    summary = lex.ingest([AMENDING])
    assert summary.refused == [] and summary.notices == []
    facts = event_facts(lex, SUBSTITUTION_2017)
    assert set(facts) == {S419}  # written in the amending act's graph
    assert facts[S419] >= {
        ("type", f"{LEX}Substitution"),
        ("date", "2017-03-16"),
        ("affectedAct", VEREINSGESETZ),
        ("affects", ITEM_2),
        ("sourceAct", S419),
        ("sourceProvision", AMENDING_PROVISION),
        ("targetPortion", read_document(AMENDING).active_modifications[0].destination),
    }
    # it opens no version: the 2017 consolidation does not show the new words, so the 1964 text stays in force
    versions = lex.versions(ITEM_2)
    assert [v.valid_from for v in versions] == ["1964-09-21"]
    assert lex.text_at(ITEM_2, "2017-03-16").text[9:34] == "§ 9 Abs. 1 Satz 2, Abs. 2"
    assert not_yet(lex, S419) == {(ITEM_2, NOT_YET, SUBSTITUTION_2017, "substitution", "2017-03-16")}
    # the amending act's graph validates on its own
    report = validate_store(lex.store.raw, NamedNode(S419))
    assert report.conforms, report.violations
    assert lex.ingest([AMENDING]).quads == 0


@pytest.mark.parametrize("order", ["amending-first", "one-batch"])
def test_either_order_gives_the_same_event(tmp_path, order):
    needs_shared(AMENDING)
    expected = open_lex(tmp_path / "target-first")
    try:
        expected.ingest([ORIGINAL, CONSOLIDATED])
        expected.ingest([AMENDING])
        want = impact_rows(expected, S419)
    finally:
        expected.close()
    lex = open_lex(tmp_path / order)
    try:
        steps = [[AMENDING], [ORIGINAL, CONSOLIDATED]] if order == "amending-first" else [[AMENDING, ORIGINAL]]
        for step in steps:
            summary = lex.ingest(step)
            assert summary.refused == [] and summary.notices == []
        assert impact_rows(lex, S419) == want
        facts = event_facts(lex, SUBSTITUTION_2017)
        assert union(facts, "affects") == {ITEM_2}
        assert union(facts, "sourceProvision") == {AMENDING_PROVISION}
        assert union(facts, "sourceAct") == {S419}
        if order == "amending-first":
            # recorded first on the Vereinsgesetz as known by reference, superseded once it was ingested; as known
            # before that, impact says what it said then
            earlier = f"{BASE}/eli/ref/eli/bund/bgbl-1/1964/s593"
            replaced = f"{earlier}/event/2017-03-16/substitution/eli-bund-bgbl-1-2017-s419"
            (recorded,) = union(event_facts(lex, replaced), "recordedAt")
            assert not_yet(lex, S419, recorded) == {(earlier, NOT_YET, replaced, "substitution", "2017-03-16")}
            assert union(event_facts(lex, replaced), "supersededAt")
        for step in steps:
            assert lex.ingest(step).quads == 0
    finally:
        lex.close()


# -- DRIPA: an act we do not hold, and the act itself --------------------------------------------------------------


def test_dripa_records_its_changes_to_ripa_known_by_reference(lex):
    needs_shared(DRIPA_FILE)
    summary = lex.ingest([DRIPA_FILE])
    # the only notices: the definitions of s. 2(1) are <item>s with no eId (line 367: <item><p>"retention notice" has
    # the meaning given by section 1(1);</p>), read as words of s. 2(1) and said so; textualMod_8 (line 78) sends
    # mod_8 to RIPA s. 12(3A) while mod_8's own ref_9 (line 680) names s. 22(5); s. 8(2) (line 911: "Section 1(6)
    # comes into force on such day as the Secretary of State may by order ... appoint") leaves s. 1(6) prospective
    merged = [n for n in summary.notices if "without an eId is merged into its parent" in n]
    assert summary.refused == [] and merged
    assert [n for n in summary.notices if n not in merged] == [
        n
        for n in summary.notices
        if n.startswith(f"{DRIPA_FILE}:78: textualMod textualMod_8 ")
        or n.startswith(f"{DRIPA_FILE}:911: sec_8__subsec_2 defers 'Section 1(6)'")
    ]
    assert len(summary.notices) == len(merged) + 2
    insertion = f"{RIPA_REF}/event/2014-07-17/insertion/id-ukpga-2014-27-enacted"
    facts = event_facts(lex, insertion)
    assert set(facts) == {DRIPA}
    # each provision of RIPA a destination names by its eId (sec_11__subsec_4: s. 11(4)), as known by reference
    ripa_inserted = {f"{RIPA_REF}/{portion.split('#')[1].replace('__', '/')}" for portion in RIPA_PORTIONS}
    assert union(facts, "affects") == ripa_inserted
    assert union(facts, "affectedAct") == {RIPA_REF}
    assert union(facts, "targetPortion") == RIPA_PORTIONS
    assert union(facts, "sourceProvision") == DRIPA_INSERTING
    assert union(facts, "date") == {"2014-07-17"}
    repeal = event_facts(lex, f"{RIPA_REF}/event/2016-12-31/repeal/id-ukpga-2014-27-enacted")
    assert union(repeal, "targetPortion") == {"/akn/uk/act/2000-07-28/chapter23/main#sec_3 upTo sec_6"}
    assert union(repeal, "sourceProvision") == {f"{DRIPA}/sec_8/subsec_3"}
    assert union(repeal, "affects") == {RIPA_REF}  # a range of an act we do not hold: its provisions are not known
    ripa = lex.resolve("/akn/uk/act/2000-07-28/chapter23")
    assert (ripa.provision, ripa.kind) == (RIPA_REF, "act")
    # its own sections 1 to 7 (the sunset in section 8(3)): the sections at section 1's depth, in document order
    # (s. 8(3), line 917: "Sections 1 to 7 ... are repealed on 31 December 2016"): the sections and what they hold
    own = event_facts(lex, f"{DRIPA}/event/2016-12-31/repeal")
    assert {f"{DRIPA}/sec_{n}" for n in range(1, 8)} <= union(own, "affects")
    assert f"{DRIPA}/sec_1/subsec_1" in union(own, "affects") and f"{DRIPA}/sec_8" not in union(own, "affects")
    # the changes to RIPA, which is not held, are recorded, not consolidated
    assert not_yet(lex, DRIPA) == {
        *((provision, NOT_YET, insertion, "insertion", "2014-07-17") for provision in ripa_inserted),
        (RIPA_REF, NOT_YET, f"{RIPA_REF}/event/2016-12-31/repeal/id-ukpga-2014-27-enacted", "repeal", "2016-12-31"),
    }
    # the act's own sunset closes the texts of sections 1 to 7 on its day, and leaves s. 8 in force
    (section_1,) = lex.versions(f"{DRIPA}/sec_1")
    assert (section_1.valid_until, section_1.closed_by.type, section_1.closed_by.source) == (
        "2016-12-31",
        "repeal",
        DRIPA,
    )
    assert lex.versions(f"{DRIPA}/sec_8")[-1].valid_until is None
    assert lex.ingest([DRIPA_FILE]).quads == 0


# -- the fixtures: confirming the consolidation's event, in every order --------------------------------------------


@pytest.mark.parametrize("order", ["target-first", "amending-first", "one-batch"])
def test_amending_act_confirms_the_event_its_target_recorded(tmp_path, order):
    lex = open_lex(tmp_path / "store")
    try:
        steps = {
            "target-first": [PORTS_FILES, [AMENDMENT_FILE]],
            "amending-first": [[AMENDMENT_FILE], PORTS_FILES],
            "one-batch": [[*PORTS_FILES, AMENDMENT_FILE]],
        }[order]
        for step in steps:
            summary = lex.ingest(step)
            assert summary.refused == [] and summary.notices == []
        substitution = PORTS_EVENT.format(kind="substitution")
        # the consolidation's version of 1(2) from 2012-07-01 was opened by the event the amending act names
        answer = lex.text_at(f"{PORTS}/sec_1/subsec_2", "2013-01-01")
        assert (answer.text, answer.opened_by.event) == (
            "The harbour master is appointed for seven years.",
            substitution,
        )
        facts = event_facts(lex, substitution)
        assert union(facts, "sourceProvision") == {f"{PORTS_AMENDMENT}/sec_1"}
        assert union(facts, "targetPortion") == {"/akn/xx/act/2010-03-01/5/!main#sec_1__subsec_2"}
        assert len(union(facts, "type")) == 2 and len(union(facts, "date")) == 1  # one event, one kind, one day
        rows = impact_rows(lex, PORTS_AMENDMENT)
        assert (f"{PORTS}/sec_1/subsec_2", "changed", substitution, "substitution", "2012-07-01") in rows
        assert not_yet(lex, PORTS_AMENDMENT) == {
            # an inserted provision the target does not have yet: the provision it goes into
            (f"{PORTS}/sec_1", NOT_YET, PORTS_EVENT.format(kind="insertion"), "insertion", "2012-07-01"),
            # a range: each provision from the first to the last
            (f"{PORTS}/sec_3", NOT_YET, PORTS_EVENT.format(kind="repeal"), "repeal", "2012-07-01"),
            (f"{PORTS}/sec_4", NOT_YET, PORTS_EVENT.format(kind="repeal"), "repeal", "2012-07-01"),
        }
        # the repeal is recorded, not consolidated: sections 3 and 4 are still in force as the sources show them
        assert lex.text_at(f"{PORTS}/sec_3", "2013-01-01").status == "as-last-known"
        for step in steps:
            assert lex.ingest(step).quads == 0
    finally:
        lex.close()


@pytest.mark.parametrize("order", ["target-first", "amending-first", "one-batch"])
def test_a_destination_in_another_spelling_of_the_target_names_its_provisions(tmp_path, order):
    # the amendment's destinations name the Ports Act as an expression URI whose country and type are written in
    # other cases, with "~" for the portion ("/akn/XX/Act/2010-03-01/5/eng@2012-07-01/!main~sec_1__subsec_2"): the
    # same act (country, type, date, number), so the same events on the same provisions, in every order; known only
    # by reference (amending first), each event names the provision of the act known by reference
    spelled = tmp_path / "ports-amendment-act-2012.xml"
    spelled.write_text(
        AMENDMENT_FILE.read_text(encoding="utf-8").replace(
            "/akn/xx/act/2010-03-01/5/!main#", "/akn/XX/Act/2010-03-01/5/eng@2012-07-01/!main~"
        ),
        encoding="utf-8",
    )
    lex = open_lex(tmp_path / "store")
    try:
        steps = {
            "target-first": [PORTS_FILES, [spelled]],
            "amending-first": [[spelled], PORTS_FILES],
            "one-batch": [[*PORTS_FILES, spelled]],
        }[order]
        for number, step in enumerate(steps):
            summary = lex.ingest(step)
            assert summary.refused == [] and summary.notices == []
            if order == "amending-first" and number == 0:
                cited = f"{BASE}/eli/ref/akn/xx/act/2010-03-01/5"
                assert {row[0] for row in not_yet(lex, PORTS_AMENDMENT)} == {
                    f"{cited}/sec_1/subsec_2",
                    f"{cited}/sec_1/subsec_3",
                    cited,  # a range (sec_3 upTo sec_4) of an act not held
                }
        substitution = PORTS_EVENT.format(kind="substitution")
        assert (f"{PORTS}/sec_1/subsec_2", "changed", substitution, "substitution", "2012-07-01") in impact_rows(
            lex, PORTS_AMENDMENT
        )
        assert not_yet(lex, PORTS_AMENDMENT) == {
            (f"{PORTS}/sec_1", NOT_YET, PORTS_EVENT.format(kind="insertion"), "insertion", "2012-07-01"),
            (f"{PORTS}/sec_3", NOT_YET, PORTS_EVENT.format(kind="repeal"), "repeal", "2012-07-01"),
            (f"{PORTS}/sec_4", NOT_YET, PORTS_EVENT.format(kind="repeal"), "repeal", "2012-07-01"),
        }
        assert lex.resolve("/akn/XX/Act/2010-03-01/5/!main").provision == PORTS
    finally:
        lex.close()


# -- bad input: a destination naming no provision of a held act -----------------------------------------------------


def test_destination_naming_no_provision_is_a_warning_and_writes_nothing_of_it(lex):
    lex.ingest(PORTS_FILES[:1])
    summary = lex.ingest([DREDGING_FILE])
    assert summary.refused == [] and summary.acts == 1
    assert summary.notices == [
        f"{DREDGING_FILE}:44: amod1: destination '/akn/xx/act/2010-03-01/5/!main#sec_9' names no provision "
        f"(eId 'sec_9' is absent) of {PORTS}"
    ]
    assert summary.warnings >= 1 and "warnings" in summary.line()
    # the other change is recorded; nothing of the bad one
    recorded = {
        row["event"].value
        for row in lex.store.sparql(f"SELECT ?event WHERE {{ ?event <{LEX}sourceAct> <{DREDGING}> }}")
    }
    assert recorded - {f"{DREDGING}/event/2013-02-01/enactment"} == {
        f"{PORTS}/event/2013-03-01/substitution/akn-xx-act-2013-02-01-4"
    }
    dump = "\n".join(str(q) for q in lex.store.raw.quads_for_pattern(None, None, None, NamedNode(DREDGING)))
    assert "sec_9" not in dump.replace("For section 9", "")


def test_cli_prints_each_warning_on_one_line(tmp_path):
    store = str(tmp_path / "store")
    run = [sys.executable, "-m", "lexrdf.cli", "ingest", "--store", store, "--base-iri", BASE]
    subprocess.run([*run, str(PORTS_FILES[0])], check=True, capture_output=True, text=True, timeout=120)
    result = subprocess.run([*run, str(DREDGING_FILE)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "1 warnings" in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert lines == [f"warning: {DREDGING_FILE}:44: amod1: destination '/akn/xx/act/2010-03-01/5/!main#sec_9' names "
                     f"no provision (eId 'sec_9' is absent) of {PORTS}"]  # fmt: skip


@pytest.mark.parametrize("order", ["consolidation-last", "target-first", "amending-first"])
def test_a_consolidation_naming_no_act_takes_the_act_an_amending_act_announced(tmp_path, order):
    # the 2012 consolidation with its passive modification and the amending act's name taken out: the version of
    # 1(2) it shows from 2012-07-01 is made by the Ports (Amendment) Act 2012, whatever the order
    source = (FIXTURES / "ports-act-2010@2012-07-01.xml").read_text(encoding="utf-8")
    start, end = source.index("<analysis"), source.index("</analysis>") + len("</analysis>")
    anonymous = tmp_path / "ports-act-2010@2012-07-01.xml"
    anonymous.write_text(source[:start] + source[end:].replace('source="#amending"', 'source="#source"'))
    lex = open_lex(tmp_path / "store")
    try:
        steps = {
            "consolidation-last": [[PORTS_FILES[0]], [AMENDMENT_FILE], [anonymous]],
            "target-first": [[PORTS_FILES[0], anonymous], [AMENDMENT_FILE]],
            "amending-first": [[AMENDMENT_FILE], [PORTS_FILES[0], anonymous]],
        }[order]
        for step in steps:
            assert lex.ingest(step).refused == []
        answer = lex.text_at(f"{PORTS}/sec_1/subsec_2", "2013-01-01")
        assert answer.text == "The harbour master is appointed for seven years."
        # the amending act (by its own IRI, or the one it had while known only by reference: one act)
        assert {lex.resolve(act).provision for act in answer.opened_by.sources} == {PORTS_AMENDMENT}
        # when the announcement is stored before the consolidation, the consolidation's change is that very event
        # (a substitution); otherwise the consolidation's own event (a change to the provision) names the act
        expected = "substitution" if order == "consolidation-last" else "amendment"
        assert answer.opened_by.type == expected
    finally:
        lex.close()


# -- text-at says what is not yet in the text (`outstanding`) --------------------------------------------------------


def test_text_at_names_the_announced_change_the_consolidation_does_not_show(lex):
    # amending-bgbl1-2017-s419.xml line 134: textualMod (type "substitution") of listenelem-2 of § 20(1), in force
    # from eventRef ereignis-n2, 2017-03-16 (line 122); vereinsg@2017-03-16.xml still reads "§ 9 Abs. 1 Satz 2, Abs. 2"
    # there (the 1964 words): the text answered is the consolidated one, the change named beside it
    needs_shared(AMENDING)
    lex.ingest([ORIGINAL, CONSOLIDATED])
    lex.ingest([AMENDING])
    answer = lex.text_at(ITEM_2, "2017-03-16")
    assert answer.text[9:34] == "§ 9 Abs. 1 Satz 2, Abs. 2"
    assert [(o.event, o.kind, o.date, o.act, o.provision) for o in answer.outstanding] == [
        (SUBSTITUTION_2017, "substitution", "2017-03-16", S419, ITEM_2)
    ]
    # the enclosing paragraph names the change inside it; the day before, nothing is outstanding
    paragraph = lex.text_at(f"{VEREINSGESETZ}/art-z20/abs-z1", "2017-03-16")
    assert [(o.event, o.provision) for o in paragraph.outstanding] == [(SUBSTITUTION_2017, ITEM_2)]
    assert lex.text_at(ITEM_2, "2017-03-15").outstanding == []


def test_a_change_the_consolidation_applied_is_not_outstanding(lex, tmp_path):
    # ports-amendment-act-2012.xml: amod1 substitutes sec_1__subsec_2 from 2012-07-01 (line 42, tg1 -> e2);
    # ports-act-2010@2012-07-01.xml shows the substituted words: the change is in the text, not outstanding
    lex.ingest(PORTS_FILES)
    lex.ingest([AMENDMENT_FILE])
    answer = lex.text_at(f"{PORTS}/sec_1/subsec_2", "2013-01-01")
    assert answer.valid_from == "2012-07-01" and answer.outstanding == []
    # held without the consolidation of 2012: the enacted words are answered, the change named beside them
    enacted = open_lex(tmp_path / "enacted-only")
    try:
        enacted.ingest([PORTS_FILES[0], AMENDMENT_FILE])
        answer = enacted.text_at(f"{PORTS}/sec_1/subsec_2", "2013-01-01")
        assert answer.valid_from == "2010-04-01"  # ports-act-2010.xml line 37: eventRef e2, the start of its period
        assert [(o.kind, o.date, o.act) for o in answer.outstanding] == [
            ("substitution", "2012-07-01", PORTS_AMENDMENT)
        ]
    finally:
        enacted.close()


# -- LegalDocML.de: destinations by ordinal, in another expression ---------------------------------------------------
ESTG_FILE = SHARED_DATA / "akn" / "legaldocml.de" / "more" / "einkommensteuergesetz-regelungstext.xml"
WACHSTUM_FILE = SHARED_DATA / "akn" / "legaldocml.de" / "more" / "wachstumschancengesetz-regelungstext.xml"
ESTG = f"{BASE}/eli/de/act/2009-10-08/s3366"


def test_a_destination_by_ordinal_names_the_article_its_words_cite_or_is_warned_about(lex):
    # wachstumschancengesetz-regelungstext.xml line 274: <akn:ref href=".../hauptteil-1_art-26_bezeichnung-1_
    # zaehlbez-1/284-449.xml">§ 6b Absatz 6 Satz 2</akn:ref>: the 26th article of the EStG's markup is § 6b (the
    # 26th <akn:article> of einkommensteuergesetz-regelungstext.xml is art-z%c2%a76b, line 624); the steps go on into
    # its number (bezeichnung-1), no provision, and the words go on to Absatz 6 (art-z%c2%a76b_abs-z6, line 688): the
    # change is recorded on § 6b(6), within what the steps prove, never on its ancestor § 6b. Line 290: <akn:ref
    # href=".../hauptteil-1_art-71_abs-2">§ 19 Absatz 2 Satz 3</akn:ref>, whose textualMod destination (line 160)
    # ends "hauptteil-1_art-71_abs-2.xml": the held EStG has 70 articles (§ 19 is the 70th), so the 71st names none
    # of it (the target expression 2023-12-23 is not the one held): warned, with file and line, and attached to
    # nothing (the words are not followed outside what the steps prove).
    needs_shared(ESTG_FILE)
    summary = lex.ingest([ESTG_FILE, WACHSTUM_FILE])
    assert summary.refused == []
    (affected,) = {
        item.provision for item in lex.impact(f"{BASE}/eli/de/act/2024-03-27/108").items if ESTG in item.provision
    }
    assert affected == f"{ESTG}/art-z%C2%A76b/abs-z6"
    (warning,) = [n for n in summary.notices if "art-71" in n]
    assert warning.startswith(f"{WACHSTUM_FILE}:160: meta-n1_analysis-n1_activemod-n1_textualmod-n2: destination")
    assert "'hauptteil-1/art-71/abs-2'" in warning and f"of {ESTG}" in warning
