"""/admin: the only writes over HTTP, each behind a bearer token from configuration.

- ``POST /admin/add``: an editorial addition (Turtle or JSON-LD, as `lexrdf add` takes it) validated with its
  graph and written only if it conforms (lexrdf.editorial.submit). The server itself reads a published snapshot;
  each request opens the store as its one writer, writes, and closes it, which publishes a new snapshot that
  the next read sees. While another writer (a `lexrdf ingest`, another /admin/add) holds the store, the answer
  is 409 naming the lock; nothing is queued.
- ``POST /admin/validate``: a source file (Akoma Ntoso XML) mapped, versioned and validated as `lexrdf validate
  FILE` does it, against an empty scratch store that is thrown away: nothing is written to the served store.

The token is ``Settings.admin_token`` (``LEXRDF_ADMIN_TOKEN``). Without one configured these endpoints answer 403
to everyone; a request without ``Authorization: Bearer <token>`` is a 401 with ``WWW-Authenticate``; a wrong
token is a 401 too (``error="invalid_token"``). Tokens are compared in constant time (`hmac.compare_digest`).
Uploads are read no further than ``Settings.admin_max_upload_bytes`` (413 beyond). No answer names a path of the
server: a problem in the upload names it as ``upload`` (and its line).
"""

from __future__ import annotations

import hmac
import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from lexrdf.errors import LexrdfError, QueryError, SourceError
from lexrdf.queries import parse_iri
from lexrdf.settings import Settings
from lexrdf.web.errors import PROBLEMS, Problem, responses
from lexrdf.web.parameters import declared_only

ADMIN_DISABLED = PROBLEMS + "admin-disabled"
UNAUTHORIZED = PROBLEMS + "unauthorized"
STORE_LOCKED = PROBLEMS + "store-locked"
BAD_UPLOAD = PROBLEMS + "bad-upload"
UPLOAD = "upload"  # how an answer names the uploaded file (never the server's temporary path)
_REALM = 'Bearer realm="lexrdf admin"'
_EDITORIAL = {  # media type -> the suffix lexrdf.editorial reads it by
    "text/turtle": ".ttl",
    "application/ld+json": ".jsonld",
    "application/n-triples": ".nt",
}
_SOURCES = {"application/xml": ".xml", "text/xml": ".xml", "application/akn+xml": ".xml"}


class Finding(BaseModel):
    """One result of validation: what is wrong (or worth a warning), where."""

    severity: str
    message: str
    focus_node: str | None = None
    result_path: str | None = None
    source_shape: str | None = None
    value: str | None = None
    line: int | None = None


class AddOutcome(BaseModel):
    """What an editorial addition did."""

    graph: str = Field(description="the act's (or interpretive item's) graph it went to")
    written: bool
    quads: int = Field(description="quads written (0 when refused)")
    conforms: bool
    violations: list[Finding]
    warnings: list[Finding]


class ValidateOutcome(BaseModel):
    """The validation of an uploaded source file (nothing written)."""

    conforms: bool
    acts: list[str]
    violations: list[Finding]
    warnings: list[Finding]


def require_token(request: Request) -> Settings:
    """The settings, once the request carries the configured bearer token (else 403, or 401 with a challenge)."""
    settings: Settings = request.app.state.settings
    if not settings.admin_token:
        raise Problem(403, "Forbidden", "write access is disabled: no admin token is configured", type_=ADMIN_DISABLED)
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        detail = "this endpoint needs 'Authorization: Bearer <token>'"
        raise Problem(401, "Unauthorized", detail, type_=UNAUTHORIZED, headers={"WWW-Authenticate": _REALM})
    if not hmac.compare_digest(given.strip().encode("utf-8"), settings.admin_token.encode("utf-8")):
        challenge = f'{_REALM}, error="invalid_token"'
        raise Problem(401, "Unauthorized", "the token is not valid", type_=UNAUTHORIZED,
                      headers={"WWW-Authenticate": challenge})  # fmt: skip
    return settings


Authorized = Annotated[Settings, Depends(require_token)]


def router() -> APIRouter:
    """The /admin routes."""
    admin = APIRouter(
        prefix="/admin",
        tags=["admin"],
        dependencies=[Depends(require_token), Depends(declared_only)],  # the token first: nothing else is said
        responses=responses(400, 401, 403, 409, 413, 415),
    )

    @admin.post(
        "/add",
        summary="Add an editorial addition (Turtle, JSON-LD or N-Triples body); needs the admin token",
        response_model=AddOutcome,
        responses={
            201: {"model": AddOutcome, "description": "written"},
            **responses(422),
        },
        openapi_extra={
            "requestBody": {"required": True, "content": {t: {"schema": {"type": "string"}} for t in _EDITORIAL}}
        },
    )
    async def add(
        request: Request,
        settings: Authorized,
        act: Annotated[str | None, Query(description="the act's IRI (else the one the addition names)")] = None,
    ) -> JSONResponse:
        graph = parse_iri(act, "act").value if act else None
        suffix = _suffix(request, _EDITORIAL)
        body = await _upload(request, settings.admin_max_upload_bytes)
        with tempfile.TemporaryDirectory(prefix="lexrdf-admin-") as scratch:
            path = Path(scratch) / f"{UPLOAD}{suffix}"
            path.write_bytes(body)
            outcome = await run_in_threadpool(_written, path, settings, graph)
        return JSONResponse(outcome.model_dump(), status_code=201 if outcome.written else 422)

    @admin.post(
        "/validate",
        summary="Validate an uploaded source file (Akoma Ntoso XML body) without writing it; needs the admin token",
        response_model=ValidateOutcome,
        openapi_extra={
            "requestBody": {"required": True, "content": {t: {"schema": {"type": "string"}} for t in _SOURCES}}
        },
    )
    async def validate(request: Request, settings: Authorized) -> ValidateOutcome:
        _suffix(request, _SOURCES)
        body = await _upload(request, settings.admin_max_upload_bytes)
        with tempfile.TemporaryDirectory(prefix="lexrdf-admin-") as scratch:
            path = Path(scratch) / f"{UPLOAD}.xml"
            path.write_bytes(body)
            return await run_in_threadpool(_validated, path, Path(scratch) / "store", settings)

    return admin


