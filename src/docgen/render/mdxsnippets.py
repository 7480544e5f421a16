"""Snippets inlined where an MDX page uses them (``<Params />``, ``<Snippet file="x.mdx" />``,
``import { a } from '/snippets/vars.mdx'``), each charged to the page's budget.

Every snippet read this way costs one use and its expanded text, as a JSX component's use does
(render/mdxcontext.py): snippets that use snippets (seven one-line files each using the next ten
times: ten million inlinings) stop at the budget with ``mdx-too-deep`` at the use that passed
it, so any page costs bounded work.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from docgen.render import snippets
from docgen.render.jsx import Tag
from docgen.render.jsxtemplates import fill
from docgen.render.markdown import Rendered
from docgen.render.mdxcontext import MAX_DEPTH, Context, unreported

# render/mdx.py's ``render_mdx(body, first_line, base, context=...)``, returning its result
Render = Callable[..., Any]


def tokens(
    md: MarkdownIt, context: Context, snippet: snippets.Import, tag: Tag, line: int, inner: str
) -> list[Token]:
    """A snippet's own tokens, parsed with its props (for the components it holds)."""
    near = f"<{tag.name}"
    if context.files is None or context.spent_all(line, near):
        return []
    loaded = context.files.load(snippet, context.importer, context.chain, line, unreported)
    if loaded is None or loaded.javascript or context.depth + 1 >= MAX_DEPTH:
        return []
    props = {k: v for k, v in tag.attrs.items() if k != "..." and not snippet.folder}
    body = fill(loaded.body, props, set(props), inner)
    if not context.spend(len(body), line, near):
        return []
    child = context.child(loaded.label, {**props, "children": inner})
    child.root_line = loaded.line
    return md.parse(body, {"mdx": child})


def html(
    render: Render, context: Context, snippet: snippets.Import, tag: Tag, line: int, inner: str
) -> Rendered:
    """A snippet's HTML with its props (``{word}``, ``{children}``), or nothing past the
    page's budget."""
    near = f"<{tag.name}"
    if context.files is None or context.spent_all(line, near):
        return Rendered("")
    loaded = context.files.load(
        snippet, context.importer, context.chain, line, partial(context.warn, near=near)
    )
    if loaded is None:
        return Rendered("")
    if loaded.javascript:
        context.warn(
            line,
            f"<{tag.name}> comes from {snippet.path}, a JavaScript component that docgen does "
            "not run; its children are shown",
            near=near,
        )
        child = context.child(snippet.path, context.names)
        return render(inner, 1, context.base, context=child).rendered  # type: ignore[no-any-return]
    props = {k: v for k, v in tag.attrs.items() if k != "..." and not snippet.folder}
    names = {**props, "children": inner}
    if context.depth + 1 >= MAX_DEPTH:
        context.warn(line, f"snippets nested more than {MAX_DEPTH} deep", "mdx-too-deep", near)
        return Rendered("")
    body = fill(loaded.body, props, set(props), inner)  # props in attributes, {children}
    if not context.spend(len(body), line, near):
        return Rendered("")
    child = context.child(loaded.label, names)
    return render(body, loaded.line, context.base, context=child).rendered  # type: ignore[no-any-return]


def import_value(render: Render, context: Context, local: str, line: int) -> None:
    """``import { name } from 'x'``: the snippet's exported plain value becomes ``{local}``."""
    wanted, files = context.imports[local], context.files
    if files is None or files.unfound_default(wanted, context.importer, line, context.warn):
        return
    if context.spent_all(line, wanted.path):
        del context.imports[local]
        return
    loaded = files.load(wanted, context.importer, context.chain, line, context.warn)
    if loaded is None:
        del context.imports[local]
        return
    names = loaded.names
    if not loaded.javascript:
        # the whole snippet is read for its exports: one use of the page's budget
        if not context.spend(len(loaded.body), line, wanted.path):
            del context.imports[local]
            return
        child = context.child(loaded.label, {})
        child.warnings = []  # the snippet's own warnings are reported where it is used
        render(loaded.body, loaded.line, context.base, context=child)
        context.warnings += [w for w in child.warnings if w.code == "mdx-too-deep"]  # said here
        names = child.names
    if wanted.name in names:
        context.names[local] = names[wanted.name]
    elif loaded.javascript:
        return  # a component docgen does not run: where it is used, its children show
    else:  # not the MDX snippet's whole text either: Mintlify's page would not render
        snippets.no_export(loaded.label, wanted, local, line, context.warn)
    del context.imports[local]
