"""Two lanes of query workers, so that queries that run long never hold the workers short ones need.

Every query starts in the quick lane with a small budget (`Settings.sparql_quick_seconds`). One that outlives it
is stopped (its worker killed and replaced, as for any abandoned
query) and run again in the long lane with what remains of its deadline. A client sending heavy queries thus holds
the quick lane for at most the budget per query, and light queries keep answering beside it. The cost: a long query
runs its first `budget` seconds twice. The workers are split between the lanes, so their total stays
`Settings.sparql_workers` (at least one each); each lane also keeps `Settings.sparql_spares` started workers standing
by (lexrdf.web.sparql.pool), so that one killed for running past the budget is replaced at once.

A query that outlived the budget in both lanes is remembered (`LongQueries`: its text and dataset, the last
`REMEMBERED` of them, for `REMEMBER_SECONDS`): sent again, it starts in the long lane. So a client repeating a heavy
query does not hold a quick worker for the budget each time, and the query does not run its first `budget` seconds
twice again. Only both lanes make a query long: a light query that outlived the budget once (a loaded machine starved
its worker of the CPU) and then ran quickly in the long lane is not sent there again, where it would wait behind the
heavy ones. A remembered query that runs within the budget (the store changed, or the machine was loaded when it was
remembered) is forgotten. A query that ran its worker out of memory (`Settings.sparql_memory_mb`) is remembered
the same way: sent again, it can only end a worker of the long lane, while the quick lane keeps answering.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from lexrdf.web.sparql.pool import QueryPool, QueryTimeout, WorkerDied
from lexrdf.web.sparql.worker import Job, Reply

REMEMBERED = 1024  # long queries remembered (the least recently sent is forgotten first)
REMEMBER_SECONDS = 600.0  # ... each for this long after it last outlived the budget (the store may change meanwhile)


@dataclass
class LongQueries:
    """The queries that outlived the quick lane's budget lately, by text and dataset (a query's cost does not depend
    on the format of its results).

    >>> from dataclasses import replace
    >>> from lexrdf.web.sparql.worker import Job
    >>> job = Job("SELECT * {?s ?p ?o}", None, None, False, "json", None, 10, 60.0)
    >>> long_queries = LongQueries(size=1, seconds=600)
    >>> long_queries.remember(job, now=0.0)
    >>> long_queries.known(replace(job, results_format="csv"), now=599.0), long_queries.known(job, now=601.0)
    (True, False)
    >>> long_queries.remember(job, now=0.0); long_queries.remember(replace(job, query="ASK {}"), now=0.0)
    >>> long_queries.known(job, now=1.0)  # the least recently sent is forgotten first
    False
    """

    size: int = REMEMBERED
    seconds: float = REMEMBER_SECONDS
    _outlived: OrderedDict[tuple, float] = field(default_factory=OrderedDict)  # key -> when (event-loop time)

    @staticmethod
    def key(job: Job) -> tuple:
        return job.query, job.default_graphs, job.named_graphs

    def remember(self, job: Job, now: float) -> None:
        key = self.key(job)
        self._outlived[key] = now
        self._outlived.move_to_end(key)
        while len(self._outlived) > self.size:
            self._outlived.popitem(last=False)

    def forget(self, job: Job) -> None:
        self._outlived.pop(self.key(job), None)

    def known(self, job: Job, now: float) -> bool:
        """Whether `job` outlived the budget within `seconds` (a known one is now the most recently sent)."""
        key = self.key(job)
        outlived = self._outlived.get(key)
        if outlived is None:
            return False
        if now - outlived > self.seconds:
            del self._outlived[key]
            return False
        self._outlived.move_to_end(key)
        return True


@dataclass
class Lanes:
    """A quick and a long pool over one store, used as one pool (`run`, `stop`, `close`)."""

    quick: QueryPool
    long: QueryPool
    budget: float
    long_queries: LongQueries = field(default_factory=LongQueries)

    @classmethod
    def over(cls, store: Path, workers: int, budget: float, spares: int = 0, memory_mb: int | None = None) -> Lanes:
        """`workers` processes in all: the quick lane gets the larger half (at least one each); and `spares` more
        standing by in each lane; each worker's data limited to `memory_mb`."""
        long_workers = max(1, workers // 2)
        quick = QueryPool(store, max(1, workers - long_workers), spares, memory_mb)
        return cls(quick, QueryPool(store, long_workers, spares, memory_mb), budget)

    def start(self) -> None:
        self.quick.start()
        self.long.start()

    async def run(self, job: Job, deadline: float, client_gone: Callable[[], Awaitable[bool]]) -> Reply:
        """Run `job` before `deadline` (event-loop time): in the quick lane for at most the budget (waiting for a
        quick worker as long as the deadline allows), else again in the long lane; in the long lane at once when it
        outlived the budget there lately (`LongQueries`). Raises what QueryPool.run raises."""
        loop = asyncio.get_running_loop()
        if not self.long_queries.known(job, loop.time()):
            try:
                return await self.quick.run(job, deadline, client_gone, budget=self.budget)
            except QueryTimeout:
                if loop.time() >= deadline:
                    raise
            except WorkerDied as died:
                self._out_of_memory(job, died)
                raise
        return await self._long(job, deadline, client_gone)

    def _out_of_memory(self, job: Job, died: WorkerDied) -> None:
        """Remember a query that ran its worker out of memory: sent again, it may end a worker of the long lane, not
        of the quick one."""
        if died.out_of_memory:
            self.long_queries.remember(job, asyncio.get_running_loop().time())

    async def _long(self, job: Job, deadline: float, client_gone: Callable[[], Awaitable[bool]]) -> Reply:
        """Run `job` in the long lane, remembering it as long if it outlives the budget there too, and forgetting
        it if it does not."""
        loop = asyncio.get_running_loop()
        began: list[float] = []
        try:
            reply = await self.long.run(job, deadline, client_gone, started=began.append)
        except QueryTimeout:
            if began and loop.time() - began[0] > self.budget:
                self.long_queries.remember(job, loop.time())
            raise
        except WorkerDied as died:
            self._out_of_memory(job, died)
            raise
        if loop.time() - began[0] > self.budget:
            self.long_queries.remember(job, loop.time())
        else:
            self.long_queries.forget(job)
        return reply

    def stop(self) -> None:
        self.quick.stop()
        self.long.stop()

    async def close(self) -> None:
        await asyncio.gather(self.quick.close(), self.long.close())
