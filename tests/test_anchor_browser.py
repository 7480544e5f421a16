"""Heading anchors in real Chromium: a link written for Mintlify's documented rule lands, and so
does one written for its earlier rules (other punctuation, same letters and digits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """\
---
title: Events
---

## prefect.worker.started

Filler.

## Fees & billing

More.

## 設定

End.
"""


def test_links_for_either_anchor_rule_land_on_the_heading(tmp_path: Path, browser: Any) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "events.mdx").write_text(PAGE + "\n" + "Text.\n\n" * 200)
    config = {"name": "A", "navigation": {"pages": ["events"]}}
    (tmp_path / "docs" / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "site"
    assert run_docgen(["build", "docs/docs.json", "-o", str(out)], tmp_path).returncode == 0
    html = (out / "events" / "index.html").read_text()
    assert 'id="prefect-worker-started"' in html and 'id="fees-&amp;-billing"' in html
    with serve_folder(out) as url:
        tab = browser.new_page(viewport={"width": 1280, "height": 700})
        cases = {
            "#prefect-worker-started": "prefect-worker-started",  # the documented rule
            "#prefectworkerstarted": "prefect-worker-started",  # an earlier rule's link
            "#fees--billing": "fees-&-billing",
            "#%E8%A8%AD%E5%AE%9A": "設定",
        }
        for fragment, heading in cases.items():
            tab.goto(f"{url}/events/{fragment}")
            tab.wait_for_function(
                "id => document.getElementById(id).classList.contains('is-target')", arg=heading
            )
            top = tab.eval_on_selector(f"[id='{heading}']", "e => e.getBoundingClientRect().top")
            assert 0 <= top < 200, (fragment, top)
        tab.goto("about:blank")
        tab.goto(f"{url}/events/#no-such-heading")
        assert tab.evaluate("document.querySelectorAll('.is-target').length") == 0
        tab.close()
