"""The result formats of /sparql and their serialisers, with the result-size cap enforced while serialising.

SELECT and ASK results go out as SPARQL JSON, XML, CSV or TSV; CONSTRUCT and DESCRIBE graphs as Turtle,
N-Triples, N-Quads, TriG, JSON-LD or RDF/XML. Graphs are written by pyoxigraph from a counting iterator; SELECT
rows are written here (pyoxigraph writes a whole result at once, so it could not stop at the cap), about 0.2 M
rows per second. Past the cap nothing is answered but `TooManyResults`: a truncated result would look complete.

>>> choose("text/csv, */*;q=0.1", RESULTS).name
'csv'
>>> choose(None, GRAPHS).media_type
'text/turtle'
>>> named("application/ld+json").name, named("tsv").name
('jsonld', 'tsv')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import pyoxigraph
from pyoxigraph import (
    BlankNode,
    Literal,
    NamedNode,
    QueryBoolean,
    QueryResultsFormat,
    QuerySolutions,
    QueryTriples,
    RdfFormat,
    Triple,
)

from lexrdf.vocab import PREFIXES
from lexrdf.web.conneg import negotiate

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
RDF_DIR_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString"


@dataclass(frozen=True)
class Format:
    """One result format: its short name (the `format` parameter), the Content-Type it is sent with, the media
    types that ask for it (the first is its own) and the W3C format IRI (for the service description)."""

    name: str
    media_type: str
    accepted: tuple[str, ...]
    iri: str


RESULTS: tuple[Format, ...] = tuple(
    Format(name, media_type, accepted, format_.iri)
    for name, media_type, accepted, format_ in [
        ("json", "application/sparql-results+json", ("application/sparql-results+json", "application/json"),
         QueryResultsFormat.JSON),
        ("xml", "application/sparql-results+xml", ("application/sparql-results+xml",), QueryResultsFormat.XML),
        ("csv", "text/csv; charset=utf-8", ("text/csv",), QueryResultsFormat.CSV),
        ("tsv", "text/tab-separated-values; charset=utf-8", ("text/tab-separated-values",), QueryResultsFormat.TSV),
    ]
)  # fmt: skip
_RDF_FORMATS: dict[str, RdfFormat] = {
    "turtle": RdfFormat.TURTLE,
    "ntriples": RdfFormat.N_TRIPLES,
    "nquads": RdfFormat.N_QUADS,
    "trig": RdfFormat.TRIG,
    "jsonld": RdfFormat.JSON_LD,
    "rdfxml": RdfFormat.RDF_XML,
}
_ALIASES = {"turtle": ("application/x-turtle",)}
GRAPHS: tuple[Format, ...] = tuple(
    Format(name, format_.media_type, (format_.media_type, *_ALIASES.get(name, ())), format_.iri)
    for name, format_ in _RDF_FORMATS.items()
)
_PREFIXED = {"turtle", "trig", "rdfxml"}  # formats that abbreviate IRIs with prefixes


class TooManyResults(Exception):
    """The result has more rows (or triples) than the cap allows, or (`in_bytes`) more bytes."""

    def __init__(self, limit: int, in_bytes: bool = False) -> None:
        super().__init__(f"more than {limit:,} {'bytes' if in_bytes else 'results'}")
        self.limit = limit
        self.in_bytes = in_bytes


def choose(accept: str | None, formats: Sequence[Format]) -> Format | None:
    """The format of `formats` the Accept header prefers (the first one when there is no header), or None."""
    offers = [media for format_ in formats for media in format_.accepted]
    chosen = negotiate(accept, offers)
    return next((format_ for format_ in formats if chosen in format_.accepted), None)


def named(name: str) -> Format | None:
    """The format with this short name or media type, of either kind."""
    wanted = name.strip().lower()
    return next((f for f in RESULTS + GRAPHS if wanted == f.name or wanted in f.accepted), None)


def serialize(
    result: Any, results_format: Format | None, graph_format: Format | None, limit: int, max_bytes: int | None = None
) -> tuple[Format, bytes]:
    """Write one query result (solutions, boolean or triples) in the format given for its kind; raises
    TooManyResults past `limit` rows or `max_bytes` bytes (the terms' own characters are counted as they are read,
    so a few very long literals are cut before they are all written; the body is measured once written), and
    LookupError when no format of its kind was negotiated."""
    format_, body = _serialized(result, results_format, graph_format, limit, max_bytes)
    if max_bytes is not None and len(body) > max_bytes:
        raise TooManyResults(max_bytes, in_bytes=True)
    return format_, body


def _serialized(
    result: Any, results_format: Format | None, graph_format: Format | None, limit: int, max_bytes: int | None
) -> tuple[Format, bytes]:
    if isinstance(result, QuerySolutions | QueryBoolean):
        if results_format is None:
            raise LookupError("no acceptable format for a SELECT or ASK result")
        if isinstance(result, QueryBoolean):
            return results_format, result.serialize(format=getattr(QueryResultsFormat, results_format.name.upper()))
        return results_format, _SOLUTION_WRITERS[results_format.name](result, _capped(result, limit, max_bytes))
    if isinstance(result, QueryTriples):
        if graph_format is None:
            raise LookupError("no acceptable format for a CONSTRUCT or DESCRIBE graph")
        prefixes = PREFIXES if graph_format.name in _PREFIXED else None
        rdf_format = _RDF_FORMATS[graph_format.name]
        capped = _capped(result, limit, max_bytes)
        return graph_format, pyoxigraph.serialize(capped, format=rdf_format, prefixes=prefixes)
    raise TypeError(f"not a query result: {type(result).__name__}")


def _capped(items: Iterable[Any], limit: int, max_bytes: int | None = None) -> Iterator[Any]:
    read = 0
    for count, item in enumerate(items, 1):
        if count > limit:
            raise TooManyResults(limit)
        if max_bytes is not None:
            read += sum(len(getattr(term, "value", "")) for term in item if term is not None)
            if read > max_bytes:
                raise TooManyResults(max_bytes, in_bytes=True)
        yield item


# SELECT results, one writer per format (SPARQL 1.1 Query Results JSON, XML, CSV and TSV).


def _json_term(term: Any) -> dict[str, Any]:
    if isinstance(term, NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, Literal):
        written: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            written["xml:lang"] = term.language
            if term.direction is not None:
                written["its:dir"] = str(term.direction)
        elif term.datatype.value != XSD_STRING:
            written["datatype"] = term.datatype.value
        return written
    if isinstance(term, Triple):
        parts = ("subject", "predicate", "object")
        return {"type": "triple", "value": {part: _json_term(getattr(term, part)) for part in parts}}
    raise TypeError(f"not an RDF term: {term!r}")


def _json(solutions: QuerySolutions, rows: Iterable[Any]) -> bytes:
    names = [variable.value for variable in solutions.variables]
    bindings = [
        {name: _json_term(term) for name, term in zip(names, row, strict=True) if term is not None} for row in rows
    ]
    document = {"head": {"vars": names}, "results": {"bindings": bindings}}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _xml_term(term: Any) -> str:
    if isinstance(term, NamedNode):
        return f"<uri>{escape(term.value)}</uri>"
    if isinstance(term, BlankNode):
        return f"<bnode>{escape(term.value)}</bnode>"
    if isinstance(term, Literal):
        if term.language:
            direction = f" its:dir={quoteattr(str(term.direction))}" if term.direction is not None else ""
            return f"<literal xml:lang={quoteattr(term.language)}{direction}>{escape(term.value)}</literal>"
        if term.datatype.value != XSD_STRING:
            return f"<literal datatype={quoteattr(term.datatype.value)}>{escape(term.value)}</literal>"
        return f"<literal>{escape(term.value)}</literal>"
    if isinstance(term, Triple):
        parts = "".join(f"<{p}>{_xml_term(getattr(term, p))}</{p}>" for p in ("subject", "predicate", "object"))
        return f"<triple>{parts}</triple>"
    raise TypeError(f"not an RDF term: {term!r}")


def _xml(solutions: QuerySolutions, rows: Iterable[Any]) -> bytes:
    names = [variable.value for variable in solutions.variables]
    out = [
        '<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#" '
        'xmlns:its="http://www.w3.org/2005/11/its"><head>',
        *(f"<variable name={quoteattr(name)}/>" for name in names),
        "</head><results>",
    ]
    for row in rows:
        out.append("<result>")
        out.extend(
            f"<binding name={quoteattr(name)}>{_xml_term(term)}</binding>"
            for name, term in zip(names, row, strict=True)
            if term is not None
        )
        out.append("</result>")
    out.append("</results></sparql>\n")
    return "".join(out).encode()


def _csv_value(term: Any) -> str:
    if term is None:
        return ""
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    if isinstance(term, NamedNode | Literal):
        return term.value
    return str(term)


def _csv(solutions: QuerySolutions, rows: Iterable[Any]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(variable.value for variable in solutions.variables)
    writer.writerows((_csv_value(term) for term in row) for row in rows)
    return buffer.getvalue().encode()


def _tsv(solutions: QuerySolutions, rows: Iterable[Any]) -> bytes:
    # str(term) is the term in N-Triples syntax, which escapes tabs and line breaks inside literals
    lines = ["\t".join(f"?{variable.value}" for variable in solutions.variables)]
    lines.extend("\t".join("" if term is None else str(term) for term in row) for row in rows)
    return ("\n".join(lines) + "\n").encode()


_SOLUTION_WRITERS = {"json": _json, "xml": _xml, "csv": _csv, "tsv": _tsv}
