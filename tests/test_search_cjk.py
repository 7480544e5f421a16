"""What Pagefind indexes for Chinese, Japanese and Korean text: each letter apart (a run is
no one word), in text only; pages without such letters are indexed exactly as before."""

from __future__ import annotations

from docgen.render.searchindex import GAP, SEPARATOR, SearchEntry, cjk_letters, page_html
from docgen.render.searchshards import _words


def test_cjk_letters_are_set_apart_in_text_only() -> None:
    document = '<h2 id="部署方式">部署方式</h2><p>在基础设施上运行，或<strong>面板</strong>中。</p>'
    spaced = cjk_letters(document)
    assert '<h2 id="部署方式">' in spaced  # the anchor stays the page's
    text = spaced.replace(SEPARATOR, "").replace(GAP, "")
    assert text == document
    assert f"基{SEPARATOR}础{SEPARATOR}设{SEPARATOR}施" in spaced
    assert f"行{SEPARATOR}，{SEPARATOR}或" in spaced  # Pagefind splits words at white space only
    assert f"{SEPARATOR}面{SEPARATOR}板{SEPARATOR}</strong>" in spaced  # at an inline tag


def test_cjk_letters_are_set_apart_from_latin_letters_and_digits() -> None:
    spaced = cjk_letters("<p>集成Arize 第1课 데이터를</p>")
    assert f"成{SEPARATOR}Arize" in spaced
    assert f"第{SEPARATOR}1{SEPARATOR}课" in spaced
    assert f"데{SEPARATOR}이" in spaced


def test_a_gap_the_page_has_beside_a_cjk_letter_is_marked() -> None:
    # Pagefind gives docgen's separators, the page's spaces and a block's edge back alike as
    # one space: the word after a real gap carries GAP, so the dialog can tell them apart.
    spaced = cjk_letters("<h2>平台指南</h2><p>在 AWS 上使用Docker与<code>k8s</code> 部署</p>")
    assert f"{SEPARATOR}{GAP}在" in spaced  # a block's edge
    assert f" {GAP}AWS {GAP}上" in spaced  # the page's spaces
    assert f"用{SEPARATOR}Docker{SEPARATOR}与" in spaced  # no gap in the page: no mark
    assert f"</code> {GAP}部" in spaced  # across an inline tag
    assert "Docker" in cjk_letters("<p>Docker run</p><p>Docker</p>")  # no CJK: as written
    assert GAP not in cjk_letters("<p>Docker run</p><p>Docker</p>")
    # No separator beside punctuation at an inline tag: the dialog would show it.
    assert "（<code>v</code>）" in cjk_letters("<p>子域名（<code>v</code>）。</p>")


def test_a_page_without_cjk_letters_is_indexed_as_written() -> None:
    document = "<h1>Rate limits</h1><p>Requests per minute: 60, café, naïve, Ωmega.</p>"
    assert f"<main data-pagefind-body>{document}</main>" in page_html(SearchEntry("/x", document))


def test_the_typo_word_list_keeps_latin_words_next_to_cjk_runs() -> None:
    assert list(_words("<p>集成Arize可以追踪调用。Install 設定ファイル</p>")) == [
        "arize",
        "install",
    ]
