"""The lexrdf ontology (ontology/lexrdf.ttl): complete, documented, aligned, consistent with ELI and PROV-O,
and consistent with the data lexrdf actually writes.

The consistency tests load the ontology together with the ELI and PROV-O vocabularies kept in the shared data
directory beside the repository (``../shared/data/vocab``) and run HermiT through owlready2: once on the
vocabularies alone (classification: no unsatisfiable lex: class), once with instance data added (the quads
lexrdf writes for the bundled samples plus an editorial ruling, and for the Data Protection Act 1998), so that
a domain, range or disjointness axiom the data contradicts is caught. HermiT supports only the OWL 2 datatype
map, which lacks ``xsd:date`` (used by ELI and by lexrdf); the copies given to the reasoner read
``rdfs:Literal`` for it; datatype compatibility is checked structurally instead, for the ontology's
sub-properties and for every literal of the instance data.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pyoxigraph
import pytest
from conftest import BASE, ODA, SAMPLES, UKPGA, needs_shared, open_lex, unavailable
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import OWL, RDF, RDFS, SKOS, XSD
from templates import ingested_copy

from lexrdf.vocab import EVENT_CLASSES, RULING_KINDS

ROOT = Path(__file__).resolve().parents[1]
ONTOLOGY = ROOT / "ontology" / "lexrdf.ttl"
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
VOCAB = SHARED_DATA / "vocab"

LEX = Namespace("https://w3id.org/lexrdf/ontology#")

# Every class and property of docs/model.md.
REQUIRED_CLASSES = {
    "Act", "Provision", "Version", "VersionRecord", "Expression", "Event",
    "Enactment", "Amendment", "Substitution", "Insertion", "Repeal", "Commencement", "PartialCommencement",
    "Suspension", "Correction", "JudicialDecision", "Modification", "Expiry", "UnrecordedEnd", "UnrecordedStart",
    "Authority", "Interpretation", "Changeset", "InForceInPart",
    "BindingRuling", "AdministrativeDecision", "InterpretiveItem", "BindingScope", "ProceduralContext",
}  # fmt: skip
REQUIRED_OBJECT_PROPERTIES = {
    "act", "parent", "versionOf", "recordOf", "expression", "closedBy", "realizes",
    "recordedBy", "supersededBy", "affectedAct", "affects", "sourceAct", "sourceProvision", "authority",
    "opens", "closes", "interprets", "fixedBy", "within", "introduces",
    "bindingScope", "concurrentWith", "overrules", "supersedes", "refines", "unifies", "strikesDown",
    "inForceInPart", "madeByProvision", "qualifiedInForceInPart", "partialCommencement",
}  # fmt: skip
REQUIRED_DATATYPE_PROPERTIES = {
    "frbrWork", "title", "shortTitle", "jurisdiction", "actType", "actNumber", "documentDate", "documentYear",
    "publicationDate", "knownByReference", "order", "unitType", "eId", "path", "validFrom",
    "applicableFrom", "validUntil", "text", "number", "heading", "language", "recordedAt", "supersededAt",
    "date", "retroactive", "sourceLine", "sourceFile", "expressionDate",
    "beginsHistory", "currentTo", "sourceNote", "targetPortion", "unresolvedPortion", "itemKind", "sourceSha256",
    "submittedBy",
    "changesThrough", "applied", "dateAtLatest", "dateAtEarliest", "expressionVersion", "datedBy", "deferredEffect",
    "extent", "inPartPurposes", "inPartEvidence", "partlyInForce", "prospective", "closingText", "textLayout",
    "concurrent", "limitedTo", "shownNumber", "shownHeading", "partIdentifier", "sourcePortion",
}  # fmt: skip

# Properties whose "aligned with" cell in docs/model.md is empty: lexrdf-specific, no external counterpart.
UNALIGNED_PROPERTIES = {
    "frbrWork", "jurisdiction", "actType", "actNumber", "knownByReference", "order", "unitType", "eId",
    "path", "expression", "number", "heading", "recordedAt", "supersededAt", "affectedAct", "affects",
    "sourceAct", "retroactive", "sourceLine", "expressionDate", "beginsHistory", "targetPortion", "unresolvedPortion",
    "bindingScope", "concurrentWith", "itemKind",
    "madeByProvision",  # a version's own amending provision; the event's is lex:sourceProvision (prov:used)
    "introduces",  # a sub-property of lex:affects (itself unaligned): the event that inserted a provision whole
    "documentYear",  # xsd:gYear: ELI's date_document is an xsd:date, a day the source does not give
    "validUntil",  # exclusive; eli:date_no_longer_in_force is inclusive (derived: validUntil minus one day)
    "currentTo",  # per changeset; eli:version_date is for legal resources, and functional
    "sourceSha256", "submittedBy",  # a changeset's provenance as strings (prov:wasAssociatedWith takes an agent)
    "changesThrough",  # a dump's place in the transaction log: no external counterpart
    "applied",  # a publisher's consolidation state of a change: no external counterpart
    "expressionVersion",  # a publisher's numbering of corrected versions of one expression: no counterpart
    "sourcePortion",  # the source held some provisions of the act only: no external counterpart
    "deferredEffect",  # an editor's note as file:line text: no external counterpart
    "datedBy",  # evidence as file:line text; prov:wasDerivedFrom takes an entity, not a string
    "dateAtLatest",  # the source gave no date: lex:date is an upper bound, which no external vocabulary says
    "dateAtEarliest",  # the source gave no date: lex:date is a lower bound, which no external vocabulary says
    "extent",  # legislation.gov.uk's extent spelling ("E+W+S+N.I."): ELI has no territorial extent of a version
    "concurrent",  # one of several texts in force at once, each for its extent: ELI has no territorial versions
    "limitedTo",  # the territories an event (a repeal "for E.") is limited to: ELI has no territorial extent
    "inForceInPart", "inPartPurposes", "inPartEvidence",  # commencement in part: no external counterpart
    "partlyInForce",  # in force in part only, throughout a window: no external counterpart
    "closingText",  # the part of lex:text after the sub-units (AKN wrapUp): no external counterpart
    "textLayout",  # lex:text in lines as the source blocks it: no external counterpart
    "prospective",  # the source's "prospective" status: no external counterpart
    "shownNumber", "shownHeading",  # printed for a provision with no text held: ELI numbers and titles expressions
    "partIdentifier",  # a URI naming part of the provision, not the provision: dcterms:identifier would say it is
}  # fmt: skip

EVENT_KINDS = {
    "Enactment", "Amendment", "Repeal", "Commencement", "PartialCommencement", "Suspension", "Correction",
    "JudicialDecision", "Modification", "Expiry", "UnrecordedEnd", "UnrecordedStart", "BindingRuling",
    "AdministrativeDecision",
}  # fmt: skip
CREATING_EVENT_KINDS = {"Enactment", "Amendment", "Correction", "JudicialDecision", "BindingRuling",
                        "AdministrativeDecision"}  # fmt: skip
# Kinds that create no text: a modification changes a provision's effect, an expiry or an unrecorded end only
# closes windows.
NON_CREATING_EVENT_KINDS = {
    "Modification", "Expiry", "UnrecordedEnd", "UnrecordedStart", "Repeal", "PartialCommencement",
}  # fmt: skip
LRMOO = Namespace("http://iflastandards.info/ns/lrm/lrmoo/")
PROV = Namespace("http://www.w3.org/ns/prov#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
DCTERMS = Namespace("http://purl.org/dc/terms/")
EXTERNAL_OWL_VOCABULARIES = (str(ELI), str(PROV))
# (sub-property range, super-property range) pairs where the first datatype is contained in the second.
COMPATIBLE_DATATYPES = {(dt, RDFS.Literal) for dt in (XSD.string, XSD.date, XSD.dateTime, XSD.decimal, XSD.boolean)}

DECLARATION_TYPES = (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)
ALIGNMENT_PREDICATES = (RDFS.subClassOf, RDFS.subPropertyOf, OWL.equivalentClass, OWL.equivalentProperty)


@pytest.fixture(scope="module")
def graph() -> Graph:
    g = Graph()
    g.parse(ONTOLOGY, format="turtle")
    return g


def _lex_local(term: object) -> str | None:
    if isinstance(term, URIRef) and str(term).startswith(str(LEX)):
        return str(term)[len(str(LEX)) :]
    return None


def _is_english(node: object) -> bool:
    return isinstance(node, Literal) and node.language == "en"


def _declared(g: Graph) -> dict[str, set[URIRef]]:
    """The lex: terms declared with each of owl:Class, owl:ObjectProperty, owl:DatatypeProperty."""
    return {
        str(kind): {s for s in g.subjects(RDF.type, kind) if _lex_local(s) is not None} for kind in DECLARATION_TYPES
    }


# --- rdflib: completeness, documentation, alignment -----------------------------------------------------


def test_ontology_header(graph: Graph) -> None:
    onto = URIRef("https://w3id.org/lexrdf/ontology")
    assert (onto, RDF.type, OWL.Ontology) in graph
    assert str(graph.value(onto, OWL.versionInfo)) == "0.1.0"
    assert graph.value(onto, URIRef("http://purl.org/dc/terms/title")) is not None
    assert not list(graph.objects(onto, OWL.imports)), "the ontology must not import: tests load vocabularies"


def test_required_terms_are_declared(graph: Graph) -> None:
    declared = _declared(graph)
    expected = {
        str(OWL.Class): REQUIRED_CLASSES,
        str(OWL.ObjectProperty): REQUIRED_OBJECT_PROPERTIES,
        str(OWL.DatatypeProperty): REQUIRED_DATATYPE_PROPERTIES,
    }
    for kind, names in expected.items():
        found = {_lex_local(t) for t in declared[kind]}
        assert not names - found, f"missing {kind}: {sorted(names - found)}"
        extra = found - names
        assert not extra, f"{kind} not in docs/model.md (update this test and the docs): {sorted(extra)}"


def test_no_term_is_both_object_and_datatype_property(graph: Graph) -> None:
    declared = _declared(graph)
    both = declared[str(OWL.ObjectProperty)] & declared[str(OWL.DatatypeProperty)]
    assert not both


def test_every_term_has_english_label_and_definition(graph: Graph) -> None:
    terms = set().union(*_declared(graph).values())
    assert terms
    problems = []
    for term in sorted(terms):
        labels = [o for o in graph.objects(term, RDFS.label) if _is_english(o)]
        definitions = [o for o in graph.objects(term, SKOS.definition) if _is_english(o)]
        if not labels:
            problems.append(f"{_lex_local(term)}: no rdfs:label@en")
        if not definitions:
            problems.append(f"{_lex_local(term)}: no skos:definition@en")
    assert not problems, problems


def test_every_term_is_aligned(graph: Graph) -> None:
    terms = set().union(*_declared(graph).values())

    def aligned(term: URIRef, seen: frozenset[URIRef] = frozenset()) -> bool:
        for predicate in ALIGNMENT_PREDICATES:
            for target in graph.objects(term, predicate):
                if not isinstance(target, URIRef):
                    continue
                if _lex_local(target) is None:
                    return True
                if target not in seen and aligned(target, seen | {term}):
                    return True
        return False

    unaligned = {_lex_local(t) for t in terms if not aligned(t)}
    assert unaligned == UNALIGNED_PROPERTIES, (
        f"not aligned: {sorted(unaligned - UNALIGNED_PROPERTIES)}; "
        f"aligned but listed as unaligned: {sorted(UNALIGNED_PROPERTIES - unaligned)}"
    )


def test_event_kinds(graph: Graph) -> None:
    for kind in EVENT_KINDS:
        assert (LEX[kind], RDFS.subClassOf, LEX.Event) in graph, kind
    for kind in ("Substitution", "Insertion"):
        assert (LEX[kind], RDFS.subClassOf, LEX.Amendment) in graph, kind
    for kind in CREATING_EVENT_KINDS:
        assert (LEX[kind], RDFS.subClassOf, LRMOO.F28_Expression_Creation) in graph, kind
    for kind in NON_CREATING_EVENT_KINDS:
        assert LRMOO.F28_Expression_Creation not in _superclasses(graph, LEX[kind]), f"{kind} creates no text"


def test_event_classes_of_the_code_are_the_event_kinds_of_the_ontology(graph: Graph) -> None:
    """lexrdf.vocab.EVENT_CLASSES (kind -> class, what the mappings and the API use) names every lex:Event
    subclass of the ontology, and nothing else."""
    kinds = {_lex_local(c) for c in graph.subjects(RDF.type, OWL.Class) if LEX.Event in _superclasses(graph, c)}
    assert set(EVENT_CLASSES.values()) == kinds - {"Event"}
    assert EVENT_CLASSES["modification"] == "Modification"
    assert EVENT_CLASSES["expiry"] == "Expiry"
    assert EVENT_CLASSES["ended-without-recorded-act"] == "UnrecordedEnd"


def _event_quads(kind: str, *, source: bool) -> tuple[pyoxigraph.NamedNode, list[pyoxigraph.Quad]]:
    """A minimal act graph holding one event of `kind`: a date, the act and provision it affects, its record time,
    and (with `source`) the act that made it. It opens and closes no version."""

    def node(term: str) -> pyoxigraph.NamedNode:
        return pyoxigraph.NamedNode(str(term))

    act, event = node(ODA), node(f"{ODA}/event/2005-01-01/{kind}")
    triples = [
        (act, node(RDF.type), node(LEX.Act)),
        (event, node(RDF.type), node(LEX.Event)),
        (event, node(RDF.type), node(LEX[EVENT_CLASSES[kind]])),
        (event, node(LEX.date), pyoxigraph.Literal("2005-01-01", datatype=node(XSD.date))),
        (event, node(LEX.affectedAct), act),
        (event, node(LEX.affects), node(f"{ODA}/art_3/para_2")),
        (event, node(LEX.recordedAt), pyoxigraph.Literal("2020-01-01T00:00:00Z", datatype=node(XSD.dateTime))),
    ]
    if source:
        triples.append((event, node(LEX.sourceAct), node(f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7")))
    if kind in RULING_KINDS:  # a binding ruling also names who made it and whom it binds
        triples.append((event, node(LEX.authority), node(f"{BASE}/authority/supreme-court")))
        triples.append((event, node(LEX.bindingScope), node(LEX.ErgaOmnes)))
    return act, [pyoxigraph.Quad(*t, act) for t in triples]


@pytest.mark.parametrize("kind", sorted(EVENT_CLASSES))
def test_shapes_accept_every_event_kind(kind: str) -> None:
    """The SHACL shapes know every event kind of the ontology: an event of any kind with a date, the act and
    provision it affects and its source act conforms, with no warning; it need not open or close a version."""
    from lexrdf.validate import validate_quads

    act, quads = _event_quads(kind, source=True)
    report = validate_quads(quads, act)
    assert not report.results, [(r.shape, r.message) for r in report.results]


def test_modification_and_expiry_without_an_act() -> None:
    """A modification that names no act is kept and flagged (a warning, like an amendment read from a
    consolidated source); an expiry needs no act: it ends a window by the provision's own terms."""
    from lexrdf.validate import validate_quads

    act, quads = _event_quads("modification", source=False)
    report = validate_quads(quads, act)
    assert report.conforms
    assert {r.shape.rsplit("#", 1)[-1] for r in report.warnings} == {"AmendmentSource"}
    act, quads = _event_quads("expiry", source=False)
    assert not validate_quads(quads, act).results


