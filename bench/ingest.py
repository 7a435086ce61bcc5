"""Ingest throughput: lexrdf against raw pyoxigraph loading of the very same quads. Run on demand, not by pytest.

    python bench/ingest.py                     # all corpora; synthetic corpus of ~1M quads
    python bench/ingest.py --quick             # small synthetic corpus, 1 run each (a smoke test)
    python bench/ingest.py --profile           # also cProfile one lexrdf ingest per corpus
    python bench/ingest.py --write-path        # add lexrdf's store write alone, on pre-built quads
    python bench/ingest.py --phases            # also split one lexrdf ingest into phases (GC on and off)

For each corpus:

1. lexrdf: `Lexrdf.open(Settings(store=<fresh temp dir>))`, then `time.perf_counter()` around `lex.ingest(paths)`.
   The store it leaves is dumped to N-Quads (outside the timing).
2. bulk_load: a fresh `pyoxigraph.Store(<temp dir>)`, timed `bulk_load(path=<dump>, format=N_QUADS)`; and
   (`python -m bench`) bulk_load_lenient, the same with `lenient=True`: no IRI check, as lexrdf's writer loads
   the lines it wrote and checked itself. The target is against the first.
3. extend: the dump is parsed with `pyoxigraph.parse` into a list first (untimed), then a fresh on-disk store is
   timed on one `store.extend(quads)` call.
4. write_path (opt-in, `--write-path`): the same parsed quads grouped by act graph and written through lexrdf's
   own backend, `open_store(dir).add_act_graph(graph, quads)` once per graph, as `ingest` does. This is the
   store-write share of a lexrdf ingest; lexrdf ÷ write_path shows how much the rest (XML mapping,
   versioning, emitting, look-up queries) costs on top.

Every measurement runs in its own fresh (spawned) process, so the peak RSS reported for it is its own, and no
run warms caches for the next. Each is repeated (`--repeats`, default 3; `--synthetic-repeats`, default 2, for
the large synthetic corpus) and the table shows medians. Throughput is always counted in the distinct quads the
store holds at the end (the quads the baselines load), so the ratios are ratios of throughput, i.e. inverse
ratios of time. Results go to bench/results/ingest.json.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import multiprocessing
import os
import platform
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyoxigraph
from rich.console import Console
from rich.table import Table

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
UKPGA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
SAMPLES = REPO / "samples"
RESULTS = BENCH / "results"
TARGET_RATIO = 0.5

# Default synthetic corpus: 110 acts x 30 articles x 4 paragraphs x 6 expressions, 20% of paragraphs
# substituted per amendment. lexrdf writes about 9,100 quads per act of this shape, so about 1.0M quads
# (measured; see README.md); quads grow linearly with acts.
DEFAULT_SYNTHETIC = {"acts": 110, "articles": 30, "paragraphs": 4, "versions": 6}
QUICK_SYNTHETIC = {"acts": 10, "articles": 20, "paragraphs": 3, "versions": 3}

console = Console(width=None if sys.stdout.isatty() else 200)  # wide tables in logs too


# -- measurements (each runs in a fresh child process) ------------------------------------------------------
def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def measure_lexrdf(paths: list[str], store_dir: str, dump_to: str | None) -> dict[str, Any]:
    from lexrdf.api import Lexrdf
    from lexrdf.settings import Settings

    lex = Lexrdf.open(Settings(store=Path(store_dir)))
    try:
        started = time.perf_counter()
        summary = lex.ingest(paths)
        seconds = time.perf_counter() - started
        stored = len(lex.store.raw)
        if dump_to:
            with open(dump_to, "wb") as output:
                lex.store.dump(output)
    finally:
        lex.close()
    return {
        "seconds": seconds,
        "stored_quads": stored,
        "emitted_quads": summary.quads,
        "files": summary.files,
        "acts": summary.acts,
        "provisions": summary.provisions,
        "versions": summary.versions,
        "records": summary.records,
        "events": summary.events,
        "peak_rss_mb": _peak_rss_mb(),
    }


def measure_bulk_load(nquads: str, store_dir: str, lenient: bool = False) -> dict[str, Any]:
    store = pyoxigraph.Store(store_dir)
    started = time.perf_counter()
    store.bulk_load(path=nquads, format=pyoxigraph.RdfFormat.N_QUADS, lenient=lenient)
    seconds = time.perf_counter() - started
    stored = len(store)
    del store
    return {"seconds": seconds, "stored_quads": stored, "peak_rss_mb": _peak_rss_mb()}


def measure_bulk_load_lenient(nquads: str, store_dir: str) -> dict[str, Any]:
    """bulk_load without its IRI checks, as lexrdf's writer loads the lines it wrote (lexrdf.store.embedded)."""
    return measure_bulk_load(nquads, store_dir, lenient=True)


