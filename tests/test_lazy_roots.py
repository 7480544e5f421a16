"""Groups with a ``root`` page in a big section (the lazy sidebar of render/sidebar.py): their
title links to the root page and a separate toggle opens them, as in a small section's
sidebar, whether the page inlines the group or docgen.js loads it on demand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder


def _big(root: Path) -> None:
    """8 groups of 23 pages (past the lazy sidebar's 150), each with a root page ``r<g>`` and
    a nested group with its own root ``ri<g>``; the second nested group also lists its root
    among its pages, and the last group is hidden."""
    groups: list[dict[str, Any]] = []
    pages: list[str] = []
    for g in range(8):
        own = [f"p{g}-{i}" for i in range(19)]
        inner = [f"p{g}-x", f"p{g}-y"] + ([f"ri{g}"] if g == 2 else [])
        pages += [*own, f"p{g}-x", f"p{g}-y", f"r{g}", f"ri{g}"]
        nested = {"group": f"Inner{g}", "root": f"ri{g}", "pages": inner}
        group = {"group": f"G{g}", "root": f"r{g}", "pages": [*own, nested]}
        groups.append({**group, "hidden": True} if g == 7 else group)
    root.mkdir(parents=True, exist_ok=True)
    (root / "docs.json").write_text(json.dumps({"name": "Big", "navigation": {"groups": groups}}))
    for page in pages:
        (root / f"{page}.mdx").write_text(f"---\ntitle: Page {page}\n---\n\nText.\n")


def _build(tmp_path: Path) -> Path:
    _big(tmp_path / "src")
    out = tmp_path / "out"
    result = run_docgen(["build", ".", "-o", str(out)], tmp_path / "src")
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def _sidebar(out: Path, page: str) -> str:
    html = (out / page / "index.html").read_text()
    found = re.search(r'<ul class="nav-root".*?</nav>', html, re.S)
    assert found is not None
    return found.group(0)


def test_a_big_sections_groups_link_to_their_root_pages(tmp_path: Path) -> None:
    out = _build(tmp_path)
    side = _sidebar(out, "ri1")
    # Every shown heading links to its group's root; the page's own nested group is inlined
    # with its link marked current, and its toggle is a summary of its own.
    for g in range(7):
        assert f'href="../r{g}/"' in side
    assert 'href="../r7/"' not in side and ">G7<" not in side  # hidden
    assert '<a class="nav-group-link active" href="../ri1/" aria-current="page">' in side
    assert re.search(r'data-docgen-nav-group="1\.19"><summary>.*?Show Inner1', side)
    assert side.count('href="../ri1/"') == 1
    # The open group of a page that is not its root: a plain heading link.
    side = _sidebar(out, "p2-0")
    assert '<a class="nav-lazy-link" href="../r2/">' in side
    assert side.count('href="../ri2/"') == 1  # the root listed among its pages is not repeated
    [data] = (out / "_docgen" / "nav").glob("*.json")
    items = json.loads(data.read_text())["items"]
    assert items[0]["r"] == "r0/" and items[0]["c"][-1]["r"] == "ri0/"
    assert items[7].get("h") == 1 and items[7]["c"] == []


def test_groups_loaded_on_demand_link_to_their_roots(browser: Any, tmp_path: Path) -> None:
    out = _build(tmp_path)
    with serve_folder(out) as site:
        for width, scheme in ((1280, "light"), (390, "dark")):
            context = browser.new_context(
                viewport={"width": width, "height": 900}, color_scheme=scheme
            )
            tab = context.new_page()
            errors: list[str] = []
            tab.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
            tab.goto(f"{site}/p0-0/")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
            heading = tab.locator("li.nav-lazy-rooted").nth(2)
            assert heading.locator("a.nav-lazy-link").get_attribute("href") == "../r2/"
            # The toggle opens the group without leaving the page; docgen.js loads it.
            heading.locator("summary").click()
            nested = heading.locator("li.nav-group-rooted")
            nested.wait_for()
            assert tab.url == f"{site}/p0-0/"
            link = nested.locator("a.nav-group-link")
            assert link.inner_text() == "Inner2" and link.get_attribute("href") == "../ri2/"
            assert heading.locator('a[href="../ri2/"]').count() == 1  # not listed twice
            assert tab.locator("text=G7").count() == 0
            nested.locator("summary").click()
            assert nested.locator('a[href="../p2-y/"]').is_visible()
            # The toggle covers the row's start only: the label is the link's.
            box = link.locator("span").bounding_box()
            assert box is not None
            tab.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            tab.wait_for_url(f"{site}/ri2/")
            assert tab.locator('a.nav-group-link[aria-current="page"]').text_content() == "Inner2"
            assert errors == []
            context.close()
