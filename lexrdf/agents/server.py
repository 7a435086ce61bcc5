"""The MCP server: the tool catalogue (lexrdf.agents.tools, .composites) and the agents' guide over one store,
read-only, with the official MCP SDK's low-level server (tools with their own JSON Schemas).

- `lexrdf mcp`: over stdio (`run_stdio`), for a desktop client that starts it
- `lexrdf serve --mcp`: streamable HTTP at `/mcp` of the same server as the HTTP API (`mount`)

Every call answers the tool's envelope as structured content, and two texts: the short rendering (status,
citation "as in force on D", the date and how it was chosen; lexrdf.agents.render) and the envelope as JSON, for
clients that read text only. A refused call (a bad parameter, an unknown id) is an error result whose text says
what was wrong, naming the parameter: errors are data.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import date
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings

from lexrdf.agents.composites import composite_tools
from lexrdf.agents.dates import Clock
from lexrdf.agents.render import render
from lexrdf.agents.semantic import SEMANTIC_SEARCH
from lexrdf.agents.tools import READ_ONLY, Tool, query_tools
from lexrdf.api import Lexrdf
from lexrdf.errors import LexrdfError
from lexrdf.settings import Settings

_log = logging.getLogger("lexrdf.mcp")
INSTRUCTIONS = (
    "lexrdf answers what the law said on a date, from its sources, deterministically. Every tool takes `as_of` "
    "(YYYY-MM-DD); without one the answer is for today and says so (as_of_used, as_of_source). Cite the answer's "
    "`citation` ('..., as in force on D') and its status; a non-answer (not-yet-in-force, repealed, "
    "outside-coverage) is the answer, never a reason to use another date's text. Read lexrdf://agents/guide first."
)
#: the resources the server serves: (URI, file in this package, name, description)
RESOURCES = (
    ("lexrdf://agents/guide", "guide.md", "guide", "How to ask lexrdf for a date, how to read and cite its answers"),
    ("lexrdf://agents/cookbook", "cookbook.md", "cookbook", "Questions and the tool calls that answer them"),
)
MCP_PATH = "/mcp"


@cache
def catalogue() -> dict[str, Tool]:
    """Every tool: one a public query of the library, then the composite and SAT-Graph ones, and semantic_search."""
    return {**query_tools(), **composite_tools(), SEMANTIC_SEARCH.name: SEMANTIC_SEARCH}


def resource_text(file: str) -> str:
    return resources.files("lexrdf.agents").joinpath(file).read_text(encoding="utf-8")


def descriptor(tool: Tool) -> types.Tool:
    """The tool as `tools/list` gives it: schemas, and read-only annotations (nothing here writes or reaches out)."""
    return types.Tool(
        name=tool.name,
        title=tool.title,
        description=tool.description,
        input_schema=tool.input_schema,
        output_schema=tool.output_schema,
        annotations=types.ToolAnnotations(
            title=tool.title,
            read_only_hint=READ_ONLY["readOnlyHint"],
            destructive_hint=READ_ONLY["destructiveHint"],
            idempotent_hint=READ_ONLY["idempotentHint"],
            open_world_hint=READ_ONLY["openWorldHint"],
        ),
    )


def clock(today: str | None) -> Clock:
    """What "today" is: the system's date, or a fixed day (`lexrdf mcp --today`, LEXRDF_TODAY) for answers that
    must not change with the calendar."""
    if not today:
        return date.today
    fixed = date.fromisoformat(today)
    return lambda: fixed


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"error: {message}")], is_error=True)


def build_server(lex: Callable[[], Lexrdf], today: Clock = date.today, tools: dict[str, Tool] | None = None) -> Server:
    """The MCP server answering `tools` (default: the whole `catalogue`) over the store `lex()` gives."""
    tools = tools if tools is not None else catalogue()
    listed = [descriptor(tool) for tool in tools.values()]

    async def list_tools(ctx: ServerRequestContext, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = tools.get(params.name)
        if tool is None:
            return _error(f"no tool {params.name!r} (known: {', '.join(sorted(tools))})")
        arguments = dict(params.arguments or {})
        try:
            envelope = await anyio.to_thread.run_sync(tool.call, lex(), arguments, today)
        except LexrdfError as exc:  # a bad parameter, an id that names nothing: said, as data
            return _error(str(exc))
        texts = [render(envelope), json.dumps(envelope, ensure_ascii=False)]
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text) for text in texts], structured_content=envelope
        )

    async def list_resources(ctx: ServerRequestContext, params: Any) -> types.ListResourcesResult:
        return types.ListResourcesResult(
            resources=[
                types.Resource(name=name, uri=uri, description=description, mime_type="text/markdown")
                for uri, _, name, description in RESOURCES
            ]
        )

    async def read_resource(
        ctx: ServerRequestContext, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        for uri, file, _, _ in RESOURCES:
            if str(params.uri) == uri:
                text = resource_text(file)
                return types.ReadResourceResult(
                    contents=[types.TextResourceContents(uri=uri, mime_type="text/markdown", text=text)]
                )
        raise LexrdfError(f"no resource {params.uri} (known: {', '.join(uri for uri, *_ in RESOURCES)})")

    return Server(
        "lexrdf",
        version="0.1.0",
        title="lexrdf: legislation as it stood on a date",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
    )


async def run_stdio(settings: Settings, today: Clock = date.today) -> None:
    """Serve the MCP protocol on stdin/stdout over the store of `settings`, read-only (the newest published
    snapshot; an ingest meanwhile is seen by the next call)."""
    lex = Lexrdf.open(settings, read_only=True)
    try:
        server = build_server(lambda: lex, today)
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
    finally:
        lex.close()


def transport_security(settings: Settings) -> TransportSecuritySettings:
    """DNS-rebinding protection for /mcp: requests must name this server (loopback, or its public URL) as Host, and
    a browser's Origin must be one of those."""
    hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
    if settings.public_url:
        public = urlsplit(settings.public_url)
        hosts.append(public.netloc)
        origins.append(f"{public.scheme}://{public.netloc}")
    return TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)


class McpMount:
    """The streamable HTTP transport of the MCP server, for a route at `MCP_PATH` of an ASGI app (lexrdf.web.app):
    stateless, answering JSON, so that any of the server's worker processes answers any request."""

    def __init__(self, lex: Callable[[], Lexrdf], settings: Settings) -> None:
        server = build_server(lex, clock(settings.today))
        self.manager = StreamableHTTPSessionManager(
            app=server, json_response=True, stateless=True, security_settings=transport_security(settings)
        )
        self.app = StreamableHTTPASGIApp(self.manager)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Run the transport for the app's lifetime (its lifespan)."""
        async with self.manager.run():
            yield
