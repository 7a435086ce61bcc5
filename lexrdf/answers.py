"""Typed answers: the result shapes of the query library, built from query rows.

An answer that cannot be given is a typed non-answer (a `status`), never a neighbouring version.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from pyoxigraph import QuerySolution

from lexrdf.vocab import KIND_OF_CLASS, LEX

if TYPE_CHECKING:
    from lexrdf.search import IndexPage

IN_FORCE = "in-force"
NOT_YET_IN_FORCE = "not-yet-in-force"
# in force for some purposes only: after a commencement in part, before the provision came into force as a whole
PARTLY_IN_FORCE = "partly-in-force"
OUTSIDE_EXTENT = "outside-extent"  # no text of the provision extends to the territories asked for
REPEALED = "repealed"
ENDED = "ended"  # a window that closed with no act repealing it: a temporary provision's expiry, or unrecorded
AS_LAST_KNOWN = "as-last-known"  # in force as far as the sources go, but the date is after they are current to
OUTSIDE_COVERAGE = "outside-coverage"
UNKNOWN_REFERENCE = "unknown-reference"
AMBIGUOUS_REFERENCE = "ambiguous-reference"
RESOLVED = "resolved"
STRUCK_DOWN = "struck-down"  # a window a binding ruling closed (declared the text void)
# interpretive time (lexrdf/queries/interpretations.rq)
OPERATIVE = "operative"
NO_INTERPRETATION_YET = "no-interpretation-yet"
NO_LONGER_OPERATIVE = "no-longer-operative"
NOT_INTERPRETED = "not-interpreted"
INTERPRETIVE_ONLY = "interpretive-only"  # text-at of an item with no statutory text (a doctrine, a precedent)
EARLIER, LATER = "earlier", "later"  # an interpretation's place relative to the asked date
RULING_TYPES = {"judicial-decision", "administrative-decision", "binding-ruling"}
_SCOPE_LABELS = {LEX.ErgaOmnes.value: "erga omnes", LEX.InterPartes.value: "inter partes"}
_ITEM_TYPES = {LEX.Provision.value: "provision", LEX.Act.value: "act", LEX.InterpretiveItem.value: "interpretive-item"}


@dataclass(frozen=True)
class EventSummary:
    """The event that opened or closed a window."""

    event: str
    type: str
    date: str
    source: str | None
    sources: list[str] = field(default_factory=list)  # every act that made it (several acts on one day)
    # what in the source dated this edge of the window for this provision ("file:line: note: ..."; lex:datedBy);
    # empty where the answer does not carry it (a search hit, a diff: ask `versions`)
    evidence: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Outstanding:
    """A change an amending act held here announced for the provision (or within it) that no consolidation applied."""

    event: str
    kind: str
    date: str
    act: str | None
    provision: str  # what it changes: the provision asked, or one within it


@dataclass(frozen=True)
class NearChange:
    """A change of the provision within the configured distance of the asked date."""

    date: str
    event: str
    type: str
    direction: str  # "upcoming" (after the date) or "recent" (on or before it)


@dataclass(frozen=True)
class InPart:
    """A commencement in part before the version: from `date` the provision was in force for some purposes."""

    event: str
    date: str


@dataclass(frozen=True)
class ConcurrentVersion:
    """One of several versions of a provision in force on the date, each for its own territorial extent (CLML
    concurrent versions): which territories it extends to, and its window."""

    version: str
    extent: str | None
    valid_from: str | None
    valid_until: str | None


@dataclass
class VersionAnswer:
    """A version of a provision (or a typed non-answer when `status` is not in-force)."""

    status: str
    provision: str
    version: str | None = None
    text: str | None = None
    # the end of `text` the source places after the provision's sub-units (a list's closing words): read after them
    closing: str | None = None
    layout: str | None = None  # `text` in lines where it holds list items (lexrdf.layout: JSON)
    number: str | None = None
    heading: str | None = None
    language: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    applicable_from: str | None = None
    opened_by: EventSummary | None = None
    closed_by: EventSummary | None = None
    citation: str | None = None
    near_change: NearChange | None = None
    current_to: str | None = None
    languages: list[str] = field(default_factory=list)  # the languages the version has a text in
    message: str | None = None
    # the dual chain: the interpretations operative beside the text (on the date; for a version, in its window)
    interpretations: list[InterpretationState] = field(default_factory=list)
    diverges: bool = False  # an operative interpretation overlays the statutory text in force
    # the editor's notes beside the text saying a change takes effect later than its act ("file:line: words"): the
    # window may begin before the change had effect (lex:deferredEffect)
    deferred_effects: list[str] = field(default_factory=list)
    # changes announced after the text began, by the date, not applied to it (text-at only; `outstanding_changes`)
    outstanding: list[Outstanding] = field(default_factory=list)
    extent: str | None = None  # the territories its text extends to ("E+W+S+N.I."), when the source says
    # commencements in part before the version (`with_sources`): their events and dates, the source's words saying
    # for what, and the notes that dated them
    in_force_in_part: list[InPart] = field(default_factory=list)
    purposes: list[str] = field(default_factory=list)
    in_part_evidence: list[str] = field(default_factory=list)
    # text-at with no extent asked, when several versions are in force on the date, each for its own extent (an E+W
    # text beside an S text): every one of them with its extent (the answer's text is the first of them)
    concurrent: list[ConcurrentVersion] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RulingSummary:
    """The binding ruling that opened or closed an interpretation."""

    event: str
    type: str
    date: str
    publication_date: str | None
    authority: str | None
    authority_label: str | None
    source: str | None


@dataclass(frozen=True)
class InterpretationRelation:
    """How a ruling related this interpretation to another: `relation` is overruled-by, superseded-by, refined-by
    or unified-by (a later `ruling` did it; `interpretation` is what that ruling opened in its place, if any);
    overrules, supersedes, refines or unifies (its own `ruling` did it to `interpretation`); or concurrent-with."""

    relation: str
    interpretation: str | None
    ruling: str | None


@dataclass
class InterpretationState:
    """One interpretation of an item: a state of its operative meaning, with its window, scope and rulings.

    `status` is operative (on the asked date), earlier (closed before it) or later (operative from a later date);
    only an operative one carries its reading (`text`)."""

    status: str
    interpretation: str
    item: str
    text: str | None = None
    language: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    applicable_from: str | None = None
    scope: str | None = None
    scope_label: str | None = None
    opened_by: RulingSummary | None = None
    closed_by: RulingSummary | None = None
    relations: list[InterpretationRelation] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)


@dataclass
class InterpretationsAnswer:
    """The interpretations of an item operative on a date (`items`), with those before and after it."""

    status: str
    item: str
    date: str
    item_type: str | None = None  # provision, act or interpretive-item
    title: str | None = None
    item_kind: str | None = None  # doctrine, precedent, proposition, ... (an interpretive item)
    count: int = 0
    items: list[InterpretationState] = field(default_factory=list)
    earlier: list[InterpretationState] = field(default_factory=list)
    later: list[InterpretationState] = field(default_factory=list)
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ResolveAnswer:
    """What a citation names."""

    status: str
    ref: str
    provision: str | None = None
    kind: str | None = None
    date: str | None = None  # the point in time the citation names (a URL's /2001-01-01), if any
    candidates: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _value(row: QuerySolution, name: str) -> str | None:
    term = row[name]
    return None if term is None else term.value


def _event(row: QuerySolution, prefix: str) -> EventSummary | None:
    iri = _value(row, f"{prefix}_by")
    if iri is None:
        return None
    kind = KIND_OF_CLASS.get(_value(row, f"{prefix}_type") or "", "event")
    return EventSummary(iri, kind, _value(row, f"{prefix}_date") or "", _value(row, f"{prefix}_source"))


PARTLY_THROUGHOUT = "in force for some purposes only throughout: the sources record no commencement of the rest"


def version_from_row(row: QuerySolution, provision: str, status: str = IN_FORCE) -> VersionAnswer:
    """One version row of text-at / versions as an answer (a version in force in part only throughout its window,
    lex:partlyInForce, says so in its message; text-at gives it status partly-in-force)."""
    answer = VersionAnswer(
        status=status,
        provision=provision,
        version=_value(row, "version"),
        text=_value(row, "text"),
        closing=_value(row, "closing"),
        layout=_value(row, "layout"),
        number=_value(row, "number"),
        heading=_value(row, "heading"),
        language=_value(row, "language"),
        valid_from=_value(row, "valid_from"),
        valid_until=_value(row, "valid_until"),
        applicable_from=_value(row, "applicable_from"),
        opened_by=_event(row, "opened"),
        closed_by=_event(row, "closed"),
        extent=_value(row, "extent"),
    )
    if _value(row, "partly") == "true":
        answer.message = PARTLY_THROUGHOUT
    return answer


def distinct_versions(rows: list[QuerySolution]) -> list[QuerySolution]:
    """One row per version (rows repeat when an event names several source acts, and once per language): the
    row in the asked language (``_language``) when there is one."""
    asked = _asked_language(rows)
    chosen: dict[str, QuerySolution] = {}
    for row in rows:
        version = _value(row, "version")
        if version is None:
            continue
        if version not in chosen or (asked and _value(row, "language") == asked != _value(chosen[version], "language")):
            chosen[version] = row
    return list(chosen.values())


def _asked_language(rows: list[QuerySolution]) -> str | None:
    asked = _value(rows[0], "_language") if rows else None
    return None if asked in (None, "any") else asked


def with_languages(answer: VersionAnswer, rows: list[QuerySolution]) -> VersionAnswer:
    """Name the languages the answer's version has a text in; without the asked one, give no text."""
    if answer.version is None:
        return answer
    answer.languages = sorted({_value(r, "language") for r in rows if _value(r, "version") == answer.version} - {None})
    asked = _asked_language(rows)
    if asked and answer.language != asked:
        answer.text = answer.number = answer.heading = answer.language = None
        answer.message = f"no text in {asked!r} is recorded for this version; it has: {', '.join(answer.languages)}"
    return answer


