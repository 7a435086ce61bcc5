"""Page latency with and without the answer cache, beside `oxigraph serve` answering the page's main SPARQL.

Run on demand (not a test):  python bench/act_page.py [--rounds N] [--requests N]

It ingests the Data Protection Act 1998 (../shared/data) into a fresh lexrdf store, loads its N-Quads dump into
`oxigraph serve --union-default-graph` (bench/http_load.py builds both), and starts two `lexrdf serve --workers 1`
over the same store: one with the answer cache (LEXRDF_CACHE_MB=128, lexrdf.web.cache) and one without
(LEXRDF_CACHE_MB=0). One connection at a time, it asks:

- act:       the DPA's contents page on a date (GET, text/html), beside oxigraph answering the `toc` query the
             page runs for that act and date (the page's heaviest query)
- provision: a provision's page on a date, beside oxigraph answering that provision's `text-at` query

Requests cycle through a few dates (and provisions), so after the first round the cached server answers from its
cache: the figures are of a page asked again before the store is written, the case the cache is for. Each round
runs every side once, the order rotating round by round. p50 and p95 are over all requests of a side; ratios are
lexrdf's over oxigraph's. The report goes to bench/results/act-page-<date>.txt.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from http_load import BASE_IRI, RESULTS, UKPGA, Server, build_stores, free_port, oxigraph_command
from rich.console import Console

from lexrdf.queries import get_query

console = Console(record=True, width=200)
DPA = f"{BASE_IRI}/eli/gb-ukm/act/1998-07-16/29"
DATES = ("2000-03-01", "2005-01-01", "2010-06-01", "2016-01-01")
PROVISIONS = ("section-7", "section-1", "schedule-1-paragraph-15-2", "section-29")
SPARQL_JSON = "application/sparql-results+json"
SIDES = ("cached", "uncached", "oxigraph")


def requests_of(kind: str) -> dict[str, list[tuple[str, str, dict[str, str], str | None]]]:
    """Each side's (method, path, headers, body) requests for one kind of page, in the same target order."""
    if kind == "act":
        pages = [f"{urlsplit(DPA).path}?date={day}" for day in DATES]
        queries = [get_query("toc").bound({"act": DPA, "date": day}) for day in DATES]
    else:
        targets = [(f"{DPA}/{provision}", day) for provision, day in zip(PROVISIONS, DATES, strict=True)]
        pages = [f"{urlsplit(provision).path}?date={day}" for provision, day in targets]
        queries = [get_query("text-at").bound({"provision": p, "date": day}) for p, day in targets]
    html = {"Accept": "text/html"}
    sparql = {"Content-Type": "application/sparql-query", "Accept": SPARQL_JSON}
    return {
        "cached": [("GET", page, html, None) for page in pages],
        "uncached": [("GET", page, html, None) for page in pages],
        "oxigraph": [("POST", "/query", sparql, query) for query in queries],
    }


def timed_run(url: str, requests: list[tuple[str, str, dict[str, str], str | None]], count: int) -> list[float]:
    """`count` requests cycling through `requests`, one at a time: each one's milliseconds."""
    spent = []
    with httpx.Client(base_url=url, timeout=120) as client:
        for index in range(count):
            method, path, headers, body = requests[index % len(requests)]
            started = time.perf_counter()
            response = client.request(method, path, headers=headers, content=body)
            spent.append(1000 * (time.perf_counter() - started))
            if response.status_code != 200:
                raise RuntimeError(f"{url}{path} answered {response.status_code}: {response.text[:300]}")
    return spent


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(share * 100) - 1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--requests", type=int, default=12, help="requests per side per round (default 12)")
    parser.add_argument("--output", type=Path)
    args = parser.parse_args(argv)
    if not UKPGA.exists():
        sys.exit(f"error: {UKPGA} not found")
    output = args.output or RESULTS / f"act-page-{date.today().isoformat()}.txt"
    workdir = Path(tempfile.mkdtemp(prefix="lexrdf-bench-act-page-"))
    try:
        oxigraph = oxigraph_command()
        lexrdf_dir, oxigraph_dir, quads = build_stores(workdir, [UKPGA], oxigraph)
        console.print(f"{quads:,} quads; load average {os.getloadavg()[0]:.2f} at the start", highlight=False)
        servers = {}
        for side, cache_mb in (("cached", "128"), ("uncached", "0")):
            port = free_port()
            argv = ["env", f"LEXRDF_CACHE_MB={cache_mb}", sys.executable, "-m", "lexrdf.cli", "serve"]
            argv += ["--store", str(lexrdf_dir), "--base-iri", BASE_IRI, "--host", "127.0.0.1", "--port", str(port)]
            url = f"http://127.0.0.1:{port}"
            servers[side] = Server(f"lexrdf serve ({side})", [*argv, "--workers", "1"], url, f"{url}/health",
                                   workdir / f"{side}.log")  # fmt: skip
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        argv = [
            oxigraph,
            "serve",
            "--location",
            str(oxigraph_dir),
            "--bind",
            f"127.0.0.1:{port}",
            "--union-default-graph",
        ]
        servers["oxigraph"] = Server("oxigraph serve", argv, url, f"{url}/query?query=ASK%7B%7D", workdir / "ox.log")
        with servers["cached"], servers["uncached"], servers["oxigraph"]:
            for kind in ("act", "provision"):
                plans = requests_of(kind)
                times: dict[str, list[float]] = {side: [] for side in SIDES}
                for side in SIDES:  # untimed: every target once (the cached server keeps them)
                    timed_run(servers[side].url, plans[side], len(plans[side]))
                for round_ in range(args.rounds):
                    order = SIDES[round_ % 3 :] + SIDES[: round_ % 3]
                    for side in order:
                        times[side] += timed_run(servers[side].url, plans[side], args.requests)
                stats = {side: (percentile(times[side], 0.5), percentile(times[side], 0.95)) for side in SIDES}
                for side in SIDES:
                    p50, p95 = stats[side]
                    console.print(f"{kind:9} {side:8} p50 {p50:8.1f} ms  p95 {p95:8.1f} ms", highlight=False)
                for side in ("cached", "uncached"):
                    ratio50 = stats[side][0] / stats["oxigraph"][0]
                    ratio95 = stats[side][1] / stats["oxigraph"][1]
                    console.print(
                        f"{kind:9} {side:8} latency / oxigraph's: p50 {ratio50:6.2f}x  p95 {ratio95:6.2f}x",
                        highlight=False,
                    )
        console.print(f"load average {os.getloadavg()[0]:.2f} at the end", highlight=False)
        output.parent.mkdir(parents=True, exist_ok=True)
        console.save_text(str(output))
        console.print(f"report written to {output}", highlight=False)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
