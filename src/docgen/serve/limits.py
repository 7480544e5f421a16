"""The proxy's size and time limits (security.md 16), read from the environment, and the turns
for holding large responses, which bound the memory of all requests together."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

import anyio

MiB = 1024 * 1024
ENV_TIMEOUT = "DOCGEN_PROXY_TIMEOUT"
ENV_MAX_REQUEST = "DOCGEN_PROXY_MAX_REQUEST"
ENV_MAX_RESPONSE = "DOCGEN_PROXY_MAX_RESPONSE"
ENV_LARGE_AT_ONCE = "DOCGEN_PROXY_LARGE_AT_ONCE"
SMALL_RESPONSE = MiB  # bodies up to this size never wait for a turn
_SIZE = re.compile(r"\s*(\d+)\s*(|b|k|kb|kib|m|mb|mib)\s*", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": MiB, "mb": MiB, "mib": MiB}


def size_text(size: int) -> str:
    """``20 MiB``, ``512 KiB`` or ``100 bytes``."""
    if size >= MiB and size % MiB == 0:
        return f"{size // MiB} MiB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024} KiB"
    return f"{size} bytes"


@dataclass(frozen=True, slots=True)
class Limits:
    """Size and time limits of the proxy.

    ``timeout`` bounds each proxied request as a whole (lookup, connection, waiting for a
    connection or a turn, headers and the complete body), not each read. ``large_at_once``:
    how many responses larger than :data:`SMALL_RESPONSE` may be held at once.
    """

    max_request_bytes: int = 5 * MiB
    max_response_bytes: int = 20 * MiB
    timeout: float = 30.0
    large_at_once: int = 3
    reader_rate: int = 64 * 1024

    def answer_seconds(self, size: int) -> float:
        """How long a reader may take to receive the answer to a request whose upstream body
        is ``size`` bytes: the timeout plus a second per ``reader_rate`` bytes (64 KiB). A
        reader that stops reading would otherwise hold the body, and its turn, for as long as
        it keeps the connection open."""
        return self.timeout + size / self.reader_rate


def limits_from_env(environ: Mapping[str, str]) -> Limits:
    """Limits from ``DOCGEN_PROXY_*`` variables; raises ``ValueError`` with a message."""
    defaults = Limits()
    return Limits(
        max_request_bytes=_size(environ, ENV_MAX_REQUEST, defaults.max_request_bytes),
        max_response_bytes=_size(environ, ENV_MAX_RESPONSE, defaults.max_response_bytes),
        timeout=env_seconds(environ, ENV_TIMEOUT, defaults.timeout),
        large_at_once=env_count(environ, ENV_LARGE_AT_ONCE, defaults.large_at_once),
    )


def _size(environ: Mapping[str, str], name: str, default: int) -> int:
    value = environ.get(name, "").strip()
    if not value:
        return default
    match = _SIZE.fullmatch(value)
    if match is None or int(match.group(1)) == 0:
        raise ValueError(f"{name}={value!r}: expected a size in bytes such as 20MiB or 512KiB")
    return int(match.group(1)) * _UNITS[match.group(2).lower()]


def env_count(environ: Mapping[str, str], name: str, default: int, most: int = 1000) -> int:
    """A whole number from 1 to ``most`` in ``environ[name]``, else ``default``; raises
    ``ValueError`` with a message naming the variable."""
    value = environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or not 0 < int(value) <= most:
        raise ValueError(f"{name}={value!r}: expected a whole number from 1 to {most}")
    return int(value)


def env_seconds(environ: Mapping[str, str], name: str, default: float) -> float:
    """A positive number of seconds in ``environ[name]``, else ``default``; raises
    ``ValueError`` with a message naming the variable."""
    value = environ.get(name, "").strip()
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"{name}={value!r}: expected a number of seconds such as 30 or 2.5")
    return seconds


class LargeResponses:
    """Turns for holding a response larger than :data:`SMALL_RESPONSE`: at most ``count`` at once
    (first come, first served). A request waits for its turn before it reads past that size, so
    memory stays below about ``connections x SMALL_RESPONSE + count x max_response_bytes``,
    and concurrent large responses are answered one group after another instead of all failing.
    """

    def __init__(self, count: int) -> None:
        self.count = count
        self._semaphore: anyio.Semaphore | None = None

    def _get(self) -> anyio.Semaphore:
        if self._semaphore is None:
            self._semaphore = anyio.Semaphore(self.count, fast_acquire=True)
        return self._semaphore

    async def acquire(self) -> None:
        await self._get().acquire()

    def release(self) -> None:
        self._get().release()
