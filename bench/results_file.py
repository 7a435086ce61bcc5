"""Where the on-demand benchmarks write their JSON results (bench/results/, git-ignored)."""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def write_results(name: str, quick: bool, report: dict) -> Path:
    """Write `report` to bench/results/{name}.json (or {name}-quick.json) and return the path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / (f"{name}-quick.json" if quick else f"{name}.json")
    path.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return path
