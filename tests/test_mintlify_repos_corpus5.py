"""What a fifth batch of real Mintlify repos (an LLM observability platform, an agent SDK's
docs, a document ETL service, an integrations platform, a memory API, an LLM framework's
docs) hit, each pinned by a test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.mdx import render_mdx


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site


NAV = {"name": "Docs", "navigation": {"groups": [{"group": "G", "pages": ["index"]}]}}


def test_heading_component_is_a_heading_with_its_anchor_and_table_of_contents_entry() -> None:
    # Mintlify's React heading, <Heading level={2} id="x">, used where a Markdown heading
    # cannot go (one per tab of an SDK reference page); noAnchor leaves out the anchor link.
    page = (
        '<Tabs>\n  <Tab title="TypeScript">\n'
        '    <Heading level={2} id="ts-set-session">Laminar.setSession(`id`)</Heading>\n\n'
        "    Text.\n  </Tab>\n</Tabs>\n\n"
        "<Heading level={3} noAnchor>\nNo **anchor**\n</Heading>\n\n"
        "<Heading>Default level</Heading>\n"
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert result.warnings == []
    assert (
        '<h2 id="ts-set-session">Laminar.setSession(<span class="code-glue"><code>id</code>)'
        '</span><a class="anchor'
    ) in html
    assert '<h3 id="no-anchor">No <strong>anchor</strong></h3>' in html
    assert '<h2 id="default-level">Default level<a' in html
    assert result.rendered.headings == [
        (2, "Laminar.setSession(id)", "ts-set-session"),
        (3, "No anchor", "no-anchor"),
        (2, "Default level", "default-level"),
    ]


def test_javascript_array_and_object_literals_are_plain_values() -> None:
    # `<Tabs items={['TypeScript', 'Python']}>` (single quotes), an Update's
    # `tags={['New', 'SDK',]}` (a trailing comma), an object with bare keys: literals, as in
    # JavaScript; not "code docgen does not run". A call or a spread still is.
    page = (
        "export const langs = ['Python', 'Go',]\n"
        "export const meta = { label: 'v2', count: 3, nested: { ok: true } }\n\n"
        "<Tabs items={['TypeScript', 'Python']}>\n  <Tab title=\"TypeScript\">\n    one\n"
        "  </Tab>\n</Tabs>\n\n"
        '<Update label="2025-01" tags={[\'New\', "SDK",]}>\n  Notes.\n</Update>\n\n'
        "<div style={{ width: 300, fontWeight: 600 }}>Box</div>\n\n"
        '<Tabs items={[...all]}>\n  <Tab title="A">\n    a\n  </Tab>\n</Tabs>\n'
    )
    result = render_mdx(page)
    html = result.rendered.html
    messages = [w.message for w in result.warnings]
    assert [m for m in messages if "is not a plain value" in m] == [
        "<Tabs items={...}> is not a plain value; docgen does not run it"
    ]  # the spread only
    assert not any("export '" in m for m in messages)
    assert '<span class="badge">New</span><span class="badge">SDK</span>' in html
    assert 'style="width:min(300px, 100%) !important;font-weight:600 !important"' in html


def test_a_cut_or_endless_literal_is_code_not_a_crash() -> None:
    from docgen.render.jsliteral import read

    for text in ("{'", "['", "{", "[", "{a:", "[1,,2]", "['a' 'b']", '["\\', '["\\u{110000}"]'):
        assert read(text) is None, text
    assert read("[" * 5000 + "]" * 5000) is None
    assert read("[ /* first */ 'a', // second\n 'b' ]") == ["a", "b"]


def test_update_labels_and_a_templates_headings_join_the_table_of_contents() -> None:
    # A release-notes page: Mintlify lists each <Update>'s label in the table of contents,
    # in page order (two equal labels: -2); a page's own component (`ReleaseUpdate`, a JSX
    # function wrapping <Update> and an <h2>) contributes its entries as well (the label's;
    # headings inside an Update are not listed).
    page = (
        "export const ReleaseUpdate = ({ label, title, children }) => (\n"
        "  <Update label={label}>\n    <h2>{title}</h2>\n    {children}\n  </Update>\n);\n\n"
        "## Intro\n\n"
        '<Update label="2024-10-11" description="v0.1.0">\n  ## Example update\n\n'
        "  Text\n</Update>\n\n"
        '<Update label="2024-10-11">\n  Other\n</Update>\n\n'
        '<ReleaseUpdate label="08.17.2026" title="Trace filters">\n  Body\n</ReleaseUpdate>\n'
    )
    result = render_mdx(page)
    assert result.warnings == []
    assert result.rendered.headings == [
        (2, "Intro", "intro"),
        (2, "2024-10-11", "2024-10-11"),
        (2, "2024-10-11", "2024-10-11-2"),
        (2, "08.17.2026", "08-17-2026"),
    ]
    html = result.rendered.html
    # A heading inside an <Update> keeps its anchor and stays out of the contents, as in
    # Mintlify (@mintlify/common's remarkExtractTableOfContents).
    assert '<h2 id="example-update">' in html
    assert '<section class="mdx-update" id="2024-10-11-2">' in html
    assert '<section class="mdx-update" id="08-17-2026">' in html


def test_a_mint_json_top_bar_and_footer_socials_are_shown(tmp_path: Path) -> None:
    # mint.json's topbarLinks, topbarCtaButton and footerSocials (an object or a list) were
    # "accepted and ignored": the site had no top-bar links, button or social links.
    config = {
        "name": "Docs",
        "navigation": [{"group": "G", "pages": ["index"]}],
        "topbarLinks": [
            {"name": "Community", "url": "https://community.example"},
            {"type": "github", "url": "https://github.com/example/repo"},
            {"name": "No url"},
        ],
        "topbarCtaButton": {"name": "Start now", "url": "https://app.example"},
        "footerSocials": [{"type": "twitter", "url": "https://twitter.com/example"}],
    }
    site = tmp_path / "src"
    site.mkdir()
    (site / "index.md").write_text("# Home\n")
    (site / "mint.json").write_text(json.dumps(config))
    result = run_docgen(["build", "mint.json", "-o", str(tmp_path / "out")], site)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "topbar" not in out and "footerSocials" not in out  # no config-unused-key
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    bar = html.split('class="navbar-links"', 1)[1].split("</nav>", 1)[0]
    assert '<a href="https://community.example">Community</a>' in bar
    assert '<a href="https://github.com/example/repo">GitHub</a>' in bar
    assert 'class="button navbar-primary" href="https://app.example">Start now</a>' in bar
    assert 'href="https://twitter.com/example" rel="noopener noreferrer" title="Twitter">' in html

    config["footerSocials"] = {"github": "https://github.com/example"}
    config["topbarCtaButton"] = {"type": "github", "url": "https://github.com/example/repo"}
    (site / "mint.json").write_text(json.dumps(config))
    result = run_docgen(["build", "mint.json", "-o", str(tmp_path / "out2")], site)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (tmp_path / "out2" / "index.html").read_text(encoding="utf-8")
    assert 'navbar-primary" href="https://github.com/example/repo">GitHub</a>' in html
    assert 'href="https://github.com/example" rel="noopener noreferrer" title="GitHub">' in html


def test_global_anchors_show_their_icons(tmp_path: Path) -> None:
    # The links at the top of the sidebar (docs.json navigation.global.anchors, mint.json
    # anchors with an http(s) url) showed no icon: `icon` was "accepted and ignored".
    docs = {
        "name": "Docs",
        "navigation": {
            "global": {
                "anchors": [
                    {"anchor": "Community", "href": "https://c.example", "icon": "slack"},
                    {
                        "anchor": "GitHub",
                        "href": "https://github.com/x",
                        "icon": {"name": "github", "style": "brands"},
                    },
                ]
            },
            "groups": [{"group": "G", "pages": ["index"]}],
        },
    }
    mint = {
        "name": "Docs",
        "navigation": [{"group": "G", "pages": ["index"]}],
        "anchors": [{"name": "Community", "icon": "slack", "url": "https://c.example"}],
    }
    for name, config in (("docs.json", docs), ("mint.json", mint)):
        site = tmp_path / name
        site.mkdir()
        (site / "index.md").write_text("# Home\n")
        (site / name).write_text(json.dumps(config))
        result = run_docgen(["build", name, "-o", str(site / "out")], site)
        out = result.stdout + result.stderr
        assert result.returncode == 0, out
        assert "config-unused-key" not in out, out
        html = (site / "out" / "index.html").read_text(encoding="utf-8")
        anchors = html.split('class="sidenav sidenav-anchors"', 1)[1].split("</nav>", 1)[0]
        assert '<span class="icon-wrap" data-icon="slack"><svg' in anchors
        assert "</svg></span>Community" in anchors
        if name == "docs.json":
            assert 'data-icon="github"><svg' in anchors


def test_an_empty_svg_is_copied_and_a_broken_one_is_named_for_what_it_is(tmp_path: Path) -> None:
    # A repo's logo/dark-sm.svg was an empty file: "an SVG with script or event handlers".
    site = tmp_path / "src"
    (site / "logo").mkdir(parents=True)
    (site / "index.md").write_text("# Home\n")
    (site / "logo" / "empty.svg").write_text("")
    (site / "logo" / "cut.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0')
    (site / "logo" / "run.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'
    )
    (site / "docs.json").write_text(json.dumps(NAV))
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out")], site)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "empty.svg" not in out and (tmp_path / "out" / "logo" / "empty.svg").exists()
    assert "logo/cut.svg: warning[asset-skipped]" in out and "not well-formed XML" in out
    assert "logo/run.svg: warning[asset-skipped]" in out and "script or event handlers" in out
    assert not (tmp_path / "out" / "logo" / "cut.svg").exists()


def test_a_fences_options_are_not_its_title() -> None:
    # Mintlify's code block options (`{1,3-5}`, `lines`, `wrap`, `title="..."`, `icon=...`):
    # a CodeGroup's tabs were named "5", "app.js {1-2} lines", 'title="cfg.ts" icon="js"'.
    page = (
        "<CodeGroup>\n```python {5}\nprint(1)\n```\n\n```javascript app.js {1-2} lines\nx\n```\n\n"
        "```bash Install wrap\nnpm i\n```\n\n"
        '```ts title="cfg.ts" icon="js"\ny\n```\n</CodeGroup>\n\n'
        "```text Long output wrap highlight={1}\nword\n```\n"
    )
    html = render_mdx(page).rendered.html
    tabs = re.findall(r'role="tab"[^>]*>(.*?)</button>', html)
    assert [re.sub(r"<[^>]*>", "", t) for t in tabs] == ["python", "app.js", "Install", "cfg.ts"]
    assert tabs[3].startswith('<span class="code-icon">')  # its icon="js", before its title
    assert '<pre class="highlight" data-lang="text" data-title="Long output" data-wrap>' in html
    # Highlighted lines are marked, each whole (a multi-line string's spans close per line).
    marked = render_mdx('```python {2,4}\nx = """a\nb"""\ny = 1\nz = 2\n```\n').rendered.html
    assert marked.count('<span class="hl-line">') == 2
    assert '<span class="hl-line"><span class="s2">b"""</span></span>' in marked
    assert '<span class="hl-line"><span class="n">z</span>' in marked


