"""No link inside a link in a page's HTML.

A page's parts are rendered apart (a JSX component's body, a snippet, the component's children,
docgen's own components), so a link can end up inside another: a component that wraps its
children in ``<a href>`` around a bare address (linked as prose), a Markdown link or a linked
``<Card>``. HTML does not allow it: the browser closes the outer link where the inner one starts,
leaving the rest of the outer link unlinked. The outer link is kept whole and an inner link
becomes a ``<span>`` with its other attributes (a card keeps its look), its text as a reader
sees it inside the outer one.
"""

from __future__ import annotations

import re

# A comment or a script/style element (skipped whole), an <a> start tag (quoted attribute
# values may hold ">"), an </a> end tag, or a paragraph's start or end tag.
_TOKEN = re.compile(
    r"<!--.*?-->|<(script|style|textarea)\b.*?</\1\s*>"
    r"|<a(?=[\s>/])(?:[^>\"']|\"[^\"]*\"|'[^']*')*>|</a\s*>|<p(?=[\s>])[^>]*>|</p\s*>",
    re.S | re.I,
)


_ATTRIBUTE = re.compile(r"""\s([^\s=>/"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?""")
_LINK_ONLY = frozenset(("href", "rel", "target", "download", "ping", "hreflang", "referrerpolicy"))


def _span(tag: str) -> str:
    """An ``<a ...>`` start tag as a ``<span>`` with the attributes a span can have."""
    return unlinked(tag, "span")


def unlinked(tag: str, name: str, extra_class: str = "") -> str:
    """An ``<a ...>`` start tag as a ``<name>`` start tag with the attributes that are not a
    link's, ``extra_class`` first in its class."""
    kept = [
        m.group(0)
        for m in _ATTRIBUTE.finditer(tag, 2, len(tag) - 1)
        if m.group(1).lower() not in _LINK_ONLY
        and not (extra_class and m.group(1).lower() == "class")
    ]
    if extra_class:
        found = next(
            (m for m in _ATTRIBUTE.finditer(tag, 2, len(tag) - 1) if m.group(1).lower() == "class"),
            None,
        )
        value = (found.group(2) or "").strip("\"'") if found is not None else ""
        kept.insert(0, f' class="{" ".join((extra_class, *value.split()))}"')
    return f"<{name}" + "".join(kept) + ">"


def unnest_links(html: str) -> str:
    """``html`` with each ``<a>`` that opens inside another ``<a>`` made a ``<span>``."""
    if html.count("<a") < 2:
        return html
    out: list[str] = []
    kept: list[tuple[bool, int]] = []  # each open <a>: whether its tags are written, its <p>
    depth = 0  # the open links that are written
    paragraphs = 0  # the open <p>
    last = 0
    for found in _TOKEN.finditer(html):
        text = found.group(0)
        if text.startswith("<!--") or found.group(1):
            continue
        if text[1] in "pP" or text[1:3].lower() == "/p":
            if text[1] == "/":
                # A link left open in this paragraph ends with it, as a browser reads it: it
                # must not turn the page's later links into text.
                while kept and kept[-1][1] == paragraphs:
                    depth -= kept.pop()[0]
                paragraphs = max(0, paragraphs - 1)
            else:
                paragraphs += 1
            continue
        if text[1] == "/":
            if not kept:
                continue  # an end tag with no start: left as written
            written = kept.pop()[0]
            depth -= written
            if written:
                continue
            instead = "</span>"
        else:
            written = depth == 0
            kept.append((written, paragraphs))
            depth += written
            if written:
                continue
            instead = _span(text)
        out.append(html[last : found.start()])
        out.append(instead)
        last = found.end()
    if last == 0:
        return html
    out.append(html[last:])
    return "".join(out)