def measure_extend(nquads: str, store_dir: str) -> dict[str, Any]:
    quads = list(pyoxigraph.parse(path=nquads, format=pyoxigraph.RdfFormat.N_QUADS))
    store = pyoxigraph.Store(store_dir)
    started = time.perf_counter()
    store.extend(quads)
    seconds = time.perf_counter() - started
    stored = len(store)
    del store
    return {"seconds": seconds, "stored_quads": stored, "peak_rss_mb": _peak_rss_mb()}


def measure_write_path(nquads: str, store_dir: str) -> dict[str, Any]:
    """lexrdf's own store write on pre-built quads: `add_act_graph` once per act graph, as `ingest` calls it."""
    from lexrdf.store import open_store

    by_graph: dict[str, list[pyoxigraph.Quad]] = {}
    for quad in pyoxigraph.parse(path=nquads, format=pyoxigraph.RdfFormat.N_QUADS):
        by_graph.setdefault(quad.graph_name.value, []).append(quad)
    store = open_store(Path(store_dir))
    try:
        started = time.perf_counter()
        for graph, quads in by_graph.items():
            store.add_act_graph(pyoxigraph.NamedNode(graph), quads)
        seconds = time.perf_counter() - started
        stored = store.quad_count()
    finally:
        store.close()
    return {"seconds": seconds, "stored_quads": stored, "graphs": len(by_graph), "peak_rss_mb": _peak_rss_mb()}


def profile_lexrdf(paths: list[str], store_dir: str, report: str, limit: int) -> str:
    from lexrdf.api import Lexrdf
    from lexrdf.settings import Settings

    lex = Lexrdf.open(Settings(store=Path(store_dir)))
    profiler = cProfile.Profile()
    try:
        profiler.enable()
        lex.ingest(paths)
        profiler.disable()
    finally:
        lex.close()
    profiler.dump_stats(report + ".pstats")
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text).strip_dirs()
    stats.sort_stats("cumulative").print_stats(limit)
    stats.sort_stats("tottime").print_stats(limit)
    Path(report + ".txt").write_text(text.getvalue(), encoding="utf-8")
    return text.getvalue()


# Functions the ingest's stages (lexrdf.ingest.planning, lexrdf.ingest.run) look up in their globals at call time
# (`check` is the SHACL gate); each is wrapped with a timer by `measure_phases`. Names a module does not have are
# skipped.
PHASES = ("read_document", "act_iri_for", "read_stored_act", "plan_document", "emit_act", "apply_plan", "check")


