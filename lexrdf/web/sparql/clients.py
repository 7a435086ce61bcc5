"""What common SPARQL clients send beside the SPARQL 1.1 Protocol, mapped to what the protocol means.

- `format` (Virtuoso's convention; SPARQLWrapper always sends it; lexrdf's query page): the result format, which
  overrides Accept;
- `output`, `results` (SPARQLWrapper always, with the same value as `format`; sparqler, Joseki): as `format`;
- `timeout` (Virtuoso's convention, in milliseconds; YASGUI): a shorter time limit for this query, never longer
  than the server's `sparql_timeout_seconds`;
- `default-graph-uri=urn:x-rdflib:default` (rdflib's Dataset over a SPARQLStore sends it for every query): rdflib's
  name for the default graph, read as no `default-graph-uri` at all (the default graph: the union of the acts).

A format is a short name or a media type. A short name means the same thing for every query form, as the clients
that send it mean it: `xml` is SPARQL XML results for SELECT and ASK and RDF/XML for CONSTRUCT and DESCRIBE (what
SPARQLWrapper sends for its default XML), `json` is SPARQL JSON results or JSON-LD. So each name stands for an
Accept header offering both kinds, and the query's form chooses. SPARQLWrapper sends some formats twice, as a name
and a media type (`format=tsv&format=text/tab-separated-values`): every value of the three parameters is read, the
first one given (in the order format, output, results) preferred. A value that names no format is refused (400
naming the parameter) unless another value names one; `html` asks for the query page with the result as a table.

>>> accept_for([("format", "xml")])
'application/sparql-results+xml, application/rdf+xml'
>>> accept_for([("output", "json"), ("format", "tsv"), ("format", "text/tab-separated-values")])
'text/tab-separated-values;q=1.000, application/sparql-results+json;q=0.990, application/ld+json;q=0.990'
>>> accept_for([]) is None
True
>>> timeout_seconds("2500", 10.0), timeout_seconds("60000", 10.0), timeout_seconds("0", 10.0)
(2.5, 10.0, 10.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from lexrdf.web.errors import BAD_PARAMETER, Problem
from lexrdf.web.sparql.formats import GRAPHS, RESULTS, named

FORMAT_PARAMETERS = ("format", "output", "results")  # in the order a value is preferred
TIMEOUT_PARAMETER = "timeout"
DEFAULT_GRAPH_NAMES = frozenset({"urn:x-rdflib:default"})  # what clients call the default graph itself
HTML = "text/html"

# Short names clients send, each naming a format of either kind (results for SELECT/ASK, a graph for CONSTRUCT/DESCRIBE)
_NAMES: dict[str, tuple[str, ...]] = {
    "xml": ("application/sparql-results+xml", "application/rdf+xml"),
    "json": ("application/sparql-results+json", "application/ld+json"),
    "csv": ("text/csv",),
    "tsv": ("text/tab-separated-values",),
    "turtle": ("text/turtle",),
    "ttl": ("text/turtle",),
    "n3": ("text/turtle",),  # Turtle is N3 without N3's extensions: an N3 reader reads it
    "text/n3": ("text/turtle",),
    "rdf": ("application/rdf+xml",),
    "rdf+xml": ("application/rdf+xml",),
    "rdfxml": ("application/rdf+xml",),
    "json-ld": ("application/ld+json",),
    "jsonld": ("application/ld+json",),
    "nt": ("application/n-triples",),
    "ntriples": ("application/n-triples",),
    "n-triples": ("application/n-triples",),
    "nquads": ("application/n-quads",),
    "trig": ("application/trig",),
    "html": (HTML,),
    "text/html": (HTML,),
    "application/xhtml+xml": (HTML,),
}


def media_types(value: str) -> tuple[str, ...]:
    """The media types one format value stands for (empty when it names none).

    >>> media_types("XML"), media_types("application/sparql-results+json"), media_types("png")
    (('application/sparql-results+xml', 'application/rdf+xml'), ('application/sparql-results+json',), ())
    """
    wanted = value.strip().lower()
    if wanted in _NAMES:
        return _NAMES[wanted]
    known = named(wanted)
    return (known.accepted[0],) if known is not None else ()


def accept_for(parameters: Sequence[tuple[str, str]]) -> str | None:
    """The Accept header the format parameters among `parameters` stand for, the first value given preferred; None
    when none is given; a Problem when values are given and none names a format."""
    given = [(name, value) for name in FORMAT_PARAMETERS for n, value in parameters if n == name and value.strip()]
    if not given:
        return None
    groups: list[tuple[str, ...]] = []
    for _, value in given:
        types = media_types(value)
        if types and types not in groups:
            groups.append(types)
    if not groups:
        name, value = given[0]
        known = ", ".join([*dict.fromkeys([*_NAMES, *(f.name for f in RESULTS + GRAPHS)])])
        raise Problem(400, "Bad parameter", f"parameter {name!r}: {value!r} is not one of {known}", name, BAD_PARAMETER)
    if len(groups) == 1:
        return ", ".join(groups[0])
    return ", ".join(f"{media};q={1 - index / 100:.3f}" for index, types in enumerate(groups) for media in types)


def timeout_seconds(value: str | None, limit: float) -> float:
    """The time limit for one query: `value` milliseconds (Virtuoso's `timeout`) when it is a positive whole number
    below the server's `limit` (seconds), else `limit` (0, as in Virtuoso, means no limit of the client's own)."""
    if value is None or not value.strip():
        return limit
    try:
        milliseconds = int(value.strip())
    except ValueError:
        detail = f"parameter 'timeout': {value!r} is not a whole number of milliseconds"
        raise Problem(400, "Bad parameter", detail, TIMEOUT_PARAMETER, BAD_PARAMETER) from None
    if milliseconds < 0:
        detail = f"parameter 'timeout': {value!r} is negative (milliseconds; 0 means the server's own limit)"
        raise Problem(400, "Bad parameter", detail, TIMEOUT_PARAMETER, BAD_PARAMETER)
    return min(limit, milliseconds / 1000) if milliseconds else limit
