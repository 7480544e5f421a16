"""Bare addresses (GFM autolink literals) are found in a time linear in the text, whatever a
pull request writes on one line (security.md item 20): each search for the next address went
back over the rest of the line, and each address refused was read to the end of its run of
non-space characters, and markdown-it-py's inline rule searched the paragraph up to each
"://" for its scheme, so these lines of about 100 KB took from 30 seconds to minutes."""

from __future__ import annotations

import os
import time

import pytest

from docgen.render.autolink import MAX_REJECTED
from docgen.render.markdown import renderer
from docgen.render.mdx import render_mdx

SECONDS = float(os.environ.get("DOCGEN_BOUNDED_SECONDS", "5"))
LINES = {
    "many links": "www.a.example " * 6_000,
    "many that are no links": "see http://localhost " * 6_000,
    "many links then an address": "www.a.example " * 6_000 + "me@example.com",
    "addresses ending in _": "me@example.com_ " * 7_000,
    "refused in one run": "(http://a.example_" * 6_000,
    "refused www in one run": "(www.a.example_" * 7_000,
    "entities at the end": "http://a.example/" + "&amp;" * 20_000,
    "brackets at the end": "http://a.example/" + ")" * 100_000,
}


@pytest.mark.parametrize("case", sorted(LINES))
def test_a_long_line_of_addresses_is_read_in_linear_time(case: str) -> None:
    started = time.perf_counter()
    render_mdx(f"# Links\n\n{LINES[case]}\n")
    elapsed = time.perf_counter() - started
    assert elapsed < SECONDS, f"{case}: {elapsed:.1f} s"


def test_what_is_linked_is_unchanged() -> None:
    inline = renderer().inline
    many = inline("http://a.example " * 3 + "me@example.com")
    assert many.count('href="http://a.example"') == 3 and 'href="mailto:me@example.com"' in many
    tail = inline("see https://a.example/q?x=1" + "&amp;" * 3 + "))!")
    assert '<a href="https://a.example/q?x=1" rel="noopener noreferrer">' in tail
    # A few refused addresses in one run do not stop the search for the next one in it.
    run = inline("(http://a.b_" * (MAX_REJECTED - 1) + "(https://ok.example")
    assert run.count("<a ") == 1 and 'href="https://ok.example"' in run
