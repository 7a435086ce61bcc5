"""The engine that runs a declarative mapping over an Akoma Ntoso (or AKN-profile) document.

It knows XML and the mapping vocabulary, and produces a `SourceDocument`; it knows nothing of RDF.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from datetime import date
from pathlib import Path

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.mapping.annotations import AnnotationReader, AnnotationRules, Statement
from lexrdf.mapping.spec import MAPPINGS_DIR, Mapping, mapping_for_namespace
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
from lexrdf.uris import eid_problem
from lexrdf.xmlsafe import parse_xml

_SPACE = re.compile(r"\s+")
# Layout spaces around English quotes and brackets and before a comma; not before ; : or inside « »: French
# typography sets a space there.
_SPACE_BEFORE_CLOSING = re.compile(r"\s+([,)\]”’])")
_SPACE_AFTER_OPENING = re.compile(r"([(\[“‘])\s+")


def normalise_text(text: str) -> str:
    """Collapse whitespace, drop the layout spaces no reader sees inside quotes and brackets or before
    punctuation, and apply Unicode NFC: formatting differences are not amendments.

    >>> normalise_text("  entgegen einem\\n      vollziehbaren  Verbot ")
    'entgegen einem vollziehbaren Verbot'
    >>> normalise_text("(“ sensitive personal data ”) sections 8, 9 and 9A , an")
    '(“sensitive personal data”) sections 8, 9 and 9A, an'
    """
    collapsed = _SPACE.sub(" ", text)
    collapsed = _SPACE_AFTER_OPENING.sub(r"\1", _SPACE_BEFORE_CLOSING.sub(r"\1", collapsed))
    return unicodedata.normalize("NFC", collapsed).strip()


def _local(element: etree._Element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


class _Reader:
    """Evaluates one mapping's rules over one parsed document."""

    def __init__(
        self,
        path: str,
        tree: etree._ElementTree,
        mapping: Mapping,
        limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    ) -> None:
        self.path = path
        self.limits = limits
        self.mapping = mapping
        self.ns = {"a": mapping.namespace}
        self.root = tree.getroot()
        doc = next((c for c in self.root if isinstance(c.tag, str)), None)
        if doc is None:
            raise SourceError(path, self.root.sourceline, "Akoma Ntoso root has no document element")
        self.doc = doc
        self.meta = doc.find("a:meta", self.ns)
        if self.meta is None:
            raise SourceError(path, doc.sourceline, "missing <meta> (FRBR identification)")
        ident = self.meta.find("a:identification", self.ns)
        self.work = ident.find("a:FRBRWork", self.ns) if ident is not None else None
        self.expression = ident.find("a:FRBRExpression", self.ns) if ident is not None else None
        self.manifestation = ident.find("a:FRBRManifestation", self.ns) if ident is not None else None
        if self.work is None or self.expression is None:
            line = (ident if ident is not None else self.meta).sourceline
            raise SourceError(path, line, "missing FRBR identification (FRBRWork and FRBRExpression)")
        self.by_eid: dict[str, etree._Element] = {}
        alternatives: dict[str, set[str]] = {}  # eId -> the @period of each alternative seen
        for element in self.root.iter():
            eid = element.get("eId") if isinstance(element.tag, str) else None
            if eid and self.by_eid.setdefault(eid, element) is not element:
                self.check_alternative(eid, element, alternatives)
        self.skip = set(mapping.get("skip_text", []))
        self.inline = set(mapping.get("inline", []))
        self.note_ref = (mapping.get("annotations") or {}).get("reference", "noteRef")
        self.number_tags = set(mapping.get("number", ["num"]))
        self.heading_tags = set(mapping.get("heading", ["heading"]))
        self.units: dict[str, str] = mapping["units"]
        self.ref_titles: dict[str, str] = {}  # titles of cited acts found in commentary notes
        self.notices: list[str] = []  # what the source says that cannot be used as it stands (file:line: ...)

    def check_alternative(self, eid: str, element: etree._Element, alternatives: dict[str, set[str]]) -> None:
        """A second element with an eId already seen is one alternative of the same element for another period
        (the single-document style: each alternative of a provision in force at another time carries its own
        ``@period``, or sits in one that does). Anything else is an error: only one of them would be kept."""
        first = self.by_eid[eid]
        seen = alternatives.setdefault(eid, {_period_of(first)})
        period = _period_of(element)
        if _local(element) != _local(first) or not period or period in seen or "" in seen:
            raise SourceError(
                self.path,
                element.sourceline,
                f"duplicate eId {eid!r} on <{_local(element)}> (first on <{_local(first)}> at line {first.sourceline}):"
                " an eId names one element, or alternatives of one element each with its own @period; only the first "
                "would be kept",
            )
        seen.add(period)

    # -- small evaluators -------------------------------------------------------------------------
    def values(self, specs: list[str]) -> list[tuple[str, int | None]]:
        """All non-empty values of the first spec that yields any, with their source lines.

        A spec is ``context:xpath``, optionally followed by ``" ~ regex"`` whose group 1 is kept.
        """
        return [(text, line) for text, line, _ in self.values_with_origin(specs)]

    def values_with_origin(self, specs: list[str]) -> list[tuple[str, int | None, str]]:
        """As `values`, each with where it was read (``<FRBRdate date>``: the element and the attribute)."""
        contexts = {
            "work": self.work,
            "expression": self.expression,
            "manifestation": self.manifestation,
            "meta": self.meta,
            "doc": self.doc,
        }
        for spec in specs:
            selector, _, pattern = spec.partition(" ~ ")
            context_name, _, xpath = selector.partition(":")
            if contexts[context_name] is None:
                continue
            found: list[tuple[str, int | None, str]] = []
            for result in contexts[context_name].xpath(xpath, namespaces=self.ns):
                if isinstance(result, etree._Element):
                    text, line = normalise_text(self.text_of(result)), result.sourceline
                    origin = f"<{_local(result)}>"
                else:
                    parent = result.getparent() if hasattr(result, "getparent") else None
                    text, line = str(result).strip(), parent.sourceline if parent is not None else None
                    attribute = getattr(result, "attrname", None) if getattr(result, "is_attribute", False) else None
                    origin = f"<{_local(parent) if parent is not None else '?'}{' ' + attribute if attribute else ''}>"
                if pattern and text:
                    match = re.search(pattern, text)
                    text = match.group(1) if match else ""
                if text:
                    found.append((text, line, origin))
            if found:
                return found
        return []

    def value(self, key: str, required: bool = True) -> tuple[str, int | None] | None:
        ident = self.mapping["identification"]
        found = self.values(ident.get(key, []))
        if not found:
            if required:
                raise SourceError(self.path, self.work.sourceline, f"missing FRBR identification: no {key}")
            return None
        return found[0]

    def date_value(self, key: str, required: bool = True) -> date | None:
        found = self.values_with_origin(self.mapping["identification"].get(key, []))
        if not found:
            if required:
                raise SourceError(self.path, self.work.sourceline, f"missing FRBR identification: no {key}")
            return None
        text, line, origin = found[0]
        return self.parse_date(text, line, f"{key} {origin}")

    def parse_date(self, text: str, line: int | None, what: str = "date") -> date:
        """The day `text` names when the whole of it is an xsd:date or xsd:dateTime (`xsd_date`); else an error
        naming the file, the line, what was read (element and attribute) and the value."""
        day = xsd_date(text)
        if day is None:
            raise SourceError(
                self.path, line, f"{what} {text!r} is not a date (expected an xsd:date YYYY-MM-DD or an xsd:dateTime)"
            )
        return day

    def text_of(self, element: etree._Element, skip_units: bool = False, notes: list[str] | None = None) -> str:
        """Text content of an element as a reader sees it: inline elements add no space, block elements are
        separated by one; skipped inline elements (note markers) and, optionally, sub-units are left out.
        The targets of note references met on the way are appended to `notes` when it is given."""
        parts: list[str] = []
        labels = self.number_tags | self.heading_tags

        def walk(node: etree._Element) -> None:
            if node.text:
                parts.append(node.text)
            for child in node:
                name = _local(child)
                if notes is not None and name == self.note_ref and child.get("href", "").startswith("#"):
                    notes.append(child.get("href")[1:])
                skipped = (
                    not name
                    or name in self.skip
                    or (skip_units and self.is_unit(child))  # a sub-unit has its own text
                    or (skip_units and node is element and name in labels)  # number and heading are fields
                )
                block = name not in self.inline
                if not skipped:
                    if block:
                        parts.append(" ")
                    walk(child)
                    if block:
                        parts.append(" ")
                if child.tail:
                    parts.append(child.tail)

        walk(element)
        return "".join(parts)

    def is_unit(self, element: etree._Element) -> bool:
        return bool(element.get("eId")) and _local(element) in self.units

    def unit_type(self, element: etree._Element) -> str:
        rule = self.units[_local(element)]
        if rule.startswith("@"):
            return (element.get(rule[1:]) or _local(element)).lower()
        return rule

    def referenced(self, href: str | None) -> etree._Element | None:
        if not href or not href.startswith("#") or len(href) < 2:
            return None
        return self.by_eid.get(href[1:])

    # -- the parts of the model -------------------------------------------------------------------
    def lifecycle(self, own_uris: set[str]) -> tuple[list[EventRef], dict[str, date]]:
        kinds = self.mapping["lifecycle"]["kinds"]
        events: list[EventRef] = []
        dates_by_eid: dict[str, date] = {}
        for element in self.meta.xpath(self.mapping["lifecycle"]["element"], namespaces=self.ns):
            day = self.parse_date(element.get("date", ""), element.sourceline, "<eventRef date>")
            if element.get("eId"):
                dates_by_eid[element.get("eId")] = day
            kind = kinds.get(element.get("type", ""), None)
            if kind is None:
                continue
            source = self.act_of(self.referenced(element.get("source")), own_uris)
            events.append(EventRef(element.get("eId"), day, kind, source, element.sourceline))
        return events, dates_by_eid

    def act_of(self, element: etree._Element | None, own_uris: set[str]) -> str | None:
        """The act a reference element names: a passiveRef's href, or the first foreign ref in a note."""
        if element is None:
            return None
        href = element.get("href")
        if href and _local(element) in {"passiveRef", "activeRef", "original"} and not href.startswith("#"):
            return None if _is_own(href, own_uris) or _local(element) == "original" else href
        for ref in element.iter(f"{{{self.mapping.namespace}}}ref"):
            href = ref.get("href") or ""
            if href and not href.startswith("#") and not _is_own(href, own_uris):
                title = normalise_text(self.text_of(ref))
                if title and len(title) > len(self.ref_titles.get(href, "")):
                    self.ref_titles[href] = title
                return href
        return None

    def periods(self, event_dates: dict[str, date]) -> dict[str, Window]:
        markers = [m.lower() for m in self.mapping.get("applicability_markers", [])]
        windows: dict[str, Window] = {}
        for group in self.meta.iterfind("a:temporalData/a:temporalGroup", self.ns):
            in_force: tuple[date, date | None] | None = None
            applicable: date | None = None
            for interval in group.iterfind("a:timeInterval", self.ns):
                start = self.interval_end(interval, "start", event_dates)
                end = self.interval_end(interval, "end", event_dates)
                if start is None:
                    continue
                if self.is_applicability(interval.get("refersTo") or "", markers):
                    applicable = start
                elif in_force is None:
                    in_force = (start, end)
            if in_force is None and applicable is not None:
                in_force = (applicable, None)
            if in_force is not None and group.get("eId"):
                applicable_from = applicable if applicable and applicable != in_force[0] else None
                windows[group.get("eId")] = Window(in_force[0], in_force[1], applicable_from)
        return windows

    def interval_end(self, interval: etree._Element, attribute: str, event_dates: dict[str, date]) -> date | None:
        ref = interval.get(attribute)
        if not ref:
            return None
        eid = ref.lstrip("#")
        if eid not in event_dates:
            raise SourceError(self.path, interval.sourceline, f"timeInterval {attribute}={ref!r} names no eventRef")
        return event_dates[eid]

    def is_applicability(self, refers_to: str, markers: list[str]) -> bool:
        concept = self.referenced(refers_to) if refers_to.startswith("#") else None
        haystack = refers_to.lower()
        if concept is not None:
            haystack += " " + " ".join((concept.get(a) or "").lower() for a in ("eId", "href", "showAs"))
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
        for element in self.meta.xpath(rules["element"], namespaces=self.ns):
            if covered.get(element.get("eId") or ""):
                continue
            kind = kinds.get(element.get("type", ""), "amendment")
            destination = element.find("a:destination", self.ns)
            source = element.find("a:source", self.ns)
            target = (destination.get("href") if destination is not None else "") or ""
            target = target.rpartition("#")[2]
            if not target:
                continue
            if target not in self.by_eid and kinds.get(element.get("type", "")) != "repeal":  # a repealed unit is gone
                self.notices.append(
                    f"{self.path}:{element.sourceline}: textualMod {element.get('eId') or ''} changes #{target}, "
                    "which is no element of this document: the change is kept, no provision records it"
                )
            source_href = (source.get("href") if source is not None else "") or ""
            if source_href.lstrip("#") in annotated:
                continue
            origin = self.referenced(source_href)
            source_act = self.act_of(origin, own_uris)
            effective = self.mod_date(element, origin, windows, note_date)
            changed = self.by_eid.get(target)
            holder = self.unit_holding(changed)  # words marked inside a provision: its change
            whole = holder is None or holder is changed
            found.append(
                Modification(
                    kind,
                    holder.get("eId") if holder is not None else target,
                    source_act,
                    self.source_provision(origin, source_act),
                    effective,
                    element.sourceline,
                    of_unit=whole,
                )
            )
        return found

    def marked_notes(self, annotated: set[str]) -> dict[str, set[str]]:
        """For each textualMod eId that marks words (``<ins class="d29p501">``), the annotations those words
        point at."""
        marks = {
            f"{{{self.mapping.namespace}}}{tag}" for tag in (self.mapping.get("annotations") or {}).get("marks", [])
        }
        found: dict[str, set[str]] = defaultdict(set)
        if not annotated or not marks:
            return found
        for element in self.doc.iter(*marks):
            notes = {
                ref.get("href", "")[1:] for ref in element.iter(f"{{{self.mapping.namespace}}}{self.note_ref}")
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
    ) -> date | None:
        force = element.find("a:force", self.ns)
        if force is not None and force.get("period", "").lstrip("#") in windows:
            return windows[force.get("period").lstrip("#")].start
        if origin is not None and note_date is not None:
            match = note_date.search(self.text_of(origin))
            if match:
                day, month, year = (int(g) for g in match.groups())
                try:
                    return date(year, month, day)
                except ValueError:
                    return None
        return None

    def source_provision(self, origin: etree._Element | None, source_act: str | None) -> str | None:
        if origin is None or not source_act:
            return None
        for ref in origin.iter(f"{{{self.mapping.namespace}}}ref"):
            href = ref.get("href") or ""
            if href.startswith(source_act.rstrip("/") + "/"):
                return href
        return None

    def active_modifications(
        self, windows: dict[str, Window], fallback: date, separator: str
    ) -> list[ActiveModification]:
        """The changes this act makes to other acts (activeModifications), one per destination that names a
        provision. A destination no pattern of the rule splits is kept with an empty `target`, to be reported."""
        rules = self.mapping.get("active_modifications") or {}
        if not rules:
            return []
        kinds: dict[str, str] = rules.get("kinds", {})
        patterns = destination_patterns(self.mapping)
        found: list[ActiveModification] = []
        for element in self.meta.xpath(rules["element"], namespaces=self.ns):
            kind = kinds.get(element.get("type", ""), "amendment")
            name = element.get("eId") or f"<{_local(element)}>"
            effective = self.active_date(element, rules.get("period", []), windows) or fallback
            source = element.find("a:source", self.ns)
            holder = self.unit_holding(self.referenced(source.get("href") if source is not None else None))
            source_eid = holder.get("eId") if holder is not None else None
            source_path = "/".join(p for p in source_eid.split(separator) if p) if source_eid else None
            destinations = next(
                (
                    found_
                    for xpath in rules.get("destination", ["a:destination"])
                    if (found_ := element.xpath(xpath, namespaces=self.ns))
                ),
                [],
            )
            for destination in destinations:
                href = (destination.get("href") or "").strip()
                target = split_destination(href, patterns, separator)
                through = split_destination((destination.get("upTo") or "").strip(), patterns, separator)
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
                    )
                )
        return found

    def active_date(self, element: etree._Element, specs: list[str], windows: dict[str, Window]) -> date | None:
        """The date the first period reference names: a temporalGroup's start, an eventRef's or a dated
        element's date."""
        for spec in specs:
            for value in element.xpath(spec, namespaces=self.ns):
                ref = str(value).strip().lstrip("#")
                if ref in windows:
                    return windows[ref].start
                named = self.by_eid.get(ref)
                if named is not None and named.get("date"):
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
        for element in self.meta.iter():
            name = _local(element)
            href = element.get("href") if name in {"passiveRef", "activeRef"} else None
            if href and not href.startswith("#") and not _is_own(href, own_uris):
                titles[href] = element.get("showAs") or titles.get(href, "")
        return {href: ActReference(href, title or None, _date_in(href)) for href, title in titles.items()}

    def walk_units(
        self,
        containers: list[etree._Element],
        windows: dict[str, Window],
        default_window: Window | None,
        separator: str,
    ) -> list[Unit]:
        units: list[Unit] = []

        def window_of(element: etree._Element, inherited: Window | None) -> Window | None:
            period = (element.get("period") or "").lstrip("#")
            if period and period not in windows:
                raise SourceError(self.path, element.sourceline, f"period '#{period}' names no temporalGroup")
            return windows[period] if period else inherited

        def walk(element: etree._Element, parent_path: str | None, inherited: Window | None) -> None:
            for child in element:
                if not isinstance(child.tag, str):
                    continue
                window = window_of(child, inherited)
                if parent_path is None:
                    self.check_outside_units(child)
                if self.is_unit(child):
                    eid = child.get("eId")
                    problem = eid_problem(eid, separator)
                    if problem:
                        raise SourceError(
                            self.path,
                            child.sourceline,
                            f"eId {eid!r} of <{_local(child)}> {problem}: it cannot name "
                            "a provision (its IRI is {act}/{path of the eId})",
                        )
                    path = "/".join(part for part in eid.split(separator) if part)
                    unit = self.unit(child, eid, path, parent_path, window)
                    unit.own_period = bool(child.get("period"))
                    units.append(unit)
                    if len(units) > self.limits.max_units:
                        what = f"more than {self.limits.max_units:,} structural units (provisions)"
                        raise SourceError(self.path, child.sourceline, self.limits.exceeded("max_units", what))
                    walk(child, path, window)
                else:
                    walk(child, parent_path, window)

        for container in containers:
            if (container.text or "").strip():
                self.outside(container, container.text)
            walk(container, None, window_of(container, default_window))
        return units

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
            raise SourceError(
                self.path,
                element.sourceline,
                f"<{name}> without an eId outside every provision: its text would be recorded nowhere; give it an eId",
            )
        if name not in self.skip and (element.text or "").strip():
            self.outside(element, element.text)

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
            name = _local(child)
            if name in self.number_tags and not number:
                number = normalise_text(self.text_of(child, notes=unit_notes))
            elif name in self.heading_tags and not heading:
                heading = normalise_text(self.text_of(child, notes=unit_notes))
        text = normalise_text(self.text_of(element, skip_units=True, notes=notes))
        return Unit(
            eid,
            path,
            self.unit_type(element),
            parent_path,
            number,
            heading,
            text,
            window,
            element.sourceline,
            tuple(dict.fromkeys(unit_notes + notes)),
            tuple(dict.fromkeys(unit_notes)),
        )


