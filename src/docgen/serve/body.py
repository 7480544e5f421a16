"""An upstream response body held within limits: content codings undone in bounded steps (a
decompression bomb never inflates past the limit), bytes kept in fixed-size pieces (a stream of
one-byte chunks costs no more memory than its bytes), counted against the request's limit, a
turn taken before it grows large, and written back as the envelope's JSON string piece by
piece."""

from __future__ import annotations

import base64
import codecs
import json
import re
import zlib
from collections import deque
from collections.abc import Iterator

from docgen.exceptions import DecodeError, ProxyError
from docgen.serve.limits import SMALL_RESPONSE, LargeResponses, size_text

PIECE = 48 * 1024  # a multiple of 3: base64 of a piece needs no carry-over
STEP = 64 * 1024  # most bytes one decompression step may produce
_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}
_TEXT_TYPES = re.compile(
    r"^(text/.*|application/(json|xml|javascript|ecmascript|x-www-form-urlencoded|x-ndjson)"
    r"|[a-z0-9.+-]+/[a-z0-9.+-]*\+(json|xml)|application/x-javascript)$"
)
ACCEPT_ENCODING = "gzip, deflate"
# Most content codings undone on one body (real servers apply one). Each layer costs a zlib
# state and a level of nesting: a list of thousands ("gzip, gzip, ...", in 100 KiB of headers)
# would cost tens of MiB per request and exhaust Python's recursion.
MAX_CODINGS = 4


def codings_to_undo(values: list[str]) -> list[str] | None:
    """The content codings of ``Content-Encoding`` values, in the order to undo them; ``None``
    when one is unknown here (the body is then returned as sent, still encoded)."""
    codings = [v.strip().lower() for v in values]
    codings = [c for c in codings if c and c != "identity"]
    if any(c not in _WBITS for c in codings):
        return None
    return codings[::-1]


class _Stage:
    """One content coding, undone at most :data:`STEP` bytes at a time."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self.inflater = zlib.decompressobj(_WBITS[coding])
        self.started = False

    def run(self, data: bytes) -> Iterator[bytes]:
        inflater = self.inflater
        if inflater.eof or not data:
            return  # anything after the end of the compressed stream is ignored
        try:
            out = self._first(data) if not self.started else inflater.decompress(data, STEP)
            while True:
                if out:
                    yield out
                inflater = self.inflater
                if inflater.eof or (not inflater.unconsumed_tail and len(out) < STEP):
                    return
                out = inflater.decompress(inflater.unconsumed_tail, STEP)
        except zlib.error:
            raise DecodeError(self.coding) from None

    def _first(self, data: bytes) -> bytes:
        self.started = True
        try:
            return self.inflater.decompress(data, STEP)
        except zlib.error:
            if self.coding != "deflate":
                raise
            self.inflater = zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate, no zlib header
            return self.inflater.decompress(data, STEP)


class Decoder:
    """Undoes a chain of content codings; each piece it yields is at most :data:`STEP` bytes
    (or a raw chunk as received when there is nothing to undo)."""

    def __init__(self, codings: list[str]) -> None:
        self.stages = [_Stage(c) for c in codings]

    def feed(self, data: bytes) -> Iterator[bytes]:
        yield from self._push(0, data)

    def close(self) -> None:
        """After the last byte: a compressed stream that never reached its end was cut short
        (a dropped connection, a crashed server), and what it gave is not the whole body."""
        for stage in self.stages:
            if stage.started and not stage.inflater.eof:
                raise DecodeError(stage.coding, "cut short")

    def _push(self, index: int, data: bytes) -> Iterator[bytes]:
        if index == len(self.stages):
            if data:
                yield data
            return
        for out in self.stages[index].run(data):
            yield from self._push(index + 1, out)


class Body:
    """Decoded response bytes in pieces of :data:`PIECE` bytes, within ``limit``; past
    :data:`SMALL_RESPONSE` bytes only with a turn from ``turns``."""

    def __init__(self, limit: int, turns: LargeResponses) -> None:
        self.limit = limit
        self.turns = turns
        self.pieces: deque[bytes] = deque()
        self.size = 0
        self.waiting = False  # for a turn
        self._turn = False
        self._tail = bytearray()

    def too_large(self) -> ProxyError:
        return ProxyError(502, f"upstream response larger than {size_text(self.limit)}")

    async def add(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > self.limit:
            raise self.too_large()
        if self.size > SMALL_RESPONSE and not self._turn:
            self.waiting = True
            await self.turns.acquire()
            self.waiting, self._turn = False, True
        tail = self._tail
        tail += data
        while len(tail) >= PIECE:
            with memoryview(tail) as view:
                self.pieces.append(view[:PIECE].tobytes())
            del tail[:PIECE]

    def finish(self) -> None:
        if self._tail:
            self.pieces.append(bytes(self._tail))
            self._tail = bytearray()

    def release(self) -> None:
        """Drop the bytes and give the turn back (if it had one); may be called repeatedly."""
        self.pieces.clear()
        self._tail = bytearray()
        if self._turn:
            self._turn = False
            self.turns.release()


def is_textual(content_type: str | None) -> bool:
    if not content_type:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return bool(_TEXT_TYPES.match(media))


def body_encoding(body: Body, content_type: str | None) -> str:
    """``"utf-8"`` for an empty body or a UTF-8 text type, else ``"base64"``."""
    if body.size == 0:
        return "utf-8"
    if not is_textual(content_type):
        return "base64"
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for piece in body.pieces:
            decoder.decode(piece)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return "base64"
    return "utf-8"


def json_string_pieces(body: Body, encoding: str) -> Iterator[bytes]:
    """The inside of the envelope's ``"body"`` JSON string, piece by piece; each piece of the
    body is dropped as soon as it is written."""
    pieces = body.pieces
    if encoding == "base64":
        carry = b""
        while pieces:
            data = carry + pieces.popleft()
            cut = len(data) - len(data) % 3
            carry = data[cut:]
            yield base64.b64encode(data[:cut])
        if carry:
            yield base64.b64encode(carry)
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    while pieces:
        text = decoder.decode(pieces.popleft())
        if text:
            yield json.dumps(text, ensure_ascii=False)[1:-1].encode("utf-8")
    text = decoder.decode(b"", final=True)
    if text:
        yield json.dumps(text, ensure_ascii=False)[1:-1].encode("utf-8")
