"""A linked card with links of its own inside.

``<Card href="/a">`` is one ``<a>`` around the card; a link in its text (``[docs](/b)``, a bare
address, ``<a href>``) would be an ``<a>`` inside an ``<a>``, which HTML does not allow: the
browser closes the card's link where the inner one starts and the card falls apart in three
pieces (the rest of its text outside the box). Such a card is a ``<div>`` whose own link is an
empty cover over the whole card, listed last, with the links inside above it: a click on the
card opens its ``href``, a click on a link inside opens that link (as with React's nested
anchors in Mintlify).
"""

from __future__ import annotations

from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import escape

_LINKED = ("Card", "Tile")


def _linked_card(token: Token) -> bool:
    tag = token.meta.get("tag")
    return tag is not None and tag.name in _LINKED and bool(tag.attrs.get("href"))


def _is_link(token: Token) -> bool:
    tag = token.meta.get("tag")
    if token.type in ("mdx_open", "mdx_inline") and tag is not None:
        return (tag.name == "a" and not getattr(tag, "closing", False)) or _linked_card(token)
    if token.type == "mdx_html":
        return "<a " in token.content
    return token.type == "link_open"


def mark(state: StateCore) -> None:
    """Core rule: ``meta["inner_links"]`` on each linked card's opening token that holds a link."""
    cards: list[Token] = []  # the cards open here, linked or not
    for token in state.tokens:
        tag = token.meta.get("tag")
        if token.type == "mdx_close" and tag is not None and tag.name in _LINKED and cards:
            cards.pop()
            continue
        if _is_link(token) or any(_is_link(child) for child in token.children or ()):
            for card in cards:  # a linked card inside a linked card is a link inside it too
                if _linked_card(card):
                    card.meta["inner_links"] = True
        if token.type == "mdx_open" and tag is not None and tag.name in _LINKED:
            cards.append(token)


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
