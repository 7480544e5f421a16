"""The playground proxy under load and faults (issue 6 part 5; security.md 15-16), end to end:
a real ``docgen serve`` process and real upstream servers on 127.0.0.1 that are slow, reset the
connection, close mid-body, speak garbage, trickle bytes, send 50 MB, or a decompression bomb.

Memory is read from ``/proc/<pid>/status`` of the serve process: ``VmHWM`` (peak resident size,
reset through ``/proc/<pid>/clear_refs`` before each measurement) and ``VmRSS``.
"""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import struct
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from serving import Process, free_port

from docgen.exceptions import ProxyError
from docgen.serve.body import Body, body_encoding, json_string_pieces
from docgen.serve.envelope import parse_envelope
from docgen.serve.limits import LargeResponses, Limits
from docgen.serve.proxy import Forwarder, new_client
from docgen.serve.targets import Origin, TargetPolicy

ROOT = Path(__file__).resolve().parents[1]
MiB = 1024 * 1024
MB = 1_000_000
PROXY = "/_docgen/api/request"


# --- a real upstream that misbehaves on request ------------------------------------------------


def gzip_bytes(data: bytes, wbits: int = 31) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return packer.compress(data) + packer.flush()


def gzip_zeros(size: int) -> bytes:
    """``size`` zero bytes, gzipped (about 1/1000 of the size), without holding them."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = bytes(4 * MiB)
    parts = [packer.compress(block) for _ in range(size // len(block))]
    return b"".join(parts) + packer.flush()


class FaultyUpstream:
    """An HTTP/1.1 server on 127.0.0.1 (asyncio, in a thread) answering by path:

    ``/echo/ID?delay=S&q=Q`` echoes ID, ``X-Request-Id``, the body, ``q`` and the Cookie header
    after S seconds; ``/set-cookie``; ``/reset`` (RST after reading the request); ``/midbody``
    (closes after 1,000 of 100,000 bytes); ``/garbage`` (not HTTP); ``/huge?chunked=0|1``
    (50 MB); ``/bytes?size=N``; ``/tiny?n=N`` (N one-byte chunks); ``/gzip/KIND``;
    ``/trickle`` (a body byte every 50 ms, forever); ``/trickle-head`` (the status line, one
    byte every 50 ms); ``/slow?delay=S``; ``/stall?size=N`` (N bytes of N + 1, then nothing).
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.active = 0
        self.peak_active = 0
        self.gzip: dict[str, tuple[str, bytes]] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "upstream did not start"
        self.url = f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", 0, backlog=1024)
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        self.ready.set()
        self.loop.run_forever()

    def close(self) -> None:
        async def stop() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target = lines[0].split(" ")[:2]
            headers: dict[str, str] = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            body = await reader.readexactly(int(headers.get("content-length") or 0))
            self.active += 1
            self.peak_active = max(self.peak_active, self.active)
            try:
                await self._route(method, target, headers, body, writer)
            finally:
                self.active -= 1
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # the proxy gave up on us: part of the tests
        finally:
            writer.close()

    async def _route(
        self,
        method: str,
        target: str,
        headers: dict[str, str],
        body: bytes,
        writer: asyncio.StreamWriter,
    ) -> None:
        url = urlsplit(target)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        path = url.path
        if path.startswith("/echo/"):
            await asyncio.sleep(float(query.get("delay", "0")))
            echo = {
                "id": path.rsplit("/", 1)[1],
                "header": headers.get("x-request-id"),
                "body": body.decode("utf-8", "replace"),
                "query": query.get("q"),
                "cookie": headers.get("cookie"),
            }
            extra = [("X-Echo-Id", headers.get("x-request-id", ""))]
            await reply(writer, 200, json.dumps(echo).encode(), "application/json", extra)
        elif path == "/set-cookie":
            extra = [("Set-Cookie", "session=LEAKED; Path=/")]
            await reply(writer, 200, b"{}", "application/json", extra)
        elif path == "/reset":
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
        elif path == "/midbody":
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n"
            )
            writer.write(b"\r\n" + b"x" * 1000)
            await writer.drain()
        elif path == "/garbage":
            writer.write(b"THIS IS NOT HTTP\r\n\r\n")
            await writer.drain()
        elif path == "/huge" and method == "HEAD":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 50000000\r\n\r\n")
            await writer.drain()
        elif path == "/huge":
            await self._huge(writer, query.get("chunked") == "1")
        elif path == "/stall":
            size = int(query["size"])
            writer.write(f"HTTP/1.1 200 OK\r\nContent-Length: {size + 1}\r\n\r\n".encode())
            writer.write(b"s" * size)
            await writer.drain()
            await asyncio.sleep(3600)
        elif path == "/bytes":
            size = int(query.get("size", str(MB)))
            await reply(writer, 200, b"a" * size, query.get("type", "text/plain"))
        elif path == "/tiny":
            count = int(query.get("n", "1000"))
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n"
                b"Connection: close\r\n\r\n" + b"1\r\nx\r\n" * count + b"0\r\n\r\n"
            )
            await writer.drain()
        elif path.startswith("/gzip/"):
            coding, data = self.gzip[path.rsplit("/", 1)[1]]
            await reply(writer, 200, data, "text/plain", [("Content-Encoding", coding)])
        elif path == "/trickle":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10000")
            writer.write(b"\r\n\r\n")
            while True:
                writer.write(b"x")
                await writer.drain()
                await asyncio.sleep(0.05)
        elif path == "/trickle-head":
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"y" * 10000:
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(0.05)
        elif path == "/slow":
            await asyncio.sleep(float(query.get("delay", "5")))
            await reply(writer, 200, b"late", "text/plain")
        else:
            await reply(writer, 404, b"no such route", "text/plain")

    async def _huge(self, writer: asyncio.StreamWriter, chunked: bool) -> None:
        size = 50 * MB
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
        writer.write(
            f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n{framing}\r\n"
            "Connection: close\r\n\r\n".encode()
        )
        piece = b"z" * (256 * 1024)
        for _ in range(size // len(piece)):
            writer.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            await writer.drain()
        writer.write(b"%x\r\n%s\r\n0\r\n\r\n" % (size % len(piece), b"z" * (size % len(piece))))
        await writer.drain()


async def reply(
    writer: asyncio.StreamWriter,
    status: int,
    body: bytes,
    kind: str,
    extra: list[tuple[str, str]] | None = None,
) -> None:
    head = f"HTTP/1.1 {status} Answer\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
    head += "Connection: close\r\n" + "".join(f"{k}: {v}\r\n" for k, v in extra or [])
    writer.write(head.encode() + b"\r\n" + body)
    await writer.drain()


# --- docgen serve as a real process ------------------------------------------------------------


def write_site(folder: Path, port: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    config = {"name": "Load test", "navigation": {"openapi": "openapi.yaml"}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "openapi.yaml").write_text(
        f"""openapi: 3.1.0
info: {{title: Upstream, version: "1"}}
servers: [{{url: "http://127.0.0.1:{port}"}}]
paths:
  /echo/{{id}}:
    post:
      summary: Echo
      parameters: [{{name: id, in: path, required: true, schema: {{type: string}}}}]
      responses: {{"200": {{description: ok}}}}
""",
        encoding="utf-8",
    )
    return folder


class Served:
    """``docgen serve SITE --no-watch --allow-local`` with extra environment variables."""

    def __init__(self, site: Path, env: dict[str, str]) -> None:
        port = free_port()
        self.process = Process(
            [
                sys.executable,
                *("-m", "docgen", "serve", str(site), "--port", str(port)),
                *("--no-watch", "--allow-local"),
            ],
            ROOT,
            env,
        )
        self.process.wait_output("Serving at")
        self.base = f"http://127.0.0.1:{port}"
        self.pid = self.process.proc.pid
        self.start_rss = 0

    def memory(self, key: str) -> int:
        """``VmRSS`` or ``VmHWM`` in bytes."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
        raise AssertionError(f"no {key} for {self.pid}")

    def reset_peak(self) -> int:
        """Reset ``VmHWM`` to the current resident size; return that size."""
        Path(f"/proc/{self.pid}/clear_refs").write_text("5")
        return self.memory("VmHWM")

    def assert_peak_below(self, ceiling: int) -> int:
        """The peak since the last reset is under ``start_rss + ceiling``; returns the peak."""
        peak = self.memory("VmHWM")
        assert peak - self.start_rss < ceiling, (
            f"peak {peak / MiB:.0f} MiB, started at {self.start_rss / MiB:.0f} MiB"
        )
        return peak

    def assert_healthy(self) -> None:
        """Still running, still serving pages, never printed a traceback."""
        assert self.process.proc.poll() is None, self.process.output
        page = httpx.get(self.base + "/", trust_env=False, timeout=10)
        assert page.status_code == 200 and "<html" in page.text
        output = self.process.output
        assert "Traceback" not in output and "Exception in ASGI" not in output, output[-3000:]
        assert "socket.send() raised exception" not in output, output[-3000:]

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base,
            trust_env=False,
            timeout=60,
            limits=httpx.Limits(max_connections=256, max_keepalive_connections=256),
        )

    async def send(
        self, client: httpx.AsyncClient, url: str, method: str = "GET", **extra: Any
    ) -> httpx.Response:
        envelope = {"method": method, "url": url, "headers": {}, "body": None, **extra}
        return await client.post(PROXY, json=envelope, headers={"Origin": self.base})


def run(coroutine: Any) -> Any:
    """Run ``coroutine`` on a fresh event loop in its own thread.

    Playwright's sync API (the session's browser fixture) keeps an event loop running in the
    main thread, where ``asyncio.run`` refuses to start another.
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def error_of(response: httpx.Response) -> str:
    assert response.headers["content-type"] == "application/json", response.text[:200]
    assert response.headers["x-content-type-options"] == "nosniff"
    error = response.json()["error"]
    assert isinstance(error, str)
    return error


@pytest.fixture(scope="module")
def upstream() -> Iterator[FaultyUpstream]:
    server = FaultyUpstream()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, upstream: FaultyUpstream) -> Path:
    return write_site(tmp_path_factory.mktemp("load-site"), upstream.port)


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[Served]:
    """Default limits (20 MiB responses, 60 MiB held at once), a 20 s timeout."""
    server = Served(site, {"DOCGEN_PROXY_TIMEOUT": "20"})
    try:
        yield server
    finally:
        server.process.stop()


