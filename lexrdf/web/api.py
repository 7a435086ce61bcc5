"""/api/{query}: one GET endpoint per public query; its parameters, docs and response schema come from the .rq header.

Each query's ``#+ result`` shape (lexrdf.queries.Shape) becomes a pydantic model named after the query
(``TextAtAnswer``, its ``opened_by`` a ``TextAtOpenedBy``, a list's items ``ContextItem``), so the OpenAPI
document types every answer; its ``#+ non_answers`` are listed on the model (``x-non-answers``) and on its
``status``. A new .rq file is a new endpoint with its schema, and no Python edit. Answers are sent as they are
built (the schema documents them; tests check that every answer conforms).
"""

from __future__ import annotations

import inspect
import keyword
from datetime import date, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from lexrdf.api import Lexrdf
from lexrdf.queries import Query as LibraryQuery
from lexrdf.queries import Shape, load_library
from lexrdf.web import search_api
from lexrdf.web.conneg import negotiate
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import BAD_PARAMETER, UNKNOWN_QUERY, Problem, responses
from lexrdf.web.parameters import refuse_unknown

_KIND_HELP = {
    "iri": "an absolute IRI",
    "date": "a date, YYYY-MM-DD",
    "dateTime": "an ISO 8601 date-time",
    "integer": "an integer",
    "string": "text",
}
_PARAMETER_SCHEMA: dict[str, dict[str, str]] = {
    "iri": {"type": "string", "format": "iri"},
    "date": {"type": "string", "format": "date"},
    "dateTime": {"type": "string", "format": "date-time"},
    "integer": {"type": "integer"},
    "string": {"type": "string"},
}
_SCALAR_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "iri": Annotated[str, WithJsonSchema({"type": "string", "format": "iri"})],
    "date": date,
    "dateTime": datetime,
}
_ERRORS = responses(400, 404, 406, 500)


def _camel(name: str) -> str:
    """
    >>> _camel("text-at"), _camel("opened_by")
    ('TextAt', 'OpenedBy')
    """
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def _item_name(field: str) -> str:
    """The model name of one item of a list field: `items` -> `Item`, `events` -> `Event`."""
    return _camel(field[:-1] if field.endswith("s") and len(field) > 1 else f"{field}_item")


class _ShapeModels:
    """The pydantic models of one query's result shape."""

    def __init__(self, query: LibraryQuery) -> None:
        self.query = query
        self.prefix = _camel(query.name)

    def response_model(self) -> Any:
        """The answer's type: a model (an object answer) or a list of models; Any when the query declares none."""
        shape = self.query.shape
        if shape is None:
            return Any
        if shape.kind == "object":
            return self._model(shape, f"{self.prefix}Answer", top=True)
        return list[self._annotation(shape.items, f"{self.prefix}Item", nullable=False)]  # type: ignore[arg-type]

    def _annotation(self, shape: Shape, name: str, nullable: bool = True) -> Any:
        if shape.kind == "object":
            annotation: Any = self._model(shape, name)
        elif shape.kind == "list":
            assert shape.items is not None
            return list[self._annotation(shape.items, name, nullable=False)]  # never null: empty when nothing
        elif shape.kind == "constant":
            return Literal[shape.value]  # always that value
        else:
            annotation = _SCALAR_TYPES[shape.kind]
        return annotation | None if nullable else annotation

    def _model(self, shape: Shape, name: str, top: bool = False) -> type[BaseModel]:
        fields: dict[str, Any] = {}
        for index, (field, child) in enumerate(shape.fields):
            child_name = f"{name.removesuffix('Answer')}{_item_name(field) if child.kind == 'list' else _camel(field)}"
            description = self._status_help() if top and field == "status" else None
            fields[_python_field(field, index)] = (
                self._annotation(child, child_name),
                Field(..., alias=field, description=description),
            )
        extra = {"x-non-answers": list(self.query.non_answers)} if top and self.query.non_answers else None
        config = ConfigDict(extra="forbid", json_schema_extra=extra)
        doc = self.query.summary if top else f"Part of the answer of `{self.query.name}`."
        return create_model(name, __config__=config, __doc__=doc, **fields)

    def _status_help(self) -> str | None:
        if not self.query.non_answers:
            return None
        return "the answer's status; a typed non-answer is one of: " + ", ".join(self.query.non_answers)


def _python_field(name: str, index: int) -> str:
    """A field name pydantic accepts (the JSON name stays as the header gives it, as the alias)."""
    usable = name.isidentifier() and not keyword.iskeyword(name) and not name.startswith(("_", "model_"))
    return name if usable and not hasattr(BaseModel, name) else f"field_{index}"


def response_model(query: LibraryQuery) -> Any:
    """The typed response of a query, from its `#+ result` header (see lexrdf.queries.parse_shape); search's is
    its own route's (lexrdf.web.search_api: its header's fields, each hit's window and event, and `method`)."""
    if query.name == "search":
        return search_api.SearchAnswer
    return _ShapeModels(query).response_model()


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

    def handler(request: Request, lex: Lexrdf = Depends(get_lex), **params: Any) -> JSONResponse:
        check_request(request, f"query {query.name!r}", accepted)
        return JSONResponse(lex.run(query, {names[k]: v for k, v in params.items() if v is not None}))

    parameters = [
        inspect.Parameter("request", inspect.Parameter.KEYWORD_ONLY, annotation=Request),
        inspect.Parameter("lex", inspect.Parameter.KEYWORD_ONLY, default=Depends(get_lex), annotation=Lexrdf),
    ]
    for parameter in query.public_parameters:
        default = ... if parameter.required and parameter.default is None else None
        description = _KIND_HELP[parameter.kind] + (f"; default {parameter.default}" if parameter.default else "")
        schema: dict[str, Any] = dict(_PARAMETER_SCHEMA[parameter.kind])
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
