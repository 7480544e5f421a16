"""The string methods a page's JSX calls on values it knows, computed without running
anything: ``text.toLowerCase()``, ``name.trim().toUpperCase()``,
``key.replace(/\\./g, "-")``, ``s.replaceAll("_", " ")`` (Turnkey's heading and parameter
components build their anchors so). Only these methods of strings, with string arguments or a
regular expression that matches its own text (``/\\./g``, never one that could backtrack):
anything else stays code docgen does not run."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_CALL = re.compile(
    r"\.(toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|trim|trimStart|trimEnd"
    r"|replace|replaceAll|toString)\(\s*((?:[^()\"'`/]|\"[^\"\\]*\"|'[^'\\]*'|/(?:\\.|[^/\\\n])+/[gimsuy]*)*)\)\s*$"
)
_REGEX = re.compile(r"\s*/((?:\\.|[^/\\\n])+)/([gimsuy]*)\s*,(.*)$", re.S)
_PLAIN = re.compile(r"(?:\\[^A-Za-z0-9]|[^\\.^$*+?()\[\]{}|/])+")  # matches its own text only
_SIMPLE: dict[str, Callable[[str], str]] = {
    "toLowerCase": str.lower,
    "toLocaleLowerCase": str.lower,
    "toUpperCase": str.upper,
    "toLocaleUpperCase": str.upper,
    "trim": str.strip,
    "trimStart": str.lstrip,
    "trimEnd": str.rstrip,
    "toString": str,
}
Evaluate = Callable[[str, dict[str, Any] | None], Any]
# A chain reads one call at a time, each through ``evaluate`` again: past this many parentheses
# (900 ``.trim()`` overflowed Python's stack: an internal error), the chain is left as code.
MAX_PARENTHESES = 64


def call(text: str, names: dict[str, Any], evaluate: Evaluate) -> str | None:
    """The string ``text`` (a chain of calls on a known string) computes, else None."""
    if text.count("(") > MAX_PARENTHESES:
        return None
    match = _CALL.search(text)
    if match is None or match.start() == 0:
        return None
    receiver = evaluate(text[: match.start()], names)
    if not isinstance(receiver, str):
        return None
    method, args = match.group(1), match.group(2).strip()
    if method in _SIMPLE:
        return _SIMPLE[method](receiver) if not args else None
    return _replace(receiver, args, method == "replaceAll", names, evaluate)


def _replace(
    text: str, args: str, every: bool, names: dict[str, Any], evaluate: Evaluate
) -> str | None:
    """``replace``/``replaceAll`` with a string, or a regular expression of plain text."""
    regex = _REGEX.match(args)
    if regex is not None:
        pattern, flags, rest = regex.groups()
        if _PLAIN.fullmatch(pattern) is None or set(flags) - {"g"}:
            return None
        old = re.sub(r"\\(.)", r"\1", pattern)
        every = every or "g" in flags
    else:
        first, comma, rest = _split(args)
        found = evaluate(first, names) if comma else None
        if not isinstance(found, str):
            return None
        old = found
    new = evaluate(rest, names)
    if not isinstance(new, str) or "$" in new or not old:
        return None
    return text.replace(old, new) if every else text.replace(old, new, 1)


def _split(args: str) -> tuple[str, str, str]:
    """``args`` cut at its first comma outside a string."""
    quote = ""
    for i, char in enumerate(args):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == ",":
            return args[:i], ",", args[i + 1 :]
    return args, "", ""
