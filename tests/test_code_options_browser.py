"""Mintlify's code fence options in a real browser (Chromium): line numbers that are neither
copied nor selected and leave highlight bands and wrapping whole, focus dimming the other lines,
a long expandable block collapsed behind a button, and HTML headings' anchors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

LONG = "x" * 30 + " and more words that go on" * 6
PAGE = f"""\
---
title: Code
---

```js numbered.js lines {{2}}
const a = 1;
const b = 2;
const c = 3;
```

```js scrolled.js lines {{2}}
one();
const {"veryLongName" * 12} = someFunctionCall(argumentOne, argumentTwo, argumentThree);
three(); // [!code ++]
```

```python wrapped.py lines wrap {{2}}
def greet():
    print("{LONG}")
    return None
```

```js focused.js focus={{2}}
one();
two();
three();
```

```js changed.js
keep(); // [!code --]
keep2(); // [!code ++]
```

```python long.py expandable
{chr(10).join(f"line_{n} = {n}" for n in range(1, 41))}
```

After.

<h2>Raw heading</h2>

Text under it.

{"Filler paragraph, so the heading can scroll to the top. " * 400}
"""


@pytest.fixture(scope="module")
def code_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("code")
    (root / "code.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "C", "navigation": {"pages": ["code"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


@pytest.fixture(params=[(1280, "light"), (390, "dark")], ids=["1280-light", "390-dark"])
def tab(request: pytest.FixtureRequest, browser: Any, code_site: str) -> Iterator[Any]:
    width, scheme = request.param
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{code_site}/code/")
    yield page
    context.close()
    assert errors == []


def test_line_numbers_are_shown_but_neither_copied_nor_selected(tab: Any) -> None:
    block = tab.locator(".docgen-codeblock", has=tab.locator("pre[data-lines]")).first
    numbers = tab.eval_on_selector_all(
        "pre[data-lines] .line",
        "ls => ls.slice(0, 3).map(l => getComputedStyle(l, '::before').content)",
    )
    assert numbers == ["counter(line)"] * 3
    block.locator(".copy-button").click()
    copied = tab.evaluate("navigator.clipboard.readText()")
    assert copied == "const a = 1;\nconst b = 2;\nconst c = 3;"
    selected = tab.evaluate(
        """() => { const code = document.querySelector('pre[data-lines] code');
        const range = document.createRange(); range.selectNodeContents(code);
        const s = getSelection(); s.removeAllRanges(); s.addRange(range); return s.toString(); }"""
    )
    assert selected == copied
    # The code starts after the numbers' gutter, which does not overlap it.
    gap = tab.evaluate(
        """() => { const line = document.querySelector('pre[data-lines] .line');
        const text = document.createRange(); text.selectNodeContents(line);
        const before = getComputedStyle(line, '::before');
        const left = line.getBoundingClientRect().left + parseFloat(before.left)
          + parseFloat(before.width);
        return text.getClientRects()[0].left - left; }"""
    )
    assert gap >= 4


def test_line_numbers_stay_put_while_a_long_line_scrolls(tab: Any) -> None:
    """As on Mintlify: the code scrolls sideways under its numbers, and every line's band
    (highlight, diff) goes as far as the scrolling does."""
    pre = tab.locator('pre[data-title="scrolled.js"]')
    pre.scroll_into_view_if_needed()
    box = pre.bounding_box()
    assert box is not None
    width = pre.evaluate(
        "p => -parseFloat(getComputedStyle(p.querySelector('.line'), '::before').marginLeft)"
    )
    gutter = {"x": box["x"] + 1, "y": box["y"] + 1, "width": width - 2, "height": box["height"] - 2}
    before = tab.screenshot(clip=gutter)
    over = pre.evaluate("p => { p.scrollLeft = p.scrollWidth; return p.scrollLeft; }")
    assert over > 200  # it does scroll
    tab.wait_for_timeout(100)
    assert tab.screenshot(clip=gutter) == before  # numbers (and the diff sign) where they were
    edges = pre.evaluate(
        """p => { const right = p.getBoundingClientRect().left + p.clientLeft + p.clientWidth;
        return [...p.querySelectorAll('.hl-line, .line-add')].map(
          l => right - l.getBoundingClientRect().right); }"""
    )
    assert len(edges) == 2 and all(e <= 120 for e in edges), edges  # its shadow fills the rest
    # Copying still takes the code alone.
    tab.locator(".docgen-codeblock", has=pre).locator(".copy-button").click()
    assert tab.evaluate("navigator.clipboard.readText()").startswith("one();\nconst veryLong")


def test_a_highlighted_numbered_line_is_a_band_across_the_block(tab: Any) -> None:
    edges = tab.evaluate(
        """() => { const pre = document.querySelector('pre[data-lines]');
        const band = pre.querySelector('.hl-line').getBoundingClientRect();
        const left = pre.getBoundingClientRect().left + pre.clientLeft;
        return [band.left - left, left + pre.clientWidth - band.right,
                getComputedStyle(pre.querySelector('.hl-line')).boxShadow]; }"""
    )
    # From the block's left edge (the numbers inside it); its shadow (120px) fills the rest,
    # the room kept for the copy button.
    assert abs(edges[0]) <= 1 and edges[1] <= 120 and "120px" in edges[2]


def test_a_wrapped_numbered_line_continues_past_its_number(tab: Any) -> None:
    rects = tab.evaluate(
        """() => { const line = document.querySelectorAll('pre[data-wrap] .line')[1];
        const range = document.createRange(); range.selectNodeContents(line);
        const pre = line.closest('pre');
        return {rows: [...range.getClientRects()].map(r => [r.left, r.top]),
                over: pre.scrollWidth - pre.clientWidth}; }"""
    )
    assert rects["over"] <= 1  # wrapped: nothing scrolls sideways
    rows = sorted({round(top) for _, top in rects["rows"]})
    assert len(rows) >= 2
    first_text = min(left for left, top in rects["rows"] if round(top) == rows[0])
    later = [left for left, top in rects["rows"] if round(top) == rows[-1]]
    # The number's column stays clear on every row (the first row's text starts indented).
    number_right = tab.evaluate(
        """() => { const line = document.querySelectorAll('pre[data-wrap] .line')[1];
        const b = getComputedStyle(line, '::before');
        return line.getBoundingClientRect().left + parseFloat(b.left) + parseFloat(b.width); }"""
    )
    assert min(later) > number_right and first_text > number_right


def test_focus_dims_the_other_lines_until_the_reader_points_at_the_block(tab: Any) -> None:
    def opacities() -> list[float]:
        return [
            float(o)
            for o in tab.eval_on_selector_all(
                "pre[data-focus] .line", "ls => ls.map(l => getComputedStyle(l).opacity)"
            )
        ]

    dimmed = opacities()
    assert dimmed[1] == 1 and dimmed[0] < 0.6 and dimmed[2] < 0.6
    tab.locator("pre[data-focus]").hover()
    tab.wait_for_timeout(400)
    assert opacities() == [1, 1, 1]


def test_diff_lines_show_their_sign_and_copy_without_it(tab: Any) -> None:
    signs = tab.eval_on_selector_all(
        'pre[data-title="changed.js"] .line',
        "ls => ls.map(l => getComputedStyle(l, '::after').content)",
    )
    assert signs == ['"\u2212"', '"+"']
    block = tab.locator(".docgen-codeblock", has=tab.locator('pre[data-title="changed.js"]'))
    block.locator(".copy-button").click()
    assert tab.evaluate("navigator.clipboard.readText()") == "keep();\nkeep2();"


def test_an_expandable_block_opens_and_closes_with_its_button(tab: Any) -> None:
    pre = tab.locator("pre[data-expandable]")
    button = tab.locator(".code-expand")
    assert button.get_attribute("aria-expanded") == "false"
    assert button.text_content() == "Show all 40 lines"
    collapsed = pre.evaluate("p => p.getBoundingClientRect().height")
    full = pre.evaluate("p => p.scrollHeight")
    assert collapsed < full / 2
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    assert pre.evaluate("p => p.getBoundingClientRect().height") >= full - 1
    block = tab.locator(".docgen-codeblock", has=pre)
    block.locator(".copy-button").click()  # copying a collapsed or open block takes it all
    assert tab.evaluate("navigator.clipboard.readText()").count("\n") == 39
    button.click()
    assert button.get_attribute("aria-expanded") == "false"


def test_an_html_heading_is_in_the_table_of_contents_and_has_its_anchor(tab: Any) -> None:
    heading = tab.locator("h2#raw-heading")
    heading.hover()
    anchor = heading.locator("a.heading-anchor")
    assert anchor.get_attribute("href") == "#raw-heading"
    tab.wait_for_timeout(200)  # its fade-in
    # Shown while its heading is pointed at, beside that heading (it sat at one spot of the
    # article for every heading, out of sight).
    shown = anchor.evaluate(
        """a => { const r = a.getBoundingClientRect(), h = a.parentElement.getBoundingClientRect();
        return [getComputedStyle(a).opacity, r.top + r.height / 2 - h.top, h.height,
                r.left, r.right <= h.left + 1]; }"""
    )
    assert shown[0] == "1" and 0 < shown[1] < shown[2] and shown[3] >= -1 and shown[4], shown
    if tab.viewport_size["width"] >= 1280:
        link = tab.locator('.toc a[href="#raw-heading"]')
        assert link.text_content() == "Raw heading"
        link.click()
        tab.wait_for_timeout(300)
        assert abs(heading.evaluate("h => h.getBoundingClientRect().top")) < 200


def test_on_a_touch_screen_heading_anchors_stay_out_of_sight(browser: Any, code_site: str) -> None:
    """They would sit clipped at the screen's edge (a stray "#" beside a card)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 900}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{code_site}/code/")
    opacities = page.eval_on_selector_all(
        "a.heading-anchor", "as => as.map(a => getComputedStyle(a).opacity)"
    )
    context.close()
    assert opacities and set(opacities) == {"0"}
