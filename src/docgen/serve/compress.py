"""gzip for the text files ``docgen serve`` answers (HTML, CSS, JavaScript, JSON, SVG...), for
readers whose browser accepts it, as a static host or CDN compresses them: a page and its
style sheet are a quarter of their size on the wire. Each file is compressed once (its ETag
names its content) and kept within a memory budget."""

from __future__ import annotations

import gzip
import re
from collections import OrderedDict

MIN_SIZE = 1024  # smaller files gain less than the header costs
# Larger files go as they are: compressing runs on the server's event loop (2 MiB: about 40 ms,
# once a file), and files of many megabytes would take seconds and crowd the budget out.
MAX_SIZE = 2 * 1024 * 1024
BUDGET = 64 * 1024 * 1024  # compressed bytes kept at once
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


class GzipCache:
    """Compressed files by ETag, the least recently used dropped past ``budget`` bytes."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._held: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0

    def get(self, etag: str, data: bytes) -> bytes:
        found = self._held.get(etag)
        if found is not None:
            self._held.move_to_end(etag)
            return found
        packed = gzip.compress(data, compresslevel=6, mtime=0)
        if len(packed) <= self.budget:
            self._held[etag] = packed
            self._size += len(packed)
            while self._size > self.budget:
                _, dropped = self._held.popitem(last=False)
                self._size -= len(dropped)
        return packed
