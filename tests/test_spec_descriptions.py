"""Spec descriptions as HTML (render/markdown.py ``to_html``): specs generated from code keep
its indentation ("\\n    Trigger an event..." from a NestJS decorator's template string), which
CommonMark would read as one code block; a description whose every line is indented alike is
prose. A code block inside a description stays one."""

from __future__ import annotations

from docgen.render.markdown import to_html


def test_a_description_indented_as_a_whole_is_prose() -> None:
    text = (
        "\n    Trigger an event to start a workflow.\n    - one\n    - two\n\n"
        "    For example:\n\n        code\n  "
    )
    html = to_html(text)
    assert html.startswith("<p>Trigger an event to start a workflow.</p>")
    assert "<li>one</li>" in html and "<code>code</code>" in html  # still indented: code
    assert html.count("<pre") == 1


def test_an_indented_block_after_prose_is_still_code() -> None:
    html = to_html("Call it like this:\n\n    curl https://api.example.com\n")
    assert "<p>Call it like this:</p>" in html and "<pre" in html
    assert to_html("Plain words.") == "<p>Plain words.</p>\n"
