"""Build-time syntax highlighting with Pygments (class-based spans, styled by docgen.css)."""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import escape
from pygments import highlight as _highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from docgen.config.languages import ALIASES as _ALIASES

_FORMATTER = HtmlFormatter(nowrap=True)


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer | None:
    name = _ALIASES.get(language.lower(), language.lower())
    try:
        return get_lexer_by_name(name, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


def language_name(language: str) -> str | None:
    """How people write ``language``'s name (``ts`` -> "TypeScript", ``sh`` -> "Bash"), from
    Pygments' lexers, or None when it knows no such language."""
    lexer = _lexer(language)
    return None if lexer is None else str(lexer.name)


_WHITESPACE = re.compile(r'<span class="w">([^<]*)</span>')
# Highlighting multiplies the size of code about sevenfold: past this, code stays plain text
# (a few huge examples would otherwise make a page of megabytes).
HIGHLIGHT_MAX_CHARS = 8_000


def highlight(code: str, language: str | None) -> str:
    """HTML for ``code`` (escaped; spans with Pygments classes when the language is known and
    the code is shorter than :data:`HIGHLIGHT_MAX_CHARS`)."""
    lexer = _lexer(language) if language else None
    if lexer is None or len(code) > HIGHLIGHT_MAX_CHARS:
        return str(escape(code))
    if language == "json":
        fast = json_html(code)
        if fast is not None:
            return fast
    return _cached(code, language or "")


# JSON as ``json.dumps`` writes it: one alternative per token kind (whitespace, string,
# number, constant, punctuation). Anything else (NaN, comments...) goes to Pygments.
_JSON_TOKEN = re.compile(
    r'([ \n\r\t]+)|("(?:[^"\\]|\\.)*")|(-?[0-9][0-9.eE+-]*)|(true|false|null)|([{}\[\],:])'
)
_KEY = re.compile(r"[ \n\r\t]*:")


def json_html(code: str) -> str | None:
    """Pygments' JSON highlighting of well-formed JSON text, byte for byte, from one regular
    expression pass (about ten times cheaper than the lexer); ``None`` when ``code`` holds
    anything else."""
    out: list[str] = []
    kind = ""  # class of the span being built (consecutive tokens of one class share it)
    text: list[str] = []
    position = 0
    for match in _JSON_TOKEN.finditer(code):
        if match.start() != position:
            return None
        position = match.end()
        group = match.lastindex
        token = match.group()
        if group == 1:
            new = ""
        elif group == 2:
            new = "nt" if _KEY.match(code, position) else "s2"
            token = token.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        elif group == 3:
            new = "mi" if token.lstrip("-").isdigit() else "mf"
        elif group == 4:
            new = "kc"
        else:
            new = "p"
        if new != kind or new in ("", "s2", "nt"):
            if text:
                out.append(f'<span class="{kind}">{"".join(text)}</span>' if kind else text[0])
            kind, text = new, [token]
        else:
            text.append(token)
    if position != len(code):
        return None
    if text:
        out.append(f'<span class="{kind}">{"".join(text)}</span>' if kind else text[0])
    return "".join(out)


@lru_cache(maxsize=256)
def _cached(code: str, language: str) -> str:
    # Examples repeat across the pages of big specs (error bodies, shared objects).
    lexer = _lexer(language)
    assert lexer is not None
    return _format(code, lexer)


def _format(code: str, lexer: Lexer) -> str:
    html = str(_highlight(code, lexer, _FORMATTER)).removesuffix("\n")
    # Whitespace tokens have no style: keep their text, drop the span (a tenth of the bytes).
    return _WHITESPACE.sub(r"\1", html)
