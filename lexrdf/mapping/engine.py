"""The engine that runs a declarative mapping (mappings/*.yaml) over one source document.

It knows XML and the mapping vocabulary, and produces a `SourceDocument`; it knows nothing of RDF, nor of any
format: what an identifier, a window, a change or an act's type is in a format is a rule of its mapping
(docs/mappings.md), evaluated here.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.layout import ITEM_END, ITEM_START, NUMBER_END, NUMBER_PRINTED, NUMBER_START, layout_json
from lexrdf.mapping.annotations import AnnotationReader, AnnotationRules, Statement
from lexrdf.mapping.credits import credited_insertions
from lexrdf.mapping.effects import EffectsFeed, effects_of_tree, effects_rules_for
from lexrdf.mapping.extent import ExtentReader
from lexrdf.mapping.own_commencement import OwnCommencement, own_commencement
from lexrdf.mapping.paths import LOCAL_NAMES, Paths, local_name
from lexrdf.mapping.placeholders import repeal_placeholders
from lexrdf.mapping.problems import Problems, element_name
from lexrdf.mapping.spec import MAPPINGS_DIR, Mapping, all_mappings, mapping_for_root
from lexrdf.mapping.vacatio import vacatio_legis
from lexrdf.model import (
    TEXTUAL_KINDS,
    ActiveModification,
    ActReference,
    EventRef,
    Modification,
    SourceDocument,
    Unit,
    Window,
)
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits
from lexrdf.uris import eid_problem, provision_path, same_identifier
from lexrdf.xmlsafe import parse_xml

# Layout spaces around English quotes and brackets and before a comma; not before ; : or inside « »: French
# typography sets a space there.
_CLOSING_MARKS = ",)]”’"  # no space before them
_OPENING_MARKS = "([“‘"  # no space after them
# German typography opens with „ (‚) and closes with “ (‘): in a text that opens so, “ and ‘ close
_LOW_OPENING = "„‚"
_CLOSING_AFTER_LOW = ",)]“‘"
_OPENING_LOW = "([„‚"


_CLOSES = {")": "(", "]": "["}  # a closing bracket -> its opening one


def normalise_text(text: str) -> str:
    """Collapse whitespace, drop the layout spaces no reader sees inside quotes and brackets or before
    punctuation, and apply Unicode NFC: formatting differences are not amendments. (Once whitespace is single
    spaces, the layout spaces are plain replacements: three times as fast as regular expressions, and reading
    calls this for every provision.)

    >>> normalise_text("  entgegen einem\\n      vollziehbaren  Verbot ")
    'entgegen einem vollziehbaren Verbot'
    >>> normalise_text("(“ sensitive personal data ”) sections 8, 9 and 9A , an")
    '(“sensitive personal data”) sections 8, 9 and 9A, an'
    >>> normalise_text("« le mot » ; ( a ,\u00a0b ]")
    '« le mot » ; (a, b]'
    >>> normalise_text("die Angabe „ 13,03 Euro “ durch die Angabe „13,84 Euro“ ersetzt")
    'die Angabe „13,03 Euro“ durch die Angabe „13,84 Euro“ ersetzt'
    """
    collapsed = " ".join(text.split())  # str.split and the regular expression \s agree on what is whitespace
    low = any(mark in collapsed for mark in _LOW_OPENING)
    for mark in _CLOSING_AFTER_LOW if low else _CLOSING_MARKS:
        if mark in collapsed:
            collapsed = collapsed.replace(" " + mark, mark)
    for mark in _OPENING_LOW if low else _OPENING_MARKS:
        if mark in collapsed:
            collapsed = collapsed.replace(mark + " ", mark)
    return unicodedata.normalize("NFC", collapsed)


_local = local_name
_BARE_ID = re.compile(r"^[A-Za-z_][\w.\-]*$")  # an identifier written without '#': no path, no scheme


class _Reader:
    """Evaluates one mapping's rules over one parsed document."""

    def __init__(
        self,
        path: str,
        tree: etree._ElementTree,
        mapping: Mapping,
        limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
        problems: Problems | None = None,
    ) -> None:
        self.path = path
        self.problems = problems or Problems(path)  # what is wrong in the file, recorded as found (all reported)
        self.limits = limits
        self.mapping = mapping
        self.ns = mapping.namespaces
        self.root = tree.getroot()
        self.skip = set(mapping.get("skip_text", []))
        self.inline = set(mapping.get("inline", []))
        self.quoted = set(mapping.get("quoted", []))  # another act's text: no units inside, text kept
        self.excluded = set(mapping.get("excluded", []))  # neither units nor text inside (contents, notes)
        self.skip |= self.excluded
        # words of a skipped element (a repeal marker) the source keeps because they remain in force elsewhere (CLML
        # <Repeal RetainText="true">: repealed for some territories only); not where other words replace them there
        self.retained: dict[str, str] = dict(mapping.get("retained_text") or {})
        # elements the source marks as the editor's, not the law's words (AKN @status="editorial"; the US Code's
        # <block name="sourceCredit">): neither units nor text
        self.editorial_marks: list[tuple[str | None, str, str]] = [
            (mark.get("element"), mark["attribute"], mark["value"]) for mark in mapping.get("editorial_marks", [])
        ]
        self.heading_paths: list[str] = mapping.get("heading_paths", [])
        self.part_identifiers: list[str] = mapping.get("part_identifiers", [])
        # elements pointing at an annotation, and the attribute naming it (AKN: noteRef href="#id"; CLML:
        # CommentaryRef Ref="id", and change markers Substitution/Addition/Repeal CommentaryRef="id")
        notes_rule = mapping.get("annotations") or {}
        reference = notes_rule.get("reference", "noteRef")
        if isinstance(reference, str):  # one element, its attribute `reference_attribute`
            reference = [{"element": reference, "attribute": notes_rule.get("reference_attribute", "href")}]
        self.note_refs: dict[str, str] = {rule["element"]: rule["attribute"] for rule in reference}
        self.note_prefix: str = notes_rule.get("reference_prefix", "#")  # what precedes the note's identifier
        self.number_tags = set(mapping.get("number", ["num"]))
        self.heading_tags = set(mapping.get("heading", ["heading"]))
        self.labels = self.number_tags | self.heading_tags
        # the attribute of a number element giving it as the source prints it (AKN <num title="(a)">a</num>)
        self.printed_attribute: str | None = mapping.get("number_printed")
        self.units: dict[str, Any] = mapping["units"]  # a type, "@attribute", or {from_identifier, otherwise}
        self.id_attribute = mapping.id_attribute
        self.separator = mapping.separator
        self.period_attribute: str | None = (mapping.get("windows") or {}).get("attribute")
        self.editorial_patterns = [
            re.compile(rf"^(?:{pattern})$", re.DOTALL) for pattern in mapping.get("editorial_blocks", [])
        ]
        self.deferred_patterns = [re.compile(pattern, re.IGNORECASE) for pattern in mapping.get("deferred_effects", [])]
        self.paths = Paths(path, self.ns, normalise_text, self.text_of)
        document = mapping.get("document") or {"path": "."}
        doc = self.paths.first(self.root, document["path"])
        if not isinstance(doc, etree._Element):
            raise SourceError(path, self.root.sourceline, document.get("missing", "root has no document element"))
        self.doc = doc
        self.paths.bind(doc, mapping["contexts"])
        self.extents = ExtentReader(mapping.get("extent"), mapping.get("prospective"), self.id_attribute, self.paths)
        self.notices: list[str] = []  # what the source says that cannot be used as it stands (file:line: ...)
        self.by_eid: dict[str, etree._Element] = {}
        alternatives: dict[str, set[str]] = {}  # identifier -> the period of each alternative seen
        attribute = self.id_attribute
        units_only = mapping["identifier"].get("unique", "all") == "units"  # identifiers unique among units only
        # "position": a unit's identifier repeated where the format uses it as a label (CLML: the steps of one
        # regulation each with an "(a)") names the later unit by its position, with a notice; else a refusal
        self.repeated_by_position = mapping["identifier"].get("repeated") == "position"
        # the alternative versions of parts of the text (CLML <Version id="v00014">), by identifier: an identifier
        # may repeat inside one, where it names the same unit as the element the version is an alternative of
        # (CLML User Guide v2.4, "IDs": "only ... within an alternate version (<Version>)")
        self.concurrent_rule: dict = mapping.get("concurrent_versions") or {}
        self.alternatives: dict[str, etree._Element] = {}
        if self.concurrent_rule:
            for version in self.paths.xpath(doc, self.concurrent_rule["versions"]):
                if isinstance(version, etree._Element) and version.get(attribute):
                    self.alternatives[version.get(attribute)] = version
        within_alternatives = {e for version in self.alternatives.values() for e in version.iterdescendants()}
        for element in self.root.iter(etree.Element):  # elements only: no comment or processing instruction
            if element in within_alternatives:
                continue
            eid = element.get(attribute)
            duplicate = eid and self.by_eid.setdefault(eid, element) is not element
            if duplicate and (not units_only or _local(element) in self.units):
                self.check_alternative(eid, element, alternatives)
        self.ref_titles: dict[str, str] = {}  # titles of cited acts found in commentary notes
        # the days of the lifecycle events each reference element (a passiveRef) is the source of
        self.dates_by_source: dict[str, set[date]] = defaultdict(set)
        # lifecycle events whose date is a placeholder impossible for the act (`placeholder_dates`): eId -> the
        # evidence naming it; and the windows that start at one (they date nothing), eId -> that evidence
        self.placeholder_events: dict[str, str] = {}
        self.undated_windows: dict[str, str] = {}
        self.undated_units: list[str] = []  # evidence of each window a unit's period names that dates nothing
        self.unreadable_events: set[str] = set()  # lifecycle events whose date is no date (a problem recorded)
        self.unreadable_windows: set[str] = set()  # windows an interval of which names no event (recorded)

    def check_alternative(self, eid: str, element: etree._Element, alternatives: dict[str, set[str]]) -> None:
        """A second element with an eId already seen is one alternative of the same element for another period
        (the single-document style: each alternative of a provision in force at another time carries its own
        ``@period``, or sits in one that does). Anything else is an error: only one of them would be kept."""
        first = self.by_eid[eid]
        attribute, name = self.period_attribute, self.id_attribute
        seen = alternatives.setdefault(eid, {_period_of(first, attribute)})
        period = _period_of(element, attribute)
        if self.repeated_by_position and _local(element) in self.units and not (period and period not in seen):
            self.by_position(eid, element, first)
            return
        if _local(element) != _local(first) or not period or period in seen or "" in seen:
            self.problems.add(  # the first is kept, the rest of the file read
                element.sourceline,
                f"duplicate {name} {eid!r} on <{_local(element)}> (first on <{_local(first)}> at line "
                f"{first.sourceline}): an {name} names one element"
                + (f", or alternatives of one element each with its own @{attribute}" if attribute else "")
                + "; only the first would be kept",
                element_name(element, name),
            )
            return
        seen.add(period)

    def by_position(self, eid: str, element: etree._Element, first: etree._Element) -> None:
        """Name a unit whose identifier an earlier unit already has by its position: the identifier followed by its
        ordinal among the units sharing it (the second "regulation-5-a" is "regulation-5-a-2"), with a notice."""
        ordinal = 2
        while f"{eid}-{ordinal}" in self.by_eid:
            ordinal += 1
        named = f"{eid}-{ordinal}"
        element.set(self.id_attribute, named)
        self.by_eid[named] = element
        self.notices.append(
            f"{self.path}:{element.sourceline}: {self.id_attribute} {eid!r} on <{_local(element)}> is already that of "
            f"<{_local(first)}> at line {first.sourceline} (used as a label): recorded as {named!r}, by its position"
        )

    # -- small evaluators -------------------------------------------------------------------------
    def values(self, specs: list[str]) -> list[tuple[str, int | None]]:
        """All non-empty values of the first spec that yields any, with their source lines (`Paths.values`)."""
        return [(text, line) for text, line, _ in self.paths.values(specs)]

    def value(self, key: str, required: bool = True) -> tuple[str, int | None] | None:
        """The first value of an identification key, translated by its table in ``lookup`` when it has one (a
        value the table lacks is kept as read)."""
        found = self.values(self.mapping["identification"].get(key, []))
        if not found:
            if required:
                self.missing(key)
            return None
        text, line = found[0]
        table = (self.mapping.get("lookup") or {}).get(key) or {}
        return str(table.get(text, text)), line

    def date_value(self, key: str, required: bool = True) -> date | None:
        found = self.paths.values(self.mapping["identification"].get(key, []))
        if not found:
            if required:
                self.missing(key)
            return None
        text, line, origin = found[0]
        return self.parse_date(text, line, f"{key} {origin}")

    def missing(self, key: str) -> None:
        """An identification value the document does not give: an error on the line of its context."""
        rule = self.mapping.get("missing_identification") or {}
        context = self.paths.contexts.get(rule.get("context", "doc"))
        context = self.doc if context is None else context
        message = rule.get("message", "missing identification")
        raise SourceError(self.path, context.sourceline, f"{message}: no {key}")

    def parse_date(self, text: str, line: int | None, what: str = "date") -> date:
        """The day `text` names when the whole of it is an xsd:date or xsd:dateTime (`xsd_date`); else an error
        naming the file, the line, what was read (element and attribute) and the value."""
        day = xsd_date(text)
        if day is None:
            raise SourceError(
                self.path, line, f"{what} {text!r} is not a date (expected an xsd:date YYYY-MM-DD or an xsd:dateTime)"
            )
        return day

    def recorded_date(self, text: str, element: etree._Element, what: str) -> date | None:
        """As `parse_date`, but a value that is no date is a problem recorded (None), the rest of the file read."""
        day = xsd_date(text)
        if day is None:
            self.problems.add(
                element.sourceline,
                f"{what} {text!r} is not a date (expected an xsd:date YYYY-MM-DD or an xsd:dateTime)",
                element_name(element, self.id_attribute),
            )
        return day

    def text_of(
        self,
        element: etree._Element,
        skip_units: bool = False,
        notes: list[str] | None = None,
        editorial: list[etree._Element] | None = None,
    ) -> str:
        """Text content of an element as a reader sees it: inline elements add no space, block elements are
        separated by one; skipped inline elements (note markers) and, optionally, sub-units are left out.
        The targets of note references met on the way are appended to `notes` when it is given, and the editor's
        blocks left out of the words (`editorial_blocks`) to `editorial`."""
        parts: list[str] = []
        self._gather_text(element, element, skip_units, notes, parts, editorial)
        return "".join(parts)

    def layout(self, element: etree._Element, text: str) -> str:
        """A unit's own words (`text`) laid out as the source blocks them, where they hold list items without an
        identifier (merged into the unit, as the items of DPA s. 1(1)'s definitions and the paragraphs (a) to (e) of
        "data"): one line for the words before the first item, one for each item (its depth, its number as the
        source prints it, `number_printed`, and as the words hold it), and one for the words that continue an item
        after the items nested in it. JSON (lexrdf.layout); "" when the words hold no such item, or when the lines
        would not give back exactly `text` (nothing is added or dropped)."""
        parts: list[str] = []
        self._gather_text(element, element, True, None, parts, None, marks=True)
        return layout_json("".join(parts), text, normalise_text)

    def _gather_text(
        self,
        node: etree._Element,
        top: etree._Element,
        units: bool,
        notes: list[str] | None,
        parts: list[str],
        editorial: list[etree._Element] | None = None,
        marks: bool = False,
    ) -> None:
        """`text_of`'s walk (a method, not a closure: a recursive closure is a reference cycle for each call); with
        `marks`, where each list item merged into the unit begins and ends, and its number (lexrdf.layout)."""
        if node.text:
            parts.append(node.text)
        names, note_refs, prefix = LOCAL_NAMES, self.note_refs, self.note_prefix
        for child in node:
            name = names[child.tag]
            if notes is not None and name in note_refs:
                target = child.get(note_refs[name], "")
                if target.startswith(prefix) and len(target) > len(prefix):
                    notes.append(target[len(prefix) :])
            skipped = (
                not name
                or (name in self.skip and not (self.retained and self.kept(child)))
                or (self.editorial_marks and self.marked_editorial(child, name))
                or (units and self.is_unit(child))  # a sub-unit has its own text
                or (units and node is top and name in self.labels)  # number and heading are fields
                # the heading of a group around provisions is theirs (CLML's P1group Title, s. 8's heading), not
                # words of the provision holding the group (the cross-heading "The rates" above it)
                or (units and name in self.heading_tags and node is not top and self._heads_units(node))
            )
            if not skipped and units and name in self.units and not child.get(self.id_attribute):
                skipped = self.editorial(child)  # the editor's block, not the provision's words
                if skipped and editorial is not None:
                    editorial.append(child)
            if not skipped:
                block = name not in self.inline
                if block:
                    parts.append(" ")
                quoted = name in self.quoted  # another act's words
                # (with `marks`) a list item merged into the unit, and the number of one
                item = marks and units and not quoted and name in self.units and not child.get(self.id_attribute)
                number = marks and node is not top and name in self.number_tags and names[node.tag] in self.units
                if item:
                    parts.append(ITEM_START)
                elif number:
                    parts.append(f"{NUMBER_START}{child.get(self.printed_attribute or '') or ''}{NUMBER_PRINTED}")
                self._gather_text(child, top, units and not quoted, notes, parts, editorial, marks and not quoted)
                if item:
                    parts.append(ITEM_END)
                elif number:
                    parts.append(NUMBER_END)
                if block:
                    parts.append(" ")
            tail = child.tail
            if skipped and name in note_refs and tail and parts:
                # a note marker alone in brackets, "(<CommentaryRef/>)": the brackets are the marker's, not words
                # (The Statutes of the Realm's variant readings, aep/Edw2/7/0 line 40)
                before, after = parts[-1].rstrip(), tail.lstrip()
                if after[:1] in _CLOSES and before[-1:] == _CLOSES[after[0]]:
                    parts[-1], tail = before[:-1], after[1:]
            if tail:
                parts.append(tail)

    def kept(self, element: etree._Element) -> bool:
        """Whether the source keeps the words of this skipped element: they remain in force elsewhere
        (`retained_text`)."""
        rule = self.retained
        unless = rule.get("unless")
        return element.get(rule["attribute"]) == rule["value"] and not (unless and element.get(unless) is not None)

    def _heads_units(self, group: etree._Element) -> bool:
        """Whether `group` is no provision but holds provisions directly (its heading is theirs)."""
        return not self.is_unit(group) and any(self.is_unit(child) for child in group)

    def editorial(self, element: etree._Element) -> bool:
        """Whether a block without an identifier is the editor's, not the provision's words (`editorial_blocks`:
        Normattiva's "------------ AGGIORNAMENTO (52) ..." notes, its "((4))" markers and bare "((" / "))")."""
        if not self.editorial_patterns:
            return False
        words = normalise_text("".join(element.itertext()))
        return any(pattern.match(words) for pattern in self.editorial_patterns)

    def deferred_effects(self, editorial: list[etree._Element]) -> tuple[str, ...]:
        """Of the editor's blocks a unit's text left out (`text_of`'s `editorial`), those that say a change takes
        effect later than it was made (`deferred_effects`: Normattiva's "... le presenti modifiche avranno effetto a
        decorrere dal 1 gennaio 1997"), each as "file:line: words"."""
        found: list[str] = []
        for block in editorial if self.deferred_patterns else ():
            words = normalise_text(" ".join(block.itertext()))
            if any(pattern.search(words) for pattern in self.deferred_patterns):
                found.append(f"{Path(self.path).name}:{block.sourceline}: {words}")
        return tuple(found)

    def is_unit(self, element: etree._Element) -> bool:
        return LOCAL_NAMES[element.tag] in self.units and bool(element.get(self.id_attribute))

    def marked_editorial(self, element: etree._Element, name: str) -> bool:
        """Whether the source marks `element` (of local name `name`) as editorial (`editorial_marks`)."""
        return any(
            (kind is None or kind == name) and element.get(attribute) == value
            for kind, attribute, value in self.editorial_marks
        )

    def unit_type(self, element: etree._Element) -> str:
        rule = self.units[_local(element)]
        if isinstance(rule, dict):  # read from the identifier (mappings: UnitByIdentifier)
            found = re.search(rule["from_identifier"], element.get(self.id_attribute) or "")
            return found.group(1) if found else rule["otherwise"]
        if rule.startswith("@"):
            return (element.get(rule[1:]) or _local(element)).lower()
        return rule

    def referenced(self, href: str | None) -> etree._Element | None:
        """The element of this document an href names: ``#id``, or a bare identifier (Normattiva's eventRef
        ``source="rp32"``) when an element has it."""
        if not href or href == "#":
            return None
        if href.startswith("#"):
            return self.by_eid.get(href[1:])
        return self.by_eid.get(href) if _BARE_ID.match(href) else None

    # -- the parts of the model -------------------------------------------------------------------
    def lifecycle(self, own_uris: set[str], work_date: date | None = None) -> tuple[list[EventRef], dict[str, date]]:
        """The lifecycle events and the day of each by its identifier. A day the mapping lists as a placeholder
        (`placeholder_dates`: 1001-01-01, 1970-01-01) before the act's own date (its work date, or an earlier
        enactment) is no date the act could have: a warning with file and line, and the event dates nothing."""
        rules = self.mapping.get("lifecycle") or {}
        events: list[EventRef] = []
        dates_by_eid: dict[str, date] = {}
        if not rules:
            return events, dates_by_eid
        kinds = rules["kinds"]
        placeholders = {xsd_date(str(value)) for value in rules.get("placeholder_dates", [])} - {None}
        elements = []
        for element in self.paths.select(rules["element"]):
            day = self.recorded_date(self.attribute(element, rules["date"]), element, rules["date_origin"])
            if day is None:  # recorded; what it would date is not dated by it, and not reported again
                self.unreadable_events.add(element.get(self.id_attribute) or "")
                continue
            elements.append((element, day))
        enacted = [
            day
            for element, day in elements
            if day not in placeholders and kinds.get(self.attribute(element, rules["kind"])) == "enactment"
        ]
        act_date = min([d for d in (work_date, *enacted) if d is not None], default=None)
        for element, day in elements:
            identifier = element.get(self.id_attribute)
            if day in placeholders and act_date is not None and day < act_date:
                self.placeholder(element, identifier, day, act_date, rules)
                continue
            if identifier:
                dates_by_eid[identifier] = day
            kind = kinds.get(self.attribute(element, rules["kind"]), None)
            origin = self.referenced(self.paths.first(element, rules.get("source")))
            if origin is not None and origin.get(self.id_attribute):
                self.dates_by_source[origin.get(self.id_attribute)].add(day)
            if kind is None:
                continue
            source = self.act_of(origin, own_uris)
            events.append(EventRef(identifier, day, kind, source, element.sourceline))
        return events, dates_by_eid

    def placeholder(
        self, element: etree._Element, identifier: str | None, day: date, act_date: date, rules: dict
    ) -> None:
        """Record a lifecycle event whose date is a placeholder: warned about, never used as a date."""
        what = (element.get("refersTo") or self.attribute(element, rules["kind"]) or _local(element)).strip()
        name = f"{_local(element)} {identifier or ''} ({what})".replace("  ", " ")
        self.notices.append(
            f"{self.path}:{element.sourceline}: {name} is dated {day}, a placeholder date impossible for the act "
            f"of {act_date}: it dates nothing (what it would date is undated)"
        )
        if identifier:
            self.placeholder_events[identifier] = (
                f"{Path(self.path).name}:{element.sourceline}: lifecycle {name} dated {day}, a placeholder: the "
                "source gives no date of entry into force"
            )

    def attribute(self, element: etree._Element, xpath: str | None) -> str:
        """The first value an XPath finds from `element` as a string ("" when none)."""
        found = self.paths.first(element, xpath)
        return "" if found is None or isinstance(found, etree._Element) else found

    def act_of(self, element: etree._Element | None, own_uris: set[str]) -> str | None:
        """The act a reference element names: a passiveRef's href, or the first foreign ref in a note."""
        rules = self.mapping.get("references") or {}
        if element is None or not rules:
            return None
        href = element.get(rules["href"])
        own = set(rules.get("own", []))
        if href and _local(element) in {*rules.get("acts", []), *own} and not href.startswith("#"):
            return None if _is_own(href, own_uris) or _local(element) in own else href
        for ref in element.iter(self.qualified(rules["cite"])):
            href = ref.get(rules["href"]) or ""
            if href and not href.startswith("#") and not _is_own(href, own_uris):
                title = normalise_text(self.text_of(ref))
                if title and len(title) > len(self.ref_titles.get(href, "")):
                    self.ref_titles[href] = title
                return href
        return None

    def qualified(self, name: str) -> str:
        """``{namespace}local`` for a name written ``prefix:local`` (or ``local``, in the root's namespace)."""
        prefix, _, local = name.rpartition(":")
        return f"{{{self.ns[prefix] if prefix else self.mapping.namespace}}}{local}"

    def periods(self, event_dates: dict[str, date]) -> dict[str, Window]:
        """The windows the document declares (``windows``), by identifier."""
        rules = self.mapping.get("windows") or {}
        windows: dict[str, Window] = {}
        if not rules.get("groups"):
            return windows
        markers = [m.lower() for m in rules.get("applicability_markers", [])]
        for group in self.paths.select(rules["groups"]):
            in_force: tuple[date, date | None] | None = None
            applicable: date | None = None
            for interval in self.paths.xpath(group, rules["interval"]):
                undated = self.placeholder_events.get((interval.get(rules["start"]) or "").lstrip("#"))
                if undated and group.get(self.id_attribute) and in_force is None:  # it starts on no known day
                    self.undated_windows[group.get(self.id_attribute)] = undated
                    continue
                try:
                    start = self.interval_end(interval, rules["start"], event_dates)
                    end = self.interval_end(interval, rules["end"], event_dates)
                except _Unreadable:  # a problem recorded: the window is left out, its units not reported again
                    self.unreadable_windows.add(group.get(self.id_attribute) or "")
                    continue
                if start is None:
                    continue
                if self.is_applicability(interval.get(rules["refers_to"]) or "", markers, rules):
                    applicable = start
                elif in_force is None:
                    in_force = (start, end)
            if in_force is None and applicable is not None:
                in_force = (applicable, None)
            if in_force is not None and group.get(self.id_attribute):
                applicable_from = applicable if applicable and applicable != in_force[0] else None
                windows[group.get(self.id_attribute)] = Window(in_force[0], in_force[1], applicable_from)
        return windows

    def interval_end(self, interval: etree._Element, attribute: str, event_dates: dict[str, date]) -> date | None:
        ref = interval.get(attribute)
        if not ref:
            return None
        eid = ref.lstrip("#")
        if eid in self.placeholder_events:  # an end on a placeholder date: no known end
            return None
        if eid in self.unreadable_events:  # its date is no date: already a problem
            raise _Unreadable
        if eid not in event_dates:
            self.problems.add(
                interval.sourceline,
                f"{_local(interval)} {attribute}={ref!r} names no lifecycle event",
                element_name(interval, self.id_attribute),
            )
            raise _Unreadable
        return event_dates[eid]

    def is_applicability(self, refers_to: str, markers: list[str], rules: dict) -> bool:
        concept = self.referenced(refers_to) if refers_to.startswith("#") else None
        haystack = refers_to.lower()
        if concept is not None:
            haystack += " " + " ".join((concept.get(a) or "").lower() for a in rules.get("concept_attributes", []))
        return any(marker in haystack for marker in markers)

    def modifications(
        self, own_uris: set[str], windows: dict[str, Window], annotated: set[str] = frozenset()
    ) -> list[Modification]:
        """Passive textual modifications, except those whose source is an annotation (read from the note,
        for the provision whose text points at it)."""
        rules = self.mapping.get("modifications") or {}
        if not rules:
            return []
        kinds: dict[str, str] = rules["kinds"]
        note_date = re.compile(rules["note_date_pattern"]) if rules.get("note_date_pattern") else None
        found: list[Modification] = []
        covered = self.marked_notes(annotated)
        for element in self.paths.select(rules["element"]):
            identifier = element.get(self.id_attribute) or ""
            if covered.get(identifier):
                continue
            declared = self.attribute(element, rules["kind"])
            kind = kinds.get(declared, "amendment")
            target = self.attribute(element, rules["destination"]).rpartition("#")[2]
            if not target:
                continue
            if target not in self.by_eid and kinds.get(declared) != "repeal":  # a repealed unit is gone
                self.notices.append(
                    f"{self.path}:{element.sourceline}: {_local(element)} {identifier} changes #{target}, "
                    "which is no element of this document: the change is kept, no provision records it"
                )
            source_href = self.attribute(element, rules["source"])
            if source_href.lstrip("#") in annotated:
                continue
            origin = self.referenced(source_href)
            source_act = self.act_of(origin, own_uris)
            effective = self.mod_date(element, origin, windows, note_date, rules.get("period"))
            changed = self.by_eid.get(target)
            holder = self.unit_holding(changed)  # words marked inside a provision: its change
            whole = holder is None or holder is changed
            # a provision the document no longer holds (repealed): the path its eId names, when it can name one
            gone = changed is None and not eid_problem(target, self.separator)
            gone_path = provision_path(target, self.separator) if gone else None
            found.append(
                Modification(
                    kind,
                    holder.get(self.id_attribute) if holder is not None else target,
                    source_act,
                    self.source_provision(origin, source_act),
                    effective,
                    element.sourceline,
                    of_unit=whole,
                    destination_path=gone_path,
                )
            )
        return found

    def marked_notes(self, annotated: set[str]) -> dict[str, set[str]]:
        """For each textualMod eId that marks words (``<ins class="d29p501">``), the annotations those words
        point at."""
        marks = {self.qualified(tag) for tag in (self.mapping.get("annotations") or {}).get("marks", [])}
        found: dict[str, set[str]] = defaultdict(set)
        if not annotated or not marks:
            return found
        for element in self.doc.iter(*marks):
            notes = {
                ref.get(attribute, "")[len(self.note_prefix) :]
                for name, attribute in self.note_refs.items()
                for ref in element.iter(self.qualified(name))
            } & annotated
            if notes:
                for token in (element.get("class") or "").split():
                    found[token] |= notes
        return found

    def mod_date(
        self,
        element: etree._Element,
        origin: etree._Element | None,
        windows: dict[str, Window],
        note_date: re.Pattern[str] | None,
        period: str | None,
    ) -> date | None:
        named = self.attribute(element, period).lstrip("#")
        if named in windows:
            return windows[named].start
        if origin is not None and note_date is not None:
            match = note_date.search(self.text_of(origin))
            if match:
                day, month, year = (int(g) for g in match.groups())
                try:
                    return date(year, month, day)
                except ValueError:
                    return None
        return self.source_date(origin)

    def source_date(self, origin: etree._Element | None) -> date | None:
        """The day of the lifecycle event whose source is `origin` (AKN: textualMod source -> passiveRef <- eventRef
        @source): the date the source ties to the act that made a change. None when no event names it, or when
        several events on different days do (which of them made this change the source does not say)."""
        days = self.dates_by_source.get(origin.get(self.id_attribute) or "") if origin is not None else None
        return next(iter(days)) if days and len(days) == 1 else None

    def source_provision(self, origin: etree._Element | None, source_act: str | None) -> str | None:
        if origin is None or not source_act:
            return None
        rules = self.mapping.get("references") or {}
        for ref in origin.iter(self.qualified(rules.get("cite", "ref"))):
            href = ref.get(rules.get("href", "href")) or ""
            if href.startswith(source_act.rstrip("/") + "/"):
                return href
        return None

    def active_modifications(
        self, windows: dict[str, Window], fallback: date, separator: str
    ) -> list[ActiveModification]:
        """The changes this act makes to other acts (activeModifications), one per destination that names a
        provision. A destination no pattern of the rule splits is kept with an empty `target`, to be reported."""
        rules = self.mapping.get("active_modifications") or {}
        if not rules.get("element"):
            return []
        kinds: dict[str, str] = rules.get("kinds", {})
        patterns = destination_patterns(self.mapping)
        found: list[ActiveModification] = []
        for element in self.paths.select(rules["element"]):
            name = element.get(self.id_attribute) or f"<{_local(element)}>"
            effective = self.active_date(element, rules.get("period", []), windows) or fallback
            source = self.paths.first(element, rules.get("source"))
            origin = source if isinstance(source, etree._Element) else self.referenced(source)
            holder = self.unit_holding(origin if origin is not element else element.getparent())
            source_eid = holder.get(self.id_attribute) if holder is not None else None
            source_path = "/".join(p for p in source_eid.split(separator) if p) if source_eid else None
            destinations = next(
                (found_ for xpath in rules["destination"] if (found_ := self.paths.xpath(element, xpath))), []
            )
            self.contradicted(element, origin, destinations, rules, (patterns, separator))
            for destination in destinations:
                kind = kinds.get(self.attribute(destination, rules["kind"]), "amendment")
                href = self.attribute(destination, rules["href"]).strip()
                target = split_destination(href, patterns, separator)
                up_to = self.attribute(destination, rules.get("up_to")).strip()
                through = split_destination(up_to, patterns, separator)
                work, provision, positional, expression = target or (None, "", False, None)
                found.append(
                    ActiveModification(
                        kind,
                        work,
                        provision,
                        effective,
                        source_eid,
                        source_path,
                        destination.sourceline or element.sourceline,
                        name,
                        href,
                        positional,
                        expression,
                        through[1] if through else None,
                        cited=self.cited(origin, href, rules.get("citation")),
                    )
                )
        return found

    def contradicted(
        self,
        element: etree._Element,
        origin: etree._Element | None,
        destinations: list,
        rules: dict,
        splitting: tuple[list[tuple[re.Pattern[str], dict]], str],
    ) -> None:
        """A notice with file and line when no destination of a modification is, holds or lies within a provision
        its amending element's own words name (`names`): the two contradict each other and the file cannot say
        which is right, so the modification is kept as it says and the reader told."""
        names = rules.get("names")
        if origin is None or not names or not destinations:
            return
        named = self.source_named(origin, names)
        patterns, separator = splitting
        places = self.paths.xpath(element, names["places"]) if names.get("places") else destinations
        said = [self.attribute(d, rules["href"]).strip() for d in places]
        targets = [t for href in said if (t := split_destination(href, patterns, separator))]
        # a reference that writes the act otherwise than the destinations do (another spelling, an expression or
        # none: Normattiva's ".../!main#art_1-com40" beside ".../ita@2024-03-27/!main/~art_1__para_40") may name
        # its provisions in another scheme too: it allows no verdict
        bases = {_href_base(href) for href in said}
        cited = [
            n for href in named if _href_base(href) in bases and (n := split_destination(href, patterns, separator))
        ]
        if len(targets) < len(said) or not cited:
            return
        if any(_within(t, n, separator) or _within(n, t, separator) for t in targets for n in cited):
            return
        self.notices.append(
            f"{self.path}:{element.sourceline}: {_local(element)} {element.get(self.id_attribute)} changes "
            f"{', '.join(said)}, but its source {origin.get(self.id_attribute) or _local(origin)} "
            f"(line {origin.sourceline}) names {', '.join(named)}: the file contradicts itself; kept as the "
            f"{_local(element)} says"
        )

    def source_named(self, origin: etree._Element, names: dict) -> list[str]:
        """The hrefs of the references an amending element's own words name: the one its pointer attribute names,
        else those its `refs` XPath finds in it."""
        pointed = self.referenced(self.attribute(origin, names.get("pointer")).strip() or None)
        refs = (
            [pointed] if pointed is not None else self.paths.xpath(origin, names["refs"]) if names.get("refs") else []
        )
        hrefs = (next((ref.get(a) for a in names.get("hrefs", ["href"]) if ref.get(a)), None) for ref in refs)
        return [href.strip() for href in hrefs if href and href.strip()]

    def cited(self, origin: etree._Element | None, href: str, rules: dict | None) -> tuple[str, ...]:
        """The eId segments the amending words name for a destination (`citation`): the words of the reference in
        the amending element (`element`, XPath from it) that names the same element as the destination (its `steps`),
        each `parts` pattern found in them, in turn, giving one segment by its `eid` template ("§ 6b Absatz 6 Satz
        2" -> art-z6b, abs-z6); nothing once a part is not found, nor without such a reference."""
        if origin is None or not rules or not href:
            return ()
        steps = re.compile(rules["steps"])
        named = steps.search(href)
        words = next(
            (
                normalise_text(self.text_of(ref))
                for ref in self.paths.xpath(origin, rules["element"])
                if named and (match := steps.search(self.attribute(ref, rules.get("href")))) and match[1] == named[1]
            ),
            "",
        )
        segments: list[str] = []
        for part in rules.get("parts", []):
            match = re.match(rf"\s*{part['words']}", words)
            if match is None:
                break
            segments.append(match.expand(part["eid"]))
            words = words[match.end() :]
        return tuple(segments)

    def active_date(self, element: etree._Element, specs: list[str], windows: dict[str, Window]) -> date | None:
        """The date the first period reference names: a temporalGroup's start, an eventRef's or a dated
        element's date."""
        for spec in specs:
            for value in self.paths.xpath(element, spec):
                ref = str(value).strip().lstrip("#")
                if ref in windows:
                    return windows[ref].start
                named = self.by_eid.get(ref)
                if named is not None and named.get("date"):  # an AKN eventRef or another dated element
                    return self.parse_date(named.get("date"), named.sourceline, f"<{_local(named)} date>")
        return None

    def unit_holding(self, element: etree._Element | None) -> etree._Element | None:
        """The nearest structural unit that holds `element` (itself, when it is one)."""
        while element is not None and not self.is_unit(element):
            element = element.getparent()
        return element

    def cited_acts(self, own_uris: set[str]) -> dict[str, ActReference]:
        """Acts this document names (passive/active references and acts cited by modification notes)."""
        titles = dict(self.ref_titles)
        rules = self.mapping.get("references") or {}
        context = self.paths.contexts.get(rules.get("context", "")) if rules else None
        acts = set(rules.get("acts", []))
        for element in context.iter() if context is not None else ():
            href = element.get(rules["href"]) if _local(element) in acts else None
            if href and not href.startswith("#") and not _is_own(href, own_uris):
                titles[href] = element.get(rules["title"]) or titles.get(href, "")
        return {href: ActReference(href, title or None, _date_in(href)) for href, title in titles.items()}

    def walk_units(
        self,
        containers: list[etree._Element],
        windows: dict[str, Window],
        default_window: Window | None,
        separator: str,
    ) -> list[Unit]:
        units: list[Unit] = []

        attribute = self.period_attribute
        rules = self.mapping.get("windows") or {}
        start_attribute, end_attribute = rules.get("start_attribute"), rules.get("end_attribute")

        def window_of(element: etree._Element, inherited: Window | None) -> Window | None:
            if start_attribute and (element.get(start_attribute) or element.get(end_attribute or "")):
                return self.attribute_window(element, start_attribute, end_attribute, inherited)
            period = (element.get(attribute) or "").lstrip("#") if attribute else ""
            if period in self.undated_windows and period not in windows:  # its own period dates nothing
                if self.undated_windows[period] not in self.undated_units:
                    self.undated_units.append(self.undated_windows[period])
                    self.notices.append(
                        f"{self.path}:{element.sourceline}: {element.get(self.id_attribute) or _local(element)} has "
                        f"the period #{period}, which starts on a placeholder date: its text is undated"
                    )
                return None
            if period and period not in windows:
                if period not in self.unreadable_windows:  # else its own problem is recorded already
                    self.problems.add(
                        element.sourceline,
                        f"{attribute} '#{period}' names no window",
                        element_name(element, self.id_attribute),
                    )
                return inherited  # recorded: read on as if the element had no period of its own
            return windows[period] if period else inherited

        names, passed_over = LOCAL_NAMES, self.quoted | self.excluded
        holding: list[bool] = [False]  # for each unit being walked, whether its words hold a list item without an eId

        def walk(
            element: etree._Element, parent_path: str | None, inherited: Window | None, inside_merged: bool = False
        ) -> None:
            for child in element:
                name = names[child.tag]
                if not name or name in passed_over or (self.editorial_marks and self.marked_editorial(child, name)):
                    continue  # a quoted block holds another act's provisions (an amendment's new text)
                window = window_of(child, inherited)
                if parent_path is None:
                    self.check_outside_units(child)
                if self.is_unit(child):
                    eid = child.get(self.id_attribute)
                    problem = eid_problem(eid, separator)
                    if problem:
                        name = self.id_attribute
                        self.problems.add(
                            child.sourceline,
                            f"{name} {eid!r} of <{_local(child)}> {problem}: it cannot name "
                            f"a provision (its IRI is {{act}}/{{path of the {name}}})",
                            element_name(child, name),
                        )
                        walk(child, parent_path, window, inside_merged)  # recorded: what it holds is read on
                        continue
                    path = provision_path(eid, separator)
                    unit = self.unit(child, eid, path, parent_path, window)
                    unit.own_period = bool(attribute and child.get(attribute)) or bool(
                        start_attribute and child.get(start_attribute)
                    )
                    units.append(unit)
                    if len(units) > self.limits.max_units:
                        what = f"more than {self.limits.max_units:,} structural units (provisions)"
                        raise SourceError(self.path, child.sourceline, self.limits.exceeded("max_units", what))
                    holding.append(False)
                    walk(child, path, window)
                    if holding.pop() and not unit.closing:  # its words hold list items: laid out as the source does
                        unit.layout = self.layout(child, unit.text)
                else:
                    merged = parent_path is not None and name in self.units and not inside_merged
                    if merged:
                        self.merged(child, name, parent_path)
                        holding[-1] = True  # the innermost unit being walked holds a list item without an eId
                    walk(child, parent_path, window, inside_merged or merged)

        for container in containers:
            if (container.text or "").strip():
                self.outside(container, container.text)
            walk(container, None, window_of(container, default_window))
        for holder, version in self.concurrent_alternatives(containers):
            # the text in the body is one version, each alternative another (its own window and extent, the same
            # identifiers): under the unit around the holder, each unit marked concurrent
            within = {e.get(self.id_attribute) for e in holder.iter(etree.Element) if self.is_unit(e)}
            for unit in units:
                if unit.eid in within:
                    unit.concurrent = True
            parent = next((a for a in holder.iterancestors() if self.is_unit(a)), None)
            parent_path = provision_path(parent.get(self.id_attribute), separator) if parent is not None else None
            first = len(units)
            walk(version, parent_path, None)
            for unit in units[first:]:
                unit.concurrent = True
        return units

    def concurrent_alternatives(self, containers: list[etree._Element]) -> list[tuple[etree._Element, etree._Element]]:
        """Each element of the text naming concurrent alternatives of itself (`concurrent_versions`: CLML's
        AltVersionRefs with Concurrent="true"), with each alternative it names that is marked concurrent too. An
        alternative that is not (an equation's image) is no version of the law's text; one the document does not
        hold is a notice."""
        rule = self.concurrent_rule
        if not rule:
            return []
        reference, marker = rule["reference"], rule["marker"]
        marked = lambda e: e.get(marker["attribute"]) == marker["value"]  # noqa: E731
        found: list[tuple[etree._Element, etree._Element]] = []
        for container in containers:
            for holder in container.iter(etree.Element):
                if not holder.get(reference) or not marked(holder):
                    continue
                for name in holder.get(reference, "").split():
                    version = self.alternatives.get(name)
                    if version is None:
                        self.notices.append(
                            f"{self.path}:{holder.sourceline}: {reference} names {name!r}, which the document does "
                            "not hold: that concurrent version is not recorded"
                        )
                    elif any(marked(child) for child in version.iter(etree.Element)):
                        found.append((holder, version))
        return found

    def attribute_window(
        self, element: etree._Element, start: str, end: str | None, inherited: Window | None
    ) -> Window | None:
        """A window the element's own attributes give (``windows: {start_attribute, end_attribute}``); a missing
        start is the enclosing window's."""
        begins = element.get(start)
        day = self.parse_date(begins, element.sourceline, f"<{_local(element)} {start}>") if begins else None
        day = day or (inherited.start if inherited else None)
        ends = element.get(end) if end else None
        until = self.parse_date(ends, element.sourceline, f"<{_local(element)} {end}>") if ends else None
        if day is None:
            return inherited
        return Window(day, until if ends else (inherited.end if inherited and not begins else None))

    def check_outside_units(self, element: etree._Element) -> None:
        """What a source holds outside every provision is recorded nowhere: a structural unit with text of its own
        but no eId is an error (no identity to record it by: an identifier derived from its position would shift
        when a unit is inserted before it and give one provision another's history); other text is a notice."""
        if (element.tail or "").strip():
            self.outside(element, element.tail, after=True)
        if self.is_unit(element):
            return
        name = _local(element)
        if name in self.units and normalise_text(self.text_of(element, skip_units=True)):
            self.problems.add(
                element.sourceline,
                f"<{name}> without an {self.id_attribute} outside every provision: its text would be recorded "
                f"nowhere; give it an {self.id_attribute}",
                element_name(element, self.id_attribute),
            )
            return
        if name not in self.skip and (element.text or "").strip():
            self.outside(element, element.text)

    def merged(self, element: etree._Element, name: str, parent_path: str) -> None:
        """A structural unit with words of its own but no identifier inside a provision: not a provision of its
        own, its words are merged into the provision around it (a notice, so that an editor can give it one)."""
        if self.editorial_marks and self.marked_editorial(element, name):
            return
        words = normalise_text(self.text_of(element, skip_units=True))
        if words and not self.editorial(element):
            self.notices.append(
                f"{self.path}:{element.sourceline}: <{name}> without an {self.id_attribute} is merged into its "
                f"parent provision {parent_path!r} ({words[:40] + '...' if len(words) > 40 else words!r}): give it "
                f"an {self.id_attribute} to make it a provision of its own"
            )

    def outside(self, element: etree._Element, text: str, after: bool = False) -> None:
        words = normalise_text(text)
        where = f"after <{_local(element)}>" if after else f"in <{_local(element)}>"
        self.notices.append(
            f"{self.path}:{element.sourceline}: text outside every provision ({where}: "
            f"{words[:40] + '...' if len(words) > 40 else words!r}) is recorded nowhere"
        )

    def unit(
        self, element: etree._Element, eid: str, path: str, parent_path: str | None, window: Window | None
    ) -> Unit:
        number = heading = ""
        notes: list[str] = []
        unit_notes: list[str] = []
        for child in element:
            name = LOCAL_NAMES[child.tag]
            if name in self.number_tags and not number:
                number = normalise_text(self.text_of(child, notes=unit_notes))
            elif name in self.heading_tags and not heading:
                heading = normalise_text(self.text_of(child, notes=unit_notes))
        for xpath in self.heading_paths if not heading else ():  # a heading outside the unit (CLML: P1group)
            found = self.paths.first(element, xpath)
            if isinstance(found, etree._Element):
                heading = normalise_text(self.text_of(found, notes=unit_notes))
                break
        editorial: list[etree._Element] = []
        text = normalise_text(self.text_of(element, skip_units=True, notes=notes, editorial=editorial))
        closing = self.closing_words(element, text)
        # prospective words (CLML Status="Prospective") are in force on no date the source gives: no window
        prospective = self.extents.prospective(element)
        return Unit(
            eid,
            path,
            self.unit_type(element),
            parent_path,
            number,
            heading,
            text,
            None if prospective else window,
            element.sourceline,
            tuple(dict.fromkeys(unit_notes + notes)),
            tuple(dict.fromkeys(unit_notes)),
            deferred_effects=self.deferred_effects(editorial),
            closing=closing,
            extent=self.extents.extent(element),
            prospective=prospective,
            part_identifiers=self.part_uris(element),
        )

    def part_uris(self, element: etree._Element) -> tuple[str, ...]:
        """The URIs the source gives (its `part_identifiers` attributes) to elements inside a unit that are no units
        of their own (an annex's unnumbered paragraph: CLML <P IdURI=".../annex/paragraph/1">), outside the units
        inside it and outside quoted (another act's) and excluded blocks."""
        found: list[str] = []
        stack = list(element) if self.part_identifiers else []
        while stack:
            child = stack.pop()
            name = LOCAL_NAMES[child.tag]
            if not name or name in self.quoted or name in self.excluded or self.is_unit(child):
                continue
            found.extend(value for attribute in self.part_identifiers if (value := child.get(attribute)))
            stack.extend(reversed(child))
        return tuple(dict.fromkeys(found))

    def last_sub_unit(self, element: etree._Element) -> etree._Element | None:
        """The last unit directly below `element` (none between them), outside quoted structures; the walk stops at
        units, so it reads no more of the document than the unit's own words."""
        last = None
        for child in element:
            name = LOCAL_NAMES[child.tag]
            if not name or name in self.quoted:
                continue
            if self.is_unit(child):
                last = child
            else:
                inner = self.last_sub_unit(child)
                last = inner if inner is not None else last
        return last

    def closing_words(self, element: etree._Element, text: str) -> str:
        """The end of a unit's own words that comes after its sub-units in the document (AKN's wrapUp, the closing
        words of a list: DPA s. 7(3) "... the data controller is not obliged to comply with the request unless he
        is supplied with that further information." after (a) and (b)), so that it is shown after them, not before;
        "" when no words follow its last sub-unit, or when they cannot be told apart from the rest of `text`."""
        last = self.last_sub_unit(element)
        if last is None:
            return ""
        parts: list[str] = []
        node = last
        while node is not element and node is not None:
            if node.tail:
                parts.append(node.tail)
            for sibling in node.itersiblings():
                name = LOCAL_NAMES[sibling.tag]
                skipped = not name or name in self.skip or (node.getparent() is element and name in self.labels)
                if not skipped and not self.is_unit(sibling):
                    parts.append(" " + self.text_of(sibling, skip_units=True) + " ")
                if sibling.tail:
                    parts.append(sibling.tail)
            node = node.getparent()
        closing = normalise_text("".join(parts))
        return closing if closing and text.endswith(closing) and closing != text else ""


