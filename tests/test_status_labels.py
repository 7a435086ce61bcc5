"""Every status label a provision page shows, checked against what it means on a real case read from the sources:
the label on the page's status line and, beside it, the fact from the source that makes the label true (issue 38,
item 6). "Repealed on D" is the repeal's date, not the date asked; the contents' "No text recorded" is explained.
Sources: samples/ (README.md) and ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml (the DPA)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import lxml.html
import pytest
from conftest import BASE, DPA, HARBOUR, ODA

from lexrdf.answers.types import VersionAnswer
from lexrdf.web import pages
from lexrdf.web.act_data import STATUS_MEANINGS
from lexrdf.web.links import Links
from lexrdf.web.provision_text import STATUS_LABELS

LINKS = Links(BASE)
Check = Callable[[VersionAnswer, date], bool]

CASES: list[tuple[str, str, str, str, str, Check]] = [
    # samples/expressions: art_3 para 2 v1 [2001-04-01, 2004-07-01)
    ("samples", f"{ODA}/art_3/para_2", "2003-05-01", "in-force", "In force on 1 May 2003",
     lambda a, d: a.valid_from == "2001-04-01" and a.valid_until == "2004-07-01" and bool(a.text)),
    # the samples' FRBRManifestation date 2024-01-15: a later date is after the sources' currency
    ("samples", f"{ODA}/art_3/para_2", "2030-01-01", "as-last-known", "As last known on 1 January 2030",
     lambda a, d: a.current_to == "2024-01-15" and bool(a.text)),
    # art_2 para 3 inserted by the Data Amendment Act 2004 from 2004-07-01
    ("samples", f"{ODA}/art_2/para_3", "2003-01-01", "not-yet-in-force", "Not yet in force on 1 January 2003",
     lambda a, d: a.valid_from == "2004-07-01" and a.text is None),
    # samples/single/harbour-act.xml line 45: <eventRef eId="e6" date="2012-09-01" ... type="repeal"/> for art_7
    ("samples", f"{HARBOUR}/art_7", "2013-01-01", "repealed",
     "Repealed on 1 September 2012 · shown as on 1 January 2013",
     lambda a, d: a.closed_by is not None and a.closed_by.type == "repeal" and a.valid_until == "2012-09-01"),
    # samples/README.md: ODA art_6 [2001-04-01, 2010-01-01), "ended without a recorded act" (missing from file 3)
    ("samples", f"{ODA}/art_6", "2011-01-01", "ended",
     "No longer in force from 1 January 2010 · shown as on 1 January 2011",
     lambda a, d: a.valid_until == "2010-01-01" and (a.closed_by is None or a.closed_by.type != "repeal")),
    # DPA note: "s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i); s. 7 in force at 1.3.2000"
    ("dpa", f"{DPA}/section-7", "1999-01-01", "partly-in-force", "Partly in force on 1 January 1999",
     lambda a, d: a.valid_from == "2000-03-01"),
    # DPA line 190: s. 7(3) is an insertion (d29p663), dated by its note from 14 May 2001: no text before
    ("dpa", f"{DPA}/section-7-3", "2001-01-01", "outside-coverage", "No text recorded on 1 January 2001",
     lambda a, d: a.text is None and a.valid_from == "2001-05-14"),
]  # fmt: skip


@pytest.mark.parametrize(("corpus", "iri", "day", "status", "line", "means"), CASES, ids=[c[3] for c in CASES])
def test_each_status_label_says_what_it_means(samples_lex, dpa_lex, corpus, iri, day, status, line, means):
    lex = samples_lex if corpus == "samples" else dpa_lex
    answer = lex.text_at(iri, day)
    assert answer.status == status and means(answer, date.fromisoformat(day))
    shows_text = status in ("in-force", "as-last-known", "partly-in-force")
    page = pages.provision_page(lex, LINKS, iri, day, None, non_answer=None if shows_text else answer)
    doc = lxml.html.fromstring(page)
    assert " ".join(doc.get_element_by_id("status").text_content().split()) == line
    assert line.startswith(STATUS_LABELS[status])


def test_every_label_has_a_meaning_and_a_case():
    tested = {case[3] for case in CASES}
    # struck-down is checked in test_pages (a ruling of the samples' Constitutional Court); outside-extent and
    # unknown-reference have no page status line of their own in the samples or the DPA
    assert set(STATUS_LABELS) - tested <= {"struck-down", "outside-extent", "unknown-reference"}
    assert all(STATUS_MEANINGS.get(status) for status in STATUS_LABELS)


def test_the_contents_explain_no_text_recorded(dpa_lex):
    page = pages.act_page(dpa_lex, LINKS, DPA, date(2001, 1, 1), None)
    doc = lxml.html.fromstring(page)
    legend = " ".join(doc.get_element_by_id("toc-legend").text_content().split())
    terms = [" ".join(t.text_content().split()) for t in doc.get_element_by_id("toc-legend").iter("dt")]
    meanings = [" ".join(d.text_content().split()) for d in doc.get_element_by_id("toc-legend").iter("dd")]
    explained = dict(zip(terms, meanings, strict=True))
    assert explained["No text recorded"].startswith("the sources give no text of it for the date shown")
    assert "not a statement that it was not in force" in legend
    badges = [" ".join(b.text_content().split()) for b in doc.find_class("badge-outside-coverage")]
    assert any(b.startswith("No text recorded (earliest text from ") for b in badges)
