"""What a reader sees of inline code in prose and of Markdown in component titles, in headless
Chromium at phone and laptop widths, in both themes: short inline code never breaks inside
(``--no-sandbox`` stays whole), long inline code wraps rather than leaving the column, and a
``<Step title="Run `npm install`">`` shows code, not backticks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder
from test_reader_browser import BREAKS_AFTER
from test_static import png

LONG_URL = "https://api.example.com/v1/projects/{projectIdentifier}/environments/{environmentName}"
LONG_NAME = "aVeryLongIdentifierNameThatKeepsGoingWithoutAnyBreakOpportunityAtAllInIt"
SHORT = ("--no-sandbox", "--disable-gpu-compositing", "x-api-key", "npm install -D")

# Paragraphs whose code falls at every place of a line, at any width.
PROSE = "\n\n".join(
    f"Start {'word ' * n}then `{SHORT[n % len(SHORT)]}` and more words after it." for n in range(60)
)
PAGE = f"""\
---
title: Prose
---

<Steps>
  <Step title="Run `npm install` in **your** folder">
    Then go on.
  </Step>
</Steps>

<Accordion title="Why `--no-sandbox`?">Because.</Accordion>

Call `{LONG_URL}` to list them.

The field `{LONG_NAME}` is long.

{PROSE}

<img className="block dark:hidden" src="/hero.png" />
<img className="hidden dark:block" src="/hero.png" />

Under the picture.
"""


@pytest.fixture(scope="module")
def prose_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("prose")
    (root / "prose.mdx").write_text(PAGE)
    (root / "hero.png").write_bytes(png(40, 20, (11, 114, 133)))
    (root / "docs.json").write_text(json.dumps({"name": "P", "navigation": {"pages": ["prose"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


@pytest.fixture
def tab(scheme_tab: Any) -> Any:
    """A wide tab in each colour scheme (conftest.scheme_tab)."""
    return scheme_tab


@pytest.mark.parametrize("width", [390, 1440])
def test_short_inline_code_never_breaks_and_long_code_stays_in_the_column(
    tab: Any, prose_site: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{prose_site}/prose/")
    codes = tab.locator("article.prose p > code")
    texts = codes.all_inner_texts()
    assert texts.count("--no-sandbox") >= 10
    broken = [
        t for n, t in enumerate(texts) if t in SHORT and codes.nth(n).evaluate(BREAKS_AFTER) != []
    ]
    assert broken == [], broken
    column = tab.locator("article.prose").first.bounding_box()
    for text in (LONG_URL, LONG_NAME):
        code = codes.nth(texts.index(text))
        box = code.bounding_box()
        assert box["x"] >= column["x"] - 1, (text, box, column)
        assert box["x"] + box["width"] <= column["x"] + column["width"] + 1, (text, box, column)
        if width == 390:
            assert len(code.evaluate(BREAKS_AFTER)) >= 1  # it wraps, inside the column
    assert tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("width", [390, 1440])
def test_a_title_shows_its_markdown(tab: Any, prose_site: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{prose_site}/prose/")
    title = tab.locator(".step-title")
    assert title.inner_text() == "Run npm install in your folder"
    assert title.locator("code").inner_text() == "npm install"
    assert title.locator("strong").inner_text() == "your"
    summary = tab.locator("details.accordion > summary")
    assert summary.locator("code").inner_text() == "--no-sandbox"
    # The code of a title looks like the page's inline code.
    look = "c => [getComputedStyle(c).fontFamily, getComputedStyle(c).backgroundColor]"
    prose_code = tab.locator("article.prose p > code").first.evaluate(look)
    assert title.locator("code").evaluate(look) == prose_code


@pytest.mark.parametrize("width", [390, 1440])
def test_an_accordion_is_a_box_with_its_body_under_its_title(
    tab: Any, prose_site: str, width: int
) -> None:
    """An Accordion is a bordered box opened by its title row (no browser triangle), and its
    text lines up with the title's, not with the box's edge."""
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{prose_site}/prose/")
    accordion = tab.locator("details.accordion").first
    accordion.evaluate("d => { d.open = true; }")
    look = accordion.evaluate(
        """d => {
          const s = d.querySelector(':scope > summary'), b = d.querySelector('.accordion-body');
          const title = document.createRange();
          title.selectNodeContents(s);
          const text = b.getBoundingClientRect().left + parseFloat(getComputedStyle(b).paddingLeft);
          return {border: parseFloat(getComputedStyle(d).borderTopWidth),
                  marker: getComputedStyle(s).display === 'list-item'
                    && getComputedStyle(s).listStyleType !== 'none',
                  titleLeft: title.getClientRects()[0].left, bodyLeft: text};
        }""")
    assert look["border"] >= 1, look
    assert not look["marker"], look  # the browser's triangle is not shown
    assert abs(look["titleLeft"] - look["bodyLeft"]) <= 2, look


def test_a_picture_on_its_own_line_keeps_its_distance_from_the_text_under_it(
    tab: Any, prose_site: str
) -> None:
    # <img className="block dark:hidden" /> then a paragraph: the text touched the picture.
    tab.goto(f"{prose_site}/prose/")
    gap = tab.evaluate(
        """() => { const img = Array.from(document.querySelectorAll('.prose > img'))
                     .find(i => i.getClientRects().length);
                   const after = img.parentElement.querySelector('img ~ p');
                   const bottom = img.getBoundingClientRect().bottom;
                   return after.getBoundingClientRect().top - bottom; }"""
    )
    assert gap >= 12, gap
