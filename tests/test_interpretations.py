"""Interpretive time: binding rulings open and close interpretations of items beside their textual versions.

Hand-made datasets on the Open Data Act sample (art. 3(2): "within three months" since 2004-07-01; art. 4(2):
"shall not impose conditions") and one doctrine with no statute, each added the way editors add them
(`lexrdf.editorial.submit`, `lexrdf add`):

(i)   art. 3(2): the Supreme Court reads "three months" from publication (decided 2006-03-01, published and
      operative 2006-03-15); it overrules itself in 2012 (decided 2012-05-03, operative 2012-05-10): from adoption.
(ii)  art. 4(2): a regional court (civil proceedings, from 2005-02-01) and the Transparency Commissioner
      (administrative proceedings, from 2006-06-01) read "conditions" differently, both operative at once; the
      Supreme Court unifies them erga omnes from 2008-09-01.
(iii) the doctrine of legitimate expectations: the Constitutional Court states it from 2003-04-01 and refines it
      from 2011-11-11. No statutory text.
(iv)  art. 3(1)(b): the Constitutional Court strikes the point down from 2009-06-01.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from conftest import BASE, ODA, SAMPLES, open_lex
from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.errors import SourceError
from lexrdf.validate import validate_quads, validate_with_pyshacl
from lexrdf.vocab import LEX, PROV, RDF, XSD

SHAPES = "https://w3id.org/lexrdf/shapes#"
PARA = f"{ODA}/art_3/para_2"
CONDITIONS = f"{ODA}/art_4/para_2"
POINT_B = f"{ODA}/art_3/para_1/list_1/point_b"
DOCTRINE = f"{BASE}/item/legitimate-expectations"

SUPREME, REGIONAL = f"{BASE}/authority/supreme-court", f"{BASE}/authority/regional-court-north"
COMMISSIONER, CONSTITUTIONAL = f"{BASE}/authority/transparency-commissioner", f"{BASE}/authority/constitutional-court"
CIVIL, ADMINISTRATIVE = f"{BASE}/scope/civil-proceedings", f"{BASE}/scope/administrative-proceedings"

R2006, R2012 = f"{ODA}/event/2006-03-01/judicial-decision", f"{ODA}/event/2012-05-03/judicial-decision"
I2006, I2012 = f"{PARA}/interpretation/2006-03-15", f"{PARA}/interpretation/2012-05-10"
FROM_PUBLICATION = "The three months run from publication in the gazette, not from adoption."
FROM_ADOPTION = "The three months run from adoption; publication in the gazette does not delay them."

R_CIVIL, R_ADMIN = f"{ODA}/event/2005-02-01/judicial-decision", f"{ODA}/event/2006-06-01/administrative-decision"
R_UNIFY = f"{ODA}/event/2008-09-01/judicial-decision"
I_CIVIL, I_ADMIN = f"{CONDITIONS}/interpretation/2005-02-01", f"{CONDITIONS}/interpretation/2006-06-01"
I_UNIFIED = f"{CONDITIONS}/interpretation/2008-09-01"
LICENCES_ARE_CONDITIONS = "Licence terms are conditions."
ONLY_FEES = "Licence terms are not conditions; only fees are."
UNIFIED = "Licence terms are conditions unless they only require attribution."

R_STATED, R_REFINED = f"{DOCTRINE}/event/2003-04-01/judicial-decision", f"{DOCTRINE}/event/2011-11-11/judicial-decision"
D_STATED, D_REFINED = f"{DOCTRINE}/interpretation/2003-04-01", f"{DOCTRINE}/interpretation/2011-11-11"
PROMISE_KEPT = (
    "A public body that promises a course of action must keep it unless the public interest requires otherwise."
)
CLEAR_PROMISE = "Only a clear, unambiguous and unqualified promise of a public body binds it."

R_STRIKE = f"{ODA}/event/2009-06-01/judicial-decision"

PREFIXES = """@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
"""

# (i) the first reading, in short form (the reading on the interpretation itself)
RULING_2006 = f"""
<{SUPREME}> a lex:Authority ; rdfs:label "Supreme Court" .
<{R2006}> a lex:Event , lex:JudicialDecision ;
    lex:date "2006-03-01"^^xsd:date ; lex:publicationDate "2006-03-15"^^xsd:date ;
    lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ; lex:sourceAct <{BASE}/case/sc-2006-17> ;
    lex:affectedAct <{ODA}> ; lex:affects <{PARA}> .