def destination_patterns(mapping: Mapping) -> list[tuple[re.Pattern[str], dict]]:
    """The rules of a mapping that split an active modification's destination (``active_modifications``)."""
    rules = (mapping.get("active_modifications") or {}).get("destinations", [])
    return [(re.compile(rule["pattern"]), rule) for rule in rules]


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
    re.VERBOSE,
)


def xsd_date(text: str) -> date | None:
    """The day an xsd:date or xsd:dateTime names, or None unless the whole text is exactly one, with a valid day,
    time and time zone (surrounding whitespace aside: both types collapse it).

    >>> xsd_date("2020-02-01"), xsd_date("2014-11-14Z"), xsd_date(" 2020-02-01T10:30:00+01:00 ")
    (datetime.date(2020, 2, 1), datetime.date(2014, 11, 14), datetime.date(2020, 2, 1))
    >>> [xsd_date(t) for t in ("2020-02-01garbage", "2001-13-45", "2020-02-01 x", "2020-02-01T25:00:00", "20200201")]
    [None, None, None, None, None]
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


def _period_of(element: etree._Element) -> str:
    """The @period of the element or of the nearest element around it that has one ("" when none has)."""
    while element is not None:
        if element.get("period"):
            return element.get("period")
        element = element.getparent()
    return ""


def _is_own(href: str, own_uris: set[str]) -> bool:
    return any(href == uri or href.startswith(uri.rstrip("/") + "/") for uri in own_uris)


def _notice_undated(reader: _Reader, modifications: list[Modification]) -> None:
    """A textual change dated on a day no lifecycle event of the document records: reported, kept as dated."""
    lifecycle = reader.mapping.get("lifecycle") or {}
    element = lifecycle.get("element")
    if not element:
        return
    days = {e.get("date", "")[:10] for e in reader.meta.xpath(element, namespaces=reader.ns)}
    if not days:
        return
    for mod in modifications:
        if mod.kind in TEXTUAL_KINDS and mod.effective and mod.effective.isoformat() not in days:
            reader.notices.append(
                f"{reader.path}:{mod.line}: a {mod.kind} of {mod.destination} takes effect on {mod.effective}, "
                "a day no lifecycle eventRef of the document records"
            )


def _act_type(reader: _Reader) -> str:
    """The act's type: as the work identifier names it (a portion's element says nothing of its act), else the
    document element's name."""
    named = reader.value("act_type", required=False)
    return (named[0] if named else _local(reader.doc)).lower()


