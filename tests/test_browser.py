"""The pages in a real headless Chromium, served by a real `lexrdf serve --sample` on 127.0.0.1: what a person sees
after opening a provision, changing the date, following the timeline, comparing versions and searching, checked
against the samples' XML and samples/README.md. Screenshots are kept in tests/artifacts/ (look at them)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import BASE

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
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"not found: {', '.join(missing)}")
        pytest.skip(f"not found: {', '.join(missing)}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`lexrdf serve --sample` on a fresh store, as the README's first command runs it."""
    port = free_port()
    store = tmp_path_factory.mktemp("browsed") / "store"
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE}
    command = [sys.executable, "-m", "lexrdf.cli", "serve", "--sample", "--store", str(store), "--port", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError(process.stdout.read() if process.stdout else "server exited") from None
            time.sleep(0.2)
    else:
        process.kill()
        raise RuntimeError("server did not start")
    yield url
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    _needs_browser()
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser, server):
    """A fresh page on the server; any script error on it fails the test."""
    context = browser.new_context(base_url=server, viewport={"width": 1200, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


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
    assert page.url.endswith(f"{PARA_2}/2001-04-01")
    assert TWELVE in visible(page, "section.law") and "three months" not in visible(page, "section.law")
    assert visible(page, "h1") == "Chapter 1, Article 3, paragraph 2"
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
    assert citation == "Open Data Act 2001, Chapter 1, Article 3, paragraph 2., as in force on 2005-01-01"
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
    assert visible(page, "#status") == "Repealed on 1 January 2013"
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
