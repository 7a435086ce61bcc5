"""One entry point for the benchmarks: lexrdf against the raw baseline a hand-written client would use, per corpus size.

    python -m bench                     # synthetic corpora of 1e5 and 1e6 quads
    python -m bench --large             # and 1e7
    python -m bench --sizes 3e5         # any sizes (quads, approximate)
    python -m bench --quick             # 1e4 quads, 1 repeat, short HTTP runs: a smoke test of a few minutes
    python -m bench --only ingest query # a subset (ingest query search validate dump memory http remote cores)

For each size it generates a synthetic corpus (bench/synthetic.py) and drives the measuring functions of the other
benches, the two sides interleaved run by run: ingest vs `pyoxigraph` bulk_load (bench/ingest.py), every query
primitive vs its own bound `.rq` in raw pyoxigraph (bench/query.py), search through the index vs the raw SPARQL scan
(bench/search.py), SHACL validation of one act graph vs plain pyshacl (lexrdf.validate, as bench/validate.py),
`lexrdf dump` vs raw `Store.dump` (bench/dump.py), the peak RSS of a CLI ingest (bench/memory.py) vs bulk_load's,
`lexrdf serve` vs `oxigraph serve` (bench/http_load.py), the remote backend: lexrdf on `oxigraph serve`
(--store-url) vs the same query POSTed by hand, and (at `--cores-at` sizes) the ingest on every core vs one core
(bench/cores.py). Across the sizes of one run it adds how much text-at and search latency grew from the smallest
corpus to the largest. Prints one table, writes bench/results/bench-<date>.json (bench-quick-<date>.json) and a PNG
of the same name.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
for _path in (str(REPO), str(BENCH)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import cores as cores_bench  # noqa: E402
import http_load  # noqa: E402
import httpx  # noqa: E402
import ingest as ingest_bench  # noqa: E402
import query as query_bench  # noqa: E402
import search as search_bench  # noqa: E402
from plot import plot  # noqa: E402
from pyoxigraph import NamedNode  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402
from synthetic import generate  # noqa: E402

from lexrdf.api import Lexrdf  # noqa: E402
from lexrdf.queries import get_query  # noqa: E402
from lexrdf.settings import Settings  # noqa: E402
from lexrdf.validate import validate_store, validate_with_pyshacl  # noqa: E402

RESULTS = BENCH / "results"
BASE_IRI = http_load.BASE_IRI
SHAPE = {"articles": 30, "paragraphs": 4, "versions": 6}  # bench/ingest.py's default act shape
QUADS_PER_ACT = 15_300  # measured for SHAPE (15,278 for one act): quads grow linearly with acts
LATENCY_PRIMITIVES = ("text-at", "context", "descendants", "lineage")  # the remote rows' primitives
BENCHES = ("ingest", "query", "search", "validate", "disk", "reindex", "dump", "memory", "http", "remote", "cores")
SEARCH_TARGET_MS = 50  # the bound on a search's p50 at 10^6 quads and below (a page of 20, cited)
SEARCH_TARGET_LARGE_MS = 10  # issue 41's bound on it at 10^7 quads
MEMORY_TARGET = 10  # issue 41: a CLI ingest's peak RSS at most this many times its sources' size ...
MEMORY_TARGET_FROM_MB = 100  # ... from sources of this size (below, the interpreter's ~140 MB dominates)
SEARCH_SCAN_MAX_QUADS = 2_000_000  # past this the raw scan (tens of seconds a query) is not timed
GROWTH = ("query text-at", "search (page of 20, cited)")  # latencies that must not grow with the corpus
GROWTH_SPAN = 50  # a growth row has its target (<= 2x) when the sizes span this factor or more (10^5 to 10^7)
console = Console(width=None if sys.stdout.isatty() else 200)

Row = dict[str, Any]


# -- helpers ------------------------------------------------------------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (the slowest value when there are few)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def interleaved(first: Callable[[], object], second: Callable[[], object], repeats: int) -> tuple[list, list]:
    """Seconds of `repeats` calls of each side, alternating which goes first, after one untimed warm-up of each."""
    first(), second()
    times: tuple[list[float], list[float]] = ([], [])
    for run in range(repeats):
        for side in (0, 1) if run % 2 == 0 else (1, 0):
            started = time.perf_counter()
            (first, second)[side]()
            times[side].append(time.perf_counter() - started)
    return times


def row(
    measurement: str,
    size: int,
    quads: int,
    kind: str,
    unit: str,
    lexrdf: tuple[float, float],
    baseline_name: str | None,
    baseline: tuple[float, float] | None,
    target: str = "",
    ratio: float | None = None,
    absolute: bool = False,
    **extra: Any,
) -> Row:
    """One table row. `ratio` defaults to lexrdf / baseline (p50s); `target` is '>= x' or '<= x' on that ratio, or
    with `absolute` on lexrdf's p50 itself (in `unit`)."""
    if ratio is None and baseline and baseline[0]:
        ratio = lexrdf[0] / baseline[0]
    met = None
    checked = lexrdf[0] if absolute else ratio
    if target and checked is not None:
        comparator, bound = target.split()
        met = checked >= float(bound) if comparator == ">=" else checked <= float(bound)
        target = f"p50 {target} {unit}" if absolute else target
    return {
        "measurement": measurement,
        "size": size,
        "quads": quads,
        "kind": kind,
        "unit": unit,
        "lexrdf_p50": lexrdf[0],
        "lexrdf_p95": lexrdf[1],
        "baseline": baseline_name,
        "baseline_p50": baseline[0] if baseline else None,
        "baseline_p95": baseline[1] if baseline else None,
        "ratio": ratio,
        "target": target,
        "met": met,
        **extra,
    }


