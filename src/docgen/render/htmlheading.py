"""Headings an MDX page writes as HTML (``<h2>Setup</h2>``, ``<h3 id="x">``; ``h1`` to ``h4``),
shown as Mintlify shows them, like Markdown headings: an id (the ``id`` written, else the slug
of the text), an anchor link (not with ``noAnchor``, nor inside a link, where a second link is
not valid HTML) and an entry in the page's table of contents, except inside an accordion, an
``Expandable``, an ``Update`` or a ``Prompt`` (Mintlify's ``remarkExtractTableOfContents``),
which holds Markdown headings out of it too. A heading with no text (``<h2>{name}</h2>``,
which docgen does not evaluate) keeps what it was written with. A ``<Step>`` whose title is a
heading (``titleSize="h2"``/``"h3"``) is an entry too, and a heading in a ``<Tabs>`` panel is
listed while its tab is shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from markdown_it.token import Token
from markupsafe import escape

from docgen.nav.slugs import heading_slug, slugify
from docgen.render.jsx import Tag, Unevaluated, as_text

HEADINGS = frozenset(("h1", "h2", "h3", "h4"))  # as Mintlify's: an <h5> stays as written
# Components whose headings Mintlify's table of contents leaves out (they keep their anchors).
_NO_CONTENTS = frozenset(("Accordion", "AccordionGroup", "Expandable", "Update", "Prompt"))
_LINKS = frozenset(("a", "Card", "Tile", "GitHub.Repo"))  # a Card with an href is a link


def toc_entry(tag: Tag) -> tuple[str, str, int] | None:
    """What an element gives the table of contents: an ``<Update>`` its label, an HTML
    heading its text (read from its tokens later: ``""`` here); (text, wanted id, level)."""
    if tag.name == "Update":
        value = tag.attrs.get("label")
        label = "" if value is None or isinstance(value, (bool, Unevaluated)) else as_text(value)
        return label or "Update", slugify(label) or "update", 2
    if tag.name not in HEADINGS:
        return None
    wanted = tag.attrs.get("id")
    return "", wanted.strip() if isinstance(wanted, str) else "", int(tag.name[1])


def entry(tokens: Sequence[Token], index: int) -> tuple[int, str, str] | None:
    """The (level, text, wanted id) of the element opened by ``tokens[index]``; None for a
    heading without text."""
    text, wanted, level = tokens[index].meta["toc"]
    if not text:
        text = _text_of(tokens, index)
    if not text:
        return None
    return level, text, wanted or heading_slug(text) or "section"


def hides_contents(token: Token) -> int:
    """1 where a component whose headings stay out of the table of contents opens, -1 where
    it closes, else 0."""
    tag = token.meta.get("tag")
    if not isinstance(tag, Tag) or tag.name not in _NO_CONTENTS:
        return 0
    return 1 if token.type == "mdx_open" else -1


def _text_of(tokens: Sequence[Token], index: int) -> str:
    words: list[str] = []
    depth = 0
    for at in range(index, len(tokens)):  # not tokens[index:]: a copy of the rest each time
        token = tokens[at]
        if token.type == "mdx_open":
            depth += 1
        elif token.type == "mdx_close":
            depth -= 1
            if depth == 0:
                break
        elif token.type == "inline":
            words += [c.content for c in token.children or [] if c.type in ("text", "code_inline")]
    return " ".join("".join(words).split())


def written(tag: Tag, meta: dict[str, Any]) -> Tag:
    """``tag`` as it is drawn: without the ``id`` written on a heading that docgen gives its
    own (an empty ``id=""`` was drawn as a second, bare ``id`` attribute)."""
    if tag.name not in HEADINGS or not meta.get("anchor") or "id" not in tag.attrs:
        return tag
    return replace(tag, attrs={k: v for k, v in tag.attrs.items() if k != "id"})


def opened(html: str, tag: Tag, meta: dict[str, Any], stack: list[dict[str, Any]]) -> str:
    """``html`` (the opening tag of ``tag`` drawn :func:`written`) with a heading's id; the
    heading's frame on ``stack`` (the last) learns whether its closing tag ends with an anchor
    link."""
    anchor = meta.get("anchor")
    if tag.name not in HEADINGS or not anchor:
        return html
    html = f'<{tag.name} id="{escape(anchor)}"{html[len(tag.name) + 1 :]}'
    inside_link = any(
        frame["name"] in _LINKS and str(frame.get("close", "</a>")).endswith("</a>")
        for frame in stack[:-1]
    )
    if not inside_link and tag.attrs.get("noAnchor") not in (True, "true"):
        stack[-1]["anchor"] = anchor
    return html


def closing(frame: dict[str, Any]) -> str:
    """The anchor link a heading ends with (``""`` for any other element)."""
    anchor = frame.get("anchor")
    if not anchor:
        return ""
    return (
        f'<a class="anchor heading-anchor" href="#{escape(anchor)}" '
        f'aria-label="Link to this section">#</a>'
    )


def step_title(tag: Tag, title: str, anchor: str | None, inherited: Any) -> str:
    """A ``<Step>``'s title: a heading when its ``titleSize`` (else ``inherited``, its
    ``<Steps>``'s) is ``h2`` or ``h3``, with the id and anchor link of its contents entry."""
    if not title:
        return ""
    size = tag.attrs.get("titleSize", inherited)
    if size not in ("h2", "h3"):
        return f'<p class="step-title">{title}</p>'
    named = f' id="{escape(anchor)}"' if anchor else ""
    return f'<{size} class="step-title"{named}>{title}{closing({"anchor": anchor})}</{size}>'


