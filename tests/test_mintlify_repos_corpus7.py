"""What a seventh batch of real Mintlify repos (an agent framework's CLI, an LLM-tracing
platform, an integrations platform, a document-ETL service, an agent framework's docs, an
agent-observability platform, a memory API, an LLM-monitoring SDK, a local-model runner and a
browser-automation API) hit, each pinned by a test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.mdx import render_mdx


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str], name: str) -> Path:
    site = tmp_path / "src"
    for file, text in files.items():
        path = site / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / name).write_text(json.dumps(config), encoding="utf-8")
    return site


def _build(site: Path, config: str = "docs.json") -> tuple[Path, str]:
    out = site.parent / "out"
    result = run_docgen(["build", config, "-o", str(out)], site)
    assert result.returncode == 0, result.stdout + result.stderr
    return out, result.stdout + result.stderr


def test_a_page_component_inside_a_paragraph_keeps_the_paragraphs_emphasis() -> None:
    # "Created **ENG-842** — *Fix the onboarding redirect* in Engineering. <AgentLink
    # href=...>Open in Linear</AgentLink>" (a memory API's Slack mock-ups): the component's
    # body was parsed into the paragraph's own tokens, whose final joining moved the tokens
    # the paragraph's `*` delimiters pointed at: the emphasis was lost, an empty <em> shown
    # elsewhere, and some pages failed with an internal error.
    page = (
        "export const AgentLink = ({ href, children }) => (\n"
        '  <a href={href} className="font-medium">\n'
        "    {children}\n"
        "  </a>\n"
        ");\n\n"
        "Created **ENG-842**, *Fix it* in Eng. "
        '<AgentLink href="https://linear.app">Open *now*</AgentLink> and **done**\n'
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert result.warnings == []
    assert "<strong>ENG-842</strong>, <em>Fix it</em> in Eng." in html
    assert "Open <em>now</em>" in html
    assert "</a> and <strong>done</strong></p>" in html
    assert "*" not in html


def test_a_redirect_from_a_pages_markdown_version_keeps_that_version(tmp_path: Path) -> None:
    # A local-model runner's docs.json: {"source": "/development.md", "destination":
    # "/development"} beside development.md. The forwarding page (development.md/index.html)
    # could not be written where the page's Markdown twin goes, and the build failed with an
    # error blaming the page ("rename the page or its 'directory'"). The twin is kept, with a
    # warning at the redirect.
    config = {
        "name": "D",
        "navigation": {"pages": ["development"]},
        "redirects": [
            {"source": "/development.md", "destination": "/development"},
            {"source": "/old", "destination": "/development"},
        ],
    }
    pages = {"development.md": "---\ntitle: Development\n---\n\nBuild it.\n"}
    site = _site(tmp_path, config, pages, "docs.json")
    out, said = _build(site)
    assert "error" not in said
    warning = (
        "docs.json:1:82: warning[redirect-conflict]: redirect source '/development.md' is the "
        "Markdown version of the page '/development', which docgen writes there; the redirect "
        "is left out"
    )
    assert warning in said
    check = run_docgen(["check", "docs.json"], site)
    assert check.returncode == 0 and warning in check.stdout
    assert "Build it." in (out / "development.md").read_text(encoding="utf-8")
    hosts = (out / "_redirects").read_text(encoding="utf-8")
    assert "/old  /development  301" in hosts and "development.md" not in hosts


def test_an_icons_size_prop_sizes_it_in_pixels() -> None:
    # <Icon icon="discord" size={24} />: 169 icons of 5 corpus repos give a size (16 to 32
    # pixels), which Mintlify draws at that size; docgen drew every icon at the text's size.
    page = (
        '<Icon icon="star" size={32} color="#00ff00" /> '
        '<Icon icon="/logo.png" size="20" /> <Icon icon="flag" size={0} />\n'
    )
    html = render_mdx(page).rendered.html
    assert '<span class="icon-wrap" data-icon="star" style="color:#00ff00;font-size:32px">' in html
    image = '<img class="icon icon-img" src="/logo.png" alt="" aria-hidden="true"'
    assert image + ' style="font-size:20px">' in html
    assert '<span class="icon-wrap" data-icon="flag"><svg' in html  # no size: the text's


def test_steps_title_size_applies_to_each_step() -> None:
    # <Steps titleSize="h3"> (32 pages of 6 corpus repos): Mintlify sizes every step's title
    # so; docgen read titleSize on a Step only, and only "h3". h4 is not a size Mintlify draws.
    page = (
        '<Steps titleSize="h3">\n<Step title="One">\nA\n</Step>\n'
        '<Step title="Two" titleSize="p">\nB\n</Step>\n</Steps>\n\n'
        '<Steps titleSize="h4">\n<Step title="Three">\nC\n</Step>\n'
        '<Step title="Four" titleSize="h2">\nD\n</Step>\n</Steps>\n\n'
        '<Steps titleSize="h9">\n<Step title="Five">\nE\n</Step>\n</Steps>\n'
    )
    html = render_mdx(page).rendered.html
    for tag, title in (("h3", "One"), ("p", "Two"), ("p", "Three"), ("h2", "Four"), ("p", "Five")):
        assert re.search(rf'<{tag} class="step-title"[^>]*>{title}[<]', html), (tag, title)


def test_a_md_page_is_mdx_as_mintlify_compiles_it(tmp_path: Path) -> None:
    # A compliance tool's docs: 131 of its 160 .md pages write components (<Steps>, <Note>,
    # <Accordion> around <div style={{maxHeight: "50vh"}}>, \{escaped\} braces), as 78 .md
    # pages of an LLM framework's docs do; Mintlify compiles .md pages as MDX, and docgen
    # showed every tag as text ("<Steps> <Step title=...>").
    page = (
        "---\ntitle: Org\n---\n\n<Note>\nRoles apply to **everyone**.\n</Note>\n\n"
        '<Steps>\n<Step title="Open settings">\nGo to the page.\n</Step>\n</Steps>\n\n'
        '<Accordion title="Output">\n<div style={{maxHeight: "50vh"}}>\n\n```json\n{}\n```\n\n'
        "</div>\n</Accordion>\n\nAt environmentName@\\{YYYY\\} or <Missing>x</Missing>.\n"
    )
    config = {"name": "D", "navigation": {"pages": ["org"]}}
    site = _site(tmp_path, config, {"org.md": page}, "docs.json")
    out, said = _build(site)
    html = (out / "org" / "index.html").read_text(encoding="utf-8")
    article = html[html.index('<article class="prose') : html.index("</article>")]
    assert '<div class="callout callout-note" role="note"><p>Roles apply to <strong>' in article
    assert '<p class="step-title">Open settings</p>' in article
    assert '<details class="accordion" id="output">' in article and "max-height:50vh" in article
    assert "environmentName@{YYYY} or x." in article
    assert "&lt;" not in article  # no tag shown as text
    warning = "org.md:25:32: warning[mdx-unsupported]: unknown MDX component <Missing>"
    assert warning in said
    assert warning in run_docgen(["check", "docs.json"], site).stdout  # check says it too


def test_more_pro_icons_the_batch_uses_are_drawn_by_a_look_alike() -> None:
    # Font Awesome Pro names (Mintlify's library) that docgen cannot ship: a compliance tool's
    # 16 <Accordion icon="comment-question">, an observability platform's "gear-complex" group
    # and "user-chef" tab, "code-simple" in 3 repos... kept a neutral mark.
    from docgen.render.icons import icon_svg

    names = ("comment-question", "gear-complex", "user-chef", "code-simple", "hand-wave")
    assert all(icon_svg(name) is not None for name in names)
    assert icon_svg("no-such-pro-name") is None


SPEC_JSON = json.dumps(
    {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {
            f"/v1/{name}": {"get": {"summary": name, "responses": {"200": {"description": "ok"}}}}
            for name in ("a", "b", "c", "d", "e")
        },
    }
)


def test_a_spec_found_in_the_repository_is_said_once_for_all_its_pages(tmp_path: Path) -> None:
    # An observability platform's 103 API pages (and an integrations platform's 57) each name
    # an operation of a spec no navigation element configures: Mintlify finds it in the
    # repository, and so does docgen, but it said so once per page (103 info lines). One line
    # now, at the first page, with the count and the next files, as for lower-case methods.
    pages = {
        f"api/{name}.mdx": f"---\ntitle: {name}\nopenapi: GET /v1/{name}\n---\n"
        for name in ("a", "b", "c", "d", "e")
    }
    pages["schemas/openapi.json"] = SPEC_JSON
    config = {"name": "D", "navigation": {"pages": [f"api/{n}" for n in "abcde"]}}
    site = _site(tmp_path, config, pages, "docs.json")
    result = run_docgen(["check", "docs.json"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    picked = [line for line in result.stdout.splitlines() if "nav-spec-picked" in line]
    assert picked == [
        "api/a.mdx:3:1: info[nav-spec-picked]: frontmatter 'openapi: GET /v1/a': no configured "
        "spec has it; using 'schemas/openapi.json', found in the repository; 5 pages resolve "
        "this way, also api/b.mdx, api/c.mdx, api/d.mdx and 1 more"
    ]


def test_an_anchor_inside_a_tab_shows_its_icon_atop_the_sidebar(tmp_path: Path) -> None:
    # "tabs": [{"tab": "Developer Platform", "anchors": [{"anchor": "API Integrations",
    # "icon": "plug", ...}]}]: the anchors (dropdowns, products) inside a tab are the row of
    # links atop the sidebar, where Mintlify draws their icons (68 such elements in 4 repos);
    # docgen drew the icon of a tab, but not of these.
    pages = {f"p{n}.mdx": f"---\ntitle: P{n}\n---\n\nText.\n" for n in range(3)}
    anchors = [
        {"anchor": "Platform", "pages": ["p0"]},
        {"anchor": "Integrations", "icon": "plug", "pages": ["p1"]},
        {"anchor": "Reference", "icon": {"name": "github", "style": "brands"}, "pages": ["p2"]},
    ]
    config = {"name": "D", "navigation": {"tabs": [{"tab": "Dev", "anchors": anchors}]}}
    out, _ = _build(_site(tmp_path, config, pages, "docs.json"))
    html = (out / "p0" / "index.html").read_text(encoding="utf-8")
    row = html[html.index('<nav class="sidenav" aria-label="Sections">') :]
    row = row[: row.index("</nav>")]
    assert '<a href="../p0/" aria-current="true">Platform</a>' in row
    assert re.search(r'<a href="\.\./p1/"><span class="icon-wrap" data-icon="plug">', row)
    assert re.search(r'<a href="\.\./p2/"><span class="icon-wrap" data-icon="github">', row)


def test_an_html_comment_in_a_page_is_said_as_mintlify_refuses_it() -> None:
    # "<!-- vale off -->" in MDX: Mintlify's parser fails on it (its docs: "HTML-style
    # comments are not supported in MDX"; a workflow tool's docs wrap theirs in {/* */}), and
    # .md pages are MDX too now. docgen showed the comment as text without a word.
    page = (
        "Text <!-- inline --> and `<!-- code -->`.\n\n<!-- vale off\nmore -->\n\n"
        "```html\n<!-- fenced -->\n```\n\n{/* <!-- hidden --> */}\n\n"
        '<Card title="a <!-- b -->">c</Card>\n'
    )
    result = render_mdx(page)
    said = [(w.line, w.code, w.near) for w in result.warnings]
    assert said == [(1, "mdx-unsupported", "<!--"), (3, "mdx-unsupported", "<!--")]
    assert "HTML comment '<!--' is not MDX" in result.warnings[0].message
    assert "<p>Text &lt;!-- inline --&gt; and " in result.rendered.html


MERMAID_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g><foreignObject width="9" '
    'height="9"><div xmlns="http://www.w3.org/1999/xhtml"><span>Start</span></div>'
    "</foreignObject></g></svg>"
)


def test_a_skipped_svg_is_named_for_what_it_holds(tmp_path: Path) -> None:
    # An LLM framework's docs hold 16 Mermaid exports (labels in <foreignObject> HTML): docgen
    # skips them, as it skips any SVG that holds HTML, but said "an SVG with script or event
    # handlers", which they do not have.
    pages = {
        "index.mdx": "---\ntitle: Home\n---\n\nText.\n",
        "images/flow.svg": MERMAID_SVG,
        "images/evil.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
        "images/both.svg": MERMAID_SVG.replace("<g>", "<g onclick='x()'>"),
    }
    site = _site(tmp_path, {"name": "D", "navigation": {"pages": ["index"]}}, pages, "docs.json")
    said = run_docgen(["check", "docs.json"], site).stdout
    skipped = "static file not copied into the site"
    assert (
        "images/flow.svg: warning[asset-skipped]: static file not copied into the site: an SVG "
        "that holds HTML (a <foreignObject>, as Mermaid's exports have)"
    ) in said
    assert f"images/evil.svg: warning[asset-skipped]: {skipped}: an SVG with script" in said
    assert f"images/both.svg: warning[asset-skipped]: {skipped}: an SVG with script" in said


def test_an_icon_size_that_is_not_a_decimal_number_is_left_out() -> None:
    # "²".isdigit() is true and int("²") fails: check passed and build stopped.
    html = render_mdx('<Icon icon="star" size="²" /> and <Icon icon="star" size="24" />').rendered
    assert html.html.count("<svg") == 2 and html.html.count("font-size:24px") == 1
