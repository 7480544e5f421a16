"""``docgen serve`` against slow and greedy clients, over real sockets to a real process:
a request head or body trickled in is cut at its deadline, idle connections do not live for
ever, and many slow connections do not starve real readers (--header-timeout, --body-timeout,
--max-connections)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serving import ROOT, Process, free_port


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    config = {"name": "Tiny", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n", encoding="utf-8")
    return folder


def start(site: Path, *args: str, env: dict[str, str] | None = None) -> tuple[Process, int]:
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
            *("--port", str(port), *args),
        ],
        ROOT,
        env,
    )
    process.wait_output("Serving at")
    return process, port


@pytest.fixture(scope="module")
def strict(site: Path) -> Iterator[int]:
    """Short deadlines and a small connection cap."""
    process, port = start(
        site,
        *("--no-watch", "--header-timeout", "1", "--body-timeout", "1"),
        *("--max-connections", "20"),
    )
    try:
        yield port
    finally:
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.settimeout(0.25)
    return sock


def closed_after(sock: socket.socket, trickle: bytes, limit: float) -> tuple[float, bytes]:
    """Send ``trickle`` a byte every 0.2 s (then nothing) until the server closes the
    connection; the seconds that took and what the server said. Fails after ``limit``."""
    started = time.monotonic()
    said = b""
    sent = 0
    while time.monotonic() - started < limit:
        if sent < len(trickle):
            try:
                sock.send(trickle[sent : sent + 1])
            except OSError:
                return time.monotonic() - started, said
            sent += 1
        try:
            data = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - started, said
        if not data:
            return time.monotonic() - started, said
        said += data
    raise AssertionError(f"still open after {limit} s ({sent} bytes sent; got {said!r})")


def request(port: int, path: str = "/") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


def read_response(sock: socket.socket) -> bytes:
    """One whole response (with a ``Content-Length``) from a keep-alive connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


HEAD = b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 200


def test_a_trickled_request_head_is_cut_at_its_deadline(strict: int) -> None:
    with connect(strict) as sock:
        seconds, said = closed_after(sock, HEAD, 6)
    assert 0.8 < seconds < 3, seconds
    assert said.startswith(b"HTTP/1.1 408 ")


def test_a_connection_that_sends_nothing_is_closed(strict: int) -> None:
    with connect(strict) as sock:
        seconds, _ = closed_after(sock, b"", 6)
    assert seconds < 3


def test_a_trickled_body_is_cut_at_its_deadline(strict: int) -> None:
    # a page answered before its body arrived, and the proxy, which reads its envelope
    for head in (
        b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n",
        b"POST /_docgen/api/request HTTP/1.1\r\nHost: localhost\r\n"
        b"Origin: http://localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n",
    ):
        with connect(strict) as sock:
            sock.sendall(head)
            seconds, _ = closed_after(sock, b"x" * 1000, 6)
        assert seconds < 3, (head, seconds)


