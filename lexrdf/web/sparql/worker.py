"""A /sparql query worker: a process (`main`, started by lexrdf.web.sparql.pool) that opens the store read-only
and runs one query at a time.

The server kills a worker whose query outlives its deadline (pyoxigraph cannot interrupt a query), so a worker
keeps no state worth saving. It reads `Job`s on its stdin and writes a first `Hello`, then one `Reply` per job,
on what was its stdout (fd 1 is pointed at stderr, so a stray print cannot corrupt the stream), each as one
frame: an 8-byte big-endian length, then the pickled object. The server reads and writes these through its
event loop, never blocking it.

Three guards do not depend on the server: the worker ignores SIGINT (Ctrl-C in a terminal reaches the whole
process group; the server decides), dies with the server (PR_SET_PDEATHSIG), and arms an alarm for each job,
so that a query still running a little after its deadline ends the process even if no one kills it. It also
moves itself into an empty network namespace when the system allows it, so that even a SERVICE clause the
guard had missed could reach no host.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import pickle
import resource
import signal
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyoxigraph import NamedNode

from lexrdf.lifetime import die_with_parent
from lexrdf.store import Store, open_store
from lexrdf.web.sparql.formats import GRAPHS, RESULTS, TooManyResults, serialize

FRAME_HEADER = struct.Struct(">Q")
ALARM_GRACE_SECONDS = 5  # past the deadline, the worker ends itself if the server has not killed it
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000


@dataclass(frozen=True)
class Job:
    """One query to run: the protocol's dataset (None when not given) and the negotiated formats by name."""

    query: str
    default_graphs: tuple[str, ...] | None
    named_graphs: tuple[str, ...] | None
    query_names_dataset: bool  # FROM / FROM NAMED in the query itself
    results_format: str | None
    graph_format: str | None
    max_results: int
    seconds: float  # the query's time limit: the worker's own alarm goes off a little after it
    max_bytes: int | None = None  # the largest answer body, in bytes

    def dataset(self) -> dict[str, Any]:
        """pyoxigraph's dataset arguments: the protocol's graphs when given (each list exactly as given, so a
        dataset with only named graphs has an empty default graph), the query's FROM clauses when it has them,
        else the union of all graphs as the default graph."""
        if self.default_graphs is None and self.named_graphs is None:
            return {} if self.query_names_dataset else {"use_default_graph_as_union": True}
        return {
            "default_graph": [NamedNode(iri) for iri in self.default_graphs or ()],
            "named_graphs": [NamedNode(iri) for iri in self.named_graphs or ()],
        }


@dataclass(frozen=True)
class Reply:
    """A job's outcome: the serialised result and its format's name, or a problem (`syntax`,
    `too-many-results`, `not-acceptable`, `failed`) with its message."""

    body: bytes = b""
    format: str = ""
    problem: str | None = None
    message: str = ""


@dataclass(frozen=True)
class Hello:
    """The first frame: the store is open (or why not)."""

    ok: bool
    message: str = ""
    network_isolated: bool = False


_FORMATS = {format_.name: format_ for format_ in RESULTS + GRAPHS}


def run(store: Store, job: Job) -> Reply:
    """Run one job on a store opened read-only (refreshed to its newest published state first)."""
    store.refresh()
    results_format = _FORMATS.get(job.results_format or "")
    graph_format = _FORMATS.get(job.graph_format or "")
    try:
        result = store.raw.query(job.query, **job.dataset())
        format_, body = serialize(result, results_format, graph_format, job.max_results, job.max_bytes)
        return Reply(body=body, format=format_.name)
    except SyntaxError as exc:
        return Reply(problem="syntax", message=str(exc))
    except TooManyResults as exc:
        return Reply(problem="too-many-bytes" if exc.in_bytes else "too-many-results", message=str(exc))
    except LookupError as exc:
        return Reply(problem="not-acceptable", message=str(exc))
    except Exception as exc:  # evaluation errors: pyoxigraph raises OSError, RuntimeError, ValueError
        return Reply(problem="failed", message=f"{type(exc).__name__}: {exc}")


def frame(message: Job | Hello | Reply) -> bytes:
    """One message as a length-prefixed pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return FRAME_HEADER.pack(len(data)) + data


def write_frame(fd: int, message: Hello | Reply) -> None:
    """Write one message to a blocking file descriptor."""
    view = memoryview(frame(message))
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_frame(fd: int) -> Any:
    """The next message on a blocking file descriptor, or None at its end."""
    header = _read_exactly(fd, FRAME_HEADER.size)
    if header is None:
        return None
    (size,) = FRAME_HEADER.unpack(header)
    data = _read_exactly(fd, size)
    return None if data is None else pickle.loads(data)


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def main(store: str) -> None:
    """The worker process: open the store, say hello, then answer jobs until the server closes stdin."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()
    isolated = isolation_wanted() and isolate_network()
    limit_memory(os.environ.get("LEXRDF_SPARQL_WORKER_MEMORY_MB", ""))
    replies = os.dup(1)
    os.dup2(2, 1)  # print() and native writes to stdout go to stderr from here
    try:
        opened = open_store(Path(store), read_only=True)
    except Exception as exc:
        write_frame(replies, Hello(ok=False, message=f"cannot open the store at {store}: {exc}"))
        return
    write_frame(replies, Hello(ok=True, network_isolated=isolated))
    while (job := read_frame(0)) is not None:
        signal.alarm(math.ceil(job.seconds) + ALARM_GRACE_SECONDS)  # SIGALRM's default action ends the process
        write_frame(replies, run(opened, job))
        signal.alarm(0)


def limit_memory(megabytes: str) -> None:
    """Bound the memory this worker's data may take (RLIMIT_DATA: its heap and private mappings, not the store's
    mapped files): an allocation past it aborts the process, which the pool reports as a query over the limit."""
    if megabytes.strip().isdigit() and int(megabytes) > 0:
        limit = int(megabytes) * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def isolation_wanted() -> bool:
    """Whether SPARQL workers try to leave the network (LEXRDF_SPARQL_ISOLATION: "off" where one knows namespaces
    are denied; `lexrdf serve` then refuses to start without --allow-network-queries)."""
    return os.environ.get("LEXRDF_SPARQL_ISOLATION", "on").lower() not in {"off", "0", "false", "no"}


def network_isolation_available() -> bool:
    """Whether a SPARQL worker started here can be moved out of the network (`isolate_network`, tried in a fresh
    single-threaded process, as a worker is)."""
    if not isolation_wanted():
        return False
    probe = "from lexrdf.web.sparql.worker import isolate_network; raise SystemExit(0 if isolate_network() else 1)"
    try:
        return subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def isolate_network() -> bool:
    """Best effort: move this process into a new network namespace, which has no usable interface, so that it
    can open no connection at all. Needs CAP_SYS_ADMIN or unprivileged user namespaces (the user's own uid and
    gid are then mapped to themselves, so files are read and written as before); False when neither works.
    Call it while the process has one thread."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(_CLONE_NEWNET) == 0:
            return True
        uid, gid = os.getuid(), os.getgid()
        if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) != 0:
            return False
        Path("/proc/self/setgroups").write_text("deny")
        Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
        Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
        return True
    except OSError:
        return False
