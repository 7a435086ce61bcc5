"""The writer's journal: what makes each write all or nothing across a crash, logged once, with its act's derived data.

Every write the store commits (an act graph's additions; a view graph rebuilt) is first written, whole and durable,
as the change it will be in the transaction log: its RDF Patch (lexrdf.store.changelog), in an entry of `journal/`
inside the store directory (docs/store.md):

    journal/000001714557290411000-4242-3.write
        H id <urn:lexrdf:change:17> .
        H prev <urn:lexrdf:change:16> .
        H graph <act graph> .
        H committed "..."^^xsd:dateTime .
        ...
        TX .
        D <s> <p> <o> <g> .       a quad the write removes (only a view rebuild removes)
        A <s> <p> <o> <g> .       a quad the write adds that the store did not hold
        TC .

Additions of `BULK_THRESHOLD` quads or more are written by the bulk loader, which reads the entries' `A` lines
(`added_reader`) and is about twice as fast as one transaction but not transactional (pyoxigraph says a crash may
leave part of the data); other writes are one transaction. Once the write committed, its entry becomes change 17 of
the transaction log by one rename (`ChangeLog.adopt`): each quad is written to disk once beside the store, not once
for the journal and again for the log. Before a group of act writes commits, a marker (`<name>.derive`) names its act
graphs; it is kept until what is derived from them (their views and search-index documents, lexrdf.ingest.derived) has
been rebuilt (or the unit of work is published), then removed.

The next writer that opens the store finds what a killed writer left. An entry is a write that may not have
committed: if every addition is present and no removal is, it committed, and it is moved into the log; otherwise
whatever part of its additions is present is removed in one transaction (a bulk load cut short) and the entry is
dropped. The graphs the entries and markers named are then reported (`EmbeddedStore.recovered`) under one marker,
kept until the layer above has rebuilt what is derived from them (lexrdf.ingest.derived.recover_derived).

Entries and markers are written to `<name>.tmp`, fsynced and renamed, so each is either whole or absent; a `.tmp` (or
the `.body` of additions being counted) is one that never began (its write had not started) and is removed.
"""

from __future__ import annotations

import io
import itertools
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

import pyoxigraph
from pyoxigraph import Quad, RdfFormat

from lexrdf.errors import StoreError
from lexrdf.store.changelog import change_number, patch_headers, render_patch
from lexrdf.store.files import sync_directory, write_atomically
from lexrdf.tunables import setting

JOURNAL = "journal"
SUFFIX = ".write"
MARKER = ".derive"
ADDED, REMOVED, END = b"A ", b"D ", b"TC ."
LEGACY = b"# lexrdf-write "  # how an entry began before entries were patches
BLOCK = setting("journal_block_bytes")  # bytes of added lines read at a time

_counter = itertools.count(1)


@dataclass(frozen=True)
class Entry:
    """One write in progress: the change it will be."""

    path: Path
    graph: str
    change: int  # the number its change takes in the log

    def added(self) -> Iterator[Quad]:
        """The quads the write adds (streamed from the entry)."""
        return pyoxigraph.parse(added_reader([self]), format=RdfFormat.N_QUADS)

    def removed(self) -> list[Quad]:
        """The quads the write removes."""
        data = b"".join(self.removed_lines())
        return list(pyoxigraph.parse(data, format=RdfFormat.N_QUADS)) if data else []

    def removed_lines(self) -> Iterator[bytes]:
        """The N-Quads lines of the quads the write removes, one at a time."""
        with self.path.open("rb") as handle:
            for line in _body(handle):
                if not line.startswith(REMOVED):
                    return
                yield line[len(REMOVED) :]

    def added_blocks(self) -> Iterator[bytes]:
        """The N-Quads of the quads the write adds, in blocks of whole lines (an entry holds its removals, then its
        additions, then `TC .`, as `Journal.begin` writes them)."""
        with self.path.open("rb") as handle:
            for line in _body(handle):
                if line.startswith(ADDED):
                    for block in itertools.chain([line], _whole_lines(handle)):
                        block = _without_end(block)
                        if block:
                            yield _unprefixed(block)
                    return


def _body(handle: IO[bytes]) -> Iterator[bytes]:
    """The lines of a patch after its `TX`, up to its `TC` (excluded)."""
    for line in handle:
        if line.startswith(b"TX"):
            break
    for line in handle:
        if line.startswith(END):
            return
        yield line


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


def _without_end(block: bytes) -> bytes:
    """A block of a patch's lines without its closing `TC .` line (the last line of the last block)."""
    if block == END + b"\n":
        return b""
    return block[: -len(END) - 1] if block.endswith(b"\n" + END + b"\n") else block


def _unprefixed(block: bytes) -> bytes:
    """Whole `A` lines without their prefix (a line break inside a term is escaped, so each one starts a line).

    >>> _unprefixed(b"A <a> <b> <c> .\\nA <d> <e> <f> .\\n")
    b'<a> <b> <c> .\\n<d> <e> <f> .\\n'
    """
    return block[len(ADDED) :].replace(b"\n" + ADDED, b"\n")


