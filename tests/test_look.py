"""docs.json look: logo (per theme, linked), favicon, colours in both themes, appearance,
banner, seo metatags and indexing, fonts: validated at config time, rendered on every page,
and checked in a real Chromium."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import serve_folder
from test_static import docgen, png

LIGHT_LOGO = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="24"><rect width="96" '
    'height="24" fill="#0b7285"/></svg>'
)
DARK_LOGO = LIGHT_LOGO.replace("#0b7285", "#66d9e8")
CONFIG: dict[str, Any] = {
    "name": "Acme",
    "url": "https://docs.acme.test",
    "navigation": {"pages": ["index", "guides/intro"]},
    "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg", "href": "https://acme.test"},
    "favicon": {"light": "/favicon-light.png", "dark": "/favicon-dark.png"},
    "colors": {"primary": "#0b7285", "light": "#66d9e8", "dark": "#c2255c"},
    "appearance": {"default": "dark"},
    "banner": {"content": "**New:** see the [guide](/guides/intro).", "dismissible": True},
    "seo": {
        "metatags": {"og:image": 'https://acme.test/og.png?a=1&b="2"', "twitter:site": "@acme"},
        "indexing": "all",
    },
    "fonts": {"family": "Acme Sans", "source": "/fonts/acme.woff2", "weight": 400},
}


def make_site(root: Path, config: dict[str, Any]) -> Path:
    (root / "logo").mkdir(parents=True)
    (root / "logo" / "light.svg").write_text(LIGHT_LOGO)
    (root / "logo" / "dark.svg").write_text(DARK_LOGO)
    (root / "favicon-light.png").write_bytes(png(16, 16, (11, 114, 133)))
    (root / "favicon-dark.png").write_bytes(png(16, 16, (102, 217, 232)))
    (root / "fonts").mkdir()
    (root / "fonts" / "acme.woff2").write_bytes(b"wOF2" + bytes(60))
    (root / "guides").mkdir()
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    (root / "guides" / "intro.mdx").write_text("---\ntitle: Intro\nhidden: true\n---\n\nHi.\n")
    (root / "docs.json").write_text(json.dumps(config, indent=1))
    return root / "docs.json"


def test_the_look_renders_on_every_page(tmp_path: Path) -> None:
    config = make_site(tmp_path / "docs", CONFIG)
    run = docgen("build", str(config), "-o", str(tmp_path / "out"))
    assert run.returncode == 0, run.stderr
    assert "config-unused-key" not in run.stderr
    page = (tmp_path / "out" / "guides" / "intro" / "index.html").read_text()
    assert (
        '<a class="site-name site-logo" href="https://acme.test"><img class="logo-light" '
        'src="../../logo/light.svg" alt="Acme"><img class="logo-dark" src="../../logo/dark.svg" '
        'alt="Acme"></a>'
    ) in page
    assert (
        '<link rel="icon" href="../../favicon-light.png" media="(prefers-color-scheme: light)">'
        in page
    )
    assert (
        '<link rel="icon" href="../../favicon-dark.png" media="(prefers-color-scheme: dark)">'
        in page
    )
    assert (
        '<meta property="og:image" content="https://acme.test/og.png?a=1&amp;b=&#34;2&#34;">'
        in page
    )
    assert '<meta name="twitter:site" content="@acme">' in page
    assert '<meta name="docgen-appearance" content="dark">' in page
    assert '<strong>New:</strong> see the <a href="../../guides/intro/">guide</a>.' in page
    assert "data-docgen-banner-close" in page and "data-docgen-theme" in page
    assert '<link rel="stylesheet" href="../../_docgen/site.css">' in page
    css = (tmp_path / "out" / "_docgen" / "site.css").read_text()
    assert ":root { --primary: #0b7285; --primary-button: #c2255c;" in css
    assert 'html[data-theme="dark"] { --primary: #66d9e8; }' in css
    assert (
        '@font-face { font-family: "Acme Sans"; src: url("../fonts/acme.woff2") format("woff2");'
        in css
    )
    assert (tmp_path / "out" / "favicon-dark.png").is_file()
    # seo.indexing "all": the hidden page is in the sitemap too.
    assert (
        "https://docs.acme.test/guides/intro</loc>"
        in (tmp_path / "out" / "sitemap.xml").read_text()
    )


def test_strict_appearance_has_no_toggle_and_missing_files_are_located(tmp_path: Path) -> None:
    config = {**CONFIG, "appearance": {"default": "light", "strict": True}}
    path = make_site(tmp_path / "docs", config)
    (tmp_path / "docs" / "logo" / "dark.svg").unlink()
    check = docgen("check", "--format", "json", cwd=tmp_path / "docs")
    found = [(d["code"], d["file"], d["line"]) for d in json.loads(check.stdout)["diagnostics"]]
    assert found == [("asset-not-found", "docs.json", 12)], found  # logo.dark
    run = docgen("build", str(path), "-o", str(tmp_path / "out"))
    page = (tmp_path / "out" / "index.html").read_text()
    assert run.returncode == 0 and "data-docgen-theme" not in page
    assert '<meta name="docgen-appearance" content="light strict">' in page
    # The light logo stands in for the missing dark one.
    assert page.count('src="logo/light.svg"') == 2 and "dark.svg" not in page


@pytest.mark.parametrize(
    ("key", "value", "code", "level"),
    [
        ("logo", "javascript:alert(1)", "config-invalid", "error"),
        ("logo", "https://cdn.example.com/logo.svg", "asset-skipped", "warning"),
        ("favicon", "../outside.png", "config-invalid", "error"),
        ("fonts", {"family": "X;}body{display:none"}, "config-invalid", "error"),
        (
            "fonts",
            {"family": "Inter", "source": "https://fonts.example.com/i.woff2"},
            "asset-skipped",
            "info",
        ),
        ("seo", {"metatags": {"viewport": "x"}}, "config-invalid", "warning"),
        ("banner", {"content": 3}, "config-invalid", "error"),
        ("appearance", {"default": "blue"}, "config-invalid", "error"),
        ("fonts", {"family": "Inter", "display": "fast"}, "config-invalid", "warning"),
    ],
)
def test_bad_look_values_are_reported_where_they_are(
    tmp_path: Path, key: str, value: Any, code: str, level: str
) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.md").write_text("# Home\n")
    text = json.dumps({"name": "A", "navigation": {"pages": ["index"]}, key: value}, indent=1)
    (root / "docs.json").write_text(text)
    check = docgen("check", "--format", "json", cwd=root)
    found = [
        (d["code"], d["level"], d["file"], d["line"])
        for d in json.loads(check.stdout)["diagnostics"]
    ]
    line = text.split("\n").index(next(x for x in text.split("\n") if f'"{key}"' in x)) + 1
    assert [f[:3] for f in found] == [(code, level, "docs.json")], found
    assert found[0][3] >= line


def test_fonts_display_sets_font_display(tmp_path: Path) -> None:
    """``display`` (agno's docs.json; outside Mintlify's schema, which drops it) is the face's
    font-display; the heading font inherits it from the site's font."""
    fonts = {"family": "Acme Sans", "source": "/fonts/acme.woff2", "display": "optional"}
    fonts["heading"] = {"family": "Acme Head", "source": "/fonts/acme.woff2"}
    fonts["body"] = {"family": "Acme Body", "source": "/fonts/acme.woff2", "display": "block"}
    config = make_site(tmp_path / "docs", {**CONFIG, "fonts": fonts})
    run = docgen("build", str(config), "-o", str(tmp_path / "out"))
    assert run.returncode == 0, run.stderr
    assert "config-invalid" not in run.stderr and "config-unused-key" not in run.stderr
    css = (tmp_path / "out" / "_docgen" / "site.css").read_text()
    faces = {
        family: css.split(f'font-family: "{family}";')[1].split("}")[0]
        for family in ("Acme Head", "Acme Body")
    }
    assert "font-display: optional;" in faces["Acme Head"]
    assert "font-display: block;" in faces["Acme Body"]


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[str]:
    config = make_site(tmp_path / "docs", CONFIG)
    out = tmp_path / "out"
    assert docgen("build", str(config), "-o", str(out)).returncode == 0
    with serve_folder(out) as url:
        yield url


