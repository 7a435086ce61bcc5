"""What every HTML page looks up in the store for the templates: the names of the acts and events it mentions
(`Catalog`), and interpretive time: the binding rulings and the readings they fix (`meaning`). How a page writes
them is lexrdf.web.page_format."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from pyoxigraph import NamedNode, Triple

from lexrdf.answers.interpretations import interpretation_states, interpretations_answer
from lexrdf.answers.statuses import EARLIER, LATER, OPERATIVE
from lexrdf.answers.types import EventSummary, RulingSummary
from lexrdf.api import Lexrdf
from lexrdf.vocab import KIND_OF_CLASS, LEX, RDF, RDFS, RULING_KINDS
from lexrdf.web.cache import NOTHING_KEPT, ActData
from lexrdf.web.page_format import (
    KIND_LABELS,
    ActRef,
    Day,
    EventRef,
    PageLinks,
    day_text,
    last_day,
    source_title,
    value,
)
from lexrdf.web.rdf import describe


@dataclass
class Catalog:
    """The names of the acts and events one page mentions, each looked up once (an act's title and events once a
    generation of the store, when `kept` keeps them: lexrdf.web.cache.ActData)."""

    lex: Lexrdf
    page: PageLinks
    kept: ActData = NOTHING_KEPT
    _acts: dict[str, ActRef] = field(default_factory=dict)

    def act(self, iri: str) -> ActRef:
        if iri not in self._acts:
            known_at = self.page.known_at
            self.know_title(iri, self.kept.get_or_make(("title", iri, known_at), lambda: self._title(iri, known_at)))
        return self._acts[iri]

    def _title(self, iri: str, known_at: str | None) -> str | None:
        rows = self.lex.rows("_page-act", act=iri, known_at=known_at)
        return next((value(r, n) for r in rows for n in ("short_title", "title", "label") if value(r, n)), None)

    def know_title(self, iri: str, title: str | None) -> None:
        """Name an act from a row that already carries its title (no lookup); without one, by its IRI's path (a
        ruling's source document, `case/sc-2006-17`)."""
        if iri not in self._acts:
            fallback = iri.rsplit("/eli/", 1)[-1] if "/eli/" in iri else self.page.path(iri).lstrip("/")
            self._acts[iri] = ActRef(iri, title or fallback, self.page.href(iri))

    def event(self, summary: EventSummary | None) -> EventRef | None:
        if summary is None:
            return None
        sources = summary.sources or ([summary.source] if summary.source else [])
        return EventRef(
            summary.event,
            summary.type,
            day_text(summary.date),
            self.page.href(summary.event),
            tuple(self.act(source) for source in sources),
            summary.bound,
        )

    def act_events(self, act: str) -> list[EventRef]:
        """Every event recorded for an act, in date order, with the acts that made it."""
        known_at = self.page.known_at
        events, titles = self.kept.get_or_make(("events", act, known_at), lambda: self._act_events(act, known_at))
        for source, title in titles.items():
            self.know_title(source, title)
        return [self.event(summary) for summary in events]

    def _act_events(self, act: str, known_at: str | None) -> tuple[list[EventSummary], dict[str, str]]:
        """The act's events, and the titles of the acts that made them (as their rows carry them)."""
        grouped: dict[str, dict[str, Any]] = {}
        titles: dict[str, str] = {}
        for row in self.lex.rows("_page-act-events", act=act, known_at=known_at):
            event = value(row, "event") or ""
            entry = grouped.setdefault(
                event,
                {"type": KIND_OF_CLASS.get(value(row, "event_type") or "", "event"), "date": value(row, "event_date")},
            )
            source = value(row, "source")
            if source:
                entry.setdefault("sources", []).append(source)
                title = source_title(row)
                if title:
                    titles.setdefault(source, title)
        events = [
            EventSummary(event=iri, type=e["type"], date=e["date"] or "", sources=sorted(set(e.get("sources", []))))
            for iri, e in grouped.items()
        ]
        return events, titles