def test_valid_until_is_exclusive_and_not_aligned_to_eli_end_of_force(graph: Graph) -> None:
    """lex:validUntil ends a half-open window [validFrom, validUntil); eli:date_no_longer_in_force is the last
    day in force (inclusive), so no axiom may equate them: the ELI date is derived (validUntil minus one day)."""
    eli_end = ELI.date_no_longer_in_force
    related = {LEX.validUntil}
    for _ in range(5):  # sub-/super-/equivalent properties, transitively within the ontology
        for prop in list(related):
            for predicate in (RDFS.subPropertyOf, OWL.equivalentProperty):
                related |= set(graph.objects(prop, predicate)) | set(graph.subjects(predicate, prop))
    assert eli_end not in related
    assert (LEX.validUntil, RDFS.seeAlso, eli_end) in graph
    documentation = " ".join(str(o) for p in (SKOS.definition, RDFS.comment) for o in graph.objects(LEX.validUntil, p))
    assert "exclusive" in documentation and "minus one day" in documentation
    # the start of the window is inclusive on both sides, and keeps its alignment
    assert (LEX.validFrom, RDFS.subPropertyOf, ELI.first_date_entry_in_force) in graph


def test_external_classes_used_are_labelled(graph: Graph) -> None:
    """LRMoo is not loaded with the ontology, so its classes are declared (and labelled) locally."""
    for cls in set(graph.objects(None, RDFS.subClassOf)):
        if isinstance(cls, URIRef) and str(cls).startswith(str(LRMOO)):
            assert (cls, RDF.type, OWL.Class) in graph, cls
            assert graph.value(cls, RDFS.label) is not None, cls


