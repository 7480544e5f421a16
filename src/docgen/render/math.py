"""LaTeX in pages, as Mintlify writes it: ``$inline$``, ``$$display$$`` and ``<Latex>``.

mdit-py-plugins' dollarmath reads the delimiters (pandoc's rules, so prices such as "$5 and
$10" stay text); latex2mathml turns the TeX into MathML, which browsers lay out natively, so
the site ships no math script, stylesheet or font. Conversion happens while parsing, so
``check`` reports a formula that cannot be read where ``build`` would show its source.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import escape
from mdit_py_plugins.dollarmath import dollarmath_plugin

from docgen.render.mdxcontext import context_of

MAX_FORMULA_CHARS = 4_000
INLINE = "math_inline"
DISPLAY = ("math_block", "math_inline_double")
_ATTRIBUTE = re.compile(r'\s([\w:-]+)="[^"]*"')
_LINKS = ("href", "xlink:href", "src", "style", "class")  # \href and friends: never a link


def _mathml(tex: str, display: bool) -> str | None:
    """The MathML of ``tex``, or None when latex2mathml cannot read it."""
    from latex2mathml.converter import convert  # only sites with math pay for its import

    if len(tex) > MAX_FORMULA_CHARS:
        return None
    try:
        html = convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # any failure of the converter is a formula it cannot read
        return None
    return _ATTRIBUTE.sub(
        lambda m: "" if m.group(1) in _LINKS or m.group(1).startswith("on") else m.group(0),
        html,
    )


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
