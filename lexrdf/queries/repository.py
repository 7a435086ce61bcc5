"""What the ingest reads of the store: an act's stored state, the expressions already ingested, and which acts
carry a source identifier. The store-side counterpart of the ingest pipeline: the pipeline asks these questions
and never runs a query itself.

The questions are the library's internal queries (files starting with `_`, never public), bound as typed terms,
asked of anything that answers SELECT (`Selecting`: lexrdf.store.base.Store is one), so the library needs nothing
of the store's own code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Protocol
from urllib.parse import unquote

from pyoxigraph import QuerySolutions

from lexrdf.queries import load_library
from lexrdf.versioning import StoredAct, StoredEvent, StoredProvision, StoredVersion
from lexrdf.vocab import KIND_OF_CLASS


class Selecting(Protocol):
    """What these questions need of a store: SELECT over the union of its graphs (lexrdf.store.base.Store)."""

    def select(self, query: str, timeout: float | None = None) -> QuerySolutions: ...


@dataclass(frozen=True)
class NamedAct:
    """An act that carries an identifier: held, or known only by reference (and then, once the act was ingested,
    the act it was found to be)."""

    iri: str
    by_reference: bool
    same_as: str | None = None


def acts_carrying(store: Selecting, identifier: str) -> list[NamedAct]:
    """Every act recorded with `identifier` (``lex:frbrWork``), held acts first."""
    return acts_carrying_each(store, [identifier])[identifier]


_WORKS_A_QUERY = 500  # identifiers in one VALUES


def acts_carrying_each(store: Selecting, identifiers: Iterable[str]) -> dict[str, list[NamedAct]]:
    """Every act recorded with each identifier, held acts first, asked `_WORKS_A_QUERY` identifiers at a time (an
    ingest names all its acts before it plans one: a query each was most of that time)."""
    wanted = sorted(set(identifiers))
    found: dict[str, set[NamedAct]] = {identifier: set() for identifier in wanted}
    query = load_library()["_act-by-works"]
    for start in range(0, len(wanted), _WORKS_A_QUERY):
        for row in store.select(query.bound({"works": wanted[start : start + _WORKS_A_QUERY]})):
            found[row["__works_strings"].value].add(_named(row))
    return {identifier: _held_first(named) for identifier, named in found.items()}


def _named(row: Any) -> NamedAct:
    by_reference = row["by_reference"] is not None and row["by_reference"].value == "true"
    return NamedAct(row["act"].value, by_reference, row["same_as"].value if row["same_as"] is not None else None)


def _held_first(named: set[NamedAct]) -> list[NamedAct]:
    return sorted(named, key=lambda act: (act.by_reference, act.iri))


def earlier_iris(store: Selecting, act: str) -> set[str]:
    """The IRIs minted for an act while it was known only by reference, recorded ``owl:sameAs`` it."""
    rows = store.select(load_library()["_act-earlier-iris"].bound({"act": act}))
    return {row["earlier"].value for row in rows}


@dataclass
class HeldExpressions:
    """The point-in-time expressions already ingested for an act: the latest version of each date ingested (0 when
    its source numbers none), and the dates of those whose source held the whole act (not a portion only)."""

    versions: dict[date, int] = field(default_factory=dict)
    whole: set[date] = field(default_factory=set)


def expression_dates(store: Selecting, act: str) -> HeldExpressions:
    """The point-in-time expressions already ingested for an act (`HeldExpressions`)."""
    held = HeldExpressions()
    for row in store.select(load_library()["_act-expressions"].bound({"act": act})):
        day = date.fromisoformat(row["day"].value)
        version = int(row["version"].value) if row["version"] is not None else 0
        held.versions[day] = max(held.versions.get(day, 0), version)
        if row["portion"] is None or row["portion"].value != "true":
            held.whole.add(day)
    return held


def read_stored_act(store: Selecting, act: str) -> StoredAct:
    """The stored state of one act as known now."""
    library = load_library()
    stored = StoredAct(act)
    seen: dict[str, StoredVersion] = {}
    for row in store.select(library["_act-state"].bound({"act": act})):
        path = row["path"].value
        if row["order"] is not None and path not in stored.provisions:
            eid = row["eid"].value if row["eid"] else None
            parent = row["parent_path"].value if row["parent_path"] else None
            stored.provisions[path] = StoredProvision(eid, parent, Decimal(row["order"].value))
        if row["version"] is None:
            continue
        language = row["language"].value
        text = (_text(row, "number"), _text(row, "heading"), _text(row, "text"))
        known = seen.get(row["version"].value)
        if known is not None:  # the same version's expression in another language
            known.expressions[language] = row["expression"].value
            known.texts[language] = text
            continue
        seen[row["version"].value] = version = StoredVersion(
            iri=row["version"].value,
            path=path,
            valid_from=date.fromisoformat(row["from"].value),
            record=row["record"].value,
            expressions={language: row["expression"].value},
            texts={language: text},
            valid_until=date.fromisoformat(row["until"].value) if row["until"] else None,
            closed_by=row["closed_by"].value if row["closed_by"] else None,
            opened_by=row["opened_by"].value,
            concurrent=row["concurrent"].value if row["concurrent"] else None,
        )
        stored.versions.setdefault(path, []).append(version)
    for versions in stored.versions.values():
        versions.sort(key=lambda v: v.valid_from)
    stored.events = {row["event"].value for row in store.select(library["_act-events"].bound({"act": act}))}
    stored.closers = closing_events(store, act)
    return stored


def closing_events(store: Selecting, act: str) -> dict[str, StoredEvent]:
    """The events that closed the current records of an act's windows, by IRI: their kinds, date and sources."""
    kinds: dict[str, set[str]] = {}
    days: dict[str, date] = {}
    sources: dict[str, set[str]] = {}
    for row in store.select(load_library()["_act-closers"].bound({"act": act})):
        event = row["event"].value
        kinds.setdefault(event, set())
        sources.setdefault(event, set())
        if row["type"] is not None and row["type"].value in KIND_OF_CLASS:
            kinds[event].add(KIND_OF_CLASS[row["type"].value])
        if row["day"] is not None:
            days.setdefault(event, date.fromisoformat(row["day"].value))
        if row["source"] is not None:
            sources[event].add(row["source"].value)
    return {
        event: StoredEvent(event, frozenset(found), days.get(event), frozenset(sources[event]))
        for event, found in kinds.items()
    }


