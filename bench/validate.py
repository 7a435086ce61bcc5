"""Validation speed: lexrdf's compiled shapes (SPARQL inside Oxigraph) against plain pyshacl, per act graph.

Run on demand (not a test):  python bench/validate.py [--quick] [--repeats N]

Corpora: the Data Protection Act 1998 (../shared/data) and a synthetic act of 1,000 provisions x 5 versions.
Each act graph is validated with the compiled shapes (`lexrdf.validate.validate_store`) and with pyshacl on an
rdflib Graph of the same triples; the verdicts are compared (conforms, and the set of failing focus node, shape
and path) and the times reported with their ratio (target: at least 10x faster than pyshacl).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pyoxigraph import NamedNode
from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from results_file import write_results  # noqa: E402
from synthetic import generate  # noqa: E402

from lexrdf.api import Lexrdf  # noqa: E402
from lexrdf.settings import Settings  # noqa: E402
from lexrdf.validate import validate_store, validate_with_pyshacl  # noqa: E402

UKPGA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
console = Console()


def timed(action, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 200-provision synthetic act, one pyshacl run")
    parser.add_argument("--repeats", type=int, default=3, help="runs of the compiled validator (median)")
    parser.add_argument("--pyshacl-repeats", type=int, default=1, help="runs of pyshacl (slow; median)")
    args = parser.parse_args(argv)
    articles, paragraphs = (50, 4) if args.quick else (200, 4)  # (1 + paragraphs) provisions per article

    workdir = Path(tempfile.mkdtemp(prefix="lexrdf-bench-validate-"))
    report: dict[str, dict] = {}
    try:
        corpora = []
        if UKPGA.exists():
            corpora.append(("ukpga-1998-29", [UKPGA]))
        sources = generate(workdir / "synthetic", 1, articles, paragraphs, 5, seed=3, change_rate=0.5)
        corpora.append((f"synthetic-{articles * (paragraphs + 1)}-provisions-x5", sources))
        table = Table(title="SHACL validation per act: compiled shapes in Oxigraph vs plain pyshacl")
        for column in ("act", "triples", "compiled s", "pyshacl s", "speed-up", "same verdicts"):
            table.add_column(column, justify="left" if column == "act" else "right")
        for name, paths in corpora:
            lex = Lexrdf.open(Settings(store=workdir / name, base_iri="https://lexrdf.example.org"))
            summary = lex.ingest(paths)
            graph = NamedNode(summary.act_iris[0])
            triples = sum(1 for _ in lex.store.graph_quads(graph))
            fast_seconds, fast = timed(lambda g=graph, s=lex.store.raw: validate_store(s, g), args.repeats)
            console.print(f"{name}: compiled {fast_seconds:.3f} s; running pyshacl ...")
            slow_seconds, slow = timed(
                lambda g=graph, s=lex.store.raw: validate_with_pyshacl(s, g, parse_once=False), args.pyshacl_repeats
            )
            same = fast.conforms == slow.conforms and fast.keys() == slow.keys()
            report[name] = {
                "triples": triples,
                "compiled_seconds": fast_seconds,
                "pyshacl_seconds": slow_seconds,
                "speedup": slow_seconds / fast_seconds,
                "same_verdicts": same,
                "conforms": fast.conforms,
                "results": len(fast.results),
            }
            table.add_row(
                name,
                f"{triples:,}",
                f"{fast_seconds:.3f}",
                f"{slow_seconds:.2f}",
                f"{slow_seconds / fast_seconds:.0f}x",
                "yes" if same else "NO",
            )
            lex.close()
        console.print(table)
        write_results("validate", args.quick, report)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