class Blocks(io.RawIOBase):
    """Blocks of bytes read as one stream (what the bulk loader and the parser read)."""

    def __init__(self, blocks: Iterable[bytes]) -> None:
        self._blocks = iter(blocks)
        self._current = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._current:
            block = next(self._blocks, None)
            if block is None:
                return 0
            self._current = memoryview(block)
        count = min(len(buffer), len(self._current))
        buffer[:count] = self._current[:count]
        self._current = self._current[count:]
        return count


def added_reader(entries: Sequence[Entry]) -> io.RawIOBase:
    """The N-Quads the entries add, one after another, as one stream (one bulk load of a group)."""
    return Blocks(block for entry in entries for block in entry.added_blocks())


class Journal:
    """The journal directory of one store. Only the writer (who holds the primary's lock) uses it."""

    def __init__(self, store_directory: Path) -> None:
        self.root = store_directory / JOURNAL

    def begin(
        self,
        graph: str,
        change: int,
        committed_at: datetime,
        added: Iterable[bytes],
        removed: Sequence[bytes] = (),
        changesets: Iterable[str] = (),
        count: int | None = None,
        synced: bool = True,
    ) -> Entry | None:
        """Record, durably, the change a write of `graph` is about to make: `added` and `removed` are N-Quads (whole
        lines); `count`, the lines `added` holds, is counted here when not given (the additions are written aside
        first, then into the entry). None, and nothing recorded, when the write would change nothing. Unless
        `synced`, the entry's name is durable only once `sync` is called (one call for a group of entries)."""
        self.root.mkdir(exist_ok=True)
        path = self.root / f"{time.time_ns():021d}-{os.getpid()}-{next(_counter)}{SUFFIX}"
        body = None
        if count is None:
            body, count = self._counted(path.with_suffix(".body"), added)
            added = _blocks_of(body)
        try:
            counts = (count, sum(line.count(b"\n") for line in removed))
            if counts == (0, 0):
                return None
            patch = render_patch(change, graph, committed_at, changesets, counts, added, removed)
            write_atomically(path, patch, sync_name=synced)
        finally:
            if body is not None:
                body.unlink(missing_ok=True)
        return Entry(path, graph, change)

    @staticmethod
    def _counted(body: Path, added: Iterable[bytes]) -> tuple[Path, int]:
        count = 0
        try:
            with body.open("wb") as handle:
                for chunk in added:
                    handle.write(chunk)
                    count += chunk.count(b"\n")
        except BaseException:
            body.unlink(missing_ok=True)
            raise
        return body, count

    def mark(self, graphs: Iterable[str], synced: bool = True) -> Path:
        """Record, durably (unless not `synced`: see `begin`), that what is derived from these act graphs is about to
        go out of step with them."""
        self.root.mkdir(exist_ok=True)
        path = self.root / f"{time.time_ns():021d}-{os.getpid()}-{next(_counter)}{MARKER}"
        write_atomically(path, ["".join(f"{graph}\n" for graph in graphs).encode()], sync_name=synced)
        return path

    def sync(self) -> None:
        """Make the names of the entries and markers written unsynced durable."""
        sync_directory(self.root)

    def end(self, entry: Entry | Path) -> None:
        """Drop an entry (its write did not happen, or was undone) or a marker (its acts' derived data is rebuilt)."""
        (entry.path if isinstance(entry, Entry) else entry).unlink(missing_ok=True)

    def entries(self) -> list[Entry]:
        """The writes a killed writer left, oldest first (the files of ones that never began are removed). An entry
        an older lexrdf left (N-Quads under `# lexrdf-write`, before entries were patches) is refused, naming it."""
        found = []
        for path in self._files():
            if path.name.endswith(SUFFIX):
                with path.open("rb") as handle:
                    if handle.read(len(LEGACY)) == LEGACY:
                        raise StoreError(
                            f"{path}: a journal entry an older lexrdf left when it was stopped; open the store once "
                            "with that version so that it finishes or undoes the write"
                        )
                headers = patch_headers(path)
                change = change_number(headers.get("id", [""])[0])
                if change and "graph" in headers:
                    found.append(Entry(path, headers["graph"][0], change))
        return found

    def markers(self) -> list[tuple[Path, list[str]]]:
        """The markers a killed writer left, oldest first, with the act graphs each names."""
        return [
            (path, path.read_text(encoding="utf-8").split()) for path in self._files() if path.name.endswith(MARKER)
        ]

    def _files(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        kept = []
        for path in sorted(self.root.iterdir()):
            if path.name.endswith((".tmp", ".body")):
                path.unlink(missing_ok=True)
            else:
                kept.append(path)
        return kept


def _blocks_of(path: Path) -> Iterator[bytes]:
    with path.open("rb") as handle:
        yield from _whole_lines(handle)


__all__ = ["JOURNAL", "Blocks", "Entry", "Journal", "added_reader"]