def test_look_in_a_browser(browser: Any, served: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    tab = context.new_page()
    tab.goto(served + "/")
    # appearance.default "dark" wins over the system's light setting (nothing saved yet).
    assert tab.evaluate("document.documentElement.dataset.theme") == "dark"
    visible = tab.eval_on_selector_all(
        ".topbar .site-logo img",
        "els => els.filter(e => e.offsetWidth > 0)"
        ".map(e => [e.getAttribute('src'), e.naturalWidth])",
    )
    assert visible == [["logo/dark.svg", 96]]
    primary = "getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()"
    assert tab.evaluate(primary) == "#66d9e8"
    tab.click("[data-docgen-theme]")
    assert tab.evaluate(primary) == "#0b7285"
    assert tab.eval_on_selector(".topbar .logo-light", "e => e.offsetWidth") > 0
    family = tab.evaluate("getComputedStyle(document.body).fontFamily")
    assert family.startswith('"Acme Sans"')
    # The banner: dismissed once, gone on every page after, with no flash (hidden before paint).
    assert tab.is_visible(".site-banner")
    tab.click("[data-docgen-banner-close]")
    assert not tab.is_visible(".site-banner")
    tab.goto(served + "/guides/intro/")
    assert not tab.is_visible(".site-banner")
    assert tab.evaluate("document.documentElement.classList.contains('banner-dismissed')")
    context.close()


def test_mint_json_logo_favicon_and_mode_toggle(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    make_site(root, CONFIG)
    (root / "docs.json").unlink()
    mint = {
        "name": "Acme",
        "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg"},
        "favicon": "/favicon-light.png",
        "modeToggle": {"default": "dark", "isHidden": True},
        "navigation": [{"group": "Start", "pages": ["index"]}],
    }
    (root / "mint.json").write_text(json.dumps(mint, indent=1))
    run = docgen("build", str(root / "mint.json"), "-o", str(tmp_path / "out"))
    assert run.returncode == 0, run.stderr
    assert "config-unused-key" not in run.stderr
    page = (tmp_path / "out" / "index.html").read_text()
    assert 'class="logo-dark" src="logo/dark.svg"' in page
    assert '<link rel="icon" href="favicon-light.png">' in page
    assert '<meta name="docgen-appearance" content="dark strict">' in page
    (root / "mint.json").write_text(json.dumps({**mint, "logo": "javascript:alert(1)"}, indent=1))
    check = docgen("check", "--format", "json", cwd=root)
    codes = [(d["code"], d["file"], d["line"]) for d in json.loads(check.stdout)["diagnostics"]]
    assert codes == [("config-invalid", "mint.json", 3)]


_CONTRAST = """(sel) => {
  const el = document.querySelector(sel);
  const style = getComputedStyle(el);
  const rgb = (c) => { const x = document.createElement('canvas').getContext('2d');
    x.fillStyle = c; x.fillRect(0, 0, 1, 1); return Array.from(x.getImageData(0, 0, 1, 1).data); };
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const a = lum(rgb(style.color)), b = lum(rgb(style.backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


SPEC = """openapi: 3.1.0
info: {title: T, version: "1"}
servers: [{url: "https://api.x.test"}]
paths:
  /items:
    get:
      summary: List items
      responses: {"200": {description: OK}}
"""


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(
    "colors",
    [
        # firecrawl's docs.json: primary black, light white (dark mode's accent), buttons black.
        {"primary": "#000", "light": "#fff", "dark": "#000"},
        {"primary": "#fde047"},  # a light brand colour: dark text on its buttons
        # Mid-tones: white text was 3.9:1 on this green and 3.7:1 on this blue.
        {"primary": "#0d9373"},
        {"primary": "#3b82f6"},
    ],
    ids=["black-and-white", "yellow", "green", "blue"],
)
def test_button_text_stays_readable_on_the_site_colours(
    browser: Any, tmp_path: Path, theme: str, colors: dict[str, str]
) -> None:
    config = {
        "name": "Mono",
        "colors": colors,
        "navbar": {"primary": {"type": "button", "label": "Sign up", "href": "https://x.test"}},
        "banner": {"content": "News."},
        "navigation": {"pages": ["index", "GET /items"], "openapi": "openapi.yaml"},
    }
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    (root / "openapi.yaml").write_text(SPEC)
    (root / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=theme)
    with serve_folder(out) as site:
        tab = context.new_page()
        tab.goto(site + "/")
        assert tab.evaluate("document.documentElement.dataset.theme") == theme
        for selector in (".navbar-primary", ".site-banner"):
            assert tab.evaluate(_CONTRAST, selector) >= 4.5, (selector, theme)
        tab.goto(site + "/api-reference/list-items/")
        assert tab.evaluate(_CONTRAST, "[data-docgen-try]") >= 4.5, theme
    context.close()


# Every text printed, as the printer puts it: its colour on white paper (printers leave out
# backgrounds), with the contrast ratio when it is under 4.5:1.
_FAINT_ON_PAPER = """() => {
  const rgb = (c) => { const x = document.createElement('canvas').getContext('2d');
    x.fillStyle = c; x.fillRect(0, 0, 1, 1); const d = x.getImageData(0, 0, 1, 1).data;
    return [0, 1, 2].map(i => d[i] * d[3] / 255 + 255 * (1 - d[3] / 255)); };
  const lum = (c) => c.map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const faint = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el.getClientRects().length || el.closest('.visually-hidden')
        || getComputedStyle(el).visibility !== 'visible') continue;
    const ratio = 1.05 / (lum(rgb(getComputedStyle(el).color)) + 0.05);
    if (ratio < 4.5) faint.push([n.textContent.trim().slice(0, 30), Math.round(ratio * 10) / 10]);
  }
  return faint;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_page_printed_in_either_theme_is_dark_text_on_white(
    browser: Any, tmp_path: Path, theme: str
) -> None:
    # A dark-mode reader printing got the dark palette's pale text (and the site's pale
    # dark-mode accent) on white paper, and the code panels' light-on-dark text everywhere.
    config = {
        "name": "Acme",
        "colors": {"primary": "#0b7285", "light": "#66d9e8"},
        "navigation": {"pages": ["index", "GET /items"], "openapi": "openapi.yaml"},
    }
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\nSee [the items](/api-reference/list-items).\n\n"
        '<img className="block dark:hidden" src="/paper.png" alt="a" />\n'
        '<img className="hidden dark:block" src="/night.png" alt="b" />\n'
    )
    (root / "paper.png").write_bytes(png(8, 8, (0, 0, 0)))
    (root / "night.png").write_bytes(png(8, 8, (255, 255, 255)))
    (root / "openapi.yaml").write_text(SPEC)
    (root / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=theme)
    with serve_folder(out) as site:
        tab = context.new_page()
        tab.emulate_media(media="print")
        for page in ("/", "/api-reference/list-items/"):
            tab.goto(site + page)
            assert tab.evaluate("document.documentElement.dataset.theme") == theme
            assert tab.evaluate(_FAINT_ON_PAPER) == [], (page, theme)
        tab.goto(site + "/")  # the page's light-theme picture, not its dark-theme one
        shown = "els => els.filter(e => e.getClientRects().length).map(e => e.alt)"
        assert tab.locator("main img").evaluate_all(shown) == ["a"]
        tab.goto(site + "/api-reference/list-items/")
        assert tab.locator(".sample-panel pre.highlight").first.is_visible()
        assert (
            tab.locator(".page-menu, .wrap-button, [data-docgen-try]").evaluate_all(
                "els => els.filter(e => e.getClientRects().length).length"
            )
            == 0
        )
    context.close()


