"""Transaction time is the commit: changeset times follow commits and never repeat, and "as known at K" gives
exactly what was answered at K, whatever was ingested since (links added to existing nodes included)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE, ODA, SAMPLES, open_lex
from invariants import assert_records_timed_by_their_changesets
from pyoxigraph import Literal, NamedNode, Quad
from test_search_index import reproducible

import lexrdf.editorial
import lexrdf.ingest.run
from lexrdf.editorial import submit
from lexrdf.vocab import LEX, PROV, RDF, XSD

EXPRESSIONS = SAMPLES / "expressions"
FILES = [EXPRESSIONS / f"open-data-act@{day}.xml" for day in ("2001-04-01", "2004-07-01", "2010-01-01")]
DATES = ("2001-03-31", "2001-04-01", "2004-06-30", "2004-07-01", "2009-12-31", "2010-01-01", "2012-01-01")
CONTAINERS = (ODA, f"{ODA}/chp_1", f"{ODA}/chp_2", f"{ODA}/art_3", f"{ODA}/art_6")
PHRASES = ("data", "commissioner", "twelve months", "machine-readable")
LEXNS = "https://w3id.org/lexrdf/ontology#"


def iris(lex, sparql: str) -> list[str]:
    return sorted({row[0].value for row in lex.store.sparql(f"PREFIX lex: <{LEXNS}> {sparql}")})


@pytest.fixture(scope="module")
def universe(tmp_path_factory) -> dict[str, list[str]]:
    """Everything the three expressions ever name (from a scratch store holding all of them): each provision,
    event and act, so that each instant is asked about things it did not know yet too."""
    lex = open_lex(tmp_path_factory.mktemp("universe") / "store")
    try:
        lex.ingest(FILES)
        return {
            "provisions": [ODA, *iris(lex, "SELECT ?p WHERE { ?p a lex:Provision }")],
            "events": iris(lex, "SELECT ?e WHERE { ?e a lex:Event }"),
            "acts": iris(lex, "SELECT ?a WHERE { ?a a lex:Act }"),
        }
    finally:
        lex.close()


def answers(lex, universe: dict[str, list[str]], known_at: str | None) -> dict[tuple, Any]:
    """Every public query over the universe, asked as known at `known_at` (None: now)."""
    out: dict[tuple, Any] = {}
    for provision in universe["provisions"]:
        out["versions", provision] = [v.to_dict() for v in lex.versions(provision, known_at=known_at)]
        out["diff", provision] = lex.diff(provision, "2001-04-01", "2012-01-01", known_at).to_dict()
        for day in DATES:
            out["text-at", provision, day] = lex.text_at(provision, day, known_at=known_at).to_dict()
            out["lineage", provision, day] = lex.lineage(provision, day, known_at=known_at).to_dict()
            out["context", provision, day] = lex.context(provision, day, known_at=known_at).to_dict()
    for container in CONTAINERS:
        for day in DATES:
            out["descendants", container, day] = lex.descendants(container, day, known_at=known_at).to_dict()
    for target in universe["acts"] + universe["events"]:
        out["impact", target] = lex.impact(target, known_at=known_at).to_dict()
    for phrase in PHRASES:
        for day in DATES:  # what is reproducible: the hits as a set, each as shown, and the total (BM25 scores and
            # the order they give depend on the whole index, which later acts change; docs/search.md)
            out["search", phrase, day] = reproducible(lex.search(phrase, day, known_at=known_at).to_dict())
    return out


def without_recorded_at(value: Any, known_at: str) -> Any:
    """An answer as asked without `known_at` (citations then do not end "as recorded at K")."""
    if isinstance(value, dict):
        return {k: without_recorded_at(v, known_at) for k, v in value.items()}
    if isinstance(value, list):
        return [without_recorded_at(v, known_at) for v in value]
    if isinstance(value, str):
        return value.replace(f", as recorded at {known_at}", "")
    return value


def test_as_known_at_each_instant_is_what_was_answered_then(tmp_path, universe, wall):
    lex = open_lex(tmp_path / "store")
    try:
        instants = [wall.instant()]  # before anything was recorded
        then = [answers(lex, universe, instants[0])]
        assert {a["status"] for (kind, *_), a in then[0].items() if kind == "text-at"} == {"unknown-reference"}
        for path in FILES:
            summary = lex.ingest([path])
            assert summary.quads and not summary.refused
            instants.append(wall.instant())
            then.append(answers(lex, universe, instants[-1]))
            now = answers(lex, universe, None)  # asked at that instant, known_at is now: the same answers
            assert now == without_recorded_at(then[-1], instants[-1])
        assert len({repr(answer) for answer in then}) == len(then)  # each ingest changed what is known
        assert assert_records_timed_by_their_changesets(lex)  # what changes-since finds them by
        for known_at, expected in zip(instants, then, strict=True):
            again = answers(lex, universe, known_at)
            changed = sorted(str(key) for key in expected if again[key] != expected[key])
            assert not changed, f"as known at {known_at}, {len(changed)} answers changed since, e.g. {changed[:5]}"
    finally:
        lex.close()


DAA_FILE = Path(__file__).resolve().parent / "fixtures" / "data-amendment-act-2004.xml"
DAA = f"{BASE}/eli/xx/act/2004-06-01/7"  # the Data Amendment Act 2004, which the 2004 expression cites
DAA_BY_REFERENCE = f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7"


def test_an_act_is_the_one_cited_before_only_from_when_it_was_ingested(tmp_path, wall):
    """The Open Data Act's 2004 expression cites the Data Amendment Act before it is held; ingesting that act
    later records it owl:sameAs the IRI it was cited by. As known before, the act's own IRI is still unknown."""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest(FILES[:2])
        known = wall.instant()
        then = {iri: lex.impact(iri, known_at=known).to_dict() for iri in (DAA, DAA_BY_REFERENCE)}
        then_text = lex.text_at(DAA, "2005-01-01", known_at=known).to_dict()
        assert then[DAA]["status"] == then_text["status"] == "unknown-reference"
        cited = {(item["provision"], item["event"]) for item in then[DAA_BY_REFERENCE]["items"]}
        assert len(cited) == 3  # art. 2(3) inserted, art. 3(1)(c) repealed, art. 3(2) substituted
        lex.ingest([DAA_FILE])
        assert cited <= {(item.provision, item.event) for item in lex.impact(DAA).items}  # now one act
        assert {iri: lex.impact(iri, known_at=known).to_dict() for iri in then} == then
        assert lex.text_at(DAA, "2005-01-01", known_at=known).to_dict() == then_text
    finally:
        lex.close()


