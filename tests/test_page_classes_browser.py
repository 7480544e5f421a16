"""A page's class that docgen's theme also uses (``badge``, ``button``, ``card``) is renamed
on the page's element, so docgen's look for its own components stays off it, and the repo's
own CSS, written for the page's class, still styles it (Prefect's ``<span class="badge
cloud">``, whose label is the repo's ``.badge.cloud::after``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from serving import serve_folder
from test_static import docgen

from docgen.render.pageclasses import repo_css

PAGE = """---
title: Classes
---
<span class="badge cloud"></span>

<a className="button button-primary" href="/">Get started</a>

<Badge color="blue">Docgen badge</Badge>
"""
STYLE = """\
.badge { display: table; padding: 0.35em 0.6em; border-radius: 0.375rem; font-size: 11px; }
.badge.cloud { color: #fff; background-color: #2d6df6; }
.badge.cloud::after { content: "Prefect Cloud"; }
"""


def test_repo_css_selectors_reach_renamed_classes_and_nothing_else() -> None:
    css = repo_css(
        '.badge.cloud::after { content: ".badge"; margin: .5em }\n'
        "@media (min-width: 1px) { a.card > .hero:not(.button), [class~=card] { color: red } }\n"
    )
    assert css == (
        ':is(.badge, .mdx-class-badge).cloud::after { content: ".badge"; margin: .5em }\n'
        "@media (min-width: 1px) { a:is(.card, .mdx-class-card) > .hero:not(:is(.button, "
        ".mdx-class-button)), [class~=card] { color: red } }\n"
    )
    assert repo_css(".hero { color: red }") == ".hero { color: red }"


def test_the_repos_css_styles_a_page_class_docgen_also_uses(browser: Any, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "C", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    (root / "styles.css").write_text(STYLE)
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        tab = context.new_page()
        tab.goto(f"{site}/")
        label = tab.eval_on_selector(
            "main .cloud",
            "e => [getComputedStyle(e, '::after').content, getComputedStyle(e).backgroundColor,"
            " getComputedStyle(e).borderRadius]",
        )
        link = tab.eval_on_selector(
            "main a[href='./']",
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderTopWidth]",
        )
        own = tab.eval_on_selector(
            "main .badge-blue", "e => [getComputedStyle(e).backgroundColor, e.className]"
        )
        context.close()
    assert label == ['"Prefect Cloud"', "rgb(45, 109, 246)", "6px"], label  # the repo's look
    assert link == ["rgba(0, 0, 0, 0)", "0px"], link  # not docgen's .button-primary
    # docgen's Badge keeps its classes and colour (the repo's .badge reaches it, as before)
    assert own[1] == "badge badge-blue" and own[0] not in ("rgba(0, 0, 0, 0)", label[1]), own
