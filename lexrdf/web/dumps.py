"""The dumps and the dataset's descriptions over HTTP.

- `/dumps/` lists the files of the published dump (JSON: path, URL, size, SHA-256, media type);
  `/dumps/{path}` serves one, with `Range` (206, several ranges as multipart/byteranges, 416 when none is
  satisfiable), a strong ETag (from its SHA-256), `Repr-Digest` and `Digest` headers, conditional GET and HEAD.
  Only regular files inside the dump folder are served: a path with `..`, `.`, an empty or hidden segment, a
  backslash or NUL is refused (400), and one that resolves outside the folder (a symlink) is not found (404).
- `/catalog.ttl` (DCAT) and `/void.ttl` = `/.well-known/void` (VoID), by content negotiation (Turtle first,
  N-Triples, JSON-LD, RDF/XML); VoID's counts are computed once per published snapshot.
- `/sitemap.xml`: every page the server dereferences (every resource the store describes under the base IRI, at
  this server's origin), as one urlset, or past 50,000 URLs a sitemap index of `/sitemaps/{n}.xml`.
"""

from __future__ import annotations

import base64
import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from pathlib import Path
from typing import Any
from urllib.parse import quote
from xml.sax.saxutils import escape

import pyoxigraph
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from lexrdf.api import Lexrdf
from lexrdf.dumps.catalog import catalog_turtle
from lexrdf.dumps.checksums import SUMS, sha256_file
from lexrdf.dumps.formats import media_type
from lexrdf.dumps.manifest import Manifest
from lexrdf.dumps.void import DESCRIPTION_PREFIXES, queries, statistics, void_turtle
from lexrdf.web.conneg import negotiate
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import Problem, responses
from lexrdf.web.links import Links, public_origin
from lexrdf.web.parameters import declared_only
from lexrdf.web.ranges import Unsatisfiable, multipart, multipart_body, parse_ranges, read_range

SITEMAP_URLS = 50_000  # the sitemaps protocol's limit per file
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
TURTLE = "text/turtle"
DESCRIPTION_TYPES = {
    TURTLE: pyoxigraph.RdfFormat.TURTLE,
    "application/n-triples": pyoxigraph.RdfFormat.N_TRIPLES,
    "application/ld+json": pyoxigraph.RdfFormat.JSON_LD,
    "application/rdf+xml": pyoxigraph.RdfFormat.RDF_XML,
}
_URL_SAFE = "/:@!$&'()*+,;=-._~%"


def router() -> APIRouter:
    """The routes; every one refuses parameters it does not declare."""
    routes = APIRouter(dependencies=[Depends(declared_only)], tags=["dumps"])
    files = responses(400, 404, 416)
    described = {
        "description": "The description, in the format asked for",
        "content": dict.fromkeys(DESCRIPTION_TYPES, {}),
    }
    descriptions = {200: described, **responses(400, 406)}
    get = ["GET", "HEAD"]
    routes.add_api_route("/dumps", index, methods=get, summary="The files of the published dump", responses=files)
    routes.add_api_route("/dumps/", index, methods=get, include_in_schema=False)
    routes.add_api_route("/dumps/{name:path}", dump_file, methods=get, summary="One file of the dump", responses=files)
    for path, answer, summary in (
        ("/catalog.ttl", catalog, "The DCAT catalogue"),
        ("/void.ttl", void, "The VoID description"),
    ):
        routes.add_api_route(
            path, answer, methods=get, summary=summary, responses=descriptions, response_class=Response
        )
    routes.add_api_route("/.well-known/void", void, methods=get, include_in_schema=False)
    pages = {
        200: {"description": "A sitemap or a sitemap index", "content": {"application/xml": {}}},
        **responses(400, 404),
    }
    routes.add_api_route(
        "/sitemap.xml",
        sitemap,
        methods=get,
        summary="Every dereferenceable page",
        responses=pages,
        response_class=Response,
    )
    routes.add_api_route("/sitemaps/{number}.xml", sitemap_page, methods=get, include_in_schema=False)
    return routes


