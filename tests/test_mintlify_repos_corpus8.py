"""What an eighth batch of real Mintlify repos (a search engine, a streaming database, a
sync engine, a data-pipeline tool, a graph database and AI platform, a browser-automation
agent, a browser-infrastructure API and an LLM gateway) hit, each pinned by a test."""

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


SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Search", "version": "1"},
    "tags": [{"name": "Index settings", "x-displayName": "Settings of an index"}],
    "paths": {
        "/settings/filterable-attributes": {
            "get": {
                "tags": ["Index settings"],
                "summary": "Get filterableAttributes",
                "responses": {"200": {"description": "ok"}},
            },
            "put": {
                "tags": ["Index settings"],
                "summary": "Update the index's settings (v1.2)",
                "responses": {"200": {"description": "ok"}},
            },
        }
    },
}


def test_an_endpoint_url_follows_mintlifys_rule_for_summaries_and_tags(tmp_path: Path) -> None:
    # A search engine's docs link to /reference/api/settings/update-filterableattributes (and
    # redirect the older /reference/api/settings/update-filterable-attributes there): Mintlify
    # lower-cases a summary without breaking its camelCase words, drops {}(),.'/ and takes
    # the tag's name, not its x-displayName. docgen split the camelCase word: 160 links were
    # reported broken, and each old-name redirect took the place of the page it pointed at (14
    # endpoint pages were never built).
    config = {
        "name": "Search",
        "navigation": {
            "groups": [
                {"group": "Guides", "pages": ["guide"]},
                {"group": "API", "openapi": "openapi.json", "pages": []},
            ]
        },
    }
    page = (
        "---\ntitle: Guide\n---\n\n[get](/api-reference/index-settings/get-filterableattributes)"
        " and [put](/api-reference/index-settings/update-the-indexs-settings-v12)\n"
    )
    target = _site(tmp_path, config, {"openapi.json": json.dumps(SPEC), "guide.mdx": page})
    result = run_check(target)
    assert result.site is not None, list(result.diagnostics)
    urls = {page.url for page in result.site.pages}
    assert "/api-reference/index-settings/get-filterableattributes" in urls
    assert "/api-reference/index-settings/update-the-indexs-settings-v12" in urls
    assert not [d for d in result.diagnostics if d.code.value == "link-not-found"]


def test_a_numbered_endpoint_url_never_takes_another_endpoints_own(tmp_path: Path) -> None:
    # "List items." reads as list-items like "List items", so it is numbered list-items-2:
    # the URL of the literal "List items 2" (a nav-duplicate-url error). It goes to -3.
    ok = {"200": {"description": "OK"}}
    summaries = ["List items", "List items.", "List items 2", "Item's", "Items"]
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "P", "version": "1"},
        "paths": {
            f"/p{n}": {"get": {"summary": s, "responses": ok}} for n, s in enumerate(summaries)
        },
    }
    config = {"name": "P", "navigation": {"groups": [{"group": "API", "openapi": "openapi.json"}]}}
    result = run_check(_site(tmp_path, config, {"openapi.json": json.dumps(spec)}))
    assert result.site is not None and not result.failed, list(result.diagnostics)
    urls = sorted(page.url for page in result.site.pages if page.operation is not None)
    assert urls == sorted(
        f"/api-reference/{slug}"
        for slug in ("list-items", "list-items-3", "list-items-2", "items", "items-2")
    )


def test_a_redirect_listed_with_and_without_its_trailing_slash_to_one_place_is_fine(
    tmp_path: Path,
) -> None:
    # An LLM gateway lists each old URL twice, '/recipes' and '/recipes/', to one destination:
    # docgen called each second entry a conflict (27 errors; --lenient dropped them). They
    # agree, so there is nothing to report; two destinations for one source still are.
    config = {
        "name": "Gateway",
        "navigation": {"pages": ["index", "guide"]},
        "redirects": [
            {"source": "/recipes", "destination": "/guide"},
            {"source": "/recipes/", "destination": "/guide"},
            {"source": "/Old", "destination": "/guide", "permanent": False},
            {"source": "/old", "destination": "/guide", "permanent": False},
            {"source": "/moved", "destination": "/guide"},
            {"source": "/moved/", "destination": "/"},
        ],
    }
    target = _site(tmp_path, config, {"index.mdx": "# Home\n", "guide.mdx": "# Guide\n"})
    result = run_check(target)
    found = [(d.code.value, d.message) for d in result.diagnostics]
    assert found == [
        ("redirect-conflict", "redirects[5].source '/moved/' repeats the source of redirects[4]")
    ]


def test_an_attribute_naming_a_constant_the_page_imports_gets_its_value(tmp_path: Path) -> None:
    # A data-pipeline tool's pages import `urls` (`export const urls = {oss: "..."}`) from a
    # snippet and write <Card href={urls.oss}>, <a href={`${urls.pro}?source=intro`}>; a
    # workflow engine's pages pass href={events.tf} to a component of their own. docgen knew
    # only bare names in text: each card lost its link, with a warning (31 in two repos).
    snippet = 'export const urls = { oss: "https://oss.example/", pro: "https://pro.example" };\n'
    component = (
        "export const TF = ({ name, href }) => (\n"
        "  <p>Manage {name} with <a href={href}>Terraform</a>.</p>\n);\n"
    )
    page = (
        "---\ntitle: Home\n---\n\n"
        "import { urls } from '/snippets/urls.mdx';\n"
        "import { TF } from '/snippets/tf.mdx';\n\n"
        '<Card title="Self-hosted" href={urls.oss}>Run it</Card>\n\n'
        '<a href={`${urls.pro}?source=intro`} target="_blank">Pro</a>\n\n'
        '<TF name="events" href={urls.oss} />\n\n'
        "Read {urls.oss} or <a href={urls.pro}>this</a>.\n"
    )
    files = {"index.mdx": page, "snippets/urls.mdx": snippet, "snippets/tf.mdx": component}
    target = _site(tmp_path, {"name": "Pipes", "navigation": {"pages": ["index"]}}, files)
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out)], target.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in result.stdout + result.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'class="card" href="https://oss.example/"' in html
    assert 'href="https://pro.example?source=intro"' in html
    assert 'with <a href="https://oss.example/"' in html
    assert 'Read https://oss.example/ or <a href="https://pro.example"' in html


