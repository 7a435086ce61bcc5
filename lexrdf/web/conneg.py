"""Content negotiation: the best of the offered media types for an Accept header (RFC 9110, section 12.5.1).

Each offered type takes the quality of the most specific media range that matches it (``type/subtype`` before
``type/*`` before ``*/*``); q=0 means "not acceptable"; among equal qualities the server's order decides.

>>> negotiate("text/turtle;q=0.9, application/ld+json", ["text/html", "text/turtle", "application/ld+json"])
'application/ld+json'
>>> negotiate("text/*;q=0.5, */*;q=0.1", ["application/ld+json", "text/turtle"])
'text/turtle'
>>> negotiate("*/*, text/html;q=0", ["text/html", "text/turtle"])
'text/turtle'
>>> negotiate("image/png", ["text/html"]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class MediaRange:
    """One element of an Accept header: ``type/subtype`` (either may be ``*``) with its quality."""

    type: str
    subtype: str
    quality: float
    parameters: tuple[tuple[str, str], ...] = ()

    def specificity(self, media_type: str) -> int | None:
        """How specifically this range names `media_type` (3 exact with parameters, 2 exact, 1 ``type/*``,
        0 ``*/*``), or None when it does not match it."""
        kind, _, subtype = media_type.partition("/")
        if self.type == "*" and self.subtype == "*":
            return 0
        if self.type != kind:
            return None
        if self.subtype == "*":
            return 1
        if self.subtype != subtype:
            return None
        return 3 if self.parameters else 2


def _quality(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return min(max(value, 0.0), 1.0)


def parse_accept(header: str | None) -> list[MediaRange]:
    """The media ranges of an Accept header; a missing or empty header accepts everything.

    >>> [(r.type, r.subtype, r.quality, r.parameters) for r in parse_accept("text/html;level=1;q=0.5, */*")]
    [('text', 'html', 0.5, (('level', '1'),)), ('*', '*', 1.0, ())]
    """
    if header is None or not header.strip():
        return [MediaRange("*", "*", 1.0)]
    ranges = []
    for element in header.split(","):
        media, *params = (part.strip() for part in element.split(";"))
        kind, slash, subtype = media.lower().partition("/")
        if not slash or not kind or not subtype:
            continue
        quality, parameters = 1.0, []
        for param in params:
            name, _, value = param.partition("=")
            name, value = name.strip().lower(), value.strip().strip('"')
            if name == "q":
                quality = _quality(value)
            elif name:
                parameters.append((name, value))
        ranges.append(MediaRange(kind, subtype, quality, tuple(parameters)))
    return ranges


def quality_of(media_type: str, ranges: Sequence[MediaRange]) -> float:
    """The quality the most specific matching range gives `media_type` (0 when none matches)."""
    best: tuple[int, float] | None = None
    for media_range in ranges:
        specificity = media_range.specificity(media_type)
        if specificity is not None and (best is None or specificity > best[0]):
            best = (specificity, media_range.quality)
    return best[1] if best else 0.0


def negotiate(header: str | None, offered: Sequence[str]) -> str | None:
    """The offered media type the client prefers, or None when it accepts none of them."""
    ranges = parse_accept(header)
    scored = [(quality_of(media_type, ranges), -position, media_type) for position, media_type in enumerate(offered)]
    quality, _, chosen = max(scored, default=(0.0, 0, ""))
    return chosen if quality > 0 else None
