"""The provision page's content, prepared from the query library: the law on the date first, then why it reads so.

Text-at gives the version (or the typed non-answer), context its governing chain, descendants the units below,
versions the timeline and the diff choices, lineage the provenance chain, diff the comparison of two versions;
interpretations the operative meaning beside the text (the readings binding rulings fixed, flagged when they
overlay the words: text-at's `diverges`), the interpretive chain and the timeline's second lane. An interpretive
item (a doctrine, a precedent: no statutory text) has a page of its readings only (`item_context`).

This module assembles the page's context; the text as the source orders it is lexrdf.web.provision_text's, the
versions, events, explanation, timeline and comparison lexrdf.web.provision_history's.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from lexrdf import citing
from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    IN_FORCE,
    NO_INTERPRETATION_YET,
    NO_LONGER_OPERATIVE,
    OPERATIVE,
    PARTLY_IN_FORCE,
    STRUCK_DOWN,
)
from lexrdf.answers.types import ContextUnit, VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.vocab import DCTERMS
from lexrdf.web import eli_jsonld, timeline
from lexrdf.web.act_data import toc_within
from lexrdf.web.cache import NOTHING_KEPT, ActData
from lexrdf.web.page_data import ITEM_KIND_LABELS, Catalog, Meaning, meaning, ruling_details
from lexrdf.web.page_format import ActRef, PageLinks, as_date, day_text, numbering, unit_label, value
from lexrdf.web.provision_history import (
    comparison,
    evidence_pieces,
    explanation,
    holds,
    lineage_steps,
    meaning_note,
    near_change,
    neighbours,
    outstanding_changes,
    reading_lane,
    status_since,
    version_rows,
    version_timeline,
    window_of,
)
from lexrdf.web.provision_text import STATUS_LABELS, chain_unit, shown_unit, unit_tree, unrecorded_unit
from lexrdf.web.rdf import describe

MEANING_LABELS = {
    OPERATIVE: "Interpreted",
    NO_INTERPRETATION_YET: "No interpretation yet",
    NO_LONGER_OPERATIVE: "No interpretation operative",
    "not-interpreted": "Not interpreted",
    "unknown-reference": "Unknown",
}


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
    kept: ActData = NOTHING_KEPT,
    extent: str | None = None,
) -> dict[str, Any]:
    """Everything provision.html shows (the act's title, events and contents as `kept` keeps them); with `extent`,
    the text of those territories (every version is listed, each with the territories it extends to)."""
    known_at = page.known_at
    today = today or date.today()
    catalog = Catalog(lex, page, kept)
    versions = lex.versions(provision, known_at)
    chosen_day = as_date(day)
    if version_iri:  # a version's page: the asked day if it falls in its window, else its first day
        own = next((v for v in versions if v.version == version_iri), None)
        if own and own.valid_from and not holds(own, chosen_day):
            chosen_day = as_date(own.valid_from)
    answer = non_answer if non_answer is not None else lex.text_at(provision, chosen_day, known_at, extent=extent)
    context = lex.context(provision, chosen_day, known_at, extent=extent)
    act_unit = next((u for u in context.items if u.unit_type == "act"), None)
    act = catalog.act(act_unit.unit) if act_unit else None
    if act:
        catalog.act_events(act.iri)  # one query names every act behind this act's events
    chain = [u for u in context.items if u.unit_type != "act"]
    own_unit = chain[-1] if chain and chain[-1].unit == provision else None
    ancestors = chain[:-1] if own_unit else chain
    if own_unit is not None and not own_unit.label_number:  # no text on the date: name it as its versions do
        own_unit.label_number = next((v.number for v in reversed(versions) if v.number), None)
        if not own_unit.label_number and ancestors:  # none at all (s. 6(3) of the DPA): its number from its IRI
            own_unit.label_number = citing.number_from_path(provision, ancestors[-1].unit)
    if own_unit is None and act is not None and provision != act.iri:  # no version at all: named as itself
        own_unit = unrecorded_unit(lex, provision, ancestors[-1].unit if ancestors else act.iri, versions)
    style = numbering(page.links.href(provision))
    cited = [*ancestors, own_unit] if own_unit is not None else ancestors
    name = citing.reference(cited, citing.style_of(provision), short=False) or (act.title if act else provision)
    # its words on the date: in force, as last known, or in force for some purposes only within its window
    partly_within = answer.status == PARTLY_IN_FORCE and (answer.valid_from or "9999") <= chosen_day.isoformat()
    shows_text = answer.status in (IN_FORCE, AS_LAST_KNOWN) or partly_within
    rows = version_rows(versions, answer, page, catalog)
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
        "status_since": status_since(answer),
        "explanation": explanation(answer, chosen_day, versions, catalog, struck),
        "crumbs": _crumbs(act, ancestors, page, chosen_day, citing.style_of(provision)),
        "ancestors": [chain_unit(u, page, chosen_day) for u in ancestors],
        "subordinate": context.subordinate,
        "heading": answer.heading if shows_text else next((v.heading for v in reversed(versions) if v.heading), None),
        "unit": shown_unit(answer, own_unit, page, chosen_day, style) if shows_text else None,
        "children": unit_tree(
            lex.descendants(provision, chosen_day, known_at, extent=extent),
            toc_within(lex, act.iri, provision, chosen_day, known_at, kept) if act else [],
            page,
            chosen_day,
            style,
        )
        if shows_text
        else [],
        "window": window_of(answer) if shows_text else None,
        "opened": catalog.event(answer.opened_by) if shows_text else None,
        "outstanding": outstanding_changes(answer, provision, page, catalog),
        "deferred": evidence_pieces(answer.deferred_effects) if shows_text else (),
        "dated_by": evidence_pieces(answer.opened_by.evidence) if shows_text and answer.opened_by else (),
        # what dated a repeal or an end when that is the answer (a repealed unit may have no version to show it on)
        "closed_dated_by": evidence_pieces(answer.closed_by.evidence) if not shows_text and answer.closed_by else (),
        "closed": catalog.event(answer.closed_by) if shows_text else None,
        "citation": answer.citation,
        "near": near_change(answer, catalog),
        "versions": rows,
        "neighbours": [] if shows_text else neighbours(rows, chosen_day),
        "timeline": version_timeline(rows, versions, answer, chosen_day, today, page, catalog, read),
        "lineage": lineage_steps(lex, provision, chosen_day, page, catalog),
        "meaning": read if read.readings else None,
        "meaning_note": meaning_note(read, chosen_day),
        "diverges": answer.diverges and bool(read.operative),
        "comparison": comparison(lex, provision, versions, answer, diff_from, diff_to, catalog),
        "diff_action": page.path(provision),
        "date_form": {"path": page.path(provision), "value": chosen_day.isoformat()},
        # the territories its versions extend to, to ask for one (none where no version says)
        "extents": _regions(versions, extent),
        "extent_asked": extent,
        "extent": answer.extent if shows_text else None,
        "latest_href": page.path(provision).rstrip("/") + "/latest" + page.query(),
        "alternates": page.alternates(version_iri or provision),
        "jsonld": _jsonld(lex, provision, parent, answer, versions, version_iri, name, known_at, read),
    }
    return context_data


def _regions(versions: list[VersionAnswer], asked: str | None) -> list[str]:
    """Each territory some version of the provision extends to, and those asked for, England, Wales, Scotland,
    Northern Ireland first (none where no version says)."""
    found = {region for v in versions if v.extent for region in v.extent.split("+")}
    found |= set(asked.split("+")) if asked and found else set()
    return sorted(found, key=lambda region: (_ORDER.index(region) if region in _ORDER else len(_ORDER), region))


_ORDER = ["E", "W", "S", "N.I."]


def _crumbs(
    act: ActRef | None, ancestors: list[ContextUnit], page: PageLinks, day: date, style: str | None
) -> list[dict[str, str]]:
    """The act, then each enclosing unit; a unit below a section or article by its citation ("section 85(5)",
    not "p2 5")."""
    crumbs = [{"label": act.title, "href": page.at(act.iri, day)}] if act else []
    for index, unit in enumerate(ancestors):
        below_anchor = any(u.unit_type in citing.ANCHORS for u in ancestors[:index])
        cited = citing.reference(ancestors[: index + 1], style, short=False) if below_anchor else ""
        label = cited or unit_label(unit.unit_type, unit.number or unit.label_number)
        if label:
            crumbs.append({"label": label, "href": page.at(unit.unit, day)})
    return crumbs


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
    readings, rulings = reading_lane(read)
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
