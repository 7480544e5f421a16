"""What an eleventh batch of real Mintlify repos (an AI gateway, an agent framework, a
browser-automation SDK, a background-jobs platform, a billing API, a fine-tuning platform,
an API client, a survey tool, a sandbox cloud, a multi-agent framework) hit, each pinned by
a test."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.pipeline import run_check
from docgen.render.mdx import render_mdx


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for file, text in files.items():
        path = site / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site / "docs.json"


def test_a_self_closing_tag_may_have_space_before_its_closing_angle() -> None:
    # An AI gateway's guardrails page writes `<img src="/images/flow.webp" / >`. MDX reads a
    # space between the slash and the ">" as part of the tag (micromark-extension-mdx-jsx:
    # whitespace after the self-closing slash), and Mintlify draws the image; docgen called
    # it no JSX tag and showed it as text, with a warning.
    text = (
        'The flow:\n\n<img src="/images/flow.webp" / >\n\n'
        '<Note>\n  A <Icon icon="star" / > star.\n</Note>\n\n'
        '<img src="/images/two.webp"\n  alt="Two" /\n>\n'
    )
    result = render_mdx(text)
    html = result.rendered.html
    assert not result.warnings, [w.message for w in result.warnings]
    assert html.count("<img ") == 2 and "&lt;img" not in html and "/ &gt;" not in html
    assert 'alt="Two"' in html
    assert 'data-icon="star"' in html
    # a slash that no ">" follows is still no tag
    broken = render_mdx('A <Icon icon="star" / x> here\n')
    assert "&lt;Icon" in broken.rendered.html and broken.warnings


def test_an_endpoint_url_keeps_the_two_hyphens_mintlify_gives_a_spaced_dash(
    tmp_path: Path,
) -> None:
    # A survey tool's spec tags its operations "Client API - Display" and "Management API -
    # Surveys - Contact Links"; Mintlify's URL for them is /api-reference/client-api--display/...
    # (each space a hyphen, then each "--" one hyphen: three become two), and the repo keeps
    # scraped page files at exactly those URLs, unlisted. docgen made one hyphen of the three:
    # its generated pages took other URLs, 29 page files were `nav-page-conflict` errors
    # beside them, and the links to .../management-api--surveys--contact-links/... were broken.
    op = {"summary": "Create Display", "responses": {"200": {"description": "ok"}}}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Surveys", "version": "1"},
        "paths": {
            "/displays": {"post": {**op, "tags": ["Client API - Display"]}},
            "/links": {
                "get": {
                    "summary": "Get links - for a contact",
                    "tags": ["Management API - Surveys - Contact Links"],
                    "responses": {"200": {"description": "ok"}},
                }
            },
        },
    }
    config = {
        "name": "Surveys",
        "navigation": {
            "tabs": [
                {"tab": "Guides", "groups": [{"group": "Guides", "pages": ["guide"]}]},
                {
                    "tab": "API",
                    "openapi": {"source": "/api/openapi.json", "directory": "api-reference"},
                    "groups": [{"group": "API", "pages": ["api/intro"]}],
                },
            ]
        },
    }
    files = {
        "api/openapi.json": json.dumps(spec),
        "api/intro.mdx": "---\ntitle: Intro\n---\n\nThe API.\n",
        "guide.mdx": (
            "---\ntitle: Guide\n---\n\n[display](/api-reference/client-api--display/create-display)"
            " and [links](/api-reference/management-api--surveys--contact-links/"
            "get-links--for-a-contact)\n"
        ),
        # scraped by Mintlify's tooling, unlisted, at the URL Mintlify generates
        "api-reference/client-api--display/create-display.mdx": (
            "---\nopenapi: post /displays\n---\n"
        ),
    }
    result = run_check(_site(tmp_path, config, files))
    assert result.site is not None, list(result.diagnostics)
    urls = {page.url for page in result.site.pages}
    assert "/api-reference/client-api--display/create-display" in urls
    assert "/api-reference/management-api--surveys--contact-links/get-links--for-a-contact" in urls
    codes = [d.code.value for d in result.diagnostics if d.level.value != "info"]
    assert codes == [], [str(d) for d in result.diagnostics]


def test_footer_socials_are_their_brands_icons(tmp_path: Path) -> None:
    # All ten repos of this batch list footer.socials (x, github, discord, linkedin, website...);
    # Mintlify's footer shows each as its brand's icon. docgen wrote the names as a row of
    # words ("Discord X LinkedIn"). Each is now its icon, named for screen readers and on
    # hover; a network Font Awesome has no icon for keeps its name.
    names = ("x", "github", "discord", "linkedin", "website", "slack", "nosuchnet")
    config = {
        "name": "Docs",
        "navigation": {"pages": ["index"]},
        "footer": {"socials": {name: f"https://{name}.example.com/org" for name in names}},
    }
    site = _site(tmp_path, config, {"index.mdx": "---\ntitle: Home\n---\n\nHi.\n"})
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out)], site.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    footer = html.split('class="footer-socials"', 1)[1].split("</nav>", 1)[0]
    drawn = {"x": "x-twitter", "github": "github", "discord": "discord", "linkedin": "linkedin"}
    for name, icon in {**drawn, "website": "globe", "slack": "slack"}.items():
        link = footer.split(f'href="https://{name}.example.com/org"', 1)[1].split("</a>", 1)[0]
        assert f'data-icon="{icon}"' in link and "<svg" in link
        assert 'class="visually-hidden"' in link and "title=" in link
    assert '<use href="./_docgen/icons.svg#fa-brands-x-twitter"/>' in footer
    assert 'rel="noopener noreferrer">Nosuchnet</a>' in footer


def test_the_endpoint_url_rule_is_linear_in_the_summary() -> None:
    """A summary's ``{`` each looked for a ``}`` to the line's end, and a long run of hyphens
    was retried from each of its hyphens: 40,000 ``{`` took 15 CPU-s (security.md 20)."""
    import time

    from docgen.nav.slugs import name_slug

    started = time.process_time()
    for text in ("{" * 40_000, " " * 40_000 + "a", "a" + "-" * 40_000 + "&a", "{a" * 20_000):
        name_slug(text)
    assert time.process_time() - started < 2
    assert name_slug("Get {id} item - {x") == "get--item--x"
    assert name_slug("a - & b") == "a-b"
