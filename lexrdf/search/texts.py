"""Reading the recorded texts of act graphs from the store, as the full-text index writes them (`Text` records),
through the query library's internal `_search-*` queries.

A `Text` is one record's expression: _search-graph-texts.rq's columns, what a hit shows of its version
(_search-graph-versions.rq's or _search-versions.rq's columns, the act's title from _search-titles.rq), its
`graph`, and `primary`: whether it is its record's first text (the smallest language, then expression IRI).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lexrdf.queries import load_library
from lexrdf.store.base import Store

#: a recorded text (see the module docstring)
Text = dict[str, Any]

_VALUES_A_QUERY = 500  # IRIs in one VALUES
_TEXT_COLUMNS = ("record", "expression", "version", "language", "text", "number", "heading", "valid_until", "recorded",
                 "superseded")  # fmt: skip
_VERSION_COLUMNS = ("provision", "act", "state", "valid_from", "path", "unit_type", "unit_order")


def value(row: Any, name: str) -> str | None:
    """The lexical value of a row's column (None: unbound)."""
    term = row[name]
    return term.value if term is not None else None


def _select(store: Store, name: str, values: dict[str, Any] | None = None) -> Any:
    return store.select(load_library()[name].bound(values or {}))


def read_texts(store: Store, graphs: list[str] | None) -> Iterator[Text]:
    """Every recorded text of `graphs` (None: of the store), an act graph at a time."""
    if graphs is None:
        graphs = [value(row, "graph") or "" for row in _select(store, "_search-text-graphs")]
    for graph in graphs:
        yield from graph_texts(store, graph)


def count_records(store: Store) -> int:
    """How many text records the store holds (the total of a rebuild's progress)."""
    total = next(iter(_select(store, "_search-count")))["records"]
    return int(total.value) if total is not None else 0


def has_texts(store: Store) -> bool:
    """Whether the store holds any text."""
    return any(True for _ in _select(store, "_search-any-text"))


def graph_texts(store: Store, graph: str) -> Iterator[Text]:
    """The texts of one act graph, each with what a hit shows of its version and whether it is its record's
    first text (`primary`: the smallest language, then expression IRI, of the record's texts)."""
    rows = [_columns(row, _TEXT_COLUMNS) for row in _select(store, "_search-graph-texts", {"graph": graph})]
    versions = _versions(store, graph, {row["version"] or "" for row in rows})
    firsts: dict[str, tuple[str, str]] = {}
    for row in rows:
        candidate = (row["language"] or "", row["expression"] or "")
        firsts[row["record"] or ""] = min(firsts.get(row["record"] or "", candidate), candidate)
    for row in rows:
        version = versions.get(row["version"] or "")
        if version is not None:  # a record of no version or reading (none is written): not searchable
            first = firsts[row["record"] or ""] == (row["language"] or "", row["expression"] or "")
            yield {**row, **version, "graph": graph, "primary": first}


def _columns(row: Any, names: tuple[str, ...]) -> dict[str, str | None]:
    return {name: value(row, name) for name in names}


def _versions(store: Store, graph: str, wanted: set[str]) -> dict[str, Text]:
    """What a hit shows of each version of `wanted`, by version: from the act graph, the rest (readings) from
    anywhere; its first row when it has several; with its act's title."""
    found: dict[str, Text] = {}
    for row in _select(store, "_search-graph-versions", {"graph": graph}):
        version = value(row, "version") or ""
        if version in wanted:
            found.setdefault(version, {**_columns(row, _VERSION_COLUMNS), "state": "version"})
    rest = sorted(wanted - found.keys())
    for start in range(0, len(rest), _VALUES_A_QUERY):
        batch = rest[start : start + _VALUES_A_QUERY]
        for row in _select(store, "_search-versions", {"versions": batch}):
            found.setdefault(value(row, "__versions_iris") or "", _columns(row, _VERSION_COLUMNS))
    titles = _titles(store, {facts["act"] or "" for facts in found.values()})
    return {version: {**facts, "act_title": titles.get(facts["act"] or "")} for version, facts in found.items()}


def _titles(store: Store, acts: set[str]) -> dict[str, str | None]:
    wanted, titles = sorted(acts), {}
    for start in range(0, len(wanted), _VALUES_A_QUERY):
        for row in _select(store, "_search-titles", {"acts": wanted[start : start + _VALUES_A_QUERY]}):
            titles.setdefault(value(row, "__acts_iris") or "", value(row, "act_title"))
    return titles