def _inherit_deferred_effects(units: list[Unit]) -> None:
    """An editor's note of a deferred effect concerns the changes anywhere in its unit ("la presente modifica" of an
    article is in one of its paragraphs): the units inside it carry it too, after their own."""
    by_path: dict[str, Unit] = {}
    for unit in units:  # document order: a unit's ancestors come before it
        parent = by_path.get(unit.parent_path or "")
        if parent is not None and parent.deferred_effects:
            unit.deferred_effects = tuple(dict.fromkeys(unit.deferred_effects + parent.deferred_effects))
        by_path.setdefault(unit.path, unit)


def destination_patterns(mapping: Mapping) -> list[tuple[re.Pattern[str], dict]]:
    """The rules of a mapping that split an active modification's destination (``active_modifications``)."""
    rules = (mapping.get("active_modifications") or {}).get("destinations", [])
    return [(re.compile(rule["pattern"]), rule) for rule in rules]


def _href_base(href: str) -> str:
    """An href up to the portion it names (``#`` or ``~``), without a leading slash."""
    return re.split(r"[#~]", href, maxsplit=1)[0].strip().strip("/")


def _within(
    inner: tuple[str | None, str, bool, date | None], outer: tuple[str | None, str, bool, date | None], separator: str
) -> bool:
    """Whether a split destination is the provision another names or within it: the same act, and the other's eId
    (or steps) its own or a first part of it (the whole act when the other names no provision)."""
    if inner[0] != outer[0]:
        return False
    return not outer[1] or inner[1] == outer[1] or inner[1].startswith((outer[1] + separator, outer[1] + "/"))


