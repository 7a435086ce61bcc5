"""Commencement notes read clause by clause (issue 37, item 1): each date with the order its own clause names; the
parts a clause cites in words in force on that clause's date.

Expected values are read from the notes, quoted beside each test. General rules checked on every UK file of
../shared/data: `AnnotationReader.clause_source` (the act of "wholly in force at D" is the one its own clause cites,
else the one a clause giving D cites) and `commenced_parts` (a clause "s. 97(1)(2) in force at D by X" commences the
provisions it cites, and the provision holding them is in force in part from D).
"""

from __future__ import annotations

import pytest
from conftest import BASE, SHARED_DATA, UKPGA, needs_shared, open_lex
from templates import ingested_copy

GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"  # <ukm:EnactmentDate Date="1999-11-11"/>
DPA = f"{BASE}/eli/gb-ukm/act/1998-07-16/29"  # Royal Assent 16 July 1998
SI_1999_3434 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/uksi/1999/3434"
LEG = "http://www.legislation.gov.uk/id"


@pytest.fixture(scope="module")
def gla(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(GLA_FILE)
    store, _summary = ingested_copy([GLA_FILE], tmp_path_factory, "gla")
    lex = open_lex(store)
    yield lex
    lex.close()


# line 3968: "S. 97 wholly in force at 3.7.2000; s. 97 not in force at Royal Assent see s. 425(2); s. 97(1)(2) in force
# at 12.1.2000 by S.I. 1999/3434, art. 2 (subject to transitional provisions in Sch. 1 Tables 1, 2); s. 97(3) in force
# at 3.7.2000 by S.I. 1999/3434, art. 4"
@pytest.mark.parametrize(
    ("path", "day", "status"),
    [
        ("section-97-1", "2000-03-01", "in-force"),
        ("section-97-2", "2000-03-01", "in-force"),
        ("section-97-1-a", "2000-03-01", "in-force"),  # (a) came with (1)
        ("section-97-3", "2000-03-01", "not-yet-in-force"),
        ("section-97", "2000-03-01", "partly-in-force"),
        ("section-97", "1999-12-01", "not-yet-in-force"),  # "not in force at Royal Assent"
        ("section-97-1", "2000-01-11", "not-yet-in-force"),
        ("section-97-3", "2000-07-03", "in-force"),
    ],
)
def test_gla_s97_parts_in_force_on_their_own_dates(gla, path, day, status):
    assert gla.text_at(f"{GLA}/{path}", day).status == status


def test_gla_s97_1_commenced_by_the_order_of_its_clause(gla):
    answer = gla.text_at(f"{GLA}/section-97-1", "2000-03-01")
    assert (answer.valid_from, answer.opened_by.type, answer.opened_by.source) == (
        "2000-01-12",
        "commencement",
        SI_1999_3434,
    )


def _source_provisions(lex, provision: str, day: str) -> set[str]:
    rows = lex.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#>\n"
        f'SELECT ?p WHERE {{ ?e a lex:Commencement ; lex:affects <{provision}> ; lex:date "{day}"^^'
        "<http://www.w3.org/2001/XMLSchema#date> ; lex:sourceProvision ?p }"
    )
    return {row["p"].value for row in rows}


def test_gla_wholly_in_force_takes_the_order_of_the_clause_with_its_date(gla):
    # s. 97 wholly in force at 3.7.2000: the clause of that date names art. 4; art. 2 is the clause of 12.1.2000
    assert _source_provisions(gla, f"{GLA}/section-97", "2000-07-03") == {f"{LEG}/uksi/1999/3434/article/4"}
    # (one event per order and day: it names the articles of every provision that order commenced that day)
    of_12_1_2000 = _source_provisions(gla, f"{GLA}/section-97-1", "2000-01-12")
    assert f"{LEG}/uksi/1999/3434/article/2" in of_12_1_2000 and f"{LEG}/uksi/1999/3434/article/4" not in of_12_1_2000


# line 3977: "S. 100 wholly in force at 3.7.2000; s. 100 not in force at Royal Assent see s. 425(2); s. 100(1)-(4)(6)
# in force at 12.1.2000 by S.I. 1999/3434, art. 2; s. 100(5) in force at 3.7.2000 by S.I. 1999/3434, art. 4"
@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("section-100-2", "in-force"),
        ("section-100-4", "in-force"),
        ("section-100-6", "in-force"),
        ("section-100-5", "not-yet-in-force"),  # its own clause: 3.7.2000, not in part with s. 100
        ("section-100", "partly-in-force"),
    ],
)
def test_gla_s100_range_of_subsections(gla, path, status):
    assert gla.text_at(f"{GLA}/{path}", "2000-03-01").status == status


@pytest.fixture(scope="module")
def dpa(dpa_lex):
    return dpa_lex


def test_dpa_s25_1_in_force_at_royal_assent(dpa):
    # ukpga-1998-29.xml line 1970: "S. 25 wholly in force at 1.3.2000; s. 25(1)(4) in force at Royal Assent see s.
    # 75(2)(i); ..." (the export links "s. 25(1)(4)" to .../section/25/1/4, but UK numbering alternates digits and
    # letters: it cites s. 25(1) and s. 25(4)); Royal Assent 16.7.1998
    needs_shared(UKPGA)
    answer = dpa.text_at(f"{DPA}/section-25-1", "1999-01-01")
    assert (answer.status, answer.valid_from) == ("in-force", "1998-07-16")
    assert dpa.text_at(f"{DPA}/section-25", "1999-01-01").status == "partly-in-force"
