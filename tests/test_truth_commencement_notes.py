"""Every plain commencement note of every UK file in ../shared/data holds in the answers: a provision "wholly in force
at D" is in force on D (or its text then is not held) and not wholly in force the day before; one "partly in force",
which no note brings wholly into force, is partly in force on the day the source is current to. The notes are read
apart from lexrdf's mappings (tests/uk_commencement_notes.py), so that the mappings cannot agree with themselves."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, UK_FILES, needs_shared, open_lex
from templates import ingested_copy
from uk_commencement_notes import claims

WITH_NOTES = [path for path in UK_FILES if claims(path)]
GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"


def test_the_uk_files_hold_commencement_notes_to_check():
    needs_shared(GLA_FILE)
    assert {p.name for p in WITH_NOTES} >= {"ukpga-1999-29-part-III-2013-03-27.xml", "ukpga-1998-29.xml"}


@pytest.mark.parametrize("path", WITH_NOTES, ids=lambda p: p.name)
def test_every_plain_commencement_note_holds(ingested, path: Path):
    lex, summary = ingested([path])
    (act,) = summary.act_iris
    checked, wrong = 0, []
    for claim in claims(path):
        provision = f"{act}/{claim.identifier}"
        if not lex.versions(provision):
            continue  # a provision the file does not hold (a fragment's neighbours)
        checked += 1
        if claim.kind == "wholly":
            assert claim.day is not None
            on = lex.text_at(provision, claim.day.isoformat()).status
            before = lex.text_at(provision, (claim.day - timedelta(days=1)).isoformat()).status
            if on not in ("in-force", "outside-coverage") or before == "in-force":
                wrong.append(f"line {claim.line}: {claim.identifier} on {claim.day}: {on}, the day before {before}")
        else:
            current = lex.text_at(provision, date.today().isoformat()).current_to
            now = lex.text_at(provision, current).status if current else None
            if now != "partly-in-force":
                wrong.append(f"line {claim.line}: {claim.identifier} on {current} (current to): {now}")
    assert checked and wrong == [], "\n".join(wrong)


@pytest.fixture(scope="module")
def gla(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(GLA_FILE)
    store, _summary = ingested_copy([GLA_FILE], tmp_path_factory, "gla")
    instance = open_lex(store)
    yield instance
    instance.close()


@pytest.mark.parametrize("section", ["122", "123", "124"])
def test_gla_ss122_124_are_partly_in_force_for_as_long_as_the_source_goes(gla, section):
    # line 4030: "S. 122 partly in force; s. 122 not in force at Royal Assent, see s. 425(2); s. 122 in force for
    # specified purposes (3.7.2000) by S.I. 2000/801, art. 2(2)(c), Sch. Pt. 3" (4033, 4036: the same of ss. 123, 124);
    # no other note brings them into force; the file is the point in time 2013-03-27; their P1groups have
    # RestrictStartDate="2004-01-01" (line 2629 for s. 122), the day words in them were changed
    provision = f"{GLA}/section-{section}"
    answer = gla.text_at(provision, "2010-01-01")
    assert answer.status == "partly-in-force" and answer.version is not None  # its words (here all in its subsections)
    assert "since 2000-07-03" in answer.message and f"s. {section} in force for specified purposes" in answer.message
    assert [p.date for p in answer.in_force_in_part] == ["2000-07-03"]
    # "not in force at Royal Assent": before its first commencement (in part, 3.7.2000) nothing of it was in force
    assert gla.text_at(provision, "2000-07-02").status == "not-yet-in-force"
    # before 2004 the words were other words, not held: not these words in part
    before = gla.text_at(provision, "2003-01-01")
    assert before.status == "outside-coverage" and before.text is None
    (version,) = gla.versions(provision)
    assert version.valid_from == "2004-01-01" and "for some purposes only" in (version.message or "")


def test_gla_s122_1_is_in_part_as_the_section_it_came_with(gla):
    # s. 122(1) (line 2634) has no note of its own: what is in force of s. 122 is what is in force of its words
    descendants = gla.descendants(f"{GLA}/section-122", "2010-01-01")
    assert descendants.status == "partly-in-force"
    assert f"{GLA}/section-122-1" in {item.unit for item in descendants.items}
    assert gla.text_at(f"{GLA}/section-122-1", "2010-01-01").status == "partly-in-force"


def test_gla_s82_is_wholly_in_force_once_its_last_part_is(gla):
    # line 3858: "S. 82 partly in force; ...; s. 82(1)(2) in force at 12.1.2000 ...; s. 82(3) in force for certain
    # purposes at 12.1.2000 ...; s. 82(3) in force (1.1.2001) in so far as not already in force by S.I. 2000/3379":
    # "partly" is the editors' word before 1.1.2001; s. 82 is not in part throughout
    assert gla.text_at(f"{GLA}/section-82", "2010-01-01").status == "in-force"
