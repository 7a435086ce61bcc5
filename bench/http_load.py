"""HTTP throughput and latency: `lexrdf serve` against `oxigraph serve` answering the same SPARQL over the same data.

Run on demand (not a test):  python bench/http_load.py [--quick] [--duration S] [--rounds N] [--concurrency N]

Needs the `oxigraph` command (PyPI package `oxigraph`, the version of pyoxigraph) and, preferably, `wrk` (Debian
package `wrk`); without wrk the load comes from an asyncio httpx client, which costs more CPU (`--client`).

It ingests the Data Protection Act 1998 (../shared/data) and the bundled samples into a fresh lexrdf store, dumps
that store to N-Quads and loads the dump into a separate directory with `oxigraph load`. It starts `lexrdf serve`
(with `--workers N` when the command has that option) and `oxigraph serve --union-default-graph`, and measures
req/s and latency at 16 concurrent connections, for a fixed duration per run, of:

- page:   GET {provision's local path}, Accept: text/html (reported as unavailable while it does not answer 200)
- api:    GET /api/text-at?provision=...&date=...
- sparql: POST /sparql (application/sparql-query) with text-at's SPARQL as the query library binds it
- and, as the baseline of every row, POST /query to oxigraph serve with that very bound SPARQL: what a
  hand-written client would send to raw Oxigraph for the same question.

Requests cycle through sampled (provision, date) targets. oxigraph keeps no answers, but lexrdf serve does (its
answer cache, lexrdf.web.cache, until the store is written): after the warm-up every lexrdf request is answered from
it, so the figures are those of answers asked again; bench/act_page.py compares pages with and without the cache
(LEXRDF_CACHE_MB=0). Runs interleave: in each round every lexrdf endpoint runs beside an oxigraph run, the order
alternating round by round. req/s are medians over rounds, p50/p95/p99 medians of each run's percentiles, the ratio
is lexrdf req/s / oxigraph req/s (target: at least 0.5 for api and sparql). Each run also reads from /proc the CPU
time the server's processes used (CPU ms per request, which noise moves much less than req/s) and the share of the
busiest process. Before timing, every target is asked once of each endpoint: statuses are reported and lexrdf's
/sparql answers are checked equal to oxigraph's. Afterwards, when a target is not met, py-spy samples the lexrdf
server under the load of the endpoint with the lowest ratio (`--profile`). The report goes to
bench/results/http-<date>.txt.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import httpx
from query import sample_targets
from rich import box
from rich.console import Console
from rich.table import Table

from lexrdf.api import Lexrdf
from lexrdf.queries import get_query
from lexrdf.settings import Settings

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent

console = Console(record=True, width=240)

UKPGA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
SAMPLES = REPO / "samples"
BASE_IRI = "https://lexrdf.example.org"
RESULTS = BENCH / "results"
SPARQL_JSON = "application/sparql-results+json"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
TARGET_RATIO = 0.5
ENDPOINTS = {  # name -> (label, has a target)
    "page": ("page (GET, text/html)", False),
    "api": ("/api/text-at", True),
    "sparql": ("/sparql (text-at)", True),
}


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: str | None = None


@dataclass
class Run:
    """One timed run of one scenario: counts and the run's latency percentiles (ms)."""

    side: str
    endpoint: str
    round: int
    responses: int
    seconds: float
    errors: dict[str, int]
    p50: float
    p95: float
    p99: float
    cpu_seconds: float  # used by the server's processes (all of them) during the run
    busiest_process_share: float  # the share of that CPU time used by the busiest one of them

    @property
    def ok_per_second(self) -> float:
        """Successful (2xx/3xx) responses per second."""
        return (self.responses - self.errors.get("status", 0)) / self.seconds

    @property
    def cpu_ms_per_request(self) -> float:
        return 1000 * self.cpu_seconds / max(1, self.responses)


@dataclass
class Preflight:
    """What each target answered once, before any timing."""

    statuses: Counter = field(default_factory=Counter)
    content_types: Counter = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.statuses.get(200, 0) > 0

    def summary(self) -> str:
        statuses = ", ".join(f"{status} x {count}" for status, count in sorted(self.statuses.items(), key=str))
        return "; ".join([statuses, *self.notes])


