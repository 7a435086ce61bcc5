"""text-at's answer: the state of a provision on a date read from its rows, the version in force or a typed
non-answer saying why there is none (never a neighbouring version's text), with its near-change flag and the changes
announced but not applied."""

from __future__ import annotations

from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _event, _value
from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    ENDED,
    IN_FORCE,
    NOT_YET_IN_FORCE,
    OUTSIDE_COVERAGE,
    OUTSIDE_EXTENT,
    PARTLY_IN_FORCE,
    REPEALED,
    RULING_TYPES,
    STRUCK_DOWN,
    UNKNOWN_REFERENCE,
    past_currency,
)
from lexrdf.answers.types import ConcurrentVersion, EventSummary, NearChange, Outstanding, VersionAnswer
from lexrdf.answers.versions import (
    PARTLY_THROUGHOUT,
    _regions,
    distinct_versions,
    in_extent,
    version_from_row,
    with_languages,
    with_sources,
)
from lexrdf.vocab import KIND_OF_CLASS


def _prospective_past_currency(day: date, currency: str) -> str:
    """Why a provision the sources show as prospective is outside coverage after their currency."""
    return (
        f"not known for {day}: the sources, current to {currency}, show it as prospective, with no date in force; "
        "whether it came into force since they do not say"
    )


@reduces("text-at")
def text_at_answer(rows: list[QuerySolution], provision: str, day: date, strict: bool = False) -> VersionAnswer:
    """Turn the rows of text-at into one typed answer for `day`."""
    if not rows:
        return VersionAnswer(
            status=UNKNOWN_REFERENCE, provision=provision, message=f"{provision} is not a known act or provision"
        )
    currency = max((_value(r, "current_to") for r in rows if _value(r, "current_to")), default=None)
    answer = _text_at(in_extent(rows), provision, day, _word_changes(rows))
    if answer.status in (OUTSIDE_COVERAGE, NOT_YET_IN_FORCE) and answer.version is None:
        beyond = _beyond_extent(rows, provision, day, answer.valid_from is None)
        if beyond is not None:
            answer = beyond
    answer.current_to = currency
    act_begins = min((_value(r, "act_begins") for r in rows if _value(r, "act_begins")), default=None)
    if answer.status == OUTSIDE_COVERAGE and act_begins and day.isoformat() < act_begins:
        # before the act itself was in force nothing of it was: that is known, whatever its sources hold
        answer.status = NOT_YET_IN_FORCE
        answer.message = f"not yet in force on {day}: the act it is part of enters into force on {act_begins}" + (
            f"; the earliest recorded text of this provision starts on {answer.valid_from}" if answer.valid_from else ""
        )
    introduced = min((_value(r, "introduced") for r in rows if _value(r, "introduced")), default=None)
    if answer.status == OUTSIDE_COVERAGE and introduced and day.isoformat() < introduced:
        # the source records the provision's insertion as a whole on that day (its text then is not held)
        answer.status = NOT_YET_IN_FORCE
        answer.message = f"not yet in force on {day}: the sources record its insertion on {introduced}" + (
            f"; the earliest recorded text of it starts on {answer.valid_from}" if answer.valid_from else ""
        )
    prospective = answer.status == NOT_YET_IN_FORCE and answer.valid_from is None
    if prospective and past_currency(day, currency) and any(_value(r, "prospective") for r in rows):
        answer.status, answer.message = OUTSIDE_COVERAGE, _prospective_past_currency(day, currency)
    if answer.status in (IN_FORCE, PARTLY_IN_FORCE) and past_currency(day, currency):
        if strict:
            answer = _strip_text(answer)
            answer.status = OUTSIDE_COVERAGE
            answer.message = f"the sources are current to {currency}: they say nothing of {day}"
        else:
            partly = " (then in force for some purposes only)" if answer.status == PARTLY_IN_FORCE else ""
            answer.status = AS_LAST_KNOWN
            answer.message = (
                f"the sources are current to {currency}: this is the text as last known{partly}, not a statement "
                f"that it was in force on {day}"
            )
    _territorial(answer, rows)
    return answer


def _word_changes(rows: list[QuerySolution]) -> set[str]:
    """The repeals recorded for the provision, limited to no territories, that are repeals of some of its words,
    never of the provision: one that opened a version of it (the version holds the rest of its words) or, where it
    has versions, one that neither opened nor closed any ("Words in s. 31(4)(a)(iii) omitted (14.7.2004)", its text
    held only from a later change). (One for some territories that opens a version is a repeal of it there.)"""
    versions = [r for r in rows if _value(r, "version")]
    opened = {_value(r, "opened_by") for r in versions}
    closed = {_value(r, "closed_by") for r in versions}
    return {
        repeal
        for r in rows
        if (repeal := _value(r, "repeal")) and not _value(r, "repeal_extent")
        if repeal in opened or (versions and repeal not in closed)
    }


