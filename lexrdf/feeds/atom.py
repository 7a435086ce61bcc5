"""Atom feeds (RFC 4287) built with lxml, paged by RFC 5005 links.

A feed is data (`Feed`, `Entry`, `Link`, `Category`) turned into XML by `render`; every text goes through lxml,
which escapes it, after the characters XML 1.0 cannot hold are dropped (`xml_text`). Paging (`Paging`) counts
pages from the newest: page 1 is the feed's first page.

>>> from datetime import UTC, datetime
>>> moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
>>> feed = Feed("urn:x:feed", "A <feed>", moment, "lexrdf", (Link("https://e.org/f.atom", "self"),),
...             (Entry("urn:x:1", "One & two", moment, (Link("https://e.org/1"),), "+3 -0"),))
>>> print(render(feed).decode().splitlines()[1])
<feed xmlns="http://www.w3.org/2005/Atom">
>>> b"<title>A &lt;feed&gt;</title>" in render(feed), b"<updated>2026-01-02T03:04:05Z</updated>" in render(feed)
(True, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode

from lxml import etree

ATOM = "http://www.w3.org/2005/Atom"
MEDIA_TYPE = "application/atom+xml"
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass(frozen=True)
class Link:
    """An atom:link: `rel` alternate (the default), self, related, first, next, previous, last."""

    href: str
    rel: str = "alternate"
    type: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class Category:
    """An atom:category: a term (an IRI here), its scheme and a label for people."""

    term: str
    scheme: str | None = None
    label: str | None = None


@dataclass(frozen=True)
class Entry:
    """One atom:entry (id, title, updated and a link are required by this module, summary too)."""

    id: str
    title: str
    updated: datetime
    links: tuple[Link, ...]
    summary: str
    categories: tuple[Category, ...] = ()


@dataclass(frozen=True)
class Feed:
    """One atom:feed document (a page of a paged feed)."""

    id: str
    title: str
    updated: datetime
    author: str
    links: tuple[Link, ...]
    entries: tuple[Entry, ...]
    subtitle: str | None = None
    generator: str = "lexrdf"


def xml_text(text: str) -> str:
    """`text` without the characters XML 1.0 cannot hold (control characters, lone surrogates).

    >>> xml_text("a\\x00b\\x1bc")
    'abc'
    """
    return _NOT_XML.sub("", text)


def timestamp(moment: datetime) -> str:
    """An RFC 3339 date-time in UTC, as Atom requires (naive values are UTC).

    >>> timestamp(datetime(2026, 1, 2, 3, 4, 5, 600000))
    '2026-01-02T03:04:05.600000Z'
    """
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return moment.isoformat().replace("+00:00", "Z")


def render(feed: Feed) -> bytes:
    """The feed as an Atom document (UTF-8, with an XML declaration)."""
    root = etree.Element(f"{{{ATOM}}}feed", nsmap={None: ATOM})
    _text(root, "id", feed.id)
    _text(root, "title", feed.title)
    if feed.subtitle:
        _text(root, "subtitle", feed.subtitle)
    _text(root, "updated", timestamp(feed.updated))
    author = etree.SubElement(root, f"{{{ATOM}}}author")
    _text(author, "name", feed.author)
    _text(root, "generator", feed.generator)
    for link in feed.links:
        _link(root, link)
    for entry in feed.entries:
        element = etree.SubElement(root, f"{{{ATOM}}}entry")
        _text(element, "id", entry.id)
        _text(element, "title", entry.title)
        _text(element, "updated", timestamp(entry.updated))
        for link in entry.links:
            _link(element, link)
        for category in entry.categories:
            attributes = {"term": xml_text(category.term)}
            if category.scheme:
                attributes["scheme"] = xml_text(category.scheme)
            if category.label:
                attributes["label"] = xml_text(category.label)
            etree.SubElement(element, f"{{{ATOM}}}category", attributes)
        _text(element, "summary", entry.summary).set("type", "text")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _text(parent: etree._Element, name: str, text: str) -> etree._Element:
    element = etree.SubElement(parent, f"{{{ATOM}}}{name}")
    element.text = xml_text(text)
    return element


def _link(parent: etree._Element, link: Link) -> None:
    attributes = {"rel": link.rel, "href": xml_text(link.href)}
    if link.type:
        attributes["type"] = link.type
    if link.title:
        attributes["title"] = xml_text(link.title)
    etree.SubElement(parent, f"{{{ATOM}}}link", attributes)


@dataclass(frozen=True)
class Paging:
    """Pages of `size` items out of `total`, page 1 the newest; `page` is the one shown.

    >>> paging = Paging(page=2, size=50, total=120)
    >>> paging.pages, paging.start, paging.stop
    (3, 50, 100)
    >>> [link.rel for link in paging.links("https://e.org/f.atom", {"from": "2001-01-01"})]
    ['self', 'first', 'last', 'previous', 'prev', 'next']
    >>> paging.links("https://e.org/f.atom", {"from": "2001-01-01"})[-1].href
    'https://e.org/f.atom?from=2001-01-01&page=3'
    """

    page: int
    size: int
    total: int

    @property
    def pages(self) -> int:
        """How many pages there are (at least one, empty when there is nothing)."""
        return max(1, math.ceil(self.total / self.size))

    @property
    def start(self) -> int:
        """The index of the page's first item in the whole list (newest first)."""
        return (self.page - 1) * self.size

    @property
    def stop(self) -> int:
        return min(self.total, self.page * self.size)

    def links(self, url: str, kept: Mapping[str, str] | None = None) -> list[Link]:
        """self, first, last, and previous/next where they exist; `kept` are the other parameters to carry."""
        kept = dict(kept or {})

        def href(page: int) -> str:
            query = {**kept, **({"page": str(page)} if page > 1 else {})}
            return f"{url}?{urlencode(query)}" if query else url

        links = [Link(href(self.page), "self", MEDIA_TYPE), Link(href(1), "first", MEDIA_TYPE)]
        links.append(Link(href(self.pages), "last", MEDIA_TYPE))
        if self.page > 1:
            links += [Link(href(self.page - 1), "previous", MEDIA_TYPE), Link(href(self.page - 1), "prev", MEDIA_TYPE)]
        if self.page < self.pages:
            links.append(Link(href(self.page + 1), "next", MEDIA_TYPE))
        return links


def page_of(items: Sequence, paging: Paging) -> Sequence:
    """The items of the page shown."""
    return items[paging.start : paging.stop]