# Each text of the chosen search result: [text, contrast with the row's painted background].
_CHOSEN_RESULT_TEXT = """() => {
  const rgba = (c) => { const x = document.createElement('canvas').getContext('2d');
    x.fillStyle = c; x.fillRect(0, 0, 1, 1); const d = x.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3]));
  const lum = (c) => c.map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const row = document.querySelector('#search-results a[aria-selected="true"]');
  const dialog = rgba(getComputedStyle(row.closest('dialog')).backgroundColor);
  const bg = over(rgba(getComputedStyle(row).backgroundColor), dialog);
  return Array.from(row.querySelectorAll('*')).filter(e => e.childElementCount === 0
      && e.textContent.trim() && e.getClientRects().length).map(e => {
    const a = lum(over(rgba(getComputedStyle(e).color), bg)), b = lum(bg);
    return [e.textContent.trim(), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_chosen_search_result_stays_readable_on_a_black_and_white_site(
    browser: Any, tmp_path: Path, theme: str
) -> None:
    config = {
        "name": "Mono",
        "colors": {"primary": "#000", "light": "#fff", "dark": "#000"},
        "navigation": {"groups": [{"group": "Start here", "pages": ["index", "crawl"]}]},
    }
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    (root / "crawl.mdx").write_text("---\ntitle: Crawl\n---\n\nCrawl a whole website.\n")
    (root / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=theme)
    with serve_folder(out) as site:
        tab = context.new_page()
        tab.goto(site + "/")
        tab.keyboard.press("/")
        tab.locator("#search-input").fill("crawl")
        tab.locator('#search-results a[aria-selected="true"]').wait_for()
        texts = tab.evaluate(_CHOSEN_RESULT_TEXT)
        assert any(text == "Start here" for text, _ in texts)  # the crumbs are there
        assert [(t, round(r, 2)) for t, r in texts if r < 4.5] == [], theme
    context.close()


def test_the_search_prompt_is_the_search_boxs_placeholder(tmp_path: Path, browser: Any) -> None:
    """docs.json ``search.prompt`` (Mintlify's placeholder) labels the search button and the
    search box; a long one is cut with an ellipsis inside the button, never past it."""
    prompt = "Search the Cline documentation, guides, tutorials and API reference..."
    root = make_site(tmp_path / "docs", {**CONFIG, "search": {"prompt": prompt}}).parent
    check = docgen("check", "--format", "json", cwd=root)
    assert check.returncode == 0
    assert "config-unused-key" not in check.stdout
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert f'<span class="search-button-label">{prompt}</span>' in html
    assert f'placeholder="{prompt}"' in html
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    with serve_folder(out) as base:
        tab.goto(base + "/")
        label = tab.locator(".search-button-label").bounding_box()
        button = tab.locator(".search-button").bounding_box()
        assert label is not None and button is not None
        assert label["x"] + label["width"] <= button["x"] + button["width"]
        assert tab.locator(".search-button").evaluate("b => b.scrollWidth <= b.clientWidth")
    context.close()


def test_pages_carry_link_preview_tags_and_their_own_frontmatter_tags(tmp_path: Path) -> None:
    """Open Graph and Twitter tags on every page (title, description, canonical address), as
    Mintlify writes them; docs.json ``seo.metatags`` and then the page's frontmatter
    (``keywords``, ``og:*``, ``twitter:*``) override them; a site path in an image tag is made
    absolute; a script URL is a located error in check and build alike (security.md 21)."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(
        json.dumps(
            {
                "name": "Acme",
                "url": "https://docs.acme.test",
                "navigation": {"pages": ["index", "guide"]},
                "seo": {"metatags": {"og:image": "/images/card.png"}},
            }
        )
    )
    (root / "index.mdx").write_text("---\ntitle: Home\ndescription: Start here.\n---\n\nHi.\n")
    (root / "guide.mdx").write_text(
        "---\ntitle: Guide\nkeywords: [auth, 'API keys']\n"
        'og:title: "The guide <b>"\ntwitter:image: /images/guide.png\n'
        "og:video: javascript:alert(1)\n---\n\nText.\n"
    )
    check = docgen("check", "--format", "json", cwd=root)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
        if d["level"] != "info"
    ]
    assert found == [("guide.mdx", 6, 11, "page-frontmatter")], check.stdout
    assert check.returncode == 1
    out = tmp_path / "out"
    build = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert build.returncode == 1 and "guide.mdx:6:11: error" in build.stderr, build.stderr
    guide_text = (root / "guide.mdx").read_text()
    (root / "guide.mdx").write_text(guide_text.replace("og:video: javascript:alert(1)\n", ""))
    build = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr

    def tags(path: Path) -> dict[str, str]:
        html = path.read_text(encoding="utf-8")
        return {
            name: content
            for name, content in re.findall(
                r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', html
            )
        }

    home = tags(out / "index.html")
    assert home["og:title"] == "Home" and home["twitter:title"] == "Home"
    assert home["og:description"] == "Start here." == home["twitter:description"]
    assert home["og:url"] == "https://docs.acme.test/"
    assert home["og:site_name"] == "Acme" and home["og:type"] == "website"
    assert home["og:image"] == "https://docs.acme.test/images/card.png"
    assert home["twitter:card"] == "summary_large_image"
    guide = tags(out / "guide" / "index.html")
    assert guide["og:title"] == "The guide &lt;b&gt;" == guide["twitter:title"]
    assert guide["keywords"] == "auth, API keys"
    assert guide["twitter:image"] == "https://docs.acme.test/images/guide.png"
    assert "og:video" not in guide