def changeset_times(lex) -> list[tuple[datetime, str]]:
    rows = lex.store.sparql(
        f"PREFIX lex: <{LEXNS}> PREFIX prov: <http://www.w3.org/ns/prov#> "
        "SELECT ?changeset ?at ?file WHERE { ?changeset a lex:Changeset ; prov:startedAtTime ?at . "
        "OPTIONAL { ?changeset lex:sourceFile ?file } }"
    )
    return sorted((datetime.fromisoformat(r["at"].value), r["changeset"].value) for r in rows)


def test_a_changeset_is_timed_when_its_write_commits(tmp_path, monkeypatch, wall):
    """Validation (before the write) takes time: the changesets' times come after it, in the order the writes
    commit, one microsecond apart at least, and each record carries its changeset's time."""
    validated: list[datetime] = []
    check = lexrdf.ingest.run.check

    def slow_check(*args, **kwargs):
        report = check(*args, **kwargs)
        wall.advance(timedelta(seconds=5))  # validation takes time
        validated.append(wall())
        return report

    monkeypatch.setattr(lexrdf.ingest.run, "check", slow_check)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest(FILES[:2])  # one act, two changesets, one write
        first = changeset_times(lex)
        assert len(first) == 2 and all(at > validated[0] for at, _ in first)
        assert first[0][0] < first[1][0]
        lex.ingest([FILES[2], SAMPLES / "single"])  # two acts, two writes
        times = changeset_times(lex)
        assert len(times) == 4 and times[:2] == first
        assert times[2][0] > max(validated[:2]) and times[3][0] > validated[2]
        assert len({at for at, _ in times}) == 4
        for at, changeset in times:  # the IRI names the same time (uris.new_changeset)
            assert f"/changeset/{at:%Y%m%dT%H%M%S%f}-" in changeset
        stamps = lex.store.sparql(
            f"PREFIX lex: <{LEXNS}> PREFIX prov: <http://www.w3.org/ns/prov#> "
            "SELECT ?record ?at ?started WHERE { ?record lex:recordedAt ?at ; lex:recordedBy ?changeset . "
            "?changeset prov:startedAtTime ?started }"
        )
        stamps = list(stamps)
        assert stamps and all(row["at"] == row["started"] for row in stamps)
    finally:
        lex.close()


def test_times_never_go_back_behind_what_is_stored(tmp_path):
    """A store whose latest changeset is later than the clock (set back, or written by a faster one): the next
    changeset is still later than it."""
    lex = open_lex(tmp_path / "store")
    lex.ingest(FILES[:1])
    future = datetime(2999, 1, 1, tzinfo=UTC)
    graph = NamedNode(ODA)
    changeset = NamedNode("https://lexrdf.example.org/changeset/29990101T000000000000-future")
    lex.store.raw.extend(
        [
            Quad(changeset, RDF.type, LEX.Changeset, graph),
            Quad(changeset, PROV.startedAtTime, Literal(future.isoformat(), datatype=XSD.dateTime), graph),
        ]
    )
    lex.close()
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest(FILES[1:2])
        times = changeset_times(lex)
        assert times[-2][0] == future and times[-1][0] > future
    finally:
        lex.close()


