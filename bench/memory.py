"""Peak memory of one ingest against the size of its one file. Run on demand, not by pytest.

    python bench/memory.py                          # synthetic and scaled-DPA acts of 1, 10 and 50 MB
    python bench/memory.py --sizes 1 10 50 100 --kinds dpa
    python bench/memory.py --sizes 10 --kinds dpa --tracemalloc     # where the Python allocations are
    python bench/memory.py --sizes 110 --kinds junk                 # tiny junk elements: refused, how fast

Each ingest runs in a fresh child process (`python -m lexrdf.cli ingest FILE --store <fresh dir>`), and its peak
resident set size is the child's `ru_maxrss` as `os.wait4` reports it. A watchdog kills a child whose RSS passes
`--cap-gb` (the figure is then a lower bound, marked ">"). The acts:

- `synthetic`: one act of `bench/synthetic.py` (one expression: chapters, articles, paragraphs), sized by its
  number of articles;
- `dpa`: the Data Protection Act 1998 (../shared/data, the single-document style with @period, 267 textualMods),
  its body repeated until the file has the size asked for; the copies' eIds get a `-copyN` suffix, so every unit
  is a distinct provision with the same periods, notes and density of markup as the real act;
- `junk`: a valid AKN header whose body is nothing but empty `<b/>` elements (what `max_elements` refuses).

With `--one-arena` the child runs with MALLOC_ARENA_MAX=1; otherwise the CLI asks glibc for two arenas
(lexrdf.cli.common.MALLOC_ARENAS), where glibc by default gives each thread an arena whose freed memory the others do
not reuse.

With `--tracemalloc` the child records Python allocations and prints, after each phase of the ingest (map, plan,
validate, write), its RSS and the top allocation sites (file:line) still alive. tracemalloc sees only Python's
allocator: libxml2's tree and pyoxigraph's Rust heap show in RSS only.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
DPA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
SYNTHETIC_BYTES_PER_ARTICLE = 2167  # measured: bench/synthetic.py, 4 paragraphs an article, one expression

sys.path.insert(0, str(BENCH))


# -- the acts ---------------------------------------------------------------------------------------------------
def synthetic_act(megabytes: float, directory: Path) -> Path:
    from synthetic import generate

    articles = max(1, round(megabytes * 1e6 / SYNTHETIC_BYTES_PER_ARTICLE))
    (path,) = generate(directory, acts=1, articles=articles, paragraphs=4, versions=1)
    return path


def dpa_act(megabytes: float, directory: Path) -> Path:
    text = DPA.read_text(encoding="utf-8")
    start = text.index(">", text.index("<body")) + 1
    end = text.index("</body>")
    body = text[start:end]
    body_bytes = len(body.encode())
    copies = max(1, round((megabytes * 1e6 - len(text.encode()) + body_bytes) / body_bytes))
    parts = [text[:start], body]
    for copy in range(2, copies + 1):
        parts.append(re.sub(r'eId="([^"]+)"', rf'eId="\1-copy{copy}"', body))
    parts.append(text[end:])
    path = directory / f"dpa-x{copies}.xml"
    path.write_text("".join(parts), encoding="utf-8")
    return path


def junk_act(megabytes: float, directory: Path) -> Path:
    head = DPA.read_text(encoding="utf-8")
    head = head[: head.index(">", head.index("<body")) + 1]
    path = directory / f"junk-{megabytes:g}mb.xml"
    chunk = "<b/>" * 250_000
    with path.open("w", encoding="utf-8") as out:
        out.write(head + "\n")
        for _ in range(max(1, round(megabytes * 1e6 / len(chunk)))):
            out.write(chunk)
        out.write("\n</body></act></akomaNtoso>\n")
    return path


KINDS = {"synthetic": synthetic_act, "dpa": dpa_act, "junk": junk_act}


# -- the child ----------------------------------------------------------------------------------------------------
TRACED = """
import os, sys, tracemalloc
tracemalloc.start(1)
from lexrdf.ingest import groups, planning, run, sources

