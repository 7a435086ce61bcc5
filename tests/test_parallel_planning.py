"""Acts planned in worker processes (lexrdf.ingest.planning.PlanningPool): the same store, the same search index and
the same refusals as acts planned on the ingest's own thread. The pools are forced on (`MIN_POOL_BYTES =
MIN_READING_POOL_BYTES = 0`, as in test_parallel_ingest): these corpora are too small for an ingest to start one by
itself.

The oracles are not lexrdf's planner: the store is compared with the one the ingest writes planning every act on
its own thread and writing each group whole (graph by graph, quad for quad, transaction times by rank; so a streamed
write is compared with a grouped one), and the index the workers' texts built is compared with the index rebuilt
from the store afterwards (what the store says each record's transaction-time window is)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyoxigraph
import pytest
import tantivy
from conftest import BASE, HARBOUR, ODA, SAMPLES, SHARED_DATA, needs_shared
from templates import ingested_copy
from test_crash_safety import canonical, canonical_of
from test_hostile_sources import SMALL, THREE_SECTIONS, small_act, write

from lexrdf import parallel
from lexrdf.api import Lexrdf
from lexrdf.errors import SourceError, StoreError
from lexrdf.ingest import commit, groups, planning
from lexrdf.ingest.run import WORKERS_STOPPED, IngestSummary
from lexrdf.search import index_directory, rebuild
from lexrdf.settings import DEFAULT_INGEST_STREAM_MB, Settings
from lexrdf.store.embedded import EmbeddedStore
from lexrdf.store.journal import JOURNAL
from lexrdf.store.nquads import Serialized, has_blank_node
from lexrdf.store.staging import BULK_THRESHOLD

AKN = SHARED_DATA / "akn"
WORDS = ["the", "data", "shall", "harbour dues", "Verein", "personal data", "Minister"]


@pytest.fixture
def planned_in_workers(monkeypatch: pytest.MonkeyPatch) -> list[planning.PlannedAct]:
    """Every ingest on two processes plans its acts in a pool, whatever the size of its files; yields what the
    workers sent back, in order."""
    monkeypatch.setattr(parallel, "MIN_POOL_BYTES", 0)
    monkeypatch.setattr(parallel, "MIN_READING_POOL_BYTES", 0)
    results: list[planning.PlannedAct] = []
    handed_out = planning.PlanningPool.planned

    def recorded(self, *args, **kwargs):
        for index, future in handed_out(self, *args, **kwargs):
            future.add_done_callback(lambda done: results.append(done.result()))
            yield index, future

    monkeypatch.setattr(planning.PlanningPool, "planned", recorded)
    return results


@pytest.fixture(params=["grouped", "streamed"])
def writing(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways an ingest hands its groups of acts to the writer: each group whole (the default below
    `Settings.ingest_stream_mb` of sources), or streamed into one bulk load a group while its acts are planned
    (forced on, with groups small enough that these corpora make several, each past the bulk loader's threshold)."""
    if request.param == "streamed":
        monkeypatch.setenv("LEXRDF_INGEST_STREAM_MB", "0")
        monkeypatch.setattr(groups, "GROUP_QUADS", 4 * BULK_THRESHOLD)
    return request.param


def open_lex(store: Path, processes: int) -> Lexrdf:
    stream_mb = float(os.environ.get("LEXRDF_INGEST_STREAM_MB", DEFAULT_INGEST_STREAM_MB))
    return Lexrdf.open(Settings(store=store, base_iri=BASE, ingest_processes=processes, ingest_stream_mb=stream_mb))


