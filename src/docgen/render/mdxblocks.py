"""MDX blocks that are not components: a whole element read in one piece (an ``<svg>``
drawing, a ``<Latex>`` formula, a ``<script>`` left out), and HTML elements holding their
text without a paragraph. Also where an offset falls, in lines, for the block rules, and
where an element's closing tag is."""

from __future__ import annotations

from collections.abc import Callable

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, fence
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from docgen.render import icons, math, mdxindent, mdxtags, svg
from docgen.render.fencemeta import fence_meta
from docgen.render.jsx import (
    SCAN_FACTOR,
    Tag,
    current_budget,
    evaluate,
    may_scan,
    scan_tag,
    spent,
)
from docgen.render.mdxcontext import context_of


def shift_maps(state: StateBlock, since: int, lines: int) -> None:
    """Move the source lines of the tokens from ``since`` on by ``lines``."""
    for token in state.tokens[since:]:
        if token.map:
            token.map = [token.map[0] + lines, token.map[1] + lines]


def line_of(state: StateBlock, offset: int, start: int, end: int) -> int:
    """The line (between ``start`` and ``end``) that holds the source offset ``offset``."""
    line = start
    while line < end - 1 and state.eMarks[line] < offset:
        line += 1
    return line


def whole_element(
    state: StateBlock, tag: Tag, start: int, end: int, limit: int, silent: bool
) -> bool:
    """An ``<svg>`` drawing (rebuilt safe by render/svg.py), a ``<Latex>`` formula, or a
    ``<script>``/``<style>`` (left out, warned about) that fills its lines: one block, blank
    lines inside it too."""
    html = ""
    images: tuple[str, ...] = ()
    if tag.name == "svg":
        shown = svg.drawing(state.src, tag.start, limit, site_images=True)
        if shown is None:
            return False
        element_end, html, images = shown.end, shown.html + "\n", shown.images
    else:
        element_end = mdxtags.element_end(state.src, tag, limit)
    last = line_of(state, element_end - 1, start, end)
    if state.src[element_end : state.eMarks[last]].strip():
        return False  # text follows on its last line: the paragraph holds it
    if silent:
        return True
    context = context_of(state.env)
    if html:
        token = state.push("mdx_html", "", 0)
        token.content, token.map = html, [start, last + 1]
        if images:  # files of the site: checked and re-pointed (render/assets.py)
            token.meta = {"images": dict.fromkeys(images, "")}
    elif tag.name == "Latex":
        close = state.src.rfind("</", tag.end, element_end)
        formula = state.src[tag.end : close if close != -1 else element_end]
        math.latex_token(state, "" if tag.self_closing else formula, display=True)
        state.tokens[-1].map = [start, last + 1]
    else:
        mdxtags.check(tag, context.root_line + context.offset + start, context.warn)
    state.line = last + 1
    return True


def resume(state: StateBlock, offset: int, line: int) -> int | None:
    """``</Step><Step title="B">``: MDX reads each tag of a line of tags as a block, so an
    element opening after a closing tag is read from where it stands, its children on the lines
    below, as though it began its line (whose number is kept): ``line``, else None."""
    src, context = state.src, context_of(state.env)
    pos = offset
    while pos < state.eMarks[line] and src[pos] in " \t":
        pos += 1
    tag = scan_tag(src, pos)
    if tag is None or tag.closing or not mdxtags.is_block(tag.name, context.imports):
        return None
    state.bMarks[line], state.tShift[line], state.sCount[line] = pos, 0, state.blkIndent
    state.line = line  # the block parser goes on from there (or _jsx_block, on its own line)
    return line


def unwrap_paragraph(state: StateBlock, html: bool) -> None:
    """``<h2>Title</h2>``, ``<td>Cell</td>``, ``<Note>Short</Note>``: an element whose text
    starts on its opening line holds that text, not a paragraph of it (as MDX reads it). An
    HTML element holds the text itself; a component, which may draw a title or an icon before
    it, holds it in a ``span.mdx-p`` (a block, as Mintlify's components hold it in a ``div``)."""
    tokens = state.tokens
    types = [token.type for token in tokens[-5:]]
    if types == ["mdx_open", "paragraph_open", "inline", "paragraph_close", "mdx_close"]:
        if html:
            tokens[-4].hidden = tokens[-2].hidden = True
            return
        tokens[-4].tag = tokens[-2].tag = "span"
        tokens[-4].attrSet("class", "mdx-p")


