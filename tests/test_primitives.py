"""The query protocol's primitives on the sample corpus: descendants, lineage, impact, diff, changes-since,
search, applicability and near-change flags."""

from __future__ import annotations

import pytest
from conftest import BASE, HARBOUR, ODA, SAMPLES

from lexrdf.errors import QueryError

AMENDING_2004 = f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7"


def paths(items, act=ODA) -> list[str]:
    return [item.unit[len(act) + 1 :] for item in items]


def test_descendants_are_complete_and_in_document_order(samples_lex):
    answer = samples_lex.descendants(f"{ODA}/art_3", "2005-01-01")
    assert answer.status == "in-force"
    assert paths(answer.items) == [
        "art_3/para_1",
        "art_3/para_1/list_1",
        "art_3/para_1/list_1/point_a",
        "art_3/para_1/list_1/point_b",
        "art_3/para_2",
    ]
    assert answer.count == len(answer.items) == 5
    before = samples_lex.descendants(f"{ODA}/art_3", "2004-06-30")
    assert "art_3/para_1/list_1/point_c" in paths(before.items) and before.count == 6
    assert next(i for i in answer.items if i.unit.endswith("art_3/para_2")).text.startswith(
        "Publication under paragraph 1 shall take place within three"
    )


def test_inserted_paragraph_takes_its_place_in_document_order(samples_lex):
    answer = samples_lex.descendants(f"{ODA}/art_2", "2005-01-01")
    assert paths(answer.items) == ["art_2/para_1", "art_2/para_2", "art_2/para_3"]
    whole = paths(samples_lex.descendants(ODA, "2011-01-01").items)
    assert whole.index("art_2/para_3") == whole.index("art_2/para_2") + 1
    assert "art_6" not in whole and len(whole) == 21


def test_descendants_of_a_provision_not_in_force_is_its_typed_non_answer(samples_lex):
    answer = samples_lex.descendants(f"{ODA}/art_6", "2011-01-01")
    assert (answer.status, answer.count, answer.items) == (
        "ended",
        0,
        [],
    )  # art_6 ended without a recorded act (samples/README.md)
    assert samples_lex.descendants(f"{ODA}/nope", "2011-01-01").status == "unknown-reference"


def test_context_is_root_first_with_texts_on_the_date(samples_lex):
    answer = samples_lex.context(f"{ODA}/art_3/para_1/list_1/point_b", "2005-01-01")
    chain = answer.items
    assert [u.unit_type for u in chain] == ["act", "chapter", "article", "paragraph", "list", "point"]
    assert chain[0].unit == ODA and chain[-1].unit.endswith("point_b")
    assert chain[2].number == "Article 3" and chain[-1].text
    assert answer.status == "in-force" and answer.subordinate  # the list's introduction governs the point
    assert chain[4].text  # that introduction, as in force then
    assert not samples_lex.context(f"{ODA}/art_3/para_2", "2005-01-01").subordinate
    gone = samples_lex.context(f"{ODA}/art_6/para_1", "2011-01-01")
    assert gone.status == "ended" and gone.items[-1].text is None


def test_lineage_ends_at_the_state_text_at_returns(samples_lex):
    provision = f"{ODA}/art_3/para_2"
    lineage = samples_lex.lineage(provision, "2005-01-01")
    assert [(s.type, s.valid_from, s.valid_until) for s in lineage.items] == [
        ("enactment", "2001-04-01", "2004-07-01"),
        ("substitution", "2004-07-01", None),
    ]
    assert lineage.items[-1].version == samples_lex.text_at(provision, "2005-01-01").version
    assert lineage.items[-1].previous == lineage.items[0].version
    assert lineage.items[-1].source_act == AMENDING_2004
    early = samples_lex.lineage(provision, "2002-01-01")
    assert [s.type for s in early.items] == ["enactment"]
    assert samples_lex.lineage(provision, "2000-01-01").status == "not-yet-in-force"


def test_impact_of_an_amending_act_known_only_by_reference(samples_lex):
    answer = samples_lex.impact(AMENDING_2004)
    effects = {(item.provision[len(ODA) + 1 :], item.effect, item.type) for item in answer.items}
    assert effects == {
        ("art_2/para_3", "opened", "insertion"),
        ("art_3/para_2", "changed", "substitution"),
        ("art_3/para_1/list_1/point_c", "closed", "repeal"),
    }
    changed = next(i for i in answer.items if i.effect == "changed")
    assert changed.version_closed.endswith("/2001-04-01") and changed.version_opened.endswith("/2004-07-01")


def test_impact_of_one_event_and_of_an_act_itself(samples_lex):
    event = samples_lex.text_at(f"{HARBOUR}/art_7", "2000-01-01").opened_by.event
    enacted = samples_lex.impact(event)
    assert enacted.count > 10 and {i.effect for i in enacted.items} == {"opened"}
    assert samples_lex.impact(f"{BASE}/nothing").status == "unknown-reference"


