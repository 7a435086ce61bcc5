"""The HTML pages rendered straight from a store of the samples: what a reader sees, checked against the samples'
XML and samples/README.md (their expected histories), not against lexrdf's own answers.

Interpretive time is checked on the samples with hand-made rulings added the way editors add them (Turtle through
`lexrdf.editorial.submit`, docs/editorial.md), below (RULINGS): the expected readings, dates and courts are those
written there."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from conftest import BASE, DPA, HARBOUR, ODA, SAMPLES, open_lex
from lxml import html as lxml_html

from lexrdf.web import pages, timeline
from lexrdf.web.links import Links
from lexrdf.web.templating import STATIC_DIR

LINKS = Links(BASE)
TODAY = date(2026, 1, 1)
DATA_AMENDMENT_ACT = "Data Amendment Act 2004"  # amendingAct1 of the Open Data Act (samples/README.md)
SUBSTITUTION_2004 = f"{ODA}/event/2004-07-01/substitution/akn-xx-act-2004-06-01-7"
HARBOUR_REPEAL = f"{HARBOUR}/event/2012-09-01/repeal/akn-xx-act-2012-07-15-20"
PARA_2_V1 = (  # art_3__para_2 v1, full text (samples/README.md)
    "Publication under paragraph 1 shall take place within twelve months of the document being adopted or received "
    "by the body."
)
PARA_2_V2 = (
    "Publication under paragraph 1 shall take place within three months of the document being adopted or received "
    "by the body, in a machine-readable format."
)


# -- hand-made rulings on the Harbour Act sample (interpretive time) -----------------------------------------------
# Art. 4(2) has read since 2003-01-01 "The rates of harbour dues shall be fixed by each harbour authority and published
# at least thirty days before they take effect." (samples/README.md). The Supreme Court decides on 2005-10-04 that the
# thirty days run from publication in the Official Gazette, operative for everyone from publication on 2005-10-18; on
# 2014-02-11 it overrules itself, operative from 2014-03-01: a notice at the harbour office is publication. The
# Constitutional Court strikes art. 3(1) down from 2011-07-01. The Ports Regulator states a doctrine with no statute
# (cost recovery of harbour dues) in tariff proceedings, decided 2007-05-15, operative from 2007-06-01.
DUES = f"{HARBOUR}/art_4/para_2"
ESTABLISHMENT = f"{HARBOUR}/art_3/para_1"
DOCTRINE = f"{BASE}/item/cost-recovery-of-harbour-dues"
SUPREME, CONSTITUTIONAL = f"{BASE}/authority/supreme-court", f"{BASE}/authority/constitutional-court"
REGULATOR, TARIFF = f"{BASE}/authority/ports-regulator", f"{BASE}/scope/tariff-proceedings"
R2005, R2014 = f"{HARBOUR}/event/2005-10-04/judicial-decision", f"{HARBOUR}/event/2014-02-11/judicial-decision"
I2005, I2014 = f"{DUES}/interpretation/2005-10-18", f"{DUES}/interpretation/2014-03-01"
R_STRIKE = f"{HARBOUR}/event/2011-07-01/judicial-decision"
R_DOCTRINE, I_DOCTRINE = f"{DOCTRINE}/event/2007-05-15/administrative-decision", f"{DOCTRINE}/interpretation/2007-06-01"
DUES_TEXT = (
    "The rates of harbour dues shall be fixed by each harbour authority and published at least thirty days before "
    "they take effect."
)
GAZETTE = "The thirty days run from publication in the Official Gazette; a notice at the harbour office does not count."
NOTICE = "A notice at the harbour office is publication; the thirty days run from the day it is posted."
COST = "Harbour dues may recover the cost of the services a harbour provides, and no more."
TURTLE_PREFIXES = """@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
"""
RULINGS = {  # in the order they are added
    "ruling-2005": f"""
<{SUPREME}> a lex:Authority ; rdfs:label "Supreme Court" .
<{R2005}> a lex:Event , lex:JudicialDecision ;
    lex:date "2005-10-04"^^xsd:date ; lex:publicationDate "2005-10-18"^^xsd:date ;
    lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ; lex:sourceAct <{BASE}/case/sc-2005-88> ;
    lex:affectedAct <{HARBOUR}> ; lex:affects <{DUES}> .
<{I2005}> a lex:Interpretation ; lex:interprets <{DUES}> ; lex:validFrom "2005-10-18"^^xsd:date ;
    lex:fixedBy <{R2005}> ; lex:text "{GAZETTE}"@en .
""",
    "doctrine": f"""
<{DOCTRINE}> a lex:InterpretiveItem ; lex:itemKind "doctrine" ; dcterms:title "Cost recovery of harbour dues" ;
    dcterms:identifier "doctrine:cost-recovery" .
<{REGULATOR}> a lex:Authority ; rdfs:label "Ports Regulator" .
<{TARIFF}> a lex:ProceduralContext ; rdfs:label "tariff proceedings" .
<{R_DOCTRINE}> a lex:Event , lex:AdministrativeDecision ;
    lex:date "2007-05-15"^^xsd:date ; lex:publicationDate "2007-06-01"^^xsd:date ;
    lex:authority <{REGULATOR}> ; lex:bindingScope <{TARIFF}> ;
    lex:sourceAct <{BASE}/decision/pr-2007-3> ; lex:affects <{DOCTRINE}> .
<{I_DOCTRINE}> a lex:Interpretation ; lex:interprets <{DOCTRINE}> ; lex:validFrom "2007-06-01"^^xsd:date ;
    lex:fixedBy <{R_DOCTRINE}> ; lex:text "{COST}"@en .
""",
    "strike": f"""
<{CONSTITUTIONAL}> a lex:Authority ; rdfs:label "Constitutional Court" .
<{R_STRIKE}> a lex:Event , lex:JudicialDecision ;
    lex:date "2011-07-01"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/cc-2011-19> ; lex:affectedAct <{HARBOUR}> ; lex:affects <{ESTABLISHMENT}> ;
    lex:strikesDown <{ESTABLISHMENT}/1995-06-01> .
""",
    "ruling-2014": f"""
<{R2014}> a lex:Event , lex:JudicialDecision ;
    lex:date "2014-02-11"^^xsd:date ; lex:publicationDate "2014-03-01"^^xsd:date ;
    lex:authority <{SUPREME}> ; lex:bindingScope lex:ErgaOmnes ; lex:sourceAct <{BASE}/case/sc-2014-7> ;
    lex:affectedAct <{HARBOUR}> ; lex:affects <{DUES}> ; lex:overrules <{I2005}> ; lex:closes <{I2005}> .
<{I2014}> a lex:Interpretation ; lex:interprets <{DUES}> ; lex:validFrom "2014-03-01"^^xsd:date ;
    lex:fixedBy <{R2014}> ; lex:text "{NOTICE}"@en .
