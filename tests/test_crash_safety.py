"""Crash safety: `kill -9` of a real `lexrdf ingest` at many points, the large act's bulk write included.

The killed ingest writes the Open Data Act's later expressions onto its first one (already stored), the
Vereinsgesetz with the act amending it, and the Data Protection Act 1998 (74k quads, written by the bulk loader
under the journal of lexrdf.store.journal). Attempts are chained as an operator would retry: each one runs the same
ingest on the store the previous kill left, and the last one runs to the end. After every kill the next writer's
open recovers the store; then each act graph, with its ELI view, is entirely as before the attempt or entirely as
after a clean run (graph by graph, changeset IRIs and transaction times normalised to their order), every act
validates, and no temporary file is left. The finished store is the clean run's, quad for quad.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyoxigraph
import pytest
from conftest import BASE, DPA, HARBOUR, SAMPLES, UKPGA, VEREINSG, needs_shared
from pyoxigraph import NamedNode, RdfFormat

from lexrdf.api import Lexrdf
from lexrdf.ingest.derived import recover_derived
from lexrdf.settings import Settings
from lexrdf.store import open_store
from lexrdf.store.journal import JOURNAL
from lexrdf.store.snapshots import Snapshots
from lexrdf.validate import validate_store
from lexrdf.views import is_view_graph, view_graph

ENV = {**os.environ, "LEXRDF_BASE_IRI": BASE}
ODA_FIRST = SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"
SOURCES = [SAMPLES / "expressions", VEREINSG, UKPGA]
BIG = 1_000_000  # bytes: a journal entry this large carries the DPA's undo data (its write is under way)

DATETIME = re.compile(r'"([0-9T:.+Z-]+)"\^\^<http://www\.w3\.org/2001/XMLSchema#dateTime>')
CHANGESET = re.compile(r"<[^>]*/changeset/(\d{8}T\d{12})-[0-9a-f]+>")
STARTED = datetime.now(UTC) - timedelta(days=1)  # transaction and build times are later; legal dates are not


def canonical(store: pyoxigraph.Store) -> dict[str, frozenset[str]]:
    """Each named graph as a set of N-Triples lines, its changeset IRIs and transaction times replaced by their
    rank in that graph (so two runs of the same ingest compare equal, whenever they ran)."""
    graphs = {}
    for graph in store.named_graphs():
        buffer = io.BytesIO()
        store.dump(buffer, RdfFormat.N_TRIPLES, from_graph=graph)
        text = buffer.getvalue().decode()
        moments = {m for m in DATETIME.findall(text) if datetime.fromisoformat(m).astimezone(UTC) > STARTED}
        rank = {m: i for i, m in enumerate(sorted(moments, key=datetime.fromisoformat))}
        stamps = {s: i for i, s in enumerate(sorted(set(CHANGESET.findall(text))))}
        text = DATETIME.sub(lambda m, rank=rank: f'"t{rank[m[1]]}"' if m[1] in rank else m[0], text)
        text = CHANGESET.sub(lambda m, stamps=stamps: f"<changeset:{stamps[m[1]]}>", text)
        graphs[graph.value] = frozenset(text.splitlines())
    return graphs


def canonical_of(store: Path) -> dict[str, frozenset[str]]:
    writer = open_store(store)
    try:
        return canonical(writer.raw)
    finally:
        writer.close()


def ingest(store: Path, env: dict[str, str] = ENV) -> subprocess.Popen:
    command = [sys.executable, "-m", "lexrdf.cli", "ingest", *map(str, SOURCES), "--store", str(store)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)


def journal_sizes(store: Path) -> dict[str, int]:
    """The journal's entries (lexrdf.store.journal) and their sizes, now."""
    sizes = {}
    try:
        entries = list(os.scandir(store / JOURNAL))
    except FileNotFoundError:
        return sizes
    for entry in entries:
        if entry.name.endswith(".write"):
            try:
                sizes[entry.name] = entry.stat().st_size
            except FileNotFoundError:
                continue
    return sizes


