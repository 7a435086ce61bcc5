"""Linked data under the base IRI: every IRI lexrdf mints dereferences, with content negotiation, conditional GET,
CORS, gzip and point-in-time redirects, served by a real uvicorn over a real on-disk store of the sample corpus.

Expected legal values come from samples/README.md (the sources' own histories), not from lexrdf's output.
"""

from __future__ import annotations

import gzip
from datetime import datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pyoxigraph
import pytest
from conftest import BASE, HARBOUR, ODA, REPO
from servers import lexrdf_serve

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings
from lexrdf.web.conneg import negotiate

LEX = "https://w3id.org/lexrdf/ontology#"
RDF_TYPES = {
    "text/turtle": pyoxigraph.RdfFormat.TURTLE,
    "application/ld+json": pyoxigraph.RdfFormat.JSON_LD,
    "application/n-triples": pyoxigraph.RdfFormat.N_TRIPLES,
    "application/rdf+xml": pyoxigraph.RdfFormat.RDF_XML,
}
SUFFIXES = {".ttl": "text/turtle", ".jsonld": "application/ld+json", ".nt": "application/n-triples",
            ".rdf": "application/rdf+xml", ".html": "text/html"}  # fmt: skip
PARA_2 = f"{ODA}/art_3/para_2"  # versions [2001-04-01, 2004-07-01) and [2004-07-01, ) (samples/README.md)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the served store lives."""
    return tmp_path_factory.mktemp("linked") / "store"


@pytest.fixture(scope="module")
def server(store: Path):
    """`lexrdf serve --sample` on a fresh store, answering for BASE at its own origin."""
    with lexrdf_serve(store, "--sample") as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


def local(iri: str) -> str:
    assert iri.startswith(BASE + "/"), iri
    return iri[len(BASE) :]


def select(store: Path, query: str) -> list[dict[str, str]]:
    """The rows of a SELECT over the served store, opened read-only beside the server."""
    reader = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    try:
        solutions = reader.store.sparql(query)
        names = [variable.value for variable in solutions.variables]
        return [{name: row[name].value for name in names if row[name] is not None} for row in solutions]
    finally:
        reader.close()


def parse(response: httpx.Response) -> list[pyoxigraph.Triple]:
    media_type = response.headers["content-type"].split(";")[0]
    return [q.triple for q in pyoxigraph.parse(response.content, format=RDF_TYPES[media_type])]


def mentions(triples: list[pyoxigraph.Triple], iri: str) -> bool:
    node = pyoxigraph.NamedNode(iri)
    return any(t.subject == node for t in triples) or any(t.object == node for t in triples)


@pytest.fixture(scope="module")
def minted(server: httpx.Client, store: Path) -> dict[str, list[str]]:
    """Every IRI under BASE the store holds (subject or object), by kind (its lex: class, else 'linked')."""
    rows = select(
        store,
        f"""SELECT DISTINCT ?iri ?type WHERE {{
              {{ ?iri ?p ?o }} UNION {{ ?s ?p ?iri }}
              FILTER (isIRI(?iri) && STRSTARTS(STR(?iri), "{BASE}/"))
              OPTIONAL {{ ?iri a ?type FILTER (STRSTARTS(STR(?type), "{LEX}")) }}
            }}""",
    )
    kinds: dict[str, set[str]] = {}
    for row in rows:
        kinds.setdefault(row.get("type", "linked").removeprefix(LEX), set()).add(row["iri"])
    return {kind: sorted(iris) for kind, iris in kinds.items()}


# -- every minted IRI -------------------------------------------------------------------------------------
def test_the_sample_store_mints_every_kind(minted):
    assert {"Act", "Provision", "Version", "VersionRecord", "Expression", "Event", "Changeset", "linked"} <= set(minted)
    assert f"{BASE}/authority/parliament" in minted["linked"]  # only ever linked to, never described
    assert f"{BASE}/eli/ref/akn/xx/act/2012-07-15/20" in minted["Act"]  # the Harbour Governance Act, cited


def test_every_minted_iri_dereferences_and_describes_itself(server, minted):
    for iri in sorted({iri for iris in minted.values() for iri in iris}):
        response = server.get(local(iri), headers={"Accept": "text/turtle"})
        assert response.status_code == 200, (iri, response.text)
        assert mentions(parse(response), iri), iri


