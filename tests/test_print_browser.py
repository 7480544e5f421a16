"""A page printed from real Chromium (print media, and a PDF): the content alone, the paper's
full width, in light colours, what is folded printed open, links marked as links."""

from __future__ import annotations

from typing import Any

import pytest

GUIDE = "guides/agent-jobs/"
OPERATION = "api/v2/agent-jobs/create-agent-job/"
CHROME = ".topbar, .sidebar, .toc, .site-footer, .pager, .page-menu, .skip-link, .copy-button"

SHOWN = """s => Array.from(document.querySelectorAll(s))
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .map(e => e.tagName + '.' + e.className)"""
LUMINANCE = """c => { const x = document.createElement('canvas').getContext('2d');
  x.fillStyle = c; x.fillRect(0, 0, 1, 1); const [r, g, b] = x.getImageData(0, 0, 1, 1).data;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; }"""


@pytest.mark.parametrize("path", [GUIDE, OPERATION])
def test_print_shows_the_content_alone_across_the_paper(
    scheme_tab: Any, served_showcase: str, path: str
) -> None:
    tab = scheme_tab
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto(f"{served_showcase}/{path}")
    tab.emulate_media(media="print")
    assert tab.evaluate(SHOWN, CHROME) == []
    # The title starts at the paper's left edge (the guide's column was centred 260px in) and
    # the content takes the whole width.
    title = tab.locator("main h1").bounding_box()
    assert title["x"] <= 1, title
    article = tab.locator(".page-article, .op-layout").first.bounding_box()
    assert article["width"] >= 1280 - 2, article
    # Dark text on white paper, in the dark theme too.
    text = tab.evaluate("getComputedStyle(document.querySelector('main h1')).color")
    assert tab.evaluate(LUMINANCE, text) < 0.3
    # A link in the text reads as a link: underlined in its own colour (the screen's faint
    # underline printed as a pale line).
    link = tab.locator(":is(.prose, .prose-sm) p a[href]").first
    style = link.evaluate(
        "a => { const s = getComputedStyle(a);"
        " return [s.textDecorationLine, s.textDecorationColor, s.color]; }"
    )
    assert style[0] == "underline" and style[1] == style[2], style
    assert tab.pdf(format="A4")[:4] == b"%PDF"


def test_print_opens_what_is_folded(scheme_tab: Any, served_showcase: str) -> None:
    tab = scheme_tab
    tab.goto(f"{served_showcase}/{OPERATION}")
    seen = "() => Array.from(document.querySelectorAll('details.children:not([open]) .field'))"
    seen += ".map(f => f.checkVisibility() && f.getBoundingClientRect().height > 0)"
    assert set(tab.evaluate(seen)) == {False}  # folded on screen
    tab.emulate_media(media="print")
    assert set(tab.evaluate(seen)) == {True}
    # The "Show child attributes" toggle means nothing on paper.
    assert tab.evaluate(SHOWN, "details.children > summary") == []
