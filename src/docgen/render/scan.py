"""What rendering would report, found without rendering the site.

``docgen check`` runs :func:`scan` and :func:`scan_pages` after navigation resolves, so it
reports everything ``docgen build`` would: output files that two things would write
(``output-conflict``) and the like, then each Markdown page's warnings (MDX components docgen
does not render, ``mdx-unsupported``; local files it shows that the site lacks...). ``docgen
build`` and ``docgen serve`` leave the pages' warnings to the rendering, which parses each
page anyway: both take a page's Markdown from :func:`~docgen.render.pagebody.markdown_source` and
report through :mod:`docgen.render.pagewarnings`, so they find the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from docgen.config.model import NavNode
from docgen.diagnostics import Code, Diagnostic, Diagnostics, Location
from docgen.exceptions import OutputError
from docgen.load.paths import is_file
from docgen.load.source import SourceDocument
from docgen.nav.model import Page, Site
from docgen.nav.pagefiles import value_start
from docgen.nav.staticfiles import drop_conflicts
from docgen.nav.urls import PathSet, fold, output_path, shortened, twin_path
from docgen.render import icons, pagewarnings, schemaembed
from docgen.render.artefacts import site_file_paths
from docgen.render.assets import asset_scope
from docgen.render.mdx import mdx_warnings
from docgen.render.pagebody import markdown_source, page_description
from docgen.render.redirects import forwarding_pages
from docgen.render.searchindex import FOLDER as SEARCH_FOLDER
from docgen.render.snippets import SnippetFiles


def scan(site: Site, diagnostics: Diagnostics, config_doc: SourceDocument | None = None) -> None:
    """Report what rendering and writing ``site`` would find, without doing either, except
    the Markdown pages' warnings (:func:`scan_pages`, which the caller runs after this: this
    drops static files that clash with pages, so the pages are checked against what is copied)."""
    for page in site.pages:
        value = schemaembed.wanted(page) if page.operation is None else None
        if value is not None and schemaembed.find(site, value) is None:
            diagnostics.warning(
                Code.NAV_UNKNOWN_SCHEMA,
                f"openapi-schema '{value}' names no component schema of the site's specs; "
                "the page shows its own content only",
                Location(page.source, 1, 1) if page.source else None,
            )
    _outputs(site, diagnostics, config_doc)
    _look_files(site, diagnostics)
    _style_files(site, diagnostics)
    _nav_icons(site.config.navigation, site.config.look.icons, diagnostics)
    _page_icons(site, diagnostics)


def markdown_pages(site: Site) -> int:
    """How many Markdown pages :func:`scan_pages` reads."""
    return sum(1 for page in site.pages if page.source is not None and _is_markdown(page.source))


def _is_markdown(source: str) -> bool:
    return source.endswith((".mdx", ".md"))


def scan_pages(site: Site, part: tuple[int, int] = (0, 1)) -> list[Diagnostic]:
    """What rendering the Markdown pages would warn about (every one parsed: the slow part of
    a check of a docs repo; warnings only, so it can run beside other work). ``part``
    ``(k, n)``: only every ``n``-th Markdown page from the ``k``-th, so that ``n`` processes
    share the pages; together they find what one finds."""
    diagnostics = Diagnostics()
    number, (own, parts) = -1, part
    for page in site.pages:
        if page.source is None or not _is_markdown(page.source):
            continue
        number += 1
        if number % parts != own:
            continue
        body, first_line = markdown_source(page)
        scope = asset_scope(site, page.source)
        page_description(page, "./", scope)
        files = SnippetFiles(site.root)  # a .md page is MDX too, as Mintlify reads it
        found = mdx_warnings(body, first_line, files=files, source=page.source, assets=scope)
        pagewarnings.report(diagnostics, page, site.root, found, scope)
    return list(diagnostics)


def _nav_icons(node: NavNode, library: str, diagnostics: Diagnostics) -> None:
    """``icon-unknown`` for a navigation element's ``icon`` that no icon library has (a tab's,
    a group's, a menu item's...), where docs.json names it, as for a component's."""
    if node.icon_at is not None and icons.unknown(node.icon, library, node.icon_style):
        diagnostics.warning(
            Code.ICON_UNKNOWN,
            f'{node.kind.value} "{node.label[:40]}" icon="{node.icon[:40]}": no such icon in '
            "Font Awesome Free or Lucide; a neutral mark is shown",
            node.icon_at,
        )
    for item in node.items:
        if isinstance(item, NavNode):
            _nav_icons(item, library, diagnostics)


def _page_icons(site: Site, diagnostics: Diagnostics) -> None:
    """``icon-unknown`` for a page's frontmatter ``icon`` (its sidebar entry's) that no icon
    library has, at the value in the page file."""
    for page in site.pages:
        icon = page.meta.icon
        if icon is None or page.source is None or not icons.unknown(icon, site.config.look.icons):
            continue
        line, column = _frontmatter_value(Path(site.root) / page.source, "icon")
        diagnostics.warning(
            Code.ICON_UNKNOWN,
            f'frontmatter icon="{icon[:40]}": no such icon in Font Awesome Free or Lucide; '
            "the sidebar shows a neutral mark",
            Location(page.source, line, column),
        )


