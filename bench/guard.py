"""The SPARQL guard's time against the size of the query, for every shape a hostile client can send.

Run on demand (not a test):  python bench/guard.py [--repeats N]

The guard (lexrdf.web.sparql.guard.inspect) runs on the event loop before any worker, so its cost must be linear in
the query: the request that froze a server for minutes (issue 36) was 16,000 letters. For each shape, texts of 16, 64
and 256 KiB are inspected, the sizes interleaved run by run; the report gives the p50 per size, the p95 at the
largest and the ratio of the 256 KiB p50 to the 64 KiB p50 (linear: about 4; quadratic: about 16). The
baseline is the same texts scanned once by `str.lower` (what any guard must at least read).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexrdf.web.sparql.guard import inspect  # noqa: E402

KIB = 1024
SIZES = (16 * KIB, 64 * KIB, 256 * KIB)

# one unit of each shape, repeated to the size asked (inside a SELECT so the text is one query)
SHAPES: dict[str, str] = {
    "letters": "a",
    "prefixed names": "ex:a ",
    "prefix names only": "ab:",
    "variables": "?service ",
    "comments": "# SERVICE <x>\n",
    "strings": "'SERVICE' ",
    "long strings": "'" + "s" * 200 + "' ",
    "IRIs with escapes": "<urn:\\u0061#> ",
    "blank nodes": "_:b1 ",
    "language tags": "'x'@en-GB ",
    "brackets": "{ ",
    "dots and colons": ".:",
}


def text_of(unit: str, size: int) -> str:
    body = unit * max(1, (size - 16) // len(unit))
    return "SELECT * { " + body[: size - 16] + " }"


def timed(function: Callable[[str], object], text: str, repeats: int) -> float:
    best = []
    for _ in range(repeats):
        started = time.perf_counter()
        function(text)
        best.append(time.perf_counter() - started)
    return statistics.median(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    print(f"{'shape':<20} {'16 KiB p50':>10} {'64 KiB p50':>11} {'256 KiB p50':>11} {'256 KiB p95':>11} "
          f"{'256/64':>6} {'vs lower()':>10}")  # fmt: skip
    worst = 0.0
    for name, unit in SHAPES.items():
        texts = {size: text_of(unit, size) for size in SIZES}
        runs: dict[int, list[float]] = {size: [] for size in SIZES}
        baseline: list[float] = []
        for round_ in range(args.repeats):  # the sizes interleaved, the order alternating
            order = SIZES if round_ % 2 == 0 else tuple(reversed(SIZES))
            for size in order:
                runs[size].append(timed(inspect, texts[size], 1))
            baseline.append(timed(str.lower, texts[SIZES[-1]], 1))
        p50 = {size: statistics.median(values) for size, values in runs.items()}
        p95 = sorted(runs[SIZES[-1]])[int(0.95 * (len(runs[SIZES[-1]]) - 1))]
        ratio = p50[SIZES[2]] / p50[SIZES[1]]
        worst = max(worst, ratio)
        print(f"{name:<20} {p50[SIZES[0]] * 1e3:>8.2f}ms {p50[SIZES[1]] * 1e3:>9.2f}ms {p50[SIZES[2]] * 1e3:>9.2f}ms "
              f"{p95 * 1e3:>9.2f}ms {ratio:>6.2f} {p50[SIZES[2]] / statistics.median(baseline):>9.0f}x")  # fmt: skip
    print(f"worst 256 KiB / 64 KiB ratio: {worst:.2f} (linear is 4, quadratic 16)")


if __name__ == "__main__":
    main()
