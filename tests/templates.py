"""Stores ingested once a test run: each list of sources is ingested by whichever xdist worker asks first (the other
waits on a file lock) into a closed template store that no test opens; a test or module takes a private copy
(`ingested_copy`), so one that writes to its store changes no other test's.

A template is what `open_lex(store).ingest(sources)` writes into a new store, its settings the defaults whatever the
environment says; what that ingest reported (`IngestSummary`) is kept beside it. An ingest is keyed by its sources'
paths and contents. Whoever asks first builds it in its own process, so ask before monkeypatching how an ingest runs
(a module fixture is set up before a test's own fixtures)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from conftest import BASE

from lexrdf.api import Lexrdf
from lexrdf.ingest.run import IngestSummary
from lexrdf.settings import DEFAULT_INGEST_PROCESSES, DEFAULT_INGEST_STREAM_MB, Settings


def _shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every worker of this run sees: the parent of a worker's own (pytest-xdist names them
    popen-gw0, popen-gw1 in one run's folder), or the run's own when it has no workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _key(sources: Sequence[Path], processes: int) -> str:
    """What identifies an ingest of SOURCES, in order, on PROCESSES: each source's path (stores and reports name the
    files they were read from) and every file's content."""
    digest = hashlib.sha256(f"{BASE} {processes}".encode())
    for source in map(Path, sources):
        digest.update(f"\0{source.resolve()}\0".encode())
        for file in sorted(p for p in source.rglob("*") if p.is_file()) if source.is_dir() else [source]:
            digest.update(f"\0{file}\0".encode() + file.read_bytes())
    return digest.hexdigest()[:20]


def template(
    sources: Sequence[Path], tmp_path_factory: pytest.TempPathFactory, processes: int = DEFAULT_INGEST_PROCESSES
) -> tuple[Path, IngestSummary]:
    """The closed template store of SOURCES ingested in one run on PROCESSES processes (1: every act read and planned
    on the ingest's own thread), and what the ingest reported: ingested the first time any worker of this test run
    asks."""

    def ingest(folder: Path) -> None:
        settings = Settings(
            store=folder / "store", base_iri=BASE, ingest_processes=processes, ingest_stream_mb=DEFAULT_INGEST_STREAM_MB
        )
        writer = Lexrdf.open(settings)
        try:
            summary = writer.ingest([Path(source) for source in sources])
        finally:
            writer.close()
        (folder / "summary.pickle").write_bytes(pickle.dumps(summary))

    folder = shared_folder(f"ingested-{_key(sources, processes)}", tmp_path_factory, ingest)
    return folder / "store", pickle.loads((folder / "summary.pickle").read_bytes())


def ingested_copy(
    sources: Sequence[Path],
    tmp_path_factory: pytest.TempPathFactory,
    name: str = "store",
    processes: int = DEFAULT_INGEST_PROCESSES,
) -> tuple[Path, IngestSummary]:
    """A private store holding SOURCES as one ingest of them into a new store writes them (a copy of the run's
    template), and what that ingest reported."""
    store, summary = template(sources, tmp_path_factory, processes)
    return store_copy(store, tmp_path_factory, name), summary


def store_copy(template: Path, tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A private copy of a template store, for one test or module."""
    store = tmp_path_factory.mktemp(name) / "store"
    shutil.copytree(template, store)
    return store


def shared_folder(name: str, tmp_path_factory: pytest.TempPathFactory, make: Callable[[Path], None]) -> Path:
    """The folder NAME of this test run, which MAKE fills the first time any worker asks (the others wait on a file
    lock): a template store, or sources tests derive (a conversion), then at the same paths in every worker."""
    folder = _shared_root(tmp_path_factory) / name
    done = folder / ".made"
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, and when the worker holding it dies
        if not done.exists():  # made last: a folder without it was not finished
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder
