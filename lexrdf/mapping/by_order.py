"""Provisions an act leaves to come into force on a day someone will appoint ("Section 1(6) comes into force on such
day as the Secretary of State may by order made by statutory instrument appoint"): in force on no day the source
gives.

A mapping's `commencement_by_order` section says which words do so (`words`, matched against a unit's whole own
text: group `cited` holds what they bring into force) and how they cite provisions (`citation`, each match a
number followed by the numbers of the units inside it: "1(6)" is section 1, its unit numbered 6, found by the
printed numbers of the act's own units). Each provision so cited, and everything inside it, is prospective (as a
CLML Status="Prospective"): no window, answered not-yet-in-force with no date, never in force from the act's
enactment. An order the document does not name dates nothing. Read only in the act's text as enacted (a
consolidation records the orders made since), and never over a window the source gives the unit itself (@period).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lexrdf.model import Unit

_PART = re.compile(r"\(([0-9A-Za-z]+)\)")


def _key(number: str) -> str:
    """A printed number as a citation writes it: "(6)", "6.", "SEC. 6" -> "6"."""
    return re.sub(r"^(?:sec(?:tion)?|s)\.?\s*", "", number.strip(), flags=re.IGNORECASE).strip(" .()§").lower()


def _cited(units: list[Unit], citation: str) -> Unit | None:
    """The unit a citation "1(6)" names: the top unit numbered 1 (a section: the first unit of that number, in
    document order), then the unit numbered 6 inside it, step by step; None when a step names no unit."""
    head = re.match(r"\s*([0-9]+[A-Za-z]*)", citation)
    if head is None:
        return None
    steps = [head[1], *_PART.findall(citation[head.end() :])]
    found = next((u for u in units if u.unit_type == "section" and _key(u.number) == steps[0].lower()), None)
    for step in steps[1:]:
        if found is None:
            return None
        inside = [u for u in units if u.path.startswith(found.path + "/") and u.number]
        found = next((u for u in inside if _key(u.number) == step.lower()), None)
    return found


def deferred_to_an_order(rules: dict | None, units: list[Unit]) -> list[Unit]:
    """`units`, those the act's own words leave to a day appointed by order (and all inside them) prospective."""
    if not rules or not rules.get("words") or not rules.get("citation"):
        return units
    words = re.compile(rules["words"], re.IGNORECASE | re.DOTALL)
    citation = re.compile(rules["citation"], re.IGNORECASE)
    deferred: set[str] = set()
    for unit in units:
        match = words.match(unit.text or "")
        if match is None:
            continue
        for cited in citation.finditer(match["cited"]):
            found = _cited(units, cited[1])
            if found is not None:
                deferred.add(found.path)
    if not deferred:
        return units
    inside = tuple(f"{path}/" for path in deferred)
    return [
        replace(unit, window=None, prospective=True)
        if (unit.path in deferred or unit.path.startswith(inside)) and not unit.own_period
        else unit
        for unit in units
    ]
