"""Real `lexrdf serve` processes for the HTTP tests: on a free port of 127.0.0.1, until /health answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx
from conftest import BASE


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def lexrdf_server(
    store: Path, *options: str, env: Mapping[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen]]:
    """`python -m lexrdf.cli serve --store STORE OPTIONS --port P` (BASE as the base IRI), its output in a log file
    beside the store (a pipe would fill and block a busy server); yields its URL and process, then stops it with
    SIGTERM unless the test already did. One server process (`--workers 1`) unless OPTIONS ask for more."""
    port = free_port()
    log_path = store.parent / f"server-{port}.log"
    workers = () if "--workers" in options else ("--workers", "1")
    command = [sys.executable, "-m", "lexrdf.cli", "serve", "--store", str(store), *options, *workers]
    command += ["--port", str(port)]
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "LEXRDF_BASE_IRI": BASE, **(env or {})}
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"server did not start: {log_path.read_text(encoding='utf-8')[-4000:]}")
            time.sleep(0.2)
        try:
            yield url, process
        finally:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=30)


@contextmanager
def lexrdf_serve(store: Path, *options: str, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """The URL of a `lexrdf_server`."""
    with lexrdf_server(store, *options, env=env) as (url, _):
        yield url
