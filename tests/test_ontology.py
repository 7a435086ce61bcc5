"""The lexrdf ontology (ontology/lexrdf.ttl): complete, documented, aligned, consistent with ELI and PROV-O.

The consistency test loads the ontology together with the ELI and PROV-O vocabularies kept in the shared data
directory beside the repository (``../shared/data/vocab``) and classifies them with HermiT through owlready2.
HermiT supports only the OWL 2 datatype map, which lacks ``xsd:date`` (used by ELI and by lexrdf); the copies
given to the reasoner read ``rdfs:Literal`` for it; datatype compatibility is checked structurally instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS, XSD

ROOT = Path(__file__).resolve().parents[1]
ONTOLOGY = ROOT / "ontology" / "lexrdf.ttl"
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
VOCAB = SHARED_DATA / "vocab"

LEX = Namespace("https://w3id.org/lexrdf/ontology#")

# Every class and property of docs/model.md.
REQUIRED_CLASSES = {
    "Act", "Provision", "Version", "VersionRecord", "Expression", "Event",
    "Enactment", "Amendment", "Substitution", "Insertion", "Repeal", "Commencement", "Suspension",
    "Correction", "JudicialDecision", "UnrecordedEnd",
    "Authority", "Interpretation", "Changeset",
}  # fmt: skip
REQUIRED_OBJECT_PROPERTIES = {
    "act", "parent", "versionOf", "recordOf", "expression", "closedBy", "realizes",
    "recordedBy", "supersededBy", "affectedAct", "affects", "sourceAct", "sourceProvision", "authority",
    "opens", "closes", "interprets", "fixedBy", "within",
}  # fmt: skip
REQUIRED_DATATYPE_PROPERTIES = {
    "frbrWork", "title", "shortTitle", "jurisdiction", "actType", "actNumber", "documentDate",
    "publicationDate", "knownByReference", "order", "unitType", "eId", "path", "validFrom",
    "applicableFrom", "validUntil", "text", "number", "heading", "language", "recordedAt", "supersededAt",
    "date", "retroactive", "sourceLine", "sourceFile", "expressionDate",
    "beginsHistory",
}  # fmt: skip

# Properties whose "aligned with" cell in docs/model.md is empty: lexrdf-specific, no external counterpart.
UNALIGNED_PROPERTIES = {
    "frbrWork", "jurisdiction", "actType", "actNumber", "knownByReference", "order", "unitType", "eId",
    "path", "expression", "number", "heading", "recordedAt", "supersededAt", "affectedAct", "affects",
    "sourceAct", "retroactive", "interprets", "sourceLine", "expressionDate", "beginsHistory",
}  # fmt: skip

EVENT_KINDS = {
    "Enactment", "Amendment", "Repeal", "Commencement", "Suspension", "Correction", "JudicialDecision",
    "UnrecordedEnd",
}  # fmt: skip
CREATING_EVENT_KINDS = {"Enactment", "Amendment", "Correction", "JudicialDecision"}
LRMOO = Namespace("http://iflastandards.info/ns/lrm/lrmoo/")
PROV = Namespace("http://www.w3.org/ns/prov#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
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


def _vocabularies() -> Graph:
    if not VOCAB.is_dir():
        pytest.skip(f"shared vocabularies not found: {VOCAB} (expected ../shared/data/vocab beside the repo)")
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
        pytest.skip(f"shared data directory not found: {VOCAB} (expected ../shared/data beside the repo)")
    owlready2 = pytest.importorskip("owlready2")

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
