"""The FastAPI application: one router per surface.

- `/api/{query}`: the query library (lexrdf.web.api)
- `/sparql`: the public SPARQL 1.1 endpoint, queries run in killable worker processes (lexrdf.web.sparql)
- everything lexrdf mints under the base IRI, dereferenced with content negotiation (lexrdf.web.linked_data),
  HTML pages rendered by lexrdf.web.pages
- `/changes`, `/changes/{K}`, `/changes.atom`, `/events.atom`: the transaction log as RDF Patch and the two Atom
  feeds (lexrdf.web.changes, docs/sync.md)
- `/dumps/`, `/catalog.ttl`, `/void.ttl`, `/sitemap.xml`: the data dumps and the descriptions (lexrdf.web.dumps)
- `/mcp`: the MCP server for AI agents, streamable HTTP, read-only (with `settings.mcp`; lexrdf.agents.server)
- `/admin/*`: the only writes, behind a bearer token from configuration (lexrdf.web.admin)
- errors as problem+json everywhere (lexrdf.web.errors)
"""

from __future__ import annotations

import copy
from contextlib import AsyncExitStack, asynccontextmanager

from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.routing import APIRoute, APIRouter
from fastapi.utils import generate_unique_id
from starlette.routing import BaseRoute

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings
from lexrdf.web import admin, api, assets, changes, dumps, errors, linked_data, pages, parameters, sparql
from lexrdf.web.cache import AnswerCache
from lexrdf.web.satgraph_api import router as satgraph_router


def create_app(settings: Settings) -> FastAPI:
    """An app serving one store read-only (the newest published snapshot; see lexrdf.store.snapshots)."""

    mcp = None
    if settings.mcp:  # the MCP server at /mcp, over the same store (lexrdf.agents.server)
        from lexrdf.agents.server import McpMount

        mcp = McpMount(lambda: app.state.lex, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.settings = settings
        app.state.lex = Lexrdf.open(settings, read_only=True)
        app.state.answer_cache = AnswerCache(int(settings.cache_mb * 2**20))
        await sparql.startup(app, settings)
        try:
            async with AsyncExitStack() as stack:
                if mcp is not None:
                    await stack.enter_async_context(mcp.running())
                yield
        finally:
            await sparql.shutdown(app)
            app.state.lex.close()

    app = FastAPI(
        title="lexrdf",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        description="Legislation as point-in-time linked data: the deterministic query library and a SPARQL endpoint.",
    )
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=["*"],
        allow_methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=["*"],
        expose_headers=["ETag", "Last-Modified", "Link", "Vary", "Content-Location"],
    )
    errors.install(app)
    assets.install(app)

    @app.get("/health", include_in_schema=False, dependencies=[Depends(parameters.declared_only)])
    def health() -> dict[str, str]:
        return {"status": "ok"}

    if mcp is not None:  # before the linked-data routes, which answer every other path
        from starlette.routing import Route

        from lexrdf.agents.server import MCP_PATH

        app.router.routes.append(Route(MCP_PATH, endpoint=mcp.app, methods=["GET", "POST", "DELETE"]))
    routers = [
        api.router(),
        sparql.router,
        satgraph_router(),
        admin.router(),  # the only writes: behind a bearer token (lexrdf.web.admin)
        pages.router,
        changes.router,  # /changes, /changes.atom, /events.atom (lexrdf.web.changes)
        dumps.router(),  # /dumps/, /catalog.ttl, /void.ttl, /sitemap.xml (lexrdf.web.dumps)
        linked_data.router,  # last: it answers every other path under the base IRI
    ]
    for router in routers:
        with_head(router.routes)
        app.include_router(head_apart(router))
    with_head(app.routes)  # /health, /docs
    return app


def with_head(routes: list[BaseRoute]) -> list[BaseRoute]:
    """HEAD wherever GET: a route answering GET answers HEAD too (the same headers, no body), where FastAPI's
    `get` routes answer only GET (and a HEAD of them fell through to the linked-data routes: a 404). In place."""
    for route in routes:
        if isinstance(route, APIRoute) and "GET" in route.methods:
            route.methods.add("HEAD")
    return routes


def head_apart(router: APIRouter) -> APIRouter:
    """Document every GET+HEAD route of `router` by a GET-only twin: one route with two methods has one operation
    ID, which OpenAPI forbids for two operations (FastAPI warns of the duplicate). The route itself still answers
    both methods (and names both in a 405's Allow), out of the document; the twin, after it, is never reached.
    Changes `router` in place, and a second call finds nothing left to split (routers are module-level objects, and
    every app a process creates includes them)."""
    routes: list[BaseRoute] = []
    for route in router.routes:
        routes.append(route)
        if isinstance(route, APIRoute) and route.include_in_schema and {"GET", "HEAD"} <= route.methods:
            documented = copy.copy(route)
            documented.methods = {"GET"}
            documented.unique_id = generate_unique_id(documented)  # `<name>_<path>_get`, the same on every start
            route.include_in_schema = False
            routes.append(documented)
    router.routes[:] = routes
    return router
