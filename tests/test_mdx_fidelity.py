"""Mintlify components as Mintlify renders them: ``<Link>`` is a checked link, a block
component or an MDX snippet written inside a paragraph is drawn as the block it is."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from docgen.cli import cli
from docgen.render.mdx import render_mdx
from docgen.render.snippets import SnippetFiles


def _html(text: str, root: Path | None = None) -> tuple[str, list[str]]:
    files = SnippetFiles(root) if root is not None else None
    result = render_mdx(text, 1, files=files, source="index.mdx" if root else None)
    return result.rendered.html, [f"{w.line}:{w.message}" for w in result.warnings]


def test_link_is_a_link_with_href_or_to() -> None:
    html, warnings = _html(
        'Read <Link href="/guide">the guide</Link>, <Link to="/faq#a">*FAQ*</Link> and '
        '<Link href="https://example.com">more</Link>.\n\n'
        '<Link href="/start">\n  <Card title="Start">Go</Card>\n</Link>\n'
    )
    assert warnings == []
    assert (
        '<p>Read <a href="/guide">the guide</a>, <a href="/faq#a"><em>FAQ</em></a> and '
        '<a href="https://example.com" rel="noopener noreferrer">more</a>.</p>' in html
    )
    assert '<a href="/start"><div class="card"><p class="card-title">Start</p>' in html
    # A Link the page defines is its own
    html, warnings = _html(
        'export const Link = ({ href, children }) => (<span className="x">{children}</span>)\n\n'
        'See <Link href="/a">this</Link>.\n'
    )
    assert warnings == [] and '<span class="x">this</span>' in html and "<a " not in html


def _site(tmp_path: Path, page: str) -> None:
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["index", "guide"]}})
    )
    (tmp_path / "guide.mdx").write_text("---\ntitle: Guide\n---\n\n## Setup\n\nHi.\n")
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\n\n" + page)


def test_link_targets_are_checked_and_re_pointed_like_markdown_links(tmp_path: Path) -> None:
    _site(
        tmp_path,
        'See <Link to="/guide#setup">setup</Link> and <Link href="/gone">gone</Link>.\n\n'
        'Never <Link to="javascript:alert(1)">this</Link>.\n',
    )
    runner = CliRunner()
    check = runner.invoke(cli, ["check", str(tmp_path / "docs.json"), "--format", "json"])
    found = [
        (d["line"], d["column"], d["code"], d["level"])
        for d in json.loads(check.output)["diagnostics"]
        if d["code"].startswith("link-")
    ]
    assert found == [(5, 58, "link-not-found", "warning"), (7, 17, "link-unsafe", "error")]
    (tmp_path / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n"
        'See <Link to="/guide#setup">setup</Link> and <Link href="/guide">again</Link>.\n'
    )
    build = runner.invoke(cli, ["build", str(tmp_path / "docs.json"), "-o", str(tmp_path / "o")])
    assert build.exit_code == 0, build.output
    page = (tmp_path / "o" / "index.html").read_text()
    assert '<a href="guide/#setup">setup</a> and <a href="guide/">again</a>' in page


def test_a_block_component_inside_a_paragraph_is_drawn_between_its_text() -> None:
    html, warnings = _html(
        "Text before <Note>a **short** note</Note> text after.\n\n"
        'See <Card title="Guide" href="/guide" /> here\nand on.\n\n'
        "Line one <Warning>\n  Careful.\n</Warning>\nafter\n\n"
        "| a | b |\n|---|---|\n| x <Tip>t</Tip> | y |\n"
    )
    assert warnings == []
    assert html.startswith(
        '<p>Text before</p>\n<div class="callout callout-note" role="note">'
        '<span class="mdx-p">a <strong>short</strong> note</span>\n</div>\n<p>text after.</p>\n'
        '<p>See</p>\n<a class="card" href="/guide"><p class="card-title">Guide</p></a>\n'
        "<p>here\nand on.</p>\n<p>Line one</p>\n"
        '<div class="callout callout-warning" role="note"><p>Careful.</p>\n</div>\n<p>after</p>\n'
    )
    assert '<td>x<div class="callout callout-tip" role="note">' in html
    assert "mdx-inline" not in html


def test_a_component_inside_a_sentence_is_checked_at_its_line() -> None:
    html, warnings = _html('One\ntwo <Card title="C" icon="no-such-icon-x">x</Card>\n')
    assert len(warnings) == 1 and warnings[0].startswith('2:<Card icon="no-such-icon-x">')
    assert html.startswith('<p>One\ntwo</p>\n<div class="card"><span class="card-icon">')


def test_a_snippet_used_inside_a_paragraph_is_inlined(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "hello.mdx").write_text("Hello **{name}**!\n")
    html, warnings = _html(
        "import Hello from '/snippets/hello.mdx'\n\nSay <Hello name=\"world\" /> inline.\n",
        tmp_path,
    )
    assert warnings == []
    assert html == "<p>Say</p>\n<p>Hello <strong>world</strong>!</p>\n<p>inline.</p>\n"


def test_views_are_one_view_at_a_time_with_a_selector() -> None:
    html, warnings = _html(
        '<View title="JavaScript" icon="js">\n  JS.\n</View>\n\n'
        '<View title="Python">\n  Py.\n</View>\n\nShared.\n\n'
        '<View title="JavaScript">\n  More JS.\n</View>\n'
    )
    assert warnings == []
    bar, rest = html.split("</div>\n", 1)
    assert bar.startswith('<div class="mdx-view-bar"><label class="mdx-view-select" for="')
    assert '<span class="visually-hidden">View</span></label><select id=' in bar
    assert '<option value="0" selected>JavaScript</option><option value="1">Python</option>' in bar
    assert rest == (
        '<div class="mdx-view" data-mdx-view="0"><p>JS.</p>\n</div>\n'
        '<div class="mdx-view" data-mdx-view="1" hidden><p>Py.</p>\n</div>\n<p>Shared.</p>\n'
        '<div class="mdx-view" data-mdx-view="0"><p>More JS.</p>\n</div>\n'
    )


# Turnkey's components (tkhq/docs snippets), as written there.
H3_BORDERED = """\
export const H3Bordered = ({ text }) => (
  <h3
    id={text.toLowerCase()}
    className="border-b pb-2.5"
  >
    {text}
  </h3>
);
"""
NESTED_PARAM = """\
export const NestedParam = ({ parentKey, childKey, type }) => {
  const fullKey = `${parentKey}.${childKey}`;
  const anchorId = `body-${fullKey.replace(/\\./g, '-')}`;

return (

<div className="param" id={anchorId}>
  <a href={`#${anchorId}`} aria-label="Navigate to header">#</a>
  <code>{parentKey}.{childKey}</code> <span>{type}</span>
</div>
); };
"""
NETWORK_LINKS = """\
export const NetworkLinks = () => {
  const NetworkCard = ({ title, icon, logo, href }) => (
    <a href={href} className="tk-card">
      {logo ? (
        <img src={`/images/networks/${logo}.svg`} alt="" />
      ) : (
        <span style={{ maskImage: `url(/images/icons/${icon}.svg)` }} />
      )}
      <div>{title}</div>
    </a>
  );

  return (
    <div className="tk-network-cards">
      <NetworkCard title="Ethereum (EVM)" logo="ethereum" href="/features/networks/ethereum" />
      <NetworkCard title="Other" icon="coins" href="/features/networks/others" />
    </div>
  );
};
"""


def test_string_methods_a_component_calls_on_its_props_are_computed() -> None:
    html, warnings = _html(
        H3_BORDERED + NESTED_PARAM + '\n<H3Bordered text="Create Wallet" />\n\n'
        '<NestedParam parentKey="params" childKey="curve" type="string" />\n'
    )
    assert warnings == []
    assert '<h3 id="create wallet" class="border-b pb-2.5">Create Wallet' in html
    assert '<div class="param" id="body-params-curve"><a href="#body-params-curve"' in html
    # a regular expression that could backtrack, or another method, stays code: left out
    html, warnings = _html(
        'export const T = ({ t }) => (<p id={t.replace(/(a+)+$/g, "")}>{t}</p>);\n\n<T t="x" />\n'
    )
    assert "<p>x</p>" in html and len(warnings) == 1 and "computes t.replace(" in warnings[0]


def test_a_component_declared_inside_a_component_and_maps_are_read() -> None:
    html, warnings = _html(NETWORK_LINKS + "\n<NetworkLinks />\n")
    assert warnings == []
    assert (
        '<a href="/features/networks/ethereum" class="tk-card">'
        '<img src="/images/networks/ethereum.svg" alt="">' in html
    )
    assert '<span style="mask-image:url(&#34;/images/icons/coins.svg&#34;) !important">' in html
    html, warnings = _html(
        "export const Links = ({ networks }) => (\n  <CardGroup cols={2}>\n"
        "    {networks.map((n, i) => (\n      <Card title={n.name} href={n.href}>#{i}</Card>\n"
        "    ))}\n  </CardGroup>\n)\n\n"
        'export const LINKS = [\n  { name: "Ethereum", href: "/eth" },\n'
        '  { name: "Solana", href: "https://solana.com" },\n];\n\n<Links networks={LINKS} />\n'
    )
    assert warnings == []
    assert html == (
        '<div class="card-group cols-2"><a class="card" href="/eth"><p class="card-title">'
        'Ethereum</p><span class="mdx-p">#0</span>\n</a>\n<a class="card" '
        'href="https://solana.com" rel="noopener noreferrer"><p class="card-title">Solana</p>'
        '<span class="mdx-p">#1</span>\n</a>\n</div>\n'
    )


def test_icon_and_badge_keep_their_class_name() -> None:
    # Mintlify's own docs: <Icon icon="/images/logos/aws-mark.svg" className="mr-2 my-2" />
    html, warnings = _html(
        'Clouds <Icon icon="/images/logos/aws-mark.svg" className="mr-2 my-2" /> and '
        '<Icon icon="flag" className="card" /> <Badge className="ml-1">New</Badge>\n'
    )
    assert warnings == []
    assert '<img class="mr-2 my-2 icon icon-img" src="/images/logos/aws-mark.svg"' in html
    assert '<span class="mdx-class-card icon-wrap" data-icon="flag">' in html  # docgen's own
    assert '<span class="ml-1 badge badge-gray">New</span>' in html
