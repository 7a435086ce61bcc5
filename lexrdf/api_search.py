"""Full-text search on the Python surface (lexrdf.api.Lexrdf.search): answered from the full-text index, the store's
own or a search service's, else by scanning the store with search.rq; each hit with its window and citation."""

from __future__ import annotations

import logging
from dataclasses import asdict
from datetime import date
from pathlib import Path

from lexrdf.answers.hits import indexed_search_answer, scanned_search_answer
from lexrdf.answers.statuses import past_currency
from lexrdf.answers.types import ContextUnit, EventSummary, SearchAnswer
from lexrdf.api_chains import _as_date, _chain_label, _cite
from lexrdf.errors import QueryError
from lexrdf.queries import parse_moment
from lexrdf.search import DEFAULT_PAGE_SIZE, Searchable, SearchIndex, ensure_index, index_directory
from lexrdf.search.citations import chains
from lexrdf.search.currency import current_to, graph_currency
from lexrdf.search.phrases import count_phrase, snippet, spans
from lexrdf.search.remote import RemoteSearchIndex
from lexrdf.search.windows import windows
from lexrdf.settings import Settings
from lexrdf.store import Store

_log = logging.getLogger("lexrdf.search")


def _last_known(day: date, currency: str | None) -> str | None:
    """The date a hit's act's sources are current to when `day` is past it (its citation says "as last known", as
    text-at's does), else None."""
    return currency if past_currency(day, currency) else None


class Searching:
    """The search part of `Lexrdf` (over its store, settings and query runner)."""

    store: Store
    settings: Settings

    def search(
        self,
        text: str,
        date: str | date,
        known_at: str | None = None,
        *,
        page: int = 1,
        size: int | None = DEFAULT_PAGE_SIZE,
        words: bool = False,
        language: str | None = None,
    ) -> SearchAnswer:
        """The texts in force on `date` (as recorded at `known_at`) that hold `text` as whole words: as one phrase
        (the default), or with `words` every word in any order, stemmed in each text's language ("quoted" parts stay
        phrases); `language` keeps one language's texts. Page `page` (from 1) of `size` hits, DEFAULT_PAGE_SIZE as
        the CLI's `lexrdf search` and HTTP's /api/search page unless asked; None: every hit on one page, as the library
        query gives them (`run("search", ...)`, `lexrdf query search`).

        One hit a version, each with a snippet, its window and opening event, and `total` the matching versions.
        Answered from the full-text index, the store's own or a search service's (`method` "index": ranked by BM25,
        only the page's hits read; lexrdf.search.service), else by scanning the store with search.rq (`method`
        "scan": phrases only, the same hits and total, ranked by occurrences). See docs/search.md."""
        day = _as_date(date)
        if page < 1:
            raise QueryError(f"parameter 'page': {page} is not a page (pages count from 1)", "page")
        if size is not None and size < 1:
            raise QueryError(f"parameter 'size': {size} is not a page size (at least 1)", "size")
        index = self._search_index()
        if index is None:
            return self._scan_search(text, day, known_at, page, size, words, language)
        moment = parse_moment(known_at).isoformat() if known_at else None
        offset = (page - 1) * size if size else 0
        found = index.search(text, day, moment, words=words, language=language, offset=offset, limit=size)
        answer = indexed_search_answer(found, text, day, page, size)
        cited, titles = chains(self.store, found, moment)
        for hit in answer.items:
            if hit.state == "version":
                chain = [ContextUnit(**asdict(unit)) for unit in cited[hit.provision]]
                label = _chain_label(hit.provision, chain, titles.get)
                hit.citation = _cite(*label, day, known_at, _last_known(day, hit.current_to))
        return answer  # each hit's window and opening event are its document's

    def _with_windows(self, answer: SearchAnswer, known_at: str | None) -> SearchAnswer:
        """Each hit's window and opening event as recorded at `known_at`: one query for the page (the scan's hits:
        the index keeps them with its documents)."""
        found = windows(self.store, (hit.version for hit in answer.items), known_at)
        for hit in answer.items:
            window = found.get(hit.version)
            if window is not None:
                opened = window.opened_by
                hit.valid_from, hit.valid_until = window.valid_from, window.valid_until
                hit.opened_by = EventSummary(**asdict(opened)) if opened is not None else None
        return answer

    def _scan_search(
        self, text: str, day: date, known_at: str | None, page: int, size: int | None, words: bool, language: str | None
    ) -> SearchAnswer:
        """The fallback without an index: search.rq's substring scan, kept to whole-word matches of the phrase (in
        `language`, when one is asked for: the texts whose language tag is that one, as the index keeps them)."""
        if words:
            raise QueryError(
                "parameter 'words': this store has no full-text index, and the scan finds phrases only "
                "(a writer builds the index: lexrdf search-index rebuild; docs/search.md)",
                "words",
            )
        rows = self.rows("search", text=text, date=day.isoformat(), known_at=known_at)
        if language:
            rows = [row for row in rows if row["language"] is not None and row["language"].value == language]
        answer = scanned_search_answer(rows, text, day, page, size, count_phrase)
        moment = parse_moment(known_at).isoformat() if known_at else None
        acts = {hit.act for hit in answer.items if hit.state == "version"}
        currency = {act: current_to(graph_currency(self.store, act), moment) for act in acts}
        for hit in answer.items:
            shown = f"{hit.heading} {hit.text}" if hit.heading else hit.text
            hit.snippet = snippet(shown, spans(shown, text))
            if hit.state == "version":
                hit.current_to = currency[hit.act]
                last_known = _last_known(day, hit.current_to)
                hit.citation = self._citation(hit.provision, day, known_at, last_known)
        return self._with_windows(answer, moment)

    def _search_index(self) -> Searchable | None:
        """The full-text index that answers searches: the search service when one is configured
        (`settings.search_url`), else the store's own, opened once it exists (None while a reader's store has none).
        The writer of a store without one (a new, empty store) builds it now: the store's later answers all come
        from it."""
        index: Searchable | None = getattr(self, "_index", None)
        if index is None and self.settings.search_url:
            index = self._index = RemoteSearchIndex(self.settings.search_url, self.settings.query_timeout_seconds)
        elif index is None:
            directory = index_directory(self.store)
            if directory is not None and not getattr(self.store, "read_only", True):
                ensure_index(self.store)
            index = self._index = SearchIndex.open(directory) if directory is not None else None
            if index is None and directory is not None and (directory / "meta.json").exists():
                self._stale_index(directory)
        return index

    def _stale_index(self, directory: Path) -> None:
        """Say once that the store's index is of an older schema, so that searches scan (a read-only server
        cannot rebuild it; its store's next writer will)."""
        if not getattr(self, "_stale_said", False):
            self._stale_said = True
            _log.warning(
                "the search index in %s is of an older schema: searches scan the store (method 'scan') until a "
                "writer rebuilds it (the next ingest, or lexrdf search-index rebuild)",
                directory,
            )
