"""Transaction time: corrections supersede, closures supersede, nothing is deleted, "as known at" answers."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import ODA, SAMPLES

EXPRESSIONS = SAMPLES / "expressions"
PARA_2 = f"{ODA}/art_3/para_2"
TWELVE = "Publication under paragraph 1 shall take place within twelve"


def corrected_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    source = (EXPRESSIONS / name).read_text(encoding="utf-8")
    assert old in source
    target = tmp_path / "corrected" / name
    target.parent.mkdir(exist_ok=True)
    target.write_text(source.replace(old, new), encoding="utf-8")
    return target


def quads(lex) -> set[str]:
    """The quads of the act graphs (the derived ELI views are rebuilt, not kept: they are not history)."""
    buffer = io.BytesIO()
    lex.store.dump(buffer)
    return {line for line in buffer.getvalue().decode("utf-8").splitlines() if "/view/eli> ." not in line}


def test_correction_supersedes_the_record_and_keeps_the_old_one(lex, tmp_path, wall):
    lex.ingest([EXPRESSIONS / "open-data-act@2001-04-01.xml"])
    known_before = wall.instant()
    stored_before = quads(lex)
    fixed = corrected_copy(
        tmp_path, "open-data-act@2001-04-01.xml", "within twelve months", "within twelve (12) months"
    )
    summary = lex.ingest([fixed])
    assert (summary.versions, summary.records) == (0, 1)

    now = lex.text_at(PARA_2, "2002-01-01")
    assert "within twelve (12) months" in now.text
    assert now.version == f"{PARA_2}/2001-04-01"  # same version, same window: only the record changed
    then = lex.text_at(PARA_2, "2002-01-01", known_at=known_before)
    assert then.text.startswith(TWELVE) and "(12)" not in then.text
    assert then.citation.endswith(f"as recorded at {known_before}")
    assert stored_before <= quads(lex)  # nothing deleted or edited in place
    assert lex.ingest([fixed]).quads == 0  # the correction, re-ingested, changes nothing


def test_closing_a_window_is_recorded_in_transaction_time(lex, wall):
    lex.ingest([EXPRESSIONS / "open-data-act@2001-04-01.xml"])
    known_before = wall.instant()
    lex.ingest([EXPRESSIONS / "open-data-act@2004-07-01.xml"])

    as_known_then = lex.text_at(PARA_2, "2008-01-01", known_at=known_before)
    # samples/expressions/open-data-act@2001-04-01.xml line 8: <act name="act" contains="originalVersion">, line 22:
    # the expression of 2001-04-01: the original text vouches for no later day (its 2024 manifestation is the file's
    # making), so as known then the text of 2008 is the text as last known, its window still open
    assert as_known_then.status == "as-last-known" and as_known_then.text.startswith(TWELVE)
    assert as_known_then.current_to == "2001-04-01"
    assert as_known_then.valid_until is None  # at that time the window was still open
    as_known_now = lex.text_at(PARA_2, "2008-01-01")
    assert as_known_now.valid_from == "2004-07-01" and as_known_now.opened_by.type == "substitution"
    closed = lex.versions(PARA_2)[0]
    assert (closed.valid_until, closed.closed_by.type) == ("2004-07-01", "substitution")
    assert [v.valid_until for v in lex.versions(PARA_2, known_at=known_before)] == [None]


def test_nothing_recorded_yet_is_not_an_answer(lex, wall):
    long_ago = wall.instant()
    lex.ingest([EXPRESSIONS / "open-data-act@2001-04-01.xml"])
    answer = lex.text_at(PARA_2, "2002-01-01", known_at=long_ago)
    # what we answered then: the provision was not known yet (tests/test_transaction_time.py asks everything)
    assert answer.status == "unknown-reference" and answer.text is None


def test_a_provision_inserted_later_is_unknown_as_known_before_though_its_act_is_known(lex, wall):
    """Art. 2(3) of the Open Data Act is inserted by the 2004 expression (open-data-act@2004-07-01.xml line 126:
    `<paragraph eId="art_2__para_3" period="#tg2">`, pmod2 an insertion in force 2004-07-01). As known before that
    file was ingested, it is an unknown reference to every primitive, though other rows of text-at's query are there
    already (the act's sources' currency, which the 2001 expression gave): the query says whether its item is known
    in a row of its own, and the answer layer reads nothing else without that row."""
    inserted = f"{ODA}/art_2/para_3"
    lex.ingest([EXPRESSIONS / "open-data-act@2001-04-01.xml"])
    before = wall.instant()
    lex.ingest([EXPRESSIONS / "open-data-act@2004-07-01.xml"])
    assert lex.text_at(inserted, "2005-01-01").status == "in-force"
    rows = lex.rows("text-at", provision=inserted, date="2005-01-01", known_at=before)
    assert rows and not [row for row in rows if row["provision_type"] is not None]  # rows, none saying it is known
    assert lex.text_at(inserted, "2005-01-01", known_at=before).status == "unknown-reference"
    assert lex.versions(inserted, known_at=before) == []
    assert lex.descendants(inserted, "2005-01-01", known_at=before).status == "unknown-reference"
    assert lex.lineage(inserted, "2005-01-01", known_at=before).status == "unknown-reference"
    assert lex.context(inserted, "2005-01-01", known_at=before).status == "unknown-reference"
    assert lex.interpretations(inserted, "2005-01-01", known_at=before).status == "unknown-reference"
    assert lex.interpretations(inserted, "2005-01-01").status != "unknown-reference"  # known now, none interprets it


def test_every_record_points_at_its_changeset(lex):
    lex.ingest([EXPRESSIONS])
    query = """
        PREFIX lex: <https://w3id.org/lexrdf/ontology#>
        PREFIX prov: <http://www.w3.org/ns/prov#>
        SELECT ?record ?started WHERE {
          ?record a <%s> .
          OPTIONAL { ?record lex:recordedAt ?at ; lex:recordedBy ?changeset .
                     ?changeset a lex:Changeset ; prov:startedAtTime ?started ; lex:sourceFile ?file }
        }"""
    for kind in ("Version", "VersionRecord", "Expression", "Event"):
        rows = list(lex.store.sparql(query % f"https://w3id.org/lexrdf/ontology#{kind}"))
        assert rows, kind
        assert all(row["started"] is not None for row in rows), kind
