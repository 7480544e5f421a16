"""URLs a page may not write: found while parsing, reported where they are, never written.

A page comes from a pull request (security.md 2 and 21). Its Markdown links and images, the
``href``/``src``/``poster``/``img`` of its tags and components (``<a>``, ``<img>``, ``<Card>``...),
the images of their ``style={{...}}``, the links of a component's title and of its element
props are read as a browser would read them: entities decoded, whitespace and control
characters removed, scheme in any letter case.
Only ``http(s)``, ``mailto``, ``tel`` and relative URLs are written, and a ``data:`` URL of a
raster image where the page shows an image (``![](data:image/png;base64,...)``, ``<img src>``:
an ``<img>`` runs nothing, and Mintlify shows them). A script-capable URL (``javascript:``,
``vbscript:``, another ``data:``) is a ``link-unsafe`` error at its line and column, in ``check``
and ``build`` alike; any other scheme (an app's link: ``cursor://``, ``vscode:``) a warning. The
page shows the link's text (an image its alt text) with no link. A relative URL that decodes
to a script scheme (``javascript%3A...``) is refused too: it is an attack, not a path.

A markdown-it core rule; the renderers check again as they write (render/markdown.py,
``mdxtags.href``), so a URL this rule does not see is still never written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from docgen.config import urls
from docgen.render.assets import AssetScope, AssetWarning, scope_of
from docgen.render.jsx import SCAN_FACTOR, Tag, Unevaluated, as_text, may_scan, scan_tag, spent

CODE = "link-unsafe"
PAGE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
_KEYS = ("href", "src", "poster", "img")  # the attributes and props a page's URL is written from
_SHOWN = frozenset({"src", "poster", "img"})
_SVG_IMAGE = re.compile(r"data:image/svg\+xml[;,]")
# The images of a style={{...}}: url("..."), url('...'), url(...) as CSS reads each.
_STYLE_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))""", re.IGNORECASE)


def refused(url: str, shown: bool = False) -> tuple[str, bool] | None:
    """Why a page may not write ``url``, and whether that is an error (script-capable) rather
    than a warning (another scheme: an app's deep link, ``ftp:``); ``None``: it may.
    ``shown``: where the page shows an image (a raster ``data:`` image is kept there)."""
    scheme = urls.scheme_of(url)
    if scheme is None or scheme in PAGE_SCHEMES:
        if urls.script_capable(url):
            return f"it decodes to a {urls.decoded(url).split(':', 1)[0]}: URL", True
        return None
    if scheme == "data":
        if shown and _SVG_IMAGE.match(urls.decoded(url)):
            # Shown as an image, an SVG runs nothing; docgen writes raster data: images only.
            return "docgen shows no SVG data: image (a raster one, or a file, is shown)", False
        if not urls.raster_image(url):
            return "a data: URL other than a raster image can hold script", True
        return None if shown else ("a browser opens no data: URL as a page", False)
    if urls.script_capable(url):
        return f"a {scheme}: URL runs script", True
    return f"docgen writes no {scheme}: URL (it may open another program)", False


def element_urls(source: str, nested: int = 1) -> Iterator[tuple[str, str] | None]:
    """(attribute, URL) of each URL attribute (:data:`_KEYS`, ``xlink:href``) of the tags of
    an element given as a prop, elements in their attributes included (as deep as the page's
    parse reads them, :data:`~docgen.render.jsx.MAX_ELEMENT_NESTING`). What it reads is charged
    to the page's scanning budget (render/jsx.py); once that is spent it yields ``None`` and
    stops (an element nested 200 deep was read again at each level: 0.5 s for 3 KB)."""
    pos = source.find("<")
    while pos != -1:
        if not may_scan(pos):
            yield None
            return
        tag = scan_tag(source, pos, nested=nested)
        if tag is None:
            following = source.find("<", pos + 1)
            spent((following if following != -1 else len(source)) - pos)
            pos = following
            continue
        spent(tag.end - pos)
        for key in (*_KEYS, "xlink:href"):
            value = tag.attrs.get(key)
            if value is not None and not isinstance(value, (Unevaluated, bool)):
                yield key, as_text(value)
        for inner in tag.elements.values():
            for found in element_urls(inner, nested + 1):
                yield found
                if found is None:
                    return
        pos = source.find("<", max(tag.end, pos + 1))


def writable(url: str, shown: bool = False) -> bool:
    return refused(url, shown) is None


