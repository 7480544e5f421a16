"""Run ``docgen serve`` (or any command) as a real process and wait for what it prints."""

from __future__ import annotations

import functools
import http.server
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Process:
    """A running command with its output collected line by line."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            args,
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        self.out: list[str] = []
        self.err: list[str] = []
        for stream, sink in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, sink), daemon=True).start()

    @staticmethod
    def _read(stream: object, sink: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            sink.append(line)

    @property
    def output(self) -> str:
        return "".join(self.out) + "".join(self.err)

    def wait_output(self, text: str, timeout: float = 60) -> None:
        def seen() -> bool:
            if self.proc.poll() is not None and text not in self.output:
                raise AssertionError(f"process exited {self.proc.returncode}:\n{self.output}")
            return text in self.output

        wait_for(seen, timeout, repr(text))

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.proc.returncode


def docgen_serve(site: Path, *args: str) -> tuple[Process, str]:
    port = free_port()
    process = Process(
        [sys.executable, "-m", "docgen", "serve", str(site), "--port", str(port), *args], ROOT
    )
    process.wait_output("Serving at")
    return process, f"http://127.0.0.1:{port}"


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, missing: list[str], **kwargs: Any) -> None:
        self.missing = missing
        super().__init__(*args, **kwargs)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code == 404:
            self.missing.append(self.path)
        super().send_error(code, message, explain)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve_folder(folder: Path, missing: list[str] | None = None) -> Iterator[str]:
    """Serve ``folder`` as a static host would, on 127.0.0.1; yields the base URL. Paths
    answered 404 are added to ``missing`` (every request the browser made, even those
    Playwright does not report, such as the icon)."""
    handler = functools.partial(
        _QuietFiles, directory=str(folder), missing=missing if missing is not None else []
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
