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

Pages are shared as links, and links pick up the parameters of whoever shared them (`utm_source`, `fbclid`, ...):
a page ignores those (`tracking`), while the API, the SPARQL endpoint and the dumps stay strict, so a misspelt
parameter of a program is still an error.

>>> tracking("utm_campaign"), tracking("fbclid"), tracking("date"), tracking("utm")
(True, True, False, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from lexrdf.web.errors import UNKNOWN_PARAMETER, Problem

# Parameters that link trackers add to shared links: Google Analytics' utm_*, the click identifiers of Facebook,
# Google Ads, Microsoft Ads, DoubleClick, Yandex, Instagram, Mailchimp
TRACKING_PREFIXES = ("utm_",)
TRACKING = frozenset({"fbclid", "gclid", "gbraid", "wbraid", "msclkid", "dclid", "yclid", "igshid", "mc_cid", "mc_eid"})


def tracking(name: str) -> bool:
    """Whether a query parameter is one link trackers add (`TRACKING`, `TRACKING_PREFIXES`)."""
    lowered = name.lower()
    return lowered in TRACKING or any(lowered.startswith(p) and len(lowered) > len(p) for p in TRACKING_PREFIXES)


def refuse_unknown(request: Request, resource: str, accepted: Iterable[str], page: bool = False) -> None:
    """A 400 naming the first parameter of the query string that `resource` does not take (a `page` ignores the
    parameters link trackers add)."""
    takes = set(accepted)
    unknown = sorted({name for name in request.query_params if name not in takes and not (page and tracking(name))})
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


def page_parameters_only(request: Request) -> None:
    """As `declared_only`, for pages: the parameters link trackers add are ignored, not refused."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    refuse_unknown(request, route.path_format, _query_names(route.dependant), page=True)


def _query_names(dependant: Dependant) -> set[str]:
    """The query parameters a route declares, its dependencies' included."""
    names = {field.alias for field in dependant.query_params}
    for dependency in dependant.dependencies:
        names |= _query_names(dependency)
    return names
