"""Ingest throughput per source format: lexrdf against raw pyoxigraph bulk_load of the very same quads. On demand.

    python bench/ingest_formats.py                 # the Civil Code (codigocivil.json converted back to LexML XML)
    python bench/ingest_formats.py --runs 9 FILE   # any source file(s) of any known format, each a corpus

Each run, in this order: (1) lexrdf: a fresh on-disk store (`Lexrdf.open(Settings(store=...))`), timed
`lex.ingest([file])`; (2) bulk_load: a fresh `pyoxigraph.Store(dir)`, timed `bulk_load` of the N-Quads dump of the
store the first lexrdf run left (dumped outside the timing). The two sides are interleaved run by run, so a slow
moment of the shared machine does not land on one side only. Throughput counts the distinct quads the store holds at
the end. Prints p50 and p95 of seconds and of quads/s for both sides and their ratio; writes
bench/results/ingest_formats.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pyoxigraph

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
CIVIL_CODE_JSON = SHARED / "lexml" / "codigocivil.json"
RESULTS = REPO / "bench" / "results" / "ingest_formats.json"


def lexrdf_run(path: Path, work: Path, dump_to: Path | None) -> tuple[float, int]:
    """Seconds to ingest `path` into a fresh store, and the quads it then holds (dumped to `dump_to` when given)."""
    lex = Lexrdf.open(Settings(store=work / "lexrdf"))
    try:
        started = time.perf_counter()
        lex.ingest([path])
        seconds = time.perf_counter() - started
        stored = len(lex.store.raw)
        if dump_to is not None:
            with open(dump_to, "wb") as output:
                lex.store.dump(output)
    finally:
        lex.close()
    return seconds, stored


def bulk_load_run(nquads: Path, work: Path) -> tuple[float, int]:
    """Seconds for a fresh on-disk pyoxigraph store to bulk-load the dump, and the quads it then holds."""
    store = pyoxigraph.Store(str(work / "raw"))
    started = time.perf_counter()
    store.bulk_load(path=str(nquads), format=pyoxigraph.RdfFormat.N_QUADS)
    seconds = time.perf_counter() - started
    stored = len(store)
    del store
    return seconds, stored


def p95(values: list[float]) -> float:
    """The 95th percentile (inclusive method; the largest value for fewer than 20 runs)."""
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def corpus(path: Path, runs: int) -> dict[str, Any]:
    """Interleaved runs of both sides on one file."""
    with tempfile.TemporaryDirectory(prefix="lexrdf-formats-") as scratch:
        nquads = Path(scratch) / "dump.nq"
        timings: dict[str, list[float]] = {"lexrdf": [], "bulk_load": []}
        quads = 0
        for run in range(runs):
            with tempfile.TemporaryDirectory(dir=scratch) as work:
                seconds, quads = lexrdf_run(path, Path(work), nquads if run == 0 else None)
                timings["lexrdf"].append(seconds)
            with tempfile.TemporaryDirectory(dir=scratch) as work:
                seconds, loaded = bulk_load_run(nquads, Path(work))
                timings["bulk_load"].append(seconds)
            if loaded != quads:
                raise SystemExit(f"{path}: bulk_load holds {loaded} quads, lexrdf {quads}")
            print(f"  run {run + 1}: lexrdf {timings['lexrdf'][-1]:.2f} s, bulk_load {timings['bulk_load'][-1]:.2f} s")
    out: dict[str, Any] = {"file": str(path), "quads": quads, "runs": runs}
    for side, values in timings.items():
        out[side] = {
            "seconds_p50": statistics.median(values),
            "seconds_p95": p95(values),
            "quads_per_second_p50": quads / statistics.median(values),
            "quads_per_second_p95": quads / p95(values),  # the slow tail: throughput at the p95 time
            "seconds": values,
        }
    out["ratio_p50"] = out["lexrdf"]["quads_per_second_p50"] / out["bulk_load"]["quads_per_second_p50"]
    return out


def civil_code(directory: Path) -> Path:
    """codigocivil.json converted back to LexML XML (tests/lexml_json.py)."""
    sys.path.insert(0, str(REPO / "tests"))
    from lexml_json import convert

    return convert(CIVIL_CODE_JSON, directory / "codigocivil.xml")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="source files (default: the converted Civil Code)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="lexrdf-sources-") as sources:
        for path in args.files or [civil_code(Path(sources))]:
            print(f"{path.name}:")
            results.append(corpus(path, args.runs))
    print(
        f"\n{'file':<32} {'quads':>8}  {'lexrdf p50/p95 s':>17}  {'bulk_load p50/p95 s':>20}  "
        f"{'lexrdf quads/s p50':>18}  {'bulk_load quads/s p50':>21}  ratio"
    )
    for r in results:
        lx, bl = r["lexrdf"], r["bulk_load"]
        print(
            f"{Path(r['file']).name:<32} {r['quads']:>8,}  {lx['seconds_p50']:>8.2f}/{lx['seconds_p95']:<8.2f}  "
            f"{bl['seconds_p50']:>10.2f}/{bl['seconds_p95']:<9.2f}  {lx['quads_per_second_p50']:>18,.0f}  "
            f"{bl['quads_per_second_p50']:>21,.0f}  {r['ratio_p50']:.3f}"
        )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
