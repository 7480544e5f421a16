"""Find the line and column of a JSON pointer in JSON text, on demand.

Documents are parsed with :func:`json.loads` (fast, no positions). Only when a diagnostic needs a
position is the text walked again, token by token, down the pointer's path.
"""

from __future__ import annotations

import bisect
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
            _, i = json.decoder.scanstring(text, i + 1, False)  # type: ignore[attr-defined]
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

    What a walk passes is remembered for the next one in the same text (:class:`_Walked`), so
    locating every page of a long navigation costs one pass, not one pass per page.
    """
    want_key = pointer.endswith("#key")
    if want_key:
        pointer = pointer[: -len("#key")]
    tokens = [_unescape(t) for t in pointer.split("/")[1:]] if pointer else []
    walked = _walked(text)
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
                member = walked.member(i, token)
            elif text[i] == "[" and token.isdigit():
                member = walked.element(i, int(token))
            else:
                member = None
            if member is None:
                return key_at, False
            key_at, i = member
    except (ValueError, IndexError):
        return key_at, False
    return (key_at if want_key else _skip_ws(text, i)), True


class _Members:
    """The members of one object (or elements of one array) found so far, and where the
    scan goes on: at ``resume``, after skipping the value there first when ``skip``."""

    __slots__ = ("found", "resume", "skip")

    def __init__(self, resume: int) -> None:
        self.found: dict[str | int, tuple[int, int]] = {}  # -> (key or element, value) offsets
        self.resume: int | None = resume  # None: scanned to the end
        self.skip = False


class _Walked:
    """Where the members of the containers of one text start, found by earlier walks."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._containers: dict[int, _Members] = {}

    def _members(self, start: int) -> _Members:
        members = self._containers.get(start)
        if members is None:
            members = self._containers[start] = _Members(_skip_ws(self.text, start + 1))
        return members

    def _next(self, members: _Members) -> int | None:
        """Where the next member starts, past the one the scan stopped at; None at the end."""
        text, i = self.text, members.resume
        if i is None:
            return None
        if members.skip:
            i = _skip_ws(text, _skip_value(text, i))
            if i < len(text) and text[i] == ",":
                i = _skip_ws(text, i + 1)
            members.skip = False
            members.resume = i
        if i >= len(text) or text[i] in "]}":
            members.resume = None
            return None
        return i

    def member(self, start: int, key: str) -> tuple[int, int] | None:
        """(offset of ``key``, of its value) in the object at ``start`` (its first one)."""
        members = self._members(start)
        text = self.text
        while key not in members.found and (at := self._next(members)) is not None:
            name, end = json.decoder.scanstring(text, at + 1, False)  # type: ignore[attr-defined]
            value = _skip_ws(text, _skip_ws(text, end) + 1)  # past the colon
            members.found.setdefault(name, (at, value))
            members.resume, members.skip = value, True
        return members.found.get(key)

    def element(self, start: int, index: int) -> tuple[int, int] | None:
        """(offset, offset) of element ``index`` of the array at ``start``."""
        members = self._members(start)
        count = len(members.found)
        while index >= count and (i := self._next(members)) is not None:
            members.found[count] = (i, i)
            members.resume, members.skip = i, True
            count += 1
        return members.found.get(index)


_WALKS: dict[int, _Walked] = {}  # by id() of the text, the last few texts walked


def _walked(text: str) -> _Walked:
    walked = _WALKS.pop(id(text), None)
    if walked is None or walked.text is not text:
        walked = _Walked(text)
    _WALKS[id(text)] = walked  # most recent last
    while len(_WALKS) > 4:
        del _WALKS[next(iter(_WALKS))]
    return walked


_LINE_STARTS: dict[int, tuple[str, list[int]]] = {}  # by id() of the text, the last few


def _line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts, worked out once per text: a docs.json of 2 MB
    locates one entry per page (24,803 in crewAI's), and counting the lines before each
    again took 24 s."""
    known = _LINE_STARTS.get(id(text))
    if known is not None and known[0] is text:
        return known[1]
    starts = [0]
    starts.extend(match.end() for match in _NEWLINE.finditer(text))
    _LINE_STARTS[id(text)] = (text, starts)
    while len(_LINE_STARTS) > 4:
        del _LINE_STARTS[next(iter(_LINE_STARTS))]
    return starts


_NEWLINE = re.compile("\n")


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    if len(text) < 65_536:  # a small text: counting is cheaper than an index
        line = text.count("\n", 0, offset) + 1
        return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
    starts = _line_starts(text)
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1] + 1


def locate(text: str, pointer: str) -> tuple[int, int]:
    """1-based (line, column) of the value at ``pointer`` in JSON ``text`` (best effort)."""
    offset, _ = locate_offset(text, pointer)
    return line_column(text, offset)
