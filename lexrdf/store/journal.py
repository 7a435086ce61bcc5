"""The writer's journal: what makes each write all or nothing across a crash, logged once, with its act's views.

Every write the store commits (an act graph's additions; a view graph rebuilt) is first recorded in an entry in
`journal/` inside the store directory (docs/store.md), holding exactly what the write will do:

    journal/000001714557290411000-4242-3.write
        # lexrdf-write <act graph>
        # lexrdf-change 17
        #D <s> <p> <o> <g> .      a quad the write removes (only a view rebuild removes)
        <s> <p> <o> <g> .         a quad the write adds that the store did not hold

The entry is an N-Quads file whose statements are the additions (the other lines are comments to a parser), so the
bulk loader reads it directly. Additions of `BULK_THRESHOLD` quads or more are written with the bulk loader, which
is about twice as fast as one transaction but not transactional (pyoxigraph says a crash may leave part of the
data); other writes are one transaction. After the commit the write is appended to the transaction log as change
17 (lexrdf.store.changelog), and the entry is replaced by its two header lines, kept until what is derived from the
act (its views and its search-index documents, lexrdf.derived) has been rebuilt (or the unit of work is published),
then removed.

The next writer that opens the store finds what a killed writer left. An entry with its data is a write that may
not have committed: if every addition is present and no removal is, it committed, and it is logged if the log lacks
it; otherwise whatever part of its additions is present is removed in one transaction (a bulk load cut short) and
nothing is logged. Then the views and index documents of the acts named are rebuilt from their graphs as they now
are. Only then is anything published.

Entries are written to `<name>.tmp`, fsynced and renamed, so an entry is either whole or absent; a `.tmp` is an
entry that never began (its write had not started) and is removed.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pyoxigraph
from pyoxigraph import Quad, RdfFormat

from lexrdf.store.files import write_atomically

JOURNAL = "journal"
SUFFIX = ".write"
HEADER = b"# lexrdf-write "
CHANGE = b"# lexrdf-change "
REMOVED = b"#D "

_counter = itertools.count(1)


@dataclass(frozen=True)
class Entry:
    """One write in progress (or whose act's views were not yet rebuilt)."""

    path: Path
    graph: str
    change: int  # the number its change takes in the log (0: an entry of an older writer, before the log)
    has_data: bool  # False: the write committed and was logged; only the act's views may remain to rebuild

    def added(self) -> Iterator[Quad]:
        """The quads the write adds (streamed from the entry)."""
        return pyoxigraph.parse(path=str(self.path), format=RdfFormat.N_QUADS)

    def removed(self) -> list[Quad]:
        """The quads the write removes."""
        with self.path.open("rb") as handle:
            data = b"".join(line[len(REMOVED) :] for line in handle if line.startswith(REMOVED))
        return list(pyoxigraph.parse(data, format=RdfFormat.N_QUADS)) if data else []

    def lines(self) -> tuple[Iterator[bytes], Iterator[bytes]]:
        """(added, removed): the N-Quads of the write, streamed (added in blocks of whole lines)."""
        return _lines(self.path, added=True), _lines(self.path, added=False)


def _lines(path: Path, added: bool) -> Iterator[bytes]:
    """The entry's removed lines one by one, or its added lines in blocks of whole lines: an entry is its header,
    then its removals (`#D` lines), then its additions, as `Journal.begin` writes it."""
    with path.open("rb") as handle:
        for line in handle:
            if line.startswith(REMOVED):
                if not added:
                    yield line[len(REMOVED) :]
            elif not line.startswith(b"#"):
                if added:
                    yield line
                    yield from _whole_lines(handle)
                return


def _whole_lines(handle: IO[bytes]) -> Iterator[bytes]:
    """The rest of a file in blocks of about `BLOCK` bytes, each cut after a newline."""
    rest = b""
    for block in iter(lambda: handle.read(BLOCK), b""):
        block = rest + block
        cut = block.rfind(b"\n") + 1
        rest = block[cut:]
        if cut:
            yield block[:cut]
    if rest:
        yield rest


BLOCK = 1 << 20  # bytes of added lines read at a time


class Journal:
    """The journal directory of one store. Only the writer (who holds the primary's lock) uses it."""

    def __init__(self, store_directory: Path) -> None:
        self.root = store_directory / JOURNAL

    def begin(self, graph: str, change: int, added: Iterable[bytes], removed: Iterable[bytes] = ()) -> Entry:
        """Record, durably, what a write of `graph` is about to do (N-Quads lines); its entry."""
        self.root.mkdir(exist_ok=True)
        name = f"{time.time_ns():021d}-{os.getpid()}-{next(_counter)}{SUFFIX}"
        path = self.root / name
        head = self._head(graph, change)
        write_atomically(path, itertools.chain([head], (REMOVED + line for line in removed), added))
        return Entry(path, graph, change, True)

    def committed(self, entry: Entry) -> Entry:
        """The write committed and was logged: drop its data, keep the entry until what is derived from the act is
        rebuilt (`Store.derived_rebuilt`)."""
        write_atomically(entry.path, [self._head(entry.graph, entry.change)])
        return Entry(entry.path, entry.graph, entry.change, False)

    def end(self, entry: Entry) -> None:
        """The write and its views are done."""
        entry.path.unlink(missing_ok=True)

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
            graph, change, has_data = None, 0, False
            with path.open("rb") as handle:
                for number, line in enumerate(handle):
                    if number == 0 and line.startswith(HEADER):
                        graph = line[len(HEADER) :].decode().strip().removeprefix("<").removesuffix(">")
                    elif line.startswith(CHANGE):
                        change = int(line[len(CHANGE) :])
                    elif line.strip():
                        has_data = True
                        break
            if graph is not None:
                found.append(Entry(path, graph, change, has_data))
        return found

    @staticmethod
    def _head(graph: str, change: int) -> bytes:
        return HEADER + f"<{graph}>\n".encode() + CHANGE + f"{change}\n".encode()


__all__ = ["JOURNAL", "Entry", "Journal"]
