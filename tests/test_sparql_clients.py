"""Standard clients against a real `lexrdf serve` (uvicorn on 127.0.0.1) holding the Data Protection Act 1998: the
SPARQL endpoint with SPARQLWrapper as its users call it (defaults, then each return format), rdflib's SPARQLStore
(a Graph and a Dataset over it), a Virtuoso-style `timeout`; pages that ignore link trackers' parameters while the
API stays strict; and the query page in a real headless Chromium, its result a table (lexrdf.web.sparql.clients,
lexrdf.web.sparql.results_page)."""

from __future__ import annotations

import warnings
from xml.dom.minidom import Document

import httpx
import pytest
import rdflib
from conftest import DPA, unavailable
from test_browser import _tab, shot, visible

try:
    from SPARQLWrapper import CSV, JSON, JSONLD, N3, RDFXML, TSV, TURTLE, XML, SPARQLWrapper
except ImportError:  # pragma: no cover - a dependency of the test extra
    SPARQLWrapper = None

LEX = "https://w3id.org/lexrdf/ontology#"
# ukpga-1998-29.xml line 3598: <shortTitle>Data Protection Act 1998</shortTitle>; lines 8 and 11: FRBRdate
# 1998-07-16 (enacted), FRBRnumber 29 -> the act's IRI is conftest.DPA
TITLE = "Data Protection Act 1998"
ACT_TITLE = f"SELECT ?title WHERE {{ <{DPA}> <{LEX}shortTitle> ?title }}"
ACT_TYPE = f"CONSTRUCT {{ <{DPA}> a ?type }} WHERE {{ <{DPA}> a ?type }}"
HEAVY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


@pytest.fixture(scope="module")
def server(dpa_server: str) -> str:
    """`lexrdf serve` on the DPA (AKN; conftest.dpa_server)."""
    if SPARQLWrapper is None:
        unavailable("SPARQLWrapper is not installed (pip install -e '.[test]')")
    return dpa_server


def wrapper(server: str, query: str) -> SPARQLWrapper:
    client = SPARQLWrapper(f"{server}/sparql")
    client.setQuery(query)
    return client


def test_sparqlwrapper_with_its_defaults(server):
    """SPARQLWrapper's defaults: GET, XML, and format=xml&output=xml&results=xml beside its Accept header."""
    result = wrapper(server, ACT_TITLE).query()
    assert "format=xml" in result.response.geturl() and "output=xml" in result.response.geturl()
    document = result.convert()
    assert isinstance(document, Document)
    literals = [node.firstChild.data for node in document.getElementsByTagName("literal")]
    assert literals == [TITLE]


def test_sparqlwrapper_in_each_return_format(server):
    client = wrapper(server, ACT_TITLE)
    client.setReturnFormat(JSON)
    assert [b["title"]["value"] for b in client.query().convert()["results"]["bindings"]] == [TITLE]
    for text_format in (CSV, TSV):  # TSV is sent twice: format=tsv&format=text/tab-separated-values
        client.setReturnFormat(text_format)
        assert TITLE in client.query().convert().decode("utf-8")

    # CONSTRUCT: "xml" and "json" name RDF/XML and JSON-LD for a graph, as SPARQLWrapper means them
    client = wrapper(server, ACT_TYPE)
    expected = {(rdflib.URIRef(DPA), rdflib.RDF.type, rdflib.URIRef(LEX + "Act"))}
    for rdf_format, media_type in [
        (XML, "application/rdf+xml"),
        (RDFXML, "application/rdf+xml"),
        (TURTLE, "text/turtle"),
        (N3, "text/turtle"),
        (JSONLD, "application/ld+json"),
        (JSON, "application/ld+json"),
    ]:
        client.setReturnFormat(rdf_format)
        result = client.query()
        assert result.response.headers["content-type"].startswith(media_type), rdf_format
        graph = rdflib.Graph().parse(data=result.response.read(), format=media_type)
        assert expected <= set(graph), rdf_format

    client = wrapper(server, f"ASK {{ <{DPA}> a <{LEX}Act> }}")
    client.setReturnFormat(JSON)
    assert client.query().convert()["boolean"] is True