<{I2006}> a lex:Interpretation ;
    lex:interprets <{PARA}> ; lex:validFrom "2006-03-15"^^xsd:date ; lex:fixedBy <{R2006}> ;
    lex:text "{FROM_PUBLICATION}"@en .
"""
# (i) overruled, in full form (record and expression written out); the closing record of 2006 is derived
RULING_2012 = f"""
<{R2012}> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ; lex:publicationDate "2012-05-10"^^xsd:date ;
    lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ; lex:sourceAct <{BASE}/case/sc-2012-41> ;
    lex:affectedAct <{ODA}> ; lex:affects <{PARA}> ;
    lex:overrules <{I2006}> ; lex:closes <{I2006}> .
<{I2012}> a lex:Interpretation ;
    lex:interprets <{PARA}> ; lex:validFrom "2012-05-10"^^xsd:date ; lex:fixedBy <{R2012}> ;
    lex:bindingScope lex:ErgaOmnes .
<{I2012}/rec-1> a lex:VersionRecord ; lex:recordOf <{I2012}> ; lex:expression <{I2012}/en> .
<{I2012}/en> a lex:Expression ; lex:realizes <{I2012}> ; lex:language "en" ; lex:text "{FROM_ADOPTION}" .
"""
# (ii) two readings in two scopes, then one
CONCURRENT = f"""
<{REGIONAL}> a lex:Authority ; rdfs:label "Regional Court North" .
<{COMMISSIONER}> a lex:Authority ; rdfs:label "Transparency Commissioner" .
<{CIVIL}> a lex:ProceduralContext ; rdfs:label "civil proceedings" .
<{ADMINISTRATIVE}> a lex:ProceduralContext ; rdfs:label "administrative proceedings" .
<{R_CIVIL}> a lex:Event , lex:JudicialDecision ;
    lex:date "2005-02-01"^^xsd:date ; lex:authority <{REGIONAL}> ; lex:bindingScope <{CIVIL}> ;
    lex:sourceAct <{BASE}/case/rcn-2005-3> ; lex:affectedAct <{ODA}> ; lex:affects <{CONDITIONS}> .
<{I_CIVIL}> a lex:Interpretation ; lex:interprets <{CONDITIONS}> ; lex:validFrom "2005-02-01"^^xsd:date ;
    lex:fixedBy <{R_CIVIL}> ; lex:text "{LICENCES_ARE_CONDITIONS}"@en .
<{R_ADMIN}> a lex:Event , lex:AdministrativeDecision ;
    lex:date "2006-06-01"^^xsd:date ; lex:authority <{COMMISSIONER}> ; lex:bindingScope <{ADMINISTRATIVE}> ;
    lex:sourceAct <{BASE}/decision/tc-2006-88> ; lex:affectedAct <{ODA}> ; lex:affects <{CONDITIONS}> .
<{I_ADMIN}> a lex:Interpretation ; lex:interprets <{CONDITIONS}> ; lex:validFrom "2006-06-01"^^xsd:date ;
    lex:fixedBy <{R_ADMIN}> ; lex:concurrentWith <{I_CIVIL}> ; lex:text "{ONLY_FEES}"@en .
"""
UNIFYING = f"""
<{R_UNIFY}> a lex:Event , lex:JudicialDecision ;
    lex:date "2008-09-01"^^xsd:date ; lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/sc-2008-9> ; lex:affectedAct <{ODA}> ; lex:affects <{CONDITIONS}> ;
    lex:unifies <{I_CIVIL}> , <{I_ADMIN}> ; lex:closes <{I_CIVIL}> , <{I_ADMIN}> .
<{I_UNIFIED}> a lex:Interpretation ; lex:interprets <{CONDITIONS}> ; lex:validFrom "2008-09-01"^^xsd:date ;
    lex:fixedBy <{R_UNIFY}> ; lex:text "{UNIFIED}"@en .
"""
# (iii) a doctrine: its own graph, inferred from the item the submission declares, then from the item it reads
DOCTRINE_STATED = f"""
<{DOCTRINE}> a lex:InterpretiveItem ; lex:itemKind "doctrine" ; dcterms:title "Legitimate expectations" ;
    dcterms:identifier "doctrine:legitimate-expectations" .
<{CONSTITUTIONAL}> a lex:Authority ; rdfs:label "Constitutional Court" .
<{R_STATED}> a lex:Event , lex:JudicialDecision ;
    lex:date "2003-04-01"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/cc-2003-5> ; lex:affects <{DOCTRINE}> .
