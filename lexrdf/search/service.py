"""The search service: the full-text index of one state directory answering over HTTP, so that `lexrdf serve`
workers on other machines search it without a shared volume (`lexrdf search-index serve`; docs/remote.md).

It answers what `SearchIndex.search` answers, a page of indexed hits (each with its window and opening event, as its
document keeps them), the total and the texts in force of the units the hits' citations name, and nothing else: it
never needs the store. It follows the writer: each request sees the
index's last commit (`SearchIndex` reloads when `meta.json` changes), and an index built after the service started
is opened on the first request that finds it.

    GET /search?text=...&date=YYYY-MM-DD[&known_at=...][&words=true][&language=en][&offset=0][&limit=20]
        -> {"total": N, "offset": 0, "items": [{"provision": ..., "version": ..., "score": ..., "chain": [...], ...}],
            "units": {"<unit IRI>": [version, number, heading, text], ...}}
    GET /health -> {"index": true}

The parameters are those of `SearchIndex.search`; without `known_at`, as known now (every text the index holds).
A date or time it cannot read is a 400 naming it (another bad parameter, FastAPI's 422), a service with no index yet
a 503.
"""

from __future__ import annotations

import dataclasses
import threading
from datetime import date
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse

from lexrdf.errors import QueryError
from lexrdf.queries import parse_date, parse_moment
from lexrdf.search.index import SearchIndex

DIRECTORY_VARIABLE = "LEXRDF_SEARCH_INDEX"  # the index directory of the service's worker processes (`app`)


class _Opened:
    """The index of one directory, opened once it is there (a writer builds it at its first act write)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._index: SearchIndex | None = None
        self._lock = threading.Lock()

    def get(self) -> SearchIndex | None:
        with self._lock:
            if self._index is None:
                self._index = SearchIndex.open(self.directory)
            return self._index


def create_search_app(directory: Path) -> FastAPI:
    """The service over the index in `directory` (see the module's docstring)."""
    opened = _Opened(directory)
    service = FastAPI(title="lexrdf search service", openapi_url=None, docs_url=None, redoc_url=None)

    def refused(status: int, detail: str) -> JSONResponse:
        return JSONResponse({"detail": detail}, status_code=status)

    @service.get("/health")
    def health() -> dict[str, bool]:
        return {"index": opened.get() is not None}

    @service.get("/search")
    def search(
        text: str = Query(...),
        day: str = Query(..., alias="date"),
        known_at: str | None = None,
        words: bool = False,
        language: str | None = None,
        offset: int = Query(0, ge=0),
        limit: int | None = Query(None, ge=1),
    ) -> Any:
        try:
            on: date = parse_date(day, "date")
            moment = parse_moment(known_at, "known_at").isoformat() if known_at else None
        except QueryError as exc:
            return refused(400, str(exc))
        index = opened.get()
        if index is None:
            return refused(503, "no full-text index here yet: a writer builds it at its first act write")
        page = index.search(text, on, moment, words=words, language=language, offset=offset, limit=limit)
        items = [dataclasses.asdict(hit) for hit in page.items]
        units = {unit: list(text) for unit, text in page.units.items()}
        return {"total": page.total, "offset": page.offset, "items": items, "units": units}

    return service


def app() -> FastAPI:
    """The service of one worker process, its directory from `DIRECTORY_VARIABLE` (`serve --workers N`)."""
    import os

    return create_search_app(Path(os.environ[DIRECTORY_VARIABLE]))


__all__ = ["DIRECTORY_VARIABLE", "app", "create_search_app"]
