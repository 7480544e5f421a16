"""Highlighted HTML for docgen's own request samples, from the structure they are written from.

Pygments' lexers cost more than anything else on a page of samples (they try dozens of regular
expressions at every character); docgen knows every token it wrote, so it hands the tokens to
Pygments' HTML formatter directly. The HTML is byte for byte what the lexers give (a property
test compares them on random requests); whatever this module is not sure of (quotes or
backslashes inside strings, non-finite numbers, other types) returns ``None`` and the sample
goes through the lexer as before.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from io import StringIO
from typing import Any

from pygments.token import (
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
    _TokenType,
)

from docgen.render.bodysamples import curl_globs
from docgen.render.highlight import _FORMATTER, _WHITESPACE

Tokens = list[tuple[_TokenType, str]]

# Python's lexer: the %-format and {}-format fields inside a string (Pygments' own patterns).
_PY_PERCENT = re.compile(
    r"%(\(\w+\))?[-#0 +]*([0-9]+|[*])?(\.([0-9]+|[*]))?[hlL]?[E-GXc-giorsaux%]"
)
_PY_FIELD = re.compile(
    r"\{((\w+)((\.\w+)|(\[[^\]]+\]))*)?(\![sra])?"
    r"(\:(.?[<>=\^])?[-+ ]?#?0?(\d+)?,?(\.\d+)?[E-GXb-gnosx%]?)?\}"
)
_PY_FLOAT = re.compile(r"\d+(\.\d*)?([eE][+-]?\d+)?")
_JS_NUMBER = re.compile(r"([0-9]+\.?[0-9]*)([eE][-+]?[0-9]+)?")
_BARE_WORD = re.compile(r"[A-Za-z_./:@%+,-][\w@%+:,./-]*")


class _Unsure(Exception):
    """A value this module does not tokenise the way the lexer would."""


def html(tokens: Tokens) -> str:
    """What :func:`docgen.render.highlight.highlight` makes of the code these tokens spell."""
    out = StringIO()
    _FORMATTER.format(iter(tokens), out)
    return _WHITESPACE.sub(r"\1", out.getvalue().removesuffix("\n"))


# -- curl (Pygments' Bash lexer) --------------------------------------------------------------


def _shell_word(value: str) -> tuple[_TokenType, str]:
    quoted = shlex.quote(value)
    if quoted.startswith("'"):
        if quoted.count("'") != 2:
            raise _Unsure(value)  # '"'"' sequences
        return String.Single, quoted
    if not _BARE_WORD.fullmatch(quoted) or not ("/" in quoted or ":" in quoted):
        raise _Unsure(value)  # numbers, names the lexer may take for builtins, '='
    return Text, quoted


def curl_tokens(method: str, url: str, headers: Any, data: str | None) -> Tokens:
    out: Tokens = [(Text, "curl"), (Whitespace, " "), (Text, "--request"), (Whitespace, " ")]
    if not (method.isascii() and method.isalpha() and method.isupper()):
        raise _Unsure(method)
    out.append((Text, method))
    if curl_globs(url):
        out += [(Whitespace, " "), (Text, "--globoff")]
    args = [("--url", url)] + [("--header", f"{n}: {v}") for n, v in headers]
    if data is not None:
        args.append(("--data", data))
    for flag, value in args:
        out += [(Whitespace, " "), (String.Escape, "\\\n"), (Whitespace, "  "), (Text, flag)]
        out += [(Whitespace, " "), _shell_word(value)]
    return out


# -- Python (requests) -------------------------------------------------------------------------


def _py_string(value: str) -> Iterator[tuple[_TokenType, str]]:
    text = repr(value)
    if not text.startswith("'") or "\\" in text or "\r" in text:
        raise _Unsure(value)
    yield String.Single, "'"
    body, i = text[1:-1], 0
    while i < len(body):
        char = body[i]
        match = _PY_PERCENT.match(body, i) if char == "%" else None
        if char == "{":
            match = _PY_FIELD.match(body, i)
        if match is not None:
            yield String.Interpol, match.group()
            i = match.end()
        elif char == "{":
            end = i + 2 if body.startswith("{{", i) else i + 1
            yield String.Single, body[i:end]
            i = end
        else:
            stop = i + 1
            while stop < len(body) and body[stop] not in "%{":
                stop += 1
            yield String.Single, body[i:stop]
            i = stop
    yield String.Single, "'"


def _py_value(value: Any, indent: int) -> Iterator[tuple[_TokenType, str]]:
    pad, end = "    " * (indent + 1), "    " * indent
    if isinstance(value, dict):
        if not value:
            yield Punctuation, "{}"
            return
        yield Punctuation, "{"
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Unsure(key)
            yield Whitespace, "\n" + pad
            yield from _py_string(key)
            yield Punctuation, ":"
            yield Text, " "
            yield from _py_value(item, indent + 1)
            yield Punctuation, ","
        yield Whitespace, "\n" + end
        yield Punctuation, "}"
    elif isinstance(value, list):
        if not value:
            yield Punctuation, "[]"
            return
        yield Punctuation, "["
        for item in value:
            yield Whitespace, "\n" + pad
            yield from _py_value(item, indent + 1)
            yield Punctuation, ","
        yield Whitespace, "\n" + end
        yield Punctuation, "]"
    elif value is None or isinstance(value, bool):
        yield Keyword.Constant, repr(value)
    elif isinstance(value, str):
        yield from _py_string(value)
    elif isinstance(value, (int, float)):
        text = repr(value)
        if text.startswith("-"):
            yield Operator, "-"
            text = text[1:]
        if isinstance(value, int):
            yield Number.Integer, text
        elif _PY_FLOAT.fullmatch(text):
            yield Number.Float, text
        else:
            raise _Unsure(value)  # inf, nan
    else:
        raise _Unsure(value)


def python_tokens(method: str, url: str, headers: Any, body: Any | None) -> Tokens:
    out: Tokens = [(Keyword.Namespace, "import"), (Whitespace, " "), (Name.Namespace, "requests")]
    out += [(Whitespace, "\n\n"), (Name, "url"), (Text, " "), (Operator, "="), (Text, " ")]
    out += _py_string(url)
    args = ["url"]
    if headers:
        out += [(Whitespace, "\n"), (Name, "headers"), (Text, " "), (Operator, "=")]
        out += [(Text, " "), (Punctuation, "{")]
        for name, value in headers:
            out += [(Whitespace, "\n    "), *_py_string(name), (Punctuation, ":"), (Text, " ")]
            out += [*_py_string(value), (Punctuation, ",")]
        out += [(Whitespace, "\n"), (Punctuation, "}")]
        args.append("headers")
    if body is not None:
        out += [(Whitespace, "\n"), (Name, "payload"), (Text, " "), (Operator, "=")]
        out += [(Text, " "), *_py_value(body, 0)]
        args.append("json")
    out += [(Whitespace, "\n\n"), (Name, "response"), (Text, " "), (Operator, "="), (Text, " ")]
    out += [(Name, "requests"), (Operator, "."), (Name, "request"), (Punctuation, "(")]
    out += _py_string(method)
    for arg in args:
        out += [(Punctuation, ","), (Text, " "), (Name, arg)]
        if arg != "url":
            out += [(Operator, "="), (Name, {"json": "payload"}.get(arg, arg))]
    out += [(Punctuation, ")"), (Whitespace, "\n"), (Name.Builtin, "print"), (Punctuation, "(")]
    out += [(Name, "response"), (Operator, "."), (Name, "json"), (Punctuation, "())")]
    return out


# -- JavaScript (fetch) ------------------------------------------------------------------------


def _js_value(value: Any, pad: str) -> Iterator[tuple[_TokenType, str]]:
    inner = pad + "  "
    if isinstance(value, dict):
        if not value:
            yield Punctuation, "{}"
            return
        yield Punctuation, "{"
        for number, (key, item) in enumerate(value.items()):
            if number:
                yield Punctuation, ","
            if not isinstance(key, str):
                raise _Unsure(key)
            yield Whitespace, "\n" + inner
            yield String.Double, json.dumps(key, ensure_ascii=False)
            yield Operator, ":"
            yield Whitespace, " "
            yield from _js_value(item, inner)
        yield Whitespace, "\n" + pad
        yield Punctuation, "}"
    elif isinstance(value, (list, tuple)):
        if not value:
            yield Punctuation, "[]"
            return
        yield Punctuation, "["
        for number, item in enumerate(value):
            if number:
                yield Punctuation, ","
            yield Whitespace, "\n" + inner
            yield from _js_value(item, inner)
        yield Whitespace, "\n" + pad
        yield Punctuation, "]"
    elif value is None or isinstance(value, bool):
        yield Keyword.Constant, json.dumps(value)
    elif isinstance(value, str):
        yield String.Double, json.dumps(value, ensure_ascii=False)
    elif isinstance(value, (int, float)):
        text = json.dumps(value)
        if text.startswith("-"):
            yield Operator, "-"
            text = text[1:]
        if not _JS_NUMBER.fullmatch(text):
            raise _Unsure(value)  # NaN, Infinity
        yield Number.Float, text
    else:
        raise _Unsure(value)  # json.dumps would write str(value)


def javascript_tokens(method: str, url: str, headers: Any, body: Any | None) -> Tokens:
    out: Tokens = [(Keyword.Declaration, "const"), (Whitespace, " "), (Name.Other, "response")]
    out += [(Whitespace, " "), (Operator, "="), (Whitespace, " "), (Keyword, "await")]
    out += [(Whitespace, " "), (Name.Other, "fetch"), (Punctuation, "(")]
    out += [(String.Double, json.dumps(url)), (Punctuation, ","), (Whitespace, " ")]
    out += [(Punctuation, "{"), (Whitespace, "\n  "), (Name.Other, "method"), (Operator, ":")]
    out += [(Whitespace, " "), (String.Double, json.dumps(method)), (Punctuation, ",")]
    if headers:
        out += [(Whitespace, "\n  "), (Name.Other, "headers"), (Operator, ":")]
        out += [(Whitespace, " "), (Punctuation, "{")]
        for name, value in headers:
            out += [(Whitespace, "\n    "), (String.Double, json.dumps(name)), (Operator, ":")]
            out += [(Whitespace, " "), (String.Double, json.dumps(value)), (Punctuation, ",")]
        out += [(Whitespace, "\n  "), (Punctuation, "},")]
    if body is not None:
        out += [(Whitespace, "\n  "), (Name.Other, "body"), (Operator, ":"), (Whitespace, " ")]
        out += [(Name.Builtin, "JSON"), (Punctuation, "."), (Name.Other, "stringify")]
        out += [(Punctuation, "("), *_js_value(body, "  "), (Punctuation, "),")]
    out += [(Whitespace, "\n"), (Punctuation, "});"), (Whitespace, "\n")]
    out += [(Keyword.Declaration, "const"), (Whitespace, " "), (Name.Other, "data")]
    out += [(Whitespace, " "), (Operator, "="), (Whitespace, " "), (Keyword, "await")]
    out += [(Whitespace, " "), (Name.Other, "response"), (Punctuation, "."), (Name.Other, "json")]
    out += [(Punctuation, "();"), (Whitespace, "\n"), (Name.Other, "console")]
    out += [(Punctuation, "."), (Name.Other, "log"), (Punctuation, "("), (Name.Other, "data")]
    out += [(Punctuation, ");")]
    return out


_BUILDERS = {"curl": curl_tokens, "python": python_tokens, "javascript": javascript_tokens}


def sample_html(
    lang: str, method: str, url: str, headers: Any, body: Any | None, data: str | None
) -> str | None:
    """The highlighted HTML of the ``lang`` sample, or ``None`` (then: Pygments' lexer).
    ``data`` is the compact JSON curl sends (``body`` written out)."""
    texts = [method, url, *(part for header in headers for part in header)]
    if any("\r" in text for text in texts):
        return None  # the lexer reads a carriage return as a line end
    try:
        if lang == "curl":
            tokens = curl_tokens(method, url, headers, data)
        elif lang in _BUILDERS:
            tokens = _BUILDERS[lang](method, url, headers, body)
        else:
            return None
    except (_Unsure, RecursionError):
        return None
    return html(tokens)