def with_sources(answer: VersionAnswer, rows: list[QuerySolution]) -> VersionAnswer:
    """Name every act behind the opening and closing events, what dated each and the editor's notes of deferred
    effects (rows repeat once per source act and piece of evidence)."""
    own = [r for r in rows if _value(r, "version") == answer.version]
    for attribute, prefix in (("opened_by", "opened"), ("closed_by", "closed")):
        event = getattr(answer, attribute)
        if event is None:
            continue
        sources = sorted({_value(r, f"{prefix}_source") for r in own} - {None})
        evidence = sorted({_value(r, f"{prefix}_evidence") for r in own} - {None})
        setattr(answer, attribute, EventSummary(event.event, event.type, event.date, event.source, sources, evidence))
    answer.deferred_effects = sorted({_value(r, "deferred") for r in own} - {None})
    parts = {(_value(r, "in_part"), _value(r, "in_part_date")) for r in own if _value(r, "in_part")}
    answer.in_force_in_part = [InPart(event, day or "") for event, day in sorted(parts, key=lambda p: (p[1], p[0]))]
    answer.purposes = sorted({_value(r, "in_part_purposes") for r in own} - {None})
    answer.in_part_evidence = sorted({_value(r, "in_part_evidence") for r in own} - {None})
    return answer


