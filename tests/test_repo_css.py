"""The docs repo's own ``.css`` files: found like static files, made safe by a real CSS parser
(nav/csssafe.py), joined into ``_docgen/custom.css`` and linked after docgen's style sheets
(nav/repocss.py). What they may not do (security.md 1, 2, 20, 21): load another style sheet,
run script, or name a URL that is not http(s) or relative."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
import tinycss2
from hypothesis import given, settings
from hypothesis import strategies as st
from test_static import _build_in_process as build_cached

from docgen.diagnostics import Code, Diagnostics
from docgen.nav.csssafe import clean
from docgen.nav.ignore import Ignore
from docgen.nav.repocss import MAX_FILE_BYTES, REPO_CSS, discover_styles


def _clean(css: str, name: str = "style.css") -> tuple[str, list[str]]:
    result = clean(css.encode(), name, "../")
    return result.css, [reason for reason, _line, _column in result.dropped]


def _urls(css: str, names: list[str] | None = None) -> list[str]:
    """Every URL of ``css`` as a browser reads it (url() tokens, url()/src() strings, the
    strings of image-set()); ``names`` gets the at-rules' and functions' names."""
    found: list[str] = []
    seen = names if names is not None else []

    def walk(nodes: list[tinycss2.ast.Node], images: bool = False) -> None:
        for node in nodes:
            if isinstance(node, tinycss2.ast.URLToken) or (
                isinstance(node, tinycss2.ast.StringToken) and images
            ):
                found.append(node.value)
            elif isinstance(node, tinycss2.ast.AtRule):
                seen.append("@" + node.lower_at_keyword)
            elif isinstance(node, tinycss2.ast.FunctionBlock):
                seen.append(node.lower_name + "(")
                if node.lower_name in ("url", "src"):
                    found.extend(a.value for a in node.arguments if a.type == "string")
                walk(node.arguments, images or node.lower_name.endswith("image-set"))
            for part in ("prelude", "content", "value"):
                inner = getattr(node, part, None)
                if isinstance(inner, list):
                    walk(inner, images)

    walk(tinycss2.parse_stylesheet(css))
    return found


# -- what is left out --------------------------------------------------------------------


def test_import_is_left_out_with_a_warning() -> None:
    css, dropped = _clean('@import url("https://fonts.example.com/x.css");\n.a { color: red }')
    assert "@import" not in css and ".a { color: red; }" in css
    assert len(dropped) == 1 and "@import" in dropped[0]


@pytest.mark.parametrize(
    "value",
    [
        "url(javascript:alert(1\\))",
        "url('JavaScript:alert(1)')",
        "url(vbscript:x)",
        'url("data:image/svg+xml,<svg onload=alert(1)>")',
        "u\\72 l(javascript:x)",  # escapes: the parser reads "url("
        '\\75 \\72 \\6c ("data:x")',
        'url("java\\9 script:x")',  # a tab inside the scheme, which browsers remove
        'url("  javascript:x")',
        'url("javascript&colon;x")',
        'image-set("data:image/png;base64,AA" 1x)',
        '-webkit-image-set("javascript:x" 1x)',
        'src("data:x")',
        "src(var(--u))",  # var() where a URL goes could stand for any URL
        "image-set(var(--u) 1x)",
        "url(attr(data-x))",
    ],
)
def test_a_declaration_with_an_unsafe_url_is_left_out(value: str) -> None:
    css, dropped = _clean(f".a {{ color: red; background: {value}; }}")
    assert css == ".a { color: red; }"
    assert len(dropped) == 1


@pytest.mark.parametrize(
    "declaration",
    [
        "width: expression(alert(1))",
        "width: EXPRESSION(alert(1))",
        "width: -ms-expression(alert(1))",
        "behavior: url(x.htc)",
        "beh\\61 vior: url(x.htc)",
        "-moz-binding: url(x.xml#b)",
    ],
)
def test_script_of_old_browsers_is_left_out(declaration: str) -> None:
    css, dropped = _clean(f".a {{ {declaration}; top: 0 }}")
    assert css == ".a { top: 0; }"
    assert len(dropped) == 1


def test_other_at_rules_are_left_out_but_css_ones_are_kept() -> None:
    css, dropped = _clean(
        '@charset "utf-8"; @namespace svg url(http://www.w3.org/2000/svg);\n'
        "@tailwind base;\n"
        "@media (max-width: 600px) { .a { top: 0 } }\n"
        "@supports (display: grid) { .b { display: grid } }\n"
        "@keyframes spin { from { rotate: 0deg } to { rotate: 360deg } }\n"
        "@font-face { font-family: X; src: url(fonts/x.woff2) format('woff2') }\n"
        "@layer base, theme;\n"
        ".c { color: red; & .d { color: blue } @media (width > 1px) { top: 1px } }"
    )
    assert "@charset" not in css and "@namespace" not in css and "@tailwind" not in css
    for kept in ("@media (max-width: 600px)", "@supports", "@keyframes spin", "@layer base"):
        assert kept in css
    assert "url(../fonts/x.woff2)" in css and "& .d { color: blue; }" in css
    assert len(dropped) == 2  # @namespace, @tailwind: @charset goes without a word


def test_fonts_from_another_site_are_left_out_but_images_from_one_are_kept() -> None:
    """A remote font split by unicode-range tells its host which characters a page shows (a
    reader's name, a typed key); fonts come from the docs folder, as docs.json's `fonts`."""
    css, dropped = _clean(
        "@font-face { font-family: L; src: url(https://leak.example/a.woff2);"
        " unicode-range: U+61 }\n"
        "@font-face { font-family: M; src: local(M), url('//cdn.example/m.woff2') }\n"
        "@font-face { font-family: N; src: url(fonts/n.woff2) format('woff2') }\n"
        "@media screen { @font-face { font-family: O; src: url(HTTPS://leak.example/o) } }\n"
        ".hero { background: url(https://cdn.example/hero.png) }"
    )
    assert [url for url in _urls(css) if "leak" in url or "cdn.example/m" in url] == []
    assert "url(../fonts/n.woff2)" in css and "url(https://cdn.example/hero.png)" in css
    assert len(dropped) == 3


def test_what_does_not_parse_is_left_out_where_it_is_and_the_rest_kept() -> None:
    result = clean(b'.a { color: red }\n.b { content: "open\n}\n.c { top: 0 }\n}', "x.css", "")
    assert ".a { color: red; }" in result.css and ".c { top: 0; }" in result.css
    assert [(line, column) for _reason, line, column in result.dropped] == [(2, 15), (5, 1)]


def test_nesting_is_bounded_and_fast() -> None:
    started = time.perf_counter()
    for css in (b".a{b:" + b"(" * 100_000, b".a{" * 100_000, b"[" * 100_000):
        result = clean(css, "deep.css", "")
        assert result.dropped  # and no RecursionError
    assert time.perf_counter() - started < 10


# -- URLs that stay ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "written", "shown"),
    [
        ("style.css", "url(images/a.png)", "../images/a.png"),
        ("style.css", "url(./images/a.png)", "../images/a.png"),
        ("style.css", "url('/images/a.png')", "../images/a.png"),
        ("styles/x.css", "url(../images/a.png)", "../images/a.png"),
        ("styles/x.css", "url(img/a.png?v=2#frag)", "../styles/img/a.png?v=2#frag"),
        ("snippets/s.css", "url('/fonts/x woff.woff2')", "../fonts/x woff.woff2"),
        ("style.css", "url(https://cdn.example.com/a.png)", "https://cdn.example.com/a.png"),
        ("style.css", "url(//cdn.example.com/a.png)", "//cdn.example.com/a.png"),
        ("style.css", "url(#mask)", "#mask"),
        ("style.css", "image-set('a.png' 1x, url(b.png) 2x)", "../a.png"),
    ],
)
def test_urls_are_kept_and_relative_ones_point_at_the_copied_file(
    name: str, written: str, shown: str
) -> None:
    result = clean(f".a {{ background: {written} }}".encode(), name, "../")
    assert result.dropped == []
    assert shown in _urls(result.css), result.css


def test_a_relative_url_out_of_the_docs_folder_is_left_out() -> None:
    css, dropped = _clean(".a { background: url(../../etc/x.png); top: 0 }", "styles/x.css")
    assert css == ".a { top: 0; }" and len(dropped) == 1


@pytest.mark.parametrize(
    "url", ["%2e%2e/%2e%2e/etc/x.png", ".%2E/.%2e/etc/x.png", "a/%2e%2e/%2e%2e/%2e%2e/x.png"]
)
def test_a_percent_encoded_dot_segment_cannot_lead_out_of_the_docs_folder(url: str) -> None:
    """Browsers read "%2e%2e" as "..": such a URL leaves the folder as "../" does."""
    result = clean(f".a {{ background: url({url}); top: 0 }}".encode(), "styles/x.css", "../")
    assert result.css == ".a { top: 0; }" and len(result.dropped) == 1
    assert result.files == []


def test_a_percent_encoded_url_names_the_file_the_browser_asks_for() -> None:
    result = clean(b".a { b: url(img/%2e%2e/bg%20one.png) }", "styles/x.css", "../")
    assert [name for name, _l, _c in result.files] == ["styles/bg one.png"]


def test_the_files_a_left_out_declaration_named_are_not_reported() -> None:
    result = clean(b".a { b: image-set('ok.png' 1x, 'data:x' 2x); c: url(kept.png) }", "s.css", "")
    assert [name for name, _l, _c in result.files] == ["kept.png"]


# Fragments of hostile CSS: whatever order they come in, the written text holds no URL but
# http(s) or relative ones, and reads back to itself (nothing new appears when it is parsed).
_PIECES = [
    "url(",
    "u\\72 l(",
    "\\75 rl(",
    "src(",
    "image-set(",
    ")",
    "(",
    '"',
    "'",
    "\\",
    "javascript:",
    "data:",
    "x.png",
    "https://a.example/",
    "//",
    "/*",
    "*/",
    "{",
    "}",
    ";",
    ":",
    ".a",
    "@import ",
    "@media x",
    "expression(",
    "behavior",
    " ",
    "\n",
    "var(--x)",
    "#",
    "!important",
    "--x",
    "\\\n",
    "\\ ",
    "a\\ ",
    "\\72 ",
    "\\)",
    "<!--",
    "-->",
    "[",
    "]",
    ",",
    "1x",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_written_css_holds_only_safe_urls_and_is_stable(pieces: list[str]) -> None:
    text = ".a { background: " + "".join(pieces) + " }"
    once = clean(text.encode(), "style.css", "")
    names: list[str] = []
    for url in _urls(once.css, names):
        squeezed = "".join(c for c in url if c > " ").lower()
        assert not squeezed.startswith(("javascript:", "data:", "vbscript:")), once.css
    assert not any("expression(" in name or name == "@import" for name in names)
    assert not any("whole file" in reason for reason, _l, _c in once.dropped), text
    again = clean(once.css.encode(), "style.css", "")
    assert again.css == once.css and again.dropped == []


def test_an_escape_at_the_end_of_a_value_cannot_swallow_what_follows() -> None:
    # "a\ " is the name "a " : trimming the text instead of the tokens left "a\" before ";"
    css, dropped = _clean('.a { b: a\\ ; c: image-set(\\\n); d: "data:x" }')
    assert dropped == ["a backslash that escapes nothing"]
    rule = tinycss2.parse_stylesheet(css)[0]
    items = tinycss2.parse_blocks_contents(rule.content)
    names = [d.name for d in items if d.type == "declaration"]
    assert names == ["b", "d"]


# -- the files -----------------------------------------------------------------------------


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_which_files_apply_and_in_what_order(tmp_path: Path) -> None:
    _write(
        tmp_path / "docs",
        {
            "style.css": ".root {}",
            "a/x.css": ".ax {}",
            "a-b.css": ".ab {}",  # before "a/x.css" in path order, after it in walk order
            "snippets/styles.css": ".snip {}",
            "STYLES.CSS": ".upper {}",
            "node_modules/lib/lib.css": ".nm {}",
            "_private/p.css": ".p {}",
            ".hidden/h.css": ".h {}",
            "_draft.css": ".d {}",
            "ignored/i.css": ".i {}",
            ".mintignore": "ignored/\n",
        },
    )
    root = tmp_path / "docs"
    (tmp_path / "outside.css").write_text(".out {}")
    os.symlink(tmp_path / "outside.css", root / "link-out.css")
    os.symlink(root / "style.css", root / "link-in.css")
    diagnostics = Diagnostics()
    styles = discover_styles(root, diagnostics, ignore=Ignore.load(root, diagnostics))
    assert styles is not None
    assert styles.sources == (
        "STYLES.CSS",
        "a-b.css",
        "a/x.css",
        "link-in.css",
        "snippets/styles.css",
        "style.css",
    )
    assert styles.text.index("/* a-b.css */") < styles.text.index("/* a/x.css */")
    assert [(d.code, d.file) for d in diagnostics] == [(Code.ASSET_SKIPPED, "link-out.css")]


def test_no_css_file_no_style_sheet(tmp_path: Path) -> None:
    _write(tmp_path, {"index.mdx": "# Hi"})
    assert discover_styles(tmp_path, Diagnostics()) is None


def test_a_file_name_cannot_end_its_comment(tmp_path: Path) -> None:
    _write(tmp_path, {"x*/ .pwned{color:red} .css": ".a { top: 0 }"})
    styles = discover_styles(tmp_path, Diagnostics())
    assert styles is not None
    rules = tinycss2.parse_stylesheet(styles.text, skip_comments=True, skip_whitespace=True)
    assert [tinycss2.serialize(r.prelude).strip() for r in rules[1:]] == [".a"]


def test_a_file_too_large_is_skipped_unread(tmp_path: Path) -> None:
    _write(tmp_path, {"big.css": ".r{color:red}" * (MAX_FILE_BYTES // 13 + 1), "ok.css": ".a{}"})
    diagnostics = Diagnostics()
    started = time.perf_counter()
    styles = discover_styles(tmp_path, diagnostics)
    assert time.perf_counter() - started < 1
    assert styles is not None and styles.sources == ("ok.css",)
    assert [(d.code, d.file) for d in diagnostics] == [(Code.ASSET_SKIPPED, "big.css")]


# -- the site ------------------------------------------------------------------------------

PAGE = '---\ntitle: Home\n---\n\n<div className="uo-hero">Hero</div>\n'


def _site(root: Path, css: dict[str, str]) -> Path:
    _write(root, {"index.mdx": PAGE, "images/bg.png": "png", **css})
    (root / "docs.json").write_text(json.dumps({"name": "S", "navigation": {"pages": ["index"]}}))
    return root


def test_the_build_writes_and_links_the_joined_style_sheet_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    css = ".uo-hero { background: url(../images/bg.png) }"
    root = _site(tmp_path / "docs", {"styles/main.css": css})
    out = tmp_path / "out"
    build_cached(root, out)
    assert (out / REPO_CSS).read_text() == (
        '@charset "utf-8";\n/* styles/main.css */\n'
        ".uo-hero { background: url(../images/bg.png); }\n"
    )
    assert (out / "images" / "bg.png").is_file()
    html = (out / "index.html").read_text()
    links = [line for line in html.splitlines() if 'rel="stylesheet"' in line]
    assert links[-1] == '<link rel="stylesheet" href="./_docgen/custom.css">'
    manifest = json.loads((out / "_docgen" / "manifest.json").read_text())
    assert "styles/main.css" not in manifest.get("static", [])  # the source is not copied


def test_a_rebuild_takes_an_edited_added_or_removed_css_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = _site(tmp_path / "docs", {})
    out = tmp_path / "out"
    build_cached(root, out)
    assert not (out / REPO_CSS).exists() and "custom.css" not in (out / "index.html").read_text()
    (root / "style.css").write_text(".uo-hero { color: red }")
    build_cached(root, out)  # the page links the new file: it is not reused
    assert "custom.css" in (out / "index.html").read_text()
    assert ".uo-hero { color: red; }" in (out / REPO_CSS).read_text()
    (root / "style.css").write_text(".uo-hero { color: blue }")
    assert build_cached(root, out) == 1  # the page is reused, the style sheet is new
    assert ".uo-hero { color: blue; }" in (out / REPO_CSS).read_text()
    (root / "style.css").unlink()
    build_cached(root, out)
    assert not (out / REPO_CSS).exists() and "custom.css" not in (out / "index.html").read_text()


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_url_naming_a_file_outside_or_a_name_too_long_reports_no_more(
    tmp_path: Path, command: str
) -> None:
    """Whether a file outside the docs folder exists is never told (a link out, a name with
    "%2e%2e"), and a name too long for the file system is a missing file, not an internal
    error."""
    from refresh_fixtures import run_docgen

    (tmp_path / "secret.png").write_text("x")
    root = tmp_path / "docs"
    css = (
        ".a { background: url(%2e%2e/%2e%2e/secret.png) }\n"
        ".b { background: url(out/secret.png) }\n"
        f".c {{ background: url({'y' * 5000}.png) }}\n"
    )
    _site(root, {"styles/x.css": css})
    (root / "out").symlink_to(tmp_path)
    args = ["-o", str(tmp_path / "site")] if command == "build" else []
    run = run_docgen([command, "docs.json", *args], root)
    assert run.returncode == 0, run.stderr
    assert "internal error" not in run.stderr
    output = run.stdout + run.stderr
    assert "is not copied into the site" not in output, output
    assert "leads out of the docs folder" in output
