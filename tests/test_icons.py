"""Icons by name (Font Awesome Free, Lucide) inlined as SVG in components and the sidebar; an
unknown name keeps a neutral mark and is a located warning (check and build alike)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from serving import serve_folder
from test_static import docgen

from docgen.render import icons
from docgen.render.icons import LUCIDE, drawing, icon, icon_svg, unknown

PAGE = """---
title: Icons
icon: rocket
---

Inline <Icon icon="github" /> and <Icon icon="bolt" color="#f59f00" />.

<Card title="Start" icon="home" href="/">Go.</Card>

<Steps>
  <Step title="Install" icon="download">Run it.</Step>
</Steps>

<Tip icon="lightbulb">A tip.</Tip>

<Icon icon="no-such-icon-anywhere" />
"""


def test_lucide_icons_are_the_svg_the_lucide_package_writes() -> None:
    # docgen reads Lucide's zip once per process instead of once per icon; every 25th icon
    # (and a name Lucide lacks) must still come out as the package itself writes it.
    from lucide import IconDoesNotExist
    from lucide.jinja import lucide

    from docgen.render.icons import _lucide_drawing, _lucide_zip

    names = sorted(n.removesuffix(".svg") for n in _lucide_zip().namelist() if n.endswith(".svg"))
    assert len(names) > 1000
    for name in [*names[::25], "no-such-icon-anywhere"]:
        try:
            expected: str | None = str(lucide(name, size=None))
        except IconDoesNotExist:
            expected = None
        mine = _lucide_drawing(name)
        if expected is None:
            assert mine is None, name
        else:
            assert (
                mine is not None
                and mine.replace(' class="icon" aria-hidden="true" focusable="false"', "", 1)
                == expected
            ), name


def _drawn(markup: str | None) -> str:
    """The whole SVG of the sprite's symbol that ``markup`` (icon_svg's) draws."""
    found = re.search(r'<use href="[^"#]*#([a-z0-9-]+)"/>', markup or "")
    assert found is not None, markup
    drawn = drawing(found.group(1))
    assert drawn is not None
    return drawn


def test_icon_names_resolve_in_both_libraries() -> None:
    rocket = icon_svg("rocket")
    assert rocket is not None and rocket.startswith("<svg") and 'fill="currentColor"' in rocket
    assert "Font Awesome Free" in _drawn(rocket)  # the CC BY attribution the file carries
    assert icon_svg("home") == icon_svg("house")  # Font Awesome's alias
    assert icon_svg("github") is not None  # a brand icon, found without iconType
    assert icon_svg("heart", style="regular") != icon_svg("heart", style="solid")
    lucide = icon_svg("rocket", LUCIDE)
    assert lucide is not None and 'stroke="currentColor"' in lucide and lucide != rocket
    for bad in ("no-such-icon-anywhere", "../../etc/passwd", "<script>", ""):
        assert icon_svg(bad) is None
    assert unknown("no-such-icon-anywhere", "fontawesome") and not unknown("/x.svg", "lucide")
    assert icon("/icons/x.svg", base="../") == (
        '<img class="icon icon-img" src="../icons/x.svg" alt="" aria-hidden="true">'
    )
    assert "cdn.example.com" not in icon("https://cdn.example.com/x.svg", base="./")


def test_common_font_awesome_pro_names_are_drawn_by_a_free_look_alike() -> None:
    """Mintlify's library is Font Awesome Pro; names real docs use often get a free look-alike
    (a Lucide icon, or a drawn numbered circle) instead of the neutral mark."""
    assert icon_svg("browser") == icon_svg("app-window", LUCIDE) is not None
    assert icon_svg("waveform") == icon_svg("audio-waveform", LUCIDE) is not None
    one = icon_svg("circle-1")
    assert one is not None and ">1</text></svg>" in _drawn(one) and 'class="icon"' in one
    assert not unknown("circle-7", "fontawesome") and not unknown("text", "lucide")
    assert unknown("circle-10", "fontawesome") and unknown("browserx", "fontawesome")
    # the Pro names most used in real repos (brackets-curly: 551 cards in one corpus)
    assert icon_svg("brackets-curly") == icon_svg("braces", LUCIDE) is not None
    assert icon_svg("grid-2") == icon_svg("layout-grid", LUCIDE) is not None
    square = _drawn(icon_svg("square-k"))
    assert "<rect" in square and ">K</text></svg>" in square
    assert _drawn(icon_svg("square-h")) != square.replace(">K<", ">H<")  # Font Awesome Free's


def test_pro_names_many_real_sites_use_and_lucides_earlier_names_have_a_look_alike() -> None:
    # Counted over 55 real Mintlify repos: brackets-curly (6 repos, 150 uses), grid, square-1
    # to square-6 and lettered squares, rectangle-terminal, messages, rocket-launch... and
    # Lucide's earlier circle-help / help-circle on a Lucide site.
    assert icon_svg("brackets-curly") == icon_svg("braces", LUCIDE) is not None
    assert icon_svg("rectangle-terminal") == icon_svg("square-terminal", LUCIDE) is not None
    assert icon_svg("circle-help", LUCIDE) == icon_svg("circle-question-mark", LUCIDE)
    for name in ("grid", "grid-2", "chart-mixed", "messages", "rocket-launch", "signal-stream"):
        assert not unknown(name, "fontawesome"), name
    square = _drawn(icon_svg("square-3"))
    assert "<rect" in square and ">3</text></svg>" in square
    assert ">K</text></svg>" in _drawn(icon_svg("square-k"))
    assert unknown("square-10", "fontawesome")


def test_components_and_sidebar_show_icons_and_unknown_ones_are_warned(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(
        json.dumps(
            {"name": "I", "navigation": {"pages": ["index"]}, "icons": {"library": "lucide"}}
        )
    )
    (root / "index.mdx").write_text(PAGE)
    check = docgen("check", "--format", "json", cwd=root)
    found = [(d["code"], d["file"], d["line"]) for d in json.loads(check.stdout)["diagnostics"]]
    assert found == [("icon-unknown", "index.mdx", 16)]
    build = docgen("build", str(root / "docs.json"), "-o", str(tmp_path / "out"))
    assert build.returncode == 0 and build.stderr.count("icon-unknown") == 1
    html = (tmp_path / "out" / "index.html").read_text()
    # Lucide first (icons.library), Font Awesome for names Lucide lacks (brands).
    assert html.count('<span class="icon-wrap" data-icon="rocket"><svg') == 1  # the sidebar
    assert 'data-icon="github"><svg' in html and 'style="color:#f59f00"' in html
    assert '<span class="card-icon"><span class="icon-wrap" data-icon="home"><svg' in html
    assert '<li class="step has-icon"><span class="step-icon">' in html
    assert '<span class="callout-icon"><span class="icon-wrap" data-icon="lightbulb">' in html
    assert '<span class="mdx-icon" aria-hidden="true" data-icon="no-such-icon-anywhere">' in html
    assert "<script" not in html.split("<body", 1)[1].split("_docgen/")[0]


def test_icons_take_the_text_colour_in_a_browser(browser: Any, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "I", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        tab = context.new_page()
        tab.goto(f"{site}/")
        boxes = tab.eval_on_selector_all(
            "main svg.icon",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [e.parentElement.dataset.icon, Math.round(r.width), Math.round(r.height),"
            " getComputedStyle(e).fill]; })",
        )
        names = [b[0] for b in boxes]
        assert names == ["github", "bolt", "home", "download", "lightbulb"], boxes
        assert all(8 <= w <= 40 and 8 <= h <= 40 for _, w, h, _ in boxes), boxes
        bolt = next(b for b in boxes if b[0] == "bolt")
        assert bolt[3] == "rgb(245, 159, 0)"
        context.close()


def test_lucides_earlier_names_draw_the_renamed_icon() -> None:
    # Docs written before Lucide renamed its icons still say arrow-up-circle (88 pages of an
    # agent framework), alert-triangle, bar-chart-3: Lucide's own aliases (the kebab-case forms
    # of lucide-react's alias exports) draw the icon, not a neutral mark with a warning.
    for old, new in (("arrow-up-circle", "circle-arrow-up"), ("alert-triangle", "triangle-alert"),
                     ("bar-chart-3", "chart-column")):  # fmt: skip
        assert icons.icon_svg(old, icons.LUCIDE) == icons.icon_svg(new, icons.LUCIDE) is not None
        assert not icons.unknown(old, icons.FONTAWESOME)
    assert icons.unknown("switch", icons.LUCIDE)  # a name neither set had: still unknown