<{D_STATED}> a lex:Interpretation ; lex:interprets <{DOCTRINE}> ; lex:validFrom "2003-04-01"^^xsd:date ;
    lex:fixedBy <{R_STATED}> ; lex:text "{PROMISE_KEPT}"@en .
"""
DOCTRINE_REFINED = f"""
<{R_REFINED}> a lex:Event , lex:JudicialDecision ;
    lex:date "2011-11-11"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/cc-2011-40> ; lex:affects <{DOCTRINE}> ;
    lex:refines <{D_STATED}> ; lex:closes <{D_STATED}> .
<{D_REFINED}> a lex:Interpretation ; lex:interprets <{DOCTRINE}> ; lex:validFrom "2011-11-11"^^xsd:date ;
    lex:fixedBy <{R_REFINED}> ; lex:text "{CLEAR_PROMISE}"@en .
"""
# (iv) struck down: the ruling closes the point's textual version
STRIKE = f"""
<{R_STRIKE}> a lex:Event , lex:JudicialDecision ;
    lex:date "2009-06-01"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/cc-2009-12> ; lex:affectedAct <{ODA}> ; lex:affects <{POINT_B}> ;
    lex:strikesDown <{POINT_B}/2001-04-01> .
"""


def write(directory: Path, name: str, body: str) -> Path:
    path = directory / name
    path.write_text(PREFIXES + body, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The sample act with every dataset added, and the transaction time just before the 2012 ruling."""
    from lexrdf.editorial import submit

    directory = tmp_path_factory.mktemp("interpretations")
    lex = open_lex(directory / "store")
    lex.ingest([SAMPLES / "expressions"])
    outcomes = {}
    for name, body in [("2006", RULING_2006), ("concurrent", CONCURRENT), ("doctrine", DOCTRINE_STATED)]:
        outcomes[name] = submit(write(directory, f"{name}.ttl", body), lex.store, lex.settings)
    before_2012 = datetime.now(UTC).isoformat()
    for name, body in [("2012", RULING_2012), ("unifying", UNIFYING), ("refined", DOCTRINE_REFINED)]:
        outcomes[name] = submit(write(directory, f"{name}.ttl", body), lex.store, lex.settings)
    outcomes["strike"] = submit(write(directory, "strike.ttl", STRIKE), lex.store, lex.settings)
    lex.publish()
    yield lex, before_2012, outcomes
    lex.close()


def test_every_dataset_was_accepted_into_its_graph(world):
    _, _, outcomes = world
    assert {name: (o.written, [r.message for r in o.report.violations]) for name, o in outcomes.items()} == {
        name: (True, []) for name in outcomes
    }
    assert outcomes["doctrine"].act == outcomes["refined"].act == DOCTRINE  # an item's graph is its IRI
    assert outcomes["2012"].act == ODA


def operative(answer) -> list[tuple[str, str | None]]:
    return [(s.interpretation, s.text) for s in answer.items]


# -- (i) a statutory chain and two successive interpretations, the second overruling the first ----------------
@pytest.mark.parametrize(
    ("day", "status", "expected"),
    [
        ("2006-02-28", "no-interpretation-yet", []),
        ("2006-03-01", "no-interpretation-yet", []),  # decided, but operative only from its publication
        ("2006-03-14", "no-interpretation-yet", []),
        ("2006-03-15", "operative", [(I2006, FROM_PUBLICATION)]),
        ("2012-05-03", "operative", [(I2006, FROM_PUBLICATION)]),  # the overruling decision, not yet published
        ("2012-05-09", "operative", [(I2006, FROM_PUBLICATION)]),
        ("2012-05-10", "operative", [(I2012, FROM_ADOPTION)]),
        ("2030-01-01", "operative", [(I2012, FROM_ADOPTION)]),
    ],
)
def test_overruled_interpretation(world, day, status, expected):
    lex, _, _ = world
    answer = lex.interpretations(PARA, day)
    assert (answer.status, operative(answer)) == (status, expected)
    assert answer.item_type == "provision"


