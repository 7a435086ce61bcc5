"""Exporting lexrdf data as a SAT-Graph dataset: every item, version (statutory and interpretive), text unit and
action the store holds, or those of one item and the items below it (the same queries as the operations).

Acts and provisions ingested from Akoma Ntoso export too: an id is the `dcterms:identifier` an import recorded,
else the lexrdf IRI; events no act is recorded for (`lex:UnrecordedStart`, `lex:UnrecordedEnd`) are not actions.
"""

from __future__ import annotations

from typing import Any

from lexrdf.satgraph.operations import (
    SatGraph,
    action_object,
    item_object,
    text_unit_object,
    unique_rows,
    version_object,
)


def export_dataset(sat: SatGraph, item: str | None = None) -> dict[str, Any]:
    """The SAT-Graph JSON of the store, or of the item a SAT-Graph id (or IRI) names and everything below it."""
    scope = sat.resolve(item, "item", "item") if item else None
    items = unique_rows(sat.rows("all-items", scope=scope), "item")
    versions = unique_rows(sat.rows("all-versions", scope=scope), "version")
    units = unique_rows(sat.rows("all-text-units", scope=scope), "unit")
    actions = unique_rows(sat.rows("all-actions", scope=scope), "event")
    return {
        "metadata": {"exportedFrom": "lexrdf", "scope": item, "intervalSemantics": "half-open"},
        "items": [item_object(row) for row in items],
        "versions": [_as_given(version_object(row)) for row in versions],
        "textUnits": [text_unit_object(row) for row in units],
        "actions": [_as_given(action_object(row)) for row in actions],
    }


def _as_given(answer: dict[str, Any]) -> dict[str, Any]:
    """An object as its dataset gave it: what an import assumed is stated in answers, not exported as data."""
    answer.pop("assumed", None)
    return answer


__all__ = ["export_dataset"]
