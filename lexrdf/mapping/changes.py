"""The changes a document records in its metadata: those made to it (passive modifications) and those it makes
(active modifications), with the day each takes effect."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date

from lxml import etree

from lexrdf.mapping.destinations import destination_patterns, split_destination
from lexrdf.mapping.paths import local_name as _local
from lexrdf.mapping.reader import Reader
from lexrdf.mapping.text import normalise_text
from lexrdf.model import TEXTUAL_KINDS, ActiveModification, Modification, Unit, Window
from lexrdf.uris import eid_problem, provision_path


class ChangesReader(Reader):
    """The passive and active modifications of one document."""

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


def changes_of_itself(active: list[ActiveModification], units: list[Unit], work_uri: str) -> list[Modification]:
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


def notice_undated(reader: Reader, modifications: list[Modification]) -> None:
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
