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
- at most ``max_connections`` connections are open: one more closes the connection that has
  been receiving a request head or body for the longest time (an idle keep-alive one, a slow
  sender), so real requests, which arrive at once, are not starved; when every connection has
  a whole request in (its answer being made or sent), the new one is answered ``503``.

A response being sent (a large proxied answer, a live-reload event stream) is never timed by
these: the deadlines cover only receiving requests.
"""

from __future__ import annotations

import asyncio
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
MOST_CONNECTIONS = 100_000
# What a reader must take of a waiting answer each ``send_timeout`` to keep its connection
# (the whole body is handed to the transport at once, so it drains over many deadlines).
MIN_PROGRESS = 16 * 1024


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """Deadlines (seconds) for a request's head and body and for a stalled answer to drain, and
    the open connections allowed."""

    head_timeout: float = 10.0
    body_timeout: float = 30.0
    send_timeout: float = 30.0
    max_connections: int = 1000


def _raw(status: str, text: str) -> bytes:
    body = text.encode("ascii")
    return (
        f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode("ascii") + body


TIMEOUT_408 = _raw("408 Request Timeout", "The request did not arrive in time.\n")
BUSY_503 = _raw("503 Service Unavailable", "Too many connections: try again shortly.\n")


class GuardedH11Protocol(H11Protocol):
    """Uvicorn's h11 protocol with the deadlines and connection cap of :class:`ConnectionLimits`
    (the class attribute ``limits``; :func:`guarded_protocol` makes a class with others)."""

    limits = ConnectionLimits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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
        super().data_received(data)
        self._arm()

    def on_response_complete(self) -> None:
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
    )
