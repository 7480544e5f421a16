"""No ``<a>`` inside an ``<a>`` in a page (the browser would split the outer link where the
inner one starts). A link around a bare address (linked as prose) keeps its link whole and the
address shows as its text; a block ``<a>`` (the page's, or a component's) around links the page
writes (a Markdown link, a linked card) becomes a box its link covers with those links kept,
as React draws nested links in Mintlify, and the page is warned at the outer link."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

from docgen.render.nestedlinks import unnest_links

COMPONENTS = """\
export const Para = ({ children }) => (
  <div className="para">
    {children}
  </div>
);
export const Wrap = ({ href, children }) => (
  <a href={href} className="wrap">
    <div className="w">
      {children}
    </div>
  </a>
);
"""

PAGE = """\
---
title: Links
---
import { Para, Wrap } from "/snippets/links.jsx"

<a href="https://example.com/own">
<Para>
https://example.com/one inside
</Para>
</a>

<Wrap href="https://example.com/wrap">
<Para>
Read https://example.com/two here.
</Para>
</Wrap>

<Wrap href="https://example.com/md">
  See [the guide](https://example.com/guide).
</Wrap>

<Wrap href="https://example.com/cards">
  <Card title="Inner card" href="https://example.com/card">Card text</Card>
</Wrap>

After https://example.com/after and [a link](https://example.com/link).
"""


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.nested: list[str] = []
        self.texts: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href") or ""
            if self.open:
                self.nested.append(href)
            self.open.append(href)
            self.texts.setdefault(href, "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for href in self.open:
            self.texts[href] += data


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "src"
    (root / "snippets").mkdir(parents=True)
    (root / "snippets" / "links.jsx").write_text(COMPONENTS)
    (root / "index.mdx").write_text(PAGE)
    (root / "docs.json").write_text(json.dumps({"name": "L", "navigation": {"pages": ["index"]}}))
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out"), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return tmp_path / "out"


def test_a_components_own_link_holds_no_other_link(tmp_path: Path) -> None:
    html = (_site(tmp_path) / "index.html").read_text()
    article = html[html.index("<article") : html.index("</article>")]
    links = _Links()
    links.feed(article)
    assert links.nested == []
    # Each outer link keeps all its text; the inner ones are their text inside it.
    assert "https://example.com/one inside" in links.texts["https://example.com/own"]
    assert "Read https://example.com/two here." in links.texts["https://example.com/wrap"]
    # Links the page writes inside a block link stay links; the outer link is the box's cover.
    assert links.texts["https://example.com/guide"] == "the guide"
    assert links.texts["https://example.com/md"] == ""
    assert 'class="card-cover" href="https://example.com/md"' in article
    assert 'aria-label="See the guide."' in article
    assert '<div class="link-covered wrap"><div class="w"><p>See <a' in article  # its class
    assert "Inner card" in links.texts["https://example.com/card"]
    assert 'class="card-cover" href="https://example.com/cards"' in article
    # Links that are not inside another stay links.
    assert links.texts["https://example.com/after"] == "https://example.com/after"
    assert links.texts["https://example.com/link"] == "a link"


def test_the_browser_keeps_each_outer_link_whole(browser: Any, tmp_path: Path) -> None:
    out = _site(tmp_path)
    with serve_folder(out) as url:
        for width, scheme in ((1280, "light"), (390, "dark")):
            context = browser.new_context(
                viewport={"width": width, "height": 900}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{url}/")
            assert tab.locator("article a a").count() == 0
            wrap = tab.locator('article a[href="https://example.com/wrap"]')
            assert wrap.count() == 1  # not split in two by the browser
            assert "Read https://example.com/two here." in wrap.inner_text()
            box = tab.locator('article a[href="https://example.com/card"]').bounding_box()
            assert box is not None and box["height"] > 40  # the card still drawn as a card
            # In a covered box a click on the inner link opens it, elsewhere the outer link.
            hit = "([x, y]) => document.elementFromPoint(x, y).closest('a').href"
            inner = tab.locator('article a[href="https://example.com/guide"]').bounding_box()
            assert inner is not None
            middle = [inner["x"] + inner["width"] / 2, inner["y"] + inner["height"] / 2]
            assert tab.evaluate(hit, middle) == "https://example.com/guide"
            before = [inner["x"] - 12, middle[1]]  # on "See"
            assert tab.evaluate(hit, before) == "https://example.com/md"
            context.close()


def test_a_block_link_around_links_is_warned_where_it_is_written(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    page = '---\ntitle: L\n---\n\nText.\n\n<Link href="/b">\n  Read [more](/b#x).\n</Link>\n'
    (root / "index.mdx").write_text(page)
    (root / "b.mdx").write_text("---\ntitle: B\n---\n\n## X\n")
    (root / "docs.json").write_text(
        json.dumps({"name": "L", "navigation": {"pages": ["index", "b"]}})
    )
    for args in (["check", "docs.json"], ["build", "docs.json", "-o", str(tmp_path / "out")]):
        result = run_docgen(args, root)
        assert result.returncode == 0, result.stdout + result.stderr
        said = result.stdout + result.stderr
        assert "index.mdx:7:1: warning[mdx-unsupported]: <Link href>" in said
    html = (tmp_path / "out" / "index.html").read_text()
    assert '<a href="b/#x">more</a>' in html
    assert '<a class="card-cover" href="b/" aria-label="Read more."></a></div>' in html


def test_unnest_links_reads_only_tags() -> None:
    assert unnest_links('<a href="x">1<a class="c" href="y" rel="r">2</a>3</a>') == (
        '<a href="x">1<span class="c">2</span>3</a>'
    )
    kept = '<a href="x">a<!-- <a href=y> --><script>"<a href=q>"</script></a><a href="z">b</a>'
    assert unnest_links(kept) == kept
    assert unnest_links('<a title="1 > 0" href="x"><a href="y">2</a></a>') == (
        '<a title="1 > 0" href="x"><span>2</span></a>'
    )


def test_a_link_left_open_in_a_paragraph_does_not_unlink_the_pages_later_links() -> None:
    # The browser ends it with its paragraph; reading it as open to the end of the page made
    # every later link (a Markdown link, a card) a <span>.
    from docgen.render.nestedlinks import unnest_links

    html = (
        '<p>Click <a href="/o">here to go</p>\n<p><a href="/x">normal</a></p>'
        '<a class="card" href="/c"><div><p>t <a href="/i">in</a></p><p><a href="/j">j</a></p>'
        "</div></a>"
    )
    out = unnest_links(html)
    assert '<a href="/x">normal</a>' in out and '<a class="card" href="/c">' in out
    assert "<span>in</span>" in out and "<span>j</span>" in out
