"""Connection limits of ``docgen serve`` that Uvicorn does not have (slowloris).

Uvicorn's HTTP/1.1 protocol (h11) has no deadline for receiving a request: its keep-alive
timer covers only the idle time between requests and is reset by every byte received, and no
timer runs at all on a new connection. A client sending one header byte every few seconds
holds its connection (and a file descriptor) for ever; a thousand of them starve real readers.

:func:`guarded_protocol` makes Uvicorn's h11 protocol class (passed as ``uvicorn.Config(http=
...)``, Uvicorn's own extension point) with three limits, set by the operator only:

- a request head (request line and headers) must arrive complete within ``head_timeout``
  seconds of the connection opening or of the previous response ending; else ``408`` and the
  connection is closed;
- a request body must arrive complete within ``body_timeout`` seconds of its head; else the
  connection is closed (the app sees the reader gone);
- a reader must take what the server has to send: once more than 64 KiB of an answer wait
  unsent (asyncio's high-water mark), at least 16 KiB more must be taken every
  ``send_timeout`` seconds until they drain; else the connection is closed (a reader that
  stopped reading a large file held it for ever);
- a request line longer than :data:`MAX_REQUEST_LINE` bytes gets ``414``, a request head
  (request line and headers) longer than :data:`MAX_HEAD` bytes gets ``431``, however it
  arrives (h11 alone took any complete head of one read, and closed on an incomplete one past
  16 KiB with a reset that lost its ``400``); the refused request's remaining bytes are read
  and dropped for up to :data:`LINGER` seconds so that the reader sees the answer;
- at most ``max_connections`` connections are open: one more closes the connection that has
  been receiving a request head or body for the longest time (an idle keep-alive one, a slow
  sender), so real requests, which arrive at once, are not starved; when every connection has
  a whole request in (its answer being made or sent), the new one is answered ``503``.

A response being sent (a large proxied answer, a live-reload event stream) is never timed by
these: the deadlines cover only receiving requests.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from docgen.serve.limits import env_count, env_seconds

ENV_HEAD_TIMEOUT = "DOCGEN_SERVE_HEADER_TIMEOUT"
ENV_BODY_TIMEOUT = "DOCGEN_SERVE_BODY_TIMEOUT"
ENV_SEND_TIMEOUT = "DOCGEN_SERVE_SEND_TIMEOUT"
ENV_MAX_CONNECTIONS = "DOCGEN_SERVE_MAX_CONNECTIONS"
ENV_SHUTDOWN_TIMEOUT = "DOCGEN_SERVE_SHUTDOWN_TIMEOUT"
MOST_CONNECTIONS = 100_000
# What a reader must take of a waiting answer each ``send_timeout`` to keep its connection
# (the whole body is handed to the transport at once, so it drains over many deadlines).
MIN_PROGRESS = 16 * 1024


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """Deadlines (seconds) for a request's head and body and for a stalled answer to drain, the
    open connections allowed, and the time requests in flight get to finish on shutdown."""

    head_timeout: float = 10.0
    body_timeout: float = 30.0
    send_timeout: float = 30.0
    max_connections: int = 1000
    # within Docker's 10 s and Kubernetes' 30 s between SIGTERM and SIGKILL
    shutdown_timeout: float = 5.0


def _raw(status: str, text: str) -> bytes:
    body = text.encode("ascii")
    return (
        f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode("ascii") + body


# As Cloudflare: request lines (URLs) of 16 KiB, heads of 32 KiB (Node's are 16 KiB, nginx's
# lines 8 KiB each); a browser's head, cookies included, stays well below.
MAX_REQUEST_LINE = 16 * 1024
MAX_HEAD = 32 * 1024
LINGER = 5.0  # seconds a refused request's remaining bytes are read and dropped
LINGER_BYTES = 4 * 1024 * 1024  # at most this many; then the connection is closed
_HEAD_END = re.compile(rb"\r?\n\r?\n")
TOO_LONG_414 = _raw("414 URI Too Long", "The request line (URL) is too long.\n")
TOO_LARGE_431 = _raw(
    "431 Request Header Fields Too Large", "The request's header fields are too large.\n"
)
TIMEOUT_408 = _raw("408 Request Timeout", "The request did not arrive in time.\n")
BUSY_503 = _raw("503 Service Unavailable", "Too many connections: try again shortly.\n")


class HeadMeter:
    """Measures a request head as its bytes arrive, in any pieces, without keeping them."""

    def __init__(self) -> None:
        self.size = 0  # bytes of the head seen so far
        self.line: int | None = None  # length of the request line, once it ended
        self.done = False
        self._tail = b""  # last bytes seen: an end of head may straddle two pieces

    def feed(self, data: bytes) -> bytes | None:
        """Count ``data``; the answer refusing the request when its line or head is too long."""
        if self.done:
            return None
        window = self._tail + data
        start = self.size - len(self._tail)  # where ``window`` begins in the head
        self.size += len(data)
        if self.line is None:
            newline = window.find(b"\n")
            if newline >= 0:
                self.line = start + newline
        end = _HEAD_END.search(window)
        if end is not None:
            self.done = True
            self.size = start + end.end()
        self._tail = window[-3:]
        if (self.size if self.line is None else self.line) > MAX_REQUEST_LINE:
            return TOO_LONG_414
        if self.size > MAX_HEAD:
            return TOO_LARGE_431
        return None


class GuardedH11Protocol(H11Protocol):
    """Uvicorn's h11 protocol with the deadlines and connection cap of :class:`ConnectionLimits`
    (the class attribute ``limits``; :func:`guarded_protocol` makes a class with others)."""

    limits = ConnectionLimits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # h11 refuses an incomplete head past its own limit (16 KiB by default) with a bare 400:
        # let it take up to ours, which :class:`HeadMeter` enforces.
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD + 1)
        self._meter = HeadMeter()
        self._dropped: int | None = None  # bytes dropped since the request was refused
        self._phase: type[h11._util.Sentinel] | None = None  # h11.IDLE or h11.SEND_BODY
        self._timer: asyncio.TimerHandle | None = None
        self._send_timer: asyncio.TimerHandle | None = None
        self._unsent = 0  # bytes waiting to be sent when the send deadline was last set
        # when it began receiving the current request head or body (None: it has it all)
        self.receiving_since: float | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()
        if len(self.connections) > self.limits.max_connections:
            self._make_room()

    def data_received(self, data: bytes) -> None:
        if self._dropped is not None:
            self._dropped += len(data)
            if self._dropped > LINGER_BYTES:
                self.transport.close()
            return
        if self.conn.their_state is h11.IDLE:
            refusal = self._meter.feed(data)
            if refusal is not None:
                self._refuse(refusal)
                return
        super().data_received(data)
        self._arm()

    def _refuse(self, answer: bytes) -> None:
        """Answer a head too large, then drop what else it sends (for :data:`LINGER` seconds, at
        most :data:`LINGER_BYTES`) before closing: closing with unread bytes resets the
        connection, and the reader's system may throw the answer away before it is read."""
        self._cancel()
        self.receiving_since = 0.0  # the first to close when a connection needs room
        self._dropped = 0
        self.flow.resume_reading()  # paused while a pipelined request waited
        self.transport.write(answer)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._timer = self.loop.call_later(LINGER, self.transport.close)

    def on_response_complete(self) -> None:
        self._meter = HeadMeter()  # the next request's head
        # (bytes of it that came with the last request, pipelined, wait in h11's buffer)
        pipelined, _ = self.conn.trailing_data
        refusal = self._meter.feed(pipelined) if pipelined else None
        if refusal is not None and not self.transport.is_closing():
            self._refuse(refusal)
            return
        super().on_response_complete()
        self._arm()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._send_timer is None:
            self._unsent = self.transport.get_write_buffer_size()
            self._send_timer = self.loop.call_later(self.limits.send_timeout, self._stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._send_timer is not None:
            self._send_timer.cancel()
            self._send_timer = None

    def _stalled(self) -> None:
        """The answer has waited ``send_timeout``: a reader still taking it (at least
        :data:`MIN_PROGRESS` bytes since) gets another while; one that stopped is cut off."""
        self._send_timer = None
        unsent = self.transport.get_write_buffer_size()
        # (A connection closing after this answer, Uvicorn's keep-alive deadline, still sends it.)
        if self._unsent - unsent >= MIN_PROGRESS:
            self._unsent = unsent
            self._send_timer = self.loop.call_later(self.limits.send_timeout, self._stalled)
            return
        self.transport.abort()  # close() would wait for the unsent bytes

    def connection_lost(self, exc: Exception | None) -> None:
        if self._send_timer is not None:
            self._send_timer.cancel()
            self._send_timer = None
        self._cancel()
        self.receiving_since = None
        super().connection_lost(exc)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._phase = None

    def _arm(self) -> None:
        """Start the deadline of what the connection is receiving (a head, a body), unless it
        already runs: bytes arriving never extend it."""
        if self.transport.is_closing():
            self._cancel()
            return
        state = self.conn.their_state
        if state is not h11.IDLE and state is not h11.SEND_BODY:
            self._cancel()
            self.receiving_since = None
            return
        if self._phase is state:
            return
        self._cancel()
        self._phase = state
        self.receiving_since = time.monotonic()
        head = state is h11.IDLE
        seconds = self.limits.head_timeout if head else self.limits.body_timeout
        self._timer = self.loop.call_later(seconds, self._expired, head)

    def _expired(self, head: bool) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        if head and self.transport.get_write_buffer_size():
            # Still sending the answer before (a large file, to a slow reader: the send
            # deadline watches that): the wait for the next request starts once it is out.
            self._phase = None
            self._arm()
            return
        if head:
            self.transport.write(TIMEOUT_408)
        self.transport.close()

    def _make_room(self) -> None:
        """One connection too many: close the one receiving a request for the longest time, or
        this one (503) when every other has its whole request in."""
        receiving = [
            c
            for c in self.connections
            if isinstance(c, GuardedH11Protocol)
            and c is not self
            and c.receiving_since is not None
            and not c.transport.is_closing()
        ]
        if receiving:
            oldest = min(receiving, key=lambda c: c.receiving_since or 0.0)
            oldest.transport.close()
            return
        self.transport.write(BUSY_503)
        self.transport.close()


def guarded_protocol(limits: ConnectionLimits) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` class with ``limits``, for ``uvicorn.Config(http=...)``."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"limits": limits})


def connection_limits_from_env(environ: Mapping[str, str]) -> ConnectionLimits:
    """Limits from ``DOCGEN_SERVE_*`` variables (defaults for those unset); raises
    ``ValueError`` with a message naming the variable."""
    defaults = ConnectionLimits()
    return ConnectionLimits(
        env_seconds(environ, ENV_HEAD_TIMEOUT, defaults.head_timeout),
        env_seconds(environ, ENV_BODY_TIMEOUT, defaults.body_timeout),
        env_seconds(environ, ENV_SEND_TIMEOUT, defaults.send_timeout),
        env_count(environ, ENV_MAX_CONNECTIONS, defaults.max_connections, MOST_CONNECTIONS),
        env_seconds(environ, ENV_SHUTDOWN_TIMEOUT, defaults.shutdown_timeout),
    )
