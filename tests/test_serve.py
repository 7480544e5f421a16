"""``docgen serve`` as a real process: static serving from memory, security headers, the Host
guard, watch mode with live reload over Server-Sent Events, and the production app factory."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serving import Process, docgen_serve, free_port, wait_for

ROOT = Path(__file__).resolve().parents[1]
SHOWCASE = ROOT / "fixtures" / "platform"
ENDPOINT = "api/v2/agent-jobs/create-agent-job"
SECURITY = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "SAMEORIGIN",
}
LIVERELOAD_TAG = '<script src="/_docgen/livereload.js" defer></script>'


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    shutil.copytree(SHOWCASE, folder, ignore=shutil.ignore_patterns("_site", "__pycache__"))
    return folder


@pytest.fixture
def served(site: Path) -> Iterator[tuple[Process, str]]:
    process, base = docgen_serve(site)
    try:
        yield process, base
    finally:
        process.stop()


class Events:
    """Reads the live-reload event stream in a thread."""

    def __init__(self, base: str) -> None:
        self.lines: list[str] = []
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(base,), daemon=True)
        self.thread.start()
        assert self.connected.wait(10), "no event stream"

    def _run(self, base: str) -> None:
        timeout = httpx.Timeout(10, read=None)
        with (
            httpx.Client(trust_env=False, timeout=timeout) as client,
            client.stream("GET", base + "/_docgen/livereload") as response,
        ):
            assert response.headers["content-type"].startswith("text/event-stream")
            self.connected.set()
            try:
                for line in response.iter_lines():
                    self.lines.append(line)
            except httpx.HTTPError:
                pass

    def events(self, name: str) -> list[str]:
        """The data of every ``name`` event so far."""
        found: list[str] = []
        current: str | None = None
        data: list[str] = []
        for line in self.lines:
            if line.startswith("event: "):
                current, data = line[7:], []
            elif line.startswith("data: "):
                data.append(line[6:])
            elif line == "" and current is not None:
                if current == name:
                    found.append("\n".join(data))
                current = None
        return found


def get(base: str, path: str, **kwargs: object) -> httpx.Response:
    return httpx.get(base + path, trust_env=False, timeout=10, **kwargs)  # type: ignore[arg-type]


def test_serves_the_site_from_memory(served: tuple[Process, str], site: Path) -> None:
    process, base = served
    assert f"Serving at {base}/" in process.output  # default bind: 127.0.0.1
    home = get(base, "/")
    assert home.status_code == 200
    assert home.headers["content-type"] == "text/html; charset=utf-8"
    for name, value in SECURITY.items():
        assert home.headers[name] == value
    assert "Documentation Platform API" in home.text
    assert LIVERELOAD_TAG + "</body>" in home.text.replace("\n", "")
    redirect = get(base, f"/{ENDPOINT}?tab=1")
    assert redirect.status_code == 308
    assert redirect.headers["location"] == "create-agent-job/?tab=1"
    page = get(base, f"/{ENDPOINT}?tab=1", follow_redirects=True)
    assert page.status_code == 200 and str(page.url) == f"{base}/{ENDPOINT}/?tab=1"
    assert "op-layout" in page.text
    # Doubled slashes are merged, as nginx and most static hosts do.
    doubled = get(base, "//" + ENDPOINT.replace("/", "//") + "/")
    assert doubled.status_code == 200 and "op-layout" in doubled.text
    missing = get(base, "/no/such/page/")
    assert missing.status_code == 404
    assert "Page not found" in missing.text
    assert missing.headers["x-content-type-options"] == "nosniff"
    kinds = {
        "/_docgen/docgen.css": "text/css; charset=utf-8",
        "/_docgen/docgen.js": "text/javascript; charset=utf-8",
        "/_docgen/search-words.json": "application/json",
        "/_docgen/pagefind/pagefind.js": "text/javascript; charset=utf-8",
        "/_docgen/favicon.svg": "image/svg+xml",
        "/index.md": "text/markdown; charset=utf-8",
        "/llms.txt": "text/plain; charset=utf-8",
        "/sitemap.xml": "application/xml",
        "/_docgen/specs/openapi/v1.yaml": "application/yaml; charset=utf-8",
    }
    for path, kind in kinds.items():
        response = get(base, path)
        assert response.status_code == 200, path
        assert response.headers["content-type"] == kind, path
    head = httpx.head(base + "/", headers={"Accept-Encoding": "identity"}, trust_env=False)
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(home.content)
    cached = get(base, "/", headers={"If-None-Match": home.headers["etag"]})
    assert cached.status_code == 304
    assert httpx.post(base + "/", trust_env=False).status_code == 405
    assert 'new EventSource("/_docgen/livereload")' in get(base, "/_docgen/livereload.js").text
    # Nothing was written beside the config.
    assert not (site / "_site").exists()


def test_foreign_host_is_refused(served: tuple[Process, str]) -> None:
    process, base = served
    refused = get(base, "/", headers={"Host": "attacker.example"})
    assert refused.status_code == 403
    assert "--allow-host" in refused.text
    # The config's url host is content: answered only with the operator's --allow-host.
    assert get(base, "/", headers={"Host": "docs.example.com"}).status_code == 403
    assert "add --allow-host docs.example.com" in process.output


def test_watch_rebuilds_and_reloads(served: tuple[Process, str], site: Path) -> None:
    _, base = served
    events = Events(base)
    wait_for(lambda: bool(events.events("hello")), 10, "hello event")
    page = site / "guides" / "pagination.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n\nFreshly edited paragraph.\n", encoding="utf-8"
    )
    wait_for(lambda: bool(events.events("reload")), 60, "reload event")
    assert "Freshly edited paragraph." in get(base, "/guides/pagination/").text

    config = site / "docs.json"
    good = config.read_text(encoding="utf-8")
    config.write_text(good.replace('"navigation"', '"navigation": 5, "x"', 1), encoding="utf-8")
    wait_for(lambda: bool(events.events("error")), 60, "error event")
    error = events.events("error")[-1]
    assert "docs.json" in error
    still = get(base, "/guides/pagination/")
    assert still.status_code == 200 and "Freshly edited paragraph." in still.text

    config.write_text(good, encoding="utf-8")
    wait_for(lambda: len(events.events("reload")) >= 2, 60, "second reload event")


def test_no_watch_serves_without_live_reload(site: Path) -> None:
    process, base = docgen_serve(site, "--no-watch")
    try:
        assert "no file watching" in process.output
        home = get(base, "/")
        assert home.status_code == 200
        assert "livereload" not in home.text
        assert get(base, "/_docgen/livereload").status_code == 404
        assert get(base, "/_docgen/livereload.js").status_code == 404
    finally:
        assert process.stop() == 0


def test_stops_promptly_with_an_open_event_stream(site: Path) -> None:
    process, base = docgen_serve(site)
    Events(base)
    started = time.monotonic()
    assert process.stop() == 0
    assert time.monotonic() - started < 8


def test_default_bind_is_loopback_only(served: tuple[Process, str]) -> None:
    _, base = served
    port = int(base.rsplit(":", 1)[1])
    with socket.socket() as sock, pytest.raises(ConnectionRefusedError):
        sock.connect(("127.0.0.2", port))


def test_host_option(site: Path) -> None:
    port = free_port()
    process = Process(
        [
            sys.executable,
            "-m",
            "docgen",
            "serve",
            str(site),
            "--no-watch",
            "--host",
            "127.0.0.2",
            "--port",
            str(port),
            "--allow-host",
            "docs.internal",
        ],
        ROOT,
    )
    try:
        process.wait_output("Serving at")
        assert f"Serving at http://127.0.0.2:{port}/" in process.output
        assert "--allow-host" in process.output  # a reminder when not bound to loopback
        base = f"http://127.0.0.2:{port}"
        assert get(base, "/").status_code == 200  # the bind host is an allowed Host
        assert get(base, "/", headers={"Host": "docs.internal"}).status_code == 200
        assert get(base, "/", headers={"Host": "other.internal"}).status_code == 403
        with socket.socket() as sock, pytest.raises(ConnectionRefusedError):
            sock.connect(("127.0.0.1", port))
    finally:
        process.stop()


def test_initial_build_errors_exit_1_without_watching(site: Path) -> None:
    (site / "docs.json").write_text(
        '{"name": "x", "navigation": {"pages": ["nope"]}}', encoding="utf-8"
    )
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "serve", str(site), "--port", str(free_port()),
         "--no-watch"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 1
    assert "nav-page-not-found" in result.stderr
    assert "Serving" not in result.stdout
    assert "Traceback" not in result.stderr


def test_missing_optional_packages_exit_2(site: Path) -> None:
    code = (
        "import sys; sys.modules['starlette'] = None; "
        "from docgen.cli import main; sys.argv = ['docgen', 'serve', sys.argv[1]]; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(site)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "pip install 'docgen[serve]'" in result.stderr
    assert "Traceback" not in result.stderr


def test_production_factory(site: Path) -> None:
    port = free_port()
    process = Process(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "docgen.cli:app_from_env",
            "--port",
            str(port),
        ],
        ROOT,
        env={"DOCGEN_CONFIG": str(site / "docs.json"), "DOCGEN_ALLOWED_HOSTS": "a.test, b.test"},
    )
    try:
        process.wait_output("Uvicorn running")
        base = f"http://127.0.0.1:{port}"
        home = get(base, "/", headers={"Host": "b.test"})
        assert home.status_code == 200 and "livereload" not in home.text
        assert get(base, "/", headers={"Host": "c.test"}).status_code == 403
        proxied = httpx.post(
            base + "/_docgen/api/request",
            content=json.dumps({"method": "GET", "url": "https://elsewhere.example/"}),
            headers={
                "Origin": "https://a.test",
                "Host": "a.test",
                "Content-Type": "application/json",
            },
            trust_env=False,
        )
        assert proxied.status_code == 403 and "is not an origin" in proxied.json()["error"]
    finally:
        process.stop()
    assert "proxy GET https://elsewhere.example -> error 403" in process.output


def test_browser_reloads_and_shows_build_errors(
    served: tuple[Process, str], site: Path, browser: object
) -> None:
    _, base = served
    page = browser.new_page()  # type: ignore[attr-defined]
    try:
        page.goto(base + "/guides/pagination/")
        page.wait_for_function("() => !!document.querySelector('script[src*=livereload]')")
        page.evaluate("() => { window.__before_reload = true; }")
        page.wait_for_timeout(300)  # let the event stream connect
        source = site / "guides" / "pagination.md"
        source.write_text(
            source.read_text(encoding="utf-8") + "\n\nReloaded in the browser.\n", encoding="utf-8"
        )
        page.wait_for_function(
            "() => !window.__before_reload && document.body.textContent.includes("
            "'Reloaded in the browser.')",
            timeout=60000,
        )
        config = site / "docs.json"
        data = json.loads(config.read_text(encoding="utf-8"))
        data["<img src=x onerror=alert(1)>"] = 1  # an unknown key, quoted in the diagnostic
        config.write_text(json.dumps(data), encoding="utf-8")
        banner = page.wait_for_selector("[data-docgen-livereload]", timeout=60000)
        text = banner.text_content()
        assert "rebuild failed" in text and "docs.json" in text
        assert "unknown key '<img src=x onerror=alert(1)>'" in text  # shown as text
        assert page.query_selector("[data-docgen-livereload] img") is None
        assert "Reloaded in the browser." in page.text_content("body")
    finally:
        page.close()


def test_a_failed_first_build_is_shown_in_the_browser_until_fixed(
    site: Path, browser: object
) -> None:
    config = site / "docs.json"
    good = config.read_text(encoding="utf-8")
    config.write_text(good.replace('"pages"', '"pagez"', 1), encoding="utf-8")
    process, base = docgen_serve(site)
    page = browser.new_page()  # type: ignore[attr-defined]
    try:
        assert "serving an error page" in process.output
        page.goto(base + "/guides/pagination/")
        banner = page.wait_for_selector("[data-docgen-livereload]", timeout=30000)
        text = banner.text_content()
        assert "build failed" in text and "unknown key 'pagez'" in text and "docs.json" in text
        assert "could not be built yet" in page.text_content("body")
        page.wait_for_timeout(300)  # let the event stream connect
        config.write_text(good, encoding="utf-8")
        page.wait_for_function(
            "() => document.title.includes('Pagination')"
            " && !document.querySelector('[data-docgen-livereload]')",
            timeout=60000,
        )
    finally:
        page.close()
        process.stop()


def test_port_in_use_is_a_clear_error(served: tuple[Process, str], site: Path) -> None:
    _, base = served
    port = base.rsplit(":", 1)[1]
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "serve", str(site), "--no-watch", "--port", port],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 1
    assert f"docgen: cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_built_site_has_no_live_reload(tmp_path: Path) -> None:
    out = tmp_path / "out"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(SHOWCASE), "-o", str(out), "--quiet"],
        check=True,
        timeout=120,
        cwd=ROOT,
    )
    pages = list(out.rglob("*.html"))
    assert pages
    assert not any(b"livereload" in page.read_bytes() for page in pages)


def test_an_error_event_keeps_every_line_inside_its_data() -> None:
    """A bare CR in an error text (from a file name) started a field of its own, so a page
    could send ``event: reload`` to every open browser."""
    from docgen.serve.watch import _event

    stream = _event("error", "a\revent: reload\r\nb\nc")
    lines = [line for line in re.split(r"\r\n|\r|\n", stream) if line]
    assert lines == ["event: error", "data: a", "data: event: reload", "data: b", "data: c"]
