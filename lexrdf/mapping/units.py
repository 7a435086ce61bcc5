"""The walk over a document's text: its structural units (provisions) in document order, each with its identity,
number, heading, own words, window and notes; what lies outside every provision is reported."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property
from itertools import takewhile

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.mapping.paths import LOCAL_NAMES
from lexrdf.mapping.paths import local_name as _local
from lexrdf.mapping.problems import element_name
from lexrdf.mapping.reader import Reader
from lexrdf.mapping.text import normalise_text
from lexrdf.model import Unit, Window
from lexrdf.uris import eid_problem, provision_path

_DOTS = re.compile(r"\.\s?\.\s?\.")  # what legislation.gov.uk shows for repealed words (". . .", "...")
_WORDS = re.compile(r"\w")


class UnitsReader(Reader):
    """The provisions of one document."""

    @cached_property
    def note_ref_tags(self) -> list[str]:
        """The qualified tags of the elements pointing at an annotation (`annotations.reference`)."""
        return [self.qualified(name) for name in self.note_refs]

    @cached_property
    def change_marks(self) -> set[str]:
        """The elements marking the words a change made (`annotations.marks`: AKN <ins>, <del>)."""
        marks = (self.mapping.get("annotations") or {}).get("marks") or []
        return {marks} if isinstance(marks, str) else set(marks)

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

        def dates(element: etree._Element) -> bool:  # whether it carries a window of its own
            if start_attribute and (element.get(start_attribute) or element.get(end_attribute or "")):
                return True
            return bool(attribute and element.get(attribute))

        def walk(
            element: etree._Element,
            parent_path: str | None,
            inherited: Window | None,
            inside_merged: bool = False,
            wrapped: bool = False,  # an element around the next unit, inside its parent unit, carries its window
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
                    unit.wrapped_period = wrapped
                    units.append(unit)
                    rest = self.text_elsewhere(child, unit)
                    if rest is not None:  # its words for the territories its marked changes do not reach
                        units.append(rest)
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
                    walk(child, parent_path, window, inside_merged or merged, wrapped or dates(child))

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

    def text_elsewhere(self, element: etree._Element, unit: Unit) -> Unit | None:
        """Where changes marked in `unit`'s own words extend to some of its territories only (`change_extent`:
        CLML <Addition Extent="E+W"> in an E+W+S section), its text for the others, with those changes not applied
        (their words added left out, the words they replaced kept): a concurrent version beside `unit`, which is
        then of the territories they reach. None when no marker of its own words says so, they disagree, or the words
        there are none or the same."""
        if not self.change_extent or not unit.extent:
            return None
        regions = unit.extent.split("+")
        reached: set[frozenset[str]] = set()
        for marker in element.iterfind(f".//*[@{self.change_extent}]"):  # the markers only, not every element
            if self.own_words(element, marker):
                reached.add(frozenset(marker.get(self.change_extent).split("+")) & set(regions))
        if len(reached) != 1:
            return None
        (limit,) = reached
        left = [r for r in regions if r not in limit]
        if not limit or not left:
            return None
        view = frozenset(left)
        notes: list[str] = []
        text = self.words_of(element, skip_units=True, notes=notes, view=view)
        if not text or text == unit.text:  # no words there, or the same ones (a change of its heading only)
            return None
        unit.extent, unit.concurrent = "+".join(r for r in regions if r in limit), True
        return replace(
            unit,
            text=text,
            notes=tuple(dict.fromkeys([*unit.unit_notes, *notes])),
            extent="+".join(left),
            concurrent=True,
            layout="",
            closing=self.closing_words(element, text),
        )

    def own_words(self, element: etree._Element, marker: etree._Element) -> bool:
        """Whether `marker` is in `element`'s own words, not in a unit inside it."""
        return next((a for a in marker.iterancestors() if self.is_unit(a)), None) is element

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
                heading = self.words_of(child, notes=unit_notes)
        for xpath in self.heading_paths if not heading else ():  # a heading outside the unit (CLML: P1group)
            found = self.paths.first(element, xpath)
            if isinstance(found, etree._Element):
                heading = self.words_of(found, notes=unit_notes)
                break
        editorial: list[etree._Element] = []
        tails: list[str] = []  # the editor's notes cut from the end of its words
        text = self.words_of(element, tails, skip_units=True, notes=notes, editorial=editorial)
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
            deferred_effects=self.deferred_effects(editorial, tuple(tails), element.sourceline),
            closing=closing,
            extent=self.extents.extent(element),
            prospective=prospective,
            part_identifiers=self.part_uris(element),
            kept_notes=self.kept_notes(element) if notes else (),
        )

    def kept_notes(self, element: etree._Element) -> tuple[str, ...]:
        """The notes marked in `element`'s own words (not a unit's inside it) by a marker standing in words the text
        keeps: the marker is a change marker the source keeps the words of (`retained_text`: CLML <Repeal
        RetainText="true" CommentaryRef=...>) or sits inside one; or it sits in a mark of the changed words
        (`annotations.marks`, the AKN export's <ins>) that holds words, not only the dots of repealed ones."""
        kept: list[str] = []
        for reference in element.iter(*self.note_ref_tags):
            if not self.own_words(element, reference):
                continue
            target = reference.get(self.note_refs[LOCAL_NAMES[reference.tag]], "")
            if not (target.startswith(self.note_prefix) and len(target) > len(self.note_prefix)):
                continue
            holders = [reference, *takewhile(lambda a: a is not element, reference.iterancestors())]
            if any(self.keeps_words(holder) for holder in holders):
                kept.append(target[len(self.note_prefix) :])
        return tuple(dict.fromkeys(kept))

    def keeps_words(self, holder: etree._Element) -> bool:
        """Whether `holder` is a change marker whose words the text shows and keeps (see `kept_notes`)."""
        name = LOCAL_NAMES[holder.tag]
        if self.retained and name in self.skip and self.kept(holder):
            return True
        if name not in self.change_marks or name in self.skip:
            return False
        words = "".join(t for t in holder.itertext() if t).strip()
        return bool(_WORDS.search(_DOTS.sub("", words)))

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


def inherit_deferred_effects(units: list[Unit]) -> None:
    """An editor's note of a deferred effect concerns the changes anywhere in its unit ("la presente modifica" of an
    article is in one of its paragraphs): the units inside it carry it too, after their own."""
    by_path: dict[str, Unit] = {}
    for unit in units:  # document order: a unit's ancestors come before it
        parent = by_path.get(unit.parent_path or "")
        if parent is not None and parent.deferred_effects:
            unit.deferred_effects = tuple(dict.fromkeys(unit.deferred_effects + parent.deferred_effects))
        by_path.setdefault(unit.path, unit)
