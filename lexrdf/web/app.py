"""The FastAPI application: the query library under /api, the SPARQL endpoint at /sparql."""

from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from lexrdf.api import Lexrdf
from lexrdf.errors import LexrdfError, QueryError
from lexrdf.settings import Settings
from lexrdf.web import api, sparql


def create_app(settings: Settings) -> FastAPI:
    """An app serving one store; the store opens at start-up and closes at shutdown."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.lex = Lexrdf.open(settings)
        try:
            yield
        finally:
            app.state.lex.close()

    app = FastAPI(
        title="lexrdf",
        version="0.1.0",
        lifespan=lifespan,
        description="Legislation as point-in-time linked data: the deterministic query library and a SPARQL endpoint.",
    )

    @app.exception_handler(QueryError)
    async def bad_query(request: Request, exc: QueryError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(LexrdfError)
    async def failed(request: Request, exc: LexrdfError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=500)

    @app.get("/health", include_in_schema=False)
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/shapes", summary="The SHACL shapes the data conforms to (Turtle)", tags=["shapes"])
    def shapes() -> Response:
        from lexrdf.validate.compile import SHAPES_DIR

        text = "".join(p.read_text(encoding="utf-8") for p in sorted(SHAPES_DIR.glob("*.ttl")))
        return Response(text, media_type="text/turtle")

    app.include_router(api.router())
    app.include_router(sparql.router)
    return app
