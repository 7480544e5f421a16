"""A Markdown or MDX page file's body as its page shows it, with what rendering it found:
its warnings (reported when the check left them to rendering) and the files it read."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from docgen.diagnostics import Diagnostics
from docgen.nav.model import Page, Site
from docgen.render import pagewarnings
from docgen.render.assets import AssetScope, asset_scope, looked_up
from docgen.render.markdown import Rendered
from docgen.render.markdown import renderer as markdown_renderer
from docgen.render.mdx import render_mdx
from docgen.render.nestedlinks import unnest_links
from docgen.render.snippets import SnippetFiles

Reads = tuple[tuple[str, str], ...] | None  # (docs-folder path, digest) pairs; None = any file

_H1 = re.compile(r"<(/?)h1([ >])")


@dataclass(frozen=True, slots=True)
class PageBody:
    """A page file rendered: its body, its frontmatter ``description`` as HTML (``None``
    without one) and what rendering read (see :func:`page_body`)."""

    rendered: Rendered
    description_html: str | None
    reads: Reads


def page_body(site: Site, page: Page, base: str, report: Diagnostics | None) -> PageBody:
    """``page``'s file rendered for a page at ``base``, its warnings added to ``report``
    (``None``: the check scanned the page for them, render/scan.py), and what it read: the
    snippet files with their SHA-256 (``None`` when it looked for one that is missing), then
    each local file it shows and whether the site copies it (its warnings depend on that)."""
    assert page.source is not None
    body, first_line = markdown_source(page)
    scope = asset_scope(site, page.source)
    description = page_description(page, base, scope)
    # A .md page is MDX as much as a .mdx one: Mintlify compiles both as MDX, and real repos
    # write components in .md pages (<Steps>, <Note>, style={{...}}).
    files = SnippetFiles(site.root)
    result = render_mdx(body, first_line, base, files=files, source=page.source, assets=scope)
    rendered, found = result.rendered, result.warnings
    # Parts rendered apart (components, snippets) may put a link inside a link.
    rendered = replace(rendered, html=unnest_links(rendered.html))
    reads: Reads = None if files.missed else tuple(sorted(files.read.items()))
    if report is not None:
        pagewarnings.report(report, page, site.root, found, scope)
    if reads is not None:
        reads = (*reads, *looked_up(scope))
    return PageBody(_demote_h1(rendered), description, reads)


def page_description(page: Page, base: str, scope: AssetScope) -> str | None:
    """The frontmatter ``description`` as the line under the title shows it: inline Markdown,
    its links read against the page *file*'s folder and checked like the body's (warnings in
    ``scope``, at the description's place in the frontmatter)."""
    if page.description is None or not page.description.strip():
        return None
    before = len(scope.warnings)
    line, column = page.description_at
    html = markdown_renderer().inline(page.description, base, scope, line)
    scope.warnings[before:] = [
        replace(w, column=w.column + column - 1) if w.source is None else w
        for w in scope.warnings[before:]
    ]
    return html


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
