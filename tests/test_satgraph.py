"""SAT-Graph interoperability: SAT-Graph JSON imported into a real on-disk store, the SAT-Graph operations answered
over it by the CLI and by a real uvicorn server, and exported back as SAT-Graph JSON."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from conftest import BASE, REPO, SAMPLES, SHARED_DATA, needs_shared, open_lex
from servers import lexrdf_serve

from lexrdf.api import Lexrdf
from lexrdf.errors import SourceError
from lexrdf.satgraph.exporter import export_dataset
from lexrdf.satgraph.importer import import_dataset
from lexrdf.satgraph.operations import SatGraph
from lexrdf.settings import Settings

SAMPLE = SHARED_DATA / "satgraph" / "001-point-in-time-retrieval.json"
FIXTURES = REPO / "tests" / "fixtures" / "satgraph"
DATASETS = [
    FIXTURES / name for name in ("overruled-interpretation.json", "unified-interpretations.json", "doctrine.json")
]


def lexrdf(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    """The real command line, on `store`."""
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE}
    return subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", *args, "--store", str(store)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One store holding the sample dataset and the three hand-made ones, imported with the CLI."""
    needs_shared(SAMPLE)
    location = tmp_path_factory.mktemp("satgraph") / "store"
    done = lexrdf("satgraph", "import", str(SAMPLE), *map(str, DATASETS), store=location)
    assert done.returncode == 0, done.stderr
    assert "4 items, 4 versions, 0 interpretations, 3 actions, 12 text units" in done.stdout
    return location


@pytest.fixture(scope="module")
def server(store: Path):
    """`lexrdf serve` (which includes the /satgraph routes) on 127.0.0.1 over the store."""
    with lexrdf_serve(store) as url:
        yield url


# -- the sample's sampleQueries, read generically ------------------------------------------------------------
def sample_queries() -> list[tuple[str, list[str], list[str]]]:
    """(operation, positional arguments, expected ids) of every sampleQuery of the sample dataset."""
    if not SAMPLE.exists():
        return []
    queries = []
    for entry in json.loads(SAMPLE.read_text(encoding="utf-8"))["sampleQueries"]:
        match = re.fullmatch(r"\s*(\w+)\((.*)\)\s*", entry["query"], re.DOTALL)
        assert match, entry["query"]
        arguments = ast.literal_eval(f"({match.group(2)},)") if match.group(2).strip() else ()
        queries.append((match.group(1), [str(a) for a in arguments], entry["expectedResult"]))
    return queries


def ids(answer: Any) -> list[str]:
    return [entry["id"] if isinstance(entry, dict) else entry for entry in answer]


@pytest.mark.parametrize(("operation", "arguments", "expected"), sample_queries())
def test_sample_queries_through_the_cli(store: Path, operation: str, arguments: list[str], expected: list[str]):
    done = lexrdf("satgraph", operation, *arguments, store=store)
    assert done.returncode == 0, done.stderr
    assert ids(json.loads(done.stdout)) == expected


def http_call(server: str, operation: str, arguments: list[str]) -> httpx.Response:
    """Call an operation over HTTP by its operationId, as the server's OpenAPI document describes it: positional
    arguments fill the path parameters first, then the query parameters, in the order the operation lists them."""
    spec = httpx.get(f"{server}/openapi.json").json()
    path, method = next(
        (path, method)
        for path, methods in spec["paths"].items()
        for method, body in methods.items()
        if body.get("operationId") == operation
    )
    declared = [p["name"] for p in spec["paths"][path][method].get("parameters", [])]
    values = dict(zip(declared, arguments, strict=False))
    for name in re.findall(r"{(\w+)}", path):
        path = path.replace(f"{{{name}}}", quote(values.pop(name), safe=""))
    return httpx.request(method.upper(), f"{server}{path}", params=values, timeout=30)


