"""Dereferencing every IRI lexrdf mints under the base IRI, with content negotiation.

The server answers for the base IRI at its own origin (`Links`). What a path names is asked of the store
(`_kind.rq`): an act, provision, version, event, or any other resource the store holds (expressions, records,
changesets, authorities, acts known by reference), each described by `_describe.rq` in Turtle, JSON-LD,
N-Triples or RDF/XML, or shown as HTML (the pages of `lexrdf.web.pages` where they exist, else a generic page).
`{provision}/{YYYY-MM-DD}` that is not a minted version IRI, and `{provision}/latest`, answer 303 to the version in
force that day; past the sources' currency, 200 with the version as last known and that caveat (page and RDF); or the
typed non-answer (404, 410 for repealed or ended). `/ontology` and `/shapes` serve their
Turtle files and HTML documentation.

Accept (q-values, wildcards) or a suffix (`.ttl`, `.jsonld`, `.nt`, `.rdf`, `.html`) selects the format; 406
when nothing offered fits. Reads carry `Vary: Accept`, `Link` alternates, CORS, and an ETag and Last-Modified
from the newest changeset of the act graphs holding the resource (conditional GET answers 304). `?known_at=`
(a transaction time) is passed to every query and kept on redirects and links.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from email.utils import format_datetime, parsedate_to_datetime
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from lexrdf.answers.statuses import AS_LAST_KNOWN, ENDED, IN_FORCE, REPEALED, STRUCK_DOWN
from lexrdf.answers.types import VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.queries import parse_date, parse_moment
from lexrdf.vocab import LEX
from lexrdf.web import ontology_docs, pages
from lexrdf.web.cache import CachedResponse, act_data, answer_cache
from lexrdf.web.cache import generation as store_generation
from lexrdf.web.conneg import negotiate
from lexrdf.web.errors import BAD_PARAMETER, PROBLEM_JSON, Problem
from lexrdf.web.links import Links
from lexrdf.web.parameters import refuse_unknown
from lexrdf.web.rdf import RDF_FORMATS, as_last_known_graph, describe, non_answer_graph, sections, serialise
from lexrdf.web.source_data import DATA_XML, SOURCE_KINDS, SOURCE_XML, source_response
from lexrdf.web.templating import render

router = APIRouter()

HTML = "text/html"
TURTLE = "text/turtle"
_VERSION = "2"  # bump when pages change in ways the store's validators cannot see
_DATE_SEGMENT = re.compile(r"\d{4}-\d{2}-\d{2}")
_KINDS = (
    (LEX.Act.value, "act"),
    (LEX.Provision.value, "provision"),
    (LEX.Version.value, "version"),
    (LEX.InterpretiveItem.value, "item"),
    (LEX.Interpretation.value, "interpretation"),
)
_EXPOSED = "ETag, Last-Modified, Link, Vary, Content-Location"
PARAMETERS = ("date", "known_at", "diff_from", "diff_to", "extent")  # what every dereferenced IRI takes, no more
_EXTENT = re.compile(r"all|[A-Za-z.]+(?:\+[A-Za-z.]+)*")  # legislation.gov.uk's spelling: "S", "E+W", "N.I."


@dataclass(frozen=True)
class Representation:
    """One format a resource is served in, and the suffix that asks for it."""

    media_type: str
    suffix: str
    label: str


REPRESENTATIONS = (
    Representation(HTML, ".html", "HTML"),
    Representation(TURTLE, ".ttl", "Turtle"),
    Representation("application/ld+json", ".jsonld", "JSON-LD"),
    Representation("application/n-triples", ".nt", "N-Triples"),
    Representation("application/rdf+xml", ".rdf", "RDF/XML"),
)
_BY_SUFFIX = {r.suffix: r for r in REPRESENTATIONS}
_OFFERED = [r.media_type for r in REPRESENTATIONS]  # HTML first: a client that accepts anything gets a page
_DATA_FIRST = [TURTLE, *(t for t in _OFFERED if t != TURTLE)]  # /shapes is data first


@dataclass(frozen=True)
class Asked:
    """What a request asks for: the local path (without a format suffix), the suffix, and the parameters."""

    request: Request
    links: Links
    path: str
    suffix: Representation | None
    known_at: str | None
    day: date | None
    compared: dict[str, str]  # diff_from / diff_to of a provision page's comparison, when given
    extent: str | None = None  # the territories a provision page is asked for ("S", "E+W"; None: all)

    @property
    def iri(self) -> str:
        return self.links.iri(self.path)

    def query(self, day: date | None = None) -> str:
        """The query string to keep on redirects and links (known_at), with the day to show (`date`) if given."""
        kept = {"known_at": self.known_at} if self.known_at else {}
        if day is not None:
            kept["date"] = day.isoformat()
        return "?" + urlencode(kept) if kept else ""

    def href(self, iri: str) -> str:
        """Where a page links an IRI: ontology and shape terms to their documentation, ours to this server."""
        documented = ontology_docs.term_href(iri)
        if documented:
            return documented
        return self.links.href(iri) + self.query() if self.links.is_local(iri) else iri

    def media_type(self, offered: list[str]) -> str | None:
        """The suffix's format, or the best offered type for the Accept header."""
        if self.suffix is not None:
            return self.suffix.media_type if self.suffix.media_type in offered else None
        return negotiate(self.request.headers.get("accept"), offered)


def _problem(status: int, title: str, detail: str, parameter: str | None = None) -> Problem:
    """An error for lexrdf.web.errors to answer as problem+json, with this router's headers."""
    kind = BAD_PARAMETER if parameter else None
    return Problem(status, title, detail, parameter, kind, headers=_cors({"Vary": "Accept"}))


def _cors(headers: dict[str, str]) -> dict[str, str]:
    return {**headers, "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": _EXPOSED}


# -- routes -----------------------------------------------------------------------------------------------
@router.options("/{path:path}", include_in_schema=False)
def preflight(request: Request) -> Response:
    """CORS preflight: reads are open to every origin."""
    asked_headers = request.headers.get("access-control-request-headers", "Accept, If-None-Match, If-Modified-Since")
    headers = {
        "Allow": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": asked_headers,
        "Access-Control-Max-Age": "86400",
    }
    return Response(status_code=204, headers=_cors(headers))


@router.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
def dereference(request: Request) -> Response:
    """Any path under the base IRI: the resource it names, in the negotiated format; the answer kept until the
    store is written (lexrdf.web.cache), keyed by the path, the parameters, Accept and, for pages, today."""
    if request.headers.get("if-none-match") or request.headers.get("if-modified-since"):
        return _dereference(request, request.app.state.lex)  # a 304 is not an answer to keep
    cache, generation = answer_cache(request), store_generation(request)
    raw = request.scope.get("raw_path") or request.url.path.encode("utf-8")
    parameters = tuple(sorted(request.query_params.multi_items()))
    key = ("dereference", raw, parameters, request.headers.get("accept"), _today())
    kept = cache.get(key, generation)
    if kept is None:
        response = _dereference(request, request.app.state.lex)
        kept = CachedResponse.of(response)
        if kept is None:
            return response
        cache.put(key, generation, kept)
    return kept.response()


def _dereference(request: Request, lex: Lexrdf) -> Response:
    links = Links(request.app.state.settings.base_iri)
    asked = _asked(request, links, suffixed=True)
    if asked.path in ("/ontology", "/shapes"):
        return _document(asked)
    # a path ending like a suffix is first the IRI as written (a minted IRI never changes meaning)
    readings = [_asked(request, links, suffixed=False), asked] if asked.suffix else [asked]
    for reading in readings:
        kind = _kind(lex, reading.iri, reading.known_at)
        if kind is not None:
            return _resource(lex, reading, kind)
    if asked.path.endswith(DATA_XML):  # `{iri}/data.xml`: the source XML it was read from
        return _source_xml(lex, asked, asked.path[: -len(DATA_XML)])
    for reading in reversed(readings):
        answered = _point_in_time(lex, reading)
        if answered is not None:
            return answered
    return _not_found(asked, f"{links.iri(readings[0].path)} is not a resource this server holds")


