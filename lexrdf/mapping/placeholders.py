"""What a consolidation shows in place of a repealed provision (". . . .", "((ARTICOLO ABROGATO DAL D.LGS. ...))",
"(Revogado)", "(weggefallen)"): evidence of a repeal, never words in force.

A mapping's `repeal_placeholders` section says which texts these are (`patterns`, matched against a unit's whole
own text, case-insensitively) and how the act they cite is found: a reference element inside the text (`cite`,
its `href`), or a citation in the words (`citation`: groups day, month, year, number; `months` names the months).
The cited act is matched to the document's own references (`acts` elements, by the `act_key` of their hrefs: the
act's date and number), and the repeal is dated by the lifecycle event whose source is that reference (AKN:
passiveRef <- eventRef @source). Where nothing dates it, a document holding every version dates it from the
placeholder's own window; else the repeal is recorded undated, and the planner says so (the provision was repealed
at the latest by the expression's date).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from lexrdf.mapping.reader import Reader
from lexrdf.model import Modification, Unit


class PlaceholderRules:
    """The compiled `repeal_placeholders` rules of one mapping.

    >>> rules = PlaceholderRules({"patterns": [r"\\(*\\s*articolo abrogato\\b.*", r"\\.( \\.)+"]})
    >>> rules.matches("((ARTICOLO ABROGATO DAL D.LGS. 26 AGOSTO 2016, N. 179))"), rules.matches(". . . .")
    (True, True)
    >>> rules.matches("Il presente articolo non è abrogato")
    False
    """

    def __init__(self, rules: dict) -> None:
        self.patterns = [re.compile(rf"^(?:{p})$", re.IGNORECASE | re.DOTALL) for p in rules.get("patterns", [])]
        self.cite: str | None = rules.get("cite")
        self.href: str = rules.get("href", "href")
        self.citation = re.compile(rules["citation"], re.IGNORECASE) if rules.get("citation") else None
        self.months: dict[str, int] = {k.lower(): int(v) for k, v in (rules.get("months") or {}).items()}
        self.act_key = re.compile(rules["act_key"], re.IGNORECASE) if rules.get("act_key") else None
        self.not_within: list[str] = rules.get("not_within", [])  # another act's text (an amendment's new words)
        self.words = [re.compile(p, re.IGNORECASE) for p in rules.get("words", [])]

    def matches(self, text: str) -> bool:
        return bool(text) and any(p.match(text) for p in self.patterns)

    def key_of_href(self, href: str) -> tuple[str, ...] | None:
        """An act's key (its date and number, lower-cased) as its href writes it."""
        match = self.act_key.search(href) if self.act_key else None
        return tuple(g.lower() for g in match.groups()) if match else None

    def key_of_citation(self, text: str) -> tuple[str, ...] | None:
        """An act's key as a citation in the words writes it ("D.LGS. 26 AGOSTO 2016, N. 179" -> 2016-08-26, 179)."""
        match = self.citation.search(text) if self.citation else None
        if not match:
            return None
        day, month, year, number = match.groups()
        month_number = self.months.get(month.lower()) if not month.isdigit() else int(month)
        if not month_number:
            return None
        return f"{int(year):04d}-{month_number:02d}-{int(day):02d}", number.lower()