def test_every_kind_in_all_five_formats(server, minted):
    for kind, iris in minted.items():
        iri = iris[0]
        for media_type in RDF_TYPES:
            response = server.get(local(iri), headers={"Accept": media_type})
            assert response.status_code == 200, (kind, media_type, response.text)
            assert response.headers["content-type"].startswith(media_type)
            triples = parse(response)
            assert mentions(triples, iri), (kind, media_type)
        page = server.get(local(iri), headers={"Accept": "text/html"})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html"), (kind, page.text)
        assert "<html" in page.text


def test_a_provision_describes_itself_with_links_to_its_versions_and_parent(server):
    triples = parse(server.get(local(PARA_2), headers={"Accept": "application/n-triples"}))
    version_of = pyoxigraph.NamedNode(LEX + "versionOf")
    versions = sorted(t.subject.value for t in triples if t.predicate == version_of)
    assert versions == [f"{PARA_2}/2001-04-01", f"{PARA_2}/2004-07-01"]
    parent = [t.object.value for t in triples if t.predicate.value == LEX + "parent" and t.subject.value == PARA_2]
    assert parent == [f"{ODA}/art_3"]


def test_a_description_holds_every_triple_about_it_from_every_graph(server, store):
    """The act graph's triples and any view's (the ELI view's eli: terms) alike."""
    for iri in (ODA, PARA_2, f"{PARA_2}/2004-07-01"):
        stored = select(store, f"SELECT DISTINCT ?p ?o WHERE {{ GRAPH ?g {{ <{iri}> ?p ?o }} }}")
        described = parse(server.get(local(iri), headers={"Accept": "application/n-triples"}))
        about = {(t.predicate.value, t.object.value) for t in described if t.subject.value == iri}
        assert about == {(row["p"], row["o"]) for row in stored}, iri


def test_an_expression_page_shows_its_text(server):
    # samples/README.md, art_3__para_2 v1
    words = "Publication under paragraph 1 shall take place within twelve months of the document being adopted"
    page = server.get(local(f"{PARA_2}/2001-04-01/en"), headers={"Accept": "text/html"})
    assert page.status_code == 200 and words in page.text
    turtle = parse(server.get(local(f"{PARA_2}/2001-04-01/en.ttl")))
    texts = [t.object.value for t in turtle if t.predicate.value == LEX + "text"]
    assert len(texts) == 1 and texts[0].startswith(words)


def test_a_cited_act_names_its_title_and_the_events_it_made(server):
    cited = f"{BASE}/eli/ref/akn/xx/act/2012-07-15/20"  # samples/README.md: e6, "Harbour Governance Act 2012"
    triples = parse(server.get(local(cited), headers={"Accept": "text/turtle"}))
    titles = {t.object.value for t in triples if t.subject.value == cited and t.predicate.value == LEX + "title"}
    assert titles == {"Harbour Governance Act 2012"}
    made = [t.subject.value for t in triples if t.predicate.value == LEX + "sourceAct" and t.object.value == cited]
    assert made and all("/event/2012-09-01/repeal" in event for event in made)


def test_unknown_iris_are_404_problems(server):
    response = server.get("/eli/xx/act/2001-03-14/99", headers={"Accept": "text/turtle"})
    assert response.status_code == 404 and response.headers["content-type"] == "application/problem+json"
    assert response.json()["status"] == 404
    page = server.get("/eli/xx/act/2001-03-14/99", headers={"Accept": "text/html"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")


# -- content negotiation ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("text/html;q=0.5, text/turtle;q=0.9", "text/turtle"),
        ("application/ld+json;q=0.1, application/rdf+xml", "application/rdf+xml"),
        ("*/*;q=0.1, application/n-triples", "application/n-triples"),
        ("text/*", "text/html"),
        ("text/*, text/html;q=0", "text/turtle"),
        ("application/ld+json, */*;q=0.8", "application/ld+json"),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html"),  # a browser
        ("*/*", "text/html"),
    ],
)
def test_q_values_choose_the_format(server, accept, expected):
    response = server.get(local(ODA), headers={"Accept": accept})
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == expected
    assert "Accept" in response.headers["vary"]