@pytest.mark.parametrize(("operation", "arguments", "expected"), sample_queries())
def test_sample_queries_over_http(server: str, operation: str, arguments: list[str], expected: list[str]):
    response = http_call(server, operation, arguments)
    assert response.status_code == 200, response.text
    assert ids(response.json()) == expected


# -- the hand-made datasets: before, between and after every event ------------------------------------------
ART5 = "urn:lex:xx:federal:lei:2001-01-10;100!art5"
S1, S2 = (
    "urn:lex:xx:federal:lei:2001-01-10;100@2001-01-10!art5",
    "urn:lex:xx:federal:lei:2001-01-10;100@2010-06-01!art5",
)
I1 = "urn:lex:xx:supremo.tribunal:acordao:2012-03-01;hc1@2012-03-01!reading-art5"
I2 = "urn:lex:xx:supremo.tribunal:acordao:2018-09-10;adi2@2018-09-10!reading-art5"
A0, A1 = "urn:lex:xx:federal:lei:2001-01-10;100#creation", "urn:lex:xx:federal:lei:2010-05-20;200#art1-amends-art5"
R1, R2 = (
    "urn:lex:xx:supremo.tribunal:acordao:2012-03-01;hc1#ratio",
    "urn:lex:xx:supremo.tribunal:acordao:2018-09-10;adi2#ratio",
)

ART2 = "urn:lex:xx:federal:lei:2003-04-01;300!art2"
S = "urn:lex:xx:federal:lei:2003-04-01;300@2003-04-01!art2"
C0 = "urn:lex:xx:federal:lei:2003-04-01;300#creation"

DOCTRINE = "doctrine:xx:legitimate-expectations"
D1, D2 = f"{DOCTRINE}@1995-05-10", f"{DOCTRINE}@2004-03-03"
H10 = "urn:lex:xx:high.court:acordao:1995-05-10;re10#holding"
H77 = "urn:lex:xx:high.court:acordao:2004-03-03;re77#holding"
H301 = "urn:lex:xx:high.court:acordao:2019-01-01;re301#holding"

# (item, date, the versions valid that day, the actions of its history up to that day)
TIMELINES = [
    # (i) a statutory chain and two successive interpretations, the second overruling the first
    (ART5, "2001-01-09", [], []),
    (ART5, "2001-01-10", [S1], [A0]),
    (ART5, "2010-05-31", [S1], [A0]),
    (ART5, "2010-06-01", [S2], [A0, A1]),
    (ART5, "2012-02-29", [S2], [A0, A1]),
    (ART5, "2012-03-01", [S2, I1], [A0, A1, R1]),
    (ART5, "2018-09-09", [S2, I1], [A0, A1, R1]),
    (ART5, "2018-09-10", [S2, I2], [A0, A1, R1, R2]),
    (ART5, "2030-01-01", [S2, I2], [A0, A1, R1, R2]),
    # (ii) two concurrent interpretations, unified by a later ruling
    (ART2, "2003-03-31", [], []),
    (ART2, "2003-04-01", [S], [C0]),
    (ART2, "2006-01-31", [S], [C0]),
    (ART2, "2006-02-01", [S, "reading-a"], [C0, "ruling-a"]),
    (ART2, "2008-07-14", [S, "reading-a"], [C0, "ruling-a"]),
    (ART2, "2008-07-15", [S, "reading-a", "reading-b"], [C0, "ruling-a", "ruling-b"]),
    (ART2, "2014-11-19", [S, "reading-a", "reading-b"], [C0, "ruling-a", "ruling-b"]),
    (ART2, "2014-11-20", [S, "reading-unified"], [C0, "ruling-a", "ruling-b", "ruling-unifying"]),
    (ART2, "2030-01-01", [S, "reading-unified"], [C0, "ruling-a", "ruling-b", "ruling-unifying"]),
    # (iii) a doctrine with interpretive versions only, abandoned in 2019
    (DOCTRINE, "1995-05-09", [], []),
    (DOCTRINE, "1995-05-10", [D1], [H10]),
    (DOCTRINE, "2004-03-02", [D1], [H10]),
    (DOCTRINE, "2004-03-03", [D2], [H10, H77]),
    (DOCTRINE, "2018-12-31", [D2], [H10, H77]),
    (DOCTRINE, "2019-01-01", [], [H10, H77, H301]),
    (DOCTRINE, "2030-01-01", [], [H10, H77, H301]),
]


