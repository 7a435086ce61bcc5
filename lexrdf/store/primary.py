"""Opening an embedded store's directory: the primary, which one process at a time holds to write, and the newest
published snapshot, which every other process reads (lexrdf.store.snapshots)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pyoxigraph

from lexrdf.errors import StoreError
from lexrdf.store.changelog import ChangeLog
from lexrdf.store.snapshots import Snapshot, Snapshots, Stamp
from lexrdf.store.spool import is_spool_file

ORPHAN = re.compile(r"bulk-\d+\.sst")  # the sorted files a bulk load writes into the primary before ingesting them
OPEN_ATTEMPTS = 5  # a reader reads the pointer again when the snapshot it named was pruned before it opened it


class StoreLocked(StoreError):
    """The primary is open for writing elsewhere: a store has one writer at a time."""


def is_store(directory: Path) -> bool:
    """Whether a directory holds a store (RocksDB's own CURRENT file)."""
    return (directory / "CURRENT").is_file()


def open_primary(directory: Path) -> pyoxigraph.Store:
    """Open (creating it if missing) the primary read-write: this process becomes the store's one writer."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        return pyoxigraph.Store(str(directory))
    except OSError as exc:
        if "LOCK:" in str(exc):  # RocksDB names its lock file: "<directory>/LOCK: Resource temporarily unavailable"
            where = "in this process" if "current process" in str(exc) else "by another process"
            raise StoreLocked(f"the store at {directory} is being written {where}") from exc
        raise StoreError(f"cannot open store at {directory}: {exc}") from exc


def publish_first(directory: Path, grace_seconds: float) -> bool:
    """Publish a first snapshot of a store written before snapshots existed, if no one is writing it and we may
    write; the primary is released on return. False when that is not possible."""
    try:
        primary = open_primary(directory)
    except StoreError:
        return False
    try:
        Snapshots(directory).publish(primary, grace_seconds, ChangeLog(directory).last())
        return True
    except OSError:
        return False
    finally:
        del primary


def open_reader(
    directory: Path, snapshots: Snapshots, grace_seconds: float
) -> tuple[pyoxigraph.Store, Stamp | None, Snapshot | None]:
    """The newest published snapshot, read-only, with the pointer's stamp read before it. A store written
    before snapshots existed gets one first; if it is being written, its primary is read as it is."""
    if not is_store(directory):
        raise StoreError(f"no lexrdf store at {directory} (run lexrdf ingest first)")
    for _ in range(OPEN_ATTEMPTS):
        stamp = snapshots.stamp()
        snapshot = snapshots.current()
        if snapshot is None:
            if publish_first(directory, grace_seconds):
                continue
            try:
                return pyoxigraph.Store.read_only(str(directory)), stamp, None
            except OSError as exc:
                raise StoreError(f"cannot open store at {directory}: {exc}") from exc
        try:
            return pyoxigraph.Store.read_only(str(snapshot.path)), stamp, snapshot
        except OSError:
            continue  # pruned between reading the pointer and opening it: read the pointer again
    raise StoreError(f"cannot open the published snapshot of the store at {directory}")


def remove_leftovers(directory: Path) -> None:
    """Remove the temporary files a writer killed part-way left in the directory: the sorted files of a bulk load
    cut short and its spools (lexrdf.store.spool)."""
    for entry in directory.iterdir():
        if ORPHAN.fullmatch(entry.name) and entry.is_file():
            entry.unlink(missing_ok=True)  # ingested files are hard-linked under RocksDB's own names
        elif is_spool_file(entry.name):
            shutil.rmtree(entry, ignore_errors=True) if entry.is_dir() else entry.unlink(missing_ok=True)
