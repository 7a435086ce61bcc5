"""The window and opening event of each version on a page of search hits, in one SPARQL query (either path):
_search-windows.rq."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

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


def _text(row, name: str) -> str | None:
    term = row[name]
    return term.value if term is not None else None


def windows(store: Store, versions: Iterable[str], known_at: str | None) -> dict[str, Window]:
    """The window and opening event of each version as recorded at `known_at` (default now), by version."""
    wanted = sorted(set(versions))
    if not wanted:
        return {}
    known = datetime.fromisoformat(known_at) if known_at else datetime.now(UTC)
    query = load_library()["_search-windows"].bound({"versions": wanted, "known_at": known.isoformat()})
    found: dict[str, Window] = {}
    sources: dict[str, list[str]] = {}
    for row in store.select(query):
        version = _text(row, "__versions_iris") or ""
        event = _text(row, "opened_by")
        source = _text(row, "opened_source")
        if source is not None and source not in sources.setdefault(version, []):
            sources[version].append(source)
        if version in found:
            continue
        opened = None
        if event is not None:
            kind = KIND_OF_CLASS.get(_text(row, "opened_type") or "", "event")
            opened = Opening(event, kind, _text(row, "opened_date") or "", source)
        found[version] = Window(_text(row, "valid_from") or "", _text(row, "valid_until"), opened)
    for version, window in found.items():
        if window.opened_by is not None:  # every act that made it, as text-at gives them
            event = window.opened_by
            summary = Opening(event.event, event.type, event.date, event.source, sorted(sources.get(version, [])))
            found[version] = Window(window.valid_from, window.valid_until, summary)
    return found
