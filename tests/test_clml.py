"""UK Crown Legislation Markup Language (legislation.gov.uk CLML) mapped into the same model as Akoma Ntoso.

Every expected value was read from the files in ../shared/data/clml by hand (file and line cited beside it) or is
counted from the XML with lxml in the test itself. The legal reading of CLML that the expectations follow:

- a provision is a Part, Chapter, Pblock (cross-heading), PsubBlock, Schedule or P1..P5 with an ``id`` outside
  ``BlockAmendment`` (quoted text of another act), ``Versions``, ``Contents``, ``Commentaries`` and explanatory notes;
  its path under the act is the id as written (``section-85-3-a``: the same paths the legislation.gov.uk Akoma Ntoso
  export gives, so both formats mint the same IRIs);
- a P1's heading is the ``Title`` of the ``P1group`` around it; Part/Chapter/Schedule carry ``Number`` and ``Title``;
- a revised (point-in-time) document dates each provision by the nearest ``RestrictStartDate``/``RestrictEndDate``
  on it or around it (the ``P1group`` carries them for its P1): ``[start, end)``; an enacted or made document is one
  expression of its ``dct:valid`` date (else the enactment or made date), in force from its coming-into-force date
  when the metadata gives one (``ukm:ComingIntoForce``);
- ``Repeal`` words (``RetainText="true"``: the words a substitution replaced) are not part of the text in force;
- a change marker (``Substitution``/``Addition``/``Repeal``) points at a ``Commentary`` of type F by
  ``CommentaryRef``; the commentary names the change, its date ``(d.m.yyyy)`` and the amending act and provision
  (``Citation``/``CitationSubRef``): the change is an event of the provision holding the marker.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from lxml import etree
from templates import ingested_copy

from lexrdf.errors import SourceError
from lexrdf.mapping.engine import read_document

CLML = SHARED_DATA / "clml"
GLA_FILE = CLML / "ukpga-1999-29-part-III-2013-03-27.xml"  # Greater London Authority Act 1999, Part III
ANAW_FILE = CLML / "anaw-2018-1-historical-2018-01-24.xml"  # Abolition of the Right to Buy ... (Wales) Act 2018
MMA_FILE = CLML / "ukpga_20210005_en.xml"  # Ministerial and other Maternity Allowances Act 2021, as enacted
POLICE_FILE = CLML / "ukpga_20000032_en.xml"  # Police (Northern Ireland) Act 2000, as enacted
FERT_FILE = CLML / "uksi-1996-1342-made.xml"  # Fertilisers (Sampling and Analysis) Regulations 1996, as made
ATM_FILE = CLML / "uksi_20190459_en.xml"  # Air Traffic Management (Amendment etc.) (EU Exit) Regulations 2019
SCA_FILE = CLML / "ukpga-1981-54-part-VI-2020-08-03.xml"  # Senior Courts Act 1981, Part VI

# Act IRIs: {base}/eli/{jurisdiction}/{type}/{enactment or made date}/{number}, as for the AKN export of the DPA 1998
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"  # ukm:EnactmentDate 1999-11-11 (line 88)
ANAW = f"{BASE}/eli/gb-wls/act/2018-01-24/1"  # WelshNationalAssemblyAct, EnactmentDate 2018-01-24
MMA = f"{BASE}/eli/gb-ukm/act/2021-03-01/5"  # EnactmentDate 2021-03-01 (line 20)
FERT = f"{BASE}/eli/gb-ukm/si/1996-05-25/1342"  # UnitedKingdomStatutoryInstrument, ukm:Made 1996-05-25
LOCALISM_2011 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2011/20"  # cited by the F notes, not held

NS = {"l": "http://www.legislation.gov.uk/namespaces/legislation"}
# CLML element -> lexrdf unit type (mappings/clml.yaml `units`)
UNIT_TYPES = {
    "Part": "part",
    "Chapter": "chapter",
    "Pblock": "crossheading",
    "PsubBlock": "subcrossheading",
    "Schedule": "schedule",
    "P1": "p1",
    "P2": "p2",
    "P3": "p3",
    "P4": "p4",
    "P5": "p5",
}
NOT_THE_ACTS_TEXT = {"BlockAmendment", "Versions", "Contents", "Commentaries", "ExplanatoryNotes", "Footnotes"}


# a P1 is what legislation.gov.uk's id calls it: the last "<word>-<number>" step of "section-85",
# "schedule-2-paragraph-7", "schedule-1-part-I-crossheading-..._paragraph-2.1"
P1_NAMED = {"section", "regulation", "article", "rule", "paragraph"}


def counted_units(path: Path) -> Counter[str]:
    """Provisions per unit type, counted from the XML: identified structural elements in the act's own text."""
    counts: Counter[str] = Counter()
    for element in etree.parse(str(path)).getroot().iter(*(f"{{{NS['l']}}}{name}" for name in UNIT_TYPES)):
        outside = not any(etree.QName(a).localname in NOT_THE_ACTS_TEXT for a in element.iterancestors())
        identifier = element.get("id")
        if identifier and outside:
            unit_type = UNIT_TYPES[etree.QName(element).localname]
            named = identifier.replace("_", "-").split("-")[-2] if "-" in identifier else ""
            counts[named if unit_type == "p1" and named in P1_NAMED else unit_type] += 1
    return counts


