"""The seventh batch of real Mintlify repos in a real headless Chromium: layouts that only a
browser shows (a horizontal card, an update holding a wide code block on a phone)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """---
title: Notes
---

<Card title="Releases" href="https://example.com/releases" icon="github" horizontal>
GitHub
</Card>

<Card title="Upright" icon="github">
Text
</Card>

<Update label="01.28.2026" description="v12">
Configure it:

```bash
PHOENIX_OAUTH2_AZURE_AD_EMAIL_ATTRIBUTE_PATH=preferred_username_and_a_much_longer_value_that_never_wraps
```
</Update>
"""


def _built(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "notes.mdx").write_text(PAGE, encoding="utf-8")
    config = {"name": "D", "navigation": {"pages": ["notes"]}}
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_a_horizontal_card_and_an_update_with_wide_code(browser: Any, tmp_path: Path) -> None:
    # <Card horizontal> (1,198 cards of 14 corpus repos): Mintlify puts the icon beside the
    # title and text; docgen drew it above them, as on an upright card. <Update> on a phone:
    # a code block's long line widened the update's one column, and the page scrolled
    # sideways by 1,262 px (an observability platform's release notes).
    out = _built(tmp_path)
    with serve_folder(out) as base:
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 900})
            tab = context.new_page()
            tab.goto(base + "/notes/")
            boxes = tab.evaluate(
                """() => [...document.querySelectorAll('.card')].map(card => {
                  const icon = card.querySelector('.card-icon').getBoundingClientRect();
                  const title = card.querySelector('.card-title').getBoundingClientRect();
                  return [icon.right <= title.left, icon.bottom <= title.top];
                })"""
            )
            assert boxes == [[True, False], [False, True]], (width, boxes)
            wide = tab.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert wide == 0, (width, wide)
            code = tab.evaluate(
                "(() => { const p = document.querySelector('.update-body pre');"
                " return [p.scrollWidth > p.clientWidth, p.getBoundingClientRect().right"
                " <= document.documentElement.clientWidth]; })()"
            )
            assert code == [True, True], (width, code)  # the block scrolls inside the page
            context.close()
