"""The pages of a real act, the Data Protection Act 1998 (legislation.gov.uk's Akoma Ntoso), in a real headless
Chromium served by a real `lexrdf serve`: the law's sentence structure (closing words after the paragraphs they
close, numbers as the UK prints them) and no silent gaps (parts with no text on the date marked in place). Expected
values are read from ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml (quoted beside each). Screenshots are
kept in tests/artifacts/ (look at them)."""

from __future__ import annotations

from datetime import date

import pytest
from conftest import BASE
from test_browser import _tab, shot, visible

from lexrdf.web.act_data import toc
from lexrdf.web.links import Links
from lexrdf.web.page_format import PageLinks

S7 = "/eli/gb-ukm/act/1998-07-16/29/section-7"
# lines 4189-4218: <subsection eId="section-7-3"> <intro><p><ins class="d29p663">Where a data controller—</ins>
# ... <paragraph eId="section-7-3-a"> ... <paragraph eId="section-7-3-b"> ... <wrapUp><p><ins class="d29p663 last">the
# data controller is not obliged to comply with the request unless he is supplied with that further information.
INTRO_7_3 = "Where a data controller—"
PARA_7_3_B = "has informed him of that requirement,"
WRAP_UP_7_3 = (
    "the data controller is not obliged to comply with the request unless he is supplied with that further information."
)
# line 190: <textualMod type="insertion" eId="d29p663"> <destination href="#section-7-3"/>: s. 7(3) is an insertion,
# and its note F12 (c18185101) dates it; before that date the sources give no text of it
# lines 4102-4103: s. 7(1)'s own words hold an insertion (<ins class="d29p581 ..."> F11 "sections 8, 9 and 9A")


@pytest.fixture
def page(browser, dpa_server):
    yield from _tab(browser, dpa_server)


def test_section_7_in_2002_reads_in_the_sources_order(page):
    page.goto(f"{S7}?date=2002-01-01")
    law = visible(page, "article.provision-text")
    # the closing words of s. 7(3) after its paragraphs (a) and (b), as the source orders them, not before
    assert law.index(INTRO_7_3) < law.index(PARA_7_3_B) < law.index(WRAP_UP_7_3)
    assert f"{INTRO_7_3} {WRAP_UP_7_3}" not in law
    # numbers as the UK prints them: the AKN export holds <num>3</num>, <num>a</num>, <num>i</num> (lines 4119-4120)
    numbers = page.locator("article.provision-text a.num").all_inner_texts()
    assert "(3)" in numbers and "(a)" in numbers and "(iii)" in numbers
    assert "3" not in numbers and "a" not in numbers
    shot(page, "dpa-section-7-2002")


def test_the_dated_uri_of_section_7_in_2002_shows_section_7_as_in_2002(page):
    # s. 7's own version begins on 1 March 2000 (line 4095: <section eId="section-7" period=...>), s. 7(3) only on
    # 14 May 2001 (note F12, c18185101). The ELI point-in-time URI for 2002 redirects to s. 7's version of 2000: the
    # page must still show s. 7 as on the day asked, with s. 7(3), not as on the version's first day without it
    page.goto(f"{S7}/2002-01-01")
    assert "date=2002-01-01" in page.url
    law = visible(page, "article.provision-text")
    assert INTRO_7_3 in law and PARA_7_3_B in law and WRAP_UP_7_3 in law
    assert "1 January 2002" in visible(page, "h1 + *")


def test_the_contents_number_a_repealed_subsection_as_the_source_does(page):
    # line 4049-4053: <subsection eId="section-6-3"><num>3</num> ... <noteRef ... marker="F9"/>. . . .: repealed by
    # note F9, its number 3 printed; the contents list it as "subsection 3" (repealed), not a bare "subsection"
    page.goto(S7.rsplit("/", 1)[0] + "?date=2015-01-01")
    contents = visible(page, "main")
    assert "subsection 3" in contents and "subsection 6" in contents


