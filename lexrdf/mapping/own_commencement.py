"""What a text as enacted or made says of its own coming into force (the mapping's ``own_commencement`` rules).

A text as enacted or made carries no dates of its own provisions: without a word on it an act is in force from the
day it is passed (Interpretation Act 1978, s. 4(b)), and an instrument from the day its metadata says
(ukm:ComingIntoForce). Its own words can say otherwise. A clause deferring the coming into force of the text
("These Regulations come into force on exit day") or of the provisions before it ("the preceding provisions of this
Act shall come into force on such day as the Secretary of State may by order appoint") to a day the text does not
give leaves them prospective: in force on no date the source gives, never from the enactment; so does a clause
deferring the provisions it cites ("Section 1(6) comes into force on such day as the Secretary of State may by order
made by statutory instrument appoint", DRIPA 2014 s. 8(2)), each found by its id, else by the numbers the text
prints ("1(6)": the section numbered 1, then its unit numbered 6). A unit whose window the source gives itself
(@period) is dated by the source, not by the clause. A list bringing
provisions into force "on the day on which this Act is passed" keeps those in force from then, with the units within
them and those holding them (a Part, a Schedule: their words are a heading); a provision listed "so far as relating"
to another is in force from then for those purposes only (a commencement in part). A Schedule comes into force with
the section that gives it effect, taken as the first unit of the body citing it ("Schedule 1 shall have effect in
relation to the Board"): it is among "the preceding provisions" when that unit is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from lexrdf.model import Modification, Unit


@dataclass
class OwnCommencement:
    """What the text's own commencement clauses make of its units."""

    prospective: set[str] = field(default_factory=set)  # paths of the units in force on no date the source gives
    whole: bool = False  # the text defers its own coming into force as a whole: the act too is prospective
    changes: list[Modification] = field(default_factory=list)  # commencements in part on the act's day
    notices: list[str] = field(default_factory=list)
    # why the text's own date is only the earliest its units entered into force (a portion: the act's clauses on
    # its coming into force are outside it); None where the text speaks for itself
    entry_unknown: str | None = None


class _Rules:
    def __init__(self, rules: dict) -> None:
        self.deferred = re.compile(rules["deferred"])
        self.whole = re.compile(rules["whole"])
        self.pronoun = re.compile(rules.get("pronoun") or r"(?!)")
        self.citation = re.compile(rules.get("citation") or r"(?!)")
        self.preceding = re.compile(rules["preceding"])
        self.immediate = re.compile(rules["immediate"])
        self.partial = re.compile(rules["partial"])
        self.references = re.compile(rules["references"])
        self.subject_references = re.compile(rules["references"], re.IGNORECASE)  # "Section 1(6) comes into force"
        self.words: dict[str, str] = rules["words"]
        self.provisions = set(rules["provisions"])
        self.schedule = rules["schedule"]

    def cited(self, text: str, separator: str) -> list[tuple[str, bool]]:
        """Each provision `text` cites as an id, and whether it is cited "so far as relating" to another only.

        >>> rules = _Rules({"deferred": "x", "whole": "x", "preceding": "x", "immediate": "x",
        ...     "partial": r"^\\s*so far as relat", "provisions": [], "schedule": "Schedule {number}",
        ...     "references": r"(?P<word>sections?|paragraphs?|Part|Schedule) (?P<numbers>\\w+(?:\\(\\w+\\))*"
        ...     r"(?:(?:, | and )\\w+(?:\\(\\w+\\))*)*)(?: of (?P<of_word>Schedule) (?P<of_number>\\w+))?",
        ...     "words": {"section": "section", "sections": "section", "paragraph": "paragraph",
        ...     "paragraphs": "paragraph", "part": "part", "schedule": "schedule"}})
        >>> rules.cited("paragraphs 3(4) and 4(3) of Schedule 6 and section 78(1) so far as relating thereto;", "-")
        [('schedule-6-paragraph-3-4', False), ('schedule-6-paragraph-4-3', False), ('section-78-1', True)]
        """
        found: list[tuple[str, bool]] = []
        for word, prefix, steps, partial in self.references_in(text, self.references, separator):
            head = prefix + separator if prefix else ""
            found.append((head + word + separator + separator.join(steps), partial))
        return found

    def references_in(
        self, text: str, pattern: re.Pattern[str], separator: str
    ) -> list[tuple[str, str, list[str], bool]]:
        """Each provision `text` cites: (its kind's id word, the id of the unit it is cited "of", its numbers step by
        step, whether it is cited "so far as relating" to another only)."""
        found: list[tuple[str, str, list[str], bool]] = []
        for match in pattern.finditer(text):
            word = self.words.get(match.group("word").lower())
            if word is None:
                continue
            of_word, of_number = match.group("of_word"), match.group("of_number")
            prefix = f"{self.words.get(of_word.lower(), '')}{separator}{of_number}" if of_word else ""
            partial = bool(self.partial.match(text[match.end() :]))
            numbers = re.split(r",\s*|\s+(?:and|or)\s+", match.group("numbers"))
            for index, number in enumerate(numbers):
                steps = [number.split("(")[0], *re.findall(r"\(([^()]+)\)", number)]
                found.append((word, prefix, steps, partial and index == len(numbers) - 1))
        return found