# -- interpretive time: binding rulings and the readings they fix -------------------------------------------------
SCOPE_KINDS = {LEX.ErgaOmnes.value: "erga-omnes", LEX.InterPartes.value: "inter-partes"}
SCOPE_NOTES = {
    "erga-omnes": "binds everyone",
    "inter-partes": "binds only the parties to the case",
    "procedural": "binds in these proceedings only",
}
# a later ruling's treatment of a reading (interpretations.rq `link`), as a reader says it
TREATED = {
    "overruled-by": "overruled",
    "superseded-by": "superseded",
    "refined-by": "refined",
    "unified-by": "unified with another reading",
}
TREATS = {"overrules": "overrules", "supersedes": "supersedes", "refines": "refines", "unifies": "unifies"}
ITEM_KIND_LABELS = {"doctrine": "Doctrine", "precedent": "Precedent", "proposition": "Proposition"}


@dataclass(frozen=True)
class RulingRef:
    """A binding ruling as a reader sees it: kind, authority, decision and publication dates, source document."""

    iri: str
    kind: str
    href: str
    date: Day
    publication: Day | None
    authority: str | None
    authority_href: str | None
    source: ActRef | None

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind.replace("-", " ").capitalize())

    @property
    def summary(self) -> str:
        """One line: `Judicial decision of the Supreme Court, 4 October 2005 (case/sc-2005-88)`."""
        by = f" of the {self.authority}" if self.authority else ""
        source = f" ({self.source.title})" if self.source else ""
        return f"{self.kind_label}{by}, {self.date.text}{source}"


@dataclass(frozen=True)
class Relation:
    """How a ruling related a reading to another: `label` in words, the other reading and the ruling."""

    label: str
    reading: str | None  # the other reading's window, in words ("the reading operative from 18 October 2005")
    href: str | None
    ruling: RulingRef | None


@dataclass(frozen=True)
class Reading:
    """One interpretation as shown: the reading, whom it binds, its window, the rulings that opened and closed it.

    `text` is None for a reading shown only by its window (one later than the date asked)."""

    iri: str
    item: str
    href: str  # the item's page on the day the reading became operative
    status: str  # operative, earlier or later (interpretations.rq `relation`)
    text: str | None
    language: str | None
    scope_kind: str | None  # erga-omnes, inter-partes or procedural
    scope_label: str | None
    scope_note: str | None
    valid_from: Day
    last_day: Day | None
    valid_until: str | None
    applicable_from: Day | None
    opened: RulingRef | None
    closed: RulingRef | None
    treatment: str | None  # how its closing ruling treated it: overruled, superseded, refined, unified
    relations: tuple[Relation, ...] = ()

    @property
    def operative(self) -> bool:
        return self.status == OPERATIVE

    @property
    def ended(self) -> str:
        """How it ended, in a word: overruled, superseded, refined, unified with another reading, or closed."""
        return self.treatment or "closed"

    @property
    def window(self) -> str:
        """`operative from 18 October 2005 to 28 February 2014`."""
        until = f" to {self.last_day.text}" if self.last_day else ""
        return f"operative from {self.valid_from.text}{until}"


@dataclass
class Meaning:
    """An item's operative meaning on a date: the readings operative then, the chain of readings begun by then
    (oldest first), those that come later, and the rulings behind them all."""

    item: str
    status: str
    message: str | None
    title: str | None
    item_type: str | None
    item_kind: str | None
    operative: list[Reading] = field(default_factory=list)
    chain: list[Reading] = field(default_factory=list)
    later: list[Reading] = field(default_factory=list)
    rulings: list[RulingRef] = field(default_factory=list)

    @property
    def readings(self) -> list[Reading]:
        """Every reading, in time order (the timeline's lane)."""
        return [*self.chain, *self.later]


def ruling_ref(page: PageLinks, summary: RulingSummary, catalog: Catalog) -> RulingRef:
    source = catalog.act(summary.source) if summary.source else None
    return RulingRef(
        summary.event,
        summary.type,
        page.href(summary.event),
        day_text(summary.date),
        day_text(summary.publication_date) if summary.publication_date else None,
        summary.authority_label,
        page.href(summary.authority) if summary.authority else None,
        source,
    )


