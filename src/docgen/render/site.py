"""Render a resolved :class:`~docgen.nav.model.Site` into output files (path -> bytes).

Nothing here writes to disk: :mod:`docgen.write` does that with what this returns.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape as xml_escape

from docgen.config.model import SiteConfig
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.nav import playground
from docgen.nav.model import Page, PageKind, Site
from docgen.pipeline import page_records
from docgen.render import twins
from docgen.render.markdown import Rendered, to_html
from docgen.render.mdx import render_mdx
from docgen.render.navviews import NavViews, base_for, href, output_path
from docgen.render.operation import build_operation
from docgen.render.templates import environment, templates_dir
from docgen.render.views import OperationView, PageContext, TocEntry

ASSETS = (
    "docgen.css",
    "docgen.js",
    "theme.js",
    "favicon.svg",
    "playground.css",
    "playground.js",
    "auth.js",
)
CALLBACK_PATH = "_docgen/auth/callback/"


@dataclass(slots=True)
class RenderedPage:
    page: Page
    html: str
    markdown: str
    anchors: tuple[str, ...]
    keywords: str


def _leading_title(body: str, title: str) -> str:
    """Drop a first ``# Title`` line that repeats the page title (the template shows it)."""
    stripped = body.lstrip("\n")
    first, _, rest = stripped.partition("\n")
    if re.match(r"^#\s+", first) and first[1:].strip() == title:
        return rest
    return body


class SiteRenderer:
    """Renders every page of ``site``; problems found while rendering become diagnostics."""

    def __init__(self, site: Site, diagnostics: Diagnostics) -> None:
        self.site = site
        self.diagnostics = diagnostics
        self.nav = NavViews(site.navigation)
        self.titles = {p.url: p.title for p in site.pages}
        self.env = environment()

    def render_page(self, page: Page) -> RenderedPage:
        base = base_for(page.url)
        index = self.nav.section_of(page)
        tabs, versions = self.nav.tabs_and_versions(index, base)
        previous, following = (
            (None, None) if page.hidden else self.nav.neighbours(index, page.url, self.titles, base)
        )
        config = self.site.config
        canonical = f"{config.url}{page.url if page.url != '/' else '/'}" if config.url else None
        common: dict[str, Any] = {
            "site_name": config.name,
            "title": page.title,
            "base": base,
            "canonical": canonical,
            "tabs": tabs,
            "versions": versions,
            "sidebar": self.nav.sidebar(index, page.url, base),
            "breadcrumbs": page.nav,
            "previous": previous,
            "next": following,
            "markdown_url": self._twin_href(page, base),
            "primary_color": config.primary_color,
            "site_json": site_json(config, base),
            "auth_enabled": config.auth is not None,
        }
        operation: OperationView | None = None
        body: Rendered = Rendered("")
        if page.source is not None:
            body = self._page_body(page, base)
        if page.operation is not None:
            spec = self.site.specs[page.operation.spec]
            operation = build_operation(
                spec,
                page.operation,
                site_url=config.url,
                page_url=page.url,
                languages=config.languages,
                base=base,
                choice=playground.choose(page, config),
                proxy=config.playground.proxy,
            )
            operation = _with_download(operation, base, spec.name)
        description = page.description
        if description is None and page.operation is not None:
            summary = page.operation.data.get("description")
            if isinstance(summary, str):
                description = _first_sentence(summary)
        context = PageContext(
            description=description,
            kind=page.kind.value,
            body_html=body.html,
            toc=tuple(
                TocEntry(lvl, text, anchor) for lvl, text, anchor in body.headings if lvl in (2, 3)
            ),
            operation=operation,
            **common,
        )
        template = "operation.html" if operation is not None else "page.html"
        html = self.env.get_template(template).render(page=context)
        markdown = twins.page_markdown(page, operation, self._source_text(page), config.url)
        keywords = _keywords(page, operation, body)
        return RenderedPage(page, html, markdown, operation.anchors if operation else (), keywords)

    def _twin_href(self, page: Page, base: str) -> str:
        return twins.twin_path(page.url)

    def _source_text(self, page: Page) -> str | None:
        if page.source is None:
            return None
        from docgen.nav.pagefiles import read_page

        return read_page(self.site.root, self.site.root / page.source, Diagnostics()).body

    def _page_body(self, page: Page, base: str) -> Rendered:
        from docgen.nav.pagefiles import read_page

        assert page.source is not None
        page_file = read_page(self.site.root, self.site.root / page.source, Diagnostics())
        body = _leading_title(page_file.body, page.title)
        if page.source.endswith(".mdx"):
            result = render_mdx(body, page_file.body_line, base)
            for line, message in result.warnings:
                self.diagnostics.warning(
                    Code.MDX_UNSUPPORTED, message, Location(page.source, line, 1)
                )
            rendered = result.rendered
        else:
            from docgen.render.markdown import renderer

            rendered = renderer().render(body, base=base)
        return rendered

    def render_callback(self) -> str:
        """The page the sign-in service returns to; auth.js verifies the token there."""
        base = base_for("/" + CALLBACK_PATH.rstrip("/"))
        config = self.site.config
        context = PageContext(
            site_name=config.name,
            title="Signing in",
            description=None,
            base=base,
            canonical=None,
            kind="callback",
            tabs=(),
            versions=(),
            sidebar=(),
            breadcrumbs=(),
            primary_color=config.primary_color,
            site_json=site_json(config, base),
            auth_enabled=True,
        )
        return self.env.get_template("callback.html").render(page=context)

    def render_404(self) -> str:
        base = "/"  # served for any missing path: asset links must be root-absolute
        index = 0
        tabs, versions = self.nav.tabs_and_versions(index, base)
        context = PageContext(
            site_name=self.site.config.name,
            title="Page not found",
            description=None,
            base=base,
            canonical=None,
            kind="404",
            tabs=tabs,
            versions=versions,
            sidebar=self.nav.sidebar(index, "", base),
            breadcrumbs=(),
            primary_color=self.site.config.primary_color,
            site_json=site_json(self.site.config, base),
            auth_enabled=self.site.config.auth is not None,
        )
        return self.env.get_template("404.html").render(page=context)