def leftovers(store: Path) -> list[str]:
    """Temporary files a killed writer may leave: bulk loader files, journal entries, unfinished snapshots."""
    found = [p.name for p in store.iterdir() if p.name.startswith(("bulk-", "spool-"))]
    if (store / "changes").is_dir():
        found += [f"changes/{p.name}" for p in (store / "changes").iterdir() if p.name.endswith(".tmp")]
    if (store / JOURNAL).is_dir():
        found += [f"{JOURNAL}/{p.name}" for p in (store / JOURNAL).iterdir()]
    root = Snapshots(store).root
    current = Snapshots(store).current()
    found += [
        f"snapshots/{p.name}"
        for p in root.iterdir()
        if p.name.endswith(".tmp") or (p.name.startswith("CURRENT.")) or (p.is_dir() and p.name > current.name)
    ]
    return found


@dataclass
class Kill:
    """When to kill an attempt: `seconds` after it started, or `after` seconds after a trigger seen in the store
    directory ("write": a journal entry appears; "big": the DPA's entry with its undo data; "bulk": the bulk
    loader's sorted file; "committed": the DPA's entry lost its undo data, its write committed, views not built)."""

    trigger: str
    after: float = 0.0


SCHEDULE = [
    Kill("start", 0.3),  # the interpreter starting
    Kill("start", 1.5),  # reading and mapping the sources
    Kill("write"),  # the first act write has begun (its journal entry is durable)
    Kill("write", 0.03),
    Kill("big"),  # the DPA's bulk write: undo data recorded, the load starting
    Kill("bulk"),  # inside bulk_load: its sorted files are being written
    Kill("big", 0.15),
    Kill("big", 0.3),
    Kill("committed"),  # the DPA committed, its view not yet rebuilt
    Kill("start", 2.0),
]


def run_until(
    store: Path, kill: Kill | None, timeout: float = 120, env: dict[str, str] = ENV
) -> tuple[str, dict[str, int]]:
    """Run the ingest on `store`; kill it at `kill`. What happened, and the journal as it was at the kill."""
    process = ingest(store, env)
    started = time.monotonic()
    fired_at = None
    seen_big: set[str] = set()
    while process.poll() is None:
        now = time.monotonic()
        assert now - started < timeout, "the ingest hung"
        if kill is None:
            time.sleep(0.01)
            continue
        if fired_at is None:
            sizes = journal_sizes(store) if kill.trigger != "start" else {}
            seen_big |= {name for name, size in sizes.items() if size >= BIG}
            if (
                kill.trigger == "start"
                or (kill.trigger == "write" and sizes)
                or (kill.trigger == "big" and seen_big)
                or (kill.trigger == "bulk" and any(p.startswith("bulk-") for p in os.listdir(store)))
                or (kill.trigger == "committed" and any(sizes.get(name, BIG) < BIG for name in seen_big))
            ):
                fired_at = started if kill.trigger == "start" else now
        if fired_at is not None and now - fired_at >= kill.after:
            at_kill = journal_sizes(store)
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
            return ("killed" if process.returncode == -signal.SIGKILL else "finished"), at_kill
        time.sleep(0.002)
    stderr = process.stderr.read().decode()
    assert process.returncode == 0, stderr
    return "finished", {}


def check_whole(before: dict, after: dict, now: dict) -> dict[str, str]:
    """Each act graph is entirely as before or entirely as after, and its view is on the same side."""
    sides = {}
    acts = {g for g in {*before, *after, *now} if not is_view_graph(NamedNode(g))}
    for act in acts:
        view = view_graph(act).value
        state = (now.get(act), now.get(view))
        old, new = (before.get(act), before.get(view)), (after.get(act), after.get(view))
        assert state in (old, new), f"{act}: neither as before nor as after (act {_diff(state[0], old[0], new[0])})"
        sides[act] = "unchanged" if state == old and old != new else "written" if state == new else "same"
    extra = set(now) - acts - {view_graph(a).value for a in acts}
    assert not extra, f"graphs that are neither acts nor their views: {extra}"
    return sides


