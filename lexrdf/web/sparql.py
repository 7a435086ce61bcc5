"""/sparql: the public, read-only SPARQL 1.1 Protocol endpoint over the whole store."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings
from lexrdf.web.deps import get_lex

router = APIRouter(tags=["sparql"])


async def startup(app, settings: Settings) -> None:
    """Start what the endpoint needs (skeleton: the worker pool comes with the SPARQL work)."""


async def shutdown(app) -> None:
    """Stop it."""


def _answer(lex: Lexrdf, query: str | None) -> Response:
    if not query:
        raise HTTPException(400, "missing 'query' parameter")
    try:
        result = lex.store.sparql(query)
    except SyntaxError as exc:
        raise HTTPException(400, f"invalid SPARQL query: {exc}") from exc
    if isinstance(result, QuerySolutions | QueryBoolean):
        body = result.serialize(format=QueryResultsFormat.JSON)
        return Response(body, media_type="application/sparql-results+json")
    return Response(result.serialize(format=RdfFormat.N_TRIPLES), media_type="application/n-triples")


@router.get("/sparql", summary="SPARQL query (GET)")
def sparql_get(query: str | None = None, lex: Lexrdf = Depends(get_lex)) -> Response:
    return _answer(lex, query)


@router.post("/sparql", summary="SPARQL query (POST, form or application/sparql-query)")
async def sparql_post(request: Request, lex: Lexrdf = Depends(get_lex)) -> Response:
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/sparql-query"):
        query = (await request.body()).decode("utf-8")
    else:
        form = await request.form()
        query = str(form.get("query") or "")
    return _answer(lex, query)