def split_destination(
    href: str, patterns: list[tuple[re.Pattern[str], dict]], separator: str
) -> tuple[str | None, str, bool, date | None] | None:
    """A destination split by the first rule that matches it: (the target work, or None for this document; the
    eId, or the positional steps as a path ``element-1/element-2``; whether positional; the date of the target
    expression the steps are in), or None when no rule matches.

    >>> from lexrdf.mapping.spec import MAPPINGS_DIR, load_mapping
    >>> rules = destination_patterns(load_mapping(MAPPINGS_DIR / "akn.yaml"))
    >>> split_destination("akn/uk/act/2000-07-28/chapter23/main#sec_11__subsec_4", rules, "__")
    ('/akn/uk/act/2000-07-28/chapter23', 'sec_11__subsec_4', False, None)
    """
    if not href:
        return None
    for pattern, rule in patterns:
        match = pattern.match(href)
        if not match:
            continue
        work = match.expand(rule["work"]) if rule.get("work") else None
        expression = match.expand(rule["expression"]) if rule.get("expression") else None
        try:
            day = date.fromisoformat(expression) if expression else None
        except ValueError:
            day = None
        if rule.get("steps"):  # steps as a path, like the paths of provisions
            steps = "/".join(step for step in match.expand(rule["steps"]).split(separator) if step)
            return work, steps, True, day
        return work, match.expand(rule.get("eid", "")), False, day
    return None


