"""Reading editorial annotations (legislation.gov.uk commentaries) into dated, attributed changes.

A note such as ``Words in s. 10 substituted (19.8.2003) by <ref>S.I. 2003/1887</ref>, <ref>art. 9</ref>`` says
what changed (the verb), when (the dates in its first parenthesised group), by which act (the first act cited
after the dates) and by which provision of it (the next reference under that act). Which note kinds mean what,
the verbs, the date patterns, the elements that cite acts and provisions in a note and the attribute naming its kind
are rules of the mapping (``annotations:`` in mappings/akn.yaml for AKN notes, mappings/clml.yaml for CLML
commentaries); this module only evaluates them. It knows XML, not RDF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date

from lxml import etree

_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Statement:
    """One change a note records: its kind, dates and the act (and provision) that made it."""

    kind: str  # insertion, substitution, repeal, amendment, commencement or modification
    effective: date | None
    until: date | None
    source_act: str | None
    source_provision: str | None
    note: str
    line: int | None
    partial: bool = False  # the note concerns words in the provision, not the provision as a whole
    targets: tuple[str, ...] = ()  # what the note says changed: the references before its verb
    ranged: bool = False  # one of them is a range of provisions ("S. 6(3)-(6)")
    dates: tuple[date, ...] = ()  # every date it gives ("27.4.2017 for specified purposes, 31.10.2017 ...")
    # its note shares its identifier with other notes: a reference to that identifier does not say which note it
    # means, so the statement holds only for a provision it names itself
    ambiguous: bool = False
    subject: str = ""  # the note's words before its verb: what it says changed ("Words in s. 24(1)(c)")


@dataclass(frozen=True)
class _Ref:
    offset: int
    href: str
    ranged: bool = False
    words: str = ""
    operative: bool = False  # the source marks it as the provision that made the change (CLML @Operative="true")


def _flat(note: etree._Element, rules: AnnotationRules) -> tuple[str, list[_Ref]]:
    """The note's words (whitespace collapsed) and the position of every reference in them."""
    parts: list[str] = []
    refs: list[_Ref] = []

    def walk(node: etree._Element) -> None:
        if node.text:
            parts.append(node.text)
        for child in node:
            if child.tag in rules.ref_tags and child.get(rules.ref_attribute):
                words = _SPACE.sub(" ", "".join(child.itertext())).strip()
                offset = len(_SPACE.sub(" ", "".join(parts)))
                operative = bool(rules.operative) and child.get(rules.operative) == "true"
                refs.append(_Ref(offset, child.get(rules.ref_attribute), words=words, operative=operative))
            elif child.tag == rules.range_tag and child.get(rules.range_attribute):
                refs.append(_Ref(len(_SPACE.sub(" ", "".join(parts))), child.get(rules.range_attribute), ranged=True))
            walk(child)
            if child.tail:
                parts.append(child.tail)

    walk(note)
    return _SPACE.sub(" ", "".join(parts)), refs


def _asides(text: str, opening: re.Pattern[str] | None) -> list[tuple[int, int]]:
    """The spans of the balanced parentheses in `text` that `opening` matches the start of. Where the words after
    one close more parentheses than they open (the source's brackets do not balance), it runs to the end.

    >>> aside = re.compile(r"\\(as amended")
    >>> _asides("reg. 5 (as amended: (1.1.2018) by X; (6.4.2025) by Y) (1.10.2008)", aside)
    [(7, 53)]
    >>> _asides("reg. 5 (as amended: (1.1.2018) by X, 1(2)); (6.4.2025) by Y)", aside)
    [(7, 60)]
    """
    spans: list[tuple[int, int]] = []
    for match in opening.finditer(text) if opening else ():
        depth, end = 0, len(text)
        for index in range(match.start(), len(text)):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            if depth == 0:
                end = index + 1
                break
        for index in range(end, len(text)):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            if depth < 0:
                end = len(text)
                break
        spans.append((match.start(), end))
    return spans