def test_keep_alive_requests_each_get_their_own_deadline(strict: int) -> None:
    with connect(strict) as sock:
        sock.settimeout(5)
        for _ in range(3):  # 3 x 0.6 s on one connection: longer than one deadline
            time.sleep(0.6)
            sock.sendall(b"GET /llms.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
            answer = read_response(sock)
            assert answer.startswith(b"HTTP/1.1 200 "), answer[:100]


def test_slow_connections_do_not_starve_real_requests(strict: int) -> None:
    slow = []
    try:
        for _ in range(100):  # five times the cap, each with a head that never ends
            sock = socket.create_connection(("127.0.0.1", strict), timeout=5)
            sock.sendall(b"GET / HTTP/1.1\r\nHo")
            slow.append(sock)
        started = time.monotonic()
        answer = request(strict)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"<html" in answer
        assert time.monotonic() - started < 2
        # the server closed the oldest slow connections to stay within its cap
        closed = 0
        for sock in slow:
            sock.settimeout(0.01)
            try:
                closed += sock.recv(1) == b""
            except TimeoutError:
                pass
            except OSError:
                closed += 1
        assert closed >= 80, closed
    finally:
        for sock in slow:
            sock.close()


def test_slow_bodies_do_not_starve_real_requests(strict: int) -> None:
    slow = []
    try:
        for _ in range(30):  # more than the cap, each with a body that never ends
            sock = socket.create_connection(("127.0.0.1", strict), timeout=5)
            sock.sendall(
                b"POST /_docgen/api/request HTTP/1.1\r\nHost: localhost\r\n"
                b"Origin: http://localhost\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n{"
            )
            slow.append(sock)
            time.sleep(0.01)  # its head read: it is receiving a body
        answer = request(strict)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"<html" in answer
    finally:
        for sock in slow:
            sock.close()


def test_a_reader_that_stops_reading_is_cut(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    (folder / "images").mkdir(parents=True)
    config = {"name": "Big", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\n![x](/images/big.png)\n")
    (folder / "images" / "big.png").write_bytes(os.urandom(20_000_000))
    process, port = start(folder, "--no-watch", "--send-timeout", "1")
    try:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /images/big.png HTTP/1.1\r\nHost: localhost\r\n\r\n")
            time.sleep(3)  # not reading: 64 KiB and more wait unsent in the server
            sock.settimeout(2)
            received = 0
            with contextlib.suppress(OSError):
                while chunk := sock.recv(1 << 20):
                    received += len(chunk)
        assert received < 20_000_000  # the server gave up on this reader
        assert request(port, "/llms.txt").startswith(b"HTTP/1.1 200 ")
    finally:
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]


def test_a_response_being_streamed_is_not_cut(site: Path) -> None:
    """The deadlines cover receiving requests: a live-reload stream outlives them."""
    process, port = start(site, "--header-timeout", "0.5", "--body-timeout", "0.5")
    try:
        timeout = httpx.Timeout(5, read=None)
        started = time.monotonic()
        with (
            httpx.Client(trust_env=False, timeout=timeout) as client,
            client.stream("GET", f"http://127.0.0.1:{port}/_docgen/livereload") as events,
        ):
            assert events.status_code == 200
            time.sleep(1.5)  # three deadlines
            (site / "index.mdx").write_text("---\ntitle: Home\n---\n\nAgain.\n")
            for line in events.iter_lines():
                if line.startswith("event: reload") or time.monotonic() - started > 20:
                    break
        assert line.startswith("event: reload")
    finally:
        process.stop()


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DOCGEN_SERVE_HEADER_TIMEOUT", "soon"),
        ("DOCGEN_SERVE_BODY_TIMEOUT", "-1"),
        ("DOCGEN_SERVE_SEND_TIMEOUT", "inf"),
        ("DOCGEN_SERVE_MAX_CONNECTIONS", "0"),
        ("DOCGEN_SERVE_SHUTDOWN_TIMEOUT", "never"),
    ],
)
def test_a_bad_limit_in_the_environment_exits_2(site: Path, variable: str, value: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "serve", str(site / "docs.json"), "--no-watch"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, variable: value},
    )
    assert result.returncode == 2
    assert variable in result.stderr and "Traceback" not in result.stderr


def test_limits_come_from_the_environment(site: Path) -> None:
    process, port = start(site, "--no-watch", env={"DOCGEN_SERVE_HEADER_TIMEOUT": "0.5"})
    try:
        with connect(port) as sock:
            seconds, said = closed_after(sock, HEAD, 6)
        assert seconds < 2 and said.startswith(b"HTTP/1.1 408 ")
    finally:
        process.stop()


def test_the_production_factory_takes_the_protocol_and_its_limits(site: Path) -> None:
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "uvicorn", "--factory", "docgen.cli:app_from_env"),
            *("--http", "docgen.serve.conn:GuardedH11Protocol", "--port", str(port)),
        ],
        ROOT,
        env={"DOCGEN_CONFIG": str(site / "docs.json"), "DOCGEN_SERVE_HEADER_TIMEOUT": "0.5"},
    )
    try:
        process.wait_output("Uvicorn running")
        assert request(port).startswith(b"HTTP/1.1 200 ")
        with connect(port) as sock:
            seconds, said = closed_after(sock, HEAD, 6)
        assert seconds < 2 and said.startswith(b"HTTP/1.1 408 ")
    finally:
        process.stop()


