"""What a reader sees of MDX docgen does not render itself, in headless Chromium: the content of
an unknown component (a landing page's own ``<CodeTabs>``, an ``<Image>``) reads as the page's
own text, not as a monospaced, whitespace-keeping block."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Unknown
---

A paragraph of the page.

<TellaVideo id="x">
  A paragraph inside an unknown component,
  written over two lines.
</TellaVideo>

<a href="/unknown">
  <Fancy>
    <span className="font-bold">Read the docs</span>
  </Fancy>
</a>
"""

STYLE = """(element) => {
  const s = getComputedStyle(element);
  return [s.fontFamily, s.fontSize, s.whiteSpace, s.color];
}"""


@pytest.fixture(scope="module")
def unknown_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("unknown")
    (root / "unknown.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "U", "navigation": {"pages": ["unknown"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_unknown_components_content_reads_as_the_pages_own(page: Any, unknown_site: str) -> None:
    page.goto(f"{unknown_site}/unknown/")
    prose = page.locator("article.prose")
    own = prose.locator("p", has_text="A paragraph of the page").evaluate(STYLE)
    inside = prose.locator("p", has_text="inside an unknown component")
    assert inside.evaluate(STYLE) == own
    # One line of text, not two: the source's line break is a space, as in any paragraph.
    assert inside.evaluate("(e) => e.getClientRects().length") == 1
    assert inside.bounding_box()["height"] < 40
    label = prose.locator("span", has_text="Read the docs")
    assert label.evaluate(STYLE)[0] == own[0]