def children(
    state: StateBlock, inner: str, line: int, blocks: Callable[[StateBlock, str, int], None]
) -> None:
    """An element's children: parsed as Markdown blocks by ``blocks``, unless written on the
    element's own line as text (``<td>- placed</td>``, ``<p>> Ready</p>``, ``<h2># Setup</h2>``):
    as in MDX, that is a paragraph of text with its inline Markdown, not the block its first
    characters would start (a list, a quote, a heading)."""
    if "\n" in inner or inner.lstrip()[:1] == "<":
        blocks(state, inner, line)
        return
    state.push("paragraph_open", "p", 1).map = [line, line + 1]
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = inner.strip(), [line, line + 1], []
    state.push("paragraph_close", "p", -1).map = [line, line + 1]


def unwrap_paragraphs(tokens: list[Token]) -> None:
    """``<p>`` or ``<h3>`` with its text on lines of its own: MDX makes that text a paragraph,
    which React nests as it is told, but HTML lets such an element hold no paragraph (a
    browser closes the outer ``<p>`` at the inner one: its class and style are lost). The text
    is held directly; several paragraphs become blocks of their own (``span.mdx-p``)."""
    direct: list[Token] = []
    depth = 0
    for token in tokens:
        if token.nesting < 0:
            depth -= 1
        if depth == 0 and token.type in ("paragraph_open", "paragraph_close"):
            direct.append(token)
        if token.nesting > 0:
            depth += 1
    if len(direct) == 2:
        direct[0].hidden = direct[1].hidden = True
        return
    for token in direct:
        token.tag = "span"
        if token.nesting == 1:
            token.attrSet("class", "mdx-p")


def find_close(src: str, name: str, pos: int, limit: int) -> tuple[int, int] | None:
    """(start, end) of the ``</name>`` matching an open ``<name>`` that ends at ``pos``; fenced
    code and code spans are skipped, same-named tags nest."""
    if not may_scan(pos):
        return None
    found = _scan_close(src, name, pos, limit)
    spent((found[1] if found else limit) - pos)
    return found


def _scan_close(src: str, name: str, pos: int, limit: int) -> tuple[int, int] | None:
    depth = 1
    i = pos
    fence: str | None = None
    while i < limit:
        newline = src.find("\n", i, limit)
        line_end = limit if newline == -1 else newline
        if i == 0 or src[i - 1] == "\n":
            stripped = src[i:line_end].lstrip()
            if fence is not None:
                if mdxindent.closes(stripped, fence):
                    fence = None
                i = line_end + 1
                continue
            fence = mdxindent.fence_opened(stripped)
            if fence is not None:
                i = line_end + 1
                continue
        j = i
        resume = line_end + 1
        while j < line_end:
            char = src[j]
            if char == "`":
                run = j
                while run < line_end and src[run] == "`":
                    run += 1
                span_end = src.find(src[j:run], run, line_end)
                j = span_end + (run - j) if span_end != -1 else run
                continue
            if char == "<":
                tag = scan_tag(src, j, limit)
                if tag is not None and tag.name == name:
                    if tag.closing:
                        depth -= 1
                        if depth == 0:
                            return tag.start, tag.end
                    elif not tag.self_closing:
                        depth += 1
                    if tag.end > line_end:
                        resume = tag.end
                        break
                    j = tag.end
                    continue
            j += 1
        i = resume
    return None


def install(md: MarkdownIt) -> None:
    """The fence rule that checks icons, and the note that the page was too complex."""
    alt = ["paragraph", "reference", "blockquote", "list"]  # as markdown-it's own fence rule
    md.block.ruler.at("fence", checked_fence, {"alt": alt})
    md.core.ruler.push("mdx_too_complex", too_complex)