@pytest.fixture(scope="module")
def fresh(site: Path) -> Iterator[Served]:
    """A second process with default limits, for the memory tests only: its resident size
    starts low, so growth is visible (freed memory is reused but not returned to the system).
    The tests below run in file order, smallest expected growth first."""
    server = Served(site, {"DOCGEN_PROXY_TIMEOUT": "20"})
    server.start_rss = server.memory("VmRSS")
    try:
        yield server
    finally:
        server.process.stop()


@pytest.fixture(scope="module")
def impatient(site: Path) -> Iterator[Served]:
    """Small limits from the environment: 1.5 s, 2 MiB responses, 16 KiB envelopes."""
    env = {
        "DOCGEN_PROXY_TIMEOUT": "1.5",
        "DOCGEN_PROXY_MAX_RESPONSE": "2MiB",
        "DOCGEN_PROXY_MAX_REQUEST": "16KiB",
    }
    server = Served(site, env)
    try:
        yield server
    finally:
        server.process.stop()


# --- load: concurrency, isolation ---------------------------------------------------------------


def test_200_concurrent_requests_each_get_their_own_answer(
    served: Served, upstream: FaultyUpstream
) -> None:
    count, delay = 200, 1.0

    async def scenario() -> tuple[float, list[httpx.Response]]:
        async with served.client() as client:
            # An upstream Set-Cookie first: it must not ride along on any later request.
            first = await served.send(client, upstream.url + "/set-cookie")
            assert first.json()["headers"]["set-cookie"] == "session=LEAKED; Path=/"
            started = time.perf_counter()
            responses = await asyncio.gather(
                *(
                    served.send(
                        client,
                        f"{upstream.url}/echo/path-{i}?delay={delay}&q=query-{i}",
                        "POST",
                        headers={"X-Request-Id": f"header-{i}", "Content-Type": "text/plain"},
                        cookies={"reader": f"cookie-{i}"},
                        body=f"body-{i}",
                    )
                    for i in range(count)
                )
            )
            return time.perf_counter() - started, responses

    rss_before = served.memory("VmRSS")
    upstream.peak_active = 0
    wall, responses = run(scenario())
    for i, response in enumerate(responses):
        assert response.status_code == 200, response.text[:300]
        assert response.headers["content-type"] == "application/json"
        assert "set-cookie" not in response.headers
        data = response.json()
        assert data["status"] == 200 and data["statusText"] == "Answer"
        assert data["bodyEncoding"] == "utf-8"
        assert data["headers"]["x-echo-id"] == f"header-{i}"
        assert data["url"] == f"{upstream.url}/echo/path-{i}"  # no query string
        assert data["elapsedMs"] >= delay * 1000 - 50
        assert json.loads(data["body"]) == {
            "id": f"path-{i}",
            "header": f"header-{i}",
            "body": f"body-{i}",
            "query": f"query-{i}",
            "cookie": f"reader=cookie-{i}",  # its own cookie only: nothing from the jar
        }
    # Concurrent, not one after another (200 s): the pool holds 64 upstream connections.
    assert upstream.peak_active >= 48, upstream.peak_active
    assert wall < 30, wall
    print(
        f"\n{count} requests x {delay:g} s upstream: {wall:.1f} s wall, "
        f"{upstream.peak_active} upstream requests at once, RSS "
        f"{rss_before / MiB:.0f} -> {served.memory('VmRSS') / MiB:.0f} MiB"
    )
    served.assert_healthy()


