"""The showcase at reader widths in real Chromium: the reading column, code in tables, endpoint
paths, long code lines, the one H1 and the 404 page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from serving import serve_folder

OPERATION = "api/v2/agent-jobs/create-agent-job/"
WIDTHS = (320, 390, 1024, 1200, 1440, 2560)


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    context.close()


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).first.bounding_box()
    return box


@pytest.mark.parametrize("width", WIDTHS)
def test_reading_column_and_samples_at_every_width(
    tab: Any, served_showcase: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{served_showcase}/{OPERATION}")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width  # no sideways page
    reading = _box(tab, ".op-description")
    header = _box(tab, ".op-header")
    sample = _box(tab, ".sample-request")
    sidebar_shown = tab.locator("#sidebar").is_visible()
    if width >= 1000:
        assert sidebar_shown
    if sidebar_shown:
        assert reading["width"] >= 600, reading  # the sidebar goes first
    if width >= 1200:
        assert reading["width"] >= 560
    if sample["x"] > reading["x"] + reading["width"]:  # two columns: code beside the text
        assert sample["width"] >= 360 and sample["y"] < reading["y"]
    else:  # one column: the request sample right under the endpoint bar
        assert 0 <= sample["y"] - (header["y"] + header["height"]) <= 40, (sample, header)
    if width == 2560:
        assert sample["width"] >= 600  # the code column takes a share of the room
    # The endpoint path breaks only between segments: "{projectId}" stays on one line.
    param = tab.locator(".endpoint-path .path-param").first
    assert len(param.evaluate("e => Array.from(e.getClientRects())")) == 1
    assert tab.errors == []


@pytest.mark.parametrize("width", (320, 390, 1200))
def test_code_in_tables_never_breaks_inside_a_word(
    tab: Any, served_showcase: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    for url in ("guides/agent-jobs/", "api/v2/agent-jobs/get-agent-job/"):
        tab.goto(f"{served_showcase}/{url}")
        broken = tab.evaluate(
            """() => Array.from(document.querySelectorAll('table code'))
                 .filter(c => !/\\s/.test(c.textContent) && c.getClientRects().length > 1)
                 .map(c => c.textContent)""")
        count = tab.locator("table code").count()
        assert count > 0 and broken == [], (url, broken)
    # Tables inside schema descriptions look like guide tables.
    cell = tab.locator(".prose-sm td").first
    if cell.count():
        assert cell.evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"


def test_long_code_lines_scroll_or_wrap(tab: Any, served_showcase: str) -> None:
    tab.set_viewport_size({"width": 390, "height": 900})
    tab.goto(f"{served_showcase}/{OPERATION}")
    pre = tab.locator(".sample-request pre").first
    assert pre.get_attribute("tabindex") == "0"
    assert pre.evaluate("e => e.scrollWidth > e.clientWidth")  # long lines scroll...
    tab.locator(".sample-request [data-docgen-wrap]").click()
    assert pre.evaluate("e => e.scrollWidth <= e.clientWidth")  # ...or wrap
    assert tab.locator(".sample-request [data-docgen-wrap]").get_attribute("aria-pressed") == "true"
    # Guide code blocks that scroll sideways can be reached with the keyboard.
    tab.goto(f"{served_showcase}/guides/agent-jobs/")
    wide = tab.evaluate(
        """() => Array.from(document.querySelectorAll('main pre'))
             .filter(p => p.scrollWidth > p.clientWidth)
             .map(p => p.getAttribute('tabindex'))""")
    assert wide and set(wide) == {"0"}


def test_one_h1_and_a_404_in_no_section(tab: Any, served_showcase: str) -> None:
    for url in ("", "guides/agent-jobs/", OPERATION):
        tab.goto(f"{served_showcase}/{url}")
        assert tab.locator("h1").count() == 1, url
    tab.goto(f"{served_showcase}/404.html")
    assert tab.locator("nav.tabs [aria-current]").count() == 0
    tab.set_viewport_size({"width": 320, "height": 700})
    tab.goto(f"{served_showcase}/")
    name = tab.locator(".topbar .site-name")
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth")  # the site name is not cut


@pytest.mark.parametrize("width", (320, 390, 639, 1200))
def test_top_bar_buttons_sit_at_the_right_edge_with_a_short_name(
    tab: Any, tmp_path: Any, width: int
) -> None:
    import json
    import subprocess
    import sys

    (tmp_path / "index.md").write_text("# Home\n\nHello.\n")
    (tmp_path / "docs.json").write_text(json.dumps({"name": "Acme", "navigation": ["index"]}))
    out = tmp_path / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(tmp_path / "docs.json"), "-o", str(out),
         "--quiet"], check=True, timeout=120,
    )  # fmt: skip
    with serve_folder(out) as site:
        tab.set_viewport_size({"width": width, "height": 800})
        tab.goto(site + "/")
        toggle = _box(tab, "[data-docgen-theme]")
        # The theme toggle ends at the bar's right padding, not beside the site name.
        assert width - (toggle["x"] + toggle["width"]) <= 32, (width, toggle)
        search = _box(tab, "[data-docgen-search-open]")
        name = _box(tab, ".site-name")
        assert search["x"] > name["x"] + name["width"]


@pytest.mark.parametrize("width", (390, 1280))
def test_wide_tables_scroll_with_readable_rows(tab: Any, served_showcase: str, width: int) -> None:
    """A table too wide for a phone scrolls sideways in its own box with rows a few lines tall;
    it does not squeeze every cell to its longest word. A table that fits does not scroll."""
    tab.set_viewport_size({"width": width, "height": 900})
    for url in ("guides/pagination/", "guides/agent-jobs/"):
        tab.goto(f"{served_showcase}/{url}")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, url
        tables = tab.evaluate(
            """() => Array.from(document.querySelectorAll('article table')).map(t => ({
                 columns: t.rows[0].cells.length,
                 line: parseFloat(getComputedStyle(t).lineHeight),
                 rows: Array.from(t.rows).map(r => r.getBoundingClientRect().height),
                 scrolls: t.parentElement.scrollWidth > t.parentElement.clientWidth + 1,
                 focusable: t.parentElement.getAttribute('tabindex') === '0'}))""")
        assert tables, url
        for table in tables:
            # Padding and borders aside, no row is more than four lines of text tall.
            assert max(table["rows"]) <= 4 * table["line"] + 24, (url, table)
            assert table["scrolls"] == table["focusable"], (url, table)
            if table["columns"] <= 2:
                assert not table["scrolls"], (url, table)  # wrapping text fits the column


def test_a_long_example_name_breaks_between_words_in_its_tab(tab: Any, tmp_path: Any) -> None:
    """A request example named after its schema (CheckoutLinkCreateProductPrice) breaks into
    whole words in a phone's narrow tab, not at whatever letter reaches the edge."""
    import json
    import subprocess
    import sys

    # Long enough to wrap even on a row of their own (the tabs leave the title's side when
    # they do not fit beside it).
    names = (
        "CheckoutLinkCreateProductPriceWithCustomAmountAndCurrency",
        "CheckoutLinkCreateProductsFromTheCatalogueWithTaxBehaviour",
    )
    examples = {name: {"value": {"id": name}} for name in names}
    body = {"content": {"application/json": {"schema": {"type": "object"}, "examples": examples}}}
    responses = {"201": {"description": "ok"}}
    operation = {"summary": "Create link", "requestBody": body, "responses": responses}
    spec = {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
            "paths": {"/v1/checkout-links/": {"post": operation}}}  # fmt: skip
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    out = tmp_path / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(tmp_path / "openapi.json"), "-o", str(out),
         "--quiet"], check=True, timeout=120,
    )  # fmt: skip
    page = next(p for p in out.rglob("index.html") if "create-link" in str(p))
    with serve_folder(out) as site:
        tab.set_viewport_size({"width": 390, "height": 900})
        tab.goto(f"{site}/{page.parent.relative_to(out).as_posix()}/")
        lines = tab.evaluate(
            """() => Array.from(document.querySelectorAll('.sample-body [role=tab]')).map(b => {
                 const out = [];
                 const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
                 for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                   for (let i = 0; i < n.length; i++) {
                     const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
                     const top = Math.round(r.getBoundingClientRect().top);
                     if (!out.length || out[out.length - 1].top !== top) out.push({top, text: ''});
                     out[out.length - 1].text += n.data[i];
                   }
                 }
                 return out.map(l => l.text);
               })""")
    assert len(lines) == 2 and all(len(label) > 1 for label in lines), lines  # it does wrap
    for label in lines:
        assert all(line[:1].isupper() for line in label), lines  # each line starts a word


