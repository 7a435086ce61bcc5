"""SHACL shapes: for every shape a conforming and a violating graph, the compiled validator agreeing with plain
pyshacl on each, mutations of real ingested data, the ingest gate and editorial additions."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pyoxigraph
import pytest
from conftest import DPA, HARBOUR, ODA, SAMPLES, open_lex
from pyoxigraph import Literal, NamedNode, Quad
from templates import ingested_copy

from lexrdf.errors import SourceError
from lexrdf.validate import validate_store, validate_with_pyshacl
from lexrdf.validate.compile import compiled_shapes
from lexrdf.vocab import LEX, PROV, RDF, XSD

SHAPES = "https://w3id.org/lexrdf/shapes#"
LEXNS = "https://w3id.org/lexrdf/ontology#"
POINT = f"{ODA}/art_3/para_1/list_1/point_b"
PARA = f"{ODA}/art_3/para_2"
V1, V2 = f"{PARA}/2001-04-01", f"{PARA}/2004-07-01"


@pytest.fixture(scope="module")
def oda_quads(tmp_path_factory) -> list[Quad]:
    """The Open Data Act graph (three expressions): valid, with one warning (art. 6 ended without an act)."""
    store, _summary = ingested_copy([SAMPLES / "expressions"], tmp_path_factory, "oda")
    lex = open_lex(store)
    quads = list(lex.store.graph_quads(NamedNode(ODA)))
    lex.close()
    return quads


def graph_of(quads: list[Quad]) -> pyoxigraph.Store:
    store = pyoxigraph.Store()
    store.extend(quads)
    return store


def both(quads: list[Quad]):
    store = graph_of(quads)
    return validate_store(store, NamedNode(ODA)), validate_with_pyshacl(store, NamedNode(ODA))


def current_record(quads: list[Quad], version: str) -> NamedNode:
    records = {q.subject for q in quads if q.predicate == LEX.recordOf and q.object.value == version}
    superseded = {q.subject for q in quads if q.predicate == LEX.supersededAt}
    (record,) = records - superseded
    return record


def current_expression(quads: list[Quad], version: str) -> NamedNode:
    record = current_record(quads, version)
    return next(q.object for q in quads if q.subject == record and q.predicate == LEX.expression)


def drop(predicate: NamedNode, subject: str | None = None) -> Callable[[list[Quad]], list[Quad]]:
    return lambda quads: [
        q for q in quads if not (q.predicate == predicate and (subject is None or q.subject.value == subject))
    ]


def add(*triples) -> Callable[[list[Quad]], list[Quad]]:
    graph = NamedNode(ODA)
    return lambda quads: (
        quads + [Quad(s if not isinstance(s, str) else NamedNode(s), p, o, graph) for s, p, o in triples]
    )


def on_record(version: str, predicate: NamedNode, value) -> Callable[[list[Quad]], list[Quad]]:
    def mutate(quads):
        record = current_record(quads, version)
        return [*quads, Quad(record, predicate, value, NamedNode(ODA))]

    return mutate


def retype(old: NamedNode, new: NamedNode, subject: str) -> Callable[[list[Quad]], list[Quad]]:
    return lambda quads: [
        Quad(q.subject, q.predicate, new, q.graph_name)
        if q.subject.value == subject and q.predicate == RDF.type and q.object == old
        else q
        for q in quads
    ]


DATE = XSD.date
ENACTMENT = f"{ODA}/event/2001-03-14/enactment"
# a complete binding ruling and the interpretation it opened (its reading reuses an existing expression)
RULING_IRI, INTERPRETATION = f"{ODA}/event/2012-05-03/judicial-decision", f"{PARA}/interpretation/2012-05-03"
DOCTRINE = "https://lexrdf.example.org/item/legitimate-expectations"
RECORDED = Literal("2020-01-01T00:00:00Z", datatype=XSD.dateTime)
RULED = (
    (RULING_IRI, RDF.type, LEX.Event),
    (RULING_IRI, RDF.type, LEX.JudicialDecision),
    (RULING_IRI, LEX.date, Literal("2012-05-03", datatype=XSD.date)),
    (RULING_IRI, LEX.affectedAct, NamedNode(ODA)),
    (RULING_IRI, LEX.authority, NamedNode("https://lexrdf.example.org/authority/supreme-court")),
    (RULING_IRI, LEX.sourceAct, NamedNode("https://lexrdf.example.org/case/sc-2012-41")),
    (RULING_IRI, LEX.bindingScope, LEX.ErgaOmnes),
    (RULING_IRI, LEX.recordedAt, RECORDED),
    (INTERPRETATION, RDF.type, LEX.Interpretation),
    (INTERPRETATION, LEX.interprets, NamedNode(PARA)),
    (INTERPRETATION, LEX.validFrom, Literal("2012-05-03", datatype=XSD.date)),
    (INTERPRETATION, LEX.fixedBy, NamedNode(RULING_IRI)),
    (INTERPRETATION, PROV.wasGeneratedBy, NamedNode(RULING_IRI)),
    (INTERPRETATION, LEX.bindingScope, LEX.ErgaOmnes),
    (INTERPRETATION, LEX.recordedAt, RECORDED),
    (f"{INTERPRETATION}/rec-1", RDF.type, LEX.VersionRecord),
    (f"{INTERPRETATION}/rec-1", LEX.recordOf, NamedNode(INTERPRETATION)),
    (f"{INTERPRETATION}/rec-1", LEX.expression, NamedNode(f"{V2}/en")),
    (f"{INTERPRETATION}/rec-1", LEX.recordedAt, RECORDED),
)

# (shape, path or None, focus node, mutation)
MUTATIONS = {
    "ProvisionParent/parent": ("ProvisionParent", LEXNS + "parent", POINT, drop(LEX.parent, POINT)),
    "ProvisionParent/order": (
        "ProvisionParent",
        LEXNS + "order",
        POINT,
        add((POINT, LEX.order, Literal("99", datatype=XSD.decimal))),
    ),
    "ProvisionParent/act": ("ProvisionParent", LEXNS + "act", POINT, drop(LEX.act, POINT)),
    "ProvisionParent/unitType": ("ProvisionParent", LEXNS + "unitType", POINT, drop(LEX.unitType, POINT)),
    "ProvisionIdentifier": (
        "ProvisionIdentifier",
        None,
        "https://lexrdf.example.org/elsewhere/p",
        add(
            ("https://lexrdf.example.org/elsewhere/p", RDF.type, LEX.Provision),
            ("https://lexrdf.example.org/elsewhere/p", LEX.act, NamedNode(ODA)),
            ("https://lexrdf.example.org/elsewhere/p", LEX.parent, NamedNode(ODA)),
            ("https://lexrdf.example.org/elsewhere/p", LEX.order, Literal("100", datatype=XSD.decimal)),
            ("https://lexrdf.example.org/elsewhere/p", LEX.unitType, Literal("article")),
        ),
    ),
    "ActIdentifier": (
        "ActIdentifier",
        None,
        "https://lexrdf.example.org/acts/12",
        add(("https://lexrdf.example.org/acts/12", RDF.type, LEX.Act)),
    ),
    "VersionWindow/validFrom": ("VersionWindow", LEXNS + "validFrom", V2, drop(LEX.validFrom, V2)),
    # a territorial extent written otherwise than regions E, W, S, N.I. in that order joined by "+"
    "VersionExtent": ("VersionExtent", None, V2, add((V2, LEX.extent, Literal("Scotland")))),
    "VersionWindow/extent": (
        "VersionWindow",
        LEXNS + "extent",
        V2,
        add((V2, LEX.extent, Literal("E+W")), (V2, LEX.extent, Literal("S"))),
    ),
    "VersionWindow/wasGeneratedBy": (
        "VersionWindow",
        "http://www.w3.org/ns/prov#wasGeneratedBy",
        V1,
        drop(PROV.wasGeneratedBy, V1),
    ),
    "VersionWindow/versionOf": (
        "VersionWindow",
        LEXNS + "versionOf",
        {V1, V2},
        lambda quads: [q for q in quads if not (q.subject.value == PARA and q.object == LEX.Provision)],
    ),
    "VersionWindow/recordedAt": ("VersionWindow", LEXNS + "recordedAt", V1, drop(LEX.recordedAt, V1)),
    "VersionIdentifier": (
        "VersionIdentifier",
        None,
        V1,
        lambda quads: add((V1, LEX.validFrom, Literal("2001-04-02", datatype=DATE)))(drop(LEX.validFrom, V1)(quads)),
    ),
    "RecordWindow/closedBy": (
        "RecordWindow",
        None,
        "record",
        lambda quads: drop(LEX.closedBy, current_record(quads, V1).value)(quads),
    ),
    "RecordWindow/expression": (
        "RecordWindow",
        LEXNS + "expression",
        "record",
        lambda quads: drop(LEX.expression, current_record(quads, V2).value)(quads),
    ),
    "OneTextPerLanguage": (
        "OneTextPerLanguage",
        None,
        "record",
        lambda quads: on_record(V2, LEX.expression, NamedNode(f"{V1}/en"))(quads),
    ),
    "OneCurrentRecord": (
        "OneCurrentRecord",
        None,
        V2,
        lambda quads: add(  # the same text again, beside the current record instead of superseding it
            (f"{V2}/rec-beside", RDF.type, LEX.VersionRecord),
            (f"{V2}/rec-beside", LEX.recordOf, NamedNode(V2)),
            (f"{V2}/rec-beside", LEX.expression, current_expression(quads, V2)),
            (f"{V2}/rec-beside", LEX.recordedAt, Literal("2999-01-01T00:00:00Z", datatype=XSD.dateTime)),
        )(quads),
    ),
    "WindowEndsAfterItStarts": (
        "WindowEndsAfterItStarts",
        None,
        "record",
        lambda quads: [
            *[q for q in quads if not (q.predicate == LEX.validUntil and q.subject == current_record(quads, V1))],
            Quad(current_record(quads, V1), LEX.validUntil, Literal("2001-04-01", datatype=DATE), NamedNode(ODA)),
        ],
    ),
    "NoOverlappingVersions": (
        "NoOverlappingVersions",
        None,
        PARA,
        lambda quads: (
            [q for q in quads if not (q.subject == current_record(quads, V1) and q.predicate == LEX.validUntil)]
            + [Quad(current_record(quads, V1), LEX.validUntil, Literal("2005-01-01", datatype=DATE), NamedNode(ODA))]
        ),
    ),
    "ApplicabilityAfterEntryIntoForce": (
        "ApplicabilityAfterEntryIntoForce",
        None,
        V2,
        add((V2, LEX.applicableFrom, Literal("2004-01-01", datatype=DATE))),
    ),
    "ExpressionText": ("ExpressionText", LEXNS + "language", f"{V2}/en", drop(LEX.language, f"{V2}/en")),
    "EventDateAndKind/date": ("EventDateAndKind", LEXNS + "date", ENACTMENT, drop(LEX.date, ENACTMENT)),
    "EventDateAndKind/kind": (
        "EventDateAndKind",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
        ENACTMENT,
        lambda quads: [q for q in quads if not (q.subject.value == ENACTMENT and q.object == LEX.Enactment)],
    ),
    "EventSource": (
        "EventSource",
        None,
        ENACTMENT,
        lambda quads: drop(LEX.authority, ENACTMENT)(drop(LEX.sourceAct, ENACTMENT)(quads)),
    ),
    "InterpretationSource": (
        "InterpretationSource",
        LEXNS + "validFrom",
        INTERPRETATION,
        lambda quads: drop(LEX.validFrom, INTERPRETATION)(add(*RULED)(quads)),
    ),
    "RulingSource": (
        "RulingSource",
        LEXNS + "sourceAct",
        RULING_IRI,
        lambda quads: drop(LEX.sourceAct, RULING_IRI)(add(*RULED)(quads)),
    ),
    "InterpretiveItemKind": (
        "InterpretiveItemKind",
        LEXNS + "itemKind",
        DOCTRINE,
        add(
            (DOCTRINE, RDF.type, LEX.InterpretiveItem),
            (DOCTRINE, NamedNode("http://purl.org/dc/terms/title"), Literal("Legitimate expectations")),
        ),
    ),
    "EventAct": ("EventAct", None, ENACTMENT, drop(LEX.affectedAct, ENACTMENT)),
}


def test_every_shape_has_a_violating_example():
    shapes = {check.shape.removeprefix(SHAPES) for check in compiled_shapes().checks}
    covered = {shape for shape, *_ in MUTATIONS.values()} | {"AmendmentSource", "EndedWithoutRecordedAct"}
    assert shapes == covered


def test_the_valid_graph_conforms_identically(oda_quads):
    fast, reference = both(oda_quads)
    assert fast.conforms and reference.conforms
    assert (
        fast.keys()
        == reference.keys()
        == {
            (
                f"{ODA}/event/2010-01-01/ended-without-recorded-act",
                SHAPES + "EndedWithoutRecordedAct",
                LEXNS + "sourceAct",
            )
        }
    )  # a warning: art. 6 ended without a recorded act


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_each_violation_names_its_node_and_agrees_with_pyshacl(oda_quads, name):
    shape, path, focus, mutate = MUTATIONS[name]
    mutated = mutate(list(oda_quads))
    fast, reference = both(mutated)
    assert fast.keys() == reference.keys(), f"compiled and pyshacl disagree: {fast.keys() ^ reference.keys()}"
    components = {(r.key, r.component) for r in fast.results}
    assert components == {(r.key, r.component) for r in reference.results}  # e.g. too few values, or too many
    assert not fast.conforms and not reference.conforms
    new = {r for r in fast.violations}
    assert {r.shape.removeprefix(SHAPES) for r in new} == {shape}
    if focus == "record":
        assert all(r.focus.startswith(f"{PARA}/") and "/rec-" in r.focus for r in new)
    else:
        assert {r.focus for r in new} == (focus if isinstance(focus, set) else {focus})
    assert {r.path for r in new} == {path}
    assert all(r.message and "Constraint" not in r.message for r in new)


@pytest.fixture(scope="module")
def dpa_store(dpa_lex):
    return list(dpa_lex.store.graph_quads(NamedNode(DPA)))


def dpa_violations(quads: list[Quad]) -> set[tuple[str, str, str | None]]:
    return {r.key for r in validate_store(graph_of(quads), NamedNode(DPA)).violations}


@pytest.mark.parametrize(
    ("mutation", "expected"),
    [
        (
            "remove the event of one version",
            {(f"{DPA}/section-9A-5/2003-08-19", SHAPES + "VersionWindow", "http://www.w3.org/ns/prov#wasGeneratedBy")},
        ),
        ("make two windows overlap", {(f"{DPA}/schedule-5-paragraph-12", SHAPES + "NoOverlappingVersions", None)}),
        ("drop a parent", {(f"{DPA}/section-1-1", SHAPES + "ProvisionParent", LEXNS + "parent")}),
    ],
)
def test_mutations_of_real_data_produce_exactly_the_expected_violation(dpa_store, mutation, expected):
    assert dpa_violations(dpa_store) == set()
    graph = NamedNode(DPA)
    quads = list(dpa_store)
    if mutation == "remove the event of one version":
        quads = [
            q
            for q in quads
            if not (q.subject.value == f"{DPA}/section-9A-5/2003-08-19" and q.predicate == PROV.wasGeneratedBy)
        ]
    elif mutation == "make two windows overlap":
        provision = f"{DPA}/schedule-5-paragraph-12"
        extra = f"{provision}/2005-01-01"
        record = NamedNode(f"{extra}/rec-test")
        event = next(
            q.object
            for q in quads
            if q.subject.value == f"{provision}/2003-08-19" and q.predicate == PROV.wasGeneratedBy
        )
        stamp = Literal("2020-01-01T00:00:00Z", datatype=XSD.dateTime)
        expression = next(q.object for q in quads if q.predicate == LEX.expression)
        quads += [
            Quad(NamedNode(extra), p, o, graph)
            for p, o in [
                (RDF.type, LEX.Version),
                (LEX.versionOf, NamedNode(provision)),
                (LEX.validFrom, Literal("2005-01-01", datatype=XSD.date)),
                (PROV.wasGeneratedBy, event),
                (LEX.recordedAt, stamp),
            ]
        ]
        quads += [
            Quad(record, p, o, graph)
            for p, o in [
                (RDF.type, LEX.VersionRecord),
                (LEX.recordOf, NamedNode(extra)),
                (LEX.expression, expression),
                (LEX.recordedAt, stamp),
            ]
        ]
    else:
        quads = [q for q in quads if not (q.subject.value == f"{DPA}/section-1-1" and q.predicate == LEX.parent)]
    assert dpa_violations(quads) == expected


def test_ingest_gate_refuses_an_act_that_does_not_conform_and_writes_the_others(tmp_path):
    harbour = (SAMPLES / "single" / "harbour-act.xml").read_text(encoding="utf-8")
    assert 'date="2008-09-01"' in harbour
    bad = tmp_path / "sources" / "harbour-act.xml"
    bad.parent.mkdir()
    # the safety plans would apply from 2008-01-01, before they enter into force, without a retroactive act
    bad.write_text(harbour.replace('date="2008-09-01"', 'date="2008-01-01"'), encoding="utf-8")
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([bad, SAMPLES / "expressions"])
        assert summary.refused == [HARBOUR]
        assert summary.act_iris == [ODA]
        report = summary.reports[HARBOUR]
        assert {r.shape.removeprefix(SHAPES) for r in report.violations} == {"ApplicabilityAfterEntryIntoForce"}
        assert lex.resolve("/akn/xx/act/1995-05-10/3").status == "unknown-reference"  # nothing of it written
        assert lex.resolve("/akn/xx/act/2001-03-14/12").status == "resolved"
    finally:
        lex.close()
    result = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "ingest", str(bad), "--store", str(tmp_path / "s2")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "applies before it enters into force" in result.stderr and "harbour-act.xml" in result.stderr


RULING = """
@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<{oda}/event/2012-05-03/judicial-decision> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ;
    lex:affectedAct <{oda}> ;
    lex:affects <{para}> ;
    lex:sourceAct <https://lexrdf.example.org/case/sc-2012-41> ;
    lex:bindingScope lex:ErgaOmnes ;
    lex:authority <https://lexrdf.example.org/authority/supreme-court> .
