"""Checking source files before they are mapped, as an editorial CI runs `lexrdf validate`: each file is parsed
(every syntax error it holds, not only the first) and checked against its format's XML schema (every violation:
Akoma Ntoso 3.0 against akomantoso30.xsd, read offline from a schemas folder), then mapped; a file that cannot be
mapped is reported with its own line and the others are still mapped and validated. Problems are `Finding`s with
file, line and column, written by lexrdf.validate.formats as text, JSON, SARIF 2.1.0 or JUnit XML.

>>> found = parse_findings(b"<a><b></a>", "x.xml")
>>> [(f.rule, f.line) for f in found][:1]
[('xml-syntax', 1)]
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

AKN_NAMESPACE = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
SCHEMAS = {AKN_NAMESPACE: "akomantoso30.xsd"}  # a root namespace -> its schema's file in the schemas folder
SCHEMAS_ENV = "LEXRDF_SCHEMAS"


@dataclass(frozen=True)
class Finding:
    """One problem in one source file: `rule` says which check found it (xml-syntax, xml-schema, mapping,
    merged-unit, or a SHACL shape's name), `severity` is error, warning or note; `element` the element at fault
    as the source writes it, when known."""

    file: str
    line: int | None
    rule: str
    severity: str
    message: str
    column: int | None = None
    act: str | None = None
    element: str | None = None


def schemas_folder(given: str | Path | None = None) -> Path | None:
    """Where the XML schemas are: `given`, else $LEXRDF_SCHEMAS, else ../shared/data/schemas beside the working
    folder or this checkout; None when none of them exists."""
    candidates = [given, os.environ.get(SCHEMAS_ENV)]
    checkout = Path(__file__).resolve().parents[2]
    candidates += [Path.cwd().parent / "shared" / "data" / "schemas", checkout.parent / "shared" / "data" / "schemas"]
    for candidate in candidates:
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def source_files(paths: Iterable[str | Path]) -> list[Path]:
    """The XML files named, folders expanded (sorted)."""
    found: list[Path] = []
    for path in map(Path, paths):
        found += sorted(p for p in path.rglob("*.xml") if p.is_file()) if path.is_dir() else [path]
    return found


def parse_findings(data: bytes, name: str) -> list[Finding]:
    """Every syntax error of a document (the parser recovers to find the next), none when it is well formed."""
    parser = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, huge_tree=True)
    etree.fromstring(data, parser)
    return [
        Finding(name, e.line or None, "xml-syntax", "error", e.message, e.column or None)
        for e in parser.error_log
        if e.level_name in ("ERROR", "FATAL")
    ]


@cache
def _schema(path: Path) -> etree.XMLSchema:
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    return etree.XMLSchema(etree.parse(str(path), parser))


def schema_findings(data: bytes, name: str, schemas: Path | None) -> list[Finding]:
    """Every violation of the document's schema (by its root namespace); a note when its format has a schema
    but no schemas folder holds it, nothing when its format has none."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    root = etree.fromstring(data, parser)
    namespace = etree.QName(root).namespace or ""
    file_name = SCHEMAS.get(namespace)
    if file_name is None:
        return []
    if schemas is None or not (schemas / file_name).is_file():
        where = f"in {schemas}" if schemas else f"(no schemas folder: --schemas or ${SCHEMAS_ENV})"
        return [Finding(name, None, "xml-schema", "note", f"{file_name} not found {where}: not checked")]
    schema = _schema(schemas / file_name)
    if schema.validate(etree.ElementTree(root)):
        return []
    return [
        Finding(name, e.line or None, "xml-schema", "error", f"{file_name}: {e.message}", e.column or None)
        for e in schema.error_log
    ]


def check_sources(paths: Iterable[str | Path], schemas: Path | None) -> tuple[list[Finding], list[Path]]:
    """The syntax and schema findings of every file, and the files fit to map (well formed)."""
    findings: list[Finding] = []
    mappable: list[Path] = []
    for path in source_files(paths):
        name = str(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            findings.append(Finding(name, None, "io", "error", str(exc)))
            continue
        syntax = parse_findings(data, name)
        findings += syntax
        if syntax:
            continue
        findings += schema_findings(data, name, schemas)
        mappable.append(path)
    return findings, mappable
