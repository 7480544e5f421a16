"""A scanner for JSX tags and expressions in MDX, character by character and bounded.

It reads one tag (``<Card title="x" cols={2} />``, over several lines if need be) or one
``{expression}`` starting at a given offset. Attribute values that are plain literals
(strings, numbers, ``true``/``false``/``null``, template strings without ``${}``, arrays and
objects of literals: render/jsliteral.py) are evaluated; anything else is kept as
:class:`Unevaluated` source text. Nothing is ever executed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from docgen.render import jsliteral, jsmethods

MAX_TAG_CHARS = 20_000  # a tag longer than this is not a tag, save for long attribute values
MAX_EXPRESSION_CHARS = 20_000
# An element given as an attribute (icon={<svg ...>...</svg>}) may be this long: drawings
# pasted from design tools run to hundreds of kilobytes (render/svg.py has the same bound).
MAX_ELEMENT_CHARS = 400_000
MAX_ELEMENT_NESTING = 8  # elements inside elements' attributes, deeper: not a tag
MAX_NUMBER_CHARS = 1_000  # a longer number is left as written (Python reads 4,300 digits)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:[.:-][A-Za-z0-9_]+)*")
_ATTR_NAME = re.compile(r"[A-Za-z_$][-A-Za-z0-9_:.$]*")
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*$")
# One way to read each number: "\d+\.?\d*" tried every split of a long run of digits.
_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$")


# What one parse may read while looking for closing braces and tags, in characters. Scans that
# start at every "{" or "<" of a page and find no end ("{" or "<svg>" repeated on every line)
# each read on to the end of the page: minutes for a few dozen kilobytes. Real pages read at
# most 7 times their length (8,139 pages of 30 real sites); past the budget, a scan finds no
# end and the page says so (``mdx-too-deep``).
SCAN_FACTOR = 20
SCAN_FLOOR = 500_000


@dataclass(slots=True)
class ScanBudget:
    left: int
    exhausted_at: int | None = None  # where in its text a scan was first refused
    reported: bool = False
    mapped: int = 0  # characters JSX components' ``.map`` built (render/jsxtemplates.py)


_BUDGET: ContextVar[ScanBudget | None] = ContextVar("docgen_mdx_scan_budget", default=None)


@contextmanager
def scan_budget(length: int) -> Iterator[ScanBudget]:
    """The budget of the parse of a text of ``length`` characters (the one already running,
    when a snippet is parsed inside a page)."""
    running = _BUDGET.get()
    if running is not None:
        yield running
        return
    budget = ScanBudget(SCAN_FACTOR * length + SCAN_FLOOR)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def current_budget() -> ScanBudget | None:
    return _BUDGET.get()


def may_scan(pos: int) -> bool:
    """Whether a scan starting at ``pos`` may run (then :func:`spent` says what it read)."""
    budget = _BUDGET.get()
    if budget is None or budget.left > 0:
        return True
    if budget.exhausted_at is None:
        budget.exhausted_at = pos
    return False


def spent(chars: int) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.left -= chars


@dataclass(frozen=True, slots=True)
class Unevaluated:
    """An attribute or expression docgen does not evaluate (it would need JavaScript)."""

    source: str


@dataclass(slots=True)
class Tag:
    name: str  # "" for a fragment (<>)
    attrs: dict[str, Any] = field(default_factory=dict)
    closing: bool = False
    self_closing: bool = False
    start: int = 0
    end: int = 0  # offset just after '>'
    elements: dict[str, str] = field(default_factory=dict)  # icon={<svg>}: its source
    written: str = ""  # the name as written, when read as another tag (``Link`` as ``a``)


def _skip_space(src: str, pos: int, limit: int) -> int:
    while pos < limit and src[pos] in " \t\r\n":
        pos += 1
    return pos


def scan_braces(src: str, pos: int, limit: int | None = None) -> int | None:
    """The offset after the ``}`` matching ``src[pos] == "{"`` (strings, template strings and
    comments respected), or None when unbalanced within the limit."""
    limit = min(len(src), limit if limit is not None else len(src), pos + MAX_EXPRESSION_CHARS)
    if not may_scan(pos):
        return None
    end = _scan_braces(src, pos, limit)
    spent((end or limit) - pos)
    return end


def _scan_braces(src: str, pos: int, limit: int) -> int | None:
    depth = 0
    i = pos
    while i < limit:
        char = src[i]
        if char in "\"'`":
            end = src.find(char, i + 1, limit)
            while end != -1 and src[end - 1] == "\\":
                end = src.find(char, end + 1, limit)
            if end == -1:
                return None
            i = end + 1
            continue
        if src.startswith("/*", i):
            end = src.find("*/", i + 2, limit)
            if end == -1:
                return None
            i = end + 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def element_end(src: str, pos: int, limit: int, nested: int = 0) -> int | None:
    """The offset after the JSX element opening at ``src[pos] == "<"`` (its tags matched by
    depth, its text and ``{expressions}`` skipped), or None when it does not close."""
    depth = 0
    i = pos
    while i < limit:
        if src[i] == "{":
            end = scan_braces(src, i, limit)
            if end is None:
                return None
            i = end
        elif src[i] == "<":
            tag = scan_tag(src, i, limit, nested, text=False)
            if tag is None:
                i += 1
                continue
            i = tag.end
            depth += -1 if tag.closing else 0 if tag.self_closing else 1
            if depth <= 0:
                return i
        else:
            found = [j for j in (src.find("<", i, limit), src.find("{", i, limit)) if j != -1]
            i = min(found, default=limit)
    return None


def _element_value(src: str, pos: int, limit: int, nested: int) -> tuple[str, int] | None:
    """``{<svg ...>...</svg>}`` at ``src[pos] == "{"``: the element's source and the offset
    after the ``}``, else None (not one element between the braces)."""
    start = _skip_space(src, pos + 1, limit)
    if start >= limit or src[start] != "<" or nested >= MAX_ELEMENT_NESTING:
        return None
    end = element_end(src, start, min(limit, start + MAX_ELEMENT_CHARS), nested + 1)
    if end is None:
        return None
    after = _skip_space(src, end, limit)
    if after >= limit or src[after] != "}":
        return None
    return src[start:end], after + 1


def scan_tag(
    src: str, pos: int, limit: int | None = None, nested: int = 0, text: bool = True
) -> Tag | None:
    """The JSX tag starting at ``src[pos] == "<"``, or None when the text there is not one.
    ``nested``: elements around it; ``text=False``: only its end is wanted (17 s for 16 levels)."""
    outer = min(len(src), limit if limit is not None else len(src))
    limit = min(outer, pos + MAX_TAG_CHARS)
    if pos >= limit or src[pos] != "<":
        return None
    i = pos + 1
    tag = Tag("", start=pos)
    if i < limit and src[i] == "/":
        tag.closing = True
        i = _skip_space(src, i + 1, limit)  # MDX reads "</ Note>" as "</Note>"
    match = _NAME.match(src, i, limit)
    if match is None:
        if i < limit and src[i] == ">":  # a fragment: <> or </>
            tag.end = i + 1
            return tag
        return None
    tag.name = match.group(0)
    i = match.end()
    if i < limit and src[i] not in " \t\r\n/>":
        return None
    while True:
        i = _skip_space(src, i, limit)
        if i >= limit:
            return None
        if src[i] == "/":  # MDX allows space between the slash and the ">": "<img / >"
            close = _skip_space(src, i + 1, limit)
            if close >= limit or src[close] != ">":
                return None
            tag.self_closing = True
            tag.end = close + 1
            return tag
        if src[i] == ">":
            tag.end = i + 1
            return tag
        if tag.closing:
            return None
        if src[i] == "{":  # {...spread} or {/* comment */}
            end = scan_braces(src, i, limit)
            if end is None:
                return None
            inner = src[i + 1 : end - 1].strip()
            if not (inner.startswith("/*") and inner.endswith("*/")):
                tag.attrs["..."] = Unevaluated(src[i:end])
            i = end
            continue
        attr = _ATTR_NAME.match(src, i, limit)
        if attr is None:
            return None
        i = _skip_space(src, attr.end(), limit)
        if i >= limit or src[i] != "=":
            tag.attrs[attr.group(0)] = True
            continue
        i = _skip_space(src, i + 1, limit)
        if i >= limit:
            return None
        if src[i] in "\"'":
            end = src.find(src[i], i + 1, limit)
            if end == -1 and limit < outer:  # a long value: a drawing's path data
                end = _long_string(src, i, limit, min(outer, i + MAX_ELEMENT_CHARS))
                if end != -1:
                    limit = max(limit, min(outer, end + MAX_TAG_CHARS))  # the rest of the tag
            if end == -1:
                return None
            tag.attrs[attr.group(0)] = src[i + 1 : end]
            i = end + 1
        elif src[i] == "{" and (element := _element_value(src, i, outer, nested)) is not None:
            source, i = element
            tag.attrs[attr.group(0)] = jsx_text(source, nested + 1) if text else Unevaluated(source)
            tag.elements[attr.group(0)] = source
            limit = max(limit, min(outer, i + MAX_TAG_CHARS))  # the rest of the tag
        elif src[i] == "{":
            end = scan_braces(src, i, limit)
            if end is None:
                return None
            value = evaluate(src[i + 1 : end - 1], nested=nested + 1)
            if isinstance(value, Unevaluated):  # style={{ width: 300 }}, rss={{ title: "x" }}
                value = _flat_object(value.source) or value
            tag.attrs[attr.group(0)] = value
            i = end
        else:
            return None


def _long_string(src: str, pos: int, start: int, limit: int) -> int:
    """The closing quote of the string opening at ``src[pos]``, looked for from ``start`` on
    (within the page's scanning budget), or -1."""
    if not may_scan(pos):
        return -1
    end = src.find(src[pos], start, limit)
    spent((end if end != -1 else limit) - start)
    return end


def evaluate(expression: str, names: dict[str, Any] | None = None, nested: int = 0) -> Any:
    """A literal's value (``2``, ``true``, ``"x"``, ``[1, "a"]``, a known name), else
    :class:`Unevaluated`. ``nested``: as for :func:`jsx_text`."""
    text = expression.strip()
    if text in ("true", "false", "null"):
        return {"true": True, "false": False, "null": None}[text]
    if len(text) <= MAX_NUMBER_CHARS and _NUMBER.match(text):
        return float(text) if any(c in text for c in ".eE") else int(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        inner = text[1:-1]
        if text[0] == "`":  # a template string: ${name} is the value the page knows
            filled = jsliteral.template(inner, names or {}, evaluate)
            return Unevaluated(text) if filled is None else filled
        if text[0] not in inner:
            return inner
    if text.startswith("<") and text.endswith(">") and nested <= MAX_ELEMENT_NESTING:
        return jsx_text(text, nested)
    if names is not None and _IDENT.match(text) and text in names:
        return names[text]
    if names is not None and (found := jsliteral.member(text, names)) is not None:
        return found
    if names is not None and (called := jsmethods.call(text, names, evaluate)) is not None:
        return called
    if text[:1] in "[{":
        value = jsliteral.read(text, names)
        if value is not None:
            return value
    return Unevaluated(text)


_ENTRY = re.compile(
    r"""\s*(?:([A-Za-z_$][\w$]*)|"([^"\\]*)"|'([^'\\]*)')\s*:\s*"""
    r"""(?:"([^"\\]*)"|'([^'\\]*)'|(-?(?:\d+\.?\d*|\.\d+)))\s*(?:,|$)"""
)


def _flat_object(text: str) -> dict[str, Any] | None:
    """A flat JS object literal with plain keys and string or number values
    (``{ maxHeight: "750px", width: 300 }``, as in ``style={{...}}``), else ``None``."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return None
    body = body[1:-1].strip()
    out: dict[str, Any] = {}
    pos = 0
    while pos < len(body):
        match = _ENTRY.match(body, pos)
        if match is None or match.end() == pos:
            return None
        key = next(g for g in match.groups()[:3] if g is not None)
        string = match.group(4) if match.group(4) is not None else match.group(5)
        number = match.group(6)
        out[key] = string if string is not None else float(number)
        pos = match.end()
    return out


# A function (``=>``, ``function``), a call or grouping, a statement, or JSX markup.
_CODE = re.compile(r"=>|\bfunction\b|[(;]|<[A-Za-z/>]")


def runs_code(expression: str) -> bool:
    """Whether an expression docgen cannot evaluate is code a browser would run (a function, a
    call, statements, JSX: ``{(() => {...})()}``, ``{items.map(i => <Card />)}``), whose source
    is nothing a Mintlify reader sees; not braces around words in prose (``{surveyId}``,
    ``{1,2}``), which are shown as text."""
    return _CODE.search(expression) is not None


def is_comment(expression: str) -> bool:
    """Whether ``{...}`` holds only a JS comment (``{/* note */}``)."""
    text = expression.strip()
    return text.startswith("/*") and text.endswith("*/") and "*/" not in text[2:-2]


def as_text(value: Any) -> str:
    """An evaluated value as the text JSX would show."""
    if value is True or value is False or value is None:
        return ""
    if isinstance(value, Unevaluated):
        return "{" + value.source + "}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, dict)):
        return json.dumps(value)
    return str(value)


def jsx_text(source: str, nested: int = 0) -> str | Unevaluated:
    """The text a JSX element given as a value shows (``label={<><Icon /> Start</>}``: "Start").
    ``nested``: how many elements given as attributes hold it."""
    out: list[str] = []
    i = 0
    while i < len(source):
        if source[i] in "<{":
            tag = scan_tag(source, i, nested=nested, text=False) if source[i] == "<" else None
            end = scan_braces(source, i) if source[i] == "{" else tag.end if tag else None
            if end is None:
                return Unevaluated(source)
            i = end
        else:
            out.append(source[i])
            i += 1
    return " ".join("".join(out).split())
