"""MDX's unravelling: a paragraph that holds nothing but JSX elements and ``{expressions}``
(and white space between them) is no paragraph. MDX (``@mdx-js/mdx``, whose pipeline
Mintlify's is) makes its elements blocks of their own and drops the white space between them,
so ``<div className="flex gap-2">`` with a ``<Button>`` on each line lays out two buttons, not
one paragraph holding both; ``<img src="x" />`` on a line of its own inside a ``<Frame>`` is
the image, not a paragraph around it.

Between those elements, MDX keeps a line break where the paragraph stood in Markdown (the page,
a list item, a quote) and nothing inside a JSX element (whose children it does not join with
line breaks); a hard line break (two spaces, a backslash) keeps the paragraph."""

from __future__ import annotations

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from docgen.render import mdxblocks, mdxtags
from docgen.render.jsx import scan_braces, scan_tag

_SPACE = " \t\r\n"


def _element_end(text: str, pos: int) -> int | None:
    """After the JSX element opening at ``text[pos] == "<"``; None when none does there (a
    closing tag, an autolink, an element never closed, a fragment)."""
    tag = scan_tag(text, pos)
    if tag is None or tag.closing or not tag.name:
        return None
    if tag.self_closing or tag.name in mdxtags.VOID_ELEMENTS:
        return tag.end
    close = mdxblocks.find_close(text, tag.name, tag.end, len(text))
    return None if close is None else close[1]


def only_jsx(text: str) -> bool:
    """Whether a paragraph's text is JSX elements and expressions only, one at least."""
    pos, found = 0, False
    while pos < len(text):
        char = text[pos]
        if char in _SPACE:
            pos += 1
            continue
        if char == "{":
            end = scan_braces(text, pos)
        elif char == "<":
            end = _element_end(text, pos)
        else:
            return False
        if end is None:
            return False
        pos, found = end, True
    return found


def _between(children: list[Token]) -> list[int] | None:
    """The indexes of the white space between the elements (not inside them), or None when a
    hard line break stands there (MDX keeps the paragraph then)."""
    spaces: list[int] = []
    depth = 0
    for index, token in enumerate(children):
        if token.type == "mdx_inline":
            tag = token.meta["tag"]
            if tag.closing:
                depth = max(0, depth - 1)
            elif not tag.self_closing and tag.name not in mdxtags.VOID_ELEMENTS:
                depth += 1
        elif depth == 0 and token.type == "hardbreak":
            return None
        elif depth == 0 and token.type in ("softbreak", "text") and not token.content.strip():
            spaces.append(index)
    return spaces


def unravel(state: StateCore) -> None:
    """Hide the paragraphs MDX does not make (as markdown-it hides a tight list's)."""
    tokens = state.tokens
    parents: list[str] = []
    for index, token in enumerate(tokens):
        if token.nesting < 0 and parents:
            parents.pop()
        if token.type == "paragraph_open" and not token.hidden and index + 2 < len(tokens):
            inline = tokens[index + 1]
            children = inline.children
            if inline.type == "inline" and children is not None and only_jsx(inline.content):
                spaces = _between(children)
                if spaces is not None:
                    token.hidden = tokens[index + 2].hidden = True
                    if parents and parents[-1] == "mdx_open":
                        drop = set(spaces)
                        inline.children = [c for i, c in enumerate(children) if i not in drop]
        if token.nesting > 0:
            parents.append(token.type)
