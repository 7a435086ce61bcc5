"""SAT-Graph datasets as they come: a `documentary` version (a ruling's own text) is kept and served, a version type,
action type, relation predicate or field lexrdf does not know is kept as data with one warning per kind (the file and
the JSON path of the first occurrence, and how many), and what the import assumes for a field left out is recorded
and stated in the answers. The hand-written datasets are in tests/data/satgraph/; they are imported with the real
command line and asked over a real `lexrdf serve`, as in tests/test_satgraph.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from conftest import BASE, REPO
from servers import lexrdf_serve

DATA = REPO / "tests" / "data" / "satgraph"
DOCUMENTARY, UNKNOWN = DATA / "documentary-ruling.json", DATA / "unknown-kinds.json"

ART7 = "urn:lex:xx:federal:lei:2005-03-01;400!art7"
RULING = "urn:lex:xx:supremo.tribunal:acordao:2015-06-10;re900"
S7 = "urn:lex:xx:federal:lei:2005-03-01;400@2005-03-01!art7"
DOC = f"{RULING}@2015-06-10"
I7 = f"{RULING}@2015-06-10!reading-art7"
C7, R900 = "urn:lex:xx:federal:lei:2005-03-01;400#creation", f"{RULING}#ratio"

ART3 = "urn:lex:xx:federal:lei:2007-08-01;500!art3"
V1, V2 = (
    "urn:lex:xx:federal:lei:2007-08-01;500@2007-08-01!art3",
    "urn:lex:xx:federal:lei:2007-08-01;500@2011-01-01!art3",
)
SUSPENSION = "urn:lex:xx:federal:lei:2010-12-20;510#suspension"

ERGA_OMNES = {
    "field": "bindingScope",
    "value": "erga omnes",
    "because": "the dataset gives no bindingScope; SAT-Graph interpretive versions are taken as the binding reading, "
    "for all",
}


def lexrdf(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE, "COLUMNS": "400"}
    return subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", *args, "--store", str(store)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[Path, subprocess.CompletedProcess[str]]]:
    """One store with both datasets, each imported by its own `lexrdf satgraph import` (its output kept)."""
    store = tmp_path_factory.mktemp("satgraph-kinds") / "store"
    done = {path: lexrdf("satgraph", "import", str(path), "--verbose", store=store) for path in (DOCUMENTARY, UNKNOWN)}
    for result in done.values():
        assert result.returncode == 0, result.stderr
    return store, done


@pytest.fixture(scope="module")
def server(imported):
    with lexrdf_serve(imported[0]) as url:
        yield url


def get(server: str, path: str, **params: str) -> Any:
    response = httpx.get(f"{server}/satgraph{path}", params=params, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def q(identifier: str) -> str:
    return quote(identifier, safe="")


def warnings(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line.removeprefix("warning: ") for line in result.stderr.splitlines() if line.startswith("warning: ")]


# -- (1) a documentary version: the ruling's own text ------------------------------------------------------------
def test_a_documentary_version_is_imported_beside_statutory_and_interpretive_ones(imported):
    _, done = imported
    assert "1 versions, 1 interpretations, 1 documentary and other versions, 2 actions, 4 text units" in " ".join(
        done[DOCUMENTARY].stdout.split()
    )


def test_the_ruling_item_has_its_documentary_version_valid_from_its_date(server: str):
    path = f"/items/{q(RULING)}/valid-versions"
    assert get(server, path, at="2015-06-09T00:00:00Z") == []
    [version] = get(server, path, at="2015-06-10T00:00:00Z")
    assert version["id"] == DOC and version["type"] == "documentary"
    assert version["validityInterval"] == ["2015-06-10T00:00:00Z", None]
    assert version["metadata"] == {"documentKind": "judgment", "court": "Supremo Tribunal"}
    assert get(server, f"/versions/{q(DOC)}") == version
    assert get(server, f"/items/{q(RULING)}/versions") == [version]


def test_the_documentary_version_serves_its_text_canonical_first(server: str):
    units = get(server, f"/versions/{q(DOC)}/text-units")
    assert [(u["aspect"], u["language"], u["content"][:8]) for u in units] == [
        ("canonical", "pt", "ACÓRDÃO."),
        ("summary", "pt", "Ementa: "),
    ]
    assert {u["sourceId"] for u in units} == {DOC}


def test_the_ruling_names_its_own_text_as_its_source_and_is_not_the_provisions_text(server: str):
    ruling = get(server, f"/actions/{q(R900)}")
    assert (ruling["sourceVersionIds"], ruling["producesVersionIds"]) == ([DOC], [I7])
    valid = get(server, f"/items/{q(ART7)}/valid-versions", at="2016-01-01T00:00:00Z")
    assert [(v["id"], v["type"]) for v in valid] == [(S7, "statutory"), (I7, "interpretive")]


# -- (2) what lexrdf does not know: kept as data, one warning per kind --------------------------------------------
def test_unknown_kinds_are_imported_whole_with_one_warning_per_kind(imported):
    _, done = imported
    result = done[UNKNOWN]
    assert "2 documentary and other versions, 2 actions, 2 text units, 3 relations" in " ".join(result.stdout.split())
    assert [" ".join(line.split()) for line in warnings(result)] == [
        f"{UNKNOWN}: themes: top-level section 'themes' not known to lexrdf (1 occurrence), not imported",
        f"{UNKNOWN}: items[0].themeIds: field items[].themeIds not known to lexrdf (1 occurrence), kept as given "
        "(sat:extra) and returned in answers",
        f"{UNKNOWN}: versions[0].usedAsSourceInActionIds: field versions[].usedAsSourceInActionIds not known to lexrdf "
        "(2 occurrences, the first here), kept as given (sat:extra) and returned in answers",
        f"{UNKNOWN}: versions[1].type: version type 'consolidated' not known to lexrdf (2 occurrences, the first "
        "here), kept as sat:versionType and returned as its type",
        f"{UNKNOWN}: relations[1].predicate: relation predicate 'overrides' not known to lexrdf (2 occurrences, the "
        "first here), kept as sat:predicate",
        f"{UNKNOWN}: actions[1].type: action type 'Suspension' not known to lexrdf (1 occurrence), kept as its "
        "dcterms:type and returned as its type (a lex:Amendment, or a lex:JudicialDecision when it produces "
        "interpretations)",
    ]


def test_a_version_of_an_unknown_type_is_served_with_its_type_and_its_unknown_fields(server: str):
    versions = get(server, f"/items/{q(ART3)}/versions")
    assert [(v["id"], v["type"], v.get("usedAsSourceInActionIds")) for v in versions] == [
        (V1, "statutory", []),
        (V2, "consolidated", []),
    ]
    [valid] = get(server, f"/items/{q(ART3)}/valid-versions", at="2012-01-01T00:00:00Z")
    assert valid == versions[1] and valid["producedByActionId"] == SUSPENSION
    units = get(server, f"/versions/{q(V2)}/text-units")
    assert [(u["aspect"], u["content"]) for u in units] == [
        ("canonical", "O acesso é gratuito, salvo o custo de reprodução (cobrança suspensa).")
    ]


def test_an_unknown_item_field_and_action_type_are_returned_as_given(server: str):
    item = get(server, f"/items/{q(ART3)}")
    assert item["themeIds"] == ["tema:acesso"] and item["label"] == "Art. 3 — Fees"
    action = get(server, f"/actions/{q(SUSPENSION)}")
    assert (action["type"], action["terminatesVersionIds"], action["producesVersionIds"]) == ("Suspension", [V1], [V2])
    history = get(server, f"/items/{q(ART3)}/history")
    assert [a["id"] for a in history] == ["urn:lex:xx:federal:lei:2007-08-01;500#creation", SUSPENSION]


# -- (3) defaults: recorded and stated --------------------------------------------------------------------------
def test_a_missing_binding_scope_is_warned_of_once_and_stated_in_the_answers_that_rest_on_it(imported, server: str):
    _, done = imported
    assert [" ".join(line.split()) for line in warnings(done[DOCUMENTARY])] == [
        f"{DOCUMENTARY}: actions[1].metadata.bindingScope: absent for 1 ruling, taken as erga omnes (recorded as "
        "sat:assumed and stated in the answers)"
    ]
    reading = get(server, f"/versions/{q(I7)}")
    assert reading["assumed"] == [ERGA_OMNES]
    assert get(server, f"/actions/{q(R900)}")["assumed"] == [ERGA_OMNES]
    assert "assumed" not in get(server, f"/actions/{q(C7)}")  # a creation binds no one: nothing assumed
    assert "assumed" not in get(server, f"/versions/{q(DOC)}")


def test_a_version_without_a_type_is_statutory_and_says_so(server: str):
    version = get(server, f"/versions/{q(S7)}")
    assert version["type"] == "statutory"
    assert version["assumed"] == [
        {
            "field": "type",
            "value": "statutory",
            "because": "the dataset gives no type for this version (the specification requires one)",
        }
    ]


def test_the_assumptions_are_recorded_in_the_store(server: str):
    query = """PREFIX sat: <https://w3id.org/lexrdf/satgraph#>
               SELECT ?id ?assumed WHERE { GRAPH ?g { ?s sat:assumed ?assumed ;
                 <http://purl.org/dc/terms/identifier> ?id } } ORDER BY ?id"""
    response = httpx.get(
        f"{server}/sparql", params={"query": query}, headers={"Accept": "application/sparql-results+json"}, timeout=30
    )
    assert response.status_code == 200, response.text
    rows = response.json()["results"]["bindings"]
    assert [(row["id"]["value"], [a["field"] for a in json.loads(row["assumed"]["value"])]) for row in rows] == [
        (S7, ["type"]),
        (R900, ["bindingScope"]),
        (I7, ["bindingScope"]),
    ]


# -- the export keeps what came, and states no assumption as data -------------------------------------------------
def test_the_export_gives_back_the_types_and_fields_as_they_came(imported):
    store, _ = imported
    done = lexrdf("satgraph", "export", "--out", "-", store=store)
    assert done.returncode == 0, done.stderr
    exported = json.loads(done.stdout)
    by_id = {v["id"]: v for v in exported["versions"]}
    assert (by_id[DOC]["type"], by_id[V2]["type"], by_id[V2]["usedAsSourceInActionIds"]) == (
        "documentary",
        "consolidated",
        [],
    )
    assert not any("assumed" in entry for section in ("versions", "actions") for entry in exported[section])
    assert {u["sourceId"] for u in exported["textUnits"] if u["aspect"] == "canonical"} >= {DOC, V2}
