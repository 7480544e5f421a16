"""The proxy's successful answer: the JSON envelope of playground-contract.md §3, written out
piece by piece so that a large upstream body is never copied whole (base64, JSON, bytes)."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

import anyio
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from docgen.serve.body import Body, json_string_pieces

log = logging.getLogger("docgen.serve.proxy")


@dataclass(slots=True)
class Answer:
    """An upstream response, read completely and within limits."""

    status: int
    status_text: str
    headers: dict[str, str]
    body: Body
    encoding: str  # "utf-8" or "base64"
    elapsed_ms: int
    url: str

    def head(self) -> dict[str, object]:
        """The envelope without its body."""
        return {
            "status": self.status,
            "statusText": self.status_text,
            "headers": self.headers,
            "bodyEncoding": self.encoding,
            "elapsedMs": self.elapsed_ms,
            "url": self.url,
        }

    async def chunks(self) -> AsyncIterator[bytes]:
        head = json.dumps(self.head(), separators=(",", ":"))
        yield head[:-1].encode("utf-8") + b',"body":"'
        for piece in json_string_pieces(self.body, self.encoding):
            yield piece
            # Let the server notice a reader that has gone: writes to a closed connection do
            # not wait, so without this the whole body would be pushed into the void.
            await anyio.sleep(0)
        yield b'"}'

    def release(self) -> None:
        self.body.release()


class EnvelopeResponse(StreamingResponse):
    """Streams an :class:`Answer`, stopping when the reader disconnects or has not taken it all
    within ``seconds`` (the connection is then closed); the body and its turn are given back
    however the response ends (sent, reader gone or too slow, cancelled)."""

    def __init__(self, answer: Answer, seconds: float) -> None:
        super().__init__(
            answer.chunks(), 200, {"Cache-Control": "no-store"}, media_type="application/json"
        )
        self.answer = answer
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            with anyio.move_on_after(self.seconds) as deadline:
                async with anyio.create_task_group() as group:

                    async def stream() -> None:
                        # OSError: the reader has gone (ASGI 2.4 servers may say so this way).
                        with contextlib.suppress(OSError):
                            await self.stream_response(send)
                        group.cancel_scope.cancel()

                    group.start_soon(stream)
                    await self.listen_for_disconnect(receive)
                    group.cancel_scope.cancel()
            if deadline.cancelled_caught:
                log.warning(
                    "proxy: a reader did not take an answer (%d bytes) within %.0f s: "
                    "connection closed",
                    self.answer.body.size,
                    self.seconds,
                )
        finally:
            self.answer.release()
