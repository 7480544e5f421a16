"""A real HTTP API on 127.0.0.1 for playground tests: JSON echo, media, redirects, CORS.

It records every request it receives (method, path, headers, body) so tests can assert what
reached the API, and what did not.
"""

from __future__ import annotations

import json
import struct
import threading
import wave
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from typing import Any
from urllib.parse import parse_qs, urlsplit


def png(width: int = 8, height: int = 6) -> bytes:
    """A valid RGB PNG (a teal rectangle)."""
    row = b"\x00" + bytes((11, 114, 133)) * width
    raw = zlib.compress(row * height)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def wav(seconds: float = 0.5) -> bytes:
    """A valid mono 8 kHz WAV file with a square wave."""
    out = BytesIO()
    with wave.open(out, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(1)
        writer.setframerate(8000)
        frames = int(8000 * seconds)
        writer.writeframes(bytes(200 if (i // 20) % 2 else 56 for i in range(frames)))
    return out.getvalue()


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes
    target: str = ""  # the request target exactly as it arrived (path and query, still encoded)


@dataclass
class Upstream:
    url: str
    seen: list[Seen] = field(default_factory=list)
    media: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    # CORS that lets a page send its cookies (the page's own origin allowed, with credentials)
    credentialed: bool = False
    redirect_to: str | None = None  # GET /redirect answers 302 to this URL

    def api_requests(self) -> list[Seen]:
        """Requests other than CORS preflights."""
        return [s for s in self.seen if s.method != "OPTIONS"]


def _handler(state: Upstream) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _record(self) -> Seen:
            length = int(self.headers.get("Content-Length") or 0)
            url = urlsplit(self.path)
            seen = Seen(
                self.command,
                url.path,
                parse_qs(url.query),
                {k.lower(): v for k, v in self.headers.items()},
                self.rfile.read(length) if length else b"",
                self.path,
            )
            state.seen.append(seen)
            return seen

        def _allow_origin(self) -> None:
            origin = self.headers.get("Origin")
            if state.credentialed and origin:
                self.send_header("Access-Control-Allow-Origin", origin)
                self.send_header("Access-Control-Allow-Credentials", "true")
            else:
                self.send_header("Access-Control-Allow-Origin", "*")

        def _reply(self, status: int, kind: str, data: bytes, extra: dict[str, str]) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self._allow_origin()
            self.send_header("Access-Control-Expose-Headers", "X-Upstream")
            self.send_header("X-Upstream", "yes")
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_OPTIONS(self) -> None:
            self._record()
            self.send_response(204)
            self._allow_origin()
            self.send_header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, PATCH")
            self.send_header(
                "Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key"
            )
            self.end_headers()

        def do_GET(self) -> None:
            seen = self._record()
            if seen.path.startswith("/media/") and seen.path in state.media:
                kind, data = state.media[seen.path]
                self._reply(200, kind, data, {})
                return
            if seen.path == "/redirect" and state.redirect_to:
                self._reply(302, "text/plain", b"", {"Location": state.redirect_to})
                return
            if seen.path == "/text":
                self._reply(200, "text/plain; charset=utf-8", b"<b>not bold</b>", {})
                return
            self._echo(seen)

        def do_POST(self) -> None:
            self._echo(self._record())

        do_PUT = do_POST
        do_DELETE = do_GET
        do_PATCH = do_POST

        def _echo(self, seen: Seen) -> None:
            try:
                body: Any = json.loads(seen.body) if seen.body else None
            except ValueError:
                body = seen.body.decode("utf-8", "replace")
            data = {
                "method": seen.method,
                "path": seen.path,
                "query": seen.query,
                "authorization": seen.headers.get("authorization"),
                "apiKey": seen.headers.get("x-api-key"),
                "body": body,
            }
            self._reply(
                201 if seen.method == "POST" else 200,
                "application/json",
                json.dumps(data).encode(),
                {},
            )

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@contextmanager
def running_upstream() -> Iterator[Upstream]:
    """Serve an :class:`Upstream` on a free 127.0.0.1 port for the duration of the block."""
    state = Upstream(url="")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
