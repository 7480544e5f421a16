"""MDX without executing it: markdown-it-py extended with block and inline rules for JSX.

Block rule: a component tag at the start of a line (its opening tag may span several lines) up
to its matching closing tag; the children are parsed again as Markdown (dedented), so components
nest. Inline rule: tags inside a paragraph (``<Badge>``, ``<Icon />``, ``<br />``).
``{expression}``: comments are dropped, literals and known names (snippet props, exported
constants) are shown, anything else is a warning and shown as text. ``import``/``export`` lines
are read, never run (render/snippets.py). Components are rendered by render/components.py.
Every warning is found while parsing, so ``check`` finds what ``build`` reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token
from markupsafe import escape

from docgen.render import (
    components,
    footnotes,
    htmlheading,
    iconimports,
    math,
    mdxaliases,
    mdxblocks,
    mdxindent,
    mdxinline,
    mdxprops,
    mdxsnippets,
    mdxsplit,
    mdxtags,
    mdxtitle,
    mdxtrailing,
    mdxunravel,
    mdxviews,
    snippets,
)
from docgen.render.assets import AssetScope
from docgen.render.jsx import Tag, scan_budget, scan_tag
from docgen.render.jsxtemplates import Template
from docgen.render.markdown import Rendered, renderer
from docgen.render.mdxcontext import MAX_DEPTH, Context, MdxWarning, expansion
from docgen.render.mdxcontext import context_of as _ctx
from docgen.render.smartypants import smartypants_rule

_BLANK = re.compile(r"\n[ \t]*\n")


@dataclass(slots=True)
class MdxResult:
    rendered: Rendered
    warnings: list[MdxWarning]


def _jsx_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A component (or HTML element) from its opening tag to its closing tag; on a line of
    tags (``<Tab title="A">a</Tab><Tab title="B">``) the next ones are read in turn."""
    line = _block(state, start, end, silent)
    if line is None:
        return False
    while line >= 0:
        again = _block(state, line, end, False)
        if again is None:  # no element after all: the rest of the line as Markdown
            _subparse(state, state.src[state.bMarks[line] : state.eMarks[line]], line)
            state.line = line + 1
            return True
        line = again
    return True


def _block(state: StateBlock, start: int, end: int, silent: bool) -> int | None:
    """None: no element here; -1: read; a line: an element opens on this rule's first line
    after the one read, from ``bMarks[line]`` on, to be read next."""
    pos = state.bMarks[start] + state.tShift[start]
    src = state.src
    if pos >= len(src) or src[pos] != "<":
        return None
    tag = scan_tag(src, pos)
    if tag is None or tag.closing or not tag.name:
        return None
    context = _ctx(state.env)
    mdxaliases.as_link(tag, context.names, context.imports)
    own, limit = context.names.get, state.eMarks[end - 1] if end > start else len(src)
    if tag.name in mdxtags.VOID_ELEMENTS:
        tag.self_closing = True  # <br>, <img src="x">: nothing to close
    if iconimports.imported(tag, context.names) is not None:
        return None  # an icon: inline, in a paragraph
    if tag.name in mdxtags.LEFT_OUT or tag.name in ("svg", "Latex"):
        return -1 if mdxblocks.whole_element(state, tag, start, end, limit, silent) else None
    open_last = mdxblocks.line_of(state, tag.end - 1, start, end)
    after = src[tag.end : state.eMarks[open_last]]
    # A component the page defines (its own `Icon` too) is a block at a line start, as in MDX
    block = mdxtags.is_block(tag.name, context.imports) or isinstance(own(tag.name), Template)
    if not block:
        # As in MDX, an HTML tag ending its line(s) holds Markdown blocks (a link around a card;
        # a refused tag shows them alone); inline on a line with text; it cuts no paragraph.
        opens_block = tag.name[:1].islower() and not tag.self_closing
        # ...unless a blank line in the tag (a handler's template) would cut the paragraph there
        cut = silent and _BLANK.search(src, tag.start, tag.end) is not None
        if (silent and not cut) or not opens_block or after.strip():
            return None
    close: tuple[int, int] | None = None
    if not tag.self_closing:
        close = mdxblocks.find_close(src, tag.written or tag.name, tag.end, limit)
        if close is None and (after.strip() or not block):
            return None  # an unclosed opening tag with text after it, or HTML's: as text
    elif after.strip():
        return None
    if silent:
        return -1
    line = context.root_line + context.offset + start
    if close is None:
        last = open_last
        inner_start, inner_end = tag.end, tag.end
        if not tag.self_closing:
            context.warn(line, f"<{tag.name}> is never closed", near=f"<{tag.name}")
            inner_end = limit
            last = end - 1
    else:
        inner_start, inner_end = tag.end, close[0]
        last = mdxblocks.line_of(state, close[1] - 1, start, end)
    state.line = last + 1
    inner, dropped = mdxindent.dedent_children(src[inner_start:inner_end])
    inner_line = mdxblocks.line_of(state, inner_start, start, end) + dropped
    _element(state, tag, line, inner, inner_line, start)
    if after.strip():  # <Note>Short</Note>: MDX's phrasing children, no paragraph
        html = tag.name in mdxtags.HTML_BLOCK or tag.name in mdxtags.HTML_INLINE
        mdxblocks.unwrap_paragraph(state, html)
    trailing = src[close[1] : state.eMarks[last]] if close is not None else ""
    if trailing.strip():
        assert close is not None
        if (resume := mdxblocks.resume(state, close[1], last)) is not None:
            return -1 if resume > start else resume
        _subparse(state, trailing.strip(), last)
    return -1


