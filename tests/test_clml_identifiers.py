"""CLML identifiers as CLML uses them (issue 37, item 4): an id repeated on a unit where CLML uses it as a label is
named by its position, with a warning naming the file and line, not a refusal of the whole instrument."""

from __future__ import annotations

from conftest import BASE, SHARED_DATA, needs_shared, open_lex

SI_FILE = SHARED_DATA / "clml" / "more" / "uksi-2024-1303-regulation-3.xml"
SI = f"{BASE}/eli/gb-ukm/si/2024-12-09/1303"  # ukm:Made Date="2024-12-09" (line 30)


def test_a_repeated_unit_id_is_named_by_its_position(tmp_path):
    needs_shared(SI_FILE)
    # the real instrument with its paragraph (2) given the id of paragraph (1): <P2 id="regulation-3-2"> (line 59)
    # becomes a second <P2 id="regulation-3-1"> (the first at line 53)
    source = SI_FILE.read_text(encoding="utf-8")
    assert source.count('id="regulation-3-2"') == 1
    labelled = tmp_path / "uksi-2024-1303-regulation-3-labelled.xml"
    labelled.write_text(source.replace('id="regulation-3-2"', 'id="regulation-3-1"'), encoding="utf-8")
    lex = open_lex(tmp_path / "store")
    try:
        result = lex.ingest([labelled])
        assert result.acts == 1  # the instrument is ingested, not refused
        (warning,) = [w for w in result.warning_lines() if "already that of" in w]
        assert warning.startswith(f"{labelled}:59: id 'regulation-3-1' on <P2> is already that of <P2> at line 53")
        first = lex.text_at(f"{SI}/regulation-3-1", "2025-06-01")
        second = lex.text_at(f"{SI}/regulation-3-1-2", "2025-06-01")
        # line 53: <Pnumber>1</Pnumber> "Paragraphs (2) and (3) apply ..."; line 59: <Pnumber>2</Pnumber> "The company
        # or group is to be treated as having qualified as ..."
        assert (first.number, second.number) == ("1", "2")
        assert first.text.startswith("Paragraphs (2) and (3) apply")
        assert second.text.startswith("The company or group is to be treated as having qualified as")
    finally:
        lex.close()
