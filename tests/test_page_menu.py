"""docs.json ``contextual``: the page menu (copy the page as Markdown, view it, open it in a chat
assistant, custom links), read from the config with its errors, and used in real Chromium at
laptop and phone widths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from refresh_fixtures import run_docgen
from serving import serve_folder

SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Menu", "version": "1"},
    "servers": [{"url": "https://api.example.com"}],
    "paths": {
        "/users": {"get": {"summary": "List users", "responses": {"200": {"description": "OK"}}}}
    },
}
CUSTOM = {
    "title": "Try in Playground",
    "description": "Open the playground",
    "icon": "play",
    "href": {
        "base": "https://app.example.com/playground",
        "query": [{"key": "from", "value": "$path"}, {"key": "text", "value": "$page"}],
    },
}


def _site(root: Path, contextual: Any) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "intro.mdx").write_text(
        "---\ntitle: Introduction to the platform\n---\n\n## Setup\n\nInstall it.\n"
    )
    (root / "openapi.json").write_text(json.dumps(SPEC))
    config: dict[str, Any] = {
        "name": "Menu",
        "navigation": {
            "groups": [
                {"group": "Guides", "pages": ["intro"]},
                {"group": "API", "openapi": "openapi.json", "pages": ["GET /users"]},
            ]
        },
    }
    if contextual is not None:
        config["contextual"] = contextual
    (root / "docs.json").write_text(json.dumps(config, indent=1))
    return root / "docs.json"


def test_options_are_read_with_located_errors_and_infos(tmp_path: Path) -> None:
    config = _site(tmp_path / "a", {"options": ["copy", "chatgtp", "mcp"]})
    found = run_docgen(["check", str(config)], config.parent)
    assert found.returncode == 1
    lines = found.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == ["docs.json:23:4", "docs.json:24:4"]
    assert "error[config-invalid]" in lines[0] and "did you mean 'chatgpt'?" in lines[0]
    assert "info[config-unused-key]" in lines[1] and "'mcp'" in lines[1]
    for href in ("javascript:alert(1)", {"base": "data:text/html,x"}):
        config = _site(tmp_path / "b", {"options": [{"title": "Bad", "href": href}]})
        found = run_docgen(["check", str(config)], config.parent)
        assert found.returncode == 1 and "error[config-invalid]" in found.stdout
        assert "is not a link docgen writes" in found.stdout


def test_no_contextual_means_no_menu(tmp_path: Path) -> None:
    config = _site(tmp_path / "docs", None)
    out = tmp_path / "site"
    assert run_docgen(["build", str(config), "-o", str(out)], config.parent).returncode == 0
    assert "data-docgen-page-menu" not in (out / "intro" / "index.html").read_text()


def test_the_menu_copies_views_and_hands_the_page_to_assistants(
    tmp_path: Path, browser: Any
) -> None:
    options = ["copy", "view", "chatgpt", "claude", "download-spec", CUSTOM]
    config = _site(tmp_path / "docs", {"options": options})
    out = tmp_path / "site"
    assert run_docgen(["build", str(config), "-o", str(out)], config.parent).returncode == 0
    twin = (out / "intro.md").read_text()
    with serve_folder(out) as url:
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 900})
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            tab = context.new_page()
            tab.goto(f"{url}/intro/")
            # The spec download is for API pages only.
            titles = tab.eval_on_selector_all(
                ".page-menu-list .page-menu-title", "es => es.map(e => e.textContent)"
            )
            assert titles == [
                "Copy page",
                "View as Markdown",
                "Open in ChatGPT",
                "Open in Claude",
                "Try in Playground",
            ]
            tab.click(".page-menu-more > summary")
            box = tab.eval_on_selector(
                ".page-menu-list",
                "e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }",
            )
            assert box[0] >= 0 and box[1] <= width  # the dropdown stays on screen
            links = tab.eval_on_selector_all(".page-menu-list a", "es => es.map(e => e.href)")
            assert links[0] == f"{url}/intro.md"
            chat = parse_qs(urlsplit(links[1]).query)
            assert chat["q"] == [f"Read {url}/intro.md so I can ask questions about it."]
            assert links[2].startswith("https://claude.ai/new?q=Read+")
            tab.wait_for_function(
                "() => document.querySelectorAll('.page-menu-list a')[3].href.includes('text=')"
            )
            custom = parse_qs(urlsplit(tab.eval_on_selector_all(
                ".page-menu-list a", "es => es[3].href")).query)  # fmt: skip
            assert custom == {"from": ["/intro/"], "text": [twin]}
            tab.keyboard.press("Escape")
            assert not tab.eval_on_selector(".page-menu-more", "e => e.open")
            tab.click(".page-menu > [data-docgen-copy-page]")
            tab.wait_for_function("() => document.querySelector('.page-menu > .copied')")
            assert tab.evaluate("navigator.clipboard.readText()") == twin
            context.close()
        tab = browser.new_page()
        tab.goto(f"{url}/api-reference/list-users/")
        spec = tab.eval_on_selector_all(".page-menu-list a[download]", "es => es.map(e => e.href)")
        assert spec == [f"{url}/_docgen/specs/openapi.json"]
        tab.close()


def test_display_toc_keeps_the_menu_in_the_page_header(tmp_path: Path) -> None:
    """The table of contents is hidden on narrow screens and its column clips a dropdown: the
    menu stays beside the title."""
    config = _site(tmp_path / "docs", {"options": ["copy", "view"], "display": "toc"})
    out = tmp_path / "site"
    assert run_docgen(["build", str(config), "-o", str(out)], config.parent).returncode == 0
    html = (out / "intro" / "index.html").read_text()
    assert html.count("data-docgen-page-menu") == 1
    assert html.index('class="page-title-row"') < html.index("data-docgen-page-menu")
    assert html.index("data-docgen-page-menu") < html.index('class="toc-inner"')
