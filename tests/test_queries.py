"""The query library: headers, typed parameters, and values that can never change a query's meaning."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ODA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexrdf.errors import QueryError
from lexrdf.queries import get_query, load_library


def test_every_public_query_has_a_summary_and_typed_parameters():
    public = {name: q for name, q in load_library().items() if not q.internal}
    assert {"resolve", "text-at", "versions", "context"} <= set(public)
    for query in public.values():
        assert query.summary, query.name
        assert query.parameters, query.name
        for parameter in query.parameters:
            assert parameter.kind in {"iri", "date", "dateTime", "integer", "string"}


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"date": "2020-01-01"}, "missing required parameter 'provision'"),
        ({"provision": "not an iri", "date": "2020-01-01"}, "parameter 'provision'"),
        ({"provision": ODA, "date": "2020-13-01"}, "parameter 'date'"),
        ({"provision": ODA, "date": "2020-01-01", "known_at": "yesterday"}, "parameter 'known_at'"),
        ({"provision": ODA, "date": "2020-01-01", "colour": "red"}, "no parameter 'colour'"),
    ],
)
def test_bad_parameters_name_the_parameter(values, message):
    with pytest.raises(QueryError, match=message):
        get_query("text-at").bindings(values)


def test_unknown_query():
    with pytest.raises(QueryError, match="unknown query 'nope'"):
        get_query("nope")
    with pytest.raises(QueryError, match="unknown query '_act-state'"):
        get_query("_act-state")  # internal queries are not public


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80))
def test_no_citation_text_changes_what_resolve_means(samples_lex, ref):
    if ref == "":
        with pytest.raises(QueryError, match="missing required parameter 'ref'"):
            samples_lex.resolve(ref)
        return
    answer = samples_lex.resolve(ref)
    assert answer.status in {"unknown-reference", "resolved", "ambiguous-reference"}
    if answer.status == "resolved":  # only citations of things that exist resolve
        assert answer.provision.startswith("https://lexrdf.example.org/eli/")
        assert ref.strip() and (ref.startswith("/akn/xx/") or ref.startswith("https://lexrdf.example.org/"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80))
def test_no_provision_value_changes_what_text_at_means(samples_lex, value):
    try:
        answer = samples_lex.text_at(value, "2005-01-01")
    except QueryError as exc:
        assert "parameter 'provision'" in str(exc)
    else:
        assert answer.status == "unknown-reference" and answer.text is None


@pytest.mark.parametrize(
    "attack",
    [
        '" } UNION { ?provision ?p ?kind } #',
        '/akn/xx/act/2001-03-14/12~art_1" . ?provision ?p ?o } #',
        "> } INSERT DATA { <a> <b> <c> } #",
    ],
)
def test_injection_attempts_are_just_strings(samples_lex, attack):
    before = samples_lex.store.quad_count()
    assert samples_lex.resolve(attack).status == "unknown-reference"
    assert samples_lex.store.quad_count() == before


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexrdf.cli", *args], capture_output=True, text=True, timeout=120)


def test_cli_ingest_summary_and_query_formats(tmp_path):
    store = str(tmp_path / "store")
    ingest = run_cli("ingest", str(SAMPLES), "--store", store)
    assert ingest.returncode == 0
    assert ingest.stdout.startswith("2 acts, 56 provisions, 62 versions, ")
    assert "quads in" in ingest.stdout and "quads/s" in ingest.stdout

    text_at = run_cli(
        "query", "text-at", "--param", f"provision={ODA}/art_3/para_2", "--param", "date=2005-01-01", "--store", store
    )
    answer = json.loads(text_at.stdout)
    assert set(answer) >= {
        "status",
        "provision",
        "version",
        "text",
        "valid_from",
        "valid_until",
        "opened_by",
        "closed_by",
        "citation",
    }
    assert answer["status"] == "in-force" and set(answer["opened_by"]) == {
        "event",
        "type",
        "date",
        "source",
        "sources",
        "evidence",
        "bound",
    }

    versions = run_cli("query", "versions", "-p", f"provision={ODA}/art_3/para_2", "--store", store)
    assert [v["valid_from"] for v in json.loads(versions.stdout)] == ["2001-04-01", "2004-07-01"]
    table = run_cli("query", "versions", "-p", f"provision={ODA}/art_3/para_2", "--format", "table", "--store", store)
    assert table.returncode == 0 and "2004-07-01" in table.stdout and "substitution" in table.stdout

    bad = run_cli("query", "text-at", "-p", f"provision={ODA}", "-p", "date=someday", "--store", store)
    assert bad.returncode == 2 and "parameter 'date'" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    unknown = run_cli("query", "nope", "--store", store)
    assert unknown.returncode == 2 and "unknown query 'nope'" in unknown.stderr
    listing = run_cli("queries")
    assert listing.returncode == 0 and "text-at" in listing.stdout


def test_docs_queries_md_is_generated_from_the_headers():
    from conftest import REPO

    from lexrdf.queries.docs import render_markdown

    assert (REPO / "docs" / "queries.md").read_text(encoding="utf-8") == render_markdown(), (
        "docs/queries.md is stale: run `lexrdf queries --markdown > docs/queries.md`"
    )
    for name in (
        "text-at",
        "context",
        "descendants",
        "versions",
        "lineage",
        "impact",
        "diff",
        "changes-since",
        "search",
        "resolve",
    ):
        assert f"## `{name}`" in render_markdown()
