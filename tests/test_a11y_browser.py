"""axe-core (vendored for the tests only, tests/vendor/axe-core) on every page type of the
showcase, with the search dialog and the playground open, in both themes: no serious or
critical violation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
PAGES = {
    "home": "",
    "guide": "guides/agent-jobs/",
    "operation": "api/v2/agent-jobs/create-agent-job/",
    "operation-get": "api/v1/analytics/get-unique-visitors/",
    "404": "404.html",
}


@pytest.fixture(params=["light", "dark"])
def tab(request: Any, browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, color_scheme=request.param
    )
    page = context.new_page()
    yield page
    context.close()


def _serious(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_no_serious_violations(tab: Any, served_showcase: str, kind: str) -> None:
    tab.goto(f"{served_showcase}/{PAGES[kind]}")
    assert _serious(tab) == []
    # With the search dialog open and showing results.
    tab.keyboard.press("/")
    tab.locator("#search-input").fill("agent")
    tab.locator("#search-results a[role=option]").first.wait_for()
    assert _serious(tab) == []
    tab.keyboard.press("Escape")
    if kind.startswith("operation"):
        tab.locator("[data-docgen-try]").click()
        tab.locator(".pg-form").wait_for()
        assert _serious(tab) == []


def test_focus_is_visible(tab: Any, served_showcase: str) -> None:
    tab.goto(f"{served_showcase}/{PAGES['operation']}")
    for _ in range(4):
        tab.keyboard.press("Tab")
        width = tab.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
        style = tab.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert style != "none" and width >= 2, tab.evaluate("document.activeElement.outerHTML")


_RING = """el => {
  const rgb = (c) => { const x = document.createElement('canvas').getContext('2d');
    x.fillStyle = c; x.fillRect(0, 0, 1, 1); return Array.from(x.getImageData(0, 0, 1, 1).data); };
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(el), panel = el.closest('.sample-panel');
  const a = lum(rgb(style.outlineColor)), b = lum(rgb(getComputedStyle(panel).backgroundColor));
  const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  const box = el.getBoundingClientRect(), clip = panel.getBoundingClientRect();
  const inside = box.left - reach >= clip.left && box.right + reach <= clip.right
    && box.top - reach >= clip.top && box.bottom + reach <= clip.bottom;
  return [(Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), inside];
}"""


def test_focus_rings_in_the_dark_code_panels_show(tab: Any, served_showcase: str) -> None:
    # The panels are dark in both themes: the light theme's dark ring was 1.9:1 on them, and
    # the code block's ring was cut off by the panel's edge.
    tab.goto(f"{served_showcase}/{PAGES['operation']}")
    checked = set()
    for _ in range(60):
        tab.keyboard.press("Tab")
        kind = tab.evaluate(
            "(e => e.closest('.sample-panel') ? e.tagName + '.' + e.className : null)"
            "(document.activeElement)"
        )
        if kind is None:
            continue
        contrast, inside = tab.evaluate(_RING, tab.evaluate_handle("document.activeElement"))
        assert contrast >= 3 and inside, (kind, contrast, inside)
        checked.add(kind.split(".")[0])
    assert {"BUTTON", "PRE"} <= checked


def test_the_phone_menu_keeps_keyboard_focus_until_closed(tab: Any, served_showcase: str) -> None:
    # Tab past the menu's last link went to "Skip to content", behind the open menu.
    tab.set_viewport_size({"width": 390, "height": 800})
    tab.goto(f"{served_showcase}/{PAGES['guide']}")
    tab.keyboard.press("Tab")
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.hasAttribute('data-docgen-menu')")
    tab.keyboard.press("Enter")
    outside = []
    for _ in range(30):
        tab.keyboard.press("Tab")
        where = tab.evaluate(
            "(e => e === document.body || e.closest('#sidebar') ? null : e.outerHTML.slice(0, 80))"
            "(document.activeElement)"
        )
        if where:
            outside.append(where)
    assert outside == []
    tab.keyboard.press("Escape")
    assert tab.evaluate("document.activeElement.hasAttribute('data-docgen-menu')")
    assert tab.get_attribute("[data-docgen-menu]", "aria-expanded") == "false"
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.textContent.trim()") != "Skip to content"


@pytest.mark.parametrize("primary", ["#8F74E0", "#00C4B8", "#00FF00"])
def test_a_light_primary_colour_still_gives_readable_text(
    browser: Any, tmp_path: Path, primary: str
) -> None:
    # mem0's primary, #8F74E0, in the light theme: its links, current sidebar link and path
    # parameters were 3.8 to 4.2:1 on their grounds; formbricks's #00C4B8 (its path parameters
    # and "Try it" 4.44:1) and a pure green (4.35:1) still were after darkening to 0.52.
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "T", "version": "1"},
        "paths": {"/hooks/{hook_id}": {"get": {
            "summary": "Get hook",
            "parameters": [{"name": "hook_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "OK"}},
        }}},
    }  # fmt: skip
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    (tmp_path / "start.mdx").write_text(
        "---\ntitle: Start\n---\n\nSee [the hook](/api/get-hook).\n"
    )
    config = {
        "name": "T",
        "colors": {"primary": primary},
        "navigation": {"tabs": [
            {"tab": "Guides", "groups": [{"group": "G", "pages": ["start"]}]},
            {"tab": "API", "openapi": {"source": "openapi.json", "directory": "api"}},
        ]},
    }  # fmt: skip
    (tmp_path / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], tmp_path)
    assert result.returncode == 0, result.stderr
    context = browser.new_context(viewport={"width": 1440, "height": 900}, color_scheme="light")
    tab = context.new_page()
    with serve_folder(out) as url:
        for path in ("start/", "api/get-hook/"):
            tab.goto(f"{url}/{path}")
            assert _serious(tab) == [], path
    context.close()
