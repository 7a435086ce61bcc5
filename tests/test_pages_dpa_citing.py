"""The DPA 1998 as a lawyer reads and cites it, in a real headless Chromium served by a real `lexrdf serve`:
citations as a lawyer writes them, a repealed subsection titled as itself, the definitions of s. 1(1) one per line,
and a date past the sources' currency shown as last known. Expected values are read from
../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml (quoted beside each). Screenshots in tests/artifacts/."""

from __future__ import annotations

import pytest
from conftest import DPA
from test_browser import _tab, shot, visible

S7 = "/eli/gb-ukm/act/1998-07-16/29/section-7"
# line 4025: <section eId="section-6" period="#period19">; line 4049: <subsection eId="section-6-3"> <num>3</num> whose
# text is only the omission dots; note c20885431 (line 1754): "S. 6(3)-(6) omitted (18.1.2010) by virtue of The
# Transfer of Tribunal Functions Order 2010"
S6_3 = "/eli/gb-ukm/act/1998-07-16/29/section-6-3"
# lines 3627-3721: <subsection eId="section-1-1"> "In this Act, unless the context otherwise requires—" then a
# <blockList class="unordered"> of eight <item>s, each <p>“<term ...>…</term>” ...: the eight defined terms
S1 = "/eli/gb-ukm/act/1998-07-16/29/section-1"


@pytest.fixture
def page(browser, dpa_server):
    yield from _tab(browser, dpa_server)


TERMS = [
    "data",
    "data controller",
    "data processor",
    "data subject",
    "personal data",
    "processing",
    "public authority",
    "relevant filing system",
]


def test_section_7_3_a_is_cited_as_a_lawyer_writes_it(page):
    # <section eId="section-7"> in <part eId="part-II">, <subsection eId="section-7-3">, <paragraph
    # eId="section-7-3-a">: a section's number is unique in the act, so no Part; sub-units in brackets
    page.goto(f"{S7}-3-a?date=2002-01-01")
    assert visible(page, "#citation-text") == "Data Protection Act 1998, s. 7(3)(a), as in force on 1 January 2002"


def test_section_7_on_1_january_2001(page):
    page.goto(f"{S7}?date=2001-01-01")
    assert visible(page, "#citation-text") == "Data Protection Act 1998, s. 7, as in force on 1 January 2001"
    assert visible(page, "h1").startswith("section 7")  # not "Part II, section 7"
    shot(page, "dpa-section-7-2001-cited")


def test_a_repealed_subsection_is_titled_as_itself(page):
    for day in ("2002-01-01", "2011-01-01"):
        page.goto(f"{S6_3}?date={day}")
        assert visible(page, "h1") == "section 6(3)"  # not its parent, "section 6"
        assert page.title().startswith("section 6(3) — Data Protection Act 1998")
    shot(page, "dpa-section-6-3")


def test_section_6(page):
    page.goto("/eli/gb-ukm/act/1998-07-16/29/section-6?date=2011-01-01")
    assert visible(page, "h1").startswith("section 6")
    # note c20885431: "S. 6(3)-(6) omitted (18.1.2010)": each marked in place with its own number
    gaps = [" ".join(t.split()) for t in page.locator("article.provision-text p.gap").all_inner_texts()]
    assert [gap.split()[0] for gap in gaps] == ["(3)", "(4)", "(5)", "(6)"]
    assert all("Repealed" in gap for gap in gaps)
    shot(page, "dpa-section-6")


def test_the_definitions_of_section_1_1_are_one_per_line(page):
    page.goto(f"{S1}?date=2006-01-01")
    lines = [" ".join(t.split()) for t in page.locator("article.provision-text .line").all_inner_texts()]
    assert [line.split("”")[0].lstrip("“") for line in lines] == TERMS
    tops = [box["y"] for box in (page.locator(".line").nth(i).bounding_box() for i in range(len(TERMS)))]
    assert tops == sorted(tops) and len(set(tops)) == len(TERMS)  # each on a line of its own
    shot(page, "dpa-section-1")


def test_a_cross_heading_is_never_cited_as_its_part(dpa_lex):
    # line 1301: <restriction href="#schedule-1-part-II-crossheading-the-first-principle">: a cross-heading in
    # Part II of Schedule 1, headed "The first principle"
    answer = dpa_lex.text_at(f"{DPA}/schedule-1-part-II-crossheading-the-first-principle", "2010-01-01")
    assert answer.citation is not None
    assert ", Sch. 1, Pt. II, cross-heading" in answer.citation
    assert not answer.citation.endswith("Pt. II, as in force on 1 January 2010")


