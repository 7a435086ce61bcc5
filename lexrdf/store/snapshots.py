"""Published snapshots of a store: immutable RocksDB checkpoints that readers open while a writer works.

Inside the store directory (see docs/store.md):

    snapshots/00000007-1714557296123/   a checkpoint (hard links to the primary's files), published at that ms
    snapshots/CURRENT                   the name of the newest published snapshot, replaced atomically

Only the process holding the primary's RocksDB lock (the writer) publishes and prunes; readers only read the
pointer and open the snapshot it names read-only.

>>> name = snapshot_name(7, 1714557296123)
>>> name, parse_name(name)
('00000007-1714557296123', (7, 1714557296123))
>>> parse_name("00000008-1714557296999.tmp") is None  # a checkpoint a killed writer left unfinished
True
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph

from lexrdf import txtime
from lexrdf.settings import DEFAULT_SNAPSHOT_GRACE_SECONDS as DEFAULT_GRACE_SECONDS
from lexrdf.store.changelog import write_through
from lexrdf.store.files import replace_atomically

SNAPSHOTS = "snapshots"
POINTER = "CURRENT"

_NAME = re.compile(r"(?P<sequence>\d{8,})-(?P<published_ms>\d+)")

Stamp = tuple[int, int, int, int]  # the pointer file's (inode, size, mtime_ns, ctime_ns)


def _now_ms() -> int:
    """Milliseconds since the epoch on lexrdf's wall clock (txtime.wall_clock: tests move it instead of sleeping)."""
    return int(txtime.wall_clock().timestamp() * 1000)


def snapshot_name(sequence: int, published_ms: int) -> str:
    """The directory name of a snapshot: its sequence number, then when it was published (Unix ms)."""
    return f"{sequence:08d}-{published_ms}"


def parse_name(name: str) -> tuple[int, int] | None:
    """(sequence, published_ms) of a snapshot directory name, or None for anything else."""
    match = _NAME.fullmatch(name)
    return (int(match["sequence"]), int(match["published_ms"])) if match else None


@dataclass(frozen=True)
class Snapshot:
    """One published checkpoint."""

    sequence: int
    published_ms: int
    path: Path

    @property
    def name(self) -> str:
        return self.path.name


class Snapshots:
    """The snapshots directory of one store: publish (writer only), find the newest, prune the superseded."""

    def __init__(self, store_directory: Path) -> None:
        self.root = store_directory / SNAPSHOTS
        self.pointer = self.root / POINTER

    def stamp(self) -> Stamp | None:
        """A cheap fingerprint of the pointer (one stat): it changes whenever a snapshot is published."""
        try:
            info = os.stat(self.pointer)
        except FileNotFoundError:
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

    def current(self) -> Snapshot | None:
        """The newest published snapshot, or None when nothing was ever published."""
        try:
            name = self.pointer.read_bytes().decode("ascii").strip()
        except FileNotFoundError:
            return None
        except (UnicodeDecodeError, OSError):  # garbage, or unreadable: as if nothing were published
            return None
        parsed = parse_name(name)
        return Snapshot(parsed[0], parsed[1], self.root / name) if parsed else None

    def published(self) -> list[Snapshot]:
        """Every snapshot directory present, oldest first (the current one, superseded ones not yet pruned)."""
        if not self.root.is_dir():
            return []
        found = []
        for entry in self.root.iterdir():
            parsed = parse_name(entry.name)
            if parsed and entry.is_dir():
                found.append(Snapshot(parsed[0], parsed[1], entry))
        return sorted(found, key=lambda snapshot: snapshot.sequence)

    def publish(
        self, store: pyoxigraph.Store, grace_seconds: float = DEFAULT_GRACE_SECONDS, changes_through: int = 0
    ) -> Snapshot:
        """Checkpoint `store` (the primary, opened read-write by the caller, who thus holds its lock) as the next
        snapshot, recording the last change of the transaction log it holds (`changes_through`; see
        lexrdf.store.changelog), point CURRENT at it, then prune. A checkpoint is written to `<name>.tmp` and
        renamed by RocksDB when complete; the pointer is replaced atomically, so a writer killed at any step
        publishes nothing."""
        self.root.mkdir(exist_ok=True)
        self.remove_unfinished()
        sequence = max((s.sequence for s in self.published()), default=0) + 1
        published_ms = _now_ms()
        snapshot = Snapshot(sequence, published_ms, self.root / snapshot_name(sequence, published_ms))
        store.backup(str(snapshot.path))
        write_through(snapshot.path, changes_through)
        self._point_at(snapshot.name)
        self.prune(grace_seconds)
        return snapshot

    def prune(self, grace_seconds: float, now_ms: int | None = None) -> list[Path]:
        """Remove the snapshots superseded more than `grace_seconds` ago (superseded when the next one was
        published), always keeping the current one and the one before it. Writer only. Returns what it removed."""
        current = self.current()
        if current is None:
            return []
        now_ms = _now_ms() if now_ms is None else now_ms
        older = [s for s in self.published() if s.sequence < current.sequence]
        removed = []
        for snapshot, successor in zip(older[:-1], older[1:] + [current], strict=False):
            if now_ms - successor.published_ms > grace_seconds * 1000:
                shutil.rmtree(snapshot.path, ignore_errors=True)
                removed.append(snapshot.path)
        return removed

    def remove_unfinished(self) -> None:
        """What a writer killed while publishing left: a checkpoint still named .tmp, one never pointed at, a
        pointer never renamed. Writer only (a writer does this when it opens the store and before each publish)."""
        if not self.root.is_dir():
            return
        current = self.current()
        for entry in self.root.iterdir():
            parsed = parse_name(entry.name)
            never_published = parsed is not None and (current is None or parsed[0] > current.sequence)
            if entry.is_dir() and (entry.name.endswith(".tmp") or never_published):
                shutil.rmtree(entry, ignore_errors=True)
            elif entry.name.startswith(f"{POINTER}.") and entry.is_file():
                entry.unlink(missing_ok=True)

    def _point_at(self, name: str) -> None:
        """Replace the pointer atomically (temporary file, fsync, rename, fsync of the directory)."""
        replace_atomically(self.pointer, (name + "\n").encode("ascii"), self.root / f"{POINTER}.{os.getpid()}")