def _asked(request: Request, links: Links, suffixed: bool) -> Asked:
    raw = request.scope.get("raw_path") or request.url.path.encode("utf-8")
    path = raw.decode("utf-8", errors="replace")
    suffix = next((r for s, r in _BY_SUFFIX.items() if suffixed and path.endswith(s) and len(path) > len(s)), None)
    if suffix is not None:
        path = path[: -len(suffix.suffix)]
    try:
        refuse_unknown(request, path, PARAMETERS, page=True)  # a shared link: trackers' parameters ignored
    except Problem as exc:
        exc.headers.update(_cors({"Vary": "Accept"}))
        raise
    known_at = request.query_params.get("known_at") or None
    if known_at is not None:
        try:
            parse_moment(known_at, "known_at")
        except QueryError as exc:
            raise _problem(400, "Bad parameter", str(exc), parameter="known_at") from None
    dates = {name: _date_parameter(request, name) for name in ("date", "diff_from", "diff_to")}
    compared = {name: day.isoformat() for name, day in dates.items() if day is not None and name != "date"}
    extent = request.query_params.get("extent") or None
    if extent is not None and not _EXTENT.fullmatch(extent):
        detail = f"extent names territories as legislation.gov.uk does ('S', 'E+W', 'N.I.') or is 'all', not {extent!r}"
        raise _problem(400, "Bad parameter", detail, parameter="extent")
    return Asked(request, links, path, suffix, known_at, dates["date"], compared, None if extent == "all" else extent)


def _date_parameter(request: Request, name: str) -> date | None:
    text = request.query_params.get(name) or None
    try:
        return parse_date(text, name) if text else None
    except QueryError as exc:
        raise _problem(400, "Bad parameter", str(exc), parameter=name) from None


def _kind(lex: Lexrdf, iri: str, known_at: str | None) -> str | None:
    """What the store holds `iri` as: act, provision, version, event or (any other) resource; None if nothing."""
    try:
        types = {row["type"].value for row in lex.rows("_kind", iri=iri, known_at=known_at)}
    except QueryError:  # not an IRI at all
        return None
    if not types:
        return None
    if LEX.Event.value in types:
        return "event"
    return next((kind for cls, kind in _KINDS if cls in types), "resource")


# -- a resource the store holds ---------------------------------------------------------------------------
def _resource(lex: Lexrdf, asked: Asked, kind: str) -> Response:
    if kind in SOURCE_KINDS and asked.suffix is None and asked.media_type([*_OFFERED, SOURCE_XML]) == SOURCE_XML:
        return _source_xml(lex, asked, asked.path)  # asked for application/xml: the source, as data.xml gives it
    media_type = _acceptable(asked, _OFFERED)
    latest = lex.rows("_latest-change", iri=asked.iri, known_at=asked.known_at)
    modified = _moment(latest[0]["latest"].value) if latest and latest[0]["latest"] is not None else None
    headers = _read_headers(asked, media_type, modified, str(modified))
    if _not_modified(asked.request, headers):
        return Response(status_code=304, headers=headers)
    if media_type == HTML:
        body = _html(lex, asked, kind).encode("utf-8")
    else:
        body = serialise(describe(lex, asked.iri, asked.known_at), media_type)
    return Response(body, media_type=media_type, headers=headers)


def _html(lex: Lexrdf, asked: Asked, kind: str) -> str:
    """The page of a resource: lexrdf.web.pages for acts, provisions, versions, events, interpretive items and
    interpretations; a generic page of its properties for the rest."""
    day = asked.day or _today()
    if kind == "act":
        return pages.act_page(lex, asked.links, asked.iri, day, asked.known_at, act_data(asked.request))
    if kind == "provision":
        kept = act_data(asked.request)
        shown = {"kept": kept, "extent": asked.extent, **asked.compared}
        return pages.provision_page(lex, asked.links, asked.iri, day, asked.known_at, **shown)
    if kind == "version" and (rows := lex.rows("_version-of", version=asked.iri)):
        provision, valid_from = rows[0]["provision"].value, date.fromisoformat(rows[0]["valid_from"].value)
        version = {"version_iri": asked.iri, "kept": act_data(asked.request), "extent": asked.extent, **asked.compared}
        # the day asked when it falls within the version's window (provision_data keeps it there), else its first day
        return pages.provision_page(lex, asked.links, provision, asked.day or valid_from, asked.known_at, **version)
    if kind == "event":
        return pages.event_page(lex, asked.links, asked.iri, asked.known_at)
    if kind == "item":
        return pages.item_page(lex, asked.links, asked.iri, day, asked.known_at)
    if kind == "interpretation":
        return pages.interpretation_page(lex, asked.links, asked.iri, asked.known_at)
    triples = describe(lex, asked.iri, asked.known_at)
    listed = sections(triples, asked.iri, asked.href, ontology_docs.term_labels())
    return render(
        "resource.html",
        title=listed[0].label,
        sections=listed,
        known_at=asked.known_at,
        alternates=_alternates(asked, exclude=HTML),
    )