def test_subproperties_match_external_superproperties(graph: Graph) -> None:
    """A lex: object (datatype) property specialises only object (datatype) properties of ELI and PROV-O,
    and a lex: datatype property's range lies within its ELI or PROV-O super-property's range."""
    vocab = _vocabularies()
    kinds = {OWL.ObjectProperty: OWL.DatatypeProperty, OWL.DatatypeProperty: OWL.ObjectProperty}
    problems = []
    for kind, other in kinds.items():
        for prop in graph.subjects(RDF.type, kind):
            for sup in graph.objects(prop, RDFS.subPropertyOf):
                if not str(sup).startswith(EXTERNAL_OWL_VOCABULARIES):
                    continue
                if (sup, None, None) not in vocab:
                    problems.append(f"{_lex_local(prop)}: super-property {sup} is not in the vocabulary")
                elif (sup, RDF.type, kind) not in vocab or (sup, RDF.type, other) in vocab:
                    problems.append(f"{_lex_local(prop)} is a {kind.fragment}, {sup} is not")
                if kind != OWL.DatatypeProperty:
                    continue
                mine = graph.value(prop, RDFS.range)
                for theirs in vocab.objects(sup, RDFS.range):
                    if mine != theirs and (mine, theirs) not in COMPATIBLE_DATATYPES:
                        problems.append(f"{_lex_local(prop)} range {mine} not within {sup} range {theirs}")
    assert not problems, problems