_URI_DATE = re.compile(r"/(\d{4}-\d{2}-\d{2})(?:/|$)")

# The lexical forms of xsd:date and xsd:dateTime (XML Schema 1.1 part 2, 3.3.9 and 3.3.7), for the years a Python
# date holds (0001-9999): nothing before or after, an optional time zone.
_XSD_DATE = re.compile(
    r"""
    (?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})
    (?:T(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2})(?:\.\d+)?)?   # only in an xsd:dateTime
    (?:Z|(?P<sign>[+-])(?P<tz_hour>\d{2}):(?P<tz_minute>\d{2}))?
    """,
    re.VERBOSE | re.ASCII,  # \d is 0-9 only: an Arabic-Indic date is no xsd:date
)


def xsd_date(text: str) -> date | None:
    """The day an xsd:date or xsd:dateTime names, or None unless the whole text is exactly one, with a valid day,
    time and time zone (surrounding whitespace aside: both types collapse it).

    >>> xsd_date("2020-02-01"), xsd_date("2014-11-14Z"), xsd_date(" 2020-02-01T10:30:00+01:00 ")
    (datetime.date(2020, 2, 1), datetime.date(2014, 11, 14), datetime.date(2020, 2, 1))
    >>> [xsd_date(t) for t in ("2020-02-01garbage", "2001-13-45", "2020-02-01 x", "2020-02-01T25:00:00", "20200201")]
    [None, None, None, None, None]
    >>> xsd_date("\u0662\u0660\u0662\u0660-\u0660\u0662-\u0660\u0661"), xsd_date("2020-02-01\u00a0")  # not ASCII
    (None, None)
    """
    text = text.strip(" \t\n\r")
    match = _XSD_DATE.fullmatch(text)
    if match is None:
        return None
    try:
        day = date(int(match["year"]), int(match["month"]), int(match["day"]))
    except ValueError:
        return None
    if match["hour"] is not None:
        hour, minute, second = int(match["hour"]), int(match["minute"]), int(match["second"])
        if minute > 59 or second > 59 or hour > 24 or (hour == 24 and (minute or second or "." in text[19:20])):
            return None
    if match["sign"] and (int(match["tz_hour"]) > 14 or int(match["tz_minute"]) > 59):
        return None
    return day