def test_code_block_component_is_a_code_block(tmp_path: Path) -> None:
    # Mintlify's <CodeBlock>, in a snippet 30 pages of an observability platform import with a
    # projectName prop: its code (a template string) vanished, with "unknown component".
    from docgen.render.snippets import SnippetFiles

    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "register.mdx").write_text(
        "Connect with `register`:\n\n"
        '<CodeBlock language="python" filename="app.py" highlight="[2]">\n'
        '{`from phoenix.otel import register\nregister(project_name="${projectName}")`}\n'
        "</CodeBlock>\n"
    )
    page = (
        "import Register from '../snippets/register.mdx'\n\n"
        '<Register projectName="my-llm-app" />\n\n'
        '<CodeBlock language="bash">\nnpm install x\n</CodeBlock>\n\n'
        "<CodeBlock>{makeCode()}</CodeBlock>\n"
    )
    result = render_mdx(page, files=SnippetFiles(tmp_path), source="guides/page.mdx")
    html = result.rendered.html
    assert '<pre class="highlight" data-lang="python" data-title="app.py">' in html
    assert '<span class="s2">"my-llm-app"</span>' in html and '<span class="hl-line">' in html
    assert '<pre class="highlight" data-lang="bash"><code>npm install x</code></pre>' in html
    messages = [w.message for w in result.warnings]
    assert messages == ["<CodeBlock>'s code is JavaScript that docgen does not run; left out"]


