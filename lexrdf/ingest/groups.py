"""The group commits of an ingest: how many quads each gathers (`group_quads`), and the `Segment` that hands one
group's acts from the ingest's thread to the writer's, streamed as they are planned or whole."""

from __future__ import annotations

import collections
import contextlib
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

from lexrdf.errors import StoreError
from lexrdf.ingest.commit import ActWrite, write_acts
from lexrdf.store.base import Store
from lexrdf.tuning import TUNING

# acts are written in groups of about this many quads (one group commit: Store.add_act_graphs)
GROUP_QUADS = TUNING.group_quads
# An ingest of more than `Settings.ingest_stream_mb` of sources (10^7 quads are 432 MB of Akoma Ntoso, 10^6 43 MB)
# streams its groups into the store as they are planned (`Segment`), in groups that grow with what it wrote: each
# group is one bulk load, and each load into a large store costs RocksDB a compaction of what it holds (measured at
# 10^7 quads: 112 s of processor time for 94 loads, 27 s for 7). A smaller ingest writes groups of at most
# `GROUP_QUADS`, each loaded at once, the first of `FIRST_GROUP_QUADS`.
#: The first group of an ingest that is not streamed: two acts of the bench's synthetic corpus, so that the writer
#: starts on an empty store once two acts are planned, not four. Measured on two cores, 8 interleaved pairs of whole
#: ingests of 10^5 quads (7 acts, planned in processes): 1.88-1.96 s against 2.01-2.25 s with 50,000; at 10^6 quads
#: 20.1-21.1 s against 19.7-22.3 s (no change). Smaller, each act its own load at first, was no faster (1.94-2.21 s).
FIRST_GROUP_QUADS = 25_000


def group_quads(written: int, remaining: int = 0, streamed: bool = False) -> int:
    """How many quads the next group commit of an ingest gathers, once `written` are handed to the writer and about
    `remaining` are still to come: `FIRST_GROUP_QUADS` at first, doubling up to `GROUP_QUADS`, so that the writer (the
    ingest's critical path) starts early and then writes in groups large enough to cost little per quad. A
    `streamed` group starts at a quarter of it and keeps doubling, as large as what was written before it, but no
    larger than what remains after it, so that groups shrink again towards the end and the last one, written once
    everything is planned, is small.

    >>> [group_quads(written) for written in (0, 25_000, 50_000, 100_000, 199_999, 10**6)]
    [25000, 25000, 50000, 100000, 199999, 200000]
    >>> [group_quads(w, r, streamed=True) for w, r in ((0, 10**7), (10**6, 10**7), (4 * 10**6, 10**6), (10**7, 0))]
    [50000, 1000000, 1000000, 50000]
    """
    if streamed:
        return max(GROUP_QUADS // 4, min(written, remaining))
    return min(GROUP_QUADS, max(FIRST_GROUP_QUADS, written))


SEGMENT_AHEAD = TUNING.segment_ahead  # acts planned that wait for a streamed group's writer ...
#: ... or more, as long as they add no more quads than this (about 400 MB with their views): when a large group ends,
#: the writer waits for the loader to sort its last batch and ingest its files (30 s at 10^7), and the next group's
#: acts are planned meanwhile instead of a few only
SEGMENT_AHEAD_QUADS = TUNING.segment_ahead_quads


class Segment:
    """The acts of one group commit, handed from the ingest's thread to the writer's: `streamed`, while the writer
    writes them (`write_acts` iterates it), at most `SEGMENT_AHEAD` acts, or acts of at most `SEGMENT_AHEAD_QUADS`
    quads, waiting between the two, so that what is planned ahead stays bounded; else handed over once whole.
    `close` ends it; `abort` ends it with an error, which the writer raises (nothing of the group is written)."""

    _END = object()

    def __init__(self, streamed: bool) -> None:
        self.streamed = streamed
        self._queue: collections.deque[Any] = collections.deque()
        self._changed = threading.Condition()
        self._waiting_quads = 0  # what the acts waiting in the queue add
        self.quads = 0  # what the acts put so far add (as planned)
        self.writing: Future[tuple[int, int]] | None = None  # the writer's task that writes it

    def put(self, write: ActWrite) -> None:
        """Hand an act to the writer, waiting while too much waits (streamed); the writer's error if it stopped."""
        self.quads += len(write.quads)
        if not self._hand(write, len(write.quads)):
            raise StoreError("the writer ended a group before it was complete")

    def close(self) -> None:
        if not self._hand(self._END):
            raise StoreError("the writer ended a group before it was complete")

    def abort(self) -> None:
        """End the group with an error, unless its writer stopped already (then no one waits for it)."""
        with contextlib.suppress(Exception):
            self._hand(StoreError("the ingest stopped before this group of acts was complete; nothing was written"))

    def _full(self) -> bool:
        return len(self._queue) >= SEGMENT_AHEAD and self._waiting_quads >= SEGMENT_AHEAD_QUADS

    def _hand(self, item: Any, quads: int = 0) -> bool:
        """Put `item` in the queue, an act waiting while it is full (streamed; the group's end or error never waits);
        False if the writer stopped meanwhile (its error is raised if it failed)."""
        with self._changed:
            while self.streamed and isinstance(item, ActWrite) and self._full():
                if self.writing is not None and self.writing.done():
                    self.writing.result()  # raises what stopped it
                    return False
                self._changed.wait(timeout=0.1)
            self._queue.append((item, quads))
            self._waiting_quads += quads
            self._changed.notify_all()
        return True

    def _take(self) -> Any:
        with self._changed:
            while not self._queue:
                self._changed.wait()
            item, quads = self._queue.popleft()
            self._waiting_quads -= quads
            self._changed.notify_all()
        return item

    def __iter__(self) -> Iterator[ActWrite]:
        while (item := self._take()) is not self._END:
            if isinstance(item, BaseException):
                raise item
            yield item


def write_after(previous: Future[tuple[int, int]] | None, store: Store, segment: Segment) -> tuple[int, int]:
    """`write_acts` of a segment, unless the group before it failed (then nothing of it is written: groups are
    written in order, and an ingest stops at its first failed group)."""
    if previous is not None:
        previous.result()  # the group before it failed: its error is raised again, and nothing of this one written
    return write_acts(store, segment, segment.streamed)
