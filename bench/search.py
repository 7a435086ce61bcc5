"""Search latency: the full-text index (lexrdf.search) against the SPARQL scan of search.rq.

Run on demand (not a test):  python bench/search.py [--quick] [--acts N | --quads N] [--queries N] [--repeats N]

Ingests a synthetic corpus (bench/synthetic.py; 100 acts is about 1.1M quads; `--quads` picks the acts for about
that many) into a fresh on-disk store, builds its index, then picks words and two-word phrases from stored texts
and dates with a fixed seed. For each it times, alternating call by call: `Lexrdf.search` answering from the index
(the first page of 20 hits by BM25, the total of matching versions, the texts their citations name, all from the
index, the windows kept with its documents), the index alone (`SearchIndex.search`: that page and those texts, no
citation built), the same two through a search service (`lexrdf search-index serve` on 127.0.0.1, as a
worker with `--search-url` asks it; lexrdf.search.service), and the scan (`search.rq` run raw, rows materialised,
without the per-hit citation queries the scan path adds: the scan's best case). Prints each query's hits on the
page and total; gives p50 and p95 over the queries (each the median of its repeats).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from results_file import write_results  # noqa: E402
from synthetic import generate, shape_for  # noqa: E402

from lexrdf.api import Lexrdf  # noqa: E402
from lexrdf.search import SearchIndex, index_directory, rebuild  # noqa: E402
from lexrdf.search.remote import RemoteSearchIndex  # noqa: E402
from lexrdf.settings import Settings  # noqa: E402

TEXTS = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?text ?from WHERE { ?r lex:recordOf ?v ; lex:expression ?e . ?e lex:text ?text . ?v lex:validFrom ?from }
LIMIT 5000"""


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def _p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[18] if len(times) > 1 else times[0]


@contextlib.contextmanager
def search_service(store: Path) -> Iterator[str]:
    """`lexrdf search-index serve` over the store's index on a free port of 127.0.0.1, until /health answers."""
    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-m", "lexrdf.cli", "search-index", "serve", "--store", str(store), "--port", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{url}/health", timeout=1).json().get("index"):
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the search service did not start")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def queries(lex: Lexrdf, count: int, seed: int) -> list[tuple[str, str]]:
    """`count` (text, date) pairs: half single words, half two-word phrases, from stored texts; dates when they
    were in force or later."""
    rng = random.Random(seed)
    rows = [(row["text"].value, row["from"].value) for row in lex.store.select(TEXTS)]
    picked = []
    while len(picked) < count:
        text, since = rng.choice(rows)
        words = [w.strip(".,;:()") for w in text.split() if len(w.strip(".,;:()")) > 3]
        if len(words) < 2:
            continue
        start = rng.randrange(len(words) - 1)
        needle = words[start] if len(picked) % 2 == 0 else " ".join(text.split()[start : start + 2]).strip(".,;:()")
        day = date.fromordinal(date.fromisoformat(since).toordinal() + rng.randrange(0, 2000))
        picked.append((needle, day.isoformat()))
    return picked


@dataclasses.dataclass
class Measured:
    """Per side, the median milliseconds of each query; per query, the hits on the first page and the total."""

    medians: dict[str, list[float]]
    hits: list[int]
    totals: list[int]


def measure(
    sides: dict[str, Callable[[str, str], object]],
    pairs: list[tuple[str, str]],
    repeats: int,
    counted: str,
    echo: Callable[[str], object] = print,
) -> Measured:
    """Each (text, date) pair run on every side: one untimed warm-up each, then `repeats` rounds that run the sides
    one after another (interleaved, run by run); the warm-up answer of side `counted` gives the pair's page (its
    `count` and `total`)."""
    measured = Measured({name: [] for name in sides}, [], [])
    for text, day in pairs:
        answers = {name: run(text, day) for name, run in sides.items()}  # warm-up
        times: dict[str, list[float]] = {name: [] for name in sides}
        for _ in range(repeats):
            for name, run in sides.items():
                times[name].append(_timed(lambda run=run, t=text, d=day: run(t, d)))
        for name in sides:
            measured.medians[name].append(statistics.median(times[name]))
        page: Any = answers[counted]
        measured.hits.append(page.count)
        measured.totals.append(page.total or 0)
        figures = ", ".join(f"{statistics.median(times[n]):.1f}" for n in sides)
        echo(f"  {text!r} on {day}: {measured.hits[-1]} hits of {measured.totals[-1]}; {figures} ms")
    return measured


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small corpus, few queries")
    parser.add_argument("--acts", type=int, default=100, help="synthetic acts (100: about 1.1M quads)")
    parser.add_argument("--quads", type=int, help="about this many quads (overrides --acts)")
    parser.add_argument("--queries", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    acts, count = (6, 6) if args.quick else (args.acts, args.queries)
    if args.quads and not args.quick:
        acts = shape_for(args.quads, versions=6, articles=30, paragraphs=4)[0]
    workdir = Path(tempfile.mkdtemp(prefix="lexrdf-bench-search-"))
    try:
        paths = generate(workdir / "sources", acts, 30, 4, 6, seed=args.seed)
        lex = Lexrdf.open(Settings(store=workdir / "store", base_iri="https://lexrdf.example.org"))
        started = time.perf_counter()
        quads = lex.ingest(paths).quads
        ingest_seconds = time.perf_counter() - started
        started = time.perf_counter()
        documents = rebuild(lex.store)
        rebuild_seconds = time.perf_counter() - started
        index = SearchIndex.open(index_directory(lex.store))
        assert index is not None
        lex.publish()
        stack = contextlib.ExitStack()
        url = stack.enter_context(search_service(workdir / "store"))
        served = Lexrdf.open(dataclasses.replace(lex.settings, search_url=url), read_only=True)
        stack.callback(served.close)
        service = RemoteSearchIndex(url)
        stack.callback(service.close)
        sides: dict[str, Callable[[str, str], object]] = {
            "lexrdf search (index, page of 20, cited)": lambda t, d: lex.search(t, d, size=20),
            "index alone (page of 20)": lambda t, d: index.search(t, date.fromisoformat(d), limit=20),
            "lexrdf search (service, page of 20, cited)": lambda t, d: served.search(t, d, size=20),
            "service alone (page of 20, over HTTP)": lambda t, d: service.search(t, date.fromisoformat(d), limit=20),
            "search.rq scan (raw rows)": lambda t, d: lex.rows("search", text=t, date=d),
        }
        pairs = queries(lex, count, args.seed)
        measured = measure(sides, pairs, args.repeats, counted="lexrdf search (index, page of 20, cited)")
        medians, hits, totals = measured.medians, measured.hits, measured.totals
        report = {
            "quads": quads,
            "ingest_seconds": round(ingest_seconds, 2),
            "index_documents": documents,
            "rebuild_seconds": round(rebuild_seconds, 2),
            "queries": count,
            "repeats": args.repeats,
            "median_hits": statistics.median(hits),  # on the page (at most 20)
            "median_total": statistics.median(totals),  # matching versions
            "totals": totals,
            "sides": {
                name: {"p50_ms": round(statistics.median(v), 2), "p95_ms": round(_p95(v), 2)}
                for name, v in medians.items()
            },
        }
        indexed = f"{documents:,} texts indexed in {rebuild_seconds:.2f} s"
        print(f"{quads:,} quads; {indexed}; median hits {report['median_hits']}, total {report['median_total']:,}")
        for name, figures in report["sides"].items():
            print(f"{name:45} p50 {figures['p50_ms']:9.2f} ms   p95 {figures['p95_ms']:9.2f} ms")
        write_results("search", args.quick, report)
        stack.close()
        lex.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
