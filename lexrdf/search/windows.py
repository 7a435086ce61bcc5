"""The window and opening event of each version on a page of search hits: kept with each document of the full-text
index (`openings` of an act graph's versions, read when its documents are written), else read from the store for the
page in one SPARQL query (`windows`: _search-windows.rq, the scan's path)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from lexrdf.queries import load_library
from lexrdf.store.base import Store
from lexrdf.vocab import KIND_OF_CLASS


@dataclass(frozen=True)
class Opening:
    """The event that opened a version's window: its IRI, kind, date, the act that made it, and every act that made
    it (several acts on one day), as text-at gives them; lexrdf.api shows it as the answer's EventSummary."""

    event: str
    type: str
    date: str
    source: str | None
    sources: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Window:
    """A version's valid-time window `[valid_from, valid_until)` (no end: still in force) and its opening event."""

    valid_from: str
    valid_until: str | None
    opened_by: Opening | None


def _text(row: Any, name: str) -> str | None:
    term = row[name]
    return term.value if term is not None else None


def openings(rows: Iterable[Any], version_column: str = "version") -> dict[str, Opening]:
    """The opening event of each version, by version, from rows of `version_column`, `opened_by`, `opened_type`,
    `opened_date` and `opened_source`: the event of its row of the earliest date, then the smallest source act (none
    before any), with every act that made it (sorted). A row without an event adds nothing."""
    found: dict[str, Opening] = {}
    sources: dict[str, list[str]] = {}

    def order(row: Any) -> tuple[str, str, str]:
        return _text(row, version_column) or "", _text(row, "opened_date") or "", _text(row, "opened_source") or ""

    for row in sorted(rows, key=order):
        version, event = _text(row, version_column) or "", _text(row, "opened_by")
        if event is None:
            continue
        source = _text(row, "opened_source")
        if source is not None and source not in sources.setdefault(version, []):
            sources[version].append(source)
        if version not in found:
            kind = KIND_OF_CLASS.get(_text(row, "opened_type") or "", "event")
            found[version] = Opening(event, kind, _text(row, "opened_date") or "", source)
    return {
        version: Opening(event.event, event.type, event.date, event.source, sorted(sources.get(version, [])))
        for version, event in found.items()
    }


def graph_openings(store: Store, graph: str) -> dict[str, Opening]:
    """The opening event of each version recorded in an act graph, by version (_search-graph-openings.rq)."""
    return openings(store.select(load_library()["_search-graph-openings"].bound({"graph": graph})))


def windows(store: Store, versions: Iterable[str], known_at: str | None) -> dict[str, Window]:
    """The window and opening event of each version as recorded at `known_at` (default now), by version."""
    wanted = sorted(set(versions))
    if not wanted:
        return {}
    known = datetime.fromisoformat(known_at) if known_at else datetime.now(UTC)
    query = load_library()["_search-windows"].bound({"versions": wanted, "known_at": known.isoformat()})
    rows = list(store.select(query))
    opened = openings(rows, "__versions_iris")
    found: dict[str, Window] = {}
    for row in rows:
        version = _text(row, "__versions_iris") or ""
        if version not in found:
            found[version] = Window(_text(row, "valid_from") or "", _text(row, "valid_until"), opened.get(version))
    return found