class AnnotationRules:
    """The ``annotations:`` rules of one mapping, compiled."""

    def __init__(self, rules: dict, namespace: str) -> None:
        self.element = rules["element"]
        self.identifier: str = rules.get("identifier", "eId")
        # the citations in a note (AKN: <ref href>; CLML: <Citation URI>, <CitationSubRef URI>) and ranges
        self.ref_tags = {f"{{{namespace}}}{name}" for name in rules.get("cite", ["ref"])}
        self.ref_attribute: str = rules.get("cite_attribute", "href")
        # the attribute marking, among a note's citations of the act's provisions, the one that made the change
        self.operative: str | None = rules.get("operative_attribute")
        self.range_tag = f"{{{namespace}}}{rules.get('range', 'rref')}"
        self.range_attribute: str = rules.get("range_attribute", "from")
        # the kind of note: `kind` (a regular expression, group 1) applied to the note's `kind_attribute`
        self.kind_attribute: str = rules.get("kind_attribute", "class")
        self.kind = re.compile(rules.get("kind", r"(\w+)\s*$"))
        self.kinds: dict[str, str] = rules.get("kinds", {})
        date_pattern = rules["date"]
        self.date = re.compile(date_pattern)
        core = re.sub(r"\((?!\?)", "(?:", date_pattern)  # the date with no groups of its own
        as_group = f"({core})"
        textual = rules.get("textual", {})
        self.changes: dict[str, str] = textual.get("changes", {})
        self.verb = re.compile(r"\b(" + "|".join(map(re.escape, self.changes)) + r")\b") if self.changes else None
        self.textual_dates = re.compile(textual["dates"]) if textual.get("dates") else None
        self.partial = re.compile(textual["partial"]) if textual.get("partial") else None
        self.temporary = (
            re.compile(textual["temporary"].replace("DATE", as_group)) if textual.get("temporary") else None
        )
        commencement = rules.get("commencement", {})
        self.commencements = [re.compile(p.replace("DATE", as_group)) for p in commencement.get("patterns", [])]
        modification = rules.get("modification", {})
        self.modification = re.compile(modification.get("dates", r"\((DATE)\)").replace("DATE", core))
        # the opening of a parenthesis about another instrument ("reg. 5 (as amended: ... (6.4.2025) by S.I.
        # 2024/1303 ...)"): the dates and acts inside it are that instrument's history, no change of this provision
        self.aside = re.compile(modification["aside"]) if modification.get("aside") else None
        # how a note cites a provision in words, by the first step of its eId ("section-24-1-c": "s. 24(1)(c)")
        self.cited_as: dict[str, str] = rules.get("cited_as", {})

    def cites(self, subject: str, eid: str | None, separator: str) -> bool:
        """Whether a note's `subject` cites the provision `eid` in words, exactly (not a provision within it).

        >>> rules = AnnotationRules({"element": "x", "date": "(1)(2)(3)", "cited_as": {"section": "s."}}, "")
        >>> [rules.cites("Words in s. 24(1)(c) omitted", eid, "-") for eid in ("section-24-1-c", "section-24-1")]
        [True, False]
        >>> rules.cites("S. 24(6A) inserted", "section-24-6A", "-"), rules.cites("S. 24(6A)", "section-24-6", "-")
        (True, False)
        """
        kind, _, rest = (eid or "").partition(separator)
        label = self.cited_as.get(kind)
        if not label or not rest:
            return False
        number, *steps = rest.split(separator)
        citation = f"{label} {number}" + "".join(f"({step})" for step in steps)
        return re.search(rf"(?<!\w){re.escape(citation)}(?![\w(])", subject, re.IGNORECASE) is not None

    def day(self, text: str) -> date | None:
        match = self.date.search(text)
        if not match:
            return None
        day, month, year = (int(g) for g in match.groups())
        try:
            return date(year, month, day)
        except ValueError:
            return None

    def days(self, text: str) -> list[date]:
        return [d for d in (self.day(m.group(0)) for m in self.date.finditer(text)) if d is not None]