@pytest.mark.parametrize(("item", "day", "valid", "history"), TIMELINES)
def test_valid_versions_and_history_around_every_event(
    server: str, item: str, day: str, valid: list[str], history: list[str]
):
    path = f"{server}/satgraph/items/{quote(item, safe='')}"
    answer = httpx.get(f"{path}/valid-versions", params={"at": f"{day}T00:00:00Z"})
    assert answer.status_code == 200, answer.text
    assert ids(answer.json()) == valid
    actions = httpx.get(f"{path}/history", params={"endTime": f"{day}T00:00:00Z"})
    assert actions.status_code == 200, actions.text
    assert ids(actions.json()) == history


def test_versions_carry_their_windows_and_actions(server: str):
    versions = httpx.get(f"{server}/satgraph/items/{quote(ART5, safe='')}/versions").json()
    assert [(v["id"], v["type"], v["validityInterval"]) for v in versions] == [
        (S1, "statutory", ["2001-01-10T00:00:00Z", "2010-06-01T00:00:00Z"]),
        (S2, "statutory", ["2010-06-01T00:00:00Z", None]),
        (I1, "interpretive", ["2012-03-01T00:00:00Z", "2018-09-10T00:00:00Z"]),
        (I2, "interpretive", ["2018-09-10T00:00:00Z", None]),
    ]
    assert (versions[2]["producedByActionId"], versions[2]["terminatedByActionId"]) == (R1, R2)
    overruling = httpx.get(f"{server}/satgraph/actions/{quote(R2, safe='')}").json()
    assert overruling["type"] == "Overruling" and overruling["eventTime"] == "2018-09-10T00:00:00Z"
    assert (overruling["terminatesVersionIds"], overruling["producesVersionIds"]) == ([I1], [I2])
    unifying = httpx.get(f"{server}/satgraph/actions/ruling-unifying").json()
    assert unifying["terminatesVersionIds"] == ["reading-a", "reading-b"]


def test_applicability_differs_from_validity(server: str):
    path = f"{server}/satgraph/items/{quote(ART5, safe='')}/applicable-versions"
    assert ids(httpx.get(path, params={"at": "2010-07-01"}).json()) == []  # in force from 06-01, applies from 09-01
    assert ids(httpx.get(path, params={"at": "2010-09-01"}).json()) == [S2]
    assert ids(httpx.get(path, params={"at": "2005-01-01"}).json()) == [S1]


def test_structure_text_and_search(server: str):
    item = quote(ART5, safe="")
    act = "urn:lex:xx:federal:lei:2001-01-10;100"
    assert ids(httpx.get(f"{server}/satgraph/items/{item}/ancestors").json()) == [act]
    assert ids(httpx.get(f"{server}/satgraph/items/{quote(act, safe='')}/children").json()) == [ART5]
    assert httpx.get(f"{server}/satgraph/items/{quote(act, safe='')}/hierarchy").json() == [act, ART5]
    units = httpx.get(f"{server}/satgraph/versions/{quote(I1, safe='')}/text-units").json()
    assert [(u["aspect"], u["language"]) for u in units] == [("canonical", "en"), ("ratio", "en")]
    diff = httpx.get(f"{server}/satgraph/versions/compare", params={"versionIdA": S1, "versionIdB": S2}).json()
    assert diff["changes"] == [
        {"type": "modification", "level": "word", "componentId": ART5, "contentBefore": "final.",
         "contentAfter": "final, save in flagrante delicto."}
    ]  # fmt: skip
    search = httpx.post(
        f"{server}/satgraph/text-units/search",
        json={"contentQuery": {"lexical": {"queryText": "precautionary ground"}}, "at": "2020-01-01T00:00:00Z"},
    ).json()
    assert [hit["textUnit"]["sourceId"] for hit in search] == [I2]
    assert (
        httpx.post(
            f"{server}/satgraph/text-units/search",
            json={"contentQuery": {"lexical": {"queryText": "precautionary ground"}}, "at": "2015-01-01T00:00:00Z"},
        ).json()
        == []
    )
    resolved = httpx.get(f"{server}/satgraph/items/by-reference", params={"referenceText": DOCTRINE}).json()
    assert [(c["item"]["id"], c["item"]["typeId"], c["confidence"]) for c in resolved] == [(DOCTRINE, "doctrine", 1.0)]
    caused = httpx.get(
        f"{server}/satgraph/items/{quote('urn:lex:xx:federal:lei:2010-05-20;200', safe='')}/actions-caused"
    )
    assert ids(caused.json()) == [A1]


