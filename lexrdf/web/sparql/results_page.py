"""A query's result as the query page shows it to a browser: a table, not the raw JSON a program asks for.

A request whose Accept prefers HTML to every result format (a browser's; or `format=html`) runs its query as any
other, asking the worker for SPARQL JSON results (SELECT, ASK) or N-Triples (CONSTRUCT, DESCRIBE), and the page shows
the rows (one column a variable), the boolean, or the triples (subject, predicate, object). An IRI minted under the
base IRI links to this server's page of it; a literal shows its language or datatype.

>>> wanted("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), wanted("*/*"), wanted(None)
(True, False, False)
>>> body = b'{"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "literal", "value": "x", '
>>> body += b'"xml:lang": "en"}}]}}'
>>> table(body, "json", Links("https://e.org")).rows[0][0].text
'"x"@en'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pyoxigraph

from lexrdf.web.conneg import negotiate
from lexrdf.web.links import Links
from lexrdf.web.sparql.formats import GRAPHS, RESULTS

HTML = ("text/html", "application/xhtml+xml")
ACCEPT = "application/sparql-results+json, application/n-triples"  # what the worker is asked for, for a table
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def wanted(accept: str | None) -> bool:
    """Whether `accept` prefers an HTML page to every result format (the server's order breaks ties: `*/*` gets
    SPARQL JSON, as before)."""
    if accept is None:
        return False
    offers = [media for f in RESULTS + GRAPHS for media in f.accepted] + list(HTML)
    return negotiate(accept, offers) in HTML


@dataclass(frozen=True)
class Cell:
    """One value as shown: its text, and where it links (None for a literal or a blank node)."""

    text: str
    href: str | None = None
    kind: str = "literal"  # iri, literal, bnode


@dataclass
class Table:
    """A result as the page shows it: columns and rows, or an ASK's answer (`boolean`)."""

    columns: list[str]
    rows: list[list[Cell | None]] = field(default_factory=list)
    boolean: bool | None = None


def table(body: bytes, format_name: str, links: Links) -> Table:
    """The result `body` (SPARQL JSON results, or N-Triples of a graph: `format_name`) as a table."""
    if format_name == "ntriples":
        triples = pyoxigraph.parse(body, format=pyoxigraph.RdfFormat.N_TRIPLES)
        rows = [[_term(t.subject, links), _term(t.predicate, links), _term(t.object, links)] for t in triples]
        return Table(["subject", "predicate", "object"], rows)
    document = json.loads(body)
    if "boolean" in document:
        return Table([], boolean=bool(document["boolean"]))
    columns = list(document.get("head", {}).get("vars", []))
    rows = [[_binding(binding.get(name), links) for name in columns] for binding in document["results"]["bindings"]]
    return Table(columns, rows)


def _binding(term: dict | None, links: Links) -> Cell | None:
    if term is None:
        return None
    kind, value = term.get("type"), term.get("value", "")
    if kind == "uri":
        return Cell(value, links.href(value), "iri")
    if kind == "bnode":
        return Cell(f"_:{value}", None, "bnode")
    if kind == "triple":
        return Cell(json.dumps(value), None, "literal")
    if "xml:lang" in term:
        return Cell(f'"{value}"@{term["xml:lang"]}')
    datatype = term.get("datatype")
    return Cell(value if datatype in (None, _XSD_STRING) else f"{value} ({_short(datatype)})")


def _term(term: object, links: Links) -> Cell:
    if isinstance(term, pyoxigraph.NamedNode):
        return Cell(term.value, links.href(term.value), "iri")
    if isinstance(term, pyoxigraph.BlankNode):
        return Cell(f"_:{term.value}", None, "bnode")
    if isinstance(term, pyoxigraph.Literal):
        if term.language:
            return Cell(f'"{term.value}"@{term.language}')
        datatype = term.datatype.value
        return Cell(term.value if datatype == _XSD_STRING else f"{term.value} ({_short(datatype)})")
    return Cell(str(term))


def _short(datatype: str) -> str:
    """``xsd:date`` for the XML Schema datatypes, the IRI otherwise."""
    xsd = "http://www.w3.org/2001/XMLSchema#"
    return "xsd:" + datatype[len(xsd) :] if datatype.startswith(xsd) else datatype
