"""The PNG of a `python -m bench` run: throughput and latency against corpus size, lexrdf beside its baseline.

python bench/plot.py bench/results/bench-2026-12-01.json      # writes bench-2026-12-01.png beside it
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

PANELS = (("throughput", "throughput (quads/s; req/s for HTTP)"), ("latency", "p50 latency (ms)"))


def plot(rows: list[dict[str, Any]], path: Path) -> Path:
    """Two log-log panels, throughput and latency against stored quads: per measurement a solid lexrdf line and a
    dashed baseline line of the same colour (p50). Query primitives without a target stay in the table and JSON."""
    figure, axes = plt.subplots(1, 2, figsize=(15, 6.5))
    for axis, (kind, label) in zip(axes, PANELS, strict=True):
        series: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in rows:
            untargeted_query = row["measurement"].startswith("query ") and not row.get("target")
            if row["kind"] == kind and row.get("lexrdf_p50") and not untargeted_query:
                series[row["measurement"]].append(row)
        colours = plt.colormaps["tab20"].resampled(max(1, len(series)))
        for index, (name, points) in enumerate(sorted(series.items())):
            points.sort(key=lambda r: r["quads"])
            quads = [r["quads"] for r in points]
            colour = colours(index)
            axis.plot(quads, [r["lexrdf_p50"] for r in points], "o-", color=colour, label=f"{name}: lexrdf")
            baseline = [(r["quads"], r["baseline_p50"]) for r in points if r.get("baseline_p50")]
            if baseline:
                axis.plot(
                    *zip(*baseline, strict=True), "s--", color=colour, alpha=0.7, label=f"  vs {points[0]['baseline']}"
                )
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel("corpus size (stored quads)")
        axis.set_ylabel(label)
        axis.set_title(f"{kind}: lexrdf (solid) vs baseline (dashed)")
        axis.grid(True, which="both", alpha=0.3)
        if series:
            axis.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def main(argv: list[str] | None = None) -> int:
    """Re-draw the plot of a results JSON."""
    arguments = sys.argv[1:] if argv is None else argv
    if len(arguments) != 1:
        print(__doc__)
        return 2
    source = Path(arguments[0])
    print(plot(json.loads(source.read_text(encoding="utf-8"))["rows"], source.with_suffix(".png")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
