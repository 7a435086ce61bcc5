"""Versioning: compare what a source document says with what is stored, and plan the records to add.

Pure functions over plain data: the stored state of one act (`StoredAct`, read by the store layer) and
one mapped document (`SourceDocument`) give a `Plan`. Nothing is ever edited: a changed window end or a
corrected text becomes a new record that supersedes the old one.

`state` holds the data (stored state, plan, record IRIs), `planner` the events and records one document adds
(reading the document's changes of each unit through `unit_changes`, the stored recorded ends through
`recorded_ends`), `expressions` and `periods` the two source styles (one document per point in time; one document
holding every version with its @period).
"""

from __future__ import annotations

from datetime import date

from lexrdf.model import SourceDocument
from lexrdf.uris import IriMinter
from lexrdf.versioning.commencement import record_partial_commencements, record_partly_in_force
from lexrdf.versioning.dated_by import record_evidence
from lexrdf.versioning.expressions import plan_expression
from lexrdf.versioning.periods import plan_periods
from lexrdf.versioning.planner import Planner, repeal_act
from lexrdf.versioning.state import (
    EventSpec,
    NewRecord,
    NewVersion,
    Plan,
    StoredAct,
    StoredEvent,
    StoredProvision,
    StoredVersion,
    apply_plan,
    expression_iri,
    record_expressions,
    record_iri,
    text_key,
)
from lexrdf.versioning.unheld import record_unheld_changes


def plan_document(
    document: SourceDocument,
    stored: StoredAct,
    minter: IriMinter,
    next_expression: date | None = None,
    companion: bool = False,
    whole_held: bool | None = None,
) -> Plan:
    """Plan what `document` adds to the stored state of its act. `next_expression` is the date of the earliest
    expression already stored that is later than this one (an archive back-filled out of order); `companion`
    says an expression of the same date is stored already (in another language, or this one again): then the
    document adds and corrects texts but ends no provision it does not show. `whole_held` says whether an expression
    of the whole act is stored (not only portions of it; by default, whether any version is)."""
    planner = Planner(document, stored, minter, next_expression, companion or document.portion, whole_held)
    planner.order_provisions()
    if document.periods_authoritative:
        plan_periods(planner)
    else:
        plan_expression(planner)
    repeal_act(planner)
    record_unheld_changes(planner)
    record_partial_commencements(planner)
    record_partly_in_force(planner)
    record_evidence(planner)
    return planner.plan


__all__ = [
    "EventSpec",
    "NewRecord",
    "NewVersion",
    "Plan",
    "StoredAct",
    "StoredEvent",
    "StoredProvision",
    "StoredVersion",
    "apply_plan",
    "expression_iri",
    "plan_document",
    "record_expressions",
    "record_iri",
    "text_key",
]