def test_a_file_a_page_imports_is_a_snippet_not_a_page(tmp_path: Path) -> None:
    # docs/snippets/*.mdx, imported with relative paths, were built as hidden pages of their
    # own (without the props their importers give, with warnings of their own).
    site = _site(
        tmp_path,
        {"name": "Docs", "navigation": {"pages": ["docs/guide", "docs/shared/listed"]}},
        {
            "docs/guide.mdx": (
                "---\ntitle: Guide\n---\n\nimport Start from './snippets/start.mdx'\n"
                "import Listed from '/docs/shared/listed.mdx'\n\n"
                '<Start name="guide" />\n\n<Listed />\n'
            ),
            "docs/snippets/start.mdx": "Start {name} here.\n\n<Unknown />\n",
            "docs/shared/listed.mdx": "---\ntitle: Listed\n---\n\nShared text.\n",
            "docs/notes.mdx": "---\ntitle: Notes\n---\n\nAn unlisted page.\n",
        },
    )
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out")], site)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    # Its own <Unknown /> is reported once (where the page uses it), not again as a page's.
    assert out.count("unknown MDX component <Unknown>") == 1 and "Built 3 pages" in out
    assert not (tmp_path / "out" / "docs" / "snippets" / "start").exists()
    assert (tmp_path / "out" / "docs" / "notes" / "index.html").exists()  # hidden page
    assert (tmp_path / "out" / "docs" / "shared" / "listed" / "index.html").exists()
    html = (tmp_path / "out" / "docs" / "guide" / "index.html").read_text(encoding="utf-8")
    assert "Start guide here." in html and "Shared text." in html
