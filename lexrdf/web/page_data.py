"""What every HTML page shows, prepared for the templates: links, dates, acts and events with their names.

>>> page = PageLinks(Links("https://lexrdf.example.org"), known_at="2020-01-01T00:00:00Z")
>>> page.at("https://lexrdf.example.org/eli/xx/act/2001-03-14/12/art_3", "2003-01-01")
'/eli/xx/act/2001-03-14/12/art_3?date=2003-01-01&known_at=2020-01-01T00%3A00%3A00Z'
>>> day_text("2004-07-01").text, last_day("2004-07-01").text
('1 July 2004', '30 June 2004')
>>> unit_label("paragraph", "2."), unit_label("article", "Article 3"), unit_label("list", None)
('paragraph 2', 'Article 3', '')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any
from urllib.parse import quote

from pyoxigraph import QuerySolution

from lexrdf.answers import EventSummary
from lexrdf.api import Lexrdf
from lexrdf.vocab import KIND_OF_CLASS
from lexrdf.web.links import Links

RDF_ALTERNATES = (
    ("text/turtle", ".ttl", "Turtle"),
    ("application/ld+json", ".jsonld", "JSON-LD"),
    ("application/n-triples", ".nt", "N-Triples"),
    ("application/rdf+xml", ".rdf", "RDF/XML"),
)

# What a reader calls each kind of event (lexrdf.vocab.EVENT_CLASSES keys).
KIND_LABELS = {
    "enactment": "Enactment",
    "amendment": "Amendment",
    "substitution": "Substitution",
    "insertion": "Insertion",
    "repeal": "Repeal",
    "commencement": "Commencement",
    "suspension": "Suspension",
    "correction": "Correction",
    "judicial-decision": "Judicial decision",
    "modification": "Modification (effect, not words)",
    "expiry": "Expiry",
    "ended-without-recorded-act": "Ended (no act recorded)",
    "started-without-recorded-act": "Start (no act recorded)",
}
_HAS_WORD = re.compile(r"[^\W\d_]{2,}|§")


@dataclass(frozen=True)
class Day:
    """A date as ISO (for `<time datetime>` and URLs) and as a reader writes it."""

    iso: str
    text: str

    def __str__(self) -> str:
        return self.text


def day_text(iso: str | date) -> Day:
    """`2004-07-01` -> 1 July 2004."""
    value = iso if isinstance(iso, date) else date.fromisoformat(str(iso))
    return Day(value.isoformat(), f"{value.day} {value.strftime('%B')} {value.year}")


def last_day(valid_until: str) -> Day:
    """The last day in force of a window that ends (exclusively) on `valid_until`."""
    return day_text(date.fromisoformat(valid_until) - timedelta(days=1))


def as_date(value: str | date) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def unit_label(unit_type: str | None, number: str | None) -> str:
    """How a citation names a unit: its number when that says what it is, else its type and number."""
    text = (number or "").strip().rstrip(".")
    if not text:
        return ""
    return text if _HAS_WORD.search(text) else f"{unit_type or 'unit'} {text}"


def value(row: QuerySolution, name: str) -> str | None:
    """A row's value for one variable (None when unbound)."""
    term = row[name]
    return None if term is None else term.value


def source_title(row: QuerySolution) -> str | None:
    """The name of an event's source act in a row: its short title, else its title or label."""
    return value(row, "source_short_title") or value(row, "source_title") or value(row, "source_label")


@dataclass(frozen=True)
class PageLinks:
    """Local links of one page: IRIs under the base IRI as paths, carrying the page's `known_at`."""

    links: Links
    known_at: str | None = None

    def query(self, **params: str | None) -> str:
        """A query string with `params` and the page's known_at ("" when there is none)."""
        pairs = [(k, v) for k, v in {**params, "known_at": self.known_at}.items() if v]
        return ("?" + "&".join(f"{k}={quote(str(v), safe='')}" for k, v in pairs)) if pairs else ""

    def href(self, iri: str, **params: str | None) -> str:
        """Where a reader follows an IRI (a local path when it is under the base IRI)."""
        target = self.links.href(iri)
        return target + self.query(**params) if self.links.is_local(iri) else target

    def at(self, iri: str, day: str | date) -> str:
        """The page of an act or provision as on a date: `{iri}?date=YYYY-MM-DD` (the page itself, where the
        point-in-time IRI `{iri}/{YYYY-MM-DD}` redirects to the version and its page shows the version's dates)."""
        return self.links.href(iri) + self.query(date=as_date(day).isoformat())

    def path(self, iri: str) -> str:
        """The local path of an IRI, without query."""
        return self.links.href(iri)

    def alternates(self, iri: str) -> list[dict[str, str]]:
        """The RDF representations of a resource: its local path with a format suffix."""
        path = self.links.href(iri).rstrip("/")
        return [
            {"media_type": media_type, "href": path + suffix + self.query(), "label": label}
            for media_type, suffix, label in RDF_ALTERNATES
        ]


@dataclass(frozen=True)
class ActRef:
    """An act as a link: its IRI, its title and where to read it."""

    iri: str
    title: str
    href: str


@dataclass(frozen=True)
class EventRef:
    """An event as a reader sees it: kind, date, the acts that made it, and its page."""

    iri: str
    kind: str
    date: Day
    href: str
    sources: tuple[ActRef, ...] = ()

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind.replace("-", " ").capitalize())

    @property
    def summary(self) -> str:
        """One line: `Substitution by Data Amendment Act 2004, 1 July 2004`."""
        made_by = " and ".join(source.title for source in self.sources)
        return f"{self.kind_label}{' by ' + made_by if made_by else ''}, {self.date.text}"


@dataclass
class Catalog:
    """The names of the acts and events one page mentions, each looked up once."""

    lex: Lexrdf
    page: PageLinks
    _acts: dict[str, ActRef] = field(default_factory=dict)

    def act(self, iri: str) -> ActRef:
        if iri not in self._acts:
            rows = self.lex.rows("_page-act", act=iri, known_at=self.page.known_at)
            title = next((value(r, n) for r in rows for n in ("short_title", "title", "label") if value(r, n)), None)
            self.know_title(iri, title)
        return self._acts[iri]

    def know_title(self, iri: str, title: str | None) -> None:
        """Name an act from a row that already carries its title (no lookup)."""
        if iri not in self._acts:
            self._acts[iri] = ActRef(iri, title or iri.rsplit("/eli/", 1)[-1], self.page.href(iri))

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
        )

    def act_events(self, act: str) -> list[EventRef]:
        """Every event recorded for an act, in date order, with the acts that made it."""
        rows = self.lex.rows("_page-act-events", act=act, known_at=self.page.known_at)
        grouped: dict[str, dict[str, Any]] = {}
        for row in rows:
            event = value(row, "event") or ""
            entry = grouped.setdefault(
                event,
                {"type": KIND_OF_CLASS.get(value(row, "event_type") or "", "event"), "date": value(row, "event_date")},
            )
            source = value(row, "source")
            if source:
                entry.setdefault("sources", []).append(source)
                if source_title(row):
                    self.know_title(source, source_title(row))
        return [
            self.event(EventSummary(iri, e["type"], e["date"] or "", None, sorted(set(e.get("sources", [])))))
            for iri, e in grouped.items()
        ]