def test_a_string_over_several_lines_given_to_a_component_is_its_text() -> None:
    # A browser-automation agent gives its prompt component a template string over many
    # lines: <ApiKeyPrompt>{`Set up Skyvern:\n\n1. Install...\n   # or: pipx...`}</ApiKeyPrompt>.
    # Its blank lines cut the expression apart and each piece was read as Markdown: '{`Set up'
    # shown raw, '# or: pipx' a heading in the table of contents; where it held an escaped
    # \`...\${x}\` it was "code to run" and left out. Its text is shown, line by line.
    page = (
        "<KeyPrompt>{`Set up:\n\n1. Install it\n   # or: pipx install it\n\n"
        "Then log \\`Status: \\${result.status}\\` <b>now</b>.`}</KeyPrompt>\n"
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert "<h1" not in html and "{`" not in html and "`}" not in html
    assert ">Set up:<br />\n<br />\n1. Install it<br />\n   # or: pipx install it<br />" in html
    assert "Then log `Status: ${result.status}` &lt;b&gt;now&lt;/b&gt;.</span>" in html
    assert [w.message for w in result.warnings] == [
        "unknown MDX component <KeyPrompt>: its content is shown without it"
    ]


def test_text_on_an_elements_own_line_is_text_not_a_markdown_block() -> None:
    # A browser-automation agent's landing page draws a terminal of <p className="sk-mono">>
    # Ready</p> lines; an AI platform's tables hold <td>- placed in metadata</td>; a model
    # runner titles its steps <p className="step">1. Install</p>. MDX reads children written
    # on the element's own line as text; docgen read them as Markdown blocks: a quote, a list,
    # a numbered list (inside a <p>, which HTML cannot hold), the '>' and '-' lost.
    page = (
        '<div className="terminal">\n  <p className="mono">> Ready</p>\n</div>\n\n'
        "<table>\n<tr>\n<td>- placed in *metadata*</td>\n</tr>\n</table>\n\n"
        '<p className="step">1. Install</p>\n\n<h3># Setup</h3>\n\n<Note>> quoted</Note>\n'
    )
    html = render_mdx(page).rendered.html
    for block in ("<blockquote", "<ul", "<ol", "<h1"):
        assert block not in html
    assert '">&gt; Ready</p>' in html
    assert "<td>- placed in <em>metadata</em></td>" in html
    assert '">1. Install</p>' in html
    assert "# Setup" in html and "&gt; quoted" in html


def test_an_endpoint_path_without_a_server_is_fine_where_no_playground_is_shown(
    tmp_path: Path,
) -> None:
    # A data-pipeline tool's docs.json sets api.playground.display 'none' and its 22 endpoint
    # pages `api: "POST /api/pipelines"`: docgen warned on each that, with no server, the page
    # has no playground, which is what the site asked for. A page of a site that shows a
    # playground is still told, unless it sets `playground: none` itself.
    pages = {
        "create.mdx": '---\ntitle: Create\napi: "POST /api/pipelines"\n---\n\nText\n',
        "quiet.mdx": '---\ntitle: Quiet\napi: "GET /api/x"\nplayground: none\n---\n\nText\n',
    }
    config: dict[str, object] = {
        "name": "Pipes",
        "navigation": {"pages": ["create", "quiet"]},
        "api": {"playground": {"display": "none"}},
    }
    result = run_check(_site(tmp_path / "none", config, pages))
    assert [d.message for d in result.diagnostics] == []
    del config["api"]
    result = run_check(_site(tmp_path / "shown", config, pages))
    found = [(d.code.value, d.message) for d in result.diagnostics]
    assert len(found) == 1 and found[0][0] == "page-frontmatter"
    assert "'/api/pipelines' is a path and docs.json sets no 'api.mdx.server'" in found[0][1]


def test_the_tt_element_is_kept_as_html_keeps_it() -> None:
    # A graph database's Raft page writes "each zero or alpha <tt>group</tt>": docgen warned
    # that <tt> is not allowed and showed the word in the body font.
    result = render_mdx("Each zero or alpha <tt>group</tt> uses raft.\n")
    assert "<p>Each zero or alpha <tt>group</tt> uses raft.</p>" in result.rendered.html
    assert result.warnings == []


def test_a_template_strings_escapes_are_read_as_javascript_reads_them() -> None:
    # \u0041, \u{1F600} and \x41 in a template string came out as 'u0041', and the template
    # reader's own escape table replaced the string reader's, so "\b", "\0" and "\v" in a
    # quoted string (an array a page exports) were read as the letters b, 0 and v.
    from docgen.render.jsliteral import read, template

    assert template(r"\u0041 \u{1F600} \x41 a\nb \` \${x}", {}) == "A \U0001f600 A a\nb ` ${x}"
    assert template(r"\u{110000}", {}) is None  # no such character: not a literal
    assert read(r'["a\bb", "c\0d", "e\vf"]') == ["a\bb", "c\0d", "e\vf"]
