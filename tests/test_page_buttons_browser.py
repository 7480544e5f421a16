"""A page's own ``<button>`` looks as on Mintlify, whose Tailwind preflight resets buttons (no
border, background or padding; the text's font and colour), while its classes, its ``style``
and the repo's CSS still style it; docgen's own buttons keep their look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from serving import serve_folder
from test_static import docgen

PAGE = """---
title: Buttons
---
Text before.

<button>Plain</button>

<button className="px-4 py-2 bg-green-600 text-white">Classes</button>

<button style={{ padding: "0 16px", border: "1px solid #EB6658" }}>Styled</button>

<button className="hero">Repo CSS</button>

```js
const x = 1;
```
"""
_PROPS = ("border-top-width", "background-color", "padding-left", "font-size", "color")
_READ = (
    "(els, props) => els.map(e => [e.textContent.trim(),"
    " ...props.map(p => getComputedStyle(e).getPropertyValue(p))])"
)


def test_page_buttons_are_reset_and_docgen_buttons_are_not(browser: Any, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "B", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    (root / "style.css").write_text(".hero { border: 3px solid #000; }\n")
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        tab = context.new_page()
        tab.goto(f"{site}/")
        page_buttons = tab.eval_on_selector_all(
            "main .prose > button, main .prose p > button", _READ, list(_PROPS)
        )
        text = tab.eval_on_selector("main .prose p", "e => getComputedStyle(e).color")
        copy = tab.eval_on_selector("main .copy-button", f"e => ({_READ})([e], {list(_PROPS)})[0]")
        search = tab.eval_on_selector(".search-button", f"e => ({_READ})([e], {list(_PROPS)})[0]")
        context.close()
    found = {row[0]: row[1:] for row in page_buttons}
    assert found["Plain"] == ["0px", "rgba(0, 0, 0, 0)", "0px", "16px", text], found
    border, background, padding, _, color = found["Classes"]
    assert (border, padding, color) == ("0px", "16px", "rgb(255, 255, 255)")
    assert background.startswith("oklch(")  # bg-green-600
    assert found["Styled"][0] == "1px" and found["Styled"][2] == "16px"
    assert found["Repo CSS"][0] == "3px"
    # docgen's own buttons keep their borders and backgrounds
    assert copy[1] == "1px" and search[1] == "1px" and search[2] != "rgba(0, 0, 0, 0)"
