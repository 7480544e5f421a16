"""Local files a page shows or links to (images, videos, PDFs): found, checked, re-pointed.

A markdown-it core rule, active when the parse's ``env`` carries an :class:`AssetScope` (page
bodies; never spec text). For each Markdown image, ``<img>``/``<video>``/``<audio>``/
``<source>`` tag, ``Card img=``, image of a tag's ``style={{...}}``, and link to a file with a
static file's extension (:func:`~docgen.nav.staticfiles.is_static_name`) whose URL is local: a
relative URL is made root-relative against the page's folder (``./logo.svg`` in
``guides/intro.mdx`` is ``/guides/logo.svg``, as Mintlify reads it; the page itself lives at
``guides/intro/``), and a target the site does not copy is an ``asset-not-found`` warning with
its file, line and column.
Links to pages are read the same way, ``.md``/``.mdx`` and ``index`` naming the page's URL.
The renderers then turn root-relative URLs into page-relative ones.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from docgen.config.model import Redirect
from docgen.config.redirects import fold
from docgen.diagnostics import close_matches
from docgen.nav.model import Site
from docgen.nav.staticfiles import is_static_name
from docgen.render.fencemeta import fence_meta
from docgen.render.inlinestyle import IMAGE_PROPS, image_url
from docgen.render.jsx import Tag, Unevaluated, as_text
from docgen.render.linkstate import FORWARD, link_state

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# Tag attributes that name a file the page shows (always checked) or links to (checked when
# the target looks like a static file).
_SHOWN = {"img": ("src",), "video": ("src", "poster"), "audio": ("src",), "source": ("src",)}
_SHOWN_PROPS = {"Card": ("img",)}


@dataclass(frozen=True, slots=True)
class AssetWarning:
    source: str | None  # a snippet's file, or None for the page itself
    line: int
    column: int
    message: str
    code: str = "asset-not-found"  # or "link-not-found": a link to a page the site lacks
    error: bool = False  # an error (``link-unsafe``: render/unsafeurls.py), not a warning
    # the URL; with column 0 (said at a JSX component's use), the texts to look for on the
    # line, one a line, the first found giving the column
    near: str = ""


@dataclass(slots=True)
class AssetScope:
    """What the rule needs: the page's file, the files the site copies, the docs root."""

    page: str
    known: frozenset[str]
    root: Path
    warnings: list[AssetWarning] = field(default_factory=list)
    icons: str = "fontawesome"  # the site's icon library (render/icons.py)
    looked: set[str] = field(default_factory=set)  # the local files looked up in ``known``
    urls: frozenset[str] | None = None  # the site's page URLs, folded (None: links unchecked)
    redirects: tuple[Redirect, ...] = ()  # a link to a redirect's source arrives too
    linked: dict[str, str] = field(default_factory=dict)  # folded path -> "page" or "missing"
    languages: dict[str, str] = field(default_factory=dict)  # fence language -> Pygments lexer


# What a page that looked up a local file it shows "read" (render/page.py, write/jobkeys.py):
# ``COPIED_FILES + path`` -> "copied" or "missing" (not a path any file can have), and
# ``LINKED_PAGES + folded path`` -> "page" or "missing" (the pages it links to).
COPIED_FILES = ":copied:"
LINKED_PAGES = ":linked:"


def looked_up(scope: AssetScope) -> tuple[tuple[str, str], ...]:
    """The local files ``scope``'s page looked up, as reads: whether the site copies each
    (its warnings depend on that; its HTML does not)."""
    files = tuple(
        (COPIED_FILES + name, "copied" if name in scope.known else "missing")
        for name in sorted(scope.looked)
    )
    return files + tuple((LINKED_PAGES + path, scope.linked[path]) for path in sorted(scope.linked))


def copied_files_digest(site: Site) -> str:
    """The hash of the names of the files ``site`` copies (what :data:`COPIED_FILES` reads)."""
    names = "\0".join(sorted(site.static_names()))
    return hashlib.sha256(names.encode("utf-8", "surrogatepass")).hexdigest()


def asset_scope(site: Site, page: str) -> AssetScope:
    """The scope for rendering or checking the page file ``page`` of ``site``."""
    known = site.static_names()
    return AssetScope(
        page,
        known,
        Path(site.root),
        icons=site.config.look.icons,
        urls=site.page_urls(),
        languages=dict(site.config.look.languages),
        redirects=site.config.redirects,
    )


def local_target(url: str, page: str) -> str | None:
    """The docs-root path (posix, no leading ``/``) a local URL names, ``None`` for anything
    else (a scheme, ``//host``, a bare fragment) or a path that leaves the root."""
    path = url.split("#", 1)[0].split("?", 1)[0]
    if not path or _SCHEME.match(path) or path.startswith(("//", "\\")):
        return None
    path = unquote(path)
    joined = (
        path.lstrip("/") if path.startswith("/") else posixpath.join(posixpath.dirname(page), path)
    )
    normal = posixpath.normpath(joined)
    if normal in (".", "") or normal.startswith("../") or normal == "..":
        return None
    return normal


