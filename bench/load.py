"""Mixed load: 50 concurrent clients for 60 s on pages, /api and /sparql, a few of them sending heavy SPARQL.

Run on demand:  python bench/load.py [--quick] [--duration S] [--clients N] [--heavy N]

The data, the stores and the two servers are those of bench/http_load.py (its helpers are imported): the Data
Protection Act 1998 (../shared/data) and the samples ingested into a lexrdf store, its N-Quads dump loaded into
`oxigraph serve --union-default-graph`. Then, for `--duration` seconds:

- `--clients` minus `--heavy` light clients loop over sampled (provision, date) targets, each request one of: the
  provision's page (text/html), /api/text-at, POST /sparql with text-at's SPARQL as the library binds it;
- `--heavy` clients (default 2) loop over deliberately heavy SPARQL (a cartesian product, a regex over every literal,
  an unbounded CONSTRUCT of everything): each runs until lexrdf's deadline kills it (504), or is refused as too
  large (422). Their statuses are reported, not counted as errors;
- afterwards the same number of light clients send text-at's bound SPARQL to `oxigraph serve` for the same duration:
  the baseline of what raw Oxigraph answers on this machine.

Reported: requests, req/s, errors (any status but 2xx, or a transport error) and p50/p99 latency per kind; the
light requests must have zero errors (exit status 1 otherwise). The server runs with LEXRDF_SPARQL_TIMEOUT=10 (the
heavy queries' deadline) and LEXRDF_SPARQL_WORKERS=--heavy + 2: with no more SPARQL workers than
heavy clients, light SPARQL would wait for a heavy query's deadline (measured: 2 heavy clients on the 2 default
workers of a 2-core machine gave light /sparql a p50 of 8 s and a 503). `--quick` (samples only, 10 s) is the
version for CI. The report goes to bench/results/load-<date>.txt (load-quick-<date>.txt).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import httpx
from http_load import (
    RESULTS,
    SAMPLES,
    SPARQL_JSON,
    UKPGA,
    Request,
    build_stores,
    console,
    oxigraph_command,
    pick_targets,
    scenarios,
    servers,
)

HEAVY_QUERIES = [
    "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",  # a cartesian product of every triple, cubed
    "SELECT ?s WHERE { ?s ?p ?o . ?s2 ?p2 ?o2 FILTER (REGEX(STR(?o), STR(?o2))) } LIMIT 10",  # a regex per pair
    "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o . ?x ?y ?s }",  # far more triples than the result cap
]
SPARQL_HEADERS = {"Content-Type": "application/sparql-query", "Accept": SPARQL_JSON}
LIGHT_KINDS = ("page", "api", "sparql")
REQUEST_TIMEOUT = 120.0  # a client gives up on a request after this (counted as an error)


@dataclass
class Tally:
    """What one kind of request got during the run."""

    latencies_ms: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    errors: int = 0

    def add(self, status: int | str, milliseconds: float) -> None:
        self.statuses[status] += 1
        self.latencies_ms.append(milliseconds)
        if not (isinstance(status, int) and 200 <= status < 400):
            self.errors += 1

    def percentile(self, share: float) -> float:
        if not self.latencies_ms:
            return float("nan")
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _send(client: httpx.AsyncClient, request: Request) -> tuple[int | str, float]:
    started = time.perf_counter()
    try:
        response = await client.request(request.method, request.path, headers=request.headers, content=request.body)
        status: int | str = response.status_code
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return status, 1000 * (time.perf_counter() - started)


async def _client(base: str, plan: list[tuple[str, Request]], stop: float, tallies: dict[str, Tally], seed: int):
    """One client: requests from `plan` in a shuffled cycle, one at a time, until `stop`."""
    order = random.Random(seed).sample(plan, len(plan))
    limits = httpx.Limits(max_connections=1)
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT, limits=limits) as client:
        index = 0
        while time.monotonic() < stop:
            kind, request = order[index % len(order)]
            index += 1
            status, milliseconds = await _send(client, request)
            tallies[kind].add(status, milliseconds)


async def run_load(base: str, light: list[tuple[str, Request]], heavy: list[tuple[str, Request]], args) -> dict:
    """`args.clients` clients for `args.duration` seconds: `args.heavy` of them heavy, the others light."""
    kinds = {kind for kind, _ in light + heavy}
    tallies = {kind: Tally() for kind in kinds}
    stop = time.monotonic() + args.duration
    tasks = [
        _client(base, heavy if number < args.heavy else light, stop, tallies, args.seed + number)
        for number in range(args.clients)
    ]
    await asyncio.gather(*tasks)
    return tallies


def plans(targets: list[tuple[str, str]]) -> tuple[list, list, list]:
    """The light requests to lexrdf (page, api, sparql), the heavy ones, and the light ones to oxigraph."""
    made = scenarios(targets)
    light = [(kind, request) for kind in LIGHT_KINDS for request in made[kind]]
    heavy = [
        ("heavy sparql", Request("POST", "/sparql", SPARQL_HEADERS | _accept(text), text)) for text in HEAVY_QUERIES
    ]
    baseline = [("oxigraph /query", request) for request in made["oxigraph"]]
    return light, heavy, baseline


def _accept(query: str) -> dict[str, str]:
    """A CONSTRUCT is asked for N-Triples, anything else for SPARQL JSON results."""
    return {"Accept": "application/n-triples"} if query.lstrip().upper().startswith("CONSTRUCT") else {}


def report(tallies: dict[str, Tally], seconds: float, title: str) -> list[str]:
    lines = [title, f"{'kind':18} {'requests':>9} {'req/s':>8} {'errors':>7} {'p50 ms':>8} {'p99 ms':>9}  statuses"]
    for kind, tally in sorted(tallies.items()):
        statuses = ", ".join(f"{status} x {count}" for status, count in sorted(tally.statuses.items(), key=str))
        lines.append(
            f"{kind:18} {len(tally.latencies_ms):9} {len(tally.latencies_ms) / seconds:8.1f} {tally.errors:7} "
            f"{tally.percentile(0.5):8.1f} {tally.percentile(0.99):9.1f}  {statuses}"
        )
    light = [t for kind, t in tallies.items() if kind in LIGHT_KINDS]
    if light:
        merged = Tally([ms for t in light for ms in t.latencies_ms], sum((t.statuses for t in light), Counter()))
        merged.errors = sum(t.errors for t in light)
        lines.append(
            f"{'all light':18} {len(merged.latencies_ms):9} {len(merged.latencies_ms) / seconds:8.1f} "
            f"{merged.errors:7} {merged.percentile(0.5):8.1f} {merged.percentile(0.99):9.1f}"
        )
    return lines


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="samples only, 10 s: the version for CI")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load (default 60)")
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    parser.add_argument("--heavy", type=int, default=2, help="of which send heavy SPARQL (default 2)")
    parser.add_argument("--targets", type=int, default=64, help="sampled (provision, date) targets (default 64)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sparql-timeout", type=float, default=10.0, help="LEXRDF_SPARQL_TIMEOUT for the server")
    parser.add_argument(
        "--sparql-workers",
        type=int,
        help="LEXRDF_SPARQL_WORKERS for the server (default: --heavy + 2, so heavy queries cannot hold every worker)",
    )
    parser.add_argument("--output", type=Path, help="text report (default bench/results/load-<date>.txt)")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration = min(args.duration, 10.0)
    if not 0 <= args.heavy < args.clients:
        parser.error("--heavy must be at least 0 and fewer than --clients")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    oxigraph = oxigraph_command()
    sources = [SAMPLES] if args.quick or not UKPGA.exists() else [UKPGA, SAMPLES]
    workers = args.sparql_workers or args.heavy + 2
    os.environ["LEXRDF_SPARQL_TIMEOUT"] = f"{args.sparql_timeout:g}"  # inherited by the server started below
    os.environ["LEXRDF_SPARQL_WORKERS"] = str(workers)
    stamp = date.today().isoformat()
    output = args.output or RESULTS / (f"load-quick-{stamp}.txt" if args.quick else f"load-{stamp}.txt")
    with tempfile.TemporaryDirectory(prefix="lexrdf-bench-load-") as scratch:
        workdir = Path(scratch)
        lexrdf_dir, oxigraph_dir, quads = build_stores(workdir, sources, oxigraph)
        light, heavy, baseline = plans(pick_targets(lexrdf_dir, args.targets, args.seed))
        sides = servers(workdir, lexrdf_dir, oxigraph_dir, oxigraph, 0)
        header = [
            f"date {stamp}; {os.cpu_count()} CPUs; load average at start {os.getloadavg()[0]:.2f}",
            f"data: {', '.join(p.name for p in sources)} ({quads:,} quads); {len(light) // 3} targets",
            f"load: {args.clients} clients for {args.duration:g} s ({args.heavy} heavy), one request at a time each; "
            f"LEXRDF_SPARQL_TIMEOUT={args.sparql_timeout:g}, LEXRDF_SPARQL_WORKERS={workers}",
        ]
        with sides["lexrdf"], sides["oxigraph"]:
            lexrdf = asyncio.run(run_load(sides["lexrdf"].url, light, heavy, args))
            baseline_args = argparse.Namespace(**{**vars(args), "heavy": 0})
            oxigraph_tallies = asyncio.run(run_load(sides["oxigraph"].url, baseline, [], baseline_args))
    lines = [
        *header,
        "",
        *report(lexrdf, args.duration, "lexrdf serve (pages, /api/text-at, /sparql text-at; heavy SPARQL beside)"),
        "",
        *report(oxigraph_tallies, args.duration, "oxigraph serve, the same clients sending text-at's SPARQL only"),
    ]
    light_errors = sum(t.errors for kind, t in lexrdf.items() if kind in LIGHT_KINDS)
    lines.append("")
    lines.append(f"light requests with an error: {light_errors}" + ("" if light_errors else " (as required)"))
    for line in lines:
        console.print(line, highlight=False, soft_wrap=True)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    console.print(f"report: {output}", highlight=False)
    return 1 if light_errors else 0


if __name__ == "__main__":
    sys.exit(main())
