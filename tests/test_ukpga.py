"""The Data Protection Act 1998 as exported by legislation.gov.uk: one document, versions by @period.

Expected histories were read from ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml: each provision's
@period (temporalGroup -> timeInterval -> eventRef dates) and the commentary notes its textualMods cite.
"""

from __future__ import annotations

from datetime import date

import pytest
from conftest import BASE, DPA, UKPGA, needs_shared
from invariants import assert_impact_agrees_with_the_events, assert_windows_sound

from lexrdf.mapping.engine import read_document

SI_2003_1887 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/uksi/2003/1887"
ACT_2000_36 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36"
SI_2010_22 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/uksi/2010/22"


ASSENT = date(1998, 7, 16)


def test_mapping_reads_every_unit_period_and_modification():
    needs_shared(UKPGA)
    document = read_document(UKPGA)
    assert document.periods_authoritative
    assert document.frbr_work == "http://www.legislation.gov.uk/id/ukpga/1998/29"
    assert (document.short_title, document.work_date.isoformat()) == ("Data Protection Act 1998", "1998-07-16")
    # 352 F (textual), 68 I (commencement) and 148 C (modification) notes; a change is recorded for each provision
    # whose own words point at one (the 267 textualMods are read through the notes they cite)
    kinds = sorted(m.kind for m in document.modifications)
    # the I notes that say when a provision came wholly into force (33), and the parts one clause brings into force
    # on their own: line 1970 "S. 25 wholly in force at 1.3.2000; s. 25(1)(4) in force at Royal Assent" (s. 25(1), (4))
    assert kinds.count("commencement") == 33 + 2
    assert {m.kind for m in document.modifications} == {
        "insertion", "substitution", "repeal", "amendment", "commencement", "modification", "partial-commencement"
    }  # fmt: skip
    # "s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i)" (I note c18185001, line 1765) and the
    # like: the 32 I notes with "in force for certain purposes at Royal Assent" (grep -c in the file: 32), each on the
    # number of the provision it names, dated by Royal Assent (16.7.1998, the act's FRBRWork date)
    at_assent = [m for m in document.modifications if m.kind == "partial-commencement" and m.effective == ASSENT]
    # and s. 25, in force in part at Royal Assent through its parts (line 1970: "s. 25(1)(4) in force at Royal Assent")
    assert len(at_assent) == 32 + 1 and all(m.purposes and "Royal Assent" in m.purposes for m in at_assent)
    (s12a,) = [m for m in document.modifications if m.destination == "section-12A"]
    assert (s12a.kind, s12a.effective.isoformat(), s12a.until.isoformat(), s12a.of_unit) == (
        "insertion",
        "2000-03-01",
        "2007-10-23",
        True,
    )
    by_eid = {u.eid: u for u in document.units}
    assert (
        by_eid["schedule-5-paragraph-12"].window.start.isoformat(),
        by_eid["schedule-5-paragraph-12"].window.end.isoformat(),
    ) == ("2003-08-19", "2010-01-18")
    # sub-units without their own @period inherit their parent's window
    assert by_eid["schedule-5-paragraph-12-2"].window == by_eid["schedule-5-paragraph-12"].window


def test_paragraph_with_a_closed_period(dpa_lex):
    provision = f"{DPA}/schedule-5-paragraph-12"
    (version,) = dpa_lex.versions(provision)
    assert (version.valid_from, version.valid_until) == ("2003-08-19", "2010-01-18")
    # shown from the day of the 2003 change within it, to its sub-paragraph (2): "Words in Sch. 5 para. 12(2) inserted
    # (19.8.2003) by S.I. 2003/1887", no change of its own words: started without a recorded act; ended with its
    # Part: "Sch. 5 Pt. 2 omitted (18.1.2010) by virtue of The Transfer of Tribunal Functions Order 2010 (S.I.
    # 2010/22)" (F166)
    assert (version.opened_by.type, version.opened_by.source) == ("started-without-recorded-act", None)
    assert version.opened_by.evidence and "Sch. 5 para. 12(2) inserted (19.8.2003)" in version.opened_by.evidence[0]
    assert (version.closed_by.type, version.closed_by.source) == ("repeal", SI_2010_22)

    before = dpa_lex.text_at(provision, "2003-08-18")
    assert before.status == "outside-coverage" and before.text is None  # earlier text is not in the document
    during = dpa_lex.text_at(f"{provision}-2", "2005-06-01")
    assert during.status == "in-force"
    assert "(in the case of the chairman or a deputy chairman) or to the Secretary of State" in during.text
    # its textualMod (d29p66771) is typed "substitution"; its note F218 says "inserted", and the note is the
    # editors' statement of the effect
    assert during.opened_by.type == "insertion" and during.opened_by.source == SI_2003_1887
    after = dpa_lex.text_at(provision, "2010-01-18")
    assert (after.status, after.valid_until, after.closed_by.type) == ("repealed", "2010-01-18", "repeal")


def test_paragraph_in_force_for_a_year(dpa_lex):
    provision = f"{DPA}/schedule-5-paragraph-16"
    # period4 = [2000-03-01, 2001-01-30) and no change inside it: it came into force (by order) on 1.3.2000
    assert dpa_lex.text_at(provision, "2000-02-29").status == "not-yet-in-force"
    during = dpa_lex.text_at(provision, "2000-06-01")
    assert during.status == "in-force"
    assert during.text.startswith(
        "Any reference in any enactment, instrument or other document to the Data Protection Registrar"
    )
    assert dpa_lex.text_at(provision, "2001-01-30").status == "repealed"


