"""The pool of /sparql worker processes, driven from the server's event loop.

pyoxigraph cannot interrupt a running query, so each query runs in a worker process (lexrdf.web.sparql.worker)
that is killed (SIGKILL) when the query's deadline passes or its client goes away, and replaced in the
background. A request waits for an idle worker in an asyncio queue; that wait counts toward its deadline.
Waiting holds no thread: jobs and replies go through the worker's stdin and stdout as asyncio streams, and the
deadline and the client are checked every `POLL_SECONDS`.

A worker is a fresh interpreter running `lexrdf.web.sparql.worker.main` (`WORKER_COMMAND`), started with asyncio's
subprocess support rather than multiprocessing's spawn context, which would import the server's main module
again in every worker (a script without an ``if __name__ == "__main__"`` guard then starts servers recursively)
and run a resource-tracker process beside them.

A pool may keep `spares` workers started beside its `size` (standing by, given no job): a worker that is killed or
dies is replaced at once by one of them, and the new process started in the background stands by in its turn. A
replacement takes a second or more to start on a loaded machine (a fresh interpreter opening the store), so without
them a lane whose workers were just killed for running too long answers nothing meanwhile.

`stop` kills every worker at once (it is safe to call from a signal handler via `call_soon_threadsafe`): the
requests still waiting end with `PoolClosed`, so the server can shut down within a second of SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexrdf.web.sparql.worker import FRAME_HEADER, Hello, Job, Reply, frame

POLL_SECONDS = 0.2  # how often a waiting request checks its deadline and its client
START_SECONDS = 60.0  # a worker that has not opened the store by then is killed and started again
MEMORY_VARIABLE = "LEXRDF_SPARQL_WORKER_MEMORY_MB"  # how a worker learns its limit (lexrdf.web.sparql.worker)
WORKER_COMMAND = "import sys; from lexrdf.web.sparql.worker import main; main(sys.argv[1])"
RESTART_DELAY_SECONDS = 2.0  # before starting again a worker that could not open the store

_log = logging.getLogger("lexrdf.web.sparql")


class PoolBusy(Exception):
    """No worker became free before the deadline."""


class QueryTimeout(Exception):
    """The query ran until its deadline; its worker was killed."""


class ClientGone(Exception):
    """The client disconnected; its query was stopped."""


class PoolClosed(Exception):
    """The server is shutting down."""


class WorkerDied(Exception):
    """The worker ended while running the query (killed from outside, out of memory...): `out_of_memory` when it
    aborted as a process does whose allocation its memory limit refused (`memory_mb`)."""

    def __init__(self, out_of_memory: bool = False, memory_mb: int | None = None) -> None:
        super().__init__("the worker ended while running the query")
        self.out_of_memory = out_of_memory
        self.memory_mb = memory_mb


@dataclass(eq=False)
class Worker:
    """The server's side of one worker process: its stdin (jobs) and stdout (replies) as asyncio streams."""

    process: asyncio.subprocess.Process
    network_isolated: bool = False
    retired: bool = False  # killed, or found dead, and replaced

    async def send(self, job: Job) -> None:
        """Hand the worker a job (ConnectionError if it has ended)."""
        assert self.process.stdin is not None
        self.process.stdin.write(frame(job))
        await self.process.stdin.drain()

    async def read(self) -> Any:
        """The next frame the worker writes; IncompleteReadError when it ends first."""
        assert self.process.stdout is not None
        (size,) = FRAME_HEADER.unpack(await self.process.stdout.readexactly(FRAME_HEADER.size))
        return pickle.loads(await self.process.stdout.readexactly(size))

    def kill(self) -> None:
        """SIGKILL the process (it is reaped by the pool)."""
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()