# -- the mapping: document model ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        # counted once by hand with the rule above (and checked against counted_units, so either can be trusted)
        (MMA_FILE, {"crossheading": 3, "section": 7, "p2": 33, "p3": 28}),
        (ANAW_FILE, {"crossheading": 14, "schedule": 1, "section": 12, "paragraph": 9, "p2": 75, "p3": 37, "p4": 5}),
        (GLA_FILE, {"part": 1, "chapter": 6, "crossheading": 15, "section": 61, "p2": 238, "p3": 133, "p4": 4}),
        (SCA_FILE, {"part": 1, "crossheading": 2, "section": 27, "p2": 55, "p3": 26}),
        (
            POLICE_FILE,
            {"part": 15, "crossheading": 96, "schedule": 8, "section": 81, "paragraph": 88}
            | {"p2": 600, "p3": 502, "p4": 73},
        ),
        (ATM_FILE, {"part": 6, "chapter": 64, "regulation": 395, "p2": 608, "p3": 544, "p4": 137}),
        (
            FERT_FILE,
            {
                "part": 8,
                "crossheading": 76,
                "subcrossheading": 1,
                "schedule": 3,
                "regulation": 9,
                "paragraph": 1252,
                "p1": 6,  # P1s whose id names no kind: "schedule-2-paragraph-4.1-4.2" (line 1870)
                "p2": 113,
                "p3": 137,
                "p4": 30,
            },
        ),  # fmt: skip
    ],
    ids=lambda value: value.name if isinstance(value, Path) else "",
)
def test_units_per_type(path, expected):
    needs_shared(path)
    assert dict(counted_units(path)) == expected
    document = read_document(path)
    assert document.mapping == "clml"
    # one unit per identifier: a text for the territories a marked change does not reach is a concurrent version of
    # the same unit (mappings/clml.yaml `change_extent`), not another provision
    distinct = {(unit.eid, unit.window.start if unit.window else None): unit for unit in document.units}
    assert dict(Counter(unit.unit_type for unit in distinct.values())) == expected


