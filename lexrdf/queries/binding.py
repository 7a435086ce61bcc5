"""Binding a query's parameters: each bound term put in place of its variable, found by the SPARQL lexer.

The lexer (lexrdf.sparqllex, the one the endpoint's guard uses) tells variables from the same letters inside a
string literal, an IRI or a comment, and finds where the first SELECT's projection ends (WHERE is optional).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pyoxigraph import Literal, NamedNode

from lexrdf.sparqllex import tokens

Term = NamedNode | Literal | tuple[NamedNode | Literal, ...]  # a bound parameter: one term, or a list's terms


_EMPTY_VALUES = re.compile(r"VALUES\s+\?(\w+)\s*\{\s*\}")  # an empty block a list parameter is bound in


def empty_values_blocks(text: str) -> set[str]:
    """The variables of the empty ``VALUES ?variable { }`` blocks of a query text (list parameters are bound there)."""
    return {match.group(1) for match in _EMPTY_VALUES.finditer(text)}


def bind_terms(text: str, bindings: dict[str, Term]) -> str:
    """Put each bound term in place of its variable: ``(term AS ?var)`` in the projection of the first SELECT,
    ``term`` everywhere else (a CONSTRUCT's template before a sub-SELECT included). The SPARQL lexer finds the
    variables (lexrdf.sparqllex), so a name inside a string literal, an IRI or a comment is never replaced, and
    the projection ends at WHERE, FROM or the group's ``{`` (WHERE is optional). A list parameter's variable
    stays: its terms fill each ``VALUES ?var { }`` block, one a row (none: the block stays empty, nothing matches).

    >>> bind_terms("SELECT ?__p_iri ?x WHERE { ?__p_iri ?y ?x }", {"__p_iri": NamedNode("https://e.org/a")})
    'SELECT (<https://e.org/a> AS ?__p_iri) ?x WHERE { <https://e.org/a> ?y ?x }'
    >>> bind_terms("CONSTRUCT { ?__p_iri ?y ?x } WHERE { { SELECT ?x WHERE { ?__p_iri ?y ?x } } }",
    ...            {"__p_iri": NamedNode("https://e.org/a")})
    'CONSTRUCT { <https://e.org/a> ?y ?x } WHERE { { SELECT ?x WHERE { <https://e.org/a> ?y ?x } } }'
    >>> bind_terms("SELECT ?__v_iris ?x WHERE { VALUES ?__v_iris { } ?__v_iris ?y ?x }",
    ...            {"__v_iris": (NamedNode("https://e.org/a"), NamedNode("https://e.org/b"))})
    'SELECT ?__v_iris ?x WHERE { VALUES ?__v_iris { <https://e.org/a> <https://e.org/b> } ?__v_iris ?y ?x }'
    >>> bind_terms('SELECT ?__t ?x { ?x <urn:p?__t> "?__t" FILTER(?x != ?__t) } # ?__t', {"__t": Literal("a")})
    'SELECT ("a" AS ?__t) ?x { ?x <urn:p?__t> "?__t" FILTER(?x != "a") } # ?__t'
    """
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement) in the text, in no particular order
    for slot in _slots(text):
        term = bindings.get(slot.name)
        if slot.kind == "values" and isinstance(term, tuple):
            spans.append((slot.start, slot.end, f"VALUES ?{slot.name} {{ {' '.join(str(t) for t in term)} }}"))
        elif slot.kind != "values" and term is not None and not isinstance(term, tuple):
            spans.append((slot.start, slot.end, f"({term} AS ?{slot.name})" if slot.kind == "projected" else str(term)))
    pieces: list[str] = []
    done = 0
    for begin, end, replacement in sorted(spans):
        pieces += [text[done:begin], replacement]
        done = end
    return "".join(pieces) + text[done:]


@dataclass(frozen=True)
class Slot:
    """Where a bound term may go: a variable (`term`, or `projected` in the first SELECT's projection), or an empty
    ``VALUES ?name { }`` block (`values`) a list parameter fills."""

    kind: str
    start: int
    end: int
    name: str


@lru_cache(maxsize=1024)
def _slots(text: str) -> tuple[Slot, ...]:
    """Every slot of a query text, found once per text (the lexer is the costly part of binding: about 4 ms for
    the 20,000 letters of text-at, which a page binds a dozen queries like)."""
    slots = [Slot("values", m.start(), m.end(), m.group(1)) for m in _EMPTY_VALUES.finditer(text)]
    place = "before"  # where the lexer is: before the first SELECT, in its projection, or after it
    depth = 0  # parentheses open in the projection
    for token in tokens(text):
        if place == "before" and token.kind == "word" and token.text.upper() == "SELECT":
            place = "projection"
        elif place == "projection" and token.kind == "punct":
            depth += {"(": 1, ")": -1}.get(token.text, 0)
            place = "after" if token.text == "{" and depth == 0 else place
        elif place == "projection" and token.kind == "word" and depth == 0:
            place = "after" if token.text.upper() in ("WHERE", "FROM") else place
        if token.kind == "variable":
            projected = place == "projection" and depth == 0
            slots.append(Slot("projected" if projected else "term", token.start, token.end, token.text[1:]))
    return tuple(slots)
