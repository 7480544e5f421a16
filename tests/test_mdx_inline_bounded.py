"""A paragraph's inline MDX is read in a time linear in the page (security.md item 20): the
line of each inline tag was counted from the paragraph's start (8,000 inline tags in a
paragraph of 1.6 MB: 19 s), and each unclosed ``{/*`` searched the rest of its paragraph
and walked the page's lines up to the paragraph's end again (8,000 of them after 8,000 lines:
30 s), as did each of many paragraphs with an unclosed one."""

from __future__ import annotations

import os
import time

import pytest

from docgen.render.mdx import mdx_warnings

SECONDS = float(os.environ.get("DOCGEN_BOUNDED_SECONDS", "5"))
PAGES = {
    "many inline tags in one paragraph": ("<b>x</b> " + "word " * 40) * 8_000,
    "many unclosed comments after many lines": "x\n" * 8_000 + "\n" + "a {/* " * 8_000,
    "many paragraphs with an unclosed comment": "x\n" * 4_000
    + "\n"
    + "a {/* b\n\n" * 4_000
    + "*/\n",
    # a footnote reference's label looked for its ']' to the paragraph's end (render/footnotes.py)
    "many footnote openings once a note is defined": "a[^x]\n\n[^x]: n\n\n" + "[^" * 20_000,
    # each definition copied every definition before it (render/footnotes.py: 25,000: 11 CPU-s)
    "many footnote definitions": "".join(f"[^n{i}]: n\n\n" for i in range(25_000)) + "a[^n1]",
}


@pytest.mark.parametrize("case", sorted(PAGES))
def test_inline_mdx_is_read_in_linear_time(case: str) -> None:
    started = time.process_time()  # CPU time: other work on the machine does not count
    mdx_warnings(f"# T\n\n{PAGES[case]}\n")
    elapsed = time.process_time() - started
    assert elapsed < SECONDS, f"{case}: {elapsed:.1f} s"


def test_the_lines_said_are_unchanged() -> None:
    page = (
        "# T\n\n<b>a</b>\n<Nope>b</Nope>\n<b>c</b> <Nope2 />\n\n"  # lines 3-5
        "text {/* open\n\nmore {/* again\n\nclosed */} here\n\n"  # lines 7, 9, 11
        "last {/* never\n"  # line 13
    )
    said = [(w.line, w.near, w.message) for w in mdx_warnings(page)]
    assert [(line, near) for line, near, _ in said] == [
        (4, "<Nope"),
        (5, "<Nope2"),
        (7, "{/*"),
        (9, "{/*"),
        (13, "{/*"),
    ]
    assert "the next '*/' is on line 11" in said[2][2]
    assert "the next '*/' is on line 11" in said[3][2]
    assert "never closed" in said[4][2]
