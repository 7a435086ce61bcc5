"""A window closed by a recorded end stays closed: re-ingesting sources that still show the text does not reopen it.

The Constitutional Court strikes art. 3(1)(b) of the Open Data Act down from 2009-06-01 (the ruling of
tests/test_interpretations.py, added as editors add it). Consolidations lag behind courts: the 2010 consolidation
(ingested again) and a later one of 2012 still show the point. Neither records an act giving it text again, so
neither reopens it: text-at stays `struck-down` naming the ruling, the versions are unchanged, nothing is written,
and each such source is reported (file, line, ruling). A 2012 consolidation that records the point's insertion by a
named act does open a new version. The same holds for a repeal a consolidation recorded (point (c), repealed by the
Data Amendment Act 2004) and for the single-document style (the Harbour Act).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BASE, HARBOUR, ODA, SAMPLES, open_lex

from lexrdf.editorial import submit
from lexrdf.mapping.engine import read_document
from lexrdf.queries.repository import announced_changes, read_stored_act
from lexrdf.uris import IriMinter
from lexrdf.versioning import plan_document

POINT_B = f"{ODA}/art_3/para_1/list_1/point_b"
POINT_C = f"{ODA}/art_3/para_1/list_1/point_c"
R_STRIKE = f"{ODA}/event/2009-06-01/judicial-decision"
CASE = f"{BASE}/case/cc-2009-12"
CONSTITUTIONAL = f"{BASE}/authority/constitutional-court"
EXPRESSIONS = SAMPLES / "expressions"
CONSOLIDATION_2010 = EXPRESSIONS / "open-data-act@2010-01-01.xml"
CONSOLIDATION_2004 = EXPRESSIONS / "open-data-act@2004-07-01.xml"

PREFIXES = """@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
"""
# as tests/test_interpretations.py (iv): the ruling closes the point's textual version
STRIKE = f"""
<{CONSTITUTIONAL}> a lex:Authority ; rdfs:label "Constitutional Court" .
<{R_STRIKE}> a lex:Event , lex:JudicialDecision ;
    lex:date "2009-06-01"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{CASE}> ; lex:affectedAct <{ODA}> ; lex:affects <{POINT_B}> ;
    lex:strikesDown <{POINT_B}/2001-04-01> .
"""
# the Open Data (Restoration) Act 2011 inserts the point again from 2012-01-01
RESTORATION = "/akn/xx/act/2011-10-01/5"
RESTORATION_IRI = f"{BASE}/eli/ref/akn/xx/act/2011-10-01/5"


def line_of(path: Path, eid: str) -> int:
    """The line of the element with this eId in a source file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if f'eId="{eid}"' in line)