# --- faults: resets, early closes, garbage, timeouts ----------------------------------------------


def test_reset_early_close_and_garbage_are_502(served: Served, upstream: FaultyUpstream) -> None:
    async def scenario() -> dict[str, httpx.Response]:
        async with served.client() as client:
            paths = ["/reset", "/midbody", "/garbage"] * 5
            got = await asyncio.gather(*(served.send(client, upstream.url + p) for p in paths))
            return dict(zip(paths, got, strict=True))

    answers = run(scenario())
    reset = f"the connection to {upstream.url} was reset or closed before a full response"
    for path in ("/reset", "/midbody"):
        assert answers[path].status_code == 502, answers[path].text
        assert error_of(answers[path]) == reset
    assert answers["/garbage"].status_code == 502
    assert (
        error_of(answers["/garbage"])
        == f"{upstream.url} answered with something that is not valid HTTP"
    )
    served.assert_healthy()


def test_slow_and_trickling_upstreams_hit_the_total_time_limit(
    impatient: Served, upstream: FaultyUpstream
) -> None:
    async def timed(path: str) -> tuple[float, httpx.Response]:
        async with impatient.client() as client:
            started = time.perf_counter()
            response = await impatient.send(client, upstream.url + path)
            return time.perf_counter() - started, response

    async def scenario() -> list[tuple[float, httpx.Response]]:
        got = await asyncio.gather(
            timed("/slow?delay=10"), timed("/trickle"), timed("/trickle-head")
        )
        return list(got)

    for seconds, response in run(scenario()):
        # Bytes keep arriving every 50 ms, so only a limit on the whole exchange ends these.
        assert response.status_code == 504, response.text
        assert error_of(response) == f"{upstream.url} did not answer within 1.5 s"
        assert 1.4 < seconds < 4, seconds
    impatient.assert_healthy()