def _frontmatter_value(path: Path, key: str) -> tuple[int, int]:
    """Where the frontmatter ``key``'s value starts in the page file at ``path`` (read again:
    only for a page with something to report)."""
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").split("\n")
    except OSError:
        return 1, 1
    if not lines or lines[0].strip() != "---":
        return 1, 1
    end = next((n for n, line in enumerate(lines[1:], 1) if line.strip() == "---"), len(lines))
    return value_start("\n".join(lines[1:end]), key)


def _look_files(site: Site, diagnostics: Diagnostics) -> None:
    """``asset-not-found`` for a logo, favicon or font file that the site does not copy."""
    known = site.static_names()
    for item in site.config.look.files():
        if item.path not in known:
            exists = _file_inside(Path(site.root), item.path)
            why = "is not copied into the site (see asset-skipped)" if exists else "does not exist"
            diagnostics.warning(
                Code.ASSET_NOT_FOUND,
                f"'{item.path}' {why}; the page chrome is shown without it",
                Location(item.file, item.line, item.column),
            )


def _style_files(site: Site, diagnostics: Diagnostics) -> None:
    """``asset-not-found`` for a local file a url() of the repo's CSS names that the site
    does not copy (a ``.css`` file is checked only when the site copies it, not a url())."""
    if site.styles is None:
        return
    known = site.static_names()
    for target, source, line, column in site.styles.files:
        if target not in known:
            exists = _file_inside(Path(site.root), target)
            why = "is not copied into the site (see asset-skipped)" if exists else "does not exist"
            diagnostics.warning(
                Code.ASSET_NOT_FOUND,
                f"the style sheet uses '{target}', which {why}",
                Location(source, line, column),
            )


def _file_inside(root: Path, name: str) -> bool:
    """Whether ``name`` is a file inside the docs folder ``root`` (never a file a link leads
    out to, and ``False`` for a name the OS refuses, too long or with a NUL byte)."""
    try:
        path = (root / name).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return path.is_relative_to(root.resolve()) and is_file(path)


def _page_paths(site: Site) -> Iterator[tuple[str, Page]]:
    for page in site.pages:
        yield output_path(page.url), page
        yield twin_path(page.url), page


def _outputs(site: Site, diagnostics: Diagnostics, config_doc: SourceDocument | None) -> None:
    """``output-conflict`` for a page whose files another page or a site file would also write
    (shared schema pages are given free URLs by construction: see ``render/schemalinks``);
    then :func:`_forwarding` for the redirects' forwarding pages."""
    paths = PathSet()
    owners: dict[str, str] = {}
    reserved = fold(SEARCH_FOLDER)  # _docgen/pagefind/ and the shards _docgen/pagefind-N/
    for path in site_file_paths(site, forwarding=False):
        paths.add(path)
        owners[fold(path)] = "a file docgen writes for the site"
    for path, page in _page_paths(site):
        what = f"'{page.source}'" if page.source else f"the page of '{page.title}'"
        where = Location(page.source, 1, 1) if page.source else None
        problem: str | None = None
        if fold(path).startswith(reserved):
            problem = (
                f"output path {path!r} is inside {SEARCH_FOLDER}*/, the search index's folders"
            )
        else:
            try:
                paths.add(path)
            except OutputError as exc:
                problem = str(exc)
        if problem is not None:
            diagnostics.error(
                Code.OUTPUT_CONFLICT,
                f"{what} cannot be written: {problem}; rename the page or its 'directory'",
                where,
            )
        else:
            owners[fold(path)] = f"the page {page.url}"
    _forwarding(site, paths, owners, config_doc, diagnostics)
    site.static = drop_conflicts(site.static, paths, owners, diagnostics)


def _forwarding(
    site: Site,
    paths: PathSet,
    owners: dict[str, str],
    config_doc: SourceDocument | None,
    diagnostics: Diagnostics,
) -> None:
    """A redirect whose forwarding page would take the path of a file docgen writes (its
    ``/llms.txt``, ``/_docgen/...``), of a page's file, or of another redirect's page in other
    letter case or Unicode form, is left out with a ``redirect-conflict`` warning at its
    source, as one whose source is a page's Markdown version is (build stopped on an internal
    error, after check did too)."""
    left_out = []
    for redirect, path in forwarding_pages(site):
        try:
            paths.add(path)
        except OutputError as exc:
            owner = owners.get(fold(path))
            if redirect.earlier:  # a file of the site is there: it wins, as a page does
                left_out.append(redirect)
                continue
            diagnostics.warning(
                Code.REDIRECT_CONFLICT,
                f"redirect source {shortened(redirect.source, 200)!r} cannot have its "
                f"forwarding page: {exc}{f' ({owner})' if owner else ''}; the redirect is left "
                "out",
                config_doc.location(f"{redirect.pointer}/source") if config_doc else None,
            )
            left_out.append(redirect)
            continue
        owners[fold(path)] = f"the redirect from {redirect.source}"
    if left_out:
        kept = tuple(r for r in site.config.redirects if r not in left_out)
        site.config = replace(site.config, redirects=kept)
