"""The SAT-Graph API's operations over lexrdf: each is one parameterised query in `queries/` and a thin layer that
turns its rows into the specification's shapes (Version, Action, Item, TextUnit, ...).

Identifiers are SAT-Graph ids (the `dcterms:identifier` an import recorded, an act's `lex:frbrWork`) or lexrdf
IRIs; times are RFC 3339 date-times or dates (a date-time counts for the day it falls on).

>>> OPERATIONS["getValidVersions"].parameters
('itemId', 'at', 'observerTime')
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from lexrdf.errors import LexrdfError, QueryError
from lexrdf.queries import Query, load_library, row_values
from lexrdf.satgraph.model import day, moment
from lexrdf.store.base import Store

QUERIES = Path(__file__).resolve().parent / "queries"
_SEPARATOR = "\t"


class NotFound(LexrdfError):
    """An id that names nothing of the kind asked for (HTTP 404)."""


@cache
def library() -> dict[str, Query]:
    """The SAT-Graph queries (internal: they are not endpoints of /api)."""
    return load_library(QUERIES)


def _date(value: str | None, name: str) -> str | None:
    """A SAT-Graph time as the day lexrdf compares (YYYY-MM-DD), or QueryError naming the parameter."""
    if value is None or value == "":
        return None
    try:
        found = day(value)
    except ValueError:
        raise QueryError(f"parameter {name!r}: {value!r} is not a date-time (RFC 3339) or date", name) from None
    return found.isoformat() if found else None


def _interval(start: str | None, end: str | None) -> list[str | None]:
    return [moment(date.fromisoformat(start)) if start else None, moment(date.fromisoformat(end)) if end else None]


def _ids(joined: str | None) -> list[str]:
    return sorted(part for part in (joined or "").split(_SEPARATOR) if part)


def _metadata(text: str | None) -> Any:
    return json.loads(text) if text else None


def _kept(answer: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """An answer with what its import kept: the dataset's fields lexrdf does not map (never over a mapped one), and
    `assumed`, the values the import took for fields the dataset left out (the answer rests on them)."""
    for key, value in (_metadata(row.get("extra")) or {}).items():
        answer.setdefault(key, value)
    assumed = _metadata(row.get("assumed"))
    if assumed:
        answer["assumed"] = assumed
    return answer


def version_object(row: dict[str, Any]) -> dict[str, Any]:
    """A Version (SAT-Graph schema) from a row of the version queries."""
    version: dict[str, Any] = {
        "id": row["version_id"],
        "itemId": row["item_id"],
        "type": row["type"],
        "validityInterval": _interval(row["valid_from"], row["valid_until"]),
    }
    if row["applicable_from"] or row["applicable_until"]:
        version["applicabilityInterval"] = _interval(
            row["applicable_from"] or row["valid_from"], row["applicable_until"]
        )
    version["producedByActionId"] = row["produced_by"]
    version["terminatedByActionId"] = row["terminated_by"]
    for key in ("urn", "url"):
        if row[key]:
            version[key] = row[key]
    version["metadata"] = _metadata(row["metadata"])
    return _kept(version, row)


def action_object(row: dict[str, Any]) -> dict[str, Any]:
    """An Action (SAT-Graph schema) from a row of the action queries."""
    action: dict[str, Any] = {
        "id": row["action_id"],
        "type": row["type"],
        "eventTime": moment(date.fromisoformat(row["date"])),
    }
    if row["parent_id"]:
        action["parentId"] = row["parent_id"]
    if row["validity"]:
        action["validityInterval"] = json.loads(row["validity"])
    if row["applicability"]:
        action["applicabilityInterval"] = json.loads(row["applicability"])
    action["sourceVersionIds"] = _ids(row["sources"])
    action["terminatesVersionIds"] = _ids(row["terminates"])
    action["producesVersionIds"] = _ids(row["produces"])
    action["metadata"] = _metadata(row["metadata"])
    return _kept(action, row)


def item_object(row: dict[str, Any]) -> dict[str, Any]:
    """An Item (SAT-Graph schema) from a row of the item queries."""
    item: dict[str, Any] = {"id": row["item_id"], "typeId": row["type_id"], "label": row["label"]}
    for key, field in (("urn", "urn"), ("url", "url"), ("parent_id", "parentId")):
        if row[key]:
            item[field] = row[key]
    item["metadata"] = _metadata(row["metadata"])
    return _kept(item, row)


def text_unit_object(row: dict[str, Any]) -> dict[str, Any]:
    """A TextUnit (SAT-Graph schema) from a row of the text unit queries."""
    unit = {
        "id": row["unit_id"],
        "sourceType": row["source_type"],
        "sourceId": row["source_id"],
        "language": row["language"],
        "aspect": row["aspect"],
        "content": row["content"],
    }
    if row["metadata"]:
        unit["metadata"] = _metadata(row["metadata"])
    return _kept(unit, row)


def unique_rows(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """One row per resource (a resource with several identifiers or labels can give several)."""
    seen: dict[Any, dict[str, Any]] = {}
    for row in rows:
        seen.setdefault(row[key], row)
    return list(seen.values())


class SatGraph:
    """The SAT-Graph operations over one store."""

    def __init__(self, store: Store, timeout: float | None = None) -> None:
        self.store = store
        self.timeout = timeout

    def rows(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """The rows of one SAT-Graph query, its parameters bound as typed terms."""
        text = library()[name].bound({k: v for k, v in params.items() if v is not None})
        return row_values(self.store.select(text, self.timeout))

    def resolve(self, identifier: str, kind: str, parameter: str) -> str:
        """The lexrdf IRI of the item, version, action or text unit a SAT-Graph id names, or NotFound."""
        if not identifier or not identifier.strip():
            raise QueryError(f"parameter {parameter!r} is empty", parameter)
        found = [row["resource"] for row in self.rows("resolve-id", id=identifier.strip()) if row["kind"] == kind]
        if not found:
            raise NotFound(f"{parameter} {identifier!r}: no {kind} with this id")
        return found[0]

    # -- temporal resolution ------------------------------------------------------------------------------
    def _versions(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return [version_object(row) for row in unique_rows(self.rows(name, **params), "version")]

    def get_valid_versions(self, itemId: str, at: str | None = None, observerTime: str | None = None) -> list:
        """getValidVersions: every version of the item (statutory and interpretive) valid at `at` (default today)."""
        when = _date(at, "at") or date.today().isoformat()
        item = self.resolve(itemId, "item", "itemId")
        return self._versions("valid-versions", item=item, at=when, known_at=observerTime)

    def get_applicable_versions(self, itemId: str, at: str | None = None, observerTime: str | None = None) -> list:
        """getApplicableVersions: every version of the item that can produce effects at `at` (default today)."""
        when = _date(at, "at") or date.today().isoformat()
        item = self.resolve(itemId, "item", "itemId")
        return self._versions("applicable-versions", item=item, at=when, known_at=observerTime)

    def get_item_versions(self, itemId: str, startAt: str | None = None, endAt: str | None = None) -> list:
        """getItemVersions: every version of the item, oldest first (those overlapping [startAt, endAt))."""
        item = self.resolve(itemId, "item", "itemId")
        return self._versions(
            "item-versions", item=item, start_at=_date(startAt, "startAt"), end_at=_date(endAt, "endAt")
        )

    def get_version(self, versionId: str) -> dict[str, Any]:
        """getVersion: one version or interpretation."""
        found = self._versions("version", version=self.resolve(versionId, "version", "versionId"))
        if not found:
            raise NotFound(f"versionId {versionId!r}: no version with this id")
        return found[0]

    def get_version_text_units(self, versionId: str, language: str | None = None) -> list:
        """getVersionTextUnits: the version's canonical texts and its other aspects (in `language`)."""
        version = self.resolve(versionId, "version", "versionId")
        return [text_unit_object(row) for row in self.rows("version-text-units", version=version, language=language)]

    # -- actions --------------------------------------------------------------------------------------------
    def get_action(self, actionId: str) -> dict[str, Any]:
        """getAction: one action with the versions it produced and terminated."""
        rows = self.rows("action", event=self.resolve(actionId, "action", "actionId"))
        if not rows:
            raise NotFound(f"actionId {actionId!r}: no action with this id")
        return action_object(rows[0])

    def get_item_history(
        self,
        itemId: str,
        startTime: str | None = None,
        endTime: str | None = None,
        actionTypes: list[str] | None = None,
    ) -> list:
        """getItemHistory: every action that affected the item, oldest first."""
        item = self.resolve(itemId, "item", "itemId")
        rows = self.rows(
            "item-history",
            item=item,
            start_time=_date(startTime, "startTime"),
            end_time=_date(endTime, "endTime"),
            action_types=",".join(actionTypes or []),
        )
        return [action_object(row) for row in rows]

    def get_actions_by_source(
        self,
        sourceWorkId: str,
        actionTypes: list[str] | None = None,
        granularity: str | None = None,
    ) -> list:
        """getActionsBySource: every action the source work caused (lexrdf records micro-level actions only)."""
        source = self.resolve(sourceWorkId, "item", "sourceWorkId")
        rows = self.rows("actions-by-source", source=source, action_types=",".join(actionTypes or []))
        return [action_object(row) for row in rows]

    # -- structure ------------------------------------------------------------------------------------------
    def get_item(self, itemId: str) -> dict[str, Any]:
        """getItem: one item."""
        rows = self.rows("item", item=self.resolve(itemId, "item", "itemId"))
        return item_object(rows[0])

    def get_item_children(self, itemId: str) -> list:
        """getItemChildren: the items directly below, in document order."""
        return [item_object(row) for row in self.rows("item-children", item=self.resolve(itemId, "item", "itemId"))]

    def get_item_ancestors(self, itemId: str) -> list:
        """getItemAncestors: the items above, from the root work down to the immediate parent."""
        return [item_object(row) for row in self.rows("item-ancestors", item=self.resolve(itemId, "item", "itemId"))]

    def get_item_hierarchy(self, itemId: str, depth: int | None = None) -> list[str]:
        """getItemHierarchy: the ids of the item and of every item below it (to `depth` levels)."""
        item = self.resolve(itemId, "item", "itemId")
        return [row["item_id"] for row in self.rows("item-hierarchy", item=item, depth=depth)]

    # -- text -----------------------------------------------------------------------------------------------
    def compare_versions(self, versionIdA: str, versionIdB: str) -> dict[str, Any]:
        """compareVersions: a word-level TextDiffReport of the two versions' canonical texts (a language both have,
        the first in code order)."""
        units = [
            {u["language"]: u for u in self.get_version_text_units(identifier) if u["aspect"] == "canonical"}
            for identifier in (versionIdA, versionIdB)
        ]
        before_version, after_version = (self.get_version(identifier) for identifier in (versionIdA, versionIdB))
        common = sorted(set(units[0]) & set(units[1]))
        language = common[0] if common else None
        before = units[0][language]["content"] if language else ""
        after = units[1][language]["content"] if language else ""
        component = after_version["itemId"] if after_version["itemId"] == before_version["itemId"] else None
        return {"language": language, "changes": word_changes(before, after, component)}

    def search_text_units(
        self,
        query: str,
        itemIds: list[str] | None = None,
        at: str | None = None,
        language: str | None = None,
        aspects: list[str] | None = None,
        topK: int = 10,
    ) -> list:
        """searchTextUnits: text units containing the phrase, ranked by occurrences (lexical only)."""
        phrase = query.strip().strip('"').strip()
        if not phrase:
            raise QueryError("parameter 'contentQuery': no query text", "contentQuery")
        scopes = [self.resolve(identifier, "item", "itemIds") for identifier in itemIds or []] or [None]
        hits: dict[str, dict[str, Any]] = {}
        for scope in scopes:
            rows = self.rows(
                "search-text-units",
                text=phrase,
                scope=scope,
                at=_date(at, "at"),
                language=language,
                aspects=",".join(aspects or ["canonical"]),
            )
            for row in rows:
                hits.setdefault(row["unit_id"], row)
        ranked = sorted(hits.values(), key=lambda row: (-float(row["score"]), row["source_id"], row["unit_id"]))
        return [{"textUnit": text_unit_object(row), "score": float(row["score"])} for row in ranked[: max(topK, 1)]]

    def resolve_item_reference(
        self,
        referenceText: str,
        contextId: str | None = None,
        at: str | None = None,
        topK: int = 5,
    ) -> list:
        """resolveItemReference: the items a reference names, by id (confidence 1) or label (0.5)."""
        context = self.resolve(contextId, "item", "contextId") if contextId else None
        rows = self.rows("resolve-reference", reference=referenceText.strip(), context=context)
        found = []
        for row in rows[: max(topK, 1)]:
            item = self.rows("item", item=row["item"])
            if item:
                found.append({"item": item_object(item[0]), "confidence": float(row["confidence"])})
        return found