def rss():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    return {k: int(fields[k].split()[0]) // 1024 for k in ("VmRSS", "VmHWM")}

def report(phase):
    current, peak = tracemalloc.get_traced_memory()
    print(f"== after {phase}: RSS {rss()} MB; Python heap {current >> 20} MB (peak {peak >> 20} MB)", flush=True)
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    for stat in snapshot.statistics("lineno")[:12]:
        frame = stat.traceback[0]
        where = frame.filename.split("/site-packages/")[-1].split("/main/")[-1]
        print(f"   {stat.size >> 20:6d} MB {stat.count:10,d} blocks  {where}:{frame.lineno}", flush=True)

def traced(module, name):
    original = getattr(module, name)
    def wrapper(*args, **kwargs):
        result = original(*args, **kwargs)
        report(name)
        return result
    setattr(module, name, wrapper)

for module, name in ((sources, "read_all"), (planning, "plan_act"), (run, "check"), (groups, "write_acts")):
    traced(module, name)
from lexrdf.api import Lexrdf
from lexrdf.settings import Settings
lex = Lexrdf.open(Settings.from_env(store=sys.argv[2]))
try:
    print(lex.ingest([sys.argv[1]]).line())
finally:
    lex.close()
"""


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def run_child(path: Path, cap_gb: float, traced: bool, one_arena: bool = False) -> dict:
    """Ingest `path` into a fresh store in a child process: its peak RSS (MB), seconds, exit code, output."""
    with tempfile.TemporaryDirectory(prefix="lexrdf-mem-") as scratch:
        store = Path(scratch) / "store"
        command = [sys.executable, "-c", TRACED, str(path), str(store)] if traced else None
        command = command or [sys.executable, "-m", "lexrdf.cli", "ingest", str(path), "--store", str(store)]
        started = time.perf_counter()
        env = {**os.environ, "MALLOC_ARENA_MAX": "1"} if one_arena else None
        child = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO, env=env
        )
        killed, ended = threading.Event(), threading.Event()

        def watch() -> None:  # never child.poll(): it would reap the child before wait4 reads its peak
            while not ended.wait(0.05):
                if _rss_mb(child.pid) > cap_gb * 1024:
                    killed.set()
                    os.kill(child.pid, signal.SIGKILL)
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        output = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        ended.set()
        watcher.join()
        child.returncode = os.waitstatus_to_exitcode(status)
        return {
            "peak_mb": usage.ru_maxrss / 1024,  # Linux: KiB
            "seconds": time.perf_counter() - started,
            "exit": child.returncode,
            "killed": killed.is_set(),
            "output": output.strip(),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 10, 50], help="file sizes, MB")
    parser.add_argument("--kinds", nargs="+", default=["synthetic", "dpa"], choices=sorted(KINDS))
    parser.add_argument("--cap-gb", type=float, default=12.0, help="kill a child whose RSS passes this")
    parser.add_argument("--tracemalloc", action="store_true", help="print the top allocation sites per phase")
    parser.add_argument(
        "--one-arena", action="store_true", help="MALLOC_ARENA_MAX=1: one glibc arena for both ingest threads"
    )
    parser.add_argument("--tmpdir", type=Path, help="where the generated acts go (default: the system temp dir)")
    args = parser.parse_args(argv)
    print(f"{'act':>10} {'file MB':>8} {'peak RSS MB':>12} {'RSS/file':>9} {'seconds':>8}  outcome", flush=True)
    with tempfile.TemporaryDirectory(prefix="lexrdf-acts-", dir=args.tmpdir) as scratch:
        for kind in args.kinds:
            for size in args.sizes:
                directory = Path(scratch) / f"{kind}-{size:g}"
                directory.mkdir()
                path = KINDS[kind](size, directory)
                file_mb = path.stat().st_size / 1e6
                run = run_child(path, args.cap_gb, args.tracemalloc, args.one_arena)
                bound = ">" if run["killed"] else ""
                last = run["output"].splitlines()[-1] if run["output"] else ""
                outcome = f"killed at the {args.cap_gb:g} GB cap" if run["killed"] else f"exit {run['exit']}: {last}"
                print(
                    f"{kind:>10} {file_mb:8.1f} {bound + format(run['peak_mb'], ',.0f'):>12} "
                    f"{bound + format(run['peak_mb'] / file_mb, '.0f') + 'x':>9} {run['seconds']:8.1f}  {outcome}",
                    flush=True,
                )
                if args.tracemalloc:
                    print(run["output"], flush=True)
                path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