def _names_the_text(compiled: _Rules, subject: str, before: list[Unit]) -> bool:
    """Whether a pronoun subject ("they", "it") stands for the whole text: the nearest unit before the clause that
    has words is the text's citation clause naming it ("These Regulations may be cited as ...", then "Subject to
    paragraph (3), they come into force on exit day", S.I. 2019/419 reg. 1(1), (2))."""
    if not compiled.pronoun.match(subject):
        return False
    previous = next((u for u in reversed(before) if u.text.strip()), None)
    found = compiled.citation.match(previous.text) if previous is not None else None
    return found is not None and compiled.whole.match(found.group("subject")) is not None


def own_commencement(rules: dict, units: list[Unit], path: str, enacted: date, separator: str) -> OwnCommencement:
    """Read the commencement clauses of a text as enacted or made (see the module's docstring)."""
    compiled, result = _Rules(rules), OwnCommencement()
    by_eid = {u.eid: u for u in units if u.eid}
    children: dict[str | None, list[Unit]] = {}
    for unit in units:
        children.setdefault(unit.parent_path, []).append(unit)
    scope: dict[str, Unit] = {}  # path -> unit the clauses defer, in document order
    deferring: list[tuple[Unit, str]] = []  # each clause deferring something, and what its words name
    for index, unit in enumerate(units):
        match = compiled.deferred.match(unit.text)
        if match is None:
            continue
        subject = match.group("subject")
        if compiled.whole.match(subject) or _names_the_text(compiled, subject, units[:index]):
            result.whole = True
            scope, deferring = {u.path: u for u in units}, [(unit, subject)]
            break
        if compiled.preceding.match(subject):
            found = _preceding(compiled, units, index, unit, separator)
        else:  # the provisions the clause names, each with what it holds
            found = [u for n in _named(compiled, subject, units, by_eid, separator) for u in [n, *_below(n, children)]]
        if found:
            scope.update((u.path, u) for u in found)
            deferring.append((unit, subject))
    if not scope:
        return result
    excepted: dict[str, tuple[bool, Unit, Unit]] = {}  # id -> (in part only, the clause listing it, its item)
    for unit in units:
        if compiled.immediate.match(unit.text):
            for item in [unit, *_below(unit, children)]:
                for eid, partial in compiled.cited(item.text, separator):
                    if eid in by_eid:
                        excepted[eid] = (partial, unit, item)
                    else:
                        result.notices.append(f"{path}:{item.line}: {unit.eid} cites {eid}, which the text lacks")
    in_force: set[str] = set()
    for eid, (partial, _, item) in excepted.items():
        unit = by_eid[eid]
        in_force.update(u.path for u in ([unit] if partial else [unit, *_below(unit, children)]))
        if partial:  # in force from the act's day for some purposes only: a commencement in part then
            result.changes.append(_change(unit, item, enacted, f"{item.eid}: {item.text}"))
    # a unit holding a provision brought into force (a Part, a Schedule) is in force with it: its words are a heading
    holders = {a.path for eid in excepted for a in _ancestors(by_eid[eid], units)}
    # a unit whose window the source gives itself (@period) is dated by the source, not by the clause
    result.prospective = {p for p, u in scope.items() if p not in in_force and p not in holders and not u.own_period}
    clauses = "; ".join(f"{path}:{u.line}: {u.eid or u.path} defers {subject!r}" for u, subject in deferring)
    result.notices.append(
        f"{clauses} to a day the source does not give: {len(result.prospective)} provision(s) are prospective, "
        f"{len(excepted)} listed in force from {enacted}"
    )
    return result


