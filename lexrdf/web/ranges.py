"""HTTP Range requests (RFC 9110, section 14) over a file of known size: parsing `Range`, and the bodies of 206.

>>> parse_ranges("bytes=0-99", 1000), parse_ranges("bytes=-100", 1000), parse_ranges("bytes=900-", 1000)
([(0, 99)], [(900, 999)], [(900, 999)])
>>> parse_ranges("bytes=5-2", 1000) is None, parse_ranges("items=0-1", 1000) is None    # invalid: ignored
(True, True)
>>> parse_ranges("bytes=2000-", 1000)
Traceback (most recent call last):
...
lexrdf.web.ranges.Unsatisfiable: no range of 'bytes=2000-' is within the 1000 bytes
"""

from __future__ import annotations

import os
from collections.abc import Iterator

CHUNK = 1 << 16
MAX_RANGES = 16  # more ranges than this in one request: the whole file is sent instead (RFC 9110 allows it)


class Unsatisfiable(ValueError):
    """A valid Range none of whose ranges overlaps the file: 416."""


def parse_ranges(header: str, size: int) -> list[tuple[int, int]] | None:
    """The (first, last) byte positions asked for, inclusive, clipped to the file; None when the header is not a
    valid bytes range set (the server then ignores it and sends the whole file, as RFC 9110 says)."""
    unit, equals, spec = header.partition("=")
    if not equals or unit.strip().lower() != "bytes":
        return None
    ranges: list[tuple[int, int]] = []
    items = [item.strip() for item in spec.split(",") if item.strip()]
    if not items or len(items) > MAX_RANGES:
        return None
    for item in items:
        first, dash, last = item.partition("-")
        first, last = first.strip(), last.strip()
        if not dash or not (first or last) or not (first.isdigit() or not first) or not (last.isdigit() or not last):
            return None
        if not first:  # a suffix: the last N bytes
            if int(last) > 0 and size > 0:
                ranges.append((max(0, size - int(last)), size - 1))
            continue
        start = int(first)
        if last and int(last) < start:
            return None
        if start < size:
            ranges.append((start, min(int(last) if last else size - 1, size - 1)))
    if not ranges:
        raise Unsatisfiable(f"no range of {header!r} is within the {size} bytes")
    return ranges


def read_range(fd: int, start: int, end: int) -> Iterator[bytes]:
    """Bytes start..end (inclusive) of an open file, in chunks."""
    position = start
    while position <= end:
        block = os.pread(fd, min(CHUNK, end - position + 1), position)
        if not block:
            return
        position += len(block)
        yield block


def multipart(
    fd: int, ranges: list[tuple[int, int]], size: int, media_type: str, boundary: str
) -> tuple[list[bytes], int]:
    """The part headers of a multipart/byteranges body (one per range, then the closing delimiter) and the
    body's length."""
    heads = [
        f"\r\n--{boundary}\r\nContent-Type: {media_type}\r\nContent-Range: bytes {a}-{b}/{size}\r\n\r\n".encode()
        for a, b in ranges
    ]
    heads.append(f"\r\n--{boundary}--\r\n".encode())
    return heads, sum(len(h) for h in heads) + sum(b - a + 1 for a, b in ranges)


def multipart_body(fd: int, ranges: list[tuple[int, int]], heads: list[bytes]) -> Iterator[bytes]:
    for head, (start, end) in zip(heads, ranges, strict=False):
        yield head
        yield from read_range(fd, start, end)
    yield heads[-1]
