"""What a document records of one unit: its changes (of a kind, on a day), those of the units inside it and of
the units around it (an article repealed or inserted as a whole carries its paragraphs), and which territories a
repeal limited to some of them reaches. A part of the `Planner` (lexrdf.versioning.planner), over its indexes of
the document."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from lexrdf.model import TEXTUAL_KINDS, Modification, Unit
from lexrdf.versioning.state import StoredAct

TEXTUAL = TEXTUAL_KINDS
REOPENING_KINDS = frozenset({"insertion", "substitution"})


class UnitChanges:
    """The changes the document records of a unit and of those around it (the Planner's indexes, read)."""

    stored: StoredAct
    units_by_path: dict[str, Unit]
    chain_units: dict[tuple[str, str | None], Unit]
    chain_notes: dict[str | None, set[str]]
    descendant_eids: dict[str, set[str]]
    mods_by_target: dict[str, list[Modification]]

    def changes(self, unit: Unit, day: date | None = None, kinds: set[str] = TEXTUAL) -> list[Modification]:
        """The recorded changes of `unit` of these kinds (taking effect on `day`, when given)."""
        return [
            m
            for m in self.mods_by_target.get(unit.eid or "", [])
            if m.kind in kinds and (day is None or m.effective == day) and self.concerns(unit, m)
        ]

    def concerns(self, unit: Unit, change: Modification) -> bool:
        """Whether `change` is one of `unit`'s timeline: a concurrent version (an E+W text beside an S text, sharing
        its identifiers) is changed only by the notes the texts of its own extent point at."""
        return not unit.concurrent or change.note_id is None or change.note_id in self.chain_notes[unit.extent]

    def descendant_changes(self, unit: Unit, day: date, kinds: frozenset[str] | None = TEXTUAL) -> list[Modification]:
        """The changes of the units inside `unit` taking effect on `day` (of these kinds; None: of any kind)."""
        return [
            m
            for target in sorted(self.descendant_eids.get(unit.path, set()))
            for m in self.mods_by_target.get(target, [])
            if m.effective == day and (kinds is None or m.kind in kinds) and self.concerns(unit, m)
        ]

    def ancestor_changes(self, unit: Unit, day: date, kinds: set[str]) -> list[Modification]:
        """The nearest ancestor's changes of these kinds on `day` (a repealed or inserted article carries its
        paragraphs with it)."""
        for parent in self.ancestors(unit):
            found = [m for m in self.changes(parent, day, kinds) if m.of_unit and self.wholly(unit, m)]
            if found:
                return found
        return []

    def ancestors(self, unit: Unit) -> Iterator[Unit]:
        """The units enclosing `unit`, nearest first (as the document or, failing it, the store holds them); those of
        a concurrent version are those of its own extent, where it has them."""
        parent = self.unit_at(unit.parent_path, unit)
        while parent is not None:
            yield parent
            parent = self.unit_at(parent.parent_path, parent)

    def whole_repeals(self, unit: Unit, day: date | None = None) -> list[Modification]:
        """The repeals of `unit` as a whole the document records (taking effect on `day`, when given), for every
        territory it extends to."""
        return [m for m in self.changes(unit, day, {"repeal"}) if m.of_unit and self.wholly(unit, m)]

    @staticmethod
    def leaves(unit: Unit, change: Modification) -> str | None:
        """The territories a change limited to some of those `unit` extends to (`Modification.extent`: "S. 108(2)
        repealed (18.11.2003 for E.)" of an E+W+S provision) leaves out ("W+S"), in its spelling; None when it is
        not so limited, reaches none of them or leaves none out, or the extent of `unit` is not known."""
        if change.extent is None or unit.extent is None:
            return None
        limited, regions = set(change.extent.split("+")), unit.extent.split("+")
        left = [r for r in regions if r not in limited]
        return "+".join(left) if left and len(left) < len(regions) else None

    @classmethod
    def wholly(cls, unit: Unit, change: Modification) -> bool:
        """Whether a repeal reaches every territory `unit` extends to (any other change: always)."""
        if change.kind != "repeal" or change.extent is None or unit.extent is None:
            return True
        return set(unit.extent.split("+")) <= set(change.extent.split("+"))

    def territorial_repeals(self, unit: Unit) -> list[tuple[Modification, str]]:
        """The repeals as a whole of `unit` (or of a unit around it, which carries it) limited to some of the
        territories it extends to, earliest first (undated last), each with the territories it leaves `unit` in force
        for."""
        found = [
            (m, left)
            for holder in (unit, *self.ancestors(unit))
            for m in self.changes(holder, kinds={"repeal"})
            if m.of_unit and (left := self.leaves(unit, m))
        ]
        return sorted(found, key=lambda found: found[0].effective or date.max)

    def enclosing_changes(self, unit: Unit) -> list[Modification]:
        """Every insertion or substitution as a whole of a provision enclosing `unit` (on any day): each brought the
        words of `unit` that its source shows, so none of them is older than that change."""
        return [m for parent in self.ancestors(unit) for m in self.changes(parent, kinds=REOPENING_KINDS) if m.of_unit]

    def unit_at(self, path: str | None, within: Unit | None = None) -> Unit | None:
        """The unit at `path` in this document (the concurrent version of `within`'s extent, when it has one) or,
        failing that, as stored (without text)."""
        if path is None:
            return None
        if within is not None and within.concurrent and (path, within.extent) in self.chain_units:
            return self.chain_units[(path, within.extent)]
        if path in self.units_by_path:
            return self.units_by_path[path]
        known = self.stored.provisions.get(path)
        if known is None:
            return None
        return Unit(known.eid, path, "", known.parent_path, "", "", "", None, None)
