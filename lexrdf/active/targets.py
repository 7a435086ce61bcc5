"""Resolving a destination against a held target act: its provisions (by eId, in document order, per expression
being ingested), positional steps, the provision the amending words name within them, and ranges."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from urllib.parse import unquote

from lexrdf.model import ActiveModification, SourceDocument
from lexrdf.queries.repository import act_provisions
from lexrdf.store.base import Store


@dataclass
class _Structure:
    """A held target's provisions: their paths by eId, parents, and document order (of one expression)."""

    by_eid: dict[str, str] = field(default_factory=dict)
    parent: dict[str, str | None] = field(default_factory=dict)
    ordered: list[str] = field(default_factory=list)  # paths, document order
    since: dict[str, date | None] = field(default_factory=dict)  # from when the act has had the provision
    by_expression: dict[date, list[str]] = field(default_factory=dict)  # batch expressions: paths in order

    def paths_at(self, day: date | None) -> list[str]:
        """The provisions of the expression of `day`, in document order: that expression when it is being
        ingested (or the latest before it), else the stored provisions the act had by then."""
        if day is not None and self.by_expression:
            earlier = [d for d in self.by_expression if d <= day]
            return self.by_expression[max(earlier) if earlier else min(self.by_expression)]
        if day is not None:
            had = [p for p in self.ordered if self.since.get(p) is None or self.since[p] <= day]
            if had:
                return had
        return self.ordered

    def depth(self, path: str) -> int:
        depth, parent = 0, self.parent.get(path)
        while parent:
            depth, parent = depth + 1, self.parent.get(parent)
        return depth


def _structure(store: Store, act: str, documents: list[SourceDocument]) -> _Structure:
    found = _Structure()
    for row in act_provisions(store, act):
        if row.eid:
            found.by_eid.setdefault(row.eid, row.path)
        found.parent.setdefault(row.path, row.parent_path)
        found.ordered.append(row.path)
        dates = [d for d in (row.first_from, row.first_opened) if d is not None]
        found.since[row.path] = min(dates) if dates else None
    for document in documents:
        paths = found.by_expression.setdefault(document.expression_date, [])
        listed = set(paths)  # (a list's `in` made this quadratic in an act's units)
        for unit in document.units:
            if unit.eid:
                found.by_eid.setdefault(unit.eid, unit.path)
            found.parent.setdefault(unit.path, unit.parent_path)
            if unit.path not in listed:
                listed.add(unit.path)
                paths.append(unit.path)
    if documents:
        latest = found.by_expression[max(found.by_expression)]
        in_latest = set(latest)
        found.ordered = latest + [p for p in found.ordered if p not in in_latest]
    return found


def _token(segment: str) -> str:
    return segment.rpartition("-")[0] or segment


def resolve_steps(steps: str, paths: list[str]) -> str | None:
    """The deepest provision a positional path proves: each ``{element}-{n}`` step is the n-th nearest element of
    that kind (the eId segment's name) below the one found so far, in document order. A step naming a kind the
    target's eIds do not use (a container the other markup has and this one lacks) is passed over, unless the
    next step's candidates then sit in different containers (the passed step would have told which): there the
    path stops at what it proved.

    >>> paths = ["art-z20", "art-z20/abs-z1", "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1",
    ...          "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2", "art-z20/abs-z2", "art-z34"]
    >>> resolve_steps("hauptteil-1/art-1/abs-1/untergl-1/listenelem-2/inhalt-1/text-1", paths)
    'art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2'
    >>> resolve_steps("art-2/abs-3", paths)
    'art-z34'
    """
    segmented = [tuple(path.split("/")) for path in paths]
    current: tuple[str, ...] = ()
    passed = False
    for step in steps.split("/"):
        token, _, number = step.rpartition("-")
        if not token or not number.isdigit():
            break
        candidates: list[tuple[str, ...]] = []
        for segments in segmented:
            if segments[: len(current)] != current:
                continue
            for index in range(len(current), len(segments)):
                if _token(segments[index]) == token:
                    if segments[: index + 1] not in candidates:
                        candidates.append(segments[: index + 1])
                    break
        if not candidates:
            passed = True
            continue
        if passed and len({c[len(current) : -1] for c in candidates}) > 1:
            break
        if not 1 <= int(number) <= len(candidates):
            break
        current, passed = candidates[int(number) - 1], False
    held = set(paths)
    while current and "/".join(current) not in held:
        current = current[:-1]
    return "/".join(current) or None