# --- owlready2 + HermiT: consistency with ELI and PROV-O ------------------------------------------------


def _superclasses(g: Graph, cls: URIRef) -> set[URIRef]:
    """cls and every named class above it by rdfs:subClassOf (within g)."""
    found, todo = {cls}, [cls]
    while todo:
        for sup in g.objects(todo.pop(), RDFS.subClassOf):
            if isinstance(sup, URIRef) and sup not in found:
                found.add(sup)
                todo.append(sup)
    return found


def _vocabularies() -> Graph:
    if not VOCAB.is_dir():
        needs_shared(VOCAB)
    g = Graph()
    g.parse(VOCAB / "eli.nt", format="nt")
    g.parse(VOCAB / "prov.ttl", format="turtle")  # Turtle parser also accepts N-Triples content
    return g


def _to_ntriples(source: Path, fmt: str, target: Path) -> Path:
    g = Graph()
    g.parse(source, format=fmt)
    # No network access during tests: the imported vocabularies are loaded explicitly or not at all.
    g.remove((None, OWL.imports, None))
    # prov.ttl names the PROV-O inverses (prov:hadRevision, ...) without declaring them; owl:inverseOf only
    # relates object properties, so say so, or owlready2 takes them for individuals.
    for a, b in list(g.subject_objects(OWL.inverseOf)):
        for prop in (a, b):
            if (prop, RDF.type, None) not in g:
                g.add((prop, RDF.type, OWL.ObjectProperty))
    # HermiT rejects xsd:date (not in the OWL 2 datatype map): let the reasoner read it as rdfs:Literal.
    for s, p, _ in list(g.triples((None, None, XSD.date))):
        g.remove((s, p, XSD.date))
        g.add((s, p, RDFS.Literal))
    g.serialize(target, format="nt", encoding="utf-8")
    return target


