"""A component opened at the end of a line of text, its children on the lines after it::

    Follow these two <Steps>
    <Step title="Install">...</Step>
    </Steps>

In MDX the ``<Steps>`` there is a tag of the sentence (JSX "text"), which must close in its
paragraph; the next line's ``<Step>`` starts a block, so the paragraph ends unclosed and
Mintlify's MDX parser fails on the page. docgen says so, at the tag, and shows what the author
meant: the sentence, then the component as if it began its own line (read by the JSX block
rule). Without this the sentence showed ``<Steps>`` as text and the steps had no list.
"""

from __future__ import annotations

from collections.abc import Callable

from markdown_it.rules_block import StateBlock, paragraph

from docgen.render import mdxblocks, mdxindent, mdxtags
from docgen.render.jsx import Tag, scan_tag
from docgen.render.jsxtemplates import Template
from docgen.render.mdxcontext import context_of

BlockRule = Callable[[StateBlock, int, int, bool], bool]
MAX_TRIES = 8  # '<'s from the line's end tried as the tag that ends it


def rule(block: BlockRule, state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A paragraph (docgen's or markdown-it's rule) whose last line may end in an opening
    component tag closed on a later line: then that tag is read by ``block`` after it."""
    if silent:
        return False
    since = len(state.tokens)
    if not mdxindent.paragraph_rule(state, start, end, False):
        paragraph(state, start, end, False)
    last = state.line - 1
    found = _trailing_tag(state, last, end)
    if found is None or len(state.tokens) != since + 3:
        return True
    inline = state.tokens[since + 1]
    written = state.src[found.start : state.eMarks[last]].rstrip()
    text = inline.content.rstrip()
    if not text.endswith(written):
        return True
    shift, count = state.tShift[last], state.sCount[last]
    state.tShift[last] = found.start - state.bMarks[last]
    state.sCount[last] = state.blkIndent
    try:
        read = block(state, last, end, False)
    finally:
        state.tShift[last], state.sCount[last] = shift, count
    if not read:
        state.line = last + 1
        return True
    context = context_of(state.env)
    context.warn(
        context.root_line + context.offset + last,
        f"<{found.name}> ends a line of text, its children on the next lines: MDX reads it as "
        "part of the sentence, never closed there (Mintlify's MDX parser fails on it); shown "
        "as if it began its own line",
        near=f"<{found.name}",
    )
    inline.content = text[: len(text) - len(written)].rstrip()
    if not inline.content:
        del state.tokens[since : since + 3]
    return True


def _trailing_tag(state: StateBlock, line: int, end: int) -> Tag | None:
    """The opening tag of a block component that ends ``line`` (not at its start) and is
    closed after it, if any."""
    src, begin, stop = state.src, state.bMarks[line] + state.tShift[line], state.eMarks[line]
    stripped = src[begin:stop].rstrip()
    if not stripped.endswith(">"):
        return None
    context = context_of(state.env)
    pos, tries = stop, 0
    while tries < MAX_TRIES and (pos := src.rfind("<", begin + 1, pos)) != -1:
        tries += 1
        tag = scan_tag(src, pos, stop)
        if tag is None or tag.end != begin + len(stripped):
            continue
        own = isinstance(context.names.get(tag.name), Template)
        if tag.closing or tag.self_closing or not tag.name[:1].isupper():
            return None  # HTML's <div>: the paragraph's own pairing says what is wrong
        if not (mdxtags.is_block(tag.name, context.imports) or own):
            return None
        limit = state.eMarks[end - 1] if end > line else len(src)
        close = mdxblocks.find_close(src, tag.written or tag.name, tag.end, limit)
        return tag if close is not None else None
    return None