def core_rule(state: StateCore) -> None:
    """Take every unsafe URL out of the parsed page and report each (with a page's scope)."""
    scope, source = scope_of(state.env)
    found = Findings(scope, source, state)
    for token in state.tokens:
        if token.type == "mdx_open":
            found.tag(token.meta, token.map, token.meta.get("line"))
            for inline in _inlines(token.meta):
                inline.children = found.children(inline.children or [], token.map)
        elif token.type == "inline" and token.children:
            token.children = found.children(token.children, token.map)


def _inlines(meta: dict[str, Any]) -> Iterator[Token]:
    """A component's title and element props, as inline tokens."""
    title = meta.get("title")
    if isinstance(title, Token):
        yield title
    props = meta.get("props") or {}
    yield from (p for p in props.values() if isinstance(p, Token))


class Findings:
    """What :func:`core_rule` takes out of one parse, reported to ``scope``."""

    def __init__(self, scope: AssetScope | None, source: str | None, state: StateCore) -> None:
        self.scope, self.source = scope, source
        self.lines = state.src.split("\n")
        context = state.env.get("mdx")
        self.first = int(
            getattr(context, "root_line", 1) if context else state.env.get("assets_line", 1)
        )
        self.locator = Locator(self.lines, self.first)

    def tag(self, meta: dict[str, Any], where: list[int] | None, line: int | None) -> None:
        """The URLs of a component's or tag's attributes, of its style and of the element
        props not read as inline tokens (``icon={<img src="...">}``: those are, in
        :func:`_inlines`)."""
        tag: Tag = meta["tag"]
        parsed = {*(meta.get("props") or ()), *(("title",) if meta.get("title") else ())}
        for name, source in tag.elements.items():
            if name in parsed:
                continue
            for found_url in element_urls(source):
                if found_url is None:
                    self.unread(name, tag, where, line)
                    break
                key, url = found_url
                shown = key in _SHOWN
                if (found := refused(url, shown)) is not None:
                    self.report(url, found, shown, where, line)
        for key in _KEYS:
            value = tag.attrs.get(key)
            if value is None or isinstance(value, (Unevaluated, bool)):
                continue
            url = as_text(value)
            shown = key in _SHOWN and tag.name != "iframe"  # an iframe is shown as a link
            found = refused(url, shown)
            if found is not None:
                del tag.attrs[key]
                self.report(url, found, shown, where, line)
        style = tag.attrs.get("style")
        for value in style.values() if isinstance(style, dict) else ():
            for parts in _STYLE_URL.findall(value) if isinstance(value, str) else ():
                url = "".join(parts).strip()
                found = refused(url, shown=True)  # (render/inlinestyle.py never writes it)
                if found is not None:
                    self.report(url, found, True, where, line, "style")

    def unread(self, name: str, tag: Tag, where: list[int] | None, line: int | None) -> None:
        """Say where the page's scanning budget ran out in an element prop's URLs: those not
        read are not reported (a renderer still writes no unsafe one)."""
        if self.scope is None:
            return
        at_line, column = self.locator.locate(f"{name}={{", where, line)
        message = (
            f"<{tag.name}> {name}={{...}}: its URLs were not all checked (reading them would read "
            f"the page more than {SCAN_FACTOR} times over); an unsafe one is left out unreported"
        )
        self.scope.warnings.append(
            AssetWarning(self.source, at_line, column, message, "mdx-too-deep", near=name)
        )

    def children(self, children: list[Token], where: list[int] | None) -> list[Token]:
        """``children`` without their unsafe links (their text kept) and images (their alt
        text kept), each reported."""
        out: list[Token] = []
        dropped: list[int] = []  # the levels of the links taken out, to take their ends out
        for child in children:
            if child.type == "link_open":
                url = str(child.attrGet("href") or "")
                found = refused(url)
                if found is not None:
                    self.report(url, found, False, where, None)
                    dropped.append(child.level)
                    continue
            elif child.type == "link_close" and dropped and dropped[-1] == child.level:
                dropped.pop()
                continue
            elif child.type == "image":
                url = str(child.attrGet("src") or "")
                found = refused(url, shown=True)
                if found is not None:
                    self.report(url, found, True, where, None)
                    text = Token("text", "", 0)
                    text.content = child.content
                    out.append(text)
                    continue
            elif child.type == "mdx_inline":
                self.tag(child.meta, where, None)
                for inline in _inlines(child.meta):  # its title and element props
                    inline.children = self.children(inline.children or [], where)
            out.append(child)
        return out

    def report(
        self,
        url: str,
        found: tuple[str, bool],
        shown: bool,
        where: list[int] | None,
        line: int | None,
        style: str = "",
    ) -> None:
        if self.scope is None:
            return
        why, error = found
        at_line, column = self.locator.locate(url, where, line)
        written = url if len(url) <= 60 else url[:57] + "..."
        if style:
            rule = "a page's style shows http(s) and site images; left out of the style"
        elif shown:
            rule = "a page shows http(s), relative and data: raster images; its alt text is shown"
        else:
            rule = "a page links to http(s), mailto, tel and relative URLs; its text is shown"
        what = "styles with" if style else "shows" if shown else "links to"
        message = f"the page {what} {written!r}: {why}; {rule}"
        self.scope.warnings.append(
            AssetWarning(self.source, at_line, column, message, CODE, error=error, near=url)
        )


