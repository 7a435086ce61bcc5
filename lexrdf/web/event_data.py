"""The event page's content: what one event is (kind, date, the acts that made it) and what it opened, changed and
closed (the `impact` query), each provision named as a citation names it. A binding ruling also shows its
authority, publication date and scope, the interpretations (readings) it opened and closed, the text it struck
down, and how it treated earlier readings (overruled, superseded, refined, unified)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from pyoxigraph import Triple

from lexrdf.answers.types import EventSummary, ImpactItem
from lexrdf.api import Lexrdf
from lexrdf.vocab import KIND_OF_CLASS, LEX, RDFS
from lexrdf.web import eli_jsonld
from lexrdf.web.act_data import chain_labels, unresolved_label
from lexrdf.web.page_data import SCOPE_KINDS, SCOPE_NOTES, Catalog, Reading, RulingRef, meaning, ruling_details
from lexrdf.web.page_format import ActRef, PageLinks, source_title, value
from lexrdf.web.rdf import describe

EFFECT_ORDER = (
    "opened",
    "changed",
    "closed",
    "struck down",
    "amended (not yet consolidated)",
    "modified",
    "repealed (no text held)",
    "interpretation opened",
    "interpretation changed",
    "interpretation closed",
)
EFFECT_LABELS = {
    "opened": "New text in force (a version began)",
    "changed": "Text changed (one version ended, the next began)",
    "closed": "Ended (a version ended)",
    "struck down": "Struck down (the text declared void: its version ended)",
    "amended (not yet consolidated)": "Amended, not yet consolidated (no text of the change is held)",
    "modified": "Modified in effect, not in words",
    "repealed (no text held)": "Repealed (the sources show it only as repealed: no text of it is held)",
    "interpretation opened": "Interpretation opened (a reading became operative)",
    "interpretation changed": "Interpretation replaced (one reading closed, the next opened)",
    "interpretation closed": "Interpretation closed (a reading ceased to be operative)",
}
# how a ruling treats an earlier interpretation (lex:overrules, ...), as a reader says it
TREATMENTS = (("overrules", "Overrules"), ("supersedes", "Supersedes"), ("refines", "Refines"), ("unifies", "Unifies"))
FAR = date(9999, 12, 31)  # the date readings are looked up on: every one of them with its words


@dataclass(frozen=True)
class Effect:
    """What the event did to one provision (or, for a ruling, to the meaning of an item)."""

    provision: str
    label: str
    href: str
    version_opened: str | None
    version_closed: str | None
    reading_opened: Reading | None = None
    reading_closed: Reading | None = None


@dataclass(frozen=True)
class Treatment:
    """How the ruling treated an earlier reading: `verb` (Overrules, ...), the item and the reading."""

    verb: str
    item_label: str | None
    reading: Reading | None
    iri: str


def _labels(lex: Lexrdf, act: str, known_at: str | None) -> dict[str, str]:
    """Each unit of the act named as a citation names it (`Chapter 1, Article 3, paragraph 2`)."""
    names = ("unit", "parent", "unit_type", "number")
    rows = lex.rows("_page-units", act=act, known_at=known_at)
    return chain_labels([{name: value(row, name) for name in names} for row in rows])


def _ruling(lex: Lexrdf, catalog: Catalog, event: str) -> tuple[RulingRef | None, list[Triple]]:
    """The ruling's details and what the store says of it (nothing for an event that is not a ruling)."""
    triples = describe(lex, event, catalog.page.known_at)
    return ruling_details(lex, catalog, event, triples), triples


def _scope(triples: list[Triple], event: str) -> dict[str, str | None] | None:
    scope = next(
        (t.object.value for t in triples if t.subject.value == event and t.predicate == LEX.bindingScope), None
    )
    if scope is None:
        return None
    kind = SCOPE_KINDS.get(scope, "procedural")
    labels = {t.subject.value: t.object.value for t in triples if t.predicate == RDFS.label}
    label = labels.get(scope) or kind.replace("-", " ")
    return {"kind": kind, "label": label, "note": SCOPE_NOTES.get(kind)}


