"""Live reload with many open tabs, in real Chromium against a real ``docgen serve`` app on
127.0.0.1: a browser opens at most 6 HTTP/1.1 connections to a server for all its tabs, so one
event stream per tab left the 7th tab unable to load anything."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn
from serving import wait_for

from docgen.serve.app import create_app
from docgen.serve.snapshot import build_snapshot


@contextlib.contextmanager
def watching(site: Path) -> Iterator[tuple[str, Any]]:
    """``docgen serve``'s app in watch mode on a real Uvicorn server in a thread; yields its
    base URL and the live-reload hub."""
    target = site / "docs.json"
    outcome = build_snapshot(target)
    assert outcome.snapshot is not None, outcome.text
    app = create_app(outcome.snapshot, rebuild=lambda: build_snapshot(target), watch_root=site)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", app.state.docgen.hub
    finally:
        app.state.docgen.hub.close()
        server.should_exit = True
        thread.join(10)


def reloaded_with(tab: Any, text: str) -> None:
    """Wait until ``tab`` has reloaded (its mark is gone) and shows ``text``."""
    tab.wait_for_function(
        "text => !window.__before_reload && !!document.body"
        " && document.body.textContent.includes(text)",
        arg=text,
        timeout=60000,
    )


def test_many_tabs_share_one_event_stream_and_all_reload(tmp_path: Path, browser: Any) -> None:
    config = {"name": "Tabs", "navigation": {"pages": ["index"]}}
    (tmp_path / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    page_file = tmp_path / "index.mdx"
    page_file.write_text("---\ntitle: Home\n---\n\nFirst.\n", encoding="utf-8")
    context = browser.new_context()
    try:
        with watching(tmp_path) as (base, hub):
            tabs = []
            for _ in range(9):
                tab = context.new_page()
                tab.goto(base + "/", timeout=15000)  # the 7th timed out
                tabs.append(tab)
            wait_for(lambda: len(hub._queues) == 1, 10, "one event stream for all tabs")
            for tab in tabs:
                tab.evaluate("() => { window.__before_reload = true; }")
            page_file.write_text("---\ntitle: Home\n---\n\nSecond.\n", encoding="utf-8")
            for tab in tabs:
                reloaded_with(tab, "Second.")
            # the listening tab closes: another takes over, and the rest still reload
            tabs.pop(0).close()
            wait_for(lambda: len(hub._queues) == 1, 10, "another tab listening")
            for tab in tabs:
                tab.evaluate("() => { window.__before_reload = true; }")
            page_file.write_text("---\ntitle: Home\n---\n\nThird.\n", encoding="utf-8")
            for tab in tabs:
                reloaded_with(tab, "Third.")
    finally:
        context.close()


# A page served over plain http on a LAN address (``--host 0.0.0.0``) is no secure context:
# no Web Locks. Emulated here (127.0.0.1 is one), with hidden tabs as in a real browser window.
NO_LOCKS = """
Object.defineProperty(Navigator.prototype, "locks", { get: function () { return undefined; } });
Object.defineProperty(Document.prototype, "hidden", {
  get: function () { return !window.__shown; }, configurable: true });
"""
SHOW = "() => { window.__shown = true; document.dispatchEvent(new Event('visibilitychange')); }"


def test_without_web_locks_only_visible_tabs_listen(tmp_path: Path, browser: Any) -> None:
    config = {"name": "Tabs", "navigation": {"pages": ["index"]}}
    (tmp_path / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    page_file = tmp_path / "index.mdx"
    page_file.write_text("---\ntitle: Home\n---\n\nFirst.\n", encoding="utf-8")
    context = browser.new_context()
    context.add_init_script(NO_LOCKS)
    try:
        with watching(tmp_path) as (base, hub):
            tabs = []
            for _ in range(9):
                tab = context.new_page()
                tab.goto(base + "/", timeout=15000)  # the 7th timed out
                tabs.append(tab)
            wait_for(lambda: len(hub._queues) == 0, 10, "hidden tabs to let go")
            tabs[-1].evaluate(SHOW)
            wait_for(lambda: len(hub._queues) == 1, 10, "the visible tab listening")
            for tab in tabs:
                tab.evaluate("() => { window.__before_reload = true; }")
            page_file.write_text("---\ntitle: Home\n---\n\nSecond.\n", encoding="utf-8")
            reloaded_with(tabs[-1], "Second.")
            # a hidden tab brought back reloads: the build changed while it was away
            assert "First." in tabs[0].text_content("body")
            tabs[0].evaluate(SHOW)
            reloaded_with(tabs[0], "Second.")
    finally:
        context.close()
