"""What a tenth batch of real Mintlify repos (a search database, a protocol's specification,
an AI platform, an LLM-observability SDK, a coding agent, a payments API, a chatbot builder,
a log platform, an agent-testing platform, an agent framework) hit, each pinned by a test."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.icons import icon_svg
from docgen.render.mdx import render_mdx


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for file, text in files.items():
        path = site / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site


def _build(site: Path) -> tuple[Path, str]:
    out = site.parent / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out)], site)
    assert result.returncode == 0, result.stdout + result.stderr
    return out, result.stdout + result.stderr


def test_a_custom_contextual_option_may_give_its_icons_style(tmp_path: Path) -> None:
    # A search database's "Share on X" menu option writes "icon": "x", "iconType": "brands",
    # as Mintlify documents for custom options: docgen called iconType an unknown key, an
    # error that failed `docgen check`. It is read, and the icon drawn in that style.
    option = {
        "title": "Save",
        "description": "Bookmark this page",
        "icon": "bookmark",
        "iconType": "regular",
        "href": "https://example.com/save",
    }
    config = {"name": "Db", "navigation": {"pages": ["index"]}, "contextual": {"options": [option]}}
    site = _site(tmp_path, config, {"index.mdx": "---\ntitle: Home\n---\n\nHello.\n"})
    checked = run_docgen(["check", "docs.json"], site)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "iconType" not in checked.stdout + checked.stderr
    out, _ = _build(site)
    html = (out / "index.html").read_text(encoding="utf-8")
    regular, solid = icon_svg("bookmark", style="regular"), icon_svg("bookmark")
    assert regular is not None and solid is not None and regular != solid
    # named icons are drawn from the site's sprite (render/sprite.py): the regular style's
    symbol = regular.split('#', 1)[1].split('"', 1)[0]
    assert "regular" in symbol and f"icons.svg#{symbol}" in html
    assert f'id="{symbol}"' in (out / "_docgen" / "icons.svg").read_text(encoding="utf-8")


def test_an_icon_given_as_a_drawing_is_no_file_to_look_for(tmp_path: Path) -> None:
    # An LLM-observability SDK's cards pass AWS's architecture icons: icon={<svg>
    # <title>Icon-Architecture/16/Arch_Amazon-Bedrock_16</title>...}. The drawing's text was
    # read as the icon's file name: a false "is not a file of the docs folder" warning.
    page = (
        "---\ntitle: Home\n---\n\n"
        '<Card title="Bedrock" href="/index" icon={\n'
        '  <svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">\n'
        "    <title>Icon-Architecture/16/Arch_Amazon-Bedrock_16</title>\n"
        '    <g id="Icon-Architecture/16/Arch_Amazon-Bedrock_16"><path d="M0 0h24v24H0z"/></g>\n'
        "  </svg>\n}>\n  Models\n</Card>\n"
    )
    site = _site(tmp_path, {"name": "Sdk", "navigation": {"pages": ["index"]}}, {"index.mdx": page})
    checked = run_docgen(["check", "docs.json"], site)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "warning[" not in checked.stdout + checked.stderr
    out, said = _build(site)
    assert "warning[" not in said
    assert '<path d="M0 0h24v24H0z"' in (out / "index.html").read_text(encoding="utf-8")


def test_footnotes_are_numbered_notes_at_the_end_of_the_page() -> None:
    # A protocol's design proposals cite their sources in GFM footnotes ("...until recently;
    # [^per-call]" and "[^py-sdk-hijack]: [python-sdk#2100](https://...)."), which Mintlify
    # renders. docgen showed "[^per-call]" as text and read each definition as a link
    # reference: the note was lost and its text became a link to a page named after it.
    page = (
        "Clients open a session per call[^per-call] and cache it[^cache], or per call[^per-call]."
        "\n\n## Later\n\nMore.\n\n"
        "[^per-call]: [sdk#2100](https://example.com/issues/2100).\n"
        "[^cache]: Cached *per server*.\n\n[^unused]: Never cited.\n\n"
        "A [^missing] label and ^[inline] notes stay text.\n"
    )
    html = render_mdx(page).rendered.html
    assert "[^per-call]" not in html and "[^cache]" not in html and "Never cited" not in html
    assert (
        '<sup class="footnote-ref"><a href="#user-content-fn-per-call" '
        'id="user-content-fnref-per-call" data-footnote-ref>1</a></sup>'
    ) in html
    assert 'id="user-content-fnref-per-call-2" data-footnote-ref>1</a>' in html
    assert 'href="#user-content-fn-cache" id="user-content-fnref-cache" data-footnote-ref>2' in html
    notes = html.split('<section class="footnotes"', 1)[1]
    assert html.index("<h2") < html.index('<section class="footnotes"')  # at the page's end
    assert notes.index('id="user-content-fn-per-call"') < notes.index('id="user-content-fn-cache"')
    assert (
        '<a href="https://example.com/issues/2100" rel="noopener noreferrer">sdk#2100</a>' in notes
    )
    assert 'href="#user-content-fnref-per-call-2" data-footnote-backref' in notes
    assert "Cached <em>per server</em>." in notes
    assert "A [^missing] label and ^[inline] notes stay text." in html


def test_a_footnote_definition_is_no_link_to_check(tmp_path: Path) -> None:
    # check read "[^hijack]: [sdk#2100](https://...)." as a link reference to a page and
    # reported it missing (link-not-found); the note's own link goes out of the site.
    page = "---\ntitle: Home\n---\n\nLeaked IDs.[^hijack]\n\n[^hijack]: [sdk](https://e.com/1).\n"
    site = _site(tmp_path, {"name": "P", "navigation": {"pages": ["index"]}}, {"index.mdx": page})
    checked = run_docgen(["check", "docs.json"], site)
    assert checked.returncode == 0 and "warning[" not in checked.stdout + checked.stderr


def test_a_forwarding_page_leads_past_a_wildcard_redirect(tmp_path: Path) -> None:
    # A protocol's docs redirect /legacy/concepts/tools to /specification/latest/server/tools,
    # which '/specification/latest/:slug*' sends to the dated version. A static host has no
    # page at a wildcard's source: the forwarding page led readers to a 404. It now leads to
    # the end of the chain (a literal hop, a fragment kept on the way).
    config = {
        "name": "Spec",
        "navigation": {"pages": ["index", "specification/2026/tools", "guide"]},
        "redirects": [
            {"source": "/specification/latest/:slug*", "destination": "/specification/2026/:slug*"},
            {"source": "/legacy/tools", "destination": "/specification/latest/tools#list"},
            {"source": "/old-guide", "destination": "/older-guide"},
            {"source": "/older-guide", "destination": "/guide"},
            {"source": "/away", "destination": "https://example.com/x"},
        ],
    }
    files = {
        name: "---\ntitle: T\n---\n\nText.\n"
        for name in ("index.mdx", "specification/2026/tools.mdx", "guide.mdx")
    }
    out, _ = _build(_site(tmp_path, config, files))

    def refresh(path: str) -> str:
        html = (out / path / "index.html").read_text(encoding="utf-8")
        return html.split('http-equiv="refresh" content="0; url=', 1)[1].split('"', 1)[0]

    assert refresh("legacy/tools") == "../../specification/2026/tools/#list"
    assert refresh("old-guide") == "../guide/"
    assert refresh("older-guide") == "../guide/"
    assert refresh("away") == "https://example.com/x"


def test_more_pro_icons_of_the_batch_are_drawn_by_a_look_alike() -> None:
    # Font Awesome Pro names docgen cannot ship, each kept a neutral mark: an AI platform's
    # "comments-question" (3 pages) and "lightbulb-on", a payments API's "chart-pie-simple"
    # and "shield-keyhole", a chatbot builder's block icons, a log platform's "sidebar-flip".
    names = (
        "comments-question", "lightbulb-on", "circle-dollar", "chart-pie-simple",
        "arrow-turn-left", "shield-keyhole", "rectangle-vertical-history", "game-board",
        "sidebar-flip",
    )  # fmt: skip
    assert all(icon_svg(name) is not None for name in names)