_REFERENCE = re.compile(r" {0,3}\[[^\]]+\]:")  # a Markdown reference definition's line

# Where a URL starts: a Markdown link's or reference's destination, an attribute's value, an
# autolink.
_OPENERS = re.compile(r"\]\(\s*<?|\]:\s*<?|=\s*\{?\s*[\"'`]|<(?=[a-zA-Z][a-zA-Z0-9+.-]*:)")


class Locator:
    """Finds where a page writes the URLs reported in it (:meth:`locate`). A URL reported
    again is placed at its next occurrence, and each row's link starts are decoded once, so a
    page of thousands of encoded links is located in linear time."""

    def __init__(self, lines: list[str], first: int) -> None:
        self.lines, self.first = lines, first
        self._starts: dict[int, dict[str, list[tuple[int, str]]]] = {}
        self._used: set[tuple[int, int]] = set()
        self._next: dict[tuple[str, int], int] = {}  # (URL, row) -> where to search on

    def locate(self, url: str, where: list[int] | None, line: int | None) -> tuple[int, int]:
        """(line, column) of ``url`` as the page writes it, searched from its block's first
        line: the URL itself, else the link destination or attribute value that reads as it
        once entities and percent-escapes are decoded (a Markdown link's URL arrives decoded)."""
        start = where[0] if where else (line - self.first if line is not None else 0)
        end = where[1] if where else start + 1
        # The block's own lines, then the reference definitions of the 40 lines after it (all
        # 40 lines for a URL with no block): a URL a tag took from a constant is written on
        # none of them (the block's first line then, not a later link with the same URL).
        own = range(max(0, start), min(len(self.lines), max(end, start + 1)))
        after = range(own.stop, min(len(self.lines), max(end, start + 1) + 40))
        rows = [*own, *(i for i in after if where is None or _REFERENCE.match(self.lines[i]))]
        for index in rows:
            column = self._literal(url, index)
            if column != -1:
                return self.first + index, column + 1
        full = urls.decoded(url)[:_COMPARED]
        key = full[:_PREFIX]
        for index in rows:
            starts = self._starts.get(index)
            if starts is None:
                starts = self._starts[index] = _starts(self.lines[index])
            if len(key) == _PREFIX:  # the usual case: looked up, not searched
                candidates = starts.get(key, [])
            else:
                candidates = sorted(
                    c for k, found in starts.items() if k.startswith(key) for c in found
                )
            for column, decoded in candidates:
                if decoded.startswith(full) and (index, column) not in self._used:
                    self._used.add((index, column))
                    return self.first + index, column + 1
        return (line if line is not None else self.first + start), 1

    def _literal(self, url: str, index: int) -> int:
        """The next column of row ``index`` where ``url`` is written, not yet reported; -1."""
        column = self.lines[index].find(url, self._next.get((url, index), 0))
        if column != -1:
            self._next[url, index] = column + 1
            self._used.add((index, column))
        return column


def _starts(text: str) -> dict[str, list[tuple[int, str]]]:
    """Each URL written in ``text``, decoded, by its first characters: (column, text)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for match in _OPENERS.finditer(text):
        decoded = urls.decoded(text[match.end() : match.end() + _WINDOW])[:_COMPARED]
        found.setdefault(decoded[:_PREFIX], []).append((match.end(), decoded))
    return found


# What Locator compares: the decoded URL's first characters (a key of _PREFIX, then up to
# _COMPARED), read from a window of the written text that holds them however encoded.
_PREFIX = 16
_COMPARED = 200
_WINDOW = 1024
