"""Files the store keeps beside RocksDB (the snapshot pointer, journal entries), written so that a crash leaves
either the old file or the new one, never part of one."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def replace_atomically(path: Path, data: bytes, temporary: Path | None = None) -> None:
    """Write `data` to `path` through a temporary file: fsync it, rename it over `path`, fsync the directory."""
    temporary = temporary or path.with_name(path.name + ".tmp")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    with contextlib.suppress(OSError):  # not every file system can fsync a directory
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
