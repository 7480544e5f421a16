"""Typographic quotes, dashes and ellipses in a page's text, as Mintlify prints them.

Mintlify compiles every page with remark-smartypants (retext-smartypants' defaults): straight
quotes become curly (``don't`` gets U+2019, ``"word"`` U+201C and U+201D), ``--`` an em dash,
``...`` an ellipsis, ````` ``text'' ````` curly double quotes. Code (fenced or inline), math,
URLs and the values of attributes and props are left alone. As remark-smartypants does, the
quotes are decided on the text of the whole parse at once (so a quote before a link or bold
text pairs with one after it), each paragraph, heading and table cell starting afresh and
inline code standing for a word; the rest is decided in each piece of text alone.

Words, spaces and runs of one punctuation mark are cut as retext's parse-latin cuts them, a
word joined through one inner mark (``rock'n'roll``, ``90s-era``) being one word; its
sentences are not looked for (a quote opening or closing a sentence is decided the same way).
The text of a JSX component the page defines is JSX, not Markdown, and keeps its quotes.
"""

from __future__ import annotations

import re

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

_TOKEN = re.compile(r"\s+|[^\W_]+|_+|([^\w\s])\1*")
_INNER = re.compile(r"^(?:[&'\-.:=?@/\u00AD\u00B7\u2010\u2011\u2019\u2027]|_+)$")
_BLOCKS = {"paragraph_open", "heading_open", "th_open", "td_open"}
_OPEN = {'"': "“", "'": "‘"}
_CLOSE = {'"': "”", "'": "’"}
_DOTS = re.compile(r"\.{3,}|\.(?: \.){2,}")
# ("<!--" and "-->" stay: an HTML comment, which Mintlify's MDX refuses, is shown as written)
_RUNS = re.compile(r"(?<![-!])--(?![->])|(?<!`)``(?!`)|(?<!')''(?!')")
_RUN_VALUES = {"--": "—", "``": "“", "''": "”"}
MAX_CHARS = 2_000_000  # past this a page keeps its straight quotes (work stays linear anyway)


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end): ``W`` a word, ``S`` spaces, ``P`` a run of one mark."""
    out: list[tuple[str, int, int]] = []
    for match in _TOKEN.finditer(text):
        value = match.group(0)
        kind = "S" if value[0].isspace() else "W" if value[0].isalnum() else "P"
        out.append((kind, match.start(), match.end()))
    merged: list[tuple[str, int, int]] = []
    index = 0
    while index < len(out):  # word, inner mark, word: one word
        kind, start, end = out[index]
        while (
            kind == "W"
            and index + 2 < len(out)
            and out[index + 1][0] == "P"
            and _INNER.match(text[out[index + 1][1] : out[index + 1][2]])
            and out[index + 2][0] == "W"
        ):
            end = out[index + 2][2]
            index += 2
        merged.append((kind, start, end))
        index += 1
    return merged


def quotes(text: str) -> str:
    """``text`` with its straight quotes curled as retext-smartypants curls them."""
    chars = list(text)
    tokens = _tokens(text)
    for index, (kind, start, end) in enumerate(tokens):
        if kind == "W":  # a mark inside a word: an apostrophe
            for pos in range(start, end):
                if chars[pos] == "'":
                    chars[pos] = "’"
            continue
        value = text[start:end]
        if value not in ('"', "'"):
            continue
        before = tokens[index - 1][0] if index else ""
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        later = tokens[index + 2][0] if index + 2 < len(tokens) else ""
        next_value = text[after[1] : after[2]] if after else ""
        if after and after[0] == "P" and later != "W":
            chars[start] = _CLOSE[value]
        elif after and before in ("W", "P") and next_value in ("--", "---"):
            chars[start] = _CLOSE[value]  # '"yes."--then': the dash follows the quote
        elif after and after[0] == "P" and next_value in ('"', "'") and later == "W":
            chars[start] = _OPEN[value]
            chars[after[1]] = _OPEN[next_value]
        elif after and re.fullmatch(r"\d\ds", next_value):
            chars[start] = _CLOSE[value]
        elif before in ("S", "P") and after and after[0] == "W":
            chars[start] = _OPEN[value]
        elif before == "W" or not after or after[0] == "S" or (value, next_value) == ("'", "s"):
            chars[start] = _CLOSE[value]
        else:
            chars[start] = _OPEN[value]
    return "".join(chars)


def _marks(text: str) -> str:
    """Dashes, ellipses and backtick quotes of one piece of text."""
    text = _DOTS.sub("…", text)
    return _RUNS.sub(lambda m: _RUN_VALUES[m.group(0)], text)


def smarten(tokens: list[Token]) -> None:
    """Curl the quotes of the text tokens of ``tokens`` (a parse's block tokens), then set
    each text's dashes and ellipses."""
    pieces: list[str] = []
    texts: list[tuple[Token, int]] = []
    size = 0
    for block in tokens:
        if block.type in _BLOCKS:
            pieces.append(" ")
            size += 1
        if block.type != "inline" or not block.children:
            continue
        for child in block.children:
            if child.type in ("text", "text_special") and (child.meta or {}).get("jsx"):
                value = "A" * len(child.content)  # a component's JSX text: a word, kept
            elif child.type in ("text", "text_special"):  # \" and &quot; are curled too
                texts.append((child, size))
                value = child.content
            elif child.type == "code_inline":
                value = "A" * len(child.content)
            elif child.type == "softbreak":
                value = "\n"
            else:
                continue
            pieces.append(value)
            size += len(value)
    if not texts or size > MAX_CHARS:
        return
    curled = quotes("".join(pieces))
    for token, start in texts:
        smart = _marks(curled[start : start + len(token.content)])
        if smart != token.content:  # a heading's anchor is made of what was written
            token.meta = {**(token.meta or {}), "straight": token.content}
            token.content = smart


def smartypants_rule(state: StateCore) -> None:
    """markdown-it core rule: :func:`smarten` the parse's tokens, unless they are the
    expansion of a JSX component the page defines (JSX text, never Markdown's, in MDX)."""
    context = state.env.get("mdx")
    if context is None or not getattr(context, "inside", ""):
        smarten(state.tokens)
