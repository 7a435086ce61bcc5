"""The SPARQL 1.1 Service Description of /sparql (https://www.w3.org/TR/sparql11-service-description/): what
the endpoint answers, in which formats, over which dataset, and its limits.

>>> from lexrdf.settings import Settings
>>> graph = service_description("http://127.0.0.1:8000/sparql", Settings())
>>> Triple(NamedNode("http://127.0.0.1:8000/sparql"), RDF_TYPE, SD["Service"]) in graph
True
"""

from __future__ import annotations

from pyoxigraph import BlankNode, Literal, NamedNode, Triple

from lexrdf.settings import Settings
from lexrdf.vocab import DCTERMS, RDF, RDFS, Namespace
from lexrdf.web.sparql.formats import GRAPHS, RESULTS

SD = Namespace("http://www.w3.org/ns/sparql-service-description#")
SIMPLE_ENTAILMENT = NamedNode("http://www.w3.org/ns/entailment/Simple")
RDF_TYPE = RDF.type
PREFIXES = {"sd": str(SD), "dcterms": str(DCTERMS), "rdfs": str(RDFS)}


def service_description(endpoint: str, settings: Settings) -> list[Triple]:
    """The description of the endpoint at `endpoint` (its absolute URL) under `settings`' limits."""
    service = NamedNode(endpoint)
    dataset, default_graph = BlankNode(), BlankNode()
    limits = (
        f"Read-only SPARQL 1.1 Protocol endpoint over every act graph; the default graph is their union unless the "
        f"request names a dataset (default-graph-uri, named-graph-uri, FROM). Updates and SERVICE are refused. A "
        f"query is stopped after {settings.sparql_timeout_seconds:g} s (waiting for a worker included), a result "
        f"may hold at most {settings.sparql_max_results:,} rows or triples (add LIMIT and OFFSET to page through "
        f"more), and a query text at most {settings.sparql_max_request_bytes:,} bytes."
    )
    triples = [
        Triple(service, RDF_TYPE, SD["Service"]),
        Triple(service, SD.endpoint, service),
        Triple(service, DCTERMS.title, Literal("lexrdf SPARQL endpoint")),
        Triple(service, RDFS.comment, Literal(limits, language="en")),
        Triple(service, SD.supportedLanguage, SD.SPARQL11Query),
        Triple(service, SD.feature, SD.UnionDefaultGraph),
        Triple(service, SD.defaultEntailmentRegime, SIMPLE_ENTAILMENT),
        Triple(service, SD.defaultDataset, dataset),
        Triple(dataset, RDF_TYPE, SD.Dataset),
        Triple(dataset, SD.defaultGraph, default_graph),
        Triple(default_graph, RDF_TYPE, SD.Graph),
        Triple(default_graph, RDFS.comment, Literal("the union of all named graphs (one per act)", language="en")),
    ]
    triples += [Triple(service, SD.resultFormat, NamedNode(format_.iri)) for format_ in RESULTS + GRAPHS]
    return triples
