"""GFM footnote labels are matched as remark matches them (micromark's normalised identifier:
case-folded) and the first of two definitions of a label is the note."""

from __future__ import annotations

from docgen.render.mdx import render_mdx


def _notes(html: str) -> str:
    return html.split('<section class="footnotes"', 1)[1]


def test_a_reference_cites_a_definition_written_in_another_case() -> None:
    # remark shows "[^Note]" as note 1 citing "[^note]:", and "[^STRASSE]" citing "[^straße]:"
    # (ß folds to SS); docgen matched labels case-sensitively and left both as text.
    html = render_mdx(
        "See[^Note] and[^STRASSE] and[^note].\n\n[^note]: The note.\n\n[^straße]: Road.\n"
    ).rendered.html
    assert "[^Note]" not in html and "[^STRASSE]" not in html
    assert 'href="#user-content-fn-note" id="user-content-fnref-note" data-footnote-ref>1' in html
    assert 'id="user-content-fnref-note-2" data-footnote-ref>1' in html
    assert 'href="#user-content-fn-strasse" id="user-content-fnref-strasse"' in html
    notes = _notes(html)
    assert '<li id="user-content-fn-note"><p>The note.' in notes
    assert '<li id="user-content-fn-strasse"><p>Road.' in notes


def test_the_first_definition_of_a_label_is_the_note() -> None:
    # mdast-util-to-hast keeps the first definition of an identifier; docgen showed the last.
    html = render_mdx(
        "Cited[^a].\n\n[^a]: First.\n\n[^A]: Second, by case.\n\n[^a]: Third.\n"
    ).rendered.html
    notes = _notes(html)
    assert "First." in notes
    assert "Second" not in html and "Third" not in html
    assert notes.count("<li ") == 1


def test_a_second_reference_has_its_own_numbered_way_back() -> None:
    # remark: the second back link reads "↩︎<sup>2</sup>", labelled "Back to reference 1-2".
    notes = _notes(render_mdx("One[^x] two[^x].\n\n[^x]: Note.\n").rendered.html)
    assert 'aria-label="Back to reference 1">\u21a9\ufe0e</a>' in notes
    assert 'aria-label="Back to reference 1-2">\u21a9\ufe0e<sup>2</sup></a>' in notes