def _regions(extent: str) -> set[str]:
    """The regions an extent names, in any spelling ("E+W+N.I.", "e+w+ni", "S"): {"e", "w", "ni"}."""
    return {token.strip().lower().replace(".", "") for token in extent.split("+") if token.strip()}


def in_extent(rows: list[QuerySolution]) -> list[QuerySolution]:
    """The rows of versions whose text extends to every territory asked for (``_extent``; "all": every row). A
    version with no extent recorded holds wherever its act does."""
    asked = _value(rows[0], "_extent") if rows else None
    if asked in (None, "all"):
        return rows
    wanted = _regions(asked)
    return [
        r
        for r in rows
        if _value(r, "version") is None or not _value(r, "extent") or wanted <= _regions(_value(r, "extent"))
    ]


def _prospective_past_currency(day: date, currency: str) -> str:
    """Why a provision the sources show as prospective is outside coverage after their currency."""
    return (
        f"not known for {day}: the sources, current to {currency}, show it as prospective, with no date in force; "
        "whether it came into force since they do not say"
    )


def text_at_answer(rows: list[QuerySolution], provision: str, day: date, strict: bool = False) -> VersionAnswer:
    """Turn the rows of text-at into one typed answer for `day`."""
    if not rows:
        return VersionAnswer(UNKNOWN_REFERENCE, provision, message=f"{provision} is not a known act or provision")
    currency = max((_value(r, "current_to") for r in rows if _value(r, "current_to")), default=None)
    answer = _text_at(in_extent(rows), provision, day)
    if answer.status in (OUTSIDE_COVERAGE, NOT_YET_IN_FORCE) and answer.version is None:
        beyond = _beyond_extent(rows, provision, day)
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
    if prospective and currency and day.isoformat() > currency and any(_value(r, "prospective") for r in rows):
        answer.status, answer.message = OUTSIDE_COVERAGE, _prospective_past_currency(day, currency)
    if answer.status in (IN_FORCE, PARTLY_IN_FORCE) and currency and day.isoformat() > currency:
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


def _text_at(rows: list[QuerySolution], provision: str, day: date) -> VersionAnswer:
    versions = distinct_versions(rows)
    by_relation: dict[str, list[QuerySolution]] = {"at": [], "before": [], "after": []}
    for row in versions:
        by_relation[_value(row, "relation") or "at"].append(row)
    if by_relation["at"]:
        # concurrent versions (each for its own extent) in force together: the first by extent is answered, and
        # the answer names every one with the territories it extends to
        at = sorted(by_relation["at"], key=lambda r: (_value(r, "extent") or "", _value(r, "version") or ""))
        answer = with_languages(with_sources(version_from_row(at[0], provision), rows), rows)
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
                    _value(r, "version"), _value(r, "extent"), _value(r, "valid_from"), _value(r, "valid_until")
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
        recorded = sorted((r for r in rows if _value(r, "repeal")), key=lambda r: _value(r, "repeal_date") or "")
        # a repeal for some territories only ("for E.") is no repeal of the provision elsewhere
        repeals = [r for r in recorded if _reaches(_value(r, "repeal_extent"), _value(r, "_extent"))]
        repeal = next((r for r in repeals if (_value(r, "repeal_date") or "") <= day.isoformat()), None)
        elsewhere = [r for r in recorded if r not in repeals and (_value(r, "repeal_date") or "") <= day.isoformat()]
        if repeal is None and elsewhere:
            limit = _value(elsewhere[0], "repeal_extent")
            return VersionAnswer(
                OUTSIDE_COVERAGE,
                provision,
                message=(
                    f"the repeal recorded on {_value(elsewhere[0], 'repeal_date')} ({_value(elsewhere[0], 'repeal')}) "
                    f"extends to {limit} only, not to {_value(elsewhere[0], '_extent')}: the sources hold no text of "
                    "it there"
                ),
            )
        if repeal is not None:
            closed = EventSummary(
                _value(repeal, "repeal"),
                "repeal",
                _value(repeal, "repeal_date") or "",
                _value(repeal, "repeal_source"),
                sorted(
                    {_value(r, "repeal_source") for r in repeals if _value(r, "repeal") == _value(repeal, "repeal")}
                    - {None}
                ),
                sorted({_value(r, "repeal_evidence") for r in repeals} - {None}),
            )
            on = (
                f"on or before {closed.date} (the source gives no date; it shows the provision repealed then)"
                if _value(repeal, "repeal_at_latest") == "true"
                else f"on {closed.date}"
            )
            limit = _value(repeal, "repeal_extent")
            return VersionAnswer(
                REPEALED,
                provision,
                valid_until=closed.date,
                closed_by=closed,
                message=f"no longer in force on {day}: {_ending(closed)} {on} (no text of it is held)"
                + (f"; the repeal extends to {limit} only" if limit else ""),
                extent=limit,
            )
        if any(_value(r, "prospective") == "true" for r in rows):
            currency = max((_value(r, "current_to") for r in rows if _value(r, "current_to")), default=None)
            if currency and day.isoformat() > currency:  # it may have come into force since: the sources cannot say
                return VersionAnswer(OUTSIDE_COVERAGE, provision, message=_prospective_past_currency(day, currency))
            return VersionAnswer(
                NOT_YET_IN_FORCE,
                provision,
                message=f"not yet in force on {day}: the source shows it as prospective, with no date in force",
            )
        return VersionAnswer(OUTSIDE_COVERAGE, provision, message="no version of this provision is recorded")
    later, earlier = by_relation["after"], by_relation["before"]
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
    first = with_sources(version_from_row(later[0], provision, NOT_YET_IN_FORCE), rows)
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
        first.message = f"not yet in force on {day}: enters into force on {first.valid_from}{made_by}"
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


