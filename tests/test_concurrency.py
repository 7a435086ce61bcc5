"""One store, many users: one writer publishes snapshots, every reader (the server, `lexrdf query`, worker
processes) reads the newest one. Real processes: `lexrdf serve`, `lexrdf ingest`, `lexrdf query`, kill -9."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import httpx
import pyoxigraph
import pytest
from conftest import BASE, DPA, HARBOUR, ODA, SAMPLES, SHARED_DATA, UKPGA, VEREINSG, needs_shared
from pyoxigraph import Literal, NamedNode, Quad
from servers import free_port, lexrdf_server

from lexrdf.errors import StoreError
from lexrdf.store import StoreLocked, open_store
from lexrdf.store.snapshots import Snapshots

ENV = {**os.environ, "LEXRDF_BASE_IRI": BASE}
GRAPH = NamedNode("https://example.org/act")
ODA_PARA = f"{ODA}/art_3/para_2"
DPA_S4_1 = f"{DPA}/section-4-1"


def quads(count: int, start: int = 0) -> list[Quad]:
    return [
        Quad(NamedNode(f"https://example.org/s{i}"), NamedNode("https://example.org/p"), Literal(str(i)), GRAPH)
        for i in range(start, start + count)
    ]


def lexrdf(*args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    """Run the CLI in its own process (`timeout`: a guard against a hang, not a limit on speed: an ingest of every AKN
    file of ../shared/data took over 120 s on this machine's two cores while another suite ran beside it)."""
    command = [sys.executable, "-m", "lexrdf.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=timeout)


def status(url: str, provision: str, day: str) -> str:
    response = httpx.get(f"{url}/api/text-at", params={"provision": provision, "date": day}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["status"]


def published(store: Path) -> str | None:
    current = Snapshots(store).current()
    return current.name if current else None


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    """A server over a store holding the Harbour Act (samples/single), written by `lexrdf ingest` beforehand."""
    store = tmp_path_factory.mktemp("served") / "store"
    assert lexrdf("ingest", str(SAMPLES / "single"), "--store", str(store)).returncode == 0
    with lexrdf_server(store) as (url, _):
        yield url, store


def test_an_ingest_while_serving_is_answered_from_the_next_request(served):
    url, store = served
    assert status(url, ODA_PARA, "2003-05-01") == "unknown-reference"
    before = published(store)
    ingest = lexrdf("ingest", str(SAMPLES / "expressions"), "--store", str(store))
    assert ingest.returncode == 0, ingest.stderr
    assert published(store) != before
    # the ingest published before it exited and the server checks the pointer before each query: no waiting
    assert status(url, ODA_PARA, "2003-05-01") == "in-force"
    assert status(url, f"{HARBOUR}/art_1", "2000-01-01") == "in-force"


def test_a_query_while_serving_answers(served):
    _, store = served
    result = lexrdf("query", "resolve", "-p", "ref=/akn/xx/act/1995-05-10/3", "--store", str(store))
    assert result.returncode == 0, result.stderr
    assert '"provision": "' + HARBOUR + '"' in result.stdout


def test_a_query_on_a_missing_store_is_one_line_and_creates_nothing(tmp_path):
    missing = tmp_path / "nonexistent" / "store"
    result = lexrdf("query", "resolve", "-p", "ref=x", "--store", str(missing))
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [f"error: no lexrdf store at {missing} (run lexrdf ingest first)"]
    assert not missing.exists() and not missing.parent.exists()
    empty = tmp_path / "empty"
    empty.mkdir()  # a directory that is not a store is no store either
    assert lexrdf("query", "resolve", "-p", "ref=x", "--store", str(empty)).returncode != 0
    assert list(empty.iterdir()) == []


@contextmanager
def holding_the_primary(store: Path, legacy: bool = False) -> Iterator[None]:
    """Another process that has the store open for writing (with `legacy`, opened as before snapshots existed:
    pyoxigraph itself, publishing nothing), until the block ends."""
    opener = "pyoxigraph.Store(sys.argv[1])" if legacy else "open_store(sys.argv[1])"
    script = f"import sys, pyoxigraph; from lexrdf.store import open_store; s = {opener}; print('ready', flush=True); "
    script += "sys.stdin.read()"
    holder = subprocess.Popen(
        [sys.executable, "-c", script, str(store)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        yield
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_a_second_writer_is_one_line_and_readers_are_not_blocked(tmp_path):
    store = tmp_path / "store"
    assert lexrdf("ingest", str(SAMPLES / "single"), "--store", str(store)).returncode == 0
    with holding_the_primary(store):
        second = lexrdf("ingest", str(SAMPLES / "expressions"), "--store", str(store))
        assert second.returncode == 1
        assert second.stderr.strip().splitlines() == [
            f"error: the store at {store} is being written by another process"
        ]
        with pytest.raises(StoreLocked):
            open_store(store)
        reader = lexrdf("query", "resolve", "-p", "ref=/akn/xx/act/1995-05-10/3", "--store", str(store))
        assert reader.returncode == 0 and HARBOUR in reader.stdout
    assert lexrdf("ingest", str(SAMPLES / "expressions"), "--store", str(store)).returncode == 0


def logged_changes(store: Path) -> set[str]:
    """The changes the store's transaction log holds: a write is logged right after it commits (whether a
    transaction, which appends to RocksDB's write-ahead log, or a bulk load, which does not)."""
    changes = store / "changes"
    return {entry.name for entry in changes.iterdir() if entry.suffix == ".rdfp"} if changes.is_dir() else set()


def test_kill_9_of_an_ingest_part_way_publishes_nothing_and_the_next_ingest_works(served):
    """Kill an ingest of every AKN file in ../shared/data right after its first acts committed (the
    Vereinsgesetz comes first, the DPA later): nothing is published, the server answers from the previous snapshot,
    and the next ingest goes through."""
    needs_shared(UKPGA)
    url, store = served
    before_snapshot = published(store)
    before_changes = logged_changes(store)
    ingest = subprocess.Popen(
        [sys.executable, "-m", "lexrdf.cli", "ingest", str(SHARED_DATA / "akn"), "--store", str(store)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    deadline = time.monotonic() + 120
    while logged_changes(store) == before_changes and ingest.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    ingest.send_signal(signal.SIGKILL)
    assert ingest.wait(timeout=30) == -signal.SIGKILL, "the ingest ended before it could be killed"

    assert published(store) == before_snapshot
    primary = pyoxigraph.Store.read_only(str(store))  # no writer is left: the primary may be read as it is
    # the kill may land before or after the first act's commit (test_a_writer_killed_after_a_commit_publishes_nothing
    # makes the second case certain); either way the snapshot readers see is the previous one
    assert set(primary.named_graphs()) >= set(open_store(store, read_only=True).raw.named_graphs())
    del primary
    assert status(url, DPA_S4_1, "2005-01-01") == "unknown-reference"
    assert status(url, f"{HARBOUR}/art_1", "2000-01-01") == "in-force"
    query = lexrdf("query", "resolve", "-p", "ref=/akn/xx/act/1995-05-10/3", "--store", str(store))
    assert query.returncode == 0 and HARBOUR in query.stdout

    again = lexrdf("ingest", str(SHARED_DATA / "akn"), "--store", str(store))
    assert again.returncode == 0, again.stderr
    assert status(url, DPA_S4_1, "2005-01-01") == "in-force"
    assert status(url, f"{HARBOUR}/art_1", "2000-01-01") == "in-force"


def test_a_writer_killed_after_a_commit_publishes_nothing(tmp_path):
    """A writer that committed an act and was killed before publishing: readers see the previous snapshot; the
    next writer opens the store (the lock died with the process) and publishes both."""
    store = tmp_path / "store"
    first = open_store(store)
    first.add_act_graph(GRAPH, quads(10))
    first.close()
    script = (
        "import os, signal, sys; from pyoxigraph import *; from lexrdf.store import open_store; "
        "s = open_store(sys.argv[1]); g = NamedNode('https://example.org/act'); "
        "s.add_act_graph(g, [Quad(NamedNode(f'https://example.org/k{i}'), NamedNode('https://example.org/p'), "
        "Literal('x'), g) for i in range(20_000)]); os.kill(os.getpid(), signal.SIGKILL)"
    )
    killed = subprocess.run([sys.executable, "-c", script, str(store)], timeout=60)
    assert killed.returncode == -signal.SIGKILL
    reader = open_store(store, read_only=True)
    assert reader.quad_count() == 10
    writer = open_store(store)
    assert writer.quad_count() == 20_010  # committed, not yet published
    writer.add_act_graph(GRAPH, quads(5, start=10))
    writer.publish()
    assert reader.quad_count() == 20_015
    writer.close()
    reader.close()


def test_a_reader_sees_each_publish_whole_and_only_then(tmp_path):
    store = tmp_path / "store"
    writer = open_store(store)  # a new store is published empty at once: readers never need the primary
    reader = open_store(store, read_only=True)
    assert reader.quad_count() == 0 and reader.snapshot is not None
    writer.add_act_graph(GRAPH, quads(3))
    writer.add_act_graph(GRAPH, quads(3, start=3))
    assert reader.quad_count() == 0  # committed, not published
    assert writer.publish() is not None
    assert writer.publish() is None  # nothing written since
    rows = list(reader.select("SELECT ?s WHERE { ?s ?p ?o }"))  # select refreshes by itself
    assert len(rows) == 6 and not reader.refresh()
    writer.add_act_graph(GRAPH, quads(4, start=6))
    writer.close()  # publishes what it wrote
    assert reader.refresh() and len(reader.raw) == 10
    with pytest.raises(StoreError, match="read-only"):
        reader.add_act_graph(GRAPH, quads(1))
    reader.close()


def test_pruning_keeps_the_current_snapshot_and_removes_old_ones_after_the_grace(tmp_path, wall):
    store = tmp_path / "store"
    grace = 0.5
    writer = open_store(store, snapshot_grace_seconds=grace)
    oldest = open_store(store, read_only=True)  # reads snapshot 1, which will be pruned under it
    for start in range(0, 40, 10):
        writer.add_act_graph(GRAPH, quads(10, start=start))
        writer.publish()
    snapshots = Snapshots(store)
    assert [s.sequence for s in snapshots.published()] == [1, 2, 3, 4, 5]  # all superseded within the grace
    wall.advance(timedelta(seconds=grace + 0.2))  # the grace passes on the injected clock
    writer.add_act_graph(GRAPH, quads(10, start=40))
    writer.publish()
    assert [s.sequence for s in snapshots.published()] == [5, 6]  # the current one and the one before it
    assert snapshots.current().sequence == 6
    assert len(oldest.raw) == 0  # a store opened on a pruned snapshot keeps reading it
    assert oldest.quad_count() == 50  # and the next read switches to the newest
    wall.advance(timedelta(seconds=grace + 0.2))  # the grace passes on the injected clock
    writer.close()  # nothing written since the last publish: nothing published, nothing pruned
    assert [s.sequence for s in snapshots.published()] == [5, 6]
    oldest.close()


def test_what_a_killed_publish_left_is_cleared_by_the_next(tmp_path):
    store = tmp_path / "store"
    writer = open_store(store)
    writer.add_act_graph(GRAPH, quads(2))
    writer.publish()
    root = Snapshots(store).root
    (root / "00000003-1.tmp").mkdir()  # a checkpoint cut short
    (root / "00000009-1").mkdir()  # a checkpoint completed but never pointed at
    (root / "CURRENT.12345").write_text("00000009-1\n")  # a pointer never renamed
    writer.add_act_graph(GRAPH, quads(2, start=2))
    snapshot = writer.publish()
    assert snapshot.sequence == 3 and published(store) == snapshot.name
    kept = Snapshots(store).published()
    assert [s.sequence for s in kept] == [1, 2, 3]
    assert {p.name for p in root.iterdir()} == {s.name for s in kept} | {"CURRENT"}
    writer.close()


def test_a_store_from_before_snapshots_gets_one_when_first_read(tmp_path):
    store = tmp_path / "store"
    legacy = pyoxigraph.Store(str(store))
    legacy.extend(quads(7))
    del legacy
    assert not (store / "snapshots").exists()
    reader = open_store(store, read_only=True)
    assert reader.snapshot is not None and reader.quad_count() == 7
    reader.close()


def test_a_store_from_before_snapshots_being_written_is_read_as_it_is(tmp_path):
    store = tmp_path / "store"
    legacy = pyoxigraph.Store(str(store))
    legacy.extend(quads(7))
    del legacy
    with holding_the_primary(store, legacy=True):
        reader = open_store(store, read_only=True)
        assert reader.snapshot is None and reader.quad_count() == 7
    writer = open_store(store)  # the next writer publishes the first snapshot; the reader moves onto it
    writer.close()
    assert reader.refresh() and reader.snapshot is not None and reader.quad_count() == 7
    reader.close()


def test_serve_with_workers_answers_what_is_published_and_stops_on_sigterm(tmp_path):
    store = tmp_path / "store"
    assert lexrdf("ingest", str(SAMPLES / "single"), "--store", str(store)).returncode == 0
    with lexrdf_server(store, "--workers", "2") as (url, process):
        assert status(url, ODA_PARA, "2003-05-01") == "unknown-reference"
        assert lexrdf("ingest", str(SAMPLES / "expressions"), "--store", str(store)).returncode == 0
        # every worker is a reader of its own: each request, whichever worker takes it, sees the new act
        with httpx.Client() as client:
            answers = {
                client.get(f"{url}/api/text-at", params={"provision": ODA_PARA, "date": "2003-05-01"}).json()["status"]
                for _ in range(12)
            }
        assert answers == {"in-force"}
        process.send_signal(signal.SIGTERM)
        # it stops on its own (a hang guard of 30 s, not a stopwatch): not killed
        assert process.wait(timeout=30) != -signal.SIGKILL


def test_serve_on_a_missing_store_is_one_line(tmp_path):
    result = lexrdf("serve", "--store", str(tmp_path / "missing"), "--port", str(free_port()))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"error: no lexrdf store at {tmp_path / 'missing'} (run lexrdf ingest first)"
    ]


READER = """
import json, sys, time
from pathlib import Path
from lexrdf.store import open_store

LEX = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> "
COUNTS = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"
ACTS = LEX + "SELECT ?g WHERE { GRAPH ?g { ?g a lex:Act } }"
UNRECORDED = LEX + "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?v lex:versionOf ?p "
UNRECORDED += "FILTER NOT EXISTS { ?r lex:recordOf ?v } } }"
path, stop = Path(sys.argv[1]), Path(sys.argv[2])
store = open_store(path, read_only=True)
reads = 0
while not stop.exists():
    if reads % 5 == 4:  # a fresh reader now and then: opening must see a whole snapshot too
        store.close()
        store = open_store(path, read_only=True)
    store.refresh()
    raw, snapshot = store.raw, store.snapshot  # every query of one observation on one snapshot
    counts = {row["g"].value: int(row["n"].value) for row in raw.query(COUNTS)}
    acts = sorted(row["g"].value for row in raw.query(ACTS))
    unrecorded = int(next(iter(raw.query(UNRECORDED)))["n"].value)
    print(json.dumps({"snapshot": snapshot.name, "counts": counts, "acts": acts, "unrecorded": unrecorded}), flush=True)
    reads += 1
store.close()
"""


def observed(log: Path, counts: dict[str, int]) -> bool:
    """Whether a READER's log holds an observation of exactly these counts (its last line may be half written)."""
    for line in log.read_text().splitlines():
        with contextlib.suppress(ValueError):
            if json.loads(line)["counts"] == counts:
                return True
    return False


def published_counts(store: Path) -> dict[str, int]:
    reader = open_store(store, read_only=True)
    counts = {
        row["g"].value: int(row["n"].value)
        for row in reader.select("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")
    }
    reader.close()
    return counts


def test_readers_never_see_part_of_an_act_while_ingests_run_and_one_is_killed(tmp_path):
    """Two reader processes read the store in a loop (refreshing, and now and then opening afresh) while, one
    after another: an ingest of the Open Data Act's first expression, one of its later expressions with the
    Vereinsgesetz and its amending act, one of the DPA 1998 killed with kill -9 inside its bulk write, and the
    same ingest again to the end. Every observation holds each act graph, with its ELI view, exactly as some
    ingest published it (quad counts per graph) or not at all; never a version without its record."""
    needs_shared(UKPGA)
    needs_shared(VEREINSG)
    store = tmp_path / "store"
    open_store(store).close()  # an empty store, published
    stop = tmp_path / "stop"
    logs = [tmp_path / f"reader-{n}.jsonl" for n in range(2)]
    readers = [
        subprocess.Popen([sys.executable, "-c", READER, str(store), str(stop)], stdout=log.open("w"), env=ENV)
        for log in logs
    ]
    deadline = time.monotonic() + 60
    while not all(log.stat().st_size for log in logs):  # both readers are reading
        assert time.monotonic() < deadline and all(reader.poll() is None for reader in readers)
        time.sleep(0.05)
    states: list[dict[str, int]] = [{}]
    try:
        oda_first = SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"
        assert lexrdf("ingest", str(oda_first), "--store", str(store)).returncode == 0
        states.append(published_counts(store))
        assert lexrdf("ingest", str(SAMPLES / "expressions"), str(VEREINSG), "--store", str(store)).returncode == 0
        states.append(published_counts(store))
        killed = subprocess.Popen(
            [sys.executable, "-m", "lexrdf.cli", "ingest", str(UKPGA), "--store", str(store)], env=ENV
        )
        journal = store / "journal"
        deadline = time.monotonic() + 120
        while not (
            journal.is_dir()
            and any(e.stat().st_size > 1_000_000 for e in journal.iterdir() if e.name.endswith(".write"))
        ):
            assert killed.poll() is None and time.monotonic() < deadline, "the DPA write was never seen"
            time.sleep(0.002)
        time.sleep(0.1)  # kept: lets the other process's real write run on before the kill lands inside it
        killed.send_signal(signal.SIGKILL)
        assert killed.wait(timeout=30) == -signal.SIGKILL
        assert lexrdf("ingest", str(UKPGA), "--store", str(store)).returncode == 0
        states.append(published_counts(store))
        deadline = time.monotonic() + 60
        while not all(observed(log, states[-1]) for log in logs):  # a bounded wait: both readers see the last too
            assert time.monotonic() < deadline and all(reader.poll() is None for reader in readers), "not seen"
            time.sleep(0.05)
    finally:
        stop.touch()
        for reader in readers:
            reader.wait(timeout=60)
    observations = [json.loads(line) for log in logs for line in log.read_text().splitlines()]
    assert len(observations) >= 20 and all(reader.returncode == 0 for reader in readers)
    assert DPA in states[-1] and f"{DPA}/view/eli" in states[-1]
    acts = {graph for state in states for graph in state if "/view/" not in graph}
    seen_snapshots = {o["snapshot"] for o in observations}
    for observation in observations:
        counts = observation["counts"]
        assert observation["unrecorded"] == 0, observation
        for act in acts:
            pair = (counts.get(act), counts.get(f"{act}/view/eli"))
            allowed = {(state.get(act), state.get(f"{act}/view/eli")) for state in states}
            assert pair in allowed, f"{act} seen as {pair}, published only as {allowed}"
        assert all(f"{act}/view/eli" in counts for act in observation["acts"])
    assert len(seen_snapshots) >= 3, seen_snapshots
    dpa_seen = {o["counts"].get(DPA) for o in observations}
    assert dpa_seen <= {None, states[-1][DPA]}, dpa_seen