def test_limits_come_from_the_environment(impatient: Served, upstream: FaultyUpstream) -> None:
    async def scenario() -> tuple[httpx.Response, httpx.Response, httpx.Response]:
        async with impatient.client() as client:
            small = await impatient.send(client, upstream.url + f"/bytes?size={2 * MiB}")
            large = await impatient.send(client, upstream.url + f"/bytes?size={2 * MiB + 1}")
            envelope = await impatient.send(
                client, upstream.url + "/echo/x", "POST", body="x" * 17000
            )
            return small, large, envelope

    small, large, envelope = run(scenario())
    assert small.status_code == 200 and len(small.json()["body"]) == 2 * MiB
    assert large.status_code == 502
    assert error_of(large) == "upstream response larger than 2 MiB"
    assert envelope.status_code == 413
    assert error_of(envelope).startswith("the request is larger than 16 KiB, ")


def test_a_turn_that_never_comes_is_503(upstream: FaultyUpstream) -> None:
    """In process: another reader holds the only turn for a large response (as a slow download
    does while it is delivered); a large answer waits for it, a small one does not."""
    limits = Limits(timeout=1.0, large_at_once=1)
    origin = Origin("http", "127.0.0.1", upstream.port)

    def envelope(size: int) -> Any:
        url = f"{upstream.url}/bytes?size={size}"
        return parse_envelope(json.dumps({"method": "GET", "url": url}).encode())

    async def scenario() -> None:
        turns = LargeResponses(1)
        await turns.acquire()  # held elsewhere
        async with new_client(limits) as client:
            forwarder = Forwarder(client, limits, TargetPolicy([origin]), True, turns)
            small = await forwarder.handle(envelope(MiB))
            assert small.status == 200 and small.body.size == MiB
            small.release()
            started = time.perf_counter()
            with pytest.raises(ProxyError) as caught:
                await forwarder.handle(envelope(MiB + 1))
            assert 0.9 < time.perf_counter() - started < 2
            assert caught.value.status == 503
            assert caught.value.message == (
                "the request proxy was busy with other large responses (1 at a time) for 1 s: "
                "try again when they have finished"
            )
            turns.release()
            large = await forwarder.handle(envelope(MiB + 1))
            assert large.status == 200 and large.body.size == MiB + 1
            large.release()
            large.release()  # idempotent: the turn is given back once
            await turns.acquire()  # the only turn is free again
            turns.release()

    run(asyncio.wait_for(scenario(), 20))  # never hangs, even without a time limit


