"""Typographic quotes, dashes and ellipses as Mintlify prints them (remark-smartypants, which
its MDX compiler runs): pipecat's live page shows "That\u2019s the pipecat-floe services" for
"That's" in its source. Code, attributes and heading anchors keep what was written."""

from __future__ import annotations

from docgen.render.mdx import render_mdx
from docgen.render.smartypants import quotes

# (written, as remark-smartypants 3 / retext-smartypants 6 print it): checked against it, and
# docgen's port agrees with it on 18,010 real paragraphs of five Mintlify repos.
CASES = [
    ('don\'t say "x"', "don’t say “x”"),
    ("'90s and rock'n'roll", "’90s and rock’n’roll"),
    ("He said \"hi.\" Then 'yes'.", "He said “hi.” Then ‘yes’."),
    ('("q") x"y" \'tis', "(“q”) x”y” ‘tis"),
    ("\"'nested'\" quotes", "“‘nested’” quotes"),
    ("it's the users' keys", "it’s the users’ keys"),
    ('He said "yes."--then left. "No!"--ok', "He said “yes.”--then left. “No!”--ok"),
]


def test_quotes_are_curled_as_retext_smartypants_curls_them() -> None:
    for written, printed in CASES:
        assert quotes(" " + written)[1:] == printed, written


def test_pages_show_curly_quotes_dashes_and_ellipses_but_code_and_anchors_keep_theirs() -> None:
    result = render_mdx(
        '## What\'s "new"\n\n'
        "Don't \"quote\" me -- ok... `it's` and [a \"link\"](/x) ``old'' a---b\n\n"
        '```bash\necho "it\'s" -- ...\n```\n\n'
        '<Card title="It\'s a card">He\'s "here"</Card>\n\n'
        "| a | b |\n|---|---|\n| 'x' | \"y\" |\n",
        1,
    )
    html = result.rendered.html
    assert result.warnings == []
    assert '<h2 id="what’s-new">What’s “new”' in html  # the anchor as before
    assert result.rendered.headings[0][1] == "What’s “new”"
    assert "<p>Don’t “quote” me — ok… <code>it's</code> and <a " in html
    assert ">a “link”</a> “old” a---b</p>" in html
    assert '<span class="s2">"it\'s"</span> -- ...' in html  # code keeps its quotes
    assert "It&#39;s a card" in html and "He’s “here”" in html  # a prop is an attribute: as written
    assert "<td>‘x’</td>" in html and "<td>“y”</td>" in html


def test_a_components_jsx_text_keeps_its_quotes_inline_as_in_a_block() -> None:
    """The text of a component the page defines is JSX, never curled by Mintlify: used inside
    a paragraph, its body was curled with the paragraph (the block use was not)."""
    page = (
        "export const Q = ({children}) => <span>\"it's\" -- x {children}</span>;\n\n"
        'Inline <Q>"a"</Q> done. "Page\'s" text.\n'
    )
    html = render_mdx(page, 1).rendered.html
    assert "<span>&quot;it's&quot; -- x" in html
    assert "done. “Page’s” text." in html
