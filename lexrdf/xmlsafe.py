"""Hardened XML parsing: no entity expansion, no DTD loading, no network access."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from lexrdf.errors import SourceError


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def parse_xml(path: str | Path) -> etree._ElementTree:
    """Parse an untrusted XML file, raising SourceError with the file and line on any problem.

    A document that declares entities is refused: entity expansion is never performed.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror})") from exc
    try:
        tree = etree.ElementTree(etree.fromstring(data, _parser(), base_url=None))
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        message = exc.msg.split(", line")[0] if exc.msg else "not well-formed XML"
        raise SourceError(str(path), line, f"not well-formed XML: {message}") from exc
    docinfo = tree.docinfo
    if docinfo.internalDTD is not None and docinfo.internalDTD.entities():
        raise SourceError(str(path), 1, "document declares XML entities; refused (entity expansion is off)")
    return tree
