"""Content negotiation for /sparql: pick one of the offered media types by an Accept header (RFC 9110, 12.5.1).

Each offer gets the quality of the most specific range that matches it (``text/turtle`` over ``text/*`` over
``*/*``); the best quality wins, ties go to the server's order of preference (the order of `offers`); quality 0
excludes. No Accept header means anything.

>>> negotiate("text/csv;q=0.5, application/sparql-results+xml", ["application/sparql-results+json", \
"application/sparql-results+xml", "text/csv"])
'application/sparql-results+xml'
>>> negotiate("text/*;q=0.3, text/tab-separated-values;q=0", ["application/json", "text/tab-separated-values", \
"text/csv"])
'text/csv'
>>> negotiate("image/png", ["text/turtle"]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class MediaRange:
    """One element of an Accept header."""

    type: str
    subtype: str
    quality: float

    def specificity(self, media_type: str) -> int:
        """How specifically this range matches `media_type` (2 exact, 1 ``type/*``, 0 ``*/*``); -1 if not at all."""
        kind, _, sub = media_type.partition("/")
        if self.type == "*":
            return 0
        if self.type != kind:
            return -1
        if self.subtype == "*":
            return 1
        return 2 if self.subtype == sub else -1


def parse_accept(header: str) -> list[MediaRange]:
    """The media ranges of an Accept header; a malformed element is skipped, a malformed q counts as 0.

    >>> parse_accept("text/html, */*;q=0.8")
    [MediaRange(type='text', subtype='html', quality=1.0), MediaRange(type='*', subtype='*', quality=0.8)]
    """
    ranges: list[MediaRange] = []
    for element in header.split(","):
        media, *parameters = (part.strip() for part in element.split(";"))
        kind, slash, sub = media.lower().partition("/")
        if not slash or not kind or not sub:
            continue
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = min(max(float(value.strip()), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
        ranges.append(MediaRange(kind, sub, quality))
    return ranges


def quality(ranges: Sequence[MediaRange], media_type: str) -> float:
    """The quality the client gives `media_type`: that of the most specific matching range (0 if none)."""
    best, chosen = -1, 0.0
    for media_range in ranges:
        specificity = media_range.specificity(media_type)
        if specificity > best:
            best, chosen = specificity, media_range.quality
    return chosen


def negotiate(accept: str | None, offers: Sequence[str]) -> str | None:
    """The offer the client prefers, or None when it accepts none of them (answer 406)."""
    if not offers:
        return None
    ranges = parse_accept(accept or "")
    if not ranges:
        return offers[0]
    best, chosen = 0.0, None
    for offer in offers:
        score = quality(ranges, offer)
        if score > best:
            best, chosen = score, offer
    return chosen
