"""The home page's content: the acts held (the `acts` query) and a search of the texts in force on a date.

>>> [(s.text, s.match) for s in highlight("The harbour authority; a Harbour.", "harbour")]
[('The ', False), ('harbour', True), (' authority; a ', False), ('Harbour', True), ('.', False)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.web.page_data import PageLinks, as_date, day_text, value


@dataclass(frozen=True)
class Run:
    """A run of a hit's text; `match` when it is the searched phrase."""

    text: str
    match: bool


def highlight(text: str, phrase: str) -> list[Run]:
    """`text` cut around each case-insensitive occurrence of `phrase`."""
    if not phrase:
        return [Run(text, False)]
    runs: list[Run] = []
    position = 0
    for found in re.finditer(re.escape(phrase), text, re.IGNORECASE):
        if found.start() > position:
            runs.append(Run(text[position : found.start()], False))
        runs.append(Run(found.group(0), True))
        position = found.end()
    if position < len(text):
        runs.append(Run(text[position:], False))
    return runs


def home_context(
    lex: Lexrdf, page: PageLinks, text: str | None, day: str | None, today: date | None = None
) -> dict[str, Any]:
    """Everything home.html shows: the acts, and the search form with its hits when a phrase was asked."""
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
    error, hits, searched = None, [], None
    try:
        chosen = as_date(day) if day else today
    except ValueError:
        chosen, error = today, f"{day!r} is not a date (YYYY-MM-DD)"
    if phrase and error is None:
        try:
            answer = lex.search(phrase, chosen, page.known_at)
        except QueryError as exc:
            error = str(exc)
        else:
            searched = answer.count
            hits = [
                {
                    "citation": hit.citation or hit.provision,
                    "href": page.at(hit.provision, chosen),
                    "act_title": hit.act_title,
                    "heading": hit.heading,
                    "runs": highlight(hit.text, phrase),
                    "occurrences": hit.occurrences,
                }
                for hit in answer.items
            ]
    return {
        "title": "Legislation as in force on a date",
        "acts": acts,
        "phrase": phrase,
        "day": day_text(chosen),
        "known_at": page.known_at,
        "hits": hits,
        "count": searched,
        "error": error,
    }