def icon_path(name: str) -> str | None:
    """The root-relative path of an icon given as a file (``icon="/images/ts.svg"``; a
    relative one is read from the docs root, as Mintlify shows it); ``None`` for an icon's
    name or a URL (never fetched: render/icons.py)."""
    if not ("/" in name or "." in name):
        return None
    if "://" in name or name.startswith("//") or ":" in name.split("/", 1)[0]:
        return None
    return name if name.startswith("/") else "/" + name.lstrip("./").lstrip("/")


def _rewritten(url: str, target: str) -> str:
    """``url`` pointing at ``/target``, its query and fragment kept."""
    rest = url[len(url.split("#", 1)[0].split("?", 1)[0]) :]
    return "/" + quote(target, safe="/") + rest


def _page_link(url: str, target: str) -> str | None:
    """A link to a page, as Mintlify reads it: a file name with ``.md``/``.mdx`` or an
    ``index`` names that page's URL, and a relative path is read against the page file's
    folder (``./other`` in ``guides/intro.mdx`` is ``/guides/other``). ``None``: unchanged."""
    path = target
    for suffix in (".mdx", ".md"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
            break
    if path == "index" or path.endswith("/index"):
        path = path[: -len("index")].rstrip("/")
    if path == target and url.startswith("/"):
        return None
    return _rewritten(url, path)


def scope_of(env: Any) -> tuple[AssetScope | None, str | None]:
    """The scope of this parse and the file being parsed (a snippet's, or None)."""
    context = env.get("mdx")
    if context is not None:
        return getattr(context, "assets", None), getattr(context, "source", None)
    scope = env.get("assets")
    return (scope if isinstance(scope, AssetScope) else None), None


def core_rule(state: StateCore) -> None:
    """Check and re-point the local files of a parsed page body (see the module docstring)."""
    scope, source = scope_of(state.env)
    if scope is None:
        return
    lines = state.src.split("\n")
    first = _first_line(state.env)
    for token in state.tokens:
        if token.type == "mdx_open":
            _tag(scope, source, token.meta["tag"], token.map, lines, first, token.meta.get("line"))
            title = token.meta.get("title")  # a title's Markdown links (render/mdxtitle.py)
            for child in title.children or [] if title is not None else []:
                if child.type == "link_open":
                    _attr(scope, source, child, "href", False, token.map, lines, first)
            for prop in [title, *(token.meta.get("props") or {}).values()]:
                for child in prop.children or [] if prop is not None else []:
                    _drawing(scope, source, child, token.map, lines, first)
        elif token.type == "mdx_html":
            _drawing(scope, source, token, token.map, lines, first)
        elif token.type == "fence" and "icon=" in token.info:  # ```ts a.ts icon="/ts.svg"
            _icon(scope, source, fence_meta(token.info).icon, token.map, lines, first, None)
        elif token.type == "inline" and token.children:
            for child in token.children:
                if child.type == "image":
                    _attr(scope, source, child, "src", True, token.map, lines, first)
                elif child.type == "link_open":
                    _attr(scope, source, child, "href", False, token.map, lines, first)
                elif child.type == "mdx_inline":
                    _tag(scope, source, child.meta["tag"], token.map, lines, first, None)
                elif child.type == "mdx_html":
                    _drawing(scope, source, child, token.map, lines, first)


def _first_line(env: Any) -> int:
    context = env.get("mdx")
    if context is not None:
        return int(getattr(context, "root_line", 1))
    return int(env.get("assets_line", 1))


def _attr(
    scope: AssetScope,
    source: str | None,
    token: Token,
    key: str,
    shown: bool,
    where: list[int] | None,
    lines: list[str],
    first: int,
) -> None:
    url = str(token.attrGet(key) or "")
    new = _check(scope, source, url, shown, where, lines, first, None)
    if new is not None:
        token.attrSet(key, new)


def _tag(
    scope: AssetScope,
    source: str | None,
    tag: Tag,
    where: list[int] | None,
    lines: list[str],
    first: int,
    line: int | None,
) -> None:
    shown = _SHOWN.get(tag.name, ()) + _SHOWN_PROPS.get(tag.name, ())
    for key in (*shown, "href"):
        value = tag.attrs.get(key)
        if value is None or isinstance(value, (Unevaluated, bool)):
            continue
        url = as_text(value)
        new = _check(scope, source, url, key in shown, where, lines, first, line)
        if new is not None:
            tag.attrs[key] = new
    icon = tag.attrs.get("icon")
    if isinstance(icon, str) and "icon" not in tag.elements:  # icon={<svg>}: no file's name
        _icon(scope, source, icon, where, lines, first, line)
    style = tag.attrs.get("style")  # style={{ backgroundImage: "url(/images/x.png)" }}
    if isinstance(style, dict):
        for name, written in style.items():
            found = image_url(written) if name in IMAGE_PROPS and isinstance(written, str) else None
            moved = _check(scope, source, found, True, where, lines, first, line) if found else None
            if moved is not None:
                style[name] = f'url("{moved}")'


def _drawing(
    scope: AssetScope,
    source: str | None,
    token: Token,
    where: list[int] | None,
    lines: list[str],
    first: int,
) -> None:
    """An inline ``<svg>``'s ``<image>``s that show files of the site (render/svg.py): each
    checked as an ``<img src>`` is, and its root-relative address noted for the renderer."""
    images: dict[str, str] = (token.meta or {}).get("images") or {}
    for url in images:
        images[url] = _check(scope, source, url, True, where, lines, first, None) or ""


def _icon(
    scope: AssetScope,
    source: str | None,
    name: str,
    where: list[int] | None,
    lines: list[str],
    first: int,
    line: int | None,
) -> None:
    """An icon given as a file of the site is checked as an image is (never re-pointed: the
    renderer reads it from the docs root, render/icons.py)."""
    path = icon_path(name)
    target = local_target(path, scope.page) if path is not None else None
    if target is not None:
        _look(scope, source, name, target, True, where, lines, first, line)


def _check(
    scope: AssetScope,
    source: str | None,
    url: str,
    shown: bool,
    where: list[int] | None,
    lines: list[str],
    first: int,
    line: int | None,
) -> str | None:
    """The URL to use instead of ``url`` (``None``: keep it), warning when it names nothing."""
    target = local_target(url, scope.page)
    if target is None:
        return None
    if not (shown or is_static_name(target)):
        new = _page_link(url, target)
        if scope.urls is not None:
            forwarded = _check_page(scope, source, url, new or url, where, lines, first, line)
            return forwarded or new
        return new
    _look(scope, source, url, target, shown, where, lines, first, line)
    return None if url.startswith("/") else _rewritten(url, target)


def _look(
    scope: AssetScope,
    source: str | None,
    url: str,
    target: str,
    shown: bool,
    where: list[int] | None,
    lines: list[str],
    first: int,
    line: int | None,
) -> None:
    """Note that the page uses the file ``target`` (``url`` as written), warning when the
    site does not copy it."""
    scope.looked.add(target)
    if target not in scope.known:
        at_line, column = _locate(url, where, lines, first, line)
        if (scope.root / target).is_file():
            why = "is in the docs folder but not copied into the site (see asset-skipped)"
        else:
            why = "is not a file of the docs folder"
        what = "shows" if shown else "links to"
        scope.warnings.append(
            AssetWarning(
                source, at_line, column, f"the page {what} '{url}': '{target}' {why}", near=url
            )
        )


def _check_page(
    scope: AssetScope,
    source: str | None,
    url: str,
    rewritten: str,
    where: list[int] | None,
    lines: list[str],
    first: int,
    line: int | None,
) -> str | None:
    """Warn when a link to a page of the site (``rewritten``: root-relative) leads nowhere;
    the link to use instead when it names a page's earlier or Mintlify URL (``None``: keep)."""
    path = unquote(rewritten.split("#", 1)[0].split("?", 1)[0]) or "/"
    assert scope.urls is not None
    state = link_state(scope.urls, scope.redirects, path)
    scope.linked[fold(path)] = state
    if state.startswith(FORWARD):  # a repo written for Mintlify links to Mintlify's URLs
        rest = rewritten[len(rewritten.split("#", 1)[0].split("?", 1)[0]) :]
        return state.removeprefix(FORWARD) + rest
    if state == "missing":
        at_line, column = _locate(url, where, lines, first, line)
        close = close_matches(fold(path), scope.urls, n=1, cutoff=0.75)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        scope.warnings.append(
            AssetWarning(
                source,
                at_line,
                column,
                f"the page links to '{url}': the site has no page at '{path}'{hint}",
                "link-not-found",
                near=url,
            )
        )
    return None


def _locate(
    url: str, where: list[int] | None, lines: list[str], first: int, line: int | None
) -> tuple[int, int]:
    """(line, column) of ``url`` in the parsed text, searched from its block's first line."""
    start = where[0] if where else (line - first if line is not None else 0)
    end = where[1] if where else start + 1
    for index in range(max(0, start), min(len(lines), max(end, start + 1) + 40)):
        column = lines[index].find(url)
        if column != -1:
            return first + index, column + 1
    return (line if line is not None else first + start), 1