def test_act_metadata_from_ukm_metadata():
    needs_shared(GLA_FILE)
    document = read_document(GLA_FILE)
    # ukm:Metadata (lines 2-106): dc:title, ukm:Year 1999, ukm:Number 29, ukm:EnactmentDate 1999-11-11 (line 88),
    # dct:valid 2013-03-27 (line 13); the IdURI of the root is the work's legislation.gov.uk identifier
    assert (document.frbr_work, document.title, document.act_number) == (
        "http://www.legislation.gov.uk/id/ukpga/1999/29",
        "Greater London Authority Act 1999",
        "29",
    )
    assert (document.jurisdiction, document.act_type, document.language) == ("gb-ukm", "act", "en")
    assert (document.work_date.isoformat(), document.expression_date.isoformat()) == ("1999-11-11", "2013-03-27")
    # the document's own identifier (dc:identifier) and its DocumentURI resolve to the act too
    assert "http://www.legislation.gov.uk/ukpga/1999/29/part/III/2013-03-27" in document.frbr_aliases
    assert document.periods_authoritative  # a revised text: each provision carries its own window
    assert document.portion  # Part III only: the other Parts are not ended by it

    made = read_document(FERT_FILE)
    assert (made.act_type, made.work_date.isoformat(), made.act_number) == ("si", "1996-05-25", "1342")
    assert made.title == "The Fertilisers (Sampling and Analysis) Regulations 1996"
    # ukm:ComingIntoForce/ukm:DateTime Date="1996-06-21" (line 49): regulation 1(1) "shall come into force on 21st
    # June 1996"
    assert made.entry_into_force.isoformat() == "1996-06-21"
    assert not made.periods_authoritative


def test_numbers_headings_and_texts():
    needs_shared(GLA_FILE)
    units = read_document(GLA_FILE).units
    by_eid = {unit.eid: unit for unit in reversed(units)}  # the first of each identifier: the text as shown
    # line 109-111: <Part id="part-III"><Number>Part III</Number><Title>Financial Provisions</Title>
    assert (by_eid["part-III"].number, by_eid["part-III"].heading) == ("Part III", "Financial Provisions")
    assert (by_eid["part-III-chapter-I"].number, by_eid["part-III-chapter-I"].heading) == ("Chapter I", "Council Tax")
    # line 270: the cross-heading has a Title and no number
    crossheading = by_eid["part-III-chapter-I-crossheading-budget-requirements"]
    assert (crossheading.number, crossheading.heading) == ("", "Budget requirements")
    # lines 272-274: the P1group's Title is the section's heading (with the substituted words in it)
    section = by_eid["section-85"]
    assert (section.number, section.heading, section.parent_path) == (
        "85",
        "Calculation of component and consolidated council tax requirements.",
        "part-III-chapter-I-crossheading-budget-requirements",
    )
    # line 280: the text of s. 85(1), its CommentaryRef markers left out
    assert by_eid["section-85-1"].text == (
        "Section 42A of the Local Government Finance Act 1992 shall not apply in relation to the Authority, and the "
        "following provisions of this section and section 86 below shall have effect in relation to the Authority in "
        "place of that section."
    )
    # lines 602-606: repealed words (Repeal RetainText="true") are not in the text; the substituted ones are
    assert by_eid["section-86-4-a"].text == (
        "that which the Authority estimates will be incurred by in the financial year following the year in question, "
        "will be charged to a revenue account for the year and will have to be defrayed in the year before the "
        "following sums are sufficiently available, namely, sums—"
    )
    assert by_eid["section-86-4-a"].parent_path == "section-86-4"
    # the same lines mark those changes Extent="E+W" in an E+W+S section (line 535): that text is England's and
    # Wales's; Scotland's keeps the words they replaced ("the body will incur", "will charge", "will have to defray")
    # and leaves out the words added, a concurrent version of s. 86(4)(a)
    (england, scotland) = [unit for unit in units if unit.eid == "section-86-4-a"]
    assert (england.extent, scotland.extent, england.concurrent, scotland.concurrent) == ("E+W", "S", True, True)
    assert scotland.text == (
        "that which the Authority estimates the body will incur in the financial year following the year in question, "
        "will charge to a revenue account for the year and will have to defray in the year before the following sums "
        "are sufficiently available, namely, sums—"
    )
    # document order inside s. 85 (lines 274-380): s. 85(3A) was inserted after (3)
    order = [u.eid for u in read_document(GLA_FILE).units if u.eid.startswith("section-85-3")]
    assert order == ["section-85-3", "section-85-3-a", "section-85-3-aa", "section-85-3-b", "section-85-3A",
                     "section-85-3A-a", "section-85-3A-b"]  # fmt: skip


