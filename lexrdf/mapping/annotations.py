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


# the words before a citation that make it the place of the words changed, not a thing changed ("Words in", "Entry
# for ... in", "Sum in")
_PLACE_OF_WORDS = re.compile(r"\b(?:in|of|to|for|from|after|before)\s*$", re.IGNORECASE)
# what follows a citation that is itself an item of what changed: the end of the subject or the next item of a list
# ("Reg. 10(e) and word inserted"); a citation followed by anything else is the place of the words ("S. 6: words in
# heading omitted", "S. 56(6) Table: entry inserted")
_AN_ITEM = re.compile(r"\s*(?:$|,|and\b|or\b)", re.IGNORECASE)


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
        # words of the note's date clause saying the change has effect otherwise than from its date ("with effect
        # for the tax year 2016-17", "with effect in accordance with Sch. 1 para. 65"): a deferred effect
        self.deferred = re.compile(textual["deferred"]) if textual.get("deferred") else None
        self.temporary = (
            re.compile(textual["temporary"].replace("DATE", as_group)) if textual.get("temporary") else None
        )
        # the territories a change is limited to ("(18.11.2003 for E.)", "omitted (E.W.)")
        limit = textual.get("extent") or {}
        self.extent = re.compile(limit["pattern"]) if limit else None
        self.extent_token = re.compile(limit["token"]) if limit else None
        self.extent_regions: dict[str, str] = limit.get("regions", {})
        commencement = rules.get("commencement", {})
        self.commencements = [re.compile(p.replace("DATE", as_group)) for p in commencement.get("patterns", [])]
        # in force for some purposes only: a clause of a note (`separator`) saying so (`partial`) dates a
        # commencement in part by its own date, or the act's own when it names that (`assent`: "at Royal Assent")
        self.partial_commencement = re.compile(commencement["partial"]) if commencement.get("partial") else None
        self.assent = re.compile(commencement["assent"]) if commencement.get("assent") else None
        self.clause_separator = re.compile(commencement.get("separator", ";"))
        # a clause commencing the provisions its subject (group 1) cites, on its date or at Royal Assent
        parts = commencement.get("parts")
        self.part_commencement = re.compile(parts.replace("DATE", core)) if parts else None
        modification = rules.get("modification", {})
        self.modification = re.compile(modification.get("dates", r"\((DATE)\)").replace("DATE", core))
        # the opening of a parenthesis about another instrument ("reg. 5 (as amended: ... (6.4.2025) by S.I.
        # 2024/1303 ...)"): the dates and acts inside it are that instrument's history, no change of this provision
        self.aside = re.compile(modification["aside"]) if modification.get("aside") else None
        # how a note cites a provision in words, by the first step of its eId ("section-24-1-c": "s. 24(1)(c)")
        self.cited_as: dict[str, str] = rules.get("cited_as", {})

    def listed(self, subject: str) -> str:
        """`subject` with each citation that lists sibling provisions in one run of brackets written out one by one:
        UK numbering alternates digits and letters level by level, so two bracketed numbers in a row that both begin
        with a digit are siblings, not one inside the other ("S. 24(5A)(5B) inserted": s. 24(5A) and s. 24(5B)).

        >>> rules = AnnotationRules({"element": "x", "date": "(1)(2)(3)", "cited_as": {"section": "s."}}, "")
        >>> rules.listed("S. 24(5A)(5B) inserted"), rules.listed("Words in s. 24(5)(a) omitted")
        ('S. 24(5A), S. 24(5B) inserted', 'Words in s. 24(5)(a) omitted')
        """
        if not self.cited_as:
            return subject
        labels = "|".join(re.escape(label) for label in self.cited_as.values())

        def written_out(match: re.Match[str]) -> str:
            head, steps = match.group(1), re.findall(r"\(([^()\s]+)\)", match.group(2))
            cited: list[list[str]] = [[]]
            for step in steps:
                if cited[-1] and step[0].isdigit() and cited[-1][-1][0].isdigit():
                    cited.append(cited[-1][:-1])  # a sibling of the step before it
                cited[-1].append(step)
            return ", ".join(head + "".join(f"({step})" for step in each) for each in cited)

        # a range of numbered siblings written out: "(1)-(4)" is (1), (2), (3), (4)
        subject = re.sub(
            r"\((\d+)\)-\((\d+)\)",
            lambda m: (
                "".join(f"({n})" for n in range(int(m.group(1)), int(m.group(2)) + 1))
                if int(m.group(1)) < int(m.group(2)) <= int(m.group(1)) + 50
                else m.group(0)
            ),
            subject,
        )
        return re.sub(rf"(?i)\b((?:{labels}) ?\d+\w*)((?:\([^()\s]+\))+)", written_out, subject)

    def citations(self, subject: str) -> list[str]:
        """Each provision `subject` cites in words, written out one by one ("s. 100(1)-(4)(6)": s. 100(1) ... s.
        100(4), s. 100(6))."""
        if not self.cited_as:
            return []
        labels = "|".join(re.escape(label) for label in self.cited_as.values())
        return re.findall(rf"(?i)(?<!\w)(?:{labels}) ?\d+\w*(?:\([^()\s]+\))*", self.listed(subject))

    def about_others(self, subject: str, eid: str | None, separator: str) -> bool:
        """Whether a note's `subject` cites provisions in words, none of them `eid`, one enclosing it or one inside
        it: the note is about other provisions ("Words in s. 60(2)(3) inserted", referenced from s. 54A). False
        when the provision's citation cannot be written (a schedule's paragraph) or the subject cites nothing.

        >>> rules = AnnotationRules({"element": "x", "date": "(1)(2)(3)", "cited_as": {"section": "s."}}, "")
        >>> [rules.about_others("Words in s. 60(2)(3) inserted", e, "-") for e in ("section-54A", "section-60-3-a")]
        [True, False]
        """
        own = self._citation(eid, separator)
        if own is None or not self.cited_as:
            return False
        cited = self.citations(subject)
        mine = own.replace(" ", "").lower()
        compact = [each.replace(" ", "").lower() for each in cited]
        return bool(compact) and not any(each.startswith(mine) or mine.startswith(each) for each in compact)

    def _citation(self, eid: str | None, separator: str) -> str | None:
        """How the notes cite the provision `eid` in words ("section-24-1-c": "s. 24(1)(c)"), or None when its steps
        are not all numbers and letters of subsections and paragraphs."""
        return self._written(eid, separator, plain=True)

    def _written(self, eid: str | None, separator: str, plain: bool = False) -> str | None:
        """The citation in words of `eid` ("section-24-1-c": "s. 24(1)(c)"), or None when its kind has no label; with
        `plain`, None too when its steps are not all numbers and letters of subsections and paragraphs."""
        kind, _, rest = (eid or "").partition(separator)
        label = self.cited_as.get(kind)
        if not label or not rest:
            return None
        number, *steps = rest.split(separator)
        if plain and not all(re.fullmatch(r"\d+[A-Z]*|[a-z]{1,3}|[ivxl]+|[A-Z]\d*", step) for step in steps):
            return None
        return f"{label} {number}" + "".join(f"({step})" for step in steps)

    def _found(self, subject: str, eid: str | None, separator: str) -> tuple[str, re.Match[str] | None]:
        """`subject` with its citations written out one by one, and where in it `eid` is cited exactly (not a
        provision within it), if it is."""
        listed, citation = self.listed(subject), self._written(eid, separator)
        if citation is None:
            return listed, None
        return listed, re.search(rf"(?<!\w){re.escape(citation)}(?![\w(])", listed, re.IGNORECASE)

    def cites(self, subject: str, eid: str | None, separator: str) -> bool:
        """Whether a note's `subject` cites the provision `eid` in words, exactly (not a provision within it).

        >>> rules = AnnotationRules({"element": "x", "date": "(1)(2)(3)", "cited_as": {"section": "s."}}, "")
        >>> [rules.cites("Words in s. 24(1)(c) omitted", eid, "-") for eid in ("section-24-1-c", "section-24-1")]
        [True, False]
        >>> rules.cites("S. 24(6A) inserted", "section-24-6A", "-"), rules.cites("S. 24(6A)", "section-24-6", "-")
        (True, False)
        """
        return self._found(subject, eid, separator)[1] is not None

    def cites_as_changed(self, subject: str, eid: str | None, separator: str) -> bool:
        """Whether a note's `subject` names the provision `eid` itself among what changed, not as the place of words
        that did ("Reg. 10(e) and word inserted": reg. 10(e) was inserted whole; "Words in reg. 10 substituted": words
        of reg. 10 were).

        >>> rules = AnnotationRules({"element": "x", "date": "(1)(2)(3)", "cited_as": {"regulation": "reg."}}, "")
        >>> rules.cites_as_changed("Reg. 10(e) and word inserted", "regulation-10-e", "-")
        True
        >>> rules.cites_as_changed("Word in reg. 10(e) omitted", "regulation-10-e", "-")
        False
        >>> rules.cites_as_changed("Reg. 10: words in heading omitted", "regulation-10", "-")
        False
        """
        listed, found = self._found(subject, eid, separator)
        return (
            found is not None
            and not _PLACE_OF_WORDS.search(listed[: found.start()])
            and _AN_ITEM.match(listed[found.end() :]) is not None
        )

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
