"""What a seventh batch of real Mintlify repos (an agent framework's CLI, an LLM-tracing
platform, an integrations platform, a document-ETL service, an agent framework's docs, an
agent-observability platform, a memory API, an LLM-monitoring SDK, a local-model runner and a
browser-automation API) hit, each pinned by a test."""

from __future__ import annotations

from docgen.render.mdx import render_mdx


def test_a_page_component_inside_a_paragraph_keeps_the_paragraphs_emphasis() -> None:
    # "Created **ENG-842** — *Fix the onboarding redirect* in Engineering. <AgentLink
    # href=...>Open in Linear</AgentLink>" (a memory API's Slack mock-ups): the component's
    # body was parsed into the paragraph's own tokens, whose final joining moved the tokens
    # the paragraph's `*` delimiters pointed at: the emphasis was lost, an empty <em> shown
    # elsewhere, and some pages failed with an internal error.
    page = (
        "export const AgentLink = ({ href, children }) => (\n"
        '  <a href={href} className="font-medium">\n'
        "    {children}\n"
        "  </a>\n"
        ");\n\n"
        "Created **ENG-842**, *Fix it* in Eng. "
        '<AgentLink href="https://linear.app">Open *now*</AgentLink> and **done**\n'
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert result.warnings == []
    assert "<strong>ENG-842</strong>, <em>Fix it</em> in Eng." in html
    assert "Open <em>now</em>" in html
    assert "</a> and <strong>done</strong></p>" in html
    assert "*" not in html
