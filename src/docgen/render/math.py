"""LaTeX in pages, as Mintlify writes it: ``$inline$``, ``$$display$$`` and ``<Latex>``.

The delimiters are read as remark-math 6 reads them (micromark-extension-math, which Mintlify
runs with its defaults): a run of ``$`` opens inline math that the next run of the same length
closes, whatever is next to it ("$5 and $10" is math there, and so here), within a paragraph;
a line starting with two or more ``$`` (no ``$`` after them) opens a display block, closed by a
line of as many ``$`` or the end of its container. latex2mathml turns the TeX into MathML, which
browsers lay out natively, so the site ships no math script, stylesheet or font. Conversion
happens while parsing, so ``check`` reports a formula that cannot be read where ``build`` would
show its source, and a formula that reads as prose after an amount (a price taken for math, as
Mintlify takes it) is an info line with the fix, ``\\$``.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Any
from xml.etree import ElementTree

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import escape

from docgen.render.mdxcontext import context_of

_MATHML = "http://www.w3.org/1998/Math/MathML"

MAX_FORMULA_CHARS = 4_000
INLINE = "math_inline"
DISPLAY = ("math_block",)
# An amount then a word: "$0.10, not on the invoice). It prices ... ($" is a price read as
# math (remark-math reads it so), not a formula; so is a shell variable then a word ("echo
# $HOME and $PATH"). A TeX command (\\times) is no such word, nor the text of \\text{kg}.
# Read on the formula's first characters only (linear: one optional run, then a lazy scan).
_PROSE = re.compile(
    r"^\s*(?:\d\S*\s.*?(?<![\\\w])[A-Za-z]{2,}\b|[A-Z_][A-Z0-9_]+\s+[a-z]{2,}\b)", re.DOTALL
)
_TEX_TEXT = re.compile(r"\\[A-Za-z]+\{[^{}]*\}")
PROSE_CHARS = 200


def reads_as_prose(formula: str) -> bool:
    """Whether an inline formula looks like text Mintlify also reads as math by mistake."""
    return _PROSE.match(_TEX_TEXT.sub(" ", formula[:PROSE_CHARS])) is not None


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# What the converter's output may hold: MathML's layout elements and attributes. Anything
# else (a <script> written inside \text{}, which the converter copies as it is) means the
# formula is shown as its source instead; \href's link is dropped, its text kept.
_ELEMENTS = _names(
    "math semantics annotation mrow mi mn mo ms mtext mspace msub msup msubsup mfrac msqrt "
    "mroot mstyle merror mpadded mphantom mfenced menclose mover munder munderover mtable mtr "
    "mtd mlabeledtr mmultiscripts mprescripts none"
)
_ATTRIBUTES = _names(
    "display mathvariant stretchy fence separator separators lspace rspace width height depth "
    "columnalign rowalign columnspacing rowspacing columnlines rowlines columnspan rowspan "
    "frame framespacing mathcolor mathbackground mathsize displaystyle scriptlevel minsize "
    "maxsize accent accentunder linethickness movablelimits largeop symmetric form notation "
    "align open close encoding voffset"
)
_BARE_AMP = re.compile(r"&(?!#?\w+;)")
_BARE_LT = re.compile(r"<(?![A-Za-z/])")
_LINKS = ("href", "{http://www.w3.org/1999/xlink}href")  # \href: its text, never a link


@lru_cache(maxsize=1024)  # a formula repeated on a page (or across pages) is read once
def _mathml(tex: str, display: bool) -> str | None:
    """The MathML of ``tex``, or None when latex2mathml cannot read it."""
    from latex2mathml.converter import convert  # only sites with math pay for its import

    if len(tex) > MAX_FORMULA_CHARS:
        return None
    try:
        html = convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # any failure of the converter is a formula it cannot read
        return None
    return _checked(html)


def _checked(html: str) -> str | None:
    """The converter's MathML parsed and written again (its text escaped), or None when it
    holds an element or attribute outside MathML's layout vocabulary."""
    # A "&" or a "<" that starts no entity or tag, copied from \text{a & b < c}, as text.
    html = _BARE_LT.sub("&lt;", _BARE_AMP.sub("&amp;", html))
    try:
        root = ElementTree.fromstring(html)
    except ElementTree.ParseError:
        return None
    for element in root.iter():
        namespace, _, name = str(element.tag).rpartition("}")
        if namespace != "{" + _MATHML or name not in _ELEMENTS:
            return None
        element.tag = name  # HTML's parser puts <math> in MathML's namespace itself
        for key in _LINKS:
            element.attrib.pop(key, None)
        if any(key not in _ATTRIBUTES for key in element.attrib):
            return None
    return ElementTree.tostring(root, encoding="unicode", short_empty_elements=False)


def formula_html(tex: str, display: bool) -> tuple[str, bool]:
    """A formula's HTML and whether it was read (else its source is shown as code)."""
    blank = f'<math display="{"block" if display else "inline"}"></math>'
    html = _mathml(tex, display) if tex.strip() else blank  # KaTeX draws `$ $` as nothing
    if html is not None:
        return (f'<div class="math-display">{html}</div>\n' if display else html), True
    source = f'<code class="math-source">{escape(tex.strip())}</code>'
    return (f"<p>{source}</p>\n" if display else source), False