def test_external_superclasses_exist(graph: Graph) -> None:
    """Every ELI or PROV-O class a lex: class specialises is a class of that vocabulary."""
    vocab = _vocabularies()
    missing = [
        f"{_lex_local(cls)} -> {sup}"
        for cls, sup in graph.subject_objects(RDFS.subClassOf)
        if str(sup).startswith(EXTERNAL_OWL_VOCABULARIES) and (sup, RDF.type, OWL.Class) not in vocab
    ]
    assert not missing, missing


def test_consistent_with_eli_and_prov(tmp_path: Path) -> None:
    if not SHARED_DATA.is_dir() or not VOCAB.is_dir():
        needs_shared(VOCAB)
    import owlready2  # a dependency of lexrdf (pyproject.toml): never missing

    files = [
        _to_ntriples(VOCAB / "eli.nt", "nt", tmp_path / "eli.nt"),
        _to_ntriples(VOCAB / "prov.ttl", "turtle", tmp_path / "prov.nt"),
        _to_ntriples(ONTOLOGY, "turtle", tmp_path / "lexrdf.nt"),
    ]
    world = owlready2.World()
    for path in files:
        world.get_ontology(path.as_uri()).load(format="ntriples")

    try:
        owlready2.sync_reasoner(world, infer_property_values=False, debug=0)
    except owlready2.OwlReadyInconsistentOntologyError as error:  # pragma: no cover - the failure itself
        pytest.fail(f"lexrdf + ELI + PROV-O is inconsistent: {error}")

    unsatisfiable = sorted(cls.iri for cls in world.inconsistent_classes() if cls.iri.startswith(str(LEX)))
    assert not unsatisfiable, f"unsatisfiable lex: classes: {unsatisfiable}"
    nothing = owlready2.Nothing
    also_nothing = sorted(
        cls.iri for cls in world.classes() if cls.iri.startswith(str(LEX)) and nothing in cls.equivalent_to
    )
    assert not also_nothing, f"lex: classes equivalent to owl:Nothing: {also_nothing}"

    # The reasoner saw the lex: classes (the load did not silently drop them) and kept the alignments.
    act = world[str(LEX.Act)]
    assert act is not None
    legal_resource = world["http://data.europa.eu/eli/ontology#LegalResource"]
    assert legal_resource in act.ancestors()