def test_a_mint_json_search_prompt_is_the_placeholder_too(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHi.\n")
    config = {"name": "S", "navigation": [{"group": "G", "pages": ["index"]}]}
    (root / "mint.json").write_text(json.dumps({**config, "search": {"prompt": "Find it"}}))
    out = tmp_path / "out"
    build = docgen("build", str(root / "mint.json"), "-o", str(out))
    assert build.returncode == 0 and "config-unused-key" not in build.stderr, build.stderr
    assert 'placeholder="Find it"' in (out / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_background_colour_is_the_pages_in_each_theme(
    tmp_path: Path, browser: Any, theme: str
) -> None:
    """docs.json ``background.color`` (11 of 37 corpus configs): the page's background in
    light and dark mode, with docgen's surfaces (the top bar, panels) tinted from it."""
    colours = {"light": "#f7f3ee", "dark": "#121b22"}
    plain = {"name": "S", "navigation": {"pages": ["index"]}}
    root = make_site(tmp_path / "docs", {**plain, "background": {"color": colours}}).parent
    check = docgen("check", "--format", "json", cwd=root)
    assert check.returncode == 0 and "config-unused-key" not in check.stdout, check.stdout
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=theme)
    tab = context.new_page()
    with serve_folder(out) as base:
        tab.goto(base + "/")
        body = tab.evaluate("getComputedStyle(document.body).backgroundColor")
    context.close()
    wanted = colours[theme]
    rgb = tuple(int(wanted[i : i + 2], 16) for i in (1, 3, 5))
    assert body == f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})"


