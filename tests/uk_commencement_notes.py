"""What legislation.gov.uk's commencement notes (I notes) say, read from the XML apart from lexrdf's mappings.

Only the plainest forms are read, so that what is read is beyond doubt: a note whose first clause is "<subject> wholly
in force at D" (or which is one clause, "<subject> in force at D by ..."), and a note whose first clause is "<subject>
partly in force" when no note on the same subject brings it wholly into force ("wholly in force", "in so far as not
already in force"). The subject ("S. 81", "Sch. 3 para. 7") is read as the identifier legislation.gov.uk gives such a
provision in both CLML and its Akoma Ntoso export ("section-81", "schedule-3-paragraph-7")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from lxml import etree

CLML = "{http://www.legislation.gov.uk/namespaces/legislation}"
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
_DAY = r"(\d{1,2})\.(\d{1,2})\.(\d{4})"
_SUBJECT = r"((?:S|Sch|Art|Reg|Rule)s?\.\s?\d+[A-Z]*(?:\(\w+\))*(?:\s+para\.\s?\d+[A-Z]*(?:\(\w+\))*)?)"
_LABEL = re.compile(
    r"(S|Sch|Art|Reg|Rule)s?\.\s?(\d+[A-Z]*)((?:\(\w+\))*)(?:\s+para\.\s?(\d+[A-Z]*)((?:\(\w+\))*))?$", re.IGNORECASE
)
_HEADS = {"s": "section", "sch": "schedule", "art": "article", "reg": "regulation", "rule": "rule"}
_COMPLETES = re.compile(r"wholly in force|in ?so ?far as not already in force", re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    """One thing a note says of one provision: `kind` "wholly" (in force as a whole from `day`, not before) or
    "partly" (in force for some purposes only, as the source is current)."""

    kind: str
    identifier: str
    day: date | None
    line: int
    note: str


def identifier(subject: str) -> str | None:
    """legislation.gov.uk's identifier of the provision a note's subject names ("Sch. 3 para. 7" ->
    "schedule-3-paragraph-7"); None for a subject not read here."""
    match = _LABEL.match(subject.strip())
    if match is None:
        return None
    parts = [f"{_HEADS[match.group(1).lower()]}-{match.group(2)}", *re.findall(r"\((\w+)\)", match.group(3) or "")]
    if match.group(4):
        parts += [f"paragraph-{match.group(4)}", *re.findall(r"\((\w+)\)", match.group(5) or "")]
    return "-".join(parts)


def _notes(path: Path) -> list[tuple[int, str]]:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    root = etree.parse(str(path), parser).getroot()
    found = [(c.sourceline, c) for c in root.iter(f"{CLML}Commentary") if c.get("Type") == "I"]
    found += [(n.sourceline, n) for n in root.iter(f"{AKN}note") if (n.get("class") or "").endswith(" I")]
    return [(line, " ".join("".join(element.itertext()).split())) for line, element in found]


def _day(match: re.Match, first: int) -> date:
    return date(int(match.group(first + 2)), int(match.group(first + 1)), int(match.group(first)))


def claims(path: Path) -> list[Claim]:
    """The claims of every commencement note of the file in the forms read here."""
    notes = _notes(path)
    completed = {
        identifier(m.group(1))
        for _, text in notes
        for clause in re.split(r"[;:]", text)
        if _COMPLETES.search(clause) and (m := re.match(r"\s*" + _SUBJECT, clause, re.IGNORECASE))
    }
    found = []
    for line, text in notes:
        head = re.split(r"[;:]", text)[0].strip()
        wholly = re.match(_SUBJECT + r"\s+wholly in force at " + _DAY + r"$", head)
        single = ";" not in text and re.match(_SUBJECT + r"\s+in force at " + _DAY + r" by ", text)
        partly = re.match(_SUBJECT + r"\s+partly in force$", head)
        for match, kind in ((wholly, "wholly"), (single, "wholly"), (partly, "partly")):
            if not match or not (name := identifier(match.group(1))):
                continue
            if kind == "partly" and any(c and (c == name or c.startswith(name + "-")) for c in completed):
                continue  # a note brings it (or its last part) wholly into force: "partly" is an earlier word
            found.append(Claim(kind, name, _day(match, 2) if kind == "wholly" else None, line, text))
            break
    return found
