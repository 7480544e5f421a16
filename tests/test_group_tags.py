"""A navigation group's ``tag`` (docs.json ``{"group", "tag": "NEW"}``) drawn as a pill beside
its name in the sidebar (a section heading, a nested group, a big section's collapsible
heading, and the groups docgen.js loads on demand), as text; and a tab menu item's ``icon``
drawn like a tab's (neither reported as "accepted and ignored" any more)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

HOSTILE = '<img src=x onerror="alert(1)">'


def _write(root: Path, config: dict[str, Any], pages: list[str]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "docs.json").write_text(json.dumps(config))
    for page in pages:
        (root / f"{page}.mdx").write_text(f"---\ntitle: Page {page}\n---\n\nText.\n")


def _build(root: Path, out: Path) -> None:
    result = run_docgen(["build", ".", "-o", str(out)], root)
    assert result.returncode == 0, result.stdout + result.stderr


def _codes(root: Path) -> list[str]:
    report = json.loads(run_docgen(["check", ".", "--format", "json"], root).stdout)
    return [d["code"] for d in report["diagnostics"]]


def _sidebar(html: str) -> str:
    found = re.search(r'<ul class="nav-root".*?</nav>', html, re.S)
    assert found is not None
    return re.sub(r"<svg\b.*?</svg>", "<svg/>", found.group(0), flags=re.S)


SMALL = {
    "name": "T",
    "navigation": {
        "groups": [
            {
                "group": "Start",
                "tag": "NEW",
                "pages": ["index", {"group": "Inner", "tag": HOSTILE, "pages": ["inner"]}],
            },
            {"group": "Blank", "tag": "  ", "pages": ["b"]},
            {"group": "Plain", "pages": ["c"]},
        ]
    },
}


def test_a_groups_tag_is_a_pill_beside_its_name(tmp_path: Path) -> None:
    _write(tmp_path / "src", SMALL, ["index", "inner", "b", "c"])
    assert _codes(tmp_path / "src") == []  # drawn: no longer "accepted and ignored"
    _build(tmp_path / "src", tmp_path / "out")
    side = _sidebar((tmp_path / "out" / "index.html").read_text())
    pill = '<span class="nav-tag nav-group-tag">{}</span>'
    assert f'<p class="nav-section-title">Start{pill.format("NEW")}</p>' in side
    escaped = "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;"
    assert f"<span>Inner</span>{pill.format(escaped)}</summary>" in side
    assert "<img src=x" not in side
    # A blank tag shows nothing; a group without one neither.
    assert '<p class="nav-section-title">Blank</p>' in side
    assert '<p class="nav-section-title">Plain</p>' in side


def test_a_menu_items_icon_is_drawn_and_not_reported_unused(tmp_path: Path) -> None:
    config = {
        "name": "M",
        "navigation": {
            "tabs": [
                {"tab": "Guides", "pages": ["index"]},
                {
                    "tab": "More",
                    "menu": [
                        {"item": "API", "icon": "code", "pages": ["api"]},
                        {"item": "CLI", "icon": {"name": "star", "style": "regular"},
                         "pages": ["cli"]},
                    ],
                },
            ],
            "global": {
                "dropdowns": [{"dropdown": "Blog", "icon": "book", "href": "https://a.example"}]
            },
        },
    }  # fmt: skip
    _write(tmp_path / "src", config, ["index", "api", "cli"])
    assert _codes(tmp_path / "src") == []
    _build(tmp_path / "src", tmp_path / "out")
    html = (tmp_path / "out" / "api" / "index.html").read_text()
    row = re.search(r'<nav class="sidenav" aria-label="Sections">.*?</nav>', html, re.S)
    assert row is not None
    items = re.sub(r"<svg\b.*?</svg>", "<svg/>", row.group(0), flags=re.S)
    assert '<span class="icon-wrap" data-icon="code"><svg/></span>API</a>' in items
    assert '<span class="icon-wrap" data-icon="star"><svg/></span>CLI</a>' in items
    assert 'data-icon="book"' in html


def _big(root: Path) -> None:
    """A section of 8 groups of 21 links each (past the lazy sidebar's 150)."""
    groups: list[dict[str, Any]] = []
    pages: list[str] = []
    for g in range(8):
        own = [f"p{g}-{i}" for i in range(19)]
        inner = [f"p{g}-x", f"p{g}-y"]
        pages += own + inner
        groups.append({"group": f"G{g}", "tag": "BETA", "pages": [
            *own, {"group": f"Inner{g}", "tag": HOSTILE, "pages": inner}]})  # fmt: skip
    _write(root, {"name": "Big", "navigation": {"groups": groups}}, pages)


def test_a_big_sections_group_tags_are_in_its_headings_and_its_data(tmp_path: Path) -> None:
    _big(tmp_path / "src")
    _build(tmp_path / "src", tmp_path / "out")
    side = _sidebar((tmp_path / "out" / "p0-0" / "index.html").read_text())
    beta = '<span class="nav-section-title">G{}</span><span class="nav-tag nav-group-tag">BETA'
    assert all(beta.format(g) in side for g in range(8))
    assert '<span>Inner0</span><span class="nav-tag nav-group-tag">&lt;img' in side
    [data] = (tmp_path / "out" / "_docgen" / "nav").glob("*.json")
    items = json.loads(data.read_text())["items"]
    assert items[1]["t"] == "BETA"
    assert items[1]["c"][-1]["t"] == HOSTILE  # docgen.js sets it as text


def test_groups_loaded_on_demand_show_their_tags(browser: Any, tmp_path: Path) -> None:
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
            dialogs: list[str] = []
            tab.on("dialog", lambda d, seen=dialogs: (seen.append(d.message), d.dismiss()))
            tab.goto(f"{site}/p0-0/")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
            tab.locator('details[data-docgen-nav-group="1"] > summary').click()
            inner = tab.locator('details[data-docgen-nav-group="1.19"] > summary')
            inner.wait_for()
            pill = inner.locator(".nav-group-tag")
            # Loaded from the data file: the tag as text, a pill beside the label, coloured
            # apart from the row.
            assert pill.text_content() == HOSTILE
            assert inner.locator("img").count() == 0
            label = inner.locator("span:not(.nav-group-tag)").first.bounding_box()
            box = pill.bounding_box()
            assert label is not None and box is not None
            assert box["x"] >= label["x"] + label["width"] and box["height"] < 24
            colours = pill.evaluate(
                "e => [getComputedStyle(e).backgroundColor,"
                " getComputedStyle(e.parentElement).backgroundColor]"
            )
            assert colours[0] != colours[1]
            heading = tab.locator('details[data-docgen-nav-group="2"] > summary .nav-group-tag')
            assert heading.text_content() == "BETA" and heading.is_visible()
            # Beside the heading's name, not at the row's end by the page count.
            title = tab.locator('details[data-docgen-nav-group="2"] > summary .nav-section-title')
            text_end = title.evaluate(
                "e => { const r = document.createRange(); r.selectNodeContents(e);"
                " return r.getBoundingClientRect().right; }"
            )
            tagged = heading.bounding_box()
            assert tagged is not None
            assert 0 <= tagged["x"] - text_end < 16
            assert errors == [] and dialogs == []
            context.close()


def test_a_tag_beside_a_group_whose_title_links_to_its_root(tmp_path: Path) -> None:
    rooted = {"group": "Rooted", "tag": "NEW", "root": "inner", "pages": ["b"]}
    config = {"name": "R", "navigation": {"groups": [{"group": "Top", "pages": ["index", rooted]}]}}
    _write(tmp_path / "src", config, ["index", "inner", "b"])
    _build(tmp_path / "src", tmp_path / "out")
    side = _sidebar((tmp_path / "out" / "index.html").read_text())
    link = '<a class="nav-group-link" href="./inner/"><span>Rooted'
    assert f'{link}<span class="nav-tag nav-group-tag">NEW</span></span></a>' in side


def test_a_navigation_icon_no_library_has_is_warned_where_docs_json_names_it(
    tmp_path: Path,
) -> None:
    """As a component's unknown icon: ``icon-unknown`` at the ``icon`` key's value, from
    check and build alike; a known name, a path, or none are no warning."""
    groups = [
        {"group": "G", "icon": {"name": "nosuch-group", "style": "regular"}, "pages": ["index"]},
        {"group": "Known", "icon": "rocket", "pages": ["a"]},
        {"group": "Path", "icon": "/icons/x.svg", "pages": ["b"]},
    ]
    menu = [{"item": "M", "icon": "nosuch-item", "pages": ["c"]}]
    tabs = [{"tab": "T", "icon": "nosuch-tab", "groups": groups}, {"tab": "U", "menu": menu}]
    _write(tmp_path / "src", {"name": "I", "navigation": {"tabs": tabs}}, ["index", "a", "b", "c"])
    text = (tmp_path / "src" / "docs.json").read_text()
    report = json.loads(run_docgen(["check", ".", "--format", "json"], tmp_path / "src").stdout)
    found = [(d["code"], d["message"].split(":")[0], d["line"], d["column"])
             for d in report["diagnostics"]]  # fmt: skip
    columns = [
        text.index(f'"{name}"') + 1 for name in ("nosuch-tab", "nosuch-group", "nosuch-item")
    ]
    assert found == [
        ("icon-unknown", 'tab "T" icon="nosuch-tab"', 1, columns[0]),
        ("icon-unknown", 'group "G" icon="nosuch-group"', 1, text.index('{"name": "nosuch') + 1),
        ("icon-unknown", 'menu "M" icon="nosuch-item"', 1, columns[2]),
    ]
    check = run_docgen(["check", "."], tmp_path / "src").stdout.splitlines()
    result = run_docgen(["build", ".", "-o", str(tmp_path / "out")], tmp_path / "src")
    assert result.returncode == 0
    built = [line for line in (result.stdout + result.stderr).splitlines() if "warning[" in line]
    assert built == [line for line in check if "warning[" in line] and len(built) == 3


VERSIONS = {"name": "V", "navigation": {"versions": [
    {"version": "Edge", "tag": "Edge", "pages": ["edge"]},
    {"version": "v2", "tag": "Latest", "default": True, "pages": ["index"]},
    {"version": "v1", "tag": HOSTILE, "pages": ["old"]},
]}}  # fmt: skip


def test_a_versions_tag_follows_its_name_in_the_switcher(browser: Any, tmp_path: Path) -> None:
    _write(tmp_path / "src", VERSIONS, ["edge", "index", "old"])
    assert _codes(tmp_path / "src") == []  # drawn: no longer "accepted and ignored"
    _build(tmp_path / "src", tmp_path / "out")
    with serve_folder(tmp_path / "out") as site:
        for scheme, width in (("light", 1280), ("dark", 390)):
            context = browser.new_context(
                viewport={"width": width, "height": 800}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{site}/")
            switcher = tab.locator("select[data-docgen-version]")
            options = switcher.locator("option").all_text_contents()
            # A tag that only repeats the name is not said twice; a tag is text.
            assert options == ["Edge", "v2 (Latest)", f"v1 ({HOSTILE})"]
            if width > 1000:
                assert switcher.evaluate("s => s.selectedOptions[0].textContent") == "v2 (Latest)"
                switcher.select_option(label=f"v1 ({HOSTILE})")
                tab.wait_for_url(f"{site}/old/")
            context.close()


def test_a_menu_items_and_dropdowns_description_is_drawn(browser: Any, tmp_path: Path) -> None:
    """Below the label where the element is a link atop the sidebar; a tooltip in the tab bar
    (top-level dropdowns); as text."""
    menu = [
        {"item": "API", "icon": "code", "description": HOSTILE, "pages": ["api"]},
        {"item": "CLI", "pages": ["cli"]},
    ]
    config = {"name": "D", "navigation": {"dropdowns": [
        {"dropdown": "Docs", "description": "All the guides", "tabs": [
            {"tab": "Guides", "pages": ["index"]}, {"tab": "More", "menu": menu}]},
        {"dropdown": "Other", "pages": ["other"]}]}}  # fmt: skip
    _write(tmp_path / "src", config, ["index", "api", "cli", "other"])
    assert _codes(tmp_path / "src") == []  # drawn: no longer "accepted and ignored"
    _build(tmp_path / "src", tmp_path / "out")
    html = (tmp_path / "out" / "api" / "index.html").read_text()
    assert 'title="All the guides">' in html.split('<nav class="tabs"')[1].split("</nav>")[0]
    assert "<img src=x" not in html
    with serve_folder(tmp_path / "out") as site:
        for scheme, width in (("light", 1280), ("dark", 390)):
            context = browser.new_context(
                viewport={"width": width, "height": 800}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{site}/api/")
            if width < 1000:
                tab.locator("[data-docgen-menu]").click()
            row = tab.locator('.sidenav[aria-label="Sections"] a', has_text="API").last
            said = row.locator(".sidenav-description")
            assert said.text_content() == HOSTILE and said.is_visible()
            label, below = (
                row.locator(".sidenav-text > span").first.bounding_box(),
                said.bounding_box(),
            )
            assert (
                label is not None
                and below is not None
                and below["y"] >= label["y"] + label["height"] - 1
            )
            colours = said.evaluate(
                "e => [getComputedStyle(e).color,"
                " getComputedStyle(e.parentElement.firstElementChild).color]"
            )
            assert colours[0] != colours[1]
            plain = tab.locator('.sidenav[aria-label="Sections"] a', has_text="CLI").last
            assert plain.locator(".sidenav-description").count() == 0
            context.close()


def test_drilldown_opens_a_groups_first_page(browser: Any, tmp_path: Path) -> None:
    """docs.json ``interaction.drilldown``: opening a group goes to its first page (its root
    page when it has one), in a small sidebar and in a big one's groups loaded on demand;
    without it (or ``false``) opening only expands."""
    inner = {"group": "Inner", "pages": ["x", "y"]}
    rooted = {"group": "Rooted", "root": "r", "pages": ["z"]}
    small = {"groups": [{"group": "Top", "pages": ["index", inner, rooted]}]}
    for drill in (True, False):
        config = {"name": "D", "navigation": small, "interaction": {"drilldown": drill}}
        _write(tmp_path / f"small-{drill}", config, ["index", "x", "y", "r", "z"])
        assert _codes(tmp_path / f"small-{drill}") == []
        _build(tmp_path / f"small-{drill}", tmp_path / f"out-{drill}")
    _big(tmp_path / "big")
    config = json.loads((tmp_path / "big" / "docs.json").read_text())
    config["interaction"] = {"drilldown": True}
    (tmp_path / "big" / "docs.json").write_text(json.dumps(config))
    _build(tmp_path / "big", tmp_path / "out-big")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    with serve_folder(tmp_path / "out-True") as site:
        tab.goto(f"{site}/")
        tab.locator("summary", has_text="Inner").click()
        tab.wait_for_url(f"{site}/x/")
        tab.goto(f"{site}/")
        tab.locator("summary", has_text="Rooted").locator(".icon-chevron").first.click()
        tab.wait_for_url(f"{site}/r/")
        # Closing the open group of the page only closes it.
        tab.goto(f"{site}/x/")
        tab.locator("summary", has_text="Inner").click()
        tab.wait_for_timeout(300)
        assert tab.url == f"{site}/x/"
    with serve_folder(tmp_path / "out-False") as site:
        tab.goto(f"{site}/")
        tab.locator("summary", has_text="Inner").click()
        tab.wait_for_timeout(300)
        assert tab.url == f"{site}/"
        assert tab.locator("details", has_text="Inner").first.evaluate("d => d.open")
    with serve_folder(tmp_path / "out-big") as site:
        tab.goto(f"{site}/p0-0/")
        tab.locator('details[data-docgen-nav-group="2"] > summary').click()
        tab.wait_for_url(f"{site}/p2-0/")
        # A nested group of the open group (its entries left for docgen.js).
        tab.locator('details[data-docgen-nav-group="2.19"] > summary').click()
        tab.wait_for_url(f"{site}/p2-x/")
    assert errors == []
    context.close()


def test_a_page_frontmatter_icon_no_library_has_is_warned_at_its_value(tmp_path: Path) -> None:
    """A page's own ``icon:`` (its sidebar entry's) is checked as docs.json's icons are."""
    src = tmp_path / "src"
    _write(src, {"name": "I", "navigation": {"groups": [{"group": "G", "pages": ["index", "a"]}]}},
           ["index", "a"])  # fmt: skip
    (src / "index.mdx").write_text("---\ntitle: Home\nicon:   'nosuch-page'\n---\n\nHi.\n")
    (src / "a.mdx").write_text("---\ntitle: A\nicon: rocket\n---\n\nKnown.\n")
    check = run_docgen(["check", "."], src)
    expected = (
        'index.mdx:3:10: warning[icon-unknown]: frontmatter icon="nosuch-page": no such icon in '
        "Font Awesome Free or Lucide; the sidebar shows a neutral mark"
    )
    assert [line for line in check.stdout.splitlines() if "warning[" in line] == [expected]
    result = run_docgen(["build", ".", "-o", str(tmp_path / "out")], src)
    assert result.returncode == 0
    built = [line for line in (result.stdout + result.stderr).splitlines() if "warning[" in line]
    assert built == [expected]


def test_tabs_named_only_with_spaces_draw_no_tab_bar(tmp_path: Path) -> None:
    """A docs repo names its one tab " " so that Mintlify shows no tab row: docgen drew an
    empty bar. Tabs with a name (or an icon) still get one."""
    blank = {"name": "B", "navigation": {"tabs": [{"tab": " ", "groups": [
        {"group": "G", "pages": ["index"]}]}]}}  # fmt: skip
    _write(tmp_path / "blank", blank, ["index"])
    _build(tmp_path / "blank", tmp_path / "blank-out")
    assert 'class="tabs"' not in (tmp_path / "blank-out" / "index.html").read_text()
    named = {"name": "N", "navigation": {"tabs": [
        {"tab": " ", "groups": [{"group": "G", "pages": ["index"]}]},
        {"tab": "API", "groups": [{"group": "H", "pages": ["a"]}]}]}}  # fmt: skip
    _write(tmp_path / "named", named, ["index", "a"])
    _build(tmp_path / "named", tmp_path / "named-out")
    assert 'class="tabs"' in (tmp_path / "named-out" / "index.html").read_text()
