"""Namespaces and the terms of the lexrdf ontology (ontology/lexrdf.ttl) as pyoxigraph nodes.

>>> LEX.Version.value
'https://w3id.org/lexrdf/ontology#Version'
"""

from __future__ import annotations

from typing import Generic, TypeVar

from pyoxigraph import NamedNode

T = TypeVar("T")


class _ReadByAttribute(Generic[T]):
    """Items that read as attributes too, each kept as an attribute once read (later lookups are plain attribute
    reads)."""

    def __getattr__(self, local: str) -> T:
        if local.startswith("_"):
            raise AttributeError(local)
        term = self[local]
        setattr(self, local, term)
        return term

    def __getitem__(self, local: str) -> T:
        raise NotImplementedError


class Namespace(_ReadByAttribute[NamedNode]):
    """An IRI prefix whose attributes and items are NamedNodes: ``PROV.Activity``, ``ELI["is_part_of"]``."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._terms: dict[str, NamedNode] = {}

    def __str__(self) -> str:
        return self._prefix

    def __getitem__(self, local: str) -> NamedNode:
        term = self._terms.get(local)
        if term is None:
            term = self._terms[local] = NamedNode(self._prefix + local)
        return term


class Terms(_ReadByAttribute[str]):
    """A namespace's terms as N-Triples text (``<iri>``), for what writes N-Quads without making node objects:
    ``Terms(LEX).Version``.

    >>> Terms(LEX).Version
    '<https://w3id.org/lexrdf/ontology#Version>'
    """

    def __init__(self, namespace: Namespace) -> None:
        self._prefix = str(namespace)

    def __getitem__(self, local: str) -> str:
        return f"<{self._prefix}{local}>"


LEX = Namespace("https://w3id.org/lexrdf/ontology#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
LRMOO = Namespace("http://iflastandards.info/ns/lrm/lrmoo/")
PROV = Namespace("http://www.w3.org/ns/prov#")
RDF = Namespace("http://www.w3.org/1999/02/22-rdf-syntax-ns#")
RDFS = Namespace("http://www.w3.org/2000/01/rdf-schema#")
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")
DCTERMS = Namespace("http://purl.org/dc/terms/")
SKOS = Namespace("http://www.w3.org/2004/02/skos/core#")
OWL = Namespace("http://www.w3.org/2002/07/owl#")
SH = Namespace("http://www.w3.org/ns/shacl#")

PREFIXES: dict[str, str] = {
    "lex": str(LEX),
    "eli": str(ELI),
    "lrmoo": str(LRMOO),
    "prov": str(PROV),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "xsd": str(XSD),
    "dcterms": str(DCTERMS),
    "skos": str(SKOS),
    "owl": str(OWL),
}

# Event kinds: the local name of the lex: class, keyed by the value the mappings and the API use.
EVENT_CLASSES: dict[str, str] = {
    "enactment": "Enactment",
    "amendment": "Amendment",
    "substitution": "Substitution",
    "insertion": "Insertion",
    "repeal": "Repeal",
    "commencement": "Commencement",
    "partial-commencement": "PartialCommencement",  # in force for some purposes only (lexrdf.versioning.commencement)
    "suspension": "Suspension",
    "correction": "Correction",
    "judicial-decision": "JudicialDecision",
    "administrative-decision": "AdministrativeDecision",
    "binding-ruling": "BindingRuling",  # a ruling whose kind (court, agency) is not given
    "modification": "Modification",
    "expiry": "Expiry",
    "ended-without-recorded-act": "UnrecordedEnd",
    "started-without-recorded-act": "UnrecordedStart",
}
# Binding rulings: the events that open and close interpretations (and may strike text down).
RULING_KINDS = frozenset({"judicial-decision", "administrative-decision", "binding-ruling"})
# Binding scopes a ruling or an interpretation may name besides a lex:ProceduralContext resource.
BINDING_SCOPES: dict[str, str] = {"erga-omnes": "ErgaOmnes", "inter-partes": "InterPartes"}
# The other way round: a lex: event class IRI -> its kind.
KIND_OF_CLASS: dict[str, str] = {str(LEX) + local: kind for kind, local in EVENT_CLASSES.items()}
