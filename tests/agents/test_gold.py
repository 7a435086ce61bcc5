"""The gold set (tests/agents/gold.py on the DPA, gold_more.py on the Vereinsgesetz, the CAD and CLML acts,
gold_extra.py on the GLA 1999 Part III, the Senior Courts Act 1981 Part VI, the Income Tax Act 2007, the SAT-Graph
dataset and what the others leave thin) through the MCP SDK's client: in process, over streamable HTTP against
`lexrdf serve --mcp`, and over stdio against `lexrdf mcp` (one spawned server answering every case in one session).
Every answer is checked exactly against what was read from the sources; no model is needed. A case with `xfail`
(lexrdf's answer is not the source's) is a strict xfail on every transport."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import BASE, SHARED_DATA, UKPGA, VEREINSG, needs_shared, open_lex
from gold import CASES as DPA_CASES
from gold import Case
from gold_extra import EXTRA_CASES
from gold_more import MORE_CASES
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from servers import lexrdf_server

from lexrdf.agents.server import build_server
from lexrdf.api import Lexrdf
from lexrdf.satgraph.importer import import_dataset
from lexrdf.settings import Settings

CASES = DPA_CASES + MORE_CASES + EXTRA_CASES
SOURCES = [
    UKPGA,
    VEREINSG / "vereinsg@1964-08-05.xml",
    VEREINSG / "vereinsg@2017-03-16.xml",
    SHARED_DATA / "akn" / "normattiva" / "20050516_005G0104_VIGENZA_20250130.xml",
    SHARED_DATA / "clml" / "more" / "ukpga-2007-3-section-12A.xml",
    SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml",
    SHARED_DATA / "clml" / "more" / "ukpga-1994-23-section-24.xml",
    SHARED_DATA / "clml" / "ukpga-1981-54-part-VI-2020-08-03.xml",
    SHARED_DATA / "clml" / "more" / "ukpga-2007-3-section-8.xml",
    SHARED_DATA / "clml" / "more" / "ukpga-2007-3-section-16.xml",
]
SATGRAPH = SHARED_DATA / "satgraph" / "001-point-in-time-retrieval.json"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for source in [*SOURCES, SATGRAPH]:
        needs_shared(source)
    path = tmp_path_factory.mktemp("gold") / "store"
    writer = open_lex(path)
    writer.ingest(SOURCES)
    import_dataset(SATGRAPH, writer.store, writer.settings)
    writer.publish()
    writer.close()
    return path


@pytest.fixture(scope="module")
def in_process(store: Path) -> Iterator[Any]:
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    yield lambda: Client(build_server(lambda: lex, lambda: date(2026, 12, 3)))
    lex.close()


@pytest.fixture(scope="module")
def over_http(store: Path) -> Iterator[Any]:
    with lexrdf_server(store, "--mcp", "--today", "2026-12-03") as (url, _):
        yield lambda: Client(f"{url}/mcp")


def lookup(found: Any, path: str) -> Any:
    for step in path.split("."):
        found = found[int(step)] if isinstance(found, list) else found[step]
    return found


async def plan(client: Client, case: Case) -> dict[str, Any]:
    """The case's tool calls in an open session; the last call's structured answer."""
    previous: dict[str, Any] = {}
    for tool, arguments in case.calls:
        given = {
            key: lookup(previous, value[1:]) if isinstance(value, str) and value.startswith("$") else value
            for key, value in arguments.items()
        }
        result = await client.call_tool(tool, given)
        assert not result.is_error, (tool, result.content[0].text)
        previous = result.structured_content
    return previous


def run_plan(client: Client, case: Case) -> dict[str, Any]:
    async def main() -> dict[str, Any]:
        async with client:
            return await plan(client, case)

    return anyio.run(main)


def check(found: dict[str, Any], case: Case) -> None:
    for path, expected in case.expect.items():
        assert lookup(found, path) == expected, (case.question, path, case.source)
    for path, words in case.contains.items():
        value = lookup(found, path)
        held = [item.get("provision") for item in value] if isinstance(value, list) else value
        for word in (words,) if isinstance(words, str) else words:
            assert word in held, (case.question, path, word, case.source)
    assert found["as_of_source"] in ("user", "question", "default-today") and found["as_of_used"]


def test_the_gold_set_is_large_enough():
    assert len(CASES) >= 60 and len({case.question for case in CASES}) == len(CASES)


GOLD = [
    pytest.param(case, marks=[pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else [])
    for case in CASES
]
IDS = [case.question[:60] for case in CASES]


@pytest.mark.parametrize("case", GOLD, ids=IDS)
def test_in_process(in_process, case):
    check(run_plan(in_process(), case), case)


@pytest.mark.parametrize("case", GOLD, ids=IDS)
def test_over_streamable_http(over_http, case):
    check(run_plan(over_http(), case), case)


def test_over_stdio(store: Path, tmp_path: Path):
    """`lexrdf mcp` spawned by the SDK's stdio client; every case in one session, each checked (a case marked
    `xfail` must still fail: refused by the client, or answered otherwise than the source)."""
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "lexrdf.cli", "mcp", "--store", str(store), "--today", "2026-12-03"],
        env={"LEXRDF_BASE_IRI": BASE, "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )

    async def attempt(client: Client, case: Case) -> dict[str, Any] | Exception:
        try:
            return await plan(client, case)
        except (AssertionError, RuntimeError) as refused:
            return refused

    async def main() -> list[dict[str, Any] | Exception]:
        with (tmp_path / "stderr.log").open("w") as log:
            async with Client(stdio_client(parameters, errlog=log)) as client:
                return [await attempt(client, case) for case in CASES]

    for found, case in zip(anyio.run(main), CASES, strict=True):
        if case.xfail is None:
            assert not isinstance(found, Exception), (case.question, found)
            check(found, case)
        elif not isinstance(found, Exception):
            with pytest.raises(AssertionError):
                check(found, case)