# --- instance data: the quads lexrdf writes ---------------------------------------------------------------

# An editorial ruling (the way interpretations enter the store): exercises the terms no XML source writes yet.
EDITORIAL = """
@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<{oda}/event/2012-05-03/judicial-decision> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ;
    lex:affectedAct <{oda}> ;
    lex:affects <{oda}/art_3/para_2> ;
    lex:retroactive true ;
    lex:sourceAct <https://lexrdf.example.org/case/sc-2012-41> ;
    lex:bindingScope lex:ErgaOmnes ;
    lex:publicationDate "2012-05-10"^^xsd:date ;
    lex:authority <https://lexrdf.example.org/authority/supreme-court> .
<{oda}/interpretation/2012-05-03> a lex:Interpretation ;
    lex:interprets <{oda}/art_3/para_2> ;
    lex:validFrom "2012-05-10"^^xsd:date ;
    lex:fixedBy <{oda}/event/2012-05-03/judicial-decision> ;
    lex:text "'Three months' runs from publication in the gazette, not from adoption." .
"""
# Terms outside lex:, ELI and PROV-O that lexrdf writes on purpose.
# owl:sameAs links legislation.gov.uk's /id/ IRIs to ours; dcterms:license names the source's licence (OGL for UK)
OTHER_TERMS_WRITTEN = {RDF.type, RDFS.label, DCTERMS.identifier, DCTERMS.license, OWL.sameAs}
# (range, literal datatype) pairs where the datatype's values lie within the range.
DERIVED_DATATYPES = {(XSD.decimal, XSD.integer)}