def word_changes(before: str, after: str, component: str | None) -> list[dict[str, Any]]:
    """The word-level changes from one text to another, as TextDiffReport entries.

    >>> [c["type"] for c in word_changes("a b c", "a x c d", None)]
    ['modification', 'addition']
    """
    old, new = before.split(), after.split()
    changes = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        kind = {"replace": "modification", "delete": "deletion", "insert": "addition"}[tag]
        change: dict[str, Any] = {"type": kind, "level": "word"}
        if component:
            change["componentId"] = component
        if i2 > i1:
            change["contentBefore"] = " ".join(old[i1:i2])
        if j2 > j1:
            change["contentAfter"] = " ".join(new[j1:j2])
        changes.append(change)
    return changes


@dataclass(frozen=True)
class Operation:
    """One SAT-Graph operation: its method on SatGraph and the parameters it takes (list ones are comma-separated
    on the command line)."""

    method: Callable[..., Any]
    parameters: tuple[str, ...]
    lists: tuple[str, ...] = ()
    integers: tuple[str, ...] = ()


OPERATIONS: dict[str, Operation] = {
    "getValidVersions": Operation(SatGraph.get_valid_versions, ("itemId", "at", "observerTime")),
    "getApplicableVersions": Operation(SatGraph.get_applicable_versions, ("itemId", "at", "observerTime")),
    "getItemVersions": Operation(SatGraph.get_item_versions, ("itemId", "startAt", "endAt")),
    "getVersion": Operation(SatGraph.get_version, ("versionId",)),
    "getVersionTextUnits": Operation(SatGraph.get_version_text_units, ("versionId", "language")),
    "getAction": Operation(SatGraph.get_action, ("actionId",)),
    "getItemHistory": Operation(
        SatGraph.get_item_history, ("itemId", "startTime", "endTime", "actionTypes"), lists=("actionTypes",)
    ),
    "getActionsBySource": Operation(
        SatGraph.get_actions_by_source, ("sourceWorkId", "actionTypes", "granularity"), lists=("actionTypes",)
    ),
    "getItem": Operation(SatGraph.get_item, ("itemId",)),
    "getItemChildren": Operation(SatGraph.get_item_children, ("itemId",)),
    "getItemAncestors": Operation(SatGraph.get_item_ancestors, ("itemId",)),
    "getItemHierarchy": Operation(SatGraph.get_item_hierarchy, ("itemId", "depth"), integers=("depth",)),
    "compareVersions": Operation(SatGraph.compare_versions, ("versionIdA", "versionIdB")),
    "searchTextUnits": Operation(
        SatGraph.search_text_units,
        ("query", "itemIds", "at", "language", "aspects", "topK"),
        lists=("itemIds", "aspects"),
        integers=("topK",),
    ),
    "resolveItemReference": Operation(
        SatGraph.resolve_item_reference, ("referenceText", "contextId", "at", "topK"), integers=("topK",)
    ),
}


