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
    workers = () if "--workers" in options else ("--workers", "1")
    with _running(["serve", "--store", str(store), *options, *workers], store.parent, env) as running:
        yield running


@contextmanager
def search_service(store: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """`python -m lexrdf.cli search-index serve --store STORE OPTIONS --port P`, as `lexrdf_server`."""
    with _running(["search-index", "serve", "--store", str(store), *options], store.parent) as running:
        yield running


@contextmanager
def _running(
    arguments: list[str], logs: Path, env: Mapping[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen]]:
    """`python -m lexrdf.cli ARGUMENTS --port P` until its /health answers, its output in `logs`/server-P.log."""
    port = free_port()
    log_path = logs / f"server-{port}.log"
    command = [sys.executable, "-m", "lexrdf.cli", *arguments, "--port", str(port)]
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
