"""A Markdown or MDX page file's body as its page shows it, with what rendering it found:
its warnings (reported when the check left them to rendering) and the files it read."""

from __future__ import annotations

import re
from dataclasses import replace

from docgen.diagnostics import Diagnostics
from docgen.nav.model import Page, Site
from docgen.render import pagewarnings
from docgen.render.assets import asset_scope, looked_up
from docgen.render.markdown import Rendered
from docgen.render.markdown import renderer as markdown_renderer
from docgen.render.mdx import render_mdx
from docgen.render.mdxcontext import MdxWarning
from docgen.render.nestedlinks import unnest_links
from docgen.render.snippets import SnippetFiles

Reads = tuple[tuple[str, str], ...] | None  # (docs-folder path, digest) pairs; None = any file

_H1 = re.compile(r"<(/?)h1([ >])")


def page_body(
    site: Site, page: Page, base: str, report: Diagnostics | None
) -> tuple[Rendered, Reads]:
    """``page``'s file rendered for a page at ``base``, its warnings added to ``report``
    (``None``: the check scanned the page for them, render/scan.py), and what it read: the
    snippet files with their SHA-256 (``None`` when it looked for one that is missing), then
    each local file it shows and whether the site copies it (its warnings depend on that)."""
    assert page.source is not None
    body, first_line = markdown_source(page)
    scope = asset_scope(site, page.source)
    found: list[MdxWarning] = []
    reads: Reads = ()
    if page.source.endswith(".mdx"):
        files = SnippetFiles(site.root)
        result = render_mdx(body, first_line, base, files=files, source=page.source, assets=scope)
        rendered, found = result.rendered, result.warnings
        # Parts rendered apart (components, snippets) may put a link inside a link.
        rendered = replace(rendered, html=unnest_links(rendered.html))
        reads = None if files.missed else tuple(sorted(files.read.items()))
    else:
        rendered = markdown_renderer().render(body, base=base, assets=scope, first_line=first_line)
    if report is not None:
        pagewarnings.report(report, page, site.root, found, scope)
    if reads is not None:
        reads = (*reads, *looked_up(scope))
    return _demote_h1(rendered), reads


def _demote_h1(rendered: Rendered) -> Rendered:
    """Level-1 headings of a page body become level 2: the page title is the page's one H1."""
    if not any(level == 1 for level, _, _ in rendered.headings):
        return rendered
    html = _H1.sub(r"<\1h2\2", rendered.html)
    headings = [(max(level, 2), text, anchor) for level, text, anchor in rendered.headings]
    return replace(rendered, html=html, headings=headings)


_HEADING = re.compile(r"^#\s+")


def markdown_source(page: Page) -> tuple[str, int]:
    """A page file's Markdown as the page shows it, and the file line it starts on: without a
    first ``# Title`` line that repeats the page title (the template shows the title)."""
    body = page.body
    stripped = body.lstrip("\n")
    first, newline, rest = stripped.partition("\n")
    if _HEADING.match(first) and first[1:].strip() == page.title:
        skipped = body[: len(body) - len(rest)].count("\n") + (0 if newline else 1)
        return rest, page.body_line + skipped
    return body, page.body_line
