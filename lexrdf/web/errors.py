"""Errors as problem+json (RFC 9457) on the whole HTTP surface.

Every error is ``application/problem+json`` with ``type``, ``title``, ``status``, ``detail``, ``instance`` (the
request path) and, when one parameter is at fault, ``parameter``. A router raises `Problem` (or lexrdf's typed
errors, or starlette's HTTPException) and `install` turns each into one; `problem` builds the response itself.
No traceback or server path ever leaves the server: an unexpected error (a store that cannot be read included) is a
generic 500, logged.

>>> response = problem(400, "Bad parameter", "parameter 'date': 'soon' is not a date", parameter="date")
>>> response.status_code, response.media_type, json.loads(response.body)
(400, 'application/problem+json', {'type': 'about:blank', 'title': 'Bad parameter', 'status': 400, \
'detail': "parameter 'date': 'soon' is not a date", 'parameter': 'date'})
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException

from lexrdf.errors import LexrdfError, QueryError, SearchServiceError

PROBLEM_JSON = "application/problem+json"
PROBLEMS = "https://w3id.org/lexrdf/problems/"
BAD_PARAMETER = PROBLEMS + "bad-parameter"  # a parameter missing, ill-typed or out of range
UNKNOWN_PARAMETER = PROBLEMS + "unknown-parameter"  # a parameter the resource does not take
UNKNOWN_QUERY = PROBLEMS + "unknown-query"  # /api/{name} names no public query

_NAMED_PARAMETER = re.compile(r"\bparameter '([^']+)'")  # how lexrdf's QueryError messages name one
_INTERNAL = "the server could not answer this request"
_log = logging.getLogger("lexrdf.web")


class ProblemDetails(BaseModel):
    """An error (RFC 9457 problem details), as every error response of this server carries it."""

    type: str = "about:blank"
    title: str
    status: int
    detail: str
    instance: str | None = None
    parameter: str | None = None


class Problem(Exception):
    """An error a router raises to answer with problem+json: status, title, detail, the parameter at fault."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str,
        parameter: str | None = None,
        type_: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.parameter = parameter
        self.type_ = type_
        self.headers = dict(headers or {})


def problem(
    status: int,
    title: str,
    detail: str,
    parameter: str | None = None,
    type_: str | None = None,
    *,
    instance: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """A problem+json response; `parameter` and `instance` only when given. Without a `type_` (about:blank) the
    title should be the status phrase (RFC 9457, section 4.2.1)."""
    body: dict[str, Any] = {"type": type_ or "about:blank", "title": title, "status": status, "detail": detail}
    if instance is not None:
        body["instance"] = instance
    if parameter is not None:
        body["parameter"] = parameter
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=dict(headers or {}))


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` documenting these error statuses as problem+json (for a route's `responses=`)."""
    return {status: {"model": ProblemDetails, "description": HTTPStatus(status).phrase} for status in statuses}


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _named_parameter(exc: QueryError) -> str | None:
    named = getattr(exc, "parameter", None)
    if named:
        return str(named)
    match = _NAMED_PARAMETER.search(str(exc))
    return match.group(1) if match else None


_WHERE = {"query": "parameter", "path": "path parameter", "header": "header", "cookie": "cookie", "body": "field"}


def _validation_problem(exc: RequestValidationError) -> tuple[str, str | None]:
    """The first validation error as a sentence naming its parameter (FastAPI's 422 becomes a 400).

    >>> missing = {"type": "missing", "loc": ("query", "date"), "msg": "Field required"}
    >>> _validation_problem(RequestValidationError([missing]))
    ("missing required parameter 'date'", 'date')
    """
    for error in exc.errors():
        location = [str(part) for part in error.get("loc", ())]
        if len(location) < 2:
            return f"invalid request: {error.get('msg', 'invalid value')}", None
        what, name = _WHERE.get(location[0], location[0]), location[-1]
        if error.get("type") == "missing":
            return f"missing required {what} {name!r}", name
        return f"{what} {name!r}: {error.get('msg', 'invalid value')}", name
    return "invalid request", None


def _http_detail(request: Request, exc: HTTPException) -> str:
    """starlette's default details are the bare phrase: say what was not found or not allowed."""
    if exc.detail and exc.detail != _phrase(exc.status_code):
        return str(exc.detail)
    if exc.status_code == 404:
        return f"nothing is published at {request.url.path}"
    if exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow") or (exc.headers or {}).get("allow")
        return f"{request.method} is not allowed on {request.url.path}" + (f" (allowed: {allowed})" if allowed else "")
    return _phrase(exc.status_code)


def _document(schema: dict[str, Any]) -> None:
    """Document every error response of an OpenAPI schema as problem+json; FastAPI's 422 becomes our 400."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.setdefault("ProblemDetails", ProblemDetails.model_json_schema())
    reference = {"$ref": "#/components/schemas/ProblemDetails"}
    for path_item in schema.get("paths", {}).values():
        for operation in path_item.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            answers = operation["responses"]
            validation = answers.get("422")
            if validation is not None and "HTTPValidationError" in json.dumps(validation):
                answers.pop("422")
                answers.setdefault("400", {"description": "Bad Request: a parameter missing or invalid"})
            answers.setdefault("500", {"description": "Internal Server Error"})
            for status, answer in answers.items():
                if status == "default" or status[:1] in ("4", "5"):
                    answer["content"] = {PROBLEM_JSON: {"schema": reference}}
    if "schemas/HTTPValidationError" not in json.dumps(schema.get("paths", {})):
        components.pop("HTTPValidationError", None)
        components.pop("ValidationError", None)


def install(app: FastAPI) -> None:
    """Register the exception handlers on `app` and document its errors as problem+json in its OpenAPI."""

    @app.exception_handler(Problem)
    async def raised(request: Request, exc: Problem) -> JSONResponse:
        return problem(
            exc.status, exc.title, exc.detail, exc.parameter, exc.type_, instance=request.url.path, headers=exc.headers
        )

    @app.exception_handler(QueryError)
    async def bad_query(request: Request, exc: QueryError) -> JSONResponse:
        parameter = _named_parameter(exc)
        title, type_ = ("Bad parameter", BAD_PARAMETER) if parameter else ("Bad Request", None)
        return problem(400, title, str(exc), parameter, type_, instance=request.url.path)

    @app.exception_handler(SearchServiceError)
    async def search_unavailable(request: Request, exc: SearchServiceError) -> JSONResponse:
        # the cause is in the server's log; the service's address is not the client's business
        _log.error("%s %s: %s", request.method, request.url.path, exc)
        detail = "the search service did not answer; try again later"
        return problem(502, _phrase(502), detail, instance=request.url.path)

    @app.exception_handler(LexrdfError)
    async def failed(request: Request, exc: LexrdfError) -> JSONResponse:
        _log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return problem(500, _phrase(500), _INTERNAL, instance=request.url.path)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        detail, parameter = _validation_problem(exc)
        title, type_ = ("Bad parameter", BAD_PARAMETER) if parameter else ("Bad Request", None)
        return problem(400, title, detail, parameter, type_, instance=request.url.path)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return problem(
            exc.status_code,
            _phrase(exc.status_code),
            _http_detail(request, exc),
            instance=request.url.path,
            headers=exc.headers,
        )

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        # starlette's ServerErrorMiddleware sends this, then re-raises `exc` so that the server logs it
        return problem(500, _phrase(500), _INTERNAL, instance=request.url.path)

    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            _document(generate())  # FastAPI keeps the schema it generates in app.openapi_schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