def test_windows_from_restrict_dates():
    needs_shared(ANAW_FILE)
    by_eid = {unit.eid: unit for unit in read_document(ANAW_FILE).units}

    def window(eid: str) -> tuple[str, str | None]:
        found = by_eid[eid].window
        return found.start.isoformat(), found.end.isoformat() if found.end else None

    # line 97: P1group of s. 1 RestrictStartDate="2018-01-24"; line 179: s. 2 [2018-03-25, 2019-01-26);
    # line 642: s. 6 from 2019-01-26; line 1063: Sch. 1 para. 1 carries its own RestrictStartDate 2019-01-26
    assert window("section-1") == ("2018-01-24", None)
    assert window("section-2") == ("2018-03-25", "2019-01-26")
    assert window("section-2-1") == ("2018-03-25", "2019-01-26")  # a sub-unit inherits its section's window
    assert window("section-6") == ("2019-01-26", None)
    assert window("schedule-1-paragraph-1") == ("2019-01-26", None)

    gla = {unit.eid: unit for unit in read_document(GLA_FILE).units}
    # line 3556: the P1group of s. 134 [2000-05-08, 2015-04-01); line 3632: s. 134(6) RestrictEndDate="2015-04-01"
    assert (gla["section-134-6"].window.start.isoformat(), gla["section-134-6"].window.end.isoformat()) == (
        "2000-05-08",
        "2015-04-01",
    )
    # line 289: s. 85(3) RestrictStartDate="2007-10-30" inside a P1group from 2011-12-03: its own date wins
    assert gla["section-85-3"].window.start.isoformat() == "2007-10-30"
    assert gla["section-85"].window.start.isoformat() == "2011-12-03"


def test_change_markers_and_commentaries_become_changes():
    needs_shared(GLA_FILE)
    document = read_document(GLA_FILE)
    # line 280: <Substitution CommentaryRef="key-7093fa196c3ca5c41ba453e49a3d7014">42A</Substitution> in s. 85(1);
    # line 4409 (Commentary type F): "Word in s. 85(1) substituted (3.12.2011) by Localism Act 2011 (c. 20),
    # ss. 76(3), ..." with CitationSubRef URI .../ukpga/2011/20/section/76/3 Operative="true"
    (change,) = [m for m in document.modifications if m.destination == "section-85-1"]
    assert (change.kind, change.effective.isoformat(), change.source_act, change.source_provision, change.of_unit) == (
        "substitution",
        "2011-12-03",
        "http://www.legislation.gov.uk/id/ukpga/2011/20",
        "http://www.legislation.gov.uk/id/ukpga/2011/20/section/76/3",
        False,
    )
    # line 273: the heading of s. 85: "Words in s. 85 heading substituted (3.12.2011) by Localism Act 2011,
    # ss. 76(2)" (line 4511)
    heading = [m for m in document.modifications if m.destination == "section-85" and m.kind == "substitution"]
    assert {(m.effective.isoformat(), m.source_provision) for m in heading} >= {
        ("2011-12-03", "http://www.legislation.gov.uk/id/ukpga/2011/20/section/76/2")
    }
    # every provision holding a change marker that points at an F commentary records a change
    root = etree.parse(str(GLA_FILE)).getroot()
    f_notes = {c.get("id") for c in root.iter(f"{{{NS['l']}}}Commentary") if c.get("Type") == "F"}
    marked: set[str] = set()
    for marker in root.iter(*(f"{{{NS['l']}}}{name}" for name in ("Substitution", "Addition", "Repeal"))):
        holder = next((a for a in marker.iterancestors() if a.get("id") and etree.QName(a).localname in UNIT_TYPES),
                      None)  # fmt: skip
        title = marker.getparent()
        if etree.QName(title).localname == "Title" and etree.QName(title.getparent()).localname == "P1group":
            # a P1group's heading is its P1's (not words of the cross-heading or Part holding the group)
            holder = title.getparent().find("l:P1", NS)
        if holder is not None and marker.get("CommentaryRef") in f_notes:
            marked.add(holder.get("id"))
    changed = {m.destination for m in document.modifications if m.kind in {"substitution", "insertion", "repeal"}}
    assert marked and marked <= changed