def meaning(lex: Lexrdf, catalog: Catalog, item: str, day: date) -> Meaning:
    """The interpretations of `item` (a provision, an act, an interpretive item) as on `day` (one query)."""
    page = catalog.page
    rows = lex.rows("interpretations", item=item, date=day.isoformat(), known_at=page.known_at)
    answer = interpretations_answer(rows, item, day)
    states = interpretation_states(rows, item, timeless=True)  # each reading for its own window (the chain)
    found = Meaning(item, answer.status, answer.message, answer.title, answer.item_type, answer.item_kind)
    starts = {s.interpretation: s.valid_from for s in states}
    ends = {s.interpretation: s.valid_until for s in states}
    rulings: dict[str, RulingRef] = {}

    def ruling(summary: RulingSummary | None) -> RulingRef | None:
        if summary is None:
            return None
        return rulings.setdefault(summary.event, ruling_ref(page, summary, catalog))

    def other(iri: str | None) -> tuple[str | None, str | None]:
        start = starts.get(iri or "")
        if not iri or not start:
            return None, None
        until = ends.get(iri)
        window = f"from {day_text(start).text}" + (f" to {last_day(until).text}" if until else "")
        return f"the reading operative {window}", page.at(item, start)

    readings: list[Reading] = []
    for state in states:
        opened, closed = ruling(state.opened_by), ruling(state.closed_by)
        relations = []
        treatment = None
        for relation in state.relations:
            linked = other(relation.interpretation)
            by = rulings.get(relation.ruling or "")
            if relation.relation in TREATED and closed and relation.ruling == closed.iri:
                treatment = TREATED[relation.relation]  # said with "Closed by"; here only what replaced it
                if not linked[0]:
                    continue
                label, by = "Replaced by", None
            elif relation.relation in TREATED:
                label = f"{TREATED[relation.relation].capitalize()} by"
            elif relation.relation in TREATS:
                label, by = TREATS[relation.relation].capitalize(), None  # its own ruling: "Fixed by"
            else:
                label, by = "Operative together with", None
            relations.append(Relation(label, *linked, by))
        scope_kind = SCOPE_KINDS.get(state.scope or "", "procedural" if state.scope else None)
        readings.append(
            Reading(
                state.interpretation,
                item,
                page.at(item, state.valid_from or day),
                state.status,
                state.text if state.status != LATER else None,
                state.language,
                scope_kind,
                state.scope_label,
                SCOPE_NOTES.get(scope_kind or ""),
                day_text(state.valid_from or day),
                last_day(state.valid_until) if state.valid_until else None,
                state.valid_until,
                day_text(state.applicable_from) if state.applicable_from else None,
                opened,
                closed,
                treatment,
                tuple(relations),
            )
        )
    found.operative = [r for r in readings if r.status == OPERATIVE]
    found.chain = [r for r in readings if r.status in (OPERATIVE, EARLIER)]
    found.later = [r for r in readings if r.status == LATER]
    found.rulings = sorted(rulings.values(), key=lambda r: (r.date.iso, r.iri))
    return found


def ruling_details(lex: Lexrdf, catalog: Catalog, event: str, triples: list[Triple] | None = None) -> RulingRef | None:
    """A ruling's authority, dates and source from what the store says of it (`triples`, else one describe); None
    for an event that is not a binding ruling."""
    triples = describe(lex, event, catalog.page.known_at) if triples is None else triples
    own = [t for t in triples if t.subject.value == event]
    kinds = [KIND_OF_CLASS.get(t.object.value) for t in own if t.predicate == RDF.type]
    kind = next((k for k in kinds if k in RULING_KINDS and k != "binding-ruling"), None)
    kind = kind or next((k for k in kinds if k in RULING_KINDS), None)
    if kind is None:
        return None

    def first(predicate: NamedNode) -> str | None:
        return next((t.object.value for t in own if t.predicate == predicate), None)

    labels = {t.subject.value: t.object.value for t in triples if t.predicate == RDFS.label}
    authority = first(LEX.authority)
    source = first(LEX.sourceAct)
    return RulingRef(
        event,
        kind,
        catalog.page.href(event),
        day_text(first(LEX.date) or "0001-01-01"),
        day_text(first(LEX.publicationDate)) if first(LEX.publicationDate) else None,
        labels.get(authority or "") or (authority.rsplit("/", 1)[-1] if authority else None),
        catalog.page.href(authority) if authority else None,
        catalog.act(source) if source else None,
    )
