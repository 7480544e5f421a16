"""Block components written inside a paragraph, as MDX renders them.

``Text <Note>Careful</Note> more.``, a ``<Card>`` between two lines of text, an imported MDX
snippet used in a sentence (``Say <Hello />.``): MDX reads each as an element of the
paragraph, and React draws the component itself there (a callout, a card, the snippet's
blocks), which the browser lays out as a block between the paragraph's text. docgen reads the
element as the block it is (the component with its children, the snippet with its props) and
cuts the paragraph around it, so the page is valid HTML: ``<p>Text</p>``, the callout,
``<p>more.</p>``. In a table cell the block stays in its cell; where it cannot be cut out (a
heading, inside a link or emphasis) it is drawn in place.
"""

from __future__ import annotations

import copy

from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from docgen.render import mdxbalance, mdxblocks, mdxtags
from docgen.render.jsx import Tag
from docgen.render.mdxcontext import context_of

# The inline text whose block components are cut out (set by the core inline rule).
FLAG = "_mdx_blocks"
_PARENTS = ("paragraph_open", "td_open", "th_open")
_SAVED = ("_mdx_line", "_mdx_rest", "_mdx_line_at", FLAG)


def allowed(tokens: list[Token], index: int) -> bool:
    """Whether the inline token at ``index`` may hold blocks: a paragraph's or a cell's."""
    return index > 0 and tokens[index - 1].type in _PARENTS


def is_block(state: StateInline, tag: Tag) -> bool:
    """Whether ``tag``, inside this paragraph, opens a block component (or an MDX snippet)."""
    if tag.closing or not state.env.get(FLAG) or state.level or not tag.name:
        return False
    if tag.name in mdxtags.BLOCK:
        return tag.name != "Latex"  # an inline formula
    snippet = context_of(state.env).imports.get(tag.name)
    return snippet is not None and snippet.name is None and snippet.path.endswith((".mdx", ".md"))


def read(state: StateInline, tag: Tag, line: int, silent: bool) -> bool:
    """Read the element ``tag`` opens as blocks, into one ``mdx_block`` token; False when it
    does not close in the paragraph (it is then read as before: its children in the text)."""
    if tag.self_closing:
        end = tag.end
    else:
        close = mdxblocks.find_close(state.src, tag.written or tag.name, tag.end, state.posMax)
        if close is None:
            return False
        end = close[1]
    if not silent:
        token = state.push("mdx_block", "", 0)
        token.meta = {"tokens": _blocks(state, state.src[tag.start : end], line)}
    state.pos = end
    return True


def _blocks(state: StateInline, text: str, line: int) -> list[Token]:
    """``text`` parsed as the page's blocks, their text parsed inline, as if written on
    ``line`` (warnings and source lines are the page's)."""
    env, context = state.env, context_of(state.env)
    saved = {key: env.get(key) for key in _SAVED}
    offset, context.offset = context.offset, line - context.root_line
    tokens: list[Token] = []
    try:
        state.md.block.parse(text, state.md, env, tokens)
        for index, token in enumerate(tokens):
            if token.type == "inline" and token.children is not None:
                start = token.map[0] if token.map else 0
                env["_mdx_line"] = line + start
                env["_mdx_rest"] = (text, token.map[1] if token.map else start)
                env[FLAG] = allowed(tokens, index)
                state.md.inline.parse(token.content, state.md, env, token.children)
                mdxbalance.balance(token.children, context.warn)
        for token in tokens:
            if token.map:
                token.map = [token.map[0] + context.offset, token.map[1] + context.offset]
    finally:
        context.offset = offset
        for key, value in saved.items():
            env[key] = value
    return tokens


def split(state: StateCore) -> None:
    """Cut each paragraph around the blocks read inside it (a cell keeps them inside)."""
    tokens = state.tokens
    if not any(_held(token) for token in tokens):
        return
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if _held(token) and allowed(tokens, index) and index + 1 < len(tokens):
            out += _cut(out.pop(), token, tokens[index + 1])
            index += 2
            continue
        out.append(token)
        index += 1
    state.tokens[:] = out


def _held(token: Token) -> bool:
    return token.type == "inline" and any(c.type == "mdx_block" for c in token.children or ())


def _cut(opening: Token, inline: Token, closing: Token) -> list[Token]:
    """The paragraph (or cell) ``opening``-``inline``-``closing`` with its blocks cut out of
    its text; a block inside an unclosed inline element (a link, emphasis) stays in place."""
    runs: list[list[Token] | Token] = [[]]
    depth = 0
    for child in inline.children or ():
        if child.type == "mdx_block" and depth == 0:
            runs += [child, []]
            continue
        depth += _nesting(child)
        last = runs[-1]
        assert isinstance(last, list)
        last.append(child)
    paragraph = opening.type == "paragraph_open"
    out: list[Token] = [] if paragraph else [opening]
    for run in runs:
        if isinstance(run, Token):
            for token in run.meta["tokens"]:
                token.level += opening.level + (0 if paragraph else 1)
                out.append(token)
            continue
        children = _trimmed(run)
        if not children:
            continue
        part = copy.copy(inline)
        part.children = children
        out += [copy.copy(opening), part, copy.copy(closing)] if paragraph else [part]
    return out if paragraph else [*out, closing]


def _trimmed(run: list[Token]) -> list[Token]:
    """A run of inline tokens without the white space and line breaks at its ends; [] when
    nothing else is in it."""
    start, end = 0, len(run)
    while start < end and _blank(run[start]):
        start += 1
    while end > start and _blank(run[end - 1]):
        end -= 1
    kept = [copy.copy(token) for token in run[start:end]]
    if kept and kept[0].type == "text":
        kept[0].content = kept[0].content.lstrip()
    if kept and kept[-1].type == "text":
        kept[-1].content = kept[-1].content.rstrip()
    return kept


def _blank(token: Token) -> bool:
    return token.type in ("softbreak", "hardbreak") or (
        token.type == "text" and not token.content.strip()
    )


def render(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """A block read inside text it could not be cut out of: drawn in place."""
    return str(self.render(tokens[idx].meta["tokens"], options, env))


def _nesting(child: Token) -> int:
    """How ``child`` opens (1) or closes (-1) an element of the text: Markdown's (a link,
    emphasis) or a JSX tag's (``<Link>``, ``<b>``: a block inside one stays in place)."""
    if child.type != "mdx_inline":
        return child.nesting
    tag = child.meta["tag"]
    if not tag.name or tag.self_closing or tag.name in mdxtags.VOID_ELEMENTS:
        return 0
    return -1 if tag.closing else 1
