"""LaTeX in pages, as Mintlify writes it: ``$inline$``, ``$$display$$`` and ``<Latex>``.

mdit-py-plugins' dollarmath reads the delimiters (pandoc's rules, so prices such as "$5 and
$10" stay text); latex2mathml turns the TeX into MathML, which browsers lay out natively, so
the site ships no math script, stylesheet or font. Conversion happens while parsing, so
``check`` reports a formula that cannot be read where ``build`` would show its source.
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import escape
from mdit_py_plugins.dollarmath import dollarmath_plugin

from docgen.render.mdxcontext import context_of

_MATHML = "http://www.w3.org/1998/Math/MathML"

MAX_FORMULA_CHARS = 4_000
INLINE = "math_inline"
DISPLAY = ("math_block", "math_inline_double")


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
    html = _mathml(tex, display)
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
            if not read:
                line = context.root_line + (block.map[0] if block.map else 0)
                if token is not block:  # the formula's own line within its paragraph
                    line += block.content.count("\n", 0, max(0, block.content.find(token.content)))
                first = token.content.strip().split("\n", 1)[0]
                context.warn(
                    line, f"LaTeX {first[:60]!r} could not be read; shown as its source", near=first
                )


def _render(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(tokens[idx].meta["html"])


def math_plugin(md: MarkdownIt) -> None:
    """``$...$`` and ``$$...$$`` (never next to a digit or space, so prices stay text)."""
    dollarmath_plugin(
        md,
        allow_labels=False,
        allow_space=False,
        allow_digits=False,
        allow_blank_lines=False,
        double_inline=True,
    )
    md.core.ruler.after("inline", "mdx_math", _convert)
    for kind in (INLINE, *DISPLAY):
        md.add_render_rule(kind, _render)


def latex_token(tokens: Any, content: str, display: bool) -> None:
    """Push a ``<Latex>`` component's formula as the token ``$`` would have made."""
    token = tokens.push(DISPLAY[0] if display else INLINE, "math", 0)
    token.content = content
