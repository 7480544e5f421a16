"""A UTF-16 surrogate written as an escape in a page's JavaScript string (``\\uD800`` in a
template string or an object literal) passed check and stopped build on writing the page (no
UTF-8 file can hold a lone surrogate). As in JavaScript, an escaped pair is the character both
halves stand for; a lone half is shown as U+FFFD, as a browser shows it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from docgen.render.jsliteral import read, template

PAGE = r"""---
title: Escapes
---

export const lone = `a\uD800b`
export const pair = `\uD83D\uDE00`
export const o = {k: "\uDFFF", j: "\uD83D\u{DE00}"}

{lone} {pair} {o.k} {o.j}

<Card title={`\uD83Dx`}>y</Card>
"""


def test_escaped_surrogates_are_written_in_check_and_build(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "S", "navigation": {"pages": ["index"]}}))
    runs = [
        subprocess.run(
            [sys.executable, "-m", "docgen", *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=root,
        )
        for args in (["check", "docs.json"], ["build", "docs.json", "-o", str(tmp_path / "o")])
    ]
    for run in runs:
        assert run.returncode == 0, run.stdout + run.stderr
    html = (tmp_path / "o" / "index.html").read_text("utf-8")
    assert "a\ufffdb \U0001f600 \ufffd \U0001f600" in html
    assert "\ufffdx" in html


def test_a_surrogate_pair_is_one_character_and_a_lone_half_is_a_replacement() -> None:
    assert template(r"\uD83D\uDE00|\uD83D\u{DE00}|\uD83D|\uDE00\uD83D|\uD83D\x41", {}) == (
        "\U0001f600|\U0001f600|\ufffd|\ufffd\ufffd|\ufffdA"
    )
    assert read(r'["\uD83D\uDE00", "\uDBFF\uDFFF", "\uD800"]') == [
        "\U0001f600",
        "\U0010ffff",
        "\ufffd",
    ]
