"""What a sixth batch of real Mintlify repos (an LLM-ops platform, a prompt language's docs, a
link-management API, a notification platform, a status-page service, a browser-agent library
and a browser-automation SDK) hit, each pinned by a test."""

from __future__ import annotations

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
        "www.example.com/docs_(v2)</a>).</p>"
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
