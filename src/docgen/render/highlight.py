"""Build-time syntax highlighting with Pygments (class-based spans, styled by docgen.css)."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import escape
from pygments import highlight as _highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

_FORMATTER = HtmlFormatter(nowrap=True)
_ALIASES = {
    "sh": "bash",
    "shell": "bash",
    "curl": "bash",
    "js": "javascript",
    "py": "python",
    "jsonc": "json",
    "yml": "yaml",
    "node": "javascript",
    "ts": "typescript",
}


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer | None:
    name = _ALIASES.get(language.lower(), language.lower())
    try:
        return get_lexer_by_name(name, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


def highlight(code: str, language: str | None) -> str:
    """HTML for ``code`` (escaped; spans with Pygments classes when the language is known)."""
    lexer = _lexer(language) if language else None
    if lexer is None:
        return str(escape(code))
    return str(_highlight(code, lexer, _FORMATTER)).removesuffix("\n")