def _date_in(uri: str) -> date | None:
    """The date an identifier carries, as AKN work URIs do (``/akn/xx/act/2004-06-01/7``)."""
    match = _URI_DATE.search(uri)
    if not match:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def _period_of(element: etree._Element, attribute: str | None) -> str:
    """The window reference (AKN: @period) of the element or of the nearest element around it that has one ("" when
    none has, or the format has none)."""
    while attribute and element is not None:
        if element.get(attribute):
            return element.get(attribute)
        element = element.getparent()
    return ""


def _has_attribute(element: etree._Element, attribute: str | None) -> bool:
    """Whether any element below `element` carries `attribute` (a format dating units by their attributes)."""
    return bool(attribute) and next(element.iterfind(f".//*[@{attribute}]"), None) is not None


def _is_own(href: str, own_uris: set[str]) -> bool:
    return any(href == uri or href.startswith(uri.rstrip("/") + "/") for uri in own_uris)


def _notice_before_the_act(reader: _Reader, units: list[Unit], work_date: date) -> None:
    """A window the source gives that starts before the act's own date (a retroactive entry into force, or a date
    impossible for the act: 1970-01-01): kept as the source says, and reported once per start, at its first unit."""
    reported: set[date] = set()
    for unit in units:
        start = unit.window.start if unit.window else None
        if start is None or start >= work_date or start in reported:
            continue
        reported.add(start)
        reader.notices.append(
            f"{reader.path}:{unit.line}: {unit.eid or unit.path} is in force from {start}, before the act's date "
            f"{work_date} (retroactive, or a date impossible for the act): check the source's period"
        )


