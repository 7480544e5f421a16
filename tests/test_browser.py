"""The showcase site in a real headless Chromium: navigation, search, anchors, dark mode."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"


@pytest.fixture()
def page(browser: Any, served_showcase: str) -> Any:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    tab.errors = errors
    yield tab
    context.close()


def test_sidebar_links_lead_to_pages(page: Any, served_showcase: str) -> None:
    page.goto(f"{served_showcase}/api/v1/analytics/get-unique-visitors/")
    links = page.locator("nav.sidebar a[href]")
    assert links.count() >= 2
    target = page.locator("nav.sidebar a", has_text="Get page views").first
    target.click()
    page.wait_for_url("**/api/v1/analytics/get-page-views/")
    assert page.locator("h1").inner_text().strip() == "Get page views"
    active = page.locator('nav.sidebar a[aria-current="page"]')
    assert "Get page views" in active.inner_text()
    page.locator("nav.tabs a", has_text="Agent API (v2)").click()
    page.wait_for_url("**/api/v2/agent-jobs/create-agent-job/")
    assert page.errors == []


def test_search_finds_an_operation(page: Any, served_showcase: str) -> None:
    page.goto(f"{served_showcase}/")
    page.keyboard.press("/")
    box = page.locator("#search-input")
    box.wait_for(state="visible")
    box.fill("create agent")
    results = page.locator("#search-results a")
    results.first.wait_for()
    assert "create agent job" in results.first.inner_text().lower()
    page.keyboard.press("Enter")
    page.wait_for_url("**/api/v2/agent-jobs/create-agent-job/")
    page.keyboard.press("/")
    box.fill("dateFrom")
    results.first.wait_for()
    assert "/v1/analytics/" in results.first.inner_text()
    assert page.errors == []


def test_anchor_link_shows_the_parameter(page: Any, served_showcase: str) -> None:
    page.goto(f"{served_showcase}/api/v2/agent-jobs/get-agent-job/#response-200.source.repository")
    page.wait_for_timeout(300)
    field = page.locator('[id="response-200.source.repository"]')
    assert field.is_visible()
    box = field.bounding_box()
    assert box is not None and 0 <= box["y"] < 900
    page.goto(f"{served_showcase}/api/v1/analytics/get-unique-visitors/#limit")
    page.wait_for_timeout(300)
    limit = page.locator('[id="limit"]')
    assert limit.is_visible()
    assert limit.locator("a.anchor").first.get_attribute("href") == (
        "https://docs.example.com/api/v1/analytics/get-unique-visitors#limit")
    assert page.errors == []


def test_dark_mode_toggle_and_screenshots(page: Any, served_showcase: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.emulate_media(color_scheme="light")
    page.goto(f"{served_showcase}/api/v2/agent-jobs/create-agent-job/")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    background_light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.screenshot(path=str(SHOTS / "operation-light.png"))
    page.locator("button.theme-toggle").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background_dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background_dark != background_light
    page.screenshot(path=str(SHOTS / "operation-dark.png"))
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.errors == []