def _named(rules: _Rules, subject: str, units: list[Unit], by_eid: dict[str, Unit], separator: str) -> list[Unit]:
    """The provisions a clause's subject cites ("Section 1(6)"): by the id the citation spells, else step by step by
    the numbers the text prints (the unit of that kind numbered 1, then the unit numbered 6 inside it)."""
    named: list[Unit] = []
    for word, prefix, steps, _ in rules.references_in(subject, rules.subject_references, separator):
        eid = (prefix + separator if prefix else "") + word + separator + separator.join(steps)
        found = by_eid.get(eid)
        if found is None and not prefix:
            found = next((u for u in units if u.unit_type == word and _printed(u.number) == steps[0].lower()), None)
            for step in steps[1:]:
                inside = [u for u in units if found is not None and u.path.startswith(found.path + "/")]
                found = next((u for u in inside if _printed(u.number) == step.lower()), None)
        if found is not None:
            named.append(found)
    return named


def _printed(number: str | None) -> str:
    """A printed number as a citation writes it: "(6)", "6.", "Section 6" -> "6"."""
    number = re.sub(r"^(?:sec(?:tion)?|s|reg(?:ulation)?|art(?:icle)?)\.?\s*", "", (number or "").strip(), flags=re.I)
    return number.strip(" .()§").lower()


def _change(unit: Unit, item: Unit, day: date, words: str) -> Modification:
    """A commencement in part of `unit` on `day` by the list item naming it."""
    return Modification(
        "partial-commencement", unit.eid or unit.path, None, None, day, item.line, note=words, purposes=words
    )


def _preceding(rules: _Rules, units: list[Unit], index: int, clause: Unit, separator: str) -> list[Unit]:
    """The units before the provision holding `clause` (not those enclosing it), and the Schedules given effect by
    one of them."""
    by_path = {u.path: u for u in units}
    holder, parent = clause, by_path.get(clause.parent_path or "")
    while parent is not None and parent.unit_type in rules.provisions:
        holder, parent = parent, by_path.get(parent.parent_path or "")
    start = units.index(holder)
    enclosing = {a.path for a in _ancestors(holder, units)}
    before = [u for u in units[:start] if u.path not in enclosing and not _in_schedule(u, rules, separator)]
    scope = list(before)
    for schedule in (u for u in units if u.unit_type == "schedule" and u.parent_path in (None, "")):
        number = schedule.eid.split(separator, 1)[-1] if schedule.eid else ""
        cites = re.compile(rules.schedule.replace("{number}", re.escape(number)) + r"(?![\w(])")
        first = next((u for u in units if not _in_schedule(u, rules, separator) and cites.search(u.text)), None)
        if first is not None and first in before:
            scope += [u for u in units if u is schedule or (u.eid or "").startswith(f"{schedule.eid}{separator}")]
    return scope


def _in_schedule(unit: Unit, rules: _Rules, separator: str) -> bool:
    return (unit.eid or "").startswith(f"{rules.words['schedule']}{separator}") or unit.unit_type == "schedule"


def _below(unit: Unit, children: dict[str | None, list[Unit]]) -> list[Unit]:
    found, todo = [], list(children.get(unit.path, []))
    while todo:
        child = todo.pop(0)
        found.append(child)
        todo[:0] = children.get(child.path, [])
    return found


def _ancestors(unit: Unit, units: list[Unit]) -> list[Unit]:
    by_path = {u.path: u for u in units}
    found, parent = [], by_path.get(unit.parent_path or "")
    while parent is not None:
        found.append(parent)
        parent = by_path.get(parent.parent_path or "")
    return found
