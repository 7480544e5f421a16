"""A navigation group's ``icon`` (docs.json ``{"group", "icon", "pages"}``, mint.json ``icon``
with ``iconType``) drawn before the group's label in the sidebar: a section heading, a nested
group, a big section's collapsible heading, and the groups docgen.js loads on demand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'


def _write(root: Path, config: dict[str, Any], pages: list[str], name: str = "docs.json") -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(json.dumps(config))
    (root / "icons").mkdir(exist_ok=True)
    (root / "icons" / "star.svg").write_text(STAR)
    for page in pages:
        (root / f"{page}.mdx").write_text(f"---\ntitle: Page {page}\n---\n\nText.\n")


def _build(root: Path, out: Path, name: str = "docs.json") -> str:
    result = run_docgen(["build", name, "-o", str(out)], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def _sidebar(html: str) -> str:
    found = re.search(r'<ul class="nav-root".*?</nav>', html, re.S)
    assert found is not None
    return re.sub(r"<svg\b.*?</svg>", "<svg/>", found.group(0), flags=re.S)


SMALL = {
    "name": "G",
    "navigation": {
        "groups": [
            {
                "group": "Start",
                "icon": "rocket",
                "pages": ["index", {"group": "Inner", "icon": "gear", "pages": ["inner"]}],
            },
            {"group": "Styled", "icon": {"name": "star", "style": "regular"}, "pages": ["b"]},
            {"group": "Drawn", "icon": "/icons/star.svg", "pages": ["c"]},
            {"group": "Plain", "pages": ["d"]},
        ]
    },
}


def test_a_groups_icon_is_drawn_before_its_label(tmp_path: Path) -> None:
    _write(tmp_path / "src", SMALL, ["index", "inner", "b", "c", "d"])
    check = run_docgen(["check", ".", "--format", "json"], tmp_path / "src")
    report = json.loads(check.stdout)
    # Drawn, so no longer "accepted and ignored".
    assert [d["code"] for d in report["diagnostics"]] == []
    _build(tmp_path / "src", tmp_path / "out")
    side = _sidebar((tmp_path / "out" / "inner" / "index.html").read_text())
    icon = '<span class="icon-wrap" data-icon="{}"><svg/></span>'
    assert f'<p class="nav-section-title">{icon.format("rocket")}Start</p>' in side
    assert f"{icon.format('gear')}<span>Inner</span></summary>" in side
    assert f'<p class="nav-section-title">{icon.format("star")}Styled</p>' in side
    # An icon given as a path is that file of the docs folder, relative to the page.
    assert '<img class="icon icon-img" src="../icons/star.svg"' in side
    assert '<p class="nav-section-title">Plain</p>' in side
    regular = (tmp_path / "out" / "b" / "index.html").read_text()
    assert 'data-icon="star"><svg viewBox="0 0 576 512"' in (regular)


def test_a_mint_json_groups_icon_and_icon_type_are_drawn(tmp_path: Path) -> None:
    config = {
        "name": "M",
        "navigation": [
            {"group": "Start", "icon": "star", "iconType": "regular", "pages": ["index"]},
            {"group": "Other", "iconType": "solid", "pages": ["b"]},
        ],
    }
    _write(tmp_path / "src", config, ["index", "b"], "mint.json")
    check = run_docgen(["check", "mint.json", "--format", "json"], tmp_path / "src")
    unused = [d["message"] for d in json.loads(check.stdout)["diagnostics"]]
    # iconType without an icon has nothing to style.
    assert len(unused) == 1 and unused[0].startswith("navigation[].iconType:")
    _build(tmp_path / "src", tmp_path / "out", "mint.json")
    side = _sidebar((tmp_path / "out" / "index.html").read_text())
    assert '<p class="nav-section-title"><span class="icon-wrap" data-icon="star">' in side
    html = (tmp_path / "out" / "index.html").read_text()
    # The regular star (Font Awesome's outline), not the solid one.
    nav = html.split('class="nav-root"')[1].split("</nav>")[0]
    assert "_docgen/icons.svg#fa-regular-star" in nav and "fa-solid-star" not in nav


def _big(root: Path) -> None:
    """A section of 8 groups of 21 links each (past the lazy sidebar's 150)."""
    groups: list[dict[str, Any]] = []
    pages: list[str] = []
    for g in range(8):
        own = [f"p{g}-{i}" for i in range(19)]
        inner = [f"p{g}-x", f"p{g}-y"]
        pages += own + inner
        icon, own_icon = ("/icons/star.svg", "/icons/star.svg") if g == 3 else ("rocket", "gear")
        groups.append({"group": f"G{g}", "icon": icon, "pages": [
            *own, {"group": f"Inner{g}", "icon": own_icon, "pages": inner}]})  # fmt: skip
    _write(root, {"name": "Big", "navigation": {"groups": groups}}, pages)


def test_a_big_sections_group_icons_are_in_its_headings_and_its_data(tmp_path: Path) -> None:
    _big(tmp_path / "src")
    _build(tmp_path / "src", tmp_path / "out")
    side = _sidebar((tmp_path / "out" / "p0-0" / "index.html").read_text())
    assert side.count('<summary><span class="icon-wrap" data-icon="rocket"><svg/></span>') == 7
    assert '<summary><img class="icon icon-img" src="../icons/star.svg"' in side
    # The open group's own nested group.
    assert '<span class="icon-wrap" data-icon="gear"><svg/></span><span>Inner0</span>' in side
    [data] = (tmp_path / "out" / "_docgen" / "nav").glob("*.json")
    items = json.loads(data.read_text())["items"]
    assert items[1]["c"][-1]["i"].startswith('<span class="icon-wrap" data-icon="gear"><svg')
    # A named icon's symbol is root-relative there too.
    assert '<use href="_docgen/icons.svg#fa-solid-gear"/>' in items[1]["c"][-1]["i"]
    # A path icon's markup is root-relative there (docgen.js makes it page-relative).
    assert items[3]["i"].startswith('<img class="icon icon-img" src="icons/star.svg"')


def test_groups_loaded_on_demand_show_their_icons(browser: Any, tmp_path: Path) -> None:
    _big(tmp_path / "src")
    _build(tmp_path / "src", tmp_path / "out")
    with serve_folder(tmp_path / "out") as site:
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
            for key in ("1", "3"):
                tab.locator(f'details[data-docgen-nav-group="{key}"] > summary').click()
                tab.locator(f'details[data-docgen-nav-group="{key}.19"] > summary').click()
            tab.wait_for_timeout(300)
            boxes = tab.eval_on_selector_all(
                'details[data-docgen-nav-group="1.19"] > summary > .icon-wrap svg',
                "els => els.map(e => { const r = e.getBoundingClientRect();"
                " return [Math.round(r.width), Math.round(r.height), r.left > 0]; })",
            )
            # Loaded from the data file: the nested group with its gear, 14 px, beside its label,
            # drawn from the sprite at its address from this page.
            assert boxes == [[14, 14, True]], boxes
            gear = tab.locator('details[data-docgen-nav-group="1.19"] > summary > .icon-wrap use')
            assert gear.get_attribute("href") == "../_docgen/icons.svg#fa-solid-gear"
            assert gear.evaluate("u => u.getBBox().width > 0 && u.getBBox().height > 0")
            # An image icon's path made relative to this page.
            image = tab.locator('details[data-docgen-nav-group="3.19"] > summary > img.icon-img')
            assert image.get_attribute("src") == "../icons/star.svg"
            assert image.evaluate("i => i.complete && i.naturalWidth > 0")
            assert errors == []
            context.close()