def _work_date(reader: _Reader) -> tuple[date, int | None, str | None]:
    """The act's date and its line; where the source gives its year only (``work_year``: an old act with no date of
    enactment), 1 January of that year for ordering, with the evidence that the day is unknown (its texts then start
    at the expression's date, as for an undated entry into force, and no event is dated by it)."""
    dated = reader.paths.values(reader.mapping["identification"].get("work_date", []))
    if dated:
        text, line, origin = dated[0]
        return reader.parse_date(text, line, f"work_date {origin}"), line, None
    found = reader.paths.values(reader.mapping["identification"].get("work_year", []))
    year = next(((text, line, origin) for text, line, origin in found if re.fullmatch(r"[0-9]{3,4}", text)), None)
    if year is None:
        reader.missing("work_date")
    text, line, origin = year  # type: ignore[misc]
    where = f"{reader.path}:{line}" if line else reader.path
    undated = f"{where}: the source gives the act's year {text} only ({origin}), no day enacted"
    return date(int(text), 1, 1), line, undated


def _own_commencement(
    reader: _Reader,
    units: list[Unit],
    periods_authoritative: bool,
    stated_entry: date | None,
    expression_date: date,
    work_date: date,
) -> OwnCommencement:
    """What a text as enacted or made (no periods, of the act's own date, no entry into force stated by its metadata)
    says of its own coming into force: the units it defers to a day it does not give become prospective."""
    rules = reader.mapping.get("own_commencement")
    if not rules or periods_authoritative or stated_entry is not None or expression_date != work_date:
        return OwnCommencement()
    own = own_commencement(rules, units, reader.path, work_date, rules.get("separator", "-"))
    for unit in units:
        if unit.path in own.prospective:
            unit.window, unit.prospective = None, True
    reader.notices.extend(own.notices)
    return own


def _stated_entry(reader: _Reader) -> tuple[date | None, int | None, str]:
    """The day the source states the act entered into force (the earliest: an instrument may come into force on
    several days, part by part), the line and the element stating it."""
    stated = [
        (reader.parse_date(text, line, f"entry_into_force {origin}"), line, origin)
        for text, line, origin in reader.paths.values(reader.mapping["identification"].get("entry_into_force", []))
    ]
    return min(stated, key=lambda found: found[0], default=(None, None, ""))


def _vacatio_legis(reader: _Reader, work_date: date) -> tuple[date, int | None, str] | None:
    """The earliest day the text can enter into force when its own clause puts that a period after its publication
    (the mapping's `vacatio_legis`; lexrdf/mapping/vacatio.py), the clause's line and words."""
    rules = reader.mapping.get("vacatio_legis")
    return vacatio_legis(rules, reader.paths.values(rules["clauses"]), work_date) if rules else None


