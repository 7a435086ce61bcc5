"""RDF descriptions of the resources lexrdf mints: what the store says about one (the `_describe` library query),
a typed non-answer as a small graph, serialisations, and the rows a generic page shows.

>>> triples = [Triple(NamedNode("https://e.org/a"), LEX.title, Literal("Open Data Act 2001"))]
>>> serialise(triples, "text/turtle").decode()
'@prefix lex: <https://w3id.org/lexrdf/ontology#> .\\n<https://e.org/a> lex:title "Open Data Act 2001" .\\n'
>>> curie("http://data.europa.eu/eli/ontology#is_part_of")
'eli:is_part_of'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

import pyoxigraph
from pyoxigraph import Literal, NamedNode, RdfFormat, Triple

from lexrdf.answers.types import EventSummary, VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.queries import load_library
from lexrdf.vocab import DCTERMS, ELI, EVENT_CLASSES, LEX, PREFIXES, PROV, RDF, RDFS, XSD
from lexrdf.web import jsonld

SHAPES_NAMESPACE = "https://w3id.org/lexrdf/shapes#"
NAMESPACES: dict[str, str] = {**PREFIXES, "sh": "http://www.w3.org/ns/shacl#", "shapes": SHAPES_NAMESPACE}

RDF_FORMATS: dict[str, RdfFormat] = {
    "text/turtle": RdfFormat.TURTLE,
    "application/ld+json": RdfFormat.JSON_LD,
    "application/n-triples": RdfFormat.N_TRIPLES,
    "application/rdf+xml": RdfFormat.RDF_XML,
}
_PLAIN = (XSD.string, RDF.langString)  # literals written without a datatype
_TITLES = (LEX.title, RDFS.label, DCTERMS.title, ELI.title)


def describe(lex: Lexrdf, iri: str, known_at: str | None = None) -> list[Triple]:
    """The triples about `iri` from every graph, and those that navigate from it (see `_describe.rq`)."""
    query = load_library()["_describe"].bound({"iri": iri, "known_at": known_at} if known_at else {"iri": iri})
    triples = dict.fromkeys(lex.store.sparql(query))
    return sorted(triples, key=lambda t: (t.subject.value != iri, t.subject.value, t.predicate.value, str(t.object)))


def serialise(triples: Iterable[Triple], media_type: str) -> bytes:
    """`triples` in one of RDF_FORMATS, with the prefixes of the namespaces they use where the format has them."""
    triples = list(triples)
    if media_type == "application/ld+json":  # compact, with an @context of the prefixes (lexrdf.web.jsonld)
        return jsonld.serialise(triples, _prefixes_used(triples))
    return pyoxigraph.serialize(triples, format=RDF_FORMATS[media_type], prefixes=_prefixes_used(triples))


def _prefixes_used(triples: list[Triple]) -> dict[str, str]:
    iris = {t.predicate.value for t in triples}
    for triple in triples:
        for term in (triple.subject, triple.object):
            if isinstance(term, NamedNode):
                iris.add(term.value)
            elif isinstance(term, Literal) and term.datatype not in _PLAIN:
                iris.add(term.datatype.value)
    return {prefix: ns for prefix, ns in NAMESPACES.items() if any(iri.startswith(ns) for iri in iris)}


def curie(iri: str) -> str:
    """``prefix:local`` for an IRI in a known namespace; the IRI itself otherwise."""
    for prefix, namespace in NAMESPACES.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return f"{prefix}:{iri[len(namespace) :]}"
    return iri


def titles(triples: list[Triple]) -> dict[str, str]:
    """The title or label each subject has in `triples`."""
    found: dict[str, str] = {}
    for title in reversed(_TITLES):  # the first of _TITLES wins
        found |= {t.subject.value: t.object.value for t in triples if t.predicate == title}
    return found


def non_answer_graph(
    subject: str, answer: VersionAnswer, day: date, neighbours: Iterable[VersionAnswer]
) -> list[Triple]:
    """A typed non-answer as RDF: `subject` (the point-in-time IRI asked for) says why nothing is in force on
    `day` (``rdfs:comment``, ``dcterms:type`` the status), names the provision, and links the neighbouring
    versions, each with its window start and the events that opened and closed it."""
    node = NamedNode(subject)
    triples = [
        Triple(node, DCTERMS.type, Literal(answer.status)),
        Triple(node, RDFS.comment, Literal(answer.message or answer.status)),
        Triple(node, DCTERMS.date, Literal(day.isoformat(), datatype=XSD.date)),
        Triple(node, DCTERMS.subject, NamedNode(answer.provision)),
    ]
    events = [answer.opened_by, answer.closed_by]
    for version in neighbours:
        if version.version is None:
            continue
        version_node = NamedNode(version.version)
        triples += [
            Triple(node, RDFS.seeAlso, version_node),
            Triple(version_node, RDF.type, LEX.Version),
            Triple(version_node, LEX.versionOf, NamedNode(answer.provision)),
        ]
        if version.valid_from:
            triples.append(Triple(version_node, LEX.validFrom, Literal(version.valid_from, datatype=XSD.date)))
        for predicate, event in ((PROV.wasGeneratedBy, version.opened_by), (PROV.wasInvalidatedBy, version.closed_by)):
            if event is not None:
                triples.append(Triple(version_node, predicate, NamedNode(event.event)))
                events.append(event)
    for event in events:
        if event is not None:
            triples += _event_triples(event)
    return list(dict.fromkeys(triples))


def as_last_known_graph(subject: str, answer: VersionAnswer, day: date, version: list[Triple]) -> list[Triple]:
    """A date after the sources' currency as RDF: `subject` (the point-in-time IRI asked for) says the text is as
    last known (``dcterms:type`` "as-last-known", ``rdfs:comment`` the caveat with the date the sources are current
    to; not lex:currentTo, whose domain is a changeset), names the provision and the last known version
    (``rdfs:seeAlso``), followed by that version's description (`describe`: its window and its text)."""
    node = NamedNode(subject)
    triples = [
        Triple(node, DCTERMS.type, Literal(answer.status)),
        Triple(node, RDFS.comment, Literal(answer.message or answer.status)),
        Triple(node, DCTERMS.date, Literal(day.isoformat(), datatype=XSD.date)),
        Triple(node, DCTERMS.subject, NamedNode(answer.provision)),
    ]
    if answer.version:
        triples.append(Triple(node, RDFS.seeAlso, NamedNode(answer.version)))
    return list(dict.fromkeys([*triples, *version]))