def call(sat: SatGraph, name: str, values: dict[str, str] | list[str]) -> Any:
    """Run an operation by name with string values: by parameter name, or positional (as a sample query writes
    them, ``getValidVersions('urn:...', '2001-05-20')``). QueryError names an unknown operation or parameter."""
    operation = OPERATIONS.get(name)
    if operation is None:
        raise QueryError(f"unknown operation {name!r} (known: {', '.join(sorted(OPERATIONS))})")
    if isinstance(values, list):
        if len(values) > len(operation.parameters):
            raise QueryError(f"{name} takes at most {len(operation.parameters)} arguments")
        values = dict(zip(operation.parameters, values, strict=False))
    unknown = sorted(set(values) - set(operation.parameters))
    if unknown:
        raise QueryError(
            f"{name} has no parameter {unknown[0]!r} (it takes: {', '.join(operation.parameters)})", unknown[0]
        )
    arguments: dict[str, Any] = {}
    for key, value in values.items():
        if key in operation.lists:
            arguments[key] = [part.strip() for part in str(value).split(",") if part.strip()]
        elif key in operation.integers:
            try:
                arguments[key] = int(value)
            except ValueError:
                raise QueryError(f"parameter {key!r}: {value!r} is not an integer", key) from None
        else:
            arguments[key] = value
    missing = [p for p in operation.parameters[:1] if p not in arguments]
    if missing:
        raise QueryError(f"{name}: missing required parameter {missing[0]!r}", missing[0])
    return operation.method(sat, **arguments)


__all__ = ["OPERATIONS", "NotFound", "SatGraph", "call", "library", "unique_rows", "word_changes"]