def test_the_answer_names_rulings_windows_and_relations(world):
    lex, _, _ = world
    answer = lex.interpretations(PARA, "2013-01-01")
    (now,) = answer.items
    (then,) = answer.earlier
    assert (now.valid_from, now.valid_until, now.scope, now.scope_label) == (
        "2012-05-10",
        None,
        LEX.ErgaOmnes.value,
        "erga omnes",
    )
    ruling = now.opened_by
    assert (ruling.event, ruling.type, ruling.date, ruling.publication_date) == (
        R2012,
        "judicial-decision",
        "2012-05-03",
        "2012-05-10",
    )
    assert (ruling.authority, ruling.authority_label, ruling.source) == (
        SUPREME,
        "Supreme Court",
        f"{BASE}/case/sc-2012-41",
    )
    assert [(r.relation, r.interpretation, r.ruling) for r in now.relations] == [("overrules", I2006, R2012)]
    assert (then.valid_from, then.valid_until, then.closed_by.event, then.text) == (
        "2006-03-15",
        "2012-05-10",
        R2012,
        None,
    )
    assert [(r.relation, r.interpretation, r.ruling) for r in then.relations] == [("overruled-by", I2012, R2012)]


def test_non_answers_say_when_and_by_whom(world):
    lex, _, _ = world
    first = lex.interpretations(PARA, "2006-03-14")
    assert first.message == (
        f"no interpretation yet on 2006-03-14: the first is operative from 2006-03-15 ({BASE}/case/sc-2006-17)"
    )
    assert [s.valid_from for s in first.later] == ["2006-03-15", "2012-05-10"]
    assert all(s.text is None for s in first.later)  # never the reading of another date
    assert lex.interpretations(f"{ODA}/art_1/para_1", "2020-01-01").status == "not-interpreted"
    assert lex.interpretations(f"{ODA}/art_99", "2020-01-01").status == "unknown-reference"


@pytest.mark.parametrize(
    ("day", "text_status", "words", "interpretations"),
    [
        ("2004-06-30", "in-force", "twelve months", []),  # the text before the 2004 substitution
        ("2004-07-01", "in-force", "three months", []),
        ("2006-03-14", "in-force", "three months", []),
        ("2006-03-15", "in-force", "three months", [I2006]),
        ("2009-12-31", "in-force", "three months", [I2006]),
        ("2012-05-09", "in-force", "three months", [I2006]),
        ("2012-05-10", "in-force", "three months", [I2012]),
        ("2030-01-01", "as-last-known", "three months", [I2012]),  # after the date the sources are current to
    ],
)
def test_text_at_gives_the_dual_chain(world, day, text_status, words, interpretations):
    lex, _, _ = world
    answer = lex.text_at(PARA, day)
    assert answer.status == text_status and words in answer.text
    assert [s.interpretation for s in answer.interpretations] == interpretations
    assert answer.diverges is bool(interpretations)
    if interpretations:
        assert answer.interpretations[0].opened_by.type == "judicial-decision"
        assert answer.interpretations[0].text in (FROM_PUBLICATION, FROM_ADOPTION)


def test_known_at_before_the_overruling_was_recorded_gives_the_earlier_answer(world):
    lex, before_2012, _ = world
    answer = lex.interpretations(PARA, "2013-01-01", known_at=before_2012)
    assert operative(answer) == [(I2006, FROM_PUBLICATION)]
    assert answer.items[0].valid_until is None and answer.items[0].relations == []
    assert [s.interpretation for s in lex.text_at(PARA, "2013-01-01", known_at=before_2012).interpretations] == [I2006]
    assert operative(lex.interpretations(PARA, "2013-01-01")) == [(I2012, FROM_ADOPTION)]


def test_versions_carry_the_interpretations_of_their_windows(world):
    lex, _, _ = world
    versions = lex.versions(PARA)
    assert [(v.valid_from, [s.interpretation for s in v.interpretations], v.diverges) for v in versions] == [
        ("2001-04-01", [], False),
        ("2004-07-01", [I2006, I2012], True),
    ]
    assert versions[1].interpretations[0].text == FROM_PUBLICATION  # each reading, for its own window


def test_impact_of_a_ruling_lists_what_it_opened_and_closed(world):
    lex, _, _ = world
    answer = lex.impact(R2012)
    assert [(i.provision, i.effect, i.state, i.version_opened, i.version_closed) for i in answer.items] == [
        (PARA, "changed", "interpretation", I2012, I2006)
    ]
    assert lex.impact(f"{BASE}/case/sc-2012-41").items == answer.items  # by its source document too


