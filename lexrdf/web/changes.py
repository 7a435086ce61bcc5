"""Incremental sync and feeds over HTTP (docs/sync.md).

- ``GET /changes?since=K``: every change after K as one stream of RDF Patch (``application/rdf-patch``), up to the
  last change of the snapshot the server reads, which ``Lexrdf-Changes-Through`` names (and a ``Link`` to the next
  poll, ``rel="next"``).
- ``GET /changes/{K}``: one change's patch; 404 when the server holds no such change yet.
- ``GET /changes.atom``: the transaction log as Atom, newest first, paged (``?page=N`` or ``?before=K``).
- ``GET /events.atom``: the legal events by the date they took effect, newest first (``?from=&to=`` dates,
  ``?page=N``).

Errors are problem+json; a parameter a route does not take is a 400.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import FileResponse, Response, StreamingResponse

from lexrdf.api import Lexrdf
from lexrdf.feeds.atom import MEDIA_TYPE as ATOM
from lexrdf.feeds.atom import Entry, Paging, render
from lexrdf.feeds.change_feed import PAGE_SIZE, ChangeWindow, NoSuchPage, change_entry, change_feed
from lexrdf.feeds.changes import LoggedStore, patch_stream
from lexrdf.feeds.events import events_feed, legal_events
from lexrdf.queries import parse_date
from lexrdf.store.changelog import MEDIA_TYPE as PATCH
from lexrdf.store.changelog import Change
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import BAD_PARAMETER, Problem, responses
from lexrdf.web.links import Links, public_origin
from lexrdf.web.parameters import declared_only

router = APIRouter(dependencies=[Depends(declared_only)], tags=["sync"])
THROUGH_HEADER = "Lexrdf-Changes-Through"
EVENTS_PAGE_SIZE = 50


def _logged(lex: Lexrdf) -> LoggedStore:
    """The store, refreshed to its newest snapshot."""
    lex.store.refresh()
    return lex.store


def _feed(request: Request, etag: str, build: Callable[[], bytes]) -> Response:
    """An Atom response with its ETag, or 304 when the client holds it already (If-None-Match)."""
    tag = f'"{etag}"'
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    held = request.headers.get("if-none-match", "")
    if tag in [value.strip().removeprefix("W/") for value in held.split(",")]:
        return Response(status_code=304, headers=headers)
    return Response(build(), media_type=ATOM, headers=headers)


def _origin(request: Request) -> str:
    return public_origin(request.scope, get_lex(request).settings.public_url)


def _href(request: Request, links: Links) -> Callable[[str], str]:
    """IRI -> the absolute URL this server answers it at (IRIs not under the base IRI unchanged)."""
    origin = _origin(request)

    def href(iri: str) -> str:
        local = links.href(iri)
        return origin + local if local.startswith("/") else local

    return href


@router.api_route(
    "/changes",
    methods=["GET", "HEAD"],
    summary="Every change after a number, as RDF Patch",
    response_class=StreamingResponse,
    responses={200: {"content": {PATCH: {}}}, **responses(400)},
)
def changes_since(
    request: Request,
    lex: Annotated[Lexrdf, Depends(get_lex)],
    since: Annotated[int, Query(ge=0, description="the number of the last change the copy holds (0: none)")] = 0,
) -> StreamingResponse:
    """The patches of every change numbered after `since`, in order, up to the last one this server's snapshot
    holds (header `Lexrdf-Changes-Through`); empty when there is none. Apply them change by change."""
    store = _logged(lex)
    through = store.changes_through
    if since > through:
        detail = f"parameter 'since': {since} is after the last change published ({through})"
        raise Problem(400, "Bad parameter", detail, "since", BAD_PARAMETER)
    changes = list(store.changelog.changes(since=since, through=through))
    headers = {
        THROUGH_HEADER: str(through),
        "Link": f'<{_origin(request)}/changes?since={through}>; rel="next"',
        "Cache-Control": "no-cache",
    }
    return StreamingResponse(patch_stream(changes), media_type=PATCH, headers=headers)


@router.api_route(
    "/changes.atom",
    methods=["GET", "HEAD"],
    summary="The transaction log as an Atom feed",
    response_class=Response,
    responses={200: {"content": {ATOM: {}}}, 304: {"description": "Not Modified"}, **responses(400, 404)},
)
def changes_atom(
    request: Request,
    lex: Annotated[Lexrdf, Depends(get_lex)],
    page: Annotated[int | None, Query(ge=1, description="the page, 1 the newest")] = None,
    before: Annotated[int | None, Query(ge=1, description="the changes numbered below this one")] = None,
) -> Response:
    """One page of the change feed, newest first, with RFC 5005 paging links."""
    if page is not None and before is not None:
        raise Problem(400, "Bad parameter", "give 'page' or 'before', not both", "before", BAD_PARAMETER)
    store = _logged(lex)
    through = store.changes_through
    try:
        window = ChangeWindow.of(through, PAGE_SIZE, page, before)
    except NoSuchPage as exc:
        raise Problem(404, "Not Found", str(exc)) from exc
    log = store.changelog
    changes = sorted(log.changes(since=window.low - 1, through=window.high), key=lambda c: -c.number)
    newest = log.get(through) if through else None
    links = Links(lex.settings.base_iri)
    href = _href(request, links)

    def entry(change: Change) -> Entry:
        url = f"{_origin(request)}/changes/{change.number}"
        return change_entry(change, url, href, links.iri(f"/changes/{change.number}"))

    feed = change_feed(
        changes,
        window,
        feed_id=links.iri("/changes.atom"),
        url=f"{_origin(request)}/changes.atom",
        updated=newest.committed_at if newest else None,
        entry=entry,
    )
    return _feed(request, f"changes-{through}-{window.low}-{window.high}", lambda: render(feed))


@router.api_route(
    "/changes/{number}",
    methods=["GET", "HEAD"],
    summary="One change, as RDF Patch",
    response_class=FileResponse,
    responses={200: {"content": {PATCH: {}}}, **responses(404)},
)
def change(number: int, lex: Annotated[Lexrdf, Depends(get_lex)]) -> FileResponse:
    """Change `number`'s RDF Patch, once the snapshot this server reads holds it."""
    store = _logged(lex)
    found = store.changelog.get(number) if 1 <= number <= store.changes_through else None
    if found is None:
        raise Problem(404, "Not Found", f"no change {number} is published (the log holds 1 to {store.changes_through})")
    return FileResponse(found.path, media_type=PATCH, headers={THROUGH_HEADER: str(store.changes_through)})


