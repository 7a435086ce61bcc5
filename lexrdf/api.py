"""The Python surface: one object over a store that ingests and answers the query library.

>>> from lexrdf.api import Lexrdf                                  # doctest: +SKIP
>>> lex = Lexrdf.open(Settings.from_env(store="lexrdf-data"))      # doctest: +SKIP
>>> lex.text_at("https://lexrdf.example.org/eli/xx/act/2001-03-14/12/art_3/para_2", "2003-01-01").status
'in-force'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from lexrdf.answers import (
    AMBIGUOUS_REFERENCE,
    IN_FORCE,
    RESOLVED,
    UNKNOWN_REFERENCE,
    ResolveAnswer,
    VersionAnswer,
    distinct_versions,
    text_at_answer,
    version_from_row,
)
from lexrdf.errors import QueryError
from lexrdf.ingest import IngestSummary, Progress, ingest
from lexrdf.queries import Query, get_query, load_library
from lexrdf.settings import Settings
from lexrdf.store import Store, open_store

_HAS_WORD = re.compile(r"[^\W\d_]{2,}|§")


class Lexrdf:
    """Ingest into and query one store."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    @classmethod
    def open(cls, settings: Settings, read_only: bool = False) -> Lexrdf:
        return cls(open_store(settings.store, read_only=read_only), settings)

    def close(self) -> None:
        self.store.close()

    def ingest(self, paths: Iterable[str | Path], progress: Progress | None = None) -> IngestSummary:
        """Map, version and write source files (see lexrdf.ingest)."""
        return ingest(paths, self.store, self.settings, progress)

    # -- running library queries ------------------------------------------------------------------
    def rows(self, name: str, **params: Any) -> list:
        """The raw result rows of a library query, with parameters checked and bound as RDF terms."""
        query: Query = load_library()[name] if name.startswith("_") else get_query(name)
        bindings = query.bindings({k: v for k, v in params.items() if v is not None})
        return list(self.store.select(query.text, bindings, self.settings.query_timeout_seconds))

    def run(self, name: str, params: dict[str, Any]) -> Any:
        """Run a public query by name and return its JSON-ready answer."""
        handlers = {
            "resolve": lambda p: self.resolve(**p).to_dict(),
            "text-at": lambda p: self.text_at(**p).to_dict(),
            "versions": lambda p: [v.to_dict() for v in self.versions(**p)],
            "context": lambda p: self.context(**p),
        }
        query = get_query(name)
        known = {p.name for p in query.public_parameters}
        unknown = sorted(set(params) - known)
        if unknown:
            raise QueryError(f"query {name!r} has no parameter {unknown[0]!r} (it takes: {', '.join(sorted(known))})")
        missing = [p.name for p in query.public_parameters if p.required and not params.get(p.name)]
        if missing:
            raise QueryError(f"query {name!r}: missing required parameter {missing[0]!r}")
        return handlers[name](params)

    # -- the primitives -----------------------------------------------------------------------------
    def resolve(self, ref: str) -> ResolveAnswer:
        """What a citation names: an act or a provision IRI, or a typed non-answer."""
        rows = self.rows("resolve", ref=ref)
        if not rows:
            return ResolveAnswer(UNKNOWN_REFERENCE, ref)
        if len(rows) > 1:
            return ResolveAnswer(AMBIGUOUS_REFERENCE, ref, candidates=[r["provision"].value for r in rows])
        return ResolveAnswer(RESOLVED, ref, rows[0]["provision"].value, rows[0]["kind"].value)

    def text_at(self, provision: str, date: str | date, known_at: str | None = None) -> VersionAnswer:
        """The version of `provision` in force on `date` as recorded at `known_at`, or why there is none."""
        day = _as_date(date)
        rows = self.rows("text-at", provision=provision, date=day.isoformat(), known_at=known_at)
        answer = text_at_answer(rows, provision, day)
        if answer.status == IN_FORCE:
            answer.citation = self._citation(provision, day, known_at)
        return answer

    def versions(self, provision: str, known_at: str | None = None) -> list[VersionAnswer]:
        """Every version of `provision` in time order; empty when the provision is unknown."""
        rows = distinct_versions(self.rows("versions", provision=provision, known_at=known_at))
        return [version_from_row(row, provision, status="version") for row in rows]

    def context(self, provision: str, date: str | date, known_at: str | None = None) -> list[dict[str, Any]]:
        """The ancestors of `provision` (itself last), root first, each with its text on `date`."""
        day = _as_date(date)
        rows = self.rows("context", provision=provision, date=day.isoformat(), known_at=known_at)
        units: dict[str, dict[str, Any]] = {}
        for row in rows:
            unit = units.setdefault(
                row["unit"].value,
                {
                    "unit": row["unit"].value,
                    "order": None,
                    "unit_type": "act",
                    "number": None,
                    "heading": None,
                    "text": None,
                    "version": None,
                    "label_number": None,
                },
            )
            kind = row["kind"].value
            if kind == "unit":
                unit["order"] = row["unit_order"].value if row["unit_order"] else None
                unit["unit_type"] = row["unit_type"].value if row["unit_type"] else "act"
            elif kind == "text":
                unit["version"] = row["version"].value
                unit["text"] = row["text"].value
                unit["number"] = row["number"].value if row["number"] else None
                unit["heading"] = row["heading"].value if row["heading"] else None
            elif kind == "number" and unit["label_number"] is None:
                unit["label_number"] = row["number"].value
        for unit in units.values():
            unit["label_number"] = unit["number"] or unit["label_number"]
        ordered = sorted(units.values(), key=lambda u: (u["order"] is not None, Decimal(u["order"] or 0)))
        return ordered

    def _citation(self, provision: str, day: date, known_at: str | None) -> str:
        chain = self.context(provision, day, known_at)
        act = next((u for u in chain if u["unit_type"] == "act"), None)
        act_name = (act["heading"] or act["text"]) if act else provision
        pieces = [_label(u) for u in chain if u["unit_type"] != "act"]
        label = ", ".join(p for p in pieces if p) or "whole act"
        citation = f"{act_name}, {label}, as in force on {day.isoformat()}"
        return citation + (f", as recorded at {known_at}" if known_at else "")


def _label(unit: dict[str, Any]) -> str:
    number = (unit["label_number"] or "").strip()
    if not number:
        return ""
    return number if _HAS_WORD.search(number) else f"{unit['unit_type']} {number}"


def _as_date(value: str | date) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise QueryError(f"parameter 'date': {value!r} is not a date (YYYY-MM-DD)") from None