# -- (ii) two concurrent interpretations, unified by a later ruling -----------------------------------------
@pytest.mark.parametrize(
    ("day", "status", "expected"),
    [
        ("2005-01-31", "no-interpretation-yet", []),
        ("2005-02-01", "operative", [I_CIVIL]),
        ("2006-05-31", "operative", [I_CIVIL]),
        ("2006-06-01", "operative", [I_CIVIL, I_ADMIN]),
        ("2008-08-31", "operative", [I_CIVIL, I_ADMIN]),
        ("2008-09-01", "operative", [I_UNIFIED]),
        ("2030-01-01", "operative", [I_UNIFIED]),
    ],
)
def test_concurrent_interpretations_then_unified(world, day, status, expected):
    lex, _, _ = world
    answer = lex.interpretations(CONDITIONS, day)
    assert (answer.status, [s.interpretation for s in answer.items]) == (status, expected)
    assert [s.interpretation for s in lex.text_at(CONDITIONS, day).interpretations] == expected


def test_concurrent_interpretations_keep_their_scopes_and_readings(world):
    lex, _, _ = world
    civil, admin = lex.interpretations(CONDITIONS, "2007-01-01").items
    assert (civil.scope, civil.scope_label, civil.text) == (CIVIL, "civil proceedings", LICENCES_ARE_CONDITIONS)
    assert (admin.scope, admin.scope_label, admin.text) == (ADMINISTRATIVE, "administrative proceedings", ONLY_FEES)
    assert admin.opened_by.type == "administrative-decision" and admin.opened_by.authority_label == (
        "Transparency Commissioner"
    )
    assert ("concurrent-with", I_ADMIN, None) in [(r.relation, r.interpretation, r.ruling) for r in civil.relations]
    later = lex.interpretations(CONDITIONS, "2008-09-01")
    assert {(s.interpretation, s.valid_until, s.closed_by.event) for s in later.earlier} == {
        (I_CIVIL, "2008-09-01", R_UNIFY),
        (I_ADMIN, "2008-09-01", R_UNIFY),
    }
    assert ("unified-by", I_UNIFIED, R_UNIFY) in [
        (r.relation, r.interpretation, r.ruling) for r in later.earlier[0].relations
    ]
    assert later.items[0].scope == LEX.ErgaOmnes.value  # copied from its ruling


def test_impact_of_the_unifying_ruling(world):
    lex, _, _ = world
    (item,) = lex.impact(R_UNIFY).items  # one item: opened one, closed two (the last named)
    assert (item.provision, item.state, item.version_opened) == (CONDITIONS, "interpretation", I_UNIFIED)


# -- (iii) a doctrine with interpretations only --------------------------------------------------------------
@pytest.mark.parametrize(
    ("day", "status", "expected"),
    [
        ("2003-03-31", "no-interpretation-yet", []),
        ("2003-04-01", "operative", [(D_STATED, PROMISE_KEPT)]),
        ("2011-11-10", "operative", [(D_STATED, PROMISE_KEPT)]),
        ("2011-11-11", "operative", [(D_REFINED, CLEAR_PROMISE)]),
        ("2030-01-01", "operative", [(D_REFINED, CLEAR_PROMISE)]),
    ],
)
def test_doctrine_interpretations(world, day, status, expected):
    lex, _, _ = world
    answer = lex.interpretations(DOCTRINE, day)
    assert (answer.status, operative(answer)) == (status, expected)
    assert (answer.item_type, answer.item_kind, answer.title) == (
        "interpretive-item",
        "doctrine",
        "Legitimate expectations",
    )


@pytest.mark.parametrize(
    ("day", "status", "expected"),
    [
        ("2003-03-31", "no-interpretation-yet", []),
        ("2003-04-01", "interpretive-only", [D_STATED]),
        ("2011-11-10", "interpretive-only", [D_STATED]),
        ("2011-11-11", "interpretive-only", [D_REFINED]),
        ("2030-01-01", "interpretive-only", [D_REFINED]),
    ],
)
def test_text_at_of_a_doctrine_is_interpretive_only(world, day, status, expected):
    lex, _, _ = world
    answer = lex.text_at(DOCTRINE, day)
    assert (answer.status, answer.text, answer.version) == (status, None, None)
    assert [s.interpretation for s in answer.interpretations] == expected
    assert answer.diverges is False  # nothing statutory to diverge from
    assert "Legitimate expectations has no statutory text" in answer.message


def test_refined_doctrine_names_the_refinement(world):
    lex, _, _ = world
    (stated,) = lex.interpretations(DOCTRINE, "2012-01-01").earlier
    assert (stated.valid_until, stated.closed_by.event, stated.closed_by.authority_label) == (
        "2011-11-11",
        R_REFINED,
        "Constitutional Court",
    )
    assert [(r.relation, r.interpretation) for r in stated.relations] == [("refined-by", D_REFINED)]


