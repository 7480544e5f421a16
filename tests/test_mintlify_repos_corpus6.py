"""What a sixth batch of real Mintlify repos (an LLM-ops platform, a prompt language's docs, a
link-management API, a notification platform, a status-page service, a browser-agent library
and a browser-automation SDK) hit, each pinned by a test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.eyebrows import said_once
from docgen.render.markdown import renderer
from docgen.render.mdx import render_mdx


def test_a_bare_address_in_prose_is_a_link_as_remark_gfm_makes_it() -> None:
    # "Here's a sample repository: https://github.com/..." (a quickstart): Mintlify reads
    # pages with remark-gfm, whose autolink literals link a bare http(s) address, a www.
    # address and an e-mail address; the sentence's own punctuation stays outside the link.
    page = (
        "Here's a sample repository: https://github.com/acme/examples/tree/main/starter.\n\n"
        "<Note>Write to support@example.com, or see www.example.com/docs_(v2)).</Note>\n\n"
        "Install `https://not.a.link` and pkg@1.2.3; [https://shown.example](https://target.example)\n"
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert result.warnings == []
    assert (
        '<a href="https://github.com/acme/examples/tree/main/starter" rel="noopener noreferrer">'
        "https://github.com/acme/examples/tree/main/starter</a>.</p>"
    ) in html
    assert '<a href="mailto:support@example.com">support@example.com</a>,' in html
    assert (
        '<a href="http://www.example.com/docs_(v2)" rel="noopener noreferrer">'
        "www.example.com/docs_(v2)</a>).</span>"
    ) in html
    assert "<code>https://not.a.link</code>" in html
    assert "pkg@1.2.3;" in html  # a version, not an address
    assert html.count("<a ") == 4  # the written link is not linked again inside itself


def test_a_bare_address_needs_a_boundary_and_a_dotted_domain() -> None:
    inline = renderer().inline
    assert inline("foohttps://a.example") == "foohttps://a.example"
    assert inline("http://localhost:3000") == "http://localhost:3000"
    assert inline("(https://a.example/x)") == (
        '(<a href="https://a.example/x" rel="noopener noreferrer">https://a.example/x</a>)'
    )
    assert inline("see https://a.example/q?x=1&amp;") == (
        'see <a href="https://a.example/q?x=1" rel="noopener noreferrer">'
        "https://a.example/q?x=1</a>&amp;"
    )


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site


def test_a_description_shows_its_inline_markdown_under_the_title(tmp_path: Path) -> None:
    # "description: ... between the `@novu/notification-center` package and ...": thousands of
    # pages of the corpora write code spans (and a few links) in their description; the
    # backticks were shown as typed. Raw HTML stays text; the <meta> keeps the typed text.
    description = "Move from `@acme/old` to **new**, see [setup](/guides/setup) <b>now</b>"
    site = _site(
        tmp_path,
        {"name": "D", "navigation": {"pages": ["guides/move", "guides/setup"]}},
        {
            "guides/move.mdx": f"---\ntitle: Move\ndescription: '{description}'\n---\n\nText.\n",
            "guides/setup.mdx": "---\ntitle: Setup\n---\n\nText.\n",
        },
    )
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (out / "guides" / "move" / "index.html").read_text(encoding="utf-8")
    assert (
        '<p class="lead">Move from <code>@acme/old</code> to <strong>new</strong>, see '
        '<a href="../../guides/setup/">setup</a> &lt;b&gt;now&lt;/b&gt;</p>'
    ) in html
    meta = re.search(r'<meta name="description" content="([^"]*)">', html)
    assert meta is not None and "`@acme/old`" in meta.group(1)


def test_a_param_fields_location_key_names_it_without_a_badge() -> None:
    # <ParamField path="browser" type="StagehandBrowser" required> documents an SDK option:
    # 8,000 fields of the corpora write path= (Mintlify's own example does) and 3,800 body=.
    # Mintlify shows the name, type and required, not the key; docgen showed a "path" badge.
    result = render_mdx(
        '<ParamField path="browser" type="StagehandBrowser" required>\n  A handle.\n'
        '</ParamField>\n\n<ParamField body="type" type="string">\n  Kind.\n</ParamField>\n'
    )
    html = result.rendered.html
    assert result.warnings == []
    assert '<code class="field-name">browser</code>' in html
    assert '<code class="field-name">type</code>' in html
    assert '<span class="tag tag-required">required</span>' in html
    assert ">path<" not in html and ">body<" not in html


MISSING = """\
export const MissingProvider = ({ channelName }) => (
  <span>
    Are we missing a provider you'd like to use for{" "}
    {channelName ? channelName : "this"} channel? Ask on{" "}
    <a href="https://example.com/issues">GitHub</a>
  </span>
);

