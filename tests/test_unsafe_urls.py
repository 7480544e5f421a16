"""security.md 2 and 21 in pages and configs: a URL a page or a config would write that is not
http(s), mailto, tel or relative is a located diagnostic, the same in ``check`` and ``build``,
and never written as a link (script-capable schemes are errors)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from docgen.cli import cli
from docgen.render.assets import AssetScope
from docgen.render.mdx import render_mdx

SCRIPT = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java&#x09;script:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "javascript%3Aalert(1)",
    "%6Aavascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<b>x</b>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg/onload=alert(1)>",
]
# The places that show the URL as an image (an SVG runs no script there).
_IMAGES = {
    "card img",
    "img src",
    "markdown image",
    "video poster",
    "icon img",
    "card icon img",
    "inline icon img",
}
# Where a page writes a URL: a template with {url} (written as JSX would quote it).
PLACES = {
    "markdown link": "A [link]({url}) here.",
    "markdown image": "![alt text]({url})",
    "reference link": "A [link][ref].\n\n[ref]: {url}",
    "a href": '<a href="{url}">link</a>',
    "img src": '<img src="{url}" />',
    "card href": '<Card title="Card" href="{url}">Body</Card>',
    "card img": '<Card title="Card" img="{url}">Body</Card>',
    "expression href": '<a href={{"{url}"}}>link</a>',
    "title link": '<Step title="See [this]({url})">Body</Step>',
    "accordion title link": '<Accordion title="See [this]({url})">Body</Accordion>',
    "prop link": '<Tooltip tip={{<>See <a href="{url}">this</a></>}}>word</Tooltip>',
    # A link a reader cannot click (a summary's, a component's in a paragraph) is reported too
    "clicked prop link": (
        '<Accordion title="A" description={{<>See <a href="{url}">it</a></>}}>B</Accordion>'
    ),
    "inline card href": 'Text <Card title="Card" href="{url}">Body</Card> end.',
    "Link href": 'See <Link href="{url}">this</Link> now.',
    "Link to": 'See <Link to="{url}">this</Link> now.',
    "inline card title link": 'Text <Card title="See [this]({url})" href="/a">Body</Card> end.',
    "video poster": '<video src="/v.mp4" poster="{url}" />',
    "iframe src": '<iframe src="{url}" />',
    # An element given as a prop that is drawn, not read as text (an icon): its URLs too
    "icon img": '<Icon icon={{<img src="{url}" />}} />',
    "card icon img": '<Card title="C" icon={{<img src="{url}" />}}>Body</Card>',
    "inline icon img": 'Text <Icon icon={{<img src="{url}" />}} /> end.',
    "card icon drawing link": (
        '<Card title="C" icon={{<svg><a xlink:href="{url}"><path d="M0 0" /></a></svg>}}>B</Card>'
    ),
}


def _render(text: str, tmp: Path) -> tuple[str, list[tuple[int, int, str, bool]]]:
    scope = AssetScope("index.mdx", frozenset({"v.mp4"}), tmp)
    html = render_mdx(text, 3, source="index.mdx", assets=scope).rendered.html
    found = [
        (w.line, w.column, w.message, w.error) for w in scope.warnings if w.code == "link-unsafe"
    ]
    return html, found


def _written_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src|poster)="([^"]*)"', html)


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("url", SCRIPT)
def test_script_urls_are_located_errors_and_never_written(
    tmp_path: Path, place: str, url: str
) -> None:
    if place in (
        "markdown link",
        "markdown image",
        "reference link",
        "title link",
        "accordion title link",
        "inline card title link",
    ) and ("<" in url or " " in url):
        url = url.replace("<", "%3C").replace(">", "%3E")  # a Markdown destination has no <
    text = PLACES[place].format(url=url)
    html, found = _render("\n\n" + text + "\n", tmp_path)
    assert len(found) == 1, (html, found)
    line, column, message, error = found[0]
    rows = ("\n\n" + text).split("\n")
    at_line = next(n for n, row in enumerate(rows) if url in row)  # where the URL is written
    assert (line, column) == (3 + at_line, rows[at_line].find(url) + 1), found
    if url.startswith("data:image/svg") and place in _IMAGES:  # drawn as an image: inert
        assert not error and "SVG data: image" in message, message
    else:
        assert error and "link-unsafe" not in message and ("script" in message), message
    for written in _written_urls(html):
        lowered = re.sub(r"[\x00-\x20]|&#x?0*9;|%09", "", written.lower())
        assert not lowered.startswith(("javascript", "vbscript", "data:text", "data:image/svg")), (
            html
        )
        assert "javascript" not in lowered and "vbscript" not in lowered, html


def test_the_link_text_stays_and_the_column_is_the_urls(tmp_path: Path) -> None:
    html, found = _render("Read [the guide](javascript:alert(1)) now.\n", tmp_path)
    assert "<p>Read the guide now.</p>" in html
    assert found[0][:2] == (3, 18)
    html, found = _render("![A chart](data:image/svg+xml;base64,PHN2Zz4=)\n", tmp_path)
    assert "<p>A chart</p>" in html and "<img" not in html


def test_a_tab_or_line_break_inside_the_scheme_is_still_read(tmp_path: Path) -> None:
    html, found = _render('<a href="java\tscr\nipt:alert(1)">x</a>\n', tmp_path)
    assert len(found) == 1 and found[0][3] and "href" not in html


def test_raster_data_images_are_shown_as_mintlify_shows_them(tmp_path: Path) -> None:
    png = "data:image/png;base64,iVBORw0KGgo="
    html, found = _render(f'![Chart]({png})\n\n<img src="{png}" alt="Plot" />\n', tmp_path)
    assert found == []
    assert html.count(f'src="{png}"') == 2
    # ...but a link to one opens nothing: a warning, its text shown.
    html, found = _render(f"[Open]({png})\n", tmp_path)
    assert [f[3] for f in found] == [False] and "href" not in html


def test_app_links_are_warnings_with_their_text_shown(tmp_path: Path) -> None:
    url = "cursor://anysphere.cursor-deeplink/mcp/install?name=docs"
    html, found = _render(f"[Add to Cursor]({url})\n", tmp_path)
    assert [(f[0], f[1], f[3]) for f in found] == [(3, 17, False)]
    assert "cursor:" not in html and "Add to Cursor" in html


def test_safe_links_are_untouched(tmp_path: Path) -> None:
    text = (
        "[a](https://example.com) [b](mailto:x@example.com) [c](tel:+100) [d](#part) "
        "[e](/guides/x) [f](https://example.com/?next=javascript:alert(1))\n"
    )
    html, found = _render(text, tmp_path)
    assert found == [] and html.count("<a ") == 6


def _site(tmp: Path, page: str, config: dict[str, Any] | None = None) -> Path:
    (tmp / "index.mdx").write_text(page, encoding="utf-8")
    config = config or {"name": "x", "navigation": {"pages": ["index"]}}
    (tmp / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return tmp / "docs.json"


def _check_and_build(target: Path, out: Path) -> tuple[int, list[str], int, list[str]]:
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", str(target)])
    built = runner.invoke(cli, ["build", str(target), "-o", str(out)])
    lines = [line for line in checked.stdout.splitlines() if "[" in line]
    printed = [line for line in built.stderr.splitlines() if "[" in line and "]:" in line]
    return checked.exit_code, lines, built.exit_code, printed


def test_check_and_build_report_the_same_errors_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    good = "---\ntitle: Home\n---\n\nA [link](/).\n"
    target = _site(tmp_path, good)
    assert CliRunner().invoke(cli, ["build", str(target), "-o", str(out)]).exit_code == 0
    before = (out / "index.html").read_bytes()
    _site(tmp_path, good.replace("(/)", "(javascript:alert(1))"))
    code, checked, build_code, built = _check_and_build(target, out)
    assert code == build_code == 1
    assert checked == built and len(checked) == 1
    assert checked[0].endswith(
        "index.mdx:5:10: error[link-unsafe]: the page links to 'javascript:alert(1)': a "
        "javascript: URL runs script; a page links to http(s), mailto, tel and relative URLs; "
        "its text is shown"
    )
    assert (out / "index.html").read_bytes() == before  # the previous site is left as it was
    # Fixed, the site builds; broken again, the rebuild fails again (no page reused).
    _site(tmp_path, good)
    assert CliRunner().invoke(cli, ["build", str(target), "-o", str(out)]).exit_code == 0
    _site(tmp_path, good.replace("(/)", "(javascript:alert(1))"))
    code, checked, build_code, built = _check_and_build(target, out)
    assert code == build_code == 1 and checked == built and len(checked) == 1


def test_links_a_reader_cannot_click_are_reported_in_check_and_build(tmp_path: Path) -> None:
    """A card's Markdown title in a paragraph (not shown there) and an ``<a>`` in an accordion's
    summary (shown as its text) are never links; a script URL in them was dropped without a
    word, where every other place reports it."""
    page = (
        "---\ntitle: Home\n---\n\n"
        'Text <Card title="See [it](javascript:alert(1))" href="/">Body</Card> end.\n\n'
        '<Accordion title="A" description={<>See <a href="javascript:alert(2)">it</a></>}>'
        "B</Accordion>\n"
    )
    code, checked, build_code, built = _check_and_build(_site(tmp_path, page), tmp_path / "o")
    assert code == build_code == 1 and checked == built
    located = [line.split(" error[link-unsafe]")[0].rsplit("/", 1)[1] for line in checked]
    assert located == ["index.mdx:5:28:", "index.mdx:7:50:"], checked


CONFIG_CASES = {
    "/footer/socials/x": {"footer": {"socials": {"x": "javascript:alert(1)"}}},
    "/banner/content": {"banner": {"content": "Read [this](javascript:alert(1))"}},
    "/errors/404/description": {
        "errors": {"404": {"description": "![x](data:text/html,x)", "redirect": False}}
    },
    "/seo/metatags/og:image": {"seo": {"metatags": {"og:image": "javascript:alert(1)"}}},
    "/navbar/links/0/href": {
        "navbar": {"links": [{"label": "a", "href": "javascript%3Aalert(1)"}]}
    },
}


@pytest.mark.parametrize("pointer", sorted(CONFIG_CASES))
def test_config_urls_are_located_errors(tmp_path: Path, pointer: str) -> None:
    config = {"name": "x", "navigation": {"pages": ["index"]}, **CONFIG_CASES[pointer]}
    target = _site(tmp_path, "# Home\n", config)
    result = CliRunner().invoke(cli, ["check", str(target), "--format", "json"])
    assert result.exit_code == 1
    found = [d for d in json.loads(result.stdout)["diagnostics"] if d["level"] == "error"]
    assert [(d["code"], d["pointer"]) for d in found] == [("config-invalid", pointer)], found
    assert found[0]["line"] > 0 and found[0]["column"] > 0
    built = CliRunner().invoke(cli, ["build", str(target), "-o", str(tmp_path / "_site")])
    assert built.exit_code == 1 and not (tmp_path / "_site").exists()


def test_frontmatter_image_tag_with_a_script_url_is_an_error(tmp_path: Path) -> None:
    page = "---\ntitle: Home\nog:image: javascript:alert(1)\n---\n\nText\n"
    code, checked, build_code, built = _check_and_build(_site(tmp_path, page), tmp_path / "out")
    assert code == build_code == 1 and checked == built
    assert len(checked) == 1 and "index.mdx:3:11: error[page-frontmatter]" in checked[0]


def test_a_snippets_script_link_is_reported_in_the_snippet(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "promo.mdx").write_text(
        'Read\n<a href="vbscript:msgbox(1)">the offer</a>.\n', encoding="utf-8"
    )
    page = '---\ntitle: Home\n---\n\nimport Promo from "/snippets/promo.mdx";\n\n<Promo />\n'
    code, checked, build_code, built = _check_and_build(_site(tmp_path, page), tmp_path / "out")
    assert code == build_code == 1 and checked == built and len(checked) == 1
    assert "snippets/promo.mdx:2:10: error[link-unsafe]" in checked[0]


def test_a_script_url_in_a_style_image_is_an_error_and_left_out(tmp_path: Path) -> None:
    text = (
        "<div style={{backgroundImage: \"url('javascript:alert(1)')\", "
        'maskImage: "url(https://example.com/a.svg)"}}>x</div>\n'
    )
    html, found = _render(text, tmp_path)
    assert [(f[0], f[1], f[3]) for f in found] == [(3, 37, True)]
    assert "javascript" not in html and "https://example.com/a.svg" in html


def test_mint_json_footer_socials_are_urls_too(tmp_path: Path) -> None:
    (tmp_path / "index.mdx").write_text("# Home\n", encoding="utf-8")
    config = {
        "name": "x",
        "navigation": [{"group": "G", "pages": ["index"]}],
        "footerSocials": {"x": "https://x.com/acme", "github": "javascript:alert(1)"},
    }
    (tmp_path / "mint.json").write_text(json.dumps(config), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "mint.json"), "--format", "json"])
    found = [d for d in json.loads(result.stdout)["diagnostics"] if d["level"] == "error"]
    assert [(d["code"], d["pointer"]) for d in found] == [
        ("config-invalid", "/footerSocials/github")
    ], found


def test_many_encoded_script_links_are_located_in_linear_time(tmp_path: Path) -> None:
    # Each encoded link (not written as the browser reads it) was located by decoding every
    # link start of its block again: 3,000 on one line took 36 s to check (security.md 20).
    import time

    links = " ".join(f"[x{n}](java&#x09;script:a({n}))" for n in range(3_000))
    started = time.perf_counter()
    html, found = _render(f"\n\n{links}\n", tmp_path)
    assert time.perf_counter() - started < 5, "locating 3,000 links"
    assert len(found) == 3_000 and all(error for *_, error in found)
    line = links  # each error at its own link, in order
    columns = [line.index(f"](java&#x09;script:a({n}))") + 3 for n in range(3_000)]
    assert [(row, column) for row, column, *_ in found] == [(5, c) for c in columns]
    assert "javascript" not in html.replace("&#x09;", "").lower()


def test_an_svg_data_image_is_left_out_with_a_warning_not_an_error(tmp_path: Path) -> None:
    # A blockchain SDK's pages draw a background with style={{backgroundImage:
    # "url(data:image/svg+xml,...)"}}: shown as an image an SVG runs nothing, so this is no
    # error that fails the build; docgen still writes raster data: images only. As a link
    # or in a frame, an SVG document can run script: an error there.
    svg = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
    text = (
        f'<div style={{{{ backgroundImage: "url({svg})" }}}}>x</div>\n\n'
        f'<img src="{svg}" alt="pic" />\n\n<iframe src="{svg}" />\n'
    )
    html, found = _render("\n\n" + text, tmp_path)
    assert [(line, error) for line, _, _, error in found] == [(5, False), (7, False), (9, True)]
    assert "svg+xml" not in html


def test_a_url_taken_from_a_constant_is_reported_on_its_own_line(tmp_path: Path) -> None:
    # The URL is not written where the tag takes it (href={bad}): the search for it went on
    # past the paragraph and put the error on a later link with the same URL, where the two
    # errors became one.
    text = (
        'export const bad = "javascript:alert(1)";\n\n'
        "First <a href={bad}>const</a>\n\n"
        'Later <a href="javascript:alert(1)">literal</a>\n\n'
        "[ref][r] and more\n\n"
        "[r]: javascript:alert(2)\n"
    )
    _, found = _render(text, tmp_path)
    rows = text.split("\n")
    literal = (5 + 2, rows[4].index("javascript") + 1)  # _render's page starts on line 3
    reference = (9 + 2, rows[8].index("javascript") + 1)
    assert [(line, column) for line, column, *_ in found] == [(3 + 2, 1), literal, reference]


def test_elements_nested_in_element_props_are_read_as_deep_as_the_parse_reads_them(
    tmp_path: Path,
) -> None:
    # Each element given as an attribute was read again for the text it shows, at each level
    # around it, and an expression holding an element started the count of levels anew: 16
    # levels took 17 s, 400 a RecursionError. The URLs of the levels the parse reads are
    # still checked.
    deep = 400
    inner = '<a href="x" t={' * deep + "<b/>" + "} />" * deep
    page = f'<Card title="c" icon={{<span><a href="javascript:alert(1)">x</a>{inner}</span>}} />\n'
    html, found = _render(page, tmp_path)
    assert [(line, error) for line, _, _, error in found] == [(3, True)]
    assert "javascript:" not in html


def test_element_prop_urls_past_the_pages_scanning_budget_are_a_located_warning(
    tmp_path: Path,
) -> None:
    # The URLs of an element prop are read within the page's scanning budget (render/jsx.py);
    # past it they are not read, and the page says so where the prop is written.
    card = '<Card title="c" icon={<span><a href="javascript:alert(1)">x</a></span>} />\n\n'
    page = card + "<svg>\n\n" * 400 + card
    scope = AssetScope("index.mdx", frozenset(), tmp_path)
    html = render_mdx(page, 3, source="index.mdx", assets=scope).rendered.html
    unread = [(w.line, w.column) for w in scope.warnings if w.code == "mdx-too-deep"]
    assert unread == [(3, 17), (805, 17)]
    assert "javascript:" not in html