def _suffix(request: Request, accepted: dict[str, str]) -> str:
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type not in accepted:
        detail = f"send the file as one of {', '.join(accepted)}; got {media_type or 'no Content-Type'}"
        raise Problem(415, "Unsupported Media Type", detail, type_=PROBLEMS + "unsupported-media-type")
    return accepted[media_type]


async def _upload(request: Request, limit: int) -> bytes:
    """The request body, read no further than `limit` bytes (413 beyond)."""
    declared = request.headers.get("content-length", "")
    too_large = Problem(413, "Upload too large", f"an upload may be at most {limit:,} bytes", type_=BAD_UPLOAD)
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    if size == 0:
        raise Problem(400, "Empty upload", "the request body is empty: send the file as the body", type_=BAD_UPLOAD)
    return b"".join(chunks)


def _written(path: Path, settings: Settings, act: str | None) -> AddOutcome:
    """Submit the addition through a writer opened for this request; closing it publishes the snapshot."""
    from lexrdf.editorial import submit
    from lexrdf.ingest.derived import recover_derived
    from lexrdf.store import StoreLocked, open_store

    try:
        store = open_store(settings.store, snapshot_grace_seconds=settings.snapshot_grace_seconds)
        recover_derived(store)  # what a killed writer left, rebuilt before this addition
    except StoreLocked:
        detail = "the store is being written by another writer (its LOCK is held): try again when it has finished"
        raise Problem(409, "Store locked", detail, type_=STORE_LOCKED, headers={"Retry-After": "5"}) from None
    try:
        submission = submit(path, store, settings, act)
    except SourceError as exc:
        raise _upload_problem(exc, path) from None
    except QueryError:
        raise
    except (LexrdfError, ValueError, SyntaxError) as exc:  # pyoxigraph refuses a term the addition builds
        raise Problem(400, "Bad upload", _scrubbed(str(exc), path), type_=BAD_UPLOAD) from None
    finally:
        store.close()
    report = submission.report
    return AddOutcome(
        graph=submission.act,
        written=submission.written,
        quads=submission.quads if submission.written else 0,
        conforms=report.conforms,
        violations=_findings(report, report.violations),
        warnings=_findings(report, report.warnings),
    )


def _validated(path: Path, scratch_store: Path, settings: Settings) -> ValidateOutcome:
    """Map, version and validate a source file against an empty scratch store (as `lexrdf validate FILE`)."""
    from lexrdf.ingest.run import check, prepare
    from lexrdf.store import open_store

    store = open_store(scratch_store)
    try:
        reports = {write.act: check(write, store) for write in prepare([path], store, settings) if write.quads}
    except SourceError as exc:
        raise _upload_problem(exc, path) from None
    except LexrdfError as exc:
        raise Problem(400, "Bad upload", _scrubbed(str(exc), path), type_=BAD_UPLOAD) from None
    finally:
        store.close()
    violations = [f for report in reports.values() for f in _findings(report, report.violations)]
    warnings = [f for report in reports.values() for f in _findings(report, report.warnings)]
    return ValidateOutcome(conforms=not violations, acts=sorted(reports), violations=violations, warnings=warnings)


def _findings(report: Any, results: list[Any]) -> list[Finding]:
    found = []
    for result in results:
        location = report.locations.get(result.focus)
        found.append(
            Finding(
                severity=result.severity,
                message=result.message,
                focus_node=result.focus,
                result_path=result.path,
                source_shape=result.shape,
                value=None if result.value is None else str(result.value),
                line=location.line if location else None,
            )
        )
    return found


def _upload_problem(exc: SourceError, path: Path) -> Problem:
    """A problem in the uploaded file, naming it as `upload` (and the line), never by the server's path."""
    where = f"{UPLOAD}:{exc.line}" if exc.line else UPLOAD
    detail = f"{where}: {_scrubbed(exc.problem, path)}"
    return Problem(400, "Bad upload", detail, type_=BAD_UPLOAD)


def _scrubbed(text: str, path: Path) -> str:
    """`text` with the temporary file's path (and its directory) replaced by `upload`."""
    return text.replace(str(path), UPLOAD).replace(str(path.parent), UPLOAD)