def _folder(lex: Lexrdf) -> Path:
    return lex.settings.dumps_dir


# -- the index and the files ------------------------------------------------------------------------------------
def index(request: Request, lex: Lexrdf = Depends(get_lex)) -> JSONResponse:
    """The published dump's files with their download URLs, sizes and checksums (empty when none is published)."""
    manifest = Manifest.read(_folder(lex))
    origin = public_origin(request.scope, lex.settings.public_url)
    body: dict[str, Any] = {"catalog": f"{origin}/catalog.ttl", "void": f"{origin}/void.ttl", "files": []}
    if manifest is not None:
        body |= {
            "format": manifest.format,
            "compressed": manifest.compressed,
            "snapshot": manifest.snapshot,
            "issued": manifest.issued,
            "changes_through": manifest.changes_through,
            "quads": manifest.quads,
            "checksums": f"{origin}/dumps/{SUMS}",
        }
        body["files"] = [
            {
                "path": f.path,
                "url": f"{origin}/dumps/{f.path}",
                "kind": f.kind,
                "bytes": f.size,
                "sha256": f.sha256,
                "media_type": f.media_type,
                "compressed": f.compressed,
                "title": f.title,
            }
            for f in manifest.files
        ]
    return JSONResponse(body)


def _safe_path(folder: Path, name: str) -> Path:
    """The file `name` names inside `folder`, or a Problem: never a path outside it."""
    segments = name.split("/")
    if (
        not name
        or name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or any(s in ("", ".", "..") or s.startswith(".") for s in segments)
    ):
        raise Problem(400, "Bad Request", f"{name!r} is not the name of a file of the dump", "name")
    root = folder.resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise Problem(404, "Not Found", f"the dump has no file {name!r}")
    return path


class _Checksums:
    """SHA256SUMS of the dump folder, read again when it changes; a file it does not list is hashed (and kept)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sums: dict[str, str] = {}
        self._key: tuple[str, int, int] | None = None
        self._computed: dict[tuple[str, int, int], str] = {}

    def sha256(self, folder: Path, relative: str, path: Path, stat: os.stat_result) -> str:
        with self._lock:
            self._load(folder)
            listed = self._sums.get(relative)
            if listed is not None:
                return listed
            key = (str(path), stat.st_size, stat.st_mtime_ns)
            if key not in self._computed:
                self._computed = {key: sha256_file(path)}  # only SHA256SUMS itself, in practice
            return self._computed[key]

    def _load(self, folder: Path) -> None:
        try:
            info = (folder / SUMS).stat()
        except OSError:
            self._sums, self._key = {}, None
            return
        key = (str(folder.resolve()), info.st_ino, info.st_mtime_ns)
        if key == self._key:
            return
        sums = {}
        for line in (folder / SUMS).read_text(encoding="utf-8").splitlines():
            digest, _, relative = line.partition("  ")
            sums[relative] = digest
        self._sums, self._key = sums, key


class _PerSnapshot:
    """Values computed from the store (VoID's counts, the sitemap's pages) once per published snapshot."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._values: dict[str, tuple[Any, Any]] = {}

    def get(self, lex: Lexrdf, name: str, compute: Callable[[], Any]) -> Any:
        with self._lock:
            lex.store.refresh()
            snapshot = getattr(lex.store, "snapshot", None)
            key = snapshot.path if snapshot is not None else object()  # no snapshot: never kept
            kept = self._values.get(name)
            if kept is None or kept[0] != key:
                kept = self._values[name] = (key, compute())
            return kept[1]


@dataclass
class _Caches:
    checksums: _Checksums = field(default_factory=_Checksums)
    snapshot: _PerSnapshot = field(default_factory=_PerSnapshot)


_CREATING = threading.Lock()


def _caches(request: Request) -> _Caches:
    """This application's caches (in app.state: no module state)."""
    with _CREATING:
        caches = getattr(request.app.state, "dump_caches", None)
        if caches is None:
            caches = request.app.state.dump_caches = _Caches()
        return caches


