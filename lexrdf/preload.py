"""What the ingest's fork server loads before it forks a worker (`lexrdf.parallel.pool_context`): the modules the
workers run, and the assets they read (the mappings, the query library, the views and the compiled shapes), so
that each worker starts with them instead of reading and compiling them again."""

from __future__ import annotations

import gc

import lexrdf.ingest.planning  # noqa: F401
import lexrdf.parallel  # noqa: F401 (what a worker runs)
from lexrdf.mapping.spec import all_mappings
from lexrdf.queries import load_library
from lexrdf.validate import compiled_shapes
from lexrdf.views import views


def load_assets() -> None:
    """Read and compile the assets a worker uses (each is cached per process). An asset that cannot be read is
    left to the worker that needs it, which reports it as it would have."""
    for load in (all_mappings, load_library, views, compiled_shapes):
        try:
            load()
        except Exception:  # noqa: BLE001, S112 (reported by the worker, where it names the ingest's file)
            continue


load_assets()
# What is loaded here lives as long as every worker: the collector need not scan it again on each of its runs in a
# worker (measured: mapping 10^6 quads of Akoma Ntoso in one process takes 3.46 s of processor time with what was
# loaded frozen, 3.65 s without)
gc.freeze()

__all__ = ["load_assets"]