def step_entry(token: Token, parent: Tag | None) -> tuple[str, str, int] | None:
    """The entry in the table of contents (text, wanted id, level) of the ``<Step>`` that
    ``token`` opens (``parent``: the element it is in): its title when its ``titleSize`` (else
    its ``<Steps>``'s) is ``h2`` or ``h3`` and it has no ``noAnchor``, as Mintlify's
    ``remarkExtractTableOfContents`` lists it. None for any other token."""
    tag = token.meta.get("tag") if token.type == "mdx_open" else None
    if not isinstance(tag, Tag) or tag.name != "Step":
        return None
    title = token.meta.get("title")  # the title's inline token (Markdown in it), else None
    size = tag.attrs.get("titleSize")
    if size is None and parent is not None and parent.name == "Steps":
        size = parent.attrs.get("titleSize")
    if size not in ("h2", "h3") or tag.attrs.get("noAnchor") not in (None, False, "false"):
        return None
    if isinstance(title, Token):
        children = title.children or []
        text = "".join(c.content for c in children if c.type in ("text", "code_inline"))
    else:
        value = tag.attrs.get("title")
        text = "" if value is None or isinstance(value, (bool, Unevaluated)) else as_text(value)
    text = " ".join(text.split())
    if not text:
        return None
    wanted = tag.attrs.get("id")
    own = wanted.strip() if isinstance(wanted, str) else ""
    return text, own or heading_slug(text) or "section", int(str(size)[1])


class TabPanels:
    """Which ``<Tabs>`` panel the tokens walked in page order are in, as render/components.py
    draws them: a ``Tab`` (or ``View``) directly in ``Tabs`` is a panel while there are tab
    titles for it, and every panel but the first starts hidden. Mintlify's table of contents
    lists a heading in a tab only while that tab is shown."""

    def __init__(self) -> None:
        # name, tabs seen (a Tabs's), panels (a Tabs's), in a panel, in a hidden panel
        self._stack: list[tuple[str, list[int], int, bool, bool]] = []
        self._tags: list[Tag | None] = []
        self._views: dict[str, int] = {}  # the page's <View> titles, in order

    @property
    def parent(self) -> Tag | None:
        """The element the token being walked is directly in (before :meth:`step` on it)."""
        return self._tags[-1] if self._tags else None

    @property
    def inside(self) -> bool:
        return bool(self._stack) and self._stack[-1][3]

    @property
    def hidden(self) -> bool:
        return bool(self._stack) and self._stack[-1][4]

    def step(self, token: Token) -> None:
        """Follow an ``mdx_open`` or ``mdx_close`` token."""
        if token.type == "mdx_close":
            if self._stack:
                self._stack.pop()
                self._tags.pop()
            return
        tag = token.meta.get("tag")
        self._tags.append(tag if isinstance(tag, Tag) else None)
        name = tag.name if isinstance(tag, Tag) else ""
        inside, hidden = self.inside, self.hidden
        parent = self._stack[-1] if self._stack else None
        panel = False
        if name in ("Tab", "View") and parent is not None and parent[0] == "Tabs":
            number = parent[1][0]
            parent[1][0] += 1
            if number < parent[2]:
                inside, hidden, panel = True, hidden or number > 0, True
        if name == "View" and not panel and isinstance(tag, Tag):  # the page's views
            title = as_text(tag.attrs.get("title", "")).strip() or "View"
            self._views.setdefault(title, len(self._views))
            inside, hidden = True, hidden or self._views[title] > 0
        panels = 0
        if name == "Tabs":
            panels = sum(1 for c in token.meta.get("children", []) if c["name"] == "Tab")
        self._stack.append((name, [0], panels, inside, hidden))
