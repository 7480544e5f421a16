"""Tags MDX cannot pair, and '<' that starts no tag: shown as text, with a located warning
(Mintlify's MDX parser fails on each; docgen used to show them silently, or as half an
element: a ``<span>`` left open inside a ``<p>``)."""

from __future__ import annotations

import pytest

from docgen.render.mdx import render_mdx


def _said(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    result = render_mdx(text)
    return result.rendered.html, [(w.line, w.message, w.near) for w in result.warnings]


@pytest.mark.parametrize(
    ("text", "shown", "expected"),
    [
        ("<Note>never closed here\n", "<p>&lt;Note&gt;never closed here</p>", [(1, "<Note>")]),
        # an element of text cannot go on past its paragraph
        (
            "Intro.\n\nText <Tip>a\n\nb</Tip>\n",
            "<p>b&lt;/Tip&gt;</p>",
            [(3, "<Tip>"), (5, "</Tip>")],
        ),
        ("One <b>bold\n", "<p>One &lt;b&gt;bold</p>", [(1, "<b>")]),
        ("Stray </Note> here\n", "<p>Stray &lt;/Note&gt; here</p>", [(1, "</Note>")]),
    ],
)
def test_a_tag_that_pairs_with_nothing_is_text(
    text: str, shown: str, expected: list[tuple[int, str]]
) -> None:
    html, said = _said(text)
    assert shown in html
    assert "<span" not in html and "<b>" not in html
    assert [(at, where) for at, _, where in said] == expected


def test_crossed_tags_leave_the_inner_one_as_text() -> None:
    html, said = _said("A <b>bold <i>both</b> end</i>\n")
    assert "<b>bold &lt;i&gt;both</b>" in html
    assert [near for _, _, near in said] == ["<i>", "</i>"]


@pytest.mark.parametrize(
    ("text", "near", "column_text"),
    [
        ("Next <Broken attr={{{ > after.\n", "<Broken", "&lt;Broken attr={{{ &gt;"),
        ("5 < 6 and a <b and more\n", "<b", "a &lt;b and"),
    ],
)
def test_text_that_starts_a_tag_but_is_none_is_said(text: str, near: str, column_text: str) -> None:
    html, said = _said(text)
    assert column_text in html
    assert [(line, where) for line, _, where in said] == [(1, near)]


@pytest.mark.parametrize(
    "text",
    [
        "A <b>bold</b> and <Tooltip tip='x'>word</Tooltip>.\n",
        "Break<br>here and <img src='/a.png'> there.\n",
        "Self <Icon icon='check' /> closing.\n",
        "Nested <b>one <i>two</i></b>.\n",
        "Across\nlines <b>one\ntwo</b> ok.\n",
        "5 < 6, a <= b, x<1, `<Code>` and <https://example.com>.\n",
        "<Note>\nA block.\n</Note>\n",
    ],
)
def test_what_pairs_or_is_no_tag_says_nothing(text: str) -> None:
    assert _said(text)[1] == []


def test_a_component_line_ends_a_table_as_in_mdx() -> None:
    """onyx's docs: a ``<Tip>`` on the line after a table's last row is the callout (MDX ends
    the table there), not a row holding '<Tip>' with its '</Tip>' stray further down."""
    html, said = _said(
        "| a | b |\n|---|---|\n| 1 | 2 |\n<Tip>\n  Tip text\n\n```bash\nx\n```\n</Tip>\n"
        "\n> quote\n<Note>\nn\n</Note>\n"
    )
    assert said == []
    assert html.count("<tr>") == 2 and "&lt;" not in html
    assert '</table>\n</div>\n<div class="callout callout-tip"' in html
    assert '</blockquote>\n<div class="callout callout-note"' in html


def test_tags_in_a_block_component_inside_a_paragraph_are_paired_too() -> None:
    html, said = _said("Text <Note>a <b>bold never closed</Note> more.\n")
    assert '<div class="callout callout-note"' in html and "a &lt;b&gt;bold never closed" in html
    assert [near for _, _, near in said] == ["<b>"]


@pytest.mark.parametrize(
    "text",
    [
        'See <Link href="/guide">the <Card title="G" href="/g" /> guide</Link> now.\n',
        "Text <b>bold <Note>n</Note> more</b>\n",
    ],
)
def test_a_block_inside_an_open_jsx_element_stays_in_place(text: str) -> None:
    """Cut out of the paragraph there, it would split the element: ``<p>See <a>the</p>``,
    the card, ``<p>guide</a> now.</p>`` (review)."""
    html, said = _said(text)
    assert said == [] and html.count("<p>") == 1 and html.startswith("<p>")