def _not_before_entry(reader: _Reader, units: list[Unit], entry: date | None, line: int | None, origin: str) -> None:
    """No text is in force before its act: a unit the source shows in force before the day the source states the
    act entered into force (legislation.gov.uk dates retained EU law from its adoption, RestrictStartDate, while the
    EUR-Lex metadata it carries says it entered into force days later) starts on that day. Reported once."""
    if entry is None:
        return
    moved = [u for u in units if u.window and u.window.start < entry and (u.window.end is None or u.window.end > entry)]
    for unit in moved:
        unit.window = replace(unit.window, start=entry)
    if moved:
        reader.notices.append(
            f"{reader.path}:{moved[0].line}: {len(moved)} provision(s) shown in force before the act's entry into "
            f"force {entry} (stated at line {line} {origin}) start on that day"
        )


def _applicable_from(reader: _Reader, units: list[Unit], entry: date | None) -> None:
    """The day the act applies from, where the source states one for the whole act (``applicable_from``: one date,
    later than its entry into force; EUR-Lex's date of application): the texts in force from its entry into force
    apply from then. Several dates name parts of the act, which the source does not tie to units: none is used."""
    found = {xsd_date(text) for text, _, _ in reader.paths.values(reader.mapping["identification"].get(
        "applicable_from", []))} - {None}  # fmt: skip
    if entry is None or len(found) != 1 or (applicable := found.pop()) <= entry:  # type: ignore[operator]
        return
    for unit in units:
        if unit.window and unit.window.start == entry and unit.window.applicable_from is None:
            unit.window = replace(unit.window, applicable_from=applicable)


def _in_force_from(units: list[Unit], expression_date: date) -> date | None:
    """The day a point-in-time expression none of whose texts is in force on its own date is the text as from: the
    earliest start its periods give (the EStG promulgated 2023-12-23 whose every text is in force from 2023-12-24
    vouches for that text on 2023-12-24); None when a text is in force on its date or undated."""
    starts = [unit.window.start if unit.window else None for unit in units]
    if not starts or None in starts or min(starts) <= expression_date:  # type: ignore[type-var]
        return None
    return min(starts)  # type: ignore[type-var]


def _notice_undated(reader: _Reader, modifications: list[Modification]) -> None:
    """A textual change dated on a day no lifecycle event of the document records: reported, kept as dated."""
    lifecycle = reader.mapping.get("lifecycle") or {}
    element = lifecycle.get("element")
    if not element:
        return
    days = {reader.attribute(e, lifecycle["date"])[:10] for e in reader.paths.select(element)}
    if not days:
        return
    for mod in modifications:
        if mod.kind in TEXTUAL_KINDS and mod.effective and mod.effective.isoformat() not in days:
            reader.notices.append(
                f"{reader.path}:{mod.line}: a {mod.kind} of {mod.destination} takes effect on {mod.effective}, "
                "a day no lifecycle eventRef of the document records"
            )


def _act_type(reader: _Reader) -> str:
    """The act's type, by the mapping's `act_type` rule (AKN: as the work URI names it, else the document
    element's name; a portion's element says nothing of its act)."""
    named = reader.value("act_type")
    return named[0].lower()


def _annotations(
    reader: _Reader, own_uris: set[str], act_date: date | None = None
) -> tuple[dict[str, list[Statement]], AnnotationRules | None]:
    """The changes each note records, by its identifier, and the compiled rules they were read by."""
    rules = reader.mapping.get("annotations")
    if not rules or "element" not in rules:
        return {}, None
    context, xpath = reader.paths.split(rules["element"])
    if context is None:
        return {}, None
    compiled = AnnotationRules({**rules, "element": xpath, "identifier": reader.id_attribute}, reader.mapping.namespace)
    annotation_reader = AnnotationReader(compiled, own_uris, act_date)
    found = annotation_reader.read(context, reader.ns)
    for identifier, lines in annotation_reader.shared.items():
        reader.notices.append(
            f"{reader.path}:{lines[0]}: {len(lines)} notes share the identifier {identifier!r}: a reference to it is "
            "read as a change only of a provision the note itself names"
        )
    for act, title in annotation_reader.titles.items():
        if not _is_own(act, own_uris) and len(title) > len(reader.ref_titles.get(act, "")):
            reader.ref_titles[act] = title
    return found, compiled


def _annotated_changes(
    units: list[Unit],
    annotations: dict[str, list[Statement]],
    work_uri: str,
    separator: str,
    rules: AnnotationRules | None = None,
) -> list[Modification]:
    """The changes the annotations record, each for the provision whose own text points at the note. A change
    concerns the whole provision when its note is not about words in it and either sits on the provision's
    number or heading, or names the provision (or a range of provisions) as what changed."""
    changes: list[Modification] = []
    for unit in units:
        for note in unit.notes:
            for statement in annotations.get(note, []):
                source = work_uri if statement.source_act and _is_own(statement.source_act, {work_uri}) else None
                parts = _commenced_parts(statement, unit, units, source, separator, rules) if statement.parts else []
                if parts or (statement.parts and statement.kind != "partial-commencement"):
                    changes += parts
                    continue  # (a commencement in part citing nothing found here is the provision's own, below)
                named = {_eid_of(target, work_uri, separator) for target in statement.targets} - {None}
                names_unit = unit.eid in named or (statement.ranged and not statement.ambiguous)
                about_unit = names_unit or _names_within(named, unit.eid, separator)
                if statement.ambiguous and not (
                    about_unit or (rules and rules.cites(statement.subject, unit.eid, separator))
                ):
                    continue  # a note of a shared identifier that is not about this provision
                if statement.deferred and statement.note not in unit.deferred_effects:
                    unit.deferred_effects = (*unit.deferred_effects, statement.note)
                changes.append(
                    Modification(
                        statement.kind,
                        unit.eid or "",
                        source or statement.source_act,
                        statement.source_provision,
                        statement.effective,
                        statement.line,
                        statement.until,
                        statement.note,
                        (note in unit.unit_notes or names_unit)
                        and (
                            not statement.partial
                            or bool(rules and rules.cites_as_changed(statement.subject, unit.eid, separator))
                        ),
                        statement.dates,
                        about_others=bool(rules and rules.about_others(statement.subject, unit.eid, separator)),
                        purposes=statement.purposes or None,
                        note_id=note,
                        extent=statement.extent,
                    )
                )
    return list(dict.fromkeys(changes))


def _commenced_parts(
    statement: Statement,
    unit: Unit,
    units: list[Unit],
    source: str | None,
    separator: str,
    rules: AnnotationRules | None,
) -> list[Modification]:
    """A commencement clause of the note on `unit` citing provisions in words ("s. 97(1)(2) in force at 12.1.2000 by
    S.I. 1999/3434, art. 2"): a commencement of each cited provision that is `unit` or lies within it, on that day."""
    if rules is None or not unit.eid:
        return []
    within = [u for u in units if u.eid and (u.eid == unit.eid or u.eid.startswith(unit.eid + separator))]
    commenced = [
        Modification(
            statement.kind,  # commencement, or commencement in part ("s. 82(3) in force for certain purposes ...")
            part.eid or "",
            source or statement.source_act,
            statement.source_provision,
            statement.effective,
            statement.line,
            note=statement.note,
            purposes=statement.purposes or None,
        )
        for part in within
        if any(rules.cites(cited, part.eid, separator) for cited in statement.parts)
    ]
    if any(change.destination != unit.eid for change in commenced):
        # some of it in force, on the clause's day: the provision itself in force in part from then
        commenced.append(
            Modification(
                "partial-commencement",
                unit.eid,
                source or statement.source_act,
                statement.source_provision,
                statement.effective,
                statement.line,
                note=statement.note,
                purposes=statement.subject,
            )
        )
    return commenced


def _changes_of_itself(active: list[ActiveModification], units: list[Unit], work_uri: str) -> list[Modification]:
    """The changes an act makes to its own provisions (an active modification whose destination is in this document:
    the sunset "Sections 1 to 7 ... are repealed on 31 December 2016"), as changes of those provisions made by the
    act: a repeal closes them on its day like any other. A range (``upTo``) covers the units from its first to its
    last in document order, whole."""
    by_eid = {unit.eid: index for index, unit in enumerate(units) if unit.eid}
    changes: list[Modification] = []
    for change in active:
        if change.target_work is not None or change.positional or change.target not in by_eid:
            continue
        first = by_eid[change.target]
        last = by_eid.get(change.through or "", first)
        depth, kind = units[first].path.count("/"), units[first].unit_type
        for unit in units[first : last + 1]:
            if unit.path.count("/") == depth and unit.unit_type == kind:  # the range's provisions (what they hold goes
                # with them; cross-headings between them are no part of it)
                changes.append(
                    Modification(
                        change.kind, unit.eid or "", work_uri, None, change.effective, change.line
                    )  # fmt: skip
                )
    return changes


def _act_repeals(annotations: dict[str, list[Statement]], own_uris: set[str]) -> list[EventRef]:
    """A dated note that names the act itself as what was repealed ("<CitationSubRef URI=".../id/ukpga/Geo3/49/126">Act
    </CitationSubRef> repealed (31.1.2013) by Statute Law (Repeals) Act 2013"): the act's repeal as a whole, by the act
    the note names, on its date (the same as a lifecycle repeal; the note is its evidence)."""
    own = {uri.rstrip("/") for uri in own_uris if uri}
    found: dict[tuple[date, str | None], EventRef] = {}
    for identifier, statements in annotations.items():
        for statement in statements:
            whole = statement.kind == "repeal" and not statement.partial and statement.effective is not None
            if whole and any(same_identifier(target).rstrip("/") in own for target in statement.targets):
                key = (statement.effective, statement.source_act)
                found.setdefault(
                    key,
                    EventRef(
                        identifier, statement.effective, "repeal", statement.source_act, statement.line, statement.note
                    ),  # fmt: skip
                )
    return list(found.values())


def _names_within(named: set[str | None], eid: str | None, separator: str) -> bool:
    """Whether one of the eIds `named` is a provision enclosing `eid` (``section-24-6`` for ``section-24-6-a``)."""
    return bool(eid) and any(name and eid.startswith(name + separator) for name in named)


