"""The load run of issues 10 and 36, in CI: 50 concurrent clients for 60 s against a real `lexrdf serve` over the
samples. 46 light clients mix pages, /api and /sparql; two send the guard-DoS request (a SPARQL text of 64,000
letters, which a backtracking guard took minutes over on the event loop) and two the memory-growing query (a
cartesian product ordered, which grew a worker by about 400 MB/s). Every light request must succeed while the attacks
are refused (400), cut at the deadline (504) or stopped at the workers' memory limit (503). (Figures are for
bench/load.py; this only checks behaviour.)"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import BASE, ODA
from test_http_hardening import serve

from lexrdf.queries import get_query

CLIENTS = 50
GUARD_ATTACKERS = 2
MEMORY_ATTACKERS = 2
SECONDS = 60.0
GUARD_DOS = "SELECT * { " + "a" * 64_000 + " }"  # issue 36: 65 s for 16,000 letters with the old guard
MEMORY_GROWTH = "SELECT ?a ?d { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a ?d LIMIT 1"  # issue 36: about 400 MB/s
PROVISION = f"{ODA}/art_3/para_2"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store: Path = tmp_path_factory.mktemp("load") / "store"
    # three query workers: two in the quick lane, one in the long (lexrdf.web.sparql.lanes); the two heavy clients can
    # still hold the whole quick lane for its budget at a time, and must not starve the light ones. With one quick
    # worker, six light SPARQL clients waited past the 3 s deadline on a machine 2-3 times slower than usual (2 to 5
    # of about 30 light queries got 503 in 3 runs of 4): a capacity limit, not the lanes'. A deadline of 10 s: the
    # memory attack ends its worker about once a second, and restarting workers takes the CPU of a 2-core machine
    # (at 3 s, one light query of about 2,000 waited past it in one CI run of three); the attacks end at the memory
    # limit, not at the deadline
    yield from serve(store, LEXRDF_SPARQL_TIMEOUT="10", LEXRDF_SPARQL_WORKERS="3", LEXRDF_SPARQL_MEMORY_MB="300")


def light_requests(base: str) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    """(label, path, params, headers) of the light requests, taken in turn by every light client."""
    text_at = get_query("text-at").bound({"provision": PROVISION, "date": "2003-05-01"})
    page = PROVISION.removeprefix(base)
    return [
        ("page", f"{page}", {"date": "2003-05-01"}, {"Accept": "text/html"}),
        ("api", "/api/text-at", {"provision": PROVISION, "date": "2003-05-01"}, {}),
        ("sparql", "/sparql", {"query": text_at}, {"Accept": "application/sparql-results+json"}),
        ("health", "/health", {}, {}),
    ]


def problem_type(response: httpx.Response) -> str:
    """The type of a problem response (RFC 9457), or its content type when it is not one."""
    try:
        return response.json().get("type", "?")
    except ValueError:
        return response.headers.get("content-type", "?")


problems: Counter = Counter()  # (label, status, problem type) of the light requests that failed


async def hammer(url: str, base: str) -> tuple[Counter, Counter]:
    """Run the clients for SECONDS (how long the load lasts); the statuses of light requests and of the attacks."""
    light, attacks = Counter(), Counter()
    requests = light_requests(base)
    deadline = time.monotonic() + SECONDS
    limits = httpx.Limits(max_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:

        async def light_client(offset: int) -> None:
            turn = offset
            while time.monotonic() < deadline:
                label, path, params, headers = requests[turn % len(requests)]
                turn += 1
                try:
                    response = await client.get(path, params=params, headers=headers)
                    light[(label, response.status_code)] += 1
                    if response.status_code != 200:  # which refusal: busy, memory limit, timeout (the problem's type)
                        problems[(label, response.status_code, problem_type(response))] += 1
                except httpx.HTTPError as exc:
                    light[(label, type(exc).__name__)] += 1

        async def attacker(label: str, query: str) -> None:
            while time.monotonic() < deadline:
                try:
                    response = await client.post("/sparql", data={"query": query})
                    attacks[(label, response.status_code)] += 1
                except httpx.HTTPError as exc:
                    attacks[(label, type(exc).__name__)] += 1

        attackers = [attacker("guard", GUARD_DOS) for _ in range(GUARD_ATTACKERS)]
        attackers += [attacker("memory", MEMORY_GROWTH) for _ in range(MEMORY_ATTACKERS)]
        lights = [light_client(i) for i in range(CLIENTS - len(attackers))]
        await asyncio.gather(*lights, *attackers)
    return light, attacks


def test_light_requests_all_succeed_while_attacks_are_refused_or_cut(server: str):
    light, attacks = asyncio.run(hammer(server, BASE))
    failures = {key: count for key, count in light.items() if key[1] != 200}
    assert not failures, f"light requests failed under load: {failures} ({dict(problems)})"
    assert sum(light.values()) > 4 * CLIENTS  # every client got several answers
    assert {label for label, _ in light} == {"page", "api", "sparql", "health"}
    guard = {status for label, status in attacks if label == "guard"}
    memory = {status for label, status in attacks if label == "memory"}
    assert guard == {400}, attacks  # refused by the guard, at once, every time: a SELECT of no triple pattern
    assert memory and memory <= {503, 504}, attacks  # stopped at the memory limit or the deadline, never answered
    # not stuck behind the attacks: every light request was answered 200 (above) within its client's 30 s and the
    # server's 10 s deadline; how fast they were is measured by bench/http_load.py, not asserted here
