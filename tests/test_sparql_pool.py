"""lexrdf.web.sparql.pool on its own: real worker processes over a real on-disk store, driven from an event loop as
the server drives them. (The endpoint's tests, over HTTP, are in test_sparql_endpoint.py.)"""

from __future__ import annotations

import asyncio

import pytest

from lexrdf.web.sparql.pool import QueryPool, QueryTimeout
from lexrdf.web.sparql.worker import Job

HEAVY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"  # the samples' quads cubed: never ends
LIGHT = "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1"


def job(query: str) -> Job:
    return Job(query, None, None, False, "json", None, 10, 30.0)


async def never_gone() -> bool:
    return False


async def started(pool: QueryPool, serving: int, standing_by: int) -> None:
    """Wait until the pool has that many workers serving and standing by (each has opened the store)."""
    for _ in range(600):
        if pool._idle.qsize() == serving and len(pool._standby) == standing_by:
            return
        await asyncio.sleep(0.1)
    pytest.fail(f"the pool did not start {serving} + {standing_by} workers within a minute")


def test_a_spare_takes_a_killed_workers_place_at_once(samples_lex):
    """A worker killed at its query's budget is replaced by the spare standing by, before the process started in its
    place has even opened the store: the next query needs no new interpreter. The new process then stands by."""

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        pool = QueryPool(samples_lex.settings.store, size=1, spares=1)
        pool.start()
        try:
            await started(pool, serving=1, standing_by=1)
            (spare,) = pool._standby
            with pytest.raises(QueryTimeout):
                await pool.run(job(HEAVY), loop.time() + 20, never_gone, budget=0.3)
            # the killed worker's replacement is still starting (a fresh interpreter), yet a worker is ready: the spare
            assert pool._idle.qsize() == 1 and not pool._standby
            reply = await pool.run(job(LIGHT), loop.time() + 20, never_gone)
            assert reply.problem is None and b"bindings" in reply.body
            await started(pool, serving=1, standing_by=1)
            (replacement,) = pool._standby
            assert replacement is not spare and replacement.process.pid != spare.process.pid
            assert pool._idle.get_nowait() is spare  # the spare serves now
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_a_pool_without_spares_waits_for_a_replacement(samples_lex):
    """Without spares (`LEXRDF_SPARQL_SPARES=0`), a killed worker leaves its pool with no worker ready until the one
    started in its place has opened the store: what the spares are for."""

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        pool = QueryPool(samples_lex.settings.store, size=1)
        pool.start()
        try:
            await started(pool, serving=1, standing_by=0)
            with pytest.raises(QueryTimeout):
                await pool.run(job(HEAVY), loop.time() + 20, never_gone, budget=0.3)
            assert pool._idle.qsize() == 0
            assert (await pool.run(job(LIGHT), loop.time() + 60, never_gone)).problem is None
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_a_spare_that_dies_standing_by_is_replaced(samples_lex):
    """A spare killed from outside while it stands by (the OOM killer, say) is replaced by another spare; the
    serving worker is untouched."""

    async def scenario() -> None:
        pool = QueryPool(samples_lex.settings.store, size=1, spares=1)
        pool.start()
        try:
            await started(pool, serving=1, standing_by=1)
            (spare,) = pool._standby
            spare.kill()
            for _ in range(600):
                if pool._standby and pool._standby[0] is not spare:
                    break
                await asyncio.sleep(0.1)
            assert pool._standby and pool._standby[0] is not spare and pool._idle.qsize() == 1
            reply = await pool.run(job(LIGHT), asyncio.get_running_loop().time() + 20, never_gone)
            assert reply.problem is None and b"bindings" in reply.body
        finally:
            await pool.close()

    asyncio.run(scenario())
