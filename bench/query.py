"""Query latency: lexrdf's primitives against raw pyoxigraph running the same SPARQL with the same bindings.

Run on demand (not a test):  python bench/query.py [--quick] [--samples N]

For each corpus (the Data Protection Act 1998 from ../shared/data and a synthetic corpus of at least 1M quads)
it ingests into a fresh on-disk store, picks provisions and dates with a fixed seed, and for each primitive
(text-at, context, descendants, lineage) measures the median in-process latency of the lexrdf call and of the
raw `pyoxigraph.Store.query` calls that the lexrdf call makes (recorded with their parameters bound, then
replayed and materialised). The ratio lexrdf / raw is lexrdf's own overhead: parameter checking, typed
answers, citations. The target is at most 1.5.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from results_file import write_results  # noqa: E402
from synthetic import generate  # noqa: E402

from lexrdf.api import Lexrdf  # noqa: E402
from lexrdf.queries import get_query, load_library  # noqa: E402
from lexrdf.settings import Settings  # noqa: E402

UKPGA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
PRIMITIVES = ("text-at", "context", "descendants", "lineage")
console = Console()


class Recorder:
    """Wraps Lexrdf.rows to record the (query text, bindings) each call makes."""

    def __init__(self, lex: Lexrdf) -> None:
        self.lex = lex
        self.calls: list[str] = []
        self._rows = lex.rows

    def __enter__(self) -> Recorder:
        def recording(name: str, **params):
            query = load_library()[name] if name.startswith("_") else get_query(name)
            self.calls.append(query.bound({k: v for k, v in params.items() if v is not None}))
            return self._rows(name, **params)

        self.lex.rows = recording  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc) -> None:
        self.lex.rows = self._rows  # type: ignore[method-assign]


def median_ms(action: Callable[[], object], repeats: int) -> float:
    action()  # warm up
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def call(lex: Lexrdf, primitive: str, provision: str, day: str):
    if primitive == "text-at":
        return lex.text_at(provision, day)
    if primitive == "context":
        return lex.context(provision, day)
    if primitive == "descendants":
        return lex.descendants(provision, day)
    return lex.lineage(provision, day)


def sample_targets(lex: Lexrdf, count: int, seed: int) -> list[tuple[str, str]]:
    """Provisions (with their act's root among them) and a date inside one of their windows."""
    rows = list(
        lex.store.sparql("""
        PREFIX lex: <https://w3id.org/lexrdf/ontology#>
        SELECT ?provision ?from WHERE { ?v lex:versionOf ?provision ; lex:validFrom ?from }""")
    )
    rng = random.Random(seed)
    chosen = rng.sample(rows, min(count, len(rows)))
    return [
        (r["provision"].value, (date.fromisoformat(r["from"].value) + timedelta(days=rng.randint(0, 300))).isoformat())
        for r in chosen
    ]


def measure(lex: Lexrdf, targets: list[tuple[str, str]], repeats: int) -> dict[str, dict[str, float]]:
    raw = lex.store.raw
    results: dict[str, dict[str, float]] = {}
    for primitive in PRIMITIVES:
        lexrdf_times, raw_times = [], []
        for provision, day in targets:
            with Recorder(lex) as recorder:
                call(lex, primitive, provision, day)
            calls = recorder.calls

            def replay(calls=calls):
                for text in calls:
                    list(raw.query(text, use_default_graph_as_union=True))

            lexrdf_times.append(median_ms(lambda p=provision, d=day, k=primitive: call(lex, k, p, d), repeats))
            raw_times.append(median_ms(replay, repeats))
        lexrdf_median, raw_median = statistics.median(lexrdf_times), statistics.median(raw_times)
        results[primitive] = {
            "lexrdf_ms": lexrdf_median,
            "raw_ms": raw_median,
            "ratio": lexrdf_median / raw_median,
            "lexrdf_p95_ms": _p95(lexrdf_times),
            "raw_p95_ms": _p95(raw_times),
        }
    return results


def _p95(times: list[float]) -> float:
    """The 95th percentile over the sampled provisions (each a median of its repeats)."""
    return statistics.quantiles(times, n=20)[18] if len(times) > 1 else times[0]


def corpus_store(name: str, paths: list[Path], workdir: Path) -> tuple[Lexrdf, int, float]:
    lex = Lexrdf.open(Settings(store=workdir / name, base_iri="https://lexrdf.example.org"))
    started = time.perf_counter()
    summary = lex.ingest(paths)
    return lex, summary.quads, time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small synthetic corpus, fewer samples")
    parser.add_argument("--samples", type=int, default=30, help="provisions sampled per corpus")
    parser.add_argument("--repeats", type=int, default=5, help="timed repetitions per call")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--acts", type=int, default=120, help="synthetic acts (default about 1.3M quads)")
    args = parser.parse_args(argv)
    acts = 6 if args.quick else args.acts
    samples = 10 if args.quick else args.samples

    workdir = Path(tempfile.mkdtemp(prefix="lexrdf-bench-query-"))
    report: dict[str, object] = {"corpora": {}}
    try:
        corpora: list[tuple[str, list[Path]]] = []
        if UKPGA.exists():
            corpora.append(("ukpga-1998-29", [UKPGA]))
        else:
            console.print(f"[yellow]skipping ukpga: {UKPGA} not found[/]")
        synthetic_dir = workdir / "synthetic-sources"
        corpora.append((f"synthetic-{acts}-acts", generate(synthetic_dir, acts, 30, 4, 6, seed=args.seed)))
        title = "lexrdf query latency vs raw pyoxigraph (ms over sampled provisions; ratio = p50 lexrdf / raw)"
        table = Table(title=title, width=140)
        for column in ("corpus", "quads", "primitive", "lexrdf p50", "raw p50", "ratio", "lexrdf p95", "raw p95"):
            table.add_column(column, justify="right" if column not in ("corpus", "primitive") else "left")
        for name, paths in corpora:
            console.print(f"ingesting {name} ({len(paths)} files) ...")
            lex, quads, seconds = corpus_store(name, paths, workdir)
            targets = sample_targets(lex, samples, args.seed)
            results = measure(lex, targets, args.repeats)
            report["corpora"][name] = {"quads": quads, "ingest_seconds": seconds, "primitives": results}
            for primitive, figures in results.items():
                table.add_row(
                    name,
                    f"{quads:,}",
                    primitive,
                    f"{figures['lexrdf_ms']:.2f}",
                    f"{figures['raw_ms']:.2f}",
                    f"{figures['ratio']:.2f}",
                    f"{figures['lexrdf_p95_ms']:.2f}",
                    f"{figures['raw_p95_ms']:.2f}",
                )
            lex.close()
        console.print(table)
        write_results("query", args.quick, report)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