def test_bodies_are_written_piece_by_piece_without_changing_a_byte() -> None:
    """In process: text split across pieces mid-character, JSON specials, control characters,
    U+2028; invalid UTF-8 and binary types as base64."""
    text = ('é"\\\n\x00\x1f\u2028😀</script>' * 20000).encode()
    binary = bytes(range(256)) * 1000

    async def collect(data: bytes, kind: str) -> tuple[str, str]:
        body = Body(20 * MiB, LargeResponses(1))
        for start in range(0, len(data), 7777):  # odd chunk sizes: characters get split
            await body.add(data[start : start + 7777])
        body.finish()
        encoding = body_encoding(body, kind)
        inner = b"".join(json_string_pieces(body, encoding))
        body.release()
        return encoding, json.loads(b'"' + inner + b'"')

    encoding, got = run(collect(text, "text/plain; charset=utf-8"))
    assert encoding == "utf-8" and got == text.decode()
    cut = text[: text.rindex("😀".encode()) + 2]  # ends inside a character
    encoding, got = run(collect(cut, "application/json"))
    assert encoding == "base64" and base64.b64decode(got) == cut
    encoding, got = run(collect(binary, "image/png"))
    assert encoding == "base64" and base64.b64decode(got) == binary
    assert run(collect(b"", "image/png")) == ("utf-8", "")


def test_head_answers_are_not_judged_by_their_content_length(
    served: Served, upstream: FaultyUpstream
) -> None:
    async def scenario() -> httpx.Response:
        async with served.client() as client:
            return await served.send(client, upstream.url + "/huge", "HEAD")

    response = run(scenario())
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["status"] == 200 and data["body"] == ""
    assert data["headers"]["content-length"] == "50000000"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DOCGEN_PROXY_TIMEOUT", "soon"),
        ("DOCGEN_PROXY_TIMEOUT", "-1"),
        ("DOCGEN_PROXY_MAX_RESPONSE", "20 parsecs"),
    ],
)
def test_bad_limit_variables_exit_2(site: Path, name: str, value: str) -> None:
    process = Process(
        [sys.executable, "-m", "docgen", "serve", str(site), "--port", str(free_port())],
        ROOT,
        {name: value},
    )
    assert process.proc.wait(60) == 2
    time.sleep(0.1)  # let the reader threads collect the output
    assert f"docgen: {name}={value!r}: expected" in process.output
    assert "Traceback" not in process.output