def _event_triples(event: EventSummary) -> list[Triple]:
    node = NamedNode(event.event)
    kind = EVENT_CLASSES.get(event.type)
    triples = [Triple(node, RDF.type, LEX[kind] if kind else LEX.Event)]
    if event.date:
        triples.append(Triple(node, LEX.date, Literal(event.date, datatype=XSD.date)))
    triples += [Triple(node, LEX.sourceAct, NamedNode(s)) for s in dict.fromkeys([*event.sources, event.source]) if s]
    return triples


@dataclass
class Value:
    """One value of a property on a page: its text, a link when it is an IRI, and a note (datatype, language)."""

    text: str
    href: str | None = None
    note: str | None = None


@dataclass
class Row:
    """One property of a resource with its values; `inverse` when the values point at the resource."""

    label: str
    property: str
    href: str
    inverse: bool
    values: list[Value] = field(default_factory=list)


@dataclass
class Section:
    """One resource on a generic page: its IRI, link, label, classes, properties and the links to it."""

    iri: str
    href: str
    label: str
    types: list[Value]
    rows: list[Row]
    linked_from: list[Row]


def sections(
    triples: list[Triple],
    focus: str,
    href: Callable[[str], str],
    labels: Mapping[str, str],
) -> list[Section]:
    """The focus resource (its properties, then the links to it), for a generic page. `href` links an IRI;
    `labels` names the IRIs it knows (ontology terms, say)."""
    named = {**labels, **titles(triples)}

    def value(term: object) -> Value:
        if isinstance(term, NamedNode):
            return Value(named.get(term.value) or curie(term.value), href(term.value))
        if isinstance(term, Literal):
            note = term.language or (None if term.datatype == XSD.string else curie(term.datatype.value))
            return Value(term.value, None, note)
        return Value(str(term))

    def section(iri: str) -> Section:
        rows: dict[tuple[str, bool], Row] = {}
        types: list[Value] = []

        def add(predicate: str, inverse: bool, other: object) -> None:
            row = rows.get((predicate, inverse))
            if row is None:
                label = named.get(predicate) or curie(predicate)
                row = rows[(predicate, inverse)] = Row(label, predicate, href(predicate), inverse)
            row.values.append(value(other))

        for triple in triples:
            if triple.subject.value == iri:
                if triple.predicate == RDF.type:
                    types.append(value(triple.object))
                else:
                    add(triple.predicate.value, False, triple.object)
            if isinstance(triple.object, NamedNode) and triple.object.value == iri:
                add(triple.predicate.value, True, triple.subject)
        ordered = sorted(rows.values(), key=lambda r: r.label.lower())
        for row in ordered:
            row.values.sort(key=lambda v: v.text)
        outgoing, incoming = [r for r in ordered if not r.inverse], [r for r in ordered if r.inverse]
        return Section(iri, href(iri), named.get(iri) or iri, types, outgoing, incoming)

    return [section(focus)]
