"""The act page's content: what the act is, its table of contents on a date (the `toc` query), its events.

>>> rows = [{"unit": "a/chp_1", "parent": "a", "unit_type": "chapter", "number": "Chapter 1"},
...         {"unit": "a/art_3", "parent": "a/chp_1", "unit_type": "article", "number": "Article 3"},
...         {"unit": "a/art_3/para_2", "parent": "a/art_3", "unit_type": "paragraph", "number": "2."}]
>>> chain_labels(rows)["a/art_3/para_2"]
'Chapter 1, Article 3, paragraph 2'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from lexrdf import citing
from lexrdf.answers.types import EventSummary, VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.web import eli_jsonld
from lexrdf.web.cache import NOTHING_KEPT, ActData
from lexrdf.web.page_data import Catalog
from lexrdf.web.page_format import Day, EventRef, PageLinks, as_date, day_text, last_day, unit_label, value
from lexrdf.web.provision_text import STATUS_LABELS

SHOWN_ANYWAY = ("repealed", "ended", "not-in-force", "not-yet-in-force")  # listed even without a heading
# The units a reader looks up an act by, listed with or without a heading: articles and sections (CLML's P1), and
# whatever sits directly in a grouping unit (a part, title, chapter, cross-heading, schedule) or in the act itself
PRIMARY_UNITS = frozenset({"article", "section", "p1", "regulation", "rule"})
GROUPING_UNITS = frozenset(
    {"book", "part", "title", "subtitle", "chapter", "subchapter", "division", "subdivision", "crossheading",
     "subcrossheading", "schedule", "hcontainer", "act"}
)  # fmt: skip
TOC_STATUS = {**STATUS_LABELS, "not-in-force": "Not in force", "ended": "No longer in force"}
# what each label of the contents means, as its legend says it (the date in brackets is the unit's own)
STATUS_MEANINGS = {
    "in-force": "a version of it is in force on the date shown.",
    "as-last-known": "the date shown is after the date the sources are current to: its text as last known.",
    "not-yet-in-force": "its first version comes into force later, on the date given.",
    "partly-in-force": "in force for some purposes only on the date shown.",
    "repealed": "repealed with effect from the date given (the repeal's date): not in force since.",
    "ended": "it ceased to be in force on the date given, with no act recorded as ending it.",
    "not-in-force": "not in force on the date shown, between two versions; in force again from a later date.",
    "struck-down": "a court struck it down with effect from the date given.",
    "outside-coverage": "the sources give no text of it for the date shown: not a statement that it was not in "
    "force. The date given is when the earliest text they record starts.",
    "outside-extent": "its text does not extend to the territory asked for.",
    "unknown-reference": "the sources name it but hold nothing of it.",
}


def legend(entries: list[Entry]) -> list[dict[str, str]]:
    """The labels the contents use, other than "In force", each with what it means (STATUS_MEANINGS)."""
    seen: dict[str, str] = {}

    def walk(items: list[Entry]) -> None:
        for entry in items:
            if entry.status != "in-force":
                seen.setdefault(entry.status, entry.status_label)
            walk(entry.children)

    walk(entries)
    return [
        {"status": status, "label": label, "meaning": STATUS_MEANINGS.get(status, "")} for status, label in seen.items()
    ]


@dataclass
class Entry:
    """A line of the table of contents: a unit, its status on the date, and the entries below it."""

    iri: str
    href: str
    label: str
    heading: str | None
    status: str
    status_label: str
    since: Day | None  # when a unit not in force stopped (or will start) being in force
    event: EventRef | None
    children: list[Entry] = field(default_factory=list)


def toc_rows(
    lex: Lexrdf, act: str, day: date, known_at: str | None, kept: ActData = NOTHING_KEPT
) -> list[dict[str, Any]]:
    """The `toc` query's rows as plain values, one per unit, in document order (`Lexrdf.toc`): the act's contents
    on `day`, made once a generation of the store when `kept` keeps them (its provision pages read them too), and
    shared by every day of the same `change_epoch`."""
    if kept.cache is None:
        return lex.toc(act, day, known_at)
    epoch = change_epoch(kept.get_or_make(("change-days", act), lambda: change_days(lex, act)), day)
    return kept.get_or_make(("toc", act, epoch, known_at), lambda: lex.toc(act, day, known_at))


def change_days(lex: Lexrdf, act: str) -> list[str]:
    """Every day on which something of the act starts or ends (`_act-change-days`), in order: ISO dates."""
    return sorted({row["day"].value for row in lex.rows("_act-change-days", act=act)})


def change_epoch(days: list[str], day: date) -> str:
    """The last of `days` on or before `day` ("" before the first): toc.rq compares its date only with the days
    something of the act starts or ends (a window's first day is after it, its end or a repeal on or before it),
    so every day of one epoch has the same contents (the rows hold no date of their own).

    >>> change_epoch(["2000-01-01", "2005-06-01"], date(2004, 1, 1)), change_epoch(["2000-01-01"], date(1999, 1, 1))
    ('2000-01-01', '')
    """
    before = bisect_right(days, day.isoformat())
    return days[before - 1] if before else ""


def toc_within(
    lex: Lexrdf, act: str, provision: str, day: date, known_at: str | None, kept: ActData = NOTHING_KEPT
) -> list[dict[str, Any]]:
    """The `toc` rows of the units below `provision`: taken from the act's contents on `day` when they are kept,
    else asked of the store (`toc` with `within`)."""
    days = kept.get(("change-days", act))
    contents = kept.get(("toc", act, change_epoch(days, day), known_at)) if days is not None else None
    if contents is None:
        return lex.toc(act, day, known_at, within=provision)
    below = {provision}
    rows = []
    for row in contents:  # document order: a unit comes after its parent
        if row.get("parent") in below:
            below.add(row["unit"])
            rows.append(row)
    return rows


def chain_labels(rows: list[Mapping[str, Any]]) -> dict[str, str]:
    """Each unit's citation label from the act down (`Chapter 1, Article 3, paragraph 2`); rows in document order."""
    chains: dict[str, list[str]] = {}
    for row in rows:
        label = unit_label(row.get("unit_type"), row.get("number"))
        chains[row["unit"]] = [*chains.get(row.get("parent") or "", []), *([label] if label else [])]
    return {unit: ", ".join(chain) for unit, chain in chains.items()}


def toc(rows: list[dict[str, Any]], page: PageLinks, day: date, events: Mapping[str, EventRef]) -> list[Entry]:
    """The contents: units with a heading, top-level units, every article and section (`PRIMARY_UNITS`) and every
    unit directly in a grouping unit (`GROUPING_UNITS`), with or without a heading, and every unit repealed, ended or
    not yet in force on the date (so they show as such), each under its nearest listed ancestor."""
    parents = {row["unit"]: row.get("parent") for row in rows}
    types = {row["unit"]: row.get("unit_type") for row in rows}
    listed: dict[str, Entry] = {}
    roots: list[Entry] = []
    for row in rows:
        unit, status = row["unit"], row.get("status") or "outside-coverage"
        parent = row.get("parent")
        shown = (
            row.get("heading")
            or status in SHOWN_ANYWAY
            or parent not in parents
            or row.get("unit_type") in PRIMARY_UNITS
            or types.get(parent or "") in GROUPING_UNITS
        )
        if not shown:
            continue
        since = None
        if status in ("repealed", "ended", "not-in-force") and row.get("valid_until"):
            since = day_text(row["valid_until"])
        elif status in ("not-yet-in-force", "outside-coverage") and row.get("valid_from"):
            since = day_text(row["valid_from"])
        entry = Entry(
            unit,
            page.at(unit, day),
            # a unit no version numbers (repealed, shown only as such) is numbered by its IRI, as its page does
            unit_label(row.get("unit_type"), row.get("number") or citing.number_from_path(unit, parent))
            or (row.get("unit_type") or "unit"),
            row.get("heading"),
            status,
            TOC_STATUS.get(status, status),
            since,
            events.get(row.get("event") or ""),
        )
        listed[unit] = entry
        ancestor = parents.get(unit)
        while ancestor and ancestor not in listed:
            ancestor = parents.get(ancestor)
        (listed[ancestor].children if ancestor else roots).append(entry)
    return roots


def act_context(
    lex: Lexrdf, page: PageLinks, act: str, day: str | date, kept: ActData = NOTHING_KEPT
) -> dict[str, Any]:
    """Everything act.html shows. What changes only when the store is written is made once a generation when `kept`
    keeps it: the act's own facts, its state and contents on the date, its events and the changes it made."""
    known_at = page.known_at
    chosen = as_date(day)
    catalog = Catalog(lex, page, kept)
    about = kept.get_or_make(("about", act, known_at), lambda: _about(lex, act, known_at))
    title = about["title"] or act
    state = kept.get_or_make(("state", act, chosen.isoformat(), known_at), lambda: lex.text_at(act, chosen, known_at))
    events = catalog.act_events(act)
    by_iri = {event.iri: event for event in events}
    contents = toc(toc_rows(lex, act, chosen, known_at, kept), page, chosen, by_iri)
    made = kept.get_or_make(("made", act, known_at), lambda: _made(lex, act, known_at))
    facts = {
        **{name: day_text(about[name]) if about[name] else None for name in ("date", "publication_date", "current_to")},
        **{name: about[name] for name in ("jurisdiction", "act_type", "act_number")},
        "in_force_from": day_text(state.valid_from) if state.valid_from else None,
        "last_day": last_day(state.valid_until) if state.valid_until else None,
    }
    identifiers = about["identifiers"]
    long_title = about["long_title"]
    return {
        "title": title,
        "long_title": long_title if long_title != title else None,
        "act": act,
        "act_iri": act,
        "day": day_text(chosen),
        "known_at": known_at,
        "status": state.status,
        "status_label": STATUS_LABELS.get(state.status, state.status),
        "facts": facts,
        "work_identifier": identifiers[0] if identifiers else None,
        "other_identifiers": identifiers[1:],
        "by_reference": about["by_reference"],
        "toc": contents,
        "legend": legend(contents),
        "events": events,
        "made": [
            {
                **_named(lex, page, item.provision, item.date, item.effect == "closed"),
                **({"label": unresolved_label(item.destination)} if item.destination else {}),
                "effect": item.effect,
                "event": by_iri.get(item.event)
                or catalog.event(EventSummary(event=item.event, type=item.type, date=item.date, source=act)),
            }
            for item in made
        ],
        "date_form": {"path": page.path(act), "value": chosen.isoformat()},
        "latest_href": page.path(act).rstrip("/") + "/latest" + page.query(),
        "alternates": page.alternates(act),
        "jsonld": _jsonld(lex, act, state, about, contents, title, known_at, kept),
    }


def unresolved_label(destination: str) -> str:
    """A destination naming no provision we can identify in an act not held, as a reader is told of it."""
    return f"the part the amending act names as {destination} (not identified: the act is not held)"


def _about(lex: Lexrdf, act: str, known_at: str | None) -> dict[str, Any]:
    """The act's own facts as plain values (`_page-act`): its titles, dates, numbers and identifiers."""
    rows = lex.rows("_page-act", act=act, known_at=known_at)
    first = rows[0] if rows else None
    facts = ("title", "date", "publication_date", "jurisdiction", "act_type", "act_number", "current_to")
    return {
        **{name: value(first, name) if first else None for name in facts},
        "long_title": value(first, "title") if first else None,
        "title": next((value(r, n) for r in rows for n in ("short_title", "title", "label") if value(r, n)), None),
        "identifiers": sorted(
            {value(r, "identifier") for r in rows if value(r, "identifier")}, key=lambda i: (len(i), i)
        ),
        "by_reference": any(value(r, "by_reference") == "true" for r in rows),
    }


def _named(lex: Lexrdf, page: PageLinks, provision: str, day: str, closed: bool) -> dict[str, str]:
    """A provision another act changed, named from its governing chain on the day of the change (the day before
    when the change ended it), with its page on that day."""
    on = as_date(day) - timedelta(days=1) if closed else as_date(day)
    chain = lex.context(provision, on, page.known_at).items
    act_unit = next((u for u in chain if u.unit_type == "act"), None)
    labels = [unit_label(u.unit_type, u.number or u.label_number) for u in chain if u.unit_type != "act"]
    label = ", ".join(label for label in labels if label) or provision
    act_title = (act_unit.heading or act_unit.text) if act_unit else None
    return {"label": f"{act_title}, {label}" if act_title else label, "href": page.at(provision, on)}


def _made(lex: Lexrdf, act: str, known_at: str | None) -> list[Any]:
    """What the act changed in other acts (`impact`, less its own provisions)."""
    return [item for item in lex.impact(act, known_at).items if not _inside(item.provision, act)]


def _inside(iri: str, act: str) -> bool:
    return iri == act or iri.startswith(act.rstrip("/") + "/")


def _jsonld(
    lex: Lexrdf,
    act: str,
    state: VersionAnswer,
    about: Mapping[str, Any],
    contents: list[Entry],
    title: str,
    known_at: str | None,
    kept: ActData,
) -> str:
    node = eli_jsonld.resource(
        act,
        "eli:LegalResource",
        date_document=about["date"],
        date_publication=about["publication_date"],
        first_date_entry_in_force=state.valid_from,
        date_no_longer_in_force=eli_jsonld.last_day_in_force(state.valid_until) if state.valid_until else None,
    )
    if contents:
        node["eli:has_part"] = [{"@id": entry.iri} for entry in contents]
    graph = [node]
    if state.version:
        pairs = kept.get_or_make(("expressions", state.version, known_at), lambda: _expressions(lex, state, known_at))
        graph += eli_jsonld.version(
            state.version, act, state.valid_from, state.valid_until, state.applicable_from, pairs, title
        )
    return eli_jsonld.script({"@graph": graph})


def _expressions(lex: Lexrdf, state: VersionAnswer, known_at: str | None) -> list[tuple[str, str]]:
    """The (expression, language) pairs of the act's version shown."""
    rows = lex.rows("_page-expressions", version=state.version, known_at=known_at)
    return [(value(r, "expression") or "", value(r, "language") or "und") for r in rows]
