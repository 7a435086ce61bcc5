"""A spool: the quads of one write as N-Quads lines, in memory while they are few and on disk once they are many.

An act's write can hold millions of quads (a 100 MB act: about 8 million). The emitter writes them as lines of
N-Quads (about 150 bytes each; as pyoxigraph objects they took about 550); the first `memory_limit` stay in a list
(small writes, the common case, never touch the disk), and past that they go to a file in batches as they are
added. Reading them back as quads (`__iter__`, `chunks`) parses them, streaming from the file once there is one.

The quads a planner must look at again (which events and changesets the write records; see `lexrdf.ingest`) are
kept aside as they pass (`kept`, chosen by their predicate and object), so no one needs to read the whole spool to
find them.

>>> from pyoxigraph import NamedNode
>>> spool = QuadSpool(memory_limit=2)
>>> g = NamedNode("https://e.org/g")
>>> spool.extend(Quad(NamedNode(f"https://e.org/{i}"), g, g, g) for i in range(3))
>>> len(spool), spool.spilled, [q.subject.value for q in spool]
(3, True, ['https://e.org/0', 'https://e.org/1', 'https://e.org/2'])
>>> spool.close()
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pyoxigraph
from pyoxigraph import Quad, RdfFormat

from lexrdf.tunables import setting

MEMORY_LIMIT = setting("spool_memory_lines")  # lines kept in memory before the spool moves to disk
BATCH = 20_000  # quads written to the file, or parsed back, at a time

#: which quads a spool keeps aside, by their predicate and object as N-Triples
Keep = Callable[[str, str], bool]


T = TypeVar("T")


def batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """`items` in lists of `size` (the last one shorter), as they come.

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class QuadSpool:
    """An append-only sequence of quads as N-Quads lines, spilled to a file past `memory_limit`."""

    def __init__(
        self, directory: Path | None = None, memory_limit: int | None = None, keep: Keep | None = None
    ) -> None:
        self.directory = directory
        self.memory_limit = MEMORY_LIMIT if memory_limit is None else memory_limit
        self._keep = keep
        self._kept: list[str] = []  # the lines `keep` chose, in order
        self._parsed: list[Quad] | None = None
        self._buffer: list[str] = []
        self._joined: tuple[int, bytes] | None = None  # `data` as last joined, and how many quads it holds
        self._count = 0
        self._path: Path | None = None
        self._file = None

    def add(self, line: str, predicate: str, obj: str) -> None:
        """Add one quad as its N-Quads line (ending in a line break), given its predicate and object as N-Triples
        (what `keep` looks at)."""
        self._buffer.append(line)
        self._count += 1
        if self._keep is not None and self._keep(predicate, obj):
            self._kept.append(line)
            self._parsed = None
        if len(self._buffer) >= (BATCH if self._file is not None else self.memory_limit):
            self._spill()

    def append(self, quad: Quad) -> None:
        self.add(f"{quad} .\n", str(quad.predicate), str(quad.object))

    def extend(self, quads: Iterable[Quad]) -> None:
        for quad in quads:
            self.append(quad)

    @property
    def kept(self) -> list[Quad]:
        """The quads `keep` chose, in order."""
        if self._parsed is None:
            self._parsed = _parse("".join(self._kept).encode())
        return self._parsed

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    @property
    def spilled(self) -> bool:
        """Whether the quads are on disk (the spool outgrew `memory_limit`)."""
        return self._file is not None

    def data(self) -> bytes:
        """Every quad as N-Quads, in memory (for a spool that did not spill); joined once for as many quads (a
        planner validates them, then sends them)."""
        assert self._file is None, "a spilled spool is read from its file"
        if self._joined is None or self._joined[0] != self._count:
            self._joined = (self._count, "".join(self._buffer).encode())
        return self._joined[1]

    def __iter__(self) -> Iterator[Quad]:
        if self._file is None:
            yield from _parse(self.data())
            return
        yield from pyoxigraph.parse(path=str(self.path()), format=RdfFormat.N_QUADS)

    def chunks(self) -> Iterator[list[Quad]]:
        """The quads in lists of at most `BATCH`, streamed."""
        return batches(self, BATCH)

    def path(self) -> Path:
        """The N-Quads file holding every quad (writing it first if the spool is still in memory)."""
        if self._file is None:
            self._open()
        self._spill()
        self._file.flush()  # type: ignore[union-attr]
        return self._path  # type: ignore[return-value]

    @contextmanager
    def scratch(self) -> Iterator[Path]:
        """A scratch directory beside the spool's file, removed on exit (a killed writer's is removed by the next
        writer, as spool files are)."""
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="spool-", dir=self.directory) as name:
            yield Path(name)

    def close(self) -> None:
        """Drop the quads and remove the file."""
        self._buffer = []
        self._joined = None
        self._kept = []
        self._parsed = None
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._path is not None:
            self._path.unlink(missing_ok=True)
            self._path = None

    def _open(self) -> None:
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix="spool-", suffix=".nq", dir=self.directory)
        os.close(handle)
        self._path = Path(name)
        self._file = open(self._path, "wb")  # noqa: SIM115 - kept open while quads are added

    def _spill(self) -> None:
        if self._file is None:
            self._open()
        if self._buffer:
            self._file.write("".join(self._buffer).encode())  # type: ignore[union-attr]
            self._buffer = []

    def __del__(self) -> None:
        self.close()


def _parse(data: bytes) -> list[Quad]:
    return list(pyoxigraph.parse(data, format=RdfFormat.N_QUADS)) if data else []


def is_spool_file(name: str) -> bool:
    """Whether a file or directory name is one a spool writes (a writer removes those a killed one left)."""
    return name.startswith("spool-")


__all__ = ["BATCH", "MEMORY_LIMIT", "Keep", "QuadSpool", "batches", "is_spool_file"]
