"""Props of Mintlify components that docgen dropped, shown as Mintlify documents them: a field's
``pre``/``post`` labels, a ``<Tab id>`` to link to, a tree folder's ``openable``/``highlight``,
a palette's ``variant`` and theme-aware values; the browser part in headless Chromium."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder
from test_mdx import html_of

PAGE = """\
---
title: Props
---

<Tabs>
  <Tab title="First tab" id="first">
    One.
  </Tab>
  <Tab title="Second" id="custom-second">
    Two.

    ## Inside two
  </Tab>
</Tabs>

<Tree>
  <Tree.Folder name="node_modules" openable={false} />
</Tree>
"""


def test_a_fields_labels_come_before_and_after_its_name() -> None:
    html, warnings = html_of(
        '<ResponseField name="id" type="string" pre={["GET", "v2"]} post={["beta"]}>\n'
        "  The id.\n</ResponseField>\n\n"
        '<ParamField path="limit" type="integer" pre="query">\n  How many.\n</ParamField>\n'
    )
    assert warnings == []
    assert (
        '<span class="tag tag-muted field-pre">GET</span> '
        '<span class="tag tag-muted field-pre">v2</span> <code class="field-name">id</code> '
        '<span class="tag tag-muted field-post">beta</span> <span class="field-type">string'
    ) in html
    assert '<span class="tag tag-muted field-pre">query</span> <code class="field-name">limit' in (
        html
    )


def test_tree_folders_say_whether_they_open_and_which_is_active() -> None:
    html, _ = html_of(
        '<Tree>\n  <Tree.Folder name="src" highlight defaultOpen>\n'
        '    <Tree.File name="a.ts" highlight />\n  </Tree.Folder>\n'
        '  <Tree.Folder name="node_modules" openable={false} />\n</Tree>\n'
    )
    assert '<li class="tree-folder is-highlighted"><details open><summary>src' in html
    assert '<li class="tree-file is-highlighted">a.ts' in html
    assert '<li class="tree-folder is-fixed"><details><summary tabindex="-1">node_modules' in html


def test_a_palette_is_a_grid_or_a_table_with_each_themes_colour() -> None:
    html, _ = html_of(
        '<Color variant="table">\n  <Color.Row title="Primary">\n'
        '    <Color.Item name="bg" value={{ light: "#FFFFFF", dark: "#000000" }} />\n'
        "  </Color.Row>\n</Color>\n\n"
        '<Color variant="compact">\n  <Color.Item name="blue" value="#3B82F6" />\n</Color>\n'
    )
    assert '<div class="mdx-colors colors-table"><div class="color-row">' in html
    assert 'style="--swatch:#FFFFFF;--swatch-dark:#000000"' in html
    assert '<code>#FFFFFF</code> <code class="color-dark">#000000</code>' in html
    assert '<div class="mdx-colors colors-compact"><div class="color-item">' in html


@pytest.fixture(scope="module")
def props_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("props")
    (root / "props.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "S", "navigation": {"pages": ["props"]}}))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as url:
        yield url


def _shown(page: Any) -> list[str]:
    panels = page.locator(".mdx-tabpanel")
    return [
        panels.nth(i).inner_text().split("\n")[0]
        for i in range(panels.count())
        if panels.nth(i).is_visible()
    ]


@pytest.mark.parametrize("hash_", ["custom-second", "inside-two"])
def test_a_link_to_a_tab_or_into_it_opens_that_tab_alone(
    page: Any, props_site: str, hash_: str
) -> None:
    # Before: no element had the id; and a heading in the second tab showed both panels.
    page.goto(f"{props_site}/props/#{hash_}")
    assert _shown(page) == ["Two."]
    assert page.locator('[role="tab"][aria-selected="true"]').inner_text() == "Second"


def test_choosing_a_tab_with_an_id_makes_it_the_pages_hash(page: Any, props_site: str) -> None:
    page.goto(f"{props_site}/props/")
    page.get_by_role("tab", name="Second").click()
    assert page.evaluate("location.hash") == "#custom-second"


def test_a_folder_that_does_not_open_ignores_a_click(page: Any, props_site: str) -> None:
    page.goto(f"{props_site}/props/")
    page.locator(".tree-folder.is-fixed summary").click(force=True)
    assert page.locator(".tree-folder.is-fixed details").evaluate("(d) => d.open") is False