def seconds_to_rate(quads: int, runs: list[float]) -> tuple[float, float]:
    """Throughput at the p50 and at the p95 of the runs' seconds (the slow end)."""
    return quads / statistics.median(runs), quads / percentile(runs, 0.95)


# -- the measurements ---------------------------------------------------------------------------------------------
def bench_ingest(size: int, paths: list[Path], work: Path, repeats: int) -> list[Row]:
    """bench/ingest.py: each run a fresh spawned process on a fresh store, lexrdf then bulk_load of the same quads,
    strict (the target's baseline) and lenient (as lexrdf's writer loads them)."""
    baselines = ["bulk_load", "bulk_load_lenient"]
    result = ingest_bench.run_corpus(f"synthetic-{size:g}", "synthetic", paths, work, repeats, baselines, 0)
    quads = result.stored_quads
    seconds = {label: [r["seconds"] for r in runs] for label, runs in result.runs.items()}
    peak = {label: [r["peak_rss_mb"] for r in runs] for label, runs in result.runs.items()}
    lexrdf_rate = seconds_to_rate(quads, seconds["lexrdf"])

    def against(label: str, name: str, measurement: str, target: str = "") -> Row:
        runs = {"lexrdf": seconds["lexrdf"], label: seconds[label]}
        return row(measurement, size, quads, "throughput", "quads/s", lexrdf_rate, name,
                   seconds_to_rate(quads, seconds[label]), target, runs=runs)  # fmt: skip

    return [
        against("bulk_load", "pyoxigraph bulk_load", "ingest", f">= {ingest_bench.TARGET_RATIO}"),
        # the loader as lexrdf's writer runs it (lexrdf.store.embedded): for reference, no target
        against("bulk_load_lenient", "pyoxigraph bulk_load, lenient", "ingest (against a lenient load)"),
        row(
            "peak RSS, ingest (in process)",
            size,
            quads,
            "memory",
            "MB",
            (statistics.median(peak["lexrdf"]), max(peak["lexrdf"])),
            "pyoxigraph bulk_load",
            (statistics.median(peak["bulk_load"]), max(peak["bulk_load"])),
        ),
    ]


def query_target(primitive: str) -> str:
    """The issue's bound on a primitive's p50 against its own raw query: 1.5x for text-at, 2x for every other."""
    return "<= 1.5" if primitive == "text-at" else "<= 2"


def bench_query(
    size: int, quads: int, lex: Lexrdf, samples: int, repeats: int, seed: int, primitives: tuple[str, ...]
) -> list[Row]:
    """bench/query.py: each primitive vs its own bound query in raw pyoxigraph, alternating call by call."""
    targets = query_bench.sample_targets(lex, samples, seed)
    rows = []
    for primitive, figures in query_bench.measure(lex, targets, repeats, primitives).items():
        rows.append(
            row(
                f"query {primitive}",
                size,
                quads,
                "latency",
                "ms",
                (figures["lexrdf_ms"], figures["lexrdf_p95_ms"]),
                "raw pyoxigraph query",
                (figures["raw_ms"], figures["raw_p95_ms"]),
                query_target(primitive),
                samples=figures["samples"],
            )
        )
    return rows


