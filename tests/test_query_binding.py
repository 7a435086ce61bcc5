"""The query library's binder (lexrdf.queries.bind_terms) works on SPARQL tokens (lexrdf.sparqllex, the lexer the
endpoint's guard uses): a parameter's name inside a string literal, an IRI or a comment is left as written, and a
SELECT without the optional WHERE keyword binds its projection correctly. Each bound query is run by Oxigraph."""

from __future__ import annotations

import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from lexrdf.queries import bind_terms, parse_query

EX = "https://e.org/"


@pytest.fixture
def store() -> Store:
    store = Store()
    store.add(Quad(NamedNode(f"{EX}a"), NamedNode(f"{EX}says"), Literal("?__word_iri and more")))
    store.add(Quad(NamedNode(f"{EX}a"), NamedNode(f"{EX}p?__word_iri"), NamedNode(f"{EX}b")))
    store.add(Quad(NamedNode(f"{EX}b"), NamedNode(f"{EX}says"), Literal("plain")))
    return store


def rows(store: Store, text: str) -> list[tuple]:
    return [tuple(value.value if value is not None else None for value in row) for row in store.query(text)]


def test_a_parameter_name_inside_a_string_literal_is_not_replaced(store):
    query = parse_query(
        "q",
        "#+ summary: q\nSELECT ?__word_iri ?text WHERE { ?__word_iri <https://e.org/says> ?text "
        'FILTER(CONTAINS(?text, "?__word_iri")) }\n',
    )
    bound = query.bound({"word": f"{EX}a"})
    assert '"?__word_iri"' in bound
    assert rows(store, bound) == [(f"{EX}a", "?__word_iri and more")]


def test_a_parameter_name_inside_an_iri_or_a_comment_is_not_replaced(store):
    text = "SELECT ?o WHERE { ?__word_iri <https://e.org/p?__word_iri> ?o } # ?__word_iri\n"
    bound = bind_terms(text, {"__word_iri": NamedNode(f"{EX}a")})
    assert bound == "SELECT ?o WHERE { <https://e.org/a> <https://e.org/p?__word_iri> ?o } # ?__word_iri\n"
    assert rows(store, bound) == [(f"{EX}b",)]


@pytest.mark.parametrize("where", ["WHERE ", "", "where"])
def test_a_select_without_where_binds_its_projection(store, where):
    text = f"SELECT ?__word_iri ?text {where}{{ ?__word_iri <https://e.org/says> ?text }}"
    bound = bind_terms(text, {"__word_iri": NamedNode(f"{EX}b")})
    assert bound.startswith("SELECT (<https://e.org/b> AS ?__word_iri) ?text ")
    assert rows(store, bound) == [(f"{EX}b", "plain")]


def test_an_expression_in_the_projection_takes_the_term_and_keeps_its_alias(store):
    text = "SELECT (STR(?__word_iri) AS ?name) ?text { ?__word_iri <https://e.org/says> ?text }"
    bound = bind_terms(text, {"__word_iri": NamedNode(f"{EX}b")})
    assert bound.startswith("SELECT (STR(<https://e.org/b>) AS ?name) ?text {")
    assert rows(store, bound) == [(f"{EX}b", "plain")]
