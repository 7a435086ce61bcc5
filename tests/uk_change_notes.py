"""What legislation.gov.uk's change notes (F notes) date, read from the XML apart from lexrdf's mappings.

Only the canonical form is read: "... inserted|substituted|added (D) by ..." and "Words ... omitted|repealed (D) by
...", one date in brackets right after the verb. A reference to such a note inside a provision's words (CLML
`CommentaryRef` or a change element's `CommentaryRef` attribute; Akoma Ntoso `noteRef`) says the words shown carry
that change: the text shown is no older than its date. A note whose identifier several notes share (publishers'
redacted identifiers) says nothing of where it is referenced and is not read."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from lxml import etree

CLML = "{http://www.legislation.gov.uk/namespaces/legislation}"
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
_DATED = re.compile(r"\b(inserted|substituted|added|omitted|repealed)\s*\((\d{1,2})\.(\d{1,2})\.(\d{4})\)")


@dataclass(frozen=True)
class Change:
    """A dated change of words in the element with identifier `holders[0]` (its enclosing identified elements
    follow, innermost first)."""

    holders: tuple[str, ...]
    day: date
    line: int
    note: str


def _notes(root: etree._Element) -> dict[str, tuple[str, int]]:
    found: list[tuple[str, str, int]] = []
    for element in root.iter(f"{CLML}Commentary"):
        if element.get("Type") == "F":
            found.append((element.get("id") or "", " ".join("".join(element.itertext()).split()), element.sourceline))
    for element in root.iter(f"{AKN}note"):
        if (element.get("class") or "").endswith(" F"):
            found.append((element.get("eId") or "", " ".join("".join(element.itertext()).split()), element.sourceline))
    shared = {name for name, count in Counter(name for name, _, _ in found).items() if count > 1}
    return {name: (text, line) for name, text, line in found if name and name not in shared}


def _references(root: etree._Element) -> Iterator[tuple[etree._Element, str]]:
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag == f"{CLML}CommentaryRef":
            yield element, element.get("Ref") or ""
        elif element.get("CommentaryRef"):
            yield element, element.get("CommentaryRef") or ""
        elif element.tag == f"{AKN}noteRef":
            yield element, (element.get("href") or "").removeprefix("#")


def changes(path: Path) -> list[Change]:
    """Each reference to a canonical dated F note, with the identified elements holding it."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    root = etree.parse(str(path), parser).getroot()
    notes = _notes(root)
    found = []
    for element, name in _references(root):
        if name not in notes:
            continue
        text, line = notes[name]
        match = _DATED.search(text)
        if match is None or (match.group(1) in ("omitted", "repealed") and not text.lower().startswith("word")):
            continue  # (a provision repealed as a whole has no words shown to date)
        holders = tuple(
            held for held in (e.get("id") or e.get("eId") for e in (element, *element.iterancestors())) if held
        )
        day = date(int(match.group(4)), int(match.group(3)), int(match.group(2)))
        found.append(Change(holders, day, line, text))
    return found


def cited_by_holder(path: Path) -> tuple[dict[str, set[str]], dict[str, tuple[str, ...]]]:
    """For each identified element, the provisions of other acts cited by the notes (of any kind) referenced in it
    directly, not in an identified element inside it (CLML Citation/CitationSubRef @URI, Akoma Ntoso ref/@href); and
    each identified element's identified ancestors, innermost first."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    root = etree.parse(str(path), parser).getroot()
    every = [*root.iter(f"{CLML}Commentary"), *root.iter(f"{AKN}note")]
    counts = Counter(e.get("id") or e.get("eId") for e in every)
    notes = {
        name: {u for u in (*e.xpath(".//@URI"), *e.xpath(".//@href")) if "/" in u}
        for e in every
        if (name := e.get("id") or e.get("eId")) and counts[name] == 1
    }
    cited: dict[str, set[str]] = {}
    for element, name in _references(root):
        if name not in notes:
            continue
        holder = next(
            (h for h in (e.get("id") or e.get("eId") for e in (element, *element.iterancestors())) if h), None
        )
        if holder:
            cited.setdefault(holder, set()).update(notes[name])
    ancestors = {
        name: tuple(h for h in (a.get("id") or a.get("eId") for a in element.iterancestors()) if h)
        for element in root.iter()
        if isinstance(element.tag, str) and (name := element.get("id") or element.get("eId"))
    }
    return cited, ancestors
