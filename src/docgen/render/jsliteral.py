"""JavaScript array and object literals, read and never run: ``['TypeScript', 'Python']``,
``{ label: "v2", tags: ['New',], count: 3 }``.

JSON is a subset. JavaScript also writes strings in single quotes (or backticks, without
``${}``), object keys without quotes, trailing commas, ``undefined`` and comments; all are read
here. A name (``[version, "x"]``) is its value when the page knows it. Anything else (a call,
a spread, an operator) is not a literal: :func:`read` gives None and the caller keeps the
source as code it does not run.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

MAX_NESTING = 32
MAX_NUMBER_CHARS = 1_000  # a longer number is left unread (Python reads 4,300 digits)
# A template string longer than this is left unread: a chain of constants that each double
# the one before would otherwise take memory two to the power of the chain's length.
MAX_TEMPLATE_CHARS = 1 << 20
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_SPACE = re.compile(r"(?:\s+|//[^\n]*|/\*.*?\*/)*", re.S)
_WORDS = {"true": True, "false": False, "null": None, "undefined": None}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_HEX = re.compile(r"u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})")


class _NotLiteral(Exception):
    """The text is not a literal docgen reads."""


class _Reader:
    def __init__(self, text: str, names: dict[str, Any] | None) -> None:
        self.text = text
        self.pos = 0
        self.names = names or {}

    def space(self) -> None:
        match = _SPACE.match(self.text, self.pos)
        if match is not None:
            self.pos = match.end()

    def peek(self) -> str:
        self.space()
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise _NotLiteral
        self.pos += 1

    def value(self, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise _NotLiteral
        char = self.peek()
        if char == "[":
            return self.array(depth)
        if char == "{":
            return self.object(depth)
        if char and char in "\"'`":
            return self.string()
        match = _NUMBER.match(self.text, self.pos)
        if match is not None and len(match.group(0)) <= MAX_NUMBER_CHARS:
            self.pos = match.end()
            number = match.group(0).lstrip("+")
            return float(number) if any(c in number for c in ".eE") else int(number)
        match = _IDENT.match(self.text, self.pos)
        if match is None:
            raise _NotLiteral
        self.pos = match.end()
        word = match.group(0)
        if word in _WORDS:
            return _WORDS[word]
        dotted = _DOTTED.match(self.text, self.pos)
        if dotted is not None and dotted.group(0):  # theme.accent: a key of a known object
            self.pos = dotted.end()
            found = member(word + dotted.group(0), self.names)
            if found is None:
                raise _NotLiteral
            return found
        known = self.names.get(word)
        if isinstance(known, (str, int, float, list, dict)):  # a plain value, not a component
            return known
        raise _NotLiteral

    def array(self, depth: int) -> list[Any]:
        self.expect("[")
        items: list[Any] = []
        while self.peek() != "]":
            items.append(self.value(depth + 1))
            if self.peek() != ",":
                break
            self.pos += 1
        self.expect("]")
        return items

    def object(self, depth: int) -> dict[str, Any]:
        self.expect("{")
        entries: dict[str, Any] = {}
        while self.peek() != "}":
            char = self.peek()
            if char and char in "\"'":
                key = self.string()
            else:
                match = _IDENT.match(self.text, self.pos) or _NUMBER.match(self.text, self.pos)
                if match is None:
                    raise _NotLiteral
                self.pos, key = match.end(), match.group(0)
            self.expect(":")
            entries[key] = self.value(depth + 1)
            if self.peek() != ",":
                break
            self.pos += 1
        self.expect("}")
        return entries

    def string(self) -> str:
        quote = self.text[self.pos]
        if quote == "`":
            return self.template()
        self.pos += 1
        out: list[str] = []
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            self.pos += 1
            if char == quote:
                return "".join(out)
            if char == "\\":
                out.append(self.escape())
            elif (char == "\n" and quote != "`") or (
                char == "$" and text[self.pos : self.pos + 1] == "{" and quote == "`"
            ):
                raise _NotLiteral  # a string cut by a line end, or a template with ${}
            else:
                out.append(char)
        raise _NotLiteral

    def template(self) -> str:
        """A template string, its ``${name}`` the values the page knows (:func:`template`)."""
        text, pos, depth = self.text, self.pos + 1, 0
        while pos < len(text):
            char = text[pos]
            if char == "\\":
                pos += 1
            elif text.startswith("${", pos):
                depth += 1
                pos += 1
            elif char == "}" and depth:
                depth -= 1
            elif char == "`" and not depth:
                filled = template(text[self.pos + 1 : pos], self.names)
                if filled is None:
                    raise _NotLiteral
                self.pos = pos + 1
                return filled
            pos += 1
        raise _NotLiteral

    def escape(self) -> str:
        if self.pos >= len(self.text):
            raise _NotLiteral
        char, self.pos = _unescape(self.text, self.pos)
        return char


def _unescape(text: str, pos: int) -> tuple[str, int]:
    """What the escape at ``pos`` (just after its backslash) stands for, and where the text
    goes on: ``\\u0041``, ``\\u{1F600}``, ``\\x41``, ``\\n``..., a line continued."""
    match = _HEX.match(text, pos)
    if match is not None:
        code = int(next(g for g in match.groups() if g is not None), 16)
        if code > 0x10FFFF:
            raise _NotLiteral
        if 0xD800 <= code < 0xE000:
            return _surrogate(text, code, match.end())
        return chr(code), match.end()
    char = text[pos]
    if char == "\n":  # a line continued
        return "", pos + 1
    return _ESCAPES.get(char, char), pos + 1


def _surrogate(text: str, code: int, end: int) -> tuple[str, int]:
    """A UTF-16 surrogate written as an escape (JavaScript strings are UTF-16): with its other
    half escaped right after it (``\\uD83D\\uDE00``), the one character both stand for;
    alone, U+FFFD, as a browser shows it (no UTF-8 page can hold a lone surrogate: the build
    stopped on writing one after check had passed)."""
    if code < 0xDC00 and text.startswith("\\u", end):
        low = _HEX.match(text, end + 1)
        if low is not None and low.group(3) is None:
            second = int(low.group(1) or low.group(2), 16)
            if 0xDC00 <= second < 0xE000:
                return chr(0x10000 + ((code - 0xD800) << 10) + (second - 0xDC00)), low.end()
    return "\ufffd", end


def read(text: str, names: dict[str, Any] | None = None) -> list[Any] | dict[str, Any] | None:
    """The array or object ``text`` writes (names looked up in ``names``), or None."""
    reader = _Reader(text, names)
    if reader.peek() not in ("[", "{"):
        return None
    try:
        value = reader.value(0)
        reader.space()
    except (_NotLiteral, RecursionError):
        return None
    if reader.pos != len(text) or not isinstance(value, (list, dict)):
        return None
    return value


_PLACEHOLDER = re.compile(r"\$\{\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\}")
_MEMBER = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$")
_DOTTED = re.compile(r"(?:\.[A-Za-z_$][\w$]*)*")


def member(text: str, names: dict[str, Any]) -> str | int | float | None:
    """``urls.oss``: the string or number under that key of an object the page knows (an
    exported or imported ``const urls = {oss: "https://..."}``), else None."""
    if _MEMBER.match(text) is None:
        return None
    first, *keys = text.split(".")
    value = names.get(first)
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None


def template(
    inner: str, names: dict[str, Any], compute: Callable[..., Any] | None = None
) -> str | None:
    """A template string's text (between its backticks, as written), read as JavaScript reads
    it: each ``${name}`` replaced by the value the page knows for ``name`` (a string or
    number), escapes made the characters they stand for (``\\``` a backtick, ``\\${`` a
    dollar and brace, ``\\n`` a new line); None when a ``${...}`` holds anything else (that
    ``compute`` cannot compute) or an unescaped backtick ends the string early."""
    out: list[str] = []
    pos, end, size = 0, len(inner), 0
    while pos < end:
        char = inner[pos]
        if size > MAX_TEMPLATE_CHARS:
            return None
        if char == "\\" and pos + 1 < end:
            try:
                text, pos = _unescape(inner, pos + 1)
            except _NotLiteral:
                return None
            out.append(text)
        elif char == "`":
            return None
        elif inner.startswith("${", pos):
            match = _PLACEHOLDER.match(inner, pos)
            if match is not None:
                name = match.group(1)
                value = member(name, names) if "." in name else names.get(name)
                close = match.end()
            else:  # ``${key.replace(/\./g, "-")}``: computed by ``compute`` if it can
                close = inner.find("}", pos)
                if compute is None or close == -1 or "{" in inner[pos + 2 : close]:
                    return None
                value, close = compute(inner[pos + 2 : close], names), close + 1
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                return None
            out.append(str(value))
            size += len(out[-1])
            pos = close
        else:
            out.append(char)
            pos += 1
    return None if size > MAX_TEMPLATE_CHARS else "".join(out)