def test_unknown_ids_and_bad_times_are_problems(server: str):
    missing = httpx.get(f"{server}/satgraph/items/urn%3Alex%3Axx%3Anone/valid-versions", params={"at": "2001-01-01"})
    assert missing.status_code == 404 and missing.headers["content-type"] == "application/problem+json"
    bad = httpx.get(f"{server}/satgraph/items/{quote(ART5, safe='')}/valid-versions", params={"at": "soon"})
    assert bad.status_code == 400 and bad.json()["parameter"] == "at"


def test_observer_time_before_the_import_knows_nothing(server: str):
    path = f"{server}/satgraph/items/{quote(ART5, safe='')}/valid-versions"
    assert ids(httpx.get(path, params={"at": "2015-01-01", "observerTime": "2020-01-01T00:00:00Z"}).json()) == []
    assert ids(httpx.get(path, params={"at": "2015-01-01"}).json()) == [S2, I1]


def test_rulings_relate_interpretations_in_the_lexrdf_model(store: Path):
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)  # the published snapshot
    try:
        rows = lex.store.sparql(
            """PREFIX lex: <https://w3id.org/lexrdf/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/>
            SELECT ?ruling ?relation ?earlier WHERE {
              VALUES ?relation { lex:overrules lex:unifies lex:refines lex:supersedes lex:strikesDown }
              ?event ?relation ?state . ?event dcterms:identifier ?ruling . ?state dcterms:identifier ?earlier }"""
        )
        found = {(r["ruling"].value, r["relation"].value.rsplit("#")[-1], r["earlier"].value) for r in rows}
        concurrent = list(
            lex.store.sparql(
                "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT * WHERE { ?a lex:concurrentWith ?b }"
            )
        )
    finally:
        lex.close()
    assert found == {
        (R2, "overrules", I1),
        ("ruling-unifying", "unifies", "reading-a"),
        ("ruling-unifying", "unifies", "reading-b"),
        (H77, "refines", D1),
        (H301, "overrules", D2),
    }
    assert len(concurrent) == 1


def test_imported_identifiers_resolve_with_the_query_library(store: Path):
    done = lexrdf("query", "resolve", "-p", f"ref={ART5}", store=store)
    assert json.loads(done.stdout)["provision"] == f"{BASE}/eli/xx/lei/2001-01-10/100/art5"
    act = lexrdf("query", "resolve", "-p", "ref=urn:lex:xx:federal:lei:2001-01-10;100", store=store)
    assert json.loads(act.stdout)["provision"] == f"{BASE}/eli/xx/lei/2001-01-10/100"
    text = lexrdf("query", "text-at", "-p", f"provision={BASE}/eli/xx/lei/2001-01-10/100/art5", "-p", "date=2011-01-01",
                  store=store)  # fmt: skip
    answer = json.loads(text.stdout)
    assert answer["text"].endswith("save in flagrante delicto.")
    # SAT items carry no number: the citation names the unit by its path under the act, never "None, whole act"
    assert "None" not in answer["citation"] and ", art5, as in force on 1 January 2011" in answer["citation"]


