"""Schemathesis against the live server's OpenAPI document (issue #10): for every documented operation, generated
requests (valid and invalid) never give a 5xx, and every response has a documented status, content type and
schema. Bounded for CI: a few dozen examples per operation, no shrinking, under two minutes on two cores."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from conftest import BASE
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode, checks
from test_http_hardening import serve

from lexrdf.settings import Settings
from lexrdf.web.app import create_app

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]
EXAMPLES = {GenerationMode.POSITIVE: 15, GenerationMode.NEGATIVE: 10}  # per operation
# the document the server publishes, built here too so that every operation is a test of its own
SCHEMA = schemathesis.openapi.from_dict(create_app(Settings(base_iri=BASE)).openapi())
OPERATIONS = {operation.label: operation for operation in (result.ok() for result in SCHEMA.get_all_operations())}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store: Path = tmp_path_factory.mktemp("fuzz") / "store"
    yield from serve(store, LEXRDF_SPARQL_TIMEOUT="10")  # no admin token: /admin answers 403, as documented


def test_the_server_publishes_the_document_fuzzed_here(live):
    published = httpx.get(f"{live}/openapi.json").json()
    assert sorted(published["paths"]) == sorted(SCHEMA.raw_schema["paths"])


# the operations no request can break (their parameters are optional strings, or none): fuzzed with valid requests
# only; test_no_request_can_break_the_schema_of holds each of them to it
UNBREAKABLE = frozenset({
    "GET /api/queries", "GET /catalog.ttl", "GET /dumps", "GET /dumps/{name}", "GET /satgraph/actions/{actionId}",
    "GET /satgraph/items/{itemId}", "GET /satgraph/items/{itemId}/ancestors", "GET /satgraph/items/{itemId}/children",
    "GET /satgraph/versions/{versionId}", "GET /sitemap.xml", "GET /void.ttl", "POST /admin/validate",
})  # fmt: skip
FUZZED = [
    (label, mode)
    for label in sorted(OPERATIONS)
    for mode in EXAMPLES
    if not (mode is GenerationMode.NEGATIVE and label in UNBREAKABLE)
]


def _fuzz(operation: schemathesis.APIOperation, mode: GenerationMode, test) -> None:
    """Run `test` on the generated requests of `operation` in `mode` (Unsatisfiable when none can be made)."""

    @settings(
        max_examples=EXAMPLES[mode],
        deadline=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported as found
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(case=operation.as_strategy(mode))
    def run(case):
        test(case)

    run()


@pytest.mark.parametrize(("label", "mode"), FUZZED, ids=[f"{label}-{mode}" for label, mode in FUZZED])
def test_every_operation_answers_as_documented(live, label, mode):
    try:
        _fuzz(OPERATIONS[label], mode, lambda case: case.call_and_validate(base_url=live, checks=CHECKS, timeout=30))
    except Unsatisfiable:
        if mode is GenerationMode.POSITIVE:
            raise
        pytest.fail(f"{label}: no request can break its documented schema; add it to UNBREAKABLE")


@pytest.mark.parametrize("label", sorted(UNBREAKABLE))
def test_no_request_can_break_the_schema_of(label):
    with pytest.raises(Unsatisfiable):
        _fuzz(OPERATIONS[label], GenerationMode.NEGATIVE, lambda case: None)