def _subparse(state: StateBlock, text: str, line: int) -> None:
    context = _ctx(state.env)
    since = len(state.tokens)
    saved = context.offset
    context.offset = saved + line
    try:
        state.md.block.parse(text, state.md, state.env, state.tokens)
    finally:
        context.offset = saved
    mdxblocks.shift_maps(state, since, line)


def _element(
    state: StateBlock, tag: Tag, line: int, inner: str, inner_line: int, start: int
) -> None:
    context = _ctx(state.env)
    mdxtags.known(tag, context.names)  # href={urls.oss}: a constant the page knows
    template = context.names.get(tag.name)
    if isinstance(template, Template):
        if context.spent_all(line, f"<{tag.name}"):
            return
        text, names, dropped = template.use(tag.attrs, inner, context.names, tag.elements)
        context.used(template.name, dropped, line)
        if not context.spend(len(text), line, f"<{tag.name}"):
            return
        with expansion(context, tag.name, template.defined, line):
            child = replace(context, names=names, depth=context.depth + 1, offset=0, root_line=line)
            if context.expand:
                state.tokens.extend(state.md.parse(text, {"mdx": child}))
                return
            rendered = render_mdx(text, line, context.base, context=child).rendered
        token = state.push("mdx_html", "", 0)
        token.map = [start, start + 1]
        token.content = rendered.html
        token.meta = {"headings": rendered.headings, "tabbed": rendered.tabbed}  # for the toc
        return
    if context.depth >= MAX_DEPTH:
        context.warn(
            line,
            f"components nested more than {MAX_DEPTH} deep; <{tag.name}> is shown as text",
            "mdx-too-deep",
            f"<{tag.name}",
        )
        token = state.push("mdx_html", "", 0)
        token.content = f"<pre>{escape(inner)}</pre>\n"
        return
    snippet = context.imports.get(tag.name) or snippets.snippet_file(tag, line)
    if snippet is not None and context.expand:
        state.tokens.extend(mdxsnippets.tokens(state.md, context, snippet, tag, line, inner))
        return
    if snippet is not None:
        token = state.push("mdx_html", "", 0)
        token.map = [start, start + 1]
        inlined = mdxsnippets.html(render_mdx, context, snippet, tag, line, inner)
        token.content = inlined.html
        token.meta = {"headings": inlined.headings, "tabbed": inlined.tabbed}
        return
    if tag.name in ("Heading", "CodeBlock"):  # Mintlify's React heading and code block
        mdxblocks.built_in(state, tag, inner, start, line)
        return
    mdxtags.check(tag, line, context.warn, library=context.icons)
    opening = state.push("mdx_open", "", 1)
    opening.map = [start, start + 1]
    props = mdxprops.parse(state.md, state.env, tag, state.src, line)  # title={<>...</>}
    title = props.pop("title", None) or mdxtitle.parse(tag)
    opening.meta = {"tag": tag, "line": line, "title": title, "props": props}
    if (entry := htmlheading.toc_entry(tag)) is not None:  # <Update>'s label, <h2>'s text
        opening.meta["toc"] = entry
    since = len(state.tokens)
    context.depth += 1
    try:
        if inner.strip():
            mdxblocks.children(state, inner, inner_line, _subparse)
    finally:
        context.depth -= 1
    if tag.name in mdxtags.PHRASING_ONLY:
        mdxblocks.unwrap_paragraphs(state.tokens[since:])
    opening.meta["children"] = mdxtags.children_of(state.tokens[since:])
    closing = state.push("mdx_close", "", -1)
    closing.meta = {"tag": tag}


