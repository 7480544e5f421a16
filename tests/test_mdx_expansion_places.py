"""What docgen finds inside the expansion of a JSX component (``export const Box = () => (...)``
in a snippet or the page) is said at the component's use in the page, ``file:line:col``, naming
the component and where it is defined: the expansion's own lines are in no file."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

BOX = """\
export const Box = ({ title, img }) => (
  <div>
    <h3>{title}</h3>

    <Frobnicate />

    <img src={img} />
  </div>
);
"""

PAGE = """\
---
title: Home
---
import { Box } from '/snippets/box.mdx';

export const Local = () => (
  <span>see {someCall()}</span>
);

Intro.

<Note>
  Inside a note:

  <Box title="Hi" img="/missing.png" />
</Note>

A sentence with <Local /> in it.
"""


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "src"
    (site / "snippets").mkdir(parents=True)
    (site / "snippets" / "box.mdx").write_text(BOX, encoding="utf-8")
    (site / "index.mdx").write_text(PAGE, encoding="utf-8")
    config = {"name": "P", "navigation": {"pages": ["index"]}}
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site


def _said(output: str) -> list[str]:
    return sorted(line for line in output.splitlines() if "warning[" in line)


def test_warnings_in_an_expansion_are_said_at_the_use(tmp_path: Path) -> None:
    # Before: "index.mdx:17:3: ... <Frobnicate>" (the use's line plus the line in the
    # expansion: a line of the page with nothing wrong) and the image at "index.mdx:19:...".
    site = _site(tmp_path)
    checked = run_docgen(["check", "docs.json"], site)
    said = _said(checked.stdout + checked.stderr)
    box = [line for line in said if line.startswith("index.mdx:15:")]
    assert len(box) == 2, said
    # at '<Box', or at the URL when the use's line holds it (img="/missing.png")
    assert any(line.startswith("index.mdx:15:3: ") and "<Frobnicate>" in line for line in box)
    assert any(line.startswith("index.mdx:15:24: ") and "/missing.png" in line for line in box)
    assert all("<Box>" in line and "snippets/box.mdx:1" in line for line in box)
    local = [line for line in said if line.startswith("index.mdx:18:17: ")]
    assert len(local) == 1 and "someCall()" in local[0] and "index.mdx:6" in local[0], said
    assert len(said) == 3, said
    built = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out")], site)
    assert built.returncode == 0
    assert _said(built.stdout + built.stderr) == said