def dump_file(request: Request, name: str, lex: Lexrdf = Depends(get_lex)) -> Response:
    """One file of the dump; `Range` gives part of it."""
    folder = _folder(lex)
    path = _safe_path(folder, name)
    fd = os.open(path, os.O_RDONLY)
    try:
        stat = os.fstat(fd)
        relative = path.relative_to(folder.resolve()).as_posix()
        digest = _caches(request).checksums.sha256(folder, relative, path, stat)
    except BaseException:
        os.close(fd)
        raise
    size, kind = stat.st_size, media_type(relative)
    etag = f'"sha256-{digest[:32]}"'
    b64 = base64.b64encode(bytes.fromhex(digest)).decode()
    headers = {
        "ETag": etag,
        "Last-Modified": formatdate(stat.st_mtime, usegmt=True),
        "Accept-Ranges": "bytes",
        "Repr-Digest": f"sha-256=:{b64}:",
        "Digest": f"sha-256={b64}",
        "Cache-Control": "public, max-age=300",
    }
    if etag in _tags(request.headers.get("if-none-match")):
        os.close(fd)
        return Response(status_code=304, headers=headers)
    ranges = None
    asked = request.headers.get("range")
    if asked and (request.headers.get("if-range") in (None, etag)):
        try:
            ranges = parse_ranges(asked, size)
        except Unsatisfiable as exc:
            os.close(fd)
            raise Problem(416, "Range Not Satisfiable", str(exc), headers={"Content-Range": f"bytes */{size}"}) from exc
    head = request.method == "HEAD"
    if ranges is None:
        return _send(fd, head, 200, kind, {**headers, "Content-Length": str(size)}, read_range(fd, 0, size - 1))
    if len(ranges) == 1:
        (start, end) = ranges[0]
        headers |= {"Content-Range": f"bytes {start}-{end}/{size}", "Content-Length": str(end - start + 1)}
        return _send(fd, head, 206, kind, headers, read_range(fd, start, end))
    boundary = hashlib.sha256(f"{digest}{asked}".encode()).hexdigest()[:32]
    heads, length = multipart(fd, ranges, size, kind, boundary)
    headers["Content-Length"] = str(length)
    body = multipart_body(fd, ranges, heads)
    return _send(fd, head, 206, f"multipart/byteranges; boundary={boundary}", headers, body)


def _send(fd: int, head: bool, status: int, kind: str, headers: dict[str, str], body: Any) -> Response:
    """The response: headers only for HEAD; else the body streamed from the open file, closed at the end (a dump
    replaced meanwhile is still read whole: the file stays open)."""
    headers = {**headers, "Content-Encoding": "identity"}  # sent as stored: never re-compressed on the way
    if head:
        os.close(fd)
        return Response(status_code=status, headers=headers, media_type=kind)

    def stream():
        try:
            yield from body
        finally:
            os.close(fd)

    return StreamingResponse(stream(), status_code=status, headers=headers, media_type=kind)


def _tags(header: str | None) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in (header or "").split(",") if tag.strip()}