SECOND_RECORD = """
@prefix lex: <https://w3id.org/lexrdf/ontology#> .
<{version}/rec-editorial> a lex:VersionRecord ;
    lex:recordOf <{version}> ;
    lex:expression <{expression}> .
"""


def test_an_editorial_addition_is_timed_at_its_commit(tmp_path, monkeypatch, wall):
    """An addition's changeset is stamped when it is written, after its validation ran (lexrdf.ingest.commit),
    never when the addition was read."""
    validated: list[datetime] = []
    validate = lexrdf.ingest.commit.validate_store

    def timed_validate(*args, **kwargs):
        report = validate(*args, **kwargs)
        validated.append(wall())
        return report

    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest(FILES[:1])
        before = changeset_times(lex)
        monkeypatch.setattr(lexrdf.ingest.commit, "validate_store", timed_validate)
        addition = tmp_path / "commencement.ttl"
        addition.write_text(
            f"""@prefix lex: <{LEXNS}> .
            @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
            <{ODA}/event/2001-04-01/commencement> a lex:Event , lex:Commencement ;
                lex:date "2001-04-01"^^xsd:date ; lex:affectedAct <{ODA}> ; lex:sourceAct <{ODA}> .""",
            encoding="utf-8",
        )
        assert submit(addition, lex.store, lex.settings).written
        assert validated, "the addition was validated through the commit gate"
        after = changeset_times(lex)
        assert after[: len(before)] == before and len(after) == len(before) + 1
        assert after[-1][0] >= validated[-1] > before[-1][0]
    finally:
        lex.close()


def test_add_cannot_make_a_second_current_record_of_a_version(tmp_path):
    """`lexrdf add` cannot put a record beside the current one (editors cannot supersede): the shape refuses it
    and the store is unchanged."""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest(FILES[:1])
        version = f"{ODA}/art_3/para_2/2001-04-01"
        (expression,) = iris(lex, f"SELECT ?e WHERE {{ ?r lex:recordOf <{version}> ; lex:expression ?e }}")
        addition = tmp_path / "second-record.ttl"
        addition.write_text(SECOND_RECORD.format(version=version, expression=expression), encoding="utf-8")
        before = lex.store.quad_count()
        buffer_before = dump(lex.store)
        outcome = submit(addition, lex.store, lex.settings, act=ODA)
        assert not outcome.written
        assert {(r.shape.rsplit("#", 1)[-1], r.focus) for r in outcome.report.violations} == {
            ("OneCurrentRecord", version)
        }
        assert lex.store.quad_count() == before and dump(lex.store) == buffer_before
    finally:
        lex.close()


def dump(store) -> bytes:
    buffer = io.BytesIO()
    store.dump(buffer)
    return buffer.getvalue()


def test_restamped_quads_keep_everything_else(tmp_path: Path):
    """The store replaces exactly the provisional terms, in a transaction or through the bulk loader."""
    from lexrdf.store import open_store
    from lexrdf.store.staging import BULK_THRESHOLD
    from lexrdf.txtime import Pending, stamp

    graph = NamedNode(ODA)
    for size in (10, BULK_THRESHOLD + 10):
        store = open_store(tmp_path / f"store-{size}")
        provisional = store.clock.next()
        changeset = f"https://lexrdf.example.org/changeset/{provisional:%Y%m%dT%H%M%S%f}-abcdef12"
        quads = [Quad(NamedNode(f"{ODA}/n{i}"), LEX.recordedAt, stamp(provisional), graph) for i in range(size)] + [
            Quad(NamedNode(changeset), PROV.startedAtTime, stamp(provisional), graph),
            Quad(NamedNode(f"{ODA}/n0"), LEX.recordedBy, NamedNode(changeset), graph),
            Quad(NamedNode(f"{ODA}/n0"), LEX.text, Literal(provisional.isoformat()), graph),
        ]
        store.add_act_graph(graph, quads, Pending([(provisional, changeset)]))
        (final,) = {q.object for q in store.raw.quads_for_pattern(None, PROV.startedAtTime, None)}
        assert datetime.fromisoformat(final.value) > provisional
        assert {q.object for q in store.raw.quads_for_pattern(None, LEX.recordedAt, None)} == {final}
        (renamed,) = {q.object for q in store.raw.quads_for_pattern(None, LEX.recordedBy, None)}
        assert renamed.value.endswith("-abcdef12") and renamed.value != changeset
        assert store.quad_count() == size + 3
        assert next(iter(store.raw.quads_for_pattern(None, LEX.text, None))).object == Literal(provisional.isoformat())
        store.close()
