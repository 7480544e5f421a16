"""A linked card with links of its own inside.

``<Card href="/a">`` is one ``<a>`` around the card; a link in its text (``[docs](/b)``, a bare
address, ``<a href>``) would be an ``<a>`` inside an ``<a>``, which HTML does not allow: the
browser closes the card's link where the inner one starts and the card falls apart in three
pieces (the rest of its text outside the box). Such a card is a ``<div>`` whose own link is an
empty cover over the whole card, listed last, with the links inside above it: a click on the
card opens its ``href``, a click on a link inside opens that link (as with React's nested
anchors in Mintlify).

A block ``<a href>`` (or ``<Link>``) around content with links is drawn the same way: a
``<div class="link-covered">`` holding the content, its links intact, with the outer link as
the cover; the page is warned at the outer link (the reader's click on its text still goes
there, but it is no longer one piece of link text).
"""

from __future__ import annotations

from typing import Any

from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import escape

from docgen.render.mdxcontext import context_of

_LINKED = ("Card", "Tile")


def _linked_card(token: Token) -> bool:
    tag = token.meta.get("tag")
    return tag is not None and tag.name in _LINKED and bool(tag.attrs.get("href"))


def _block_link(token: Token) -> bool:
    """A block ``<a href>`` (a ``<Link>`` read as one), which a cover can stand in for."""
    tag = token.meta.get("tag")
    return token.type == "mdx_open" and tag is not None and tag.name == "a" and _has_href(tag)


def _has_href(tag: Any) -> bool:
    return isinstance(tag.attrs.get("href"), str) and bool(tag.attrs["href"].strip())


def _written_link(token: Token) -> bool:
    """A link the page writes itself (not a bare address, which stays text inside a link, nor
    one in HTML rendered apart, which render/nestedlinks.py makes text)."""
    if token.type == "link_open":
        return token.markup != "linkify"
    return token.type != "mdx_html" and _is_link(token)


def _text(tokens: list[Token]) -> str:
    """The words of ``tokens`` as a reader sees them (a cover link's name)."""
    words: list[str] = []
    for token in tokens:
        for child in token.children or [token]:
            if child.type in ("text", "code_inline"):
                words.append(child.content)
            elif child.type in ("softbreak", "hardbreak", "paragraph_close"):
                words.append(" ")
    return " ".join("".join(words).split())


def _is_link(token: Token) -> bool:
    tag = token.meta.get("tag")
    if token.type in ("mdx_open", "mdx_inline") and tag is not None:
        return (tag.name == "a" and not getattr(tag, "closing", False)) or _linked_card(token)
    if token.type == "mdx_html":
        return "<a " in token.content
    return token.type == "link_open"


def mark(state: StateCore) -> None:
    """Core rule: ``meta["inner_links"]`` on each linked card's and block link's opening token
    that holds a link (a block link's also has ``cover_label``, and the page a warning)."""
    cards: list[tuple[Token, int]] = []  # the cards and block <a> open here, where each opened
    tokens = state.tokens
    for number, token in enumerate(tokens):
        tag = token.meta.get("tag")
        closes = token.type == "mdx_close" and bool(cards)
        if closes and tag is not None and (tag.name in _LINKED or tag.name == "a"):
            opened, at = cards.pop()
            if opened.meta.get("inner_links") and _block_link(opened):
                opened.meta["cover_label"] = _text(tokens[at + 1 : number])
            continue
        inside = [token, *(token.children or ())]
        if any(_is_link(t) for t in inside):
            written = any(_written_link(t) for t in inside)
            for card, _ in cards:  # a linked card inside a linked card is a link inside it too
                if _linked_card(card):
                    card.meta["inner_links"] = True
                elif _block_link(card) and written and not card.meta.get("inner_links"):
                    _warn(state, card)
                    card.meta["inner_links"] = True
        if (
            token.type == "mdx_open"
            and tag is not None
            and (tag.name in _LINKED or tag.name == "a")
        ):
            cards.append((token, number))


def _warn(state: StateCore, token: Token) -> None:
    tag = token.meta["tag"]
    name = tag.written or tag.name
    line = context_of(state.env).root_line + (token.map[0] if token.map else 0)
    context_of(state.env).warn(
        line,
        f"<{name} href> holds links of its own; a link inside a link is not HTML: it is drawn "
        "as a box its link covers, with the links inside kept",
        near=f"<{name}",
    )


def end(href: str, label: str, covered: bool) -> str:
    """How a card ends: a linked card with links inside ends with its own link, a cover over
    the card (its links inside sit above it)."""
    if not covered:
        return "</a>" if href else "</div>"
    rel = ' rel="noopener noreferrer"' if href.startswith(("http:", "https:")) else ""
    return (
        f'<a class="card-cover" href="{escape(href)}"{rel} aria-label="{escape(label or href)}">'
        "</a></div>"
    )


# <Card type="note">: a card in a callout's colours with the callout's icon (Mintlify's typed
# cards); the icon is drawn from the site's icon library, unless the card names its own.
TYPED = {
    "note": "pencil",
    "info": "circle-info",
    "tip": "lightbulb",
    "check": "circle-check",
    "warning": "triangle-exclamation",
    "danger": "triangle-exclamation",
}