# -- the two servers ------------------------------------------------------------------------------------------
class Server:
    """A server process started in its own session (so its workers stop with it), ready when `probe` answers 200."""

    def __init__(self, name: str, argv: list[str], url: str, probe: str, log: Path) -> None:
        self.name, self.argv, self.url, self.probe, self.log = name, argv, url, probe, log
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                self.argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=REPO
            )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                if httpx.get(self.probe, timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.__exit__()
        raise RuntimeError(f"{self.name} did not answer {self.probe} within 120 s:\n{self.log_tail()}")

    def __exit__(self, *exc: object) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)  # the group of the process this object started, by its id
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu_by_process(self) -> dict[int, float]:
        """User and system CPU seconds of the server process and of every process below it (workers, pools)."""
        parents: dict[int, int] = {}
        times: dict[int, float] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:  # gone meanwhile
                continue
            pid = int(stat.parent.name)
            parents[pid] = int(fields[1])
            times[pid] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        tree, frontier = {self.pid}, [self.pid]
        while frontier:
            parent = frontier.pop()
            children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
            tree.update(children)
            frontier.extend(children)
        return {pid: times[pid] for pid in tree if pid in times}

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_options() -> str:
    """`lexrdf serve --help`, to see which options this checkout's server has (`--workers` is being added)."""
    done = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "serve", "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        check=False,
    )
    return done.stdout


def oxigraph_command() -> str:
    beside_python = Path(sys.executable).parent / "oxigraph"
    found = str(beside_python) if beside_python.exists() else shutil.which("oxigraph")
    if not found:
        sys.exit("error: the `oxigraph` command is missing: pip install oxigraph (the version of pyoxigraph)")
    return found


# -- data -----------------------------------------------------------------------------------------------------
def build_stores(workdir: Path, sources: list[Path], oxigraph: str) -> tuple[Path, Path, int]:
    """A lexrdf store ingested from `sources`, and an oxigraph directory loaded from its N-Quads dump."""
    lexrdf_dir, oxigraph_dir, dump = workdir / "lexrdf-store", workdir / "oxigraph-store", workdir / "dump.nq"
    lex = Lexrdf.open(Settings(store=lexrdf_dir, base_iri=BASE_IRI))
    try:
        console.print(f"ingest: {lex.ingest(sources).line()}", highlight=False)
        with dump.open("wb") as output:
            lex.store.dump(output)
        quads = lex.store.quad_count()
    finally:
        lex.close()
    subprocess.run(
        [oxigraph, "load", "--location", str(oxigraph_dir), "--file", str(dump)], check=True, capture_output=True
    )
    return lexrdf_dir, oxigraph_dir, quads


def pick_targets(lexrdf_dir: Path, count: int, seed: int) -> list[tuple[str, str]]:
    """Sampled (provision, date) pairs: a date inside or after one of the provision's windows (bench/query.py)."""
    lex = Lexrdf.open(Settings(store=lexrdf_dir, base_iri=BASE_IRI))
    try:
        return [(provision, day) for provision, _, day, _, _ in sample_targets(lex, count, seed)]
    finally:
        lex.close()


def scenarios(targets: list[tuple[str, str]]) -> dict[str, list[Request]]:
    """The requests of each scenario, one per target, in the same target order."""
    text_at = get_query("text-at")
    sparql_headers = {"Content-Type": "application/sparql-query", "Accept": SPARQL_JSON}
    bound = [text_at.bound({"provision": provision, "date": day}) for provision, day in targets]
    return {
        "page": [Request("GET", urlsplit(provision).path, {"Accept": "text/html"}) for provision, _ in targets],
        "api": [
            Request("GET", "/api/text-at?" + urlencode({"provision": provision, "date": day}), {"Accept": "*/*"})
            for provision, day in targets
        ],
        "sparql": [Request("POST", "/sparql", sparql_headers, text) for text in bound],
        "oxigraph": [Request("POST", "/query", sparql_headers, text) for text in bound],
    }


