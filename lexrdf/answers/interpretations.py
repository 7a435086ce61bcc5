"""interpretations' answer (interpretive time): the interpretations of an item operative on a date,
with those before and after it, each with its window, scope and rulings."""

from __future__ import annotations

from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _asked_language, _value, known_rows
from lexrdf.answers.statuses import (
    EARLIER,
    LATER,
    NO_INTERPRETATION_YET,
    NO_LONGER_OPERATIVE,
    NOT_INTERPRETED,
    OPERATIVE,
    UNKNOWN_REFERENCE,
)
from lexrdf.answers.types import InterpretationRelation, InterpretationsAnswer, InterpretationState, RulingSummary
from lexrdf.vocab import KIND_OF_CLASS, LEX

_SCOPE_LABELS = {LEX.ErgaOmnes.value: "erga omnes", LEX.InterPartes.value: "inter partes"}
_ITEM_TYPES = {LEX.Provision.value: "provision", LEX.Act.value: "act", LEX.InterpretiveItem.value: "interpretive-item"}


def _ruling(row: QuerySolution, prefix: str) -> RulingSummary | None:
    iri = _value(row, f"{prefix}_by")
    if iri is None:
        return None
    return RulingSummary(
        event=iri,
        type=KIND_OF_CLASS.get(_value(row, f"{prefix}_type") or "", "binding-ruling"),
        date=_value(row, f"{prefix}_date") or "",
        publication_date=_value(row, f"{prefix}_publication"),
        authority=_value(row, f"{prefix}_authority"),
        authority_label=_value(row, f"{prefix}_authority_label"),
        source=_value(row, f"{prefix}_source"),
    )


def interpretation_states(rows: list[QuerySolution], item: str, timeless: bool = False) -> list[InterpretationState]:
    """Every interpretation in the rows of interpretations.rq, in time order, with its relations; one reading each
    (in the asked language when it has one). Its `status` says where it stands relative to the asked date; only an
    operative one keeps its reading, unless `timeless` (every reading, each for its own window)."""
    rows = known_rows(rows, "item_type")
    asked = _asked_language(rows)
    chosen: dict[str, QuerySolution] = {}
    languages: dict[str, set[str]] = {}
    for row in rows:
        if _value(row, "kind") != "interpretation":
            continue
        iri = _value(row, "interpretation") or ""
        languages.setdefault(iri, set()).add(_value(row, "language") or "")
        best = chosen.get(iri)
        if best is None or (
            (asked and _value(row, "language") == asked != _value(best, "language"))
            or (_value(best, "opened_type") is None and _value(row, "opened_type") is not None)
        ):
            chosen[iri] = row
    status = {"at": OPERATIVE, "before": EARLIER, "after": LATER}
    states = []
    for iri, row in chosen.items():
        scope = _value(row, "scope")
        state = InterpretationState(
            status=status[_value(row, "relation") or "at"],
            interpretation=iri,
            item=item,
            text=_value(row, "text"),
            language=_value(row, "language"),
            valid_from=_value(row, "valid_from"),
            valid_until=_value(row, "valid_until"),
            applicable_from=_value(row, "applicable_from"),
            scope=scope,
            scope_label=_value(row, "scope_label") or _SCOPE_LABELS.get(scope or ""),
            opened_by=_ruling(row, "opened"),
            closed_by=_ruling(row, "closed"),
            languages=sorted(languages[iri] - {""}),
        )
        if asked and state.language != asked:
            state.text = state.language = None
        if state.status != OPERATIVE and not timeless:  # never the reading of another date
            state.text = state.language = None
        states.append(state)
    relations: dict[str, list[InterpretationRelation]] = {}
    for row in rows:
        if _value(row, "kind") == "relation":
            relation = InterpretationRelation(
                relation=_value(row, "link") or "",
                interpretation=_value(row, "linked"),
                ruling=_value(row, "link_ruling"),
            )
            listed = relations.setdefault(_value(row, "interpretation") or "", [])
            if relation not in listed:
                listed.append(relation)
    for state in states:
        state.relations = sorted(
            relations.get(state.interpretation, []), key=lambda r: (r.relation, str(r.interpretation))
        )
    return sorted(states, key=lambda s: (s.valid_from or "", s.interpretation))


def _treatment(state: InterpretationState) -> str:
    """How an interpretation ended, in words: "overruled by X (authority) on D"."""
    closed = state.closed_by
    verbs = {
        "overruled-by": "overruled",
        "superseded-by": "superseded",
        "refined-by": "refined",
        "unified-by": "unified",
    }
    verb = next(
        (verbs[r.relation] for r in state.relations if r.relation in verbs and closed and r.ruling == closed.event),
        "closed",
    )
    if closed is None:
        return f"ended on {state.valid_until}"
    by = closed.source or closed.event
    authority = f" ({closed.authority_label})" if closed.authority_label else ""
    return f"{verb} by {by}{authority} on {state.valid_until}"


@reduces("interpretations")
def interpretations_answer(rows: list[QuerySolution], item: str, day: date) -> InterpretationsAnswer:
    """Turn the rows of interpretations.rq into one typed answer for `day`."""
    rows = known_rows(rows, "item_type")
    if not rows:
        return InterpretationsAnswer(
            status=UNKNOWN_REFERENCE,
            item=item,
            date=day.isoformat(),
            message=f"{item} is not a known act, provision or item",
        )
    head = next((r for r in rows if _value(r, "kind") == "item"), rows[0])
    answer = InterpretationsAnswer(
        status=OPERATIVE,
        item=item,
        date=day.isoformat(),
        item_type=_ITEM_TYPES.get(_value(head, "item_type") or ""),
        title=_value(head, "title"),
        item_kind=_value(head, "item_kind"),
    )
    states = interpretation_states(rows, item)
    answer.items = [s for s in states if s.status == OPERATIVE]
    answer.earlier = [s for s in states if s.status == EARLIER]
    answer.later = [s for s in states if s.status == LATER]
    answer.count = len(answer.items)
    if answer.items:
        return answer
    if not states:
        answer.status = NOT_INTERPRETED
        answer.message = "no interpretation of this item is recorded"
    elif answer.earlier:
        answer.status = NO_LONGER_OPERATIVE
        last = max(answer.earlier, key=lambda s: (s.valid_until or "", s.interpretation))
        answer.message = f"no interpretation operative on {day}: the last was {_treatment(last)}"
        if answer.later:
            answer.message += f"; the next is operative from {answer.later[0].valid_from}"
    else:
        answer.status = NO_INTERPRETATION_YET
        first = answer.later[0]
        by = first.opened_by.source if first.opened_by and first.opened_by.source else "a binding ruling"
        answer.message = f"no interpretation yet on {day}: the first is operative from {first.valid_from} ({by})"
    return answer


def overlapping(states: list[InterpretationState], valid_from: str | None, valid_until: str | None) -> list[str]:
    """The interpretations whose windows meet the window [valid_from, valid_until) (a version's)."""
    return [
        s.interpretation
        for s in states
        if (valid_until is None or (s.valid_from or "") < valid_until)
        and (s.valid_until is None or valid_from is None or valid_from < s.valid_until)
    ]