def later_consolidation(directory: Path, day: str = "2012-01-01", restored: bool = False, with_c: bool = False) -> Path:
    """The 2010 consolidation re-dated `day` (a later consolidation that still shows the point); `restored`: it also
    records the point's insertion by a named act on that day; `with_c`: it also shows point (c), repealed in 2004."""
    text = CONSOLIDATION_2010.read_text(encoding="utf-8")
    text = text.replace("eng@2010-01-01", f"eng@{day}")
    text = text.replace(
        '<FRBRdate date="2010-01-01" name="expression"/>', f'<FRBRdate date="{day}" name="expression"/>'
    )
    if restored:
        text = text.replace(
            '<eventRef eId="e4" date="2010-01-01" source="#amendingAct2" type="amendment"/>',
            '<eventRef eId="e4" date="2010-01-01" source="#amendingAct2" type="amendment"/>\n'
            f'        <eventRef eId="e5" date="{day}" source="#amendingAct3" type="amendment"/>',
        )
        text = text.replace(
            "        </passiveModifications>",
            '          <textualMod type="insertion" eId="pmod6">\n'
            '            <source href="#amendingAct3"/>\n'
            '            <destination href="#art_3__para_1__list_1__point_b"/>\n'
            '            <force period="#tg4"/>\n'
            "          </textualMod>\n"
            "        </passiveModifications>",
        )
        text = text.replace(
            "      </temporalData>",
            '        <temporalGroup eId="tg4">\n'
            '          <timeInterval start="#e5" refersTo="#inForce"/>\n'
            "        </temporalGroup>\n"
            "      </temporalData>",
        )
        text = text.replace(
            '<passiveRef eId="amendingAct2" href="/akn/xx/act/2009-11-20/31" showAs="Transparency Act 2009"/>',
            '<passiveRef eId="amendingAct2" href="/akn/xx/act/2009-11-20/31" showAs="Transparency Act 2009"/>\n'
            f'        <passiveRef eId="amendingAct3" href="{RESTORATION}" showAs="Open Data (Restoration) Act 2011"/>',
        )
        text = text.replace(
            '<point eId="art_3__para_1__list_1__point_b" period="#tg1">',
            '<point eId="art_3__para_1__list_1__point_b" period="#tg4">',
        )
    if with_c:  # point (c) as the 2001 text has it
        original = (EXPRESSIONS / "open-data-act@2001-04-01.xml").read_text(encoding="utf-8")
        point_c = re.search(r'( *<point eId="art_3__para_1__list_1__point_c".*?</point>\n)', original, re.DOTALL)
        assert point_c, "the 2001 text has point (c)"
        point_b_end = text.index("</point>", text.index('eId="art_3__para_1__list_1__point_b"')) + len("</point>\n")
        text = text[:point_b_end] + point_c.group(1) + text[point_b_end:]
    path = directory / f"open-data-act@{day}.xml"
    path.write_text(text, encoding="utf-8")
    assert text.count('name="expression"/>') == 1 and f'date="{day}" name="expression"' in text
    return path


def strike(lex, directory: Path) -> None:
    path = directory / "strike.ttl"
    path.write_text(PREFIXES + STRIKE, encoding="utf-8")
    outcome = submit(path, lex.store, lex.settings)
    assert outcome.written, [r.message for r in outcome.report.violations]
    lex.publish()


def timeline(lex, provision: str) -> list[tuple]:
    return [
        (
            v.version,
            v.valid_from,
            v.valid_until,
            v.text,
            v.opened_by.event if v.opened_by else None,
            v.closed_by.event if v.closed_by else None,
        )
        for v in lex.versions(provision)
    ]


def graph_size(lex, act: str) -> int:
    (row,) = lex.store.sparql(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{act}> {{ ?s ?p ?o }} }}")
    return int(row["n"].value)


def struck_down_notice(path: Path, eid: str, how: str, event: str, source: str, day: str) -> str:
    line = line_of(path, eid)
    return f"{path}:{line}: {eid} is shown in force but was {how} {event} ({source}) on {day}; not reopened"


def assert_struck_down(lex, day: str) -> None:
    answer = lex.text_at(POINT_B, day)
    assert (answer.status, answer.text, answer.valid_until, answer.closed_by.event) == (
        "struck-down",
        None,
        "2009-06-01",
        R_STRIKE,
    )
    assert CASE in answer.message


@pytest.fixture(scope="module")
def struck(tmp_path_factory):
    """The samples ingested, the point struck down; its timeline and the act graph's size right after the ruling."""
    directory = tmp_path_factory.mktemp("strike-down")
    lex = open_lex(directory / "store")
    lex.ingest([SAMPLES])
    strike(lex, directory)
    yield lex, directory, timeline(lex, POINT_B), graph_size(lex, ODA)
    lex.close()


def test_the_ruling_closes_the_text(struck):
    lex, _, before, _ = struck
    assert lex.text_at(POINT_B, "2009-05-31").status == "in-force"
    assert_struck_down(lex, "2009-06-01")
    assert [(v[1], v[2], v[5]) for v in before] == [("2001-04-01", "2009-06-01", R_STRIKE)]


