"""What a SPARQL request is before anything runs it: its form (SELECT, ASK, CONSTRUCT, DESCRIBE or an update)
and whether it asks for SERVICE (federated query), which this endpoint refuses so that no outbound request is
ever made.

A small lexer (lexrdf.sparqllex) finds the tokens that can hide letters — comments, string literals (all four quote
styles), IRIs ``<...>``, variables, the local part of prefixed names, blank node labels and language tags — using
the SPARQL 1.1 grammar's own terminals (section 19.8), and blanks them out. Whatever is left is the query's
keywords, punctuation, numbers and prefix names. Oxigraph's parser reads a keyword wherever its letters start, even
glued to other letters (``trueSERVICE<...>{}``, ``SERVICEX:{}`` and ``SERVICESILENT<...>{}`` all call a service), so
the check is deliberately blunt: the letters ``service`` anywhere in what is left, in any case, refuse the query.
Each hiding terminal here matches the grammar exactly or less (never more), so nothing Oxigraph reads as a keyword
is ever blanked; the price is that a prefix named ``service:`` is refused too.

>>> inspect('SELECT * WHERE { ?service <http://example.org/service> "SERVICE" } # SERVICE').service
False
>>> inspect("PREFIX ex: <http://example.org/> SELECT * { ex:SERVICE ?p ?o }").service
False
>>> inspect("select * { service <http://example.org/sparql> { ?s ?p ?o } }").service
True
>>> inspect("PREFIX : <http://example.org/> ASK { ?s ?p 1.SERVICE:{} }").service
True
>>> inspect("PREFIX x: <http://x/> INSERT DATA { x:a x:b x:c }").form
'INSERT'

An IRI may hold codepoint escapes (``<urn:\\u0061#>``, as Oxigraph reads it): its ``#`` starts no comment that would
hide what follows. Every terminal is matched without backtracking over a run of name letters, so the guard's time
is linear in the query's length (a run of 64,000 letters costs what 64,000 characters cost, not their square):

>>> inspect("SELECT * { BIND(<urn:\\u0061#> AS ?x) SERVICE <http://example.org/> { ?s ?p ?o } }").service
True
>>> inspect("SELECT * { " + "a" * 64_000 + " }").form
'SELECT'

It also measures how deep the query nests its brackets (`nesting`), which the endpoint bounds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexrdf.sparqllex import PN_CHARS as _PN_CHARS
from lexrdf.sparqllex import PN_CHARS_BASE as _PN_CHARS_BASE
from lexrdf.sparqllex import TERMINALS as _HIDING

QUERY_FORMS = frozenset({"SELECT", "ASK", "CONSTRUCT", "DESCRIBE"})
UPDATE_OPERATIONS = frozenset(
    {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH"}
)  # the words an update request can start with (after its prologue)

_WORD = re.compile(r"[A-Za-z]+")
# a run of name letters and the ':' after it, or a ':' alone: each run taken once, whole (possessive: no
# backtracking), so finding the prefix names (PN_PREFIX ':') is linear in the text
_PREFIX_NAME = re.compile(rf"(?P<name>[{_PN_CHARS_BASE}][{_PN_CHARS}.]*+)(?P<colon>:)?|:")
_PROLOGUE = frozenset({"PREFIX", "BASE"})


@dataclass(frozen=True)
class QueryShape:
    """What the guard saw: the first keyword after the prologue (upper case, or None), SERVICE, a FROM clause."""

    form: str | None
    service: bool
    dataset: bool  # FROM / FROM NAMED: the query names its own dataset
    depth: int = 0  # the deepest nesting of brackets ({, ( and [) outside strings, IRIs and comments

    @property
    def update(self) -> bool:
        """An update request (INSERT, DELETE, LOAD, ...), which the query operation does not run."""
        return self.form in UPDATE_OPERATIONS


def residue(text: str) -> str:
    """The text with every comment, string, IRI, variable, local name, blank node label and language tag
    replaced by one space; prefix names (``ex:``) stay.

    >>> " ".join(residue("ASK { ?s a <http://a/b> ; ?p 'it''s' } # done").split())
    'ASK { a ; }'
    >>> " ".join(residue("SELECT ?x { ?x ex:p _:b1 ; rdfs:label 'x'@en-GB }").split())
    'SELECT { ex: ; rdfs: }'
    """
    kept: list[str] = []
    position = 0
    while position < len(text):
        match = _HIDING.match(text, position)
        if match is None:
            kept.append(text[position])
            position += 1
            continue
        if match.group("word") is not None:  # letters that are no prefix name: kept, as one run (linear time)
            kept.append(match.group("word"))
            position = match.end()
            continue
        prefix = match.group("prefix")
        if prefix is not None:
            kept.append(prefix)
            if match.group("local") is not None:
                kept.append(" ")
        else:
            kept.append(" ")
        position = match.end()
    return "".join(kept)


def inspect(text: str) -> QueryShape:
    """The shape of a SPARQL request text (see the module docstring)."""
    rest = residue(text)
    words = [word.upper() for word in _WORD.findall(_without_prefix_names(rest))]
    form = next((word for word in words if word not in _PROLOGUE), None)
    return QueryShape(form=form, service="service" in rest.lower(), dataset="FROM" in words, depth=nesting(rest))


def nesting(rest: str) -> int:
    """The deepest nesting of brackets in a `residue` (Oxigraph's parser recurses once a level: 20,000 ``{`` end
    the process that parses them, so the endpoint refuses a query nested deeper than it allows before parsing).

    >>> nesting(residue("SELECT * { { ?s ?p '{{{' } FILTER((1)) }")), nesting(residue("ASK {" * 3 + "}" * 3))
    (3, 3)
    """
    depth = deepest = 0
    for char in rest:
        if char in "{([":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "})]":
            depth -= 1
    return deepest


def _without_prefix_names(rest: str) -> str:
    """Drop the prefix names (``ex:``), which are not keywords."""
    return _PREFIX_NAME.sub(_blank_prefix_name, rest)


def _blank_prefix_name(match: re.Match[str]) -> str:
    """A run of name letters: blanked when it is a prefix name (a ':' after it, no '.' before the ':'), kept
    otherwise; a ':' alone is the empty prefix name."""
    name, colon = match.group("name"), match.group("colon")
    if name is None or (colon and not name.endswith(".")):
        return " "
    return name + (" " if colon else "")