def measure_phases(paths: list[str], store_dir: str, gc_off: bool = False) -> dict[str, Any]:
    """One lexrdf ingest with wall-clock timers around its phases (and the store write), plus GC pause time.

    The timers wrap module-level functions of the ingest's stages and the store's `add_act_graph` (a few thousand
    calls, so the overhead is negligible, unlike cProfile's). With `gc_off` the cyclic GC is disabled for the run.
    """
    import gc

    from lexrdf.api import Lexrdf
    from lexrdf.ingest import planning, run
    from lexrdf.settings import Settings

    spent: dict[str, float] = dict.fromkeys((*PHASES, "add_act_graph", "gc"), 0.0)

    def timed(name: str, function):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - started

        return wrapper

    gc_started = [0.0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_started[0] = time.perf_counter()
        else:
            spent["gc"] += time.perf_counter() - gc_started[0]

    for module in (planning, run):
        for name in PHASES:
            if hasattr(module, name):
                setattr(module, name, timed(name, getattr(module, name)))
    lex = Lexrdf.open(Settings(store=Path(store_dir)))
    lex.store.add_act_graph = timed("add_act_graph", lex.store.add_act_graph)
    gc.callbacks.append(on_gc)
    if gc_off:
        gc.disable()
    try:
        started = time.perf_counter()
        summary = lex.ingest(paths)
        total = time.perf_counter() - started
    finally:
        gc.enable()
        gc.callbacks.remove(on_gc)
        lex.close()
    spent["other"] = total - sum(v for k, v in spent.items() if k != "gc")
    return {"seconds": total, "quads": summary.quads, "phases": spent, "gc_off": gc_off}


def isolated(function, *args):
    """Run `function(*args)` in a freshly spawned interpreter and return its result."""
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(function, *args).result()


# -- one corpus -------------------------------------------------------------------------------------------------
BASELINES = {
    "bulk_load": measure_bulk_load,
    "bulk_load_lenient": measure_bulk_load_lenient,
    "extend": measure_extend,
    "write_path": measure_write_path,
}


@dataclass
class CorpusResult:
    name: str
    description: str
    paths: list[str]
    stored_quads: int = 0
    emitted_quads: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    runs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # "lexrdf" and each baseline
    phases: list[dict[str, Any]] = field(default_factory=list)  # --phases: time per ingest phase
    consistent: bool = True

    def seconds(self, label: str) -> float:
        runs = self.runs.get(label)
        return statistics.median(r["seconds"] for r in runs) if runs else float("nan")

    def p95(self, label: str) -> float:
        """The 95th percentile of the runs' seconds (the slowest run when there are few)."""
        runs = sorted(r["seconds"] for r in self.runs.get(label, []))
        return runs[min(len(runs) - 1, round(0.95 * (len(runs) - 1)))] if runs else float("nan")

    def rate(self, label: str) -> float:
        seconds = self.seconds(label)
        return self.stored_quads / seconds if seconds else float("nan")

    def summary(self) -> dict[str, Any]:
        lexrdf_rate = self.rate("lexrdf")
        out: dict[str, Any] = {"quads": self.stored_quads, "emitted_quads": self.emitted_quads}
        for label in self.runs:
            out[f"{label}_seconds"] = self.seconds(label)
            out[f"{label}_p95_seconds"] = self.p95(label)
            out[f"{label}_quads_per_second"] = self.rate(label)
            if label != "lexrdf":
                out[f"ratio_lexrdf_to_{label}"] = lexrdf_rate / self.rate(label)
        out["meets_target"] = out["ratio_lexrdf_to_bulk_load"] >= TARGET_RATIO
        out["peak_rss_mb"] = {label: max(r["peak_rss_mb"] for r in runs) for label, runs in self.runs.items()}
        return out


def _report(label: str, run: int, measured: dict[str, Any]) -> None:
    console.print(
        f"  {label:<16} run {run + 1}: {measured['stored_quads']:>9,} quads in {measured['seconds']:7.2f} s"
        f"  ({measured['stored_quads'] / measured['seconds']:>9,.0f} quads/s, "
        f"peak RSS {measured['peak_rss_mb']:,.0f} MB)"
    )


def run_corpus(
    name: str,
    description: str,
    paths: list[Path],
    work: Path,
    repeats: int,
    baselines: list[str],
    profile: int,
    phases: bool = False,
) -> CorpusResult:
    result = CorpusResult(name, description, [str(p) for p in paths])
    scratch = work / name
    scratch.mkdir(parents=True)
    nquads = scratch / "dump.nq"
    console.print(f"[bold]{name}[/bold]: {description} ({repeats} run{'s' if repeats > 1 else ''} each)")
    # the two sides interleaved run by run (lexrdf, then each baseline on the N-Quads the first lexrdf run stored),
    # so that a change in the machine's load moves both alike rather than one ratio
    result.runs = {"lexrdf": [], **{label: [] for label in baselines}}
    for run in range(repeats):
        store_dir = scratch / f"lexrdf-{run}"
        measured = isolated(measure_lexrdf, result.paths, str(store_dir), str(nquads) if run == 0 else None)
        shutil.rmtree(store_dir, ignore_errors=True)
        result.runs["lexrdf"].append(measured)
        _report("lexrdf", run, measured)
        if run == 0:
            first = result.runs["lexrdf"][0]
            result.stored_quads, result.emitted_quads = first["stored_quads"], first["emitted_quads"]
            result.counts = {k: first[k] for k in ("files", "acts", "provisions", "versions", "records", "events")}
        for label in baselines:
            store_dir = scratch / f"{label}-{run}"
            measured = isolated(BASELINES[label], str(nquads), str(store_dir))
            shutil.rmtree(store_dir, ignore_errors=True)
            result.runs[label].append(measured)
            _report(label, run, measured)
    counts = {r["stored_quads"] for runs in result.runs.values() for r in runs}
    result.consistent = counts == {result.stored_quads}
    if not result.consistent:
        console.print(f"  [red]quad counts differ between runs: {sorted(counts)}[/red]")
    if phases:
        for gc_off in (False, True):
            measured = isolated(measure_phases, result.paths, str(scratch / f"phases-{gc_off}"), gc_off)
            shutil.rmtree(scratch / f"phases-{gc_off}", ignore_errors=True)
            result.phases.append(measured)
            parts = ", ".join(f"{k} {v:.2f}" for k, v in measured["phases"].items() if k != "gc")
            parts += f"; of which GC pauses {measured['phases']['gc']:.2f}"
            console.print(f"  phases{' (GC off)' if gc_off else ''}: total {measured['seconds']:.2f} s = {parts}")
    if profile:
        report = RESULTS / f"profile-{name}"
        text = isolated(profile_lexrdf, result.paths, str(scratch / "profile"), str(report), profile)
        console.print(f"  profile written to {report}.txt and {report}.pstats")
        console.print(text, markup=False, highlight=False)
    nquads.unlink(missing_ok=True)
    return result


# -- reporting --------------------------------------------------------------------------------------------------
def table(results: list[CorpusResult], baselines: list[str]) -> Table:
    out = Table(
        title=f"Ingest throughput (median of runs; quads = distinct quads stored; target lexrdf / bulk_load >= "
        f"{TARGET_RATIO})"
    )
    short = {
        "bulk_load": "bulk_load",
        "bulk_load_lenient": "bulk_load lenient",
        "extend": "extend",
        "write_path": "write path",
    }
    columns = ["corpus", "quads", "runs", "lexrdf s p50/p95", "lexrdf quads/s", "bulk_load s p50/p95"]
    columns += ["bulk_load quads/s"]
    columns += [f"{short[label]} quads/s" for label in baselines if label != "bulk_load"]
    columns += [f"lexrdf ÷ {short[label]}" for label in baselines]
    columns += ["peak RSS lexrdf"]
    for column in columns:
        out.add_column(column, justify="left" if column == "corpus" else "right")
    for result in results:
        s = result.summary()
        row = [
            result.name,
            f"{s['quads']:,}",
            str(len(result.runs["lexrdf"])),
            f"{s['lexrdf_seconds']:.2f} / {s['lexrdf_p95_seconds']:.2f}",
            f"{s['lexrdf_quads_per_second']:,.0f}",
            f"{s['bulk_load_seconds']:.2f} / {s['bulk_load_p95_seconds']:.2f}",
            f"{s['bulk_load_quads_per_second']:,.0f}",
        ]
        row += [f"{s[f'{label}_quads_per_second']:,.0f}" for label in baselines if label != "bulk_load"]
        for label in baselines:
            ratio = s[f"ratio_lexrdf_to_{label}"]
            if label == "bulk_load":
                colour = "green" if ratio >= TARGET_RATIO else "red"
                row.append(f"[{colour}]{ratio:.3f}[/{colour}]")
            else:
                row.append(f"{ratio:.3f}")
        row.append(f"{s['peak_rss_mb']['lexrdf']:,.0f} MB")
        out.add_row(*row)
    return out


def environment() -> dict[str, Any]:
    from importlib.metadata import version

    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "pyoxigraph": version("pyoxigraph"),
        "lexrdf": version("lexrdf"),
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        "git": _git("rev-parse", "--short", "HEAD"),
        "git_dirty_lexrdf": bool(_git("status", "--porcelain", "--", "lexrdf")),
    }


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, timeout=10, check=False)
    except OSError:
        return ""
    return done.stdout.strip()


