"""Acting on SIGTERM and SIGINT at once, before uvicorn's graceful shutdown waits for the open requests.

uvicorn answers SIGTERM by waiting for every open request before the lifespan shutdown, so a running query would
hold the server until its deadline. `on_shutdown_signals(stop)` chains a handler in front of whatever handles
those signals (uvicorn's): it schedules `stop` on the event loop (the pool kills its workers, whose requests end
at once), then hands the signal on.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Callable
from typing import Any

SIGNALS = (signal.SIGTERM, signal.SIGINT)


def on_shutdown_signals(stop: Callable[[], None]) -> Callable[[], None]:
    """Run `stop` in the running loop on SIGTERM or SIGINT, then the handler that was there; returns the function
    that puts the previous handlers back. Only the main thread can set handlers; elsewhere (a server run in a
    thread, as by a test client) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: Any) -> None:
        loop.call_soon_threadsafe(stop)
        prior = previous.get(signum)
        if callable(prior):
            prior(signum, frame)
        elif prior != signal.SIG_IGN:  # the default action: put it back and deliver the signal again
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    for signum in SIGNALS:
        previous[signum] = signal.getsignal(signum)
        signal.signal(signum, handler)

    def restore() -> None:
        for signum, prior in previous.items():
            with contextlib.suppress(ValueError, TypeError):
                if signal.getsignal(signum) is handler:
                    signal.signal(signum, prior)

    return restore
