"""The HTTP API and SPARQL endpoint, served by a real uvicorn process on 127.0.0.1."""

from __future__ import annotations

import httpx
import pytest
from conftest import ODA
from servers import lexrdf_serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """`lexrdf serve --sample` on a fresh store, as the README's first command runs it."""
    with lexrdf_serve(tmp_path_factory.mktemp("served") / "store", "--sample") as url:
        yield url


def test_text_at_over_http(server):
    response = httpx.get(f"{server}/api/text-at", params={"provision": f"{ODA}/art_3/para_2", "date": "2003-05-01"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["status"] == "in-force" and answer["valid_until"] == "2004-07-01"
    assert answer["text"].startswith("Publication under paragraph 1 shall take place within twelve")
    assert answer["closed_by"]["type"] == "substitution"


def test_typed_non_answer_over_http(server):
    answer = httpx.get(f"{server}/api/text-at", params={"provision": f"{ODA}/art_6", "date": "2011-01-01"}).json()
    assert answer["status"] == "ended" and answer["text"] is None  # no act repealed it (samples/README.md)
    assert answer["closed_by"]["type"] == "ended-without-recorded-act"


def test_resolve_and_versions_over_http(server):
    resolved = httpx.get(f"{server}/api/resolve", params={"ref": "/akn/xx/act/2001-03-14/12~art_3__para_2"}).json()
    assert resolved["provision"] == f"{ODA}/art_3/para_2"
    versions = httpx.get(f"{server}/api/versions", params={"provision": resolved["provision"]}).json()
    assert [v["valid_from"] for v in versions] == ["2001-04-01", "2004-07-01"]


def test_bad_parameters_are_400_naming_the_parameter(server):
    response = httpx.get(f"{server}/api/text-at", params={"provision": f"{ODA}/art_3/para_2", "date": "soon"})
    assert response.status_code == 400 and response.headers["content-type"] == "application/problem+json"
    assert response.json()["parameter"] == "date" and "parameter 'date'" in response.json()["detail"]
    missing = httpx.get(f"{server}/api/text-at", params={"date": "2003-01-01"})
    assert missing.status_code == 400 and missing.json()["parameter"] == "provision"


def test_openapi_is_generated_from_the_query_headers(server):
    spec = httpx.get(f"{server}/openapi.json").json()
    text_at = spec["paths"]["/api/text-at"]["get"]
    assert text_at["summary"].startswith("The version of a provision in force on a date")
    assert {p["name"] for p in text_at["parameters"]} == {
        "provision",
        "date",
        "known_at",
        "basis",
        "near_days",
        "strict",
        "language",
        "extent",  # text-at.rq: "#+   - extent: all" (a territory the version must extend to)
    }
    listing = httpx.get(f"{server}/api/queries").json()
    assert {q["name"] for q in listing} >= {"resolve", "text-at", "versions", "context"}


def test_sparql_endpoint(server):
    query = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT (COUNT(?v) AS ?n) WHERE { ?v a lex:Version }"
    response = httpx.get(f"{server}/sparql", params={"query": query})
    assert response.headers["content-type"].startswith("application/sparql-results+json")
    assert int(response.json()["results"]["bindings"][0]["n"]["value"]) == 62
    posted = httpx.post(f"{server}/sparql", content=query, headers={"content-type": "application/sparql-query"})
    assert posted.json() == response.json()
    update = httpx.post(f"{server}/sparql", data={"query": "INSERT DATA { <a:a> <a:b> <a:c> }"})
    assert update.status_code == 400


def test_every_primitive_is_served(server):
    provision = f"{ODA}/art_3/para_2"
    diff = httpx.get(f"{server}/api/diff", params={"provision": provision, "from": "2002-01-01", "to": "2005-01-01"})
    assert diff.status_code == 200 and diff.json()["events"][0]["type"] == "substitution"
    for name, params in [
        ("descendants", {"provision": ODA, "date": "2005-01-01"}),
        ("lineage", {"provision": provision, "date": "2005-01-01"}),
        ("context", {"provision": provision, "date": "2005-01-01"}),
        ("impact", {"act": ODA}),
        ("search", {"text": "machine-readable", "date": "2005-01-01"}),
        ("changes-since", {"since": "2000-01-01T00:00:00Z"}),
    ]:
        response = httpx.get(f"{server}/api/{name}", params=params)
        assert response.status_code == 200, (name, response.text)
        assert response.json(), name
