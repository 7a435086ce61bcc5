"""Where the ELI view lives, by measurement: materialised at write time (a) or a CONSTRUCT at request time (b).

Run on demand (not a test):  python bench/eli_view.py [--runs N] [--requests N]

On the Data Protection Act 1998 (../shared/data), in fresh on-disk stores:

(a) materialised: the ingest as it runs (act graph, then its ELI view graph), and, timed apart on the stored act,
    the step (a) adds to an ingest: the view's CONSTRUCT and the first fill of its graph (from empty), then the
    rebuild after a write that changes nothing in the view (CONSTRUCT plus an empty difference), with the quads
    the view adds; and what reading it costs: an ELI-only SPARQL query over the union of graphs.
(b) at request time: the view's CONSTRUCT for the whole act (what a request about any of its resources would run
    with the view as it is), and a CONSTRUCT written for one provision's ELI description (its types, structure,
    versions, expressions, dates and changes), for a few provisions: the least a request-time view could cost.

Runs are interleaved (the machines are shared and noisy); medians and p95 are reported.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from results_file import write_results  # noqa: E402

from lexrdf.api import Lexrdf  # noqa: E402
from lexrdf.settings import Settings  # noqa: E402
from lexrdf.views import construct, refresh, view_graph  # noqa: E402

UKPGA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
BASE = "https://lexrdf.example.org"
DPA = f"{BASE}/eli/gb-ukm/act/1998-07-16/29"
PROVISIONS = ("section-7-1", "section-12A", "schedule-5-paragraph-17", "section-7")
console = Console()

# What a request-time view of one provision would run (bench only: the view itself is lexrdf/views/eli/).
ONE_PROVISION = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX eli: <http://data.europa.eu/eli/ontology#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
CONSTRUCT {
  <%(p)s> a eli:LegalResourceSubdivision ; eli:is_part_of ?whole ; eli:has_part ?part ; eli:has_member ?version ;
    ?changed_by ?changer .
  ?version a eli:LegalResource ; eli:is_member_of <%(p)s> ; eli:is_realized_by ?expression ;
    eli:first_date_entry_in_force ?from ; eli:date_no_longer_in_force ?last .
  ?expression a eli:LegalExpression ; eli:realizes ?version ; eli:first_date_entry_in_force ?from ;
    eli:date_no_longer_in_force ?last ; eli:number ?number ; eli:title ?heading .
}
WHERE {
  GRAPH <%(g)s> {
    { <%(p)s> lex:parent ?whole }
    UNION { ?part lex:parent <%(p)s> }
    UNION {
      ?version lex:versionOf <%(p)s> ; lex:validFrom ?from .
      ?record lex:recordOf ?version ; lex:expression ?expression .
      FILTER NOT EXISTS { ?record lex:supersededAt ?superseded }
      OPTIONAL { ?record lex:validUntil ?until }
      OPTIONAL { ?expression lex:number ?number }
      OPTIONAL { ?expression lex:heading ?heading }
      BIND (?until - "P1D"^^xsd:dayTimeDuration AS ?last)
    }
    UNION {
      ?change lex:affects <%(p)s> ; a ?kind ; lex:sourceAct ?changer .
      VALUES (?kind ?changed_by) { (lex:Substitution eli:amended_by) (lex:Insertion eli:amended_by)
                                   (lex:Amendment eli:amended_by) (lex:Repeal eli:repealed_by)
                                   (lex:Commencement eli:commenced_by) }
    }
  }
}
"""
ELI_QUERY = """
PREFIX eli: <http://data.europa.eu/eli/ontology#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?expression ?act WHERE {
  ?version eli:is_member_of <%s/section-7-1> ; eli:is_realized_by ?expression .
  ?expression eli:first_date_entry_in_force ?from .
  OPTIONAL { ?expression eli:date_no_longer_in_force ?last }
  FILTER (?from <= "2006-01-01"^^xsd:date && (!BOUND(?last) || "2006-01-01"^^xsd:date <= ?last))
  <%s/section-7-1> eli:amended_by ?act .
}
"""


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def summary(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 2),
        "runs": len(ordered),
    }


def measure(runs: int, requests: int, tmpdir: str | None) -> dict:
    samples: dict[str, list[float]] = defaultdict(list)
    counts: dict[str, int] = {}
    for _ in range(runs):
        directory = Path(tempfile.mkdtemp(prefix="lexrdf-eli-", dir=tmpdir))
        lex = Lexrdf.open(Settings(store=directory / "store", base_iri=BASE))
        try:
            counts = one_run(lex, requests, samples)
        finally:
            lex.close()
            shutil.rmtree(directory, ignore_errors=True)
    return {"corpus": "ukpga-1998-29", "counts": counts, "timings": {k: summary(v) for k, v in samples.items()}}


def one_run(lex: Lexrdf, requests: int, samples: dict[str, list[float]]) -> dict[str, int]:
    """One fresh ingest, then the view step timed apart, then `requests` rounds of reads; the quads written."""
    started = time.perf_counter()
    ingested = lex.ingest([UKPGA])
    samples["ingest with the view"].append(time.perf_counter() - started)
    lex.store.replace_graph(view_graph(DPA), [])  # the act graph without its view: what an ingest then adds
    samples["(a) view step: CONSTRUCT + first fill"].append(timed(lambda: refresh(lex.store, DPA)))
    samples["(a) rebuild, nothing changed"].append(timed(lambda: refresh(lex.store, DPA)))
    for _ in range(requests):
        samples["(a) read: ELI-only SPARQL"].append(timed(lambda: list(lex.store.sparql(ELI_QUERY % (DPA, DPA)))))
        samples["(b) whole-act CONSTRUCT per request"].append(timed(lambda: construct(lex.store, DPA)))
        for eid in PROVISIONS:
            text = ONE_PROVISION % {"p": f"{DPA}/{eid}", "g": DPA}
            samples[f"(b) one-provision CONSTRUCT: {eid}"].append(timed(lambda t=text: list(lex.store.sparql(t))))
    return {"act quads": ingested.quads, "view quads": ingested.view_quads}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh ingests (default 5)")
    parser.add_argument("--requests", type=int, default=10, help="request-time runs per ingest (default 10)")
    parser.add_argument("--tmpdir", default=None)
    args = parser.parse_args()
    if not UKPGA.exists():
        sys.exit(f"missing {UKPGA}: the benchmark needs ../shared/data")
    report = measure(args.runs, args.requests, args.tmpdir)
    table = Table(title=f"ELI view on the DPA 1998: {report['counts']}")
    for column in ("measurement", "p50 ms", "p95 ms", "runs"):
        table.add_column(column, justify="left" if column == "measurement" else "right")
    for name, figures in report["timings"].items():
        table.add_row(name, f"{figures['p50_ms']:.1f}", f"{figures['p95_ms']:.1f}", str(figures["runs"]))
    console.print(table)
    console.print(f"results: {write_results('eli_view', False, report)}")


if __name__ == "__main__":
    main()