def checked_fence(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's fence rule, and, as for a component's ``icon``, an ``icon-unknown``
    warning for a fence whose ``icon="..."`` names an icon no library has (found while
    parsing, so ``check`` says it too)."""
    if not fence(state, start, end, silent):
        return False
    info = state.tokens[-1].info if not silent else ""
    if "icon=" not in info:
        return True
    wanted = fence_meta(info).icon
    context = context_of(state.env)
    if icons.unknown(wanted, context.icons):
        context.warn(
            context.root_line + context.offset + start,
            f'code block icon="{wanted[:40]}": no such icon in Font Awesome Free or Lucide; '
            "a neutral mark is shown",
            "icon-unknown",
            near="icon=",
        )
    return True


def too_complex(state: StateCore) -> None:
    """Say once, while parsing (so ``check`` says it too), that the page's scans for closing
    braces and tags ran out of budget (render/jsx.py): from there, what is open is text."""
    budget = current_budget()
    if budget is None or budget.exhausted_at is None or budget.reported:
        return
    budget.reported = True
    context = context_of(state.env)
    context.warn(
        context.root_line,
        "tags and expressions left open: finding where they end would read the page more "
        f"than {SCAN_FACTOR} times over; those not read by then are shown as text",
        "mdx-too-deep",
    )


def built_in(state: StateBlock, tag: Tag, inner: str, start: int, line: int) -> None:
    """``<Heading>`` or ``<CodeBlock>``, as the Markdown block each stands for."""
    if tag.name == "Heading":
        heading(state, tag, inner, start)
    else:
        code_block(state, tag, inner, start, line)


def code_block(state: StateBlock, tag: Tag, inner: str, start: int, line: int) -> None:
    """``<CodeBlock language="python" filename="app.py" lines wrap highlight="[1,3]">``: a
    code fence of that language, title and options; its code is its text, or a string (a
    template string whose ``${name}`` the page knows) given as ``{`...`}``."""
    text = inner.strip()
    code: object = inner.strip("\n")
    if text.startswith("{") and text.endswith("}"):
        code = evaluate(text[1:-1], context_of(state.env).names)
    if not isinstance(code, str):
        context_of(state.env).warn(
            line,
            "<CodeBlock>'s code is JavaScript that docgen does not run; left out",
            near="<CodeBlock",
        )
        return
    words = [mdxtags.attr(tag, "language") or "text", mdxtags.attr(tag, "filename")]
    words += [f for f in ("lines", "wrap", "expandable", "nocopy") if mdxtags.flag(tag, f)]
    lines = mdxtags.attr(tag, "highlight").strip("[]{} ")
    words.append(f"{{{lines}}}" if lines else "")
    focus, icon = mdxtags.attr(tag, "focus").strip("[]{} "), mdxtags.attr(tag, "icon")
    words += [
        f"focus={{{focus}}}" if focus else "",
        f'icon="{icon}"' if icon and '"' not in icon else "",
    ]
    token = state.push("fence", "code", 0)
    token.info, token.markup, token.map = (
        " ".join(w for w in words if w),
        "```",
        [start, state.line],
    )
    token.content = code.rstrip("\n") + "\n"


def heading(state: StateBlock, tag: Tag, inner: str, start: int) -> None:
    """``<Heading level={3} id="x" noAnchor>text</Heading>`` (Mintlify's React heading): a
    Markdown heading of that level (2 when none is given), so it has its anchor and is in the
    table of contents; ``id`` is its id, ``noAnchor`` leaves out the anchor link."""
    level = tag.attrs.get("level")
    written = str(level) if isinstance(level, (int, str)) and not isinstance(level, bool) else ""
    number = int(written) if written.strip() in ("1", "2", "3", "4", "5", "6") else 2
    opening = state.push("heading_open", f"h{number}", 1)
    opening.map = [start, state.line]
    opening.markup = "#" * number
    wanted = tag.attrs.get("id")
    if isinstance(wanted, str) and wanted.strip():
        opening.meta["custom_id"] = wanted.strip()
    if mdxtags.flag(tag, "noAnchor"):
        opening.meta["no_anchor"] = True
    text = state.push("inline", "", 0)
    text.content = " ".join(inner.split())
    text.map = [start, state.line]
    text.children = []
    state.push("heading_close", f"h{number}", -1).markup = "#" * number