def _text(row, name: str) -> str:
    return row[name].value if row[name] is not None else ""


__all__ = [
    "NamedAct",
    "acts_carrying",
    "acts_carrying_each",
    "closing_events",
    "earlier_iris",
    "HeldExpressions",
    "expression_dates",
    "read_stored_act",
]


def stored_currency(store: Selecting, act: str) -> date | None:
    """The date up to which the act's ingested sources vouch for its text, if any is recorded."""
    rows = list(store.select(load_library()["_act-currency"].bound({"act": act})))
    latest = rows[0]["latest"] if rows else None
    return date.fromisoformat(latest.value) if latest is not None else None


@dataclass(frozen=True)
class ProvisionRow:
    """A stored provision of an act: where it is, and since when the act has had it (its earliest version's start
    and the date of the event that opened that version)."""

    path: str
    eid: str | None
    order: Decimal
    parent_path: str | None
    first_from: date | None
    first_opened: date | None


def act_provisions(store: Selecting, act: str) -> list[ProvisionRow]:
    """The provisions stored for an act, in document order."""
    rows = store.select(load_library()["_act-provisions"].bound({"act": act}))
    return [
        ProvisionRow(
            row["path"].value,
            row["eid"].value if row["eid"] is not None else None,
            Decimal(row["order"].value),
            row["parent_path"].value if row["parent_path"] is not None else None,
            date.fromisoformat(row["first_from"].value) if row["first_from"] is not None else None,
            date.fromisoformat(row["first_opened"].value) if row["first_opened"] is not None else None,
        )
        for row in rows
    ]


@dataclass
class EventFacts:
    """What the store records of one event on an act, whichever graphs record it."""

    iri: str
    kind_class: str | None = None  # the lex: class naming its kind
    day: date | None = None
    graphs: set[str] = field(default_factory=set)  # the graphs that type it
    affects: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)
    source_provisions: set[str] = field(default_factory=set)
    portions: set[str] = field(default_factory=set)  # the target portions an amending act named (lex:targetPortion)
    superseded: bool = False


def events_on(store: Selecting, act: str) -> dict[str, EventFacts]:
    """Every event recorded on an act (``lex:affectedAct``), in its own graph or in an amending act's."""
    found: dict[str, EventFacts] = {}
    for row in store.select(load_library()["_act-affected-by"].bound({"act": act})):
        facts = found.setdefault(row["event"].value, EventFacts(row["event"].value))
        if row["graph"] is not None:
            facts.graphs.add(row["graph"].value)
            facts.kind_class = row["type"].value
            facts.day = date.fromisoformat(row["date"].value)
        for name, values in (("affects", facts.affects), ("source", facts.sources)):
            if row[name] is not None:
                values.add(row[name].value)
        if row["source_provision"] is not None:
            facts.source_provisions.add(row["source_provision"].value)
        if row["portion"] is not None:
            facts.portions.add(row["portion"].value)
        if row["superseded"] is not None:
            facts.superseded = True
    return found


__all__ += ["EventFacts", "ProvisionRow", "act_provisions", "events_on", "stored_currency"]


def announced_changes(store: Selecting, act: str) -> dict[tuple[str, date], tuple[str, frozenset[str], str]]:
    """What amending acts announce for an act's provisions (events they record with a target portion, not
    superseded), and the repeals recorded of them (an expression's passive repeal of a provision it no longer
    holds): (provision path, day) -> (kind, amending acts, event IRI)."""
    prefix = act.rstrip("/") + "/"
    found: dict[tuple[str, date], tuple[str, frozenset[str], str]] = {}
    for facts in events_on(store, act).values():
        if facts.superseded or facts.day is None or not facts.kind_class:
            continue
        kind = KIND_OF_CLASS.get(facts.kind_class)
        if kind is None or not (facts.portions or kind == "repeal"):
            continue
        for provision in facts.affects:
            path = (
                "" if provision == act else unquote(provision[len(prefix) :]) if provision.startswith(prefix) else None
            )
            if path is not None:
                found[(path, facts.day)] = (kind, frozenset(facts.sources), facts.iri)
    return found
