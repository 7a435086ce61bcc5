"""A commencement note limited to some purposes, persons or places is a commencement in part, whatever words limit
it (mappings/clml.yaml `annotations.commencement.partial`), found on a legislation.gov.uk file lexrdf had never seen
(issue 35): the Childcare Payments Act 2014 s. 1 has "S. 1 in force at 14.11.2016 for the purposes of the trial by
S.I. 2016/1083, reg. 2(a)" and "S. 1 in force at 16.5.2017 so far as not already in force in respect of those
recruited to participate in the trial by S.I. 2017/578, reg. 4", both read as bringing s. 1 wholly into force (an
impact of those instruments answering a commencement of the whole section), before "S. 1 in force at 14.2.2018 in so
far as not already in force by S.I. 2018/27" which did.

No file of ../shared/data has such a qualifier (every "in force at DATE" note there is bare, "for certain/specified
purposes" or "insofar as not already in force"), so the rule is tried on the Greater London Authority Act 1999 Part
III (ukpga-1999-29-part-III-2013-03-27.xml) with its note on s. 81 (line 3853: "S. 81 wholly in force at 12.1.2000;
s. 81 not in force at Royal Assent see s. 425(2); s. 81 in force at 12.1.2000 by S.I. 1999/3434, art. 2 (subject to
transitional provisions in Sch. 1 Table 1)") worded, in a variant written at test time, "S. 81 in force at 12.1.2000
<qualifier> by S.I. 1999/3434, art. 2 (...)". The words after the act (" by ") never limit it: "(subject to
transitional provisions ...)" stays a commencement of the whole.
"""

from __future__ import annotations

from datetime import date

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex

from lexrdf.mapping.engine import read_document

GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
S81_NOTE = (  # line 3853, up to the act that did it
    "<Text>S. 81 wholly in force at 12.1.2000; s. 81 not in force at Royal Assent see s. 425(2); s. 81 in force at "
    "12.1.2000 by "
)


def _s81_commencements(tmp_path, qualifier: str) -> list[tuple[str, date]]:
    needs_shared(GLA_FILE)
    text = GLA_FILE.read_text(encoding="utf-8")
    assert text.count(S81_NOTE) == 1
    variant = tmp_path / GLA_FILE.name
    variant.write_text(text.replace(S81_NOTE, f"<Text>S. 81 in force at 12.1.2000{qualifier} by "), encoding="utf-8")
    document = read_document(variant)
    return [
        (m.kind, m.effective)
        for m in document.modifications
        if m.destination == "section-81" and m.kind in ("commencement", "partial-commencement")
    ]


@pytest.mark.parametrize(
    ("qualifier", "kind"),
    [
        (" for the purposes of the trial", "partial-commencement"),
        (
            " so far as not already in force in respect of those recruited to participate in the trial",
            "partial-commencement",
        ),
        (" so far as it relates to England", "partial-commencement"),
        (" for specified purposes", "partial-commencement"),
        (" in so far as not already in force", "commencement"),
        ("", "commencement"),  # bare: the whole section, "(subject to transitional provisions ...)" after the act
    ],
)
def test_a_commencement_limited_by_its_own_words_is_in_part(tmp_path, qualifier, kind):
    assert _s81_commencements(tmp_path, qualifier) == [(kind, date(2000, 1, 12))]


# Two commencements in part before the whole one, in the same variant of s. 81's note (line 3853), "S. 81 in force at
# 1.12.1999 for specified purposes; s. 81 in force at 5.1.2000 for specified purposes; s. 81 in force at 12.1.2000 by
# S.I. 1999/3434, art. 2 (...)", s. 81's P1group RestrictStartDate="2000-01-12" (line 117): on 15.12.1999 s. 81 is in
# force for the purposes of the first only. Found on the Childcare Payments Act 2014 s. 1 (issue 35), where text-at on
# 14.11.2016 named the purposes of commencements of 2017 and 2018 too.
def test_partly_in_force_names_only_the_commencements_in_part_made_by_then(tmp_path):
    needs_shared(GLA_FILE)
    text = GLA_FILE.read_text(encoding="utf-8")
    variant = tmp_path / GLA_FILE.name
    variant.write_text(
        text.replace(
            S81_NOTE,
            "<Text>S. 81 in force at 1.12.1999 for specified purposes; s. 81 in force at 5.1.2000 for specified "
            "purposes; s. 81 in force at 12.1.2000 by ",
        ),
        encoding="utf-8",
    )
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([variant])
        answer = lex.text_at(f"{BASE}/eli/gb-ukm/act/1999-11-11/29/section-81", "1999-12-15")
        assert answer.status == "partly-in-force"
        assert answer.purposes == ["S. 81 in force at 1.12.1999 for specified purposes"]
        assert "5.1.2000" not in answer.message
    finally:
        lex.close()