class AnnotationReader:
    """Evaluates annotation rules over one document's notes."""

    def __init__(self, rules: AnnotationRules, own_uris: set[str]) -> None:
        self.rules = rules
        self.own_uris = own_uris
        self.titles: dict[str, str] = {}  # how the notes cite each source act (its title, when they give it)
        self.shared: dict[str, list[int | None]] = {}  # an identifier several notes carry -> their lines

    def read(self, meta: etree._Element, namespaces: dict[str, str]) -> dict[str, list[Statement]]:
        """Every note of a kind the rules know, by its eId, as the changes it records."""
        found: dict[str, list[Statement]] = {}
        lines: dict[str, list[int | None]] = {}
        for note in meta.xpath(self.rules.element, namespaces=namespaces):
            match = self.rules.kind.search(note.get(self.rules.kind_attribute) or "")
            kind = self.rules.kinds.get(match.group(1)) if match else None
            if kind is None or not note.get(self.rules.identifier):
                continue
            text, refs = _flat(note, self.rules)
            reader = {"textual": self.textual, "commencement": self.commencement, "modification": self.modifications}
            statements = reader[kind](text, refs, note.sourceline)
            identifier = note.get(self.rules.identifier)
            lines.setdefault(identifier, []).append(note.sourceline)
            if statements:
                found.setdefault(identifier, []).extend(statements)
        self.shared = {identifier: at for identifier, at in lines.items() if len(at) > 1}
        for identifier in self.shared:
            found[identifier] = [replace(statement, ambiguous=True) for statement in found.get(identifier, [])]
        return found

    def textual(self, text: str, refs: list[_Ref], line: int | None) -> list[Statement]:
        rules = self.rules
        verb = rules.verb.search(text) if rules.verb else None
        kind = rules.changes[verb.group(1)] if verb else "amendment"
        scope = rules.textual_dates.search(text) if rules.textual_dates else None
        if scope is None or not rules.days(scope.group(1)):  # "substituted 6.4.2010) by": the first date anywhere
            first = rules.date.search(text)
            days, after = (rules.days(first.group(0)), first.end()) if first else ([], verb.end() if verb else 0)
            scope_text = first.group(0) if first else ""
        else:
            days, after, scope_text = rules.days(scope.group(1)), scope.end(), scope.group(1)
        effective = until = None
        temporary = rules.temporary.search(scope_text) if rules.temporary else None
        if temporary:
            effective, until = rules.day(temporary.group(1)), rules.day(temporary.group(len(temporary.groups())))
        elif days:
            effective = days[-1]  # "(30.11.2000 for certain purposes and otherwise 1.1.2005)": full effect
        act, provision = self.source_after(refs, after)
        before = verb.start() if verb else 0
        partial = bool(rules.partial and rules.partial.search(text[:before] if verb else text))
        targets = [r for r in refs if r.offset <= before]
        return [
            Statement(
                kind,
                effective,
                until,
                act,
                provision,
                text,
                line,
                partial,
                tuple(r.href for r in targets),
                any(r.ranged for r in targets),
                tuple(days),
                subject=text[:before],
            )
        ]

    def commencement(self, text: str, refs: list[_Ref], line: int | None) -> list[Statement]:
        for pattern in self.rules.commencements:
            match = pattern.search(text)
            if match:
                act, provision = self.source_after(refs, match.start())
                return [Statement("commencement", self.rules.day(match.group(1)), None, act, provision, text, line)]
        return []

    def modifications(self, text: str, refs: list[_Ref], line: int | None) -> list[Statement]:
        statements: list[Statement] = []
        asides = _asides(text, self.rules.aside)
        for match in self.rules.modification.finditer(text):
            if any(start <= match.start() < end for start, end in asides):
                continue  # a date in the history of the instrument that applies the provision
            act, provision = self.source_after(refs, match.end())
            day = self.rules.day(match.group(0))
            if day is not None:
                statements.append(Statement("modification", day, None, act, provision, text, line))
        return list(dict.fromkeys(statements))

    def source_after(self, refs: list[_Ref], offset: int) -> tuple[str | None, str | None]:
        """The first act cited at or after `offset` (another act, or this act by its own identifier, not one
        of its provisions) and the provision of that act cited after it that the source marks as operative, else the
        first ("regs. 1(2), 9(1)(a)": 9(1)(a) made the change, 1(2) commenced it)."""
        for index, ref in enumerate(refs):
            if ref.offset < offset or self.is_own_provision(ref.href):
                continue
            act = ref.href.rstrip("/")
            if len(ref.words) > len(self.titles.get(act, "")):
                self.titles[act] = ref.words
            cited = [r for r in refs[index + 1 :] if r.href.startswith(act + "/")]
            provision = next((r.href for r in cited if r.operative), cited[0].href if cited else None)
            return act, provision
        return None, None

    def is_own_provision(self, href: str) -> bool:
        return any(href.startswith(uri.rstrip("/") + "/") for uri in self.own_uris)