def event_context(lex: Lexrdf, page: PageLinks, event: str) -> dict[str, Any]:
    """Everything event.html shows (`found` False when the store holds no such event as known then)."""
    catalog = Catalog(lex, page)
    rows = lex.rows("_page-event", event=event, known_at=page.known_at)
    if not rows:
        return {"found": False, "title": "Unknown event", "event_iri": event, "known_at": page.known_at}
    first = rows[0]
    kind = KIND_OF_CLASS.get(value(first, "event_type") or "", "event")
    day = value(first, "event_date") or ""
    sources = sorted({value(r, "source") for r in rows if value(r, "source")} - {None})
    for row in rows:
        title = source_title(row)
        if title and value(row, "source"):
            catalog.know_title(value(row, "source") or "", title)
    reference = catalog.event(EventSummary(event=event, type=kind, date=day, sources=list(sources)))
    affected = value(first, "affected_act")
    affected_ref: ActRef | None = catalog.act(affected) if affected else None
    impact = lex.impact(event, page.known_at)
    labels = _labels(lex, affected, page.known_at) if affected else {}
    ruling, triples = _ruling(lex, catalog, event) if kind in RULING_EVENT_KINDS else (None, [])
    readings: dict[str, Reading] = {}
    titles: dict[str, str] = {}
    for item in {i.provision for i in impact.items if i.state == "interpretation"}:
        found = meaning(lex, catalog, item, FAR)
        readings |= {r.iri: r for r in found.readings}
        if found.title:
            titles[item] = found.title
    groups: dict[str, list[Effect]] = {}
    for item in impact.items:
        label = (
            unresolved_label(item.destination)
            if item.destination
            else labels.get(item.provision)
            or titles.get(item.provision)
            or ("the whole act" if item.provision == affected else item.provision)
        )
        groups.setdefault(_effect(item), []).append(
            Effect(
                item.provision,
                label,
                page.at(item.provision, day),
                page.href(item.version_opened) if item.version_opened else None,
                page.href(item.version_closed) if item.version_closed else None,
                readings.get(item.version_opened or ""),
                readings.get(item.version_closed or ""),
            )
        )
    treatments = _treatments(triples, event, readings, {**labels, **titles})
    source_provision = value(first, "source_provision")
    authority = value(first, "authority")
    return {
        "found": True,
        "title": _heading(reference, ruling) if ruling else (reference.summary if reference else event),
        "heading": _heading(reference, ruling),
        "event": reference,
        "event_iri": event,
        "known_at": page.known_at,
        "ruling": ruling,
        "scope": _scope(triples, event) if ruling else None,
        "treatments": treatments,
        "affected": affected_ref,
        "affected_href": page.at(affected, day) if affected and day else None,
        "source_provision": source_provision,
        "source_provision_href": page.href(source_provision) if source_provision else None,
        "note": value(first, "note"),
        "target_portion": value(first, "target_portion"),
        "authority": authority,
        "authority_href": page.href(authority or "") if authority else None,
        "retroactive": value(first, "retroactive") == "true",
        "groups": [
            {
                "effect": effect,
                "css": effect.replace(" ", "-"),
                "label": EFFECT_LABELS.get(effect, effect),
                "effects": groups[effect],
            }
            for effect in sorted(groups, key=lambda e: EFFECT_ORDER.index(e) if e in EFFECT_ORDER else 99)
        ],
        "count": impact.count,
        "alternates": page.alternates(event),
        "jsonld": eli_jsonld.script(
            {
                "@graph": eli_jsonld.activity(
                    event,
                    kind,
                    day,
                    list(sources),
                    sorted({i.version_opened for i in impact.items if i.version_opened}),
                    sorted({i.version_closed for i in impact.items if i.version_closed}),
                    sorted({i.provision for i in impact.items}),
                    authority if ruling else None,
                )
            }
        ),
    }


RULING_EVENT_KINDS = frozenset({"judicial-decision", "administrative-decision", "binding-ruling"})


def _treatments(
    triples: list[Triple], event: str, readings: dict[str, Reading], labels: dict[str, str]
) -> list[Treatment]:
    """How the ruling treated earlier readings (lex:overrules, ...), each reading with its item's name."""
    found = []
    for predicate, verb in TREATMENTS:
        for triple in triples:
            if triple.subject.value == event and triple.predicate == LEX[predicate]:
                reading = readings.get(triple.object.value)
                label = labels.get(reading.item) if reading else None
                found.append(Treatment(verb, label, reading, triple.object.value))
    return found


def _effect(item: ImpactItem) -> str:
    """The group an effect is listed in: a version's effect, or "interpretation ..." for a ruling's on a reading."""
    return f"interpretation {item.effect}" if item.state == "interpretation" else item.effect


def _heading(reference: Any, ruling: RulingRef | None) -> str:
    """The page's h1: `Repeal by Harbour Governance Act 2012`; a ruling by its kind and authority."""
    if ruling is not None:
        return f"{ruling.kind_label}" + (f" of the {ruling.authority}" if ruling.authority else "")
    if reference is None:
        return ""
    made_by = " and ".join(source.title for source in reference.sources)
    return f"{reference.kind_label}{' by ' + made_by if made_by else ''}"
