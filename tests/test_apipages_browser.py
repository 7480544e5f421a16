"""A hand-written API page's playground in headless Chromium, sending through a real
``docgen serve`` proxy to a real API on 127.0.0.1; its sidebar tags and badges at phone,
laptop and wide widths, in both themes (screenshots kept in ``DOCGEN_SHOTS`` when set)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import docgen_serve
from upstream import Upstream, running_upstream

PAGE = """\
---
title: Create item
sidebarTitle: New item
tag: beta
icon: plus
api: "POST {upstream}/teams/{{team}}/items"
authMethod: bearer
---

Creates an item in a team.

<ParamField path="team" type="string" required placeholder="acme-corp">
  The team's slug.
</ParamField>

<ParamField query="dryRun" type="boolean">
  Validate only.
</ParamField>

<ParamField body="name" type="string" required>
  The item's name.
</ParamField>

<ResponseField name="id" type="string">The new item's id.</ResponseField>
"""
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
OLD = "---\ntitle: Old way\ndeprecated: true\n---\n\nDo not use.\n"
MODES = ("wide", "center", "custom", "frame")
MODE_PAGE = """---
title: The {mode} page
mode: {mode}
---

## First part

<CardGroup cols={{2}}>
<Card title="One">A card.</Card>
<Card title="Two">Another card.</Card>
</CardGroup>

## Second part

