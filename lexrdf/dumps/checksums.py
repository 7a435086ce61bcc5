"""SHA-256 of what a dump writes, taken while writing, and the `SHA256SUMS` file (`sha256sum -c` reads it).

>>> import io
>>> sink = Hashing(io.BytesIO())
>>> sink.write(b"abc")
3
>>> sink.size, sink.hexdigest()[:16]
(3, 'ba7816bf8f01cfea')
>>> sums_line("ba78", "acts/x.nq")
'ba78  acts/x.nq\\n'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import IO

SUMS = "SHA256SUMS"
CHUNK = 1 << 20


class Hashing:
    """A binary writer that passes everything to `output` and keeps its SHA-256 and byte count."""

    def __init__(self, output: IO[bytes]) -> None:
        self.output = output
        self.size = 0
        self._hash = hashlib.sha256()

    def write(self, data: bytes) -> int:  # pyoxigraph and gzip call this with their buffers
        self._hash.update(data)
        self.size += len(data)
        self.output.write(data)
        return len(data)

    def flush(self) -> None:
        self.output.flush()

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def sums_line(sha256: str, relative: str) -> str:
    """One line of SHA256SUMS in sha256sum's text mode (two spaces)."""
    return f"{sha256}  {relative}\n"


def write_sums(folder: Path, entries: Iterable[tuple[str, str]]) -> Path:
    """SHA256SUMS of (relative path, sha256) pairs, sorted by path."""
    path = folder / SUMS
    path.write_text("".join(sums_line(digest, name) for name, digest in sorted(entries)), encoding="utf-8")
    return path


def verify(folder: Path) -> list[str]:
    """Check every file SHA256SUMS names against its checksum: the problems found (none when all match)."""
    problems = []
    for line in (folder / SUMS).read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        path = folder / name
        if not path.is_file():
            problems.append(f"{name}: missing")
        elif sha256_file(path) != digest:
            problems.append(f"{name}: checksum differs")
    return problems