# -- round trip ---------------------------------------------------------------------------------------------
def _versions(data: dict[str, Any]) -> dict[str, tuple]:
    return {
        v["id"]: (v["itemId"], v["type"], tuple(v["validityInterval"]), tuple(v.get("applicabilityInterval") or ()))
        for v in data["versions"]
    }


def _actions(data: dict[str, Any]) -> dict[str, tuple]:
    produced = {a["id"]: set(a.get("producesVersionIds") or ()) for a in data["actions"]}
    terminated = {a["id"]: set(a.get("terminatesVersionIds") or ()) for a in data["actions"]}
    for v in data["versions"]:  # a dataset may say it on either side
        if v.get("producedByActionId"):
            produced[v["producedByActionId"]].add(v["id"])
        if v.get("terminatedByActionId"):
            terminated[v["terminatedByActionId"]].add(v["id"])
    return {
        a["id"]: (a["type"], a["eventTime"], sorted(produced[a["id"]]), sorted(terminated[a["id"]]),
                  sorted(a.get("sourceVersionIds") or ()), a.get("validityInterval"), a.get("metadata"))
        for a in data["actions"]
    }  # fmt: skip


def _units(data: dict[str, Any]) -> set[tuple]:
    return {(u["sourceId"], u["language"], u["aspect"], u["content"]) for u in data["textUnits"]}


@pytest.mark.parametrize("dataset", [SAMPLE, *DATASETS], ids=lambda p: p.stem)
def test_round_trip_keeps_every_item_version_interval_and_action(tmp_path: Path, dataset: Path):
    needs_shared(dataset)
    original = json.loads(dataset.read_text(encoding="utf-8"))
    first = tmp_path / "first"
    assert lexrdf("satgraph", "import", str(dataset), store=first).returncode == 0
    exported = tmp_path / "export.json"
    done = lexrdf("satgraph", "export", "--out", str(exported), store=first)
    assert done.returncode == 0, done.stderr
    again = json.loads(exported.read_text(encoding="utf-8"))
    items = {item["id"]: item for item in again["items"]}
    for item in original["items"]:
        assert (items[item["id"]]["typeId"], items[item["id"]]["label"]) == (item["typeId"], item["label"])
        assert items[item["id"]].get("metadata") == item.get("metadata")
    assert _versions(again) == _versions(original)
    assert {v["id"]: v.get("metadata") for v in again["versions"]} == {
        v["id"]: v.get("metadata") for v in original["versions"]
    }
    assert _actions(again) == _actions(original)
    assert _units(again) == _units(original)
    # and the export is itself a dataset that imports to the same export
    second = tmp_path / "second"
    assert lexrdf("satgraph", "import", str(exported), store=second).returncode == 0
    reexported = lexrdf("satgraph", "export", "--out", "-", store=second)
    assert {k: v for k, v in json.loads(reexported.stdout).items() if k != "metadata"} == {
        k: v for k, v in again.items() if k != "metadata"
    }


def test_export_of_one_item(store: Path):
    done = lexrdf("satgraph", "export", "--item", ART2, "--out", "-", store=store)
    data = json.loads(done.stdout)
    assert [item["id"] for item in data["items"]] == [ART2]
    assert {v["id"] for v in data["versions"]} == {S, "reading-a", "reading-b", "reading-unified"}
    assert [a["id"] for a in data["actions"]] == [C0, "ruling-a", "ruling-b", "ruling-unifying"]


