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


STEPS = """\
---
title: Steps
---

## Install the CLI

<Steps>
  <Step title="Install the CLI" titleSize="h2">
    ### Inside the step
  </Step>
  <Step title="Configure `docs.json`" titleSize="h3" id="config">
    Edit it.
  </Step>
  <Step title="No anchor" titleSize="h3" noAnchor>
    x
  </Step>
  <Step title="A paragraph title">
    x
  </Step>
  <Step title="Too small" titleSize="h4">
    x
  </Step>
</Steps>

<Steps titleSize="h3">
  <Step title="From its steps">
    x
  </Step>
  <Step title="Its own size" titleSize="p">
    x
  </Step>
</Steps>

<Accordion title="More">
  <Steps>
    <Step title="In an accordion" titleSize="h2">x</Step>
  </Steps>
</Accordion>
"""


def test_a_step_with_a_heading_title_is_an_entry_with_an_anchor(tmp_path: Path) -> None:
    html = (_build(tmp_path / "src", {"index": STEPS}) / "index.html").read_text()
    assert _toc(html) == [
        ("Install the CLI", ""),
        ("Install the CLI", ""),
        ("Inside the step", ""),
        ("Configure docs.json", ""),
        ("From its steps", ""),
    ]
    links = re.findall(r'<li class="toc-level-(\d)"><a href="#([^"]+)">', html)
    assert links == [
        ("2", "install-the-cli"),
        ("2", "install-the-cli-2"),  # numbered among the page's headings
        ("3", "inside-the-step"),
        ("3", "config"),  # its own id
        ("3", "from-its-steps"),
    ]
    link = '<a class="anchor heading-anchor" href="#install-the-cli-2" aria-label="Link to this'
    assert f'<h2 class="step-title" id="install-the-cli-2">Install the CLI{link}' in html
    assert '<h3 class="step-title" id="config">Configure <code>docs.json</code>' in html
    assert '<h3 class="step-title">No anchor</h3>' in html
    assert '<p class="step-title">A paragraph title</p>' in html
    assert '<p class="step-title">Too small</p>' in html
    assert '<h3 class="step-title" id="from-its-steps">' in html
    assert '<p class="step-title">Its own size</p>' in html
    # An accordion's steps keep their anchors, out of the contents (as its headings do).
    assert '<h2 class="step-title" id="in-an-accordion">' in html


def test_a_steps_entry_leads_to_it(browser: Any, tmp_path: Path) -> None:
    out = _build(tmp_path / "src", {"index": STEPS + "\n" + "Filler text. " * 600 + "\n"})
    with serve_folder(out) as url:
        for scheme in ("light", "dark"):
            context = browser.new_context(
                viewport={"width": 1280, "height": 900}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{url}/")
            tab.locator('.toc a[href="#from-its-steps"]').click()
            tab.wait_for_timeout(300)
            top = tab.locator("#from-its-steps").evaluate("h => h.getBoundingClientRect().top")
            assert 0 <= top < 200, top
            assert tab.evaluate("location.hash") == "#from-its-steps"
            context.close()
