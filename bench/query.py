"""Query latency: every lexrdf primitive against the one SPARQL query a hand-written client would send.

Run on demand (not a test):  python bench/query.py [--quick] [--samples N]

For each corpus (the Data Protection Act 1998 from ../shared/data and a synthetic corpus of at least 1M quads)
it ingests into a fresh on-disk store and picks provisions, acts and dates with a fixed seed. For every public
primitive of the query library it times, in process, the lexrdf call (`Lexrdf.run`: parameter checking, every
query the answer needs, typed answers, citations) against raw `pyoxigraph.Store.query` running that primitive's
own `.rq` file with the same bindings, materialised: what a client who wrote the query by hand would run. The two
sides alternate call by call, so a change in the machine's load moves both alike. For each sampled target the
median of `--repeats` pairs is kept; the table gives p50 and p95 over the targets and the ratio of the p50s. The
target is at most 1.5.
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
PRIMITIVES = (
    "text-at", "context", "descendants", "lineage", "versions", "diff", "interpretations", "toc", "impact", "search",
    "resolve", "acts", "changes-since",
)  # fmt: skip
SLOW = {"toc", "impact", "search", "acts", "changes-since"}  # whole-act or whole-store: 3 samples each
console = Console()


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def interleaved_ms(first: Callable[[], object], second: Callable[[], object], repeats: int) -> tuple[float, float]:
    """The medians of `repeats` timed calls of each, alternating first and second (after one warm-up of each)."""
    first(), second()
    pairs = [(_timed(first), _timed(second)) for _ in range(repeats)]
    return statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs)


Target = tuple[str, str, str, str, str]  # provision, its act, a day in a window, a later day, a word of its text


def parameters(primitive: str, target: Target) -> dict[str, str] | None:
    """The parameters of `primitive` for a sampled target (None: the primitive does not apply to it)."""
    provision, act, day, later, word = target
    return {
        "text-at": {"provision": provision, "date": day},
        "context": {"provision": provision, "date": day},
        "descendants": {"provision": provision, "date": day},
        "lineage": {"provision": provision, "date": day},
        "versions": {"provision": provision},
        "diff": {"provision": provision, "from": day, "to": later},
        "interpretations": {"item": provision, "date": day},
        "toc": {"act": act, "date": day},
        "impact": {"act": act},
        "search": {"text": word, "date": day},
        "resolve": {"ref": provision},
        "acts": {},
        "changes-since": {"since": "1970-01-01T00:00:00Z"},
    }.get(primitive)


def sample_targets(lex: Lexrdf, count: int, seed: int) -> list[Target]:
    """Provisions (with their act's root among them), a date inside one of their windows, a later one, and a word
    of the text in force then."""
    rows = list(
        lex.store.sparql("""
        PREFIX lex: <https://w3id.org/lexrdf/ontology#>
        SELECT ?provision ?act ?from ?text WHERE {
          ?v lex:versionOf ?provision ; lex:validFrom ?from .
          ?provision lex:act ?act .
          OPTIONAL { ?record lex:recordOf ?v ; lex:expression ?e . ?e lex:text ?text }
        }""")
    )
    rng = random.Random(seed)
    chosen = rng.sample(rows, min(count, len(rows)))
    targets = []
    for row in chosen:
        day = date.fromisoformat(row["from"].value) + timedelta(days=rng.randint(0, 300))
        words = [w for w in (row["text"].value if row["text"] else "").split() if len(w) > 5 and w.isalpha()]
        later = (day + timedelta(days=3650)).isoformat()
        targets.append((row["provision"].value, row["act"].value, day.isoformat(), later, rng.choice(words or ["the"])))
    return targets


def measure(
    lex: Lexrdf, targets: list[Target], repeats: int, primitives: tuple[str, ...] = PRIMITIVES
) -> dict[str, dict[str, float]]:
    """Each of `primitives` (default every public one) through lexrdf against its own bound query in raw pyoxigraph,
    for each target: the medians of `repeats` interleaved pairs; p50 and p95 over the targets."""
    raw = lex.store.raw
    results: dict[str, dict[str, float]] = {}
    for primitive in primitives:
        query = get_query(primitive)
        lexrdf_times, raw_times = [], []
        for target in targets[: 3 if primitive in SLOW else None]:
            params = parameters(primitive, target)
            if params is None:
                continue
            bound = query.bound(params)

            def by_lexrdf(params=params, primitive=primitive) -> object:
                return lex.run(primitive, params)

            def by_hand(bound=bound, params=params, primitive=primitive) -> object:
                return _by_hand(raw, primitive, bound, params)

            lexrdf_ms, raw_ms = interleaved_ms(by_lexrdf, by_hand, repeats)
            lexrdf_times.append(lexrdf_ms)
            raw_times.append(raw_ms)
        lexrdf_median, raw_median = statistics.median(lexrdf_times), statistics.median(raw_times)
        results[primitive] = {
            "lexrdf_ms": lexrdf_median,
            "raw_ms": raw_median,
            "ratio": lexrdf_median / raw_median,
            "lexrdf_p95_ms": _p95(lexrdf_times),
            "raw_p95_ms": _p95(raw_times),
            "samples": len(lexrdf_times),
        }
    return results


def _by_hand(raw: object, primitive: str, bound: str, params: dict[str, str]) -> list:
    """What a hand-written client sends for the primitive's answer: its bound query, and for text-at, where the rows
    say a change was announced (?announced), the changes no consolidation applied (_outstanding.rq), as lexrdf does:
    the one text-at query held them until 7c8818f."""
    rows = list(raw.query(bound, use_default_graph_as_union=True))  # type: ignore[attr-defined]
    if primitive == "text-at" and any(row["announced"] for row in rows):
        outstanding = load_library()["_outstanding"].bound({k: params[k] for k in ("provision", "date")})
        rows += list(raw.query(outstanding, use_default_graph_as_union=True))  # type: ignore[attr-defined]
    return rows


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
        title = "lexrdf primitives vs the primitive's own query in raw pyoxigraph (ms; ratio = p50 lexrdf / raw)"
        table = Table(title=title)
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