# -- (iv) a ruling that strikes text down closes the textual version -------------------------------------------
def test_struck_down_text(world):
    lex, _, _ = world
    assert lex.text_at(POINT_B, "2009-05-31").status == "in-force"
    answer = lex.text_at(POINT_B, "2009-06-01")
    assert (answer.status, answer.text, answer.valid_until, answer.closed_by.event) == (
        "struck-down",
        None,
        "2009-06-01",
        R_STRIKE,
    )
    assert answer.closed_by.type == "judicial-decision" and f"{BASE}/case/cc-2009-12" in answer.message
    (item,) = lex.impact(R_STRIKE).items
    assert (item.provision, item.effect, item.state, item.version_closed) == (
        POINT_B,
        "struck down",
        "version",
        f"{POINT_B}/2001-04-01",
    )


# -- validation: no interpretation without its ruling, no ruling without its source -----------------------------
def _graph_with(lex, extra: list[tuple]) -> list[Quad]:
    graph = NamedNode(ODA)
    quads = list(lex.store.graph_quads(graph))
    return quads + [Quad(NamedNode(s), p, o, graph) for s, p, o in extra]


def test_shapes_reject_an_interpretation_without_its_ruling_and_a_ruling_without_source(world):
    lex, _, _ = world
    stamp = Literal("2099-01-01T00:00:00Z", datatype=XSD.dateTime)
    lone = f"{PARA}/interpretation/2020-01-01"
    record = f"{lone}/rec-1"
    interpretation = [
        (lone, RDF.type, LEX.Interpretation),
        (lone, LEX.interprets, NamedNode(PARA)),
        (lone, LEX.validFrom, Literal("2020-01-01", datatype=XSD.date)),
        (lone, LEX.bindingScope, LEX.ErgaOmnes),
        (lone, LEX.recordedAt, stamp),
        (record, RDF.type, LEX.VersionRecord),
        (record, LEX.recordOf, NamedNode(lone)),
        (record, LEX.recordedAt, stamp),
        (record, LEX.expression, NamedNode(f"{I2012}/en")),
    ]
    quads = _graph_with(lex, interpretation)
    report = validate_quads(quads, NamedNode(ODA))
    assert {(r.focus, r.shape.removeprefix(SHAPES), r.path) for r in report.violations} == {
        (lone, "InterpretationSource", LEX.fixedBy.value),
        (lone, "InterpretationSource", PROV.wasGeneratedBy.value),
    }
    reference = validate_with_pyshacl(_store(quads), NamedNode(ODA))
    assert reference.keys() == report.keys()

    quads = [q for q in _graph_with(lex, []) if not (q.subject.value == R2012 and q.predicate == LEX.sourceAct)]
    report = validate_quads(quads, NamedNode(ODA))
    assert {(r.focus, r.shape.removeprefix(SHAPES), r.path) for r in report.violations} == {
        (R2012, "RulingSource", LEX.sourceAct.value)
    }


def _store(quads: list[Quad]):
    import pyoxigraph

    store = pyoxigraph.Store()
    store.extend(quads)
    return store


def test_editorial_refuses_a_ruling_that_closes_what_is_already_closed(world, tmp_path):
    from lexrdf.editorial import submit

    lex, _, _ = world
    again = RULING_2012.replace("2012-05-03", "2013-01-01").replace("2012-05-10", "2013-01-02")
    with pytest.raises(SourceError, match="already closed"):
        submit(write(tmp_path, "again.ttl", again), lex.store, lex.settings)


def test_cli_add_refuses_an_invalid_ruling_and_writes_nothing(tmp_path):
    store = tmp_path / "store"
    run = [sys.executable, "-m", "lexrdf.cli"]
    ingested = subprocess.run(
        [*run, "ingest", str(SAMPLES / "expressions"), "--store", str(store)], capture_output=True, text=True
    )
    assert ingested.returncode == 0, ingested.stderr
    sourceless = write(tmp_path, "sourceless.ttl", RULING_2006.replace(f"lex:sourceAct <{BASE}/case/sc-2006-17> ;", ""))
    refused = subprocess.run([*run, "add", str(sourceless), "--store", str(store)], capture_output=True, text=True)
    assert refused.returncode == 1
    assert "no event without its source" in refused.stdout + refused.stderr
    assert "nothing was written" in refused.stderr
    lex = open_lex(store)
    try:
        assert lex.interpretations(PARA, "2020-01-01").status == "not-interpreted"
        assert not bool(lex.store.sparql(f"ASK {{ <{R2006}> ?p ?o }}"))
    finally:
        lex.close()
    accepted = subprocess.run(
        [*run, "add", str(write(tmp_path, "ruling.ttl", RULING_2006)), "--store", str(store)],
        capture_output=True,
        text=True,
    )
    assert accepted.returncode == 0, accepted.stderr
    lex = open_lex(store)
    try:
        assert operative(lex.interpretations(PARA, "2020-01-01")) == [(I2006, FROM_PUBLICATION)]
    finally:
        lex.close()


