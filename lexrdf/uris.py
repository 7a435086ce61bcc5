"""Minting lexrdf IRIs and parsing the references users give (AKN FRBR URIs, eIds, lexrdf IRIs).

>>> minter = IriMinter("https://example.org")
>>> minter.act("gb-ukm", "act", "1998-07-16", "29")
'https://example.org/eli/gb-ukm/act/1998-07-16/29'
>>> parse_reference("/akn/br/act/1988-10-05/constituicao~art_6__cpt")
AknReference(work='/akn/br/act/1988-10-05/constituicao', eid='art_6__cpt')
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from urllib.parse import quote

_UNSAFE = re.compile(r"[^A-Za-z0-9._~\-]+")

# An AKN FRBR URI: /akn/{country}/{doctype}[/{subtype}][/{actor}]/{date}/{number}
# then optionally an expression part /{lang}@{date}[;...] and a manifestation/portion part,
# and a component (!main) and a portion after ~ or #.
_AKN = re.compile(
    r"""
    ^(?P<work>/akn/[a-z]{2}(?:-[a-z0-9]+)?/[^/@~#!]+(?:/[^/@~#!]+)*?/\d{4}(?:-\d{2}-\d{2})?/[^/@~#!]+)  # work
    (?:/(?P<lang>[a-z]{3})@(?P<date>[^/~#!]*))?                              # expression
    (?:/![^~#/]*)?                                                          # component, e.g. !main
    (?:[~#](?P<eid>[^/]+))?$                                                # portion / eId
    """,
    re.VERBOSE,
)


@lru_cache(maxsize=65536)
def _quoted(path: str) -> str:
    return quote(path, safe="/-._~")


def slug(text: str) -> str:
    """A path segment safe in an IRI.

    >>> slug("1998 c. 29")
    '1998-c.-29'
    """
    return _UNSAFE.sub("-", text.strip()).strip("-") or "x"


def short_hash(*parts: object) -> str:
    """A stable 10-character hash of its arguments (for content-addressed record IRIs)."""
    digest = hashlib.sha1("\x1f".join(str(p) for p in parts).encode("utf-8")).hexdigest()
    return digest[:10]


@dataclass(frozen=True)
class IriMinter:
    """Mints every IRI lexrdf writes, under one base IRI."""

    base: str

    def act(self, jurisdiction: str, act_type: str, work_date: str, number: str) -> str:
        return f"{self.base}/eli/{slug(jurisdiction)}/{slug(act_type)}/{work_date}/{slug(number)}"

    def cited_act(self, reference: str) -> str:
        """An act known only by reference: an IRI derived from the reference itself."""
        cleaned = re.sub(r"^[a-z]+://", "", reference.strip()).strip("/")
        return f"{self.base}/eli/ref/" + "/".join(slug(part) for part in cleaned.split("/") if part)

    @staticmethod
    def provision(act: str, path: str) -> str:
        return f"{act}/{_quoted(path)}" if path else act

    @staticmethod
    def version(provision: str, valid_from: date) -> str:
        return f"{provision}/{valid_from.isoformat()}"

    @staticmethod
    def expression(version: str, language: str, text_hash: str | None = None) -> str:
        return f"{version}/{slug(language)}" + (f"/c-{text_hash}" if text_hash else "")

    @staticmethod
    def record(version: str, content_hash: str) -> str:
        return f"{version}/rec-{content_hash}"

    @staticmethod
    def event(act: str, day: date, kind: str, source: str | None = None) -> str:
        """One event per act, day, kind and source act: ``{act}/event/2004-07-01/substitution/akn-xx-act-...``."""
        iri = f"{act}/event/{day.isoformat()}/{slug(kind)}"
        if source and source != act:
            iri += "/" + slug(re.sub(r"^[a-z]+://[^/]+/", "", source).replace("/", "-"))
        return iri

    def changeset(self, identifier: str) -> str:
        return f"{self.base}/changeset/{identifier}"

    def authority(self, reference: str) -> str:
        cleaned = re.sub(r"^[a-z]+://", "", reference.strip()).strip("/#")
        return f"{self.base}/authority/" + "/".join(slug(p) for p in cleaned.split("/") if p)


@dataclass(frozen=True)
class AknReference:
    """A reference split into the work it names and, optionally, the eId of a portion."""

    work: str
    eid: str | None


def parse_reference(reference: str) -> AknReference:
    """Split a citation into work and eId.

    Accepts an AKN work, expression or portion URI (``/akn/.../~art_6``, ``/akn/.../por@2000-01-01/!main#art_6``),
    or any other identifier with an optional ``~eId`` suffix (a legislation.gov.uk id, an ELI).

    >>> parse_reference("/akn/br/act/1988-10-05/constituicao/por@2000-01-01/!main~art_6__cpt")
    AknReference(work='/akn/br/act/1988-10-05/constituicao', eid='art_6__cpt')
    >>> parse_reference("http://www.legislation.gov.uk/id/ukpga/1998/29")
    AknReference(work='http://www.legislation.gov.uk/id/ukpga/1998/29', eid=None)
    """
    reference = reference.strip()
    match = _AKN.match(reference)
    if match:
        return AknReference(match.group("work"), match.group("eid") or None)
    work, sep, eid = reference.partition("~")
    return AknReference(work.rstrip("/"), eid if sep and eid else None)
