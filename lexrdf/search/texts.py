"""Reading the recorded texts of act graphs from the store, as the full-text index writes them (`Text` records),
through the query library's internal `_search-*` queries.

A `Text` is one record's expression: _search-graph-texts.rq's columns, its record's ends
(_search-graph-record-ends.rq: `valid_until`, `superseded`), what a hit shows of its version
(_search-graph-versions.rq's or _search-versions.rq's columns, the act's title from _search-titles.rq), its
`graph`, `primary`: whether it is its record's first text (the smallest language, then expression IRI), and
`chain`: the units its provision is within (`ChainUnit`s, from _search-graph-chains.rq), which a hit's citation
names, `opened`: the event that opened its version (lexrdf.search.windows.Opening, None: none recorded), and
`currency`: how far its act's sources vouch for it (lexrdf.search.currency).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, NamedTuple

from lexrdf.queries import load_library
from lexrdf.search.currency import graph_currency
from lexrdf.search.schema import day, micros
from lexrdf.search.windows import graph_openings
from lexrdf.store.base import Store

#: a recorded text (see the module docstring)
Text = dict[str, Any]


class ChainUnit(NamedTuple):
    """A unit a provision is within: its IRI, order and type, and its title (an act's; lex:title before
    dcterms:title)."""

    unit: str
    order: str | None
    unit_type: str | None
    title: str | None


_VALUES_A_QUERY = 500  # IRIs in one VALUES
_TEXT_COLUMNS = ("record", "expression", "version", "language", "text", "number", "heading", "recorded")
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
    """The texts of one act graph, each with what a hit shows of its version, whether it is its record's first
    text (`primary`: the smallest language, then expression IRI, of the record's texts), its provision's chain and
    its version's opening event. A record with two ends (valid-time or transaction-time) has its earliest."""
    ends = _record_ends(store, graph)
    rows: dict[tuple[str | None, str | None], dict[str, str | None]] = {}  # one per (record, expression): the first
    for row in _select(store, "_search-graph-texts", {"graph": graph}):
        columns = _columns(row, _TEXT_COLUMNS)
        rows.setdefault(
            (columns["record"], columns["expression"]), {**columns, **ends.get(columns["record"] or "", _NO_END)}
        )
    versions = _versions(store, graph, {row["version"] or "" for row in rows.values()})
    chains = _chains(store, graph)
    opened = graph_openings(store, graph)
    currency = graph_currency(store, graph)
    firsts: dict[str, tuple[str, str]] = {}
    for row in rows.values():
        candidate = (row["language"] or "", row["expression"] or "")
        firsts[row["record"] or ""] = min(firsts.get(row["record"] or "", candidate), candidate)
    for row in rows.values():
        version = versions.get(row["version"] or "")
        if version is not None:  # a record of no version or reading (none is written): not searchable
            first = firsts[row["record"] or ""] == (row["language"] or "", row["expression"] or "")
            chain = chains.get(version["provision"] or "", []) if version["state"] == "version" else []
            yield {**row, **version, "graph": graph, "primary": first, "chain": chain,
                   "opened": opened.get(row["version"] or ""), "currency": currency}  # fmt: skip


_NO_END: dict[str, str | None] = {"valid_until": None, "superseded": None}


def _record_ends(store: Store, graph: str) -> dict[str, dict[str, str | None]]:
    """Each record's valid-time and transaction-time ends, by record: the earliest of each (a record superseded
    twice is superseded from the first time)."""
    ends: dict[str, dict[str, str | None]] = {}
    for row in _select(store, "_search-graph-record-ends", {"graph": graph}):
        kept = ends.setdefault(value(row, "record") or "", dict(_NO_END))
        for name, as_key in (("superseded", micros), ("valid_until", day)):
            found = value(row, name)
            if found is not None and (kept[name] is None or as_key(found) < as_key(kept[name])):
                kept[name] = found
    return ends


def _chains(store: Store, graph: str) -> dict[str, list[ChainUnit]]:
    """The units each provision of an act graph is within, by provision, root first in document order (a unit with
    no `lex:order`, the act, first; whatever order the store gives the rows), each with its first lex:title, else
    its first dcterms:title, as text-at.rq's chain reads them."""
    units: dict[str, dict[str, tuple[str | None, str | None]]] = {}
    titles: dict[tuple[str, str], str] = {}  # (unit, kind) -> its first title of that kind
    for row in _select(store, "_search-graph-chains", {"graph": graph}):
        unit = value(row, "unit") or ""
        units.setdefault(value(row, "provision") or "", {})[unit] = (value(row, "unit_order"), value(row, "unit_type"))
        if row["title"] is not None:
            titles.setdefault((unit, value(row, "title_kind") or ""), value(row, "title") or "")
    return {
        provision: [
            ChainUnit(unit, order, unit_type, titles.get((unit, "title"), titles.get((unit, "title-dc"))))
            for unit, (order, unit_type) in sorted(chain.items(), key=_document_order)
        ]
        for provision, chain in units.items()
    }


def _document_order(item: tuple[str, tuple[str | None, str | None]]) -> tuple[bool, Decimal, str]:
    unit, (order, _unit_type) = item
    return order is not None, Decimal(order or 0), unit


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
