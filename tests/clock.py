"""A wall clock for transaction-time tests: it moves only when asked, so a test takes a moment strictly between two
writes without sleeping (lexrdf.txtime.wall_clock is the one place lexrdf reads the wall clock for them)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

STEP = timedelta(milliseconds=1)  # each reading moves it on: no two writes share a time


class SteppingClock:
    """Starts a day before the real now (so "known at now" sees everything it stamps) and moves `STEP` on each
    reading, and by `advance` when a test says time passes."""

    def __init__(self) -> None:
        self._now = datetime.now(UTC) - timedelta(days=1)
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            self._now += STEP
            return self._now

    def advance(self, by: timedelta) -> None:
        with self._lock:
            self._now += by

    def instant(self) -> str:
        """A moment strictly after every time stamped so far and before every later one."""
        return self().isoformat()
