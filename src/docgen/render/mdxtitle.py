"""Inline Markdown in a component's ``title`` (``<Step title="Run `npm install`">``).

Read while parsing, as an ``inline`` token kept on the component's ``mdx_open`` token: code
spans, emphasis, strikethrough, escapes, entities and links (safe schemes only: the others are
taken out and reported by render/unsafeurls.py; checked by render/assets.py like the page's own
links). Raw HTML, images and autolinks stay text. Where
the title sits inside something a reader clicks (a card that is a link, an accordion's
summary, a tab's button) a link shows as its text: a link inside a link or button is not HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from docgen.render import unsafeurls
from docgen.render.jsx import Tag
from docgen.render.markdown import any_link

_MARKUP = re.compile(r"[`*_~\[\\&]")  # what could start inline Markdown
# Titles inside a summary or button, a label inside its anchor link
_CLICKED = frozenset({"Accordion", "Expandable", "Tab", "Update"})


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("strikethrough")
    md.disable(["image", "autolink", "html_inline"])
    md.validateLink = any_link  # type: ignore[method-assign]
    return md


def parse(tag: Tag) -> Token | None:
    """The title's inline token (its children read), or None when it is plain text."""
    title = tag.attrs.get("title")
    if not isinstance(title, str) or not _MARKUP.search(title):
        return None
    md = _parser()
    children: list[Token] = []
    md.inline.parse(" ".join(title.split()), md, {}, children)
    for child in children:  # an escape or entity: text, as the core's text_join makes it
        if child.type == "text_special":
            child.type = "text"
    token = Token("inline", "", 0)
    token.content, token.children = title, unlinked(tag, children)
    return token


def unlinked(tag: Tag, children: list[Token]) -> list[Token]:
    """``children`` without their links (Markdown or ``<a>``) and buttons where ``tag`` is
    something a reader clicks: a link or button inside a link or button is not HTML."""
    linked = tag.name in ("Card", "Tile") and bool(tag.attrs.get("href"))
    if tag.name not in _CLICKED and not linked:
        return children
    kept: list[Token] = []
    unsafe: list[int] = []  # levels of the links kept for render/unsafeurls.py to report
    tags: list[bool] = []  # for each <a> open: kept (its href refused, and reported) or not
    for c in children:
        name = c.meta["tag"].name if c.type == "mdx_inline" else ""
        if c.type == "link_open" and unsafeurls.refused(str(c.attrGet("href") or "")):
            unsafe.append(c.level)
        elif c.type == "link_close" and unsafe and unsafe[-1] == c.level:
            unsafe.pop()
        elif name == "a" and not c.meta["tag"].self_closing:
            tag = c.meta["tag"]
            if tag.closing:
                keep = tags.pop() if tags else False
            else:  # an unsafe href is reported, then taken out: no link is left
                href = tag.attrs.get("href")
                keep = isinstance(href, str) and unsafeurls.refused(href) is not None
                tags.append(keep)
            if not keep:
                continue
        elif c.type in ("link_open", "link_close") or name in ("a", "button"):
            continue
        kept.append(c)
    return kept


def prepare(meta: dict[str, Any], render: Callable[[list[Token]], str]) -> None:
    """Before a component opens: its title, and those of its tabs, as HTML where they hold
    Markdown (``title_html``; a tab's ``title``). Markup, which ``escape()`` leaves as it is."""
    meta["title_html"] = _html(meta.get("title"), render)
    for child in meta.get("children", []):
        child["title"] = _html(child.get("tokens"), render) or child["title"]


def _html(token: Token | None, render: Callable[[list[Token]], str]) -> Markup | None:
    """The title as HTML, rendered by the page's renderer ``render`` (its links re-pointed
    like the page's own); None when the title is plain text."""
    if token is None or not token.children:
        return None
    return Markup(render(token.children))
