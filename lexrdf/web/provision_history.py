"""A provision page's history: its versions (windows, the events that opened and closed them, what dated them), the
status line's own date, why the page reads as it does on the date (`explanation`), the timeline, the provenance
chain, the comparison of two versions and why no interpretation is operative.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    ENDED,
    IN_FORCE,
    NO_INTERPRETATION_YET,
    NO_LONGER_OPERATIVE,
    NOT_YET_IN_FORCE,
    OUTSIDE_COVERAGE,
    PARTLY_IN_FORCE,
    REPEALED,
    STRUCK_DOWN,
)
from lexrdf.answers.types import EventSummary, VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.web import diffview, timeline
from lexrdf.web.diffview import Segment
from lexrdf.web.page_data import Catalog, Meaning, RulingRef
from lexrdf.web.page_format import Day, EventRef, PageLinks, as_date, day_text, last_day


@dataclass(frozen=True)
class Piece:
    """A run of an explanation: text, linked when `href` is set."""

    text: str
    href: str | None = None


@dataclass(frozen=True)
class VersionRow:
    """One version of the provision: its window, the events that opened and closed it, its page."""

    iri: str
    href: str
    valid_from: Day
    last_day: Day | None
    opened: EventRef | None
    closed: EventRef | None
    current: bool
    option: str  # how the diff form names it
    dated_by: tuple[tuple[str, str], ...] = ()  # what in the source dated its start, and its end (`evidence_pieces`)
    end_dated_by: tuple[tuple[str, str], ...] = ()
    extent: str | None = None  # the territories its text extends to, where the source says


@dataclass(frozen=True)
class Step:
    """One link of the provenance chain: an event and the version it opened."""

    event: EventRef
    version_href: str
    valid_from: Day
    last_day: Day | None
    closed: EventRef | None
    dated_by: tuple[tuple[str, str], ...] = ()  # what in the source dated the version's start (`evidence_pieces`)


@dataclass
class Comparison:
    """The diff of two versions: the runs of the text (and heading, number) with the events between."""

    from_date: str
    to_date: str
    from_label: str
    to_label: str
    text: list[Segment]
    heading: list[Segment]
    number: list[Segment]
    events: list[EventRef]
    same: bool


def holds(version: VersionAnswer, day: date) -> bool:
    starts = as_date(version.valid_from) if version.valid_from else date.max
    return starts <= day and (version.valid_until is None or day < as_date(version.valid_until))


# the word before an ending status's own date: "Repealed on D" is the day the repeal took effect, not the date asked
_SINCE_WORDS = {REPEALED: "on", STRUCK_DOWN: "on", ENDED: "from"}


def status_since(answer: VersionAnswer) -> dict[str, Any] | None:
    """For a provision repealed, struck down or no longer in force: the word and the day it took effect (its last
    window's end), which the status line gives before the date shown; None for other statuses.

    >>> status_since(VersionAnswer(status=REPEALED, provision="p", valid_until="2012-09-01"))["day"].text
    '1 September 2012'
    """
    word = _SINCE_WORDS.get(answer.status)
    until = answer.valid_until or (answer.closed_by.date if answer.closed_by else None)
    return {"word": word, "day": day_text(until)} if word and until else None


def window_of(answer: VersionAnswer) -> dict[str, Any]:
    applicable = answer.applicable_from if answer.applicable_from != answer.valid_from else None
    return {
        "valid_from": day_text(answer.valid_from) if answer.valid_from else None,
        "last_day": last_day(answer.valid_until) if answer.valid_until else None,
        "valid_until": answer.valid_until,
        "applicable_from": day_text(applicable) if applicable else None,
        "current_to": day_text(answer.current_to) if answer.current_to else None,
    }


def near_change(answer: VersionAnswer, catalog: Catalog) -> dict[str, Any] | None:
    near = answer.near_change
    if near is None:
        return None
    event = catalog.event(EventSummary(event=near.event, type=near.type, date=near.date))
    return {"date": day_text(near.date), "event": event, "upcoming": near.direction == "upcoming"}


def version_rows(
    versions: list[VersionAnswer], answer: VersionAnswer, page: PageLinks, catalog: Catalog
) -> list[VersionRow]:
    rows = []
    for v in versions:
        if not v.version or not v.valid_from:
            continue
        start = day_text(v.valid_from)
        end = last_day(v.valid_until) if v.valid_until else None
        option = f"{start.text} – {end.text if end else 'in force'}"
        rows.append(
            VersionRow(
                v.version,
                page.href(v.version),
                start,
                end,
                catalog.event(_with_sources(v.opened_by, answer.opened_by)),
                catalog.event(_with_sources(v.closed_by, answer.closed_by)),
                v.version == answer.version,
                option,
                evidence_pieces(v.opened_by.evidence) if v.opened_by else (),
                evidence_pieces(v.closed_by.evidence) if v.closed_by else (),
                v.extent,
            )
        )
    return rows


def outstanding_changes(
    answer: VersionAnswer, provision: str, page: PageLinks, catalog: Catalog
) -> list[tuple[EventRef | None, str, bool]]:
    """The changes not yet applied to the text: (the change, the page of what it changes, whether that is this)."""
    return [
        (
            catalog.event(EventSummary(event=o.event, type=o.kind, date=o.date, source=o.act)),
            page.href(o.provision),
            o.provision == provision,
        )
        for o in answer.outstanding
    ]


def evidence_pieces(evidence: list[str]) -> tuple[tuple[str, str], ...]:
    """Each piece of evidence as (where, what): ``"dpa.xml:812: note: S. 7(3) ..."`` -> ("dpa.xml:812", "note: S. 7(3)
    ..."); evidence naming no line is all "what".

    >>> evidence_pieces(["a.xml:3: note: x", "announced by y"])
    (('a.xml:3', 'note: x'), ('', 'announced by y'))
    """
    pieces = []
    for item in evidence:
        where, _, what = item.partition(": ")
        pieces.append((where, what) if what and ":" in where else ("", item))
    return tuple(pieces)


def _with_sources(event: EventSummary | None, known: EventSummary | None) -> EventSummary | None:
    """An event with every act behind it when the answer names them (versions name one source per row)."""
    if event is not None and known is not None and event.event == known.event and known.sources:
        return known
    return event


def neighbours(rows: list[VersionRow], day: date) -> list[dict[str, Any]]:
    """The versions either side of a date on which nothing is in force (for the territories asked: then a text in
    force elsewhere is named as such)."""
    asked = day.isoformat()  # a version's last day is in its window (inclusive)
    elsewhere = [r for r in rows if r.valid_from.iso <= asked and (r.last_day is None or asked <= r.last_day.iso)]
    if elsewhere:
        return [(f"In force for {r.extent or 'other territories'}", r) for r in elsewhere]
    before = [r for r in rows if r.valid_from.iso <= day.isoformat()]
    after = [r for r in rows if r.valid_from.iso > day.isoformat()]
    found = [("Last version before", before[-1])] if before else []
    return found + ([("Next version", after[0])] if after else [])


def explanation(
    answer: VersionAnswer, day: date, versions: list[VersionAnswer], catalog: Catalog, struck: RulingRef | None = None
) -> list[Piece]:
    """Why the page reads as it does on the date, as a reader would say it, with the acts and events linked."""
    on = day_text(day).text
    if answer.status == STRUCK_DOWN:
        return _struck_down(answer, on, versions, catalog, struck)
    if answer.status in (IN_FORCE, AS_LAST_KNOWN):
        pieces = []
        if answer.status == AS_LAST_KNOWN and answer.current_to:
            pieces = [
                Piece(
                    f"The sources are current to {day_text(answer.current_to).text}: this is the text as last known,"
                    f" not a statement that it was in force on {on}."
                )
            ]
        if answer.applicable_from and answer.applicable_from > day.isoformat():
            pieces.append(Piece(f" In force, but it applies only from {day_text(answer.applicable_from).text}."))
        return pieces
    if answer.status == PARTLY_IN_FORCE or (answer.status == NOT_YET_IN_FORCE and not answer.valid_from):
        return [Piece(f"{answer.message}.")]  # in force for some purposes only; or prospective, with no date
    if answer.status == NOT_YET_IN_FORCE:
        opened = catalog.event(answer.opened_by)
        bound = f"{opened.bound_label} " if opened and opened.bound == "at-earliest" else ""  # never before it
        return [
            Piece(f"Not yet in force on {on}. It comes into force {bound}on {day_text(answer.valid_from or '').text}"),
            *_made_by(opened),
        ]
    if answer.status in (REPEALED, ENDED):
        return _ended(answer, on, versions, catalog)
    if answer.status == OUTSIDE_COVERAGE:
        if not answer.valid_from:
            return [Piece(f"No version of this provision is recorded for {on}.")]
        starts = day_text(answer.valid_from).text
        return [
            Piece(f"No text is recorded for {on}. The earliest recorded text starts on {starts}"),
            *_made_by(catalog.event(answer.opened_by)),
            Piece(" The sources do not give the text before it."),
        ]
    return [Piece(answer.message or f"{answer.provision} is not a known act or provision.")]


def _made_by(event: EventRef | None) -> list[Piece]:
    if event is None:
        return [Piece(".")]
    pieces = [Piece(" ("), Piece(event.kind_label.lower(), event.href)]
    for index, source in enumerate(event.sources):
        pieces += [Piece(" by " if index == 0 else " and "), Piece(source.title, source.href)]
    return [*pieces, Piece(").")]


def _struck_down(
    answer: VersionAnswer, on: str, versions: list[VersionAnswer], catalog: Catalog, ruling: RulingRef | None
) -> list[Piece]:
    """ "Struck down by the judicial decision of the Constitutional Court (case/cc-2011-19) with effect from ..."."""
    until = answer.valid_until
    pieces = [Piece(f"Not in force on {on}: struck down by ")]
    if ruling is not None:
        pieces.append(Piece(f"the {ruling.kind_label.lower()}", ruling.href))
        if ruling.authority:
            pieces.append(Piece(f" of the {ruling.authority}"))
        pieces.append(Piece(f" decided on {ruling.date.text}"))
        if ruling.source:
            pieces += [Piece(" ("), Piece(ruling.source.title, ruling.source.href), Piece(")")]
    else:
        event = catalog.event(answer.closed_by)
        pieces.append(Piece("a binding ruling", event.href if event else None))
    if until:
        pieces.append(Piece(f", with effect from {day_text(until).text} (last in force on {last_day(until).text})."))
    else:
        pieces.append(Piece("."))
    pieces.append(Piece(" The ruling declared the text void; no act repealed it."))
    later = [v for v in versions if v.valid_from and until and v.valid_from >= until]
    if later and later[0].valid_from:
        pieces.append(Piece(f" A new text is in force from {day_text(later[0].valid_from).text}."))
    return pieces


def meaning_note(read: Meaning, day: date) -> str | None:
    """Why no reading is operative on the date, in words (None when one is, or when there is none at all)."""
    on = day_text(day).text
    if read.status == NO_INTERPRETATION_YET and read.later:
        first = read.later[0]
        by = f", fixed by the {first.opened.summary}," if first.opened else ""
        return f"No interpretation is operative on {on}: the first{by} is operative from {first.valid_from.text}."
    if read.status == NO_LONGER_OPERATIVE and read.chain:
        last = max(read.chain, key=lambda r: r.valid_until or "")
        by = f" by the {last.closed.summary}" if last.closed else ""
        ended = day_text(last.valid_until).text if last.valid_until else "its end"
        note = f"No interpretation is operative on {on}: the last was {last.ended}{by} with effect from {ended}."
        if read.later:
            note += f" The next is operative from {read.later[0].valid_from.text}."
        return note
    return None


def _ended(answer: VersionAnswer, on: str, versions: list[VersionAnswer], catalog: Catalog) -> list[Piece]:
    event = catalog.event(answer.closed_by)
    until = answer.valid_until
    if answer.status == REPEALED:
        pieces = [Piece("Repealed")]
        for index, source in enumerate(event.sources if event else ()):
            pieces += [Piece(" by " if index == 0 else " and "), Piece(source.title, source.href)]
        pieces.append(Piece(f" with effect from {day_text(until).text}" if until else ""))
        pieces.append(Piece(f" (last in force on {last_day(until).text})." if until else "."))
    elif event is not None and event.kind == "expiry":
        pieces = [Piece(f"Expired on {day_text(until or event.date.iso).text}: its temporary effect ended.")]
    else:
        ended = f" with effect from {day_text(until).text} (last in force on {last_day(until).text})" if until else ""
        pieces = [
            Piece(f"No longer in force on {on}: it ceased to be in force{ended}; no act that ended it is recorded.")
        ]
    if event is not None:
        pieces += [Piece(" See the event: "), Piece(event.summary, event.href), Piece(".")]
    later = [v for v in versions if v.valid_from and until and v.valid_from >= until]
    if later and later[0].valid_from:
        pieces.append(Piece(f" Back in force on {day_text(later[0].valid_from).text}."))
    return pieces


def version_timeline(
    rows: list[VersionRow],
    versions: list[VersionAnswer],
    answer: VersionAnswer,
    day: date,
    today: date,
    page: PageLinks,
    catalog: Catalog,
    read: Meaning | None = None,
) -> timeline.Timeline:
    spans = [
        timeline.Span(
            as_date(row.valid_from.iso),
            as_date(v.valid_until) if v.valid_until else None,
            row.href,
            f"Version in force from {row.valid_from.text}" + (f" to {row.last_day.text}" if row.last_day else ""),
        )
        for row, v in zip(rows, [v for v in versions if v.version and v.valid_from], strict=True)
    ]
    events: dict[str, EventRef] = {}
    for row in rows:
        for event in (row.opened, row.closed):
            if event is not None:
                events.setdefault(event.iri, event)
    for summary in (answer.opened_by, answer.closed_by):
        event = catalog.event(summary)
        if event is not None:
            events.setdefault(event.iri, event)
    moments = [timeline.Moment(as_date(e.date.iso), e.href, e.summary, e.kind) for e in events.values()]
    readings, rulings = reading_lane(read)
    moments += [m for m in rulings if m.href not in {e.href for e in events.values()}]
    current_to = as_date(answer.current_to) if answer.current_to else None
    return timeline.layout(spans, moments, day, today, current_to, readings)


def reading_lane(read: Meaning | None) -> tuple[list[timeline.Span], list[timeline.Moment]]:
    """The interpretations as the timeline's second lane, and their rulings as marks."""
    if read is None:
        return [], []
    spans = [
        timeline.Span(
            as_date(r.valid_from.iso),
            as_date(r.valid_until) if r.valid_until else None,
            r.href,
            f"Interpretation {r.window}"
            + (f" ({r.scope_label})" if r.scope_label else "")
            + (f", fixed by the {r.opened.summary}" if r.opened else ""),
        )
        for r in read.readings
    ]
    marks = [timeline.Moment(as_date(r.date.iso), r.href, r.summary, r.kind) for r in read.rulings]
    return spans, marks


def lineage_steps(lex: Lexrdf, provision: str, day: date, page: PageLinks, catalog: Catalog) -> list[Step]:
    steps = []
    for step in lex.lineage(provision, day, page.known_at).items:
        event = catalog.event(
            EventSummary(event=step.event, type=step.type, date=step.date, source=step.source_act, bound=step.bound)
        )
        if event is None:
            continue
        steps.append(
            Step(
                event,
                page.href(step.version),
                day_text(step.valid_from),
                last_day(step.valid_until) if step.valid_until else None,
                catalog.event(step.closed_by),
                evidence_pieces(step.evidence),
            )
        )
    return steps


def comparison(
    lex: Lexrdf,
    provision: str,
    versions: list[VersionAnswer],
    answer: VersionAnswer,
    diff_from: str | None,
    diff_to: str | None,
    catalog: Catalog,
) -> Comparison | None:
    """The two versions asked for (`diff_from`, `diff_to`: dates), by default the previous one and the one shown."""
    starts = [v.valid_from for v in versions if v.valid_from]
    if diff_from and diff_to:
        first, second = sorted((as_date(diff_from), as_date(diff_to)))
    elif answer.version and answer.valid_from in starts and starts.index(answer.valid_from) > 0:
        index = starts.index(answer.valid_from)
        first, second = as_date(starts[index - 1]), as_date(starts[index])
    else:
        return None
    diff = lex.diff(provision, first, second, catalog.page.known_at)
    before, after = diff.from_version, diff.to_version
    text = diffview.segments(diff.changes)
    heading = diffview.word_diff(before.heading if before else None, after.heading if after else None)
    number = diffview.word_diff(before.number if before else None, after.number if after else None)
    return Comparison(
        first.isoformat(),
        second.isoformat(),
        _version_label(before, first),
        _version_label(after, second),
        text,
        heading if diffview.changed(heading) else [],
        number if diffview.changed(number) else [],
        [e for e in (catalog.event(s) for s in diff.events) if e is not None],
        not (diffview.changed(text) or diffview.changed(heading) or diffview.changed(number)),
    )


def _version_label(version: VersionAnswer | None, day: date) -> str:
    if version is None or not version.valid_from:
        return f"nothing in force on {day_text(day).text}"
    return f"the version in force from {day_text(version.valid_from).text}"