# -- the descriptions ------------------------------------------------------------------------------------------
def _description(request: Request, turtle: bytes) -> Response:
    kind = negotiate(request.headers.get("accept"), list(DESCRIPTION_TYPES))
    if kind is None:
        offered = ", ".join(DESCRIPTION_TYPES)
        raise Problem(406, "Not Acceptable", f"this description is offered as {offered}", headers={"Vary": "Accept"})
    body = turtle
    if kind != TURTLE:
        triples = pyoxigraph.parse(turtle, format=pyoxigraph.RdfFormat.TURTLE)
        body = pyoxigraph.serialize(triples, format=DESCRIPTION_TYPES[kind], prefixes=DESCRIPTION_PREFIXES)
    headers = {"Vary": "Accept", "ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"'}
    if headers["ETag"] in _tags(request.headers.get("if-none-match")):
        return Response(status_code=304, headers=headers)
    return Response(body if request.method != "HEAD" else b"", media_type=kind, headers=headers)


def catalog(request: Request, lex: Lexrdf = Depends(get_lex)) -> Response:
    """The DCAT catalogue: the dataset, the SPARQL endpoint and one distribution per file of the published dump."""
    settings = lex.settings
    return _description(request, catalog_turtle(settings.base_iri, settings.licence, Manifest.read(_folder(lex))))


def void(request: Request, lex: Lexrdf = Depends(get_lex)) -> Response:
    """The VoID description of the dataset as the server holds it now, with the published dump's files."""
    counts = _caches(request).snapshot.get(lex, "void", lambda: statistics(lex.store.raw))
    turtle = void_turtle(lex.settings.base_iri, counts, Manifest.read(_folder(lex)))
    return _description(request, turtle)


# -- the sitemap ----------------------------------------------------------------------------------------------
def _pages(request: Request, lex: Lexrdf) -> list[str]:
    """Every page, in IRI order (once per published snapshot)."""
    prefix = lex.settings.base_iri.rstrip("/") + "/"
    query = queries()["sitemap"].bound({"prefix": prefix})
    return _caches(request).snapshot.get(lex, "sitemap", lambda: [row["page"].value for row in lex.store.select(query)])


def sitemap_document(urls: list[str], origin: str, page: int | None = None, limit: int = SITEMAP_URLS) -> str | None:
    """The sitemap of `urls`: all of them, or past `limit` an index of `/sitemaps/{n}.xml` (`page` n gives the
    n-th `limit` URLs; None when there is no such page).

    >>> urls = ["https://s/a", "https://s/b?x=1&y=2", "https://s/c"]
    >>> print(sitemap_document(urls[:2], "https://s"))
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <url><loc>https://s/a</loc></url>
    <url><loc>https://s/b?x=1&amp;y=2</loc></url>
    </urlset>
    <BLANKLINE>
    >>> print(sitemap_document(urls, "https://s", limit=2))
    <?xml version="1.0" encoding="UTF-8"?>
    <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <sitemap><loc>https://s/sitemaps/1.xml</loc></sitemap>
    <sitemap><loc>https://s/sitemaps/2.xml</loc></sitemap>
    </sitemapindex>
    <BLANKLINE>
    >>> sitemap_document(urls, "https://s", page=2, limit=2).count("<url>"), sitemap_document(urls, "https://s", 3, 2)
    (1, None)
    """
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    if page is None and len(urls) > limit:
        count = -(-len(urls) // limit)
        entries = "".join(f"<sitemap><loc>{origin}/sitemaps/{n}.xml</loc></sitemap>\n" for n in range(1, count + 1))
        return f'{head}<sitemapindex xmlns="{SITEMAP_NS}">\n{entries}</sitemapindex>\n'
    if page is not None:
        urls = urls[(page - 1) * limit : page * limit] if page >= 1 else []
        if not urls:
            return None
    entries = "".join(f"<url><loc>{escape(url)}</loc></url>\n" for url in urls)
    return f'{head}<urlset xmlns="{SITEMAP_NS}">\n{entries}</urlset>\n'


def _sitemap(request: Request, lex: Lexrdf, page: int | None) -> Response:
    links = Links(lex.settings.base_iri)
    origin = public_origin(request.scope, lex.settings.public_url)
    urls = [origin + quote(links.href(iri), safe=_URL_SAFE) for iri in _pages(request, lex)]
    document = sitemap_document(urls, origin, page)
    if document is None:
        raise Problem(404, "Not Found", f"there is no sitemap {page}")
    return Response(b"" if request.method == "HEAD" else document.encode(), media_type="application/xml")


def sitemap(request: Request, lex: Lexrdf = Depends(get_lex)) -> Response:
    """Every page: a urlset, or past 50,000 URLs an index of `/sitemaps/{n}.xml`."""
    return _sitemap(request, lex, None)


def sitemap_page(request: Request, number: int, lex: Lexrdf = Depends(get_lex)) -> Response:
    """The n-th 50,000 pages (1-based)."""
    return _sitemap(request, lex, number)
