"""Territorial extent and commencement in part, on the UK sources in ../shared/data (issue 37, items 2 and 3).

The rules (mappings/clml.yaml and mappings/akn.yaml, `extent:` and `annotations.commencement.partial`):

- a provision's extent is its own or that of the nearest element around it the source gives (CLML RestrictExtent;
  legislation.gov.uk's AKN export: <restriction href="#eid" refersTo="#e+w+s+ni" type="jurisdiction"/>, one without
  href for the whole document), written one way: E, W, S, N.I. in that order joined by "+";
- a commencement note's clause "in force for certain (specified) purposes at D" ("at Royal Assent": the act's own
  date) and a textual note's date so qualified before a date of full effect are commencements in part: between that
  date and the provision's first version, text-at answers partly-in-force with the note's words.

Expected values are read from the XML by hand (line numbers and words quoted); the invariants read every UK file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BASE, DPA, SHARED_DATA, UKPGA, needs_shared, open_lex
from lxml import etree
from templates import ingested_copy

from lexrdf.mapping.engine import read_source
from lexrdf.model import SourceDocument

CLML_FILES = sorted((SHARED_DATA / "clml").rglob("*.xml"))
L = "{http://www.legislation.gov.uk/namespaces/legislation}"
REGIONS = {"e": "E", "w": "W", "s": "S", "ni": "N.I.", "n.i.": "N.I."}
GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"  # Greater London Authority Act 1999 (EnactmentDate 1999-11-11)
SCA_FILE = SHARED_DATA / "clml" / "ukpga-1981-54-part-VI-2020-08-03.xml"
SCA = f"{BASE}/eli/gb-ukm/act/1981-07-28/54"  # Senior Courts Act 1981


def _spelled(value: str) -> str:
    tokens = [REGIONS[t.lower()] for t in value.lstrip("#").split("+")]
    return "+".join(r for r in ("E", "W", "S", "N.I.") if r in tokens)


def _documents() -> list[tuple[Path, SourceDocument]]:
    found = []
    for path in [*CLML_FILES, UKPGA]:
        try:
            document = read_source(path)
        except Exception:  # refused files (no work date) and feeds are other tests' business
            continue
        if isinstance(document, SourceDocument):
            found.append((path, document))
    return found


@pytest.fixture(scope="module")
def documents():
    needs_shared(UKPGA)
    needs_shared(GLA_FILE)
    return _documents()


def test_every_unit_has_the_extent_its_source_gives(documents):
    """Invariant over every UK file: a unit's extent is the nearest RestrictExtent on or around it (CLML), or its
    own or nearest enclosing unit's <restriction> (AKN), read here with XPath independently of the mapping."""
    checked = 0
    for path, document in documents:
        tree = etree.parse(str(path))
        if document.mapping == "clml":
            by_id = {e.get("id"): e for e in tree.iter() if isinstance(e.tag, str) and e.get("id")}
            split: dict[str, list[str]] = {}
            for unit in document.units:
                element = by_id[unit.eid]
                nearest = element.xpath("ancestor-or-self::*[@RestrictExtent][1]/@RestrictExtent")
                stated = _spelled(nearest[0]) if nearest else None
                # a change marked in its own words as extending to some territories (<Addition Extent="E+W">): its
                # text there and its text elsewhere are two concurrent units, together of the extent stated
                marked = element.xpath("(.//*[@Extent])[1]/@Extent")
                if unit.concurrent and marked and stated and unit.extent != stated:
                    split.setdefault(unit.eid, []).append(unit.extent)
                    assert set(unit.extent.split("+")) < set(stated.split("+")), f"{path.name}: {unit.eid}"
                else:
                    assert unit.extent == stated, f"{path.name}: {unit.eid}"
                checked += 1
            for eid, extents in split.items():
                stated = _spelled(by_id[eid].xpath("ancestor-or-self::*[@RestrictExtent][1]/@RestrictExtent")[0])
                assert sorted(r for e in extents for r in e.split("+")) == sorted(stated.split("+")), eid
        else:
            akn = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
            restrictions = {
                (r.get("href") or "").lstrip("#"): _spelled(r.get("refersTo"))
                for r in tree.iter(f"{akn}restriction")
                if r.get("type") == "jurisdiction"
            }
            by_eid = {e.get("eId"): e for e in tree.iter() if isinstance(e.tag, str) and e.get("eId")}
            for unit in document.units:
                holders = [by_eid[unit.eid], *by_eid[unit.eid].iterancestors()]
                own = next((restrictions[h.get("eId")] for h in holders if h.get("eId") in restrictions), None)
                assert unit.extent == (own or restrictions.get("")), f"{path.name}: {unit.eid}"
                checked += 1
    assert checked > 5000


