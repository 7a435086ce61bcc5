"""legislation.gov.uk changes feeds: ``ukm:Effect`` records read into the active-modification model.

Expected values were read from ../shared/data/clml/changes-affecting-ukpga-2002-38-feed.xml (the changes the
Adoption and Children Act 2002, ukpga 2002/38, makes to other acts; line numbers cited) or counted from it with lxml
in the test.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import BASE, SHARED_DATA, needs_shared
from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.mapping.effects import read_effects

FEED = SHARED_DATA / "clml" / "changes-affecting-ukpga-2002-38-feed.xml"
ACA_2002 = "http://www.legislation.gov.uk/id/ukpga/2002/38"
UKM = {"ukm": "http://www.legislation.gov.uk/namespaces/metadata"}
REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"


@pytest.fixture(scope="module")
def feed():
    needs_shared(FEED)
    return read_effects(FEED)


def test_every_effect_record_is_read(feed):
    records = etree.parse(str(FEED)).getroot().xpath("//ukm:Effect", namespaces=UKM)
    assert len(feed.effects) == len(records) == 336  # openSearch:totalResults 336
    assert feed.affecting_acts == [ACA_2002]
    assert Counter(e.applied for e in feed.effects) == {True: 310, False: 26}  # @Applied
    assert len({e.affected for e in feed.effects}) == 47
    # 18 records have no dated InForce (prospective: "Prospective" with no Date only)
    assert sum(e.prospective for e in feed.effects) == 18
    kinds = Counter(e.kind for e in feed.effects)
    # Type: "words substituted" 72 + "substituted" 19 + "word substituted" 2 + "substituted for s. 4(3)" and four
    # more "substituted for ..." 5 = 98; "repealed" 45, "words/word repealed" 20, "ceases to have effect" 6, ...
    assert kinds["substitution"] == 98
    assert kinds["repeal"] == 45 + 11 + 9 + 6 + 1 + 1
    assert kinds["insertion"] == 63 + 51 + 5 + 1  # inserted, words inserted, word inserted, entry inserted
    assert set(kinds) == {"substitution", "insertion", "repeal", "modification"}


def test_a_modification_with_its_affecting_provision_and_date(feed):
    # line 20: Type "restricted by 1978 c. 28 s.53C (as inserted)" of s. 55 of the Children (Scotland) Act 1995 by
    # Sch. 3 para. 30; InForce Date 2005-12-30 "wholly in force" (S.S.I. 2005/643)
    effect = next(e for e in feed.effects if e.effect_id == "key-95dc8d93469fa331840501843fd2ab44")
    assert (effect.line, effect.kind, effect.applied, effect.in_force.isoformat()) == (
        20,
        "modification",
        True,
        "2005-12-30",
    )
    assert (effect.affected, [p.ref for p in effect.affected_provisions]) == (
        "http://www.legislation.gov.uk/id/ukpga/1995/36",
        ["section-55"],
    )
    assert effect.affected_title == "Children (Scotland) Act 1995"
    (change,) = [c for c in feed.active_modifications(ACA_2002) if c.element.endswith(effect.effect_id)]
    # the feed lists "Sch. 3" and "para. 30": the amending provision is the paragraph
    assert (change.target_work, change.target, change.source_path, change.effective.isoformat(), change.kind) == (
        "http://www.legislation.gov.uk/id/ukpga/1995/36",
        "section-55",
        "schedule-3-paragraph-30",
        "2005-12-30",
        "modification",
    )
    assert change.destination == "http://www.legislation.gov.uk/id/ukpga/1995/36#section-55"


def test_unapplied_effects_are_marked(feed):
    # line 531: "word repealed" in s. 124A(3) of ukpga 1977/49, Applied="false", wholly in force 2005-12-30, made by
    # Sch. 3 para. 20 and Sch. 5
    changes = [
        c for c in feed.active_modifications(ACA_2002) if c.element.endswith("key-4e287bf16aca7e9752a5e15804f34077")
    ]
    assert {(c.kind, c.target, c.source_path, c.applied, c.effective.isoformat()) for c in changes} == {
        ("repeal", "section-124A-3", "schedule-3-paragraph-20", False, "2005-12-30"),
        ("repeal", "section-124A-3", "schedule-5", False, "2005-12-30"),
    }
    unapplied = {c.element for c in feed.active_modifications(ACA_2002) if not c.applied}
    assert len(unapplied) == sum(1 for e in feed.effects if not e.applied and not e.prospective)


def test_full_effect_date_and_the_earlier_ones(feed):
    # line 1419: "words inserted" in s. 1(4)(b) of the Children Act 1989: for specified purposes 2004-12-07 (S.I.
    # 2004/3203), in so far as not already in force 2005-12-30 (S.I. 2005/2213)
    effect = next(e for e in feed.effects if e.effect_id == "key-97baf56b0d55871f06609c5c244329f6")
    assert (effect.kind, effect.in_force.isoformat(), [d.isoformat() for d in effect.dates]) == (
        "insertion",
        "2005-12-30",
        ["2004-12-07", "2005-12-30"],
    )


def test_ranges_and_prospective_effects(feed):
    # line 125: "applied" to s. 250(2)-(5) of the Local Government Act 1972 by s. 17(4): no in-force date yet
    effect = next(e for e in feed.effects if e.effect_id == "key-d1238029e147bd35e9609a345fae9dd7")
    assert effect.prospective and effect.in_force is None
    ((start, through),) = [(p.ref, p.through) for p in effect.affected_provisions]
    assert (start, through) == ("section-250-2", "section-250-5")
    changes = feed.active_modifications(ACA_2002)
    assert not [c for c in changes if c.element.endswith(effect.effect_id)]  # no date: no event
    assert any(effect.effect_id in notice and ":125:" in notice for notice in feed.notices)
    ranged = [c for c in changes if c.through]
    assert ranged and all(c.target and c.through for c in ranged)


def test_a_feed_that_does_not_fit_is_refused(tmp_path):
    path = tmp_path / "feed.xml"
    path.write_text(
        '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata">\n'
        "<entry>\n"
        '<ukm:Effect EffectId="k1" AffectingURI="http://www.legislation.gov.uk/id/ukpga/2002/38" Type="inserted"/>\n'
        "</entry></feed>\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceError) as raised:
        read_effects(path)
    assert f"{path}:3:" in str(raised.value) and "Effect" in str(raised.value) and "AffectedURI" in str(raised.value)
    dated = tmp_path / "dated.xml"
    dated.write_text(
        '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata">\n'
        '<entry><ukm:Effect EffectId="k1" AffectingURI="a" AffectedURI="b" Type="inserted">\n'
        '<ukm:InForceDates><ukm:InForce Date="2005-13-01"/></ukm:InForceDates>\n'
        "</ukm:Effect></entry></feed>\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceError, match=r":3: <ukm:InForce Date> '2005-13-01'"):
        read_effects(dated)


# -- ingest: a feed is a source about the AFFECTED act's history ---------------------------------------------------

UKPGA_2002_38 = "http://www.legislation.gov.uk/id/ukpga/2002/38"
UKPGA_1977_49 = "http://www.legislation.gov.uk/id/ukpga/1977/49"
ATOM = "http://www.w3.org/2005/Atom"
# The IRIs of the two STUBS below: {base}/eli/gb-ukm/act/{placeholder date}/{number}
STUB_2002_38 = f"{BASE}/eli/gb-ukm/act/2002-01-01/38"
STUB_1977_49 = f"{BASE}/eli/gb-ukm/act/1977-01-01/49"
LEX_NS = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> "


def clml_stub(path, id_uri: str, number: str, title: str, ids: list[str]):
    """A HAND-WRITTEN STUB of an act, NOT the act: minimal CLML with the legislation.gov.uk identifier of the act
    and empty provisions with the ids a feed names, only so that the act is held (its graph exists) when the feed
    is ingested. The enactment date (YYYY-01-01) and the texts are placeholders, not the act's own. Neither the
    Adoption and Children Act 2002 nor the National Health Service Act 1977 is in ../shared/data (INDEX.md)."""
    parent = {i: max((p for p in ids if i.startswith(p + "-")), key=len, default=None) for i in ids}

    def element(unit_id: str, depth: int) -> str:
        name = "Schedule" if parent[unit_id] is None and unit_id.startswith("schedule-") else f"P{depth}"
        children = "".join(element(c, depth + 1) for c in ids if parent[c] == unit_id)
        return f'<{name} id="{unit_id}"><Text>stub text of {unit_id}</Text>{children}</{name}>'

    body = "".join(element(i, 1) for i in ids if parent[i] is None and not i.startswith("schedule-"))
    schedules = "".join(element(i, 1) for i in ids if parent[i] is None and i.startswith("schedule-"))
    year = id_uri.rstrip("/").split("/")[-2]
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<Legislation xmlns="http://www.legislation.gov.uk/namespaces/legislation" IdURI="{id_uri}">\n'
        '<ukm:Metadata xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
        f"<dc:title>{title} (STUB)</dc:title>\n"
        '<ukm:PrimaryMetadata><ukm:DocumentClassification><ukm:DocumentMainType Value="UnitedKingdomPublicGeneralAct"/>'
        f'</ukm:DocumentClassification><ukm:Year Value="{year}"/><ukm:Number Value="{number}"/>'
        f'<ukm:EnactmentDate Date="{year}-01-01"/></ukm:PrimaryMetadata>\n'
        "</ukm:Metadata>\n"
        f"<Primary><Body>{body}</Body><Schedules>{schedules}</Schedules></Primary>\n"
        "</Legislation>\n",
        encoding="utf-8",
    )
    return path


def sample_feed(path, affected: set[str]):
    """The real feed cut down to its entries on the `affected` acts (each entry as published)."""
    tree = etree.parse(str(FEED))
    root = tree.getroot()
    for entry in root.findall(f"{{{ATOM}}}entry"):
        effect = entry.find("ukm:Effect", UKM)
        if effect is None or effect.get("AffectedURI") not in affected:
            root.remove(entry)
    tree.write(str(path), encoding="utf-8", xml_declaration=True)
    return path


def events(lex, graph: str) -> dict[str, dict[str, set[str]]]:
    """Every event a feed recorded in an act's graph (those with a lex:targetPortion, not the stub's enactment):
    predicate local name -> values."""
    found: dict[str, dict[str, set[str]]] = {}
    rows = lex.store.sparql(
        f"SELECT ?e ?p ?o WHERE {{ GRAPH <{graph}> {{ ?e a <https://w3id.org/lexrdf/ontology#Event> ; ?p ?o }} }}"
    )
    for row in rows:
        found.setdefault(row["e"].value, {}).setdefault(row["p"].value.rsplit("#", 1)[-1], set()).add(row["o"].value)
    return {iri: event for iri, event in found.items() if "targetPortion" in event}


def count_versions(lex) -> int:
    rows = lex.store.sparql(f"{LEX_NS}SELECT ?v WHERE {{ GRAPH ?g {{ ?v a lex:Version }} }}")
    return len(list(rows))


def test_effects_on_acts_not_held_are_left_out_one_notice_per_act(lex):
    """The feed lists the changes ukpga 2002/38 made to 47 acts, none of them held: nothing is recorded, and each
    act gets one notice naming the file, the line of its first effect and how many effects were left out."""
    needs_shared(FEED)
    tree = etree.parse(str(FEED))
    affected: dict[str, list[int]] = {}
    for effect in tree.getroot().iter(f"{{{UKM['ukm']}}}Effect"):
        affected.setdefault(effect.get("AffectedURI"), []).append(effect.sourceline)
    summary = lex.ingest([FEED])
    assert lex.store.quad_count() == 0 and summary.acts == 0
    left_out = [n for n in summary.notices if "an act not held: not recorded" in n]
    assert len(left_out) == len(affected) == 47
    # line 20: the first effect's affected act, ukpga 1995/36 (Children (Scotland) Act 1995)
    first = next(n for n in left_out if "/ukpga/1995/36 " in n)
    assert first.startswith(f"{FEED}:20: {len(affected['http://www.legislation.gov.uk/id/ukpga/1995/36'])} effect")
    assert "(Children (Scotland) Act 1995)" in first


def test_feed_effects_are_events_of_the_affected_act_known_source(lex, tmp_path):
    """The affecting act (ukpga 2002/38) is not held: the events name it as known by reference, with the feed's
    title for it (ukm:AffectingTitle), and name no affecting provision."""
    needs_shared(FEED)
    stub = clml_stub(tmp_path / "stub-1977-49.xml", UKPGA_1977_49, "49", "National Health Service Act 1977",
                     ["section-124A", "section-124A-3"])  # fmt: skip
    lex.ingest([stub])
    versions_before = count_versions(lex)
    feed = sample_feed(tmp_path / "feed-1977-49.xml", {UKPGA_1977_49})
    summary = lex.ingest([feed])
    assert summary.refused == []
    found = events(lex, STUB_1977_49)
    source = f"{REF}/ukpga/2002/38"
    # line 531: "word repealed" in s. 124A(3), Applied="false", wholly in force 2005-12-30 (S.I. 2005/2213)
    # line 567: "inserted" s. 124A(3)(aa), Applied="false", 2005-12-30: an insertion into s. 124A(3) (the stub has no
    # (aa): the provision it is inserted into)
    by_kind = {next(t.rsplit("#", 1)[-1] for t in e["type"] if not t.endswith("#Event")): e for e in found.values()}
    assert set(by_kind) == {"Repeal", "Insertion"}
    for event in by_kind.values():
        assert event["date"] == {"2005-12-30"}
        assert event["affects"] == {f"{STUB_1977_49}/section-124A-3"}
        assert event["sourceAct"] == {source}
        assert event["applied"] == {"false"}
        assert "sourceProvision" not in event  # the affecting act is not held
    assert by_kind["Repeal"]["targetPortion"] == {f"{UKPGA_1977_49}#section-124A-3"}
    title = lex.store.sparql(
        f"{LEX_NS}SELECT ?t ?r WHERE {{ GRAPH <{STUB_1977_49}> {{ <{source}> lex:title ?t ; "
        "lex:knownByReference ?r } }"
    )
    assert [(r["t"].value, r["r"].value) for r in title] == [("Adoption and Children Act 2002", "true")]
    # neither kind opens a version: the text changes when a consolidation is ingested
    assert count_versions(lex) == versions_before
    # the feed is the source file of the changeset recording them
    files = lex.store.sparql(f"{LEX_NS}SELECT ?f WHERE {{ GRAPH <{STUB_1977_49}> {{ ?c lex:sourceFile ?f }} }}")
    assert str(feed) in {r["f"].value for r in files}
    # the same feed again records nothing twice
    assert lex.ingest([feed]).quads == 0 and events(lex, STUB_1977_49) == found


def test_feed_effects_with_a_held_affecting_act(lex, tmp_path):
    """The feed's own effects on ukpga 2002/38 (lines 5878-6150): the affecting act is held (the stub), so the
    events name its IRI and the affecting provisions it has."""
    needs_shared(FEED)
    ids = ["section-19", "section-20", "section-21", "section-25", "section-26", "section-28", "section-28-1",
           "section-28-2", "section-28-3", "section-28-4", "section-28-5", "schedule-3", "schedule-3-paragraph-23",
           "schedule-3-paragraph-30", "schedule-3-paragraph-48", "schedule-4",
           *(f"schedule-4-paragraph-{n}" for n in range(1, 17)), "schedule-5"]  # fmt: skip
    lex.ingest([clml_stub(tmp_path / "stub-2002-38.xml", UKPGA_2002_38, "38", "Adoption and Children Act 2002", ids)])
    lex.ingest([sample_feed(tmp_path / "feed-2002-38.xml", {UKPGA_2002_38})])
    found = events(lex, STUB_2002_38)
    act = STUB_2002_38
    modifications = [e for e in found.values() if "https://w3id.org/lexrdf/ontology#Modification" in e["type"]]
    repeals = [e for e in found.values() if "https://w3id.org/lexrdf/ontology#Repeal" in e["type"]]
    # lines 5878-6048: six modifications in force 2005-12-30, all by the act itself (Sch. 3 paras. 23, 30, 48)
    assert {a for e in modifications for a in e["affects"]} == {
        f"{act}/{p}" for p in ("section-19", "section-20", "section-21", "section-25", "section-26", "section-28-2",
                               "section-28-3", "section-28-4")  # line 6048: the range s. 28(2)-(4)
    }  # fmt: skip
    assert {p for e in modifications for p in e["sourceProvision"]} == {
        f"{act}/schedule-3-paragraph-{n}" for n in (23, 30, 48)
    }
    assert all(e["sourceAct"] == {act} and e["date"] == {"2005-12-30"} for e in modifications)
    assert all("applied" not in e for e in found.values())  # every one Applied="true"
    # lines 6082, 6117: Sch. 4 paras. 3-5 and 10-16 repealed by Sch. 5: the paragraphs, not the whole Schedule
    assert {a for e in repeals for a in e["affects"]} == {
        f"{act}/schedule-4-paragraph-{n}" for n in (3, 4, 5, *range(10, 17))
    }
    assert {p for e in repeals for p in e["sourceProvision"]} == {f"{act}/schedule-5"}
    # no version opened or closed: `impact` lists the repeals as amended, not yet consolidated
    impact = {(i.provision, i.effect) for i in lex.impact(act).items if i.type == "repeal"}
    assert (f"{act}/schedule-4-paragraph-3", "amended (not yet consolidated)") in impact
    assert lex.text_at(f"{act}/schedule-4-paragraph-3", "2006-01-01").status == "as-last-known"