def bench_search(size: int, quads: int, lex: Lexrdf, count: int, repeats: int, seed: int) -> list[Row]:
    """bench/search.py's comparison: `Lexrdf.search` (the index: a page of 20 by BM25, its total, citations and
    windows) against the SPARQL scan a client without an index would run (`search.rq`, bound, in raw pyoxigraph),
    interleaved call by call; the scan is not timed past SEARCH_SCAN_MAX_QUADS. Targets: p50 under 50 ms at 10^6 and
    below, under 10 ms at 10^7 and above."""
    query, raw = get_query("search"), lex.store.raw

    def scan(text: str, day: str) -> object:
        return list(raw.query(query.bound({"text": text, "date": day}), use_default_graph_as_union=True))

    sides: dict[str, Callable[[str, str], object]] = {"index": lambda t, d: lex.search(t, d, size=20)}
    if quads <= SEARCH_SCAN_MAX_QUADS:
        sides["scan"] = scan
    pairs = search_bench.queries(lex, count, seed)
    measured = search_bench.measure(sides, pairs, repeats, "index", echo=lambda line: None)
    index = measured.medians["index"]
    scanned = measured.medians.get("scan")
    return [
        row(
            "search (page of 20, cited)",
            size,
            quads,
            "latency",
            "ms",
            (statistics.median(index), percentile(index, 0.95)),
            "search.rq scan, raw pyoxigraph" if scanned else None,
            (statistics.median(scanned), percentile(scanned, 0.95)) if scanned else None,
            f"<= {SEARCH_TARGET_MS}" if size <= 10**6 else f"<= {SEARCH_TARGET_LARGE_MS}" if size >= 10**7 else "",
            absolute=True,
            queries=len(pairs),
            median_total=statistics.median(measured.totals),
        )
    ]


def bench_cores(size: int, quads: int, corpus: Path, work: Path, repeats: int) -> list[Row]:
    """bench/cores.py: `lexrdf ingest` of the corpus on every core against the same ingest pinned to one core
    (`taskset -c 0`), a fresh process and store each run, the two alternating; the speed-up per pair."""
    pinned, free = [], []
    for run in range(repeats):
        for one_core in (True, False) if run % 2 == 0 else (False, True):
            wall, _ = cores_bench.run_ingest(corpus, work / "cores-store", pinned=one_core)
            (pinned if one_core else free).append(wall)
    speedups = [one / every for one, every in zip(pinned, free, strict=True)]
    if not quads:  # no other bench opened a store of the corpus: count the last run's
        counted = Lexrdf.open(Settings(store=work / "cores-store", base_iri=BASE_IRI), read_only=True)
        quads = counted.store.quad_count()
        counted.close()
    shutil.rmtree(work / "cores-store", ignore_errors=True)
    return [
        row(
            "parallel ingest speed-up",
            size,
            quads,
            "speed-up",
            "x",
            (statistics.median(speedups), percentile(speedups, 0.95)),  # as bench/cores.py reports them
            f"one core, of {os.cpu_count()}",
            None,
            ">= 1.6" if size >= 10**6 else "",  # smaller corpora are read and planned without pools
            ratio=statistics.median(speedups),
            runs={"one core": pinned, "every core": free},
        )
    ]


def growth_rows(rows: list[Row]) -> list[Row]:
    """How much each latency in GROWTH grew from the smallest corpus to the largest (p50 over p50, p95 over p95);
    the target (at most 2x) applies when the sizes span GROWTH_SPAN or more."""
    grown = []
    for measurement in GROWTH:
        measured = sorted((r for r in rows if r["measurement"] == measurement), key=lambda r: r["quads"])
        if len(measured) < 2:
            continue
        small, large = measured[0], measured[-1]
        baseline = None
        if small.get("baseline_p50") and large.get("baseline_p50"):
            baseline = (large["baseline_p50"] / small["baseline_p50"], large["baseline_p95"] / small["baseline_p95"])
        grown.append(
            row(
                f"{measurement} growth",
                large["size"],
                large["quads"],
                "growth",
                "x",
                (large["lexrdf_p50"] / small["lexrdf_p50"], large["lexrdf_p95"] / small["lexrdf_p95"]),
                f"the same at {small['quads']:,} quads",
                baseline,
                "<= 2" if large["quads"] >= GROWTH_SPAN * small["quads"] else "",
                ratio=large["lexrdf_p50"] / small["lexrdf_p50"],
                sizes=[small["quads"], large["quads"]],
            )
        )
    return grown


