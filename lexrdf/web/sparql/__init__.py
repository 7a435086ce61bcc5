"""/sparql: the public, read-only SPARQL 1.1 endpoint, its queries run in worker processes killed at the deadline.

Modules: `endpoint` (the router, startup and shutdown), `protocol` (reading a request), `guard` (updates and
SERVICE, found before anything runs), `conneg` and `formats` (result formats and their serialisers), `pool` and
`worker` (the processes), `signals` (SIGTERM stops them at once), `description` (the service description),
`page` (the HTML query page).

`router`, `startup` and `shutdown` are read from `endpoint` on first use, so that a worker process, which
imports `worker` only, does not import FastAPI (a quarter of a second on every worker start).
"""

from __future__ import annotations

from typing import Any

__all__ = ["router", "shutdown", "startup"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from lexrdf.web.sparql import endpoint

        return getattr(endpoint, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