# -- the query-library primitives over the ingested acts -----------------------------------------------------------


@pytest.fixture(scope="module")
def clml_lex(tmp_path_factory: pytest.TempPathFactory):
    """A store holding the revised and enacted CLML documents (not the large ones)."""
    for path in (GLA_FILE, ANAW_FILE, MMA_FILE, FERT_FILE):
        needs_shared(path)
    store, _summary = ingested_copy([GLA_FILE, ANAW_FILE, MMA_FILE, FERT_FILE], tmp_path_factory, "clml")
    instance = open_lex(store)
    yield instance
    instance.close()


def test_text_at_a_substituted_subsection(clml_lex):
    answer = clml_lex.text_at(f"{GLA}/section-85-1", "2013-03-27")
    assert (answer.status, answer.valid_from, answer.valid_until) == ("in-force", "2011-12-03", None)
    assert answer.text.startswith("Section 42A of the Local Government Finance Act 1992 shall not apply")
    # opened by the substitution of 3.12.2011 (F note, line 4409) made by the Localism Act 2011
    assert (answer.opened_by.type, answer.opened_by.date, answer.opened_by.source) == (
        "substitution",
        "2011-12-03",
        LOCALISM_2011,
    )
    # the document holds no earlier text of s. 85(1): before its window the answer says so, and invents nothing
    assert clml_lex.text_at(f"{GLA}/section-85-1", "2011-12-02").status == "outside-coverage"


def test_an_end_after_the_sources_currency_is_not_an_end(clml_lex):
    # s. 134(6): RestrictStartDate 2000-05-08, RestrictEndDate 2015-04-01 (lines 3556, 3632), in a revised text at
    # 2013-03-27 (dct:valid) that vouches for the act until the day before its root's RestrictEndDate="2013-04-01"
    # (line 1): what s. 134(6) reads after 2013-03-31 this source does not say, so 2015 is no end it proves
    (version,) = clml_lex.versions(f"{GLA}/section-134-6")
    assert (version.valid_from, version.valid_until) == ("2000-05-08", None)
    later = clml_lex.text_at(f"{GLA}/section-134-6", "2015-04-01")
    assert later.status == "as-last-known" and later.current_to == "2013-03-31"
    assert clml_lex.text_at(f"{GLA}/section-134-6", "2013-01-01").status == "in-force"


def test_prospective_and_ended_provisions_of_the_welsh_act(clml_lex):
    provision = f"{ANAW}/section-2-1"
    # s. 2 (line 179): in force 2018-03-25, ended 2019-01-26 when s. 6 abolished the right to buy
    early = clml_lex.text_at(provision, "2018-02-01")
    assert (early.status, early.valid_from, early.text) == ("not-yet-in-force", "2018-03-25", None)
    # the historical version vouches for the act until its next change (root RestrictEndDate 2019-01-26, line 1)
    during = clml_lex.text_at(provision, "2018-06-01")
    assert (during.status, during.text) == ("in-force", "The Housing Act 1985 (c. 68) is amended as follows.")
    assert clml_lex.text_at(provision, "2019-02-01").status == "ended"  # no act is named as ending it
    # s. 6 (line 642): from 2019-01-26
    assert clml_lex.text_at(f"{ANAW}/section-6-1", "2018-06-01").status == "not-yet-in-force"
    assert clml_lex.text_at(f"{ANAW}/section-6-1", "2019-01-26").text.startswith(
        "The following rights no longer exist in relation to dwellings in Wales—"
    )


