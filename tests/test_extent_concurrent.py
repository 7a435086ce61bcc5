"""Concurrent versions by extent (issue 37, item 2): a provision with texts in force at the same time for different
territories, ingested as parallel versions of the same provision, each with its own extent.

The markup, as the CLML schema and user guide document it (github.com/legislation/clml-schema):

- schema/schemaLegislationCommonAttributes.xsd: ``AltVersionRefs`` ("Links to alternate versions of the content")
  on any element; the fragment attributes ``RestrictExtent``, ``RestrictStartDate``, ``RestrictEndDate`` and
  ``Concurrent`` (xsd:boolean, default false);
- schema/schemaLegislationCore.xsd: ``<Versions>`` after the body (beside Footnotes, Commentaries);
- schemaDoc/CLMLfiles/extraDocFolder/CLMLuserGuide-v2-4.html, "Concurrent versions": "A <Version> element may contain
  an alternate version of part of the document that applies only to a specific legal jurisdiction ... The
  Concurrent attribute on both versions of the <P1group> element ... The AltVersionsRef attribute on the original
  <P1group> element that indicates the version to use. The RestrictExtent attribute on both versions of the
  <P1group> element to indicate their respective extents"; and, "IDs": two structural elements may have the same
  identifier only "within an alternate version (<Version>)".

The fixture (tests/data/clml/ukpga-1985-67-section-6-2007-09-01-excerpt.xml) is an excerpt of the user guide's own
example, a real legislation.gov.uk document: Transport Act 1985 s. 6 as at 2007-09-01
(http://www.legislation.gov.uk/ukpga/1985/67/section/6/2007-09-01/data.xml, stored in the schema's samples as
schemaDoc/CLMLfiles/sampleXML/ukpga-1985-67-section-6-2007-09-01.xml). Values quoted from it:

- the body: ``<P1group RestrictEndDate="2008-11-26" RestrictStartDate="2007-09-01" ... AltVersionRefs="v00014"
  Concurrent="true" RestrictExtent="E+W">``, s. 6(1) reading "... neither a London local service nor a service which
  falls within subsection (1A) below nor a service provided under an agreement ...", the words "nor a service which
  falls within subsection (1A) below" an Addition pointing at c19469831: "Words in s. 6(1) inserted (E.W.)
  (1.9.2007) by Education and Inspections Act 2006 (c. 40)";
- ``<Version id="v00014" Description="S" RestrictOutput="false"><P1group RestrictExtent="S"
  RestrictStartDate="2005-07-24" ConfersPower="true" Concurrent="true">``, s. 6(1) reading "... neither a London
  local service nor a service provided under an agreement entered into ...", its Substitution pointing at c19459341:
  "Words in s. 6(1) substituted (24.7.2005 for specified purposes and otherwise 16.10.2005) by Railways Act 2005";
- E notes c10877331 "This version of this provision extends to England and Wales only; a separate version has been
  created for Scotland only" and c10877191 "... extends to Scotland only; a separate version has been created for
  England and Wales only";
- the root's RestrictEndDate="2007-10-17": the document vouches for the text to 2007-10-16.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from conftest import BASE, open_lex
from invariants import assert_windows_sound, windows_by_provision
from templates import ingested_copy

from lexrdf.mapping.engine import read_source

FIXTURE = Path(__file__).parent / "data" / "clml" / "ukpga-1985-67-section-6-2007-09-01-excerpt.xml"
TA = f"{BASE}/eli/gb-ukm/act/1985-10-30/67"  # Transport Act 1985 (EnactmentDate 1985-10-30)
S6_1 = f"{TA}/section-6-1"
EW_WORDS = "neither a London local service nor a service which falls within subsection (1A) below nor a service"
S_WORDS = "neither a London local service nor a service provided under an agreement entered into"


@pytest.fixture(scope="module")
def lex(tmp_path_factory):
    store, summary = ingested_copy([FIXTURE], tmp_path_factory, "concurrent")
    instance = open_lex(store)
    assert summary.refused == []
    yield instance
    instance.close()


def test_both_versions_are_read_as_units_of_the_same_provision_with_their_extents():
    document = read_source(FIXTURE)
    s6_1 = [u for u in document.units if u.path == "section-6-1"]
    assert [(u.extent, u.window.start, u.concurrent) for u in s6_1] == [
        ("E+W", date(2007, 9, 1), True),
        ("S", date(2005, 7, 24), True),
    ]
    assert EW_WORDS in s6_1[0].text and S_WORDS in s6_1[1].text
    # the ids repeated inside <Version> are the same units, not labels renamed by position
    assert not any("by its position" in notice for notice in document.notices)
    assert not any(u.eid.endswith("-2") and u.path.startswith("section-6-1-") for u in document.units)
    # what is not concurrent is read as before: Part I and the cross-heading, one unit each
    assert [u.concurrent for u in document.units if u.path.startswith("part-I")] == [False, False]


def test_both_texts_are_answered_for_their_extents_on_the_same_date(lex):
    scotland = lex.text_at(S6_1, "2007-09-15", extent="S")
    assert (scotland.status, scotland.extent) == ("in-force", "S")
    assert S_WORDS in scotland.text
    # dated by its own note: substituted (24.7.2005 for specified purposes and otherwise 16.10.2005)
    assert scotland.valid_from == "2005-10-16"
    england_wales = lex.text_at(S6_1, "2007-09-15", extent="E+W")
    assert (england_wales.status, england_wales.extent, england_wales.valid_from) == ("in-force", "E+W", "2007-09-01")
    assert EW_WORDS in england_wales.text
    assert england_wales.version != scotland.version
    # a territory inside one extent gets that extent's text; one outside both gets neither
    assert lex.text_at(S6_1, "2007-09-15", extent="W").version == england_wales.version
    beyond = lex.text_at(S6_1, "2007-09-15", extent="N.I.")
    assert beyond.status == "outside-extent" and "E+W, S" in beyond.message


def test_without_extent_the_answer_names_every_version_in_force_and_its_extent(lex):
    answer = lex.text_at(S6_1, "2007-09-15")
    assert answer.status == "in-force"
    assert [(c.extent, c.valid_from) for c in answer.concurrent] == [("E+W", "2007-09-01"), ("S", "2005-10-16")]
    assert answer.version == answer.concurrent[0].version and answer.extent == "E+W"
    assert "each for its own extent" in answer.message
    # before the E+W words were inserted (1.9.2007) only the S text was in force: one version, no list
    earlier = lex.text_at(S6_1, "2006-01-01")
    assert (earlier.status, earlier.extent, earlier.concurrent) == ("in-force", "S", [])


def test_the_versions_list_shows_both_with_their_extents(lex):
    versions = lex.versions(S6_1)
    assert sorted((v.extent, v.valid_from, v.valid_until) for v in versions) == [
        ("E+W", "2007-09-01", None),
        ("S", "2005-10-16", None),
    ]
    assert [v.extent for v in lex.versions(S6_1, extent="S")] == ["S"]
    # each extent's version is its own resource: {provision}/{date}/extent-{extent}
    assert sorted(v.version for v in versions) == [f"{S6_1}/2005-10-16/extent-s", f"{S6_1}/2007-09-01/extent-e-w"]
    # the opening events are those each text's own notes give, not the other's
    opened = {v.extent: (v.opened_by.type, v.opened_by.source) for v in versions}
    assert opened["E+W"] == ("insertion", f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2006/40")
    assert opened["S"] == ("substitution", f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2005/14")


def test_windows_never_overlap_per_provision_and_extent(lex):
    assert_windows_sound(lex)
    timelines = windows_by_provision(lex)
    assert (S6_1, "E+W") in timelines and (S6_1, "S") in timelines and (S6_1, None) not in timelines


def test_ingesting_twice_adds_nothing(lex):
    again = lex.ingest([FIXTURE])
    assert (again.versions, again.records) == (0, 0)
