"""Find the line and column of a JSON pointer in JSON text, on demand.

Documents are parsed with :func:`json.loads` (fast, no positions). Only when a diagnostic needs a
position is the text walked again, token by token, down the pointer's path.
"""

from __future__ import annotations

import json
import re

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _skip_ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _skip_value(text: str, i: int) -> int:
    """Index just after the JSON value starting at ``i`` (iterative for containers)."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in "[{":
            depth += 1
            i += 1
        elif c in "]}":
            depth -= 1
            i += 1
            if depth <= 0:
                return i
        elif c == '"':
            _, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            if depth == 0:
                return i
        elif c in ",: \t\r\n":
            i += 1
        else:
            j = i
            while j < n and text[j] not in ",]} \t\r\n":
                j += 1
            if depth == 0:
                return j
            i = j
    return i


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def locate_offset(text: str, pointer: str) -> tuple[int, bool]:
    """Offset of the value at ``pointer`` (or of its nearest existing ancestor).

    Returns ``(offset, exact)``; for a key that does not exist the offset of its parent is
    given with ``exact=False``. With a trailing ``#key`` marker (``/a/b#key``) the offset of the
    *key* ``b`` itself, rather than of its value, is returned.
    """
    want_key = pointer.endswith("#key")
    if want_key:
        pointer = pointer[: -len("#key")]
    tokens = [_unescape(t) for t in pointer.split("/")[1:]] if pointer else []
    i = _skip_ws(text, 0)
    if text.startswith("\ufeff", i):
        i += 1
    key_at = i
    try:
        for token in tokens:
            i = _skip_ws(text, i)
            if i >= len(text):
                return key_at, False
            if text[i] == "{":
                i = _skip_ws(text, i + 1)
                found = False
                while i < len(text) and text[i] != "}":
                    key_start = i
                    key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                    i = _skip_ws(text, i)
                    i = _skip_ws(text, i + 1)  # the colon
                    if key == token:
                        key_at = key_start
                        found = True
                        break
                    i = _skip_ws(text, _skip_value(text, i))
                    if i < len(text) and text[i] == ",":
                        i = _skip_ws(text, i + 1)
                if not found:
                    return key_at, False
            elif text[i] == "[":
                if not token.isdigit():
                    return key_at, False
                index = int(token)
                i = _skip_ws(text, i + 1)
                for _ in range(index):
                    if i >= len(text) or text[i] == "]":
                        return key_at, False
                    i = _skip_ws(text, _skip_value(text, i))
                    if i < len(text) and text[i] == ",":
                        i = _skip_ws(text, i + 1)
                if i >= len(text) or text[i] == "]":
                    return key_at, False
                key_at = i
            else:
                return key_at, False
    except (ValueError, IndexError):
        return key_at, False
    return (key_at if want_key else _skip_ws(text, i)), True


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def locate(text: str, pointer: str) -> tuple[int, int]:
    """1-based (line, column) of the value at ``pointer`` in JSON ``text`` (best effort)."""
    offset, _ = locate_offset(text, pointer)
    return line_column(text, offset)