def _text_at(rows: list[QuerySolution], provision: str, day: date, word_changes: set[str]) -> VersionAnswer:
    versions = distinct_versions(rows)
    by_relation: dict[str, list[QuerySolution]] = {"at": [], "before": [], "after": []}
    for row in versions:
        by_relation[_value(row, "relation") or "at"].append(row)
    if by_relation["at"]:
        # concurrent versions (each for its own extent) in force together: the first by extent is answered, and
        # the answer names every one with the territories it extends to
        at = sorted(by_relation["at"], key=lambda r: (_value(r, "extent") or "", _value(r, "version") or ""))
        answer = with_languages(with_sources(version_from_row(at[0], provision), rows, day), rows)
        if answer.message == PARTLY_THROUGHOUT:  # commenced in part, the rest never: in part on every day of it
            since = [p.date for p in answer.in_force_in_part if p.date <= day.isoformat()]
            answer.status = PARTLY_IN_FORCE
            answer.message = (
                f"in force on {day} for some purposes only (since {since[-1] if since else answer.valid_from}: "
                f"{'; '.join(answer.purposes) or 'the source does not say which'}); the sources record no "
                "commencement of the rest"
            )
        if len(at) > 1:
            answer.concurrent = [
                ConcurrentVersion(
                    version=_value(r, "version"),
                    extent=_value(r, "extent"),
                    valid_from=_value(r, "valid_from"),
                    valid_until=_value(r, "valid_until"),
                )
                for r in at
            ]
            answer.message = (
                f"{len(at)} versions are in force on {day}, each for its own extent: "
                + "; ".join(f"{c.extent or 'no extent given'} ({c.version})" for c in answer.concurrent)
                + f"; this text extends to {answer.extent} (ask with `extent` for another)"
                + (f". {answer.message}" if answer.message else "")
            )
        return answer
    if not versions:
        recorded = sorted(
            (r for r in rows if _value(r, "repeal") and _value(r, "repeal") not in word_changes),
            key=lambda r: _value(r, "repeal_date") or "",
        )
        # a repeal for some territories only ("for E.") is no repeal of the provision elsewhere
        repeals = [r for r in recorded if _reaches(_value(r, "repeal_extent"), _value(r, "_extent"))]
        repeal = next((r for r in repeals if (_value(r, "repeal_date") or "") <= day.isoformat()), None)
        elsewhere = [r for r in recorded if r not in repeals and (_value(r, "repeal_date") or "") <= day.isoformat()]
        if repeal is None and elsewhere:
            limit = _value(elsewhere[0], "repeal_extent")
            return VersionAnswer(
                status=OUTSIDE_COVERAGE,
                provision=provision,
                message=(
                    f"the repeal recorded on {_value(elsewhere[0], 'repeal_date')} ({_value(elsewhere[0], 'repeal')}) "
                    f"extends to {limit} only, not to {_value(elsewhere[0], '_extent')}: the sources hold no text of "
                    "it there"
                ),
            )
        if repeal is not None:
            closed = EventSummary(
                event=_value(repeal, "repeal"),
                type="repeal",
                date=_value(repeal, "repeal_date") or "",
                source=_value(repeal, "repeal_source"),
                sources=sorted(
                    {_value(r, "repeal_source") for r in repeals if _value(r, "repeal") == _value(repeal, "repeal")}
                    - {None}
                ),
                evidence=sorted({_value(r, "repeal_evidence") for r in repeals} - {None}),
                bound="at-latest" if _value(repeal, "repeal_at_latest") == "true" else None,
            )
            on = (
                f"on or before {closed.date} (the source gives no date; it shows the provision repealed then)"
                if _value(repeal, "repeal_at_latest") == "true"
                else f"on {closed.date}"
            )
            limit = _value(repeal, "repeal_extent")
            return VersionAnswer(
                status=REPEALED,
                provision=provision,
                valid_until=closed.date,
                closed_by=closed,
                message=f"no longer in force on {day}: {_ending(closed)} {on} (no text of it is held)"
                + (f"; the repeal extends to {limit} only" if limit else ""),
                extent=limit,
            )
        if any(_value(r, "prospective") == "true" for r in rows):
            currency = max((_value(r, "current_to") for r in rows if _value(r, "current_to")), default=None)
            if past_currency(day, currency):  # it may have come into force since: the sources cannot say
                return VersionAnswer(
                    status=OUTSIDE_COVERAGE, provision=provision, message=_prospective_past_currency(day, currency)
                )
            return VersionAnswer(
                status=NOT_YET_IN_FORCE,
                provision=provision,
                message=f"not yet in force on {day}: the source shows it as prospective, with no date in force",
            )
        return VersionAnswer(
            status=OUTSIDE_COVERAGE, provision=provision, message="no version of this provision is recorded"
        )
    later, earlier = by_relation["after"], by_relation["before"]
    if earlier and _value(earlier[-1], "closed_by") in word_changes and not later:
        # its words were repealed where the asked territories are, its text since then is not held for them
        return VersionAnswer(
            status=OUTSIDE_COVERAGE, provision=provision, message="no text of it held for these territories"
        )
    if earlier:
        last = with_sources(version_from_row(earlier[-1], provision), rows)
        closer = last.closed_by.type if last.closed_by else None
        last.status = REPEALED if closer == "repeal" else STRUCK_DOWN if closer in RULING_TYPES else ENDED
        if later:  # a gap between two windows
            last.message = (
                f"not in force on {day}: {_ending(last.closed_by)} on {last.valid_until}, back in force on "
                f"{_value(later[0], 'valid_from')}"
            )
        else:
            last.message = f"no longer in force on {day}: {_ending(last.closed_by)} on {last.valid_until}"
        limit = _value(earlier[-1], "closed_extent")
        if limit:  # a repeal for some territories only: it says so, and the answer is about those
            last.message += f" (for {limit} only)"
            last.extent = limit
        last.valid_from = None
        last.applicable_from = None
        last.opened_by = None
        return _strip_text(last)
    first = with_sources(version_from_row(later[0], provision, NOT_YET_IN_FORCE), rows, day)
    in_part = [p for p in first.in_force_in_part if p.date <= day.isoformat()]
    throughout = first.message == PARTLY_THROUGHOUT  # its commencements in part are not followed by one in whole
    if in_part and not earlier and not throughout:
        # in force for some purposes since a commencement in part, wholly from the version's start: its words
        first.status = PARTLY_IN_FORCE
        first.message = (
            f"in force on {day} for some purposes only (since {in_part[-1].date}: "
            f"{'; '.join(first.purposes) or 'the source does not say which'}); in force as a whole from "
            f"{first.valid_from}"
        )
        return first
    commenced = sorted(p.date for p in first.in_force_in_part)
    if commenced and not earlier and day.isoformat() < commenced[0]:
        # before the first commencement the notes give it, even in part ("not in force at Royal Assent"), nothing
        # of it was in force
        first.status = NOT_YET_IN_FORCE
        first.message = (
            f"not yet in force on {day}: it first came into force, for some purposes, on {commenced[0]} ("
            f"{'; '.join(first.in_part_evidence) or 'a commencement in part'})"
        )
        first.valid_until = None
        first.closed_by = None
        return _strip_text(first)
    opened = first.opened_by
    made_by = f" ({opened.type}" + (f" by {opened.source})" if opened and opened.source else ")") if opened else ""
    if opened and opened.type == "started-without-recorded-act":
        made_by = " (the sources record no act for its start: they show it from then, its words may be older)"
    if _value(later[0], "begins_history") != "true":
        first.status = OUTSIDE_COVERAGE
        first.message = (
            f"no text recorded for {day}: the earliest recorded text starts on {first.valid_from}{made_by}, "
            "and the sources do not give the text before it"
        ) + (f" (it was in force for some purposes only from {in_part[-1].date})" if in_part and throughout else "")
    else:
        on = "at the earliest on" if opened and opened.bound == "at-earliest" else "on"
        first.message = f"not yet in force on {day}: enters into force {on} {first.valid_from}{made_by}"
    first.valid_until = None
    first.closed_by = None
    return _strip_text(first)


