"""``docgen serve`` stopped as systemd, Docker and Kubernetes stop a server (SIGTERM) or as a
person does (Ctrl+C, SIGINT), over real sockets to a real process: it stops accepting, lets the
requests in flight finish (within ``--shutdown-timeout``), then exits 0 without a traceback."""

from __future__ import annotations

import http.server
import json
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serving import ROOT, Process, free_port, wait_for


class HeldUpstream(http.server.ThreadingHTTPServer):
    """An API on 127.0.0.1 that holds each answer until the test releases it."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), HeldHandler)
        self.arrived = threading.Event()
        self.release = threading.Event()
        self.port = int(self.server_address[1])

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a reader gone when the held answer is released: expected here


class HeldHandler(http.server.BaseHTTPRequestHandler):
    server: HeldUpstream

    def do_GET(self) -> None:
        self.server.arrived.set()
        self.server.release.wait(30)
        body = b'{"done": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def upstream() -> Iterator[HeldUpstream]:
    server = HeldUpstream()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.release.set()
        server.shutdown()
        server.server_close()


@pytest.fixture
def site(tmp_path: Path, upstream: HeldUpstream) -> Path:
    config = {"name": "Shutdown", "navigation": {"openapi": "openapi.yaml"}}
    (tmp_path / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "openapi.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: Held, version: '1'}\n"
        f"servers: [{{url: 'http://127.0.0.1:{upstream.port}'}}]\n"
        "paths:\n  /held:\n    get:\n      responses: {'200': {description: ok}}\n",
        encoding="utf-8",
    )
    return tmp_path


def start(site: Path, *args: str) -> tuple[Process, int]:
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
            *("--port", str(port), "--no-watch", "--allow-local", *args),
        ],
        ROOT,
    )
    process.wait_output("Serving at")
    return process, port


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return False
    return True


def proxied(port: int, upstream: HeldUpstream, answers: list[httpx.Response | Exception]) -> None:
    base = f"http://127.0.0.1:{port}"
    envelope = {"method": "GET", "url": f"http://127.0.0.1:{upstream.port}/held", "headers": {}}
    try:
        answers.append(
            httpx.post(
                base + "/_docgen/api/request",
                json=envelope,
                headers={"Origin": base},
                trust_env=False,
                timeout=30,
            )
        )
    except Exception as exc:
        answers.append(exc)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_request_in_flight_finishes_and_the_server_exits_0(
    site: Path, upstream: HeldUpstream, stop: signal.Signals
) -> None:
    process, port = start(site, "--shutdown-timeout", "20")
    answers: list[httpx.Response | Exception] = []
    client = threading.Thread(target=proxied, args=(port, upstream, answers))
    client.start()
    try:
        assert upstream.arrived.wait(20)
        process.proc.send_signal(stop)
        wait_for(lambda: not listening(port), 10, "the server to stop accepting")
        assert process.proc.poll() is None  # still finishing the request in flight
        upstream.release.set()
        client.join(30)
        answer = answers[0]
        assert isinstance(answer, httpx.Response), answer
        assert answer.status_code == 200
        assert json.loads(answer.json()["body"]) == {"done": True}
        # SIGTERM ended the process with status 143 (Uvicorn raised the signal again)
        assert process.proc.wait(15) == 0, process.output
    finally:
        upstream.release.set()
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]
    assert "KeyboardInterrupt" not in process.output


def test_a_request_outlasting_the_shutdown_timeout_is_cut_and_the_server_exits_0(
    site: Path, upstream: HeldUpstream
) -> None:
    process, port = start(site, "--shutdown-timeout", "0.5")
    answers: list[httpx.Response | Exception] = []
    client = threading.Thread(target=proxied, args=(port, upstream, answers))
    client.start()
    try:
        assert upstream.arrived.wait(20)
        process.proc.send_signal(signal.SIGTERM)
        assert process.proc.wait(15) == 0, process.output
        client.join(30)
        answer = answers[0]
        assert isinstance(answer, httpx.Response), answer
        assert answer.status_code == 503
    finally:
        upstream.release.set()
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]


ANALYTICS_KEY = "docgen_test_0123456789abcdefXYZ"


def test_a_second_ctrl_c_still_stores_the_page_views(
    site: Path, upstream: HeldUpstream, tmp_path: Path
) -> None:
    """A second Ctrl+C stops at once (Uvicorn's force exit), and skipped the app's shutdown,
    where the page views not yet stored are stored: they were lost (and the app's cancelled
    tasks printed a traceback, and the exit status was not 0). Here an import holds the store
    (the recorder keeps its views for the next try) until both Ctrl+C are pressed."""
    from analytics_logs import HUMAN_AGENTS
    from test_analytics_serve import cli_export

    db = tmp_path / "views.duckdb"
    env = {
        "DOCGEN_ANALYTICS_KEYS": ANALYTICS_KEY,
        "DOCGEN_ANALYTICS_PROJECT": "p",
        "DOCGEN_ANALYTICS_DB": str(db),
    }
    holder = Process(
        [sys.executable, "-c", HOLD_STORE, str(db)], ROOT  # as `docgen analytics import` does
    )
    holder.wait_output("held")
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
            *("--port", str(port), "--no-watch", "--allow-local", "--shutdown-timeout", "20"),
        ],
        ROOT,
        env,
    )
    process.wait_output("Serving at")
    answers: list[httpx.Response | Exception] = []
    client = threading.Thread(target=proxied, args=(port, upstream, answers))
    try:
        base = f"http://127.0.0.1:{port}"
        page = httpx.get(base + "/api-reference/get-held/", headers={"User-Agent": HUMAN_AGENTS[0]})
        assert page.status_code == 200
        client.start()  # a request in flight holds the shutdown open...
        assert upstream.arrived.wait(20)
        process.proc.send_signal(signal.SIGINT)
        wait_for(lambda: not listening(port), 10, "the server to stop accepting")
        process.proc.send_signal(signal.SIGINT)  # ...and the reader presses Ctrl+C again
        holder.stop()  # the import ends
        assert process.proc.wait(15) == 0, process.output
    finally:
        upstream.release.set()
        holder.stop()
        process.stop()
        client.join(30)
    assert cli_export(db, "views")["totals"]["total"] == 1
    assert "Traceback" not in process.output, process.output[-3000:]  # the app's tasks ended


# A process holding the store's write lock until it is stopped.
HOLD_STORE = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1])
print("held", flush=True)
time.sleep(600)
"""

