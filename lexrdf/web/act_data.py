"""The act page's content: what the act is, its table of contents on a date (the `toc` query), its events.

>>> rows = [{"unit": "a/chp_1", "parent": "a", "unit_type": "chapter", "number": "Chapter 1"},
...         {"unit": "a/art_3", "parent": "a/chp_1", "unit_type": "article", "number": "Article 3"},
...         {"unit": "a/art_3/para_2", "parent": "a/art_3", "unit_type": "paragraph", "number": "2."}]
>>> chain_labels(rows)["a/art_3/para_2"]
'Chapter 1, Article 3, paragraph 2'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from lexrdf.answers import EventSummary, VersionAnswer, texts_per_unit
from lexrdf.api import Lexrdf
from lexrdf.web import eli_jsonld
from lexrdf.web.page_data import Catalog, Day, EventRef, PageLinks, as_date, day_text, last_day, unit_label, value
from lexrdf.web.provision_data import STATUS_LABELS

SHOWN_ANYWAY = ("repealed", "ended", "not-in-force", "not-yet-in-force")  # listed even without a heading
TOC_STATUS = {**STATUS_LABELS, "not-in-force": "Not in force", "ended": "No longer in force"}


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


def toc_rows(lex: Lexrdf, act: str, day: date, known_at: str | None) -> list[dict[str, Any]]:
    """The `toc` query's rows as plain values, one per unit, in document order."""
    names = ("unit", "parent", "unit_type", "number", "heading", "status", "valid_from", "valid_until", "event")
    rows = texts_per_unit(lex.rows("toc", act=act, date=day.isoformat(), known_at=known_at))
    return [{name: value(row, name) for name in names} for row in rows]


def chain_labels(rows: list[Mapping[str, Any]]) -> dict[str, str]:
    """Each unit's citation label from the act down (`Chapter 1, Article 3, paragraph 2`); rows in document order."""
    chains: dict[str, list[str]] = {}
    for row in rows:
        label = unit_label(row.get("unit_type"), row.get("number"))
        chains[row["unit"]] = [*chains.get(row.get("parent") or "", []), *([label] if label else [])]
    return {unit: ", ".join(chain) for unit, chain in chains.items()}


def toc(rows: list[dict[str, Any]], page: PageLinks, day: date, events: Mapping[str, EventRef]) -> list[Entry]:
    """The contents: units with a heading, top-level units, and every unit repealed, ended or not yet in force on the
    date (so they show as such), each under its nearest listed ancestor."""
    parents = {row["unit"]: row.get("parent") for row in rows}
    listed: dict[str, Entry] = {}
    roots: list[Entry] = []
    for row in rows:
        unit, status = row["unit"], row.get("status") or "outside-coverage"
        if not (row.get("heading") or status in SHOWN_ANYWAY or row.get("parent") not in parents):
            continue
        since = None
        if status in ("repealed", "ended", "not-in-force") and row.get("valid_until"):
            since = day_text(row["valid_until"])
        elif status in ("not-yet-in-force", "outside-coverage") and row.get("valid_from"):
            since = day_text(row["valid_from"])
        entry = Entry(
            unit,
            page.at(unit, day),
            unit_label(row.get("unit_type"), row.get("number")) or (row.get("unit_type") or "unit"),
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


def act_context(lex: Lexrdf, page: PageLinks, act: str, day: str | date) -> dict[str, Any]:
    """Everything act.html shows."""
    known_at = page.known_at
    chosen = as_date(day)
    catalog = Catalog(lex, page)
    rows = lex.rows("_page-act", act=act, known_at=known_at)
    first = rows[0] if rows else None
    title = next((value(r, n) for r in rows for n in ("short_title", "title", "label") if value(r, n)), act)
    long_title = value(first, "title") if first else None
    state = lex.text_at(act, chosen, known_at)
    events = catalog.act_events(act)
    by_iri = {event.iri: event for event in events}
    contents = toc(toc_rows(lex, act, chosen, known_at), page, chosen, by_iri)
    made = [item for item in lex.impact(act, known_at).items if not _inside(item.provision, act)]
    by_reference = any(value(r, "by_reference") == "true" for r in rows)
    facts = {
        "date": _day(first, "date"),
        "publication_date": _day(first, "publication_date"),
        "jurisdiction": value(first, "jurisdiction") if first else None,
        "act_type": value(first, "act_type") if first else None,
        "act_number": value(first, "act_number") if first else None,
        "current_to": _day(first, "current_to"),
        "in_force_from": day_text(state.valid_from) if state.valid_from else None,
        "last_day": last_day(state.valid_until) if state.valid_until else None,
    }
    identifiers = sorted({value(r, "identifier") for r in rows if value(r, "identifier")}, key=lambda i: (len(i), i))
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
        "by_reference": by_reference,
        "toc": contents,
        "events": events,
        "made": [
            {
                **_named(lex, page, item.provision, item.date, item.effect == "closed"),
                "effect": item.effect,
                "event": by_iri.get(item.event) or catalog.event(EventSummary(item.event, item.type, item.date, act)),
            }
            for item in made
        ],
        "date_form": {"path": page.path(act), "value": chosen.isoformat()},
        "latest_href": page.path(act).rstrip("/") + "/latest" + page.query(),
        "alternates": page.alternates(act),
        "jsonld": _jsonld(lex, act, state, rows, contents, title, known_at),
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


def _inside(iri: str, act: str) -> bool:
    return iri == act or iri.startswith(act.rstrip("/") + "/")


def _day(row: Any, name: str) -> Day | None:
    text = value(row, name) if row is not None else None
    return day_text(text) if text else None


def _jsonld(
    lex: Lexrdf, act: str, state: VersionAnswer, rows: list, contents: list[Entry], title: str, known_at: str | None
) -> str:
    first = rows[0] if rows else None
    node = eli_jsonld.resource(
        act,
        "eli:LegalResource",
        date_document=value(first, "date") if first else None,
        date_publication=value(first, "publication_date") if first else None,
        first_date_entry_in_force=state.valid_from,
        date_no_longer_in_force=eli_jsonld.last_day_in_force(state.valid_until) if state.valid_until else None,
    )
    if contents:
        node["eli:has_part"] = [{"@id": entry.iri} for entry in contents]
    graph = [node]
    if state.version:
        expressions = lex.rows("_page-expressions", version=state.version, known_at=known_at)
        pairs = [(value(r, "expression") or "", value(r, "language") or "und") for r in expressions]
        graph += eli_jsonld.version(
            state.version, act, state.valid_from, state.valid_until, state.applicable_from, pairs, title
        )
    return eli_jsonld.script({"@graph": graph})