def _convert(state: StateCore) -> None:
    """Read every formula of the page now (warnings are found while parsing)."""
    context = context_of(state.env)
    for block in state.tokens:
        inside = block.children if block.type == "inline" and block.children else [block]
        for token in inside:
            if token.type != INLINE and token.type not in DISPLAY:
                continue
            html, read = formula_html(token.content, token.type in DISPLAY)
            token.meta = {**(token.meta or {}), "html": html}
            prose = token.type == INLINE and reads_as_prose(token.content)
            if read and not prose:
                continue
            line = context.root_line + (block.map[0] if block.map else 0)
            if token is not block:  # the formula's own line within its paragraph
                line += block.content.count("\n", 0, max(0, block.content.find(token.content)))
            first = token.content.strip().split("\n", 1)[0]
            if not read:
                context.warn(
                    line, f"LaTeX {first[:60]!r} could not be read; shown as its source", near=first
                )
            else:
                context.warn(
                    line,
                    f"'{token.markup}{first[:40]}...' is inline math, as Mintlify reads a pair of"
                    " '$' (a price or a shell variable?): write '\\$' for a dollar sign",
                    code="mdx-math-prose",
                    near=first,
                    info=True,
                )


def _render(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(tokens[idx].meta["html"])


def _run(src: str, pos: int, end: int) -> int:
    """The length of the run of ``$`` at ``pos``."""
    stop = pos
    while stop < end and src[stop] == "$":
        stop += 1
    return stop - pos


def _closer(state: StateInline, after: int, size: int) -> int:
    """Where the first run of exactly ``size`` ``$`` at or after ``after`` starts (-1: none);
    the runs of the text are found once (a paragraph of thousands of ``$`` stays linear)."""
    memo = state.env.get("_math_runs")
    if not (isinstance(memo, tuple) and memo[0] is state.src):
        runs: dict[int, list[int]] = {}
        for match in _RUNS.finditer(state.src):
            runs.setdefault(match.end() - match.start(), []).append(match.start())
        memo = (state.src, runs)
        state.env["_math_runs"] = memo
    starts = memo[1].get(size, [])
    index = bisect_left(starts, after)
    return starts[index] if index < len(starts) else -1


_RUNS = re.compile(r"\$+")


def _math_text(state: StateInline, silent: bool) -> bool:
    """Inline math as micromark-extension-math reads it: a run of ``$`` (not right after an
    unescaped ``$``) up to the next run of the same length; one space or line ending each
    side is dropped when both sides have one and there is more than spaces."""
    src, start, end = state.src, state.pos, state.posMax
    if src[start] != "$":
        return False
    if start > 0 and src[start - 1] == "$":
        before = start - 2
        while before >= 0 and src[before] == "\\":
            before -= 1
        if (start - 2 - before) % 2 == 0:  # a `$` of the same run, not one written `\$`
            return False
    size = _run(src, start, end)
    pos = _closer(state, start + size, size)
    if pos < 0 or pos >= end:
        return False
    if not silent:
        content = src[start + size : pos]
        padded = len(content) > 1 and content[0] in " \n" and content[-1] in " \n"
        if padded and content.strip(" \n"):
            content = content[1:-1]
        token = state.push(INLINE, "math", 0)
        token.content = content
        token.markup = "$" * size
    state.pos = pos + size
    return True


def _math_flow(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A display block as micromark-extension-math reads it: a line of two or more ``$`` and
    text holding no ``$``, up to a line of at least as many ``$`` (spaces around), or to the
    end of its container (MDX: any indentation)."""
    pos = state.bMarks[start] + state.tShift[start]
    maximum = state.eMarks[start]
    size = _run(state.src, pos, maximum)
    if size < 2 or "$" in state.src[pos + size : maximum]:
        return False
    if silent:
        return True
    line, closed = start, False
    while not closed:
        line += 1
        if line >= end:
            break
        first, last = state.bMarks[line] + state.tShift[line], state.eMarks[line]
        if first < last and state.sCount[line] < state.blkIndent:
            break  # a line outside the container ends the block, unclosed
        text = state.src[first:last].rstrip(" \t")
        closed = len(text) >= size and text == "$" * len(text)
    token = state.push(DISPLAY[0], "math", 0)
    token.content = state.getLines(start + 1, line, state.sCount[start], True)
    token.markup = "$" * size
    token.map = [start, line + 1 if closed else line]
    state.line = token.map[1]
    return True


def math_plugin(md: MarkdownIt) -> None:
    """``$...$`` and ``$$...$$`` as remark-math reads them (see the module's docstring)."""
    md.inline.ruler.before("escape", INLINE, _math_text)
    md.block.ruler.before(
        "fence", DISPLAY[0], _math_flow, {"alt": ["paragraph", "reference", "blockquote", "list"]}
    )
    md.core.ruler.after("inline", "mdx_math", _convert)
    for kind in (INLINE, *DISPLAY):
        md.add_render_rule(kind, _render)


def latex_token(tokens: Any, content: str, display: bool) -> None:
    """Push a ``<Latex>`` component's formula as the token ``$`` would have made."""
    token = tokens.push(DISPLAY[0] if display else INLINE, "math", 0)
    token.content = content