def repeal_placeholders(
    reader: Reader, units: list[Unit], modifications: list[Modification], periods_authoritative: bool
) -> list[Modification]:
    """Mark the units whose text is a repeal placeholder (`Unit.placeholder`) and return the repeal each one is
    evidence of: the repeal the document records for the unit (in `modifications`, made a repeal of the whole
    unit), else one made by the act the placeholder cites."""
    section = reader.mapping.get("repeal_placeholders")
    if not section:
        return []
    rules = PlaceholderRules(section)
    parents = {u.parent_path for u in units}
    repeals = {m.destination for m in modifications if m.kind == "repeal"}
    references = _references_by_key(reader, rules)
    found: list[Modification] = []
    whole: set[str] = set()  # placeholders whose repeal the document records: that repeal is of the whole unit
    for unit in units:
        if unit.path in parents or not rules.matches(unit.text):  # a unit holding others is no placeholder
            continue
        element = reader.by_eid.get(unit.eid or "")
        if element is not None and _quoted(reader, rules, element):
            continue  # the new text an amending act gives another act ("(weggefallen)" for a § it repeals)
        unit.placeholder = True
        if unit.eid in repeals:  # "S. 49(6)(7) omitted (18.1.2010) by ...", the note on its ". . . .": all of it
            whole.add(unit.eid or "")
            continue
        act, reference = _cited_act(reader, rules, element, unit.text, references)
        if act is None:  # repealed by no act the source names: the planner ends it without a recorded act
            continue
        day = reader.source_date(reference)
        if day is None and periods_authoritative and unit.window is not None:
            day = unit.window.start  # the source dates this state of the provision itself
        found.append(Modification("repeal", unit.eid or "", act, None, day, unit.line, note=unit.text))
    modifications[:] = [
        replace(m, of_unit=True) if m.kind == "repeal" and m.destination in whole else m for m in modifications
    ]
    return found + _words_placeholders(reader, rules, units, references)


def _words_placeholders(
    reader: Reader,
    rules: PlaceholderRules,
    units: list[Unit],
    references: dict[tuple[str, ...], tuple[str, etree._Element]],
) -> list[Modification]:
    """Take the placeholders of suppressed words (`words`) out of each unit's text, and return the change of its
    words each one is evidence of: by the act it cites, dated by the lifecycle event of the document's reference to
    that act (undated when there is none)."""
    found: list[Modification] = []
    if not rules.words:
        return found
    for unit in units:
        if unit.placeholder or not unit.text:
            continue
        spans = [match for pattern in rules.words for match in pattern.finditer(unit.text)]
        if not spans:
            continue
        element = reader.by_eid.get(unit.eid or "")
        if element is not None and _quoted(reader, rules, element):
            continue
        for match in spans:
            act, reference = _cited_act(reader, rules, None, match.group(0), references)
            if act is not None:
                day = reader.source_date(reference)
                note = match.group(0).strip()
                found.append(Modification("amendment", unit.eid or "", act, None, day, unit.line, note=note,
                                          of_unit=False))  # fmt: skip
        text = unit.text
        for pattern in rules.words:
            text = pattern.sub(" ", text)
        unit.text = " ".join(text.split())
    return list(dict.fromkeys(found))  # the same words suppressed three times by one act: one change


def _quoted(reader: Reader, rules: PlaceholderRules, element: etree._Element) -> bool:
    """Whether `element` lies inside another act's text quoted by this one (`not_within`)."""
    names = {reader.qualified(name) for name in rules.not_within}
    return any(ancestor.tag in names for ancestor in element.iterancestors())


def _references_by_key(reader: Reader, rules: PlaceholderRules) -> dict[tuple[str, ...], tuple[str, etree._Element]]:
    """The document's references to other acts (passiveRef ...), by their act key: the act's href and the element."""
    section = reader.mapping.get("references") or {}
    found: dict[tuple[str, ...], tuple[str, etree._Element]] = {}
    if not section or rules.act_key is None:
        return found
    names = {reader.qualified(name) for name in section.get("acts", [])}
    for element in reader.doc.iter(*names):
        href = element.get(section.get("href", "href")) or ""
        key = rules.key_of_href(href)
        if key is not None:
            found.setdefault(key, (href, element))
    return found


def _cited_act(
    reader: Reader,
    rules: PlaceholderRules,
    element: etree._Element | None,
    text: str,
    references: dict[tuple[str, ...], tuple[str, etree._Element]],
) -> tuple[str | None, etree._Element | None]:
    """The act a placeholder cites (its IRI as the document's reference to it gives it) and that reference."""
    hrefs = []
    if element is not None and rules.cite:
        hrefs = [ref.get(rules.href) or "" for ref in element.iter(reader.qualified(rules.cite))]
    keys = [rules.key_of_href(href) for href in hrefs if href and not href.startswith("#")]
    keys.append(rules.key_of_citation(text))
    for key in keys:
        if key is not None and key in references:
            return references[key]
    first = next((h for h in hrefs if h and not h.startswith("#")), None)
    return first, None