def _same_segment(segment: str, cited: str) -> bool:
    """Whether an eId segment is the one the words name (percent-decoded, case and the § sign aside)."""
    return unquote(segment).replace("§", "").lower() == unquote(cited).replace("§", "").lower()


def within_cited(path: str, cited: tuple[str, ...], paths: list[str]) -> str:
    """The provision the amending words name (`cited` eId segments, outermost first) within the one a destination's
    steps proved (`path`): the words say more only inside it (§ 6b, the 26th article, then its Absatz 6), never
    elsewhere; `path` itself when they name nothing deeper in it.

    >>> paths = ["art-z%c2%a76b", "art-z%c2%a76b/abs-z1", "art-z%c2%a76b/abs-z6", "art-z%c2%a77"]
    >>> within_cited("art-z%c2%a76b", ("art-z6b", "abs-z6"), paths), within_cited("art-z%c2%a77", ("art-z6b",), paths)
    ('art-z%c2%a76b/abs-z6', 'art-z%c2%a77')
    """
    segments = path.split("/")
    if not cited or not any(_same_segment(segments[-1], name) for name in cited):
        return path  # the words do not name the provision the steps proved: they cannot lead within it
    found = path
    for name in cited[[_same_segment(segments[-1], n) for n in cited].index(True) + 1 :]:
        depth = found.count("/") + 1
        below = [p for p in paths if p.startswith(found + "/") and _same_segment(p.split("/")[depth], name)]
        exact = [p for p in below if p.count("/") == depth]
        if len(exact) != 1:
            break
        found = exact[0]
    return found


def _target_paths(change: ActiveModification, structure: _Structure) -> tuple[list[str], str | None]:
    """The provisions of a held target a destination names (the act itself when it names no portion; a range:
    each provision from the first to the last, at the first one's depth), or the problem with it."""
    if not change.target and not change.positional:
        return [""], None
    if change.positional:
        paths = structure.paths_at(change.target_expression)
        path = resolve_steps(change.target, paths)
        if path is None:
            return [], f"names no provision (no step of {change.target!r} matches an eId)"
        return [within_cited(path, change.cited, paths)], None
    first = _path_of(change.target, change.kind, structure)
    if first is None:
        return [], f"names no provision (eId {change.target!r} is absent)"
    if not change.through:
        return [first], None
    last = _path_of(change.through, change.kind, structure)
    if last is None:
        return [], f"names no provision (eId {change.through!r}, the end of the range, is absent)"
    order = structure.ordered
    if first not in order or last not in order or order.index(last) < order.index(first):
        return [], f"names no range of provisions ({change.target!r} to {change.through!r})"
    depth = structure.depth(first)
    span = order[order.index(first) : order.index(last) + 1]
    return [path for path in span if structure.depth(path) == depth], None


def _path_of(eid: str, kind: str, structure: _Structure) -> str | None:
    """The provision an eId names; for an insertion of a provision the target does not have yet, the provision it
    is inserted into (the longest eId the new one extends)."""
    if eid in structure.by_eid:
        return structure.by_eid[eid]
    if kind != "insertion":
        return None
    holders = [e for e in structure.by_eid if eid.startswith(e) and eid[len(e) : len(e) + 1] in {"_", "-", "."}]
    return structure.by_eid[max(holders, key=len)] if holders else None
