"""MDX inside paragraphs: tags (``<Badge>``, ``<br />``), ``{expressions}`` (comments dropped,
literals and known names shown, the rest warned about), and ``{/* comments */}`` on their own
lines. Inline warnings carry the line: the core rule below tells the inline parser where each
paragraph starts."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any, TypeGuard

from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from docgen.render import (
    iconimports,
    math,
    mdxaliases,
    mdxbalance,
    mdxblocks,
    mdxprops,
    mdxsplit,
    mdxtags,
    mdxtitle,
    svg,
)
from docgen.render.jsx import (
    Tag,
    Unevaluated,
    as_text,
    evaluate,
    is_comment,
    runs_code,
    scan_braces,
    scan_tag,
)
from docgen.render.jsxtemplates import Template
from docgen.render.mdxcontext import context_of as _ctx
from docgen.render.mdxcontext import expansion


def _shows_nothing(expression: str) -> bool:
    """``{/* a comment */}``, ``{}``, ``{" "}``: on a line of its own, no paragraph."""
    if is_comment(expression) or not expression.strip():
        return True
    value = evaluate(expression)
    return isinstance(value, str) and not value.strip()


def _left_out(expression: str) -> bool:
    """Code docgen does not run (:func:`~docgen.render.jsx.runs_code`): shown as nothing."""
    if is_comment(expression):
        return False
    return isinstance(evaluate(expression), Unevaluated) and runs_code(expression)


def _warn_left_out(warn_at: int, expression: str, warn: mdxtags.Warn) -> None:
    warn(
        warn_at,
        f"expression {{{expression.strip()[:60]}}} is code to run (docgen never runs "
        "JavaScript); left out",
        near="{" + expression.split("\n", 1)[0],
    )


def comment_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """An expression that fills its lines and shows nothing: a comment, ``{}``, ``{" "}``, or
    code docgen does not run (``{items.map(i => (<Card ... />))}`` over several lines, whose
    JSX would otherwise be read as blocks of the page). No paragraph is made of it. A string
    over several lines (``{`Set up:\n\n1. Install...`}``, a prompt given to a component) is
    one paragraph of its text, line by line: its lines are not Markdown."""
    pos = state.bMarks[start] + state.tShift[start]
    if state.src[pos : pos + 1] != "{":
        return False
    close = scan_braces(state.src, pos, state.eMarks[end - 1])
    if close is None:
        return False
    expression = state.src[pos + 1 : close - 1]
    text = evaluate(expression, _ctx(state.env).names)
    text = text.strip("\n") if isinstance(text, str) and "\n" in text.strip() else None
    code = text is None and _left_out(expression)
    if not code and text is None and not _shows_nothing(expression):
        return False
    last = mdxblocks.line_of(state, close - 1, start, end)
    if state.src[close : state.eMarks[last]].strip():
        return False
    if not silent:
        if code:
            context = _ctx(state.env)
            _warn_left_out(context.root_line + context.offset + start, expression, context.warn)
        elif text is not None:
            _lines_paragraph(state, text, [start, last + 1])
        state.line = last + 1
    return True


def _lines_paragraph(state: StateBlock, text: str, lines: list[int]) -> None:
    state.push("paragraph_open", "p", 1).map = lines
    inline = state.push("inline", "", 0)
    inline.map, inline.children = lines, []
    for number, line in enumerate(text.split("\n")):
        if number:
            inline.children.append(Token("hardbreak", "br", 0))
        shown = Token("mdx_text", "", 0)
        shown.content = line
        inline.children.append(shown)
    state.push("paragraph_close", "p", -1)


def _line_in(state: StateInline) -> int:
    """The page line of ``state.pos``. The line breaks before it are counted on from the last
    position asked about in the same text: counted from its start each time, a paragraph of
    20,000 inline tags read its 400 KB once a tag (30 s)."""
    src, pos = state.src, state.pos
    memo = state.env.get("_mdx_line_at")
    start, breaks = (memo[1], memo[2]) if _memo_of(memo, src) and memo[1] <= pos else (0, 0)
    breaks += src.count("\n", start, pos)
    state.env["_mdx_line_at"] = (src, pos, breaks)
    return int(state.env.get("_mdx_line", 0)) + breaks


def _memo_of(memo: object, key: object) -> TypeGuard[tuple[Any, ...]]:
    """Whether ``memo`` (a tuple kept in the parse's env) was worked out for ``key``, the very
    object (the text being parsed, or the paragraph's place)."""
    return isinstance(memo, tuple) and memo[0] is key


def jsx_inline(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "<":
        return False
    if state.src.startswith("<!--", state.pos):  # shown as text, as before, but said
        if not silent:
            _ctx(state.env).warn(
                _line_in(state),
                "HTML comment '<!--' is not MDX (Mintlify's MDX parser fails on it): shown "
                "as text; write {/* ... */}",
                near="<!--",
            )
        return False
    tag = scan_tag(state.src, state.pos, state.posMax)
    if tag is None:
        context = _ctx(state.env)  # the page's own text (not what a component expands to)
        if not silent and context.depth == 0 and mdxbalance.looks_like_tag(state.src, state.pos):
            mdxbalance.unreadable(state.src, state.pos, _line_in(state), context.warn)
        return False
    mdxtags.known(tag, _ctx(state.env).names)  # href={urls.oss}: a constant the page knows
    if tag.name == "svg" and not tag.closing:
        shown = svg.drawing(state.src, state.pos, state.posMax, site_images=True)
        if shown is not None:
            if not silent:
                token = state.push("mdx_html", "", 0)
                token.content = shown.html
                if shown.images:  # files of the site: checked and re-pointed (render/assets.py)
                    token.meta = {"images": dict.fromkeys(shown.images, "")}
            state.pos = shown.end
            return True
    if tag.name == "Latex" and not tag.closing:
        end = mdxtags.element_end(state.src, tag, state.posMax)
        if not silent:
            close = state.src.rfind("</", tag.end, end)
            formula = state.src[tag.end : close if close != -1 else end]
            math.latex_token(state, "" if tag.self_closing else formula, display=False)
        state.pos = end
        return True
    icon = iconimports.imported(tag, _ctx(state.env).names)
    if icon is not None:  # <Brain /> of lucide-react; </Brain> shows nothing
        if not silent and not tag.closing:
            state.push("mdx_html", "", 0).content = iconimports.draw(icon, tag)
        state.pos = tag.end
        return True
    template = None if tag.closing else _ctx(state.env).names.get(tag.name)
    if isinstance(template, Template):
        end = mdxtags.element_end(state.src, tag, state.posMax)
        if not silent:
            close = state.src.rfind("</", tag.end, end)
            inner = "" if tag.self_closing or close == -1 else state.src[tag.end : close]
            _template_inline(state, template, tag, inner)
        state.pos = end
        return True
    mdxaliases.as_link(tag, _ctx(state.env).names, _ctx(state.env).imports)
    if tag.name in mdxtags.LEFT_OUT and not tag.closing:
        end = mdxtags.element_end(state.src, tag, state.posMax)
        if not silent:
            context = _ctx(state.env)
            mdxtags.check(tag, _line_in(state), context.warn, inline=True)
        state.pos = end
        return True
    if mdxsplit.is_block(state, tag) and mdxsplit.read(state, tag, _line_in(state), silent):
        return True  # <Note> in a sentence: the callout, cut out of the paragraph
    if not silent:
        context = _ctx(state.env)
        if not tag.closing:
            mdxtags.check(tag, _line_in(state), context.warn, inline=True, library=context.icons)
        line = _line_in(state)
        props = mdxprops.parse(state.md, state.env, tag, state.src, line)
        token = state.push("mdx_inline", "", 0)
        token.meta = {"tag": tag, "props": props}
        if context.depth == 0:  # the page's own tag: text if it pairs with nothing (mdxbalance)
            token.meta |= {"source": state.src[tag.start : tag.end], "line": line}
        if tag.name in mdxtags.BLOCK and not tag.closing and "title" not in props:
            # not shown in a paragraph, but its links are reported (render/unsafeurls.py)
            token.meta["title"] = mdxtitle.parse(tag)
    state.pos = tag.end
    return True


def _template_inline(state: StateInline, template: Template, tag: Tag, inner: str) -> None:
    """A JSX component of the page used inside a paragraph: its body read inline."""
    context = _ctx(state.env)
    line, near = _line_in(state), f"<{tag.name}"
    if context.spent_all(line, near):
        return
    text, names, dropped = template.use(tag.attrs, inner, context.names, tag.elements)
    context.used(template.name, dropped, line)
    if not context.spend(len(text), line, near):
        return
    if state.pending:
        state.pushPending()
    saved, context.names = context.names, names
    context.depth += 1
    body: list[Token] = []
    try:
        # A list of its own: the body's parse ends by joining and re-pairing its tokens, which
        # on the paragraph's list would move the tokens that the paragraph's own emphasis
        # delimiters (`*Fix* in <Link>...`) point at, before they are paired.
        with expansion(context, tag.name, template.defined, line):
            state.md.inline.parse(text, state.md, state.env, body)
    finally:
        context.names, context.depth = saved, context.depth - 1
    for token in body:
        token.level += state.level
        if token.type in ("text", "text_special"):  # JSX text: no smart quotes (smartypants)
            token.meta = {**(token.meta or {}), "jsx": True}
        state.tokens.append(token)
        state.tokens_meta.append(None)


def expression_inline(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    end = scan_braces(state.src, state.pos, state.posMax)
    if end is None:
        unclosed = None if silent else _unclosed_comment(state)
        if unclosed is not None:
            _ctx(state.env).warn(_line_in(state), unclosed, near="{/*")
        return False
    if not silent:
        context = _ctx(state.env)
        expression = state.src[state.pos + 1 : end - 1]
        if not is_comment(expression) and expression.strip():  # {} shows nothing
            value = evaluate(expression, context.names)
            if isinstance(value, Unevaluated) and runs_code(expression):
                _warn_left_out(_line_in(state), expression, context.warn)
                state.pos = end
                return True
            text = as_text(value)
            if text.startswith("{"):
                context.warn(
                    _line_in(state),
                    f"expression {{{expression.strip()[:60]}}} is not evaluated (docgen never "
                    "runs JavaScript); shown as text",
                    near="{" + expression.split("\n", 1)[0],
                )
            token = state.push("mdx_text", "", 0)
            token.content = text
    state.pos = end
    return True


def _unclosed_comment(state: StateInline) -> str | None:
    """What is wrong with a ``{/*`` here that does not close in its paragraph: nothing closes
    it, or it closes in a later paragraph (a comment over several paragraphs is a block of its
    own only when it starts a line and nothing follows its end); ``None`` when it is no
    comment or is closed (``{/* a */ b``: a brace left open, shown as text)."""
    if not state.src.startswith("{/*", state.pos):
        return None
    # Worked out once a text and once a paragraph, not once a '{/*': 8,000 of them after
    # 8,000 lines read the page's lines for each (30 s).
    closes = state.env.get("_mdx_last_close")
    if not _memo_of(closes, state.src):
        closes = (state.src, state.src.rfind("*/"))
        state.env["_mdx_last_close"] = closes
    if closes[1] >= state.pos + 3:  # a '*/' later in the paragraph closes it
        return None
    rest = state.env.get("_mdx_rest")
    said = state.env.get("_mdx_unclosed")
    if not _memo_of(said, rest):
        said = (rest, _unclosed_message(state, rest))
        state.env["_mdx_unclosed"] = said
    return str(said[1])


def _unclosed_message(state: StateInline, rest: object) -> str:
    """:func:`_unclosed_comment`'s message for a paragraph whose place is ``rest`` (the page's
    text and the line after the paragraph)."""
    text, after = rest if isinstance(rest, tuple) else ("", 0)
    starts, closes = _marks(state, text)
    pos = starts[after] if 0 < after < len(starts) else 0  # the line after the paragraph
    found = bisect_left(closes, pos) if pos else len(closes)
    if found < len(closes):
        end = closes[found]
        line = _ctx(state.env).root_line + bisect_right(starts, end) - 1
        return (
            f"MDX comment '{{/*' is not closed in its paragraph (the next '*/' is on line "
            f"{line}): shown as text; in MDX everything up to there is the comment"
        )
    return (
        "MDX comment '{/*' is never closed (no '*/}' after it): shown as text (Mintlify's "
        "MDX parser fails on it)"
    )


def _marks(state: StateInline, text: str) -> tuple[list[int], list[int]]:
    """Where ``text``'s lines start and where each '*/' in it is, found once a text (a page
    of many paragraphs each with an unclosed '{/*' searched the page again for each)."""
    memo = state.env.get("_mdx_marks")
    if not _memo_of(memo, text):
        starts = [0, *(m.end() for m in re.finditer("\n", text))]
        memo = (text, starts, [m.start() for m in re.finditer(r"\*/", text)])
        state.env["_mdx_marks"] = memo
    return memo[1], memo[2]


def core_inline(state: StateCore) -> None:
    context = _ctx(state.env)
    for index, token in enumerate(state.tokens):
        if token.type == "inline" and token.children is not None:
            state.env[mdxsplit.FLAG] = mdxsplit.allowed(state.tokens, index)
            line = token.map[0] if token.map else 0
            state.env["_mdx_line"] = context.root_line + line
            state.env["_mdx_rest"] = (state.src, token.map[1] if token.map else line)
            state.md.inline.parse(token.content, state.md, state.env, token.children)
            mdxbalance.balance(token.children, context.warn)
