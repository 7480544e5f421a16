"""A code fence's lines as Mintlify (Shiki) draws them: numbered (``lines``), highlighted
(``{1,3-5}``, ``[!code highlight]``), focused (``focus={2,4-5}``, ``[!code focus]``: the
others dimmed), added or removed (``[!code ++]``, ``[!code --]``).

A notation is read in a comment at a line's end (``// [!code ++]``, ``# [!code --:3]``, ``<!--
[!code focus] -->``) and taken out of the code, with its comment when nothing else is left in
it; ``:N`` marks N lines from there. A notation alone on its line marks the lines after it
(the line is dropped), as Shiki's ``v3`` matching does: a formatter that moved a comment to
its own line does not move the mark. Text, Markdown and MDX blocks keep notations as written
(a page that documents the notation shows it). Line numbers are drawn by CSS (a counter in a
``::before``), so they are neither copied nor selected with the code.
"""

from __future__ import annotations

import re

# A notation goes with the spaces before it. Neither pattern starts with "\s*": searched in a
# long run of spaces, each would read the rest of the run from each of its characters.
_NOTATION = re.compile(r"\[!code (\+\+|--|highlight|hl|focus)(?::(\d{1,4}))?\]")
_OPENER = re.compile(r"//|#|--|/\*|<!--|;|%")
# What is left of a comment whose only words were notations (and the spaces before it).
_EMPTY_COMMENT = re.compile(r"(?://|#|--|;|%|/\*\s*\*/|<!--\s*-->|\{/\*\s*\*/\})\s*$")
_KINDS = {"++": "line-add", "--": "line-remove", "highlight": "hl-line", "hl": "hl-line"}
_KINDS["focus"] = "line-focus"
_LITERAL = frozenset(("", "text", "txt", "plain", "plaintext", "md", "markdown", "mdx"))
MAX_MARKED = 10_000  # a count past this marks up to it


def _spaced_start(line: str, start: int, floor: int) -> int:
    """``start`` moved back over the spaces before it, not past ``floor``."""
    while start > floor and line[start - 1].isspace():
        start -= 1
    return start


def _notations(line: str) -> tuple[str, list[re.Match[str]]]:
    """``line`` without its notations (those after a comment's opener), and those notations."""
    opener = _OPENER.search(line)
    found: list[re.Match[str]] = []
    pieces: list[str] = []
    kept_from = 0
    for match in _NOTATION.finditer(line):
        start = _spaced_start(line, match.start(), kept_from)
        if opener is None or opener.start() >= start:
            continue
        found.append(match)
        pieces.append(line[kept_from:start])
        kept_from = match.end()
    if not found:
        return line, found
    rest = "".join([*pieces, line[kept_from:]])
    empty = _EMPTY_COMMENT.search(rest)
    if empty is not None:
        rest = rest[: _spaced_start(rest, empty.start(), 0)].rstrip()
    return rest, found


def take_notations(code: str, language: str | None) -> tuple[str, dict[int, set[str]]]:
    """``code`` without its ``[!code ...]`` notations, and the classes they give its lines
    (numbered from 1 in the code returned)."""
    marks: dict[int, set[str]] = {}
    if "[!code " not in code or (language or "").lower() in _LITERAL:
        return code, marks
    kept: list[str] = []
    pending: dict[str, int] = {}  # class -> lines it still marks (the most any notation left)
    for line in code.split("\n"):
        rest, found = _notations(line)
        for m in found:
            kind, count = _KINDS[m.group(1)], min(int(m.group(2) or 1), MAX_MARKED)
            pending[kind] = max(pending.get(kind, 0), count)
        if found and not rest.strip():
            continue  # alone on its line: it marks the lines below
        kept.append(rest)
        if pending:
            marks[len(kept)] = set(pending)
            pending = {kind: left - 1 for kind, left in pending.items() if left > 1}
    return "\n".join(kept), marks


def draw_lines(
    html: str,
    marks: dict[int, set[str]],
    highlight: frozenset[int],
    focus: frozenset[int],
) -> str:
    """``html`` (highlighted code, whose spans close at each line end) with every line in a
    ``span.line``, and the classes of the lines ``marks``, ``highlight`` and ``focus`` name."""
    out: list[str] = []
    for number, line in enumerate(html.split("\n"), start=1):
        classes = set(marks.get(number, ()))
        if number in highlight:
            classes.add("hl-line")
        if number in focus:
            classes.add("line-focus")
        css = " ".join(["line", *sorted(classes)])
        out.append(f'<span class="{css}">{line}</span>')
    return "\n".join(out)


def pre_attrs(flags: frozenset[str], lines: int, marks: dict[int, set[str]], focus: bool) -> str:
    """The ``<pre>`` attributes that turn on numbers (with the gutter's width in digits),
    focus, the room for diff marks and the collapsed view of a long block."""
    kinds = set().union(*marks.values()) if marks else set()
    attrs = ""
    if "lines" in flags:
        attrs += f' data-lines="{len(str(max(lines, 1)))}"'
    if focus or "line-focus" in kinds:
        attrs += " data-focus"
    if kinds & {"line-add", "line-remove"}:
        attrs += " data-diff"
    if "expandable" in flags:
        attrs += " data-expandable"
    return attrs