def _esm_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    pos = state.bMarks[start] + state.tShift[start]
    head = state.src[pos : pos + 7]
    if not (head.startswith("import ") or head.startswith("import{") or head.startswith("export ")):
        return False
    last = snippets.statement_end(state.src, pos, state.bMarks, state.eMarks, start, end)
    statement = state.src[pos : state.eMarks[last]]
    if not snippets.is_statement(statement):
        return False
    if silent:
        return True
    context = _ctx(state.env)
    line = context.root_line + context.offset + start
    before, file = set(context.imports), context.importer or ""
    snippets.read_statement(statement, line, context.imports, context.names, context.warn, file)
    iconimports.take_imports(statement, line, context.imports, context.names, context.warn)
    for local in set(context.imports) - before:
        mdxsnippets.import_value(render_mdx, context, local, line)
    state.line = last + 1
    return True


def mdx_plugin(md: MarkdownIt) -> None:
    """Teach ``md`` MDX: JSX blocks and inline tags, expressions, ESM lines."""
    md.disable("code")
    md.block.ruler.before("table", "mdx_indented", mdxindent.indented_rule)
    md.block.ruler.before("paragraph", "mdx_paragraph", partial(mdxtrailing.rule, _jsx_block))
    md.block.ruler.before("fence", "mdx_esm", _esm_block)
    math.math_plugin(md)
    footnotes.use(md)
    md.block.ruler.before("table", "mdx_jsx", _jsx_block, {"alt": ["paragraph", "blockquote"]})
    md.block.ruler.before("table", "mdx_comment", mdxinline.comment_block, {"alt": ["paragraph"]})
    md.inline.ruler.before("html_inline", "mdx_jsx_inline", mdxinline.jsx_inline)
    md.inline.ruler.before("html_inline", "mdx_expression", mdxinline.expression_inline)
    md.core.ruler.at("inline", mdxinline.core_inline)
    md.core.ruler.after("inline", "mdx_split", mdxsplit.split)
    md.core.ruler.before("text_join", "smartypants", smartypants_rule)
    md.add_render_rule("mdx_block", mdxsplit.render)
    mdxblocks.install(md)
    md.core.ruler.push("mdx_unravel", mdxunravel.unravel)
    components.install(md)


@cache
def _mdx() -> MarkdownIt:
    return renderer().extended(mdx_plugin)


def render_mdx(
    body: str,
    first_line: int = 1,
    base: str | None = None,
    *,
    files: snippets.SnippetFiles | None = None,
    source: str | None = None,
    context: Context | None = None,
    assets: AssetScope | None = None,
) -> MdxResult:
    """Render a page body (Markdown with MDX components) to HTML, collecting warnings;
    ``assets``: check and re-point the local files it shows (render/assets.py)."""
    if context is None:
        chain = (source,) if source else ()
        context = Context(None, first_line, [], files, chain, base=base, assets=assets)
    else:
        context.root_line = first_line
    env: dict[str, Any] = {"mdx": context}
    if base is not None:
        env["base"] = base
    page = context.depth == 0 and not context.chain[1:]  # the page, not a snippet of it
    with scan_budget(len(body)):
        rendered = renderer().render_with(_mdx(), body, env, taken=context.taken)
    if page and context.views:  # <View>s: the page's view selector above its content
        rendered.html = mdxviews.selector(context.views, context.ids[0]) + rendered.html
    return MdxResult(rendered, context.warnings)


def mdx_warnings(
    body: str,
    first_line: int = 1,
    *,
    files: snippets.SnippetFiles | None = None,
    source: str | None = None,
    assets: AssetScope | None = None,
) -> list[MdxWarning]:
    """What :func:`render_mdx` would warn about (every warning is found while parsing; those
    about local files go to ``assets``)."""
    context = Context(None, first_line, [], files, (source,) if source else (), assets=assets)
    with scan_budget(len(body)):
        _mdx().parse(body, {"mdx": context})
    return context.warnings


def mdx_tokens(
    body: str,
    first_line: int = 1,
    *,
    files: snippets.SnippetFiles | None = None,
    source: str | None = None,
) -> list[Token]:
    """A page body's tokens, to find the components it uses; with ``files``, a snippet used
    as a component (``<Params />``) is read and its tokens stand in its place."""
    context = Context(None, first_line, [], files, (source,) if source else (), expand=True)
    with scan_budget(len(body)):
        return _mdx().parse(body, {"mdx": context})
