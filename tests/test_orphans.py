"""A `kill -9` of an ingest that started its pools leaves no process behind: no pool worker, no fork server, no
resource tracker (each held its memory, and a pipe nobody would read again, forever)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from conftest import SHARED_DATA, needs_shared, unavailable

CORPUS = [SHARED_DATA / "akn", SHARED_DATA / "clml"]


def marked(marker: str) -> set[int]:
    """The processes whose environment holds `marker` (every process an ingest starts inherits its environment)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if marker.encode() in environ:
            found.add(int(entry.name))
    return found


def test_a_killed_ingest_leaves_no_process_behind(tmp_path):
    if not Path("/proc").exists():
        unavailable("reads processes from /proc (Linux)")
    needs_shared(CORPUS[0])
    marker = f"LEXRDF_TEST_RUN={uuid.uuid4()}"
    name, value = marker.split("=")
    env = {**os.environ, name: value, "LEXRDF_INGEST_PROCESSES": "2"}
    command = [sys.executable, "-m", "lexrdf.cli", "ingest", "--store", str(tmp_path / "store"), *map(str, CORPUS)]
    ingest = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(marked(marker) - {ingest.pid}) < 2:  # the fork server and a worker, at least
            assert ingest.poll() is None, "the ingest ended before its pools started: nothing was tested"
            assert time.monotonic() < deadline, "the ingest's pools never started"
            time.sleep(0.05)
        ingest.send_signal(signal.SIGKILL)
        ingest.wait(timeout=30)
        deadline = time.monotonic() + 60
        while marked(marker) and time.monotonic() < deadline:  # a bounded wait for the kernel to deliver the kills
            time.sleep(0.1)
        left = marked(marker)
        assert not left, f"processes left behind: {[Path(f'/proc/{pid}/cmdline').read_bytes()[:80] for pid in left]}"
    finally:
        for pid in marked(marker):
            os.kill(pid, signal.SIGKILL)