def test_diff_is_word_level_with_the_events_between(samples_lex):
    answer = samples_lex.diff(f"{ODA}/art_3/para_2", "2002-01-01", "2005-01-01")
    changed = [(c.op, c.from_text, c.to_text) for c in answer.changes if c.op != "equal"]
    assert changed == [("replace", "twelve", "three"), ("replace", "body.", "body, in a machine-readable format.")]
    assert [(e.type, e.date) for e in answer.events] == [("substitution", "2004-07-01")]
    same = samples_lex.diff(f"{ODA}/art_3/para_2", "2005-01-01", "2009-01-01")
    assert [c.op for c in same.changes] == ["equal"] and same.events == []
    with pytest.raises(QueryError, match="parameter 'to'"):
        samples_lex.diff(f"{ODA}/art_3/para_2", "2005-01-01", "2001-01-01")


def test_search_in_force_texts_only_ranked_deterministically(samples_lex):
    in_2005 = samples_lex.search("machine-readable", "2005-01-01")
    assert [h.path for h in in_2005.items] == ["art_2/para_3", "art_3/para_2"]
    assert samples_lex.search("machine-readable", "2003-01-01").count == 0  # only texts in force then
    commissioner = samples_lex.search("Commissioner", "2011-01-01")
    assert commissioner.items == sorted(commissioner.items, key=lambda h: -h.occurrences)
    assert all(h.act_title for h in commissioner.items)
    assert samples_lex.search("(.*)", "2011-01-01").count == 0  # taken literally, not as a pattern


def test_applicability_basis(samples_lex):
    provision = f"{HARBOUR}/art_4a/para_1"
    assert samples_lex.text_at(provision, "2008-06-01").status == "in-force"
    applicable = samples_lex.text_at(provision, "2008-06-01", basis="applicable")
    assert applicable.status != "in-force" and applicable.text is None
    assert samples_lex.text_at(provision, "2008-09-01", basis="applicable").status == "in-force"
    with pytest.raises(QueryError, match="parameter 'basis'"):
        samples_lex.text_at(provision, "2008-09-01", basis="efficacy")


def test_near_change_names_the_change(samples_lex):
    provision = f"{ODA}/art_3/para_2"
    before = samples_lex.text_at(provision, "2004-06-20")
    assert (before.near_change.date, before.near_change.type, before.near_change.direction) == (
        "2004-07-01",
        "substitution",
        "upcoming",
    )
    assert samples_lex.text_at(provision, "2004-07-20").near_change.direction == "recent"
    assert samples_lex.text_at(provision, "2006-01-01").near_change is None
    assert samples_lex.text_at(provision, "2004-05-01", near_days=90).near_change is not None


def test_changes_since(lex, wall):
    lex.ingest([SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"])
    mark = wall.instant()
    lex.ingest([SAMPLES / "expressions" / "open-data-act@2004-07-01.xml"])
    answer = lex.changes_since(mark)
    kinds = {(item.kind, item.change) for item in answer.items}
    assert ("Version", "recorded") in kinds and ("VersionRecord", "superseded") in kinds
    assert answer.count == len(answer.items) and all(item.at > mark for item in answer.items)
    assert [i.at for i in answer.items] == sorted(i.at for i in answer.items)
    assert lex.changes_since(wall.instant()).count == 0


def test_every_answer_with_text_carries_its_citation(samples_lex):
    descendants = samples_lex.descendants(f"{ODA}/art_3", "2005-01-01")
    point = next(i for i in descendants.items if i.unit.endswith("point_a"))
    assert point.citation == "Open Data Act 2001, Article 3, paragraph 1., point (a), as in force on 1 January 2005"
    hits = samples_lex.search("machine-readable", "2005-01-01").items
    assert [h.citation for h in hits] == [
        "Open Data Act 2001, Article 2, paragraph 3., as in force on 1 January 2005",
        "Open Data Act 2001, Article 3, paragraph 2., as in force on 1 January 2005",
    ]
    diff = samples_lex.diff(f"{ODA}/art_3/para_2", "2002-01-01", "2005-01-01")
    assert diff.from_version.citation.endswith("as in force on 1 January 2002")
    assert diff.to_version.citation.endswith("as in force on 1 January 2005")


def test_a_citation_naming_two_acts_is_ambiguous(lex):
    from pyoxigraph import Literal, NamedNode, Quad

    from lexrdf.vocab import LEX

    lex.ingest([SAMPLES])
    # a second act claiming the same identifier (a data error a curator must settle)
    lex.store.add_act_graph(
        NamedNode(HARBOUR),
        [Quad(NamedNode(HARBOUR), LEX.frbrWork, Literal("/akn/xx/act/2001-03-14/12"), NamedNode(HARBOUR))],
    )
    answer = lex.resolve("/akn/xx/act/2001-03-14/12")
    assert answer.status == "ambiguous-reference" and answer.provision is None
    assert sorted(answer.candidates) == sorted([ODA, HARBOUR])
