"""What a reader sees of pages from a sixth batch of real Mintlify repos, in headless Chromium:
punctuation written against inline code stays on the code's line, and a linked card with a
link inside stays one box whose text opens the card and whose link opens the link."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Models
---

Pick one for every `act`, `extract`, and `observe` call.

Returns `Promise`s.

<CardGroup cols={2}>
<Card title="Gateway" icon="bolt" href="/models">
Route requests through the [gateway](https://gw.example/docs) with retries and fallbacks.
</Card>
<Card title="Plain" icon="bolt" href="/models">
Route requests through the gateway with retries and fallbacks.
</Card>
</CardGroup>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("models")
    (root / "models.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "M", "navigation": {"pages": ["models"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


# The paragraph narrowed to the code's own width: the line has to end around the code. The
# character after it must sit on the code's line ("act," / "Promises"), never start the next.
_AFTER_CODE = """(code) => {
  const p = code.closest("p");
  p.style.width = code.getBoundingClientRect().width + 2 + "px";
  let node = code;
  while (!node.nextSibling) node = node.parentNode;
  node = node.nextSibling;
  while (node.nodeType !== Node.TEXT_NODE) node = node.firstChild;
  const range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, 1);
  const box = code.getBoundingClientRect(), mark = range.getBoundingClientRect();
  return [node.textContent[0], mark.top < box.bottom];
}"""


@pytest.mark.parametrize(("code", "after"), [("act", ","), ("Promise", "s")])
def test_punctuation_after_inline_code_stays_on_its_line(
    page: Any, site: str, code: str, after: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{site}/models/")
    found = page.locator(".prose code", has_text=code).first.evaluate(_AFTER_CODE)
    assert found == [after, True]


def test_a_linked_card_with_a_link_inside_stays_one_box(page: Any, site: str) -> None:
    page.goto(f"{site}/models/")
    card = page.locator(".card-group > .card").first
    box = card.bounding_box()
    text = card.get_by_text("with retries and fallbacks.").bounding_box()
    assert box["y"] <= text["y"] and text["y"] + text["height"] <= box["y"] + box["height"]
    assert box["height"] == page.locator(".card-group > .card").nth(1).bounding_box()["height"]
    # What a click meets: the card's link over its title, the inner link over the word.
    title = page.locator(".card-title", has_text="Gateway").bounding_box()
    inner = card.locator("a", has_text="gateway").bounding_box()
    hit = "(p) => document.elementFromPoint(p[0], p[1]).closest('a')?.getAttribute('href')"
    assert page.evaluate(hit, [title["x"] + 5, title["y"] + 5]) == "../models/"
    assert page.evaluate(hit, [inner["x"] + 5, inner["y"] + 5]) == "https://gw.example/docs"
