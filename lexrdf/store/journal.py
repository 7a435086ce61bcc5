"""The writer's journal: what makes an act write all or nothing across a crash, with its views.

An act's additions of `BULK_THRESHOLD` quads or more are written with pyoxigraph's bulk loader, which is about
twice as fast as one transaction (docs/store.md) but not transactional: a writer killed part-way may leave part of
the data (pyoxigraph says so). And an act's views (`{act}/view/eli`) are rebuilt by a second transaction right
after it. So before each act write the writer records an entry in `journal/` inside the store directory
(docs/store.md):

    journal/000001714557290411000-4242-3.write    "# lexrdf-write <act graph>" then the undo data

The undo data is, for a bulk write, the N-Quads of exactly the quads the write adds that the store did not hold
(so removing them restores the graph as it was); nothing for a transactional write, which RocksDB commits whole.
Once the write has committed the entry is replaced by one without undo data, and once the act's views have been
rebuilt (or the unit of work is published) it is removed. The next writer that opens the store finds what a
killed writer left: undo data whose quads are not all in the store means the bulk write was cut short, and those
quads are removed in one transaction; then the act's views are rebuilt from its graph as it now is. Only then is
anything published.

Entries are written to `<name>.tmp`, fsynced and renamed, so an entry is either whole or absent; a `.tmp` is an
entry that never began (its write had not started) and is removed.
"""

from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path

from lexrdf.store.files import replace_atomically

JOURNAL = "journal"
SUFFIX = ".write"
HEADER = b"# lexrdf-write "

_counter = itertools.count(1)


@dataclass(frozen=True)
class Entry:
    """One act write in progress (or whose views were not yet rebuilt)."""

    path: Path
    graph: str
    undo: bytes  # N-Quads of the quads the write adds that the store did not hold (empty: nothing to undo)


class Journal:
    """The journal directory of one store. Only the writer (who holds the primary's lock) uses it."""

    def __init__(self, store_directory: Path) -> None:
        self.root = store_directory / JOURNAL

    def begin(self, graph: str, undo: bytes = b"") -> Path:
        """Record, durably, that `graph` is about to be written (with the data that undoes it); its entry's path."""
        self.root.mkdir(exist_ok=True)
        name = f"{time.time_ns():021d}-{os.getpid()}-{next(_counter)}{SUFFIX}"
        path = self.root / name
        self._write(path, HEADER + f"<{graph}>\n".encode() + undo)
        return path

    def committed(self, entry: Path, graph: str) -> None:
        """The write committed: drop the undo data, keep the entry until the act's views are rebuilt."""
        self._write(entry, HEADER + f"<{graph}>\n".encode())

    def end(self, entry: Path) -> None:
        """The write and its views are done."""
        entry.unlink(missing_ok=True)

    def entries(self) -> list[Entry]:
        """What a killed writer left, oldest first (entries that never began are removed)."""
        if not self.root.is_dir():
            return []
        found = []
        for path in sorted(self.root.iterdir()):
            if path.name.endswith(".tmp"):
                path.unlink(missing_ok=True)
                continue
            if not path.name.endswith(SUFFIX):
                continue
            data = path.read_bytes()
            header, _, undo = data.partition(b"\n")
            if not header.startswith(HEADER):
                continue
            graph = header[len(HEADER) :].decode().strip().removeprefix("<").removesuffix(">")
            found.append(Entry(path, graph, undo))
        return found

    def _write(self, path: Path, data: bytes) -> None:
        replace_atomically(path, data)


__all__ = ["JOURNAL", "Entry", "Journal"]
