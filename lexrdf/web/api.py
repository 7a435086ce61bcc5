"""/api/{query}: one GET endpoint per public query; its parameters, docs and response schema come from the .rq header.

Each query's ``#+ result`` shape (lexrdf.queries.shapes.Shape) becomes a pydantic model named after the query
(``TextAtAnswer``, its ``opened_by`` a ``TextAtOpenedBy``, a list's items ``ContextItem``), so the OpenAPI
document types every answer; its ``#+ non_answers`` are listed on the model (``x-non-answers``) and on its
``status``. A new .rq file is a new endpoint with its schema, and no Python edit. Answers are sent as they are
built (the schema documents them; tests check that every answer conforms).
"""

from __future__ import annotations

import inspect
import keyword
from datetime import date
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from lexrdf.api import Lexrdf
from lexrdf.queries import Query as LibraryQuery
from lexrdf.queries import load_library
from lexrdf.queries.schemas import KIND_HELP, PARAMETER_SCHEMA, response_model
from lexrdf.web import search_api
from lexrdf.web.cache import CachedResponse, answer_cache
from lexrdf.web.cache import generation as store_generation
from lexrdf.web.conneg import negotiate
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import BAD_PARAMETER, UNKNOWN_QUERY, Problem, responses
from lexrdf.web.parameters import refuse_unknown

_ERRORS = responses(400, 404, 406, 500)


def _python_name(name: str) -> str:
    """A parameter name usable in a Python signature (`from` -> `from_`); the HTTP name stays as declared."""
    return f"{name}_" if keyword.iskeyword(name) else name


def check_request(request: Request, resource: str, accepted: set[str]) -> None:
    """Refuse (as problem+json) a parameter the resource does not take, one given twice, or an Accept without JSON."""
    refuse_unknown(request, resource, accepted)
    given = list(request.query_params.keys())
    repeated = sorted({name for name in given if len(request.query_params.getlist(name)) > 1})
    if repeated:
        detail = f"parameter {repeated[0]!r} is given more than once"
        raise Problem(400, "Bad parameter", detail, repeated[0], BAD_PARAMETER)
    if negotiate(request.headers.get("accept"), ["application/json"]) is None:
        raise Problem(406, "Not Acceptable", f"{resource} answers application/json only")


def _endpoint(query: LibraryQuery):
    names = {_python_name(p.name): p.name for p in query.public_parameters}
    accepted = set(names.values())

    def handler(request: Request, lex: Lexrdf = Depends(get_lex), **params: Any) -> Response:
        """The query's answer, kept until the store is written (lexrdf.web.cache), keyed by its parameters and
        today (the default of a date)."""
        check_request(request, f"query {query.name!r}", accepted)
        given = {names[k]: v for k, v in params.items() if v is not None}
        cache, generation = answer_cache(request), store_generation(request)
        key = ("api", query.name, tuple(sorted(given.items())), date.today())
        kept = cache.get_or_make(key, generation, lambda: CachedResponse.of(JSONResponse(lex.run(query, given))))
        assert kept is not None  # a JSONResponse has its body
        return kept.response()

    parameters = [
        inspect.Parameter("request", inspect.Parameter.KEYWORD_ONLY, annotation=Request),
        inspect.Parameter("lex", inspect.Parameter.KEYWORD_ONLY, default=Depends(get_lex), annotation=Lexrdf),
    ]
    for parameter in query.public_parameters:
        default = ... if parameter.required and parameter.default is None else None
        description = KIND_HELP[parameter.kind] + (f"; default {parameter.default}" if parameter.default else "")
        schema: dict[str, Any] = dict(PARAMETER_SCHEMA[parameter.kind])
        if parameter.allowed:
            schema["enum"] = list(parameter.allowed)
        parameters.append(
            inspect.Parameter(
                _python_name(parameter.name),
                inspect.Parameter.KEYWORD_ONLY,
                default=Query(default, alias=parameter.name, description=description, json_schema_extra=schema),
                annotation=str,  # checked and typed by the library, whose messages name the parameter
            )
        )
    handler.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    handler.__name__ = query.name.replace("-", "_")
    return handler


class ParameterInfo(BaseModel):
    """One parameter of a library query."""

    name: str
    type: str
    required: bool
    default: str | None
    values: list[str] = Field(description="the values it may take, when restricted")


class QueryInfo(BaseModel):
    """One public query of the library."""

    name: str
    summary: str
    description: str
    parameters: list[ParameterInfo]
    result: str = Field(description="the shape of its answer, as its #+ result header gives it")
    non_answers: list[str]


def router(library: dict[str, LibraryQuery] | None = None) -> APIRouter:
    """A router with one endpoint per public query of `library` (default: lexrdf's own, lexrdf/queries)."""
    queries = [q for q in (library if library is not None else load_library()).values() if not q.internal]
    api = APIRouter(prefix="/api", tags=["queries"])

    @api.get("/queries", summary="The query library: names, parameters and summaries", responses=_ERRORS)
    def list_queries(request: Request) -> list[QueryInfo]:
        check_request(request, "/api/queries", set())
        return [
            QueryInfo(
                name=q.name,
                summary=q.summary,
                description=q.description,
                parameters=[
                    ParameterInfo(
                        name=p.name, type=p.kind, required=p.required, default=p.default, values=list(p.allowed)
                    )
                    for p in q.public_parameters
                ],
                result=q.result,
                non_answers=list(q.non_answers),
            )
            for q in queries
        ]

    for query in queries:
        api.add_api_route(
            f"/{query.name}",
            search_api.search_endpoint(check_request) if query.name == "search" else _endpoint(query),
            methods=["GET", "HEAD"],
            summary=query.summary,
            description=query.description,
            response_model=response_model(query),
            responses=responses(400, 404, 406, 422, 500) if query.name == "search" else _ERRORS,
        )

    @api.get("/{name:path}", include_in_schema=False)
    def unknown_query(name: str) -> None:
        known = ", ".join(q.name for q in queries)
        raise Problem(404, "Unknown query", f"no query {name!r} in the library (known: {known})", type_=UNKNOWN_QUERY)

    return api
