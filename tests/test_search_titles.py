"""``search-titles.json`` rows (docgen.render.searchtitles): each page's lead line, sentences that
open many pages left out, heading anchors the dialog can make left out, trailing empties cut."""

from __future__ import annotations

import json

from docgen.render.searchindex import SearchEntry
from docgen.render.searchtitles import TitleRows, derived_anchor, leads


def _rows(*entries: SearchEntry) -> list[list[object]]:
    rows = TitleRows()
    for entry in entries:
        rows.add(entry.url + "/", entry)
    found: list[list[object]] = json.loads(rows.json())
    return found


def test_a_lead_is_the_first_sentence_after_the_title() -> None:
    endpoint = (
        "<h1>Create an issue</h1><p>POST /repos/{owner}/{repo}/issues</p>"
        "<p>Opens an issue, e.g. a bug report. Anyone with <code>pull</code> access can.</p>"
        '<h2 id="section-params-path">Path parameters</h2><p>string required</p>'
    )
    assert leads(endpoint, "Create an issue", "/repos/{owner}/{repo}/issues", anywhere=False) == [
        "Opens an issue, e.g. a bug report."
    ]
    # An endpoint without a description: not its fields' facts.
    bare = "<h1>X</h1><p>GET /x</p><h2 id='a'>Query</h2><p>string</p>"
    assert leads(bare, "X", "/x", anywhere=False) == []
    # A guide's first paragraphs may follow a heading; one that repeats the title is skipped.
    guide = "<h1>Setup</h1><h2 id='o'>Overview</h2><p>Setup.</p><p>使用 Jinja2 模板。第二句。</p>"
    assert leads(guide, "Setup.") == ["使用 Jinja2 模板。"]
    long = leads("<h1>T</h1><p>" + "word " * 40 + "</p>", "T")[0]
    assert len(long) <= 120 and long.endswith("word…")


def test_a_sentence_opening_pages_of_three_titles_is_not_their_lead() -> None:
    notice = "<p>This page was translated by AI.</p>"
    entries = [
        SearchEntry(f"/{name}", f"<h1>{name}</h1>{notice}<p>About {name}.</p>")
        for name in ("Alpha", "Beta", "Gamma")
    ]
    # The same page in two versions: one title, its sentence is its own.
    twin = "<h1>Delta</h1><p>Only Delta says this.</p>"
    twins = [SearchEntry(f"/v{n}/delta", twin) for n in (1, 2)]
    rows = _rows(*entries, *twins)
    assert [row[-1] for row in rows] == [
        "About Alpha.", "About Beta.", "About Gamma.", "Only Delta says this.",
        "Only Delta says this.",
    ]  # fmt: skip


def test_a_heading_anchor_the_dialog_can_make_is_left_out() -> None:
    document = (
        '<h1>Guide</h1><h2 id="listing-widgets">Listing widgets</h2>'
        '<h2 id="速率限制与配额">速率限制与配额</h2><h3 id="usage-1">Usage</h3>'
        '<h2 id="custom">Other name</h2>'
    )
    (row,) = _rows(SearchEntry("/guide", document))
    assert row == [
        "/guide/", "Guide", "", "", "", "", [], [],
        [["", "Listing widgets"], ["", "速率限制与配额"], ["usage-1", "Usage"],
         ["custom", "Other name"]],
    ]  # fmt: skip
    assert derived_anchor("Listing widgets") == "listing-widgets"
    assert derived_anchor("Café au lait") == "Café au lait"  # not ASCII: as it is


def test_trailing_empty_values_are_left_out() -> None:
    (row,) = _rows(SearchEntry("/a", "<h1>A</h1>", "G"))
    assert row == ["/a/", "A", "G"]
