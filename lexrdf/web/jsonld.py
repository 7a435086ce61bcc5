"""Compact JSON-LD: triples as a document with an `@context` of prefixes (ELI, lex and whichever others the triples
use), one node per subject under `@graph`, properties and classes as compact IRIs (``eli:title``), `rdf:type` as
`@type`. It is the same graph as pyoxigraph's expanded form: a JSON-LD processor expands it back to these triples.

>>> from pyoxigraph import Literal, NamedNode, Triple
>>> title = NamedNode("http://data.europa.eu/eli/ontology#title")
>>> doc = compact([Triple(NamedNode("https://e.org/a"), title, Literal("Act", language="en"))], {})
>>> doc["@graph"]
[{'@id': 'https://e.org/a', 'eli:title': {'@value': 'Act', '@language': 'en'}}]
>>> sorted(doc["@context"])
['eli', 'lex']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from pyoxigraph import BlankNode, Literal, Triple

from lexrdf.vocab import PREFIXES, RDF, XSD

_ALWAYS = {"eli": PREFIXES["eli"], "lex": PREFIXES["lex"]}
_RDF_TYPE = RDF.type.value
_STRING = XSD.string.value


def compact(triples: Iterable[Triple], prefixes: Mapping[str, str]) -> dict[str, Any]:
    """The compact JSON-LD document of `triples`; `prefixes` (name -> namespace) go into `@context` with the ELI
    and lex prefixes, which are always there."""
    context = {**_ALWAYS, **prefixes}

    def iri(value: str) -> str:
        for prefix, namespace in context.items():
            local = value[len(namespace) :]
            if value.startswith(namespace) and local and not local.startswith("//"):
                return f"{prefix}:{local}"
        return value

    def node_id(term: Any) -> str:
        return f"_:{term.value}" if isinstance(term, BlankNode) else iri(term.value)

    def value(term: Any) -> Any:
        if isinstance(term, Literal):
            if term.language:
                return {"@value": term.value, "@language": term.language}
            if term.datatype.value == _STRING:
                return term.value
            return {"@value": term.value, "@type": iri(term.datatype.value)}
        return {"@id": node_id(term)}

    nodes: dict[str, dict[str, Any]] = {}
    for triple in triples:
        subject = node_id(triple.subject)
        node = nodes.setdefault(subject, {"@id": subject})
        if triple.predicate.value == _RDF_TYPE and not isinstance(triple.object, Literal):
            key, item = "@type", node_id(triple.object)
        else:
            key, item = iri(triple.predicate.value), value(triple.object)
        if key not in node:
            node[key] = item
        elif isinstance(node[key], list):
            node[key].append(item)
        else:
            node[key] = [node[key], item]
    return {"@context": context, "@graph": list(nodes.values())}


def serialise(triples: Iterable[Triple], prefixes: Mapping[str, str]) -> bytes:
    """`compact` as UTF-8 JSON."""
    return json.dumps(compact(triples, prefixes), ensure_ascii=False, indent=1).encode("utf-8")
