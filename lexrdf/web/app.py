"""The FastAPI application: one router per surface.

- `/api/{query}`: the query library (lexrdf.web.api)
- `/sparql`: the public SPARQL 1.1 endpoint, queries run in killable worker processes (lexrdf.web.sparql)
- everything lexrdf mints under the base IRI, dereferenced with content negotiation (lexrdf.web.linked_data),
  HTML pages rendered by lexrdf.web.pages
- `/changes`, `/changes/{K}`, `/changes.atom`, `/events.atom`: the transaction log as RDF Patch and the two Atom
  feeds (lexrdf.web.changes, docs/sync.md)
- `/dumps/`, `/catalog.ttl`, `/void.ttl`, `/sitemap.xml`: the data dumps and the descriptions (lexrdf.web.dumps)
- `/admin/*`: the only writes, behind a bearer token from configuration (lexrdf.web.admin)
- errors as problem+json everywhere (lexrdf.web.errors)
"""

from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware

from lexrdf.api import Lexrdf
from lexrdf.satgraph.router import router as satgraph_router
from lexrdf.settings import Settings
from lexrdf.web import admin, api, assets, changes, dumps, errors, linked_data, pages, parameters, sparql


def create_app(settings: Settings) -> FastAPI:
    """An app serving one store read-only (the newest published snapshot; see lexrdf.store.snapshots)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.settings = settings
        app.state.lex = Lexrdf.open(settings, read_only=True)
        await sparql.startup(app, settings)
        try:
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

    app.include_router(api.router())
    app.include_router(sparql.router)
    app.include_router(satgraph_router())
    app.include_router(admin.router())  # the only writes: behind a bearer token (lexrdf.web.admin)
    app.include_router(pages.router)
    app.include_router(changes.router)  # /changes, /changes.atom, /events.atom (lexrdf.web.changes)
    app.include_router(dumps.router())  # /dumps/, /catalog.ttl, /void.ttl, /sitemap.xml (lexrdf.web.dumps)
    app.include_router(linked_data.router)  # last: it answers every other path under the base IRI
    return app
