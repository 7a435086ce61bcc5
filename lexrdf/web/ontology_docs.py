"""The ontology (ontology/lexrdf.ttl) and the shapes (shapes/*.ttl) as published documents: the Turtle as written,
its triples, and what their HTML pages list (terms with labels, definitions and alignments; shapes with targets
and messages), read from the files themselves.

>>> doc = ontology_document()
>>> act = next(term for term in doc.classes if term.curie == "lex:Act")
>>> act.label, [link.curie for link in act.alignments]
('act', ['eli:LegalResource', 'lrmoo:F1_Work'])
>>> term_href("https://w3id.org/lexrdf/ontology#validFrom")
'/ontology#validFrom'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pyoxigraph
from pyoxigraph import BlankNode, NamedNode, RdfFormat, Triple

from lexrdf import resources
from lexrdf.vocab import LEX
from lexrdf.web.rdf import SHAPES_NAMESPACE, curie

ONTOLOGY_FILE = resources.ONTOLOGY_FILE
SHAPES_DIR = resources.SHAPES_DIR
ONTOLOGY_IRI = "https://w3id.org/lexrdf/ontology"
_LOCAL_DOCUMENTS = {str(LEX): "/ontology#", SHAPES_NAMESPACE: "/shapes#"}
_PREFIXES = """
PREFIX owl: <http://www.w3.org/2002/07/owl#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX sh: <http://www.w3.org/ns/shacl#>
"""
_KINDS = {
    "Class": "class",
    "ObjectProperty": "object property",
    "DatatypeProperty": "datatype property",
    "AnnotationProperty": "annotation property",
}
_ALIGNMENTS = {  # how a term relates to the terms of other vocabularies, as its page says it
    "rdfs:subClassOf": "subclass of",
    "rdfs:subPropertyOf": "subproperty of",
    "owl:equivalentClass": "equivalent to",
    "owl:equivalentProperty": "equivalent to",
    "rdfs:seeAlso": "see also",
}


@dataclass(frozen=True)
class Document:
    """A Turtle document served as written: its bytes, its triples, and validators for conditional GET."""

    turtle: bytes
    triples: tuple[Triple, ...]
    modified: datetime

    @property
    def etag(self) -> str:
        return hashlib.sha256(self.turtle).hexdigest()[:20]


@dataclass(frozen=True)
class Link:
    """A term another term points to: how it is related, and where its documentation is."""

    relation: str
    iri: str
    curie: str
    href: str


@dataclass
class Term:
    """One class or property of the ontology, as its page shows it."""

    iri: str
    curie: str
    anchor: str
    kind: str
    label: str
    definition: str
    comments: list[str] = field(default_factory=list)
    alignments: list[Link] = field(default_factory=list)
    domain: list[Link] = field(default_factory=list)
    range: list[Link] = field(default_factory=list)

    @property
    def external(self) -> bool:
        """True for a term of another vocabulary, declared here as an alignment target."""
        return not self.iri.startswith(str(LEX))


@dataclass
class OntologyDocument:
    """What /ontology shows: the ontology's own metadata, its classes and its properties."""

    iri: str
    title: str
    comment: str
    version: str
    classes: list[Term]
    properties: list[Term]


@dataclass
class Constraint:
    """One message a shape gives, with its severity and the property it checks (if any)."""

    severity: str
    path: str
    message: str


@dataclass
class Shape:
    """One SHACL node shape, as /shapes lists it."""

    iri: str
    anchor: str
    label: str
    targets: list[Link]
    constraints: list[Constraint]


def term_href(iri: str) -> str | None:
    """Where this server documents a term of the lexrdf ontology or shapes (None for any other IRI)."""
    for namespace, page in _LOCAL_DOCUMENTS.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return page + iri[len(namespace) :]
    if iri in (ONTOLOGY_IRI, ONTOLOGY_IRI + "#"):
        return "/ontology"
    return None


def _link(relation: str, iri: str) -> Link:
    return Link(relation, iri, curie(iri), term_href(iri) or iri)


def _document(paths: list[Path]) -> Document:
    turtle = b"".join(path.read_bytes() for path in paths)
    triples: list[Triple] = []
    for path in paths:
        triples += [quad.triple for quad in pyoxigraph.parse(path=path, format=RdfFormat.TURTLE)]
    modified = max(datetime.fromtimestamp(path.stat().st_mtime, UTC) for path in paths)
    return Document(turtle, tuple(triples), modified)


@cache
def ontology() -> Document:
    """ontology/lexrdf.ttl."""
    return _document([ONTOLOGY_FILE])


@cache
def shapes() -> Document:
    """Every shapes/*.ttl file, in name order (concatenated as written; each declares its own prefixes)."""
    return _document(sorted(SHAPES_DIR.glob("*.ttl")))


def _store(document: Document) -> pyoxigraph.Store:
    store = pyoxigraph.Store()
    store.extend(pyoxigraph.Quad(t.subject, t.predicate, t.object) for t in document.triples)
    return store