def _diff(now, old, new) -> str:
    now, old, new = now or frozenset(), old or frozenset(), new or frozenset()
    return f"{len(now)} lines; {len(now - old)} not in before, {len(now - new)} not in after, {len(new - now)} missing"


@pytest.mark.parametrize("stream_mb", ["150", "0"], ids=["grouped", "streamed"])
def test_kill_9_at_many_points_leaves_each_act_whole_and_the_retry_finishes_as_a_clean_run(tmp_path, stream_mb):
    """Killed at many points, each act (and its views) is as before or as after, and the retry ends as a clean run:
    with groups loaded whole, and with groups streamed into their load as the acts are planned (what an ingest of
    more than `Settings.ingest_stream_mb` does, forced on here)."""
    env = {**ENV, "LEXRDF_INGEST_STREAM_MB": stream_mb}
    needs_shared(UKPGA)
    needs_shared(VEREINSG)
    base = tmp_path / "base"
    first = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "ingest", str(ODA_FIRST), "--store", str(base)], env=env, timeout=120
    )
    assert first.returncode == 0

    clean = tmp_path / "clean"
    shutil.copytree(base, clean)
    assert run_until(clean, None, env=env)[0] == "finished"
    reference = open_store(clean, read_only=True)
    after = canonical(reference.raw)
    assert DPA in after and view_graph(DPA).value in after
    reference.close()

    store = tmp_path / "store"
    shutil.copytree(base, store)
    before = canonical_of(store)
    outcomes = []
    for kill in SCHEDULE:
        outcome, journal = run_until(store, kill, env=env)
        dpa_under_way = any(size >= BIG for size in journal.values())
        primary = pyoxigraph.Store.read_only(str(store))  # the writer is dead: what it left, before recovery
        dpa_left = len(list(primary.quads_for_pattern(None, None, None, NamedNode(DPA))))
        del primary
        writer = open_store(store)  # the next writer recovers the store before anything else
        recover_derived(writer)  # and what is derived from the graphs it recovered (lexrdf.ingest.derived)
        now = canonical(writer.raw)
        sides = check_whole(before, after, now)
        for act in (g for g in now if not is_view_graph(NamedNode(g))):
            report = validate_store(writer.raw, NamedNode(act), locate="none")
            assert report.conforms, f"{act} does not validate after a kill at {kill}"
        writer.close()
        assert leftovers(store) == [], f"left after a kill at {kill}"
        outcomes.append((kill, outcome, dpa_under_way, dpa_left, sides.get(DPA)))
        before = now
        if now == after:  # the ingest got to the end (a busy machine made a timed kill land late): start again
            shutil.rmtree(store)
            shutil.copytree(base, store)
            before = canonical_of(store)

    assert run_until(store, None, env=env)[0] == "finished"  # the same ingest, once more, to the end
    final = open_store(store, read_only=True)
    assert canonical(final.raw) == after
    final.close()
    assert leftovers(store) == []

    report = "\n".join(
        f"{k.trigger}+{k.after}s: {o}; DPA write under way: {u}; DPA quads left by the kill: {n}; DPA {s}"
        for k, o, u, n, s in outcomes
    )
    print(report)
    killed = [outcome for outcome in outcomes if outcome[1] == "killed"]
    assert len(killed) >= 8, report
    inside = [outcome for outcome in killed if outcome[2]]
    assert len(inside) >= 2, f"fewer than two kills landed inside the DPA's bulk write:\n{report}"
    whole = len(after[DPA])
    assert all(outcome[4] != "written" for outcome in inside if outcome[3] < whole), report


