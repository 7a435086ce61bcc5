"""Reading editorial annotations (legislation.gov.uk commentaries) into dated, attributed changes.

A note such as ``Words in s. 10 substituted (19.8.2003) by <ref>S.I. 2003/1887</ref>, <ref>art. 9</ref>`` says
what changed (the verb), when (the dates in its first parenthesised group), by which act (the first act cited
after the dates) and by which provision of it (the next reference under that act). Which note kinds mean what,
the verbs, the date patterns, the elements that cite acts and provisions in a note and the attribute naming its kind
are rules of the mapping (``annotations:`` in mappings/akn.yaml for AKN notes, mappings/clml.yaml for CLML
commentaries), compiled by lexrdf.mapping.annotation_rules; this module only evaluates them. It knows XML,
not RDF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date

from lxml import etree

from lexrdf.mapping.annotation_rules import AnnotationRules

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
    # a commencement in part: the words saying for what ("s. 7 in force for certain purposes at Royal Assent ...")
    purposes: str = ""
    # a commencement of provisions the clause cites in words, each on its own ("s. 97(1)(2) in force at 12.1.2000 by
    # S.I. 1999/3434, art. 2": "s. 97(1)", "s. 97(2)"): it holds for those provisions, not the one the note is on
    parts: tuple[str, ...] = ()
    # the note says the change has effect otherwise than from its date (for a later tax year, in accordance with
    # another provision): the text's window may begin before the change had effect
    deferred: bool = False
    # the territories the note limits the change to ("repealed (18.11.2003 for E.)": "E"), spelled by the rule's
    # regions joined by "+"; None: the note names none (the change extends wherever the provision does)
    extent: str | None = None


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


class AnnotationReader:
    """Evaluates annotation rules over one document's notes."""

    def __init__(self, rules: AnnotationRules, own_uris: set[str], act_date: date | None = None) -> None:
        self.rules = rules
        self.own_uris = own_uris
        self.act_date = act_date  # the act's own date (a UK act's Royal Assent), for a note that names it
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
        in_part = [
            Statement(
                "partial-commencement",
                day,
                None,
                act,
                provision,
                text,
                line,
                partial,
                tuple(r.href for r in targets),
                any(r.ranged for r in targets),
                purposes=purposes,
            )
            for day, purposes in self.in_part(scope_text)
            if not temporary
        ]
        return in_part + [
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
                deferred=self.deferred_effect(text, verb.end() if verb else 0),
                extent=self.territories(text, verb.end() if verb else 0),
            )
        ]

    def territories(self, text: str, after: int) -> str | None:
        """The territories the note's clause after its verb, up to the act that made the change (") by"), limits the
        change to (`textual.extent`), in one spelling ("E+W"); None when it names none, or a region the rule does not
        know."""
        rules = self.rules
        if rules.extent is None or rules.extent_token is None:
            return None
        end = text.find(") by", after)
        found = rules.extent.search(text[after : end + 1 if end >= 0 else after + 200])
        if found is None:
            return None
        tokens = [" ".join(t.split()) for t in rules.extent_token.findall(found.group(1))]
        regions = [rules.extent_regions.get(t) for t in tokens]
        if not regions or None in regions:
            return None
        order = list(dict.fromkeys(rules.extent_regions.values()))
        return "+".join(sorted(set(regions), key=order.index))  # type: ignore[arg-type]

    def deferred_effect(self, text: str, after: int) -> bool:
        """Whether the note's clause after its verb, up to the act that made the change (") by"), says the change has
        effect otherwise than from its date (`textual.deferred`)."""
        if self.rules.deferred is None:
            return False
        end = text.find(") by", after)
        return bool(self.rules.deferred.search(text[after : end if end >= 0 else after + 200]))

    def commencement(self, text: str, refs: list[_Ref], line: int | None) -> list[Statement]:
        """A commencement note: the provision wholly in force on its date, by the order its own clause names (else the
        order another clause names for that same day); its parts in force on their own dates; in part first."""
        found = self.commenced_in_part(text, refs, line)
        clauses = self.clauses(text)
        for pattern in self.rules.commencements:
            match = pattern.search(text)
            if match:
                day = self.rules.day(match.group(1))
                act, provision = self.clause_source(text, refs, clauses, match.start(), day)
                found.append(Statement("commencement", day, None, act, provision, text, line))
                break
        return found + self.commenced_parts(text, refs, line, clauses)

    def clauses(self, text: str) -> list[tuple[int, int]]:
        """The spans of a note's clauses ("S. 97 wholly in force at 3.7.2000; s. 97(3) in force at ...")."""
        spans, start = [], 0
        for separator in [*self.rules.clause_separator.finditer(text), None]:
            end = separator.start() if separator else len(text)
            spans.append((start, end))
            start = separator.end() if separator else end
        return spans

    def clause_source(
        self, text: str, refs: list[_Ref], clauses: list[tuple[int, int]], offset: int, day: date | None
    ) -> tuple[str | None, str | None]:
        """The act (and provision) that made a commencement read at `offset` on `day`: the one its own clause cites;
        else the one a clause of the same note giving that same day cites, not for some purposes only ("S. 97 wholly
        in force at 3.7.2000; ... s. 97(1)(2) in force at 12.1.2000 by S.I. 1999/3434, art. 2; s. 97(3) in force at
        3.7.2000 by S.I. 1999/3434, art. 4": art. 4, never art. 2's date); none when no such clause names one."""
        own = next((span for span in clauses if span[0] <= offset < span[1]), (offset, len(text)))
        partial = self.rules.partial_commencement
        same_day = [
            span
            for span in clauses
            if span != own
            and day is not None
            and day in self.rules.days(text[span[0] : span[1]])
            and not (partial and partial.search(text[span[0] : span[1]]))
        ]
        for start, end in [own, *same_day]:
            act, provision = self.source_after([r for r in refs if start <= r.offset < end], start)
            if act is not None:
                return act, provision
        return None, None

    def commenced_parts(
        self, text: str, refs: list[_Ref], line: int | None, clauses: list[tuple[int, int]]
    ) -> list[Statement]:
        """Each clause bringing the provisions its words cite wholly into force on its own date ("s. 97(1)(2) in force
        at 12.1.2000 by S.I. 1999/3434, art. 2"), by the act that clause cites; not a clause for some purposes only
        (a commencement in part) nor one saying what was not in force."""
        rules = self.rules
        if rules.part_commencement is None or not rules.cited_as:
            return []
        found = []
        for start, end in clauses:
            clause = text[start:end]
            match = rules.part_commencement.search(clause)
            if not match or (rules.partial_commencement and rules.partial_commencement.search(clause)):
                continue
            days = rules.days(clause[match.start() : match.end()])
            day = days[0] if days else (self.act_date if rules.assent and rules.assent.search(clause) else None)
            cited = tuple(rules.citations(match.group(1)))
            if day is None or not cited:
                continue
            act, provision = self.source_after([r for r in refs if start <= r.offset < end], start)
            found.append(
                Statement("commencement", day, None, act, provision, text, line, subject=clause.strip(), parts=cited)
            )
        return found

    def commenced_in_part(self, text: str, refs: list[_Ref], line: int | None) -> list[Statement]:
        """Each clause of a commencement note saying the provision came into force for some purposes only, dated by
        its own date, or the act's when it names that ("s. 7 in force for certain purposes at Royal Assent see s.
        75(2)(i)"; "s. 56 in force for specified purposes at 3.3.2011 by S.I. 2011/601, art. 2"); the act that did
        it is the first cited in that clause."""
        rules, found, start = self.rules, [], 0
        if rules.partial_commencement is None:
            return []
        for separator in [*rules.clause_separator.finditer(text), None]:
            end = separator.start() if separator else len(text)
            clause = text[start:end]
            if rules.partial_commencement.search(clause):
                day = rules.day(clause)
                if day is None and rules.assent and rules.assent.search(clause):
                    day = self.act_date
                within = [r for r in refs if start <= r.offset < end]
                act, provision = self.source_after(within, start)
                # the provisions its subject cites ("s. 82(3) in force for certain purposes at 12.1.2000" on s. 82):
                # in force in part themselves, each (and the provision the note is on, in part, through them)
                subject = clause[: clause.find(" in force")] if " in force" in clause else ""
                cited = tuple(rules.citations(subject)) if subject and rules.cited_as else ()
                if day is not None:
                    found.append(
                        Statement(
                            "partial-commencement",
                            day,
                            None,
                            act,
                            provision,
                            text,
                            line,
                            subject=clause.strip(),
                            purposes=clause.strip(),
                            parts=cited,
                        )
                    )
            start = separator.end() if separator else end
        return found

    def in_part(self, dates: str) -> list[tuple[date, str]]:
        """The dates of a textual note's dates that are for some purposes only, before one that is not ("30.11.2000
        for certain purposes and otherwise 1.1.2005": 30.11.2000), each with its words; none when every date is for
        some purposes (the note then gives no full effect to compare with)."""
        rules = self.rules
        if rules.partial_commencement is None:
            return []
        matches = list(rules.date.finditer(dates))
        found: list[tuple[date, str]] = []
        for index, match in enumerate(matches):
            words = dates[match.start() : matches[index + 1].start() if index + 1 < len(matches) else len(dates)]
            day = rules.day(match.group(0))
            if day is None:
                continue
            if not rules.partial_commencement.search(words):
                return found  # a date of full effect: those before it were for some purposes only
            found.append((day, re.sub(r"(?:,|\band\b|\botherwise\b|\s)+$", "", words)))
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
            if any(ref.href.startswith(later.href.rstrip("/") + "/") for later in refs[index + 1 :]):
                # a provision of an act the note cites after it ("(with effect in accordance with s. 59(6) of the
                # amending Act) by Greater London Authority Act 2007"): not an act of its own
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
