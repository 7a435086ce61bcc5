"""Honest dated URIs and complete RDF on a real act, the Data Protection Act 1998 (legislation.gov.uk's Akoma
Ntoso), served by a real `lexrdf serve`: a date past the sources' currency is "as last known" on the page and in
the RDF, a version's description carries its window and its text, and JSON-LD is compact with an `@context`.
Expected values are read from ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml (quoted beside each)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pyoxigraph
import pytest
from conftest import BASE, DPA

LEX = "https://w3id.org/lexrdf/ontology#"
ELI = "http://data.europa.eu/eli/ontology#"
DCTERMS = "http://purl.org/dc/terms/"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
# line 25: <FRBRdate date="2018-01-18" name="transform"/>: the export is current to 18 January 2018
CURRENT_TO = "2018-01-18"
S7 = f"{DPA}/section-7"
# lines 4744-4750: <subsection eId="section-12A-1"> ... <intro><p><ins class="d29p47906">A data subject is entitled at
# any time by notice in writing—</ins>; note c18185341: "S. 12A inserted (temp. from 1.3.2000 to 23.10.2007)": in
# force 1 March 2000 up to and including 23 October 2007, so the half-open window is [2000-03-01, 2007-10-24)
S12A_1 = f"{DPA}/section-12A-1/2000-03-01"
S12A_1_TEXT = "A data subject is entitled at any time by notice in writing—"


@pytest.fixture(scope="module")
def server(dpa_server: str) -> Iterator[httpx.Client]:
    """A client of `lexrdf serve` on a copy of the session's DPA store (conftest.dpa_server)."""
    with httpx.Client(base_url=dpa_server, timeout=60) as client:
        yield client


def local(iri: str) -> str:
    return iri.removeprefix(BASE)


def triples(response: httpx.Response) -> set[tuple[str, str, str]]:
    formats = {"text/turtle": pyoxigraph.RdfFormat.TURTLE, "application/ld+json": pyoxigraph.RdfFormat.JSON_LD}
    media_type = response.headers["content-type"].split(";")[0]
    parsed = pyoxigraph.parse(response.content, format=formats[media_type])
    return {(q.subject.value, q.predicate.value, q.object.value) for q in parsed}


def test_a_date_past_the_sources_currency_is_as_last_known_in_the_rdf(server):
    asked = f"{S7}/2030-01-01"
    response = server.get(local(asked), headers={"Accept": "text/turtle"})
    assert response.status_code == 200  # not a 303 that would present the text as in force in 2030
    graph = triples(response)
    assert (asked, f"{DCTERMS}type", "as-last-known") in graph
    comments = [o for s, p, o in graph if s == asked and p == f"{RDFS}comment"]
    assert comments and CURRENT_TO in comments[0] and "as last known" in comments[0]
    (version,) = [o for s, p, o in graph if s == asked and p == f"{RDFS}seeAlso"]
    assert (version, f"{LEX}versionOf", S7) in graph  # the last known version, described with it


def test_a_date_past_the_sources_currency_is_as_last_known_on_the_page(server):
    response = server.get(local(f"{S7}/2030-01-01"), headers={"Accept": "text/html"})
    assert response.status_code == 200 and "location" not in response.headers
    assert "as last known" in response.text.lower() and "18 January 2018" in response.text


def test_a_date_within_the_currency_still_redirects(server):
    response = server.get(local(f"{S7}/2001-01-01"), headers={"Accept": "text/turtle"})
    assert response.status_code == 303


def test_a_versions_description_carries_its_window_and_its_text(server):
    graph = triples(server.get(local(S12A_1), headers={"Accept": "text/turtle"}))
    assert (S12A_1, f"{LEX}validFrom", "2000-03-01") in graph
    records = {s for s, p, o in graph if p == f"{LEX}recordOf" and o == S12A_1}
    assert {o for s, p, o in graph if s in records and p == f"{LEX}validUntil"} == {"2007-10-24"}
    expressions = {o for s, p, o in graph if s == S12A_1 and p == f"{ELI}is_realized_by"}
    assert expressions  # the text is the expression's, one link away, and in the description
    assert {o for s, p, o in graph if s in expressions and p == f"{LEX}text"} == {S12A_1_TEXT}


def test_json_ld_is_compact_with_a_context_and_the_same_graph(server):
    response = server.get(local(S12A_1), headers={"Accept": "application/ld+json"})
    document = json.loads(response.content)
    assert document["@context"]["eli"] == ELI and document["@context"]["lex"] == LEX
    (node,) = [n for n in document["@graph"] if n["@id"] == S12A_1]
    assert "lex:Version" in node["@type"] and node["lex:validFrom"] == {"@value": "2000-03-01", "@type": "xsd:date"}
    turtle = server.get(local(S12A_1), headers={"Accept": "text/turtle"})
    assert triples(response) == triples(turtle)


def test_a_repealed_subsection_names_the_note_that_dated_its_repeal(server):
    # line 1754: <note class="commentary F" eId="c20885431"> "S. 6(3)-(6) omitted (18.1.2010) by virtue of The Transfer
    # of Tribunal Functions Order 2010 (S.I. 2010/22)": s. 6(3) has no version to show it on; its page says what
    # dated the repeal, with the file and line
    page = server.get(local(f"{DPA}/section-6-3"), params={"date": "2015-01-01"}, headers={"Accept": "text/html"})
    assert page.status_code == 200
    assert "Repealed" in page.text and "ukpga-1998-29.xml:1754" in page.text
    assert "S. 6(3)-(6) omitted (18.1.2010)" in page.text
