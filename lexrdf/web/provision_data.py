"""The provision page's content, prepared from the query library: the law on the date first, then why it reads so.

Text-at gives the version (or the typed non-answer), context its governing chain, descendants the units below,
versions the timeline and the diff choices, lineage the provenance chain, diff the comparison of two versions;
interpretations the operative meaning beside the text (the readings binding rulings fixed, flagged when they
overlay the words: text-at's `diverges`), the interpretive chain and the timeline's second lane. An interpretive
item (a doctrine, a precedent: no statutory text) has a page of its readings only (`item_context`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from lexrdf.answers import (
    AS_LAST_KNOWN,
    ENDED,
    IN_FORCE,
    NO_INTERPRETATION_YET,
    NO_LONGER_OPERATIVE,
    NOT_YET_IN_FORCE,
    OPERATIVE,
    OUTSIDE_COVERAGE,
    REPEALED,
    STRUCK_DOWN,
    ContextUnit,
    DescendantsAnswer,
    EventSummary,
    VersionAnswer,
)
from lexrdf.api import Lexrdf
from lexrdf.vocab import DCTERMS
from lexrdf.web import diffview, eli_jsonld, timeline
from lexrdf.web.diffview import Segment
from lexrdf.web.page_data import (
    ITEM_KIND_LABELS,
    ActRef,
    Catalog,
    Day,
    EventRef,
    Meaning,
    PageLinks,
    RulingRef,
    as_date,
    day_text,
    last_day,
    meaning,
    ruling_details,
    unit_label,
    value,
)
from lexrdf.web.rdf import describe

STATUS_LABELS = {
    IN_FORCE: "In force",
    AS_LAST_KNOWN: "As last known",
    NOT_YET_IN_FORCE: "Not yet in force",
    REPEALED: "Repealed",
    STRUCK_DOWN: "Struck down",
    ENDED: "No longer in force",
    OUTSIDE_COVERAGE: "No text recorded",
    "unknown-reference": "Unknown",
}
MEANING_LABELS = {
    OPERATIVE: "Interpreted",
    NO_INTERPRETATION_YET: "No interpretation yet",
    NO_LONGER_OPERATIVE: "No interpretation operative",
    "not-interpreted": "Not interpreted",
    "unknown-reference": "Unknown",
}


@dataclass(frozen=True)
class Piece:
    """A run of an explanation: text, linked when `href` is set."""

    text: str
    href: str | None = None


@dataclass
class Unit:
    """A unit of text as shown: number, heading, own text, link, and the units below it."""

    iri: str
    href: str
    unit_type: str
    number: str | None
    heading: str | None
    text: str | None
    children: list[Unit] = field(default_factory=list)


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


def provision_context(
    lex: Lexrdf,
    page: PageLinks,
    provision: str,
    day: str | date,
    version_iri: str | None = None,
    non_answer: VersionAnswer | None = None,
    diff_from: str | None = None,
    diff_to: str | None = None,
    today: date | None = None,
) -> dict[str, Any]:
    """Everything provision.html shows."""
    known_at = page.known_at
    today = today or date.today()
    catalog = Catalog(lex, page)
    versions = lex.versions(provision, known_at)
    chosen_day = as_date(day)
    if version_iri:  # a version's page: the asked day if it falls in its window, else its first day
        own = next((v for v in versions if v.version == version_iri), None)
        if own and own.valid_from and not _holds(own, chosen_day):
            chosen_day = as_date(own.valid_from)
    answer = non_answer if non_answer is not None else lex.text_at(provision, chosen_day, known_at)
    context = lex.context(provision, chosen_day, known_at)
    act_unit = next((u for u in context.items if u.unit_type == "act"), None)
    act = catalog.act(act_unit.unit) if act_unit else None
    if act:
        catalog.act_events(act.iri)  # one query names every act behind this act's events
    chain = [u for u in context.items if u.unit_type != "act"]
    own_unit = chain[-1] if chain and chain[-1].unit == provision else None
    ancestors = chain[:-1] if own_unit else chain
    if own_unit is not None and not own_unit.label_number:  # no text on the date: name it as its versions do
        own_unit.label_number = next((v.number for v in reversed(versions) if v.number), None)
    labels = [unit_label(u.unit_type, u.label_number) for u in chain]
    name = ", ".join(label for label in labels if label) or (act.title if act else provision)
    shows_text = answer.status in (IN_FORCE, AS_LAST_KNOWN)
    rows = _version_rows(versions, answer, page, catalog)
    read = meaning(lex, catalog, provision, chosen_day)
    struck = ruling_details(lex, catalog, answer.closed_by.event) if answer.status == STRUCK_DOWN else None
    parent = ancestors[-1].unit if ancestors else (act.iri if act else None)
    context_data: dict[str, Any] = {
        "title": f"{name} — {act.title}" if act else name,
        "name": name,
        "act": act,
        "provision": provision,
        "day": day_text(chosen_day),
        "known_at": known_at,
        "status": answer.status,
        "status_label": STATUS_LABELS.get(answer.status, answer.status),
        "explanation": _explanation(answer, chosen_day, versions, catalog, struck),
        "crumbs": _crumbs(act, ancestors, page, chosen_day),
        "ancestors": [_unit(u, page, chosen_day) for u in ancestors],
        "subordinate": context.subordinate,
        "heading": answer.heading if shows_text else next((v.heading for v in reversed(versions) if v.heading), None),
        "unit": _own(answer, own_unit, page, chosen_day) if shows_text else None,
        "children": _tree(lex.descendants(provision, chosen_day, known_at), page, chosen_day) if shows_text else [],
        "window": _window(answer) if shows_text else None,
        "opened": catalog.event(answer.opened_by) if shows_text else None,
        "outstanding": _outstanding(answer, provision, page, catalog),
        "deferred": evidence_pieces(answer.deferred_effects) if shows_text else (),
        "dated_by": evidence_pieces(answer.opened_by.evidence) if shows_text and answer.opened_by else (),
        "closed": catalog.event(answer.closed_by) if shows_text else None,
        "citation": answer.citation,
        "near": _near(answer, catalog),
        "versions": rows,
        "neighbours": [] if shows_text else _neighbours(rows, chosen_day),
        "timeline": _timeline(rows, versions, answer, chosen_day, today, page, catalog, read),
        "lineage": _lineage(lex, provision, chosen_day, page, catalog),
        "meaning": read if read.readings else None,
        "meaning_note": meaning_note(read, chosen_day),
        "diverges": answer.diverges and bool(read.operative),
        "comparison": _comparison(lex, provision, versions, answer, diff_from, diff_to, catalog),
        "diff_action": page.path(provision),
        "date_form": {"path": page.path(provision), "value": chosen_day.isoformat()},
        "latest_href": page.path(provision).rstrip("/") + "/latest" + page.query(),
        "alternates": page.alternates(version_iri or provision),
        "jsonld": _jsonld(lex, provision, parent, answer, versions, version_iri, name, known_at, read),
    }
    return context_data


def _holds(version: VersionAnswer, day: date) -> bool:
    starts = as_date(version.valid_from) if version.valid_from else date.max
    return starts <= day and (version.valid_until is None or day < as_date(version.valid_until))


def _unit(unit: ContextUnit, page: PageLinks, day: date) -> Unit:
    number = unit.number or unit.label_number
    return Unit(unit.unit, page.at(unit.unit, day), unit.unit_type, number, unit.heading, unit.text or None)


def _own(answer: VersionAnswer, unit: ContextUnit | None, page: PageLinks, day: date) -> Unit:
    unit_type = unit.unit_type if unit else "provision"
    text = answer.text or None
    return Unit(answer.provision, page.at(answer.provision, day), unit_type, answer.number, answer.heading, text)


def _crumbs(act: ActRef | None, ancestors: list[ContextUnit], page: PageLinks, day: date) -> list[dict[str, str]]:
    crumbs = [{"label": act.title, "href": page.at(act.iri, day)}] if act else []
    for unit in ancestors:
        label = unit_label(unit.unit_type, unit.number or unit.label_number)
        if label:
            crumbs.append({"label": label, "href": page.at(unit.unit, day)})
    return crumbs


def _tree(answer: DescendantsAnswer, page: PageLinks, day: date) -> list[Unit]:
    """The units below the provision, nested by parent, in document order."""
    roots: list[Unit] = []
    by_iri: dict[str, Unit] = {}
    for item in answer.items:
        unit = Unit(item.unit, page.at(item.unit, day), item.unit_type, item.number, item.heading, item.text or None)
        by_iri[item.unit] = unit
        parent = by_iri.get(item.parent or "")
        (parent.children if parent else roots).append(unit)
    return roots


def _window(answer: VersionAnswer) -> dict[str, Any]:
    applicable = answer.applicable_from if answer.applicable_from != answer.valid_from else None
    return {
        "valid_from": day_text(answer.valid_from) if answer.valid_from else None,
        "last_day": last_day(answer.valid_until) if answer.valid_until else None,
        "valid_until": answer.valid_until,
        "applicable_from": day_text(applicable) if applicable else None,
        "current_to": day_text(answer.current_to) if answer.current_to else None,
    }


def _near(answer: VersionAnswer, catalog: Catalog) -> dict[str, Any] | None:
    near = answer.near_change
    if near is None:
        return None
    event = catalog.event(EventSummary(near.event, near.type, near.date, None))
    return {"date": day_text(near.date), "event": event, "upcoming": near.direction == "upcoming"}


def _version_rows(
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
            )
        )
    return rows


def _outstanding(
    answer: VersionAnswer, provision: str, page: PageLinks, catalog: Catalog
) -> list[tuple[EventRef | None, str, bool]]:
    """The changes not yet applied to the text: (the change, the page of what it changes, whether that is this)."""
    return [
        (catalog.event(EventSummary(o.event, o.kind, o.date, o.act)), page.href(o.provision), o.provision == provision)
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


def _neighbours(rows: list[VersionRow], day: date) -> list[dict[str, Any]]:
    """The versions either side of a date on which nothing is in force."""
    before = [r for r in rows if r.valid_from.iso <= day.isoformat()]
    after = [r for r in rows if r.valid_from.iso > day.isoformat()]
    found = [("Last version before", before[-1])] if before else []
    return found + ([("Next version", after[0])] if after else [])


def _explanation(
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
    if answer.status == NOT_YET_IN_FORCE:
        return [
            Piece(f"Not yet in force on {on}. It comes into force on {day_text(answer.valid_from or '').text}"),
            *_made_by(catalog.event(answer.opened_by)),
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


def _timeline(
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
    readings, rulings = _reading_lane(read)
    moments += [m for m in rulings if m.href not in {e.href for e in events.values()}]
    current_to = as_date(answer.current_to) if answer.current_to else None
    return timeline.layout(spans, moments, day, today, current_to, readings)


def _reading_lane(read: Meaning | None) -> tuple[list[timeline.Span], list[timeline.Moment]]:
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


def _lineage(lex: Lexrdf, provision: str, day: date, page: PageLinks, catalog: Catalog) -> list[Step]:
    steps = []
    for step in lex.lineage(provision, day, page.known_at).items:
        event = catalog.event(EventSummary(step.event, step.type, step.date, step.source_act))
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


def _comparison(
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


def _jsonld(
    lex: Lexrdf,
    provision: str,
    parent: str | None,
    answer: VersionAnswer,
    versions: list[VersionAnswer],
    version_iri: str | None,
    name: str,
    known_at: str | None,
    read: Meaning | None = None,
) -> str:
    """The provision and the version shown (with its expressions) in ELI terms; the readings operative on the
    date in PROV terms (as the model aligns them)."""
    starts = [v.valid_from for v in versions if v.valid_from]
    ends = [v.valid_until for v in versions]
    last = None if not ends or None in ends else max(e for e in ends if e)
    graph = [
        eli_jsonld.resource(
            provision,
            "eli:LegalResourceSubdivision",
            part_of=parent,
            first_date_entry_in_force=min(starts) if starts else None,
            date_no_longer_in_force=eli_jsonld.last_day_in_force(last) if last else None,
        )
    ]
    shown = version_iri or answer.version
    version = next((v for v in versions if v.version == shown), None)
    if version is not None and version.version:
        rows = lex.rows("_page-expressions", version=version.version, known_at=known_at)
        expressions = [(value(r, "expression") or "", value(r, "language") or "und") for r in rows]
        title = version.heading or name
        window = (version.valid_from, version.valid_until, version.applicable_from)
        graph += eli_jsonld.version(version.version, provision, *window, expressions, title)
    graph += _readings_jsonld(read.operative if read else [])
    return eli_jsonld.script({"@graph": graph})


def _readings_jsonld(readings: list) -> list[dict[str, Any]]:
    return [
        node
        for r in readings
        for node in eli_jsonld.interpretation(
            r.iri,
            r.item,
            r.text,
            r.language,
            r.valid_from.iso,
            r.valid_until,
            r.opened.iri if r.opened else None,
            r.opened.date.iso if r.opened else None,
        )
    ]


def item_context(lex: Lexrdf, page: PageLinks, item: str, day: str | date, today: date | None = None) -> dict[str, Any]:
    """Everything item.html shows of an interpretive item (a doctrine, a precedent, a proposition: no statutory
    text): its kind and title, its readings operative on `day`, the chain of readings, and their timeline lane."""
    today = today or date.today()
    chosen_day = as_date(day)
    catalog = Catalog(lex, page)
    read = meaning(lex, catalog, item, chosen_day)
    triples = describe(lex, item, page.known_at)
    identifiers = sorted(
        t.object.value for t in triples if t.subject.value == item and t.predicate == DCTERMS.identifier
    )
    title = read.title or page.path(item).rsplit("/", 1)[-1]
    kind = ITEM_KIND_LABELS.get(read.item_kind or "", (read.item_kind or "interpretive item").capitalize())
    readings, rulings = _reading_lane(read)
    return {
        "found": read.status != "unknown-reference",
        "title": title,
        "kind": kind,
        "item": item,
        "identifiers": identifiers,
        "day": day_text(chosen_day),
        "known_at": page.known_at,
        "status": read.status,
        "status_label": MEANING_LABELS.get(read.status, read.status),
        "meaning": read,
        "meaning_note": meaning_note(read, chosen_day) or (read.message if not read.operative else None),
        "timeline": timeline.layout([], rulings, chosen_day, today, None, readings) if readings else None,
        "date_form": {"path": page.path(item), "value": chosen_day.isoformat()},
        "latest_href": page.path(item) + page.query(date=today.isoformat()),
        "alternates": page.alternates(item),
        "jsonld": eli_jsonld.script(
            {
                "@graph": [
                    eli_jsonld.item(item, read.title, read.item_kind, identifiers),
                    *_readings_jsonld(read.operative),
                ]
            }
        ),
    }
