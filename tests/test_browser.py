"""The pages in a real headless Chromium, served by a real `lexrdf serve --sample` on 127.0.0.1: what a person sees
after opening a provision, changing the date, following the timeline, comparing versions and searching, checked
against the samples' XML and samples/README.md. Screenshots are kept in tests/artifacts/ (look at them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import BASE, SAMPLES, unavailable
from servers import lexrdf_serve
from test_pages import DUES_TEXT, ESTABLISHMENT, GAZETTE, NOTICE, write_rulings

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PARA_2 = "/eli/xx/act/2001-03-14/12/art_3/para_2"  # Open Data Act 2001, art_3__para_2 (samples/README.md)
TWELVE = "shall take place within twelve months of the document being adopted"  # v1, [2001-04-01, 2004-07-01)
THREE = "shall take place within three months of the document being adopted"  # v2, from 2004-07-01

try:
    from playwright import sync_api
except ImportError:
    sync_api = None


def _needs_browser() -> None:
    """Skip without Chromium or Playwright on a developer's machine; under CI (CI=true) fail instead."""
    missing = [] if CHROMIUM.exists() else [f"{CHROMIUM} (scripts/test.sh installs Debian chromium)"]
    missing += [] if sync_api is not None else ["playwright (pip install -e '.[test]')"]
    if missing:
        unavailable(f"not found: {', '.join(missing)}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`lexrdf serve --sample` on a fresh store, as the README's first command runs it."""
    with lexrdf_serve(tmp_path_factory.mktemp("browsed") / "store", "--sample") as url:
        yield url


@pytest.fixture(scope="module")
def ruled_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The samples ingested and the hand-made rulings of tests/test_pages.py added with `lexrdf add` (the editorial
    path), then `lexrdf serve` on that store."""
    directory = tmp_path_factory.mktemp("ruled-browsed")
    store = directory / "store"
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE}
    cli = [sys.executable, "-m", "lexrdf.cli"]
    subprocess.run([*cli, "ingest", str(SAMPLES), "--store", str(store)], check=True, env=env, capture_output=True)
    for ruling in write_rulings(directory):
        added = subprocess.run(
            [*cli, "add", str(ruling), "--store", str(store)], env=env, capture_output=True, text=True
        )
        assert added.returncode == 0, added.stdout + added.stderr
    with lexrdf_serve(store) as url:
        yield url


def _tab(browser, url: str) -> Iterator:
    """A fresh page on a server; any script error on it fails the test."""
    context = browser.new_context(base_url=url, viewport={"width": 1200, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


@pytest.fixture
def page(browser, server):
    """A fresh page on the sample server."""
    yield from _tab(browser, server)


@pytest.fixture
def ruled_page(browser, ruled_server):
    """A fresh page on the server whose store holds the hand-made rulings."""
    yield from _tab(browser, ruled_server)


def shot(tab, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path


def visible(tab, selector: str) -> str:
    """The text a person sees in an element (innerText: rendered, hidden parts left out), whitespace collapsed."""
    return re.sub(r"\s+", " ", tab.inner_text(selector)).strip()


def test_a_provision_on_a_date_then_another_date(page):
    response = page.goto(f"{PARA_2}/2003-01-01")  # the point-in-time URI: 303 to the version in force
    assert response is not None and response.ok
    assert page.url.endswith(f"{PARA_2}/2001-04-01?date=2003-01-01")  # the version, shown as on the day asked
    assert TWELVE in visible(page, "section.law") and "three months" not in visible(page, "section.law")
    assert visible(page, "h1") == "Article 3, paragraph 2"  # named as cited: no chapter (breadcrumbs show it)
    shot(page, "provision-2001-version")

    page.fill("#pit-date", "2005-01-01")
    page.click("form.date-picker button[type=submit]")
    page.wait_for_load_state()
    assert "date=2005-01-01" in page.url
    assert visible(page, "#status") == "In force on 1 January 2005"
    law = visible(page, "section.law")
    assert THREE in law and "in a machine-readable format" in law and "twelve" not in law
    facts = visible(page, "section.facts")
    assert "from 1 July 2004, still in force" in facts and "Substitution by Data Amendment Act 2004" in facts
    shot(page, "provision-2005")

    page.click("button.copy")  # shown by /static/copy.js
    page.wait_for_selector("text=Copied.")
    citation = visible(page, "#citation-text")
    # samples/expressions: <article eId="art_3"><num>Article 3</num>, <paragraph eId="art_3__para_2"><num>2.</num>;
    # the chapter around the article is not cited (an article's number is unique in its act)
    assert citation == "Open Data Act 2001, Article 3, paragraph 2., as in force on 1 January 2005"
    assert page.evaluate("navigator.clipboard.readText()") == citation


def test_following_the_timeline(page):
    page.goto(f"{PARA_2}?date=2005-01-01")
    timeline = page.locator("svg.timeline-svg")
    assert timeline.is_visible()
    marks = timeline.locator("a.mark")
    assert marks.count() == 2  # enactment (e1) and the 2004 substitution (pmod1 / e3)
    marks.locator("xpath=self::*[contains(@aria-label, 'Substitution')]").click()
    page.wait_for_load_state()
    assert "/event/2004-07-01/substitution/" in page.url
    assert visible(page, "h1") == "Substitution by Data Amendment Act 2004"
    assert "Chapter 1, Article 3, paragraph 2" in visible(page, "section.impact")
    shot(page, "event-substitution-2004")

    page.go_back()
    page.locator("svg.timeline-svg a.bar").first.click()  # the first version's bar
    page.wait_for_load_state()
    assert page.url.endswith(f"{PARA_2}/2001-04-01")
    assert TWELVE in visible(page, "section.law")


def test_comparing_two_versions(page):
    page.goto(f"{PARA_2}?date=2005-01-01")  # by default: the previous version against the one shown
    diff = page.locator("#diff")
    assert diff.locator("p.diff-text del").all_inner_texts() == ["twelve", "body."]
    assert diff.locator("p.diff-text ins").all_inner_texts() == ["three", "body, in a machine-readable format."]
    shot(page, "diff-default")

    page.goto(f"{PARA_2}?date=2003-01-01")  # the first version: nothing before it to compare by default
    assert "Choose two versions to compare." in visible(page, "section.compare")
    page.select_option("#diff-from", "2001-04-01")
    page.select_option("#diff-to", "2004-07-01")
    page.click("form.diff-form button[type=submit]")
    page.wait_for_load_state()
    assert "diff_from=2001-04-01" in page.url and "diff_to=2004-07-01" in page.url
    assert page.locator("#diff p.diff-text del").first.inner_text() == "twelve"
    assert page.locator("#diff p.diff-text ins").first.inner_text() == "three"
    assert "Substitution by Data Amendment Act 2004, 1 July 2004" in visible(page, "#diff")
    shot(page, "diff-chosen")


def test_a_repealed_provision_explains_itself(page):
    response = page.goto("/eli/xx/act/1995-05-10/3/art_7/2013-01-01")
    assert response is not None and response.status == 410
    # samples/single/harbour-act.xml line 45: <eventRef eId="e6" date="2012-09-01" ... type="repeal"/>: "Repealed on"
    # is the repeal's date, and the date shown is said apart
    assert visible(page, "#status") == "Repealed on 1 September 2012 · shown as on 1 January 2013"
    law = visible(page, "section.law")
    assert "Repealed by Harbour Governance Act 2012 with effect from 1 September 2012" in law
    assert "Harbour Advisory Council is established" not in law
    shot(page, "repealed-harbour-art-7")


def test_the_act_page_and_search(page):
    page.goto("/eli/xx/act/2001-03-14/12?date=2005-01-01")
    toc = visible(page, "section.toc")
    assert "point (c) Repealed (since 1 July 2004)" in toc  # pmod3
    shot(page, "act-open-data-2005")
    response = page.goto("/")
    assert response is not None and response.ok, f"GET / answered {response and response.status}: the home page"
    page.fill("#search-text", "safety management plan")
    page.fill("#search-date", "2008-05-01")
    page.click("form.search-form button[type=submit]")
    page.wait_for_load_state()
    hits = page.locator("li.hit")
    assert hits.count() >= 1
    assert "Every harbour authority shall adopt a safety management plan" in visible(page, "ol.hits")
    shot(page, "search")
    hits.first.locator("a").click()
    page.wait_for_load_state()
    assert visible(page, "#status") == "In force on 1 May 2008"


def test_print_and_small_screens(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{PARA_2}?date=2005-01-01")
    assert THREE in visible(page, "section.law")
    shot(page, "provision-phone")
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible() and not page.locator("form.date-picker").is_visible()
    assert page.locator("section.law").is_visible()
    shot(page, "provision-print")


DUES_PATH = "/eli/xx/act/1995-05-10/3/art_4/para_2"  # Harbour Act 1995, art. 4(2), read by the rulings of test_pages


def test_a_provision_read_with_its_interpretation(ruled_page):
    page = ruled_page
    response = page.goto(f"{DUES_PATH}?date=2010-01-01")
    assert response is not None and response.ok
    flag = page.locator("#diverges")
    assert flag.is_visible()
    assert visible(page, "#diverges").startswith("INTERPRETED On 1 January 2010 this text is read as")
    text_box, meaning_box = page.locator("article.provision-text"), page.locator("aside.meaning")
    assert DUES_TEXT in visible(page, "article.provision-text")
    assert meaning_box.is_visible() and GAZETTE in visible(page, "aside.meaning")
    assert NOTICE not in visible(page, "section.law")
    assert "erga omnes" in visible(page, "aside.meaning") and "Supreme Court" in visible(page, "aside.meaning")
    # beside the text on a wide screen: the reading's box starts to the right of the text's, on the same level
    text_at, meaning_at = text_box.bounding_box(), meaning_box.bounding_box()
    assert meaning_at["x"] >= text_at["x"] + text_at["width"] and abs(meaning_at["y"] - text_at["y"]) < 40
    readings = page.locator("svg.timeline-svg a.reading-bar")
    assert readings.count() == 2 and readings.first.is_visible()
    assert page.locator("svg.timeline-svg a.mark-ruling").count() == 2
    shot(page, "interpretation-2010")

    readings.nth(1).click()  # the 2014 reading's bar: the provision on the day it became operative
    page.wait_for_load_state()
    assert "date=2014-03-01" in page.url
    assert NOTICE in visible(page, "aside.meaning") and GAZETTE not in visible(page, "aside.meaning")
    chain = visible(page, "section.lineage .meaning-chain")
    assert GAZETTE in chain and "overruled by Judicial decision of the Supreme Court" in chain
    shot(page, "interpretation-2014")

    page.goto(f"{DUES_PATH}?date=2004-01-01")  # before the first ruling: no flag, and the panel says when
    assert page.locator("#diverges").count() == 0
    assert "the first, fixed by the Judicial decision of the Supreme Court" in visible(page, "aside.meaning")

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the reading below the text
    page.goto(f"{DUES_PATH}?date=2010-01-01")
    assert page.locator("#diverges").is_visible()
    text_at, meaning_at = text_box.bounding_box(), meaning_box.bounding_box()
    assert meaning_at["y"] >= text_at["y"] + text_at["height"]
    shot(page, "interpretation-phone")


def test_the_event_page_of_a_ruling(ruled_page):
    page = ruled_page
    page.goto(f"{DUES_PATH}?date=2015-01-01")
    page.locator("svg.timeline-svg a.mark-ruling").nth(1).click()  # the 2014 ruling
    page.wait_for_load_state()
    assert page.url.endswith("/eli/xx/act/1995-05-10/3/event/2014-02-11/judicial-decision")
    assert visible(page, "h1") == "Judicial decision of the Supreme Court"
    impact = visible(page, "section.impact")
    assert "Interpretation replaced" in impact and NOTICE in impact
    assert visible(page, "section.relations").startswith("Earlier readings it treated Overrules the reading")
    shot(page, "event-ruling-2014")


def test_interpretive_items_and_struck_down_text_dereference(ruled_server):
    """Over HTTP: a doctrine's IRI is its page (its title, its reading on the date), and the point-in-time URI of a
    provision a ruling struck down is 410 naming the ruling (tests/test_pages.py RULINGS: the Constitutional Court,
    case cc-2011-19, from 1 July 2011)."""
    item = httpx.get(f"{ruled_server}/item/cost-recovery-of-harbour-dues", params={"date": "2008-01-01"})
    assert item.status_code == 200 and item.headers["content-type"].startswith("text/html")
    assert "Cost recovery of harbour dues" in item.text and "Ports Regulator" in item.text
    struck = httpx.get(f"{ruled_server}{ESTABLISHMENT.removeprefix(BASE)}/2012-01-01", headers={"Accept": "text/html"})
    assert struck.status_code == 410 and "cc-2011-19" in struck.text
    earlier = httpx.get(f"{ruled_server}{ESTABLISHMENT.removeprefix(BASE)}/2010-01-01", follow_redirects=False)
    assert earlier.status_code == 303
