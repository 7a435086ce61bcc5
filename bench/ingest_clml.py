"""CLML ingest throughput: lexrdf against raw pyoxigraph bulk_load of the very same quads, interleaved.

    python bench/ingest_clml.py [--runs N] [FILE]     # default: ../shared/data/clml/uksi-1996-1342-made.xml, 7 runs

Each run, in this order: (1) lexrdf: a fresh on-disk store (`Lexrdf.open(Settings(store=...))`), timed
`lex.ingest([FILE])`; (2) bulk_load: a fresh `pyoxigraph.Store(dir)`, timed `bulk_load` of the N-Quads dump of the
store the first lexrdf run left (dumped outside the timing). Interleaving the two keeps a slow moment of a shared
machine from landing on one side only. Throughput counts the distinct quads the store holds at the end. Reports p50
and p95 of seconds and quads/s for both, and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "clml" / "uksi-1996-1342-made.xml"


def lexrdf_run(path: Path, work: Path, dump_to: Path | None) -> tuple[float, int]:
    """Seconds to ingest `path` into a fresh store, and the quads it holds (dumped to `dump_to` when given)."""
    lex = Lexrdf.open(Settings(store=work / "store", base_iri="https://lexrdf.example.org"))
    try:
        started = time.perf_counter()
        lex.ingest([path])
        seconds = time.perf_counter() - started
        quads = lex.store.quad_count()
        if dump_to is not None:
            with dump_to.open("wb") as output:
                lex.store.dump(output)
        return seconds, quads
    finally:
        lex.close()


def bulk_load_run(nquads: Path, work: Path) -> float:
    store = pyoxigraph.Store(str(work / "oxigraph"))
    started = time.perf_counter()
    store.bulk_load(path=str(nquads), format=pyoxigraph.RdfFormat.N_QUADS)
    store.flush()
    seconds = time.perf_counter() - started
    del store
    return seconds


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    lexrdf_seconds: list[float] = []
    bulk_seconds: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-clml-") as scratch:
        dump = Path(scratch) / "dump.nq"
        quads = 0
        for run in range(args.runs):
            with tempfile.TemporaryDirectory(dir=scratch) as work:
                seconds, quads = lexrdf_run(args.file, Path(work), dump if run == 0 else None)
                lexrdf_seconds.append(seconds)
            with tempfile.TemporaryDirectory(dir=scratch) as work:
                bulk_seconds.append(bulk_load_run(dump, Path(work)))
    print(f"{args.file.name}: {quads:,} quads, {args.runs} interleaved runs")
    for label, values in (("lexrdf ingest", lexrdf_seconds), ("pyoxigraph bulk_load", bulk_seconds)):
        p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
        print(f"  {label:22} p50 {p50:7.3f} s ({quads / p50:>10,.0f} quads/s)  p95 {p95:7.3f} s")
    ratio = statistics.median(bulk_seconds) / statistics.median(lexrdf_seconds)
    print(f"  lexrdf throughput / bulk_load throughput (medians): {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
