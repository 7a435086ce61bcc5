"""The HTML pages: a provision on a date, an act, an event, and the home page (acts and search).

Each function prepares its page's data (provision_data, act_data, event_data, home_data) and renders one template;
the linked-data router (lexrdf.web.linked_data) calls them for the IRIs it dereferences, and `router` serves `/`.
Every link goes through `Links`, so a local run dereferences the base IRI at its own origin.
"""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse

from lexrdf.answers import VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.web.act_data import act_context
from lexrdf.web.deps import get_lex
from lexrdf.web.event_data import event_context
from lexrdf.web.home_data import home_context
from lexrdf.web.links import Links
from lexrdf.web.page_data import PageLinks
from lexrdf.web.provision_data import provision_context
from lexrdf.web.templating import render


def provision_page(
    lex: Lexrdf,
    links: Links,
    provision_iri: str,
    day: str | date,
    known_at: str | None,
    version_iri: str | None = None,
    non_answer: VersionAnswer | None = None,
    diff_from: str | None = None,
    diff_to: str | None = None,
    today: date | None = None,
) -> str:
    """A provision as on `day` (or one of its versions, `version_iri`; or why nothing is in force, `non_answer`):
    its text and context, then its window, events, timeline, provenance and a diff of two versions
    (`diff_from`, `diff_to`: dates; by default the previous version and the one shown). An act's IRI (or an act's
    own version) gives the act page."""
    if lex.rows("_page-act", act=provision_iri, known_at=known_at):
        return act_page(lex, links, provision_iri, day, known_at)
    page = PageLinks(links, known_at)
    context = provision_context(lex, page, provision_iri, day, version_iri, non_answer, diff_from, diff_to, today)
    return render("provision.html", **context)


def act_page(lex: Lexrdf, links: Links, act_iri: str, day: str | date, known_at: str | None) -> str:
    """An act: its title, identifiers and dates, its table of contents on `day`, and its events."""
    return render("act.html", **act_context(lex, PageLinks(links, known_at), act_iri, day))


def event_page(lex: Lexrdf, links: Links, event_iri: str, known_at: str | None) -> str:
    """An event: its kind, date and acts, and every provision it opened, changed or closed."""
    return render("event.html", **event_context(lex, PageLinks(links, known_at), event_iri))


def home_page(
    lex: Lexrdf, links: Links, text: str | None, day: str | None, known_at: str | None, today: date | None = None
) -> str:
    """The acts held, and a search of the texts in force on a date (with its hits when `text` is given)."""
    return render("home.html", **home_context(lex, PageLinks(links, known_at), text, day, today))


router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def home(
    request: Request,
    q: str | None = None,
    day: str | None = Query(None, alias="date"),
    known_at: str | None = None,
    lex: Lexrdf = Depends(get_lex),
) -> HTMLResponse:
    """The home page: `?q=` searches the texts in force on `?date=` (default today)."""
    links = Links(request.app.state.settings.base_iri)
    return HTMLResponse(home_page(lex, links, q, day, known_at or None))