def test_the_breadcrumbs_cite_the_units_below_a_section_as_a_lawyer_does(page):
    # lines 4189-4194: <subsection eId="section-7-3"><num>3</num> ... <paragraph eId="section-7-3-a"><num>a</num>:
    # the trail to s. 7(3)(a) names s. 7(3) as "section 7(3)", not by its bare number or element name
    page.goto(f"{S7}-3-a?date=2002-01-01")
    crumbs = page.locator("nav.crumbs a").all_inner_texts()
    assert crumbs[-2:] == ["section 7", "section 7(3)"]


def test_section_7_in_2001_marks_what_has_no_text_in_place(page):
    page.goto(f"{S7}?date=2001-01-01")
    gaps = page.locator("article.provision-text li.unit-gap")
    marked = {gaps.nth(i).locator("> p a.num").inner_text(): gaps.nth(i) for i in range(gaps.count())}
    assert "(3)" in marked and "(1)" in marked  # s. 7(3) not yet inserted; s. 7(1)'s words not dated that early
    note = visible(page, f"li.unit-gap:has(> p a.num[href^='{S7}-3?']) > p.gap")
    assert note.startswith("(3) No text recorded for 1 January 2001 (the earliest recorded text starts on")
    law = visible(page, "article.provision-text")
    assert WRAP_UP_7_3 not in law and INTRO_7_3 not in law
    # s. 7(1)'s paragraphs (in force) stay under their subsection's place, in document order
    assert (
        law.index("(1) No text recorded")
        < law.index("(a) to be informed by any data controller")
        < law.index("(2) A data controller is not obliged")
    )
    shot(page, "dpa-section-7-2001")


def test_the_contents_list_every_article_without_a_heading():
    """The Civil Code's articles have no heading (LexML <Artigo><Rotulo>Art. 1º</Rotulo><Caput>...: codigocivil.json);
    the contents list them under their chapter, numbered as the source writes them."""
    act = "https://lexrdf.example.org/eli/br/lei/2002-01-10/10406"
    rows = [
        {"unit": f"{act}/cap1", "parent": act, "unit_type": "chapter", "number": "CAPÍTULO I", "heading": "DA PESSOA"},
        {
            "unit": f"{act}/art1",
            "parent": f"{act}/cap1",
            "unit_type": "article",
            "number": "Art. 1º",
            "status": "in-force",
        },
        {
            "unit": f"{act}/art1/cpt",
            "parent": f"{act}/art1",
            "unit_type": "caput",
            "number": None,
            "status": "in-force",
        },
    ]
    for row in rows:
        row.setdefault("status", "in-force")
    entries = toc(rows, PageLinks(Links(BASE)), date(2010, 1, 1), {})
    chapter = entries[0]
    assert [e.label for e in chapter.children] == ["Art. 1º"]
    assert chapter.children[0].children == []  # the caput is the article's text, not a line of the contents


def test_a_page_asked_for_a_territory_shows_that_territorys_text_or_says_it_is_not_held(page):
    # line 2070: "Words in s. 31(4)(a)(iii) repealed (1.4.2006 for W.) by Public Services Ombudsman (Wales) Act 2005";
    # the export shows Wales's text, the repealed words as "..." (line 6177): that text is Wales's, England's not held
    s31_4_a_iii = S7.replace("section-7", "section-31-4-a-iii")
    page.goto(f"{s31_4_a_iii}?date=2010-01-01&extent=W")
    assert "the Health Service Commissioner for England" in visible(page, "article.provision-text")
    assert visible(page, "dd.extent").startswith("W")
    page.goto(f"{s31_4_a_iii}?date=2010-01-01&extent=E")
    assert visible(page, "h1 + *").startswith("No text held for this territory")
    assert page.locator("article.provision-text p.own-text").count() == 0  # never Wales's words for England
    assert "In force for W" in visible(page, "main")  # the text held, named with the territory it is of
    assert page.locator("select#pit-extent option[selected]").inner_text() == "E"
    shot(page, "dpa-section-31-4-a-iii-england")


def test_a_page_refuses_an_extent_that_names_no_territory(dpa_server):
    import urllib.error
    import urllib.request

    url = f"{dpa_server}{S7.removeprefix(BASE)}?extent=%3Cscript%3E"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url)
    assert refused.value.code == 400 and "extent" in refused.value.read().decode("utf-8")