def test_a_slow_reader_that_keeps_reading_gets_the_whole_answer(tmp_path: Path) -> None:
    """A reader taking a large file at a steady pace keeps its connection past the send
    deadline: the whole body waits in the transport at once, so it drains over many deadlines
    (a 19 MB video read at 400 KB/s was cut after 40 s with 14 MB received; review)."""
    folder = tmp_path / "docs"
    (folder / "images").mkdir(parents=True)
    config = {"name": "Big", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\n![x](/images/big.png)\n")
    size = 12_000_000  # more than the kernel's socket buffers take: most waits in the server
    (folder / "images" / "big.png").write_bytes(os.urandom(size))
    process, port = start(folder, "--no-watch", "--send-timeout", "3")
    try:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /images/big.png HTTP/1.1\r\nHost: localhost\r\n\r\n")
            sock.settimeout(5)
            received = bytearray()
            # About 1 MB a second: what waits in the server (beyond the kernel's buffers,
            # which it refills in steps of a megabyte or more) drains over several deadlines.
            while len(received) < size:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                received += chunk
                time.sleep(0.05)
        assert len(received.split(b"\r\n\r\n", 1)[-1]) == size
    finally:
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]


def whole_answer(port: int, raw: bytes) -> bytes:
    """Send ``raw`` in one write and read until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        # h11 took any complete head that came in one read: these were answered 200/404
        (b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", 431),
        (b"GET / HTTP/1.1\r\nHost: localhost\r\n" + b"X-A: b\r\n" * 9000 + b"\r\n", 431),
        (b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414),
        # past a read's size: a bare 400 closed with a reset (the reader got nothing or a
        # broken pipe)
        (b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n", 431),
        (b"GET /" + b"a" * 1_000_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414),
    ],
)
def test_an_oversized_request_head_is_answered_and_others_are_served(
    strict: int, raw: bytes, status: int
) -> None:
    answer = whole_answer(strict, raw)
    assert answer.startswith(f"HTTP/1.1 {status} ".encode()), answer[:200]
    assert b"connection: close" in answer.lower()
    assert request(strict).startswith(b"HTTP/1.1 200 ")


def test_a_large_head_within_the_limit_is_served_in_any_pieces(strict: int) -> None:
    # 24 KiB of cookies in 4 KiB writes: h11 refused an incomplete head past 16 KiB (400)
    raw = b"GET / HTTP/1.1\r\nHost: localhost\r\nCookie: " + b"c" * 24_000 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", strict), timeout=10) as sock:
        for start in range(0, len(raw), 4096):
            sock.sendall(raw[start : start + 4096])
            time.sleep(0.01)
        answer = read_response(sock)
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]


def test_an_oversized_head_after_a_keep_alive_request_is_431(strict: int) -> None:
    with socket.create_connection(("127.0.0.1", strict), timeout=10) as sock:
        sock.sendall(b"GET /llms.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert read_response(sock).startswith(b"HTTP/1.1 200 ")
        sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]


def test_an_oversized_pipelined_head_is_431(strict: int) -> None:
    # two requests in one write: the second head waited in h11's buffer, never measured
    answer = whole_answer(
        strict,
        b"GET /llms.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
        b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert b"HTTP/1.1 431 " in answer, answer[-300:]


def test_refused_connections_make_room_for_real_requests(strict: int) -> None:
    # 20 refused readers keeping their connections open (the cap): a real request is answered
    # (a refused connection, dropping what it sends, was not one the cap could close: 503)
    held = []
    try:
        for _ in range(20):
            sock = socket.create_connection(("127.0.0.1", strict), timeout=10)
            sock.sendall(
                b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n"
            )
            assert sock.recv(100).startswith(b"HTTP/1.1 431 ")
            held.append(sock)
        assert request(strict).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in held:
            sock.close()
