"""The HTML pages: a provision on a date, an act, an event, an interpretive item (a doctrine, a precedent) and an
interpretation, and the home page (acts and search).

Each function prepares its page's data (provision_data, act_data, event_data, home_data) and renders one template;
the linked-data router (lexrdf.web.linked_data) calls them for the IRIs it dereferences, and `router` serves `/`.
Every link goes through `Links`, so a local run dereferences the base IRI at its own origin.
"""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse

from lexrdf.answers.types import VersionAnswer
from lexrdf.api import Lexrdf
from lexrdf.queries import parse_date, parse_moment
from lexrdf.vocab import LEX
from lexrdf.web.act_data import act_context
from lexrdf.web.cache import NOTHING_KEPT, ActData
from lexrdf.web.deps import get_lex
from lexrdf.web.event_data import event_context
from lexrdf.web.home_data import HOME_PAGE_SIZE, home_context
from lexrdf.web.links import Links
from lexrdf.web.page_format import PageLinks
from lexrdf.web.parameters import page_parameters_only
from lexrdf.web.provision_data import item_context, provision_context
from lexrdf.web.rdf import describe
from lexrdf.web.search_api import page_params
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
    kept: ActData = NOTHING_KEPT,
    extent: str | None = None,
) -> str:
    """A provision as on `day` (or one of its versions, `version_iri`; or why nothing is in force, `non_answer`):
    its text and context, then its window, events, timeline, provenance and a diff of two versions
    (`diff_from`, `diff_to`: dates; by default the previous version and the one shown). An act's IRI (or an act's
    own version) gives the act page. `kept`: the act's own data kept across its pages (lexrdf.web.cache.ActData);
    `extent`: the territories whose text is shown ("S"; None: the text in force, whatever it extends to)."""
    if lex.rows("_page-act", act=provision_iri, known_at=known_at):
        return act_page(lex, links, provision_iri, day, known_at, kept)
    page = PageLinks(links, known_at)
    asked = (version_iri, non_answer, diff_from, diff_to, today, kept, extent)
    context = provision_context(lex, page, provision_iri, day, *asked)
    return render("provision.html", **context)


def item_page(
    lex: Lexrdf, links: Links, item_iri: str, day: str | date, known_at: str | None, today: date | None = None
) -> str:
    """An interpretive item (a doctrine, a precedent, a proposition: a `lex:InterpretiveItem`, IRI `{base}/item/...`,
    with no statutory text): its kind and title, its readings operative on `day` with the rulings that fixed them,
    the chain of readings and their timeline."""
    context = item_context(lex, PageLinks(links, known_at), item_iri, day, today)
    return render("provision.html", item_page=True, name=context["title"], **context)


def interpretation_page(lex: Lexrdf, links: Links, interpretation_iri: str, known_at: str | None) -> str:
    """An interpretation (`{item}/interpretation/{date}`): the page of the item it interprets on the day its reading
    became operative, where it is shown beside the text with its rulings and chain."""
    triples = describe(lex, interpretation_iri, known_at)
    own = {t.predicate: t.object.value for t in triples if t.subject.value == interpretation_iri}
    item, valid_from = own.get(LEX.interprets), own.get(LEX.validFrom)
    if item is None or valid_from is None:
        return render("resource.html", title="Not an interpretation", notice=interpretation_iri, sections=[])
    types = {row["type"].value for row in lex.rows("_kind", iri=item, known_at=known_at)}
    if LEX.InterpretiveItem.value in types:
        return item_page(lex, links, item, valid_from, known_at)
    return provision_page(lex, links, item, valid_from, known_at)


def act_page(
    lex: Lexrdf, links: Links, act_iri: str, day: str | date, known_at: str | None, kept: ActData = NOTHING_KEPT
) -> str:
    """An act: its title, identifiers and dates, its table of contents on `day`, and its events."""
    return render("act.html", **act_context(lex, PageLinks(links, known_at), act_iri, day, kept))


def event_page(lex: Lexrdf, links: Links, event_iri: str, known_at: str | None) -> str:
    """An event: its kind, date and acts, and every provision it opened, changed or closed."""
    return render("event.html", **event_context(lex, PageLinks(links, known_at), event_iri))


def home_page(
    lex: Lexrdf,
    links: Links,
    text: str | None,
    day: str | None,
    known_at: str | None,
    today: date | None = None,
    page: int = 1,
    words: bool = False,
    size: int = HOME_PAGE_SIZE,
) -> str:
    """The acts held, and a search of the texts in force on a date (a page of its hits when `text` is given)."""
    context = home_context(lex, PageLinks(links, known_at), text, day, today, page, words, size)
    return render("home.html", **context)


router = APIRouter(include_in_schema=False, dependencies=[Depends(page_parameters_only)])


@router.get("/", response_class=HTMLResponse)
def home(
    request: Request,
    q: str | None = None,
    day: str | None = Query(None, alias="date"),
    known_at: str | None = None,
    page: str | None = None,
    size: str | None = None,
    words: str | None = None,
    lex: Lexrdf = Depends(get_lex),
) -> HTMLResponse:
    """The home page: `?q=` searches the texts in force on `?date=` (default today), `?page=` of `?size=` hits
    (`?words=true`: every word, any order, stemmed), as /api/search does."""
    if day:
        parse_date(day, "date")
    if known_at:
        parse_moment(known_at, "known_at")
    number, hits, by_words = page_params(page, size, words, HOME_PAGE_SIZE)
    links = Links(request.app.state.settings.base_iri)
    return HTMLResponse(home_page(lex, links, q, day, known_at or None, None, number, by_words, hits))