def _annotations(reader: _Reader, own_uris: set[str]) -> dict[str, list[Statement]]:
    rules = reader.mapping.get("annotations")
    if not rules or "element" not in rules:
        return {}
    compiled = AnnotationRules(rules, reader.mapping.namespace)
    annotation_reader = AnnotationReader(compiled, own_uris)
    found = annotation_reader.read(reader.meta, reader.ns)
    for act, title in annotation_reader.titles.items():
        if not _is_own(act, own_uris) and len(title) > len(reader.ref_titles.get(act, "")):
            reader.ref_titles[act] = title
    return found


def _annotated_changes(
    units: list[Unit], annotations: dict[str, list[Statement]], work_uri: str, separator: str
) -> list[Modification]:
    """The changes the annotations record, each for the provision whose own text points at the note. A change
    concerns the whole provision when its note is not about words in it and either sits on the provision's
    number or heading, or names the provision (or a range of provisions) as what changed."""
    changes: list[Modification] = []
    for unit in units:
        for note in unit.notes:
            for statement in annotations.get(note, []):
                source = work_uri if statement.source_act and _is_own(statement.source_act, {work_uri}) else None
                names_unit = statement.ranged or any(
                    _eid_of(target, work_uri, separator) == unit.eid for target in statement.targets
                )
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
                        not statement.partial and (note in unit.unit_notes or names_unit),
                        statement.dates,
                    )
                )
    return list(dict.fromkeys(changes))


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
    parsed tree is dropped when the document is mapped: what is kept is the model, much smaller."""
    path_str = str(path)
    tree = parse_xml(path, limits)
    root = tree.getroot()
    namespace = etree.QName(root).namespace or ""
    mapping = mapping_for_namespace(namespace, mappings_dir)
    if mapping is None or etree.QName(root).localname != mapping.get("root", "akomaNtoso"):
        raise SourceError(
            path_str,
            root.sourceline,
            f"root <{etree.QName(root).localname}> in namespace {namespace!r} is not Akoma Ntoso "
            "(no mapping in mappings/ accepts it)",
        )
    return map_document(path_str, tree, mapping, limits)


def map_document(
    path: str,
    tree: etree._ElementTree,
    mapping: Mapping,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument:
    """Run `mapping` over a parsed document."""
    reader = _Reader(path, tree, mapping, limits)
    work_uri, work_uri_line = reader.value("work_uri")
    aliases = sorted({v for v, _ in reader.values(mapping["identification"].get("work_aliases", []))} - {work_uri})
    own_uris = {work_uri, *aliases}
    work_date = reader.date_value("work_date")
    expression_date = reader.date_value("expression_date")
    events, event_dates = reader.lifecycle(own_uris)
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
        declared = mapping.get("contains", {}).get(reader.doc.get("contains", ""))
        versioning = declared or ("periods" if len({w.start for w in windows.values()}) > 1 else "expression")
    periods_authoritative = versioning == "periods"
    starts = [w.start for w in windows.values()]
    enactments = [e.day for e in events if e.kind == "enactment"]
    entry_into_force = min(starts) if starts else (max(enactments) if enactments else None)
    containers = [c for spec in mapping.get("body", ["a:body"]) for c in reader.doc.findall(spec, reader.ns)]
    if not containers:
        raise SourceError(path, reader.doc.sourceline, "document has no body")
    default_window = Window(entry_into_force) if entry_into_force else None
    annotations = _annotations(reader, own_uris)
    modifications = reader.modifications(own_uris, windows, set(annotations))
    # a change with no period of its own takes effect when the act enters into force; when the source does not say
    # when that is, from the earliest date it gives the act (never a later consolidation's date)
    in_force = entry_into_force or min(event_dates.values(), default=work_date)
    active = reader.active_modifications(windows, in_force, mapping.get("eid_separator", "__"))
    units = reader.walk_units(containers, windows, default_window, mapping.get("eid_separator", "__"))
    separator = (mapping.get("annotations") or {}).get("target_separator", "-")
    modifications += _annotated_changes(units, annotations, work_uri, separator)
    manifested = reader.date_value("current_to", required=False)
    _notice_undated(reader, modifications)
    return SourceDocument(
        path=path,
        mapping=mapping.name,
        frbr_work=work_uri,
        frbr_aliases=aliases,
        jurisdiction=country.lower(),
        act_type=_act_type(reader),
        portion=_local(reader.doc) in set(mapping.get("portions", [])),
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
        current_to=max(expression_date, manifested) if manifested else expression_date,
        units=units,
        events=events,
        modifications=modifications,
        active_modifications=active,
        notices=reader.notices,
        cited_acts=reader.cited_acts(own_uris),  # after the modifications: it reads the titles they found
        lines=_lines(
            work_uri=work_uri_line,
            number=number_line,
            title=title_value[1] if title_value else None,
            work_date=reader.value("work_date")[1],
            expression_date=reader.value("expression_date")[1],
            body=containers[0].sourceline,
        ),
    )


def _lines(**lines: int | None) -> dict[str, int]:
    return {name: line for name, line in lines.items() if line}
