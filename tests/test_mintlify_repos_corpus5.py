"""What a fifth batch of real Mintlify repos (an LLM observability platform, an agent SDK's
docs, a document ETL service, an integrations platform, a memory API, an LLM framework's
docs) hit, each pinned by a test."""

from __future__ import annotations

from docgen.render.mdx import render_mdx


def test_heading_component_is_a_heading_with_its_anchor_and_table_of_contents_entry() -> None:
    # Mintlify's React heading, <Heading level={2} id="x">, used where a Markdown heading
    # cannot go (one per tab of an SDK reference page); noAnchor leaves out the anchor link.
    page = (
        "<Tabs>\n  <Tab title=\"TypeScript\">\n"
        '    <Heading level={2} id="ts-set-session">Laminar.setSession(`id`)</Heading>\n\n'
        "    Text.\n  </Tab>\n</Tabs>\n\n"
        "<Heading level={3} noAnchor>\nNo **anchor**\n</Heading>\n\n"
        "<Heading>Default level</Heading>\n"
    )
    result = render_mdx(page)
    html = result.rendered.html
    assert result.warnings == []
    assert '<h2 id="ts-set-session">Laminar.setSession(<code>id</code>)<a class="anchor' in html
    assert '<h3 id="no-anchor">No <strong>anchor</strong></h3>' in html
    assert '<h2 id="default-level">Default level<a' in html
    assert result.rendered.headings == [
        (2, "Laminar.setSession(id)", "ts-set-session"),
        (3, "No anchor", "no-anchor"),
        (2, "Default level", "default-level"),
    ]
