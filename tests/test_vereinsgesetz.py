"""The Vereinsgesetz in LegalDocML.de (an Akoma Ntoso profile): one document per expression, 1964 and 2017.

Read from the two files: every provision carries period -> timeInterval start -> eventRef "inkrafttreten"
(1964-09-21); the 2017 consolidation (point in time 2017-03-16, from its expression ELI) differs from 1964
only in the line breaks of § 20 (1) Nr. 1, so it must add no version.
"""

from __future__ import annotations

from conftest import VEREINSG, VEREINSGESETZ, needs_shared, open_lex
from invariants import assert_windows_sound

from lexrdf.mapping.engine import read_document

ORIGINAL = VEREINSG / "vereinsg@1964-08-05.xml"
CONSOLIDATED = VEREINSG / "vereinsg@2017-03-16.xml"
ITEM_1 = f"{VEREINSGESETZ}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1"
ITEM_2 = f"{VEREINSGESETZ}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2"


def test_profile_goes_through_the_same_engine():
    needs_shared(ORIGINAL)
    original, consolidated = read_document(ORIGINAL), read_document(CONSOLIDATED)
    assert (original.mapping, original.frbr_work) == ("legaldocml.de", "eli/bund/bgbl-1/1964/s593")
    assert (original.expression_date.isoformat(), consolidated.expression_date.isoformat()) == (
        "1964-08-05",
        "2017-03-16",
    )
    assert original.entry_into_force.isoformat() == "1964-09-21"
    assert not original.periods_authoritative
    assert [u.path for u in original.units][:3] == [
        "art-z20",
        "art-z20/abs-z1",
        "art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1",
    ]


def test_history_across_both_expressions(lex):
    needs_shared(ORIGINAL)
    first = lex.ingest([ORIGINAL])
    assert first.versions == 8  # the act and its seven units
    second = lex.ingest([CONSOLIDATED])
    # the consolidation changes no text; it only records that the sources now vouch for it to 2017-03-16
    assert (second.versions, second.records) == (0, 0)
    assert lex.ingest([CONSOLIDATED]).quads == 0

    before = lex.text_at(ITEM_1, "1964-09-20")
    assert (before.status, before.valid_from) == ("not-yet-in-force", "1964-09-21")
    for day in ("1964-09-21", "2017-03-15", "2017-03-16", "2024-01-01"):
        answer = lex.text_at(ITEM_1, day)
        # the consolidation is current to 2017-03-16 (its expression date; it was made on 2017-03-15)
        assert answer.status == ("in-force" if day <= "2017-03-16" else "as-last-known")
        assert answer.current_to == "2017-03-16"
        assert answer.valid_from == "1964-09-21" and answer.valid_until is None
        assert answer.text.startswith("entgegen einem vollziehbaren Verbot den Verein fortführt")
        assert (answer.opened_by.type, answer.opened_by.date) == ("enactment", "1964-08-05")
    assert lex.text_at(ITEM_2, "2017-01-01").citation == (
        "Vereinsgesetz, § 20, paragraph (1), item 2., as in force on 1 January 2017"
    )
    assert lex.text_at(ITEM_2, "2020-01-01").citation == (
        "Vereinsgesetz, § 20, paragraph (1), item 2., as last known (sources current to 16 March 2017), "
        "asked for 1 January 2020"
    )
    assert assert_windows_sound(lex) == 8


def test_batch_order_does_not_matter(lex):
    needs_shared(ORIGINAL)
    summary = lex.ingest([CONSOLIDATED, ORIGINAL])  # sorted by expression date before versioning
    assert summary.versions == 8
    assert lex.text_at(ITEM_1, "2020-01-01").valid_from == "1964-09-21"


def test_resolve_by_the_works_eli(lex):
    needs_shared(ORIGINAL)
    lex.ingest([ORIGINAL])
    assert lex.resolve("eli/bund/bgbl-1/1964/s593").provision == VEREINSGESETZ
    answer = lex.resolve("eli/bund/bgbl-1/1964/s593~art-z20_abs-z1_inhalt-n1_liste-n1_listenelem-n2")
    assert (answer.status, answer.provision) == ("resolved", ITEM_2)


def test_a_version_in_force_after_its_enactment_names_both_lifecycle_events(tmp_path):
    # vereinsg@1964-08-05.xml lines 116-121: eventRef ereignis-n1 date="1964-08-05" refersTo="ausfertigung" (signed);
    # lines 122-127: ereignis-n2 date="1964-09-21" refersTo="inkrafttreten", where the text's period starts. The
    # version of § 20 is made by the enactment and in force from 21.9.1964: both say so, with their lines (lxml
    # reports a start tag written over several lines at its last line).
    needs_shared(VEREINSG)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([VEREINSG / "vereinsg@1964-08-05.xml"])
        (version,) = lex.versions(f"{VEREINSGESETZ}/art-z20")
        assert (version.valid_from, version.opened_by.type) == ("1964-09-21", "enactment")
        assert version.opened_by.evidence == [
            "vereinsg@1964-08-05.xml:121: lifecycle eventRef meta-n1_lebzykl-n1_ereignis-n1 (enactment) on 1964-08-05",
            "vereinsg@1964-08-05.xml:127: lifecycle eventRef meta-n1_lebzykl-n1_ereignis-n2 (enactment) on 1964-09-21",
        ]
    finally:
        lex.close()
