"""Dump throughput and peak memory: `lexrdf dump` against raw pyoxigraph `Store.dump` of the same store. On demand,
not pytest.

    python bench/dump.py                       # a synthetic store of ~1M quads (110 acts), 5 runs each
    python bench/dump.py --quick               # 10 small acts, 2 runs (a smoke test)
    python bench/dump.py --store DIR --gzip    # an existing store, gzipped dumps on both sides

The store is built once (`bench/synthetic.py`, then `lexrdf ingest`; `--keep DIR` keeps it for `--store`). Each run
is a fresh child process reading the published snapshot, and the two sides are interleaved run by run (the order
swapped every run), as the machines are shared and noisy:

- raw: `pyoxigraph.Store.read_only(snapshot).dump(file, N_QUADS)` (into a level-6 gzip stream with `--gzip`): the
  whole store, once;
- lexrdf: `write_dump` into a fresh folder: the whole dataset, one file per act (each graph serialised once, the
  whole file being the act files concatenated), SHA-256 of every file, ontology and shapes, the VoID counts
  (SPARQL, in a thread beside the writing), catalogue and manifest. Its data phase (the data files and the counts,
until the descriptions are written) is timed apart.

Reported: p50 and p95 seconds, quads/s, the ratio raw time / lexrdf time (target at least 0.8) and the peak RSS of
each child (`ru_maxrss` from `os.wait4`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
DEFAULT = {"acts": 110, "articles": 30, "paragraphs": 4, "versions": 6}  # ~1.0M quads (bench/ingest.py)
QUICK = {"acts": 10, "articles": 20, "paragraphs": 3, "versions": 3}
sys.path.insert(0, str(BENCH))


# -- the children -----------------------------------------------------------------------------------------------
def child_raw(store: Path, out: Path, compress: bool) -> dict:
    import gzip

    import pyoxigraph

    from lexrdf.store.snapshots import Snapshots

    snapshot = Snapshots(store).current()
    raw = pyoxigraph.Store.read_only(str(snapshot.path if snapshot else store))
    started = time.perf_counter()
    with out.open("wb") as handle:
        if compress:
            with gzip.GzipFile(filename="", mode="wb", compresslevel=6, fileobj=handle, mtime=0) as packed:
                raw.dump(packed, pyoxigraph.RdfFormat.N_QUADS)
        else:
            raw.dump(handle, pyoxigraph.RdfFormat.N_QUADS)
    return {"seconds": time.perf_counter() - started, "quads": len(raw), "bytes": out.stat().st_size}


def child_lexrdf(store: Path, out: Path, compress: bool) -> dict:
    from lexrdf.api import Lexrdf
    from lexrdf.dumps import write_dump
    from lexrdf.settings import Settings

    lex = Lexrdf.open(Settings.from_env(store=store), read_only=True)
    marks: dict[str, float] = {}

    def progress(stage: str, done: int, total: int) -> None:
        marks.setdefault(stage, time.perf_counter())

    started = time.perf_counter()
    manifest = write_dump(lex.store, out, lex.settings, "nq", compress, progress=progress)
    seconds = time.perf_counter() - started
    lex.close()
    data = [f for f in manifest.files if f.kind in ("dataset", "act")]
    return {
        "seconds": seconds,
        "data_seconds": marks.get("descriptions", started + seconds) - started,
        "quads": manifest.quads,
        "bytes": data[0].size,
        "acts": len(data) - 1,
    }


def run_child(side: str, store: Path, out: Path, compress: bool) -> dict:
    """One measurement in a fresh process; its peak RSS from wait4."""
    command = [sys.executable, __file__, "--child", side, "--store", str(store), "--out", str(out)]
    process = subprocess.Popen([*command, *(["--gzip"] if compress else [])], stdout=subprocess.PIPE, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise RuntimeError(f"{side} child failed ({status})")
    return {**json.loads(output), "peak_mb": usage.ru_maxrss / 1024}


# -- the parent -------------------------------------------------------------------------------------------------
def build_store(store: Path, shape: dict[str, int], work: Path) -> None:
    from synthetic import generate

    corpus = work / "corpus"
    started = time.perf_counter()
    generate(corpus, **shape, seed=1)
    subprocess.run([sys.executable, "-m", "lexrdf.cli", "ingest", str(corpus), "--store", str(store)], check=True)
    shutil.rmtree(corpus)
    print(f"built {store} in {time.perf_counter() - started:.0f} s", flush=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(runs: list[dict], key: str = "seconds") -> dict:
    values = [r[key] for r in runs]
    return {"p50": statistics.median(values), "p95": percentile(values, 0.95), "runs": values}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small store and 2 runs")
    parser.add_argument("--runs", type=int, help="runs per side (default 5; 2 with --quick)")
    parser.add_argument("--store", type=Path, help="an existing store (default: build a synthetic one)")
    parser.add_argument("--keep", type=Path, help="build the synthetic store here and keep it")
    parser.add_argument("--gzip", action="store_true", help="gzipped dumps on both sides")
    parser.add_argument("--tmpdir", type=Path, help="where the dumps go (default: the system temp dir)")
    parser.add_argument("--child", choices=["raw", "lexrdf"], help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        measure = child_raw if args.child == "raw" else child_lexrdf
        print(json.dumps(measure(args.store, args.out, args.gzip)))
        return 0
    runs = args.runs or (2 if args.quick else 5)
    with tempfile.TemporaryDirectory(prefix="lexrdf-bench-dump-", dir=args.tmpdir) as tmp:
        work = Path(tmp)
        store = args.store or args.keep or work / "store"
        if args.store is None and not (store / "CURRENT").is_file():
            build_store(store, QUICK if args.quick else DEFAULT, work)
        results: dict[str, list[dict]] = {"raw": [], "lexrdf": []}
        for run in range(runs):
            for side in ("raw", "lexrdf") if run % 2 == 0 else ("lexrdf", "raw"):
                out = work / f"{side}-{run}" / ("dump.nq" if side == "raw" else "dump")
                out.parent.mkdir()
                measured = run_child(side, store, out, args.gzip)
                results[side].append(measured)
                shutil.rmtree(out.parent)
                print(f"run {run + 1} {side}: {measured['seconds']:.2f} s, {measured['peak_mb']:.0f} MB", flush=True)
    quads = results["raw"][0]["quads"]
    raw, lexrdf = summary(results["raw"]), summary(results["lexrdf"])
    data = summary(results["lexrdf"], "data_seconds")
    report = {
        "store": str(args.store or "synthetic"),
        "quads": quads,
        "acts": results["lexrdf"][0]["acts"],
        "gzip": args.gzip,
        "raw_seconds": raw,
        "lexrdf_seconds": lexrdf,
        "lexrdf_data_seconds": data,
        "raw_quads_per_s_p50": quads / raw["p50"],
        "lexrdf_quads_per_s_p50": quads / lexrdf["p50"],
        "ratio_p50": raw["p50"] / lexrdf["p50"],
        "ratio_p95": raw["p95"] / lexrdf["p95"],
        "data_ratio_p50": raw["p50"] / data["p50"],
        "raw_peak_mb": max(r["peak_mb"] for r in results["raw"]),
        "lexrdf_peak_mb": max(r["peak_mb"] for r in results["lexrdf"]),
        "dump_bytes": {"raw": results["raw"][0]["bytes"], "lexrdf_whole_file": results["lexrdf"][0]["bytes"]},
    }
    from results_file import write_results

    path = write_results("dump-gzip" if args.gzip else "dump", args.quick, report)
    print(json.dumps({k: v for k, v in report.items() if not isinstance(v, dict) or "p50" not in v}, indent=1))
    print(
        f"raw p50 {raw['p50']:.2f} s p95 {raw['p95']:.2f} s; "
        f"lexrdf p50 {lexrdf['p50']:.2f} s p95 {lexrdf['p95']:.2f} s "
        f"(data files {data['p50']:.2f} s); ratio {report['ratio_p50']:.2f} (target >= 0.8); results in {path}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
