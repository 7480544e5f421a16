"""What an eleventh batch of real Mintlify repos (an AI gateway, an agent framework, a
browser-automation SDK, a background-jobs platform, a billing API, a fine-tuning platform,
an API client, a survey tool, a sandbox cloud, an automation builder, a multi-agent
framework) hit, each pinned by a test."""

from __future__ import annotations

from docgen.render.mdx import render_mdx


def test_a_self_closing_tag_may_have_space_before_its_closing_angle() -> None:
    # An AI gateway's guardrails page writes `<img src="/images/flow.webp" / >`. MDX reads a
    # space between the slash and the ">" as part of the tag (micromark-extension-mdx-jsx:
    # whitespace after the self-closing slash), and Mintlify draws the image; docgen called
    # it no JSX tag and showed it as text, with a warning.
    text = (
        'The flow:\n\n<img src="/images/flow.webp" / >\n\n'
        '<Note>\n  A <Icon icon="star" / > star.\n</Note>\n\n'
        '<img src="/images/two.webp"\n  alt="Two" /\n>\n'
    )
    result = render_mdx(text)
    html = result.rendered.html
    assert not result.warnings, [w.message for w in result.warnings]
    assert html.count("<img ") == 2 and "&lt;img" not in html and "/ &gt;" not in html
    assert 'alt="Two"' in html
    assert 'data-icon="star"' in html
    # a slash that no ">" follows is still no tag
    broken = render_mdx('A <Icon icon="star" / x> here\n')
    assert "&lt;Icon" in broken.rendered.html and broken.warnings