def _reaches(limit: str | None, asked: str | None) -> bool:
    """Whether a change limited to the territories `limit` (None: not limited) reaches every territory `asked`
    (None or "all": none asked, the provision as a whole)."""
    return limit is None or asked in (None, "all") or _regions(asked) <= _regions(limit)


def _territorial(answer: VersionAnswer, rows: list[QuerySolution]) -> None:
    """Say where a text is in force when a repeal for some territories only ended it elsewhere: a text in force that
    such a repeal opened names it; a repeal answered for some territories names the texts in force for the rest."""
    versions = distinct_versions(rows)
    if answer.version and answer.status in (IN_FORCE, AS_LAST_KNOWN, PARTLY_IN_FORCE):
        row = next((r for r in versions if _value(r, "version") == answer.version), None)
        limit = _value(row, "opened_extent") if row is not None else None
        opened = answer.opened_by
        if limit and opened and opened.type == "repeal":
            made_by = f" by {opened.source}" if opened.source else ""
            answer.message = f"in force for {answer.extent} only: repealed for {limit} on {opened.date}{made_by}" + (
                f". {answer.message}" if answer.message else ""
            )
    elif answer.status == REPEALED and answer.extent:
        rest = [r for r in versions if _value(r, "relation") == "at" and _value(r, "extent")]
        if rest:
            answer.message += "; in force for the rest: " + "; ".join(
                f"{_value(r, 'extent')} ({_value(r, 'version')})" for r in rest
            )