;
"""


def test_a_snippet_component_with_an_apostrophe_in_its_text_and_a_prop_branch(
    tmp_path: Path,
) -> None:
    # A notification platform's snippet: "you'd" in the component's JSX text read as a JS
    # string that never closed, so the export ran on past its ");" into the file's stray ";"
    # and was "no export docgen can read" (the component and its text left out of five
    # pages); and `{channelName ? channelName : "this"}` chooses the prop itself.
    page = (
        "---\ntitle: Chat\n---\n"
        'import { MissingProvider } from "/snippets/missing-provider.mdx";\n\n'
        '<MissingProvider channelName="Chat" />\n\n<MissingProvider />\n'
    )
    site = _site(
        tmp_path,
        {"name": "N", "navigation": {"pages": ["chat"]}},
        {"chat.mdx": page, "snippets/missing-provider.mdx": MISSING},
    )
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out)], site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in result.stdout + result.stderr
    html = (out / "chat" / "index.html").read_text(encoding="utf-8")
    assert "you'd like to use for \nChat channel? Ask on" in html
    assert "you'd like to use for \nthis channel? Ask on" in html


def test_a_linked_card_with_links_inside_holds_no_link_inside_a_link() -> None:
    # <Card href="/a"> around "[gateway](https://...)": an <a> inside an <a>, which the
    # browser splits (the card fell apart in three pieces); 216 cards of the corpora do this.
    # Such a card is a <div> whose own link is a cover over it; a card without links inside
    # stays one <a>.
    result = render_mdx(
        '<Card title="Gateway" href="/a">\nRoute through the [gateway](https://gw.example) '
        'or https://b.example.\n</Card>\n\n<Card title="Plain" href="/a">\nNo link.\n</Card>\n\n'
        '<Card title="Outer" href="/o">\n  <Card title="Inner">\n    text\n  </Card>\n</Card>\n'
    )
    html = result.rendered.html
    assert result.warnings == []
    start = html.index('<div class="card card-covered"><p class="card-title">Gateway</p>')
    end = html.index("</div>", html.index('class="card-cover"')) + len("</div>")
    covered = html[start:end]
    assert covered.count("<a ") == 3  # the two links inside and the cover, none around them
    assert covered.endswith('<a class="card-cover" href="/a" aria-label="Gateway"></a></div>')
    assert '<a class="card" href="/a"><p class="card-title">Plain</p><p>No link.</p>' in html
    assert '<a class="card" href="/o"><p class="card-title">Outer</p>' in html  # no link inside


def test_a_tab_and_its_group_named_alike_are_one_breadcrumb(tmp_path: Path) -> None:
    # A link API's docs: tab "API Reference" whose group is "API Reference" showed
    # "API Reference / API Reference" above every page of it (30 pages of the batch); the
    # search results' section line (the same trail) said it twice too.
    config = {
        "name": "D",
        "navigation": {
            "tabs": [
                {"tab": "Guides", "groups": [{"group": "Start", "pages": ["index"]}]},
                {
                    "tab": "API Reference",
                    "groups": [{"group": "API reference", "pages": ["api/intro"]}],
                },
            ]
        },
    }
    pages = {
        "index.mdx": "---\ntitle: Home\n---\n\nHi.\n",
        "api/intro.mdx": "---\ntitle: Intro\n---\n\nText.\n",
    }
    site = _site(tmp_path / "crumbs", {**config, "styling": {"eyebrows": "breadcrumbs"}}, pages)
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (out / "api" / "intro" / "index.html").read_text(encoding="utf-8")
    assert "<ol><li>API Reference</li></ol>" in html
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "<ol><li>Guides</li><li>Start</li></ol>" in home
    # Mintlify's default eyebrow (styling.eyebrows "section") is the page's group alone.
    site = _site(tmp_path / "section", config, pages)
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "<ol><li>Start</li></ol>" in (out / "index.html").read_text(encoding="utf-8")
    html = (out / "api" / "intro" / "index.html").read_text(encoding="utf-8")
    assert "<ol><li>API reference</li></ol>" in html
    # A page a tab lists directly has no group: nothing above its title.
    flat = {"name": "D", "navigation": {"tabs": [{"tab": "Guides", "pages": ["index"]}]}}
    site = _site(tmp_path / "flat", flat, pages)
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'class="breadcrumbs"' not in (out / "index.html").read_text(encoding="utf-8")
    assert said_once(("API Reference", "API reference", "Keys")) == ("API Reference", "Keys")


SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /links:
    post:
      summary: Create link
      description: Creates a link.
      responses: {"200": {description: ok}}
"""