def _eid_of(reference: str, work_uri: str, separator: str) -> str | None:
    """The eId a reference to one of this act's provisions names (``.../1998/29/section/6/3`` -> section-6-3)."""
    prefix = work_uri.rstrip("/") + "/"
    return reference[len(prefix) :].replace("/", separator) if reference.startswith(prefix) else None


def read_document(
    path: str | Path,
    mappings_dir: Path = MAPPINGS_DIR,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument:
    """Parse one source file safely (within `limits`) and run the mapping that fits its root namespace. The
    parsed tree is dropped when the document is mapped: what is kept is the model, much smaller. A changes feed is
    not a document of an act: `read_source` reads either."""
    source = read_source(path, mappings_dir, limits)
    if isinstance(source, EffectsFeed):
        raise SourceError(str(path), 1, "a changes feed (effects), not a document of an act: ingest it")
    return source


def read_source(
    path: str | Path,
    mappings_dir: Path = MAPPINGS_DIR,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument | EffectsFeed:
    """Parse one source file safely and route it by its root element and namespace: to the mapping that declares
    them as its `root` (a document of an act), or to the one whose `effects` section declares them (a changes feed,
    read by lexrdf.mapping.effects)."""
    path_str = str(path)
    tree = parse_xml(path, limits)
    root = tree.getroot()
    namespace = etree.QName(root).namespace or ""
    mapping = mapping_for_root(etree.QName(root).localname, namespace, mappings_dir)
    if mapping is None:
        feed_rules = effects_rules_for(root, mappings_dir)
        if feed_rules is not None:
            return effects_of_tree(path_str, tree, feed_rules)
        known = "; ".join(m.describe() for m in all_mappings(mappings_dir))
        feeds = "; ".join(
            f"{m.name} changes feeds (<{etree.QName(m.get('effects')['root']).localname}> in "
            f"{etree.QName(m.get('effects')['root']).namespace})"
            for m in all_mappings(mappings_dir)
            if isinstance(m.get("effects"), dict) and m.get("effects").get("root")
        )
        raise SourceError(
            path_str,
            root.sourceline,
            f"root <{etree.QName(root).localname}> in namespace {namespace!r} is not Akoma Ntoso nor any other known "
            f"format (known: {known}{'; ' + feeds if feeds else ''})",
        )
    return map_document(path_str, tree, mapping, limits)


def map_document(
    path: str,
    tree: etree._ElementTree,
    mapping: Mapping,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument:
    """Run `mapping` over a parsed document: SourceProblems naming every problem found in it (each at its line),
    or SourceError for one after which nothing could be read."""
    problems = Problems(path)
    try:
        document = _map_document(path, tree, mapping, limits, problems)
    except Exception as exc:  # a problem past which nothing is read: raised after those recorded
        problems.stop(exc)
    problems.check()
    return document


def _map_document(
    path: str, tree: etree._ElementTree, mapping: Mapping, limits: SourceLimits, problems: Problems
) -> SourceDocument:
    reader = _Reader(path, tree, mapping, limits, problems)
    work_uri, work_uri_line = reader.value("work_uri")
    work_uri = work_uri and same_identifier(work_uri)
    # every alias spec contributes (not only the first that yields): each is another name of the act
    alias_specs = mapping["identification"].get("work_aliases", [])
    aliases = sorted({same_identifier(v) for spec in alias_specs for v, _ in reader.values([spec])} - {work_uri})
    own_uris = {work_uri, *aliases}
    work_date, work_date_line, year_only = _work_date(reader)
    expression_date = reader.date_value("expression_date")
    events, event_dates = reader.lifecycle(own_uris, work_date)
    windows = reader.periods(event_dates)
    language_code, _ = reader.value("language", required=False) or ("und", None)
    language = mapping.get("languages", {}).get(language_code.lower(), language_code.lower())
    country, _ = reader.value("country")
    number, number_line = reader.value("number")
    title_value = reader.value("title", required=False)
    short_title_value = reader.value("short_title", required=False)
    authority_value = reader.value("authority", required=False)
    versioning = mapping.get("versioning", "auto")
    if versioning == "auto":
        declared = mapping.get("contains", {}).get(reader.doc.get("contains", ""))  # AKN's @contains
        dated = _has_attribute(reader.doc, (mapping.get("windows") or {}).get("start_attribute"))
        versioning = declared or ("periods" if dated or len({w.start for w in windows.values()}) > 1 else "expression")
    periods_authoritative = versioning == "periods"
    starts = [w.start for w in windows.values()]
    enactments = [e.day for e in events if e.kind == "enactment"]
    # the day the source states the act entered into force; else the earliest in-force start of its periods, or its
    # enactment (the lifecycle's)
    stated_entry, entry_line, entry_origin = _stated_entry(reader)
    vacatio = _vacatio_legis(reader, work_date) if stated_entry is None else None
    if vacatio is not None:  # the text's own words: in force a period after a publication the source does not date
        stated_entry, entry_line, entry_origin = vacatio
    dated_entry = min(starts) if starts else (max(enactments) if enactments and not reader.undated_windows else None)
    entry_into_force = stated_entry or dated_entry
    containers = [c for spec in mapping.get("body", ["a:body"]) for c in reader.doc.findall(spec, reader.ns)]
    if not containers:
        raise SourceError(path, reader.doc.sourceline, "document has no body")
    # a unit with no period of its own is in force from the act's entry into force as its periods or lifecycle
    # date it; a consolidation that only states the day the act entered into force says nothing of when each of its
    # texts (perhaps amended since) began
    default_window = Window(dated_entry) if dated_entry else None
    if default_window is None and stated_entry and stated_entry >= expression_date:  # the original text: from then
        default_window = Window(stated_entry)
    annotations, annotation_rules = _annotations(reader, own_uris, work_date)
    modifications = reader.modifications(own_uris, windows, set(annotations))
    # a change with no period of its own takes effect when the act enters into force; when the source does not say
    # when that is, from the earliest date it gives the act (never a later consolidation's date)
    in_force = entry_into_force or min(event_dates.values(), default=work_date)
    active = reader.active_modifications(windows, in_force, reader.separator)
    units = reader.walk_units(containers, windows, default_window, reader.separator)
    own = _own_commencement(reader, units, periods_authoritative, stated_entry, expression_date, work_date)
    _inherit_deferred_effects(units)
    _not_before_entry(reader, units, stated_entry, entry_line, entry_origin)
    _applicable_from(reader, units, stated_entry)
    separator = (mapping.get("annotations") or {}).get("target_separator", "-")
    modifications += _annotated_changes(units, annotations, work_uri, separator, annotation_rules)
    modifications += own.changes
    modifications += repeal_placeholders(reader, units, modifications, periods_authoritative)
    modifications += _changes_of_itself(active, units, work_uri)
    modifications += credited_insertions(reader, own_uris)
    events += _act_repeals(annotations, own_uris)
    manifested = reader.date_value("current_to", required=False)
    until = reader.date_value("current_until", required=False)  # an exclusive end: vouched for until the day before
    if until is not None:
        manifested = max(manifested, until - timedelta(days=1)) if manifested else until - timedelta(days=1)
    # the act's date: its work date when an enactment event confirms it, else its earliest enactment event (a
    # LegalDocML.de consolidation gives the date of its last amendment as its FRBRWork date, the original enactment
    # in its lifecycle)
    enactments = {e.day for e in events if e.kind == "enactment"}
    enacted = work_date if work_date in enactments else min([work_date, *enactments])
    _notice_before_the_act(reader, units, enacted)
    _notice_undated(reader, modifications)
    reader.notices.extend(dict.fromkeys(f"{path}:{line}: {what}" for line, what in reader.extents.notices))
    version_value = reader.value("expression_version", required=False)
    current_to = max(expression_date, manifested) if manifested else expression_date
    if reader.value("original_version", required=False):  # the text as enacted: vouched for as of the act's date
        current_to = enacted
    if not periods_authoritative and vacatio is None:  # vouched for on its entry into force, unless only at earliest
        current_to = max(current_to, _in_force_from(units, current_to) or current_to)
    return SourceDocument(
        path=path,
        mapping=mapping.name,
        frbr_work=work_uri,
        frbr_aliases=aliases,
        jurisdiction=country.lower(),
        act_type=_act_type(reader),
        portion=_local(reader.doc) in set(mapping.get("portions", []))
        or bool(reader.values(mapping.get("portion_when", []))),
        act_number=number,
        work_date=work_date,
        title=title_value[0] if title_value else number,
        short_title=short_title_value[0] if short_title_value else None,
        language=language,
        expression_date=expression_date,
        publication_date=reader.date_value("publication_date", required=False),
        entry_into_force=entry_into_force,
        authority=authority_value[0] if authority_value else None,
        periods_authoritative=periods_authoritative,
        current_to=current_to,
        prospective=own.whole,
        undated_entry=year_only or (reader.undated_units[0] if reader.undated_units else None),
        year_only=bool(year_only),
        entry_into_force_event=mapping.get("entry_into_force_event") or "enactment",
        entry_at_earliest=f"{vacatio[2]} (the source does not date the publication)" if vacatio else None,
        units=units,
        events=events,
        modifications=modifications,
        active_modifications=active,
        notices=reader.notices,
        expression_version=int(version_value[0]) if version_value and re.fullmatch(r"[0-9]+", version_value[0]) else 0,
        cited_acts=reader.cited_acts(own_uris),  # after the modifications: it reads the titles they found
        lines=_lines(
            work_uri=work_uri_line,
            number=number_line,
            title=title_value[1] if title_value else None,
            work_date=work_date_line,
            expression_date=reader.value("expression_date")[1],
            entry_into_force=entry_line,
            body=containers[0].sourceline,
        ),
    )


class _Unreadable(Exception):
    """An interval of a window names an event that dates nothing (a problem recorded): the window is left out."""


def _lines(**lines: int | None) -> dict[str, int]:
    return {name: line for name, line in lines.items() if line}