# -- docs/editorial.md: its examples are accepted, in order, and answer as the page says ----------------------
def test_the_examples_of_docs_editorial_md_are_accepted(tmp_path):
    import re

    from lexrdf.editorial import submit

    page = (Path(__file__).resolve().parents[1] / "docs" / "editorial.md").read_text(encoding="utf-8")
    examples = re.findall(r"```(turtle|json)\n(.*?)```", page, re.DOTALL)
    assert [kind for kind, _ in examples] == ["turtle", "turtle", "json", "turtle", "turtle", "turtle"]
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions"])
        for number, (kind, body) in enumerate(examples):
            path = tmp_path / f"example-{number}.{'ttl' if kind == 'turtle' else 'jsonld'}"
            path.write_text(body, encoding="utf-8")
            outcome = submit(path, lex.store, lex.settings)
            assert outcome.written, (number, [r.message for r in outcome.report.violations])
        assert operative(lex.interpretations(PARA, "2012-05-09")) == [(I2006, FROM_PUBLICATION)]
        assert operative(lex.interpretations(PARA, "2012-05-10")) == [(I2012, FROM_ADOPTION)]
        assert lex.interpretations(PARA, "2013-01-01").earlier[0].closed_by.event == R2012
        assert lex.text_at(DOCTRINE, "2003-04-01").status == "interpretive-only"
        assert [s.interpretation for s in lex.interpretations(CONDITIONS, "2007-01-01").items] == [I_CIVIL, I_ADMIN]
        assert [s.interpretation for s in lex.interpretations(CONDITIONS, "2008-09-01").items] == [I_UNIFIED]
        assert lex.text_at(POINT_B, "2009-06-01").status == "struck-down"
    finally:
        lex.close()


def test_lineage_carries_the_interpretive_chain(world):
    lex, _, _ = world
    answer = lex.lineage(PARA, "2013-01-01")
    assert [step.version for step in answer.items] == [f"{PARA}/2001-04-01", f"{PARA}/2004-07-01"]
    assert [
        (s.interpretation, s.status, s.closed_by.event if s.closed_by else None) for s in answer.interpretations
    ] == [
        (I2006, "earlier", R2012),
        (I2012, "operative", None),
    ]
    assert lex.lineage(PARA, "2006-01-01").interpretations == []  # none had begun
    assert lex.lineage(f"{ODA}/art_1/para_1", "2013-01-01").interpretations == []


def test_context_gives_each_unit_its_operative_interpretations(world):
    lex, _, _ = world
    chain = lex.context(PARA, "2007-01-01").items
    assert [(u.unit, [s.interpretation for s in u.interpretations]) for u in chain][-2:] == [
        (f"{ODA}/art_3", []),
        (PARA, [I2006]),
    ]
    assert all(not u.interpretations for u in lex.context(PARA, "2006-01-01").items)  # none operative yet


def test_http_api_serves_interpretations_and_the_dual_chain(tmp_path):
    from test_api_contract import serving

    from lexrdf.editorial import submit
    from lexrdf.settings import Settings
    from lexrdf.web.app import create_app

    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions"])
        assert submit(write(tmp_path, "2006.ttl", RULING_2006), lex.store, lex.settings).written
        lex.publish()
    finally:
        lex.close()
    app = create_app(Settings(store=tmp_path / "store", base_iri=BASE))
    with serving(app) as url, httpx.Client(base_url=url, timeout=30) as client:  # a real uvicorn on 127.0.0.1
        meaning = client.get("/api/interpretations", params={"item": PARA, "date": "2006-03-15"})
        assert meaning.status_code == 200
        assert [
            (i["interpretation"], i["text"], i["opened_by"]["authority_label"]) for i in meaning.json()["items"]
        ] == [(I2006, FROM_PUBLICATION, "Supreme Court")]
        before = client.get("/api/interpretations", params={"item": PARA, "date": "2006-03-14"}).json()
        assert (before["status"], before["items"]) == ("no-interpretation-yet", [])
        text = client.get("/api/text-at", params={"provision": PARA, "date": "2006-03-15"}).json()
        assert (text["status"], text["diverges"], [i["interpretation"] for i in text["interpretations"]]) == (
            "in-force",
            True,
            [I2006],
        )
        spec = client.get("/openapi.json").json()
        assert "/api/interpretations" in spec["paths"]