def test_reingesting_the_same_files_reopens_nothing_and_says_so(struck):
    lex, _, before, size = struck
    for _ in range(2):  # and again: the same notice, still nothing written
        summary = lex.ingest([SAMPLES])
        assert (summary.quads, summary.versions, summary.records, summary.events) == (0, 0, 0, 0)
        assert graph_size(lex, ODA) == size
        assert timeline(lex, POINT_B) == before
        for day in ("2009-06-01", "2010-01-01", "2024-01-01"):
            assert_struck_down(lex, day)
        # the 2001 and 2004 texts show it before the ruling (in force then); the 2010 one after it
        notice = struck_down_notice(
            CONSOLIDATION_2010, "art_3__para_1__list_1__point_b", "struck down by", R_STRIKE, CASE, "2009-06-01"
        )
        assert [n for n in summary.notices if "not reopened" in n] == [notice]
        assert summary.warnings >= 1 and f"; {summary.warnings} warnings" in summary.line()


def test_a_later_consolidation_still_showing_the_text_does_not_reopen_it(struck):
    lex, directory, before, size = struck
    later = later_consolidation(directory)
    summary = lex.ingest([EXPRESSIONS, later])  # the same files and a later expression, in one ingest
    # (its manifestation is dated as the 2010 one's: it vouches for nothing later, so not even currency is recorded)
    assert (summary.quads, summary.versions, summary.records, summary.events) == (0, 0, 0, 0)
    assert graph_size(lex, ODA) == size
    assert timeline(lex, POINT_B) == before
    for day in ("2012-01-01", "2030-01-01"):
        assert_struck_down(lex, day)
    eid = "art_3__para_1__list_1__point_b"
    assert [n for n in summary.notices if "not reopened" in n] == [
        struck_down_notice(CONSOLIDATION_2010, eid, "struck down by", R_STRIKE, CASE, "2009-06-01"),
        struck_down_notice(later, eid, "struck down by", R_STRIKE, CASE, "2009-06-01"),
    ]
    assert lex.ingest([EXPRESSIONS, later]).quads == 0


def _plan(lex, path: Path, act: str):
    """Plan a document against the store as the ingest does (the store unchanged)."""
    stored = read_stored_act(lex.store, act)
    stored.announced = announced_changes(lex.store, act)
    document = read_document(path)
    return plan_document(document, stored, IriMinter(lex.settings.base_iri), None, False), document


def test_the_planner_reports_it_whichever_source_shows_it(struck):
    lex, directory, before, _ = struck
    later = later_consolidation(directory, "2013-01-01")
    plan, document = _plan(lex, later, ODA)
    eid = "art_3__para_1__list_1__point_b"
    notice = struck_down_notice(later, eid, "struck down by", R_STRIKE, CASE, "2009-06-01")
    assert plan.notices == [notice] and notice in document.notices
    assert not any(v.path == "art_3/para_1/list_1/point_b" for v in plan.new_versions)
    assert not any(r.version.startswith(POINT_B) for r in plan.new_records)
    assert timeline(lex, POINT_B) == before


def test_a_later_consolidation_alone_is_counted_in_the_warnings(struck):
    lex, directory, before, _ = struck
    later = later_consolidation(directory, "2014-01-01")
    summary = lex.ingest([later])
    assert timeline(lex, POINT_B) == before  # (this holds: the point is not reopened)
    assert any("not reopened" in n for n in summary.notices)


def test_a_first_ingest_that_repeals_and_shows_again_is_counted_in_the_warnings(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([EXPRESSIONS, later_consolidation(tmp_path, with_c=True)])
        assert len(timeline(lex, POINT_C)) == 1  # (this holds: point (c) is not reopened)
        assert any("not reopened" in n for n in summary.notices)
    finally:
        lex.close()


def test_a_source_recording_its_insertion_by_a_named_act_reopens_it(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES])
        strike(lex, tmp_path)
        (struck_version,) = timeline(lex, POINT_B)
        restored = later_consolidation(tmp_path, restored=True)
        summary = lex.ingest([restored])
        assert summary.versions == 1
        assert not [n for n in summary.notices if "not reopened" in n]
        assert_struck_down(lex, "2011-12-31")  # struck down until the act inserted it again
        answer = lex.text_at(POINT_B, "2012-01-01")
        text = struck_version[3]
        assert (answer.status, answer.text, answer.valid_from, answer.opened_by.type) == (
            "in-force",
            text,
            "2012-01-01",
            "insertion",
        )
        assert RESTORATION_IRI in {answer.opened_by.source, *answer.opened_by.sources}
        assert timeline(lex, POINT_B) == [
            struck_version,
            (f"{POINT_B}/2012-01-01", "2012-01-01", None, text, answer.opened_by.event, None),
        ]
        assert lex.ingest([SAMPLES, restored]).quads == 0  # and re-ingesting all of it writes nothing
    finally:
        lex.close()