# -- checks before timing -------------------------------------------------------------------------------------
PREFLIGHT_TIMEOUT = 30.0  # seconds per request before timing starts
PREFLIGHT_GIVE_UP = 3  # timeouts or refused connections after which an endpoint is not asked further


def preflight(lexrdf_url: str, oxigraph_url: str, plans: dict[str, list[Request]]) -> dict[str, Preflight]:
    """Ask every target once of each endpoint: statuses, content types, answer kinds, equal SPARQL answers.

    An endpoint that times out or drops the connection PREFLIGHT_GIVE_UP times is not asked further (it is being
    rewritten, say): it answers no 200, so it is reported unavailable rather than timed."""
    found = {name: Preflight() for name in plans}
    answers: dict[str, list[object]] = {"sparql": [], "oxigraph": []}
    kinds: Counter = Counter()
    with httpx.Client(timeout=PREFLIGHT_TIMEOUT, follow_redirects=False) as client:
        for name, requests in plans.items():
            base = oxigraph_url if name == "oxigraph" else lexrdf_url
            failures = 0
            for request in requests:
                try:
                    response = client.request(
                        request.method, base + request.path, headers=request.headers, content=request.body
                    )
                except httpx.HTTPError as exc:
                    found[name].statuses[type(exc).__name__] += 1
                    failures += 1
                    if failures >= PREFLIGHT_GIVE_UP:
                        found[name].notes.append(f"not asked further after {failures} failures")
                        break
                    continue
                found[name].statuses[response.status_code] += 1
                found[name].content_types[response.headers.get("content-type", "-").split(";")[0]] += 1
                if name in answers:
                    answers[name].append(_solutions(response))
                if name == "api" and response.status_code == 200:
                    kinds[response.json().get("status")] += 1
    if kinds:
        found["api"].notes.append("answers: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    if answers["sparql"]:
        same = sum(ours == theirs for ours, theirs in zip(answers["sparql"], answers["oxigraph"], strict=False))
        rows = sum(len(solutions) for solutions in answers["oxigraph"] if isinstance(solutions, list))
        found["sparql"].notes.append(
            f"same solutions as oxigraph for {same} of {len(answers['oxigraph'])} targets ({rows} rows in all)"
        )
    for name in found:
        types = ", ".join(f"{kind} x {n}" for kind, n in found[name].content_types.most_common())
        found[name].notes.append(types or "no answer")
    return found


def _solutions(response: httpx.Response) -> object:
    """The result rows as a sorted list of canonical JSON strings (or the status when the answer is not 200)."""
    if response.status_code != 200:
        return response.status_code
    bindings = response.json()["results"]["bindings"]
    return sorted(json.dumps(row, sort_keys=True) for row in bindings)


# -- load generators ------------------------------------------------------------------------------------------
WRK_SCRIPT = """
local specs = { @SPECS@ }
local prepared = {}
local index = 0
local started = 0

function setup(thread)
  thread:set("offset", started * @STRIDE@)
  started = started + 1
end

function init(args)
  for i, s in ipairs(specs) do prepared[i] = wrk.format(s[1], s[2], s[3], s[4]) end
  index = offset or 0
end

function request()
  index = index % #prepared + 1
  return prepared[index]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK %d %d %d %d %d %d %d %.0f %.0f %.0f\\n", summary.requests, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
"""


def _lua_string(text: str) -> str:
    """A Lua string literal of `text`'s UTF-8 bytes (printable ASCII kept, every other byte a decimal escape)."""
    return '"' + "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\{b:03d}" for b in text.encode()) + '"'


def _lua_request(request: Request) -> str:
    headers = ", ".join(f"[{_lua_string(k)}] = {_lua_string(v)}" for k, v in request.headers.items())
    body = _lua_string(request.body) if request.body is not None else "nil"
    return f"{{ {_lua_string(request.method)}, {_lua_string(request.path)}, {{ {headers} }}, {body} }}"