_HAS_WORD = re.compile(r"[^\W\d_]{2,}|§")  # a number that says what it is ("Art. 3", "§ 6b"), not "3"


def unit_label(unit_type: str | None, number: str | None) -> str:
    """How a citation names a unit: its number when that says what it is, else its type and number; nothing when
    it has no number (none, or one without a letter or digit: Normattiva's ``<num>-</num>``).

    >>> unit_label("paragraph", "3."), unit_label("article", "Art. 181."), unit_label("chapter", "-")
    ('paragraph 3.', 'Art. 181.', '')
    """
    text = (number or "").strip()
    if not any(char.isalnum() or char == "§" for char in text):
        return ""
    return text if _HAS_WORD.search(text) else f"{unit_type or 'unit'} {text}"


def outstanding_changes(rows: list[QuerySolution], answer: VersionAnswer) -> list[Outstanding]:
    """The announced changes no consolidation applied that took effect after the text in force began (by the asked
    date: the query's bound): a change before it may be in its words already, so it is not said to be missing."""
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
            found[(event, unit)] = Outstanding(event, kind, day, source, unit)
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
            candidate = NearChange(value, event.event, event.type, "upcoming" if distance > 0 else "recent")
            key = (abs(distance), value)
            if best is None or key < best[:2]:
                best = (abs(distance), value, candidate)
    return best[2] if best else None


@dataclass
class UnitText:
    """A unit of a provision's tree with its text on one date."""

    unit: str
    parent: str | None
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    language: str | None
    version: str | None
    valid_from: str | None
    valid_until: str | None
    closing: str | None = None  # the end of `text` the source places after the unit's sub-units
    layout: str | None = None  # `text` in lines where it holds list items (lexrdf.layout: JSON)


@dataclass
class ContextUnit:
    """One unit of a governing chain, with its text on the date (None when it had no version then)."""

    unit: str
    order: str | None
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    version: str | None
    label_number: str | None
    language: str | None = None  # the language of `text`
    interpretations: list[InterpretationState] = field(default_factory=list)  # operative on the date (dual chain)


def chain_units(rows: list[QuerySolution], prefix: str = "", language: str | None = None) -> list[ContextUnit]:
    """The governing chain in the rows of context.rq, root first: its rows of kind "unit", "text" and "number"
    (columns `kind`, `unit`, ...), or the same rows folded into another query with their columns named
    `prefix` + that name (``chain_kind``, ``chain_unit``, ...). Other kinds are left to the caller.

    A unit with several texts in force takes the one `preferred_text` chooses (in `language`, else the asked one,
    ``_language``, else its first language), so its text, number and heading are those text-at gives it."""
    asked = language or _asked_language(rows)
    units: dict[str, ContextUnit] = {}
    chosen: dict[str, TextChoice] = {}  # unit -> what its text was chosen by
    for row in rows:
        kind = _value(row, f"{prefix}kind")
        if kind not in ("unit", "text", "number"):
            continue
        iri = _value(row, f"{prefix}unit") or ""
        unit = units.setdefault(iri, ContextUnit(iri, None, "act", None, None, None, None, None))
        if kind == "unit":
            unit.order = _value(row, f"{prefix}unit_order")
            unit.unit_type = _value(row, f"{prefix}unit_type") or "act"
        elif kind == "text":
            choice = text_choice(row, prefix)
            if iri in chosen and not preferred_text(choice, chosen[iri], asked):
                continue
            chosen[iri] = choice
            unit.version = _value(row, f"{prefix}version")
            unit.text = _value(row, f"{prefix}text")
            unit.number = _value(row, f"{prefix}number")
            unit.heading = _value(row, f"{prefix}heading")
            unit.language = _value(row, f"{prefix}language")
        elif unit.label_number is None:
            unit.label_number = _value(row, f"{prefix}number")
    for unit in units.values():
        unit.label_number = unit.number or unit.label_number
    return in_document_order(units.values())


def in_document_order(units: Iterable[ContextUnit]) -> list[ContextUnit]:
    """A chain's units root first: by document order (`lex:order`, a decimal), a unit with none (the act) first."""
    return sorted(units, key=lambda u: (u.order is not None, Decimal(u.order or 0)))


