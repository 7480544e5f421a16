"""Every URL a config can put into a page is ``http(s)``, ``mailto`` or relative.

A contributor's ``docs.json`` / ``mint.json`` is content (security.md 21): a ``javascript:`` or
``data:`` navigation ``href`` would otherwise be written as a link on every page. The check
reads each string under a URL-carrying key (``href``, ``url``, ``loginUrl``, any key ending in
``url``/``href``) the way a browser would: entities decoded, ASCII whitespace and control
characters removed, scheme compared case-insensitively.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

from docgen.config.validate import pointer as pointer_of

ALLOWED = ("http", "https", "mailto")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED = re.compile(r"[\x00-\x20\x7f]")  # what browsers strip from or ignore inside a URL


def scheme_of(url: str) -> str | None:
    """The scheme a browser would see in ``url`` (lower case), or ``None`` when relative."""
    cleaned = _IGNORED.sub("", html.unescape(url))
    match = _SCHEME.match(cleaned)
    return match.group(1).lower() if match else None


def allowed(url: str) -> bool:
    scheme = scheme_of(url)
    return scheme is None or scheme in ALLOWED


def _url_key(key: str) -> bool:
    lowered = key.lower()
    return lowered.endswith("url") or lowered.endswith("href")


def unsafe_urls(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """``(pointer, url)`` for each URL in ``data`` whose scheme is not allowed."""
    stack: list[tuple[Any, str, bool]] = [(data, pointer, False)]
    while stack:
        node, where, is_url = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                stack.append((value, where + pointer_of([str(key)]), _url_key(str(key))))
        elif isinstance(node, list):
            stack.extend((value, where + pointer_of([i]), is_url) for i, value in enumerate(node))
        elif is_url and isinstance(node, str) and not allowed(node):
            yield where, node


def message(pointer: str, url: str) -> str:
    shown = url if len(url) <= 60 else url[:57] + "..."
    dotted = pointer.lstrip("/").replace("/", ".")
    return (
        f"{dotted}: {shown!r} is not a link docgen writes: use an http(s), mailto or relative URL"
    )