def _ending(event: EventSummary | None) -> str:
    if event is None:
        return "ended"
    if event.type == "ended-without-recorded-act":
        return "ended without a recorded act"
    if event.type in RULING_TYPES:
        return f"struck down by a binding ruling ({event.type})" + (f": {event.source}" if event.source else "")
    if event.type == "expiry":
        return "expired: its temporary effect ended" + (f" (as {event.source} provided)" if event.source else "")
    return f"ended by {event.type}" + (f" made by {event.source}" if event.source else "")


def _strip_text(answer: VersionAnswer) -> VersionAnswer:
    """A non-answer names the neighbouring version's window and events but never returns its text."""
    answer.version = None
    answer.text = None
    answer.closing = None
    answer.layout = None
    answer.number = None
    answer.heading = None
    answer.language = None
    answer.citation = None
    return answer


def outstanding_changes(rows: list[QuerySolution], answer: VersionAnswer) -> list[Outstanding]:
    """The announced changes no consolidation applied (`rows`: _outstanding.rq's, by the asked date) that took effect
    after the text in force began: a change before it may be in its words already, so it is not said to be missing."""
    if answer.version is None or answer.valid_from is None:
        return []
    found: dict[tuple[str, str], Outstanding] = {}
    for row in rows:
        event, unit, day = _value(row, "outstanding"), _value(row, "outstanding_unit"), _value(row, "outstanding_date")
        if event is None or unit is None or day is None or day <= answer.valid_from:
            continue
        kind = KIND_OF_CLASS.get(_value(row, "outstanding_type") or "", "event")
        source = _value(row, "outstanding_source")
        held = found.get((event, unit))
        if held is None or (source and (held.act is None or source < held.act)):
            found[(event, unit)] = Outstanding(event=event, kind=kind, date=day, act=source, provision=unit)
    return sorted(found.values(), key=lambda o: (o.date, o.provision, o.event))


def near_change(rows: list[QuerySolution], day: date, near_days: int) -> NearChange | None:
    """The window edge of this provision nearest to `day`, if within `near_days` (ties: the earlier edge)."""
    best: tuple[int, str, NearChange] | None = None
    for row in distinct_versions(rows):
        for edge, prefix in (("valid_from", "opened"), ("valid_until", "closed")):
            value = _value(row, edge)
            event = _event(row, prefix)
            if value is None or event is None:
                continue
            distance = (date.fromisoformat(value) - day).days
            if abs(distance) > near_days:
                continue
            candidate = NearChange(
                date=value, event=event.event, type=event.type, direction="upcoming" if distance > 0 else "recent"
            )
            key = (abs(distance), value)
            if best is None or key < best[:2]:
                best = (abs(distance), value, candidate)
    return best[2] if best else None


def _beyond_extent(rows: list[QuerySolution], provision: str, day: date, none_for_them: bool) -> VersionAnswer | None:
    """Why a provision has no text for the territories asked on `day` when it has one elsewhere: outside-extent,
    naming the extents of its texts then; where it has none then but texts for other territories on other days
    (`none_for_them`: none for these at all), outside-coverage naming them. None when nothing extends elsewhere."""
    asked = _value(rows[0], "_extent") if rows else None
    if asked in (None, "all"):
        return None
    elsewhere = [r for r in distinct_versions(rows) if (_value(r, "relation") or "at") == "at"]
    extents = sorted({_value(r, "extent") for r in elsewhere} - {None})
    if not extents:
        other = sorted({_value(r, "extent") for r in distinct_versions(rows)} - {None})
        if not other or not none_for_them:
            return None
        return VersionAnswer(  # texts of other territories, on other days: none is held for these on this one
            status=OUTSIDE_COVERAGE,
            provision=provision,
            message=f"no text of it for {asked} on {day} is held: the texts held extend to {', '.join(other)}, "
            "on other days (ask `versions`)",
        )
    return VersionAnswer(
        status=OUTSIDE_EXTENT,
        provision=provision,
        message=f"no text of it for {asked} on {day} is held: the text held then extends to {', '.join(extents)}",
    )