def _source_xml(lex: Lexrdf, asked: Asked, path: str) -> Response:
    """The source XML of the act, provision or version at `path`, or 404 saying why there is none."""
    iri = asked.links.iri(path)
    if _kind(lex, iri, asked.known_at) not in SOURCE_KINDS:
        raise _problem(404, "Not Found", f"{iri} is no act, provision or version this server holds")
    answered = source_response(lex, iri, asked.day or _today(), _cors({}))
    if answered is None:
        raise _problem(
            404,
            "Not Found",
            f"no source XML is kept for {iri} (known only by reference, or ingested "
            "before source files were kept: ingest its source again)",
        )
    return answered


# -- point-in-time IRIs ------------------------------------------------------------------------------------
def _point_in_time(lex: Lexrdf, asked: Asked) -> Response | None:
    """`{provision}/{YYYY-MM-DD}` or `{provision}/latest`: 303 to the version in force, or the typed non-answer.
    None when the path is not of that form or names no act or provision."""
    head, _, last = asked.path.rpartition("/")
    if last != "latest" and not _DATE_SEGMENT.fullmatch(last):
        return None
    provision = asked.links.iri(head)
    if _kind(lex, provision, asked.known_at) not in ("act", "provision"):
        return None
    try:
        day = _today() if last == "latest" else date.fromisoformat(last)
    except ValueError:
        raise _problem(404, "Not Found", f"{last!r} is not a date (YYYY-MM-DD)") from None
    media_type = _acceptable(asked, _OFFERED)
    answer = lex.text_at(provision, day, asked.known_at)
    if answer.status == AS_LAST_KNOWN and answer.version:
        return _as_last_known(lex, asked, media_type, provision, day, answer)
    if answer.status == IN_FORCE and answer.version:
        suffix = asked.suffix.suffix if asked.suffix else ""
        # to a page, the day asked travels with the redirect: a version's window holds its descendants' changes, and
        # its page shows them as on that day, not as on its first day (DPA s. 7 on 2002-01-01 holds s. 7(3) of 2001);
        # the version's RDF description is one whatever the day
        shown = day if media_type == HTML and answer.valid_from != day.isoformat() else None
        location = asked.links.href(answer.version) + suffix + asked.query(shown)
        headers = _cors({"Location": location, "Vary": "Accept"})
        return Response(status_code=303, headers=headers)
    return _non_answer(lex, asked, media_type, provision, day, answer)


def _as_last_known(
    lex: Lexrdf, asked: Asked, media_type: str, provision: str, day: date, answer: VersionAnswer
) -> Response:
    """A date after the sources' currency: not a redirect (the version is not known to be in force that day) but
    200 here, the last known version with the caveat, on the page and in the RDF (`as_last_known_graph`)."""
    headers = _cors({"Vary": "Accept", "Cache-Control": "no-cache", "Link": _link_header(asked, exclude=media_type)})
    if media_type != HTML:
        assert answer.version is not None
        triples = as_last_known_graph(asked.iri, answer, day, describe(lex, answer.version, asked.known_at))
        return Response(serialise(triples, media_type), media_type=media_type, headers=headers)
    kept = act_data(asked.request)
    body = pages.provision_page(lex, asked.links, provision, day, asked.known_at, kept=kept, **asked.compared)
    return Response(body, media_type=HTML, headers=headers)


def _non_answer(
    lex: Lexrdf, asked: Asked, media_type: str, provision: str, day: date, answer: VersionAnswer
) -> Response:
    """Why nothing is in force on `day`: 410 when repealed or ended, else 404; with the neighbouring versions
    and their events, in the negotiated format."""
    status = 410 if answer.status in (REPEALED, ENDED, STRUCK_DOWN) else 404
    versions = lex.versions(provision, asked.known_at)
    before = [v for v in versions if (v.valid_from or "") <= day.isoformat()]
    after = [v for v in versions if (v.valid_from or "") > day.isoformat()]
    neighbours = [*before[-1:], *after[:1]]
    triples = non_answer_graph(asked.iri, answer, day, neighbours)
    headers = _cors({"Vary": "Accept", "Link": _link_header(asked, exclude=media_type)})
    if media_type != HTML:
        return Response(serialise(triples, media_type), status_code=status, media_type=media_type, headers=headers)
    kept = act_data(asked.request)
    body = pages.provision_page(
        lex, asked.links, provision, day, asked.known_at, non_answer=answer, kept=kept, **asked.compared
    )
    return Response(body, status_code=status, media_type=HTML, headers=headers)


