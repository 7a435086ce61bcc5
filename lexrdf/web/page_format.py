"""How every HTML page writes what it shows: dates as a reader writes them, unit numbers as a jurisdiction prints
them, links carrying the page's `known_at`, and acts and events as links.

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
from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import quote

from pyoxigraph import QuerySolution

from lexrdf.answers.chains import unit_label as answers_unit_label
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
    "administrative-decision": "Administrative decision",
    "binding-ruling": "Binding ruling",
    "modification": "Modification (effect, not words)",
    "expiry": "Expiry",
    "ended-without-recorded-act": "Ended (no act recorded)",
    "started-without-recorded-act": "Start (no act recorded)",
}


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
    return answers_unit_label(unit_type, (number or "").strip().rstrip("."))  # a page drops the number's dot


# How a jurisdiction prints the numbers of the units below a section: the United Kingdom's "(1)", "(a)", "(i)",
# which legislation.gov.uk's Akoma Ntoso holds bare ("1", "a", "i"). Elsewhere numbers are shown as the source writes
# them ("Art. 6º", "§ 3", "1.").
BRACKETED_STYLES = {"gb": "uk", "uk": "uk"}
_BRACKETED_ALWAYS = frozenset({"subsection", "subparagraph", "clause", "subclause", "point", "item", "p2", "p3", "p4"})


def numbering(path: str) -> str | None:
    """The numbering style of the act a local path is in, by its jurisdiction (`/eli/{jurisdiction}/...`).

    >>> numbering("/eli/gb-ukm/act/1998-07-16/29/section-7"), numbering("/eli/br/lei/2002-01-10/10406/art1")
    ('uk', None)
    """
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "eli":
        return BRACKETED_STYLES.get(parts[2].split("-")[0])
    return None


_DEFINITION = re.compile(r"(?<=[;—:])\s+(?=[“\"][^”\"]{1,80}[”\"],?\s)")  # after ";", "—" or ":", a “quoted term”


def definition_lines(text: str) -> list[str]:
    """A unit's words split where a definition begins (a quoted term after "—", ";" or ":"), when there are at least
    two; else the words as one line. The source's own punctuation is what is split on: nothing is added or dropped.

    >>> definition_lines("In this Act— “data” means information; “data subject” means an individual;")
    ['In this Act—', '“data” means information;', '“data subject” means an individual;']
    >>> definition_lines("It means “data”; nothing else.")
    ['It means “data”; nothing else.']
    """
    parts = _DEFINITION.split(text)
    return parts if len(parts) > 2 else [text]


def printed_number(number: str | None, unit_type: str | None, style: str | None) -> str | None:
    """A unit's number as its jurisdiction prints it: in the UK style, a subsection, sub-paragraph or clause in
    brackets, and a paragraph numbered by a letter or numeral ("a", "iv"; a schedule's paragraph "5A" stays as is).

    >>> [printed_number(n, t, "uk") for n, t in [("1", "subsection"), ("a", "paragraph"), ("i", "subparagraph"),
    ...                                          ("5A", "paragraph"), ("7", "section"), ("(b)", "paragraph")]]
    ['(1)', '(a)', '(i)', '5A', '7', '(b)']
    >>> printed_number("Art. 6º", "article", None)
    'Art. 6º'
    """
    text = (number or "").strip()
    if style != "uk" or not text or not text.isalnum():
        return number
    if unit_type in _BRACKETED_ALWAYS or (unit_type == "paragraph" and not text[0].isdigit()):
        return f"({text})"
    return number


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
        ] + [{"media_type": "application/xml", "href": path + "/data.xml" + self.query(), "label": "Source XML"}]


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
    bound: str | None = None  # its date is a bound the source gives ("at-latest", "at-earliest"; EventSummary.bound)

    @property
    def bound_label(self) -> str:
        """How the page qualifies the date: "at the latest" or "at the earliest" (nothing for a date given)."""
        return self.bound.replace("-", " the ") if self.bound else ""

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind.replace("-", " ").capitalize())

    @property
    def summary(self) -> str:
        """One line: `Substitution by Data Amendment Act 2004, 1 July 2004`."""
        made_by = " and ".join(source.title for source in self.sources)
        return f"{self.kind_label}{' by ' + made_by if made_by else ''}, {self.date.text}"
