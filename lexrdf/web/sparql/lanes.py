"""Two lanes of query workers, so that queries that run long never hold the workers short ones need.

Every query starts in the quick lane with a small budget (`Settings.sparql_quick_seconds`). One that outlives it
is stopped (its worker killed and replaced, as for any abandoned
query) and run again in the long lane with what remains of its deadline. A client sending heavy queries thus holds
the quick lane for at most the budget per query, and light queries keep answering beside it. The cost: a long query
runs its first `budget` seconds twice. The workers are split between the lanes, so their total stays
`Settings.sparql_workers` (at least one each).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from lexrdf.web.sparql.pool import QueryPool, QueryTimeout
from lexrdf.web.sparql.worker import Job, Reply


@dataclass
class Lanes:
    """A quick and a long pool over one store, used as one pool (`run`, `stop`, `close`)."""

    quick: QueryPool
    long: QueryPool
    budget: float

    @classmethod
    def over(cls, store: Path, workers: int, budget: float) -> Lanes:
        """`workers` processes in all: the quick lane gets the larger half (at least one each)."""
        long_workers = max(1, workers // 2)
        return cls(QueryPool(store, max(1, workers - long_workers)), QueryPool(store, long_workers), budget)

    def start(self) -> None:
        self.quick.start()
        self.long.start()

    async def run(self, job: Job, deadline: float, client_gone: Callable[[], Awaitable[bool]]) -> Reply:
        """Run `job` before `deadline` (event-loop time): in the quick lane for at most the budget (waiting for a
        quick worker as long as the deadline allows), else again in the long lane. Raises what QueryPool.run
        raises."""
        loop = asyncio.get_running_loop()
        try:
            return await self.quick.run(job, deadline, client_gone, budget=self.budget)
        except QueryTimeout:
            if loop.time() >= deadline:
                raise
        return await self.long.run(job, deadline, client_gone)

    def stop(self) -> None:
        self.quick.stop()
        self.long.stop()

    async def close(self) -> None:
        await asyncio.gather(self.quick.close(), self.long.close())
