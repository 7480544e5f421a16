"""Mintlify's code fence options drawn (line numbers, focus, diff and highlight notations, a
fence's icon, expandable), HTML headings with an anchor and a table-of-contents entry, and tab
icons in the tab row (README, "Mintlify compatibility")."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from refresh_fixtures import run_docgen

from docgen.render.codelines import take_notations
from docgen.render.markdown import renderer
from docgen.render.mdx import render_mdx


def _mdx(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    rendered = render_mdx(text).rendered
    return rendered.html, rendered.headings


def _lines(html: str) -> list[str]:
    """The classes of each drawn line of the first code block."""
    code = html.split("<code>", 1)[1].split("</code>", 1)[0]
    return [m.group(1) for m in re.finditer(r'<span class="(line[^"]*)">', code)]


def test_notations_are_taken_out_of_the_code_and_mark_their_lines() -> None:
    code = (
        'const a = 1; // [!code ++]\nconsole.log("x"); // [!code --]\n'
        "keep(); // why [!code highlight]\nfocus(); /* [!code focus] */\nplain();"
    )
    text, marks = take_notations(code, "js")
    assert text.split("\n") == [
        "const a = 1;",
        'console.log("x");',
        "keep(); // why",
        "focus();",
        "plain();",
    ]
    assert marks == {1: {"line-add"}, 2: {"line-remove"}, 3: {"hl-line"}, 4: {"line-focus"}}
    text, marks = take_notations('print("a")  # [!code ++:2]\nb = 1\nc = 2', "python")
    assert text == 'print("a")\nb = 1\nc = 2' and marks == {1: {"line-add"}, 2: {"line-add"}}
    text, marks = take_notations("<p>x</p> <!-- [!code --] -->", "html")
    assert (text, marks) == ("<p>x</p>", {1: {"line-remove"}})


def test_a_notation_alone_on_its_line_marks_the_lines_after_it() -> None:
    """As Shiki's v3 matching: a formatter that moved ``// [!code ++]`` to its own line above
    the code (a real docs repo does) still marks that code, and the comment line is gone."""
    text, marks = take_notations("a({\n  // [!code ++:2]\n  b: 1,\n  c: 2,\n  d: 3,\n})", "ts")
    assert text == "a({\n  b: 1,\n  c: 2,\n  d: 3,\n})"
    assert marks == {2: {"line-add"}, 3: {"line-add"}}


def test_notations_stay_as_written_where_they_are_not_a_comment_or_the_block_is_text() -> None:
    """A page that documents the notation shows it (Mintlify's own docs do, in text blocks)."""
    for code, language in (
        ("const a = 1; // [!code ++]", "text"),
        ("```js\nx // [!code ++]\n```", "mdx"),
        ('s = "[!code ++]"', "python"),
    ):
        assert take_notations(code, language) == (code, {})


def test_lines_draw_every_line_in_a_span_and_number_them_in_css_only() -> None:
    html = renderer().render("```js app.js lines {2}\nconst a = x;\nconst b = y;\n```\n").html
    assert 'data-lines="1"' in html
    assert _lines(html) == ["line", "line hl-line"]
    # The numbers are a CSS counter: not in the HTML, so neither copied nor selected.
    assert ">1<" not in html and ">2<" not in html
    wide = renderer().render("```py lines\n" + "x = 1\n" * 120 + "```\n").html
    assert 'data-lines="3"' in wide  # the gutter's width in digits


def test_focus_marks_its_lines_and_dims_the_others() -> None:
    for info in ("focus={2,4-5}", "focus=2,4,5", 'focus="2,4-5"'):
        html = renderer().render(f"```js {info}\na\nb\nc\nd\ne\n```\n").html
        assert "data-focus" in html
        focused = ["line", "line line-focus", "line", "line line-focus", "line line-focus"]
        assert _lines(html) == focused


def test_a_diff_draws_added_and_removed_lines_without_the_comments() -> None:
    fence = '```js JavaScript diff lines\nconst g = "hi"; // [!code ++]\nold(); // [!code --]\n'
    html = renderer().render(fence + "end();\n```\n").html
    assert "[!code" not in html and "//" not in html
    assert "data-diff" in html and 'data-lines="1"' in html
    assert _lines(html) == ["line line-add", "line line-remove", "line"]


def test_a_fence_without_line_options_keeps_its_plain_markup() -> None:
    html = renderer().render("```js {1}\na\nb\n```\n").html
    assert '<span class="line' not in html
    assert '<span class="hl-line"><span class="nx">a</span></span>' in html


def test_a_fence_icon_is_drawn_before_its_title_and_in_its_code_group_tab() -> None:
    html, _ = _mdx('```javascript Icon example icon="square-js"\nconst hello = "world";\n```\n')
    bar = re.search(r'<p class="code-title">(.*?)</p>', html)
    assert bar is not None
    assert bar.group(1).startswith('<span class="code-icon"><span class="icon-wrap" data-icon')
    assert bar.group(1).endswith("</span>Icon example")
    html, _ = _mdx('```bash icon="square-terminal"\nls\n```\n')  # an icon and no title
    assert 'class="code-title"><span class="code-icon">' in html
    html, _ = _mdx(
        '<CodeGroup>\n```python Python icon="python"\nprint(1)\n```\n'
        "```js JS icon=square-js\nlog(1)\n```\n</CodeGroup>\n"
    )
    tabs = re.findall(r'<button type="button" role="tab"[^>]*>(.*?)</button>', html)
    assert len(tabs) == 2
    assert all(t.startswith('<span class="code-icon"><span class="icon-wrap"') for t in tabs)
    assert tabs[0].endswith("Python") and tabs[1].endswith("JS")
    html, _ = _mdx('```ts Typed icon="/images/ts.svg"\nlet a = 1\n```\n')  # a path: an image
    assert '<img class="icon icon-img" src="/images/ts.svg"' in html


def test_expandable_marks_the_block_for_the_script() -> None:
    assert "data-expandable" in renderer().render("```py expandable\nx\n```\n").html
    assert "data-expandable" in renderer().render("```py [expandable]\nx\n```\n").html


def test_diff_is_a_word_of_the_title_as_in_mintlify() -> None:
    """Mintlify's meta parser has no ``diff`` option: its own docs' ```` ```js JavaScript diff
    lines ```` is titled "JavaScript diff" (the diff is drawn from [!code ++] notations)."""
    html = renderer().render("```js JavaScript diff lines\nx\n```\n").html
    assert 'data-title="JavaScript diff"' in html and 'data-lines="1"' in html


def test_the_codeblock_component_takes_focus_and_icon() -> None:
    html, _ = _mdx(
        '<CodeBlock language="js" filename="a.js" icon="square-js" lines focus="[2]">\n'
        "{`a()\nb()`}\n</CodeBlock>\n"
    )
    assert "data-focus" in html and 'data-lines="1"' in html and 'class="code-icon"' in html
    assert _lines(html) == ["line", "line line-focus"]


def test_html_headings_get_an_id_an_anchor_link_and_a_toc_entry() -> None:
    html, headings = _mdx(
        '## Setup\n\n<h2>Raw heading</h2>\n\n<h3 id="custom">With **an id**</h3>\n\n'
        "<h2 noAnchor>No anchor</h2>\n\n<h2>Setup</h2>\n\n"
        '<a href="/x">\n  <h3>In a link</h3>\n</a>\n\n<h2>{name}</h2>\n'
    )
    assert headings == [
        (2, "Setup", "setup"),
        (2, "Raw heading", "raw-heading"),
        (3, "With an id", "custom"),
        (2, "No anchor", "no-anchor"),
        (2, "Setup", "setup-2"),
        (3, "In a link", "in-a-link"),
    ]
    link = '<a class="anchor heading-anchor" href="#{}" aria-label="Link to this section">#</a>'
    assert f'<h2 id="raw-heading">Raw heading{link.format("raw-heading")}</h2>' in html
    assert f'<h3 id="custom">With <strong>an id</strong>{link.format("custom")}</h3>' in html
    assert '<h2 id="no-anchor">No anchor</h2>' in html  # Mintlify's noAnchor
    assert f'<h2 id="setup-2">Setup{link.format("setup-2")}</h2>' in html
    assert '<h3 id="in-a-link">In a link</h3>' in html  # no link inside a link
    assert "<h2>{name}</h2>" in html  # no text to read (an expression): as written


def test_an_html_heading_has_one_id_whatever_id_it_was_written_with() -> None:
    # <h2 id=""> was drawn <h2 id="empty" id>: two ids (HTML allows one; the second is an error)
    html, headings = _mdx('<h2 id="">Empty</h2>\n\n<h3 title="an id here" id="z">Titled</h3>\n')
    assert headings == [(2, "Empty", "empty"), (3, "Titled", "z")]
    assert '<h2 id="empty">Empty<a ' in html and '<h3 id="z" title="an id here">Titled<a ' in html
    assert html.count(' id="') == 2 and " id>" not in html


def test_many_html_headings_are_read_in_linear_time() -> None:
    # Each heading's text was read from a copy of the page's tokens after it: 20,000 <h2>
    # (240 KB) took 30 s to build; Markdown headings take a second or two.
    started = time.perf_counter()
    _, headings = _mdx("<h2>x</h2>\n\n" * 20_000)
    assert time.perf_counter() - started < 20
    assert len(headings) == 20_000 and headings[-1] == (2, "x", "x-20000")


def test_html_headings_follow_mintlifys_table_of_contents_rules() -> None:
    """h1 to h4 only; none inside an accordion, Expandable, Update or Prompt (Markdown headings
    there too), where they keep their anchors; an <h1> (a landing page's hero) keeps its size:
    it is not a body heading to demote to h2."""
    html, headings = _mdx(
        '<h1 className="hero">Build faster</h1>\n\n<h5>Small print</h5>\n\n'
        '<Accordion title="More">\n## Inside\n\n<h3>Also inside</h3>\n</Accordion>\n\n'
        "## After\n"
    )
    assert headings == [(2, "After", "after")]
    assert '<h1 id="build-faster" class="hero">Build faster<a class="anchor' in html
    assert "<h5>Small print</h5>" in html
    assert '<h2 id="inside">' in html and '<h3 id="also-inside">Also inside<a class=' in html


def _tab_site(root: Path, config: dict[str, object], name: str = "docs.json") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(json.dumps(config))
    for page in ("index", "ref"):
        (root / f"{page}.mdx").write_text(f"---\ntitle: {page}\n---\n\nText.\n")
    (root / "images").mkdir(exist_ok=True)
    (root / "images" / "logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">'
        '<circle cx="1" cy="1" r="1"/></svg>'
    )
    return root


def test_tab_icons_are_drawn_in_the_tab_row_and_the_phone_menu(tmp_path: Path) -> None:
    tabs = [
        {"tab": "Guides", "icon": "book-open", "pages": ["index"]},
        {"tab": "Reference", "icon": {"name": "code", "style": "solid"}, "pages": ["ref"]},
    ]
    root = _tab_site(tmp_path / "docs", {"name": "A", "navigation": {"tabs": tabs}})
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out")], root)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "config-unused-key" not in result.stdout + result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    row = html.split('<nav class="tabs"', 1)[1].split("</nav>", 1)[0]
    phone = html.split('class="sidenav sidenav-tabs"', 1)[1].split("</ul>", 1)[0]
    for part in (row, phone):
        assert re.search(r'<a [^>]*><span class="icon-wrap" data-icon="book-open">', part)
        assert re.search(r'<span class="icon-wrap" data-icon="code">.*?</span>Reference', part)


def test_mint_json_anchors_read_as_tabs_keep_their_icons(tmp_path: Path) -> None:
    config = {
        "name": "A",
        "navigation": [{"group": "G", "pages": ["index"]}, {"group": "R", "pages": ["ref"]}],
        "anchors": [{"name": "Reference", "url": "ref", "icon": "/images/logo.svg"}],
    }
    (tmp_path / "docs" / "ref").mkdir(parents=True)
    root = _tab_site(tmp_path / "docs", config, "mint.json")
    (root / "ref.mdx").rename(root / "ref" / "index.mdx")
    config["navigation"] = [
        {"group": "G", "pages": ["index"]},
        {"group": "R", "pages": ["ref/index"]},
    ]
    (root / "mint.json").write_text(json.dumps(config))
    result = run_docgen(["build", "mint.json", "-o", str(tmp_path / "out")], root)
    assert result.returncode == 0, result.stdout + result.stderr
    row = (tmp_path / "out" / "index.html").read_text().split('<nav class="tabs"', 1)[1]
    assert re.search(r'<img class="icon icon-img" src="images/logo.svg"[^>]*>Reference', row)


# Fences a pull request can write (security.md item 20): each took from 10 seconds to
# minutes to draw before it was read in linear time.
SLOW_FENCES = {
    # every part of {1-9999,1-9999,...} added its 9,999 lines again (5 KB: 1 s a fence)
    "repeated ranges": "```js {" + ",".join(["1-9999"] * 4000) + "}\nx\n```\n",
    "repeated focus": "```js focus={" + ",".join(["1-9999"] * 4000) + "}\nx\n```\n",
    # the patterns began with "\s*": searched from each space of a long run of spaces
    "spaces before a notation": "```js\n" + " " * 30_000 + "x // [!code ++]\n```\n",
    "a line of spaces": "```js\n" + " " * 60_000 + "y\nx // [!code ++]\n```\n",
    # each notation looked for a comment's opener from the start of its line
    "notations without a comment": "```js\n" + "a" * 50_000 + " [!code ++]" * 5_000 + "\n```\n",
}


@pytest.mark.parametrize("case", sorted(SLOW_FENCES))
def test_fence_options_and_notations_are_read_in_linear_time(case: str) -> None:
    started = time.perf_counter()
    html, _ = _mdx(SLOW_FENCES[case])
    assert time.perf_counter() - started < 3, case
    assert "<pre" in html


def test_notations_after_long_spaces_are_taken_out_as_before() -> None:
    text, marks = take_notations("a" + " " * 5000 + "// [!code ++]\n" + " " * 5000, "js")
    assert text == "a\n" + " " * 5000 and marks == {1: {"line-add"}}
    assert take_notations("x; // keep [!code hl]  [!code focus]", "js") == (
        "x; // keep",
        {1: {"hl-line", "line-focus"}},
    )


FENCE_ICONS_PAGE = """---
title: Index
---
import Snip from '/snippets/snip.mdx';

```js A icon="nosuch-one"
a
```

- In a list:

  ```py B icon=nosuch-two
  b
  ```

<CodeGroup>
```python Py icon="python"
x
```
```sh Sh icon='nosuch-three'
y
```
</CodeGroup>

```ts T icon="/images/ts.svg"
t
```

<Snip />
"""


def test_a_fence_icon_no_library_has_is_warned_at_its_place(tmp_path: Path) -> None:
    """As a component's unknown ``icon``: located, the same from check and build (in a list,
    a CodeGroup and a snippet too); a known name or a path is no warning."""
    root = tmp_path / "docs"
    (root / "snippets").mkdir(parents=True)
    (root / "docs.json").write_text(json.dumps({"name": "F", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(FENCE_ICONS_PAGE)
    (root / "snippets" / "snip.mdx").write_text('Snippet.\n\n```go G icon="nosuch-four"\ng\n```\n')
    (root / "images").mkdir()  # a path names a file (a missing one is asset-not-found)
    (root / "images" / "ts.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    check = run_docgen(["check", ".", "--format", "json"], root)
    found = [
        (d["code"], d["file"], d["line"], d["column"], d["message"].split(":")[0])
        for d in json.loads(check.stdout)["diagnostics"]
    ]
    assert found == [
        ("icon-unknown", "index.mdx", 6, 9, 'code block icon="nosuch-one"'),
        ("icon-unknown", "index.mdx", 12, 11, 'code block icon="nosuch-two"'),
        ("icon-unknown", "index.mdx", 20, 10, 'code block icon="nosuch-three"'),
        ("icon-unknown", "snippets/snip.mdx", 3, 9, 'code block icon="nosuch-four"'),
    ]
    text = run_docgen(["check", "."], root)
    build = run_docgen(["build", ".", "-o", str(tmp_path / "out")], root)
    assert build.returncode == 0
    warned = [line for line in (build.stdout + build.stderr).splitlines() if "warning[" in line]
    assert warned == [line for line in text.stdout.splitlines() if "warning[" in line]
    assert len(warned) == 4
