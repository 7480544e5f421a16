"""Inline code keeps the punctuation written against it on its line.

Inline code is drawn as one box (``display: inline-block``, so short code never breaks inside),
and a browser may end a line right after such a box even before a comma: "each ``act``" on one
line, ", ``extract``" on the next. Mintlify's inline code is an inline box, where a line never
starts with the sentence's comma. So the characters written right after the code, up to the
next space (``act``, ``Promise``s, ``run()``.), are wrapped with it in a span that does not
break; the code inside still wraps when it is wider than the column. Chinese, Japanese and
Korean letters may start a line (their words have no spaces between them): the run stops
before the first one, or the span held a whole clause (a full-width comma and ten letters
after ``CONSOLE_CORS_ALLOW_ORIGINS``) and ran out of a phone's column. A line may end after
full-width punctuation, so the run stops after it too ("``https://…``。Mintlify" keeps "。").
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from docgen.render.searchindex import CJK_RUN

_RUN = re.compile(r"[^\s]+")
_WIDE_PUNCTUATION = re.compile("[\u3000-\u303f\uff01-\uff65]+")  # CJK symbols, full-width forms
_LONGEST = 16  # a longer run ("`x`-compatible-with-everything") keeps only its first character


def _glued(tokens: list[Token], idx: int) -> str:
    """The characters of ``tokens[idx]`` (a text token) that stay with the code before it."""
    if idx == 0 or tokens[idx - 1].type != "code_inline" or tokens[idx].type != "text":
        return ""
    run = _RUN.match(tokens[idx].content)
    if run is None:
        return ""
    text = run.group(0)
    letters = CJK_RUN.search(text)
    if letters is not None:
        text = text[: letters.start()]
    punctuation = _WIDE_PUNCTUATION.search(text)
    if punctuation is not None:
        text = text[: punctuation.end()]
    return text if len(text) <= _LONGEST else text[:1]


def _code_inline(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    code = str(self.code_inline(tokens, idx, options, env))
    glued = _glued(tokens, idx + 1) if idx + 1 < len(tokens) else ""
    if not glued:
        return code
    return f'<span class="code-glue">{code}{escapeHtml(glued)}</span>'


def _text(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    content = tokens[idx].content
    return escapeHtml(content[len(_glued(tokens, idx)) :])


def use(md: MarkdownIt) -> None:
    """Glue inline code to the characters written right after it in ``md``'s output."""
    md.add_render_rule("code_inline", _code_inline)
    md.add_render_rule("text", _text)
