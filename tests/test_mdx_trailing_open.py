"""A component opened at the end of a line of text (``Follow these <Steps>``), its children on
the lines after it: MDX reads the tag as part of the sentence, which never closes it (Mintlify's
MDX parser fails on the page). docgen warns at the tag and shows the component as a block."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen
from test_mdx import html_of

STEPS = (
    'one\ntwo <Steps>\n<Step title="a">\nDo a.\n</Step>\n<Step title="b">\nDo b.\n</Step>\n'
    "</Steps>\n\nafter\n"
)


def test_the_component_is_shown_as_a_block_after_the_sentence() -> None:
    # Before: "<p>one\ntwo &lt;Steps&gt;</p>", the steps as <li>s in no list, "&lt;/Steps&gt;".
    html, warnings = html_of(STEPS)
    assert html.startswith('<p>one\ntwo</p>\n<ol class="steps">')
    assert html.count('<li class="step">') == 2 and "&lt;" not in html
    assert html.index("</ol>") < html.index("<p>after</p>")
    assert len(warnings) == 1 and warnings[0].startswith("-:2:mdx-unsupported:<Steps> ")


def test_a_tag_alone_is_no_paragraph_and_a_closed_sentence_is_untouched() -> None:
    html, warnings = html_of('<Note>\n  <Tabs>\n  <Tab title="x">X</Tab>\n  </Tabs>\n</Note>\n')
    assert warnings == [] and "<p></p>" not in html
    html, warnings = html_of('Press <Kbd>K</Kbd> then <Tooltip tip="t">hover</Tooltip>\n')
    assert warnings == []
    # no closing tag after the paragraph: the paragraph's own pairing reports it, as before
    html, warnings = html_of("Open <Steps>\n\nNothing closes it.\n")
    assert len(warnings) == 1 and "ends a line" not in warnings[0]


def test_check_says_where_the_tag_is(tmp_path: Path) -> None:
    site = tmp_path / "src"
    site.mkdir()
    page = '---\ntitle: Home\n---\n\n<Note>\n  Follow these two <Steps>\n  <Step title="a">\n'
    page += "  Do a.\n  </Step>\n  </Steps>\n</Note>\n"
    (site / "index.mdx").write_text(page, encoding="utf-8")
    config = {"name": "P", "navigation": {"pages": ["index"]}}
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    checked = run_docgen(["check", "docs.json"], site)
    said = [line for line in checked.stdout.splitlines() if "warning[" in line]
    assert len(said) == 1 and said[0].startswith("index.mdx:6:20: warning[mdx-unsupported]: "), said
