"""Commencement in part: a provision in force for some purposes only before it came wholly into force.

A note saying so ("s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i)", "S. 55A inserted (1.10.2009
for certain purposes and 6.4.2010 to the extent that it is not already in force)") is read by the mapping as a
change of kind ``partial-commencement`` with its date and the words saying for what (`Modification.purposes`). Each
such change dated before the provision's first version is recorded as an event (lex:PartialCommencement: it affects
the provision, opens no version) and linked from that version (`NewVersion.in_part`), so that text-at answers a
date between the two ``partly-in-force``, with that version's words, the note and the purposes, never a plain
"not yet in force" nor a plain "in force". A change dated on or after the first version's start says nothing the
version does not (it was in force wholly by then), and so does one before a version that does not begin the
provision's history (its words may be later ones: s. 7(1) of the DPA from 1.1.2005). A commencement in part of a
provision as a whole is one of the units within it too when their first version starts with its own (their words
came with it) and the source records no commencement of their own: s. 55A(1) is in force for those purposes as s.
55A is.
A provision commenced in part that no note brings wholly into force on or before the source's currency ("S. 122
partly in force; s. 122 not in force at Royal Assent, see s. 425(2); s. 122 in force for specified purposes
(3.7.2000) by S.I. 2000/801") is in force for some purposes only in every version from that commencement on: each
such version is marked so (`NewVersion.partly`, lex:partlyInForce) with the commencements in part it follows, and
text-at answers ``partly-in-force`` with its words, never a plain "in force". The units within it without a
commencement of their own are in force as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexrdf.versioning.evidence import file_name, of_changes

if TYPE_CHECKING:
    from lexrdf.model import Unit
    from lexrdf.versioning.planner import Planner

PARTIAL = "partial-commencement"


def record_partial_commencements(planner: Planner) -> None:
    """Link each provision's first new version to the commencements in part dated before it."""
    name = file_name(planner.document.path)
    first = {v.path: v.valid_from for v in planner.plan.new_versions if v.previous is None and v.begins_history}
    for version in planner.plan.new_versions:
        if version.previous is not None or not version.begins_history:
            continue  # not the provision's first text: its words may be later than the commencement in part
        unit = planner.units_by_path.get(version.path)
        if unit is None:
            continue
        # a unit whose own commencement the source records (s. 100(5) "in force at 3.7.2000", beside "s. 100(1)-(4)(6)
        # in force at 12.1.2000") is in force as that says, not in part with the provision holding it
        inherits = not planner.changes(unit, kinds={"commencement"})
        enclosing = [a for a in planner.ancestors(unit) if first.get(a.path) == version.valid_from] if inherits else []
        holders = [unit, *enclosing]
        for mod in (m for holder in holders for m in planner.changes(holder, kinds={PARTIAL})):
            if mod.effective is None or mod.effective >= version.valid_from or not mod.of_unit:
                continue
            event = planner.event(mod.effective, PARTIAL, unit.path, [mod])
            evidence = "; ".join(sorted(of_changes(name, [mod])))
            version.in_part.append((event, mod.purposes or "", evidence))


def record_partly_in_force(planner: Planner) -> None:
    """Mark each new version in force for some purposes only throughout its window (see the module's docstring)."""
    name, currency = file_name(planner.document.path), planner.document.current_to
    for version in planner.plan.new_versions:
        unit = planner.units_by_path.get(version.path)
        if unit is None:
            continue
        for holder in (unit, *planner.ancestors(unit)):
            if planner.changes(holder, kinds={"commencement"}) or _parts_commenced(planner, holder):
                break  # commenced wholly, or through its parts ("s. 82(3) in force (1.1.2001) in so far as not
                # already in force"), or its commencement is its own: not in part throughout
            # a change a note dates "for certain purposes" first and wholly later ("inserted (1.10.2009 for certain
            # purposes and 6.4.2010 to the extent that it is not already in force)") is completed by its own note
            own = planner.mods_by_target.get(holder.eid or "", [])
            completed = {m.note for m in own if m.kind != PARTIAL and m.effective}
            parts = [
                m
                for m in planner.changes(holder, kinds={PARTIAL})
                if m.of_unit
                and m.effective
                and m.effective <= version.valid_from
                and (currency is None or m.effective <= currency)
                and m.note not in completed
            ]
            if not parts:
                continue
            version.partly = True
            for mod in parts:
                event = planner.event(mod.effective, PARTIAL, unit.path, [mod])  # type: ignore[arg-type]
                evidence = "; ".join(sorted(of_changes(name, [mod])))
                version.in_part.append((event, mod.purposes or "", evidence))
            break


def _parts_commenced(planner: Planner, unit: Unit) -> bool:
    """Whether a note commences a provision within `unit` (wholly): then what is in force of `unit` is not known to
    stay partial."""
    return any(
        m.kind == "commencement"
        for target in planner.descendant_eids.get(unit.path, set())
        for m in planner.mods_by_target.get(target, [])
    )
