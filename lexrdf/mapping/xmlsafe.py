"""Hardened XML parsing: no entity expansion, no DTD loading, no network access, and bounded size.

A file is refused before it is read when it is larger than the limit, and while it is parsed as soon as it holds
more elements, or nests them deeper, than the limits allow (`SourceLimits`): the elements are counted as the
parser meets them, so a file of millions of tiny junk elements stops at the limit, not after building its tree.

Counting costs a Python step per element (a sixth of reading a source). So it is done only where a limit could be
passed: a file with no more `<` than `max_elements` cannot hold more elements, and libxml2 itself refuses nesting
past its own depth (`_LIBXML_DEPTH`). Any other file is parsed in one call, with the same parser options.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits

_OPTIONS = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,  # keeps libxml2's own limits: 256 levels, 10,000,000 characters in one text node
    "remove_comments": True,
    "remove_pis": True,
}
_LIBXML_DEPTH = 256  # "Excessive depth in document: 256": the deepest nesting libxml2 parses without huge_tree


def parse_xml(path: str | Path, limits: SourceLimits = DEFAULT_SOURCE_LIMITS) -> etree._ElementTree:
    """Parse an untrusted XML file, raising SourceError with the file and line on any problem.

    A document that declares entities is refused: entity expansion is never performed. So is one past `limits`
    (file size, elements, nesting depth); the message names the limit and the variable that raises it.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror})") from exc
    if size > limits.max_file_mb * 1e6:
        raise SourceError(str(path), None, limits.exceeded("max_file_mb", f"the file has {size / 1e6:,.1f} MB"))
    try:
        data = path.read_bytes()
        root = _parsed(path, data, limits) if data.count(b"<") <= limits.max_elements else None
        if root is None:
            root = _counted_parse(path, limits)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        message = exc.msg.split(", line")[0] if exc.msg else "not well-formed XML"
        if message.startswith("Excessive depth in document"):
            what = f"elements nested more than {_LIBXML_DEPTH} deep (libxml2 parses no deeper without huge_tree)"
            raise SourceError(str(path), line, limits.exceeded("max_depth", what)) from exc
        raise SourceError(str(path), line, f"not well-formed XML: {message}") from exc
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror or exc})") from exc
    tree = root.getroottree()
    docinfo = tree.docinfo
    if docinfo.internalDTD is not None and docinfo.internalDTD.entities():
        raise SourceError(str(path), 1, "document declares XML entities; refused (entity expansion is off)")
    if docinfo.doctype or docinfo.internalDTD is not None or docinfo.externalDTD is not None:
        # an internal subset's ATTLIST defaults are applied while parsing: an eId, a date or a text could come from
        # outside the body. No legislative format needs a DTD: the whole file is refused.
        raise SourceError(str(path), _doctype_line(path), "document declares a DTD (<!DOCTYPE ...>); refused")
    return tree


def _doctype_line(path: Path) -> int:
    """The line of the <!DOCTYPE declaration (1 when it cannot be found in the file's first 64 KiB)."""
    with path.open("rb") as source:
        head = source.read(65_536)
    at = head.find(b"<!DOCTYPE")
    return head.count(b"\n", 0, at) + 1 if at >= 0 else 1


def _parsed(path: Path, data: bytes, limits: SourceLimits) -> etree._Element | None:
    """The root of `data` parsed in one call; None where only counting can tell where a limit is passed: `max_depth`
    below libxml2's own, or nesting past libxml2's (then the counted parse names the element and its line)."""
    if limits.max_depth < _LIBXML_DEPTH:
        return None
    try:
        return etree.fromstring(data, etree.XMLParser(**_OPTIONS), base_url=str(path))
    except etree.XMLSyntaxError as exc:
        if (exc.msg or "").startswith("Excessive depth in document"):
            return None
        raise


def _counted_parse(path: Path, limits: SourceLimits) -> etree._Element:
    """Parse, counting elements and nesting as the parser meets them (SourceError past `limits`); the root.

    A pull parser fed a chunk at a time: the events read before a syntax error are still counted, so the element
    that passes `max_depth` is named even where libxml2 refuses it in the same chunk (`iterparse` in lxml 6.2
    raises before handing over that chunk's events)."""
    parser = etree.XMLPullParser(events=("start", "end"), base_url=str(path), **_OPTIONS)
    counter = _Counter(path, limits)
    with path.open("rb") as source:
        try:
            while chunk := source.read(_CHUNK):
                parser.feed(chunk)
                counter.count(parser.read_events())
            root = parser.close()
        except etree.XMLSyntaxError:
            counter.count(parser.read_events())
            raise
    counter.count(parser.read_events())
    return root


_CHUNK = 1 << 16


class _Counter:
    """Elements and nesting depth of the events read so far; SourceError as soon as one passes its limit."""

    def __init__(self, path: Path, limits: SourceLimits) -> None:
        self.path, self.limits = path, limits
        self.elements = self.depth = 0

    def count(self, events) -> None:
        limits = self.limits
        for event, element in events:
            if event == "end":
                self.depth -= 1
                continue
            self.elements += 1
            self.depth += 1
            if self.elements > limits.max_elements:
                what = f"more than {limits.max_elements:,} elements"
                raise SourceError(str(self.path), element.sourceline, limits.exceeded("max_elements", what))
            if self.depth > limits.max_depth:
                what = f"<{etree.QName(element).localname}> is nested {self.depth} elements deep"
                raise SourceError(str(self.path), element.sourceline, limits.exceeded("max_depth", what))
