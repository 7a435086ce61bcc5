"""The VoID description of the dataset: its size, classes, properties and vocabularies counted by SPARQL over one
snapshot of the store (the `void-*.rq` files beside this module), its SPARQL endpoint, URI space, example acts and
the files of the newest dump (`void:dataDump`; one `void:subset` per act file).

The counts are of statements as stored and dumped: a triple held in two graphs (an act graph and its ELI view)
counts twice, as it is two lines of the N-Quads dump.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pyoxigraph
from pyoxigraph import BlankNode, Literal, NamedNode, RdfFormat, Triple

from lexrdf.dumps.manifest import Manifest
from lexrdf.queries import Query, load_library
from lexrdf.vocab import DCTERMS, LEX, PREFIXES, RDF, XSD, Namespace

VOID = Namespace("http://rdfs.org/ns/void#")
FOAF = Namespace("http://xmlns.com/foaf/0.1/")
DCAT = Namespace("http://www.w3.org/ns/dcat#")
SPDX = Namespace("http://spdx.org/rdf/terms#")
QUERIES_DIR = Path(__file__).resolve().parent / "queries"
DESCRIPTION_PREFIXES = {
    **PREFIXES,
    "void": str(VOID),
    "dcat": str(DCAT),
    "spdx": str(SPDX),
    "foaf": str(FOAF),
}
FEATURES = {"nq": "N-Quads", "trig": "TriG", "ttl": "Turtle"}  # http://www.w3.org/ns/formats/


@cache
def queries() -> dict[str, Query]:
    """The counting and listing queries of the descriptions and the sitemap, by name."""
    return load_library(QUERIES_DIR)


@dataclass(frozen=True)
class Statistics:
    """What the VoID description counts in one snapshot."""

    triples: int
    subjects: int
    classes: tuple[tuple[str, int], ...]  # class IRI, distinct instances
    properties: tuple[tuple[str, int], ...]  # property IRI, statements
    examples: tuple[str, ...]  # a few act IRIs

    @property
    def vocabularies(self) -> tuple[str, ...]:
        """The namespaces of every class and property used, sorted."""
        return tuple(sorted({namespace(iri) for iri, _ in (*self.classes, *self.properties)}))


def namespace(iri: str) -> str:
    """
    >>> namespace("http://data.europa.eu/eli/ontology#is_part_of"), namespace("http://purl.org/dc/terms/title")
    ('http://data.europa.eu/eli/ontology#', 'http://purl.org/dc/terms/')
    """
    cut = max(iri.rfind("#"), iri.rfind("/"))
    return iri[: cut + 1]


def statistics(raw: pyoxigraph.Store) -> Statistics:
    """Count the statements, subjects, classes and properties of a store: its named graphs (lexrdf writes nothing
    to the default graph, which a remote server may answer as the union of the named graphs)."""
    library = queries()

    def rows(name: str) -> list:
        return list(raw.query(library[name].bound({})))

    (totals,) = rows("void-totals")
    return Statistics(
        triples=int(totals["triples"].value),
        subjects=int(totals["subjects"].value),
        classes=tuple((r["class"].value, int(r["entities"].value)) for r in rows("void-classes")),
        properties=tuple((r["property"].value, int(r["triples"].value)) for r in rows("void-properties")),
        examples=tuple(r["act"].value for r in rows("void-examples")),
    )


def dataset_iri(base_iri: str) -> NamedNode:
    """The dataset both descriptions describe."""
    return NamedNode(f"{base_iri.rstrip('/')}/.well-known/void#dataset")


def download_url(base_iri: str, path: str) -> NamedNode:
    return NamedNode(f"{base_iri.rstrip('/')}/dumps/{path}")


def _integer(value: int) -> Literal:
    return Literal(str(value), datatype=XSD.integer)


def void_triples(base_iri: str, stats: Statistics, manifest: Manifest | None) -> list[Triple]:
    """The VoID description as triples, in a fixed order."""
    base = base_iri.rstrip("/")
    dataset = dataset_iri(base)
    document = NamedNode(f"{base}/.well-known/void")
    triples = [
        Triple(document, RDF.type, VOID.DatasetDescription),
        Triple(document, DCTERMS.title, Literal("VoID description of the lexrdf dataset", language="en")),
        Triple(document, FOAF.primaryTopic, dataset),
        Triple(dataset, RDF.type, VOID.Dataset),
        Triple(dataset, DCTERMS.title, Literal("lexrdf: legislation as point-in-time linked data", language="en")),
        Triple(dataset, FOAF.homepage, NamedNode(f"{base}/")),
        Triple(dataset, VOID.sparqlEndpoint, NamedNode(f"{base}/sparql")),
        Triple(dataset, VOID.uriSpace, Literal(f"{base}/")),
        Triple(dataset, VOID.triples, _integer(stats.triples)),
        Triple(dataset, VOID.distinctSubjects, _integer(stats.subjects)),
        Triple(dataset, VOID.classes, _integer(len(stats.classes))),
        Triple(dataset, VOID.properties, _integer(len(stats.properties))),
    ]
    triples += [Triple(dataset, VOID.vocabulary, NamedNode(v)) for v in stats.vocabularies]
    triples += [Triple(dataset, VOID.exampleResource, NamedNode(act)) for act in stats.examples]
    for number, (iri, entities) in enumerate(stats.classes, 1):
        partition = BlankNode(f"class{number}")
        triples += [
            Triple(dataset, VOID.classPartition, partition),
            Triple(partition, VOID["class"], NamedNode(iri)),
            Triple(partition, VOID.entities, _integer(entities)),
        ]
    for number, (iri, count) in enumerate(stats.properties, 1):
        partition = BlankNode(f"property{number}")
        triples += [
            Triple(dataset, VOID.propertyPartition, partition),
            Triple(partition, VOID.property, NamedNode(iri)),
            Triple(partition, VOID.triples, _integer(count)),
        ]
    if manifest is not None:
        feature = NamedNode(f"http://www.w3.org/ns/formats/{FEATURES[manifest.format]}")
        triples += [
            Triple(dataset, VOID.feature, feature),
            Triple(dataset, LEX.changesThrough, _integer(manifest.changes_through)),
        ]
        for file in manifest.files:
            url = download_url(base, file.path)
            if file.kind == "dataset":
                triples.append(Triple(dataset, VOID.dataDump, url))
            elif file.kind == "act":
                subset = NamedNode(f"{url.value}#subset")
                triples += [
                    Triple(dataset, VOID.subset, subset),
                    Triple(subset, RDF.type, VOID.Dataset),
                    Triple(subset, DCTERMS.title, Literal(file.title, language="en")),
                    Triple(subset, VOID.dataDump, url),
                ]
    return triples


def void_turtle(base_iri: str, stats: Statistics, manifest: Manifest | None) -> bytes:
    """The VoID description in Turtle."""
    return turtle(void_triples(base_iri, stats, manifest))


def turtle(triples: list[Triple]) -> bytes:
    return pyoxigraph.serialize(triples, format=RdfFormat.TURTLE, prefixes=DESCRIPTION_PREFIXES)