def test_nothing_acceptable_is_406(server):
    for accept in ("image/png", "text/html;q=0, text/turtle;q=0, application/*;q=0"):
        response = server.get(local(ODA), headers={"Accept": accept})
        assert response.status_code == 406, accept
        assert response.headers["content-type"] == "application/problem+json"
        assert "text/turtle" in response.json()["detail"]


def test_suffixes_select_the_format(server):
    for suffix, media_type in SUFFIXES.items():
        response = server.get(local(PARA_2) + suffix, headers={"Accept": "image/png"})  # the suffix wins
        assert response.status_code == 200, suffix
        assert response.headers["content-type"].split(";")[0] == media_type
        if media_type in RDF_TYPES:
            assert mentions(parse(response), PARA_2)


def test_representations_link_their_alternates(server):
    response = server.get(local(PARA_2), headers={"Accept": "text/turtle"})
    links = response.headers["link"]
    for suffix, media_type in SUFFIXES.items():
        if media_type != "text/turtle":
            assert f'<{local(PARA_2)}{suffix}>; rel="alternate"; type="{media_type}"' in links
    assert response.headers["content-location"] == local(PARA_2) + ".ttl"
    page = server.get(local(f"{PARA_2}/2001-04-01/en"), headers={"Accept": "text/html"})
    assert f'<link rel="alternate" type="text/turtle" href="{local(PARA_2)}/2001-04-01/en.ttl">' in page.text


