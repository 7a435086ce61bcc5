"""The transaction log as a mirror reads it: the changes after a number, as one stream of RDF Patch, and back.

The store logs every committed write as one numbered change (lexrdf.store.changelog). What a mirror needs is the
changes after the last one it holds, in order: `patch_stream` streams their patch files one after the other, file
by file in chunks (memory stays flat), `write_since` writes that stream to a file (`lexrdf dump --since K`) and
`GET /changes?since=K` sends it. A mirror applies such a stream change by change with `apply_patches`: each change's
removals and additions in order, one transaction each (a view rebuilt twice in one stream removes what the first
rebuild added), checking that the numbers follow on from what it holds.

>>> stream = [b"H id <urn:lexrdf:change:1> .\\n", b"TX .\\n", b"TC .\\n", b"H id <urn:lexrdf:change:2> .\\n",
...           b"H prev <urn:lexrdf:change:1> .\\n", b"TX .\\n", b"TC .\\n"]
>>> [(number, len(patch.splitlines())) for number, patch in iter_patches(stream)]
[(1, 3), (2, 4)]
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Protocol

import pyoxigraph

from lexrdf.errors import LexrdfError
from lexrdf.store.changelog import Change, ChangeLog, apply_patch

CHUNK = 1 << 16  # bytes read from a patch file at a time
_ID = re.compile(rb"^H id <urn:lexrdf:change:(\d+)> \.\s*$")


class SyncError(LexrdfError):
    """A change stream that does not follow on from what a copy holds, or is cut short."""


class LoggedStore(Protocol):
    """A store that keeps a transaction log (lexrdf.store.embedded.EmbeddedStore)."""

    @property
    def changelog(self) -> ChangeLog: ...

    @property
    def changes_through(self) -> int: ...


def patch_stream(changes: Iterable[Change], chunk: int = CHUNK) -> Iterator[bytes]:
    """The patch files of `changes`, one after the other, in chunks of at most `chunk` bytes."""
    for change in changes:
        with change.path.open("rb") as handle:
            while block := handle.read(chunk):
                yield block


def since_file_name(since: int, through: int) -> str:
    """
    >>> since_file_name(17, 42)
    'changes-18-42.rdfp'
    """
    return f"changes-{since + 1}-{through}.rdfp"


def write_since(out_dir: Path, store: LoggedStore, since: int) -> Path:
    """Write every change after `since`, up to the last one the store's snapshot holds, as one RDF Patch file in
    `out_dir` (`changes-{since+1}-{through}.rdfp`; empty when there is none), streamed, and return its path.
    The file is complete or absent: it is written beside its name and renamed."""
    through = store.changes_through
    if since < 0 or since > through:
        raise SyncError(f"no change {since} to continue from: the store holds changes 1 to {through}")
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / since_file_name(since, through)
    partial = path.with_name(path.name + ".tmp")
    with partial.open("wb") as output:
        for block in patch_stream(store.changelog.changes(since=since, through=through)):
            output.write(block)
        output.flush()
        os.fsync(output.fileno())
    partial.replace(path)
    return path


def lines_of(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines (each with its newline) of a stream of byte chunks, such as an HTTP response's body.

    >>> list(lines_of([b"A <a> <b> <c> .\\nTX", b" .\\n", b"TC ."]))
    [b'A <a> <b> <c> .\\n', b'TX .\\n', b'TC .']
    """
    pending = b""
    for chunk in chunks:
        pending += chunk
        *complete, pending = pending.split(b"\n")
        for line in complete:
            yield line + b"\n"
    if pending:
        yield pending


def iter_patches(lines: Iterable[bytes]) -> Iterator[tuple[int, bytes]]:
    """(number, patch) for each change in a stream of patch lines (`H id` opens a change, `TC .` ends it)."""
    number: int | None = None
    block: list[bytes] = []
    for line in lines:
        if number is None:
            match = _ID.match(line)
            if match is None:
                if line.strip():
                    raise SyncError(f"a change must begin with its H id header, not {line[:80]!r}")
                continue
            number = int(match[1])
        block.append(line)
        if line.startswith(b"TC ") or line.strip() == b"TC":
            yield number, b"".join(block)
            number, block = None, []
    if number is not None:
        raise SyncError(f"change {number} is cut short (no TC line)")


def apply_patches(store: pyoxigraph.Store, lines: Iterable[bytes], after: int) -> int:
    """Apply, in order, the changes of a stream of patch lines to a copy that holds every change up to `after`;
    each must be the next number. Returns the number of the last change applied (`after` when none)."""
    last = after
    for number, patch in iter_patches(lines):
        if number != last + 1:
            raise SyncError(f"change {number} does not follow change {last}")
        apply_patch(store, patch)
        last = number
    return last