""",
}


def write_rulings(directory: Path) -> list[Path]:
    """The rulings as Turtle files, in the order they are added."""
    paths = []
    for name, body in RULINGS.items():
        path = directory / f"{name}.ttl"
        path.write_text(TURTLE_PREFIXES + body, encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def ruled_lex(tmp_path_factory: pytest.TempPathFactory):
    """The samples with the rulings added by the editorial path, and the transaction time before the 2014 ruling."""
    from lexrdf.editorial import submit

    directory = tmp_path_factory.mktemp("ruled")
    instance = open_lex(directory / "store")
    instance.ingest([SAMPLES])
    *first, last = write_rulings(directory)
    for path in first:
        outcome = submit(path, instance.store, instance.settings)
        assert outcome.written, [r.message for r in outcome.report.violations]
    before_2014 = datetime.now(UTC).isoformat()
    assert submit(last, instance.store, instance.settings).written
    instance.publish()
    yield instance, before_2014
    instance.close()


def parse(page: str) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(page)


BLOCKS = {"p", "div", "li", "dt", "dd", "td", "th", "tr", "h1", "h2", "h3", "section", "option", "ol", "ul"}


def text(element: lxml_html.HtmlElement) -> str:
    """What a reader sees of an element: its text without scripts and tooltips, whitespace collapsed."""
    chunks: list[str] = []

    def walk(node: lxml_html.HtmlElement) -> None:
        if isinstance(node.tag, str) and node.tag.rsplit("}", 1)[-1] not in ("script", "style", "title"):
            chunks.append(node.text or "")
            for child in node:
                walk(child)
                chunks.append(" " if child.tag in BLOCKS else "")
                chunks.append(child.tail or "")

    walk(element)
    return re.sub(r"\s+", " ", "".join(chunks)).strip()


def one(doc: lxml_html.HtmlElement, xpath: str) -> lxml_html.HtmlElement:
    found = doc.xpath(xpath)
    assert len(found) == 1, f"{xpath}: {len(found)} matches"
    return found[0]


def section(doc: lxml_html.HtmlElement, name: str) -> lxml_html.HtmlElement:
    return one(doc, f"//section[contains(concat(' ', @class, ' '), ' {name} ')]")


def jsonld(doc: lxml_html.HtmlElement) -> list[dict]:
    return json.loads(one(doc, "//script[@type='application/ld+json']").text)["@graph"]


def node(graph: list[dict], iri: str) -> dict:
    return next(n for n in graph if n["@id"] == iri)


def provision(lex, path: str, day: str, **kwargs) -> lxml_html.HtmlElement:
    return parse(pages.provision_page(lex, LINKS, f"{ODA}/{path}", day, None, today=TODAY, **kwargs))


# -- a provision in force ---------------------------------------------------------------------------------
def test_provision_page_shows_the_text_in_force_then_why(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2003-01-01")
    assert text(one(doc, "//h1")) == "Article 3, paragraph 2"  # named as cited: the chapter is in the breadcrumbs
    assert text(one(doc, "//*[@id='status']")) == "In force on 1 January 2003"
    law = text(section(doc, "law"))
    assert PARA_2_V1 in law and "three months" not in law
    assert "Chapter 1 General provisions" in law and "Article 3 Documents to be published" in law  # its context
    facts = text(section(doc, "facts"))
    assert "from 1 April 2001 to 30 June 2004 (inclusive)" in facts  # [2001-04-01, 2004-07-01)
    assert f"Ended by Substitution by {DATA_AMENDMENT_ACT}, 1 July 2004" in facts
    citation = text(one(doc, "//output[@id='citation-text']"))
    assert citation.startswith("Open Data Act 2001") and citation.endswith("as in force on 1 January 2003")
    assert one(doc, "//button[@data-copy='citation-text']").get("hidden") is not None  # shown by copy.js
    # the page's first thing after its head is the law: the text section comes before every "why" section
    order = [s.get("class") for s in doc.xpath("//main/section")]
    assert order[0] == "law"


def test_every_link_is_local_and_the_date_form_asks_the_provision(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2003-01-01")
    hrefs = [a.get("href") for a in doc.xpath("//a[@href]")]
    assert not [h for h in hrefs if h.startswith(BASE)], "links must go through Links"
    assert "/eli/xx/act/2001-03-14/12/art_3?date=2003-01-01" in hrefs  # the ancestor on the same date
    form = one(doc, "//form[contains(@class, 'date-picker')]")
    assert form.get("action") == "/eli/xx/act/2001-03-14/12/art_3/para_2" and form.get("method") == "get"
    assert one(form, ".//input[@type='date']").get("value") == "2003-01-01"
    label = one(form, ".//label")
    assert one(form, f".//*[@id='{label.get('for')}']").get("name") == "date"
    alternates = {a.get("type"): a.get("href") for a in doc.xpath("//link[@rel='alternate']")}
    assert alternates["text/turtle"] == "/eli/xx/act/2001-03-14/12/art_3/para_2.ttl"
    assert set(alternates) == {
        "text/turtle",
        "application/ld+json",
        "application/n-triples",
        "application/rdf+xml",
        "application/xml",  # the source XML it was read from (issue 37, item 7)
    }
    assert alternates["application/xml"] == "/eli/xx/act/2001-03-14/12/art_3/para_2/data.xml"


def test_known_at_travels_with_every_link(samples_lex):
    known_at = "2099-01-01T00:00:00Z"
    page = pages.provision_page(samples_lex, LINKS, f"{ODA}/art_3/para_2", "2003-01-01", known_at, today=TODAY)
    doc = parse(page)
    local = [a.get("href") for a in doc.xpath("//a[@href]") if a.get("href").startswith("/eli/")]
    assert local and all("known_at=2099-01-01T00%3A00%3A00Z" in h for h in local)
    assert one(doc, "//form[contains(@class, 'date-picker')]//input[@name='known_at']").get("value") == known_at


def test_version_page_embeds_its_eli_metadata(samples_lex):
    version = f"{ODA}/art_3/para_2/2001-04-01"
    doc = provision(samples_lex, "art_3/para_2", "2001-04-01", version_iri=version)
    graph = jsonld(doc)
    subdivision = node(graph, f"{ODA}/art_3/para_2")
    assert subdivision["@type"] == "eli:LegalResourceSubdivision"
    assert subdivision["eli:is_part_of"] == {"@id": f"{ODA}/art_3"}
    state = node(graph, version)
    assert state["eli:is_member_of"] == {"@id": f"{ODA}/art_3/para_2"}
    assert state["eli:first_date_entry_in_force"]["@value"] == "2001-04-01"
    assert state["eli:date_no_longer_in_force"]["@value"] == "2004-06-30"  # inclusive: the day before 2004-07-01
    (expression,) = state["eli:is_realized_by"]
    realized = node(graph, expression["@id"])
    assert realized["@type"] == "eli:LegalExpression" and realized["eli:realizes"] == {"@id": version}
    alternates = [a.get("href") for a in doc.xpath("//link[@rel='alternate']")]
    assert "/eli/xx/act/2001-03-14/12/art_3/para_2/2001-04-01.jsonld" in alternates


def test_a_version_page_shows_the_asked_date_only_within_its_window(samples_lex):
    version = f"{ODA}/art_3/para_2/2001-04-01"
    inside = provision(samples_lex, "art_3/para_2", "2003-01-01", version_iri=version)
    assert text(one(inside, "//*[@id='status']")) == "In force on 1 January 2003"
    outside = provision(samples_lex, "art_3/para_2", "2010-01-01", version_iri=version)
    assert text(one(outside, "//*[@id='status']")) == "In force on 1 April 2001"
    assert PARA_2_V1 in text(section(outside, "law"))


def test_children_are_the_units_in_force_on_the_date(samples_lex):
    before = text(section(provision(samples_lex, "art_3", "2004-06-30"), "law"))
    after = text(section(provision(samples_lex, "art_3", "2004-07-01"), "law"))
    intro = "Every public sector body shall publish, as open data, the following documents held by it:"
    point_c = "(c) registers of real property owned or leased by it."  # repealed by pmod3 from 2004-07-01
    assert intro in before and "(b) statistics produced in the exercise of its public tasks;" in before
    assert point_c in before and point_c not in after
    assert "twelve months" in before and "three months" in after


def test_subordinate_unit_shows_the_words_that_govern_it(samples_lex):
    doc = provision(samples_lex, "art_3/para_1/list_1/point_b", "2003-01-01")
    governing = text(one(doc, "//div[@class='governing']"))
    assert "Every public sector body shall publish, as open data, the following documents held by it:" in governing
    assert "(b) statistics produced in the exercise of its public tasks;" in text(section(doc, "law"))


def test_a_change_near_the_date_is_flagged(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2004-06-20")  # 11 days before the substitution (pmod1, 2004-07-01)
    near = one(doc, "//p[@class='near']")
    assert text(near) == "Changes on 1 July 2004 (substitution)."
    assert one(near, ".//a").get("href").endswith("/event/2004-07-01/substitution/akn-xx-act-2004-06-01-7")


def test_as_last_known_after_the_sources_currency(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2025-06-01")
    assert text(one(doc, "//*[@id='status']")).startswith("As last known on 1 June 2025")
    law = text(section(doc, "law"))
    assert "The sources are current to 15 January 2024" in law  # FRBRManifestation/FRBRdate of the 2010 file
    assert PARA_2_V2 in law


# -- non-answers --------------------------------------------------------------------------------------------
def test_not_yet_in_force_explains_when_and_by_what(samples_lex):
    answer = samples_lex.text_at(f"{ODA}/art_2/para_3", "2003-01-01")
    doc = provision(samples_lex, "art_2/para_3", "2003-01-01", non_answer=answer)
    assert text(one(doc, "//h1")) == "Article 2, paragraph 3"
    assert text(one(doc, "//*[@id='status']")) == "Not yet in force on 1 January 2003"
    law = text(section(doc, "law"))
    assert f"It comes into force on 1 July 2004 (insertion by {DATA_AMENDMENT_ACT})." in law
    assert "Dataset means" not in law  # a non-answer never carries another date's text
    assert "Next version: in force from 1 July 2004" in law
    assert not doc.xpath("//output[@id='citation-text']")


def test_repealed_names_the_repealing_act_and_the_last_day(samples_lex):
    answer = samples_lex.text_at(f"{HARBOUR}/art_7", "2013-01-01")
    page = pages.provision_page(samples_lex, LINKS, f"{HARBOUR}/art_7", "2013-01-01", None, non_answer=answer)
    doc = parse(page)
    assert text(one(doc, "//h1")) == "Article 7 Harbour Advisory Council"
    law = text(section(doc, "law"))
    assert (
        "Repealed by Harbour Governance Act 2012 with effect from 1 September 2012 (last in force on 31 August 2012)."
        in law
    )
    assert "A Harbour Advisory Council is established" not in law
    assert "Last version before: in force from 1 June 1995 to 31 August 2012" in law
    event_links = [a.get("href") for a in section(doc, "law").xpath(".//a")]
    assert "/eli/xx/act/1995-05-10/3/event/2012-09-01/repeal/akn-xx-act-2012-07-15-20" in event_links


def test_ended_without_a_recorded_act_is_not_attributed_to_the_act_of_that_day(samples_lex):
    doc = provision(samples_lex, "art_6", "2011-01-01")
    assert text(one(doc, "//*[@id='status']")) == "No longer in force from 1 January 2010 · shown as on 1 January 2011"
    law = text(section(doc, "law"))
    assert "with effect from 1 January 2010 (last in force on 31 December 2009)" in law
    assert "no act that ended it is recorded" in law
    assert "Transparency Act 2009" not in law  # README: must not be attributed to e4 although it shares the date


# -- timeline and diff ----------------------------------------------------------------------------------------
def test_timeline_draws_each_version_and_event_and_the_dates(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2003-01-01")
    svg = one(doc, "//svg[contains(@class, 'timeline-svg')]")
    bars = svg.xpath(".//*[local-name()='a'][contains(@class, 'bar')]")
    assert [b.get("href") for b in bars] == [
        "/eli/xx/act/2001-03-14/12/art_3/para_2/2001-04-01",
        "/eli/xx/act/2001-03-14/12/art_3/para_2/2004-07-01",
    ]
    assert ["current" in b.get("class") for b in bars] == [True, False]
    titles = [one(b, ".//*[local-name()='title']").text for b in bars]
    assert titles == ["Version in force from 1 April 2001 to 30 June 2004", "Version in force from 1 July 2004"]
    marks = svg.xpath(".//*[local-name()='a'][contains(@class, 'mark')]")
    assert sorted(m.get("href") for m in marks) == sorted(
        ["/eli/xx/act/2001-03-14/12/event/2001-03-14/enactment", f"/{SUBSTITUTION_2004.split('/', 3)[3]}"]
    )
    assert f"Substitution by {DATA_AMENDMENT_ACT}, 1 July 2004" in [
        one(m, ".//*[local-name()='title']").text for m in marks
    ]
    # the open window runs past the sources' currency (2024-01-15): that part is hatched, the closed one is not
    assert len(bars[1].xpath(".//*[local-name()='rect'][@class='beyond']")) == 1
    assert not bars[0].xpath(".//*[local-name()='rect'][@class='beyond']")
    labels = [t.text for t in svg.xpath(".//*[local-name()='text']")]
    assert "shown: 2003-01-01" in labels and "today 2026-01-01" in labels
    assert "sources current to 2024-01-15" in labels


def test_diff_marks_deletions_and_insertions(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2005-01-01")  # by default: the previous version and this one
    diff = one(doc, "//div[@id='diff']")
    assert [d.text for d in diff.xpath(".//p[@class='diff-text']/del")] == ["twelve", "body."]
    assert [i.text for i in diff.xpath(".//p[@class='diff-text']/ins")] == [
        "three",
        "body, in a machine-readable format.",
    ]
    assert f"Substitution by {DATA_AMENDMENT_ACT}, 1 July 2004" in text(diff)
    chosen = doc.xpath("//select[@name='diff_from']/option[@selected]/@value")
    assert chosen == ["2001-04-01"]


def test_diff_of_two_chosen_dates_and_a_heading(samples_lex):
    doc = provision(samples_lex, "art_5", "2012-01-01", diff_from="2010-01-01", diff_to="2009-12-31")  # reversed
    diff = one(doc, "//div[@id='diff']")
    heading = one(diff, ".//p[@class='diff-heading']")
    assert [d.text for d in heading.xpath("./del")] == ["Open Data"]  # "Open Data Commissioner" (v1 heading)
    assert [i.text for i in heading.xpath("./ins")] == ["Transparency"]  # "Transparency Commissioner" (v2)
    same = provision(samples_lex, "art_3/para_2", "2012-01-01", diff_from="2001-04-01", diff_to="2004-06-30")
    assert "The two texts are the same." in text(one(same, "//div[@id='diff']"))


def test_lineage_lists_the_chain_from_enactment(samples_lex):
    doc = provision(samples_lex, "art_3/para_2", "2005-01-01")
    steps = [text(li) for li in section(doc, "lineage").xpath(".//li")]
    assert steps[0].startswith("Enactment by Open Data Act 2001, 14 March 2001 made the version in force from 1 April")
    assert steps[1].startswith(
        f"Substitution by {DATA_AMENDMENT_ACT}, 1 July 2004 made the version in force from 1 July"
    )


# -- act, event, home -----------------------------------------------------------------------------------------
def act(lex, iri: str, day: str) -> lxml_html.HtmlElement:
    return parse(pages.act_page(lex, LINKS, iri, day, None))


def test_act_page_facts_and_contents_with_statuses(samples_lex):
    doc = act(samples_lex, ODA, "2003-01-01")
    assert text(one(doc, "//h1")) == "Open Data Act 2001"
    facts = text(section(doc, "facts"))
    for fact in ("Made 14 March 2001", "Published 20 March 2001", "In force from 1 April 2001"):
        assert fact in facts
    assert "/akn/xx/act/2001-03-14/12" in facts  # FRBRWork/FRBRuri
    entries = {text(one(li, "./a")): li for li in section(doc, "toc").xpath(".//li")}
    assert list(entries)[:3] == [
        "Chapter 1 General provisions",
        "Article 1 Subject matter and purpose",
        "Article 2 Definitions",
    ]
    assert "Not yet in force (from 1 July 2004)" in text(entries["paragraph 3"])  # inserted by pmod2 in 2004
    later = {
        text(one(li, "./a")): text(li) for li in section(act(samples_lex, ODA, "2011-01-01"), "toc").xpath(".//li")
    }
    assert "Repealed (since 1 July 2004)" in later["point (c)"] and DATA_AMENDMENT_ACT in later["point (c)"]
    assert "No longer in force (since 1 January 2010)" in later["Article 6 Transitional provision"]
    assert "Article 5 Transparency Commissioner" in later
    events = [text(tr) for tr in section(doc, "events").xpath(".//tbody/tr")]
    assert events[0] == "14 March 2001 Enactment Open Data Act 2001"
    assert "1 January 2010 Ended (no act recorded) no act recorded" in events
    assert len(events) == 6


def test_act_page_of_the_single_document_act(samples_lex):
    toc = section(act(samples_lex, HARBOUR, "2008-04-30"), "toc")
    assert "Not yet in force (from 1 May 2008)" in text(one(toc, ".//li[a[contains(., 'Article 4a')]]"))
    toc = section(act(samples_lex, HARBOUR, "2012-09-01"), "toc")
    article_7 = text(one(toc, ".//li[a[contains(., 'Article 7')]]"))
    assert "Repealed (since 1 September 2012)" in article_7 and "Harbour Governance Act 2012" in article_7
    graph = jsonld(act(samples_lex, HARBOUR, "2000-01-01"))
    harbour = node(graph, HARBOUR)
    assert harbour["@type"] == "eli:LegalResource"
    assert harbour["eli:date_document"]["@value"] == "1995-05-10"
    assert harbour["eli:date_publication"]["@value"] == "1995-05-16"
    assert {"@id": f"{HARBOUR}/chp_1"} in harbour["eli:has_part"]


def test_event_page_lists_what_the_event_did(samples_lex):
    doc = parse(pages.event_page(samples_lex, LINKS, HARBOUR_REPEAL, None))
    assert text(one(doc, "//h1")) == "Repeal by Harbour Governance Act 2012"
    facts = text(section(doc, "facts"))
    assert "Date 1 September 2012" in facts and "Act changed Harbour Act 1995" in facts
    impact = section(doc, "impact")
    assert text(one(impact, ".//h3")).startswith("Ended")
    assert [text(a) for a in impact.xpath(".//li/a[1]")] == [
        "Chapter 3, Article 7",
        "Chapter 3, Article 7, paragraph 1",
        "Chapter 3, Article 7, paragraph 2",
    ]
    (activity,) = [n for n in jsonld(doc) if n.get("@type") == "prov:Activity"]
    assert activity["prov:used"] == [{"@id": f"{BASE}/eli/ref/akn/xx/act/2012-07-15/20"}]
    assert {"@id": f"{HARBOUR}/art_7/1995-06-01"} in activity["prov:invalidated"]


def test_event_page_of_a_substitution_and_of_nothing(samples_lex):
    doc = parse(pages.event_page(samples_lex, LINKS, SUBSTITUTION_2004, None))
    impact = section(doc, "impact")
    assert text(one(impact, ".//h3")).startswith("Text changed")
    assert text(one(impact, ".//li")).startswith("Chapter 1, Article 3, paragraph 2")
    missing = parse(pages.event_page(samples_lex, LINKS, f"{ODA}/event/1999-01-01/repeal", None))
    assert text(one(missing, "//h1")) == "Unknown event"


def test_an_act_known_by_reference_lists_what_it_changed(samples_lex):
    doc = act(samples_lex, f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7", "2020-01-01")
    assert text(one(doc, "//h1")) == DATA_AMENDMENT_ACT and "Cited only" in text(one(doc, "//*[@id='status']"))
    assert not doc.xpath("//form")  # no text to show on a date
    changes = [text(li) for li in section(doc, "made").xpath(".//li")]
    assert sorted(c.split(":")[0] for c in changes) == [  # pmod1-3 (samples/README.md)
        "Open Data Act 2001, Chapter 1, Article 2, paragraph 3",
        "Open Data Act 2001, Chapter 1, Article 3, paragraph 1, point (c)",
        "Open Data Act 2001, Chapter 1, Article 3, paragraph 2",
    ]
    assert any(
        c.startswith("Open Data Act 2001, Chapter 1, Article 3, paragraph 1, point (c): closed (Repeal")
        for c in changes
    )


def test_home_lists_the_acts_and_searches_the_texts_in_force(samples_lex):
    doc = parse(pages.home_page(samples_lex, LINKS, None, None, None, today=TODAY))
    assert [text(a) for a in section(doc, "acts").xpath(".//li/a")] == ["Harbour Act 1995", "Open Data Act 2001"]
    phrase = "safety management plan"  # art_4a__para_1, inserted with effect from 2008-05-01
    before = parse(pages.home_page(samples_lex, LINKS, phrase, "2008-04-30", None))
    assert not section(before, "search").xpath(".//li[@class='hit']")
    after = parse(pages.home_page(samples_lex, LINKS, phrase, "2008-05-01", None))
    hits = section(after, "search").xpath(".//li[@class='hit']")
    texts = [text(hit) for hit in hits]
    assert any("Every harbour authority shall adopt a safety management plan for its harbour" in t for t in texts)
    assert all(m.text.lower() == phrase for hit in hits for m in hit.xpath(".//mark"))
    link = one(hits[0], ".//a").get("href")
    assert link.startswith("/eli/xx/act/1995-05-10/3/art_4a") and link.endswith("?date=2008-05-01")
    bad = parse(pages.home_page(samples_lex, LINKS, phrase, "someday", None))
    assert "is not a date" in text(one(bad, "//*[@role='alert']"))


def test_a_search_past_an_acts_sources_shows_its_texts_as_last_known(samples_lex):
    # the Open Data Act's sources are current to 15 January 2024 (the FRBRManifestation/FRBRdate of its 2010 file,
    # as test_as_last_known_after_the_sources_currency reads it): a search in 2025 finds its texts as last known
    later = parse(pages.home_page(samples_lex, LINKS, "machine-readable", "2025-06-01", None))
    hits = section(later, "search").xpath(".//li[@class='hit']")
    assert hits and all(
        "as last known (sources current to 15 January 2024), asked for 1 June 2025" in text(one(hit, ".//a"))
        for hit in hits
    )
    assert "not a statement that they were in force on 1 June 2025" in text(section(later, "search"))
    earlier = parse(pages.home_page(samples_lex, LINKS, "machine-readable", "2015-06-01", None))
    assert section(earlier, "search").xpath(".//li[@class='hit']")
    assert "as last known" not in text(section(earlier, "search"))


# -- structure, accessibility, style --------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["art_3/para_2", "art_6", "art_2/para_3"])
def test_pages_have_landmarks_labels_and_unique_ids(samples_lex, path):
    doc = provision(samples_lex, path, "2003-01-01")
    for landmark in ("//header[@role='banner']", "//main[@id='main']", "//footer[@role='contentinfo']", "//nav"):
        assert doc.xpath(landmark), landmark
    assert len(doc.xpath("//h1")) == 1
    ids = doc.xpath("//@id")
    assert len(ids) == len(set(ids))
    for control in doc.xpath("//input[not(@type='hidden')] | //select"):
        assert doc.xpath(f"//label[@for='{control.get('id')}']"), control.get("name")
    assert not doc.xpath("//script[@src][not(starts-with(@src, '/static/'))]")  # no CDN
    assert not doc.xpath("//link[@rel='stylesheet'][not(starts-with(@href, '/static/'))]")


def test_jsonld_cannot_close_its_script_element(samples_lex):
    page = pages.provision_page(samples_lex, LINKS, f"{ODA}/art_3/para_2", "2003-01-01", None, today=TODAY)
    script = page.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in script and json.loads(script)["@context"]["eli"] == "http://data.europa.eu/eli/ontology#"


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    high, low = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_text_colours_meet_wcag_aa_contrast():
    css = (Path(STATIC_DIR) / "style.css").read_text(encoding="utf-8")
    colours = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", css))
    pairs = [
        ("ink", "bg"), ("ink", "soft"), ("ink", "panel"), ("muted", "bg"), ("muted", "soft"), ("muted", "panel"),
        ("accent", "bg"), ("accent", "soft"), ("accent", "panel"), ("ok-fg", "ok-bg"), ("warn-fg", "warn-bg"),
        ("bad-fg", "bad-bg"), ("info-fg", "info-bg"), ("ins-fg", "ins-bg"), ("del-fg", "del-bg"),
        ("bar-ink", "bar"), ("bar-on-ink", "accent"), ("warn-fg", "bg"), ("bad-fg", "bg"), ("ok-fg", "bg"),
        ("meaning-fg", "meaning-bg"), ("ink", "meaning-bg"), ("muted", "meaning-bg"), ("accent", "meaning-bg"),
        ("reading-ink", "reading"), ("reading-on-ink", "reading-on"), ("meaning-fg", "bg"),
    ]  # fmt: skip
    failing = [
        (f, b, round(contrast(colours[f], colours[b]), 2)) for f, b in pairs if contrast(colours[f], colours[b]) < 4.5
    ]
    assert not failing
    assert contrast(colours["focus"], colours["bg"]) >= 3  # non-text contrast of the focus ring
    assert contrast(colours["mark"], colours["bg"]) >= 3
    assert contrast(colours["ruling"], colours["bg"]) >= 3  # a ruling's mark


def test_pages_print_without_navigation_and_forms():
    css = (Path(STATIC_DIR) / "style.css").read_text(encoding="utf-8")
    printed = css.split("@media print", 1)[1]
    assert re.search(r"header\.site[^{]*form[^{]*\{\s*display:\s*none", printed)


def test_timeline_layout_keeps_order_and_marks_currency():
    spans = [
        timeline.Span(date(1995, 6, 1), date(2003, 1, 1), "/v1", "v1"),
        timeline.Span(date(2003, 1, 1), None, "/v2", "v2"),
    ]
    moments = [timeline.Moment(date(2003, 1, 1), "/e1", "e1"), timeline.Moment(date(2003, 1, 1), "/e2", "e2")]
    laid = timeline.layout(spans, moments, chosen=date(2000, 1, 1), today=date(2030, 1, 1), current_to=date(2015, 1, 1))
    first, second = laid.bars
    assert first.x + first.width == pytest.approx(second.x, abs=0.2)  # adjacent windows touch
    assert first.current and not second.current
    assert second.beyond_x > second.x and second.beyond_x + second.beyond_width == pytest.approx(
        second.x + second.width
    )
    assert laid.marks[0].x == laid.marks[1].x and laid.marks[0].y != laid.marks[1].y  # same day: stacked
    assert all(bar.x >= 0 and bar.x + bar.width <= laid.width for bar in laid.bars)
    assert [line.kind for line in laid.lines] == ["currency", "today", "chosen", "chosen"]
    no_currency = timeline.layout(spans, [], chosen=date(2000, 1, 1), today=date(2030, 1, 1))
    assert not no_currency.beyond_currency and [line.kind for line in no_currency.lines] == [
        "today",
        "chosen",
        "chosen",
    ]


def test_toc_query_statuses_match_the_samples_probes(samples_lex):
    def status(act_iri: str, day: str) -> dict[str, str]:
        rows = samples_lex.rows("toc", act=act_iri, date=day)
        return {r["path"].value: r["status"].value for r in rows}

    assert set(status(ODA, "2001-03-31").values()) == {"not-yet-in-force"}  # nothing in force
    on_2004 = status(ODA, "2004-07-01")
    assert on_2004["art_3/para_1/list_1/point_c"] == "repealed" and on_2004["art_2/para_3"] == "in-force"
    on_2010 = status(ODA, "2010-01-01")
    assert {on_2010[p] for p in ("art_6", "art_6/para_1", "art_6/para_2")} == {"ended"}
    harbour = status(HARBOUR, "2012-09-01")
    assert {harbour[p] for p in ("art_7", "art_7/para_1", "art_7/para_2")} == {"repealed"}
    assert status(HARBOUR, "2008-04-30")["art_4a"] == "not-yet-in-force"
    assert len(status(HARBOUR, "2000-01-01")) == 31  # 31 distinct eIds (samples/README.md)


# -- interpretive time: the operative meaning beside the text --------------------------------------------------
def harbour(lex, iri: str, day: str, **kwargs) -> lxml_html.HtmlElement:
    return parse(pages.provision_page(lex, LINKS, iri, day, kwargs.pop("known_at", None), today=TODAY, **kwargs))


def meaning_panel(doc: lxml_html.HtmlElement) -> str:
    return text(one(doc, "//section[@class='law']//aside[@class='meaning']"))


@pytest.mark.parametrize(
    ("day", "reading", "absent"),
    [
        ("2005-10-17", None, [GAZETTE, NOTICE]),  # decided on 4 October, operative only from its publication
        ("2005-10-18", GAZETTE, [NOTICE]),
        ("2010-01-01", GAZETTE, [NOTICE]),
        ("2014-02-20", GAZETTE, [NOTICE]),  # the overruling is decided, not yet operative
        ("2014-03-01", NOTICE, [GAZETTE]),
        ("2020-01-01", NOTICE, [GAZETTE]),
    ],
)
def test_the_operative_reading_stands_beside_the_text(ruled_lex, day, reading, absent):
    lex, _ = ruled_lex
    doc = harbour(lex, DUES, day)
    assert text(one(doc, "//*[@id='status']")).startswith("In force on")
    law = section(doc, "law")
    assert DUES_TEXT in text(one(law, ".//article[@class='provision-text']"))  # the words never change
    panel = meaning_panel(doc)
    for words in absent:
        assert words not in text(law)
    if reading is None:
        assert not doc.xpath("//*[@id='diverges']")
        assert panel == (
            "Operative interpretation on 17 October 2005 No interpretation is operative on 17 October 2005: the "
            "first, fixed by the Judicial decision of the Supreme Court, 4 October 2005 (case/sc-2005-88), is "
            "operative from 18 October 2005."
        )
        return
    assert reading in panel
    flag = text(one(doc, "//*[@id='diverges']"))
    assert flag.startswith("Interpreted On ") and "a binding ruling fixes it" in flag
    # text and reading side by side: both inside the law section's two-column block
    assert one(law, ".//div[contains(@class, 'dual-meaning')]").xpath("./article and ./aside")


def test_the_reading_names_its_scope_ruling_and_closing(ruled_lex):
    lex, _ = ruled_lex
    panel = meaning_panel(harbour(lex, DUES, "2010-01-01"))
    assert "Binds erga omnes (binds everyone)" in panel
    assert "Operative from 18 October 2005 to 28 February 2014 (inclusive)" in panel  # closed from 2014-03-01
    assert (
        "Fixed by Judicial decision of the Supreme Court, decided 4 October 2005, published 18 October 2005 "
        "(case/sc-2005-88)" in panel
    )
    assert (
        "Closed by Judicial decision of the Supreme Court, decided 11 February 2014, published 1 March 2014 "
        "(case/sc-2014-7) (overruled)" in panel
    )
    assert "Replaced by the reading operative from 1 March 2014" in panel
    doc = harbour(lex, DUES, "2014-03-01")
    later = meaning_panel(doc)
    assert "Operative from 1 March 2014, not closed" in later and "Closed by not closed" in later
    assert "Overrules the reading operative from 18 October 2005 to 28 February 2014" in later
    hrefs = [a.get("href") for a in one(doc, "//aside[@class='meaning']").xpath(".//a")]
    assert "/eli/xx/act/1995-05-10/3/event/2014-02-11/judicial-decision" in hrefs
    assert "/eli/xx/act/1995-05-10/3/art_4/para_2?date=2005-10-18" in hrefs  # the overruled reading, on its day


def test_the_interpretive_chain_stands_next_to_the_provenance_chain(ruled_lex):
    lex, _ = ruled_lex
    lineage = section(harbour(lex, DUES, "2015-01-01"), "lineage")
    words = [text(li) for li in one(lineage, ".//div[@class='text-chain']").xpath(".//li")]
    assert words[-1].startswith("Substitution by Ports Reform Act 2002, 1 January 2003 made the version in force")
    readings = [text(li) for li in one(lineage, ".//div[@class='meaning-chain']").xpath(".//li")]
    assert readings == [
        "Judicial decision of the Supreme Court, decided 4 October 2005, published 18 October 2005 (case/sc-2005-88) "
        "fixed the reading operative from 18 October 2005 to 28 February 2014 (erga omnes): "
        f"{GAZETTE}; overruled by Judicial decision of the Supreme Court, decided 11 February 2014, published "
        "1 March 2014 (case/sc-2014-7).",
        "Judicial decision of the Supreme Court, decided 11 February 2014, published 1 March 2014 (case/sc-2014-7) "
        f"fixed the reading operative from 1 March 2014 (erga omnes): {NOTICE}.",
    ]
    before = section(harbour(lex, DUES, "2010-01-01"), "lineage")  # the chain up to the date; the next is "later"
    steps = [text(li) for li in one(before, ".//div[@class='meaning-chain']").xpath(".//li")]
    assert len(steps) == 2 and GAZETTE in steps[0] and NOTICE not in steps[1]
    assert steps[1].startswith("Later: a reading operative from 1 March 2014, fixed by Judicial decision")


def test_the_timeline_draws_interpretations_as_a_second_lane(ruled_lex):
    lex, _ = ruled_lex
    doc = harbour(lex, DUES, "2010-01-01")
    svg = one(doc, "//svg[contains(@class, 'timeline-svg')]")
    versions = svg.xpath(".//*[local-name()='a'][contains(concat(' ', @class, ' '), ' bar ')]")
    readings = svg.xpath(".//*[local-name()='a'][contains(@class, 'reading-bar')]")
    assert [b.get("href") for b in readings] == [
        "/eli/xx/act/1995-05-10/3/art_4/para_2?date=2005-10-18",
        "/eli/xx/act/1995-05-10/3/art_4/para_2?date=2014-03-01",
    ]
    assert ["current" in b.get("class") for b in readings] == [True, False]
    assert [one(b, ".//*[local-name()='title']").text for b in readings] == [
        "Interpretation operative from 18 October 2005 to 28 February 2014 (erga omnes), fixed by the Judicial "
        "decision of the Supreme Court, 4 October 2005 (case/sc-2005-88)",
        "Interpretation operative from 1 March 2014 (erga omnes), fixed by the Judicial decision of the Supreme "
        "Court, 11 February 2014 (case/sc-2014-7)",
    ]
    version_y = {float(r.get("y")) for b in versions for r in b.xpath(".//*[local-name()='rect'][@class='bar-rect']")}
    reading_y = {float(r.get("y")) for b in readings for r in b.xpath(".//*[local-name()='rect']")}
    assert len(version_y) == 1 and len(reading_y) == 1 and min(reading_y) > max(version_y)  # a lane of their own
    rulings = svg.xpath(".//*[local-name()='a'][contains(@class, 'mark-ruling')]")
    assert sorted(m.get("href") for m in rulings) == [
        "/eli/xx/act/1995-05-10/3/event/2005-10-04/judicial-decision",
        "/eli/xx/act/1995-05-10/3/event/2014-02-11/judicial-decision",
    ]
    assert all(m.xpath(".//*[local-name()='circle']") for m in rulings)  # a circle, where events are diamonds
    events = svg.xpath(".//*[local-name()='a'][contains(@class, 'mark')][not(contains(@class, 'mark-ruling'))]")
    assert events and all(m.xpath(".//*[local-name()='path']") for m in events)
    legend = text(one(doc, "//ul[contains(@class, 'timeline-legend')]"))
    assert "text version" in legend and "interpretation operative on the date shown" in legend
    assert "binding ruling" in legend
    table = section(doc, "history").xpath(".//table[@class='readings']//tbody/tr")
    assert [text(tr).split(" erga omnes")[0] for tr in table] == [
        "18 October 2005 28 February 2014",
        "1 March 2014 not closed",
    ]


def test_a_provision_without_rulings_shows_no_interpretation(ruled_lex):
    lex, _ = ruled_lex
    doc = harbour(lex, f"{HARBOUR}/art_4/para_1", "2010-01-01")
    assert not doc.xpath("//aside[@class='meaning'] | //*[@id='diverges'] | //*[contains(@class, 'reading-bar')]")
    assert text(one(doc, "//h2[@id='timeline-heading']")) == "Timeline of changes"


def test_as_recorded_before_the_overruling_the_first_reading_is_still_open(ruled_lex):
    lex, before_2014 = ruled_lex
    panel = meaning_panel(harbour(lex, DUES, "2015-01-01", known_at=before_2014))
    assert GAZETTE in panel and NOTICE not in panel
    assert "Operative from 18 October 2005, not closed" in panel


def test_a_struck_down_provision_names_the_ruling(ruled_lex):
    lex, _ = ruled_lex
    before = harbour(lex, ESTABLISHMENT, "2011-06-30")
    assert text(one(before, "//*[@id='status']")) == "In force on 30 June 2011"
    assert "A harbour authority shall be established for each harbour" in text(section(before, "law"))
    answer = lex.text_at(ESTABLISHMENT, "2012-01-01")
    doc = harbour(lex, ESTABLISHMENT, "2012-01-01", non_answer=answer)
    # struck down with effect from 1 July 2011 (the ruling): its own date, then the date shown
    assert text(one(doc, "//*[@id='status']")) == "Struck down on 1 July 2011 · shown as on 1 January 2012"
    law = text(section(doc, "law"))
    assert (
        "Not in force on 1 January 2012: struck down by the judicial decision of the Constitutional Court decided on "
        "1 July 2011 (case/cc-2011-19), with effect from 1 July 2011 (last in force on 30 June 2011)." in law
    )
    assert "A harbour authority shall be established" not in law  # a non-answer carries no text
    links = [a.get("href") for a in section(doc, "law").xpath(".//a")]
    assert "/eli/xx/act/1995-05-10/3/event/2011-07-01/judicial-decision" in links


def test_the_pages_embed_the_operative_reading_as_prov(ruled_lex):
    lex, _ = ruled_lex
    graph = jsonld(harbour(lex, DUES, "2010-01-01"))
    reading = node(graph, I2005)
    assert reading["prov:specializationOf"] == {"@id": DUES}
    assert reading["prov:value"] == {"@value": GAZETTE, "@language": "en"}
    assert reading["prov:wasGeneratedBy"] == {"@id": R2005}
    assert reading["prov:invalidatedAtTime"]["@value"] == "2014-03-01T00:00:00"
    assert node(graph, R2005)["@type"] == "prov:Activity"
    assert node(graph, DUES)["@type"] == "eli:LegalResourceSubdivision"  # beside the ELI metadata


# -- an interpretive item: a doctrine with no statute -------------------------------------------------------------
def item(lex, day: str) -> lxml_html.HtmlElement:
    return parse(pages.item_page(lex, LINKS, DOCTRINE, day, None, today=TODAY))


def test_an_interpretive_item_has_a_page_of_its_readings(ruled_lex):
    lex, _ = ruled_lex
    doc = item(lex, "2012-01-01")
    assert text(one(doc, "//h1")) == "Cost recovery of harbour dues"
    assert text(one(doc, "//p[@class='act-name']")) == "Doctrine · no statutory text"
    assert text(one(doc, "//*[@id='status']")) == "Interpreted on 1 January 2012"
    panel = meaning_panel(doc)
    assert COST in panel and "Binds tariff proceedings (binds in these proceedings only)" in panel
    assert (
        "Fixed by Administrative decision of the Ports Regulator, decided 15 May 2007, published 1 June 2007 "
        "(decision/pr-2007-3)" in panel
    )
    facts = text(section(doc, "facts"))
    assert "Kind Doctrine" in facts and "doctrine:cost-recovery" in facts
    svg = one(doc, "//svg[contains(@class, 'timeline-svg')]")
    assert not svg.xpath(".//*[local-name()='a'][contains(concat(' ', @class, ' '), ' bar ')]")  # no text versions
    (bar,) = svg.xpath(".//*[local-name()='a'][contains(@class, 'reading-bar')]")
    assert bar.get("href") == "/item/cost-recovery-of-harbour-dues?date=2007-06-01" and "current" in bar.get("class")
    (ruling,) = svg.xpath(".//*[local-name()='a'][contains(@class, 'mark-ruling')]")
    assert ruling.get("href") == "/item/cost-recovery-of-harbour-dues/event/2007-05-15/administrative-decision"
    form = one(doc, "//form[contains(@class, 'date-picker')]")
    assert form.get("action") == "/item/cost-recovery-of-harbour-dues"
    graph = jsonld(doc)
    assert node(graph, DOCTRINE)["dcterms:title"] == "Cost recovery of harbour dues"
    assert node(graph, I_DOCTRINE)["prov:value"]["@value"] == COST
    ids = doc.xpath("//@id")
    assert len(ids) == len(set(ids)) and len(doc.xpath("//h1")) == 1


@pytest.mark.parametrize(
    ("day", "status", "shown"),
    [
        ("2007-05-31", "No interpretation yet on 31 May 2007", None),  # decided 15 May, operative from 1 June
        ("2007-06-01", "Interpreted on 1 June 2007", COST),
    ],
)
def test_an_interpretive_item_before_and_after_its_ruling(ruled_lex, day, status, shown):
    lex, _ = ruled_lex
    doc = item(lex, day)
    assert text(one(doc, "//*[@id='status']")) == status
    panel = meaning_panel(doc)
    if shown is None:
        assert COST not in panel
        assert "the first, fixed by the Administrative decision of the Ports Regulator" in panel
        assert "is operative from 1 June 2007" in panel
    else:
        assert shown in panel


# -- the event page of a ruling -----------------------------------------------------------------------------------
def test_the_event_page_of_a_ruling_shows_what_it_opened_closed_and_overruled(ruled_lex):
    lex, _ = ruled_lex
    doc = parse(pages.event_page(lex, LINKS, R2014, None))
    assert text(one(doc, "//h1")) == "Judicial decision of the Supreme Court"
    facts = text(section(doc, "facts"))
    for fact in (
        "Decided 11 February 2014",
        "Published 1 March 2014",
        "Court or authority Supreme Court",
        "Binds erga omnes (binds everyone)",
        "Source document case/sc-2014-7",
        "Act concerned Harbour Act 1995",
    ):
        assert fact in facts
    impact = section(doc, "impact")
    assert text(one(impact, ".//h3")) == "Interpretation replaced (one reading closed, the next opened)"
    assert text(one(impact, ".//li")) == (
        "Chapter 2, Article 4, paragraph 2 · the reading operative from 18 October 2005 to 28 February 2014 "
        f"overruled · the reading operative from 1 March 2014 opened (erga omnes): {NOTICE}"
    )
    relations = text(section(doc, "relations"))
    assert relations.startswith(
        "Earlier readings it treated Overrules the reading operative from 18 October 2005 to 28 February 2014 of "
        "Chapter 2, Article 4, paragraph 2, fixed by Judicial decision of the Supreme Court, decided 4 October 2005"
    )
    (activity,) = [n for n in jsonld(doc) if n.get("@type") == "prov:Activity"]
    assert activity["prov:generated"] == [{"@id": I2014}] and activity["prov:invalidated"] == [{"@id": I2005}]
    assert activity["prov:wasAssociatedWith"] == {"@id": SUPREME}


def test_the_event_page_of_a_ruling_that_struck_text_down(ruled_lex):
    lex, _ = ruled_lex
    doc = parse(pages.event_page(lex, LINKS, R_STRIKE, None))
    assert text(one(doc, "//h1")) == "Judicial decision of the Constitutional Court"
    impact = section(doc, "impact")
    assert text(one(impact, ".//h3")) == "Struck down (the text declared void: its version ended)"
    assert text(one(impact, ".//li")).startswith("Chapter 2, Article 3, paragraph 1 · version ended")
    assert not doc.xpath("//section[@class='relations']")
    doctrine = parse(pages.event_page(lex, LINKS, R_DOCTRINE, None))
    assert text(one(doctrine, "//h1")) == "Administrative decision of the Ports Regulator"
    opened = section(doctrine, "impact")
    assert text(one(opened, ".//h3")) == "Interpretation opened (a reading became operative)"
    assert text(one(opened, ".//li")).startswith("Cost recovery of harbour dues · the reading operative from 1 June")


def test_an_interpretation_shows_its_item_on_the_day_it_became_operative(ruled_lex):
    lex, _ = ruled_lex
    doc = parse(pages.interpretation_page(lex, LINKS, I2005, None))
    assert text(one(doc, "//h1")) == "Article 4, paragraph 2"
    assert text(one(doc, "//*[@id='status']")) == "In force on 18 October 2005"
    assert GAZETTE in meaning_panel(doc)
    doctrine = parse(pages.interpretation_page(lex, LINKS, I_DOCTRINE, None))
    assert text(one(doctrine, "//h1")) == "Cost recovery of harbour dues"
    assert text(one(doctrine, "//*[@id='status']")) == "Interpreted on 1 June 2007"


def test_an_interpreted_provision_page_keeps_unique_ids_and_labels(ruled_lex):
    lex, _ = ruled_lex
    doc = harbour(lex, DUES, "2010-01-01")
    ids = doc.xpath("//@id")
    assert len(ids) == len(set(ids)) and len(doc.xpath("//h1")) == 1
    aside = one(doc, "//aside[@class='meaning']")
    assert one(doc, f"//*[@id='{aside.get('aria-labelledby')}']").tag == "h3"
    assert all(a.get("href").startswith("/") for a in aside.xpath(".//a"))  # local links, through Links


def test_a_dpa_page_says_what_in_the_source_dated_each_version(dpa_lex):
    # ukpga-1998-29.xml line 1820: <note class="commentary F" eId="c18185101"> "S. 7(3) substituted (14.5.2001) by
    # 2000 c. 36, s. 73, Sch. 6 para. 1 ...": what dates s. 7(3)(a), shown beside "Made by", in the table of
    # versions and in the provenance chain, with the file and line.
    page = pages.provision_page(dpa_lex, LINKS, f"{DPA}/section-7-3-a", "2010-01-01", None, today=TODAY)
    doc = parse(page)
    note = "ukpga-1998-29.xml:1820 note: S. 7(3) substituted (14.5.2001) by 2000 c. 36, s. 73, Sch. 6 para. 1"
    assert text(one(doc, "//dt[.='Dated by']/following-sibling::dd[1]")).startswith(note)
    assert text(one(doc, "//table[@class='versions']//td[@class='evidence']")).startswith(note)
    assert note in text(one(doc, "//ol[@class='chain']/li"))


def test_a_change_not_yet_applied_is_shown_beside_the_text(tmp_path):
    # amending-bgbl1-2017-s419.xml line 134: textualMod "substitution" of § 20(1) item 2, in force 2017-03-16 (line
    # 122); vereinsg@2017-03-16.xml does not show the new words: the page says so beside the consolidated text
    from conftest import VEREINSG, VEREINSGESETZ, needs_shared

    needs_shared(VEREINSG / "amending-bgbl1-2017-s419.xml")
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([VEREINSG / "vereinsg@1964-08-05.xml", VEREINSG / "vereinsg@2017-03-16.xml"])
        lex.ingest([VEREINSG / "amending-bgbl1-2017-s419.xml"])
        item = f"{VEREINSGESETZ}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2"
        doc = parse(pages.provision_page(lex, LINKS, item, "2017-06-01", None, today=TODAY))
        box = text(one(doc, "//div[@class='outstanding']"))
        assert box.startswith("Changes not yet applied to this text Substitution by")
        assert "16 March 2017" in box and "within it" not in box
        whole = parse(pages.provision_page(lex, LINKS, f"{VEREINSGESETZ}/art-z20", "2017-06-01", None, today=TODAY))
        assert "a provision within it" in text(one(whole, "//div[@class='outstanding']"))
        before = parse(pages.provision_page(lex, LINKS, item, "2017-03-15", None, today=TODAY))
        assert before.xpath("//div[@class='outstanding']") == []
    finally:
        lex.close()