def test_every_commencement_in_part_is_dated_by_its_own_clause(documents):
    """Invariant over every UK file: a commencement in part quotes words of its note saying "for certain (specified)
    purposes", and its date is written in those words, or is the act's own date where they say "Royal Assent"; or
    it is the act's own commencement clause bringing a provision into force on the day it is passed "so far as
    relating" to another (Police (Northern Ireland) Act 2000 s. 79(2)(d), line 5729: "Part III of Schedule 1 and
    section 2(2) so far as relating thereto;"), dated the act's own date."""
    found = 0
    for path, document in documents:
        for mod in (m for m in document.modifications if m.kind == "partial-commencement"):
            assert mod.purposes and mod.purposes in " ".join(mod.note.split()), f"{path.name}:{mod.line}"
            if re.search(r"so far as relat", mod.purposes) and mod.note_id is None:  # the act's own words
                assert mod.effective == document.work_date, f"{path.name}:{mod.line}: {mod.purposes}"
                continue
            # for some purposes only, or for some of its parts: a clause citing provisions within it ("s. 97(1)(2) in
            # force at 12.1.2000 by S.I. 1999/3434, art. 2", the note on s. 97)
            assert re.search(r"for (certain|specified) purposes", mod.purposes) or re.match(
                r"(?i)\s*(?:s|reg|art|r)\. ?\d+\w*\(", mod.purposes
            ), f"{path.name}:{mod.line}: {mod.purposes}"
            written = {
                (int(d), int(m), int(y)) for d, m, y in re.findall(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", mod.purposes)
            }
            day = mod.effective
            assert (day.day, day.month, day.year) in written or (
                "Royal Assent" in mod.purposes and not written and day == document.work_date
            ), f"{path.name}:{mod.line}: {mod.purposes}"
            found += 1
    assert found >= 50  # 42 in the DPA, 12 in the GLA Act Part III (listed by reading the I and F notes)


# -- the DPA 1998 (legislation.gov.uk AKN export) ------------------------------------------------------------------


def test_dpa_extents(dpa_lex):
    # line 1224: <restriction refersTo="#e+w+s+ni" type="jurisdiction"/> (the whole act); line 1228: section-7 the same;
    # line 1337: <restriction href="#schedule-5-paragraph-6" refersTo="#e+w+ni" type="jurisdiction"/>
    assert dpa_lex.text_at(f"{DPA}/section-7-1", "2010-01-01").extent == "E+W+S+N.I."
    assert dpa_lex.text_at(f"{DPA}/section-7-1", "2010-01-01", extent="S").status == "in-force"
    para6 = dpa_lex.text_at(f"{DPA}/schedule-5-paragraph-6", "2005-01-01")
    assert (para6.status, para6.extent) == ("in-force", "E+W+N.I.")
    for asked in ("E", "E+W", "N.I.", "ni", "all"):
        assert dpa_lex.text_at(f"{DPA}/schedule-5-paragraph-6", "2005-01-01", extent=asked).status == "in-force"
    scotland = dpa_lex.text_at(f"{DPA}/schedule-5-paragraph-6", "2005-01-01", extent="S")
    assert (scotland.status, scotland.text) == ("outside-extent", None)
    assert "E+W+N.I." in scotland.message
    assert dpa_lex.versions(f"{DPA}/schedule-5-paragraph-6", extent="S") == []
    assert [v.extent for v in dpa_lex.versions(f"{DPA}/schedule-5-paragraph-6")] == ["E+W+N.I."]


def test_dpa_s7_in_force_for_certain_purposes_at_royal_assent(dpa_lex):
    # I1 (c18185001, line 1765): "S. 7 wholly in force at 1.3.2000; s. 7 in force for certain purposes at Royal Assent
    # see s. 75(2)(i); s. 7 in force at 1.3.2000 insofar as not already in force by S.I. 2000/183, art. 2(1)".
    # Royal Assent: FRBRWork date 1998-07-16.
    assert dpa_lex.text_at(f"{DPA}/section-7", "1998-07-15").status == "not-yet-in-force"
    for day in ("1998-07-16", "1999-12-31"):
        partly = dpa_lex.text_at(f"{DPA}/section-7", day)
        assert (partly.status, partly.valid_from) == ("partly-in-force", "2000-03-01")
        assert [p.date for p in partly.in_force_in_part] == ["1998-07-16"]
        assert partly.purposes == ["s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i)"]
        assert (
            len(partly.in_part_evidence) == 1
            and "ukpga-1998-29.xml:1763: note: S. 7 wholly in force" in (partly.in_part_evidence[0])
        )
    assert dpa_lex.text_at(f"{DPA}/section-7", "2000-03-01").status == "in-force"


def test_dpa_s55A_inserted_for_certain_purposes_first(dpa_lex):
    # F89 (line 2334): "S. 55A inserted (1.10.2009 for certain purposes and 6.4.2010 to the extent that it is not
    # already in force) by Criminal Justice and Immigration Act 2008 (c. 4), ss. 144(1), 153; S.I. 2009/2606 ...".
    assert dpa_lex.text_at(f"{DPA}/section-55A", "2009-09-30").status == "not-yet-in-force"
    for day in ("2009-10-01", "2010-04-05"):
        partly = dpa_lex.text_at(f"{DPA}/section-55A", day)
        assert (partly.status, partly.valid_from, partly.purposes) == (
            "partly-in-force",
            "2010-04-06",
            ["1.10.2009 for certain purposes"],
        )
        # its words (in its subsections, which came with it): in force for those purposes too
        within = dpa_lex.text_at(f"{DPA}/section-55A-1", day)
        assert (within.status, within.purposes) == ("partly-in-force", ["1.10.2009 for certain purposes"])
        assert within.text.startswith("The Commissioner may serve a data controller with a monetary penalty notice")
    assert dpa_lex.text_at(f"{DPA}/section-55A", "2010-04-06").status == "in-force"
    # the event is the 2008 Act's, and it opens nothing
    (part,) = dpa_lex.text_at(f"{DPA}/section-55A", "2010-01-01").in_force_in_part
    assert part.event == f"{DPA}/event/2009-10-01/partial-commencement/id-ukpga-2008-4"


def test_dpa_s56_partly_in_force_twice_before_wholly(dpa_lex):
    # I18 (c18186771, line 2356): "S. 56 partly in force; s. 56 in force for certain purposes at Royal Assent see
    # s. 75(2)(i); s. 56 in force for specified purposes at 3.3.2011by S.I. 2011/601, art. 2"; I34: "S. 56 in force
    # at 10.3.2015 in so far as not already in force by S.I. 2015/312, art. 2".
    assert dpa_lex.text_at(f"{DPA}/section-56", "1998-07-15").status == "not-yet-in-force"
    early, later = (dpa_lex.text_at(f"{DPA}/section-56", day) for day in ("1999-01-01", "2012-01-01"))
    assert early.status == later.status == "partly-in-force"
    assert [p.date for p in later.in_force_in_part] == ["1998-07-16", "2011-03-03"]
    assert "since 1998-07-16" in early.message and "since 2011-03-03" in later.message
    whole = dpa_lex.text_at(f"{DPA}/section-56", "2015-03-10")
    assert (whole.status, whole.valid_from) == ("in-force", "2015-03-10")


def test_partly_in_force_over_http_and_in_the_one_definition(dpa_lex):
    answer = dpa_lex.run("text-at", {"provision": f"{DPA}/section-7", "date": "1999-01-01", "extent": "S"})
    assert answer["status"] == "partly-in-force" and answer["extent"] == "E+W+S+N.I."


# -- two CLML files: the GLA Act 1999 Part III and the Senior Courts Act 1981 Part VI -----------------------------


@pytest.fixture(scope="module")
def clml_lex(tmp_path_factory):
    needs_shared(GLA_FILE)
    needs_shared(SCA_FILE)
    store, _summary = ingested_copy([GLA_FILE], tmp_path_factory, "uk")
    instance = open_lex(store)
    instance.ingest([SCA_FILE])
    yield instance
    instance.close()


def test_gla_s119_in_force_at_royal_assent_for_certain_purposes(clml_lex):
    # Commentary on s. 119: "S.119 wholly in force at 3.7.2000: s.119 in force at Royal Assent (11.11.1999)for certain
    # purposes, see s.425(2)"; the P1group around it: RestrictExtent="E+W+S".
    assert clml_lex.text_at(f"{GLA}/section-119", "1999-11-10").status == "not-yet-in-force"
    partly = clml_lex.text_at(f"{GLA}/section-119", "2000-01-01")
    assert (partly.status, partly.valid_from, partly.extent) == ("partly-in-force", "2000-07-03", "E+W+S")
    whole = clml_lex.text_at(f"{GLA}/section-119", "2000-07-03")
    assert (whole.status, whole.extent) == ("in-force", "E+W+S")
    assert clml_lex.text_at(f"{GLA}/section-119", "2005-01-01", extent="N.I.").status == "outside-extent"


def test_gla_s127_in_force_for_specified_purposes_by_an_order(clml_lex):
    # "s. 127 in force for specified purposes at 8.5.2000 by S.I. 1999/3434, art. 3" before its version of 3.7.2000
    partly = clml_lex.text_at(f"{GLA}/section-127", "2000-06-01")
    assert partly.status == "partly-in-force"
    (part,) = partly.in_force_in_part
    assert part.date == "2000-05-08" and part.event.endswith("/partial-commencement/id-uksi-1999-3434")


def test_sca_extents_by_restrict_extent(clml_lex):
    # Senior Courts Act 1981 Part VI at 2020-08-03: s. 151 (line 928, its P1group) E+W+S+N.I.; s. 129 and its para.
    # (a) inherit line 176: <P1group RestrictExtent="E+W" ConfersPower="true"> (s. 130, line 198, is ". . ." only)
    assert clml_lex.text_at(f"{SCA}/section-151", "2020-08-03").extent == "E+W+S+N.I."
    for unit in ("section-129", "section-129-a"):
        assert {v.extent for v in clml_lex.versions(f"{SCA}/{unit}")} == {"E+W"}
        assert clml_lex.text_at(f"{SCA}/{unit}", "2020-08-03", extent="S").status == "outside-extent"
        assert clml_lex.text_at(f"{SCA}/{unit}", "2020-08-03", extent="W").status == "in-force"


@pytest.mark.parametrize("path", ["schedule-2-paragraph-7", "section-55B-1"])
def test_dpa_inserted_for_specified_purposes_from_its_periods_start_is_partly_in_force_until_wholly(dpa_lex, path):
    # line 3584: "Sch. 2 para. 7 inserted (27.4.2017 for specified purposes, 31.10.2017 in so far as not already in
    # force) by Criminal Finances Act 2017 (c. 22)"; line 13925: <paragraph eId="schedule-2-paragraph-7"
    # period="#period38">, which starts at #effective-date-33 (line 1484), 2017-04-27 (line 147): the source shows it
    # from its commencement in part; it is wholly in force from 31.10.2017. Line 2339: "S. 55B inserted (1.10.2009
    # for certain purposes and 6.4.2010 to the extent that it is not already in force)"; line 10504: <section
    # eId="section-55B" period="#period18">, from 1.10.2009: s. 55B(1) came with it
    partly_from, wholly_from, purposes = (
        ("2017-04-27", "2017-10-31", "27.4.2017 for specified purposes")
        if path.startswith("schedule")
        else ("2009-10-01", "2010-04-06", "1.10.2009 for certain purposes")
    )
    assert dpa_lex.versions(f"{DPA}/{path}")[0].valid_from == wholly_from
    partly = dpa_lex.text_at(f"{DPA}/{path}", partly_from)
    assert (partly.status, partly.valid_from, partly.purposes) == ("partly-in-force", wholly_from, [purposes])
    assert dpa_lex.text_at(f"{DPA}/{path}", wholly_from).status == "in-force"
