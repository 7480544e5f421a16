"""Markup a Mintlify page styles itself (Tailwind classes, ``style={{...}}``, ``not-prose``),
as real repos write it (sequence, mem0, mintlify's own docs), in headless Chromium in both
themes: what the author wrote wins over docgen's theme where a browser would let it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Authored
mode: custom
---

<h2 id="sized" className="text-4xl mb-8" style={{ fontSize: '1.5rem', marginBottom: '2.5rem' }}>
Quickstarts
</h2>

<a id="github" href="https://github.com/example" className="inline-flex w-12 h-12">
  <svg className="h-6 w-6 bg-primary"
    style={{maskImage: 'url("https://cdn.example/github.svg")', maskRepeat: 'no-repeat'}}></svg>
</a>

<div id="boxed" className="p-4 border rounded-xl">A box with the default border.</div>
<div id="coloured" className="p-4 border border-red-500">A red box.</div>

<a id="tile" href="/authored" className="flex flex-col rounded-2xl border border-gray-200 p-4">
  <h3 className="text-base font-semibold">Store your first memory</h3>
  <p className="text-sm">Five-minute quickstart.</p>
</a>

<p>An <a id="inline" href="/authored">inline link</a> keeps its underline.</p>

<div className="not-prose grid gap-4">
  <a id="bare" href="/authored" className="group">
    <div className="flex items-center gap-2">
      <h4 id="bare-title" className="text-base">Mint</h4>
      <span id="bare-label" className="text-sm">"mint"</span>
    </div>
    <ul id="bare-list"><li>one</li></ul>
  </a>
  <h1 id="hero" className="hero-headline">Secure wallets</h1>
  <p id="hero-body" className="hero-body">Keys in enclaves.</p>
</div>

<ul id="prose-list"><li>A list of the article</li></ul>
"""


@pytest.fixture(scope="module")
def authored_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("authored")
    (root / "authored.mdx").write_text(PAGE)
    (root / "style.css").write_text(  # the repo's own CSS, one class a rule
        ".hero-headline { font-size: 60px; margin: 0 0 20px; }\n"
        ".hero-body { margin: 0 0 24px; }\n"
    )
    config = {
        "name": "Authored",
        "colors": {"primary": "#0f766e"},
        "navigation": {"pages": ["authored"]},
    }
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


@pytest.fixture(params=["light", "dark"])
def tab(request: Any, browser: Any, authored_site: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(f"localStorage.setItem('docgen-theme', '{request.param}')")
    page = context.new_page()
    page.goto(f"{authored_site}/authored/")
    assert page.evaluate("document.documentElement.dataset.theme") == request.param
    yield page
    context.close()


def _style(tab: Any, selector: str, *names: str) -> list[str]:
    return list(
        tab.eval_on_selector(
            selector, "(e, names) => names.map(n => getComputedStyle(e)[n])", list(names)
        )
    )


def test_an_inline_style_wins_over_the_pages_utility_classes(tab: Any) -> None:
    """text-4xl mb-8 and style={{fontSize: '1.5rem', marginBottom: '2.5rem'}}: the style, as
    in any browser page (the utilities are !important to win over the theme's prose rules)."""
    assert _style(tab, "#sized", "fontSize", "marginBottom") == ["24px", "40px"]


def test_a_masked_icon_keeps_its_https_mask(tab: Any) -> None:
    """Mintlify's icon pattern: without its mask the icon is a filled square of colour."""
    mask = _style(tab, "#github svg", "maskImage")[0]
    assert mask == 'url("https://cdn.example/github.svg")'


def test_a_border_utility_without_a_colour_draws_tailwind_3s_light_grey(tab: Any) -> None:
    """Mintlify pages are written for Tailwind 3, whose border colour is gray-200 (Tailwind 4's
    is the text colour: a dark frame in light mode, a white one in dark mode)."""
    boxed = _style(tab, "#boxed", "borderTopWidth", "borderTopColor", "color")
    assert boxed[0] == "1px"
    assert boxed[1] != boxed[2]
    assert boxed[1].startswith("oklch(0.928") or boxed[1] == "rgb(229, 231, 235)"
    assert _style(tab, "#coloured", "borderTopColor")[0].startswith(("oklch(0.637", "rgb(239"))


def test_a_link_the_page_wraps_around_blocks_underlines_none_of_them(tab: Any) -> None:
    for selector in ("#tile h3", "#tile p"):
        line = tab.eval_on_selector(
            selector,
            """e => { let n = e; const lines = [];
                      for (; n; n = n.parentElement)
                        lines.push(getComputedStyle(n).textDecorationLine);
                      return lines.slice(0, 3); }""",
        )
        assert "underline" not in line
    assert _style(tab, "#inline", "textDecorationLine") == ["underline"]


def test_not_prose_leaves_the_pages_own_markup_without_the_articles_typography(tab: Any) -> None:
    title = tab.locator("#bare-title").bounding_box()
    label = tab.locator("#bare-label").bounding_box()
    # In one flex row, centred: the heading has no prose margin pushing it down.
    assert abs((title["y"] + title["height"] / 2) - (label["y"] + label["height"] / 2)) < 2
    assert _style(tab, "#bare-title", "marginTop", "fontSize") == ["0px", "16px"]
    assert _style(tab, "#bare", "textDecorationLine")[0] == "none"
    assert _style(tab, "#bare-list", "paddingLeft", "listStyleType") == ["0px", "none"]
    # Outside not-prose the article's typography stays.
    assert _style(tab, "#prose-list", "paddingLeft")[0] != "0px"


def test_the_repos_css_styles_its_markup_inside_not_prose(tab: Any) -> None:
    """A class of the repo's style sheet (specificity of one class) wins over docgen's
    not-prose resets, as over Tailwind's preflight on Mintlify: a hero headline of 82px was
    drawn at 16px, and its paragraph lost its margin."""
    assert _style(tab, "#hero", "fontSize", "marginBottom") == ["60px", "20px"]
    assert _style(tab, "#hero-body", "marginBottom") == ["24px"]

