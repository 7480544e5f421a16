"""Props given as JSX elements, in a built page in headless Chromium: a Card's ``icon={<svg>}``
is drawn, a Step's ``title={<>... <code>x</code></>}`` shows code, an Update's label shows its
icon and text, and a Tooltip's element tip shows its link on hover."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Element props
---

<Card title="Drawn" icon={<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" \
strokeWidth="2"><rect width="18" height="18" x="3" y="3" rx="2" /></svg>}>
  A card with a drawing for its icon.
</Card>

<Steps>
  <Step title={<>Add the URL to <code>docs.json</code>.</>}>
    Then build.
  </Step>
</Steps>

<Update label={<><Icon icon="rocket" /><span>Quickstart</span></>} description="May">
  Released.
</Update>

Hover <Tooltip tip={<>See <a href="/props">the guide</a></>}>this word</Tooltip> now.

<Accordion title="Install steps">
  Run the installer.
</Accordion>

<Accordion title="Other" id="custom-id">
  Hidden until opened.
</Accordion>

<CodeGroup>
```bash cURL
curl one
```

```python Python
print("one")
```
</CodeGroup>

<Tabs>
<Tab title="cURL">
Tab of cURL.
</Tab>
<Tab title="Python">
Tab of Python.
</Tab>
</Tabs>

<Tabs sync={false}>
<Tab title="cURL">
Kept.
</Tab>
<Tab title="Python">
Not synced.
</Tab>
</Tabs>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("props")
    (root / "props.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "P", "navigation": {"pages": ["props"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def test_element_props_are_visible_in_the_built_page(page: Any, site: str) -> None:
    page.goto(f"{site}/props/")
    drawing = page.locator(".card .card-icon svg rect")
    assert drawing.count() == 1 and drawing.is_visible()
    box = page.locator(".card .card-icon svg").bounding_box()
    assert box is not None and box["width"] >= 12 and box["height"] >= 12
    assert page.locator(".step-title code").inner_text() == "docs.json"
    label = page.locator(".update-label a")
    assert label.locator("svg").is_visible() and "Quickstart" in label.inner_text()
    icon = label.locator("svg").bounding_box()
    text = label.locator("span", has_text="Quickstart").last.bounding_box()
    assert icon is not None and text is not None
    assert text["x"] - (icon["x"] + icon["width"]) >= 4  # a gap between icon and text
    tip = page.locator(".mdx-tip")
    assert not tip.is_visible()
    page.locator(".mdx-tooltip").hover()
    assert tip.is_visible() and tip.locator("a").inner_text() == "the guide"
    page.locator(".mdx-tip a").hover()  # the pointer reaches the link: the tip stays
    assert tip.is_visible()
    shot = os.environ.get("DOCGEN_SHOT")
    if shot:
        page.screenshot(path=shot, full_page=True)


def test_an_accordion_opened_is_the_hash_and_its_link_opens_it(page: Any, site: str) -> None:
    """As on Mintlify: opening an accordion puts its id (its ``id``, else its title's slug) in
    the address, and that address opens it."""
    page.goto(f"{site}/props/")
    first = page.locator("details.accordion#install-steps")
    assert first.get_attribute("open") is None
    first.locator("summary").click()
    page.wait_for_function("window.location.hash === '#install-steps'")
    assert first.get_attribute("open") is not None
    page.goto("about:blank")  # a fresh load of the shared address
    page.goto(f"{site}/props/#custom-id")
    opened = page.locator("details.accordion#custom-id")
    page.wait_for_function("document.getElementById('custom-id').open")
    assert opened.locator(".accordion-body").is_visible()
    assert page.locator("details.accordion#install-steps").get_attribute("open") is None


def test_choosing_a_tab_chooses_the_same_label_in_the_other_groups(page: Any, site: str) -> None:
    """As on Mintlify: a code group and tabs with the same labels switch together; a ``<Tabs
    sync={false}>`` keeps its own choice."""
    page.goto(f"{site}/props/")
    page.locator(".code-group [role=tab]", has_text="Python").click()
    lists = page.locator(".mdx-tablist")
    selected = "[aria-selected=true]"
    page.wait_for_function(
        "document.querySelectorAll('.mdx-tablist')[1].querySelector('[aria-selected=true]')"
        ".textContent.trim() === 'Python'"
    )
    assert page.get_by_text("Tab of Python.").is_visible()
    assert not page.get_by_text("Tab of cURL.").is_visible()
    assert lists.nth(2).locator(selected).inner_text() == "cURL"
    assert page.get_by_text("Kept.").is_visible()
