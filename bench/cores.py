"""Ingest on every core against ingest on one core: how much the second core buys. Run on demand, not by pytest.

    python bench/cores.py                      # a synthetic corpus of about 1M quads, 3 runs a side
    python bench/cores.py --quads 300000 --repeats 5

Each run is one `lexrdf ingest` of the same corpus into a fresh store, in a fresh process: pinned to one core with
`taskset -c 0` (its threads and processes share that core), or free to use every core the machine has. The two
sides alternate run by run, and which goes first alternates too, so load from elsewhere falls on both. The figure
is the speed-up, one-core time over all-core time (p50 and p95 of the per-pair ratios); the issue's target is
1.6x on two cores. The CPU time of each run says how much of the work ran in parallel: the machine's user + system
time over the run (/proc/stat), since the ingest's pool workers are children of multiprocessing's fork server,
whose CPU time no `wait4` reports (so run it on a quiet machine).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from synthetic import generate, shape_for  # noqa: E402


def run_ingest(corpus: Path, store: Path, pinned: bool) -> tuple[float, float]:
    """One `lexrdf ingest` in a fresh process: (wall seconds, CPU seconds)."""
    shutil.rmtree(store, ignore_errors=True)
    command = [sys.executable, "-m", "lexrdf.cli", "ingest", str(corpus), "--store", str(store)]
    if pinned:
        command = ["taskset", "-c", "0", *command]
    started, busy = time.perf_counter(), machine_cpu_seconds()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, _ = os.wait4(process.pid, 0)
    wall, cpu = time.perf_counter() - started, machine_cpu_seconds() - busy
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"ingest failed: {process.stderr.read().decode() if process.stderr else ''}")
    return wall, cpu


def machine_cpu_seconds() -> float:
    """User + system CPU seconds the machine has spent since boot, on every core (the first line of /proc/stat)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = stat.readline().split()[1:]
    user, nice, system = (int(value) for value in fields[:3])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quads", type=int, default=1_000_000, help="corpus size in quads (about)")
    parser.add_argument("--repeats", type=int, default=3, help="runs a side")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory(prefix="lexrdf-cores-") as scratch:
        corpus = Path(scratch) / "corpus"
        acts, articles, paragraphs, versions = shape_for(args.quads)
        generate(corpus, acts, articles, paragraphs, versions, seed=args.seed, style="mixed")
        store = Path(scratch) / "store"
        one, every, ratios = [], [], []
        for run in range(args.repeats):
            if run % 2 == 0:  # which side goes first alternates too: a drifting load falls on both
                pinned = run_ingest(corpus, store, pinned=True)
                free = run_ingest(corpus, store, pinned=False)
            else:
                free = run_ingest(corpus, store, pinned=False)
                pinned = run_ingest(corpus, store, pinned=True)
            one.append(pinned)
            every.append(free)
            ratios.append(pinned[0] / free[0])
            print(f"run {run + 1}: one core {pinned[0]:.2f} s (cpu {pinned[1]:.2f} s), every core {free[0]:.2f} s "
                  f"(cpu {free[1]:.2f} s): {ratios[-1]:.2f}x")  # fmt: skip
        print(
            f"one core p50 {statistics.median(w for w, _ in one):.2f} s, every core p50 "
            f"{statistics.median(w for w, _ in every):.2f} s; speed-up p50 {statistics.median(ratios):.2f}x, "
            f"p95 {percentile(ratios, 0.95):.2f}x (target 1.6x on two cores); machine CPU/wall on every core: "
            f"{statistics.median(c / w for w, c in every):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
