"""The source XML of an act, provision or version, as legislation.gov.uk serves it: ``{iri}/data.xml``, or the IRI
itself asked for ``application/xml``. The body is the source file byte for byte, as the ingest kept it
(lexrdf.store.sources), with its SHA-256 (``Repr-Digest``, ``Digest``, the ETag) equal to the ``lex:sourceSha256``
its changeset records: a client can check it got what was ingested. Which file: the one the version in force on the
date (``?date=``, default today) was read from. Nothing a client sends names a file: the store names the hash.
"""

from __future__ import annotations

import base64
import re
from datetime import date
from pathlib import Path

from fastapi.responses import Response

from lexrdf.api import Lexrdf
from lexrdf.store.sources import SourceArchive

SOURCE_XML = "application/xml"
DATA_XML = "/data.xml"  # legislation.gov.uk's suffix for a document's XML
SOURCE_KINDS = ("act", "provision", "version")
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def source_response(lex: Lexrdf, iri: str, day: date, headers: dict[str, str]) -> Response | None:
    """The source XML `iri` was read from (the version in force on `day`), or None when no source bytes are kept
    for it (an act known only by reference, a store ingested before sources were kept)."""
    rows = lex.rows("_source-of", resource=iri, date=day.isoformat())
    if not rows:
        return None
    sha256 = rows[0]["sha256"].value
    body = SourceArchive(Path(lex.settings.store)).read(sha256)
    if body is None:
        return None
    digest = base64.b64encode(bytes.fromhex(sha256)).decode("ascii")
    name = _UNSAFE_NAME.sub("-", Path(rows[0]["file"].value).name) or "source.xml"
    headers = {
        **headers,
        "ETag": f'"sha256-{sha256}"',
        "Repr-Digest": f"sha-256=:{digest}:",
        "Digest": f"sha-256={digest}",
        "Content-Disposition": f'inline; filename="{name}"',
        "Vary": "Accept",
    }
    return Response(body, media_type=SOURCE_XML, headers=headers)


__all__ = ["DATA_XML", "SOURCE_KINDS", "SOURCE_XML", "source_response"]