# -- main -------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small synthetic corpus and 1 run each (smoke test)")
    parser.add_argument(
        "--repeats", type=int, help="runs per measurement for ukpga and samples; the median is reported (default 3)"
    )
    parser.add_argument(
        "--synthetic-repeats",
        type=int,
        help="runs per measurement for the synthetic corpus (default 2, to keep the default run near 3 minutes)",
    )
    parser.add_argument(
        "--corpora", nargs="+", choices=["ukpga", "samples", "synthetic"], help="which corpora (default all)"
    )
    parser.add_argument("--synthetic-acts", type=int, help=f"default {DEFAULT_SYNTHETIC['acts']}")
    parser.add_argument(
        "--synthetic-articles", type=int, help=f"articles per act (default {DEFAULT_SYNTHETIC['articles']})"
    )
    parser.add_argument(
        "--synthetic-paragraphs", type=int, help=f"paragraphs per article (default {DEFAULT_SYNTHETIC['paragraphs']})"
    )
    parser.add_argument(
        "--synthetic-versions", type=int, help=f"expressions per act (default {DEFAULT_SYNTHETIC['versions']})"
    )
    parser.add_argument("--synthetic-change-rate", type=float, default=0.2, help="share substituted per amendment")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--write-path",
        action="store_true",
        help="add a third measurement: lexrdf's store write alone (add_act_graph per act graph on pre-built quads)",
    )
    parser.add_argument(
        "--profile",
        nargs="?",
        type=int,
        const=30,
        default=0,
        metavar="N",
        help="also cProfile one lexrdf ingest per corpus and print the top N functions (default 30)",
    )
    parser.add_argument(
        "--phases",
        action="store_true",
        help="also time lexrdf's ingest phases (XML mapping, planning, emitting, writing, GC) once per corpus, "
        "with the cyclic GC on and off",
    )
    parser.add_argument(
        "--profile-only", action="store_true", help="only the cProfile run (implies --profile); no timings, no JSON"
    )
    parser.add_argument(
        "--output", type=Path, help="JSON results (default bench/results/ingest.json; ingest-quick.json with --quick)"
    )
    parser.add_argument("--tmpdir", type=Path, help="where the temporary stores go (default: the system temp dir)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 3)
    synthetic_repeats = args.synthetic_repeats or args.repeats or (1 if args.quick else 2)
    base = QUICK_SYNTHETIC if args.quick else DEFAULT_SYNTHETIC
    synthetic = {
        "acts": args.synthetic_acts or base["acts"],
        "articles": args.synthetic_articles or base["articles"],
        "paragraphs": args.synthetic_paragraphs or base["paragraphs"],
        "versions": args.synthetic_versions or base["versions"],
    }
    baselines = ["bulk_load", "extend"] + (["write_path"] if args.write_path else [])
    corpora = args.corpora or ["ukpga", "samples", "synthetic"]
    output = args.output or RESULTS / ("ingest-quick.json" if args.quick else "ingest.json")
    RESULTS.mkdir(parents=True, exist_ok=True)

    sys.path.insert(0, str(BENCH))
    from synthetic import generate

    env = environment()  # before the runs: the code state measured
    if env["load_average_1_5_15"][0] > 0.5:
        console.print(
            f"[yellow]load average {env['load_average_1_5_15'][0]:.2f} at start: other processes are busy, "
            "timings will be noisy[/yellow]"
        )
    results: list[CorpusResult] = []
    skipped: dict[str, str] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="lexrdf-bench-", dir=args.tmpdir) as tmp:
        work = Path(tmp)
        for name in corpora:
            runs = repeats
            if name == "ukpga":
                if not UKPGA.is_file():
                    skipped[name] = f"{UKPGA} not found"
                    console.print(f"[yellow]skipping ukpga: {UKPGA} not found[/yellow]")
                    continue
                paths, description = [UKPGA], "legislation.gov.uk ukpga-1998-29 (one multipleVersions document)"
            elif name == "samples":
                paths, description = [SAMPLES], "bundled samples/ (2 acts, 4 files, both styles)"
            else:
                runs = synthetic_repeats
                folder = work / "synthetic-corpus"
                t0 = time.perf_counter()
                files = generate(folder, **synthetic, seed=args.seed, change_rate=args.synthetic_change_rate)
                size = sum(p.stat().st_size for p in files) / 1e6
                console.print(
                    f"generated synthetic corpus: {len(files)} files, {size:.1f} MB in {time.perf_counter() - t0:.1f} s"
                )
                paths = [folder]
                description = (
                    f"synthetic {synthetic['acts']} acts x {synthetic['articles']} articles x "
                    f"{synthetic['paragraphs']} paragraphs x {synthetic['versions']} expressions, "
                    f"{args.synthetic_change_rate:.0%} substituted per amendment ({size:.1f} MB XML)"
                )
            if args.profile_only:
                console.print(f"[bold]{name}[/bold]: {description} (profile only)")
                report = RESULTS / f"profile-{name}"
                limit = args.profile or 30
                text = isolated(
                    profile_lexrdf, [str(p) for p in paths], str(work / f"profile-{name}"), str(report), limit
                )
                console.print(text, markup=False, highlight=False)
                console.print(f"  profile written to {report}.txt and {report}.pstats")
                continue
            results.append(run_corpus(name, description, paths, work, runs, baselines, args.profile, args.phases))
    if args.profile_only:
        return 0

    console.print()
    console.print(table(results, baselines))
    env["load_average_at_end_1_5_15"] = [round(x, 2) for x in os.getloadavg()]
    console.print(
        f"total wall time {time.perf_counter() - started:.0f} s; load average at end "
        f"{env['load_average_at_end_1_5_15'][0]:.2f}; peak RSS per measurement is in the JSON"
    )
    payload = {
        "environment": env,
        "parameters": {
            "repeats": repeats,
            "synthetic_repeats": synthetic_repeats,
            "quick": args.quick,
            "baselines": baselines,
            "synthetic": synthetic,
            "synthetic_change_rate": args.synthetic_change_rate,
            "seed": args.seed,
        },
        "target_ratio_lexrdf_to_bulk_load": TARGET_RATIO,
        "skipped": skipped,
        "corpora": [
            {
                "name": r.name,
                "description": r.description,
                "paths": r.paths,
                "counts": r.counts,
                "consistent_quad_counts": r.consistent,
                "summary": r.summary(),
                "runs": r.runs,
                "phases": r.phases,
            }
            for r in results
        ],
    }
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {output}")
    return 0 if all(r.consistent for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