def answers(lex: Lexrdf, known_at: list[str | None]) -> dict[tuple, tuple[int | None, list[tuple]]]:
    """Every version found for each word, in force on two dates, as known at each instant: its total and all its
    hits, every page (their order is BM25's, which depends on the index's statistics, not on what it holds), each
    with what its document keeps as of that instant: its window's end, the event that opened it and its citation
    (which says "as last known" past the date its act's sources were current to then)."""
    found = {}
    for words in WORDS:
        for day in ("2005-06-01", "2024-01-01"):
            for instant in known_at:
                versions, page, answer = [], 1, lex.search(words, day, instant, size=100)
                while answer.items:
                    assert answer.method == "index"
                    versions += [
                        (hit.version, hit.valid_until, hit.opened_by and hit.opened_by.event, hit.citation)
                        for hit in answer.items
                    ]
                    page += 1
                    answer = lex.search(words, day, instant, size=100, page=page)
                found[(words, day, instant)] = (answer.total, sorted(versions, key=repr))
    return found


def index_documents(lex: Lexrdf) -> int:
    """How many documents the store's search index holds, as its last commit left it."""
    return tantivy.Index.open(str(index_directory(lex.store))).searcher().num_docs


def recorded_times(lex: Lexrdf) -> list[datetime]:
    query = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT DISTINCT ?t WHERE { ?r lex:recordedAt ?t }"
    return sorted(datetime.fromisoformat(row["t"].value) for row in lex.store.select(query))


def changeset_times(lex: Lexrdf) -> list[tuple[str, datetime]]:
    """Each changeset that records something, and the time its records say they were recorded."""
    query = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
        SELECT DISTINCT ?changeset ?at WHERE { ?record lex:recordedBy ?changeset ; lex:recordedAt ?at }"""
    return [(row["changeset"].value, datetime.fromisoformat(row["at"].value)) for row in lex.store.select(query)]


def time_named_by(changeset: str) -> datetime:
    """The commit time a changeset's IRI names (.../changeset/20261130T094241274190-1a2b3c4d)."""
    stamp = changeset.rsplit("/", 1)[1].split("-")[0]
    return datetime.strptime(stamp, "%Y%m%dT%H%M%S%f").replace(tzinfo=UTC)


def ingested(store: Path, processes: int, paths: list[Path]) -> tuple[IngestSummary, dict, list]:
    """What ingesting `paths` on `processes` processes into a new store reports, the store (canonical) and its
    changesets' recorded times."""
    lex = open_lex(store, processes)
    try:
        summary = lex.ingest(paths)
        return summary, canonical(lex.store.raw), changeset_times(lex)
    finally:
        lex.close()


@pytest.fixture(scope="module")
def planned_here(tmp_path_factory: pytest.TempPathFactory) -> tuple[IngestSummary, dict]:
    """The oracle of both writing modes: what ingesting the samples and every AKN file into a new store on one process
    reports, and the store it writes (canonical), every act read and planned on the ingest's own thread and each
    group written whole (the run's shared ingest of them, tests/templates.py)."""
    needs_shared(AKN)
    store, summary = ingested_copy([SAMPLES, AKN], tmp_path_factory, "planned-here", processes=1)
    return summary, canonical_of(store)


def test_acts_planned_in_workers_write_the_store_that_planning_them_here_writes(
    tmp_path, planned_here, planned_in_workers, writing
):
    summary_here, store_here = planned_here
    summary_workers, store_workers, stamps = ingested(tmp_path / "workers", 2, [SAMPLES, AKN])
    assert len(stamps) > 5
    for changeset, recorded_at in stamps:  # canonical() ranks times: what they are is checked here
        assert recorded_at == time_named_by(changeset), changeset
    assert len(planned_in_workers) == summary_here.acts + len(summary_here.refused)
    assert not any(result.spilled for result in planned_in_workers)
    serialised = [result for result in planned_in_workers if isinstance(result.data, Serialized)]
    assert len(serialised) > summary_here.acts / 2  # new acts travel as N-Quads, with their index texts
    assert all(result.texts for result in serialised)
    # what is sent as naming no blank node (then never searched for one: the bulk loader takes only quads it can undo
    # by naming them) names none, quad by quad: the acts' lines and the views derived from them
    views = [view for result in serialised for view in (result.views or {}).values()]
    assert all(result.data.blank_free for result in serialised) and all(view.blank_free for view in views)
    for sent in [*(result.data for result in serialised), *views]:
        assert not any(has_blank_node(quad) for quad in sent.quads())
    assert len(store_here) > 10 and store_workers == store_here  # graph by graph, quad for quad
    for name in ("acts", "provisions", "versions", "records", "events", "quads", "view_quads", "act_iris", "refused"):
        assert getattr(summary_workers, name) == getattr(summary_here, name), name
    assert sorted(summary_workers.notices) == sorted(summary_here.notices)
    # the quads counted are the quads stored (the writer counts what it adds, on either path)
    views = sum(len(lines) for graph, lines in store_here.items() if "/view/" in graph)
    assert (summary_here.quads, summary_here.view_quads) == (sum(map(len, store_here.values())) - views, views)