def test_enacted_and_made_documents(clml_lex):
    # ukpga 2021/5 as enacted (dct:valid 2021-03-01): s. 1(2)(a), line 100
    provision = f"{MMA}/section-1-2-a"
    answer = clml_lex.text_at(provision, "2021-03-01")
    assert (answer.status, answer.valid_from, answer.opened_by.type) == ("in-force", "2021-03-01", "enactment")
    assert answer.text == (
        "the mother or expectant mother appears to the Prime Minister to satisfy either of the conditions in "
        "subsection (3), and"
    )
    # a text as enacted vouches for nothing later: after its date the answer is the text "as last known"
    later = clml_lex.text_at(provision, "2021-06-01")
    assert (later.status, later.text) == ("as-last-known", answer.text)
    assert clml_lex.text_at(f"{MMA}/section-7", "2021-03-01").heading == "Extent, commencement and short title"
    # the SI was made on 1996-05-25 and came into force on 1996-06-21 (ukm:ComingIntoForce, line 49)
    regulation = f"{FERT}/regulation-1-1"
    assert clml_lex.text_at(regulation, "1996-06-01").status == "not-yet-in-force"
    made = clml_lex.text_at(regulation, "1996-07-01")
    assert (made.status, made.valid_from) == ("as-last-known", "1996-06-21")
    assert made.text == (
        "These Regulations may be cited as The Fertilisers (Sampling and Analysis) Regulations 1996 and shall come "
        "into force on 21st June 1996."
    )
    # the heading of a regulation is its P1group's Title (line 98, around <P1 id="regulation-1"> at line 99);
    # regulation 1(1) itself (<P2 id="regulation-1-1">, line 102) has no Title, so its own heading is empty
    assert made.heading is None
    assert clml_lex.text_at(f"{FERT}/regulation-1", "1996-07-01").heading == "Title, commencement and interpretation"


def test_context_descendants_and_lineage(clml_lex):
    context = clml_lex.context(f"{GLA}/section-85-3-a", "2013-03-27")
    assert [u.unit for u in context.items] == [
        GLA,
        f"{GLA}/part-III",
        f"{GLA}/part-III-chapter-I",
        f"{GLA}/part-III-chapter-I-crossheading-budget-requirements",
        f"{GLA}/section-85",
        f"{GLA}/section-85-3",
        f"{GLA}/section-85-3-a",
    ]
    assert [u.unit_type for u in context.items] == ["act", "part", "chapter", "crossheading", "section", "p2", "p3"]
    assert context.subordinate  # s. 85(3) opens with "The Authority must, in the case of each constituent body ..."
    assert context.items[-1].text == "the Assembly,"  # line 296

    below = clml_lex.descendants(f"{GLA}/section-85", "2013-03-27")
    # the 37 units under s. 85 (lines 274-380), in document order, all in force on the date but s. 85(9): its text is
    # ". . . ." (line 415), and its note says "S. 85(9) repealed (3.12.2011) by Localism Act 2011 (c. 20), ss. 76(9),
    # 240(2), Sch. 25 Pt. 13" (its RestrictStartDate="2007-10-30" dates the placeholder, not the repeal)
    assert (below.status, below.count, len(below.items)) == ("in-force", 36, 36)
    assert f"{GLA}/section-85-9" not in {u.unit for u in below.items}
    repealed = clml_lex.text_at(f"{GLA}/section-85-9", "2013-03-27")
    assert (repealed.status, repealed.text, repealed.closed_by.date) == ("repealed", None, "2011-12-03")
    assert repealed.closed_by.source == LOCALISM_2011
    assert [u.unit for u in below.items][:3] == [f"{GLA}/section-85-1", f"{GLA}/section-85-2", f"{GLA}/section-85-3"]

    lineage = clml_lex.lineage(f"{GLA}/section-85-1", "2013-03-27")
    assert [(s.type, s.valid_from, s.source_act) for s in lineage.items] == [
        ("substitution", "2011-12-03", LOCALISM_2011)
    ]