@pytest.fixture(scope="module")
def instance_data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[pyoxigraph.Triple]]:
    """Every triple lexrdf writes (the union of the act graphs) for: the bundled samples plus an editorial ruling;
    the Data Protection Act 1998 (legislation.gov.uk, about 70k quads; required under CI)."""
    from lexrdf.editorial import submit

    def triples(lex) -> list[pyoxigraph.Triple]:
        quads = lex.store.raw.quads_for_pattern(None, None, None, None)
        return sorted({pyoxigraph.Triple(q.subject, q.predicate, q.object) for q in quads}, key=str)

    data = {}
    directory = tmp_path_factory.mktemp("instances")
    lex = open_lex(directory / "samples")
    try:
        lex.ingest([SAMPLES])
        ruling = directory / "ruling.ttl"
        ruling.write_text(EDITORIAL.format(oda=ODA), encoding="utf-8")
        outcome = submit(ruling, lex.store, lex.settings)
        assert outcome.written, outcome.report
        data["samples"] = triples(lex)
    finally:
        lex.close()
    if not UKPGA.exists() and os.environ.get("CI", "").lower() != "true":
        return data  # a developer's machine without the shared data: the samples only
    needs_shared(UKPGA)
    lex = open_lex(ingested_copy([UKPGA], tmp_path_factory, "dpa")[0])
    try:
        data["ukpga-1998-29"] = triples(lex)
    finally:
        lex.close()
    return data


def _types(triples: list[pyoxigraph.Triple]) -> dict[str, set[URIRef]]:
    found: dict[str, set[URIRef]] = defaultdict(set)
    for t in triples:
        if t.predicate.value == str(RDF.type):
            found[t.subject.value].add(URIRef(t.object.value))
    return found


def _declared_range(g: Graph, prop: URIRef, which: URIRef) -> set[URIRef] | None:
    """The named classes a property's domain or range allows (the members of a union), or None."""
    value = g.value(prop, which)
    if value is None:
        return None
    if isinstance(value, BNode):
        return set(Collection(g, g.value(value, OWL.unionOf)))
    return {value}


def _domain_range_mismatches(g: Graph, triples: list[pyoxigraph.Triple]) -> list[str]:
    """Usage patterns (subject classes, lex: property, object classes) where a typed subject (object) has no
    class within the property's declared domain (range). OWL only objects when the classes are disjoint; this
    says which triples are at fault, which the reasoner does not."""
    types = _types(triples)
    problems: dict[str, str] = {}
    for t in triples:
        prop = URIRef(t.predicate.value)
        if _lex_local(prop) is None:
            continue
        for node, which in ((t.subject, RDFS.domain), (t.object, RDFS.range)):
            allowed = _declared_range(g, prop, which)
            if allowed is None or isinstance(node, pyoxigraph.Literal) or not types.get(node.value):
                continue
            classes = types[node.value]
            if not any(allowed & _superclasses(g, c) for c in classes):
                side = "subject" if which == RDFS.domain else "object"
                key = f"{_lex_local(prop)}: {side} typed {sorted(map(str, classes))}, not {sorted(map(str, allowed))}"
                problems.setdefault(key, f"{key} (e.g. {t})")
    return sorted(problems.values())


def test_instance_data_uses_declared_terms(graph: Graph, instance_data) -> None:
    """Every property and class the data uses is declared: lex: ones in the ontology, the others in ELI or PROV-O
    (or are the few other terms written on purpose); so the reasoner below sees no term it would have to guess."""
    vocab = _vocabularies()
    declared = set().union(*_declared(graph).values())
    problems = set()
    for name, triples in instance_data.items():
        used = {URIRef(t.predicate.value) for t in triples}
        used |= {URIRef(t.object.value) for t in triples if t.predicate.value == str(RDF.type)}
        for term in used - OTHER_TERMS_WRITTEN:
            if _lex_local(term) is not None:
                if term not in declared:
                    problems.add(f"{name}: {term} is not declared in the ontology")
            elif (term, RDF.type, None) not in vocab and (term, RDF.type, None) not in graph:
                problems.add(f"{name}: {term} is in no vocabulary loaded for reasoning")
    assert not problems, sorted(problems)


def test_instance_data_within_domains_and_ranges(graph: Graph, instance_data) -> None:
    problems = [
        f"{name}: {p}" for name, triples in instance_data.items() for p in _domain_range_mismatches(graph, triples)
    ]
    assert not problems, problems