def test_a_repeal_a_consolidation_recorded_is_not_undone_by_a_later_one_showing_the_text(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([EXPRESSIONS])
        before = timeline(lex, POINT_C)
        ((_, _, until, _, _, repeal),) = before
        answer = lex.text_at(POINT_C, "2012-06-01")
        assert (answer.status, answer.closed_by.event, until) == ("repealed", repeal, "2004-07-01")
        act = answer.closed_by.source
        shows_c = later_consolidation(tmp_path, with_c=True)
        summary = lex.ingest([EXPRESSIONS, shows_c])
        assert (summary.versions, summary.records, summary.events) == (0, 0, 0)
        assert timeline(lex, POINT_C) == before
        assert lex.text_at(POINT_C, "2012-06-01").status == "repealed"
        eid = "art_3__para_1__list_1__point_c"
        notice = struck_down_notice(shows_c, eid, "repealed by", repeal, act, "2004-07-01")
        assert [n for n in summary.notices if "not reopened" in n] == [notice]
    finally:
        lex.close()
    at_once = open_lex(tmp_path / "at-once")  # the repeal and the later source in one first ingest: the same
    try:
        at_once.ingest([EXPRESSIONS, shows_c])
        assert timeline(at_once, POINT_C) == before
    finally:
        at_once.close()


def test_single_document_style_keeps_the_ruling_end(tmp_path):
    """legislation.gov.uk style: every version with its @period; re-ingested, the open period does not reopen it."""
    lex = open_lex(tmp_path / "store")
    para = f"{HARBOUR}/art_4/para_2"
    ruling = f"{HARBOUR}/event/2010-01-01/judicial-decision"
    case = f"{BASE}/case/cc-2010-1"
    try:
        lex.ingest([SAMPLES / "single"])
        path = tmp_path / "strike.ttl"
        path.write_text(
            PREFIXES
            + f"""
<{CONSTITUTIONAL}> a lex:Authority ; rdfs:label "Constitutional Court" .
<{ruling}> a lex:Event , lex:JudicialDecision ;
    lex:date "2010-01-01"^^xsd:date ; lex:authority <{CONSTITUTIONAL}> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{case}> ; lex:affectedAct <{HARBOUR}> ; lex:affects <{para}> ;
    lex:strikesDown <{para}/2003-01-01> .
""",
            encoding="utf-8",
        )
        assert submit(path, lex.store, lex.settings).written
        lex.publish()
        before, size = timeline(lex, para), graph_size(lex, HARBOUR)
        assert [(v[1], v[2]) for v in before] == [("1995-06-01", "2003-01-01"), ("2003-01-01", "2010-01-01")]
        source = SAMPLES / "single" / "harbour-act.xml"
        plan, _ = _plan(lex, source, HARBOUR)
        lines = source.read_text(encoding="utf-8").splitlines()
        second = [n for n, line in enumerate(lines, 1) if 'eId="art_4__para_2"' in line][1]  # its 2003 text
        assert plan.notices == [
            f"{source}:{second}: art_4__para_2 is shown in force but was struck down by {ruling} ({case}) on "
            "2010-01-01; not reopened"
        ]
        assert not plan.changes_anything
        assert lex.ingest([source]).quads == 0
        assert (timeline(lex, para), graph_size(lex, HARBOUR)) == (before, size)
        answer = lex.text_at(para, "2011-01-01")
        assert (answer.status, answer.closed_by.event) == ("struck-down", ruling)
    finally:
        lex.close()