def test_search_finds_operative_readings_beside_texts(world):
    lex, _, _ = world
    hits = lex.search("gazette", "2007-01-01").items
    assert [(h.state, h.version, h.provision, h.citation) for h in hits] == [("interpretation", I2006, PARA, None)]
    assert [h.version for h in lex.search("gazette", "2013-01-01").items] == [I2012]  # the 2012 reading names it too
    assert lex.search("gazette", "2006-01-01").items == []  # no reading operative yet, and the text does not say it
    doctrine = lex.search("unambiguous", "2012-01-01").items
    assert [(h.state, h.provision, h.act, h.act_title) for h in doctrine] == [
        ("interpretation", DOCTRINE, DOCTRINE, "Legitimate expectations")
    ]
    both = lex.search("three months", "2007-01-01").items  # the text and the reading say it: two hits
    assert {(h.state, h.version) for h in both} == {("version", f"{PARA}/2004-07-01"), ("interpretation", I2006)}
    assert all((h.citation is None) == (h.state == "interpretation") for h in both)


def test_diff_gives_each_side_its_interpretations(world):
    lex, _, _ = world
    answer = lex.diff(PARA, "2006-03-15", "2012-05-10")
    assert [op.op for op in answer.changes] == ["equal"]  # the words did not change ...
    sides = (answer.from_version, answer.to_version)
    assert [[s.interpretation for s in side.interpretations] for side in sides] == [
        [I2006],
        [I2012],
    ]  # ... the meaning did
    assert all(side.diverges for side in sides)


def test_lineage_reads_each_interpretation_in_the_language_asked(tmp_path: Path):
    """A ruling whose reading is recorded in English and French (one record, two expressions): lineage gives its
    English text by default (the first language), its French one with `language="fr"`, as `interpretations` does,
    and so does the library query run by name (the parameter is the query's own)."""
    from lexrdf.editorial import submit

    ruling, reading = f"{ODA}/event/2012-05-03/judicial-decision-bilingual", f"{PARA}/interpretation/bilingual"
    french = "Seule une promesse claire, non équivoque et sans réserve d'un organisme public le lie."
    body = f"""
<{SUPREME}> a lex:Authority ; rdfs:label "Supreme Court" .
<{ruling}> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ; lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/sc-2012-41> ; lex:affectedAct <{ODA}> ; lex:affects <{PARA}> .
<{reading}> a lex:Interpretation ; lex:interprets <{PARA}> ; lex:validFrom "2012-05-03"^^xsd:date ;
    lex:fixedBy <{ruling}> .
<{reading}/rec-1> a lex:VersionRecord ; lex:recordOf <{reading}> ;
    lex:expression <{reading}/en> , <{reading}/fr> .
<{reading}/en> a lex:Expression ; lex:realizes <{reading}> ; lex:language "en" ; lex:text "{CLEAR_PROMISE}" .
<{reading}/fr> a lex:Expression ; lex:realizes <{reading}> ; lex:language "fr" ; lex:text "{french}" .
"""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions"])
        outcome = submit(write(tmp_path, "bilingual.ttl", body), lex.store, lex.settings)
        assert outcome.written, [r.message for r in outcome.report.violations]
        lex.publish()
        for language, text in ((None, CLEAR_PROMISE), ("en", CLEAR_PROMISE), ("fr", french)):
            (step,) = lex.lineage(PARA, "2013-01-01", language=language).interpretations
            (operative_then,) = lex.interpretations(PARA, "2013-01-01", language=language).items
            assert (step.interpretation, step.text, step.language) == (reading, text, language or "en")
            assert operative_then.text == step.text and sorted(step.languages) == ["en", "fr"]
        (by_name,) = lex.run("lineage", {"provision": PARA, "date": "2013-01-01", "language": "fr"})["interpretations"]
        assert by_name["text"] == french
    finally:
        lex.close()
