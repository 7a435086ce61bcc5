"""The reader of one parsed document under one mapping: its elements by identifier, the words of an element as a
reader sees them, and the values, dates and references the mapping's rules name. What is read from it (lifecycle and
windows, changes, provisions) is each a module of its own (lifecycle.py, changes.py, units.py) built on it."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.layout import ITEM_END, ITEM_START, NUMBER_END, NUMBER_PRINTED, NUMBER_START, layout_json
from lexrdf.mapping.brackets import without_brackets
from lexrdf.mapping.dates import date_in, xsd_date
from lexrdf.mapping.extent import ExtentReader
from lexrdf.mapping.note_numbers import NoteNumbers
from lexrdf.mapping.paths import LOCAL_NAMES, Paths
from lexrdf.mapping.paths import local_name as _local
from lexrdf.mapping.problems import Problems, element_name
from lexrdf.mapping.spec import Mapping
from lexrdf.mapping.text import normalise_text
from lexrdf.model import ActReference
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits

_CLOSES = {")": "(", "]": "["}  # a closing bracket -> its opening one
_BARE_ID = re.compile(r"^[A-Za-z_][\w.\-]*$")  # an identifier written without '#': no path, no scheme


class Reader:
    """Evaluates one mapping's rules over one parsed document: what every part of the reading shares."""

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
        # the attribute of a change marker naming the territories the change extends to (CLML Extent)
        self.change_extent: str | None = (mapping.get("change_extent") or {}).get("attribute")
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
        self.tail_patterns = [re.compile(pattern) for pattern in mapping.get("editorial_tails", [])]
        brackets = mapping.get("amendment_brackets")  # the editor's, around words an amendment made
        self.brackets: tuple[str, str] | None = (brackets["opening"], brackets["closing"]) if brackets else None
        numbers = mapping.get("note_numbers")  # the editor's, naming its update notes at the end of a unit's words
        self.note_numbers = NoteNumbers.of(numbers) if numbers else None
        self.update_notes: frozenset[str] = frozenset()  # the numbers of the document's update notes, read below
        self.paths = Paths(path, self.ns, self.normalised, self.text_of)  # an act's title has the brackets too
        document = mapping.get("document") or {"path": "."}
        doc = self.paths.first(self.root, document["path"])
        if not isinstance(doc, etree._Element):
            raise SourceError(path, self.root.sourceline, document.get("missing", "root has no document element"))
        self.doc = doc
        if self.note_numbers:
            self.update_notes = self.note_numbers.notes(doc.itertext())
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
        view: frozenset[str] | None = None,
    ) -> str:
        """Text content of an element as a reader sees it: inline elements add no space, block elements are
        separated by one; skipped inline elements (note markers) and, optionally, sub-units are left out.
        The targets of note references met on the way are appended to `notes` when it is given, and the editor's
        blocks left out of the words (`editorial_blocks`) to `editorial`. With `view` (territories), the text there:
        a change marked as extending elsewhere only (`change_extent`) is not applied (its added words left out, the
        words it repealed kept), and its note is not this text's."""
        parts: list[str] = []
        self._gather_text(element, element, skip_units, notes, parts, editorial, view=view)
        return "".join(parts)

    def words_of(self, element: etree._Element, tails: list[str] | None = None, **options: Any) -> str:
        """The words of `element` (`text_of`, with its `options`), `normalised`; the editor's notes cut from their
        end are appended to `tails` when it is given."""
        return self.normalised(self.text_of(element, **options), tails)

    def normalised(self, text: str, tails: list[str] | None = None) -> str:
        """`text` normalised (spaces), without an editor's note that ends it in the same block (`editorial_tails`:
        "... animali vivi. (4) ---------------- AGGIORNAMENTO (4) Il D.Lgs. ...", appended to `tails`), the brackets
        around words an amendment made (`amendment_brackets`, lexrdf/mapping/brackets.py) and the numbers of its
        notes ending them (`note_numbers`, lexrdf/mapping/note_numbers.py)."""
        words = normalise_text(text)
        for pattern in self.tail_patterns:
            if found := pattern.search(words):
                if tails is not None:
                    tails.append(words[found.start() :])
                words = words[: found.start()].rstrip()
        words = without_brackets(words, *self.brackets) if self.brackets else words
        return self.note_numbers.without(self.update_notes, words) if self.note_numbers else words

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
        view: frozenset[str] | None = None,
    ) -> None:
        """`text_of`'s walk (a method, not a closure: a recursive closure is a reference cycle for each call); with
        `marks`, where each list item merged into the unit begins and ends, and its number (lexrdf.layout)."""
        if node.text:
            parts.append(node.text)
        names, note_refs, prefix = LOCAL_NAMES, self.note_refs, self.note_prefix
        for child in node:
            name = names[child.tag]
            elsewhere = view is not None and self.elsewhere(child, view)  # a change not applied in the view
            if notes is not None and name in note_refs and not elsewhere:
                target = child.get(note_refs[name], "")
                if target.startswith(prefix) and len(target) > len(prefix):
                    notes.append(target[len(prefix) :])
            skipped = (
                not name
                or (elsewhere and name not in self.skip)  # words added where the view is not
                or (name in self.skip and not (self.retained and self.kept(child)) and not elsewhere)
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
                inner = None if elsewhere else notes  # the notes of a change not applied here are not this text's
                self._gather_text(child, top, units and not quoted, inner, parts, editorial, marks and not quoted, view)
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

    def elsewhere(self, element: etree._Element, view: frozenset[str]) -> bool:
        """Whether `element` marks a change extending to none of the territories `view` names (`change_extent`)."""
        extent = element.get(self.change_extent) if self.change_extent else None
        return bool(extent) and not view & set(extent.split("+"))

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

    def deferred_effects(
        self, editorial: list[etree._Element], tails: tuple[str, ...] = (), line: int | None = None
    ) -> tuple[str, ...]:
        """Of the editor's blocks a unit's text left out (`text_of`'s `editorial`) and the notes cut from its words'
        end (`tails`, of the unit at `line`), those that say a change takes effect later than it was made
        (`deferred_effects`: Normattiva's "... le presenti modifiche avranno effetto a decorrere dal 1 gennaio
        1997"), each as "file:line: words"."""
        if not self.deferred_patterns:
            return ()
        found: list[str] = []
        blocks = [(block.sourceline, normalise_text(" ".join(block.itertext()))) for block in editorial]
        for at, words in [*blocks, *((line, tail) for tail in tails)]:
            if any(pattern.search(words) for pattern in self.deferred_patterns):
                found.append(f"{Path(self.path).name}:{at}: {words}")
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
            return None if is_own(href, own_uris) or _local(element) in own else href
        for ref in element.iter(self.qualified(rules["cite"])):
            href = ref.get(rules["href"]) or ""
            if href and not href.startswith("#") and not is_own(href, own_uris):
                title = normalise_text(self.text_of(ref))
                if title and len(title) > len(self.ref_titles.get(href, "")):
                    self.ref_titles[href] = title
                return href
        return None

    def qualified(self, name: str) -> str:
        """``{namespace}local`` for a name written ``prefix:local`` (or ``local``, in the root's namespace)."""
        prefix, _, local = name.rpartition(":")
        return f"{{{self.ns[prefix] if prefix else self.mapping.namespace}}}{local}"

    def source_date(self, origin: etree._Element | None) -> date | None:
        """The day of the lifecycle event whose source is `origin` (AKN: textualMod source -> passiveRef <- eventRef
        @source): the date the source ties to the act that made a change. None when no event names it, or when
        several events on different days do (which of them made this change the source does not say)."""
        days = self.dates_by_source.get(origin.get(self.id_attribute) or "") if origin is not None else None
        return next(iter(days)) if days and len(days) == 1 else None

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
            if href and not href.startswith("#") and not is_own(href, own_uris):
                titles[href] = element.get(rules["title"]) or titles.get(href, "")
        return {href: ActReference(href, title or None, date_in(href)) for href, title in titles.items()}


def _period_of(element: etree._Element, attribute: str | None) -> str:
    """The window reference (AKN: @period) of the element or of the nearest element around it that has one ("" when
    none has, or the format has none)."""
    while attribute and element is not None:
        if element.get(attribute):
            return element.get(attribute)
        element = element.getparent()
    return ""


def is_own(href: str, own_uris: set[str]) -> bool:
    """Whether `href` is one of `own_uris` (the act's own identifiers) or within one."""
    return any(href == uri or href.startswith(uri.rstrip("/") + "/") for uri in own_uris)
