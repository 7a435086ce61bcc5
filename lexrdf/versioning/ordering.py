"""Document order of new provisions: a key between their stored neighbours, and for a subtree the document shows
nothing stored after (a legislation.gov.uk fragment), a place among its stored siblings by number."""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

from lexrdf.model import Unit
from lexrdf.versioning.state import StoredProvision


def document_order(document_units: list[Unit], known: dict[str, StoredProvision]) -> list[tuple[Unit, Decimal]]:
    """Give new provisions a document-order key between their stored neighbours. Where the document shows no
    stored unit after a new one (a legislation.gov.uk fragment holds one section and the headings above it), its
    place among the stored siblings of its enclosing unit is by their identifiers' natural order ("section-8" <
    "section-12A" < "section-16"), after the whole of the sibling before it: each section stays whole in the
    act's contents, in whatever order the fragments are ingested."""
    seen: set[str] = set()
    units = [u for u in document_units if not (u.path in seen or seen.add(u.path))]
    by_path = {u.path: u for u in units}
    placed_orders: list[tuple[Unit, Decimal]] = []
    following: list[Decimal | None] = [None] * len(units)
    upcoming: Decimal | None = None
    for index in range(len(units) - 1, -1, -1):
        following[index] = upcoming
        if units[index].path in known:
            upcoming = known[units[index].path].order
    children: dict[str | None, list[str]] = defaultdict(list)
    for path, stored in known.items():
        children[stored.parent_path or None].append(path)
    previous, ceiling = Decimal(0), None
    for index, unit in enumerate(units):
        if unit.path in known:
            previous, ceiling = known[unit.path].order, None
            continue
        upper = following[index] if ceiling is None else ceiling
        parent = unit.parent_path or None
        if following[index] is None and (parent is None or parent in known):
            # a new subtree under a stored unit, nothing stored after it in this document: among its siblings,
            # each placed by its own number or, unnumbered (a cross-heading), by the first numbered unit in it
            within = [u.path for u in units[index:] if u.path == unit.path or _holds(unit, u, by_path)]
            key = _first_numbered(within)
            siblings = children.get(parent, [])
            placed = {p: _first_numbered(_stored_subtree(p, children)) for p in siblings}
            before = sorted((p for p in siblings if placed[p] < key), key=placed.__getitem__)
            after = sorted((p for p in siblings if placed[p] > key), key=placed.__getitem__)
            if before:
                previous = max(previous, _subtree_end(before[-1], known, children))
            upper = ceiling = known[after[0]].order if after else None
        order = (previous + upper) / 2 if upper is not None else previous + 1
        placed_orders.append((unit, order))
        previous = order
    return placed_orders


def _holds(unit: Unit, other: Unit, by_path: dict[str, Unit]) -> bool:
    """Whether `other` lies within `unit` in this document."""
    parent = other.parent_path
    while parent:
        if parent == unit.path:
            return True
        holder = by_path.get(parent)
        parent = holder.parent_path if holder is not None else None
    return False


def _natural(path: str) -> tuple[tuple[int, int, str], ...]:
    """A provision path's natural sort key: its numbers as numbers ("section-12A" before "section-16")."""
    return tuple((0, int(chunk), "") if chunk.isdigit() else (1, 0, chunk) for chunk in re.findall(r"\d+|\D+", path))


def _stored_subtree(path: str, children: dict[str | None, list[str]]) -> list[str]:
    """A stored provision and the stored provisions within it."""
    found, stack = [path], list(children.get(path, []))
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def _first_numbered(paths: list[str]) -> tuple[tuple[int, int, str], ...]:
    """The natural key of the first of these paths (in natural order) whose last step holds a number."""
    numbered = [p for p in paths if re.search(r"\d", re.split(r"[-_]", p)[-1] if p else "")] or paths
    return min((_natural(p) for p in numbered), default=())


def _subtree_end(path: str, known: dict, children: dict[str | None, list[str]]) -> Decimal:
    """The greatest order among a stored provision and the stored provisions within it."""
    return max(known[p].order for p in _stored_subtree(path, children))
