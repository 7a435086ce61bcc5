"""/api/search: the full-text search (lexrdf.api.Lexrdf.search, docs/search.md) with its paging and matching options.

The library's generic endpoint (lexrdf.web.api) takes only search.rq's parameters; this one adds `page`, `size`
(at most MAX_PAGE_SIZE: a 422 beyond), `words` and `language`, takes the phrase as `q` (or `text`, search.rq's name)
and types its answer, `method` included (which path answered: the index or the scan)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import ConfigDict

from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.queries import parse_date, parse_moment
from lexrdf.search import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import BAD_PARAMETER, Problem

PARAMETERS = {"q", "text", "date", "known_at", "page", "size", "words", "language"}
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*")
_TRUE, _FALSE = {"true", "1", "yes", "on"}, {"false", "0", "no", "off"}
_STRICT = ConfigDict(extra="forbid")


def _integer(raw: str | None, name: str, default: int, lowest: int, highest: int | None = None) -> int:
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise QueryError(f"parameter {name!r}: {raw!r} is not an integer", name) from None
    if value < lowest or (highest is not None and value > highest):
        bound = f"from {lowest} to {highest}" if highest is not None else f"at least {lowest}"
        raise Problem(422, "Parameter out of range", f"parameter {name!r}: {value} is out of range ({bound})",
                      name, BAD_PARAMETER)  # fmt: skip
    return value


def _boolean(raw: str | None, name: str) -> bool:
    if raw is None or raw == "":
        return False
    if raw.lower() in _TRUE | _FALSE:
        return raw.lower() in _TRUE
    raise QueryError(f"parameter {name!r}: {raw!r} is not a boolean (true or false)", name)


def _language(raw: str | None) -> str | None:
    if raw is None or raw == "":
        return None
    if not _LANGUAGE.fullmatch(raw):
        raise QueryError(f"parameter 'language': {raw!r} is not a language tag (BCP 47: en, pt-BR)", "language")
    return raw


def page_params(page: str | None, size: str | None, words: str | None, default_size: int) -> tuple[int, int, bool]:
    """The page (from 1), its size (1 to MAX_PAGE_SIZE: a 422 beyond) and `words`, checked."""
    return (
        _integer(page, "page", 1, 1),
        _integer(size, "size", default_size, 1, MAX_PAGE_SIZE),
        _boolean(words, "words"),
    )


def search_params(
    q: str | None, text: str | None, day: str | None, known_at: str | None, page: str | None, size: str | None,
    words: str | None, language: str | None,
) -> dict[str, Any]:  # fmt: skip
    """The keyword arguments of Lexrdf.search from the HTTP parameters, each checked (a QueryError or a 422 Problem
    naming the one at fault)."""
    if q is not None and text is not None:
        raise QueryError("give the phrase as 'q' or as 'text', not both", "text")
    phrase = q if q is not None else text
    if phrase is None or not phrase.strip():
        raise QueryError("missing required parameter 'q' (the words to find)", "q")
    if day is None:
        raise QueryError("missing required parameter 'date'", "date")
    number, hits, by_words = page_params(page, size, words, DEFAULT_PAGE_SIZE)
    return {
        "text": phrase,
        "date": parse_date(day, "date"),
        "known_at": known_at if known_at and parse_moment(known_at, "known_at") else None,
        "page": number,
        "size": hits,
        "words": by_words,
        "language": _language(language),
    }


def _describe(text: str) -> Any:
    return Query(None, description=text)


def search_endpoint(check_request: Any):
    """The handler of GET /api/search (`check_request` refuses unknown or repeated parameters and a non-JSON
    Accept, as for every library query)."""

    def search(
        request: Request,
        lex: Lexrdf = Depends(get_lex),
        q: str = _describe("the words to find: a phrase (whole words, in order), or with words=true each word"),
        text: str = _describe("the same as q (search.rq's name for it)"),
        day: str = Query(
            None,
            alias="date",
            description="a date, YYYY-MM-DD: the texts in force on it",
            json_schema_extra={"format": "date"},
        ),  # fmt: skip
        known_at: str = Query(
            None,
            description="an ISO 8601 date-time: as recorded then; default now",
            json_schema_extra={"format": "date-time"},
        ),  # fmt: skip
        page: str = Query(None, description="the page, from 1", json_schema_extra={"type": "integer"}),
        size: str = Query(
            None,
            description=f"hits a page, 1 to {MAX_PAGE_SIZE} (a 422 beyond); default {DEFAULT_PAGE_SIZE}",
            json_schema_extra={"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        ),  # fmt: skip
        words: str = Query(
            None,
            description='true: every word in any order, stemmed by language, "quoted" parts phrases; '
            "false (default): the exact phrase",
            json_schema_extra={"type": "boolean"},
        ),  # fmt: skip
        language: str = _describe("a BCP 47 tag: only the texts in that language (needs the index)"),
    ) -> JSONResponse:
        check_request(request, "query 'search'", PARAMETERS)
        params = search_params(q, text, day, known_at, page, size, words, language)
        return JSONResponse(lex.search(**params).to_dict())

    return search
