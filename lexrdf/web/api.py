"""/api/{query}: one GET endpoint per public query, its parameters and docs taken from the .rq header."""

from __future__ import annotations

import inspect
import keyword
from typing import Any

from fastapi import APIRouter, Depends, Query

from lexrdf.api import Lexrdf
from lexrdf.queries import Query as LibraryQuery
from lexrdf.queries import load_library
from lexrdf.web.deps import get_lex

_KIND_HELP = {
    "iri": "an absolute IRI",
    "date": "a date, YYYY-MM-DD",
    "dateTime": "an ISO 8601 date-time",
    "integer": "an integer",
    "string": "text",
}


def _python_name(name: str) -> str:
    """A parameter name usable in a Python signature (`from` -> `from_`); the HTTP name stays as declared."""
    return f"{name}_" if keyword.iskeyword(name) else name


def _endpoint(query: LibraryQuery):
    names = {_python_name(p.name): p.name for p in query.public_parameters}

    def handler(lex: Lexrdf = Depends(get_lex), **params: Any) -> Any:
        return lex.run(query.name, {names[k]: v for k, v in params.items() if v is not None})

    parameters = [inspect.Parameter("lex", inspect.Parameter.KEYWORD_ONLY, default=Depends(get_lex), annotation=Lexrdf)]
    for parameter in query.public_parameters:
        default = ... if parameter.required and parameter.default is None else None
        description = _KIND_HELP[parameter.kind] + (f"; default {parameter.default}" if parameter.default else "")
        parameters.append(
            inspect.Parameter(
                _python_name(parameter.name),
                inspect.Parameter.KEYWORD_ONLY,
                default=Query(default, alias=parameter.name, description=description),
                annotation=str | None,
            )
        )
    handler.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    handler.__name__ = query.name.replace("-", "_")
    return handler


def router() -> APIRouter:
    """A router with one endpoint per public query of the library."""
    api = APIRouter(prefix="/api", tags=["queries"])

    @api.get("/queries", summary="The query library: names, parameters and summaries")
    def list_queries() -> list[dict[str, Any]]:
        return [
            {
                "name": q.name,
                "summary": q.summary,
                "description": q.description,
                "parameters": [
                    {"name": p.name, "type": p.kind, "required": p.required, "default": p.default}
                    for p in q.public_parameters
                ],
            }
            for q in load_library().values()
            if not q.internal
        ]

    for query in load_library().values():
        if not query.internal:
            api.add_api_route(
                f"/{query.name}",
                _endpoint(query),
                methods=["GET"],
                summary=query.summary,
                description=query.description,
            )
    return api
