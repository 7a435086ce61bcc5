"""The HTTP protocol every server process speaks: uvicorn's h11 protocol with a deadline on each request's headers.

uvicorn closes a connection that stays idle between requests (`timeout_keep_alive`), but cancels that timer on the
first byte that arrives, so a client that sends one byte of its headers every few seconds ("slowloris") holds the
connection, and the memory behind it, for as long as it likes; a few hundred such clients use up a process. Here a
connection must finish each request's line and headers within `LEXRDF_HEADER_TIMEOUT` seconds (default 10) of
connecting or of the previous response, however it trickles them; past that it is closed without a reply. Bodies
are bounded by the endpoints' own size limits; the deadline is on the headers only.
"""

from __future__ import annotations

import asyncio
import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

DEFAULT_HEADER_SECONDS = 10.0


def header_seconds() -> float:
    """The time a connection has to finish a request's headers (LEXRDF_HEADER_TIMEOUT, seconds)."""
    return float(os.environ.get("LEXRDF_HEADER_TIMEOUT", DEFAULT_HEADER_SECONDS))


class HeaderDeadlineProtocol(H11Protocol):
    """h11 with a deadline from the start of each request cycle to the end of that request's headers."""

    header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request line and headers are in: the cycle goes on
            self._disarm_header_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:  # waiting for the next request
            self._arm_header_deadline()

    def _arm_header_deadline(self) -> None:
        self._disarm_header_deadline()
        self.header_deadline = self.loop.call_later(header_seconds(), self._headers_too_slow)

    def _disarm_header_deadline(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _headers_too_slow(self) -> None:
        """The deadline passed with the headers unfinished: close the connection (no reply: nothing was asked)."""
        self.header_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