@pytest.mark.parametrize(
    ("ref", "expected", "kind"),
    [
        ("http://www.legislation.gov.uk/id/ukpga/1999/29", GLA, "act"),
        ("http://www.legislation.gov.uk/id/ukpga/1999/29/section/85/1", f"{GLA}/section-85-1", "provision"),
        ("http://www.legislation.gov.uk/ukpga/1999/29/section/85/1", f"{GLA}/section-85-1", "provision"),
        ("http://www.legislation.gov.uk/id/ukpga/1999/29/part/III/chapter/I", f"{GLA}/part-III-chapter-I", "provision"),
        ("http://www.legislation.gov.uk/id/anaw/2018/1/section/2", f"{ANAW}/section-2", "provision"),
        ("http://www.legislation.gov.uk/id/uksi/1996/1342", FERT, "act"),
    ],
)
def test_resolve_legislation_gov_uk_uris(clml_lex, ref, expected, kind):
    answer = clml_lex.resolve(ref)
    assert (answer.status, answer.provision, answer.kind) == ("resolved", expected, kind)


# -- a file that claims CLML but does not fit ------------------------------------------------------------------------

NO_METADATA = """<?xml version="1.0" encoding="UTF-8"?>
<Legislation xmlns="http://www.legislation.gov.uk/namespaces/legislation">
  <Primary>
    <Body><P1group><Title>Orphan</Title><P1 id="section-1"><Pnumber>1</Pnumber></P1></P1group></Body>
  </Primary>
</Legislation>
"""


def test_clml_without_metadata_is_refused_naming_file_line_and_element(tmp_path, lex):
    path = tmp_path / "broken.xml"
    path.write_text(NO_METADATA, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        read_document(path)
    message = str(raised.value)
    assert str(path) in message and ":2:" in message and "Metadata" in message
    before = lex.store.quad_count()
    with pytest.raises(SourceError):
        lex.ingest([path])
    assert lex.store.quad_count() == before


def test_clml_with_a_bad_restrict_date_is_refused(tmp_path, lex):
    needs_shared(MMA_FILE)
    text = MMA_FILE.read_text(encoding="utf-8").replace(
        '<P1 id="section-1">', '<P1 id="section-1" RestrictStartDate="2021-02-30">', 1
    )
    path = tmp_path / "bad-date.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        read_document(path)
    message = str(raised.value)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if 'id="section-1" Restrict' in row)
    assert f"{path}:{line}:" in message and "RestrictStartDate" in message and "2021-02-30" in message
    with pytest.raises(SourceError):
        lex.ingest([path])
    assert lex.store.quad_count() == 0


@pytest.mark.parametrize("path", ["", "/regulation-1-1", "/schedule-1"])
def test_an_instrument_as_made_is_in_force_by_its_own_commencement(clml_lex, path):
    # uksi-1996-1342-made.xml line 46: <ukm:Made Date="1996-05-25"/>; line 48-49: <ukm:ComingIntoForce><ukm:DateTime
    # Date="1996-06-21"/>; reg. 1(1): "... shall come into force on 21st June 1996": its text as made is in force from
    # that day by the instrument's own commencement (not by its making on 1996-05-25), not yet in force before
    (version,) = clml_lex.versions(f"{FERT}{path}")
    assert (version.valid_from, version.opened_by.type, version.opened_by.date, version.opened_by.source) == (
        "1996-06-21",
        "commencement",
        "1996-06-21",
        FERT,
    )
    assert version.opened_by.evidence == [
        "uksi-1996-1342-made.xml:49: the act's entry into force on 1996-06-21, as the source states it"
    ]
    assert clml_lex.text_at(f"{FERT}{path}", "1996-06-20").status == "not-yet-in-force"