def wrk_run(
    base_url: str, requests: list[Request], seconds: float, connections: int, threads: int, script: Path
) -> tuple[int, float, dict[str, int], tuple[float, float, float]]:
    script.write_text(
        WRK_SCRIPT.replace("@SPECS@", ",\n".join(map(_lua_request, requests))).replace(
            "@STRIDE@", str(max(1, len(requests) // max(1, threads)))
        ),
        encoding="utf-8",
    )
    duration = f"{max(1, round(seconds))}s"  # wrk takes whole seconds
    argv = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}", "--timeout", "60s", "-s", str(script), base_url]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=seconds + 120)
    line = next((line for line in done.stdout.splitlines() if line.startswith("WRK ")), None)
    if line is None:
        raise RuntimeError(f"wrk gave no result (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    values = [float(v) for v in line.split()[1:]]
    responses, micros, connect, read, write, status, timeout_ = (int(v) for v in values[:7])
    errors = {"connect": connect, "read": read, "write": write, "status": status, "timeout": timeout_}
    return responses, micros / 1e6, errors, (values[7] / 1000, values[8] / 1000, values[9] / 1000)


def httpx_run(
    base_url: str, requests: list[Request], seconds: float, connections: int
) -> tuple[int, float, dict[str, int], tuple[float, float, float]]:
    """The same closed loop as wrk: `connections` workers, each sending its next request when the last is read."""

    async def load() -> tuple[int, float, Counter, list[float]]:
        latencies: list[float] = []
        errors: Counter = Counter()
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
        async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=60) as client:
            deadline = time.perf_counter() + seconds

            async def worker(offset: int) -> None:
                index = offset
                while (sent := time.perf_counter()) < deadline:
                    request = requests[index % len(requests)]
                    index += 1
                    try:
                        response = await client.request(
                            request.method, request.path, headers=request.headers, content=request.body
                        )
                    except httpx.HTTPError:
                        errors["read"] += 1
                        continue
                    latencies.append((time.perf_counter() - sent) * 1000)
                    if response.status_code >= 400:
                        errors["status"] += 1

            started = time.perf_counter()
            stride = max(1, len(requests) // connections)
            await asyncio.gather(*(worker(k * stride) for k in range(connections)))
            return len(latencies), time.perf_counter() - started, errors, latencies

    responses, elapsed, errors, latencies = asyncio.run(load())
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    errors_out = {kind: errors.get(kind, 0) for kind in ("connect", "read", "write", "status", "timeout")}
    return responses, elapsed, errors_out, (cuts[49], cuts[94], cuts[98])


@dataclass(frozen=True)
class LoadGenerator:
    client: str  # "wrk" or "httpx"
    connections: int
    threads: int
    workdir: Path

    def run(self, side: str, endpoint: str, round_: int, server: Server, requests: list[Request], seconds: int) -> Run:
        cpu_before = server.cpu_by_process()
        if self.client == "wrk":
            script = self.workdir / f"{side}-{endpoint}.lua"
            figures = wrk_run(server.url, requests, seconds, self.connections, self.threads, script)
        else:
            figures = httpx_run(server.url, requests, seconds, self.connections)
        used = {pid: seconds - cpu_before.get(pid, 0.0) for pid, seconds in server.cpu_by_process().items()}
        cpu = sum(used.values())
        busiest = max(used.values(), default=0.0) / cpu if cpu else 0.0
        responses, elapsed, errors, (p50, p95, p99) = figures
        return Run(side, endpoint, round_, responses, elapsed, errors, p50, p95, p99, cpu, busiest)


# -- profile --------------------------------------------------------------------------------------------------
def profile(
    server: Server,
    load: LoadGenerator,
    endpoint: str,
    requests: list[Request],
    seconds: int,
    raw_output: Path,
    gil_only: bool = False,
) -> list[str]:
    """Sample the lexrdf server (every process of it) with py-spy, without pausing it, while `endpoint` is loaded.

    By default every thread not waiting for work is sampled: the shares say where requests spend their time, and a
    thread waiting to take the GIL back counts where it waits (pyoxigraph lets the GIL go while it prepares and
    evaluates a query, then takes it back). `gil_only` samples only the thread holding the GIL in each process:
    Python's CPU, without the native work done while the GIL was released."""
    py_spy = Path(sys.executable).parent / "py-spy"
    command = str(py_spy) if py_spy.exists() else shutil.which("py-spy")
    if not command:
        return ["profile skipped: py-spy is missing (pip install py-spy)"]
    argv = [command, "record", "--pid", str(server.pid), "--subprocesses", "--nonblocking", "--nolineno"]
    argv += ["--rate", "200", "--duration", str(seconds), "--format", "raw", "--output", str(raw_output)]
    argv += ["--gil"] if gil_only else []
    recorder = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(1)  # let py-spy attach
    load.run("lexrdf", endpoint, 0, server, requests, seconds)
    _, error = recorder.communicate(timeout=120)
    if not raw_output.exists():
        return [f"profile failed: {error.strip()[-500:]}"]
    return summarise_profile(raw_output, gil_only)


WAITING = {  # leaf frames of a thread that waits for work: py-spy cannot tell them idle across processes here
    "Condition.wait (threading.py)",
    "Event.wait (threading.py)",
    "EpollSelector.select (selectors.py)",
    "Connection._recv (multiprocessing/connection.py)",
    "Connection.poll (multiprocessing/connection.py)",
    "wait (multiprocessing/connection.py)",
}
PROCESS_FRAMES = re.compile(r'^(?:process \d+:"[^"]*";)+')


def summarise_profile(raw_output: Path, gil_only: bool = False, top: int = 20) -> list[str]:
    """Where the busy samples are: own time by package and by function, and time including callees.

    pyoxigraph's native work (parsing, planning, evaluating SPARQL) shows as the own time of the Python function
    that called it: `EmbeddedStore.select` or `sparql` for `Store.query`, the function that iterates the results.
    """
    inclusive: Counter = Counter()
    own: Counter = Counter()
    packages: Counter = Counter()
    busy = waiting = 0
    for line in raw_output.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count_text = PROCESS_FRAMES.sub("", line).rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count, frames = int(count_text), stack.split(";")
        if frames[-1] in WAITING:
            waiting += count
            continue
        busy += count
        own[frames[-1]] += count
        packages[_package(frames[-1])] += count
        for frame in set(frames):
            inclusive[frame] += count
    if not busy:
        return ["profile: no busy samples"]
    lines = [
        f"{busy:,} samples at 200 Hz of "
        + ("the thread holding the GIL" if gil_only else "threads not waiting for work (waiting for the GIL counts)")
        + f" over every process of the server ({busy / 200:.1f} thread-s); {waiting:,} samples of threads waiting "
        "for work left out",
        "own time by package:",
        *(f"  {100 * count / busy:5.1f}%  {package}" for package, count in packages.most_common(12)),
        "own time by function:",
        *(f"  {100 * count / busy:5.1f}%  {frame}" for frame, count in own.most_common(top)),
        "lexrdf's functions, including their callees:",
        *[
            f"  {100 * count / busy:5.1f}%  {frame}"
            for frame, count in inclusive.most_common()
            if _package(frame).startswith("lexrdf/")
        ][:top],
    ]
    return lines


def _package(frame: str) -> str:
    """`Lexrdf.rows (lexrdf/api.py)` -> `lexrdf/api.py`; `jsonable_encoder (fastapi/encoders.py)` -> `fastapi`."""
    path = frame[frame.rfind("(") + 1 : -1]
    parts = path.split("/")
    return path if parts[0] == "lexrdf" else parts[0].removesuffix(".py")


# -- report ---------------------------------------------------------------------------------------------------
def _median(runs: list[Run], attribute: str) -> float:
    return statistics.median(getattr(run, attribute) for run in runs)


COLUMNS = (
    "endpoint",
    "lexrdf req/s",
    "oxigraph req/s",
    "ratio",
    "per round",
    "target",
    "lexrdf p50/p95/p99",
    "oxigraph p50/p95/p99",
    "CPU ms/req lexrdf/oxigraph",
    "lexrdf busiest process",
    "errors",
)


def report_table(runs: list[Run], checks: dict[str, Preflight], measured: list[str]) -> Table:
    """One row per endpoint: medians over rounds, the ratio and its range over rounds, the target's verdict."""
    table = Table(
        title="lexrdf serve vs oxigraph serve answering text-at's SPARQL (req/s; latency ms; server CPU per request)",
        box=box.MARKDOWN,
    )
    for column in COLUMNS:
        table.add_column(column, justify="left" if column in ("endpoint", "target", "errors") else "right")
    for endpoint, (label, has_target) in ENDPOINTS.items():
        if endpoint not in measured:
            statuses = checks[endpoint].summary().split(";")[0]
            table.add_row(label, f"unavailable ({statuses})" if checks[endpoint].statuses else "not run")
            continue
        ours = [run for run in runs if run.side == "lexrdf" and run.endpoint == endpoint]
        theirs = [run for run in runs if run.side == "oxigraph" and run.endpoint == endpoint]
        ratio = _median(ours, "ok_per_second") / _median(theirs, "ok_per_second")
        per_round = [a.ok_per_second / b.ok_per_second for a, b in zip(ours, theirs, strict=True)]
        verdict = "none"
        if has_target:
            verdict = (
                f"[green]>= {TARGET_RATIO} met[/]" if ratio >= TARGET_RATIO else f"[red]>= {TARGET_RATIO} not met[/]"
            )
        errors: Counter = Counter()
        for run in ours + theirs:
            errors.update({f"{run.side} {kind}": n for kind, n in run.errors.items() if n})
        table.add_row(
            label,
            f"{_median(ours, 'ok_per_second'):,.0f}",
            f"{_median(theirs, 'ok_per_second'):,.0f}",
            f"{ratio:.2f}",
            f"{min(per_round):.2f}-{max(per_round):.2f}",
            verdict,
            " / ".join(f"{_median(ours, p):.1f}" for p in ("p50", "p95", "p99")),
            " / ".join(f"{_median(theirs, p):.1f}" for p in ("p50", "p95", "p99")),
            f"{_median(ours, 'cpu_ms_per_request'):.2f} / {_median(theirs, 'cpu_ms_per_request'):.2f}",
            f"{100 * _median(ours, 'busiest_process_share'):.0f}%",
            ", ".join(f"{kind} {n}" for kind, n in errors.items()) or "none",
        )
    return table


def environment(
    args: argparse.Namespace, oxigraph: str, workers: str, client: str, quads: int, targets: int
) -> list[str]:
    def command_output(*argv: str) -> str:
        try:
            done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=20, check=False)
        except OSError:
            return ""
        return (done.stdout or done.stderr).strip().splitlines()[0] if (done.stdout or done.stderr).strip() else ""

    import pyoxigraph

    dirty = command_output("git", "status", "--porcelain", "--", "lexrdf")
    return [
        f"date {date.today().isoformat()}; git {command_output('git', 'rev-parse', '--short', 'HEAD')}"
        f"{' with uncommitted changes in lexrdf/' if dirty else ''}; Python {sys.version.split()[0]}; "
        f"pyoxigraph {pyoxigraph.__version__}; {command_output(oxigraph, '--version')}; {os.cpu_count()} CPUs; "
        f"load average at start {os.getloadavg()[0]:.2f}",
        f"data: {', '.join(args.corpus)} ({quads:,} quads), {targets} sampled (provision, date) targets, seed "
        f"{args.seed}",
        f"lexrdf serve: {workers}; oxigraph serve --union-default-graph (one process, its own threads)",
        f"load: {client}, {args.concurrency} connections, {args.duration:g} s per run, {args.rounds} rounds "
        f"(after a {args.warmup:g} s warm-up of each scenario), sides alternating",
    ]


# -- main -----------------------------------------------------------------------------------------------------
def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 rounds of 3 s, 16 targets: a smoke test")
    parser.add_argument("--duration", type=int, default=10, help="seconds per timed run (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; each runs every scenario once (default 5)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed seconds per scenario before round 1")
    parser.add_argument("--concurrency", type=int, default=16, help="concurrent connections (default 16)")
    parser.add_argument("--targets", type=int, default=64, help="sampled (provision, date) targets (default 64)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--corpus", nargs="+", choices=("dpa", "samples"), default=["dpa", "samples"])
    parser.add_argument(
        "--client",
        choices=("auto", "wrk", "httpx"),
        default="auto",
        help="load generator, the same for both sides (auto: wrk when installed)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="wrk threads (default 1: it leaves the CPUs to the servers and drives 16 connections easily)",
    )
    parser.add_argument(
        "--workers",
        default="auto",
        help="lexrdf serve --workers N; auto: the CPU count when serve has the option; 0: not passed",
    )
    parser.add_argument("--endpoints", nargs="+", choices=tuple(ENDPOINTS), default=list(ENDPOINTS))
    parser.add_argument(
        "--profile",
        choices=("auto", "none", *ENDPOINTS),
        default="auto",
        help="py-spy the lexrdf server under one endpoint's load; auto: the lowest ratio if under 0.5",
    )
    parser.add_argument("--profile-seconds", type=int, default=15)
    parser.add_argument("--profile-gil", action="store_true", help="sample only the thread holding the GIL")
    parser.add_argument("--output", type=Path, help="text report (default bench/results/http-<date>.txt)")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.rounds, args.targets, args.warmup = 3, 2, 16, 1
    return args


def lexrdf_workers(requested: str) -> tuple[int, str]:
    """The `--workers` value to pass (0: none) and how to describe it; `lexrdf serve --workers` is new."""
    has_workers = "--workers" in serve_options()
    if requested == "auto":
        workers = (os.cpu_count() or 1) if has_workers else 0
    else:
        workers = int(requested)
        if workers and not has_workers:
            sys.exit("error: this checkout's `lexrdf serve` has no --workers option")
    text = f"lexrdf serve --workers {workers}" if workers else "lexrdf serve (one process)"
    return workers, text + ("" if has_workers else "; serve has no --workers option yet")


def servers(workdir: Path, lexrdf_dir: Path, oxigraph_dir: Path, oxigraph: str, workers: int) -> dict[str, Server]:
    lexrdf_port, oxigraph_port = free_port(), free_port()
    lexrdf_url, oxigraph_url = f"http://127.0.0.1:{lexrdf_port}", f"http://127.0.0.1:{oxigraph_port}"
    lexrdf_argv = [sys.executable, "-m", "lexrdf.cli", "serve", "--store", str(lexrdf_dir), "--base-iri", BASE_IRI]
    lexrdf_argv += ["--host", "127.0.0.1", "--port", str(lexrdf_port)]
    lexrdf_argv += ["--workers", str(workers)] if workers else []
    oxigraph_argv = [oxigraph, "serve", "--location", str(oxigraph_dir), "--bind", f"127.0.0.1:{oxigraph_port}"]
    oxigraph_argv += ["--union-default-graph"]
    return {
        "lexrdf": Server("lexrdf serve", lexrdf_argv, lexrdf_url, f"{lexrdf_url}/health", workdir / "lexrdf.log"),
        "oxigraph": Server(
            "oxigraph serve",
            oxigraph_argv,
            oxigraph_url,
            f"{oxigraph_url}/query?query=ASK%7B%7D",
            workdir / "oxigraph.log",
        ),
    }


def measure(
    load: LoadGenerator,
    sides: dict[str, Server],
    plans: dict[str, list[Request]],
    endpoints: list[str],
    rounds: int,
    seconds: int,
    warmup: int,
) -> list[Run]:
    """Each round runs every endpoint on lexrdf and the oxigraph baseline next to it, the order alternating."""

    def plan(side: str, endpoint: str) -> list[Request]:
        return plans["oxigraph"] if side == "oxigraph" else plans[endpoint]

    for endpoint in endpoints:  # untimed: warms both servers' caches and the OS page cache alike
        for side, server in sides.items():
            load.run(side, endpoint, 0, server, plan(side, endpoint), warmup)
    runs: list[Run] = []
    for round_ in range(1, rounds + 1):
        order = ("lexrdf", "oxigraph") if round_ % 2 else ("oxigraph", "lexrdf")
        for endpoint in endpoints:
            for side in order:
                run = load.run(side, endpoint, round_, sides[side], plan(side, endpoint), seconds)
                runs.append(run)
                console.print(
                    f"round {round_} {endpoint:6} {side:8} {run.ok_per_second:8.1f} req/s  p50 {run.p50:6.1f}  p95 "
                    f"{run.p95:6.1f}  p99 {run.p99:6.1f} ms  server CPU {run.cpu_ms_per_request:5.2f} ms/req "
                    f"({100 * run.busiest_process_share:3.0f}% in its busiest process)  errors "
                    f"{sum(run.errors.values())}",
                    highlight=False,
                )
    return runs


def ratios(runs: list[Run], endpoints: list[str]) -> dict[str, float]:
    """lexrdf req/s / oxigraph req/s per endpoint, medians over rounds."""
    return {
        endpoint: _median([r for r in runs if r.side == "lexrdf" and r.endpoint == endpoint], "ok_per_second")
        / _median([r for r in runs if r.side == "oxigraph" and r.endpoint == endpoint], "ok_per_second")
        for endpoint in endpoints
    }


def main(argv: list[str] | None = None) -> None:
    args = parse_arguments(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))  # so the servers are stopped too
    oxigraph = oxigraph_command()
    client = args.client if args.client != "auto" else ("wrk" if shutil.which("wrk") else "httpx")
    if client == "wrk" and not shutil.which("wrk"):
        sys.exit("error: wrk is not installed (apt-get install wrk), or use --client httpx")
    stamp = date.today().isoformat()
    output = args.output or RESULTS / (f"http-quick-{stamp}.txt" if args.quick else f"http-{stamp}.txt")
    sources = [SAMPLES] if "samples" in args.corpus else []
    if "dpa" in args.corpus:
        if UKPGA.exists():
            sources.insert(0, UKPGA)
        else:
            console.print(f"[yellow]skipping the DPA 1998: {UKPGA} not found[/]")
    workers, workers_text = lexrdf_workers(args.workers)

    workdir = Path(tempfile.mkdtemp(prefix="lexrdf-bench-http-"))
    try:
        lexrdf_dir, oxigraph_dir, quads = build_stores(workdir, sources, oxigraph)
        targets = pick_targets(lexrdf_dir, args.targets, args.seed)
        plans = scenarios(targets)
        for line in environment(args, oxigraph, workers_text, client, quads, len(targets)):
            console.print(line, highlight=False)
        if os.getloadavg()[0] > 0.5:
            console.print("[yellow]load average above 0.5 at the start: timings will be noisy[/]")
        load = LoadGenerator(client, args.concurrency, args.threads, workdir)
        sides = servers(workdir, lexrdf_dir, oxigraph_dir, oxigraph, workers)
        with sides["lexrdf"], sides["oxigraph"]:
            asked = {name: plans[name] if name in args.endpoints else [] for name in ENDPOINTS}
            checks = preflight(sides["lexrdf"].url, sides["oxigraph"].url, asked | {"oxigraph": plans["oxigraph"]})
            for name in (*ENDPOINTS, "oxigraph"):
                console.print(f"preflight {name}: {checks[name].summary()}", highlight=False)
            measured = [name for name in args.endpoints if checks[name].available]
            runs = measure(load, sides, plans, measured, args.rounds, args.duration, args.warmup)
            console.print(report_table(runs, checks, measured))
            chosen = args.profile
            if chosen == "auto":
                low = {e: r for e, r in ratios(runs, measured).items() if ENDPOINTS[e][1] and r < TARGET_RATIO}
                chosen = min(low, key=low.get) if low else "none"
            if chosen in measured:
                raw = output.with_name(f"{output.stem}-profile-{chosen}.collapsed.txt")
                raw.parent.mkdir(parents=True, exist_ok=True)
                console.print(
                    f"\nprofile of lexrdf serve under {chosen} load ({args.profile_seconds} s, py-spy; collapsed "
                    f"stacks in {raw.relative_to(REPO) if raw.is_relative_to(REPO) else raw}):",
                    highlight=False,
                )
                lines = profile(
                    sides["lexrdf"], load, chosen, plans[chosen], args.profile_seconds, raw, args.profile_gil
                )
                for line in lines:
                    console.print(line, highlight=False, soft_wrap=True)
        console.print(f"load average at end {os.getloadavg()[0]:.2f}", highlight=False)
        output.parent.mkdir(parents=True, exist_ok=True)
        console.save_text(str(output))
        console.print(f"report written to {output}", highlight=False)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
