"""One primitive in two checkouts of lexrdf (an old commit's worktree against this one) on the DPA, run by run.

Run on demand (not a test):
    python bench/ab_query.py --old ../h-perf [--primitive text-at] [--rounds 5] [--step 12] [--source FILE ...]

Each side runs in its own process with its own venv (``<checkout>/.venv/bin/python``) and its own store of the Data
Protection Act 1998 (or the --source files) ingested by that checkout (under --workdir, kept between runs). The
driver alternates the sides round by round (the order flipped each round, the first round a warm-up), each round
timing the `Lexrdf` call (``Lexrdf.run``: the typed answer) and the raw bound query (``Store.query``, materialised)
for every `--step`-th provision and every act (toc: every act held; impact: every act held or named as an event's
source), on one of four dates. It prints p50 and p95 per side and the ratios new / old, with the load average, so a
change of the machine's load moves both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DPA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
DATES = ("1999-06-01", "2001-03-01", "2010-01-01", "2020-01-01")
LEX = "PREFIX lex: <https://w3id.org/lexrdf/ontology#> "


def serve(store: Path, primitive: str, step: int, sources: list[Path]) -> None:
    """The worker: ingest the sources once, then for each line 'DATE' on stdin time every target and print a JSON
    line."""
    sys.path.insert(0, os.getcwd())
    from lexrdf.api import Lexrdf
    from lexrdf.queries import get_query
    from lexrdf.settings import Settings

    settings = Settings(store=store, base_iri="https://lexrdf.example.org")
    if not store.exists():
        Lexrdf.open(settings).ingest(sources)
    lex = Lexrdf.open(settings, read_only=True)
    units = sorted(r["p"].value for r in lex.store.sparql(LEX + "SELECT DISTINCT ?p WHERE { ?p lex:act ?a }"))
    acts = sorted(r["p"].value for r in lex.store.sparql(LEX + "SELECT DISTINCT ?p WHERE { ?p a lex:Act }"))
    targets = sorted(set(units[::step]) | set(acts))
    query = get_query(primitive)
    key = "act" if any(parameter.name == "act" for parameter in query.public_parameters) else "provision"
    if primitive == "toc":  # an act's contents: the acts held (those with units)
        held = lex.store.sparql(LEX + "SELECT DISTINCT ?a WHERE { ?p lex:act ?a }")
        targets = sorted(r["a"].value for r in held)
    elif key == "act":  # what an act did: the acts held and every act named as an event's source
        named = lex.store.sparql(LEX + "SELECT DISTINCT ?a WHERE { ?e lex:sourceAct ?a }")
        targets = sorted(set(acts) | {r["a"].value for r in named})
    dated = any(parameter.name == "date" for parameter in query.public_parameters)  # versions takes none
    print(json.dumps({"targets": len(targets)}), flush=True)
    for line in sys.stdin:
        day = line.strip()
        api, raw = [], []
        for target in targets:
            params = {key: target, **({"date": day} if dated else {})}
            started = time.perf_counter()
            lex.run(primitive, params)
            api.append((time.perf_counter() - started) * 1000)
            bound = query.bound(params)
            started = time.perf_counter()
            list(lex.store.raw.query(bound, use_default_graph_as_union=True))
            raw.append((time.perf_counter() - started) * 1000)
        print(json.dumps({"api": api, "raw": raw}), flush=True)


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the other checkout (with its own .venv)")
    parser.add_argument("--new", type=Path, default=REPO, help="default: this checkout")
    parser.add_argument("--primitive", default="text-at")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per side, the first a warm-up")
    parser.add_argument("--step", type=int, default=12, help="every step-th provision (and every act)")
    parser.add_argument("--source", type=Path, nargs="+", default=[DPA], help="the files each side ingests")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/lexrdf-bench-ab"))
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)  # worker mode: the store
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.primitive, args.step, args.source)
        return
    sides = {}
    corpus = "-".join(source.stem for source in args.source)[:80]  # a store per checkout and corpus
    for name, checkout in (("old", args.old.resolve()), ("new", args.new.resolve())):
        store = args.workdir / f"store-{name}-{checkout.name}-{corpus}"
        command = [str(checkout / ".venv" / "bin" / "python"), str(Path(__file__).resolve()), "--old", str(checkout)]
        command += ["--serve", str(store), "--primitive", args.primitive, "--step", str(args.step)]
        command += ["--source", *map(str, (source.resolve() for source in args.source))]
        sides[name] = subprocess.Popen(command, cwd=checkout, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        print(name, checkout, sides[name].stdout.readline().strip(), flush=True)
    times: dict[str, dict[str, list[float]]] = {name: {"api": [], "raw": []} for name in sides}
    for round_ in range(args.rounds):
        for name in ("old", "new") if round_ % 2 == 0 else ("new", "old"):
            side = sides[name]
            side.stdin.write(DATES[round_ % len(DATES)] + "\n")
            side.stdin.flush()
            out = json.loads(side.stdout.readline())
            if round_:  # the first round warms both up
                for kind, values in out.items():
                    times[name][kind] += values
    for kind in ("api", "raw"):
        old, new = times["old"][kind], times["new"][kind]
        print(
            f"{args.primitive} {kind}: old p50 {statistics.median(old):.2f} p95 {_p95(old):.2f} ms | new p50 "
            f"{statistics.median(new):.2f} p95 {_p95(new):.2f} ms | new/old p50 "
            f"{statistics.median(new) / statistics.median(old):.2f} p95 {_p95(new) / _p95(old):.2f} ({len(new)} calls)"
        )
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for side in sides.values():
        side.stdin.close()
        side.wait()


if __name__ == "__main__":
    main()