def bench_validate(size: int, quads: int, lex: Lexrdf, act: str, repeats: int) -> list[Row]:
    """bench/validate.py's comparison on one act graph of the store: compiled shapes vs pyshacl, interleaved."""
    graph, store = NamedNode(act), lex.store.raw
    verdicts: dict[str, Any] = {}

    def compiled() -> None:
        verdicts["compiled"] = validate_store(store, graph)

    def pyshacl() -> None:
        verdicts["pyshacl"] = validate_with_pyshacl(store, graph, parse_once=False)  # plain pyshacl

    fast, slow = interleaved(compiled, pyshacl, repeats)
    fast_report, slow_report = verdicts["compiled"], verdicts["pyshacl"]
    same = fast_report.conforms == slow_report.conforms and fast_report.keys() == slow_report.keys()
    ms = (1000 * statistics.median(fast), 1000 * percentile(fast, 0.95))
    baseline = (1000 * statistics.median(slow), 1000 * percentile(slow, 0.95))
    triples = sum(1 for _ in lex.store.graph_quads(graph))
    return [
        row(
            "validate one act",
            size,
            quads,
            "latency",
            "ms",
            ms,
            "pyshacl",
            baseline,
            "<= 0.1",
            same_verdicts=same,
            act_triples=triples,
        )
    ]


_SMALL_PARENT = (
    "import importlib, json, sys; sys.path.insert(0, sys.argv[1]); module = importlib.import_module(sys.argv[2]); "
    "print(json.dumps(getattr(module, sys.argv[3])(*json.loads(sys.argv[4])), default=str))"
)


