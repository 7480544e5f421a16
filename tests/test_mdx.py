"""MDX pages: JSX parsed by markdown-it rules, Mintlify components, snippets, never executed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from docgen.render.mdx import MAX_DEPTH, render_mdx
from docgen.render.snippets import SnippetFiles


def html_of(
    text: str, root: Path | None = None, source: str | None = None
) -> tuple[str, list[str]]:
    files = SnippetFiles(root) if root is not None else None
    result = render_mdx(text, 1, files=files, source=source)
    return result.rendered.html, [
        f"{w.source or '-'}:{w.line}:{w.code}:{w.message}" for w in result.warnings
    ]


def test_opening_tag_over_several_lines_and_expression_attributes() -> None:
    html, warnings = html_of(
        '<CardGroup cols={3}>\n  <Card\n    title="Start"\n    href="/start">\n'
        '    Read **this**.\n  </Card>\n  <Card title="Two" />\n</CardGroup>\n'
    )
    assert warnings == []
    assert '<div class="card-group cols-3">' in html
    assert (
        '<a class="card" href="/start"><p class="card-title">Start</p>'
        "<p>Read <strong>this</strong>.</p>" in html
    )
    assert "&lt;" not in html and "title=" not in html.replace('class="card-title"', "")


def test_tabs_code_groups_and_accordions_are_accessible_static_html() -> None:
    html, warnings = html_of(
        '<Tabs>\n  <Tab title="JS">\n    one\n  </Tab>\n'
        '  <Tab title="Py">\n    two\n  </Tab>\n</Tabs>\n\n'
        "<CodeGroup>\n```bash curl\ncurl x\n```\n\n```python SDK\nprint(1)\n```\n</CodeGroup>\n\n"
        '<Accordion title="More" defaultOpen={true}>\nInside\n</Accordion>\n'
    )
    assert warnings == []
    assert html.count('role="tab"') == 4 and html.count('role="tabpanel"') == 4
    assert ">JS</button>" in html and ">SDK</button>" in html
    assert html.count(" hidden>") == 2  # the second panel of each group
    assert '<details class="accordion" open id="more"><summary>More</summary>' in html


def test_fields_have_anchors_and_nest_through_expandable() -> None:
    html, warnings = html_of(
        '<ParamField body="user" type="object" required>\n  The user.\n'
        '  <Expandable title="properties">\n'
        '    <ParamField body="name" type="string">\n      Name.\n'
        "    </ParamField>\n  </Expandable>\n</ParamField>\n\n"
        '<ResponseField name="id" type="string" default="x">\n  Id.\n</ResponseField>\n'
    )
    assert warnings == []
    assert 'id="user"' in html and 'id="user.name"' in html and 'id="response.id"' in html
    assert '<span class="tag tag-required">required</span>' in html


def test_inline_components_and_expressions() -> None:
    html, warnings = html_of(
        'export const plan = "Pro"\n\nText <Badge color="green">New</Badge> on {plan} '
        "{/* a comment */}"
        '<Tooltip tip="Application Programming Interface">API</Tooltip> {compute()}\n'
    )
    assert '<span class="badge badge-green">New</span>' in html
    assert "on Pro" in html and "comment" not in html
    assert 'data-tip="Application Programming Interface"' in html
    assert len(warnings) == 1 and "-:3:mdx-unsupported:expression {compute()}" in warnings[0]


def test_unknown_component_keeps_its_children_and_warns_with_its_line() -> None:
    html, warnings = html_of("Intro\n\n<Fancy size={2}>\n  Kept text\n</Fancy>\n")
    assert "<p>Kept text</p>" in html and "Fancy size" not in html
    assert warnings == [
        "-:3:mdx-unsupported:unknown MDX component <Fancy>: its content is shown without it"
    ]


def test_code_fences_keep_tags_as_code() -> None:
    html, warnings = html_of('```jsx\n<Card title="x">\n```\n\nUse `<Note>` inline.\n')
    assert warnings == []
    assert "card-title" not in html and "&lt;Note&gt;" in html


def test_nesting_is_bounded() -> None:
    deep = (
        "".join("<Note>\n" for _ in range(MAX_DEPTH + 5))
        + "x\n"
        + "".join("</Note>\n" for _ in range(MAX_DEPTH + 5))
    )
    html, warnings = html_of(deep)
    assert any(":mdx-too-deep:" in w for w in warnings)
    assert html.count('class="callout') == MAX_DEPTH


def test_snippets_props_exports_and_unevaluated_javascript(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "hello.mdx").write_text(
        "Hello **{word}**!\n\n<Note>from a snippet</Note>\n"
    )
    (tmp_path / "snippets" / "vars.mdx").write_text('export const version = "2.1"\n')
    (tmp_path / "snippets" / "consts.jsx").write_text(
        'export const region = "eu-west"\nexport const Widget = () => <div>hi</div>\n'
        "export const Timer = () => {\n  const [t] = useState(0);\n  return <b>{t}</b>;\n};\n"
    )
    (tmp_path / "snippets" / "loop.mdx").write_text(
        "import Loop from '/snippets/loop.mdx'\n\n<Loop />\n"
    )
    page = (
        "import Hello from '/snippets/hello.mdx'\nimport { version } from '/snippets/vars.mdx'\n"
        "import { region, Widget, Timer } from './snippets/consts.jsx'\n"
        "import Loop from '/snippets/loop.mdx'\n"
        "import Gone from '/snippets/missing.mdx'\n\n"
        '<Hello word="world" />\n\nVersion {version} in {region}.\n\n'
        "<Timer />\n\n<Loop />\n\n<Gone />\n\n<Widget />\n"
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert "Hello <strong>world</strong>!" in html and "from a snippet" in html
    assert "Version 2.1 in eu-west." in html
    assert "import" not in html
    joined = "\n".join(warnings)
    assert "-:11:mdx-unsupported:<Timer> comes from ./snippets/consts.jsx" in joined
    assert "<div>hi</div>" in html  # a component that only returns JSX is shown
    assert "imports itself" in joined and "snippets/loop.mdx" in joined
    # At its import (line 5), used or not, and once: Mintlify's build stops at the import.
    assert "-:5:mdx-unsupported:snippet /snippets/missing.mdx not found" in joined
    assert joined.count("missing.mdx not found") == 1


def test_relative_import_is_resolved_from_the_page_folder(tmp_path: Path) -> None:
    # docs/guide/page.mdx importing "../snippets/x.mdx" names docs/snippets/x.mdx, used at the
    # top level, inside a component, and as a named value; a snippet's own relative import is
    # resolved from the snippet's folder.
    (tmp_path / "docs" / "snippets").mkdir(parents=True)
    (tmp_path / "docs" / "guide").mkdir()
    (tmp_path / "docs" / "snippets" / "start.mdx").write_text(
        "import Inner from './inner.mdx'\n\nStart here.\n\n<Inner />\n"
    )
    (tmp_path / "docs" / "snippets" / "inner.mdx").write_text("Inner text.\n")
    (tmp_path / "docs" / "snippets" / "vars.mdx").write_text('export const port = "6006"\n')
    page = (
        "import Start from '../snippets/start.mdx'\n"
        "import { port } from '../snippets/vars.mdx'\n\n"
        '<Start />\n\n<Steps>\n  <Step title="One">\n    <Start />\n  </Step>\n</Steps>\n\n'
        "Port {port}.\n"
    )
    html, warnings = html_of(page, tmp_path, "docs/guide/page.mdx")
    assert warnings == []
    assert html.count("Start here.") == 2 and html.count("Inner text.") == 2
    assert "Port 6006." in html


def test_snippet_outside_the_docs_root_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.mdx").write_text("secret text\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    html, warnings = html_of("import S from '../secret.mdx'\n\n<S />\n", docs, "a.mdx")
    assert "secret text" not in html and any("not found in the docs folder" in w for w in warnings)


def test_html_is_allowlisted_and_urls_are_safe() -> None:
    html, warnings = html_of(
        '<img src="/images/a.png" alt="A" onerror="x()" />\n\n'
        '<a href="javascript:alert(1)">bad</a> '
        '<a href="https://ok.example">ok</a>\n\n<script>alert(1)</script>\n'
    )
    assert '<img src="/images/a.png" alt="A">' in html and "onerror" not in html
    assert (
        "javascript:" not in html and 'href="https://ok.example" rel="noopener noreferrer"' in html
    )
    assert "<script>" not in html and "alert(1)" not in html
    assert any("<script> is never run" in w for w in warnings)


def test_check_reports_what_build_reports(tmp_path: Path) -> None:
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["index"]}})
    )
    (tmp_path / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n<Mystery>\n  hi\n</Mystery>\n\n"
        '<Card\n  title="A">\n  b\n</Card>\n'
    )
    check = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(tmp_path / "docs.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "docgen",
            "build",
            str(tmp_path / "docs.json"),
            "-o",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "index.mdx:5:1" in check.stdout and "mdx-unsupported" in check.stdout
    assert "index.mdx:5:1" in build.stdout + build.stderr
    page = (tmp_path / "out" / "index.html").read_text()
    assert '<p class="card-title">A</p>' in page and "&lt;Card" not in page


def test_update_with_a_jsx_label_shows_its_text() -> None:
    html, warnings = html_of(
        '<Update label={<><Icon icon="rocket" /><span>Quickstart</span></>} tags={["New"]}>\n'
        "  Shipped.\n</Update>\n"
    )
    assert warnings == []
    assert 'id="quickstart"' in html and '<span class="badge">New</span>' in html


SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "T", "version": "1"},
    "paths": {"/u": {"get": {"responses": {"200": {"description": "ok"}}}}},
    "components": {
        "schemas": {
            "User": {
                "type": "object",
                "description": "A person.",
                "properties": {"email": {"type": "string", "description": "Where to write."}},
            }
        }
    },
}


def test_openapi_schema_pages_show_the_schema(tmp_path: Path) -> None:
    (tmp_path / "openapi.json").write_text(json.dumps(SPEC))
    config = {
        "name": "T",
        "navigation": {
            "groups": [{"group": "A", "openapi": "openapi.json", "pages": ["user", "gone"]}]
        },
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    (tmp_path / "user.mdx").write_text(
        "---\ntitle: User\nopenapi-schema: User\n---\n\nMore text.\n"
    )
    (tmp_path / "gone.mdx").write_text("---\ntitle: Gone\nopenapi-schema: Nobody\n---\n\nx\n")
    check = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(tmp_path / "docs.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "gone.mdx:1:1: warning[nav-unknown-schema]" in check.stdout
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "docgen",
            "build",
            str(tmp_path / "docs.json"),
            "-o",
            str(tmp_path / "o"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    page = (tmp_path / "o" / "user" / "index.html").read_text()
    assert "Where to write." in page and "A person." in page and "More text." in page
    assert page.index("Where to write.") < page.index("More text.")


def test_warnings_point_at_the_column_of_what_they_are_about(tmp_path: Path) -> None:
    """``file:line:column`` of MDX warnings, in the page and in a snippet it shows, the same
    from ``docgen check`` and ``docgen build`` (which finds them while rendering)."""
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["intro"]}]}})
    )
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "thing.mdx").write_text("Hello\n\n  <Zap>z</Zap>\n")
    (tmp_path / "intro.mdx").write_text(
        "---\ntitle: Intro\n---\n"
        'import Thing from "/snippets/thing.mdx";\n'
        'import Missing from "/snippets/nope.mdx";\n'
        "\n"
        "Some text with an <Foo>inline</Foo> tag and {props.unknown} here.\n"
        "\n"
        "<CardGroup>\n"
        '  <Card title="A" icon="definitely-not-an-icon">x</Card>\n'
        "  <Widget>y</Widget>\n"
        "</CardGroup>\n"
        "\n"
        "<Thing />\n"
        "    <Missing />\n"
        "\n"
        "   <Tabs>\n"
    )
    expected = [
        # At the import (used or not), where the path is written.
        "intro.mdx:5:22: warning[mdx-unsupported]: snippet /snippets/nope.mdx not found",
        "intro.mdx:7:19: warning[mdx-unsupported]: unknown MDX component <Foo>",
        "intro.mdx:7:45: warning[mdx-unsupported]: expression {props.unknown}",
        'intro.mdx:10:19: warning[icon-unknown]: <Card icon="definitely-not-an-icon">',
        "intro.mdx:11:3: warning[mdx-unsupported]: unknown MDX component <Widget>",
        "intro.mdx:17:4: warning[mdx-unsupported]: <Tabs> is never closed",
        "snippets/thing.mdx:3:3: warning[mdx-unsupported]: unknown MDX component <Zap>",
    ]
    for command in (["check"], ["build", "-o", str(tmp_path / "site")]):
        run = subprocess.run(
            [sys.executable, "-m", "docgen", *command, "docs.json"],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert run.returncode == 0, run.stderr
        shown = [line for line in (run.stdout + run.stderr).splitlines() if "warning[" in line]
        assert len(shown) == len(expected), shown
        for line, start in zip(sorted(shown), sorted(expected), strict=True):
            assert line.startswith(start), (line, start)


def test_a_closing_fence_may_end_in_blanks() -> None:
    """CommonMark allows blanks after a closing fence: the component still ends where it
    does, and what follows the fence stays inside it."""
    html, warnings = html_of(
        '<Accordion title="A">\n\n```\nprint(1)\n``` \t\n\nAfter.\n</Accordion>\n\nEnd.\n'
    )
    assert warnings == []
    assert html.endswith("<p>After.</p>\n</div></details>\n<p>End.</p>\n")


def test_mdx_has_no_indented_code() -> None:
    """As in MDX, indentation never makes code: an indented paragraph is a paragraph, and an
    indented fence is a fence, at the top level, in a list and inside components."""
    html, warnings = html_of("Intro\n\n    Indented prose.\n\n    ```bash\n    npm i\n    ```\n")
    assert warnings == []
    assert "<p>Indented prose.</p>" in html
    assert '<pre class="highlight" data-lang="bash"><code>npm i</code></pre>' in html
    html, _ = html_of("1. Step\n\n        ```js\n        x = 1\n        ```\n2. Two\n")
    assert 'data-lang="js"' in html and "```" not in html
    html, _ = html_of("<Note>\nColumn 0.\n\n    Four spaces in.\n</Note>\n")
    assert "<p>Four spaces in.</p>" in html and "<pre" not in html


def test_children_shift_left_by_the_indentation_outside_their_code() -> None:
    """Code written at column 0 inside an indented fence neither keeps the rest of the children
    indented (as code) nor is read as an import or export line."""
    html, warnings = html_of(
        '<Steps>\n  <Step title="Create">\n    Create `Card.tsx`:\n\n    ```tsx\n'
        'import { useAccount } from "wagmi";\n\nexport default function Card() {}\n'
        "    ```\n  </Step>\n</Steps>\n\nAfter.\n"
    )
    assert warnings == []
    assert '<p>Create <span class="code-glue"><code>Card.tsx</code>:</span></p>' in html
    code = html[html.index('data-lang="tsx"') : html.index("</pre>")]
    assert "wagmi" in code and "Card" in code
    assert html.endswith("<p>After.</p>\n")


def test_an_html_tag_that_ends_its_line_holds_markdown_blocks() -> None:
    """As in MDX: a link whose opening tag spans lines (its ``>`` alone on a line) or ends its
    line wraps the blocks under it; on a line with text it stays inside the paragraph. An HTML
    element whose text starts on its opening line holds the text, not a paragraph of it."""
    html, warnings = html_of(
        '<a\n  href="https://example.com"\n  style={{ padding: "4px" }}\n>\n  Get started\n</a>\n'
    )
    assert warnings == []
    assert html.startswith('<a href="https://example.com" style="padding:4px !important"')
    assert "<p>Get started</p>\n</a>" in html and "&lt;" not in html
    html, _ = html_of(
        '<a href="/indexer">\n  <div>\n    <h2>Indexer API</h2>\n    <p>Query data.</p>\n'
        "  </div>\n</a>\n"
    )
    assert html == (  # a heading inside a link has its id, and no anchor link (a link in a link)
        '<a href="/indexer"><div><h2 id="indexer-api">Indexer API</h2>\n<p>Query data.</p>\n'
        "</div>\n</a>\n"
    )
    html, _ = html_of('Before <a href="/x">one</a> after.\n\n<a href="/y">Two</a>\n')
    # a link alone in its paragraph is no paragraph in MDX (tests/test_mdx_unravel.py)
    assert html == '<p>Before <a href="/x">one</a> after.</p>\n<a href="/y">Two</a>'


def test_inline_svg_is_rebuilt_from_an_allowlist() -> None:
    """A drawing keeps its shapes (JSX spellings become SVG's); scripts, handlers, styles,
    foreign content and links out of the drawing are left out, wherever they sit."""
    html, warnings = html_of(
        "<div>\n"
        '  <svg width="24" viewBox="0 0 24 24" onload="x()"><circle cx="12" r="10" '
        'strokeWidth={2} fill="url(#g)" style="fill:red" /></svg>\n'
        "  Text after icon.\n</div>\n\n"
        '<svg className="logo">\n  <defs><linearGradient id="g"><stop offset="0" '
        'stopColor="#fff" /></linearGradient></defs>\n\n  <script>alert(1)</script>\n'
        '  <foreignObject><div>html</div></foreignObject>\n  <use xlinkHref="#g" />\n'
        '  <use href="https://evil.example/x.svg#a" />\n  <text x="1">Label &amp; more</text>\n'
        "</svg>\n"
    )
    assert warnings == []
    assert (
        '<div><svg width="24" viewBox="0 0 24 24" data-drawing aria-hidden="true" '
        'focusable="false">'
        '<circle cx="12" r="10" stroke-width="2" fill="url(#g)"/></svg>\n'
        "<p>Text after icon.</p>\n</div>"
    ) in html
    assert '<svg class="logo" data-drawing aria-hidden="true" focusable="false">' in html
    assert '<stop offset="0" stop-color="#fff"/>' in html and '<use href="#g"/>' in html
    assert '<text x="1">Label &amp;amp; more</text></svg>' in html
    for gone in ("onload", "style", "script", "alert", "foreignObject", "html", "evil"):
        assert gone not in html, gone
    html, _ = html_of('<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M0 0"/></svg>\n')
    assert html.count("aria-hidden") == 1  # an attribute is never written twice


def test_a_drawing_with_long_path_data_keeps_it() -> None:
    """Design tools write paths of tens of thousands of characters: the tag is still a tag (the
    drawing was empty before, silently); a quote that never closes is still no tag."""
    path = "M0 0 " + "L1 1 " * 6_000
    html, warnings = html_of(f'Before\n\n<svg viewBox="0 0 24 24"><path d="{path}"/></svg>\n')
    assert warnings == [] and f'<path d="{path}"/>' in html
    html, _ = html_of(f'<svg><path d="{path}/></svg>\n\nAfter.\n')
    assert "<p>After.</p>" in html and "<path" not in html and "L1 1" not in html


def test_script_and_style_are_left_out_with_their_content() -> None:
    html, warnings = html_of(
        'Text <style>p { color: red }</style>more.\n\n<script type="module" src="/x.js">'
        "</script>\n\n<label>Name</label> <custom-thing>kept</custom-thing>\n"
    )
    assert html == "<p>Text more.</p>\nName kept"  # elements alone: no paragraph, as in MDX
    assert sorted(w.split(":", 3)[3].split(";")[0] for w in warnings) == [
        "<script> is never run: pages run no script of their own",
        "<style> is never run or applied in pages",
        "HTML tag <custom-thing> is not allowed in pages",
        "HTML tag <label> is not allowed in pages",
    ]


def test_latex_becomes_mathml_with_remark_maths_delimiters() -> None:
    """``$...$``, ``$$...$$`` and ``<Latex>`` become MathML (no braces read as expressions),
    the delimiters read as remark-math reads them on Mintlify: "$5 and $10" is math (an info
    line says so and gives ``\\$``), ``\\$5`` is text, ``$$x$$`` inside a paragraph is inline;
    a formula that cannot be read is shown as its source, warned about at its own line, and
    ``\\href`` never makes a link."""
    html, warnings = html_of(
        "Inline $E = mc^2$ and $\\frac{a}{b}$.\n\n$$\n\\text{Point} = \\text{ID}\n$$\n\n"
        "Costs $5 and $10. <Latex>x^2</Latex> inline.\n\n<Latex>\\frac{1}{2}</Latex>\n\n"
        "First line.\nBad $\\frac{$ and $\\href{javascript:alert(1)}{x}$.\n\n"
        "Costs \\$5 and \\$10; $$x$$ and $ y $ inline.\n"
    )
    assert [w.split(":")[1:3] for w in warnings] == [
        ["7", "mdx-math-prose"],
        ["12", "mdx-unsupported"],
    ]
    assert "could not be read" in warnings[1] and "\\$" in warnings[0]
    assert html.count('<math display="inline">') == 7
    assert html.count('<div class="math-display"><math') == 2
    assert "<mfrac><mrow><mi>a</mi></mrow><mrow><mi>b</mi></mrow></mfrac>" in html
    assert "<mtext>Point</mtext>" in html and "{" not in html.replace("\\frac{", "")
    assert '<p>Costs <math display="inline"><mrow><mn>5</mn><mi>a</mi>' in html
    assert "<p>Costs $5 and $10; <math" in html
    assert '<code class="math-source">\\frac{</code>' in html
    assert "javascript" not in html and "href" not in html


def test_math_blocks_open_and_close_as_remark_math_reads_them() -> None:
    """A line of ``$$`` opens display math up to a line of as many ``$`` (blank lines inside
    kept), or to the end of its container; ``$$ x $$`` on one line is inline; a line ending
    in ``$$`` closes nothing; a formula of spaces is empty math."""
    html, warnings = html_of(
        "$$ x^2 $$\n\n$$\na\n\nb\n  $$  \n\n- item\n  $$\n  c^2\n\nOut $ $.\n\n$$$\nd $$\n"
    )
    assert warnings == []
    assert html.startswith('<p><math display="inline"><mrow><msup><mi>x</mi>')
    assert '<math display="block"><mrow><mi>a</mi><mi>b</mi></mrow></math>' in html
    assert '<li>item<div class="math-display"><math display="block"><mrow><msup><mi>c</mi>' in html
    assert '<p>Out <math display="inline"></math>.</p>' in html
    assert html.endswith(
        '<math display="block"><mrow><mi>d</mi><mi>$</mi><mi>$</mi></mrow></math></div>\n'
    )


def test_latex_cannot_carry_html() -> None:
    """The converter copies ``\\text{...}`` as it is: its output is parsed and written again
    from MathML's vocabulary, and a formula holding anything else is shown as escaped source."""
    html, warnings = html_of(
        "A $\\text{<script>alert(1)</script>}$ and $\\text{<img src=x onerror=alert(1)>}$.\n\n"
        '$\\color{red" onclick="x}{y}$ and $\\text{a \\& b}$\n'
    )
    assert (
        "<script" not in html
        and "<img" not in html
        and "onclick=" not in html.replace("&quot; onclick=&quot;", "")
    )
    assert html.count('<code class="math-source">') == 2 and len(warnings) == 2
    assert 'mathcolor="red&quot; onclick=&quot;x"' in html


def test_real_repo_layouts_render_as_mdx_does() -> None:
    """Shapes found in real Mintlify repos: "```cmd```" on a line of its own is inline code (the
    component still closes); a fence whose lines and closing fence sit left of its opening is
    one code block; ``<svg ... />`` is a drawing; ``{}`` and ``{" "}`` make no paragraph; an
    unknown HTML tag over several lines holds its content."""
    html, warnings = html_of(
        '<Accordion title="CLI">\nRun:\n\n```gcloud sql instances list```\n\nThen.\n</Accordion>\n'
        "\nAfter.\n"
    )
    assert warnings == [] and "<p><code>gcloud sql instances list</code></p>" in html
    assert html.endswith("<p>Then.</p>\n</div></details>\n<p>After.</p>\n")
    html, warnings = html_of(
        '<Steps>\n  <Step title="S">\n    Use it.\n    ```bash\n    curl -X POST \\\n'
        "  --url https://api.example.com/{agent}\n```\n  </Step>\n</Steps>\n"
    )
    assert warnings == [] and html.count("<pre") == 1
    assert "--url https://api.example.com/" in html and ">agent<" in html  # highlighted
    html, warnings = html_of('<div>\n  <svg className="h-6" viewBox="0 0 4 4" />\n</div>\n')
    assert warnings == [] and html.startswith('<div><svg class="h-6" viewBox="0 0 4 4"')
    html, warnings = html_of(
        '<CardGroup cols={2}>\n<Card title="a">A</Card>\n{" "}\n<Card title="b">B</Card>\n'
        "</CardGroup>\n\nAllow={} and {}.\n"
    )
    assert warnings == [] and "<p> </p>" not in html and "<p>Allow= and .</p>" in html
    html, warnings = html_of('<button\n  type="button"\n>\n  Search\n</button>\n')
    # A multi-line opening tag is one tag: an inert button (docgen's own type) holding its text.
    assert (
        '<button class="mdx-button" type="button">Search</button>' in html
        and "<blockquote" not in html
    )
    assert warnings == []


def test_file_tree_alias_and_markdown_list_trees() -> None:
    html, warnings = html_of(
        '<FileTree>\n  <FileTree.Folder name="app" defaultOpen>\n    <FileTree.File name="a.ts" />'
        "\n  </FileTree.Folder>\n</FileTree>\n\n"
        "<Tree>\n\n- docs/\n  - index.mdx\n- x.json\n\n</Tree>\n"
    )
    assert warnings == []
    assert '<ul class="mdx-tree" role="list"><li class="tree-folder"><details open>' in html
    assert '<li class="tree-file">a.ts' in html
    assert '<div class="mdx-tree mdx-tree-list"><ul>\n<li>docs/\n<ul>' in html


def test_card_call_to_action_callout_colour_badge_icon_prompt_markdown() -> None:
    html, warnings = html_of(
        '<Card title="Start" href="/start" arrow="true" cta="Read the guide">Body.</Card>\n\n'
        '<Callout icon="key" color="#FFC107">Custom.</Callout>\n\n'
        '<Callout color="url(evil)">Plain.</Callout>\n\n'
        'A <Badge icon="circle-check" color="green">Done</Badge> badge.\n\n'
        '<Prompt description="Write **clear** docs.">You are helpful.</Prompt>\n'
    )
    assert warnings == []
    assert '<p class="card-title">Start<span class="card-arrow" aria-hidden="true"> ' in html
    assert '<p class="card-cta">Read the guide<span class="card-arrow"' in html
    assert html.index("card-cta") < html.index("</a>")
    assert 'role="note" style="--callout:#FFC107">' in html and "evil" not in html
    assert '<span class="badge badge-green"><span class="badge-icon">' in html
    assert '<p class="prompt-desc">Write <strong>clear</strong> docs.</p>' in html


def test_a_script_is_an_info_line_not_a_warning(tmp_path: Path) -> None:
    """Pages run no script of their own (a reader misses nothing they see): ``--strict`` passes."""
    (tmp_path / "docs.json").write_text(json.dumps({"name": "T", "navigation": {"pages": ["a"]}}))
    (tmp_path / "a.mdx").write_text('Text.\n\n<script type="module" src="/x.js"></script>\n')
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "check", "--strict", "--format", "json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout
    found = json.loads(run.stdout)["diagnostics"]
    assert [(d["level"], d["line"], d["column"]) for d in found] == [("info", 3, 1)]


def test_void_and_unclosed_html_never_swallow_the_page() -> None:
    """``<br>``, ``<hr>``, ``<img src>`` need no closing tag, and an HTML tag that is never
    closed stays in its paragraph, as text (MDX fails on it: said): the rest of the page renders
    as itself."""
    html, warnings = html_of(
        'One.\n\n<br>\n\n<hr>\n\n<img src="/a.png">\n\n<span>\nOpen span\n\nNext.\n\n## Heading\n'
    )
    assert [w.split(":")[1] for w in warnings] == ["9"] and "<span> is not closed" in warnings[0]
    assert "<p>&lt;span&gt;\nOpen span</p>" in html
    assert "<hr><img" in html and "<p>Next.</p>" in html and '<h2 id="heading">' in html


def test_a_closing_tag_may_hold_blanks_after_its_slash() -> None:
    """MDX reads ``</ Note>`` (and ``</\\nNote >``) as ``</Note>``: the callout ends there
    instead of swallowing the rest of the page with the tag shown as text."""
    html, warnings = html_of("<Note>\nInside.\n</ Note>\n\nAfter.\n")
    assert warnings == []
    assert html == (
        '<div class="callout callout-note" role="note"><p>Inside.</p>\n</div>\n<p>After.</p>\n'
    )
    html, warnings = html_of("<Latex>x^2</ Latex> and on.\n")
    assert warnings == [] and "<math" in html and "and on." in html and "Latex" not in html


def test_an_element_may_open_after_a_closing_tag_on_its_line() -> None:
    """``</Step><Step title="B">``: each tag of a line of tags is a block in MDX, so the second
    step holds the lines below it (not an empty step, its text outside the list)."""
    html, warnings = html_of(
        '<Steps>\n<Step title="A">\nFirst\n</Step><Step title="B">\nSecond\n</Step>\n</Steps>\n'
        '\n<Tabs>\n  <Tab title="X">Ex</Tab> <Tab title="Y">\n  Why\n  </Tab>\n</Tabs>\n\nEnd.\n'
    )
    assert warnings == []
    assert html.count('<li class="step">') == 2
    assert '<p class="step-title">B</p><div class="step-body"><p>Second</p>\n</div></li>' in html
    assert "hidden><p>Why</p>\n</div>\n</div>\n<p>End.</p>\n" in html
    assert "&lt;" not in html and "mdx-inline" not in html
    html, warnings = html_of("<Note>a</Note>" * 40 + "\n\n<Note>x</Note><Tip>y text\n")
    assert html.count('class="callout callout-note"') == 41
    # unclosed, text after it: a paragraph, the tag shown as text and said (MDX fails on it)
    assert [w.split(":", 3)[3][:30] for w in warnings] == ["<Tip> is not closed in its par"]
    assert html.endswith(html_of("<Tip>y text\n")[0])


def test_a_fence_indented_under_a_paragraph_line_is_code() -> None:
    """MDX has no indented code, so a fence indented four columns right under a line of text
    (docstrings' "Example:") ends the paragraph and is a code block, its braces code too."""
    html, warnings = html_of(
        'Example usage:\n    ```python\n    print(f"{run.id}")\n    ```\nAfter.\n\n'
        "Wrapped text\n    goes on here.\n"
    )
    assert warnings == []
    assert html.startswith('<p>Example usage:</p>\n<pre class="highlight" data-lang="python">')
    assert "```" not in html and "<p>After.</p>" in html
    assert "<p>Wrapped text\ngoes on here.</p>" in html


def test_an_icon_given_as_an_element_is_shown() -> None:
    """``icon={<svg ...>}`` (pasted drawings run past a plain tag's length) is the drawing,
    rebuilt safe and sized as an icon; ``icon={<img src>}`` is the image as a path icon is (a
    URL keeps the neutral mark). Before, the card was shown as text with a warning per tag."""
    shape = " ".join(f"M{i} {i}L{i + 1} {i}" for i in range(200))
    path = f'<path fill="#f5a800" d="{shape}"/>'
    drawing = "\n".join(
        ["<svg viewBox='0 0 128 128' width=\"280\">", *[path] * 20, "<script>alert(1)</script>"]
    )
    html, warnings = html_of(
        '<CardGroup cols={2}>\n  <Card\n    title="Drawn"\n    icon={\n'
        + drawing
        + "\n</svg>\n    }\n  >Big.</Card>\n"
        '  <Card title="Local" icon={<img src="/images/x.svg" alt="x" />}>L</Card>\n'
        '  <Card title="Far" icon={ <img src="https://example.com/x.png" /> }>F</Card>\n'
        "</CardGroup>\n\nAfter.\n"
    )
    assert len(drawing) > 20_000
    assert warnings == []
    assert '<span class="card-icon"><span class="icon-wrap"><svg viewBox="0 0 128 128"' in html
    assert html.count("<path ") == 20 and "<script" not in html and "alert" not in html
    assert '<span class="card-icon"><img class="icon icon-img" src="/images/x.svg"' in html
    assert '<span class="card-icon"><span class="mdx-icon"' in html and "example.com" not in html
    assert "&lt;" not in html and html.endswith("<p>After.</p>\n")


def test_harmless_semantic_html_is_kept_without_a_warning() -> None:
    """``<aside>``, ``<dl>``, ``<q>``... (generated API references use them by the hundred)
    are kept as they are, attributes filtered as for any allowed tag."""
    html, warnings = html_of(
        '<aside class="src" onclick="x()"> <p>From <cite>Base</cite></p></aside>\n\n'
        "<dl>\n<dt>Term</dt>\n<dd>Means <q>this</q>, <ins>new</ins></dd>\n</dl>\n"
    )
    assert warnings == []
    assert html.startswith('<aside class="src"><p>From <cite>Base</cite></p>\n</aside>')
    assert "<dd>Means <q>this</q>, <ins>new</ins></dd>" in html and "onclick" not in html


def test_style_objects_keep_type_colour_and_layout_properties_with_plain_values() -> None:
    html = render_mdx(
        "<div style={{ fontWeight: 600, fontSize: '42px', zIndex: 2, width: 300, "
        "color: '#0f766e', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', "
        "position: 'absolute', background: 'url(https://example.com/x.png)', "
        "backgroundColor: 'rgba(1, 2, 3, 0.5)', display: 1, width2: 'x', "
        "boxShadow: 'inset 0 0 0 1px var(--x)', height: 'calc(1px + expression(1))' }}>Hi</div>\n"
    ).rendered.html
    style = html.split('style="', 1)[1].split('"', 1)[0]
    assert style.split(";") == [
        "font-weight:600 !important",  # unitless, as React writes it
        "font-size:42px !important",
        "z-index:2 !important",
        "width:min(300px, 100%) !important",  # never wider than the column
        "color:#0f766e !important",
        "grid-template-columns:repeat(3, minmax(0, 1fr)) !important",
        "position:absolute !important",
        "background-color:rgba(1, 2, 3, 0.5) !important",
    ]  # no url() but an image's, no function but a value's, no number for display


def test_style_images_keep_one_http_or_site_url_and_nothing_else() -> None:
    """Mintlify's icon pattern: a square of colour masked by an SVG from its CDN."""
    html = render_mdx(
        "<svg style={{ maskImage: 'url(\"https://cdn.example/github.svg\")', "
        "maskRepeat: 'no-repeat', WebkitMaskImage: \"url('/icons/x.svg')\" }} />\n"
        "<div style={{ WebkitMaskImage: \"url('/icons/x.svg')\" }} />\n"
        "<div style={{ maskImage: 'url(\"data:image/svg+xml,x\")', "
        "backgroundImage: 'url(javascript:x)', WebkitMaskImage: 'url(a) , url(\"b\")' }} />\n"
        "<div style={{ backgroundImage: 'url(\"https://a.example/x.png\") , url(b)' }} />\n"
        "<div style={{ backgroundImage: 'linear-gradient(90deg, #fff, rgb(0 0 0 / 0.5))' }} />\n"
        "<a style={{ background: '#EB6658' }} />\n"  # CrewAI's call to action: its colour
        "<div style={{ background: 'linear-gradient(180deg, rgba(235,102,88,0.12) 0%, "
        "#fff 100%)' }} />\n<div style={{ background: 'url(/x.png) red' }} />\n"
    ).rendered.html
    styles = [part.split('"', 1)[0] for part in html.split('style="')[1:]]
    assert styles == [
        "mask-image:url(&#34;https://cdn.example/github.svg&#34;) !important;"
        "mask-repeat:no-repeat !important",  # a drawing's image: http(s) only
        "-webkit-mask-image:url(&#34;/icons/x.svg&#34;) !important",
        "background-image:linear-gradient(90deg, #fff, rgb(0 0 0 / 0.5)) !important",
        "background:#EB6658 !important",
        "background:linear-gradient(180deg, rgba(235,102,88,0.12) 0%, #fff 100%) !important",
    ]  # the background shorthand: a colour or a gradient, never an image URL


def test_text_on_lines_of_its_own_inside_a_p_or_heading_is_held_without_a_paragraph() -> None:
    """A browser closes an open <p> at the next <p>: <p class="x"><p>text</p></p> would show
    the text without the class and style the author gave it."""
    html = render_mdx(
        '<p className="intro" style={{ fontSize: "24px" }}>\n  Some **text**.\n</p>\n\n'
        "<h3>\n  A title\n</h3>\n\n<span>\n  one\n\n  two\n</span>\n\n<div>\n  para\n</div>\n"
    ).rendered.html
    assert (
        '<p class="intro" style="font-size:24px !important">Some <strong>text</strong>.</p>' in html
    )
    assert '<h3 id="a-title">A title<a class="anchor heading-anchor"' in html
    assert '<span><span class="mdx-p">one</span>\n<span class="mdx-p">two</span>\n</span>' in html
    assert "<div><p>para</p>" in html  # a div holds paragraphs


def test_heading_anchors_keep_letters_of_every_script_as_mintlify_links_expect() -> None:
    """Japanese, Chinese and accented headings had anchors of ASCII only ("section",
    "and-more"): every in-page link of a Japanese page written for Mintlify missed."""
    html = render_mdx(
        "## CORS 設定\n\n## 例：コンテンツレビューワークフロー\n\n## Menús\n\n"
        "## Create `pre-app.sh`\n\n## Langtrace Cloud ☁️\n\n## getUser / setUser\n\n"
        "## 🚀\n\n[a](#cors-設定)\n"
    ).rendered.html
    ids = re.findall(r'<h2 id="([^"]*)"', html)
    assert ids == [
        "cors-設定",
        "例：コンテンツレビューワークフロー",
        "menús",
        "create-pre-app-sh",
        "langtrace-cloud",
        "getuser-/-setuser",
        "section",
    ]
    assert 'href="#cors-%E8%A8%AD%E5%AE%9A"' in html  # the browser decodes it to the id


def test_snippet_file_inlines_a_file_of_the_snippets_folders(tmp_path: Path) -> None:
    """Mintlify's first snippet syntax, no import: ``<Snippet file="x.mdx" />`` names a file
    of ``_snippets/`` (as Mintlify documented it) or ``snippets/``, read by the same loader as
    imports: inside those folders only, cycles and misses reported at the tag."""
    (tmp_path / "_snippets").mkdir()
    (tmp_path / "_snippets" / "my-snippet.mdx").write_text(
        "## My Snippet\n\n<Info>Reused **here**.</Info>\n"
    )
    (tmp_path / "snippets" / "steps").mkdir(parents=True)
    (tmp_path / "snippets" / "steps" / "venv.mdx").write_text(
        '<Step title="Create a venv">\n  `python -m venv .venv`\n</Step>\n'
    )
    (tmp_path / "snippets" / "loop.mdx").write_text('<Snippet file="loop.mdx" />\n')
    (tmp_path / "index.mdx").write_text("the page itself\n")
    (tmp_path.parent / "secret.mdx").write_text("secret text\n")
    page = (
        '<Snippet file="my-snippet.mdx" />\n\n'
        '<Steps>\n  <Snippet file="steps/venv.mdx" />\n</Steps>\n\n'
        '<Snippet file="loop.mdx" />\n\n'
        '<Snippet file="gone.mdx" />\n\n'
        '<Snippet file="../index.mdx" />\n\n'
        '<Snippet file="../../secret.mdx" />\n'
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert "<h2" in html and "My Snippet" in html and "Reused <strong>here</strong>." in html
    assert '<ol class="steps"><li class="step"><p class="step-title">Create a venv</p>' in html
    assert "<code>python -m venv .venv</code>" in html
    assert "the page itself" not in html and "secret text" not in html
    assert "mdx-unknown" not in html
    joined = "\n".join(warnings)
    assert "imports itself" in joined and "snippets/loop.mdx" in joined
    for line, name in ((9, "gone.mdx"), (11, "../index.mdx"), (13, "../../secret.mdx")):
        expected = f"-:{line}:mdx-unsupported:snippet {name} not found in _snippets/ or snippets/"
        assert expected in joined, joined


def test_check_reports_a_missing_snippet_file_as_build_does(tmp_path: Path) -> None:
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["index"]}})
    )
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "help.mdx").write_text("Ask in [the forum](/index).\n")
    (tmp_path / "index.mdx").write_text(
        '---\ntitle: Home\n---\n\n<Snippet file="help.mdx" />\n\n  <Snippet file="nope.mdx" />\n'
    )
    command = [sys.executable, "-m", "docgen"]
    check = subprocess.run(
        [*command, "check", str(tmp_path / "docs.json")], capture_output=True, text=True
    )
    out = str(tmp_path / "out")
    build = subprocess.run(
        [*command, "build", str(tmp_path / "docs.json"), "-o", out], capture_output=True, text=True
    )
    expected = "index.mdx:7:3: warning[mdx-unsupported]: snippet nope.mdx not found"
    assert expected in check.stdout, check.stdout
    assert expected in build.stdout + build.stderr
    page = (tmp_path / "out" / "index.html").read_text()
    assert "Ask in <a" in page and "the forum</a>" in page