# -- conditional GET, HEAD, CORS, gzip ----------------------------------------------------------------------
def test_etag_and_if_none_match(server):
    first = server.get(local(PARA_2), headers={"Accept": "text/turtle"})
    etag = first.headers["etag"]
    again = server.get(local(PARA_2), headers={"Accept": "text/turtle", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    other = server.get(local(PARA_2), headers={"Accept": "application/ld+json", "If-None-Match": etag})
    assert other.status_code == 200 and other.headers["etag"] != etag  # another representation
    stale = server.get(local(PARA_2), headers={"Accept": "text/turtle", "If-None-Match": 'W/"stale"'})
    assert stale.status_code == 200


def test_last_modified_is_the_acts_latest_write(server, store):
    """The newest changeset of the act's graph (the third Open Data Act expression's ingest), or the rebuild of a
    view derived from it (the ELI view) when that came later."""
    rows = select(
        store,
        f"""PREFIX lex: <{LEX}> PREFIX prov: <http://www.w3.org/ns/prov#>
            SELECT (MAX(?t) AS ?latest) WHERE {{
              {{ GRAPH <{ODA}> {{ ?c a lex:Changeset ; prov:startedAtTime ?t }} }}
              UNION {{ GRAPH ?view {{ ?view prov:wasDerivedFrom <{ODA}> ; prov:generatedAtTime ?t }} }}
            }}""",
    )
    latest = rows[0]["latest"]
    response = server.get(local(PARA_2), headers={"Accept": "text/turtle"})
    modified = response.headers["last-modified"]
    assert parsedate_to_datetime(modified) == datetime.fromisoformat(latest).replace(microsecond=0)
    unchanged = server.get(local(PARA_2), headers={"Accept": "text/turtle", "If-Modified-Since": modified})
    assert unchanged.status_code == 304
    earlier = server.get(
        local(PARA_2), headers={"Accept": "text/turtle", "If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"}
    )
    assert earlier.status_code == 200


def test_head_has_headers_and_no_body(server):
    got = server.get(local(ODA), headers={"Accept": "text/turtle"})
    head = server.head(local(ODA), headers={"Accept": "text/turtle"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["etag"] == got.headers["etag"]
    assert head.headers["content-length"] == got.headers["content-length"]


def test_cors_on_reads_and_preflight(server):
    response = server.get(local(ODA), headers={"Accept": "text/turtle", "Origin": "https://example.com"})
    assert response.headers["access-control-allow-origin"] == "*"
    assert "ETag" in response.headers["access-control-expose-headers"]
    preflight = server.options(
        local(ODA),
        headers={
            "Origin": "https://example.com",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "if-none-match",
        },
    )
    assert preflight.status_code in (200, 204)
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert "GET" in preflight.headers["access-control-allow-methods"]
    assert "if-none-match" in preflight.headers["access-control-allow-headers"].lower()


def test_gzip_when_asked(server):
    raw = server.get("/ontology", headers={"Accept": "text/turtle", "Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    with server.stream("GET", "/ontology", headers={"Accept": "text/turtle", "Accept-Encoding": "gzip"}) as zipped:
        assert zipped.headers["content-encoding"] == "gzip"
        assert gzip.decompress(b"".join(zipped.iter_raw())) == raw.content


# -- point-in-time URIs -----------------------------------------------------------------------------------
def test_a_date_redirects_to_the_version_in_force(server):
    # samples/README.md: art_3__para_2 v1 [2001-04-01, 2004-07-01), v2 [2004-07-01, )
    for day, version in (("2001-04-01", "2001-04-01"), ("2003-05-01", "2001-04-01"), ("2009-12-31", "2004-07-01")):
        response = server.get(f"{local(PARA_2)}/{day}", headers={"Accept": "text/turtle"})
        if day == version:  # a minted version IRI is that version
            assert response.status_code == 200 and mentions(parse(response), f"{PARA_2}/{version}")
            continue
        assert response.status_code == 303, day
        assert response.headers["location"] == f"{local(PARA_2)}/{version}"
    # Harbour Act art_4__para_2: v1 [1995-06-01, 2003-01-01), v2 [2003-01-01, )
    response = server.get(f"{local(HARBOUR)}/art_4/para_2/2002-12-31")
    assert response.status_code == 303
    # to a page (Accept: */*) the day asked travels with the redirect; the version's RDF is one whatever the day
    location = urlsplit(response.headers["location"])
    assert location.path.endswith("/art_4/para_2/1995-06-01") and parse_qs(location.query) == {"date": ["2002-12-31"]}
    followed = server.get(f"{local(PARA_2)}/2003-05-01", headers={"Accept": "text/turtle"}, follow_redirects=True)
    assert followed.status_code == 200 and mentions(parse(followed), f"{PARA_2}/2001-04-01")


def test_a_suffix_and_known_at_are_kept_on_redirect(server):
    known_at = "2100-01-01T00:00:00Z"
    response = server.get(f"{local(PARA_2)}/2003-05-01.jsonld", params={"known_at": known_at})
    assert response.status_code == 303
    location = urlsplit(response.headers["location"])
    assert location.path == f"{local(PARA_2)}/2001-04-01.jsonld"
    assert parse_qs(location.query) == {"known_at": [known_at]}


def test_latest_is_the_version_in_force_today(server):
    # the samples were made on 2024-01-15 (their FRBRManifestation date): today is past it, so /latest is the
    # version as last known, with that caveat, and not a redirect that would present it as in force today
    response = server.get(f"{local(PARA_2)}/latest", headers={"Accept": "text/turtle"})
    assert response.status_code == 200 and "location" not in response.headers
    graph = {(t.subject.value, t.predicate.value, t.object.value) for t in parse(response)}
    asked = f"{PARA_2}/latest"
    assert (asked, "http://purl.org/dc/terms/type", "as-last-known") in graph
    assert (asked, "http://www.w3.org/2000/01/rdf-schema#seeAlso", f"{PARA_2}/2004-07-01") in graph
    repealed = server.get(f"{local(HARBOUR)}/art_7/latest", headers={"Accept": "text/turtle"})
    assert repealed.status_code == 410


def test_before_entry_into_force_is_404_with_the_next_version(server):
    # samples/README.md: nothing of the Open Data Act is in force on 2001-03-31; it enters into force 2001-04-01
    response = server.get(f"{local(PARA_2)}/2001-03-31", headers={"Accept": "application/ld+json"})
    assert response.status_code == 404
    triples = parse(response)
    asked = f"{PARA_2}/2001-03-31"
    status = [t.object.value for t in triples if t.subject.value == asked and t.predicate.value.endswith("/type")]
    assert status == ["not-yet-in-force"]
    linked = {t.object.value for t in triples if t.subject.value == asked and t.predicate.value.endswith("#seeAlso")}
    assert linked == {f"{PARA_2}/2001-04-01"}
    page = server.get(f"{local(PARA_2)}/2001-03-31", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "2001-04-01" in page.text


def test_an_ended_provision_is_410(server):
    # samples/README.md: art_6 [2001-04-01, 2010-01-01), ended without a recorded act (not the Transparency Act)
    response = server.get(f"{local(ODA)}/art_6/2011-01-01", headers={"Accept": "text/turtle"})
    assert response.status_code == 410
    triples = parse(response)
    version = f"{ODA}/art_6/2001-04-01"
    closed = [
        t.object.value
        for t in triples
        if t.subject.value == version and t.predicate.value.endswith("#wasInvalidatedBy")
    ]
    assert closed == [f"{ODA}/event/2010-01-01/ended-without-recorded-act"]
    kinds = {t.object.value for t in triples if t.subject.value == closed[0] and t.predicate.value.endswith("#type")}
    assert kinds == {LEX + "UnrecordedEnd"}
    assert not any(t.predicate.value == LEX + "sourceAct" and t.subject.value == closed[0] for t in triples)
    page = server.get(f"{local(ODA)}/art_6/2011-01-01", headers={"Accept": "text/html"})
    assert page.status_code == 410 and "2010-01-01" in page.text


def test_a_repealed_provision_is_410_naming_the_repeal(server):
    # samples/README.md: Harbour Act art_7 repealed 2012-09-01 by the Harbour Governance Act 2012 (e6)
    response = server.get(f"{local(HARBOUR)}/art_7/2012-09-01", headers={"Accept": "text/turtle"})
    assert response.status_code == 410
    triples = parse(response)
    repeals = [
        t.subject.value for t in triples if t.predicate.value.endswith("#type") and t.object.value == LEX + "Repeal"
    ]
    assert len(repeals) == 1 and "/event/2012-09-01/repeal" in repeals[0]
    sources = {
        t.object.value for t in triples if t.subject.value == repeals[0] and t.predicate.value == LEX + "sourceAct"
    }
    assert sources == {f"{BASE}/eli/ref/akn/xx/act/2012-07-15/20"}
    still = server.get(f"{local(HARBOUR)}/art_7/2012-08-31")
    assert still.status_code == 303 and urlsplit(still.headers["location"]).path == f"{local(HARBOUR)}/art_7/1995-06-01"


def test_not_a_date_and_not_a_provision(server):
    assert server.get(f"{local(PARA_2)}/2001-02-30").status_code == 404
    assert server.get(f"{local(ODA)}/art_99/2005-01-01").status_code == 404


# -- known_at ---------------------------------------------------------------------------------------------
def test_known_at_works_on_every_representation(server, store):
    rows = select(
        store,
        f"""PREFIX lex: <{LEX}> PREFIX prov: <http://www.w3.org/ns/prov#>
            SELECT ?started WHERE {{ GRAPH <{ODA}> {{ ?c lex:expressionDate ?d ; prov:startedAtTime ?started }} }}
            ORDER BY ?started LIMIT 1""",
    )
    first_ingest = rows[0]["started"]  # only open-data-act@2001-04-01.xml was recorded then
    # as recorded then, art_3 para 2 still read "twelve months" in 2005 (the 2004 change was not yet known); the
    # original version (samples/expressions/open-data-act@2001-04-01.xml line 8: contains="originalVersion", its
    # expression of 2001-04-01) vouches for no later day: the last known version, with the caveat, not a 303
    turtle = {"Accept": "text/turtle"}
    response = server.get(f"{local(PARA_2)}/2005-01-01", params={"known_at": first_ingest}, headers=turtle)
    assert response.status_code == 200 and f"{PARA_2}/2001-04-01" in response.text
    assert f"{PARA_2}/2004-07-01" not in response.text
    later = server.get(f"{local(PARA_2)}/2004-07-01", params={"known_at": first_ingest}, headers=turtle)
    # the 2004 version was not recorded yet: a point in time again, answered by the version last known
    assert later.status_code == 200 and f"{PARA_2}/2001-04-01" in later.text
    before = "2000-01-01T00:00:00Z"
    for path in (local(PARA_2), local(f"{PARA_2}/2001-04-01"), f"{local(PARA_2)}/2003-05-01"):
        assert server.get(path, params={"known_at": before}, headers={"Accept": "text/turtle"}).status_code == 404
    assert server.get(local(PARA_2), params={"known_at": "yesterday"}).json()["parameter"] == "known_at"


def test_known_at_leaves_out_a_later_supersession(server, store):
    rows = select(
        store,
        f"""PREFIX lex: <{LEX}>
            SELECT ?record ?recorded ?superseded WHERE {{
              ?record lex:recordOf <{PARA_2}/2001-04-01> ; lex:recordedAt ?recorded ;
                      lex:supersededAt ?superseded }}""",
    )
    assert len(rows) == 1  # the open-ended record, superseded when the 2004 expression closed the window
    record = rows[0]["record"]
    then = server.get(local(record), params={"known_at": rows[0]["recorded"]}, headers={"Accept": "text/turtle"})
    now = server.get(local(record), headers={"Accept": "text/turtle"})
    superseded = pyoxigraph.NamedNode(LEX + "supersededAt")
    assert not any(t.predicate == superseded for t in parse(then))
    assert any(t.predicate == superseded for t in parse(now))
    assert then.headers["etag"] != now.headers["etag"]


# -- the ontology and the shapes --------------------------------------------------------------------------
def test_the_ontology_in_html_documents_every_class(server):
    ontology = pyoxigraph.Store()
    ontology.load(path=str(REPO / "ontology" / "lexrdf.ttl"), format=pyoxigraph.RdfFormat.TURTLE)
    classes = [
        row["c"].value
        for row in ontology.query("SELECT ?c WHERE { ?c a <http://www.w3.org/2002/07/owl#Class> FILTER isIRI(?c) }")
    ]
    assert len(classes) >= 20
    page = server.get("/ontology", headers={"Accept": "text/html"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for iri in classes:
        assert f"<code>{iri}</code>" in page.text, iri
        if iri.startswith(LEX):
            assert f'id="{iri.removeprefix(LEX)}"' in page.text, iri
    label = next(ontology.quads_for_pattern(pyoxigraph.NamedNode(LEX + "VersionRecord"), pyoxigraph.NamedNode(
        "http://www.w3.org/2004/02/skos/core#definition"), None)).object.value  # fmt: skip
    assert label in page.text


def test_the_ontology_in_turtle_is_the_file(server):
    written = [q.triple for q in pyoxigraph.parse(path=REPO / "ontology" / "lexrdf.ttl")]
    for path in ("/ontology.ttl", "/ontology"):
        response = server.get(path, headers={"Accept": "text/turtle"})
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/turtle")
        assert len(parse(response)) == len(written)
    as_jsonld = server.get("/ontology", headers={"Accept": "application/ld+json"})
    assert len(parse(as_jsonld)) == len(written)


def test_generic_pages_link_ontology_terms(server):
    page = server.get(local(f"{PARA_2}/2001-04-01/en"), headers={"Accept": "text/html"})
    assert 'href="/ontology#text"' in page.text and 'href="/ontology#Expression"' in page.text


def test_the_shapes(server):
    shapes = [q.triple for p in sorted((REPO / "shapes").glob("*.ttl")) for q in pyoxigraph.parse(path=p)]
    turtle = server.get("/shapes")  # data first: what `lexrdf shapes` prints
    assert turtle.status_code == 200 and turtle.headers["content-type"].startswith("text/turtle")
    assert len(parse(turtle)) == len(shapes)
    names = {t.subject.value for t in shapes if t.object.value == "http://www.w3.org/ns/shacl#NodeShape"}
    page = server.get("/shapes", headers={"Accept": "text/html"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in names:
        assert f'id="{name.rsplit("#", 1)[-1]}"' in page.text
    assert "Vary" in turtle.headers and turtle.headers["access-control-allow-origin"] == "*"


# -- conneg, without a server -----------------------------------------------------------------------------
def test_negotiate_prefers_the_most_specific_range_then_the_servers_order():
    offered = ["text/html", "text/turtle", "application/ld+json"]
    assert negotiate(None, offered) == "text/html"
    assert negotiate("", offered) == "text/html"
    assert negotiate("application/*;q=0.2, text/turtle;q=0.1", offered) == "application/ld+json"
    assert negotiate("text/turtle;q=0.1, */*;q=0", offered) == "text/turtle"
    assert negotiate("text/turtle;q=0", ["text/turtle"]) is None
    assert negotiate("garbage, text/turtle;q=bad", ["text/turtle"]) is None  # an unreadable q is 0
    assert negotiate("TEXT/Turtle", offered) == "text/turtle"
