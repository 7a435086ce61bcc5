"""Impact is complete: counted from the XML, every dated change a CLML note attributes to an act reaches that act's
impact (issue 37, item 5).

For each revised CLML file in ../shared/data, each textual ("F") commentary whose first parenthesis dates the change
within the file's currency and whose words then cite the act that made it (a <Citation URI>) is found with lxml,
independently of lexrdf's reader; the provisions whose own text points at it (the nearest element with an id above
each CommentaryRef / @CommentaryRef) are what it changed. The impact of that act, asked by the identifier the note
cites, must list at least one of those provisions. A note whose identifier several notes share (the redacted ids of
the VAT file) cannot be tied to one provision by its reference, and is left out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from lxml import etree

CLML_DIRS = [SHARED_DATA / "clml", SHARED_DATA / "clml" / "more"]
NS = {"leg": "http://www.legislation.gov.uk/namespaces/legislation", "dct": "http://purl.org/dc/terms/"}
REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"
_DATED = re.compile(r"^[^()]*\((\d{1,2})\.(\d{1,2})\.(\d{4})")
_CHANGED = re.compile(r"\b(inserted|substituted|omitted|repealed|revoked|added)\b")


def _revised_files() -> list[Path]:
    found = []
    for directory in CLML_DIRS:
        for path in sorted(directory.glob("*.xml")):
            head = path.read_bytes()[:4000]
            if b"<Legislation" in head and b"RestrictStartDate" in path.read_bytes():  # revised, point in time
                found.append(path)
    return found


def _changes_named(path: Path) -> dict[str, set[str]]:
    """For each act URI a dated F note cites after its date: the ids of the provisions pointing at such notes."""
    tree = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    root = tree.getroot()
    valid = root.findtext(".//dct:valid", namespaces=NS)
    by_note: dict[str, list[etree._Element]] = defaultdict(list)
    for note in root.iterfind(".//leg:Commentary", NS):
        by_note[note.get("id") or ""].append(note)
    holders: dict[str, set[str]] = defaultdict(set)
    for element in root.iter():
        ref = element.get("Ref") if etree.QName(element).localname == "CommentaryRef" else element.get("CommentaryRef")
        if not ref:
            continue
        holder = element
        while holder is not None and not (holder.get("id") and holder.get("IdURI")):
            if etree.QName(holder).localname == "P1group" and holder.find("leg:P1[@id]", NS) is not None:
                # a P1group's Title is the heading of the P1 in it (GLA Act line 1400: "Words in s. 95 title
                # substituted"), not of the unit around it
                holder = holder.find("leg:P1[@id]", NS)
                break
            holder = holder.getparent()
        if holder is not None:
            holders[ref].add(holder.get("id"))
    named: dict[str, set[str]] = defaultdict(set)
    for identifier, notes in by_note.items():
        if len(notes) != 1 or notes[0].get("Type") != "F" or not holders.get(identifier):
            continue
        note = notes[0]
        words = " ".join("".join(note.itertext()).split())
        dated, changed = _DATED.search(words), _CHANGED.search(words)
        if not dated or not changed or changed.start() > dated.start(1):
            continue
        day = f"{dated.group(3)}-{int(dated.group(2)):02d}-{int(dated.group(1)):02d}"
        if valid and day > valid:
            continue
        for citation in note.iterfind(".//leg:Citation", NS):
            uri = citation.get("URI") or ""
            if "/id/" in uri:
                named[uri.split("/id/", 1)[1].rstrip("/")] |= holders[identifier]
                break  # the first act cited: the one that made the change
    return named


@pytest.fixture(scope="module")
def files() -> list[Path]:
    for directory in CLML_DIRS:
        needs_shared(directory)
    return _revised_files()


def test_there_are_revised_files_to_count(files):
    assert len(files) >= 8


def test_every_act_a_dated_note_names_has_those_provisions_in_its_impact(files, tmp_path):
    missing = []
    for index, path in enumerate(files):
        named = _changes_named(path)
        if not named:
            continue
        lex = open_lex(tmp_path / f"store-{index}")
        try:
            lex.ingest([path])
            for act, provisions in sorted(named.items()):
                listed = {item.provision.rsplit("/", 1)[-1] for item in lex.impact(f"{REF}/{act}").items}
                if not listed & provisions:
                    missing.append(f"{path.name}: {act} changed {sorted(provisions)[:4]}; impact: {sorted(listed)[:4]}")
        finally:
            lex.close()
    assert missing == []
