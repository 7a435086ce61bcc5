"""The feed of legal events: what changed in the law, by the date it took effect ("new versions this week").

Separate from the transaction log (lexrdf.feeds.change_feed): this feed is about valid time. Its entries are the
events the store holds (enactments, amendments, repeals, commencements, rulings...: the lex:Event kinds), listed
by `_events-feed.rq`, newest date first, each naming the act, the kind, the date, the acts that made it and the
provisions it opened and closed, and linking to the event's page.

>>> event = LegalEvent("https://e.org/eli/xx/act/1/event/2012-09-01/repeal", date(2012, 9, 1),
...     datetime(2026, 1, 1, tzinfo=UTC), ("https://w3id.org/lexrdf/ontology#Repeal",), "https://e.org/eli/xx/act/1",
...     "Harbour Act", (("https://e.org/eli/xx/act/2", "Governance Act"),), (), ("https://e.org/eli/xx/act/1/art_7",))
>>> event.title
'2012-09-01 repeal: Harbour Act'
>>> print(event.summary)
Repeal of Harbour Act (https://e.org/eli/xx/act/1), in effect 2012-09-01.
Made by: Governance Act (https://e.org/eli/xx/act/2).
Closed 1: art_7.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Protocol

from lexrdf.feeds.atom import MEDIA_TYPE, Category, Entry, Feed, Link, Paging, page_of
from lexrdf.queries import term_value
from lexrdf.vocab import LEX

QUERY = "_events-feed"


class QueryRows(Protocol):
    """What the feed reads the events with: the rows of a library query, its parameters checked and bound
    (lexrdf.api.Lexrdf.rows), so the feed sits on the query library, below the API."""

    def rows(self, name: str, **params: Any) -> list: ...


LISTED = 50  # provisions named in a summary before "and N more"
_GENERAL = {  # a kind dropped when the event also has a more specific one
    LEX.Amendment.value: (LEX.Substitution.value, LEX.Insertion.value),
    LEX.BindingRuling.value: (LEX.JudicialDecision.value, LEX.AdministrativeDecision.value),
}


@dataclass(frozen=True)
class LegalEvent:
    """One event as the feed lists it."""

    iri: str
    date: date
    recorded_at: datetime
    kinds: tuple[str, ...]
    act: str | None
    act_title: str | None
    sources: tuple[tuple[str, str | None], ...]  # (act IRI, its title)
    opened: tuple[str, ...]
    closed: tuple[str, ...]

    @property
    def kind(self) -> str:
        """The most specific kind (a class IRI)."""
        specific = [k for k in self.kinds if not any(other in self.kinds for other in _GENERAL.get(k, ()))]
        return sorted(specific or self.kinds)[0]

    @property
    def kind_label(self) -> str:
        return kind_label(self.kind)

    @property
    def title(self) -> str:
        return f"{self.date.isoformat()} {self.kind_label}: {self.act_title or self.act or self.iri}"

    @property
    def summary(self) -> str:
        """What happened, in plain text: kind, act, date, the acts that made it, the provisions opened and closed."""
        act = f" of {self.act_title or self.act}" + (f" ({self.act})" if self.act_title and self.act else "")
        lines = [f"{self.kind_label.capitalize()}{act if self.act else ''}, in effect {self.date.isoformat()}."]
        if self.sources:
            named = [f"{title} ({iri})" if title else iri for iri, title in self.sources]
            lines.append(f"Made by: {'; '.join(named)}.")
        for verb, provisions in (("Opened", self.opened), ("Closed", self.closed)):
            if provisions:
                listed = [self._short(p) for p in provisions[:LISTED]]
                more = (
                    f", and {len(provisions) - LISTED} more (see the event's page)" if len(provisions) > LISTED else ""
                )
                lines.append(f"{verb} {len(provisions)}: {', '.join(listed)}{more}.")
        return "\n".join(lines)

    def _short(self, provision: str) -> str:
        """A provision's path within the act (`art_3/para_2`; `the act itself`), any other IRI whole."""
        if self.act and provision == self.act:
            return "the act itself"
        if self.act and provision.startswith(self.act + "/"):
            return provision[len(self.act) + 1 :]
        return provision


def kind_label(kind: str) -> str:
    """
    >>> kind_label("https://w3id.org/lexrdf/ontology#UnrecordedEnd")
    'unrecorded end'
    """
    local = kind.rsplit("#", 1)[-1]
    return re.sub(r"(?<!^)(?=[A-Z])", " ", local).lower()


def legal_events(lex: QueryRows, valid_from: date | None = None, valid_to: date | None = None) -> list[LegalEvent]:
    """Every event dated within [valid_from, valid_to] (either open), as known now, newest date first."""
    params = {"from": valid_from and valid_from.isoformat(), "to": valid_to and valid_to.isoformat()}
    return [_event(row) for row in lex.rows(QUERY, **params)]


def _event(row) -> LegalEvent:  # noqa: ANN001 - a pyoxigraph QuerySolution
    def text(name: str) -> str:
        value = term_value(row[name])
        return "" if value is None else str(value)

    sources = []
    for line in text("sources").splitlines():
        iri, _, title = line.partition("\t")
        if iri:
            sources.append((iri, title or None))
    return LegalEvent(
        iri=text("event"),
        date=date.fromisoformat(text("date")[:10]),
        recorded_at=datetime.fromisoformat(text("recorded_at").replace("Z", "+00:00")),
        kinds=tuple(sorted(text("kinds").split())),
        act=text("act") or None,
        act_title=text("act_title") or None,
        sources=tuple(sorted(sources)),
        opened=tuple(sorted(text("opened").split())),
        closed=tuple(sorted(text("closed").split())),
    )


def events_feed(
    events: list[LegalEvent],
    paging: Paging,
    *,
    feed_id: str,
    url: str,
    href: Callable[[str], str],
    kept: Mapping[str, str] | None = None,
) -> Feed:
    """One page of the events feed; `href` turns an IRI into the URL that serves it, `url` is the feed's own
    (without parameters), `kept` the parameters every paging link carries (the date range)."""
    entries = []
    for event in page_of(events, paging):
        links = [Link(href(event.iri), "alternate", "text/html", f"the {event.kind_label}")]
        if event.act:
            links.append(Link(href(event.act), "related", "text/html", event.act_title or "the act"))
        links += [
            Link(href(iri), "related", "text/html", title or "the act that made it") for iri, title in event.sources
        ]
        category = Category(event.kind, str(LEX), event.kind_label)
        entries.append(Entry(event.iri, event.title, event.recorded_at, tuple(links), event.summary, (category,)))
    updated = max((event.recorded_at for event in events), default=datetime.now(UTC))
    return Feed(
        id=feed_id,
        title="lexrdf: legal events",
        subtitle="What changed in the law, newest date in effect first: enactments, amendments, repeals, rulings.",
        updated=updated,
        author="lexrdf",
        links=tuple(paging.links(url, kept)),
        entries=tuple(entries),
    )


__all__ = ["MEDIA_TYPE", "LegalEvent", "events_feed", "kind_label", "legal_events"]