def test_the_index_built_from_the_workers_texts_is_the_index_of_the_store(tmp_path, planned_in_workers, writing):
    """The texts a worker reads carry provisional transaction times; the index must hold the times the store
    committed. Searched as known at the instant a record was committed and just before it, the index the ingest
    wrote answers as the index rebuilt from the store does."""
    needs_shared(AKN)
    lex = open_lex(tmp_path / "store", 2)
    try:
        lex.ingest([SAMPLES])  # the first write builds the index from the store
        planned_in_workers.clear()
        lex.ingest([AKN])  # ... and the acts new to it take their texts from the workers
        assert sum(isinstance(result.data, Serialized) and bool(result.texts) for result in planned_in_workers) > 3
        times = recorded_times(lex)
        middle = times[len(times) // 2]
        instants = [None, middle.isoformat(), (middle - timedelta(microseconds=1)).isoformat()]
        written = answers(lex, instants)
        assert any(total for total, _ in written.values())
        # the Vereinsgesetz consolidation is of 2017-03-16 (vereinsg@2017-03-16.xml line 70, its FRBRExpression
        # eli/bund/bgbl-1/1964/s593/2017-03-16/1/deu): in 2024 its hits are cited "as last known"
        assert any("as last known" in (hit[-1] or "") for _total, hits in written.values() for hit in hits)
        rebuild(lex.store)
        assert answers(lex, instants) == written
    finally:
        lex.close()


def test_an_act_refused_while_others_are_planned_in_workers_leaves_the_store_unchanged(
    tmp_path, planned_in_workers, monkeypatch, writing
):
    """A held act's new expression that would end every provision without naming a repealing act stops the whole
    ingest, though each act before it would be written in a group of its own: the store and its search index are as
    before. Grouped, the checks run on the ingest's thread before the first write; streamed, they run in the workers
    as they plan, and the acts before the refused one, streamed to the writer already, are one group that cannot
    commit before it is planned (this case fails without that gate)."""
    monkeypatch.setattr(groups, "GROUP_QUADS", 1)
    store = tmp_path / "store"
    first = write(tmp_path, "small@2001.xml", small_act("2001-04-01", THREE_SECTIONS))
    lex = open_lex(store, 2)
    try:
        lex.ingest([first])
        before, found = canonical(lex.store.raw), answers(lex, [None])
        later = tmp_path / "later"
        later.mkdir()
        empty = write(later, "zz-small@2030.xml", small_act("2030-01-01", '<hcontainer name="empty"/>'))
        with pytest.raises(SourceError) as refused:
            lex.ingest([SAMPLES, later])
        assert f"{empty}:17:" in str(refused.value)
        assert f"would end 3 of 3 provisions of {SMALL} in force" in str(refused.value)
        assert canonical(lex.store.raw) == before
        assert answers(lex, [None]) == found
    finally:
        lex.close()


def test_a_streamed_group_takes_acts_ahead_of_its_writer_up_to_a_count_and_a_number_of_quads(monkeypatch):
    """While the writer is busy (a large group's loader finishing), the ingest goes on handing acts to the next group:
    any number while they add fewer than `SEGMENT_AHEAD_QUADS` quads, else `SEGMENT_AHEAD` acts; then it waits until
    the writer takes one."""
    monkeypatch.setattr(groups, "SEGMENT_AHEAD", 2)
    monkeypatch.setattr(groups, "SEGMENT_AHEAD_QUADS", 10)
    graph = pyoxigraph.NamedNode(f"{BASE}/eli/xx/act/2001-01-01/1")

    def act(quads: int) -> commit.ActWrite:
        return commit.ActWrite(graph.value, [pyoxigraph.Quad(graph, graph, graph, graph)] * quads)

    segment = groups.Segment(streamed=True)
    for _ in range(5):  # small acts: 5 quads in all
        segment.put(act(1))
    segment.put(act(6))  # 11 quads waiting, 6 acts: full
    handed = threading.Thread(target=segment.put, args=(act(1),))
    handed.start()
    handed.join(timeout=1)
    assert handed.is_alive()  # waits for the writer
    taken = iter(segment)
    assert len(next(taken).quads) == 1  # the writer takes one: 10 quads wait, still full
    handed.join(timeout=1)
    assert handed.is_alive()
    next(taken)  # 9 quads wait
    handed.join(timeout=5)
    assert not handed.is_alive()
    segment.close()
    assert [len(write.quads) for write in taken] == [1, 1, 1, 6, 1]


def test_a_streamed_group_that_fails_part_way_leaves_the_store_its_log_and_its_index_as_before(
    tmp_path, planned_in_workers, monkeypatch
):
    """A streamed group journals its acts and indexes their documents while the bulk loader reads them; when the
    write fails part way (here the fourth write cannot be journaled), the ingest raises the writer's error at once,
    though its thread was waiting to hand the writer more acts; nothing of the group is in the store or in the
    transaction log, no journal entry is left, and the documents indexed meanwhile are taken out again."""
    needs_shared(AKN)
    monkeypatch.setenv("LEXRDF_INGEST_STREAM_MB", "0")
    monkeypatch.setattr(groups, "GROUP_QUADS", 10**9)  # one group for the whole ingest
    monkeypatch.setattr(commit, "INDEX_CHUNK", 1)  # one index commit an act, as they are journaled
    monkeypatch.setattr(groups, "SEGMENT_AHEAD", 1)  # the ingest's thread waits on the writer after one act
    monkeypatch.setattr(groups, "SEGMENT_AHEAD_QUADS", 0)
    lex = open_lex(tmp_path / "store", 2)
    try:
        lex.ingest([SAMPLES])
        before, changes, documents = canonical(lex.store.raw), lex.store.changelog.last(), index_documents(lex)
        stage, calls = EmbeddedStore._stage, []

        def failing(self, write, change):
            calls.append(write.graph.value)
            if len(calls) == 4:
                raise OSError("no space left on device (simulated)")
            return stage(self, write, change)

        monkeypatch.setattr(EmbeddedStore, "_stage", failing)
        raised: list[BaseException] = []

        def run() -> None:
            try:
                lex.ingest([AKN])
            except BaseException as exc:  # noqa: BLE001 - what the ingest raised is checked below
                raised.append(exc)

        ingesting = threading.Thread(target=run)
        ingesting.start()
        ingesting.join(timeout=120)
        assert not ingesting.is_alive(), "the ingest hung after its writer failed"
        assert len(raised) == 1 and isinstance(raised[0], StoreError), raised
        assert "no space left on device" in str(raised[0])
        assert len(calls) == 4
        assert canonical(lex.store.raw) == before
        assert lex.store.changelog.last() == changes
        assert not [p for p in (tmp_path / "store" / JOURNAL).iterdir() if p.name.endswith(".write")]
        assert index_documents(lex) == documents
    finally:
        lex.close()


def test_when_a_worker_dies_the_ingest_plans_the_acts_left_itself(tmp_path, planned_in_workers, monkeypatch):
    """A worker killed part-way (out of memory, say) breaks the pool: the acts it had not sent back are planned on
    the ingest's own thread, and the store is the one planning every act there writes."""
    handed_out = planning.PlanningPool.planned  # as the fixture wraps it

    def one_dies(self, *args, **kwargs):
        for number, (index, future) in enumerate(handed_out(self, *args, **kwargs)):
            yield index, (self._pool.submit(os._exit, 9) if number == 0 else future)

    monkeypatch.setattr(planning.PlanningPool, "planned", one_dies)
    summary_here, store_here, _ = ingested(tmp_path / "here", 1, [SAMPLES])
    summary_workers, store_workers, _ = ingested(tmp_path / "workers", 2, [SAMPLES])
    assert store_workers == store_here and summary_workers.act_iris == summary_here.act_iris


UNGUARDED_SCRIPT = """
import sys
from pathlib import Path

from lexrdf import parallel
from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

print("running as", __name__, flush=True)
parallel.MIN_POOL_BYTES = parallel.MIN_READING_POOL_BYTES = 0
lex = Lexrdf.open(Settings(store=Path(sys.argv[1]), base_iri=sys.argv[3], ingest_processes=2))
summary = lex.ingest([sys.argv[2]])
print("notices:", *summary.notices, sep="\\n")
lex.close()
"""


def test_a_script_without_the_main_guard_is_ingested_on_its_own_process_and_told_why(tmp_path):
    """Each pool's worker runs the main script again (multiprocessing's "safe importing of main module"): without an
    `if __name__ == "__main__"` guard, it opens the store the script is writing and dies on its lock. The ingest then
    reads and plans every act itself, writes the store that planning them here writes, and its notices say why."""
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED_SCRIPT)
    ran = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "workers"), str(SAMPLES), BASE],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert "running as __mp_main__" in ran.stdout  # the workers did run the script again
    assert "the planning workers stopped part-way" in ran.stdout and 'if __name__ == "__main__":' in ran.stdout
    _, store_here, _ = ingested(tmp_path / "here", 1, [SAMPLES])
    assert canonical_of(tmp_path / "workers") == store_here


