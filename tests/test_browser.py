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


def _search(page: Any, query: str) -> str:
    """Type ``query`` into the open search dialog; the status line once results are shown."""
    box = page.locator("#search-input")
    box.wait_for(state="visible")
    page.evaluate("document.querySelector('.search-status').textContent = ''")
    box.fill(query)
    page.wait_for_function(
        """q => { const s = document.querySelector('.search-status').textContent;
                  return s.includes(q) || / found\\.$/.test(s); }""", arg=query)
    status: str = page.locator(".search-status").inner_text()
    return status


def test_search_finds_an_operation(page: Any, served_showcase: str) -> None:
    page.goto(f"{served_showcase}/")
    page.keyboard.press("/")
    _search(page, "create agent")
    results = page.locator("#search-results a[role=option]")
    assert "create agent job" in results.first.inner_text().lower()
    page.keyboard.press("Enter")
    page.wait_for_url("**/api/v2/agent-jobs/create-agent-job/")
    page.keyboard.press("/")
    _search(page, "dateFrom")
    assert "/v1/analytics/" in results.first.inner_text()
    assert page.errors == []


def test_ctrl_k_opens_search_from_a_text_field_and_slash_types(
    page: Any, served_showcase: str
) -> None:
    page.goto(f"{served_showcase}/api/v2/agent-jobs/create-agent-job/")
    page.evaluate(
        "() => { const f = document.createElement('input'); f.id = 'probe';"
        " document.querySelector('main').prepend(f); f.focus(); }"
    )
    page.keyboard.press("/")
    assert page.locator("#probe").input_value() == "/"
    assert not page.locator("dialog[open]").count()
    page.keyboard.press("Control+k")
    page.wait_for_selector("dialog[open]")
    assert page.errors == []


def test_the_tabs_are_in_the_phone_menu_and_only_there(page: Any, served_showcase: str) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{served_showcase}/api/v2/agent-jobs/create-agent-job/")
    page.locator("[data-docgen-menu]").click()
    listed = page.locator(".sidenav-tabs a")
    top = page.locator("nav.tabs a")
    assert listed.count() == top.count() >= 2
    assert all(listed.nth(i).is_visible() for i in range(listed.count()))
    current = page.locator('.sidenav-tabs a[aria-current="true"]')  # its tab, not the page
    assert current.inner_text() == page.locator("nav.tabs a[aria-current]").inner_text()
    page.set_viewport_size({"width": 1440, "height": 900})
    assert not listed.first.is_visible()
    assert page.errors == []


def test_search_finds_body_text_sections_and_typos(page: Any, served_showcase: str) -> None:
    page.goto(f"{served_showcase}/guides/pagination/")
    page.keyboard.press("Control+k")
    assert _search(page, "rate limit").endswith("found.")
    sections = page.locator("#search-results a.search-result-section")
    hrefs = [sections.nth(i).get_attribute("href") for i in range(sections.count())]
    assert any(h.endswith("guides/agent-jobs/#limits") for h in hrefs), hrefs
    assert page.locator("#search-results mark", has_text="limit").count() >= 1
    # A body-only word, linked to the parameter's anchor on the endpoint page.
    _search(page, "hasMore")
    hrefs = [sections.nth(i).get_attribute("href") for i in range(sections.count())]
    assert any(h.endswith("/analytics/get-page-views/#response-200.hasMore") for h in hrefs), hrefs
    # A typo: corrected to the closest indexed word, and said so.
    status = _search(page, "agnet")
    assert "showing" in status and "“agent”" in status
    assert "agent" in page.locator("#search-results").inner_text().lower()
    sections.first.click()
    page.wait_for_url("**#*")
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
