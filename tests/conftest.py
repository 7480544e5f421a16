"""Shared test setup: helpers next to the tests importable (``refresh_fixtures``); a built
showcase site served on 127.0.0.1; a headless Chromium driven by Playwright."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import serve_folder

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"



@pytest.fixture(scope="session")
def served_showcase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The showcase site, built fresh and served over HTTP on 127.0.0.1; yields its base URL."""
    out = tmp_path_factory.mktemp("served") / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", "fixtures/platform/docs.json", "-o", str(out),
         "--quiet"], cwd=ROOT, check=True, timeout=120,
    )
    with serve_folder(out) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (required in CI via DOCGEN_REQUIRE_BROWSER=1)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("DOCGEN_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield instance
        instance.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A laptop-sized tab (1280x900) in a fresh context; the test fails on any page error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert not errors, errors


@pytest.fixture(params=["light", "dark"])
def scheme_tab(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A wide tab (1440x900) in the light and then the dark colour scheme; the test fails on
    any page error or console error (``tab.errors`` lists them as they come)."""
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, color_scheme=request.param
    )
    page = context.new_page()
    page.set_default_timeout(10000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    yield page
    context.close()
    assert errors == []
