"""Read and map source files on several processes, with the same result, errors and progress as one after another.

Each file is hashed (SHA-256), parsed within the limits and mapped by `read_one` in a worker process; the parent
puts the documents back in file order, reports progress as each one arrives, and raises the error of the first bad
file in file order, as reading them one by one would. The documents are plain dataclasses (no XML tree), so they
travel between processes by pickle. Workers come from a `forkserver` (a fork of a server that imported the mapping
engine once: no fork of a process that runs threads, and no import per worker); a pool starts only when the files
are several and large enough to pay for it (`worth_a_pool`).

>>> worth_a_pool([1_000, 2_000], processes=2)
False
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import queue
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver
from pathlib import Path
from typing import Any, TypeVar

from lexrdf.gcpause import collector_paused
from lexrdf.lifetime import pool_worker_lifetime
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.mapping.engine import read_source
from lexrdf.model import SourceDocument
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits
from lexrdf.tuning import TUNING

T = TypeVar("T")

Source = SourceDocument | EffectsFeed
Progress = Callable[[str, int, int], None]

# Below this many bytes of sources in all, one process reads and plans them sooner than pools start: starting the
# fork server and its workers takes 0.3-0.6 s. Measured on two cores, interleaved (synthetic Akoma Ntoso, one process
# against pools): 3.1 MB 1.86 s against 1.93 s, 4.7 MB 2.55 s against 2.45 s.
MIN_POOL_BYTES = TUNING.min_pool_bytes
# ... and below this many, one process reads them sooner than a pool, when an ingest that plans in processes has
# started the fork server first (`start_fork_server`): it boots (0.25 s) while this process reads. Measured on two
# cores, interleaved, whole ingests (synthetic Akoma Ntoso; a reading pool against reading here): 4.5 MB 1.81-1.86 s
# against 1.64-1.68 s, 4.7 MB 1.79-1.98 s against 1.67-1.71 s, 7.2 MB 2.55-2.78 s against 2.47-2.53 s.
MIN_READING_POOL_BYTES = TUNING.min_reading_pool_bytes


def file_sha256(path: str | Path) -> str:
    """The SHA-256 of a file's bytes, hex (read in blocks: memory stays flat whatever the size)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_one(path: Path, limits: SourceLimits = DEFAULT_SOURCE_LIMITS) -> Source:
    """One file read and mapped within `limits`, knowing its SHA-256 (its changesets record it)."""
    sha256 = file_sha256(path)
    source = read_source(path, limits=limits)
    source.source_sha256 = sha256
    return source


def worth_a_pool(sizes: Sequence[int], processes: int, min_bytes: int | None = None) -> bool:
    """Whether files of these sizes are handled sooner by `processes` processes than by one (at least `min_bytes`
    in all, by default `MIN_POOL_BYTES`)."""
    threshold = MIN_POOL_BYTES if min_bytes is None else min_bytes
    return processes > 1 and len(sizes) > 1 and sum(sizes) >= threshold


def read_files(
    files: Sequence[Path],
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    processes: int = 1,
    progress: Progress | None = None,
    min_bytes: int | None = None,
) -> list[Source]:
    """Every file read and mapped (`read_one`), in file order; on `processes` processes when that is worth it
    (`worth_a_pool` of `min_bytes`, by default `MIN_READING_POOL_BYTES`), else one after another.
    `progress("reading", done, total)` is called as each file is done. A pool whose worker dies (killed, out of
    memory, or a main script without the `if __name__ == "__main__"` guard that multiprocessing needs) is given up
    for reading one file after another."""
    sizes = [_size(path) for path in files]
    if worth_a_pool(sizes, processes, MIN_READING_POOL_BYTES if min_bytes is None else min_bytes):
        try:
            return _read_in_pool(files, sizes, limits, min(processes, len(files)), progress)
        except BrokenProcessPool:
            pass
    sources = []
    for done, path in enumerate(files, 1):
        sources.append(read_one(path, limits))
        if progress:
            progress("reading", done, len(files))
    return sources


def _read_in_pool(
    files: Sequence[Path], sizes: list[int], limits: SourceLimits, processes: int, progress: Progress | None
) -> list[Source]:
    """`read_files` on a pool: the largest files go first (so that no process is left with a large one at the end);
    the first bad file in file order stops it, once every file before it is read."""
    results: list[Source | None] = [None] * len(files)
    failures: dict[int, BaseException] = {}
    # the documents come back as pickles: many small objects, none in a cycle (see lexrdf.gcpause)
    with (
        ProcessPoolExecutor(processes, mp_context=pool_context(), initializer=pool_worker_lifetime) as pool,
        collector_paused(),
    ):
        finished: queue.SimpleQueue[Future[Source]] = queue.SimpleQueue()  # each future once, as it finishes
        order = sorted(range(len(files)), key=lambda i: -sizes[i])
        pending: dict[Future[Source], int] = {}
        for i in order:
            future = submit(pool, read_one, files[i], limits)
            pending[future] = i
            future.add_done_callback(finished.put)
        done = 0
        while pending:  # one future taken at a time (`wait` on all the pending ones costs them all, each time)
            future = finished.get()
            index = pending.pop(future, None)
            if index is None or future.cancelled():
                continue
            error = future.exception()
            if error is not None:
                failures[index] = error
                for other, later in list(pending.items()):  # what comes after the first bad file is not needed
                    if later > min(failures) and other.cancel():
                        pending.pop(other)
                continue
            results[index] = future.result()
            done += 1
            if progress:
                progress("reading", done, len(files))
    if failures:
        raise failures[min(failures)]
    return [source for source in results if source is not None]


def submit(pool: ProcessPoolExecutor, function: Callable[..., T], *args: Any) -> Future[T]:
    """`pool.submit`, raising BrokenProcessPool, as a broken pool does, when the fork server could not start a
    worker (its pipe to the worker breaks when the worker dies at once: a main script without the guard)."""
    try:
        return pool.submit(function, *args)
    except ConnectionError as error:
        raise BrokenProcessPool(str(error)) from error


def start_fork_server() -> None:
    """Start the pools' fork server now (`pool_context`), if it is not running: it loads what the workers need in
    the background, and the first pool to fork a worker finds it ready."""
    if pool_context().get_start_method() == "forkserver":
        forkserver.ensure_running()


def pool_context() -> multiprocessing.context.BaseContext:
    """The `forkserver` context of the ingest's pools, its server loading what the workers run and read
    (lexrdf.preload) before it forks a worker (`spawn` where there is no forkserver)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["lexrdf.preload"])
    return context


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # read_one reports it, in file order