<{oda}/interpretation/2012-05-03> a lex:Interpretation ;
    lex:interprets <{para}> ;
    lex:validFrom "2012-05-03"^^xsd:date ;
    lex:fixedBy <{oda}/event/2012-05-03/judicial-decision> ;
    lex:text "'Three months' runs from publication in the gazette, not from adoption." .
"""


def test_editorial_ruling_is_validated_and_stamped(tmp_path):
    from lexrdf.editorial import submit

    lex = open_lex(tmp_path / "store")
    lex.ingest([SAMPLES / "expressions"])
    ruling = tmp_path / "ruling.ttl"
    ruling.write_text(RULING.format(oda=ODA, para=PARA), encoding="utf-8")
    before = lex.store.quad_count()
    outcome = submit(ruling, lex.store, lex.settings)
    assert outcome.written and outcome.report.conforms and outcome.act == ODA
    rows = list(
        lex.store.sparql(
            f"PREFIX lex: <{LEXNS}> SELECT ?at WHERE {{ <{ODA}/interpretation/2012-05-03> "
            "lex:recordedAt ?at ; lex:recordedBy ?cs . ?cs lex:sourceFile ?f }"
        )
    )
    assert len(rows) == 1
    assert lex.store.quad_count() > before

    undated = tmp_path / "undated.ttl"
    undated.write_text(
        RULING.format(oda=ODA, para=PARA)
        .replace('lex:date "2012-05-03"^^xsd:date ;', "")
        .replace("2012-05-03", "2013-01-01"),
        encoding="utf-8",
    )
    count = lex.store.quad_count()
    refused = submit(undated, lex.store, lex.settings)
    assert not refused.written and lex.store.quad_count() == count
    assert {r.shape.removeprefix(SHAPES) for r in refused.report.violations} == {"EventDateAndKind"}

    forged = tmp_path / "forged.ttl"
    forged.write_text(
        RULING.format(oda=ODA, para=PARA) + f"<{ODA}/interpretation/2012-05-03> lex:recordedAt "
        '"1999-01-01T00:00:00Z"^^xsd:dateTime .\n',
        encoding="utf-8",
    )
    with pytest.raises(SourceError, match="transaction time"):
        submit(forged, lex.store, lex.settings)
    lex.close()


def test_editorial_addition_in_json_ld(tmp_path):
    from lexrdf.editorial import submit

    lex = open_lex(tmp_path / "store")
    lex.ingest([SAMPLES / "expressions"])
    document = tmp_path / "commencement.jsonld"
    document.write_text(
        f"""{{
      "@context": {{"lex": "{LEXNS}", "xsd": "http://www.w3.org/2001/XMLSchema#"}},
      "@id": "{ODA}/event/2001-04-01/commencement",
      "@type": ["lex:Event", "lex:Commencement"],
      "lex:date": {{"@value": "2001-04-01", "@type": "xsd:date"}},
      "lex:affectedAct": {{"@id": "{ODA}"}},
      "lex:sourceAct": {{"@id": "{ODA}"}}
    }}""",
        encoding="utf-8",
    )
    assert submit(document, lex.store, lex.settings).written
    lex.close()


def test_validate_command_and_shapes_endpoint_formats(tmp_path):
    store = str(tmp_path / "store")

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "lexrdf.cli", *a],
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert run("validate", str(SAMPLES / "expressions"), "--store", store).returncode == 1  # no store there
    files = run("validate", str(SAMPLES / "expressions"))  # against an empty store
    assert files.returncode == 0 and "closed without a recorded act" in files.stdout
    assert "open-data-act@2010-01-01.xml:" in files.stdout  # file and line of the element behind the node
    assert run("ingest", str(SAMPLES), "--store", store).returncode == 0
    turtle = run("validate", "--store", store, "--format", "turtle")
    report = pyoxigraph.Store()
    report.load(turtle.stdout.encode(), pyoxigraph.RdfFormat.TURTLE)
    assert bool(
        report.query(
            "ASK { ?r a <http://www.w3.org/ns/shacl#ValidationReport> ; <http://www.w3.org/ns/shacl#conforms> true }"
        )
    )
    single = run("validate", "--store", store, "--act", HARBOUR, "--format", "json")
    assert '"conforms": true' in single.stdout