def test_rdflib_sparqlstore_graph_and_dataset(server):
    from rdflib.plugins.stores.sparqlstore import SPARQLStore

    graph = rdflib.Graph(store=SPARQLStore(f"{server}/sparql"))
    assert [str(row[0]) for row in graph.query(ACT_TITLE)] == [TITLE]
    assert (rdflib.URIRef(DPA), rdflib.RDF.type, rdflib.URIRef(LEX + "Act")) in graph
    # a Dataset sends default-graph-uri=urn:x-rdflib:default with every query: rdflib's name for the default graph
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dataset = rdflib.Dataset(store=SPARQLStore(f"{server}/sparql"))
        assert [str(row[0]) for row in dataset.query(ACT_TITLE)] == [TITLE]


def test_a_virtuoso_style_timeout_shortens_the_limit_and_nothing_else(server):
    response = httpx.get(f"{server}/sparql", params={"query": HEAVY, "timeout": "300"}, timeout=60)
    # the problem names the limit that ended the query: the client's 300 ms, not the server's own 60 s
    assert response.status_code == 504 and "0.3 s" in response.json()["detail"]
    fine = httpx.get(f"{server}/sparql", params={"query": ACT_TITLE, "timeout": "0", "format": "json"}, timeout=30)
    assert fine.status_code == 200 and fine.json()["results"]["bindings"][0]["title"]["value"] == TITLE
    bad = httpx.get(f"{server}/sparql", params={"query": ACT_TITLE, "timeout": "soon"}, timeout=30)
    assert bad.status_code == 400 and bad.json()["parameter"] == "timeout"
    unknown = httpx.get(f"{server}/sparql", params={"query": ACT_TITLE, "format": "png"}, timeout=30)
    assert unknown.status_code == 400 and unknown.json()["parameter"] == "format"


def test_pages_ignore_trackers_parameters_and_the_api_does_not(server):
    tracked = {"utm_source": "newsletter", "utm_medium": "email", "fbclid": "IwAR0", "gclid": "Cj0K"}
    page = httpx.get(f"{server}/eli/gb-ukm/act/1998-07-16/29/section-7", params={"date": "2002-01-01", **tracked})
    assert page.status_code == 200 and "Right of access to personal data." in page.text
    assert httpx.get(f"{server}/", params=tracked).status_code == 200
    misspelt = httpx.get(f"{server}/eli/gb-ukm/act/1998-07-16/29/section-7", params={"dat": "2002-01-01"})
    assert misspelt.status_code == 400 and misspelt.json()["parameter"] == "dat"  # a page is strict otherwise
    api = httpx.get(f"{server}/api/toc", params={"act": DPA, "date": "2002-01-01", "utm_source": "x"})
    assert api.status_code == 400 and api.json()["parameter"] == "utm_source"
    sparql = httpx.get(f"{server}/sparql", params={"query": ACT_TITLE, "fbclid": "x"})
    assert sparql.status_code == 400 and sparql.json()["parameter"] == "fbclid"


def test_the_query_page_shows_a_result_as_a_table(browser, server):
    for tab in _tab(browser, server):
        tab.goto("/sparql")
        tab.fill("#query", ACT_TITLE)
        tab.click("form button[type=submit]")
        tab.wait_for_load_state()
        assert visible(tab, "table.results thead") == "title"
        assert visible(tab, "table.results tbody") == TITLE
        shot(tab, "sparql-table-dpa-title")

        # section 7(3) of the DPA: inserted (ukpga-1998-29.xml line 190, textualMod d29p663 into #section-7-3)
        versions = (
            f"PREFIX lex: <{LEX}> SELECT ?version ?from WHERE {{ ?version lex:versionOf <{DPA}/section-7-3> ; "
            "lex:validFrom ?from } ORDER BY ?from"
        )
        tab.fill("#query", versions)
        tab.click("form button[type=submit]")
        tab.wait_for_load_state()
        rows = tab.locator("table.results tbody tr")
        assert rows.count() >= 1
        link = rows.first.locator("td.iri a")
        assert link.get_attribute("href").startswith("/eli/gb-ukm/act/1998-07-16/29/section-7-3/")
        assert "(xsd:date)" in rows.first.locator("td.literal").inner_text()
        shot(tab, "sparql-table-dpa-versions")

        tab.fill("#query", "SELECT * WHERE { ?s ?p }")  # malformed: the problem on the page, not a raw error
        tab.click("form button[type=submit]")
        tab.wait_for_load_state()
        assert "Malformed query" in visible(tab, "#results")