@dataclass(eq=False)
class QueryPool:
    """`size` worker processes reading the store in `store`, and `spares` more standing by to replace them."""

    store: Path
    size: int
    spares: int = 0
    memory_mb: int | None = None  # each worker's data-memory limit (RLIMIT_DATA); None: none
    _idle: asyncio.Queue[Worker] = field(default_factory=asyncio.Queue, init=False)
    _serving: int = field(default=0, init=False)  # workers idle or running a job (at most `size`)
    _standby: list[Worker] = field(default_factory=list, init=False)  # started, given no job until one is retired
    _processes: set[asyncio.subprocess.Process] = field(default_factory=set, init=False)  # every live one
    _tasks: set[asyncio.Future[None]] = field(default_factory=set, init=False)
    closed: bool = field(default=False, init=False)
    _warned: bool = field(default=False, init=False)

    def start(self) -> None:
        """Start every worker and spare in the background (requests wait for the first ready one)."""
        for _ in range(self.size + self.spares):
            self._background(self._replace())

    async def run(
        self,
        job: Job,
        deadline: float,
        client_gone: Callable[[], Awaitable[bool]],
        budget: float | None = None,
        started: Callable[[float], None] | None = None,
    ) -> Reply:
        """Run `job` on the next free worker before `deadline` (event-loop time), and for at most `budget` seconds
        once it runs; `started` is told when it runs (event-loop time, after any wait for a worker). Raises PoolBusy
        (no worker before the deadline), QueryTimeout, ClientGone, PoolClosed or WorkerDied."""
        worker = await self._acquire(deadline, client_gone)
        while worker.retired:  # it ended while idle (the OOM killer, say) and was replaced: take another
            worker = await self._acquire(deadline, client_gone)
        now = asyncio.get_running_loop().time()
        if budget is not None:
            deadline = min(deadline, now + budget)
        if started is not None:
            started(now)
        try:
            await worker.send(job)
            reply = asyncio.ensure_future(worker.read())
            try:
                await self._watch(reply, deadline, client_gone, QueryTimeout)
            finally:
                reply.cancel()
            result = reply.result()
        except (asyncio.IncompleteReadError, ConnectionError):
            self._retire(worker)
            if self.closed:
                raise PoolClosed() from None
            with contextlib.suppress(TimeoutError):  # how it ended: an allocation its limit refused aborts it
                await asyncio.wait_for(worker.process.wait(), 5)
            aborted = worker.process.returncode == -signal.SIGABRT
            raise WorkerDied(aborted and self.memory_mb is not None, self.memory_mb) from None
        except BaseException:
            self._retire(worker)
            raise
        self._idle.put_nowait(worker)
        return result

    def stop(self) -> None:
        """Kill every worker now and start no other (shutdown, or SIGTERM)."""
        self.closed = True
        for process in list(self._processes):
            with contextlib.suppress(ProcessLookupError):
                process.kill()

    async def close(self) -> None:
        """Stop, and reap every process."""
        self.stop()
        for task in list(self._tasks):
            task.cancel()
        if self._processes:
            await asyncio.wait([asyncio.ensure_future(process.wait()) for process in self._processes], timeout=5)

    async def _acquire(self, deadline: float, client_gone: Callable[[], Awaitable[bool]]) -> Worker:
        getter = asyncio.ensure_future(self._idle.get())
        try:
            await self._watch(getter, deadline, client_gone, PoolBusy)
        except BaseException:
            if getter.done() and not getter.cancelled() and getter.exception() is None:
                self._idle.put_nowait(getter.result())  # a worker came free just as we gave up: keep it
            getter.cancel()
            raise
        return getter.result()

    async def _watch(
        self,
        task: asyncio.Future[Any],
        deadline: float,
        client_gone: Callable[[], Awaitable[bool]],
        expired: type[Exception],
    ) -> None:
        """Wait for `task` until `deadline`, checking the client and the pool every POLL_SECONDS."""
        loop = asyncio.get_running_loop()
        while not task.done():
            if self.closed:
                raise PoolClosed()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise expired()
            await asyncio.wait({task}, timeout=min(POLL_SECONDS, remaining))
            if not task.done() and await client_gone():
                raise ClientGone()

    def _retire(self, worker: Worker) -> None:
        """Kill a worker whose job was abandoned, or that ended, and start one other in its place (once); a spare
        standing by serves in its place meanwhile."""
        if worker.retired:
            return
        worker.retired = True
        worker.kill()
        if worker in self._standby:
            self._standby.remove(worker)
        else:
            self._serving -= 1
            if self._standby and not self.closed:
                self._serve(self._standby.pop(0))
        if not self.closed:
            self._background(self._replace())

    def _serve(self, worker: Worker) -> None:
        """A started worker made available to requests, or, once `size` serve, kept standing by."""
        if self._serving < self.size:
            self._serving += 1
            self._idle.put_nowait(worker)
        else:
            self._standby.append(worker)

    async def _watch_exit(self, worker: Worker) -> None:
        """Reap a worker when it ends, and replace it if it ended by itself (idle workers are not polled)."""
        await worker.process.wait()
        self._processes.discard(worker.process)
        self._retire(worker)

    async def _replace(self) -> None:
        """Start one worker and, once it has opened the store, make it available (or stand it by); retry while it
        cannot."""
        while not self.closed:
            worker = await self._spawn()
            if worker is not None:
                self._serve(worker)
                return
            await asyncio.sleep(RESTART_DELAY_SECONDS)

    async def _spawn(self) -> Worker | None:
        # started from the event loop's thread: the worker's PR_SET_PDEATHSIG follows the thread that started it
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WORKER_COMMAND,
            str(self.store),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, MEMORY_VARIABLE: str(self.memory_mb or "")},
        )
        self._processes.add(process)
        worker = Worker(process)
        try:
            hello = await asyncio.wait_for(worker.read(), START_SECONDS)
        except (TimeoutError, asyncio.IncompleteReadError):
            hello = Hello(ok=False, message="the worker ended before it opened the store")
        except BaseException:
            worker.kill()
            raise
        if not hello.ok or self.closed:
            if not self.closed:
                _log.error("SPARQL worker: %s", hello.message)
            worker.kill()
            await self._reap(process)
            return None
        worker.network_isolated = hello.network_isolated
        self._background(self._watch_exit(worker))
        if not hello.network_isolated and not self._warned:
            self._warned = True
            _log.info("SPARQL workers run without network isolation here; the SERVICE guard alone keeps them in")
        return worker

    async def _reap(self, process: asyncio.subprocess.Process) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 10)
        self._processes.discard(process)

    def _background(self, coroutine: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _log.error("SPARQL worker pool: %s", task.exception(), exc_info=task.exception())
