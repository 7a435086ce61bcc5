"""The ``annotations:`` rules of one mapping, compiled: the patterns a note is read by (its kind, dates, verbs,
territories, commencement clauses) and how notes cite a provision in words (`cited_as`), with the tests of what a
note's subject cites. lexrdf.mapping.annotations reads the notes by them."""

from __future__ import annotations

import re
from datetime import date

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