Text.
"""
EXTERNAL = "---\ntitle: Status\nurl: https://status.example.com\n---\n\nx\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Upstream]]:
    root = tmp_path_factory.mktemp("apipage")
    with running_upstream() as api:
        (root / "items").mkdir()
        (root / "items" / "create.mdx").write_text(PAGE.format(upstream=api.url))
        (root / "old.mdx").write_text(OLD)
        (root / "status.mdx").write_text(EXTERNAL)
        for mode in MODES:
            (root / f"{mode}.mdx").write_text(MODE_PAGE.format(mode=mode))
        config = {
            "name": "Hand-written API",
            "navigation": {
                "groups": [
                    {"group": "Items", "pages": ["items/create", "old", "status"]},
                    {"group": "Layouts", "pages": list(MODES)},
                ]
            },
        }
        (root / "docs.json").write_text(json.dumps(config))
        process, url = docgen_serve(root / "docs.json", "--no-watch", "--allow-local")
        try:
            yield url, api
        finally:
            process.stop()


def test_a_fields_placeholder_is_its_inputs(page: Any, site: tuple[str, Upstream]) -> None:
    # Mintlify: "placeholder: Placeholder text for the input in the playground" (was dropped).
    page.goto(site[0] + "/items/create/")
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")
    assert page.get_attribute('[data-param="path:team"]', "placeholder") == "acme-corp"
    assert page.get_attribute('[data-param="query:dryRun"]', "placeholder") is None


def test_api_page_playground_sends_through_the_proxy(page: Any, site: tuple[str, Upstream]) -> None:
    url, api = site
    page.goto(url + "/items/create/")
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")
    page.fill('[data-param="path:team"]', "core")
    page.select_option('[data-param="query:dryRun"]', "true")
    page.fill('[data-auth="bearer"]', "tok-1")
    page.fill("[data-pg-body]", '{"name": "Widget"}')
    before = len(api.api_requests())
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
    assert page.get_attribute("[data-pg-response]", "data-state") == "ok"
    assert page.get_attribute("[data-pg-status]", "data-pg-status") == "201"
    seen = api.api_requests()[before:]
    assert [(s.method, s.path) for s in seen] == [("POST", "/teams/core/items")]
    assert seen[0].query == {"dryRun": ["true"]}
    assert seen[0].headers["authorization"] == "Bearer tok-1"
    assert json.loads(seen[0].body) == {"name": "Widget"}
    assert "origin" not in seen[0].headers  # sent by docgen serve's proxy, not the browser
    # The form's label links to the page's own ParamField anchor.
    link = page.locator('[data-docgen-playground-panel] a[href$="#team"]').first
    assert link.count() == 1
    assert page.locator("#team.mdx-field").count() == 1
    shots = os.environ.get("DOCGEN_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/apipage-playground-1280.png", full_page=True)


@pytest.mark.parametrize("width", [390, 1280, 1800])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_sidebar_tags_and_badges_fit(
    browser: Any, site: tuple[str, Upstream], width: int, scheme: str
) -> None:
    url, _ = site
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme=scheme, bypass_csp=True
    )  # the test adds its own scripts; tests/test_csp_browser.py checks the policy
    page = context.new_page()
    try:
        page.goto(url + "/items/create/")
        if width < 1000:
            page.click("[data-docgen-menu]")
            page.wait_for_function(
                "() => document.querySelector('#sidebar').getBoundingClientRect().left >= 0"
            )  # the drawer has slid in (a function: docgen serve's policy forbids eval)
        sidebar = page.locator("#sidebar")
        box = sidebar.bounding_box()
        link = sidebar.locator("a.nav-link", has_text="New item")
        assert link.locator(".nav-tag").inner_text().strip().lower() == "beta"
        assert link.locator(".method-post").count() == 1
        assert link.locator('[data-icon="plus"] svg').count() == 1  # the bundled icon
        old = sidebar.locator("a.nav-link.deprecated", has_text="Old way")
        assert old.locator(".nav-tag-deprecated").count() == 1
        external = sidebar.locator('a.nav-link[href="https://status.example.com"]')
        assert external.get_attribute("rel") == "noopener noreferrer"
        for tag in sidebar.locator(".nav-tag").all():
            tag_box = tag.bounding_box()
            assert tag_box["x"] + tag_box["width"] <= box["x"] + box["width"] + 0.5
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.locator("h1 .title-tag").inner_text().strip().lower() == "beta"
        page.add_script_tag(path=str(AXE))  # the badges' contrast and names, in this theme
        found = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        )
        assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
        shots = os.environ.get("DOCGEN_SHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{shots}/apipage-{width}-{scheme}.png", full_page=True)
    finally:
        context.close()


# mode -> (sidebar shown, table of contents, title shown, footer and pager shown)
LAYOUTS = {
    "wide": (True, False, True, True),
    "center": (False, False, True, True),
    "custom": (False, False, False, False),
    "frame": (True, False, False, False),
}


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("mode", sorted(LAYOUTS))
def test_page_modes_lay_out_as_documented(
    browser: Any, site: tuple[str, Upstream], mode: str, width: int
) -> None:
    url, _ = site
    sidebar, toc, title, footer = LAYOUTS[mode]
    scheme = "dark" if mode in ("center", "frame") else "light"
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme=scheme, bypass_csp=True
    )  # the test adds its own scripts; tests/test_csp_browser.py checks the policy
    page = context.new_page()
    try:
        page.goto(f"{url}/{mode}/")
        assert page.locator("body").get_attribute("class").split().count(f"mode-{mode}") == 1
        if width > 1000:
            assert page.locator("#sidebar").is_visible() is sidebar
            assert page.locator("[data-docgen-menu]").is_visible() is False
        else:
            # Every mode keeps the menu on a phone: a reader who lands on a centred page (often
            # a site's introduction) can still browse the site.
            page.locator("[data-docgen-menu]").click()
            page.locator("#sidebar a[aria-current=page]").wait_for(state="visible")
            page.keyboard.press("Escape")
            page.locator("#sidebar").wait_for(state="hidden")
        assert page.locator(".toc").count() == (1 if toc else 0)
        h1 = page.locator("h1")
        assert (h1.bounding_box()["height"] > 10) is title
        assert page.locator(".site-footer").count() == (1 if footer else 0)
        cards = page.locator(".card")
        assert cards.count() == 2 and cards.first.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots = os.environ.get("DOCGEN_SHOTS")
        if shots:
            page.screenshot(path=f"{shots}/mode-{mode}-{width}-{scheme}.png", full_page=True)
    finally:
        context.close()