def test_a_fields_link_icon_ends_its_first_line_on_a_phone(tab: Any, tmp_path: Any) -> None:
    """On a phone the field's link icon sat last in the wrapping row of name, type and badges:
    often alone on a line of its own. It ends the first line, at the field's right edge."""
    import json
    import subprocess
    import sys

    leaf = {"type": "string", "format": "uri", "nullable": True}
    inner = {"type": "object", "required": ["received_events_url"],
             "properties": {"received_events_url": leaf, "id": {"type": "integer"}}}
    schema = {"type": "object", "required": ["owner"], "properties": {"owner": inner}}
    body = {"content": {"application/json": {"schema": schema}}}
    param = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    operation = {"summary": "Get gist", "parameters": [param],
                 "responses": {"200": {"description": "ok", **body}}}  # fmt: skip
    spec = {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
            "paths": {"/gists/{id}": {"get": operation}}}  # fmt: skip
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    out = tmp_path / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(tmp_path / "openapi.json"), "-o", str(out),
         "--quiet"], check=True, timeout=120,
    )  # fmt: skip
    page = next(p for p in out.rglob("index.html") if "get-gist" in str(p))
    with serve_folder(out) as site:
        tab.set_viewport_size({"width": 390, "height": 900})
        tab.goto(f"{site}/{page.parent.relative_to(out).as_posix()}/")
        tab.locator("details.children > summary").first.click()
        heads = tab.evaluate(
            """() => Array.from(document.querySelectorAll('.field-head')).filter(
                 h => h.getClientRects().length && h.querySelector(':scope > .anchor')).map(h => {
                 const head = h.getBoundingClientRect();
                 const icon = h.querySelector(':scope > .anchor').getBoundingClientRect();
                 const name = h.querySelector('.field-name').getBoundingClientRect();
                 return {name: h.querySelector('.field-name').textContent,
                         lines: Math.round(head.height / name.height),
                         sameLine: icon.top < name.bottom && icon.bottom > name.top,
                         right: Math.round(head.right - icon.right)};
               })""")
    assert any(h["name"] == "received_events_url" and h["lines"] >= 2 for h in heads), heads
    assert [h["name"] for h in heads if not h["sameLine"]] == []
    assert [h["name"] for h in heads if h["right"] > 2] == []
    assert tab.errors == []