@router.api_route(
    "/events.atom",
    methods=["GET", "HEAD"],
    summary="The legal events as an Atom feed, by the date they took effect",
    response_class=Response,
    responses={200: {"content": {ATOM: {}}}, 304: {"description": "Not Modified"}, **responses(400, 404)},
)
def events_atom(
    request: Request,
    lex: Annotated[Lexrdf, Depends(get_lex)],
    from_: Annotated[str | None, Query(alias="from", description="the earliest date, YYYY-MM-DD")] = None,
    to: Annotated[str | None, Query(description="the latest date, YYYY-MM-DD")] = None,
    page: Annotated[int, Query(ge=1, description="the page, 1 the newest")] = 1,
) -> Response:
    """One page of the events feed: enactments, amendments, repeals, commencements, rulings... newest date first."""
    valid_from: date | None = parse_date(from_, "from") if from_ is not None else None
    valid_to: date | None = parse_date(to, "to") if to is not None else None
    if valid_from and valid_to and valid_from > valid_to:
        raise Problem(400, "Bad parameter", f"parameter 'to': {to} is before 'from' ({from_})", "to", BAD_PARAMETER)
    links = Links(lex.settings.base_iri)
    kept = {name: value for name, value in (("from", from_), ("to", to)) if value is not None}

    def build() -> bytes:
        events = legal_events(lex, valid_from, valid_to)
        paging = Paging(page, EVENTS_PAGE_SIZE, len(events))
        if page > paging.pages:
            raise Problem(404, "Not Found", f"page {page} does not exist (there are {paging.pages})")
        feed = events_feed(
            events,
            paging,
            feed_id=links.iri("/events.atom"),
            url=f"{_origin(request)}/events.atom",
            href=_href(request, links),
            kept=kept,
        )
        return render(feed)

    # every write is a change, so the snapshot's last change identifies what the feed can show
    return _feed(request, f"events-{lex.store.changes_through}-{valid_from}-{valid_to}-{page}", build)
