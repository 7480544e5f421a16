"""The table of contents as Mintlify's ``remarkExtractTableOfContents`` makes it: a heading
inside a ``<Tab>`` is listed only while its tab is shown (the entry follows the tab a reader
picks), and a ``<Step>`` whose title is a heading (``titleSize="h2"``/``"h3"``, its own or its
``<Steps>``'s) is an entry with an anchor."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

TABS = """\
---
title: Install
---

## Before you start

<Tabs>
  <Tab title="npm">
    ## Install with npm

    ### Configure npm
  </Tab>
  <Tab title="Yarn">
    ## Install with Yarn

    <h3>Configure Yarn</h3>

    <Shared />
  </Tab>
  <Tab title="pnpm">
    <Tabs>
      <Tab title="Linux">
        ### pnpm on Linux
      </Tab>
      <Tab title="macOS">
        ### pnpm on macOS
      </Tab>
    </Tabs>
  </Tab>
</Tabs>

<Accordion title="More">
  ## Not listed
</Accordion>

## After
"""

SNIPPET = "### From a snippet\n\nShared text.\n"


def _build(root: Path, pages: dict[str, str], snippets: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    names = list(pages)
    (root / "docs.json").write_text(json.dumps({"name": "T", "navigation": {"pages": names}}))
    for name, text in pages.items():
        (root / f"{name}.mdx").write_text(text)
    for name, text in (snippets or {}).items():
        (root / "snippets").mkdir(exist_ok=True)
        (root / "snippets" / name).write_text(text)
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def _toc(html: str) -> list[tuple[str, str]]:
    """(text, flags) of each entry: "" listed, "tab" in a shown tab, "hidden" in another."""
    block = re.search(r'<aside class="toc".*?</aside>', html, re.S)
    assert block is not None, "no table of contents"
    out = []
    for attrs, text in re.findall(
        r"<li class=\"toc-level-\d\"([^>]*)><a [^>]*>([^<]*)</a>", block.group(0)
    ):
        flags = "hidden" if " hidden" in attrs else "tab" if "data-docgen-toc-tab" in attrs else ""
        out.append((text, flags))
    return out


def test_headings_in_tabs_are_listed_for_the_tab_shown(tmp_path: Path) -> None:
    page = TABS.replace("<Shared />", "<Shared />").replace(
        "---\n\n## Before", '---\n\nimport Shared from "/snippets/shared.mdx"\n\n## Before'
    )
    out = _build(tmp_path / "src", {"index": page}, {"shared.mdx": SNIPPET})
    assert _toc((out / "index.html").read_text()) == [
        ("Before you start", ""),
        ("Install with npm", "tab"),
        ("Configure npm", "tab"),
        ("Install with Yarn", "hidden"),
        ("Configure Yarn", "hidden"),
        ("From a snippet", "hidden"),
        ("pnpm on Linux", "hidden"),  # the first tab of a hidden tab's tabs
        ("pnpm on macOS", "hidden"),
        ("After", ""),
    ]


@pytest.fixture(scope="module")
def tabs_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("tabs")
    out = _build(root / "src", {"index": TABS.replace("<Shared />", "")})
    with serve_folder(out) as url:
        yield url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_contents_follow_the_tab_a_reader_picks(
    browser: Any, tabs_site: str, scheme: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(f"{tabs_site}/")

    def shown() -> list[str]:
        return [t.strip() for t in tab.locator(".toc li:visible").all_text_contents()]

    assert shown() == ["Before you start", "Install with npm", "Configure npm", "After"]
    tab.get_by_role("tab", name="Yarn").click()
    tab.wait_for_timeout(100)
    assert shown() == ["Before you start", "Install with Yarn", "Configure Yarn", "After"]
    tab.get_by_role("tab", name="pnpm").click()
    tab.get_by_role("tab", name="macOS").click()
    tab.wait_for_timeout(100)
    assert shown() == ["Before you start", "pnpm on macOS", "After"]
    # A link to a heading in another tab opens that tab, and the contents follow.
    tab.goto(f"{tabs_site}/#configure-npm")
    tab.wait_for_timeout(200)
    assert shown() == ["Before you start", "Install with npm", "Configure npm", "After"]
    assert errors == []
    context.close()