def from_small_parent(module: str, function: str, *args: Any) -> dict:
    """bench/<module>.<function>(*args) run in a fresh, small process, its JSON result. A child's peak RSS as wait4
    reports it (ru_maxrss) counts what its parent held when it forked it, and this process holds a whole corpus by
    the time it measures children: started from here, a child's peak would read as this process's size."""
    arguments = json.dumps([str(a) if isinstance(a, Path) else a for a in args])
    command = [sys.executable, "-c", _SMALL_PARENT, str(BENCH), module, function, arguments]
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if done.returncode != 0:
        raise RuntimeError(f"{module}.{function} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench_dump(size: int, quads: int, store: Path, work: Path, repeats: int) -> list[Row]:
    """bench/dump.py's children (a fresh process each, started by a small one: peak RSS from wait4), the sides
    alternating run by run."""
    runs: dict[str, list[dict]] = {"raw": [], "lexrdf": []}
    for run in range(repeats):
        for side in ("raw", "lexrdf") if run % 2 == 0 else ("lexrdf", "raw"):
            out = work / f"dump-{side}-{run}" / ("dump.nq" if side == "raw" else "dump")
            out.parent.mkdir(parents=True)
            runs[side].append(from_small_parent("dump", "run_child", side, store, out, False))
            shutil.rmtree(out.parent)
    seconds = {side: [r["seconds"] for r in measured] for side, measured in runs.items()}
    peak = {side: [r["peak_mb"] for r in measured] for side, measured in runs.items()}
    return [
        row(
            "dump",
            size,
            quads,
            "throughput",
            "quads/s",
            seconds_to_rate(quads, seconds["lexrdf"]),
            "pyoxigraph Store.dump",
            seconds_to_rate(quads, seconds["raw"]),
            ">= 0.8",
            runs=seconds,
        ),
        row(
            "peak RSS, dump",
            size,
            quads,
            "memory",
            "MB",
            (statistics.median(peak["lexrdf"]), max(peak["lexrdf"])),
            "pyoxigraph Store.dump",
            (statistics.median(peak["raw"]), max(peak["raw"])),
        ),
    ]


def bench_memory(size: int, quads: int, corpus: Path, bulk_load_peak: tuple[float, float] | None) -> list[Row]:
    """bench/memory.py's child: `lexrdf ingest DIR` as a user runs it, its peak RSS from wait4."""
    measured = from_small_parent("memory", "run_child", corpus, 12.0, False)
    if measured["exit"] != 0:
        console.print(f"[red]memory: the ingest exited {measured['exit']}: {measured['output'][-400:]}[/]")
    peak = (measured["peak_mb"], measured["peak_mb"])
    source_mb = directory_mb(corpus)
    return [
        row("peak RSS, CLI ingest", size, quads, "memory", "MB", peak, "pyoxigraph bulk_load", bulk_load_peak),
        row(
            "peak RSS, CLI ingest / sources",
            size,
            quads,
            "memory",
            "MB",
            peak,
            "the sources' size on disk",
            (source_mb, source_mb),
            f"<= {MEMORY_TARGET}" if source_mb >= MEMORY_TARGET_FROM_MB else "",
        ),
    ]


def directory_mb(path: Path) -> float:
    """The bytes of every file under `path` (or of the file), in MB, a file hard-linked from several places once (a
    snapshot is a RocksDB checkpoint: hard links to the store's own files, no second copy on disk)."""
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    sizes = {(stat.st_dev, stat.st_ino): stat.st_size for stat in (p.stat() for p in files)}
    return sum(sizes.values()) / 1e6


def bench_disk(size: int, quads: int, store: Path, dump: Path | None) -> list[Row]:
    """The store's size on disk (RocksDB, search index, journal, views: everything under it) against the N-Quads of
    the same quads, and per quad: what a deployment of 10^8 quads must provision."""
    stored = directory_mb(store)
    nquads = directory_mb(dump) if dump and dump.exists() else None
    return [
        row(
            "store on disk",
            size,
            quads,
            "size",
            "MB",
            (stored, stored),
            "the N-Quads of its quads" if nquads else None,
            (nquads, nquads) if nquads else None,
            bytes_per_quad=stored * 1e6 / quads if quads else None,
        )
    ]


def bench_reindex(size: int, quads: int, store: Path) -> list[Row]:
    """A full rebuild of the store's search index, as an operator runs it (`lexrdf search-index rebuild`, a fresh
    process): what re-indexing a statute book costs. No baseline: the scan it replaces has no index to build."""
    command = [sys.executable, "-m", "lexrdf.cli", "search-index", "rebuild", "--store", str(store)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"search-index rebuild failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return [row("search index rebuild", size, quads, "duration", "s", (seconds, seconds), None, None)]


def bench_http(
    size: int, quads: int, work: Path, lexrdf_dir: Path, targets: list[tuple[str, str]], quick: bool
) -> list[Row]:
    """bench/http_load.py's pieces: `lexrdf serve` (/api/text-at, /sparql) vs `oxigraph serve` answering text-at's
    bound SPARQL over the same quads, 16 connections, each round both sides, the order alternating."""
    oxigraph = http_load.oxigraph_command()
    oxigraph_dir, dumped = work / "oxigraph-store", work / "dump.nq"  # the dump: written by run_size
    command = [oxigraph, "load", "--location", str(oxigraph_dir), "--file", str(dumped)]
    subprocess.run(command, check=True, capture_output=True)
    dumped.unlink()
    plans = http_load.scenarios(targets)
    client = "wrk" if shutil.which("wrk") else "httpx"
    workers, _ = http_load.lexrdf_workers("auto")
    load = http_load.LoadGenerator(client, 16, 1, work)
    sides = http_load.servers(work, lexrdf_dir, oxigraph_dir, oxigraph, workers)
    rounds, duration, warmup = (1, 2, 1) if quick else (3, 5, 2)
    with sides["lexrdf"], sides["oxigraph"]:
        asked = {"page": [], "api": plans["api"], "sparql": plans["sparql"], "oxigraph": plans["oxigraph"]}
        checks = http_load.preflight(sides["lexrdf"].url, sides["oxigraph"].url, asked)
        measured = [name for name in ("api", "sparql") if checks[name].available]
        runs = http_load.measure(load, sides, plans, measured, rounds, duration, warmup)
    rows = []
    for endpoint in measured:
        mine = [r for r in runs if r.side == "lexrdf" and r.endpoint == endpoint]
        theirs = [r for r in runs if r.side == "oxigraph" and r.endpoint == endpoint]

        def figures(chosen: list[http_load.Run]) -> tuple[float, float, float]:
            return tuple(statistics.median(getattr(r, a) for r in chosen) for a in ("p50", "p95", "ok_per_second"))

        (p50, p95, rate), (base_p50, base_p95, base_rate) = figures(mine), figures(theirs)
        label = http_load.ENDPOINTS[endpoint][0]
        rows.append(
            row(
                f"HTTP {label}",
                size,
                quads,
                "latency",
                "ms",
                (p50, p95),
                "oxigraph serve",
                (base_p50, base_p95),
                client=client,
            )
        )
        rows.append(
            row(
                f"HTTP {label} req/s",
                size,
                quads,
                "throughput",
                "req/s",
                (rate, rate),
                "oxigraph serve",
                (base_rate, base_rate),
                f">= {http_load.TARGET_RATIO}",
                client=client,
            )
        )
    for name in ("api", "sparql"):
        if name not in measured:
            console.print(f"[yellow]HTTP {name} unavailable: {checks[name].summary()}[/]")
    return rows


def bench_remote(
    size: int, paths: list[Path], work: Path, samples: int, repeats: int, seed: int, embedded: list[Row]
) -> list[Row]:
    """The remote backend: lexrdf ingests into `oxigraph serve` over HTTP (--store-url); then each latency primitive
    through lexrdf vs the same bound query POSTed to the server by hand, alternating call by call."""
    oxigraph = http_load.oxigraph_command()
    port = http_load.free_port()
    url = f"http://127.0.0.1:{port}"
    argv = [oxigraph, "serve", "--location", str(work / "remote-oxigraph"), "--bind", f"127.0.0.1:{port}"]
    server = http_load.Server(
        "oxigraph serve",
        [*argv, "--union-default-graph"],
        url,
        f"{url}/query?query=ASK%7B%7D",
        work / "remote-oxigraph.log",
    )
    rows: list[Row] = []
    with server, httpx.Client(timeout=600) as client:
        lex = Lexrdf.open(Settings(store=work / "remote-state", base_iri=BASE_IRI, store_url=f"{url}/query"))
        try:
            started = time.perf_counter()
            lex.ingest(paths)
            ingest_seconds = time.perf_counter() - started
            quads = lex.store.quad_count()
            local = [r for r in embedded if r["measurement"] == "ingest"]
            rows.append(
                row(
                    "ingest (remote)",
                    size,
                    quads,
                    "throughput",
                    "quads/s",
                    (quads / ingest_seconds, quads / ingest_seconds),
                    "embedded lexrdf ingest",
                    (local[0]["lexrdf_p50"], local[0]["lexrdf_p95"]) if local else None,
                )
            )
            targets = query_bench.sample_targets(lex, samples, seed)
            headers = {"Content-Type": "application/sparql-query", "Accept": http_load.SPARQL_JSON}
            for primitive in LATENCY_PRIMITIVES:
                query = get_query(primitive)
                mine, theirs = [], []
                for target in targets:
                    params = query_bench.parameters(primitive, target)
                    assert params is not None
                    bound = query.bound(params)

                    def by_lexrdf(primitive: str = primitive, params: dict = params) -> object:
                        return lex.run(primitive, params)

                    def by_hand(bound: str = bound) -> object:
                        response = client.post(f"{url}/query", content=bound, headers=headers)
                        response.raise_for_status()
                        return response.json()

                    first, second = interleaved(by_lexrdf, by_hand, repeats)
                    mine.append(1000 * statistics.median(first))
                    theirs.append(1000 * statistics.median(second))
                same = [r for r in embedded if r["measurement"] == f"query {primitive}"]
                rows.append(
                    row(
                        f"query {primitive} (remote)",
                        size,
                        quads,
                        "latency",
                        "ms",
                        (statistics.median(mine), percentile(mine, 0.95)),
                        "POST to oxigraph serve",
                        (statistics.median(theirs), percentile(theirs, 0.95)),
                        query_target(primitive),
                        embedded_lexrdf_p50=same[0]["lexrdf_p50"] if same else None,
                    )
                )
        finally:
            lex.close()
    return rows


# -- one size -----------------------------------------------------------------------------------------------------
def run_size(size: int, args: argparse.Namespace, work: Path) -> list[Row]:
    """Every chosen bench on a synthetic corpus of about `size` quads."""
    acts = max(1, round(size / QUADS_PER_ACT))
    corpus = work / "corpus"
    console.rule(f"[bold]{size:,.0f} quads: {acts} synthetic acts[/]")
    paths = generate(corpus, acts, SHAPE["articles"], SHAPE["paragraphs"], SHAPE["versions"], seed=args.seed)
    rows: list[Row] = []

    def stage(name: str, action: Callable[[], list[Row]]) -> None:
        if name not in args.only:
            return
        console.print(f"[bold]{name}[/] ...")
        started = time.perf_counter()
        try:
            rows.extend(action())
        except Exception as error:  # one broken bench must not lose the others' figures
            console.print(f"[red]{name} failed: {type(error).__name__}: {error}[/]")
            rows.append({"measurement": name, "size": size, "kind": "error", "error": repr(error)})
        console.print(f"{name}: {time.perf_counter() - started:.0f} s")

    stage("ingest", lambda: bench_ingest(size, paths, work / "ingest", args.repeats))
    store = work / "store"
    http_targets: list[tuple[str, str]] = []
    quads = next((r.get("quads", 0) for r in rows if r["measurement"].startswith("ingest")), 0)
    reading = {"query", "search", "validate", "disk", "reindex", "dump", "http"}  # the benches reading a store
    if reading & set(args.only):
        lex = Lexrdf.open(Settings(store=store, base_iri=BASE_IRI))
        lex.ingest(paths)
        quads = lex.store.quad_count()
        try:
            targets = query_bench.sample_targets(lex, 1, args.seed)
            timed = args.primitives
            stage("query", lambda: bench_query(size, quads, lex, args.samples, args.repeats, args.seed, timed))
            stage("search", lambda: bench_search(size, quads, lex, args.queries, args.repeats, args.seed))
            stage("validate", lambda: bench_validate(size, quads, lex, targets[0][1], args.repeats))
            if {"http", "disk"} & set(args.only):  # the same quads for oxigraph serve, the size of N-Quads
                with (work / "dump.nq").open("wb") as output:
                    lex.store.dump(output)
                # (provision, date) pairs, as http_load.pick_targets would give them (it opens the store itself)
                http_targets = [(t[0], t[2]) for t in query_bench.sample_targets(lex, 16 if args.quick else 64, 7)]
        finally:
            lex.close()
        stage("disk", lambda: bench_disk(size, quads, store, work / "dump.nq"))
        stage("reindex", lambda: bench_reindex(size, quads, store))
    stage("dump", lambda: bench_dump(size, quads, store, work, args.repeats))
    stage("memory", lambda: bench_memory(size, quads, corpus, _bulk_peak(rows)))
    stage("http", lambda: bench_http(size, quads, work, store, http_targets, args.quick))
    stage("remote", lambda: bench_remote(size, paths, work, args.samples, args.repeats, args.seed, rows))
    if size in args.cores_at:
        stage("cores", lambda: bench_cores(size, quads, corpus, work, args.repeats))
    return rows


def _bulk_peak(rows: list[Row]) -> tuple[float, float] | None:
    """bulk_load's peak RSS (p50, p95) as the ingest bench measured it, if it ran."""
    ingest_peak = next((r for r in rows if r["measurement"] == "peak RSS, ingest (in process)"), None)
    return (ingest_peak["baseline_p50"], ingest_peak["baseline_p95"]) if ingest_peak else None


# -- report -------------------------------------------------------------------------------------------------------
def number(value: float | None, unit: str = "") -> str:
    """A figure with a sensible precision."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if unit in ("quads/s", "req/s") or value >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if value >= 1 else f"{value:.3f}"


def table(rows: list[Row]) -> Table:
    """Rows: measurement x size; lexrdf and baseline p50/p95, their ratio, the target on it and whether it is met."""
    result = Table(title="lexrdf vs the raw baseline (ratio: lexrdf / baseline p50; the target applies to it)")
    for name in (
        "measurement",
        "quads",
        "unit",
        "lexrdf p50",
        "lexrdf p95",
        "baseline",
        "base p50",
        "base p95",
        "ratio",
        "target",
        "met?",
    ):
        result.add_column(name, justify="left" if name in ("measurement", "unit", "baseline") else "right")
    for r in rows:
        if r["kind"] == "error":
            result.add_row(r["measurement"], f"{r['size']:,.0f}", "", "[red]failed[/]", "", "", "", "", "", "", "")
            continue
        met = {True: "[green]yes[/]", False: "[red]no[/]", None: ""}[r["met"]]
        unit = r["unit"]
        result.add_row(
            r["measurement"],
            f"{r['quads']:,}",
            unit,
            number(r["lexrdf_p50"], unit),
            number(r["lexrdf_p95"], unit),
            r["baseline"] or "—",
            number(r["baseline_p50"], unit),
            number(r["baseline_p95"], unit),
            number(r["ratio"]),
            r["target"],
            met,
        )
    return result


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e4 quads, 1 repeat, short HTTP runs (smoke test)")
    parser.add_argument("--large", action="store_true", help="add a corpus of 1e7 quads")
    parser.add_argument("--sizes", type=float, nargs="+", help="corpus sizes in quads (default 1e5 1e6)")
    parser.add_argument(
        "--scale", type=float, help="every decade from 1e5 up to this size (1e7: 1e5 1e6 1e7), for the growth rows"
    )
    parser.add_argument("--repeats", type=int, help="runs per side (default 3; 1 with --quick)")
    parser.add_argument("--samples", type=int, help="provisions sampled for queries (default 20; 5 with --quick)")
    parser.add_argument("--only", nargs="+", choices=BENCHES, default=list(BENCHES), help="run only these benches")
    parser.add_argument(
        "--primitives", nargs="+", choices=query_bench.PRIMITIVES, default=list(query_bench.PRIMITIVES),
        help="the query primitives timed (default every one; the whole-store ones take minutes at 1e7)",
    )  # fmt: skip
    parser.add_argument("--queries", type=int, help="search queries (default 12; 4 with --quick)")
    parser.add_argument(
        "--cores-at", type=float, nargs="+", help="sizes at which one core is timed against all (default 1e6)"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--tmpdir", type=Path, help="where corpora and stores go (default: the system temp dir)")
    parser.add_argument("--output", type=Path, help="JSON path (default bench/results/bench-<date>.json)")
    args = parser.parse_args(argv)
    decades = [10.0**e for e in range(5, round(math.log10(args.scale)) + 1)] if args.scale else None
    sizes = args.sizes or decades or ([1e4] if args.quick else [1e5, 1e6])
    args.sizes = [int(s) for s in sizes] + ([10**7] if args.large else [])
    args.repeats = args.repeats or (1 if args.quick else 3)
    args.samples = args.samples or (5 if args.quick else 20)
    args.queries = args.queries or (4 if args.quick else 12)
    args.primitives = tuple(args.primitives)
    args.cores_at = [int(s) for s in args.cores_at or ([1e4] if args.quick else [1e6])]
    return args


def main(argv: list[str] | None = None) -> int:
    """Run every size, print the table, write the JSON and the PNG."""
    args = parse_args(argv)
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    if load_before > 0.5:
        console.print(f"[yellow]load average {load_before:.2f} at the start: timings will be noisy[/]")
    rows: list[Row] = []
    if args.tmpdir:
        Path(args.tmpdir).mkdir(parents=True, exist_ok=True)
    stem = f"bench-quick-{date.today().isoformat()}" if args.quick else f"bench-{date.today().isoformat()}"
    output = args.output or RESULTS / f"{stem}.json"
    output.parent.mkdir(parents=True, exist_ok=True)

    def write(complete: bool) -> None:  # after each size too, so that a run stopped at 1e7 keeps what it measured
        report = {
            "sizes": args.sizes,
            "complete": complete,
            "quick": args.quick,
            "repeats": args.repeats,
            "samples": args.samples,
            "seconds": time.perf_counter() - started,
            "environment": ingest_bench.environment(),
            "load_average": {"start": load_before, "end": os.getloadavg()[0]},
            "rows": rows,
        }
        output.write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")

    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix=f"lexrdf-bench-{size}-", dir=args.tmpdir) as scratch:
            rows.extend(run_size(size, args, Path(scratch)))
        write(complete=False)
        console.print(table(rows))
    rows.extend(growth_rows(rows))
    if len(args.sizes) > 1:
        console.print(table(rows))
    write(complete=True)
    picture = plot([r for r in rows if r["kind"] != "error"], output.with_suffix(".png"))
    missed = [r["measurement"] for r in rows if r.get("met") is False]
    console.print(f"results: {output}; plot: {picture}; {len(missed)} target(s) missed", highlight=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