@pytest.mark.parametrize("left", ["nothing", "half", "all"])
def test_a_bulk_write_cut_short_is_undone_at_the_next_open_and_one_finished_is_kept(tmp_path, left):
    """The journal's recovery without timing luck: a DPA-sized write whose undo entry is durable and of which
    nothing, half or all reached the store, and an orphan file of the bulk loader, as a killed writer leaves them."""
    from lexrdf.store.journal import Journal

    graph = NamedNode("https://example.org/act")
    quads = [
        pyoxigraph.Quad(
            NamedNode(f"https://example.org/s{i}"),
            NamedNode("https://example.org/p"),
            NamedNode(f"https://example.org/o{i}"),
            graph,
        )
        for i in range(20_000)
    ]
    store = tmp_path / "store"
    writer = open_store(store)
    writer.add_act_graph(graph, quads[:10])
    writer.close()
    script = (
        "import os, signal, sys, pyoxigraph; from pyoxigraph import *; from lexrdf.store import open_store;"
        "from lexrdf.store.journal import Journal; from datetime import datetime, UTC; s = open_store(sys.argv[1]); "
        "data = sys.stdin.buffer.read(); now = datetime.now(UTC); "
        "Journal(s.directory).begin('https://example.org/act', 2, now, [data], count=data.count(b'\\n')); "
        "part = int(sys.argv[2]); lines = data.splitlines(keepends=True)[:part]; "
        "s.raw.bulk_load(b''.join(lines), RdfFormat.N_QUADS); s.raw.flush(); "
        "open(os.path.join(sys.argv[1], 'bulk-123456789.sst'), 'wb').write(b'x'); os.kill(os.getpid(), signal.SIGKILL)"
    )
    new = quads[10:]
    data = pyoxigraph.serialize(new, format=RdfFormat.N_QUADS)
    part = {"nothing": 0, "half": len(new) // 2, "all": len(new)}[left]
    killed = subprocess.run([sys.executable, "-c", script, str(store), str(part)], input=data, env=ENV, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    primary = pyoxigraph.Store.read_only(str(store))
    assert len(primary) == 10 + part  # what the killed writer left in the primary
    del primary
    assert Journal(store).entries()
    writer = open_store(store)
    recover_derived(writer)
    assert len(writer.raw) == (len(quads) if left == "all" else 10)
    assert writer.recovered == [graph.value]
    # a write that committed is logged as the change its entry named; one cut short is not, and its number is free
    changes = [(c.number, c.added, c.removed) for c in writer.changelog.changes()]
    assert changes == ([(1, 10, 0), (2, len(new), 0)] if left == "all" else [(1, 10, 0)])
    writer.close()
    assert leftovers(store) == []


@pytest.mark.parametrize("left", ["the first act and part of the second", "all", "all, the first logged"])
def test_a_group_commit_cut_short_is_undone_whole_and_one_finished_is_logged_in_order(tmp_path, left):
    """A group of three act writes (lexrdf.store: add_act_graphs) journaled as changes 2, 3 and 4, then killed in
    its bulk load: if any act of the group is missing a quad, every act of the group is removed and nothing is
    logged (so the log never has a gap); if all committed, the changes the log lacks are logged, in order."""
    from lexrdf.store.journal import Journal

    acts = [NamedNode(f"https://example.org/act{n}") for n in range(3)]
    quads = {
        act: [
            pyoxigraph.Quad(NamedNode(f"{act.value}/s{i}"), NamedNode("https://example.org/p"), act, act)
            for i in range(3_000)
        ]
        for act in acts
    }
    store = tmp_path / "store"
    writer = open_store(store)
    writer.add_act_graph(acts[0], quads[acts[0]][:10])
    writer.close()
    first = quads[acts[0]][10:]
    group = [first, quads[acts[1]], quads[acts[2]]]
    loaded = {
        "the first act and part of the second": first + quads[acts[1]][:1_500],
        "all": [quad for write in group for quad in write],
        "all, the first logged": [quad for write in group for quad in write],
    }[left]
    script = (
        "import os, signal, sys, pyoxigraph; from pyoxigraph import *; from lexrdf.store import open_store;"
        "from lexrdf.store.journal import Journal;"
        "from datetime import datetime, UTC; s = open_store(sys.argv[1]); j = Journal(s.directory);"
        "parts = sys.stdin.buffer.read().split(b'\\n\\n'); acts = sys.argv[3:6];"
        "now = datetime.now(UTC); writes = zip(acts, (2, 3, 4), parts[:3]);"
        "entries = [j.begin(act, change, now, [data.rstrip(b'\\n') + b'\\n']) for act, change, data in writes];"
        "j.mark(acts); s.raw.bulk_load(parts[3], RdfFormat.N_QUADS); s.raw.flush();"
        "sys.argv[2] == 'yes' and s.changelog.adopt([(2, entries[0].path)]);"
        "os.kill(os.getpid(), signal.SIGKILL)"
    )
    data = b"\n".join(pyoxigraph.serialize(part, format=RdfFormat.N_QUADS) for part in [*group, loaded])
    logged = "yes" if left == "all, the first logged" else "no"
    command = [sys.executable, "-c", script, str(store), logged, *(act.value for act in acts)]
    killed = subprocess.run(command, input=data, env=ENV, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    assert len(Journal(store).entries()) == (2 if logged == "yes" else 3)
    writer = open_store(store)
    recover_derived(writer)
    try:
        held = {act.value: sum(1 for _ in writer.raw.quads_for_pattern(None, None, None, act)) for act in acts}
        changes = [(c.number, c.graph, c.added) for c in writer.changelog.changes()]
        if left.startswith("all"):
            assert held == {acts[0].value: 3_000, acts[1].value: 3_000, acts[2].value: 3_000}
            assert changes == [
                (1, acts[0].value, 10),
                (2, acts[0].value, 2_990),
                *((n, acts[n - 2].value, 3_000) for n in (3, 4)),
            ]
        else:
            assert held == {acts[0].value: 10, acts[1].value: 0, acts[2].value: 0}
            assert changes == [(1, acts[0].value, 10)]
        assert writer.recovered == [act.value for act in acts]
    finally:
        writer.close()
    assert leftovers(store) == []


KILLED_BEFORE_THE_INDEX = """
import os, sys, time
import lexrdf.search
from lexrdf.api import Lexrdf
from lexrdf.settings import Settings
from lexrdf.views import view_graph

def killed(store, acts, **kwargs):  # the views are written beside it: wait for them, then die before the commit
    while not all(store.raw.contains_named_graph(view_graph(act)) for act in acts):
        time.sleep(0.01)
    os._exit(9)

lexrdf.search.update_acts = killed
lex = Lexrdf.open(Settings(store=sys.argv[1], base_iri=sys.argv[2]))
lex.ingest([sys.argv[3]])
"""


def test_a_writer_killed_after_the_views_before_the_index_commit_is_repaired_by_the_next(tmp_path):
    """The index's documents and the views of a group are rebuilt side by side (lexrdf.ingest.derived); the write's
    journal entries are kept until both are done. A writer killed once the views are written but before the index
    commits leaves them, so the next writer rebuilds the act's index documents: "harbour dues" is art_4's heading and
    the text of its paragraphs 2 and 3 (samples/single/harbour-act.xml)."""
    store, harbour = tmp_path / "store", SAMPLES / "single" / "harbour-act.xml"
    first = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "ingest", str(SAMPLES / "expressions"), "--store", str(store)],
        env=ENV,
        timeout=120,
    )
    assert first.returncode == 0  # an index exists: the next ingest updates it
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_BEFORE_THE_INDEX, str(store), BASE, str(harbour)], env=ENV, timeout=120
    )
    assert killed.returncode == 9
    assert list((store / JOURNAL).iterdir())  # the entries were kept for the next writer
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE))
    try:
        assert HARBOUR in lex.store.recovered
        answer = lex.search("harbour dues", "2005-01-01")
        assert answer.method == "index"
        assert sorted(hit.provision for hit in answer.items) == [
            f"{HARBOUR}/art_4",
            f"{HARBOUR}/art_4/para_2",
            f"{HARBOUR}/art_4/para_3",
        ]
    finally:
        lex.close()
    assert leftovers(store) == []
