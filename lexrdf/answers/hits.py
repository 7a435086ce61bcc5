"""search's answer: one page of hits, one a version, from the full-text index or from search.rq's scan."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from pyoxigraph import QuerySolution

from lexrdf.answers.chains import TextChoice, preferred_text, text_choice
from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _value
from lexrdf.answers.types import EventSummary, SearchAnswer, SearchHit

#: which path answered a search: the full-text index, or the SPARQL scan of search.rq (no index; docs/search.md)
SEARCH_INDEX, SEARCH_SCAN = "index", "scan"


def _search_hit(row: QuerySolution) -> SearchHit:
    return SearchHit(
        provision=_value(row, "provision") or "",
        act=_value(row, "act") or "",
        act_title=_value(row, "act_title"),
        path=_value(row, "path"),
        unit_type=_value(row, "unit_type"),
        number=_value(row, "number"),
        heading=_value(row, "heading"),
        text=_value(row, "text") or "",
        version=_value(row, "version") or "",
        occurrences=int(float(_value(row, "occurrences") or 0)),
        state=_value(row, "state") or "version",
    )


def _shown_first(rows: Iterable[QuerySolution]) -> list[QuerySolution]:
    """One row a version, in the order of `rows`: of a version's rows (one a matching text, several when it has
    texts in several languages), the one it shows by `preferred_text`, the first in language order, then expression
    IRI; the index shows the same (lexrdf.search.index: its record's first language's text if it matches, else the
    first matching one)."""
    shown: dict[str, tuple[TextChoice, QuerySolution]] = {}
    for row in rows:
        candidate = text_choice(row)
        held = shown.get(candidate.version)
        if held is None or preferred_text(candidate, held[0]):
            shown[candidate.version] = candidate, row
    return [row for _, row in shown.values()]


def search_answer(rows: list[QuerySolution], text: str, day: date) -> SearchAnswer:
    """search.rq's hits as it finds them (`text` inside words too), one a version, in its order."""
    items = [_search_hit(row) for row in _shown_first(rows)]
    count = len(items)
    return SearchAnswer(
        text=text, date=day.isoformat(), count=count, items=items, total=count, page=1, method=SEARCH_SCAN
    )


@reduces("search")
def scanned_search_answer(
    rows: list[QuerySolution],
    text: str,
    day: date,
    page: int,
    size: int | None,
    count_phrase: Callable[[str, str], int],
) -> SearchAnswer:
    """A page of search.rq's hits kept to the texts holding `text` as whole words, as the index finds them (the
    scan finds it inside longer words too: "data" in "metadata"), re-ranked by their whole-word occurrences. A
    version's texts are kept or dropped each on its own before one is chosen to show, so that a version whose
    English text has the phrase only inside a word and whose French text has it whole is found, and shown in
    French. `count_phrase(text, phrase)` counts whole-word occurrences as the index does
    (lexrdf.search.phrases.count_phrase, given by the caller so that answers need not import the search package)."""
    orders = {_value(r, "version"): _value(r, "unit_order") for r in rows}

    def whole_words(row: QuerySolution) -> int:
        number, heading = _value(row, "number") or "", _value(row, "heading") or ""
        return count_phrase(f"{number} {heading} {_value(row, 'text') or ''}", text)

    counted = {id(row): whole_words(row) for row in rows}
    kept = []
    for row in _shown_first(row for row in rows if counted[id(row)]):
        hit = _search_hit(row)
        hit.occurrences = counted[id(row)]
        kept.append(hit)

    def rank(hit: SearchHit) -> tuple:  # as search.rq orders: occurrences, act, document order, a text first
        order = orders[hit.version]
        return (-hit.occurrences, hit.act, order is not None, Decimal(order or 0), hit.state != "version")

    kept.sort(key=rank)
    start = (page - 1) * size if size else 0
    items = kept[start : start + size] if size else kept
    return SearchAnswer(
        text=text,
        date=day.isoformat(),
        count=len(items),
        items=items,
        total=len(kept),
        page=page,
        size=size,
        method=SEARCH_SCAN,
    )


def _opening(opened: dict[str, Any] | None) -> EventSummary | None:
    """An indexed hit's opening event (a dict of its fields) as the answer's."""
    return EventSummary(**opened) if opened is not None else None


class IndexedPage(Protocol):
    """What a page of the full-text index gives an answer (lexrdf.search.IndexPage): its hits, each with at least
    a SearchHit's fields, and how many versions match in all."""

    @property
    def items(self) -> Sequence[Any]: ...

    @property
    def total(self) -> int: ...


def indexed_search_answer(found: IndexedPage, text: str, day: date, page: int, size: int | None) -> SearchAnswer:
    """A page of hits from the full-text index (lexrdf.search), one per version, best BM25 score first."""
    shown = [f.name for f in fields(SearchHit) if f.name != "opened_by"]
    items = [
        SearchHit(**{name: getattr(hit, name) for name in shown}, opened_by=_opening(hit.opened_by))
        for hit in found.items
    ]
    return SearchAnswer(
        text=text,
        date=day.isoformat(),
        count=len(items),
        items=items,
        total=found.total,
        page=page,
        size=size,
        method=SEARCH_INDEX,
    )
