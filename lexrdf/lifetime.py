"""Worker processes die with the process that started them: a `kill -9` of an ingest or a server leaves no pool
worker, fork server or query worker behind (they would hold their memory, and a pipe nobody reads, forever)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Linux: get SIGKILL when the thread that started this process ends (elsewhere nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def pool_worker_lifetime() -> None:
    """A pool worker's start: it dies with its parent, the pools' fork server, and lets the fork server end with
    the ingest. The fork server ends when every holder of its "alive" pipe is gone; multiprocessing gives each worker
    a copy (for processes a worker would fork in turn: ours fork none), so without this the fork server and its
    workers keep each other alive after a `kill -9` of the ingest, and the resource tracker with them."""
    die_with_parent()
    with contextlib.suppress(ImportError, AttributeError, OSError, TypeError):
        from multiprocessing import forkserver

        server = forkserver._forkserver  # noqa: SLF001 (CPython's: no public way to let go of it)
        if server._forkserver_alive_fd is not None:  # noqa: SLF001
            os.close(server._forkserver_alive_fd)  # noqa: SLF001
            server._forkserver_alive_fd = None  # noqa: SLF001
