"""The home page's content: the acts held (the `acts` query) and a search of the texts in force on a date, a page
of hits at a time, each with its snippet and the matched words marked.

>>> [(s.text, s.match) for s in highlight("The harbour authority; a Harbour; harbours.", "harbour")]
[('The ', False), ('harbour', True), (' authority; a ', False), ('Harbour', True), ('; harbours.', False)]
>>> [(s.text, s.match) for s in marked_runs("a &amp; <b>b</b> c")]
[('a & ', False), ('b', True), (' c', False)]
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from lexrdf.answers.statuses import past_currency
from lexrdf.answers.types import SearchHit
from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.search.phrases import spans
from lexrdf.web.page_format import PageLinks, as_date, day_text, last_day, value

#: hits a page on the home page
HOME_PAGE_SIZE = 10
_BOLD = re.compile(r"</?b>")


@dataclass(frozen=True)
class Run:
    """A run of a hit's text; `match` when it is the searched phrase (or, with words, a searched word)."""

    text: str
    match: bool


def highlight(text: str, phrase: str) -> list[Run]:
    """`text` cut around each whole-word, case-insensitive occurrence of `phrase` (as the search matches it)."""
    runs: list[Run] = []
    position = 0
    for start, end in spans(text, phrase):
        if start > position:
            runs.append(Run(text[position:start], False))
        runs.append(Run(text[start:end], True))
        position = end
    if position < len(text) or not runs:
        runs.append(Run(text[position:], False))
    return runs


def marked_runs(snippet: str) -> list[Run]:
    """An HTML snippet (escaped text, matches in <b>) as runs of plain text."""
    pieces = _BOLD.split(snippet)
    return [Run(html.unescape(piece), index % 2 == 1) for index, piece in enumerate(pieces) if piece]


def snippet_runs(hit: SearchHit, phrase: str, words: bool) -> list[Run]:
    """What a hit shows: its snippet (the best fragment), the phrase marked as one run; with `words` the words the
    search marked. A hit without a snippet shows its whole text."""
    if hit.snippet is None:
        return highlight(hit.text, phrase)
    if words:
        return marked_runs(hit.snippet)
    return highlight(html.unescape(_BOLD.sub("", hit.snippet)), phrase)


def home_context(
    lex: Lexrdf,
    page: PageLinks,
    text: str | None,
    day: str | None,
    today: date | None = None,
    page_number: int = 1,
    words: bool = False,
    size: int = HOME_PAGE_SIZE,
) -> dict[str, Any]:
    """Everything home.html shows: the acts, and the search form with a page of hits when a phrase was asked."""
    today = today or date.today()
    acts = [
        {
            "title": value(r, "short_title") or value(r, "title") or value(r, "act") or "",
            "href": page.href(value(r, "act") or ""),
            "date": day_text(value(r, "date") or "") if value(r, "date") else None,
            "number": value(r, "act_number"),
            "jurisdiction": value(r, "jurisdiction"),
            "act_type": value(r, "act_type"),
        }
        for r in lex.rows("acts", known_at=page.known_at)
    ]
    phrase = (text or "").strip()
    error, hits, answer = None, [], None
    try:
        chosen = as_date(day) if day else today
    except ValueError:
        chosen, error = today, f"{day!r} is not a date (YYYY-MM-DD)"
    if phrase and error is None:
        try:
            answer = lex.search(phrase, chosen, page.known_at, page=page_number, size=size, words=words)
        except QueryError as exc:
            error = str(exc)
        else:
            hits = [
                {
                    "citation": hit.citation or hit.provision,
                    "href": page.at(hit.provision, chosen),
                    "act_title": hit.act_title,
                    "runs": snippet_runs(hit, phrase, words),
                    "occurrences": hit.occurrences,
                    "valid_from": day_text(hit.valid_from) if hit.valid_from else None,
                    "last_day": last_day(hit.valid_until) if hit.valid_until else None,
                    "opened": hit.opened_by.type.replace("-", " ") if hit.opened_by else None,
                    # past the date its act's sources are current to: the text as last known (its citation says so)
                    "last_known": past_currency(chosen, hit.current_to),
                }
                for hit in answer.items
            ]
    return {
        "title": "Legislation as in force on a date",
        "acts": acts,
        "phrase": phrase,
        "words": words,
        "day": day_text(chosen),
        "known_at": page.known_at,
        "hits": hits,
        "count": answer.total if answer is not None else None,
        "last_known": any(hit["last_known"] for hit in hits),
        "paging": _paging(page, answer, phrase, chosen, words, size) if answer is not None else None,
        "error": error,
    }


def _paging(page: PageLinks, answer: Any, phrase: str, day: date, words: bool, size: int) -> dict[str, Any]:
    """Which hits this page shows (`first`-`last` of `total`), the method, and the links to the pages beside it."""
    total = answer.total or 0
    first = (answer.page - 1) * size + 1

    def link(number: int) -> str:
        sized = str(size) if size != HOME_PAGE_SIZE else None
        return "/" + page.query(
            q=phrase, date=day.isoformat(), words="true" if words else None, page=str(number), size=sized
        )

    return {
        "first": first if answer.count else 0,
        "last": first + answer.count - 1 if answer.count else 0,
        "total": total,
        "page": answer.page,
        "pages": max(1, -(-total // size)),
        "method": answer.method,
        "previous": link(answer.page - 1) if answer.page > 1 else None,
        "next": link(answer.page + 1) if answer.page * size < total else None,
    }
