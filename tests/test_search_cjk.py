"""What Pagefind indexes for Chinese, Japanese and Korean text: each letter apart (a run is
no one word), in text only; pages without such letters are indexed exactly as before."""

from __future__ import annotations

from docgen.render.searchindex import SEPARATOR, SearchEntry, cjk_letters, page_html
from docgen.render.searchshards import _words


def test_cjk_letters_are_set_apart_in_text_only() -> None:
    document = '<h2 id="部署方式">部署方式</h2><p>在基础设施上运行，或<strong>面板</strong>中。</p>'
    spaced = cjk_letters(document)
    assert '<h2 id="部署方式">' in spaced  # the anchor stays the page's
    text = spaced.replace(SEPARATOR, "")
    assert text == document
    assert f"基{SEPARATOR}础{SEPARATOR}设{SEPARATOR}施" in spaced
    assert f"行{SEPARATOR}，{SEPARATOR}或" in spaced  # Pagefind splits words at white space only
    assert f"{SEPARATOR}面{SEPARATOR}板{SEPARATOR}</strong>" in spaced  # at an inline tag


def test_cjk_letters_are_set_apart_from_latin_letters_and_digits() -> None:
    spaced = cjk_letters("<p>集成Arize 第1课 데이터를</p>")
    assert f"成{SEPARATOR}Arize" in spaced
    assert f"第{SEPARATOR}1{SEPARATOR}课" in spaced
    assert f"데{SEPARATOR}이" in spaced


def test_a_page_without_cjk_letters_is_indexed_as_written() -> None:
    document = "<h1>Rate limits</h1><p>Requests per minute: 60, café, naïve, Ωmega.</p>"
    assert f"<main data-pagefind-body>{document}</main>" in page_html(SearchEntry("/x", document))


def test_the_typo_word_list_keeps_latin_words_next_to_cjk_runs() -> None:
    assert list(_words("<p>集成Arize可以追踪调用。Install 設定ファイル</p>")) == [
        "arize",
        "install",
    ]
