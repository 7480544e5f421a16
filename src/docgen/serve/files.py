"""The answer to a request for one file of the site, as a careful static host gives it:
gzip for text (:mod:`docgen.serve.compress`), conditional requests (``If-None-Match`` with
weak comparison, lists and ``*``, as a browser sends back the ``W/`` tag a compressing reverse
proxy made of ours), byte ranges (one range; ``If-Range``), and cache headers (content-hashed
search files are immutable; every other file, whose name stays when its content changes, is
revalidated)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from starlette.responses import Response

from docgen.serve.compress import GzipCache, accepts_gzip, compressible, gzip_etag

REVALIDATE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"
# Pagefind names its index chunks, fragments, filters and metadata after their content's hash
# (``fragment/en_58614c1.pf_fragment``, ``pagefind.en_ccc81274b9.pf_meta``) in the primary
# bundle ``_docgen/pagefind/`` and the shards ``_docgen/pagefind-N/``.
_HASHED = re.compile(r"_docgen/pagefind(?:-\d+)?/(?:[a-z]+/)?[^/]*_[0-9a-f]{7,}\.pf_[a-z]+")
# At most 18 digits a number (a larger one is no file's size, and Python refuses to read
# integers of more than 4,300 digits): a longer one makes the header malformed (whole file).
_RANGE = re.compile(r"bytes\s*=\s*(\d{0,18})\s*-\s*(\d{0,18})\s*", re.IGNORECASE)


def cache_control(key: str) -> str:
    """The ``Cache-Control`` of the site file ``key``."""
    return IMMUTABLE if _HASHED.fullmatch(key) else REVALIDATE


def _opaque(tag: str) -> str:
    tag = tag.strip()
    return tag[2:] if tag.startswith("W/") else tag


def none_match(header: str | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` header matches ``etag`` (RFC 9110 13.1.2: ``*``, or any
    listed tag equal to it under weak comparison)."""
    if header is None or not etag:
        return False
    if header.strip() == "*":
        return True
    wanted = _opaque(etag)
    return any(_opaque(tag) == wanted for tag in header.split(","))


def byte_range(header: str | None, size: int) -> tuple[int, int] | bool | None:
    """The first and last byte a ``Range`` header asks for; ``None`` to send the whole file
    (no header, another unit, several ranges, a malformed one); ``False`` when it asks only
    beyond the end (416)."""
    if header is None or "," in header:
        return None
    match = _RANGE.fullmatch(header)
    if match is None or match.group(1) == match.group(2) == "":
        return None
    first, last = match.group(1), match.group(2)
    if first == "":  # the last N bytes
        length = int(last)
        if length == 0:
            return False
        return max(size - length, 0), size - 1
    start = int(first)
    end = size - 1 if last == "" else min(int(last), size - 1)
    if last != "" and int(last) < start:
        return None
    if start >= size:
        return False
    return start, end


async def file_answer(
    headers: Mapping[str, str],
    key: str,
    data: bytes,
    etag: str,
    kind: str,
    packer: GzipCache | None = None,
) -> Response:
    """The answer to a ``GET`` or ``HEAD`` of the site file ``key`` (``data``, of media type
    ``kind``) given the request's ``headers``; gzip-compressed with ``packer`` for a reader
    that accepts it (a range is taken from the file itself)."""
    out = {"Cache-Control": cache_control(key), "Accept-Ranges": "bytes"}
    packed = None
    if packer is not None and compressible(kind, len(data)):
        out["Vary"] = "Accept-Encoding"
        if accepts_gzip(headers.get("accept-encoding")) and "range" not in headers:
            packed = await packer.get(etag, data) if etag else None
    chosen = gzip_etag(etag) if packed is not None else etag
    if chosen:
        out["ETag"] = chosen
    if none_match(headers.get("if-none-match"), chosen):
        return Response(status_code=304, headers=out)
    if packed is not None:
        out["Content-Encoding"] = "gzip"
        return Response(packed, 200, out, media_type=kind)
    if_range = headers.get("if-range")
    wanted = None
    if if_range is None or (etag and not etag.startswith("W/") and if_range.strip() == etag):
        wanted = byte_range(headers.get("range"), len(data))
    if wanted is False:
        out["Content-Range"] = f"bytes */{len(data)}"
        return Response(b"", 416, out, media_type=kind)
    if isinstance(wanted, tuple):
        start, end = wanted
        out["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
        return Response(data[start : end + 1], 206, out, media_type=kind)
    return Response(data, 200, out, media_type=kind)
