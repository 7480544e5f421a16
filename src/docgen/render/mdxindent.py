"""Indentation as MDX reads it: never code, whatever the depth (Markdown's indented code is
not part of MDX), and a component's children shifted left by their own indentation."""

from __future__ import annotations

from markdown_it.rules_block import StateBlock, paragraph


def fence_opened(stripped: str) -> str | None:
    """The fence a line (without its indentation) opens: its run of backticks or tildes.
    A backtick fence's info string holds no backtick: "```gcloud list```" is inline code."""
    if not stripped.startswith(("```", "~~~")):
        return None
    run = stripped[: len(stripped) - len(stripped.lstrip(stripped[0]))]
    if run[0] == "`" and "`" in stripped[len(run) :]:
        return None
    return run


def closes(stripped: str, fence: str) -> bool:
    """Whether a line closes ``fence``: the fence's characters (as many or more), then blanks."""
    return stripped.startswith(fence) and not stripped.rstrip().strip(fence[0])


def _dedent(text: str) -> str:
    """Children shifted left by their indentation, as MDX reads them: the least indentation of
    a line outside fenced code (closing fences aside), taken from every line that has it. Code
    written at column 0 inside an indented fence stays there (a common prefix would be none)."""
    lines = text.split("\n")
    indents: list[int] = []
    fence: str | None = None
    for line in lines:
        stripped = line.lstrip(" \t")
        if fence is not None:  # code, and its closing fence (which may sit anywhere)
            if closes(stripped, fence):
                fence = None
            continue
        if stripped:
            indents.append(len(line) - len(stripped))
            fence = fence_opened(stripped)
    shift = min(indents, default=0)
    if not shift:
        return text
    return "\n".join(line[min(shift, len(line) - len(line.lstrip(" \t"))) :] for line in lines)


def dedent_children(text: str) -> tuple[str, int]:
    """The children's text, dedented, and how many lines were dropped before it."""
    first, newline, rest = text.partition("\n")
    if not first.strip():
        return _dedent(rest), 1 if newline else 0
    return first.strip() + newline + _dedent(rest), 0


def indented_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """MDX has no indented code: a line indented four or more columns past its block is read
    as the block it starts (paragraph, fence, list, component) at its own indentation."""
    if silent or state.sCount[start] - state.blkIndent < 4:
        return False
    saved = state.blkIndent
    state.blkIndent = state.sCount[start]
    try:
        for rule in state.md.block.ruler.getRules(""):
            if rule is not indented_rule and rule(state, start, end, False):
                return True
    finally:
        state.blkIndent = saved
    return False


def _starts_block(state: StateBlock, line: int) -> bool:
    """Whether ``line`` starts a block that ends a paragraph, read at its own indentation."""
    saved = state.blkIndent
    state.blkIndent = state.sCount[line]
    try:
        return _ends_paragraph(state, line)
    finally:
        state.blkIndent = saved


def _ends_paragraph(state: StateBlock, line: int) -> bool:
    rules = state.md.block.ruler.getRules("paragraph")
    return any(rule(state, line, state.lineMax, True) for rule in rules)


def paragraph_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A paragraph as MDX ends it: a line indented four or more columns past it is no lazy
    continuation when it starts a block at its own indentation (a fence under "Example:", as
    docstrings write it), since MDX has no indented code. Otherwise markdown-it's paragraph."""
    if silent:
        return False
    last = start + 1
    indented = False
    while last < state.lineMax and not state.isEmpty(last):
        indented = indented or state.sCount[last] - state.blkIndent > 3
        last += 1
    if not indented:
        return False  # the common case, left to markdown-it
    for line in range(start + 1, last):
        if state.sCount[line] < 0:
            continue
        if state.sCount[line] - state.blkIndent <= 3:
            if _ends_paragraph(state, line):
                return False  # ends before any indented block: markdown-it's paragraph
        elif _starts_block(state, line):
            saved = state.lineMax
            state.lineMax = line
            try:
                return paragraph(state, start, line, False)
            finally:
                state.lineMax = saved
    return False
