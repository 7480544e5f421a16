"""Time to content in a real browser: a docgen operation page vs the same operation in Redoc.

    python bench/visible.py [--runs 3]

Builds the whole GitHub spec with docgen and with ``redocly build-docs --inlineBundle`` (one
self-contained HTML file; no CDN, like docgen), serves both on 127.0.0.1 and opens "Get a
repository" in headless Chromium (Debian's /usr/bin/chromium): the time from navigation start
until the operation's title is visible. Run ``python bench/run.py --only whole`` first (it
fetches the spec and installs redocly into bench/.cache).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import subprocess
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fetch  # noqa: E402

FOLDER = fetch.CACHE / "visible"
TITLE = "Get a repository"
DOCGEN_PAGE = "/_site/api-reference/repos/get-a-repository/"
REDOC_PAGE = "/redoc.html#tag/repos/operation/repos/get"
# Runs in the page before its own scripts: checks every animation frame whether the title is on
# screen and records when, in ms since navigation start (no test-driver round trips measured).
WATCH = """(() => {
  const title = TITLE;
  const check = () => {
    const found = [...document.querySelectorAll('h1, h2')].some((h) => {
      const r = h.getBoundingClientRect();
      return h.textContent.trim().startsWith(title) && r.height > 0 && r.top >= 0
        && r.top < innerHeight;
    });
    if (found) { window.__visibleAt = performance.now(); } else { requestAnimationFrame(check); }
  };
  requestAnimationFrame(check);
})();"""
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def build() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    spec = FOLDER / "openapi.json"
    if not spec.is_file():
        spec.write_bytes(fetch.github_spec().read_bytes())
    docgen = [sys.executable, "-m", "docgen", "build", "openapi.json", "-o", "_site", "-q"]
    subprocess.run(docgen, cwd=FOLDER, check=True)
    if not (FOLDER / "redoc.html").is_file():
        redocly = str(fetch.redocly())
        command = [redocly, "build-docs", "openapi.json", "--inlineBundle", "-o", "redoc.html"]
        subprocess.run(command, cwd=FOLDER, check=True, capture_output=True)


def measure(runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(FOLDER))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    times: dict[str, list[float]] = {"docgen": [], "redoc": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(runs):
            for name, path in (("docgen", DOCGEN_PAGE), ("redoc", REDOC_PAGE)):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.add_init_script(WATCH.replace("TITLE", json.dumps(TITLE)))
                page.goto(base + path, wait_until="commit", timeout=120_000)
                page.wait_for_function("window.__visibleAt", timeout=120_000, polling=100)
                times[name].append(page.evaluate("window.__visibleAt") / 1000)
                context.close()
        browser.close()
    server.shutdown()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    build()
    times = measure(args.runs)
    docgen, redoc = statistics.median(times["docgen"]), statistics.median(times["redoc"])
    size = (FOLDER / "_site" / DOCGEN_PAGE.strip("/").removeprefix("_site/") / "index.html")
    print("| page | HTML | content visible (median) |")
    print("|---|---:|---:|")
    print(f"| docgen `{TITLE}` | {size.stat().st_size / 1e3:.0f} KB | {docgen * 1000:.0f} ms |")
    redoc_size = (FOLDER / "redoc.html").stat().st_size / 1e6
    print(f"| Redoc `--inlineBundle` | {redoc_size:.1f} MB | {redoc * 1000:.0f} ms |")
    print(f"\ndocgen needs {docgen / redoc:.3f}x Redoc's time (goal <= 0.05x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
