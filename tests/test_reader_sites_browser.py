"""What a reader met on real Mintlify sites (mem0, dify), in a real headless Chromium: on a page
far down a long navigation the page's own link is in view in the sidebar and takes the focus
when the phone menu opens (not the link of the dropdown its section is in); inline code in
Chinese text leaves the page able to reflow at 320 CSS pixels (400% zoom)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mintlify_sites import write_site
from refresh_fixtures import run_docgen
from serving import serve_folder


def test_the_current_page_is_in_view_in_a_sidebar_with_dropdowns(
    browser: Any, tmp_path: Path
) -> None:
    # The dropdown row marked its current dropdown aria-current="page" too, and the sidebar
    # brought the first such link into view: the dropdown at the top, so the page's link stayed
    # below the window (mem0's and dify's docs), and the phone menu focused the dropdown.
    folder = tmp_path / "site"
    folder.mkdir()
    pages = [f"p{n:02d}" for n in range(70)]
    config = {
        "name": "T",
        "navigation": {
            "tabs": [
                {
                    "tab": "Docs",
                    "dropdowns": [
                        {
                            "dropdown": "Guides",
                            "groups": [{"group": "G", "pages": ["index", *pages]}],
                        },
                        {"dropdown": "Other", "groups": [{"group": "O", "pages": ["other"]}]},
                    ],
                },
                {"tab": "More", "groups": [{"group": "M", "pages": ["more"]}]},
            ]
        },
    }
    write_site(folder, config, ["index", *pages, "other", "more"])
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    errors: list[str] = []
    with serve_folder(out) as base:
        for width, height in ((1280, 800), (390, 844)):
            tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(f"{base}/p66/")
            if width < 800:
                tab.locator("[data-docgen-menu]").click()
                focused = tab.evaluate("document.activeElement.textContent.trim()")
                assert focused == "p66", focused
            link = tab.locator("#sidebar a.nav-link.active")
            assert link.inner_text() == "p66"
            box = link.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
            assert tab.locator('#sidebar [aria-current="page"]').count() == 1
            assert errors == []
            tab.context.close()


def test_inline_code_in_cjk_text_reflows_at_320_pixels(browser: Any, tmp_path: Path) -> None:
    # Inline code kept the characters after it up to the next space on its line: in Chinese
    # that is a whole clause, wider than a phone at 400% zoom (dify's environment variables
    # page scrolled sideways by 20 px at 320 px).
    folder = tmp_path / "site"
    folder.mkdir()
    body = (
        "设置 `CONSOLE_CORS_ALLOW_ORIGINS`，此变量也作为默认的 `WEB_API_CORS_ALLOW_ORIGINS`。\n\n"
        "- 设为 `MIGRATION_ENABLED=true`，完成数据库迁移后退出 容器。\n\n"
        "Call `run()`, then `stop()`.\n"
    )
    (folder / "env.mdx").write_text(f"---\ntitle: 环境变量\n---\n\n{body}")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", "env"]}]}}
    write_site(folder, config, ["index"])
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (out / "env" / "index.html").read_text()
    assert '<span class="code-glue"><code>run()</code>,</span>' in html  # Latin: as before
    with serve_folder(out) as base:
        tab = browser.new_context(viewport={"width": 320, "height": 700}).new_page()
        tab.goto(f"{base}/env/")
        wide = tab.evaluate(
            """() => [...document.querySelectorAll('article p, article li')]
                .filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent)"""
        )
        assert wide == []
        assert tab.evaluate("document.documentElement.scrollWidth") <= 320
        tab.context.close()


def test_a_body_made_of_objects_does_not_read_any(browser: Any, tmp_path: Path) -> None:
    # A request body written as allOf of objects (firecrawl's POST /scrape: the url, the shared
    # ScrapeOptions, more fields) has no type of its own: its section said "any" above them.
    folder = tmp_path / "site"
    folder.mkdir()
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "A", "version": "1"},
        "paths": {"/scrape": {"post": {
            "summary": "Scrape",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "allOf": [
                    {"type": "object", "properties": {"url": {"type": "string"}}},
                    {"$ref": "#/components/schemas/Options"},
                ]
            }}}},
            "responses": {"200": {"description": "OK"}},
        }}},
        "components": {"schemas": {"Options": {"properties": {"mobile": {"type": "boolean"}}}}},
    }  # fmt: skip
    (folder / "openapi.json").write_text(json.dumps(spec))
    config = {
        "name": "T",
        "navigation": {
            "groups": [
                {"group": "G", "openapi": "openapi.json", "pages": ["index", "POST /scrape"]}
            ]
        },
    }
    write_site(folder, config, ["index"])
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as base:
        tab = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        tab.goto(f"{base}/api-reference/scrape/")
        section = tab.locator("section.op-request").inner_text()
        assert "url" in section and "mobile" in section
        assert "any" not in section.split()
        tab.context.close()


def test_long_inline_code_leaves_room_for_the_cjk_punctuation_after_it(
    browser: Any, tmp_path: Path
) -> None:
    # mintlify's zh pages: code as wide as a 320 px column, then the full-width ")."
    # after it (kept with it: a Chinese line may not start with them) ran 9 px past the
    # column's edge, and
    # "`https://gitlab.your-company.com`。Mintlify" was kept whole, 34 px past it.
    folder = tmp_path / "site"
    folder.mkdir()
    body = (
        "请输入你的 GitLab 实例的主机 URL（例如 `https://gitlab.your-domain.com`）。你的实例"
        "必须可公开访问。\n\n"
        "接受 `owner/name` slug（例如 `mintlify/docs`）或完整的 GitHub URL（例如 "
        "`https://github.com/mintlify/docs`）。\n\n"
        "输入 `https://gitlab.your-company.com`。Mintlify 会连接到你的实例。\n"
    )
    (folder / "zh.mdx").write_text(f"---\ntitle: 仓库\n---\n\n{body}")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", "zh"]}]}}
    write_site(folder, config, ["index"])
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    # A line may end after full-width punctuation: the Latin word after "。" is not kept.
    html = (out / "zh" / "index.html").read_text()
    assert "<code>https://gitlab.your-company.com</code>。</span>Mintlify" in html
    with serve_folder(out) as base:
        tab = browser.new_context(viewport={"width": 320, "height": 700}).new_page()
        tab.goto(f"{base}/zh/")
        glues = tab.evaluate(
            """() => [...document.querySelectorAll('article .code-glue')].map(g =>
                [g.textContent, g.getBoundingClientRect().right
                    - g.closest('p').getBoundingClientRect().right])"""
        )
        assert [text for text, _ in glues if text.endswith("）。")] != []
        assert [text for text, past in glues if past > 0.5] == []
        tab.context.close()