# --- size: one-byte chunks, decompression bombs, 50 MB, many responses ------------------------


def test_one_byte_chunks_cost_no_more_than_their_bytes(
    fresh: Served, upstream: FaultyUpstream
) -> None:
    async def scenario() -> httpx.Response:
        async with fresh.client() as client:
            return await fresh.send(client, upstream.url + "/tiny?n=200000")

    base = fresh.reset_peak()
    response = run(scenario())
    growth = fresh.assert_peak_below(100 * MiB) - base
    assert response.status_code == 200
    assert response.json()["body"] == "x" * 200000
    print(f"\n200,000 one-byte chunks: peak +{growth / MiB:.1f} MiB")
    assert growth < 8 * MiB, growth  # a Python object per chunk would be 10+ MiB


@pytest.fixture(scope="module")
def gzip_routes(upstream: FaultyUpstream) -> FaultyUpstream:
    text = ("hello, compressed world " * 1000).encode()
    upstream.gzip.update(
        {
            "text": ("gzip", gzip_bytes(text)),
            "deflate": ("deflate", gzip_bytes(text, zlib.MAX_WBITS)),
            "raw-deflate": ("deflate", gzip_bytes(text, -zlib.MAX_WBITS)),
            "twice": ("gzip, gzip", gzip_bytes(gzip_bytes(text))),
            "brotli": ("br", b"\x0b\x02\x80hello\x03"),
            "corrupt": ("gzip", gzip_bytes(text)[:20] + b"\xff" * 50),
            "cut": ("gzip", gzip_bytes(text)[:40]),  # the connection dropped mid-stream
            "cut-header": ("gzip", gzip_bytes(text)[:10]),
            "bomb": ("gzip", gzip_zeros(64 * MiB)),  # 64 KiB on the wire
            "double-bomb": ("gzip, gzip", gzip_bytes(gzip_zeros(128 * MiB))),  # 1 KiB
        }
    )
    return upstream


def test_content_codings_are_undone_within_the_limit(
    fresh: Served, gzip_routes: FaultyUpstream
) -> None:
    async def scenario(names: list[str]) -> list[httpx.Response]:
        async with fresh.client() as client:
            sent = (fresh.send(client, f"{gzip_routes.url}/gzip/{n}") for n in names)
            return list(await asyncio.gather(*sent))

    text = "hello, compressed world " * 1000
    for response in run(scenario(["text", "deflate", "raw-deflate", "twice"])):
        assert response.status_code == 200, response.text[:300]
        data = response.json()
        assert data["body"] == text and data["bodyEncoding"] == "utf-8"
    [brotli, corrupt] = run(scenario(["brotli", "corrupt"]))
    assert brotli.json()["bodyEncoding"] == "base64"  # not decoded here: returned as sent
    assert brotli.json()["headers"]["content-encoding"] == "br"
    assert corrupt.status_code == 502
    assert error_of(corrupt) == f"{gzip_routes.url} sent a body that is not valid gzip data"
    # Cut short: never a 200 with part of the body (or none) as if it were all of it.
    for cut in run(scenario(["cut", "cut-header"])):
        assert cut.status_code == 502
        assert error_of(cut) == f"{gzip_routes.url} sent a gzip body that ends before its data does"

    base = fresh.reset_peak()
    for response in run(scenario(["bomb", "double-bomb", "double-bomb"])):
        assert response.status_code == 502
        assert error_of(response) == "upstream response larger than 20 MiB"
    # Each inflates to 20 MiB at most, in 64 KiB steps; never to the bomb's 64 or 128 MiB.
    peak = fresh.assert_peak_below(100 * MiB)
    print(
        f"\ndecompression bombs (64 MiB, 2 x 128 MiB inside): peak +{(peak - base) / MiB:.0f} MiB"
    )
    fresh.assert_healthy()


