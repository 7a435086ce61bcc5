"""Files the store keeps beside RocksDB (the snapshot pointer, journal entries), written so that a crash leaves
either the old file or the new one, never part of one."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path


def replace_atomically(path: Path, data: bytes, temporary: Path | None = None) -> None:
    """`write_atomically` for data already in memory."""
    write_atomically(path, [data], temporary)


def write_atomically(
    path: Path, chunks: Iterable[bytes | memoryview], temporary: Path | None = None, sync_name: bool = True
) -> None:
    """Write `chunks` to `path` as they come (never held whole in memory) through a temporary file, removed if
    writing fails: fsync it, rename it over `path`, fsync the directory (unless not `sync_name`: the caller then
    syncs the directory once for several files, before anything relies on their names)."""
    temporary = temporary or path.with_name(path.name + ".tmp")
    try:
        with open(temporary, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    os.replace(temporary, path)
    if sync_name:
        sync_directory(path.parent)


def sync_directory(directory: Path) -> None:
    """Make the names a directory holds durable (renames into it, removals)."""
    with contextlib.suppress(OSError):  # not every file system can fsync a directory
        handle = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
