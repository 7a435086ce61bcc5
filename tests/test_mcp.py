"""The MCP server (lexrdf.agents) through the official SDK's client: in process, over stdio (`lexrdf mcp` spawned
by the SDK's stdio client) and over streamable HTTP (`lexrdf serve --mcp` under uvicorn on 127.0.0.1).

The store holds the Data Protection Act 1998 (ukpga-1998-29.xml, the legislation.gov.uk export); expected values
are read from that file (quoted with their line). "Today" is fixed (`--today`, an injected clock).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import BASE, DPA
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from servers import lexrdf_server
from templates import store_copy

from lexrdf.agents.server import build_server, catalogue
from lexrdf.agents.tools import query_tools
from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

TODAY = date(2026, 12, 3)
S7 = f"{DPA}/section-7"  # line 4088: <section eId="section-7" period="#period32">
S7_1 = f"{DPA}/section-7-1"  # line 4098: <subsection eId="section-7-1">
FOIA = "https://lexrdf.example.org/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36"  # "2000 c. 36", line 1806
NAMED = {
    "resolve_reference", "get_provision", "get_context", "get_descendants", "get_toc", "get_versions", "get_lineage",
    "get_impact", "compare_versions", "get_interpretations", "search_provisions", "verify_citation", "coverage",
    "list_acts", "date_from_question", "getValidVersions", "getItemHistory", "getItemAncestors", "compareVersions",
}  # fmt: skip


@pytest.fixture(scope="module")
def dpa_store(dpa_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return store_copy(dpa_template, tmp_path_factory, "mcp")


@pytest.fixture(scope="module")
def reader(dpa_store: Path):
    lex = Lexrdf.open(Settings(store=dpa_store, base_iri=BASE), read_only=True)
    yield lex
    lex.close()


def in_process(lex: Lexrdf, tools: dict | None = None) -> Client:
    return Client(build_server(lambda: lex, lambda: TODAY, tools))


def session(client: Client, work: Callable[[Client], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with client:
            return await work(client)

    return anyio.run(main)


def call(client: Client, name: str, **arguments: Any) -> Any:
    return session(client, lambda c: c.call_tool(name, arguments))


def answer(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    result = call(client, name, **arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


# -- the catalogue -------------------------------------------------------------------------------------------------
def test_tools_are_listed_with_typed_schemas_and_read_only(reader):
    tools = {tool.name: tool for tool in session(in_process(reader), lambda c: c.list_tools()).tools}
    assert set(tools) >= NAMED
    for tool in tools.values():
        assert tool.annotations.read_only_hint and not tool.annotations.destructive_hint, tool.name
        assert tool.input_schema["type"] == "object" and tool.output_schema["type"] == "object", tool.name
        if tool.name != "date_from_question":  # which reads the date from its question
            assert "as_of" in tool.input_schema["properties"], tool.name
        assert {"as_of_used", "as_of_source", "status", "citation"} <= set(tool.output_schema["properties"])
    get_provision = tools["get_provision"].input_schema
    assert get_provision["required"] == ["provision"] and get_provision["additionalProperties"] is False
    assert get_provision["properties"]["basis"]["enum"] == ["in-force", "applicable"]
    assert get_provision["properties"]["as_of"]["format"] == "date" and "date" not in get_provision["properties"]
    assert tools["compare_versions"].input_schema["required"] == ["provision", "from"]  # `to` is as_of
    assert tools["get_toc"].input_schema["properties"]["page_size"]["maximum"] == 1000


def test_every_public_query_is_a_tool(reader):
    from lexrdf.queries import load_library

    public = [name for name, query in load_library().items() if not query.internal]
    assert sorted(tool.query for tool in query_tools().values()) == sorted(public)
    assert "coverage" in public  # coverage.rq is the coverage tool, with no Python of its own


def test_a_new_rq_file_is_a_new_tool(reader, tmp_path):
    (tmp_path / "unit-by-eid.rq").write_text(
        "#+ summary: The provision of an act that has an eId.\n"
        '#+ result: "[{unit: iri}]"\n'
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#>\n"
        "SELECT ?__act_iri ?__eid ?unit WHERE { ?unit lex:act ?__act_iri ; a lex:Provision ; lex:eId ?__eid }\n",
        encoding="utf-8",
    )
    tools = session(in_process(reader, query_tools(tmp_path)), lambda c: c.list_tools()).tools
    assert [tool.name for tool in tools] == ["unit_by_eid"]
    schema = tools[0].input_schema
    assert schema["required"] == ["act", "eid"] and schema["properties"]["act"]["format"] == "iri"
    found = answer(in_process(reader, query_tools(tmp_path)), "unit_by_eid", act=DPA, eid="section-7")
    assert found["answer"] == [{"unit": S7}] and found["page"]["total"] == 1  # line 4088: eId="section-7"


# -- the primitives, with dates said out loud ----------------------------------------------------------------------
def test_resolve_reference_then_get_provision_with_its_governing_context(reader):
    resolved = answer(
        in_process(reader), "resolve_reference", ref="http://www.legislation.gov.uk/ukpga/1998/29/section/7/1"
    )
    assert resolved["answer"]["provision"] == S7_1
    found = answer(in_process(reader), "get_provision", provision=S7_1, as_of="2010-01-01")
    assert (found["as_of_used"], found["as_of_source"]) == ("2010-01-01", "user")
    assert found["status"] == "in-force" and found["answer"]["status"] == "in-force"
    # line 4102: "Subject to the following provisions of this section and to <ins ...>sections 8, 9 and 9A</ins>, an
    # individual is entitled—"
    assert "sections 8, 9 and 9A, an individual is entitled" in found["answer"]["text"]
    # line 1806: "Words in s. 7(1) substituted (30.11.2000 for certain purposes and otherwise 1.1.2005) by 2000 c. 36"
    assert found["answer"]["valid_from"] == "2005-01-01" and found["answer"]["opened_by"]["source"] == FOIA
    assert found["citation"].endswith("as in force on 1 January 2010")
    assert "Data Protection Act 1998" in found["citation"]
    # the governing chain on the same date, root first: the act, Part II (line 4085), s. 7 (4088), s. 7(1) (4098)
    assert [item["unit"] for item in found["context"]["items"]] == [DPA, f"{DPA}/part-II", S7, S7_1]


def test_the_text_says_the_status_and_the_citation(reader):
    result = call(in_process(reader), "get_provision", provision=S7_1, as_of="2010-01-01")
    short, whole = (content.text for content in result.content)
    first, second = short.splitlines()[:2]
    assert first.startswith("in-force: Data Protection Act 1998") and first.endswith("as in force on 1 January 2010")
    assert second == "Date: as in force on 1 January 2010"
    assert '"as_of_source": "user"' in whole  # the envelope as JSON, for clients that read text only


def test_without_a_date_the_answer_is_for_today_and_says_so(reader):
    found = answer(in_process(reader), "get_provision", provision=S7_1)
    assert (found["as_of_used"], found["as_of_source"]) == ("2026-12-03", "default-today")
    assert found["as_of_said"] == "as in force today, 3 December 2026 (no date was given)"
    # line 25: <FRBRdate date="2018-01-18" name="transform"/>: the sources are current to 2018-01-18, so today's
    # text is the text as last known, never plainly "in force"
    assert found["status"] == "as-last-known" and found["answer"]["current_to"] == "2018-01-18"
    text = call(in_process(reader), "get_provision", provision=S7_1).content[0].text
    assert "as in force today, 3 December 2026" in text


def test_the_date_a_question_names(reader):
    found = answer(in_process(reader), "get_provision", provision=S7_1, question="What did s. 7(1) say in 2010?")
    assert (found["as_of_used"], found["as_of_source"]) == ("2010-01-01", "question")
    assert found["as_of_said"] == "as in force on 1 January 2010 (the question names the year 2010: its first day)"
    result = call(in_process(reader), "get_provision", provision=S7_1, question="On 1 May 2004 or 1 May 2010?")
    assert result.is_error and "several dates" in result.content[0].text
    dates = answer(in_process(reader), "date_from_question", question="In 2021, could an employer refuse?")
    assert dates["status"] == "one-date" and dates["answer"]["chosen"]["granularity"] == "year"
    assert (dates["as_of_used"], dates["as_of_source"]) == ("2021-01-01", "question")


def test_a_date_before_the_sources_give_the_text_is_declined(reader):
    # line 1806: s. 7(1)'s words were substituted on 1.1.2005 and the file gives only the substituted text
    found = answer(in_process(reader), "get_provision", provision=S7_1, as_of="2004-01-01")
    assert found["status"] == "outside-coverage" and found["answer"]["text"] is None
    assert found["citation"].endswith("as in force on 1 January 2004")


def test_verify_citation(reader):
    cited = "http://www.legislation.gov.uk/ukpga/1998/29/section/7/1"
    verified = answer(in_process(reader), "verify_citation", citation=cited, quoted="an individual is entitled",
                      as_of="2010-01-01")  # fmt: skip
    assert verified["status"] == "verified" and verified["answer"]["matches"] is True
    differs = answer(in_process(reader), "verify_citation", citation=cited, quoted="an individual shall be entitled",
                     as_of="2010-01-01")  # fmt: skip
    assert differs["status"] == "text-differs" and differs["answer"]["versions_with_quote"] == []
    before = answer(in_process(reader), "verify_citation", citation=cited, as_of="2004-01-01")
    assert before["status"] == "not-in-force" and before["answer"]["in_force"]["status"] == "outside-coverage"
    unknown = answer(in_process(reader), "verify_citation", citation="http://www.legislation.gov.uk/ukpga/1998/99")
    assert unknown["status"] == "unknown-reference"


def test_coverage_per_act(reader):
    (act,) = answer(in_process(reader), "coverage")["answer"]
    # line 8: <FRBRdate date="1998-07-16" name="enacted"/>; line 25: <FRBRdate date="2018-01-18" name="transform"/>;
    # line 3598: <shortTitle>Data Protection Act 1998</shortTitle>
    assert (act["act"], act["short_title"], act["date"]) == (DPA, "Data Protection Act 1998", "1998-07-16")
    assert (act["covered_from"], act["current_to"]) == ("1998-07-16", "2018-01-18")


def test_lists_come_a_page_at_a_time_never_cut(reader):
    first = answer(in_process(reader), "get_toc", act=DPA, as_of="2010-01-01", page_size=400)
    page = first["page"]
    assert page["number"] == 1 and page["pages"] == math.ceil(page["total"] / 400) and page["next"] == 2
    units = [row["unit"] for row in first["answer"]]
    while page["next"]:
        following = answer(in_process(reader), "get_toc", act=DPA, as_of="2010-01-01", page_size=400, page=page["next"])
        page = following["page"]
        units += [row["unit"] for row in following["answer"]]
    whole = reader.toc(DPA, "2010-01-01")
    assert units == [row["unit"] for row in whole] and len(units) == first["page"]["total"]
    past = call(in_process(reader), "get_toc", act=DPA, as_of="2010-01-01", page=999)
    assert past.is_error and "past the last page" in past.content[0].text


def test_errors_are_data_naming_the_parameter(reader):
    for arguments, named in (
        ({"provision": S7_1, "as_of": "1 January 2010"}, "'as_of'"),
        ({"provision": "not an iri"}, "'provision'"),
        ({"provision": S7_1, "colour": "red"}, "'colour'"),
        ({}, "'provision'"),
    ):
        result = call(in_process(reader), "get_provision", **arguments)
        assert result.is_error and named in result.content[0].text, (arguments, result.content[0].text)
    assert call(in_process(reader), "no_such_tool").is_error


def test_the_answer_is_the_query_librarys_own(reader):
    found = answer(in_process(reader), "get_versions", provision=S7_1)
    assert found["answer"] == [version.to_dict() for version in reader.versions(S7_1)]
    impact = answer(in_process(reader), "get_impact", act=DPA, page_size=1000)
    assert impact["answer"] == reader.impact(DPA).to_dict()


def test_the_guide_and_cookbook_are_resources(reader):
    async def read(client: Client) -> tuple[list[str], str]:
        listed = await client.list_resources()
        guide = await client.read_resource("lexrdf://agents/guide")
        return [str(r.uri) for r in listed.resources], guide.contents[0].text

    uris, guide = session(in_process(reader), read)
    assert uris == ["lexrdf://agents/guide", "lexrdf://agents/cookbook"] and "as_of_source" in guide
    docs = (Path(__file__).resolve().parents[1] / "docs" / "agents.md").read_text(encoding="utf-8")
    from lexrdf.agents.server import resource_text

    assert resource_text("guide.md") in docs and resource_text("cookbook.md") in docs


# -- the transports ------------------------------------------------------------------------------------------------
async def _over_the_wire(client: Client) -> dict[str, Any]:
    tools = await client.list_tools()
    result = await client.call_tool("get_provision", {"provision": S7_1, "as_of": "2010-01-01"})
    today = await client.call_tool("get_provision", {"provision": S7_1})
    return {"tools": {tool.name for tool in tools.tools}, "result": result, "today": today}


def _check_over_the_wire(found: dict[str, Any]) -> None:
    assert set(catalogue()) == found["tools"]
    result = found["result"]
    assert not result.is_error and result.structured_content["answer"]["valid_from"] == "2005-01-01"
    assert result.content[0].text.splitlines()[0].endswith("as in force on 1 January 2010")
    today = found["today"].structured_content
    assert (today["as_of_used"], today["as_of_source"]) == ("2026-12-03", "default-today")


def test_over_stdio(dpa_store, tmp_path):
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "lexrdf.cli", "mcp", "--store", str(dpa_store), "--today", "2026-12-03"],
        env={"LEXRDF_BASE_IRI": BASE, "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )
    with (tmp_path / "stderr.log").open("w") as log:
        _check_over_the_wire(session(Client(stdio_client(parameters, errlog=log)), _over_the_wire))


def test_over_streamable_http_beside_the_http_api(dpa_store):
    with lexrdf_server(dpa_store, "--mcp", "--today", "2026-12-03") as (url, _):
        _check_over_the_wire(session(Client(f"{url}/mcp"), _over_the_wire))
        # the same answer as the HTTP API's: one definition of each answer
        over_http = httpx.get(f"{url}/api/text-at", params={"provision": S7_1, "date": "2010-01-01"}).json()
        over_mcp = session(Client(f"{url}/mcp"), lambda c: c.call_tool("get_provision", {
            "provision": S7_1, "as_of": "2010-01-01"}))  # fmt: skip
        assert over_mcp.structured_content["answer"] == over_http
        # read-only and same origin: a browser page elsewhere is refused
        refused = httpx.post(f"{url}/mcp", json={}, headers={"Origin": "http://evil.example"})
        assert refused.status_code in (400, 403, 421)


def test_serve_without_mcp_has_no_mcp(dpa_store):
    with lexrdf_server(dpa_store) as (url, _):
        assert httpx.post(f"{url}/mcp", json={}).status_code in (404, 405)


def test_an_undated_answer_says_what_it_is_true_for_not_a_date(reader):
    """get_versions, get_impact, resolve_reference and coverage answer for every date: their text says what the
    answer holds for and never 'as in force on D', even when an as_of is given."""
    for name, arguments in [
        ("get_versions", {"provision": S7_1, "as_of": "2010-01-01"}),
        ("get_impact", {"act": FOIA}),
        ("resolve_reference", {"ref": "http://www.legislation.gov.uk/ukpga/1998/29/section/7/1"}),
        ("coverage", {}),
    ]:
        result = call(in_process(reader), name, **arguments)
        found, text = result.structured_content, result.content[0].text
        assert found["dated"] is False and "as in force" not in text, (name, text)
        assert "as recorded now" in found["citation"] and "not one date" in found["as_of_said"], name
    versions = answer(in_process(reader), "get_versions", provision=S7_1, as_of="2010-01-01")
    assert versions["citation"] == f"{S7_1}: every version in time order, each with its own window, as recorded now"
    assert versions["as_of_said"] == "not one date: the answer holds for every date (as_of 2010-01-01 is not used)"
    dated = answer(in_process(reader), "get_provision", provision=S7_1, as_of="2010-01-01")
    assert dated["dated"] is True and dated["citation"].endswith("as in force on 1 January 2010")


def test_the_agents_do_not_import_the_web_layer():
    """The answer schemas both layers serve live in lexrdf.queries.schemas: the MCP server imports no web module."""
    code = "import sys, lexrdf.agents.server; print(sorted(m for m in sys.modules if m.startswith('lexrdf.web')))"

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
