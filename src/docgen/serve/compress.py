"""gzip for the text files ``docgen serve`` answers (HTML, CSS, JavaScript, JSON, SVG...), for
readers whose browser accepts it, as a static host or CDN compresses them: a page and its
style sheet are a quarter of their size on the wire. Each file is compressed once (its ETag
names its content), in a worker thread (a 2 MiB file takes about 40 ms: on the event loop, every
other request waited), and kept within a memory budget."""

from __future__ import annotations

import asyncio
import functools
import gzip
import re
from collections import OrderedDict

import anyio
import anyio.to_thread

MIN_SIZE = 1024  # smaller files gain less than the header costs
# Larger files go as they are: files of many megabytes would take a worker seconds and crowd
# the budget out.
MAX_SIZE = 2 * 1024 * 1024
BUDGET = 64 * 1024 * 1024  # compressed bytes kept at once
AT_ONCE = 2  # files compressed at the same time (each in a worker thread)
_GZIP = re.compile(r"(?:^|,)\s*(gzip|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?=,|$)", re.IGNORECASE)
_TEXT = ("text/", "application/json", "application/xml", "application/yaml", "image/svg+xml")


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (listed, or ``*``, without q=0)."""
    if not header:
        return False
    for match in _GZIP.finditer(header):
        quality = match.group(2)
        try:
            if quality is None or float(quality) > 0:
                return True
        except ValueError:
            continue
    return False


def compressible(kind: str, size: int) -> bool:
    """Whether a file of media type ``kind`` and ``size`` bytes is worth compressing."""
    return MIN_SIZE <= size <= MAX_SIZE and kind.startswith(_TEXT)


def gzip_etag(etag: str) -> str:
    """The ETag of the gzip form of the file whose ETag is ``etag``."""
    return etag[:-1] + '-gz"' if etag.endswith('"') else etag


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)


class GzipCache:
    """Compressed files by ETag, the least recently used dropped past ``budget`` bytes.

    Compressing runs in worker threads, :data:`AT_ONCE` files at a time, so the event loop goes
    on serving meanwhile; requests for a file being compressed wait for that one result (the
    same bytes are never compressed twice at once, so memory stays within the budget plus
    :data:`AT_ONCE` files being compressed).
    """

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._held: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._pending: dict[str, asyncio.Task[bytes]] = {}
        self._workers: anyio.CapacityLimiter | None = None  # made on the loop, when first needed

    async def get(self, etag: str, data: bytes) -> bytes:
        found = self._held.get(etag)
        if found is not None:
            self._held.move_to_end(etag)
            return found
        task = self._pending.get(etag)
        if task is None:
            task = asyncio.ensure_future(self._pack(etag, data))
            self._pending[etag] = task
            task.add_done_callback(functools.partial(self._settled, etag))
        # shielded: a request cancelled while waiting leaves the result to the others
        return await asyncio.shield(task)

    async def _pack(self, etag: str, data: bytes) -> bytes:
        if self._workers is None:
            self._workers = anyio.CapacityLimiter(AT_ONCE)
        packed = await anyio.to_thread.run_sync(_gzip, data, limiter=self._workers)
        if len(packed) <= self.budget:
            self._held[etag] = packed
            self._size += len(packed)
            while self._size > self.budget:
                _, dropped = self._held.popitem(last=False)
                self._size -= len(dropped)
        return packed

    def _settled(self, etag: str, task: asyncio.Task[bytes]) -> None:
        self._pending.pop(etag, None)
        if not task.cancelled():
            task.exception()  # retrieved: a failure is the waiting requests' to report
