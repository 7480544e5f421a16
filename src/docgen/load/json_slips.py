"""docgen's own words for a JSON syntax error: the common hand-editing slips (a trailing comma,
a comment, single quotes, an unquoted key, a missing comma) are named, with the position of the
slip itself rather than of the character where the parser gave up."""

from __future__ import annotations

import json

from docgen.exceptions import LoadError

_SPACE = " \t\r\n"
CONTROL_IN_STRING = (
    "invalid JSON: a raw line break or tab inside a string; JSON needs it escaped (\\n, \\t)"
)


def _previous(text: str, pos: int) -> int:
    """Index of the last non-whitespace character before ``pos`` (-1 if none)."""
    pos -= 1
    while pos >= 0 and text[pos] in _SPACE:
        pos -= 1
    return pos


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def json_error(text: str, exc: json.JSONDecodeError) -> LoadError:
    """A :class:`LoadError` for ``exc`` raised while parsing ``text``."""
    pos = exc.pos
    here = text[pos : pos + 2]
    before = _previous(text, pos)
    prev = text[before] if before >= 0 else ""
    message, at = f"invalid JSON: {exc.msg}", pos
    if not text.strip():
        message, at = "invalid JSON: the file is empty", 0
    elif here[:1] in ("}", "]") and prev == ",":
        container = "an object" if here[0] == "}" else "a list"
        message = (
            f"invalid JSON: trailing comma after the last item of {container}; "
            "remove the comma (JSON allows none there)"
        )
        at = before
    elif here[:1] and here[0] in "\n\r\t":  # white space errs only inside a string
        message = CONTROL_IN_STRING
    elif here in ("//", "/*") or here[:1] == "#":
        message = "invalid JSON: comments are not allowed in JSON; remove the comment"
    elif here[:1] == "'":
        message = 'invalid JSON: single quotes; JSON strings and keys need double quotes ("...")'
    elif prev in ("{", ",") and (here[:1].isalpha() or here[:1] == "_"):
        message = 'invalid JSON: unquoted key; JSON keys need double quotes ("name": ...)'
    elif here[:1] in ('"', "{", "[") and prev and prev in '"}]0123456789el':
        message = "invalid JSON: missing comma between two items"
        at = before + 1
    return LoadError(message, *_line_col(text, at))