def test_a_date_past_the_currency_is_shown_as_last_known(page):
    # line 25: <FRBRdate date="2018-01-18" name="transform"/>
    response = page.goto(f"{S7}/2030-01-01")
    assert response is not None and response.status == 200 and response.url.endswith("/section-7/2030-01-01")
    assert "as last known" in visible(page, "main").lower() and "18 January 2018" in visible(page, "main")
    assert visible(page, "#citation-text") == (
        "Data Protection Act 1998, s. 7, as last known (sources current to 18 January 2018), asked for 1 January 2030"
    )
    shot(page, "dpa-section-7-2030-last-known")


def test_the_contents_say_what_no_text_recorded_means(page):
    # s. 7(3) is an insertion dated from 14 May 2001 (note F12): on 1 January 2001 the sources give no text of it
    page.goto("/eli/gb-ukm/act/1998-07-16/29?date=2001-01-01")
    legend = visible(page, "#toc-legend")
    assert "No text recorded" in legend and "not a statement that it was not in force" in legend
    assert "Repealed" not in legend or "the repeal's date" in legend
    shot(page, "dpa-contents-2001")
    page.locator("#toc-heading").scroll_into_view_if_needed()
    page.screenshot(path=str(shot(page, "dpa-contents-2001-top").parent / "dpa-contents-2001-top.png"))


# lines 3633-3660: the definition of "data" (<p>“<term>data</term>” means information which—</p>) holds a
# <blockList class="ordered"> of five <item>s, <num title="(a)">a</num> "is being processed by means of equipment ..."
# to <num title="(e)">e</num> "is recorded information held by a public authority ..."; lines 3671-3683: "personal
# data" holds (a) "from those data, or", (b) "from those data and other information ...", then its own words after
# them, <p>and includes any expression of opinion about the individual ...</p>; lines 3684-3703: "processing" holds
# (a) "organisation, adaptation or alteration ..." to (d) "alignment, combination, blocking, erasure ..."
NESTED = {
    "data": [
        ("(a)", "is being processed by means of equipment"),
        ("(b)", "is recorded with the intention that it should be processed"),
        ("(c)", "is recorded as part of a relevant filing system"),
        ("(d)", "does not fall within paragraph (a), (b) or (c)"),
        ("(e)", "is recorded information held by a public authority"),
    ],
    "personal data": [("(a)", "from those data, or"), ("(b)", "from those data and other information")],
    "processing": [
        ("(a)", "organisation, adaptation or alteration"),
        ("(b)", "retrieval, consultation or use"),
        ("(c)", "disclosure of the information or data by transmission"),
        ("(d)", "alignment, combination, blocking, erasure or destruction"),
    ],
}


def test_a_definitions_paragraphs_are_each_on_a_line_under_it(page):
    page.goto(f"{S1}?date=2006-01-01")  # s. 1(1)'s text is recorded from 1 January 2005 (the FOIA's "(e)")
    definitions = page.locator("article.provision-text .line")
    by_term = {" ".join(definitions.nth(i).inner_text().split()).split("”")[0].lstrip("“"): definitions.nth(i)
               for i in range(definitions.count())}  # fmt: skip
    for term, expected in NESTED.items():
        definition = by_term[term]
        items = definition.locator(":scope > .line-item")
        assert items.count() == len(expected), term
        shown = [(items.nth(i).locator(":scope > .item-num").inner_text(), items.nth(i).inner_text()) for i in
                 range(items.count())]  # fmt: skip
        assert [number for number, _ in shown] == [number for number, _ in expected]
        assert all(
            " ".join(text.split()).startswith(f"{n} {words}")
            for (n, text), (_, words) in zip(shown, expected, strict=True)
        )
        # each its own block, one below the other in document order, indented under the definition's first words
        boxes = [items.nth(i).bounding_box() for i in range(items.count())]
        tops = [box["y"] for box in boxes]
        assert tops == sorted(tops) and len(set(tops)) == len(tops)
        assert all(box["x"] > definition.bounding_box()["x"] for box in boxes)
    # "personal data"'s own words after its paragraphs: after (b), not run into it
    more = by_term["personal data"].locator(":scope > .line-more")
    assert more.count() == 1 and more.inner_text().startswith("and includes any expression of opinion")
    last = by_term["personal data"].locator(":scope > .line-item").nth(1)
    assert "and includes" not in last.inner_text()
    assert more.bounding_box()["y"] > last.bounding_box()["y"]
    # the definitions are still one per line, in order (the paragraphs are inside them, not lines of their own)
    assert list(by_term) == TERMS
    shot(page, "dpa-section-1-2006-nested")
    page.goto(f"{S1}?date=2002-01-01")
    shot(page, "dpa-section-1-2002")
