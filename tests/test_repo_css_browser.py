"""The docs repo's own style.css in headless Chromium: a class it defines styles the element of
a page that uses it, and Mintlify's dark-mode selector (``.dark .x``, class ``dark`` on
<html>) applies in dark mode, whether the reader's system or the theme button chose it."""

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
title: Home
---

<div className="uo-hero">Welcome</div>

<table className="compatibility-table"><tr><td>Linux</td></tr></table>
"""

STYLE = """\
.uo-hero { color: rgb(1, 2, 3); background-image: url(images/dot.svg); }
.dark .uo-hero { color: rgb(4, 5, 6); }
.compatibility-table td { border: 3px solid rgb(7, 8, 9); }
"""

DOT = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2">'
    '<rect width="2" height="2"/></svg>'
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("repocss")
    (root / "index.mdx").write_text(PAGE)
    (root / "style.css").write_text(STYLE)
    (root / "images").mkdir()
    (root / "images" / "dot.svg").write_text(DOT)
    (root / "docs.json").write_text(json.dumps({"name": "CSS", "navigation": {"pages": ["index"]}}))
    out = Path(str(root) + "-out")
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    missing: list[str] = []
    with serve_folder(out, missing) as url:
        yield url
    assert missing == []  # the background image, rewritten for _docgen/custom.css, was found


def _colour(tab: Any, selector: str, prop: str = "color") -> str:
    return str(tab.locator(selector).evaluate(f"e => getComputedStyle(e)['{prop}']"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_repo_css_styles_its_classes_in_both_themes(browser: Any, site: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(f"{site}/")
    dark = scheme == "dark"
    assert tab.evaluate("document.documentElement.classList.contains('dark')") is dark
    assert _colour(tab, ".uo-hero") == ("rgb(4, 5, 6)" if dark else "rgb(1, 2, 3)")
    assert "dot.svg" in _colour(tab, ".uo-hero", "backgroundImage")
    assert _colour(tab, ".compatibility-table td", "borderTopColor") == "rgb(7, 8, 9)"
    # The theme button switches both markers: the repo's dark rule follows it.
    tab.locator("[data-docgen-theme]").first.click()
    assert tab.evaluate("document.documentElement.classList.contains('dark')") is not dark
    assert _colour(tab, ".uo-hero") == ("rgb(1, 2, 3)" if dark else "rgb(4, 5, 6)")
    context.close()
    assert errors == []