# -- the ontology and the shapes ---------------------------------------------------------------------------
def _document(asked: Asked) -> Response:
    """/ontology or /shapes: the Turtle as written, the other RDF formats, or its HTML documentation."""
    is_ontology = asked.path == "/ontology"
    document = ontology_docs.ontology() if is_ontology else ontology_docs.shapes()
    media_type = _acceptable(asked, _OFFERED if is_ontology else _DATA_FIRST)
    headers = _read_headers(asked, media_type, document.modified, document.etag)
    if _not_modified(asked.request, headers):
        return Response(status_code=304, headers=headers)
    alternates = _alternates(asked, exclude=HTML)
    if media_type == TURTLE:
        body = document.turtle
    elif media_type in RDF_FORMATS:
        body = serialise(document.triples, media_type)
    elif is_ontology:
        body = render("ontology.html", doc=ontology_docs.ontology_document(), alternates=alternates).encode("utf-8")
    else:
        body = render("shapes.html", shapes=ontology_docs.shapes_document(), alternates=alternates).encode("utf-8")
    return Response(body, media_type=media_type, headers=headers)


# -- headers, validators, errors ---------------------------------------------------------------------------
def _acceptable(asked: Asked, offered: list[str]) -> str:
    media_type = asked.media_type(offered)
    if media_type is None:
        suffixes = ", ".join(r.suffix for r in REPRESENTATIONS)
        detail = f"this resource is available as {', '.join(offered)} (or with a suffix: {suffixes})"
        raise _problem(406, "Not Acceptable", detail)
    return media_type


def _alternates(asked: Asked, exclude: str) -> list[dict[str, str]]:
    """The other representations of what was asked, as base.html lists them."""
    return [
        {"media_type": r.media_type, "href": asked.path + r.suffix + asked.query(), "label": r.label}
        for r in REPRESENTATIONS
        if r.media_type != exclude
    ]


def _link_header(asked: Asked, exclude: str) -> str:
    return ", ".join(
        f'<{alt["href"]}>; rel="alternate"; type="{alt["media_type"]}"' for alt in _alternates(asked, exclude)
    )


def _read_headers(asked: Asked, media_type: str, modified: datetime | None, state: str) -> dict[str, str]:
    """Vary, CORS, Link alternates, Content-Location, and the validators of this representation: an ETag over
    what it is built from (the store's state for it, the format, the parameters, today for pages)."""
    today = _today().isoformat() if media_type == HTML else ""
    key = "|".join((_VERSION, state, asked.path, media_type, str(sorted(asked.request.query_params.items())), today))
    headers = {
        "Vary": "Accept",
        "Cache-Control": "no-cache",
        "Link": _link_header(asked, exclude=media_type),
        "ETag": f'W/"{hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]}"',
    }
    if asked.suffix is None:
        suffix = next(r.suffix for r in REPRESENTATIONS if r.media_type == media_type)
        query = asked.request.url.query
        headers["Content-Location"] = asked.path + suffix + (f"?{query}" if query else "")
    if modified is not None:
        headers["Last-Modified"] = format_datetime(modified.astimezone(UTC), usegmt=True)
    return _cors(headers)


def _not_modified(request: Request, headers: dict[str, str]) -> bool:
    """Conditional GET: If-None-Match (weak comparison) first; If-Modified-Since only without it."""
    if_none_match = request.headers.get("if-none-match")
    if if_none_match is not None:
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or headers["ETag"].removeprefix("W/") in tags
    if_modified_since = request.headers.get("if-modified-since")
    if if_modified_since and "Last-Modified" in headers:
        try:
            since = parsedate_to_datetime(if_modified_since)
        except (TypeError, ValueError):
            return False
        since = since if since.tzinfo else since.replace(tzinfo=UTC)
        return parsedate_to_datetime(headers["Last-Modified"]) <= since
    return False


def _not_found(asked: Asked, detail: str) -> Response:
    """404: a page for a browser, problem+json for anything else."""
    if negotiate(asked.request.headers.get("accept"), [PROBLEM_JSON, HTML]) == HTML and asked.suffix is None:
        body = render("resource.html", title="Not found", status="not found", notice=detail, sections=[])
        return Response(body, status_code=404, media_type=HTML, headers=_cors({"Vary": "Accept"}))
    raise _problem(404, "Not Found", detail)


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _today() -> date:
    return datetime.now(UTC).date()
