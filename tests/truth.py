"""What the legal-truth tests compare: a provision's history as (from, until, opened by, its act, closed by)."""

from __future__ import annotations

from lexrdf.api import Lexrdf


def versions(lex: Lexrdf, iri: str) -> list[tuple]:
    """Each version of `iri`: (valid_from, valid_until, opening event type, its source act, closing event type)."""
    return [
        (v.valid_from, v.valid_until, v.opened_by.type, v.opened_by.source, v.closed_by and v.closed_by.type)
        for v in lex.versions(iri)
    ]
