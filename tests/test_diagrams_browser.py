"""Mermaid diagrams in a built site, in headless Chromium: fences are drawn as SVG by the
Mermaid build docgen ships, in the site's theme (drawn again when the reader switches it); a
diagram Mermaid cannot read keeps its source with a note; hostile labels and `click` directives
run nothing; the zoom controls follow the fence's options."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Diagrams
---

```mermaid placement="top-left"
sequenceDiagram
    participant Client
    participant API
    Client->>API: POST /jobs
    API-->>Client: 202 Accepted
    Client->>API: GET /jobs/{id}
    API-->>Client: 200 OK
```

```mermaid
flowchart LR
    A -->
    this is not mermaid ((((
```

```mermaid actions={false}
%%{init: {'securityLevel': 'loose'}}%%
flowchart TB
    A["<img src=x onerror=window.pwned=1>"] --> B["<script>window.pwned=2</script>"]
    B --> C[Third]
    C --> D[Fourth]
    click A "javascript:window.pwned=3"
    click B call alert(1)
```
"""
DONE = (
    "document.querySelectorAll('figure.mermaid.drawn, figure.mermaid.failed').length"
    " === document.querySelectorAll('figure.mermaid').length"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("diagrams")
    (root / "diagrams.mdx").write_text(PAGE)
    (root / "plain.mdx").write_text("---\ntitle: Plain\n---\n\nNo diagram.\n")
    config = {"name": "D", "navigation": {"pages": ["diagrams", "plain"]}}
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def _fill(page: Any) -> str:
    return str(
        page.evaluate("getComputedStyle(document.querySelector('.mermaid rect.actor')).fill")
    )


def test_diagrams_are_drawn_safely_and_follow_the_theme(page: Any, site: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{site}/diagrams/")
    page.wait_for_function(DONE, timeout=30000)
    figures = page.locator("figure.mermaid")
    states = [str(figures.nth(i).get_attribute("class")).split()[1] for i in range(3)]
    assert states == ["drawn", "failed", "drawn"]
    sequence = figures.nth(0)
    assert sequence.locator(".mermaid-canvas svg text", has_text="202 Accepted").count() == 1
    assert sequence.locator(".mermaid-canvas svg").is_visible()
    assert not sequence.locator("pre").is_visible()
    # The diagram Mermaid cannot read: its source, and a note saying so.
    broken = figures.nth(1)
    assert broken.locator("pre").is_visible()
    assert "could not be drawn" in broken.locator(".mermaid-note").inner_text()
    # Hostile labels and click directives: nothing runs, even when the nodes are clicked.
    hostile = figures.nth(2)
    hostile.locator(".mermaid-canvas .node").first.click()
    hostile.locator(".mermaid-canvas .node").nth(1).click()
    page.wait_for_timeout(200)
    assert page.evaluate("window.pwned || null") is None and dialogs == []
    assert hostile.locator("[onerror], script").count() == 0
    # Controls: top-left where asked, none where actions={false}.
    controls = sequence.locator(".mermaid-controls")
    box, frame = controls.bounding_box(), sequence.bounding_box()
    assert box is not None and frame is not None
    assert box["x"] - frame["x"] < 20 and box["y"] - frame["y"] < 20
    assert hostile.locator(".mermaid-controls").count() == 0
    canvas, view = sequence.locator(".mermaid-canvas"), sequence.locator(".mermaid-view")
    drawing, band = canvas.bounding_box(), view.bounding_box()
    assert drawing is not None and band is not None
    assert box["y"] + box["height"] <= drawing["y"] + 1  # the buttons sit above the drawing
    before = sequence.locator(".mermaid-canvas").bounding_box()
    sequence.get_by_role("button", name="Zoom in").click()
    after = sequence.locator(".mermaid-canvas").bounding_box()
    assert before is not None and after is not None and after["width"] > before["width"] * 1.2
    # The reader switches theme: the diagram is drawn again in the other palette.
    light = _fill(page)
    page.locator(".theme-toggle").first.click()
    page.wait_for_function(
        "(old) => getComputedStyle(document.querySelector('.mermaid rect.actor')).fill !== old",
        arg=light,
        timeout=15000,
    )
    assert _fill(page) != light


def test_pages_without_a_diagram_load_no_diagram_script(page: Any, site: str) -> None:
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    page.goto(f"{site}/plain/")
    page.wait_for_load_state("networkidle")
    assert any(u.endswith("/_docgen/components.js") for u in loaded)
    assert not any("/_docgen/mermaid/" in u or "diagrams.js" in u for u in loaded)


def test_a_redraw_reads_the_source_not_the_drawings_labels_and_dark_prints_light(
    browser: Any, tmp_path: Path
) -> None:
    """A label holding <pre><code> does not become the source of the redraw after a theme
    switch; a page printed from the dark theme turns the dark drawing light."""
    fence = '```mermaid\nflowchart LR\n    A["<pre><code>see</code></pre>"] --> B\n```\n'
    (tmp_path / "index.mdx").write_text("# Labels\n\n" + fence)
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "D", "navigation": {"pages": ["index"]}})
    )
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        with serve_folder(out) as url:
            page.goto(f"{url}/")
            page.wait_for_function(DONE, timeout=30000)
            page.locator(".theme-toggle").first.click()
            page.wait_for_function(
                "document.documentElement.dataset.theme === 'light' && "
                "document.querySelector('figure.mermaid svg') && " + DONE,
                timeout=15000,
            )
            page.wait_for_timeout(500)
            assert "drawn" in str(page.locator("figure.mermaid").get_attribute("class"))
            page.locator(".theme-toggle").first.click()
            page.wait_for_timeout(1500)
            page.emulate_media(media="print")
            svg = "getComputedStyle(document.querySelector('.mermaid-canvas svg')).filter"
            assert "invert" in str(page.evaluate(svg))
    finally:
        context.close()
