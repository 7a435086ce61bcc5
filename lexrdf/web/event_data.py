"""The event page's content: what one event is (kind, date, the acts that made it) and what it opened, changed and
closed (the `impact` query), each provision named as a citation names it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexrdf.answers import EventSummary
from lexrdf.api import Lexrdf
from lexrdf.vocab import KIND_OF_CLASS
from lexrdf.web import eli_jsonld
from lexrdf.web.act_data import chain_labels
from lexrdf.web.page_data import ActRef, Catalog, PageLinks, source_title, value

EFFECT_ORDER = ("opened", "changed", "closed", "amended (not yet consolidated)", "modified")
EFFECT_LABELS = {
    "opened": "New text in force (a version began)",
    "changed": "Text changed (one version ended, the next began)",
    "closed": "Ended (a version ended)",
    "amended (not yet consolidated)": "Amended, not yet consolidated (no text of the change is held)",
    "modified": "Modified in effect, not in words",
}


@dataclass(frozen=True)
class Effect:
    """What the event did to one provision."""

    provision: str
    label: str
    href: str
    version_opened: str | None
    version_closed: str | None


def _labels(lex: Lexrdf, act: str, known_at: str | None) -> dict[str, str]:
    """Each unit of the act named as a citation names it (`Chapter 1, Article 3, paragraph 2`)."""
    names = ("unit", "parent", "unit_type", "number")
    rows = lex.rows("_page-units", act=act, known_at=known_at)
    return chain_labels([{name: value(row, name) for name in names} for row in rows])


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
    reference = catalog.event(EventSummary(event, kind, day, None, list(sources)))
    affected = value(first, "affected_act")
    affected_ref: ActRef | None = catalog.act(affected) if affected else None
    impact = lex.impact(event, page.known_at)
    labels = _labels(lex, affected, page.known_at) if affected else {}
    groups: dict[str, list[Effect]] = {}
    for item in impact.items:
        label = labels.get(item.provision) or ("the whole act" if item.provision == affected else item.provision)
        groups.setdefault(item.effect, []).append(
            Effect(
                item.provision,
                label,
                page.at(item.provision, day),
                page.href(item.version_opened) if item.version_opened else None,
                page.href(item.version_closed) if item.version_closed else None,
            )
        )
    source_provision = value(first, "source_provision")
    return {
        "found": True,
        "title": reference.summary if reference else event,
        "event": reference,
        "event_iri": event,
        "known_at": page.known_at,
        "affected": affected_ref,
        "affected_href": page.at(affected, day) if affected and day else None,
        "source_provision": source_provision,
        "source_provision_href": page.href(source_provision) if source_provision else None,
        "note": value(first, "note"),
        "target_portion": value(first, "target_portion"),
        "authority": value(first, "authority"),
        "authority_href": page.href(value(first, "authority") or "") if value(first, "authority") else None,
        "retroactive": value(first, "retroactive") == "true",
        "groups": [
            {
                "effect": effect,
                "css": effect.split(" ")[0],
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
                )
            }
        ),
    }
