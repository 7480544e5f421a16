"""The strings a JSX component's body builds from its props and literals, computed without
running anything: ``url + "?dark=1"``, `` `/docs/${slug}` ``, and the template strings inside an
object or array (``style={{ maskImage: `url(/icons/${icon}.svg)` }}``)."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from docgen.render.jsx import evaluate

_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_PLACEHOLDER = re.compile(r"\$\{\s*([A-Za-z_$][\w$]*)\s*\}")


def string(expression: str, props: dict[str, Any], known: set[str]) -> str | None:
    """The string ``a + "b"`` or `` `${a}b` `` makes of props and literals, else ``None``."""
    parts: list[str] = []
    for part in _split_plus(expression):
        part = part.strip()
        if _IDENT.fullmatch(part) and part in known:
            value = _text(props.get(part))
            if value is None:
                return None
            parts.append(value)
        elif part.startswith("`") and part.endswith("`") and len(part) >= 2:
            names = _PLACEHOLDER.findall(part)
            values = {n: _text(props.get(n)) for n in names if n in known}
            if len(values) < len(names) or None in values.values():
                return None
            inner = _PLACEHOLDER.sub(partial(_placeholder, values), part[1:-1])
            if "${" in inner or "`" in inner:
                return None
            parts.append(inner)
        elif isinstance(value := evaluate(part), str) and part[:1] in "\"'":
            parts.append(value)
        else:
            return None
    return "".join(parts) if len(parts) > 1 or "${" in expression else None


_BACKTICKS = re.compile(r"`[^`\\]*`")


def templates(expression: str, props: dict[str, Any], known: set[str]) -> str | None:
    """``expression`` (an object, an array) with its template strings of props written as
    strings (``{ maskImage: `url(/i/${icon}.svg)` }``); None when it holds none to write."""
    if expression[:1] not in "{[" or "`" not in expression:
        return None
    changed = False

    def written(match: re.Match[str]) -> str:
        nonlocal changed
        text = string(match.group(0), props, known)
        if text is None:
            return match.group(0)
        changed = True
        return json.dumps(text)

    filled = _BACKTICKS.sub(written, expression)
    return filled if changed else None


def _placeholder(values: dict[str, str | None], match: re.Match[str]) -> str:
    return values[match.group(1)] or ""


def _text(value: Any) -> str | None:
    """A prop as a string joins it: text, a number; a prop not given is empty."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return value if isinstance(value, str) else json.dumps(value)


def _split_plus(expression: str) -> list[str]:
    """``expression`` cut at each ``+`` outside strings and template strings."""
    parts, start, quote = [], 0, ""
    for i, char in enumerate(expression):
        if quote:
            quote = "" if char == quote and expression[i - 1] != "\\" else quote
        elif char in "\"'`":
            quote = char
        elif char == "+":
            parts.append(expression[start:i])
            start = i + 1
    return [*parts, expression[start:]]
