"""Several server processes on one port (`lexrdf serve --workers N`), each with its own listening socket.

uvicorn's own `workers=N` shares one listening socket between its processes; a client that opens its keep-alive
connections at once (a browser, a load balancer, wrk) then often has all of them accepted by one process while the
others idle. Here each process binds the port itself with SO_REUSEPORT, so the kernel spreads new connections
over the processes. Every process is a reader of the store's published snapshots (lexrdf.store.snapshots), so they
share nothing but the store. The supervisor forwards SIGTERM/SIGINT, waits a few seconds, then kills what is left,
and restarts a process that dies on its own.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from lexrdf.settings import Settings
from lexrdf.web.factory import environment
from lexrdf.web.protocol import HeaderDeadlineProtocol

MAX_HEADER_BYTES = 64 * 1024  # a request's line and headers together: past it, 431 and the connection closed
# how every server process runs uvicorn: h11, which bounds what a client may send before its headers end (httptools
# held 16 MB of headers from one connection, and any more it was sent), with a deadline on each request's headers
SERVER_OPTIONS: dict[str, object] = {
    "http": HeaderDeadlineProtocol,
    "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
    "timeout_graceful_shutdown": 5,
    # longer than clients keep an idle connection for reuse (httpx 5 s, browsers and proxies about 4 to 60 s, often
    # closing it first): at uvicorn's default of 5 s a client reusing a connection the server was closing that instant
    # got no answer (the keep-alive race; 1 to 7 light requests in 60 s of the 50-client load test)
    "timeout_keep_alive": 20,
}

GRACE_SECONDS = 8.0


def reuse_port_supported() -> bool:
    """Whether this platform lets several sockets bind one port (Linux, the BSDs)."""
    return hasattr(socket, "SO_REUSEPORT")


def supervise(settings: Settings, host: str, port: int, workers: int, log_level: str = "info") -> None:
    """Run `workers` server processes on host:port until SIGTERM or SIGINT."""
    env = {**os.environ, **environment(settings)}
    command = [sys.executable, "-c", f"from lexrdf.web.workers import child; child({host!r}, {port}, {log_level!r})"]
    children = [subprocess.Popen(command, env=env) for _ in range(workers)]
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        time.sleep(0.2)
        for index, process in enumerate(children):
            if process.poll() is not None and not stopping:
                time.sleep(0.5)  # a process that dies at once (port taken, bad store) must not spin
                children[index] = subprocess.Popen(command, env=env)
    for process in children:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + GRACE_SECONDS
    for process in children:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()


def child(host: str, port: int, log_level: str = "info") -> None:
    """One server process: its own SO_REUSEPORT socket, the app built from the environment (lexrdf.web.factory)."""
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    config = uvicorn.Config("lexrdf.web.factory:app", factory=True, log_level=log_level, **SERVER_OPTIONS)
    uvicorn.Server(config).run(sockets=[sock])