def test_instance_literals_match_declared_ranges(graph: Graph, instance_data) -> None:
    """Object properties hold IRIs; datatype properties hold literals of their range's datatype (the check
    HermiT cannot make for xsd:date)."""
    declared = _declared(graph)
    object_props, datatype_props = declared[str(OWL.ObjectProperty)], declared[str(OWL.DatatypeProperty)]
    problems = set()
    for name, triples in instance_data.items():
        for t in triples:
            prop = URIRef(t.predicate.value)
            is_literal = isinstance(t.object, pyoxigraph.Literal)
            if prop in object_props and is_literal:
                problems.add(f"{name}: {_lex_local(prop)} (an object property) holds a literal")
            elif prop in datatype_props:
                expected = graph.value(prop, RDFS.range)
                if not is_literal:
                    problems.add(f"{name}: {_lex_local(prop)} (a datatype property) holds an IRI")
                elif expected is not None:
                    datatype = URIRef(t.object.datatype.value)
                    if datatype != expected and (expected, datatype) not in DERIVED_DATATYPES:
                        problems.add(f"{name}: {_lex_local(prop)} holds {datatype}, range is {expected}")
    assert not problems, sorted(problems)


def _instance_ntriples(triples: list[pyoxigraph.Triple], target: Path) -> Path:
    """The instance data as HermiT can read it: xsd:date literals become strings (the reasoner's copies of the
    vocabularies read rdfs:Literal for xsd:date ranges; test_instance_literals_match_declared_ranges checks
    the datatypes), and xsd:dateTime loses its fractional seconds (HermiT rejects six digits)."""
    date, date_time, string = (pyoxigraph.NamedNode(str(dt)) for dt in (XSD.date, XSD.dateTime, XSD.string))
    out = []
    for t in triples:
        value = t.object
        if isinstance(value, pyoxigraph.Literal) and value.datatype == date:
            value = pyoxigraph.Literal(value.value, datatype=string)
        elif isinstance(value, pyoxigraph.Literal) and value.datatype == date_time:
            value = pyoxigraph.Literal(re.sub(r"\.[0-9]+", "", value.value), datatype=date_time)
        out.append(pyoxigraph.Triple(t.subject, t.predicate, value))
    target.write_bytes(pyoxigraph.serialize(out, format=pyoxigraph.RdfFormat.N_TRIPLES))
    return target


def test_consistent_with_instance_data(graph: Graph, instance_data, tmp_path: Path) -> None:
    """The ontology, ELI and PROV-O together with all the data lexrdf writes for the samples (plus an editorial
    ruling) and for the whole DPA 1998 (about 70k triples) are consistent.

    All of the data, not a sample: HermiT's consistency check (`-k`) takes seconds on it. owlready2's
    sync_reasoner also realises every individual (`-I`), which on the DPA ran for over ten minutes, so HermiT's
    command line is called directly on the world owlready2 merged (as sync_reasoner does)."""
    if not VOCAB.is_dir():
        needs_shared(VOCAB)
    import owlready2  # a dependency of lexrdf (pyproject.toml): never missing
    from owlready2 import reasoning

    if shutil.which(owlready2.JAVA_EXE) is None:
        unavailable("java not found: HermiT needs a JRE (apt-get install -y default-jre-headless)")

    files = [
        _to_ntriples(VOCAB / "eli.nt", "nt", tmp_path / "eli.nt"),
        _to_ntriples(VOCAB / "prov.ttl", "turtle", tmp_path / "prov.nt"),
        _to_ntriples(ONTOLOGY, "turtle", tmp_path / "lexrdf.nt"),
    ]
    files += [_instance_ntriples(triples, tmp_path / f"{name}.nt") for name, triples in instance_data.items()]
    world = owlready2.World()
    for path in files:
        world.get_ontology(path.as_uri()).load(format="ntriples")
    merged = tmp_path / "world.nt"
    world.save(str(merged), format="ntriples")

    command = [
        owlready2.JAVA_EXE,
        f"-Xmx{reasoning.JAVA_MEMORY}M",
        "-cp",
        reasoning._HERMIT_CLASSPATH,
        "org.semanticweb.HermiT.cli.CommandLine",
        "-k",  # consistency only
        merged.as_uri(),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    if "Inconsistent ontology" in output:
        mismatches = [p for triples in instance_data.values() for p in _domain_range_mismatches(graph, triples)]
        pytest.fail(f"lexrdf + ELI + PROV-O + instance data is inconsistent; domain/range mismatches: {mismatches}")
    assert result.returncode == 0, output[-2000:]
    assert "owl#Thing is satisfiable" in result.stdout, output[-2000:]
