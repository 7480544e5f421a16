"""A sidebar group with its own root page (docs.json ``root``): its link and its expand/collapse
toggle are two controls, not a link inside the ``<summary>`` (axe-core "nested-interactive":
one control that both toggled and navigated)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder
from test_a11y_browser import _serious

# The names of the toggle that a reader hears (the spans the CSS leaves displayed).
_TOGGLE_NAME = """s => [...s.querySelectorAll('span')]
  .filter(e => getComputedStyle(e).display !== 'none').map(e => e.textContent).join('')"""


def _site(root: Path) -> Path:
    rooted = {"group": "Rooted", "root": "r", "pages": ["z", "w"]}
    plain = {"group": "Plain", "pages": ["p"]}
    config = {"name": "N", "navigation": {"groups": [
        {"group": "Top", "pages": ["index", rooted, plain]},
    ]}}  # fmt: skip
    root.mkdir(parents=True)
    (root / "docs.json").write_text(json.dumps(config))
    for page in ("index", "r", "z", "w", "p"):
        (root / f"{page}.mdx").write_text(f"---\ntitle: Page {page}\n---\n\nText.\n")
    out = root / "out"
    result = run_docgen(["build", ".", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stderr
    return out


def _focused(tab: Any) -> str:
    return str(tab.evaluate("document.activeElement.outerHTML.slice(0, 60)"))


def test_a_group_with_a_root_page_has_a_link_and_a_toggle(browser: Any, tmp_path: Path) -> None:
    out = _site(tmp_path / "src")
    errors: list[str] = []
    for scheme, width in (("light", 1280), ("dark", 390)):
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        tab = context.new_page()
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        with serve_folder(out) as site:
            tab.goto(f"{site}/")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
            assert tab.locator("#sidebar summary a, #sidebar summary button").count() == 0
            assert _serious(tab) == []
            link = tab.locator("#sidebar a.nav-group-link")
            toggle = tab.locator("#sidebar .nav-group-rooted > details > summary")
            details = tab.locator("#sidebar .nav-group-rooted > details")
            assert link.inner_text().strip() == "Rooted"
            # The row looks like one: the chevron sits at the start of the link's row.
            box, mark = link.bounding_box(), toggle.locator(".icon-chevron").bounding_box()
            assert box["x"] <= mark["x"] < box["x"] + 20
            assert box["y"] <= mark["y"] and mark["y"] + mark["height"] <= box["y"] + box["height"]
            # Keyboard: Tab reaches the link, then the toggle; Enter and Space toggle.
            link.focus()
            assert "nav-group-link" in _focused(tab)
            tab.keyboard.press("Tab")
            assert _focused(tab).startswith("<summary")
            assert toggle.evaluate(_TOGGLE_NAME) == "Show Rooted"
            tab.keyboard.press("Enter")
            assert details.evaluate("d => d.open") and tab.url == f"{site}/"
            assert toggle.evaluate(_TOGGLE_NAME) == "Hide Rooted"
            tab.keyboard.press(" ")
            assert not details.evaluate("d => d.open") and tab.url == f"{site}/"
            # A click on the chevron only toggles; Enter on the link goes to the root page.
            toggle.locator(".icon-chevron").click()
            assert details.evaluate("d => d.open") and tab.url == f"{site}/"
            tab.keyboard.press("Shift+Tab")
            assert "nav-group-link" in _focused(tab)
            tab.keyboard.press("Enter")
            tab.wait_for_url(f"{site}/r/")
            # On the root page its group is open and its link is the current page.
            assert details.evaluate("d => d.open")
            assert link.get_attribute("aria-current") == "page"
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
            assert _serious(tab) == []
            # On a child page the group is open too; a click on the label navigates.
            tab.goto(f"{site}/z/")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
            assert details.evaluate("d => d.open")
            link.click()
            tab.wait_for_url(f"{site}/r/")
            tab.wait_for_load_state("networkidle")
        context.close()
    assert errors == []