def test_a_background_colour_that_is_not_a_colour_is_located(tmp_path: Path) -> None:
    bad = {**CONFIG, "background": {"color": {"dark": "url(javascript:x)"}}}
    root = make_site(tmp_path / "docs", bad).parent
    check = docgen("check", "--format", "json", cwd=root)
    errors = [d for d in json.loads(check.stdout)["diagnostics"] if d["level"] == "error"]
    assert check.returncode == 1 and [e["pointer"] for e in errors] == ["/background/color/dark"]


def test_the_not_found_page_follows_errors_404(tmp_path: Path) -> None:
    """docs.json ``errors.404``: its title and Markdown description on the not-found page;
    ``redirect`` (Mintlify's default once ``404`` is given) sends readers home at once."""
    plain = {"name": "S", "navigation": {"pages": ["index"]}}
    said = {"title": "Nothing here", "description": "Start at [the home page](/)."}
    for redirect in (False, True):
        root = tmp_path / f"docs-{redirect}"
        config = {**plain, "errors": {"404": {**said, "redirect": redirect}}}
        root = make_site(root, config).parent
        out = tmp_path / f"out-{redirect}"
        build = docgen("build", str(root / "docs.json"), "-o", str(out))
        assert build.returncode == 0 and "config-unused-key" not in build.stderr, build.stderr
        html = (out / "404.html").read_text(encoding="utf-8")
        assert '<h1 id="not-found-title">Nothing here</h1>' in html
        assert 'Start at <a href="/">the home page</a>.' in html
        refresh = '<meta http-equiv="refresh" content="0; url=/">'
        assert (refresh in html) is redirect
