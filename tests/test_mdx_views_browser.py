"""Mintlify's ``<View>``: one view of the page shown at a time, chosen with the page's view
selector (Mintlify's multi-view dropdown); the table of contents follows the chosen view, a
link to a heading of another view chooses that view, and the page is drawn once (the first
view shown before any script runs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from serving import serve_folder
from test_static import docgen

PAGE = """---
title: Media
---

<View title="React" icon="react">
  React intro.
</View>
<View title="JavaScript" icon="js">
  JavaScript intro.
</View>

## Audio

<View title="React" icon="react">

### React audio

Use the component.

</View>

<View title="JavaScript" icon="js">

### JavaScript audio

Attach the track.

</View>

## Shared
"""


def _visible(tab: Any, selector: str) -> list[str]:
    return list(
        tab.eval_on_selector_all(
            selector,
            "els => els.filter(e => e.offsetParent !== null)"
            " .map(e => e.textContent.replace(/#/g, '').replace(/\\s+/g, ' ').trim())",
        )
    )


def test_the_view_selector_switches_views_and_the_contents(browser: Any, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "V", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        still = browser.new_context(
            viewport={"width": 1280, "height": 800}, java_script_enabled=False
        )
        tab = still.new_page()
        tab.goto(f"{site}/")
        drawn = tab.eval_on_selector("main h2#audio", "e => e.getBoundingClientRect().top")
        assert _visible(tab, "main .mdx-view") == ["React intro.", "React audio Use the component."]
        still.close()
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        tab = context.new_page()
        tab.goto(f"{site}/")
        # the script changes nothing of the first drawing (no shift)
        assert tab.eval_on_selector("main h2#audio", "e => e.getBoundingClientRect().top") == drawn
        choice = tab.get_by_label("View")
        assert choice.evaluate("e => e.tagName") == "SELECT"
        assert _visible(tab, ".toc li a") == ["Audio", "React audio", "Shared"]
        choice.focus()
        tab.keyboard.press("ArrowDown")  # a native select: the keyboard chooses
        choice.select_option(label="JavaScript")
        assert _visible(tab, "main .mdx-view") == [
            "JavaScript intro.",
            "JavaScript audio Attach the track.",
        ]
        assert _visible(tab, ".toc li a") == ["Audio", "JavaScript audio", "Shared"]
        # a link to a heading of the other view chooses that view
        tab.goto(f"{site}/#react-audio")
        tab.wait_for_function("document.querySelector('[data-mdx-view-select]').value === '0'")
        assert _visible(tab, "main .mdx-view")[1] == "React audio Use the component."
        context.close()