def test_50_mb_upstream_is_502_quickly_with_bounded_memory(
    fresh: Served, upstream: FaultyUpstream
) -> None:
    async def many(path: str, count: int) -> tuple[float, list[httpx.Response]]:
        async with fresh.client() as client:
            started = time.perf_counter()
            got = await asyncio.gather(
                *(fresh.send(client, upstream.url + path) for _ in range(count))
            )
            return time.perf_counter() - started, list(got)

    too_large = "upstream response larger than 20 MiB"
    base = fresh.reset_peak()
    seconds, [one] = run(many("/huge", 1))
    assert one.status_code == 502 and error_of(one) == too_large
    assert seconds < 2, seconds  # the declared Content-Length is enough: nothing is read
    seconds, declared = run(many("/huge", 10))
    assert [r.status_code for r in declared] == [502] * 10
    assert {error_of(r) for r in declared} == {too_large}
    declared_growth = fresh.memory("VmHWM") - base
    chunked_seconds, chunked = run(many("/huge?chunked=1", 10))
    # No length up front: each reads until it passes 20 MiB; past 1 MiB a request needs one of
    # three turns, so memory holds at most 3 x 20 MiB (+ 1 MiB for each other request).
    assert [r.status_code for r in chunked] == [502] * 10
    assert {error_of(r) for r in chunked} == {too_large}
    peak = fresh.assert_peak_below(100 * MiB)
    print(
        f"\n50 MB upstream: 10 with Content-Length in {seconds:.2f} s (peak +"
        f"{declared_growth / MiB:.0f} MiB), 10 chunked in {chunked_seconds:.2f} s, peak RSS "
        f"{fresh.start_rss / MiB:.0f} (start) -> {peak / MiB:.0f} MiB"
    )
    assert declared_growth < 8 * MiB, declared_growth
    fresh.assert_healthy()


def test_memory_stays_flat_over_1000_responses_of_1_mb(
    fresh: Served, upstream: FaultyUpstream
) -> None:
    samples: list[int] = []
    url = f"{upstream.url}/bytes?size={MB}&type=application/octet-stream"

    async def worker(client: httpx.AsyncClient, rounds: int) -> None:
        for _ in range(rounds):
            response = await fresh.send(client, url)
            assert response.status_code == 200
            assert len(response.content) > MB

    async def scenario() -> float:
        async with fresh.client() as client:
            started = time.perf_counter()
            for _ in range(5):  # 5 x 200 requests, 4 at a time
                await asyncio.gather(*(worker(client, 50) for _ in range(4)))
                samples.append(fresh.memory("VmRSS"))
            return time.perf_counter() - started

    seconds = run(scenario())
    shown = ", ".join(f"{s / MiB:.0f}" for s in samples)
    print(f"\n1000 x 1 MB responses in {seconds:.1f} s; RSS after each 200: {shown} MiB")
    assert samples[-1] - samples[0] < 16 * MiB, shown
    fresh.assert_healthy()


def test_readers_that_leave_mid_response_give_their_turn_back(
    served: Served, upstream: FaultyUpstream
) -> None:
    port = int(served.base.rsplit(":", 1)[1])
    envelope = json.dumps({"method": "GET", "url": f"{upstream.url}/bytes?size={19 * MiB}"})

    def leave_early() -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            sock.sendall(
                f"POST {PROXY} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {served.base}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(envelope)}\r\n\r\n"
                f"{envelope}".encode()
            )
            return sock.recv(4096)

    for _ in range(5):
        assert leave_early().startswith(b"HTTP/1.1 200 ")

    async def scenario() -> tuple[float, list[httpx.Response]]:
        async with served.client() as client:
            url = f"{upstream.url}/bytes?size={19 * MiB}&type=application/octet-stream"
            started = time.perf_counter()
            got = await asyncio.gather(*(served.send(client, url) for _ in range(3)))
            return time.perf_counter() - started, list(got)

    # Five large answers were abandoned mid-way; had they kept their turns (three), these would
    # wait for the 20 s limit and fail with 503.
    seconds, responses = run(scenario())
    for response in responses:
        assert response.status_code == 200, response.text[:300]
        assert response.json()["bodyEncoding"] == "base64"
    assert seconds < 10, seconds
    served.assert_healthy()