# -- the import itself --------------------------------------------------------------------------------------
def test_reimport_writes_nothing_and_export_of_ingested_acts(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        first = import_dataset(DATASETS[0], lex.store, lex.settings)
        quads = lex.store.quad_count()
        again = import_dataset(DATASETS[0], lex.store, lex.settings)
        assert first.quads > 0 and again.quads == 0 and lex.store.quad_count() == quads
        lex.ingest([SAMPLES])  # acts from Akoma Ntoso export too, under their IRIs
        data = export_dataset(SatGraph(lex.store))
    finally:
        lex.close()
    assert f"{BASE}/eli/xx/act/2001-03-14/12/art_3/para_2" in {item["id"] for item in data["items"]}
    assert {"statutory"} <= {v["type"] for v in data["versions"]}


def test_a_graph_held_for_another_identifier_is_not_written(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES])
        before = lex.store.quad_count()
        clash = tmp_path / "clash.json"
        clash.write_text(
            json.dumps(
                {
                    "items": [{"id": "urn:lex:xx:federal:act:2001-03-14;12!art_3", "typeId": "article", "label": "x"}],
                    "versions": [
                        {
                            "id": "v1",
                            "itemId": "urn:lex:xx:federal:act:2001-03-14;12!art_3",
                            "type": "statutory",
                            "validityInterval": ["2001-01-01T00:00:00Z", None],
                        }
                    ],
                }  # fmt: skip
            ),
            encoding="utf-8",
        )
        with pytest.raises(SourceError, match="held in the store under other identifiers"):
            import_dataset(clash, lex.store, lex.settings)
        assert lex.store.quad_count() == before
    finally:
        lex.close()


def test_a_bad_dataset_is_one_line_and_writes_nothing(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"versions": [{"id": "v", "itemId": "i", "validityInterval": ["2001-13-01", None]}]}))
    done = lexrdf("satgraph", "import", str(bad), store=tmp_path / "store")
    assert done.returncode == 1 and "versions[0]" in done.stderr and "not a date-time" in done.stderr


def test_a_later_dataset_ends_a_stored_window_and_observer_time_sees_both(tmp_path: Path):
    item = "urn:lex:yy:federal:lei:1990-01-01;1!art1"
    first, second = (
        "urn:lex:yy:federal:lei:1990-01-01;1@1990-01-01!art1",
        "urn:lex:yy:federal:lei:1990-01-01;1@2000-01-01!art1",
    )
    amendment = "urn:lex:yy:federal:lei:2000-01-01;2#art1"

    def dataset(name: str, versions: list[dict[str, Any]], actions: list[dict[str, Any]]) -> Path:
        path = tmp_path / name
        items = [{"id": item, "typeId": "article", "label": "Art. 1"}]
        units = [
            {"sourceId": v["id"], "language": "en", "aspect": "canonical", "content": f"Text from {v['id'][-16:-6]}."}
            for v in versions
        ]
        path.write_text(json.dumps({"items": items, "versions": versions, "textUnits": units, "actions": actions}))
        return path

    opening = {"id": first, "itemId": item, "type": "statutory", "validityInterval": ["1990-01-01T00:00:00Z", None]}
    closed = {
        **opening,
        "validityInterval": ["1990-01-01T00:00:00Z", "2000-01-01T00:00:00Z"],
        "terminatedByActionId": amendment,
    }
    later = {"id": second, "itemId": item, "type": "statutory", "validityInterval": ["2000-01-01T00:00:00Z", None]}
    change = {
        "id": amendment,
        "type": "Amendment",
        "eventTime": "2000-01-01T00:00:00Z",
        "sourceVersionIds": [],
        "terminatesVersionIds": [first],
        "producesVersionIds": [second],
        "metadata": {"legislature": "Parliament"},
    }
    lex = open_lex(tmp_path / "store")
    try:
        import_dataset(dataset("a.json", [opening], []), lex.store, lex.settings)
        between = datetime.now(UTC).isoformat()
        import_dataset(dataset("b.json", [closed, later], [change]), lex.store, lex.settings)
        sat = SatGraph(lex.store)
        assert ids(sat.get_valid_versions(item, "2005-01-01")) == [second]
        assert ids(sat.get_valid_versions(item, "2005-01-01", observerTime=between)) == [first]
        assert sat.get_version(first)["terminatedByActionId"] == amendment
        assert ids(sat.get_item_history(item)) == [amendment]
    finally:
        lex.close()
