"""A code fence's info string as Mintlify reads it: the language, then a title and options.

```` ```javascript utils/hello.js {1,3-5} lines wrap icon="js" ```` is language
``javascript``, title ``utils/hello.js`` (or ``title="..."``), highlighted lines ``{1,3-5}``
(or ``highlight={...}``), ``focus=...``, ``icon=...`` and the flags ``lines``, ``wrap``,
``expandable``, ``nocopy``, ``twoslash``. Options are never part of the title (a
CodeGroup's tab is named by the title, else by the language).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import escape

# Mintlify's flags (@mintlify/common's parseMetaString; any other word is part of the title,
# ``diff`` too: ```` ```js JavaScript diff lines ```` is titled "JavaScript diff").
FLAGS = frozenset(("lines", "wrap", "expandable", "[expandable]", "nocopy", "twoslash"))
_OPTION = re.compile(
    r"""(?P<key>[A-Za-z]+)=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|\{(?P<br>[^}]*)\}|(?P<bare>\S*))"""
    r"""|\{(?P<ranges>[0-9\s,\-]*)\}|(?P<word>\S+)"""
)
_RANGE = re.compile(r"^\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?$")
MAX_LINES = 10_000  # a range past this is read up to it


@dataclass(frozen=True, slots=True)
class FenceMeta:
    language: str | None
    title: str = ""
    highlight: frozenset[int] = frozenset()
    focus: frozenset[int] = frozenset()
    icon: str = ""
    flags: frozenset[str] = field(default_factory=frozenset)


def lines_of(text: str) -> frozenset[int]:
    """``1,3-5`` as ``{1, 3, 4, 5}`` (parts that are not numbers or ranges are skipped). Each
    line is added once: ``{1-9999,1-9999,...}`` adds no line again (it took seconds a fence)."""
    spans: list[tuple[int, int]] = []
    for part in text.split(","):
        match = _RANGE.match(part)
        if match is not None:
            first = int(match.group(1))
            spans.append((first, min(int(match.group(2) or first), MAX_LINES)))
    out: set[int] = set()
    reached = 0
    for first, last in sorted(spans):
        out.update(range(max(first, reached + 1), last + 1))
        reached = max(reached, last)
    return frozenset(out)


def fence_meta(info: str) -> FenceMeta:
    """What the info string ``info`` says (its first word is the language)."""
    words = info.strip().split(maxsplit=1)
    if not words:
        return FenceMeta(None)
    language, rest = words[0], words[1] if len(words) > 1 else ""
    title: list[str] = []
    options: dict[str, str] = {}
    highlight: set[int] = set()
    flags: set[str] = set()
    for match in _OPTION.finditer(rest):
        if match.group("key") is not None:
            value = next((g for g in match.group("dq", "sq", "br", "bare") if g is not None), "")
            options[match.group("key")] = value
        elif match.group("ranges") is not None:
            highlight.update(lines_of(match.group("ranges")))
        elif match.group("word") in FLAGS:
            flags.add(match.group("word").strip("[]"))
        else:
            title.append(match.group("word"))
    highlight.update(lines_of(options.get("highlight", "")))
    return FenceMeta(
        language,
        options.get("title", "").strip() or " ".join(title),
        frozenset(highlight),
        lines_of(options.get("focus", "")),
        options.get("icon", "").strip(),
        frozenset(flags),
    )


def mark_lines(html: str, wanted: frozenset[int]) -> str:
    """``html`` (highlighted code, whose spans close at each line end) with the lines numbered
    in ``wanted`` (from 1) wrapped in ``<span class="hl-line">``."""
    lines = html.split("\n")
    return "\n".join(
        f'<span class="hl-line">{line}</span>' if number in wanted else line
        for number, line in enumerate(lines, start=1)
    )


def titled(html: str, title: str) -> str:
    """A code block's HTML with its title (a file name) on a bar above it."""
    return (
        f'<div class="docgen-codeblock has-title"><p class="code-title">{escape(title)}</p>'
        f"{html}</div>\n"
    )