class TextChoice(NamedTuple):
    """What one of a unit's texts in force is chosen by: its version, language and expression IRIs."""

    version: str
    language: str
    expression: str


def text_choice(row: QuerySolution, prefix: str = "") -> TextChoice:
    """What a row's text is chosen by (columns `prefix` + version, language and expression)."""
    return TextChoice(*(_value(row, f"{prefix}{name}") or "" for name in TextChoice._fields))


def preferred_text(candidate: TextChoice, held: TextChoice, asked: str | None = None) -> bool:
    """Whether a unit's text `candidate` is preferred to `held`: of two versions in force at once (which the shapes
    refuse: NoOverlappingVersions), the greatest version IRI; within a version, the `asked` language, else the
    smallest language tag, then the smallest expression IRI. The search index chooses the same
    (lexrdf.search.index: `primary`).

    >>> en, fr = TextChoice("v1", "en", "e1"), TextChoice("v1", "fr", "e2")
    >>> preferred_text(fr, en), preferred_text(fr, en, asked="fr"), preferred_text(TextChoice("v2", "fr", "e3"), en)
    (False, True, True)
    """
    if candidate.version != held.version:
        return candidate.version > held.version
    return _text_rank(candidate, asked) < _text_rank(held, asked)


def _text_rank(text: TextChoice, asked: str | None) -> tuple[bool, str, str]:
    return text.language != asked, text.language, text.expression


def chain_titles(rows: list[QuerySolution], prefix: str = "chain_") -> dict[str, str]:
    """The title of each unit that has one (an act), from rows of kind "title" (lex:title), else "title-dc"
    (dcterms:title)."""
    titles: dict[str, str] = {}
    for kind in ("title", "title-dc"):
        for row in rows:
            if _value(row, f"{prefix}kind") == kind:
                titles.setdefault(_value(row, f"{prefix}unit") or "", _value(row, f"{prefix}title") or "")
    return titles


@dataclass
class ContextAnswer:
    """The governing chain of a provision, the act first and the provision itself last.

    `subordinate` is true when an enclosing unit has text of its own on the date (a list's introduction, an
    article's opening words) that the provision depends on.
    """

    status: str
    provision: str
    date: str
    subordinate: bool = False
    items: list[ContextUnit] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class DescendantsAnswer:
    """All units below a provision in force on a date, in document order, with their count."""

    status: str
    provision: str
    date: str
    count: int = 0
    items: list[UnitText] = field(default_factory=list)
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class LineageStep:
    """One (event, version) pair of a provenance chain."""

    event: str
    type: str
    date: str
    authority: str | None
    source_act: str | None
    source_provision: str | None
    version: str
    previous: str | None
    valid_from: str
    valid_until: str | None
    closed_by: EventSummary | None
    evidence: list[str] = field(default_factory=list)  # what in the source dated its start (lex:datedBy)


@dataclass
class LineageAnswer:
    """The chain of states of a provision from its first recorded state to the one in force on a date."""

    status: str
    provision: str
    date: str
    items: list[LineageStep] = field(default_factory=list)
    message: str | None = None
    # the dual chain: the interpretations begun by the date (closed ones without their reading), oldest first
    interpretations: list[InterpretationState] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ImpactItem:
    """What one event did to one provision."""

    provision: str
    # opened, changed or closed; "amended (not yet consolidated)"; "modified" (effect, not words); or
    # "repealed (no text held)"
    effect: str
    event: str
    type: str
    date: str
    version_opened: str | None
    version_closed: str | None
    state: str | None = None  # "version" (the text) or "interpretation" (the operative meaning), when one
    # the provisions of the source act that made the version opened (lex:madeByProvision), when the source names them
    source_provisions: list[str] = field(default_factory=list)


@dataclass
class ImpactAnswer:
    """Everything an act or event opened, changed or closed."""

    status: str
    act: str
    count: int = 0
    items: list[ImpactItem] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TextChange:
    """One step of a word-level comparison: equal, insert, delete or replace."""

    op: str
    from_text: str
    to_text: str


@dataclass
class DiffAnswer:
    """A provision compared on two dates, with the events between."""

    status: str
    provision: str
    from_date: str
    to_date: str
    from_version: VersionAnswer | None = None
    to_version: VersionAnswer | None = None
    changes: list[TextChange] = field(default_factory=list)
    events: list[EventSummary] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["from"] = data.pop("from_date")
        data["to"] = data.pop("to_date")
        return data


@dataclass(frozen=True)
class ChangeRecord:
    """A record written, or marked superseded, after a transaction time."""

    graph: str
    record: str
    kind: str
    change: str
    at: str
    changeset: str