def test_substitution_names_its_source_act_and_provision(dpa_lex):
    provision = f"{DPA}/section-9A-5"
    answer = dpa_lex.text_at(provision, "2010-01-01")
    assert (answer.status, answer.valid_from, answer.opened_by.type, answer.opened_by.source) == (
        "in-force",
        "2003-08-19",
        "substitution",
        SI_2003_1887,
    )
    assert "the appropriate limit" in answer.text
    rows = dpa_lex.store.sparql(
        f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?p WHERE {{ <{answer.opened_by.event}> "
        "lex:sourceProvision ?p }"
    )
    assert {r["p"].value for r in rows} >= {"http://www.legislation.gov.uk/id/uksi/2003/1887/article/9"}
    assert dpa_lex.text_at(provision, "2003-08-18").status == "outside-coverage"


def test_words_inserted_into_an_older_subsection_do_not_make_it_new(dpa_lex):
    provision = f"{DPA}/section-1-1"
    answer = dpa_lex.text_at(provision, "2005-01-01")
    assert (answer.opened_by.type, answer.opened_by.source) == ("insertion", ACT_2000_36)
    assert "is recorded information held by a public authority" in answer.text
    # s. 1(1) existed since 1998; only its text before 2005 is missing from this document
    assert dpa_lex.text_at(provision, "2004-12-31").status == "outside-coverage"


def test_the_act_itself_and_its_citation(dpa_lex):
    act = dpa_lex.text_at(DPA, "1998-07-16")
    assert (act.status, act.opened_by.type, act.heading) == ("in-force", "enactment", "Data Protection Act 1998")
    assert dpa_lex.text_at(DPA, "1998-07-15").status == "not-yet-in-force"
    answer = dpa_lex.text_at(f"{DPA}/section-9A-5", "2010-01-01")
    # <subsection eId="section-9A-5"><num>5</num> of section 9A in Part II: cited as a lawyer writes it, no Part
    assert answer.citation == "Data Protection Act 1998, s. 9A(5), as in force on 1 January 2010"


@pytest.mark.parametrize(
    ("ref", "expected", "kind"),
    [
        ("http://www.legislation.gov.uk/id/ukpga/1998/29", DPA, "act"),
        ("http://www.legislation.gov.uk/id/ukpga/1998/29~section-1-1", f"{DPA}/section-1-1", "provision"),
        (f"{DPA}/section-1-1", f"{DPA}/section-1-1", "provision"),
        ("http://www.legislation.gov.uk/id/uksi/2003/1887", SI_2003_1887, "act"),
    ],
)
def test_resolve(dpa_lex, ref, expected, kind):
    answer = dpa_lex.resolve(ref)
    assert (answer.status, answer.provision, answer.kind) == ("resolved", expected, kind)


def test_amending_act_known_by_reference_is_a_resource(dpa_lex):
    rows = list(
        dpa_lex.store.sparql(
            f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?title WHERE {{ <{SI_2003_1887}> a lex:Act ; "
            "lex:knownByReference true ; lex:title ?title ; lex:frbrWork ?id }"
        )
    )
    assert [r["title"].value for r in rows] == [
        "The Secretary of State for Constitutional Affairs Order 2003 (S.I. 2003/1887)"
    ]


def test_unknown_references(dpa_lex):
    assert dpa_lex.resolve("http://www.legislation.gov.uk/id/ukpga/1998/29~section-999").status == "unknown-reference"
    assert dpa_lex.text_at(f"{DPA}/section-999", "2010-01-01").status == "unknown-reference"


def test_windows_sound_and_reingest_idempotent(dpa_lex):
    # every provision once, but the 35 the export shows only as repealed (". . . .", no text of them): among them
    # s. 49(6) and (7) (F73: "S. 49(6)(7) omitted (18.1.2010) by virtue of ... (S.I. 2010/22)"), s. 69(1)(j) (F123:
    # "S. 69(1)(j) omitted (9.7.2003) by virtue of ... (S.I. 2003/1590)") and Sch. 15 paras. 1(1), 5(2), 6(2)
    # (F206: "Sch. 15 para. 1(1) repealed (30.1.2001) by 2000 c. 36"), whose notes sit on their ". . . ." only
    # (1875: the act and its 1874 provisions; the units inside a quotedStructure are another act's text the DPA's
    # amendments quote, such as s. 62(2)'s new s. 159(1) of the Consumer Credit Act 1974, line 11563: not the DPA's)
    # s. 31(7)(b) among them: ". . .  or" (line 6430; F54, "S. 31(7)(b) repealed (31.1.2012 for E.W.) by Localism Act
    # 2011 (c. 20)"): the "or" joins the list, it is no word of the repealed paragraph
    assert assert_windows_sound(dpa_lex) == 1875 - 35
    # every provision a note attributes to an act is in that act's impact (the bound only guards that the check is
    # not vacuous: the DPA's notes attribute changes of hundreds of provisions to acts)
    assert assert_impact_agrees_with_the_events(dpa_lex) > 800
    for eid, day, act in [
        ("section-49-6", "2010-01-18", "uksi/2010/22"),
        ("section-69-1-j", "2003-07-09", "uksi/2003/1590"),
    ]:
        answer = dpa_lex.text_at(f"{DPA}/{eid}", "2015-01-01")
        assert (answer.status, answer.text, answer.closed_by.date) == ("repealed", None, day)
        assert answer.closed_by.source.endswith(f"/id/{act}")
        assert dpa_lex.text_at(f"{DPA}/{eid}", "2000-06-01").status == "outside-coverage"  # its words are not held
    before = dpa_lex.store.quad_count()
    assert dpa_lex.ingest([UKPGA]).quads == 0
    assert dpa_lex.store.quad_count() == before
