"""The transaction log as an Atom feed (/changes.atom): one entry per change, newest first, for mirrors.

Change numbers run 1, 2, 3 ... with no gaps, so a page is a range of numbers. `?before=K` shows the `size` changes
numbered below K and is stable: new changes never move what it shows, and `next` links use it, so a client that
walks `next` from the first page sees every change once even while the log grows. `?page=N` counts pages from the
newest (page 1 is the first page; `last` is the oldest page).

>>> window = ChangeWindow.of(through=120, size=50, page=None, before=None)
>>> (window.low, window.high), ChangeWindow.of(120, 50, page=3, before=None).high, window.pages
((71, 120), 20, 3)
>>> [(link.rel, link.href) for link in window.links("https://e.org/changes.atom")][2:]
[('last', 'https://e.org/changes.atom?page=3'), ('next', 'https://e.org/changes.atom?before=71')]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode

from lexrdf.feeds.atom import MEDIA_TYPE, Entry, Feed, Link
from lexrdf.store.changelog import MEDIA_TYPE as PATCH
from lexrdf.store.changelog import Change

PAGE_SIZE = 50


class NoSuchPage(ValueError):
    """A page or cursor that shows no change."""


@dataclass(frozen=True)
class ChangeWindow:
    """The numbers one page shows: `low` to `high` (empty when `high` < `low`), of changes 1 to `through`."""

    through: int
    size: int
    low: int
    high: int

    @classmethod
    def of(cls, through: int, size: int, page: int | None, before: int | None) -> ChangeWindow:
        """The page asked for by `page` (1 = newest) or `before` (the changes numbered below it), else page 1."""
        if page is not None and before is not None:
            raise NoSuchPage("give page or before, not both")
        if before is None:
            page = page or 1
            pages = max(1, math.ceil(through / size))
            if page < 1 or page > pages:
                raise NoSuchPage(f"page {page} does not exist (there are {pages})")
            if through == 0:
                return cls(0, size, 1, 0)  # an empty log: one empty page
            before = through - (page - 1) * size + 1
        if before < 2 or before - size > through:
            raise NoSuchPage(f"no change is numbered below {before} (the log holds 1 to {through})")
        return cls(through, size, max(1, before - size), min(before - 1, through))

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.through / self.size))

    def links(self, url: str) -> list[Link]:
        """self, first, last, previous (newer) and next (older), by RFC 5005."""

        def href(**query: int) -> str:
            return f"{url}?{urlencode(query)}" if query else url

        newest = self.high >= self.through
        links = [
            Link(url if newest else href(before=self.high + 1), "self", MEDIA_TYPE),
            Link(url, "first", MEDIA_TYPE),
            Link(href(page=self.pages) if self.pages > 1 else url, "last", MEDIA_TYPE),
        ]
        if not newest:
            newer = self.high + 1 + self.size
            target = url if newer > self.through else href(before=newer)
            links += [Link(target, "previous", MEDIA_TYPE), Link(target, "prev", MEDIA_TYPE)]
        if self.low > 1:
            links.append(Link(href(before=self.low), "next", MEDIA_TYPE))
        return links


def change_entry(change: Change, change_url: str, href: Callable[[str], str], entry_id: str) -> Entry:
    """The entry of one change: which graph, which changesets, +added/-removed, a link to its patch."""
    changesets = ", ".join(change.changesets) or "none (a derived view rebuilt)"
    summary = (
        f"Graph {change.graph}: +{change.added} quads, -{change.removed} quads.\n"
        f"Changesets: {changesets}.\n"
        f"Committed {change.committed_at.isoformat()}."
    )
    links = [Link(change_url, "alternate", PATCH, f"change {change.number} as RDF Patch")]
    if href(change.graph) != change.graph:
        links.append(Link(href(change.graph), "related", "text/html", "the graph's resource"))
    title = f"Change {change.number}: {change.graph} (+{change.added} -{change.removed})"
    return Entry(entry_id, title, change.committed_at, tuple(links), summary)


def change_feed(
    changes: list[Change],
    window: ChangeWindow,
    *,
    feed_id: str,
    url: str,
    updated: datetime | None,
    entry: Callable[[Change], Entry],
) -> Feed:
    """One page of the change feed: `changes` are the window's, newest first; `updated` the newest change's time."""
    return Feed(
        id=feed_id,
        title="lexrdf: changes to the dataset",
        subtitle="Every committed write, numbered in commit order, each with its RDF Patch (docs/sync.md).",
        updated=updated or datetime.now(UTC),
        author="lexrdf",
        links=tuple(window.links(url)),
        entries=tuple(entry(change) for change in changes),
    )
