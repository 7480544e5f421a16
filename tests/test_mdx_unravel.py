"""MDX's unravelling: a paragraph of nothing but JSX elements and expressions is no paragraph
(``@mdx-js/mdx``'s remark-mark-and-unravel), so a flex row of links lays out its links."""

from __future__ import annotations

import pytest

from docgen.render.mdx import render_mdx


def html_of(text: str) -> str:
    result = render_mdx(text)
    assert result.warnings == []
    return result.rendered.html


def test_elements_on_their_own_lines_in_an_element_are_its_children() -> None:
    html = html_of(
        '<div className="flex gap-2">\n  <a href="/a">A</a>\n  <a href="/b">B</a>\n</div>\n'
    )
    # no paragraph, and (as MDX joins an element's children) no white space between them
    assert '<div class="flex gap-2"><a href="/a">A</a><a href="/b">B</a></div>' in html
    assert "<p>" not in html


def test_elements_alone_on_the_page_lose_the_paragraph_but_keep_their_break() -> None:
    html = html_of('<span id="top"></span>\n\n<Badge>x</Badge> <Badge>y</Badge>\n')
    assert "<p>" not in html
    assert '<span id="top"></span>' in html
    assert '<span class="badge badge-gray">x</span> <span class="badge badge-gray">y</span>' in html


@pytest.mark.parametrize(
    "text",
    [
        "<br />\n",
        '{"Only a value"}\n',
        "{/* a note */} <b>bold</b>\n",
        "<b>shown</b><script>run()</script>\n",  # the script is left out
    ],
)
def test_a_lone_tag_or_expression_is_no_paragraph(text: str) -> None:
    assert "<p>" not in render_mdx(text).rendered.html


@pytest.mark.parametrize(
    "text",
    [
        'Read <a href="/a">this</a>\n',  # text beside the element
        "<b>one</b>\\\n<b>two</b>\n",  # a hard line break is no white space
        "<span>never closed\n",
        "<https://example.com>\n",  # an autolink, not an element
        "*<b>emphasis</b>*\n",
    ],
)
def test_a_paragraph_with_anything_else_stays(text: str) -> None:
    assert "<p>" in render_mdx(text).rendered.html


def test_a_tight_list_item_is_unchanged() -> None:
    html = html_of('- <a href="/a">A</a>\n- <a href="/b">B</a>\n')
    assert '<li><a href="/a">A</a></li>' in html
