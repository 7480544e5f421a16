"""Inline Markdown in components' titles (``<Step title="Run `npm install`">``): shown as
Markdown, safely; a link in a title is checked and re-pointed like the page's own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from docgen.render.mdx import render_mdx

PAGE = """\
<Steps>
  <Step title="Run `npm install --save-dev` and **go** to [setup](/setup)">
    body
  </Step>
</Steps>

<Accordion title="**Note**: see [here](/setup)">a</Accordion>

<Expandable title="`props`">a</Expandable>

<Card title="Use `x`" href="/setup">c</Card>

<Card title="Read [this](/setup)">c</Card>

<Warning title="_Careful_ <b>now</b>">w</Warning>

<Tabs>
  <Tab title="`npm` [x](/setup)">a</Tab>
  <Tab title="yarn">b</Tab>
</Tabs>

<Step title="[bad](javascript:alert(1)) ![img](/a.png) <https://example.com>">x</Step>
"""


def test_component_titles_show_inline_markdown() -> None:
    result = render_mdx(PAGE, 1, base="../")
    html = result.rendered.html
    assert result.warnings == []
    assert (
        '<p class="step-title">Run <code>npm install --save-dev</code> and <strong>go</strong>'
        ' to <a href="../setup/">setup</a></p>'
    ) in html
    # Inside something a reader clicks, a link shows as its text (no link in a link/button).
    assert "<summary><strong>Note</strong>: see here</summary>" in html
    assert "<summary>Show <code>props</code></summary>" in html
    assert '<p class="card-title">Use <code>x</code></p>' in html
    assert '<p class="card-title">Read <a href="../setup/">this</a></p>' in html
    assert 'aria-selected="true"><code>npm</code> x</button>' in html
    assert "tabindex=-1>yarn</button>" in html
    # Raw HTML, images and autolinks stay text; unsafe links are no links.
    assert '<p class="callout-title"><em>Careful</em> &lt;b&gt;now&lt;/b&gt;</p>' in html
    assert "javascript:" not in html.replace("[bad](javascript:alert(1))", "")
    assert "<img" not in html and 'href="https://example.com"' not in html


def test_a_plain_title_is_unchanged() -> None:
    html = render_mdx('<Step title="A & B < C">x</Step>\n', 1).rendered.html
    assert '<p class="step-title">A &amp; B &lt; C</p>' in html


def test_escapes_and_entities_in_a_title_are_their_characters() -> None:
    """An escape or entity is one character of text (markdown-it makes it a token of its own,
    which no renderer rule wrote: it came out as '< />')."""
    title = r"2 \* 3 &amp; 4 &copy; &lt;script&gt; [y](JaVa&#115;cript:1) *x*"
    html = render_mdx(f'<Step title="{title}">x</Step>\n', 1).rendered.html
    # (A script link shows its text, without the link: render/unsafeurls.py.)
    assert '<p class="step-title">2 * 3 &amp; 4 \u00a9 &lt;script&gt; y <em>x</em></p>' in html
    assert "< />" not in html


def _docgen(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, cwd=cwd
    )


def test_a_link_in_a_title_is_checked_like_the_pages_own(tmp_path: Path) -> None:
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["index", "guides/setup"]}})
    )
    (tmp_path / "guides").mkdir()
    (tmp_path / "guides" / "setup.mdx").write_text("---\ntitle: Setup\n---\n\nHi.\n")
    (tmp_path / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n<Steps>\n"
        '  <Step title="Read [setup](/guides/setup) then [gone](/guides/gone)">x</Step>\n'
        "</Steps>\n"
    )
    check = _docgen("check", "--format", "json", cwd=tmp_path)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
        if d["code"].startswith("link-")
    ]
    assert found == [("index.mdx", 6, 56, "link-not-found")], check.stdout
    build = _docgen("build", "docs.json", "-o", str(tmp_path / "out"), cwd=tmp_path)
    assert build.returncode == 0 and build.stderr.count("link-not-found") == 1, build.stderr
    assert "index.mdx:6:56" in build.stderr
    page = (tmp_path / "out" / "index.html").read_text()
    assert '<p class="step-title">Read <a href="guides/setup/">setup</a> then' in page
