"""Request parameters at the HTTP edge: refuse the ones a resource does not take, parse the ones it does.

Every value is parsed by the same rules as the query library (lexrdf.queries: `parse_iri` is pyoxigraph's own IRI
check, `parse_date` takes exactly YYYY-MM-DD, `parse_moment` an ISO 8601 date or date-time), so a value the web
layer lets through never fails later inside the store. Errors are `QueryError`s naming the parameter, which
lexrdf.web.errors answers as a 400 problem+json; an unknown parameter is a `Problem` of type unknown-parameter.

>>> from starlette.requests import Request
>>> request = Request({"type": "http", "query_string": b"date=2020-01-01&foo=1", "headers": []})
>>> try:
...     refuse_unknown(request, "/", {"date"})
... except Problem as exc:
...     print(exc.status, exc.parameter, exc.detail)
400 foo / has no parameter 'foo' (it takes: date)
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from lexrdf.web.errors import UNKNOWN_PARAMETER, Problem


def refuse_unknown(request: Request, resource: str, accepted: Iterable[str]) -> None:
    """A 400 naming the first parameter of the query string that `resource` does not take."""
    takes = set(accepted)
    unknown = sorted({name for name in request.query_params if name not in takes})
    if not unknown:
        return
    listed = ", ".join(repr(name) for name in unknown)
    noun = "parameter" if len(unknown) == 1 else "parameters"
    detail = f"{resource} has no {noun} {listed} (it takes: {', '.join(sorted(takes)) or 'no parameters'})"
    raise Problem(400, "Unknown parameter", detail, unknown[0], UNKNOWN_PARAMETER)


def declared_only(request: Request) -> None:
    """A dependency (for a router's `dependencies=`): refuse any query parameter its route does not declare."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    refuse_unknown(request, route.path_format, _query_names(route.dependant))


def _query_names(dependant: Dependant) -> set[str]:
    """The query parameters a route declares, its dependencies' included."""
    names = {field.alias for field in dependant.query_params}
    for dependency in dependant.dependencies:
        names |= _query_names(dependency)
    return names