def test_when_no_worker_can_be_started_the_ingest_reads_and_plans_every_act_itself(tmp_path, monkeypatch):
    """The fork server's pipe to a worker it starts breaks when that worker dies at once (as a script without the
    main guard makes it): every pool's submit then fails, and the ingest does the work itself."""
    monkeypatch.setattr(parallel, "MIN_POOL_BYTES", 0)
    monkeypatch.setattr(parallel, "MIN_READING_POOL_BYTES", 0)

    def broken_pipe(self, *args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(ProcessPoolExecutor, "submit", broken_pipe)
    summary_workers, store_workers, _ = ingested(tmp_path / "workers", 2, [SAMPLES])
    assert WORKERS_STOPPED in summary_workers.notices
    summary_here, store_here, _ = ingested(tmp_path / "here", 1, [SAMPLES])
    assert store_workers == store_here and summary_workers.act_iris == summary_here.act_iris


def test_an_act_that_does_not_conform_is_refused_when_planned_in_a_worker(tmp_path, planned_in_workers):
    """The Harbour Act with its safety plans applying from 2008-01-01, before they enter into force on 2008-09-01
    and without a retroactive act (test_shapes): the worker's validation refuses it, the summary says so, and
    nothing of it is written; the Open Data Act beside it is."""
    harbour = (SAMPLES / "single" / "harbour-act.xml").read_text(encoding="utf-8")
    assert 'date="2008-09-01"' in harbour
    bad = tmp_path / "sources" / "harbour-act.xml"
    bad.parent.mkdir()
    bad.write_text(harbour.replace('date="2008-09-01"', 'date="2008-01-01"'), encoding="utf-8")
    lex = open_lex(tmp_path / "store", 2)
    try:
        summary = lex.ingest([bad, SAMPLES / "expressions"])
        assert len(planned_in_workers) == 2
        assert summary.refused == [HARBOUR] and summary.act_iris == [ODA]
        assert {r.shape.rsplit("#", 1)[-1] for r in summary.reports[HARBOUR].violations} == {
            "ApplicabilityAfterEntryIntoForce"
        }
        assert lex.resolve("/akn/xx/act/1995-05-10/3").status == "unknown-reference"  # nothing of it written
        assert lex.resolve("/akn/xx/act/2001-03-14/12").status == "resolved"
    finally:
        lex.close()


def test_an_amending_act_that_changes_one_act_many_times_counts_each_quad_once(tmp_path, planned_in_workers):
    """Synthetic amending acts (bench/synthetic.py) each record several events on one principal act: the act they
    change is typed once in the amending act's graph, however many of its events target it. So the quads an ingest
    reports are the quads it stored, planning here as in workers, and its transaction log repeats none."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from synthetic import generate

    corpus = generate(tmp_path / "corpus", 4, 8, 2, 3, seed=5, style="expressions")
    summary_here, store_here, _ = ingested(tmp_path / "here", 1, [tmp_path / "corpus"])
    summary_workers, store_workers, _ = ingested(tmp_path / "workers", 2, [tmp_path / "corpus"])
    assert corpus.manifest.amending_acts >= 2
    assert planned_in_workers and store_workers == store_here
    views = sum(len(lines) for graph, lines in store_here.items() if "/view/" in graph)
    stored = sum(map(len, store_here.values())) - views
    assert summary_here.quads == summary_workers.quads == stored
    lex = open_lex(tmp_path / "here", 1)
    try:
        patches = [change.patch().splitlines() for change in lex.store.changelog.changes()]
    finally:
        lex.close()
    for lines in patches:
        additions = [line for line in lines if line.startswith(b"A ")]
        assert len(additions) == len(set(additions))


@pytest.mark.parametrize("processes", [1, 2])
def test_the_transaction_log_writes_each_quad_as_the_store_writes_it(tmp_path, planned_in_workers, processes):
    """A replica replaying the transaction log line by line holds what the store's dump says, byte for byte: every
    transaction time in the canonical form Oxigraph stores and writes back (UTC as "Z"), planning here or in
    workers. An engine that keeps lexical forms apart (Jena) would otherwise hold `...+00:00` where the dumps
    say `...Z`."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from synthetic import generate

    generate(tmp_path / "corpus", 3, 6, 2, 3, seed=9, style="expressions")
    lex = open_lex(tmp_path / "store", processes)
    try:
        lex.ingest([tmp_path / "corpus"])
        lex.ingest([SAMPLES])  # a second ingest: acts held gain expressions, records are superseded
        held: set[bytes] = set()
        headers: list[bytes] = []
        for change in lex.store.changelog.changes():
            lines = change.patch().splitlines(keepends=True)
            held -= {line[2:] for line in lines if line.startswith(b"D ")}
            held |= {line[2:] for line in lines if line.startswith(b"A ")}
            headers += [line for line in lines if line.startswith(b"H committed ")]
        buffer = io.BytesIO()
        lex.store.dump(buffer)
    finally:
        lex.close()
    assert bool(planned_in_workers) == (processes == 2)
    dumped = set(buffer.getvalue().splitlines(keepends=True))
    assert len(dumped) > 10_000 and held == dumped
    assert b'+00:00"^^' not in b"".join(held)
    # a change's commit time is written as its records' times are: the last changeset's lex:recordedAt, to the letter
    times = {line.split(b" ", 2)[2].removesuffix(b" .\n") for line in headers}
    assert headers and all(time.endswith(b'Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>') for time in times)
    recorded = {line.split(b" ")[2] for line in held if b"#recordedAt> " in line}
    assert times & recorded