def site_json(config: SiteConfig, base: str) -> str:
    """Site-wide data for the scripts (``data-docgen-site``): the root prefix and sign-in."""
    auth = config.auth
    data: dict[str, Any] = {"base": base, "auth": None}
    if auth is not None and auth.key_spki:
        data["auth"] = {
            "loginUrl": auth.login_url,
            "algorithm": auth.key_algorithm,
            "publicKey": auth.key_spki,
            "callback": CALLBACK_PATH,
        }
    return json.dumps(data, separators=(",", ":"))


def _with_download(view: OperationView, base: str, spec_name: str) -> OperationView:
    from dataclasses import replace

    return replace(view, spec_download=f"_docgen/specs/{spec_name}")


def _first_sentence(text: str) -> str:
    plain = re.sub(r"[`*_#>\[\]]", "", text).strip().split("\n\n")[0].replace("\n", " ")
    return plain if len(plain) <= 200 else plain[:197] + "..."


def _keywords(page: Page, view: OperationView | None, body: Rendered) -> str:
    words: list[str] = []
    if view is not None:
        for group in view.param_groups:
            words.extend(f.name for f in group.fields)
        for request in view.request_bodies:
            words.extend(f.name for f in request.fields)
        if view.summary:
            words.append(view.summary)
        if page.operation is not None and page.operation.operation_id:
            words.append(page.operation.operation_id)
    words.extend(text for _, text, _ in body.headings)
    return " ".join(dict.fromkeys(words))


def search_index(rendered: list[RenderedPage]) -> str:
    """The client-side index: visible pages only (hidden pages are never indexed)."""
    entries = []
    for item in rendered:
        page = item.page
        if page.hidden:
            continue
        op = page.operation
        entries.append(
            {
                "u": href("", page.url) if page.url != "/" else "",
                "t": page.title,
                "m": op.method
                if op is not None and not op.webhook
                else ("HOOK" if op is not None else None),
                "p": op.path if op is not None else None,
                "s": " › ".join(page.nav),
                "k": item.keywords,
            }
        )
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


def sitemap(site: Site) -> str | None:
    if not site.config.url:
        return None
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]
    for page in sorted(site.pages, key=lambda p: p.url):
        if page.hidden:
            continue
        loc = site.config.url + (page.url if page.url != "/" else "/")
        lines.append(f"  <url><loc>{xml_escape(loc)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def manifest(site: Site, rendered: list[RenderedPage]) -> str:
    anchors = {item.page.url: list(item.anchors) for item in rendered}
    records = page_records(site)
    for record in records:
        if record["operation"] is not None:
            record["anchors"] = anchors.get(str(record["url"]), [])
    data = {
        "generator": "docgen",
        "name": site.config.name,
        "url": site.config.url,
        "pages": records,
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def asset_files() -> Iterator[tuple[str, bytes]]:
    folder = templates_dir() / "assets"
    for name in ASSETS:
        path = folder / name
        if path.is_file():
            yield f"_docgen/{name}", path.read_bytes()


def render_site(
    site: Site, diagnostics: Diagnostics, progress: Callable[[int, int], None] | None = None
) -> dict[str, bytes]:
    """Every output file of the site, keyed by its path relative to the output folder."""
    renderer = SiteRenderer(site, diagnostics)
    files: dict[str, bytes] = {}
    rendered: list[RenderedPage] = []
    total = len(site.pages)
    for number, page in enumerate(site.pages, 1):
        item = renderer.render_page(page)
        rendered.append(item)
        files[output_path(page.url)] = item.html.encode()
        files[twins.twin_path(page.url)] = item.markdown.encode()
        if progress is not None:
            progress(number, total)
    if "index.html" not in files:
        first = next((p for p in site.pages if not p.hidden), None)
        if first is not None:
            files["index.html"] = twins.redirect_html(href("./", first.url)).encode()
    files["404.html"] = renderer.render_404().encode()
    if site.config.auth is not None:
        files[CALLBACK_PATH + "index.html"] = renderer.render_callback().encode()
    files["_docgen/search-index.json"] = search_index(rendered).encode()
    files["_docgen/manifest.json"] = manifest(site, rendered).encode()
    files["llms.txt"] = twins.llms_txt(site, [r.page for r in rendered]).encode()
    map_text = sitemap(site)
    if map_text is not None:
        files["sitemap.xml"] = map_text.encode()
    for spec in site.specs.values():
        for name, document in spec.documents.items():
            files[f"_docgen/specs/{name}"] = document.text.encode()
    for path, data in asset_files():
        files[path] = data
    return files


__all__ = ["PageKind", "render_site", "to_html"]
