"""What a reader sees of an SDK reference page (a fifth batch of real Mintlify repos), in
headless Chromium: a heading that opens a tab sits at the panel's top, and a long identifier
in the table of contents wraps inside its column."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Trace methods
---

<Tabs>
  <Tab title="TypeScript">
    <Heading level={2} id="ts-set">Laminar.setTraceSessionIdentifierForTheSpan(id)</Heading>

    Group this trace with others in a session.
  </Tab>
</Tabs>

## Second

Text.
"""


@pytest.fixture(scope="module")
def sdk_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("sdk")
    (root / "methods.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "S", "navigation": {"pages": ["methods"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_a_heading_opening_a_tab_sits_at_the_panels_top(page: Any, sdk_site: str) -> None:
    page.goto(f"{sdk_site}/methods/")
    panel = page.locator(".mdx-tabpanel").bounding_box()
    heading = page.locator("#ts-set").bounding_box()
    assert heading["y"] - panel["y"] < 24  # the panel's padding, not a section's gap above


def test_a_long_identifier_in_the_table_of_contents_wraps_in_its_column(
    page: Any, sdk_site: str
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{sdk_site}/methods/")
    toc = page.locator(".toc-inner").bounding_box()
    link = page.locator('.toc a[href="#ts-set"]')
    assert link.evaluate("(a) => a.scrollWidth <= a.clientWidth")
    box = link.bounding_box()
    assert box["x"] + box["width"] <= toc["x"] + toc["width"] + 1


@pytest.fixture(scope="module")
def tabs_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("tabs")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nText.\n")
    tabs: list[dict[str, object]] = [
        {"tab": name, "pages": ["index"] if n == 0 else []}
        for n, name in enumerate(("Documentation", "APIs and integrations", "Changelog"))
    ]
    tabs.append({"tab": "Community support", "href": "https://support.example.com"})
    config = {"name": "T", "navigation": {"tabs": tabs}}
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_an_external_tab_past_a_phones_edge_does_not_widen_the_page(
    page: Any, tabs_site: str
) -> None:
    # The tab row scrolls sideways; the hidden "(opens in a new tab)" text of its last, external
    # tab was placed past the phone's edge outside that scroller, so the whole page scrolled.
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{tabs_site}/")
    assert page.locator(".tabs a[href^='https://']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture(scope="module")
def deep_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("deep")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nText.\n")
    (root / "legacy.mdx").write_text(
        "---\ntitle: Set connection metadata (deprecated)\ntag: deprecated\n---\n\nText.\n"
    )
    group: dict[str, object] = {"group": "Level 4", "pages": ["legacy"]}
    for level in (3, 2, 1):
        group = {"group": f"Level {level}", "pages": [group]}
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", group]}]}}
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_a_tagged_page_deep_in_the_sidebar_keeps_room_for_its_title(
    page: Any, deep_site: str
) -> None:
    # Four groups deep, the tag beside the title left it a few letters a line ("Set / con /
    # nect / ion"); the tag goes below it instead.
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{deep_site}/legacy/")
    link = page.locator(".sidebar a.nav-link", has_text="Set connection metadata")
    label = link.locator(".nav-label").bounding_box()
    assert label["width"] >= 90
    box, tag = link.bounding_box(), link.locator(".nav-tag").bounding_box()
    assert tag["x"] + tag["width"] <= box["x"] + box["width"] + 1


@pytest.fixture(scope="module")
def code_css_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("codecss")
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\nUse the `list_runs` method in the SDK.\n\n```python\nx = 1\n```\n"
    )
    # A site's own CSS for its code blocks, written against Mintlify where inline code is an
    # inline box (a width does nothing to it).
    (root / "style.css").write_text(
        "pre, code { max-width: none !important; width: 100% !important; }\n"
    )
    (root / "docs.json").write_text(json.dumps({"name": "C", "navigation": {"pages": ["index"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_a_sites_width_for_code_blocks_leaves_inline_code_in_its_line(
    page: Any, code_css_site: str
) -> None:
    page.goto(f"{code_css_site}/")
    code = page.locator("article p code", has_text="list_runs")
    assert code.bounding_box()["width"] < 150  # not the column's width, on a line of its own
    paragraph = page.locator("article p", has_text="list_runs")
    assert paragraph.evaluate("(p) => p.getClientRects().length") == 1
    assert paragraph.bounding_box()["height"] < 40


@pytest.fixture(scope="module")
def wide_image_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("wideimg")
    (root / "form.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200">'
        '<rect width="800" height="200" fill="#888"/></svg>'
    )
    # An integrations platform's 500 pages: a screenshot limited to 450px by an inline style.
    (root / "index.mdx").write_text(
        '---\ntitle: Home\n---\n\nFill in the form.\n\n<img src="/form.svg" '
        'style={{maxWidth: "450px" }}/>\n\n<div style={{ width: 600 }}>A wide box.</div>\n'
    )
    (root / "docs.json").write_text(json.dumps({"name": "W", "navigation": {"pages": ["index"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_an_inline_style_width_never_makes_a_phone_scroll_sideways(
    page: Any, wide_image_site: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{wide_image_site}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{wide_image_site}/")
    assert page.locator("article img").bounding_box()["width"] == 450  # its own limit, kept


@pytest.fixture(scope="module")
def socials_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("socials")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nText.\n")
    names = ("website", "youtube", "x", "linkedin", "slack", "reddit", "github", "discord")
    config = {
        "name": "S",
        "navigation": {"pages": ["index"]},
        "footer": {"socials": {name: f"https://{name}.example.com/org" for name in names}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_many_footer_socials_wrap_on_a_phone(page: Any, socials_site: str) -> None:
    # A document ETL service's eight socials ran 150px past a phone's edge in one row.
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{socials_site}/")
    assert page.locator(".footer-socials a").count() == 8
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture(scope="module")
def titled_code_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("titled")
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n```python main.py {1} lines\nprint(1)\n```\n\n"
        "```bash\nnpm i\n```\n"
    )
    (root / "docs.json").write_text(json.dumps({"name": "T", "navigation": {"pages": ["index"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_a_code_block_shows_its_title_above_it_with_one_copy_button(
    page: Any, titled_code_site: str
) -> None:
    # ```python main.py: Mintlify shows the file name on a bar above the code; docgen showed
    # nothing (and a CodeGroup of one showed "main.py {1} lines").
    page.goto(f"{titled_code_site}/")
    blocks = page.locator("article .docgen-codeblock")
    assert blocks.count() == 2
    titled = page.locator("article .docgen-codeblock.has-title")
    assert titled.locator(".code-title").inner_text() == "main.py"
    assert titled.locator(".copy-button").count() == 1
    assert blocks.nth(1).locator(".code-title").count() == 0
    assert blocks.nth(1).locator(".copy-button").count() == 1
    title, code = titled.locator(".code-title").bounding_box(), titled.locator("pre").bounding_box()
    assert abs(title["y"] + title["height"] - code["y"]) < 2  # joined, no gap
