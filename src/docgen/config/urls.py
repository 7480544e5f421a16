"""Every URL a config can put into a page is ``http(s)``, ``mailto`` or relative.

A contributor's ``docs.json`` / ``mint.json`` is content (security.md 21): a ``javascript:`` or
``data:`` navigation ``href`` would otherwise be written as a link on every page. The check
reads each string under a URL-carrying key (``href``, ``url``, ``loginUrl``, any key ending in
``url``/``href``, every value of ``footer.socials``) and each link and image of the Markdown a
config shows (``banner.content``, ``errors.404.description``) the way a browser would: entities
decoded, ASCII whitespace and control characters removed, scheme compared case-insensitively;
a URL that decodes (entities, percent-escapes) to a script scheme is refused as well.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

from markdown_it import MarkdownIt

from docgen.config.validate import pointer as pointer_of

ALLOWED = ("http", "https", "mailto")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED = re.compile(r"[\x00-\x20\x7f]")  # what browsers strip from or ignore inside a URL


def scheme_of(url: str) -> str | None:
    """The scheme a browser would see in ``url`` (lower case), or ``None`` when relative."""
    cleaned = _IGNORED.sub("", html.unescape(url))
    match = _SCHEME.match(cleaned)
    return match.group(1).lower() if match else None


# The <meta> tags whose content is a URL (``og:image``, ``twitter:image``, ``og:url``...).
META_URL_SUFFIXES = ("image", "url", "video", "audio", "secure_url")


def meta_url_allowed(name: str, content: str) -> bool:
    """Whether the <meta> tag ``name`` may carry ``content``: a URL tag an http(s) URL or a
    site path, like a link (never ``mailto:``)."""
    if not name.endswith(META_URL_SUFFIXES):
        return True
    return scheme_of(content) in (None, "http", "https") and not script_capable(content)


def allowed(url: str) -> bool:
    scheme = scheme_of(url)
    return (scheme is None or scheme in ALLOWED) and not script_capable(url)


# Schemes whose URL runs script or shows a document of its own (data: other than a raster
# image, which an <img> shows and nothing else reads).
_SCRIPT = frozenset({"javascript", "vbscript", "livescript", "data"})
_RASTER = re.compile(
    r"data:image/(?:png|x-png|jpeg|jpg|pjpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]"
)


def decoded(url: str) -> str:
    """``url`` with its entities and percent-escapes decoded (up to three times over, as an
    author might nest them) and ASCII whitespace and control characters removed: lower case,
    what a careless decoder down the line could read as the scheme."""
    text = url
    for _ in range(3):
        before, text = text, unquote(html.unescape(text))
        if text == before:
            break
    return _IGNORED.sub("", text).lower()


def raster_image(url: str) -> bool:
    """Whether ``url`` is a ``data:`` URL of a raster image (PNG, JPEG, GIF, WebP, AVIF,
    BMP, icon): an ``<img>`` shows it, and no browser runs anything in it."""
    return _RASTER.match(_IGNORED.sub("", html.unescape(url)).lower()) is not None


def script_capable(url: str) -> bool:
    """Whether ``url``, however it is spelt (any letter case, entity- or percent-encoded, with
    tabs or line breaks inside), names a scheme that runs script or shows a document of its
    own: ``javascript:``, ``vbscript:``, a ``data:`` URL other than a raster image."""
    match = _SCHEME.match(decoded(url))
    if match is None or match.group(1) not in _SCRIPT:
        return False
    return match.group(1) != "data" or not raster_image(url)


def _url_key(key: str) -> bool:
    lowered = key.lower()
    return lowered.endswith("url") or lowered.endswith("href")


# Objects whose every value is a URL (docs.json and mint.json footer socials: ``{"x": URL}``).
_URL_VALUES = frozenset({"/footer/socials", "/footerSocials"})
# Strings a page shows as Markdown: their links and images are URLs too.
_MARKDOWN = frozenset({"/banner/content", "/errors/404/description"})


def unsafe_urls(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """``(pointer, url)`` for each URL in ``data`` whose scheme is not allowed."""
    stack: list[tuple[Any, str, bool]] = [(data, pointer, False)]
    while stack:
        node, where, is_url = stack.pop()
        if isinstance(node, dict):
            every = where in _URL_VALUES
            for key, value in node.items():
                stack.append((value, where + pointer_of([str(key)]), every or _url_key(str(key))))
        elif isinstance(node, list):
            stack.extend((value, where + pointer_of([i]), is_url) for i, value in enumerate(node))
        elif is_url and isinstance(node, str) and not allowed(node):
            yield where, node
        elif where in _MARKDOWN and isinstance(node, str):
            yield from ((where, url) for url in markdown_urls(node) if not allowed(url))


@lru_cache(maxsize=1)
def _links() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False})
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


def markdown_urls(text: str) -> Iterator[str]:
    """The URL of every link and image of the Markdown ``text``."""
    for token in _links().parse(text):
        for child in token.children or []:
            if child.type == "link_open":
                yield str(child.attrGet("href") or "")
            elif child.type == "image":
                yield str(child.attrGet("src") or "")


def message(pointer: str, url: str) -> str:
    shown = url if len(url) <= 60 else url[:57] + "..."
    dotted = pointer.lstrip("/").replace("/", ".")
    return (
        f"{dotted}: {shown!r} is not a link docgen writes: use an http(s), mailto or relative URL"
    )