def test_an_operation_page_file_shows_its_frontmatter_title_and_description(
    tmp_path: Path,
) -> None:
    # `openapi: post /links` with `title:` and `description:` (1,700 and 650 such pages in the
    # corpora): the <title> and sidebar said the frontmatter title, the heading the spec's
    # summary, and the description was not shown; Mintlify shows both under the page's title.
    page = (
        "---\nopenapi: POST /links\ntitle: Create a new link\n"
        "description: 'Make a short link with `POST /links`'\n---\n\nMore.\n"
    )
    site = _site(
        tmp_path,
        {"name": "A", "openapi": "openapi.yaml", "navigation": {"pages": ["create"]}},
        {"openapi.yaml": SPEC, "create.mdx": page},
    )
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (out / "create" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Create a new link</h1>" in html
    assert '<p class="lead">Make a short link with <code>POST /links</code></p>' in html
    assert "<p>Creates a link.</p>" in html  # the spec's description stays in the body


def test_a_description_under_the_title_never_links_a_script() -> None:
    # security.md 1-2: the description's Markdown is rendered with raw HTML off and safe links.
    html = renderer().inline("[x](javascript:alert(1)) <script>alert(1)</script>", "../")
    assert "<a" not in html and "<script" not in html


def test_a_bare_address_inside_the_pages_own_link_stays_its_text() -> None:
    """A page's ``<a>`` often shows its own address: linking it again put a link inside the
    link, which the browser split (the written link left empty, its attributes lost)."""
    page = (
        'Inline <a href="https://example.com/x" className="ext">https://example.com/x</a> end.'
        '\n\n<a href="mailto:help@example.com">\nhelp@example.com\n</a>\n\nhttps://after.example\n'
    )
    html = render_mdx(page).rendered.html
    assert html.count("<a ") == 3  # the two written links and the bare address after them
    assert '">https://example.com/x</a> end.' in html and "<p>help@example.com</p>" in html
    assert '<a href="https://after.example" rel="noopener noreferrer">' in html


def test_a_bare_address_leaves_a_semicolon_and_a_rejected_address_out() -> None:
    inline = renderer().inline
    # cmark-gfm drops a final ";" (an entity reference "&amp;" with it).
    assert inline("Visit https://example.com; then go.") == (
        'Visit <a href="https://example.com" rel="noopener noreferrer">https://example.com</a>;'
        " then go."
    )
    # An address ending in "_" is no link, and the search goes on past it.
    assert inline("Ask me@example.com_ then bob@example.com") == (
        'Ask me@example.com_ then <a href="mailto:bob@example.com">bob@example.com</a>'
    )


def test_a_component_ternary_shows_a_number_prop_as_text() -> None:
    page = (
        'export const Hint = ({label}) => (<span>{label ? label : "none"}</span>)\n\n'
        '<Hint label={5} /> and <Hint label="six" /> and <Hint />\n'
    )
    result = render_mdx(page)
    assert result.warnings == []
    assert "<span>5</span> and <span>six</span> and <span>none</span>" in result.rendered.html