def _text(store: pyoxigraph.Store, subject: NamedNode, predicate: str) -> list[str]:
    query = f"{_PREFIXES} SELECT ?value WHERE {{ {subject} {predicate} ?value }} ORDER BY ?value"
    return [row["value"].value for row in store.query(query)]


def _targets(store: pyoxigraph.Store, subject: NamedNode, predicate: str, relation: str) -> list[Link]:
    """The IRIs `subject` points to by `predicate`; a class union stands for each of its members."""
    query = f"""{_PREFIXES}
    SELECT DISTINCT ?target WHERE {{
      {{ {subject} {predicate} ?target FILTER (isIRI(?target)) }}
      UNION {{ {subject} {predicate} ?union . ?union owl:unionOf/rdf:rest*/rdf:first ?target }}
    }} ORDER BY ?target"""
    return [_link(relation, row["target"].value) for row in store.query(query)]


def _term(store: pyoxigraph.Store, iri: NamedNode, kind: str) -> Term:
    local = iri.value.rsplit("#", 1)[-1].rsplit("/", 1)[-1]
    return Term(
        iri=iri.value,
        curie=curie(iri.value),
        anchor=local if iri.value.startswith(str(LEX)) else curie(iri.value).replace(":", "-"),
        kind=kind,
        label=next(iter(_text(store, iri, "rdfs:label")), local),
        definition=" ".join(_text(store, iri, "skos:definition")),
        comments=_text(store, iri, "rdfs:comment"),
        alignments=[link for p, relation in _ALIGNMENTS.items() for link in _targets(store, iri, p, relation)],
        domain=_targets(store, iri, "rdfs:domain", "domain"),
        range=_targets(store, iri, "rdfs:range", "range"),
    )


@cache
def ontology_document() -> OntologyDocument:
    """The classes (lexrdf's first, then the external ones it declares) and properties of the ontology."""
    store = _store(ontology())
    terms: dict[str, list[Term]] = {"class": [], "property": []}
    for owl_class, kind in _KINDS.items():
        query = f"{_PREFIXES} SELECT ?term WHERE {{ ?term a owl:{owl_class} FILTER (isIRI(?term)) }} ORDER BY ?term"
        for row in store.query(query):
            terms["class" if kind == "class" else "property"].append(_term(store, row["term"], kind))
    for listed in terms.values():
        listed.sort(key=lambda term: (term.external, term.curie.lower()))
    own = NamedNode(ONTOLOGY_IRI)
    return OntologyDocument(
        iri=ONTOLOGY_IRI,
        title=next(iter(_text(store, own, "dcterms:title")), "lexrdf ontology"),
        comment=" ".join(_text(store, own, "rdfs:comment")),
        version=next(iter(_text(store, own, "owl:versionInfo")), ""),
        classes=terms["class"],
        properties=terms["property"],
    )


@cache
def shapes_document() -> list[Shape]:
    """Every node shape with its targets and the messages of its constraints, in name order."""
    store = _store(shapes())
    listed = []
    for row in store.query(f"{_PREFIXES} SELECT ?shape WHERE {{ ?shape a sh:NodeShape FILTER (isIRI(?shape)) }}"):
        shape: NamedNode = row["shape"]
        constraints = []
        query = f"""{_PREFIXES}
        SELECT ?message ?severity ?path WHERE {{
          {{ BIND ({shape} AS ?constraint) }} UNION {{ {shape} sh:property|sh:sparql ?constraint }}
          ?constraint sh:message ?message .
          OPTIONAL {{ ?constraint sh:severity ?own_severity }}
          OPTIONAL {{ {shape} sh:severity ?shape_severity }}
          BIND (COALESCE(?own_severity, ?shape_severity, sh:Violation) AS ?severity)
          OPTIONAL {{ ?constraint sh:path ?path }}
        }}"""
        for found in store.query(query):
            path = found["path"]
            constraints.append(
                Constraint(
                    found["severity"].value.rsplit("#", 1)[-1].lower(),
                    "" if path is None or isinstance(path, BlankNode) else curie(path.value),
                    found["message"].value,
                )
            )
        constraints.sort(key=lambda c: (c.severity, c.path, c.message))
        listed.append(
            Shape(
                iri=shape.value,
                anchor=shape.value.rsplit("#", 1)[-1],
                label=next(iter(_text(store, shape, "rdfs:label")), curie(shape.value)),
                targets=_targets(store, shape, "sh:targetClass", "target class"),
                constraints=constraints,
            )
        )
    return sorted(listed, key=lambda s: s.anchor)


@cache
def term_labels() -> dict[str, str]:
    """The label of every term the ontology declares, by IRI (for naming properties and classes on pages)."""
    doc = ontology_document()
    return {term.iri: term.label for term in (*doc.classes, *doc.properties)}
