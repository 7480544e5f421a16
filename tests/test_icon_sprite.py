"""Named icons (Font Awesome, Lucide, the drawn numbered marks) are drawn from one file,
``_docgen/icons.svg``, with ``<use href>``: a page no longer repeats every sidebar icon's
drawing and Font Awesome's licence comment (40% of a real site's HTML); the licences ship
once, in that file. Rendered the same: size, colour (currentColor, both themes), hidden
from screen readers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from serving import docgen_serve, serve_folder
from test_static import docgen

CONFIG = {
    "name": "Sprite",
    "navigation": {
        "groups": [
            {"group": "Start", "icon": "rocket", "pages": ["index", "guide/setup"]},
            {"group": "Deep", "icon": "gear", "pages": ["guide/sub/deep"]},
        ]
    },
}
PAGE = """---
title: {title}
---

<Icon icon="circle-1" /> <Icon icon="browser" /> <Icon icon="bolt" color="#f59f00" />

<Card title="Home" icon="house" href="/">Go.</Card>
"""
REF = re.compile(r'<use href="([^"]*)#([a-z0-9-]+)"/>')
FA_NOTICE = "Font Awesome Free"
LUCIDE_NOTICE = "Lucide Contributors"


def _site(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "docs.json").write_text(json.dumps(CONFIG))
    for name in ("index", "guide/setup", "guide/sub/deep"):
        (root / f"{name}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{name}.mdx").write_text(PAGE.format(title=name))


def _build(root: Path, out: Path) -> None:
    result = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert result.returncode == 0, result.stdout + result.stderr


def _defined(sprite: str) -> list[str]:
    return re.findall(r'<g id="([a-z0-9-]+)">', sprite)


def test_pages_draw_named_icons_from_one_sprite_that_ships_the_licences(tmp_path: Path) -> None:
    _site(tmp_path / "src")
    out = tmp_path / "out"
    _build(tmp_path / "src", out)
    sprite = (out / "_docgen" / "icons.svg").read_text()
    defined = _defined(sprite)
    assert len(defined) == len(set(defined))
    assert {"fa-solid-rocket", "fa-solid-gear", "n-circle-1", "lucide-app-window"} <= set(defined)
    # Each licence once, in the file that holds the drawings.
    assert sprite.count(FA_NOTICE) == 1 and sprite.count(LUCIDE_NOTICE) == 1
    for page, base in (("index.html", "./"), ("guide/sub/deep/index.html", "../../../")):
        html = (out / page).read_text()
        assert FA_NOTICE not in html
        assert "<path" not in html.split('class="nav-root"')[1].split("</nav>")[0]
        refs = REF.findall(html)
        assert {href for href, _ in refs} == {base + "_docgen/icons.svg"}, refs
        assert {symbol for _, symbol in refs} <= set(defined)
        # The outer tag keeps the icon's own box, colour and accessibility attributes.
        assert (
            '<span class="icon-wrap" data-icon="rocket"><svg viewBox="0 0 512 512" '
            'fill="currentColor" class="icon" aria-hidden="true" focusable="false"><use href="'
            + base
            + '_docgen/icons.svg#fa-solid-rocket"/></svg></span>'
        ) in html
    not_found = (out / "404.html").read_text()  # served at any depth
    assert {href for href, _ in REF.findall(not_found)} == {"/_docgen/icons.svg"}


def test_the_sprite_is_the_same_after_a_build_that_reuses_pages(tmp_path: Path) -> None:
    _site(tmp_path / "src")
    _build(tmp_path / "src", tmp_path / "out")
    first = (tmp_path / "out" / "_docgen" / "icons.svg").read_bytes()
    # Unchanged pages come from the page cache: the icons only they draw stay in the sprite.
    (tmp_path / "src" / "index.mdx").write_text("---\ntitle: index\n---\n\nNo icons.\n")
    _build(tmp_path / "src", tmp_path / "out")
    assert (tmp_path / "out" / "_docgen" / "icons.svg").read_bytes() == first
    _build(tmp_path / "src", tmp_path / "fresh")
    assert (tmp_path / "fresh" / "_docgen" / "icons.svg").read_bytes() == first


SHOWN = """() => [...document.querySelectorAll('svg.icon')].filter(s => s.checkVisibility()
  && s.getBoundingClientRect().width > 0).map(s => {
    const use = s.querySelector('use'); const box = use ? use.getBBox() : {width: 0, height: 0};
    const r = s.getBoundingClientRect();
    return {icon: s.parentElement.dataset.icon || '', use: !!use, w: box.width, h: box.height,
      size: [Math.round(r.width), Math.round(r.height)], color: getComputedStyle(s).color,
      text: getComputedStyle(s.parentElement).color, hidden: s.getAttribute('aria-hidden')};
})"""


def test_sprite_icons_render_and_follow_the_theme_in_a_browser(
    browser: Any, tmp_path: Path
) -> None:
    _site(tmp_path / "src")
    _build(tmp_path / "src", tmp_path / "out")
    colours: dict[str, set[str]] = {}
    with serve_folder(tmp_path / "out") as site:
        for width, scheme in ((1280, "light"), (1280, "dark"), (390, "dark")):
            context = browser.new_context(
                viewport={"width": width, "height": 900}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{site}/guide/sub/deep/", wait_until="networkidle")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
                tab.wait_for_timeout(300)
            shown: list[dict[str, Any]] = tab.evaluate(SHOWN)
            named = [s for s in shown if s["icon"]]
            assert {"rocket", "gear", "circle-1", "browser", "bolt", "house"} <= {
                s["icon"] for s in named
            }, named
            for icon in named:
                # Drawn (the symbol's shapes have a box), a square the size CSS gives it,
                # in the text colour around it, hidden from screen readers.
                assert icon["use"] and icon["w"] > 0 and icon["h"] > 0, icon
                assert icon["size"][0] == icon["size"][1] > 0, icon
                assert icon["color"] == icon["text"] and icon["hidden"] == "true", icon
            bolt = next(s for s in named if s["icon"] == "bolt")
            assert bolt["color"] == "rgb(245, 159, 0)"
            rocket = next(s for s in named if s["icon"] == "rocket")
            colours.setdefault(scheme, set()).add(rocket["color"])
            context.close()
    assert colours["light"].isdisjoint(colours["dark"]), colours


def test_docgen_serve_serves_the_sprite_and_its_icons_render(browser: Any, tmp_path: Path) -> None:
    _site(tmp_path / "src")
    process, url = docgen_serve(tmp_path / "src" / "docs.json", "--no-watch")
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        tab = context.new_page()
        answer = tab.goto(f"{url}/_docgen/icons.svg")
        assert answer is not None and answer.status == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        tab.goto(f"{url}/guide/setup/", wait_until="networkidle")
        named = [s for s in tab.evaluate(SHOWN) if s["icon"]]
        assert len(named) >= 6 and all(s["use"] and s["w"] > 0 < s["h"] for s in named), named
        context.close()
    finally:
        process.stop()
