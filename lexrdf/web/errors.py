"""Errors as problem+json (RFC 9457) on the whole HTTP surface. (skeleton: owned by the API/errors work)"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from lexrdf.errors import LexrdfError, QueryError


def install(app: FastAPI) -> None:
    """Register the exception handlers on `app`."""

    @app.exception_handler(QueryError)
    async def bad_query(request: Request, exc: QueryError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(LexrdfError)
    async def failed(request: Request, exc: LexrdfError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=500)