@dataclass
class ChangesAnswer:
    """What was recorded after a transaction time, oldest first."""

    since: str
    count: int = 0
    items: list[ChangeRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SearchHit:
    """A provision whose text on the date contains the searched phrase."""

    provision: str
    act: str
    act_title: str | None
    path: str | None
    unit_type: str | None
    number: str | None
    heading: str | None
    text: str
    version: str
    occurrences: int
    citation: str | None = None
    state: str = "version"  # "version" (the text) or "interpretation" (an operative reading)
    score: float | None = None  # BM25 from the index (it depends on the whole index as it is now: the order of an
    # answer as known at K may change as later acts are recorded, its hits and total do not); None from the scan
    snippet: str | None = None  # the best fragment, the matched words in <b>, HTML-escaped
    valid_from: str | None = None  # the version's window [valid_from, valid_until) as recorded at known_at
    valid_until: str | None = None  # None: no end recorded
    opened_by: EventSummary | None = None  # the event that opened the version (None for a reading)


#: which path answered a search: the full-text index, or the SPARQL scan of search.rq (no index; docs/search.md)
SEARCH_INDEX, SEARCH_SCAN = "index", "scan"


@dataclass
class SearchAnswer:
    """One page of search hits, one a version: best BM25 score first from the index; most occurrences first from
    the scan (search.rq's order); then act and document order, a text before its reading."""

    text: str
    date: str
    count: int = 0  # the hits in `items`
    items: list[SearchHit] = field(default_factory=list)
    total: int | None = None  # every matching version, on all pages
    page: int = 1
    size: int | None = None  # hits a page (None: all on one)
    method: str = SEARCH_SCAN  # SEARCH_INDEX or SEARCH_SCAN: which path answered

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- builders: rows of one library query -> one typed answer ---------------------------------------------
def texts_per_unit(rows: list[QuerySolution]) -> list[QuerySolution]:
    """One row a unit (column `unit`), in the rows' order: the one whose text `preferred_text` chooses (the asked
    language, ``_language``, else the first), where a version has texts in several languages."""
    asked = _asked_language(rows)
    chosen: dict[str, tuple[TextChoice, QuerySolution]] = {}  # in the rows' order (a dict keeps it)
    for row in rows:
        unit, choice = _value(row, "unit") or "", text_choice(row)
        if unit not in chosen or preferred_text(choice, chosen[unit][0], asked):
            chosen[unit] = (choice, row)
    return [row for _choice, row in chosen.values()]


def descendants_answer(rows: list[QuerySolution], provision: str, day: date, own: VersionAnswer) -> DescendantsAnswer:
    """Descendant rows (already in document order) under a provision whose own state on `day` is `own`: one item a
    unit, in one language (`texts_per_unit`)."""
    partly_within = own.status == PARTLY_IN_FORCE and (own.valid_from or "9999") <= day.isoformat()  # its words
    if own.status not in (IN_FORCE, AS_LAST_KNOWN) and not partly_within:
        return DescendantsAnswer(own.status, provision, day.isoformat(), message=own.message)
    items = [
        UnitText(
            _value(row, "unit") or "",
            _value(row, "parent"),
            _value(row, "unit_type") or "",
            _value(row, "number"),
            _value(row, "heading"),
            _value(row, "text"),
            _value(row, "language"),
            _value(row, "version"),
            _value(row, "valid_from"),
            _value(row, "valid_until"),
            _value(row, "closing"),
            _value(row, "layout"),
        )
        for row in texts_per_unit(rows)
    ]
    return DescendantsAnswer(own.status, provision, day.isoformat(), len(items), items, own.message)


def lineage_answer(rows: list[QuerySolution], provision: str, day: date, own: VersionAnswer) -> LineageAnswer:
    """The chain of versions that began by `day`; typed like text-at when none is in force then."""
    steps: list[LineageStep] = []
    by_version: dict[str, list[QuerySolution]] = defaultdict(list)
    for row in rows:  # rows repeat once per source act and piece of evidence
        by_version[_value(row, "version") or ""].append(row)
    for version, version_rows in by_version.items():
        row = version_rows[0]
        opened = _event(row, "opened")
        closed = _event(row, "closed")
        if closed is not None:
            evidence = sorted({_value(r, "closed_evidence") for r in version_rows} - {None})
            closed = EventSummary(closed.event, closed.type, closed.date, closed.source, closed.sources, evidence)
        steps.append(
            LineageStep(
                event=opened.event,
                type=opened.type,
                date=opened.date,
                authority=_value(row, "authority"),
                source_act=opened.source,
                source_provision=_value(row, "source_provision"),
                version=version,
                previous=_value(row, "previous"),
                valid_from=_value(row, "valid_from") or "",
                valid_until=_value(row, "valid_until"),
                closed_by=closed,
                evidence=sorted({_value(r, "opened_evidence") for r in version_rows} - {None}),
            )
        )
    return LineageAnswer(own.status, provision, day.isoformat(), steps, own.message)


def impact_answer(rows: list[QuerySolution], act: str) -> ImpactAnswer:
    """Merge the opened / closed rows of one event on one provision into one effect."""
    merged: dict[tuple[str, str, str], ImpactItem] = {}
    for row in rows:
        event = _value(row, "event") or ""
        provision = _value(row, "provision") or ""
        state = _value(row, "state")
        item = merged.setdefault(
            (event, provision, state or ""),
            ImpactItem(
                provision,
                "",
                event,
                KIND_OF_CLASS.get(_value(row, "event_type") or "", "event"),
                _value(row, "event_date") or "",
                None,
                None,
                state,
            ),
        )
        if _value(row, "effect") == "opened":
            item.version_opened = _value(row, "version")
            made_by = _value(row, "source_provision")
            if made_by and made_by not in item.source_provisions:
                item.source_provisions.append(made_by)
        elif _value(row, "effect") == "closed":
            item.version_closed = _value(row, "version")
        else:  # recorded by an amending act, no version yet: "amended (not yet consolidated)"
            item.effect = _value(row, "effect") or ""
    for item in merged.values():
        item.source_provisions.sort()
        if item.version_opened or item.version_closed or not item.effect:
            item.effect = (
                "changed"
                if item.version_opened and item.version_closed
                else ("opened" if item.version_opened else "closed")
            )
            if item.effect == "closed" and item.state == "version" and item.type in RULING_TYPES:
                item.effect = "struck down"
    items = sorted(merged.values(), key=lambda i: (i.date, i.event, i.provision))
    status = RESOLVED if items else UNKNOWN_REFERENCE
    return ImpactAnswer(status, act, len(items), items)


def _words(text: str) -> list[str]:
    return text.split()


def diff_answer(rows: list[QuerySolution], provision: str, start: date, end: date, known: bool) -> DiffAnswer:
    """Compare the versions in force on `start` and `end` word by word, in one language (`diff_language`); list
    the events between."""
    answer = DiffAnswer(IN_FORCE if known else UNKNOWN_REFERENCE, provision, start.isoformat(), end.isoformat())
    versions = distinct_versions(rows)  # one row a version: its window and events

    def at(day: date) -> str | None:
        for row in versions:
            begins = date.fromisoformat(_value(row, "valid_from") or "9999-12-31")
            until = _value(row, "valid_until")
            if begins <= day and (until is None or day < date.fromisoformat(until)):
                return _value(row, "version")
        return None

    sides = (at(start), at(end))
    languages = [_languages_of(rows, version) for version in sides if version is not None]
    language = diff_language(_asked_language(rows), languages)
    before, after = (_side(rows, version, language, provision) for version in sides)
    answer.from_version, answer.to_version = before, after
    compared = [side for side in (before, after) if side is not None]
    if all(side.text is not None for side in compared) and len({side.language for side in compared}) <= 1:
        old = _words(before.text or "") if before else []
        new = _words(after.text or "") if after else []
        matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
        answer.changes = [
            TextChange(op, " ".join(old[i1:i2]), " ".join(new[j1:j2])) for op, i1, i2, j1, j2 in matcher.get_opcodes()
        ]
    seen: set[str] = set()
    for row in versions:
        for edge, prefix in (("valid_from", "opened"), ("valid_until", "closed")):
            value, event = _value(row, edge), _event(row, prefix)
            if value and event and start < date.fromisoformat(value) <= end and event.event not in seen:
                seen.add(event.event)
                answer.events.append(event)
    answer.events.sort(key=lambda e: (e.date, e.event))
    if known and sides == (None, None):
        answer.status = OUTSIDE_COVERAGE
    return answer


def diff_language(asked: str | None, languages: list[list[str]]) -> str | None:
    """The one language a diff compares its sides in: `asked`, else the first in code order that every side in
    force has (each side's languages, sorted), else None (each side in its own first language).

    >>> diff_language(None, [["en", "fr"], ["fr"]]), diff_language("en", [["fr"]])
    ('fr', 'en')
    >>> diff_language(None, [["en"], ["fr"]]) is None  # nothing shared: no word changes
    True
    """
    if asked:
        return asked
    shared = set(languages[0]).intersection(*languages[1:]) if languages else set()
    return min(shared) if shared else None


def _languages_of(rows: list[QuerySolution], version: str) -> list[str]:
    return sorted({_value(r, "language") for r in rows if _value(r, "version") == version} - {None})  # type: ignore[arg-type]


def _side(rows: list[QuerySolution], version: str | None, language: str | None, provision: str) -> VersionAnswer | None:
    """One side of a diff: `version` with its text in `language` (None: its first language), or with no text and
    the languages it has when it has none in `language`."""
    if version is None:
        return None
    own = [row for row in rows if _value(row, "version") == version]
    chosen = next((row for row in own if language is not None and _value(row, "language") == language), own[0])
    side = version_from_row(chosen, provision)
    side.languages = _languages_of(own, version)
    if language is not None and side.language != language:
        side.text = side.number = side.heading = side.language = None
        side.message = f"no text in {language!r} is recorded for this version; it has: {', '.join(side.languages)}"
    return side


def changes_answer(rows: list[QuerySolution], since: str) -> ChangesAnswer:
    items = [
        ChangeRecord(
            _value(r, "graph") or "",
            _value(r, "record") or "",
            (_value(r, "kind") or "").rsplit("#", 1)[-1],
            _value(r, "change") or "",
            _value(r, "at") or "",
            _value(r, "changeset") or "",
        )
        for r in rows
    ]
    return ChangesAnswer(since, len(items), items)


def _search_hit(row: QuerySolution) -> SearchHit:
    return SearchHit(
        _value(row, "provision") or "",
        _value(row, "act") or "",
        _value(row, "act_title"),
        _value(row, "path"),
        _value(row, "unit_type"),
        _value(row, "number"),
        _value(row, "heading"),
        _value(row, "text") or "",
        _value(row, "version") or "",
        int(float(_value(row, "occurrences") or 0)),
        state=_value(row, "state") or "version",
    )


def _shown_first(rows: Iterable[QuerySolution]) -> list[QuerySolution]:
    """One row a version, in the order of `rows`: of a version's rows (one a matching text, several when it has
    texts in several languages), the one it shows by `preferred_text`, the first in language order, then expression
    IRI; the index shows the same (lexrdf.search.index: its record's first language's text if it matches, else the
    first matching one)."""
    shown: dict[str, tuple[TextChoice, QuerySolution]] = {}
    for row in rows:
        candidate = text_choice(row)
        held = shown.get(candidate.version)
        if held is None or preferred_text(candidate, held[0]):
            shown[candidate.version] = candidate, row
    return [row for _, row in shown.values()]


def search_answer(rows: list[QuerySolution], text: str, day: date) -> SearchAnswer:
    """search.rq's hits as it finds them (`text` inside words too), one a version, in its order."""
    items = [_search_hit(row) for row in _shown_first(rows)]
    return SearchAnswer(text, day.isoformat(), len(items), items, total=len(items))


def scanned_search_answer(rows: list[QuerySolution], text: str, day: date, page: int, size: int | None) -> SearchAnswer:
    """A page of search.rq's hits kept to the texts holding `text` as whole words, as the index finds them (the
    scan finds it inside longer words too: "data" in "metadata"), re-ranked by their whole-word occurrences. A
    version's texts are kept or dropped each on its own before one is chosen to show, so that a version whose
    English text has the phrase only inside a word and whose French text has it whole is found, and shown in
    French."""
    from lexrdf.search.phrases import count_phrase

    orders = {_value(r, "version"): _value(r, "unit_order") for r in rows}

    def whole_words(row: QuerySolution) -> int:
        number, heading = _value(row, "number") or "", _value(row, "heading") or ""
        return count_phrase(f"{number} {heading} {_value(row, 'text') or ''}", text)

    counted = {id(row): whole_words(row) for row in rows}
    kept = []
    for row in _shown_first(row for row in rows if counted[id(row)]):
        hit = _search_hit(row)
        hit.occurrences = counted[id(row)]
        kept.append(hit)

    def rank(hit: SearchHit) -> tuple:  # as search.rq orders: occurrences, act, document order, a text first
        order = orders[hit.version]
        return (-hit.occurrences, hit.act, order is not None, Decimal(order or 0), hit.state != "version")

    kept.sort(key=rank)
    start = (page - 1) * size if size else 0
    items = kept[start : start + size] if size else kept
    return SearchAnswer(text, day.isoformat(), len(items), items, len(kept), page, size, SEARCH_SCAN)


def indexed_search_answer(found: IndexPage, text: str, day: date, page: int, size: int | None) -> SearchAnswer:
    """A page of hits from the full-text index (lexrdf.search), one per version, best BM25 score first."""
    shown = [f.name for f in fields(SearchHit)]
    items = [SearchHit(**{name: getattr(hit, name) for name in shown}) for hit in found.items]
    return SearchAnswer(text, day.isoformat(), len(items), items, found.total, page, size, SEARCH_INDEX)


# -- interpretive time ------------------------------------------------------------------------------------
def _ruling(row: QuerySolution, prefix: str) -> RulingSummary | None:
    iri = _value(row, f"{prefix}_by")
    if iri is None:
        return None
    return RulingSummary(
        iri,
        KIND_OF_CLASS.get(_value(row, f"{prefix}_type") or "", "binding-ruling"),
        _value(row, f"{prefix}_date") or "",
        _value(row, f"{prefix}_publication"),
        _value(row, f"{prefix}_authority"),
        _value(row, f"{prefix}_authority_label"),
        _value(row, f"{prefix}_source"),
    )


def interpretation_states(rows: list[QuerySolution], item: str, timeless: bool = False) -> list[InterpretationState]:
    """Every interpretation in the rows of interpretations.rq, in time order, with its relations; one reading each
    (in the asked language when it has one). Its `status` says where it stands relative to the asked date; only an
    operative one keeps its reading, unless `timeless` (every reading, each for its own window)."""
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
                _value(row, "link") or "", _value(row, "linked"), _value(row, "link_ruling")
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


def interpretations_answer(rows: list[QuerySolution], item: str, day: date) -> InterpretationsAnswer:
    """Turn the rows of interpretations.rq into one typed answer for `day`."""
    if not rows:
        return InterpretationsAnswer(
            UNKNOWN_REFERENCE, item, day.isoformat(), message=f"{item} is not a known act, provision or item"
        )
    head = next((r for r in rows if _value(r, "kind") == "item"), rows[0])
    answer = InterpretationsAnswer(
        OPERATIVE,
        item,
        day.isoformat(),
        _ITEM_TYPES.get(_value(head, "item_type") or ""),
        _value(head, "title"),
        _value(head, "item_kind"),
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


def _beyond_extent(rows: list[QuerySolution], provision: str, day: date) -> VersionAnswer | None:
    """Why a provision has no text for the territories asked on `day` when it has one elsewhere: outside-extent,
    naming the extents of its texts then (None when nothing extends elsewhere either)."""
    asked = _value(rows[0], "_extent") if rows else None
    if asked in (None, "all"):
        return None
    elsewhere = [r for r in distinct_versions(rows) if (_value(r, "relation") or "at") == "at"]
    extents = sorted({_value(r, "extent") for r in elsewhere} - {None})
    if not extents:
        return None
    return VersionAnswer(
        OUTSIDE_EXTENT,
        provision,
        message=f"no text of it extends to {asked} on {day}: its text then extends to {', '.join(extents)}",
    )