@pytest.mark.parametrize("command", ["check", "build"])
def test_snippet_names_the_os_refuses_are_warned_not_a_crash(tmp_path: Path, command: str) -> None:
    """A name too long for the file system or holding a NUL byte (in ``<Snippet file>`` or an
    import; the utilities' scan reads both) is a snippet not found, never an internal error."""
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["index", "other"]}})
    )
    (tmp_path / "snippets").mkdir()
    long = "x" * 5000
    (tmp_path / "index.mdx").write_text(
        f'---\ntitle: Home\n---\n\n<div className="p-4">x</div>\n\n<Snippet file="{long}" />\n'
        '\n<Snippet file="a\x00b.mdx" />\n'
    )
    (tmp_path / "other.mdx").write_text(
        f'---\ntitle: Other\n---\n\nimport X from "/{long}"\nimport Y from "./a\x00b"\n\n<X />\n'
    )
    out = ["-o", str(tmp_path / "out")] if command == "build" else []
    run = subprocess.run(
        [sys.executable, "-m", "docgen", command, str(tmp_path / "docs.json"), *out],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "internal error" not in run.stderr
    assert "index.mdx:7:1: warning[mdx-unsupported]: snippet xxx" in run.stdout + run.stderr


def test_an_inlined_snippets_headings_join_the_pages_table_of_contents(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "part.mdx").write_text("## From snippet\n\nText.\n\n### Deeper\n")
    body = 'import Part from "/snippets/part.mdx";\n\n## Own\n\n<Part />\n\n## After\n'
    result = render_mdx(body, files=SnippetFiles(tmp_path), source="page.mdx")
    assert [anchor for _, _, anchor in result.rendered.headings] == [
        "own",
        "from-snippet",
        "deeper",
        "after",
    ]


def test_a_pages_html_never_borrows_the_themes_component_classes() -> None:
    """Mintlify pages copy Mintlify's own markup (className="card block not-prose ..."): docgen's
    card padding, border and background on top of the author's utilities squeezed it. The class
    is renamed, not dropped: the repo's own CSS still reaches it (test_page_classes_browser.py)."""
    html = render_mdx(
        '<a className="card block not-prose px-6 py-5" href="/x">Go</a>\n\n'
        '<span className="badge deprecated my-tag">x</span>\n\n<div className="card">y</div>\n'
    ).rendered.html
    assert '<a class="mdx-class-card block not-prose px-6 py-5" href="/x">' in html
    assert '<span class="mdx-class-badge mdx-class-deprecated my-tag">x</span>' in html
    assert '<div class="mdx-class-card">' in html and 'class="card' not in html


def test_a_table_written_in_html_scrolls_in_a_wrapper_as_markdown_tables_do() -> None:
    """Mintlify pages write tables as HTML too: on a phone they scroll sideways in the same
    wrapper as a Markdown table's (see test_layout_browser.py), rather than squeezing cells."""
    html, warnings = html_of(
        '<table className="w-full">\n  <tr><td>a</td><td>b</td></tr>\n</table>\n\nAfter\n'
    )
    assert warnings == []
    assert html.startswith('<div class="table-wrap"><table class="w-full">')
    assert "</table></div>\n<p>After</p>" in html


def test_a_heading_never_takes_the_id_of_one_of_docgens_own_elements() -> None:
    # "## Search dialog" made a second id="search-dialog" before the real dialog: search broke.
    from docgen.render.markdown import PAGE_IDS, renderer

    rendered = renderer().render("## Search dialog\n\n## Sidebar\n\n## Content {#content}\n")
    anchors = [anchor for _, _, anchor in rendered.headings]
    assert anchors == ["search-dialog-2", "sidebar-2", "content-2"]
    assert not PAGE_IDS & set(anchors)


def test_a_pages_html_never_takes_the_id_of_one_of_docgens_own_elements() -> None:
    """``<div id="search-dialog">`` in a page came before the real dialog (search broke on the
    page), and ``<span id="dataLayer">`` is window.dataLayer for the site's scripts (Google's
    tags failed to load): the ids of docgen's elements and globals are given ``-2``, or left
    out of a drawing (whose ids its own parts refer to)."""
    from docgen.render.markdown import PAGE_IDS

    html, warnings = html_of(
        '<div id="search-dialog">a</div>\n\n<span id="dataLayer">b</span> <b id="gtag">c</b>\n\n'
        '<svg viewBox="0 0 2 2"><path id="posthog" d="M0 0"/></svg>\n\n<div id="intro">d</div>\n'
    )
    assert warnings == []
    ids = re.findall(r'id="([^"]*)"', html)
    assert ids == ["search-dialog-2", "dataLayer-2", "gtag-2", "intro"], ids
    assert not PAGE_IDS & set(ids)


def test_a_heading_of_many_spaces_is_read_in_linear_time() -> None:
    """security.md item 20: the trailing ``{#id}`` was looked for from each space of the
    heading (30,000 spaces: 9 s, 150,000 about 4 minutes). The run is bounded at 60 s."""
    code = (
        "from docgen.render.markdown import renderer\n"
        "page = '## a' + ' ' * 150_000 + 'b\\n\\n## Setup \\u00a0 {#install}\\n\\n## {#lone}\\n'\n"
        "print([anchor for _, _, anchor in renderer().render(page).headings])\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["['a-b',", "'install',", "'lone']"]


def test_a_drawing_keeps_a_raster_image_and_leaves_out_any_other() -> None:
    """An icon's bitmap (``<image href="data:image/png;base64,...">`` inside the ``<svg>`` of a
    card's icon) is kept; an SVG or HTML document, a script URL is not. A file of the site is
    kept in a page's drawing (re-pointed by the page, test_static.py), not in an icon's."""
    png = "data:image/png;base64,iVBORw0KGgo+/="
    html, warnings = html_of(
        f'<Card title="LangChain" icon={{<svg viewBox="0 0 9 9"><image href="{png}" x="1" '
        'width="5" /></svg>}>Text</Card>\n\n<svg viewBox="0 0 9 9">'
        '<image href="data:image/svg+xml;base64,PHN2Zz4=" /><image xlinkHref="javascript:x()" />'
        f'<image href="{png}" xlinkHref="data:text/html,x" /><image href="/images/x.png" />'
        '<image href="https://example.com/a.png" onLoad="x()" /></svg>\n'
    )
    assert warnings == []
    assert html.count(f'<image href="{png}" x="1" width="5"/>') == 1
    assert html.count("<image") == 3 and '<image href="https://example.com/a.png"/>' in html
    assert '<image href="/images/x.png"/>' in html
    icon, _ = html_of('<Card title="A" icon={<svg><image href="/images/x.png" /></svg>}>B</Card>\n')
    assert "<image" not in icon and "x.png" not in icon
    assert "svg+xml" not in html and "javascript" not in html and "text/html" not in html


def test_children_on_the_opening_line_are_phrasing_in_every_component() -> None:
    """MDX reads ``<Note>Short</Note>`` as a component holding text (phrasing), not a paragraph;
    the same children on lines of their own are a paragraph. Every component behaves alike."""
    written = {
        "Note": "callout-note",
        "Tip": "callout-tip",
        "Warning": "callout-warning",
        "Info": "callout-info",
        "Check": "callout-check",
        "Danger": "callout-danger",
        'Card title="T"': '"card-title">T</p>',
        'Accordion title="A"': "accordion-body",
        'Expandable title="E"': "expandable-body",
        "Frame": "frame",
        'Update label="v1"': "update-body",
        'ParamField path="id"': "field-desc",
    }
    for opening, mark in written.items():
        name = opening.split()[0]
        one_line, warnings = html_of(f"<{opening}>Short **text**</{name}>\n")
        assert warnings == [] and mark in one_line, opening
        assert "<p>" not in one_line and ">Short <strong>text</strong></" in one_line, one_line
        lines, warnings = html_of(f"<{opening}>\nShort **text**\n</{name}>\n")
        assert warnings == [] and "<p>Short <strong>text</strong></p>" in lines, lines
    steps, _ = html_of('<Steps>\n<Step title="S">Do it.</Step>\n</Steps>\n')
    assert '<div class="step-body"><span class="mdx-p">Do it.</span>' in steps
    tabs, _ = html_of('<Tabs><Tab title="A">One</Tab><Tab title="B">Two</Tab></Tabs>\n')
    assert 'aria-labelledby="mdx-tabs-1-1-t"><span class="mdx-p">One</span>' in tabs
    assert "<p>" not in tabs
    # After a component's title, the text is a block of its own (as in Mintlify's <div>)
    titled, _ = html_of('<Tip title="T">Text.</Tip>\n')
    assert '<p class="callout-title">T</p><span class="mdx-p">Text.</span>' in titled
    cell, _ = html_of("<td>Cell</td>\n")  # an HTML element holds the text itself
    assert cell == "<td>Cell</td>\n"
    several, _ = html_of("<Note>One.\n\nTwo.</Note>\n")  # not MDX, but kept as paragraphs
    assert "<p>One.</p>\n<p>Two.</p>" in several


def test_a_typed_card_takes_its_callouts_colours_and_icon() -> None:
    """Mintlify's ``<Card type="warning">``: the card in that callout's colours, with its icon
    unless the card names one; an unknown type is a plain card."""
    html, warnings = html_of(
        '<Card title="A" type="warning">Mind it.</Card>\n\n'
        '<Card title="B" type="tip" icon="rocket" href="/b">Go.</Card>\n\n'
        '<Card title="C" type="bogus">Plain.</Card>\n'
    )
    assert warnings == []
    assert '<div class="card card-type-warning"><span class="card-icon">' in html
    assert 'data-icon="triangle-exclamation"' in html
    assert '<a class="card card-type-tip" href="/b"><span class="card-icon">' in html
    assert 'data-icon="rocket"' in html and html.count('class="card-icon"') == 2
    assert '<div class="card"><p class="card-title">C</p>' in html


def test_a_badge_takes_its_size_shape_stroke_and_state() -> None:
    """Mintlify's ``<Badge size="sm" shape="rounded" stroke disabled>``: each is a class the
    stylesheet draws (they were ignored); an unknown size or shape is the default look."""
    html, warnings = html_of(
        'A <Badge color="blue" size="sm" shape="rounded" stroke disabled>New</Badge> and '
        '<Badge size="huge" shape="blob">Old</Badge>.\n'
    )
    assert warnings == []
    assert (
        '<span class="badge badge-blue badge-sm badge-rounded badge-stroke badge-disabled">New'
    ) in html
    assert '<span class="badge badge-gray">Old</span>' in html


def test_a_tile_shows_its_preview_above_its_title_and_description() -> None:
    """Mintlify's ``<Tile>``: the children are the preview (on top), the title is "displayed
    below the tile preview" and the description below the title; docgen put the description
    first and the preview last."""
    html, warnings = html_of(
        '<Tile href="/x" title="Accordion" description="Two variants">\n'
        '  <img src="/a.svg" alt="Preview" />\n</Tile>\n'
    )
    assert warnings == []
    assert html.startswith(
        '<a class="card card-tile" href="/x"><div class="tile-preview"><img src="/a.svg" '
        'alt="Preview"></div><p class="card-title">Accordion</p>'
        '<p class="card-desc">Two variants</p></a>'
    ), html


def test_tabs_show_their_default_tab_and_a_step_its_own_number() -> None:
    """Mintlify's ``<Tabs defaultTabIndex={1}>`` shows its second tab first (an index past the
    last: the first); ``<Step stepNumber={5}>`` shows 5 (drawn by the stylesheet)."""
    html, warnings = html_of(
        '<Tabs defaultTabIndex={1}>\n<Tab title="A">\nOne\n</Tab>\n<Tab title="B">\nTwo\n</Tab>\n'
        '</Tabs>\n\n<Tabs defaultTabIndex={9}>\n<Tab title="C">\nThree\n</Tab>\n</Tabs>\n\n'
        '<Steps>\n<Step title="S" stepNumber={5}>\nDo.\n</Step>\n</Steps>\n'
    )
    assert warnings == []
    assert 'aria-controls="mdx-tabs-1-1" aria-selected="false" tabindex=-1>A<' in html
    assert 'aria-controls="mdx-tabs-1-2" aria-selected="true">B<' in html
    assert 'id="mdx-tabs-1-1" aria-labelledby="mdx-tabs-1-1-t" hidden><p>One' in html
    assert 'id="mdx-tabs-1-2" aria-labelledby="mdx-tabs-1-2-t"><p>Two' in html
    assert 'id="mdx-tabs-2-1" aria-labelledby="mdx-tabs-2-1-t"><p>Three' in html
    assert '<li class="step" data-step="5">' in html


@pytest.mark.parametrize(
    ("formula", "prose"),
    [
        ("0.10, not on the invoice). STT (", True),  # pipecat: a price taken for math
        ("HOME and ", True),  # "echo $HOME and $PATH"
        ("2 \\times 10^{3} \\text{ kg}", False),  # \text's words are the formula's
        ("E = mc^2", False),
        ("1" * 300 + " and more", False),  # only the first 200 characters are looked at
    ],
)
def test_the_math_prose_note_tells_text_from_formulas(formula: str, prose: bool) -> None:
    from docgen.render.math import reads_as_prose

    assert reads_as_prose(formula) is prose
