"""The client of a search service (lexrdf.search.service): a `SearchIndex` whose pages come over HTTP, for a
`lexrdf serve` worker with `--search-url` (docs/remote.md).

It answers `search` as the index in a local directory does (the page, and the texts its citations name), so
Lexrdf.search adds each hit's citation and window in the same way. A service that does not answer, or answers
with an error, or with an answer that is not such a page, is a `SearchServiceError`: the search fails with a
clear message rather than falling back to the scan, which would give other scores and take seconds.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx

from lexrdf.errors import SearchServiceError
from lexrdf.search.index import IndexedHit, IndexPage, InForce

DEFAULT_TIMEOUT_SECONDS = 30.0


class RemoteSearchIndex:
    """The index of a search service at `url` (its base: `<url>/search` answers): `Searchable`, as the index in a
    directory is."""

    def __init__(self, url: str, timeout: float = DEFAULT_TIMEOUT_SECONDS) -> None:
        self.url = url.rstrip("/")
        self._client = httpx.Client(base_url=self.url, timeout=timeout, follow_redirects=False, trust_env=False)

    def search(
        self,
        text: str,
        day: date,
        known_at: str | None = None,
        *,
        words: bool = False,
        language: str | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> IndexPage:
        """`Searchable.search` (as `SearchIndex.search` answers it), answered by the service."""
        params: dict[str, Any] = {"text": text, "date": day.isoformat(), "offset": offset}
        if known_at:
            params["known_at"] = known_at
        if words:
            params["words"] = "true"
        if language:
            params["language"] = language
        if limit is not None:
            params["limit"] = limit
        try:
            response = self._client.get("/search", params=params)
        except httpx.HTTPError as exc:
            raise SearchServiceError(f"the search service at {self.url} did not answer: {exc}") from exc
        if response.status_code != 200:
            raise SearchServiceError(
                f"the search service at {self.url} answered {response.status_code}: {_detail(response)}"
            )
        try:
            page = response.json()
            units = {unit: InForce(*text) for unit, text in page["units"].items()}
            return IndexPage(page["total"], page["offset"], [IndexedHit(**item) for item in page["items"]], units)
        except (ValueError, KeyError, TypeError) as exc:
            problem = f"the search service at {self.url} sent an answer that is not a page: {exc}"
            raise SearchServiceError(problem) from exc

    def close(self) -> None:
        self._client.close()


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json().get("detail"))
    except (ValueError, AttributeError):
        return response.text[:200]


__all__ = ["DEFAULT_TIMEOUT_SECONDS", "RemoteSearchIndex"]
