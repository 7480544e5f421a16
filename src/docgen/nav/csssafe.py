"""One of the docs repo's own CSS files, made safe to link from every page of the site.

The file is content (any pull request may change it), so it is read by a real CSS parser
(tinycss2: CSS Syntax Level 3, escapes such as ``u\\72 l(`` decoded as browsers decode them,
error-tolerant) and written back from what was checked, never copied. Left out, each with a
reason for an ``css-dropped`` warning at its line and column:

- ``@import`` (the site never loads a stylesheet it did not check), ``@namespace``, and any
  at-rule browsers do not apply as CSS (``@tailwind``, ``@apply``: docgen runs no PostCSS);
  ``@charset`` silently (the site's file is UTF-8);
- a declaration with a URL that is not http(s) or relative (``data:``, ``javascript:``...), in
  ``url()``, ``src()`` or as a string of ``image()``/``image-set()``, or one such a function
  gets from ``var()``/``attr()``/``env()``; a relative URL that leaves the docs folder;
- script of old browsers: ``expression()``, ``behavior``, ``-moz-binding``;
- a font from another site in ``@font-face`` (as ``fonts`` in docs.json, fonts come from the
  docs folder: with ``unicode-range`` a font's requests tell its host which characters a page
  shows, a signed-in reader's name and what readers type in the playground included);
- what does not parse (browsers drop it too) and blocks nested past :data:`MAX_DEPTH`.

Relative URLs are read against the CSS file's folder (``/x`` against the docs root), as the
static files are copied at the same paths, and written relative to the joined file.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

import tinycss2
from tinycss2 import ast
from tinycss2.serializer import serialize_identifier, serialize_string_value, serialize_url

from docgen.config.urls import scheme_of

MAX_DEPTH = 32  # nested blocks and functions; real style sheets stay under ten
# At-rules browsers apply as CSS (the others are build-tool input or unknown).
_AT_RULES = frozenset(
    " ".join(
        (
            "media supports layer container scope starting-style keyframes -webkit-keyframes",
            "-moz-keyframes font-face property counter-style page font-feature-values",
            "font-palette-values view-transition position-try swash annotation ornaments",
            "stylistic styleset character-variant",
            # @page's margin boxes
            "top-left-corner top-left top-center top-right top-right-corner bottom-left-corner",
            "bottom-left bottom-center bottom-right bottom-right-corner left-top left-middle",
            "left-bottom right-top right-middle right-bottom",
        )
    ).split()
)
_URL_FUNCTIONS = frozenset({"url", "src"})
# Functions whose bare strings are URLs too (``image-set("a.png" 1x)``).
_IMAGE_FUNCTIONS = frozenset(
    {"image", "image-set", "-webkit-image-set", "cross-fade", "-webkit-cross-fade"}
)
# What fills in a value at run time: inside a URL it could be any URL.
_INDIRECT = frozenset({"var", "attr", "env", "if", "inherit"})
# Properties that ran script in old browsers (Internet Explorer's behaviors, Firefox's XBL).
_SCRIPT_PROPERTIES = frozenset({"behavior", "-ms-behavior", "-moz-binding", "binding"})
_URL_SPACE = re.compile(r"[\t\n\r]")  # what browsers remove inside a URL


class _Drop(Exception):
    """Leave out the enclosing declaration or rule, for ``reason``."""

    def __init__(self, reason: str, node: ast.Node) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = node.source_line
        self.column = node.source_column


@dataclass(slots=True)
class Cleaned:
    """The safe text of one file, what was left out (reason, line, column) and the local
    files its URLs name (paths in the docs folder, line, column)."""

    css: str = ""
    dropped: list[tuple[str, int, int]] = field(default_factory=list)
    files: list[tuple[str, int, int]] = field(default_factory=list)


def clean(data: bytes, name: str, prefix: str) -> Cleaned:
    """The safe text of the CSS file ``name`` (its path in the docs folder) holding ``data``;
    ``prefix`` leads from the folder of the file it is written to up to the site root.

    The text is checked once more as a browser would read it: when it does not read back to
    itself (a serialisation corner no rule above foresaw), the whole file is left out."""
    rules, _encoding = tinycss2.parse_stylesheet_bytes(
        data, skip_comments=True, skip_whitespace=True
    )
    cleaned = _Cleaner(name, prefix).run(rules)
    again = _Cleaner(name, prefix, rewrite=False).run(
        tinycss2.parse_stylesheet(cleaned.css, skip_comments=True, skip_whitespace=True)
    )
    if again.css != cleaned.css or again.dropped:
        reason = "the whole file: written back, it would not read as it was checked"
        return Cleaned("", [*cleaned.dropped, (reason, 1, 1)], [])
    return cleaned


class _Cleaner:
    def __init__(self, name: str, prefix: str, rewrite: bool = True) -> None:
        self.folder = posixpath.dirname(name)
        self.prefix = prefix
        self.rewrite = rewrite  # relative URLs: rewritten, or (checking the result) kept
        self.font_face = False  # inside an @font-face block
        self.result = Cleaned()

    def run(self, rules: list[ast.Node]) -> Cleaned:
        self.result.css = "\n".join(self.rules(rules, 0))
        return self.result

    def rules(self, nodes: list[ast.Node], depth: int) -> list[str]:
        """The safe text of each rule or declaration of a style sheet or block."""
        out: list[str] = []
        for node in nodes:
            named = len(self.result.files)
            try:
                text = self._item(node, depth)
            except _Drop as drop:
                self.result.dropped.append((drop.reason, drop.line, drop.column))
                del self.result.files[named:]  # what the left-out part named is not shown
                continue
            if text is not None:
                out.append(text)
        return out

    def _item(self, node: ast.Node, depth: int) -> str | None:
        if depth > MAX_DEPTH:
            raise _Drop(f"blocks nested more than {MAX_DEPTH} deep", node)
        if isinstance(node, ast.ParseError):
            raise _Drop(_unreadable(node), node)
        if isinstance(node, ast.Declaration):
            return self._declaration(node, depth)
        if isinstance(node, ast.QualifiedRule):
            prelude = self.text(node.prelude, depth + 1)
            return prelude + " {" + self._block(node.content, depth + 1) + "}"
        if isinstance(node, ast.AtRule):
            return self._at_rule(node, depth)
        return None  # whitespace, comments

    def _at_rule(self, node: ast.AtRule, depth: int) -> str | None:
        keyword = node.lower_at_keyword
        if keyword == "charset":
            return None
        if keyword == "import":
            raise _Drop(
                "@import: the site loads no style sheet docgen did not check; "
                "put the file in the docs folder instead (every .css file there applies)",
                node,
            )
        if keyword not in _AT_RULES:
            raise _Drop(f"@{node.at_keyword}: not CSS that browsers apply", node)
        if node.content is None and keyword != "layer":
            raise _Drop(f"@{node.at_keyword} without a block", node)
        head = "@" + str(serialize_identifier(node.at_keyword))
        prelude = self.text(node.prelude, depth + 1)
        head += " " + prelude if prelude else ""
        if node.content is None:
            return head + ";"
        self.font_face = keyword == "font-face"
        try:
            return head + " {" + self._block(node.content, depth + 1) + "}"
        finally:
            self.font_face = False

    def _block(self, content: list[ast.Node], depth: int) -> str:
        items = tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True)
        inner = " ".join(self.rules(items, depth))
        return f" {inner} " if inner else ""

    def _declaration(self, node: ast.Declaration, depth: int) -> str:
        if node.lower_name in _SCRIPT_PROPERTIES:
            raise _Drop(f"'{node.name}': it ran script in old browsers", node)
        value = self.text(node.value, depth + 1)
        important = " !important" if node.important else ""
        return str(serialize_identifier(node.name)) + ": " + value + important + ";"

    def text(self, nodes: list[ast.Node], depth: int) -> str:
        """The safe text of a value or prelude, without the white space around it (trimmed as
        tokens: stripping the text could leave the backslash of an escaped space behind)."""
        kept = self.tokens(nodes, depth)
        while kept and isinstance(kept[-1], ast.WhitespaceToken):
            kept.pop()
        while kept and isinstance(kept[0], ast.WhitespaceToken):
            kept.pop(0)
        return str(tinycss2.serialize(kept))

    def tokens(self, nodes: list[ast.Node], depth: int, images: bool = False) -> list[ast.Node]:
        """``nodes`` with each URL checked and rewritten (``images``: inside a function whose
        strings are URLs); raises :class:`_Drop` for what must not be written."""
        out: list[ast.Node] = []
        for node in nodes:
            if depth > MAX_DEPTH:
                raise _Drop(f"blocks nested more than {MAX_DEPTH} deep", node)
            if isinstance(node, ast.Comment):
                continue
            if isinstance(node, ast.ParseError):
                raise _Drop(_unreadable(node), node)
            if isinstance(node, ast.LiteralToken) and node.value == "\\":
                raise _Drop("a backslash that escapes nothing", node)  # it would escape a ';'
            if isinstance(node, ast.AtKeywordToken):
                raise _Drop(f"@{node.value} inside a rule's selector or a value", node)
            if isinstance(node, ast.URLToken):
                url = self._url(node.value, node)
                out.append(
                    ast.URLToken(
                        node.source_line, node.source_column, url, f"url({serialize_url(url)})"
                    )
                )
            elif isinstance(node, ast.StringToken) and images:
                out.append(self._string(node))
            elif isinstance(node, ast.FunctionBlock):
                out.append(self._function(node, depth, images))
            elif isinstance(
                node, (ast.ParenthesesBlock, ast.SquareBracketsBlock, ast.CurlyBracketsBlock)
            ):
                inner = self.tokens(node.content, depth + 1, images)
                out.append(type(node)(node.source_line, node.source_column, inner))
            else:
                out.append(node)
        return out

    def _function(self, node: ast.FunctionBlock, depth: int, images: bool) -> ast.Node:
        name = node.lower_name
        if "expression" in name:
            raise _Drop(f"{node.name}(): it ran script in old browsers", node)
        if name in _URL_FUNCTIONS:
            args = [arg for arg in node.arguments if not isinstance(arg, ast.WhitespaceToken)]
            if not args or not isinstance(args[0], ast.StringToken):
                raise _Drop(f"{node.name}() that does not hold a quoted URL", node)
            if any(not isinstance(arg, ast.IdentToken) for arg in args[1:]):
                raise _Drop(f"{node.name}() with more than a URL", node)
            url = self._string(args[0])
            return ast.FunctionBlock(
                node.source_line, node.source_column, node.name, [url, *args[1:]]
            )
        if images and name in _INDIRECT:
            raise _Drop(f"{node.name}() where a URL goes: it could stand for any URL", node)
        inner = self.tokens(node.arguments, depth + 1, images or name in _IMAGE_FUNCTIONS)
        return ast.FunctionBlock(node.source_line, node.source_column, node.name, inner)

    def _string(self, node: ast.StringToken) -> ast.StringToken:
        url = self._url(node.value, node)
        if url == node.value:
            return node
        return ast.StringToken(
            node.source_line, node.source_column, url, f'"{serialize_string_value(url)}"'
        )

    def _url(self, value: str, node: ast.Node) -> str:
        """``value`` as the joined file must write it: http(s) and ``//host`` URLs as they
        are, relative ones rewritten; raises :class:`_Drop` for any other."""
        url = _URL_SPACE.sub("", value).strip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c ")
        url = url.replace("\\", "/")  # as browsers read http(s) URLs
        if not url or url.startswith("#"):
            return url  # an element of the page (SVG filters, masks)
        scheme = scheme_of(url)
        if self.font_face and (scheme is not None or url.startswith("//")):
            raise _Drop(
                f"the font {_shown(value)!r}: @font-face loads fonts from the docs folder only, "
                "as 'fonts' does (a font from another site, split by unicode-range, would tell "
                "that site which characters a page shows: a reader's name, what they type)",
                node,
            )
        if scheme is not None:
            if scheme in ("http", "https"):
                return url
            raise _Drop(f"the URL {_shown(value)!r}: only http(s) and relative URLs are kept", node)
        if url.startswith("//") or not self.rewrite:
            return url  # //host: the site's own scheme, http(s)
        cut = min((i for i in (url.find("?"), url.find("#")) if i >= 0), default=len(url))
        path, rest = url[:cut], url[cut:]
        if not path:
            return url
        folder = "" if path.startswith("/") else self.folder
        joined = posixpath.normpath(posixpath.join(folder, path.lstrip("/")))
        # Checked as the browser reads it: "%2e%2e" is a ".." segment there.
        target = posixpath.normpath(posixpath.join(folder, unquote(path).lstrip("/")))
        if _leaves(joined) or _leaves(target):
            raise _Drop(f"the URL {_shown(value)!r} leads out of the docs folder", node)
        self.result.files.append((target, node.source_line, node.source_column))
        return self.prefix + joined + rest


_UNREADABLE = {
    "bad-string": "a string that is not closed on its line",
    "bad-url": "a url() that is not well formed",
    "eof-in-string": "a string that the file ends inside",
    "eof-in-url": "a url() that the file ends inside",
}


def _unreadable(node: ast.ParseError) -> str:
    """What does not parse, in docgen's words (the parser's own are its wording)."""
    kind = str(node.kind)
    if kind in (")", "]", "}"):
        return f"CSS that does not parse (an unmatched '{kind}')"
    return f"CSS that does not parse ({_UNREADABLE.get(kind, 'not a rule or declaration')})"


def _leaves(path: str) -> bool:
    """Whether the normalised relative ``path`` leads above the folder it starts from."""
    return path == ".." or path.startswith("../")


def _shown(url: str) -> str:
    return url if len(url) <= 60 else url[:57] + "..."
