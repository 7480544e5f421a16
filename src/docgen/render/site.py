"""Render a resolved :class:`~docgen.nav.model.Site` into output files (path -> bytes).

Nothing here writes to disk: :mod:`docgen.write` does that with what this returns.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol
from xml.sax.saxutils import escape as xml_escape

from docgen.config.model import SiteConfig
from docgen.diagnostics import Code, Diagnostic, Diagnostics, Location
from docgen.nav import playground
from docgen.nav.model import Page, PageKind, Site
from docgen.pipeline import page_records
from docgen.render import searchdoc, twins
from docgen.render.highlight import highlight
from docgen.render.markdown import Rendered, to_html
from docgen.render.markdown import renderer as markdown_renderer
from docgen.render.mdx import render_mdx
from docgen.render.navviews import NavViews, base_for, href, output_path
from docgen.render.operation import build_operation
from docgen.render.parallel import Workers, worker_count
from docgen.render.schemalinks import PageSchemas, SchemaIndex, TooManyFields
from docgen.render.schemapage import SchemaPageView, build_schema_page, schema_markdown
from docgen.render.searchindex import SearchEntry, index_files
from docgen.render.sidebar import Sidebar
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


SchemaJob = tuple[str, str, str, str]  # (spec name, directory, document, component name)
Job = int | SchemaJob  # a site page (its index) or a shared schema's page


@dataclass(slots=True)
class RenderedPage:
    page: Page
    html: str
    markdown: str
    anchors: tuple[str, ...]
    search: str  # the page's search document (render/searchdoc.py)
    schemas: tuple[SchemaJob, ...] = ()  # shared schemas this page links to


@dataclass(frozen=True, slots=True)
class Output:
    """What one job sends back (from a worker process: small and picklable)."""

    url: str
    html: bytes
    markdown: bytes
    anchors: tuple[str, ...]
    search: str
    schemas: tuple[SchemaJob, ...]
    diagnostics: tuple[Diagnostic, ...]
    title: str = ""


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
        self.sidebar = Sidebar(self.nav)
        self.titles = {p.url: p.title for p in site.pages}
        self.env = environment()
        taken = frozenset(page.url for page in site.pages)
        self.schema_index = {name: SchemaIndex(spec, taken) for name, spec in site.specs.items()}
        # The section whose sidebar a directory's schema pages show: its first page's.
        self.schema_home: dict[tuple[str, str], Page] = {}
        for page in site.pages:
            if page.operation is not None:
                self.schema_home.setdefault((page.operation.spec, page.directory or ""), page)

    def warm_up(self) -> None:
        """Compile templates and load the Markdown and Pygments machinery once, before
        workers are forked, so that no worker pays for it again."""
        for name in ("operation.html", "page.html", "schema.html", "404.html"):
            self.env.get_template(name)
        markdown_renderer()
        for language in ("json", "bash", "python", "javascript"):
            highlight("{}", language)

    def run(self, job: Job) -> Output:
        """Render one job (a site page by index, or a schema page); diagnostics ride along."""
        sink = self.diagnostics
        self.diagnostics = Diagnostics()
        try:
            if isinstance(job, int):
                page = self.site.pages[job]
                item = self.render_page(page)
                return Output(
                    page.url,
                    item.html.encode(),
                    item.markdown.encode(),
                    item.anchors,
                    item.search,
                    item.schemas,
                    tuple(self.diagnostics),
                )
            url, html, markdown, view, linked = self.render_schema(job)
            return Output(
                url,
                html.encode(),
                markdown.encode(),
                view.anchors,
                searchdoc.schema_document(view.name, view.description_html, view.body),
                linked,
                tuple(self.diagnostics),
                view.name,
            )
        finally:
            self.diagnostics = sink

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
            "sidebar": (),
            "sidebar_html": self.sidebar.html(index, page.url, base),
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
        schemas: tuple[SchemaJob, ...] = ()
        if page.operation is not None:
            spec = self.site.specs[page.operation.spec]
            links: PageSchemas | None = None
            for linking in (False, True):
                links = PageSchemas(self.schema_index[spec.name], page.directory, base, linking)
                try:
                    operation = build_operation(
                        spec,
                        page.operation,
                        site_url=config.url,
                        page_url=page.url,
                        languages=config.languages,
                        base=base,
                        choice=playground.choose(page, config),
                        proxy=config.playground.proxy,
                        schema_links=links,
                    )
                    break
                except TooManyFields:
                    continue
            assert operation is not None and links is not None
            operation = _with_download(operation, base, spec.name)
            directory = page.directory or ""
            schemas = tuple(sorted((spec.name, directory, d, n) for d, n in links.linked))
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
        document = (
            searchdoc.operation_document(operation)
            if operation is not None
            else searchdoc.page_document(page.title, body.html)
        )
        anchors = operation.anchors if operation else ()
        return RenderedPage(page, html, markdown, anchors, document, schemas)

    def render_schema(
        self, job: SchemaJob
    ) -> tuple[str, str, str, SchemaPageView, tuple[SchemaJob, ...]]:
        """(URL, HTML, Markdown twin, view, schemas it links) of a shared schema's page."""
        spec_name, directory, doc, name = job
        index = self.schema_index[spec_name]
        url = index.path((doc, name), directory)
        base = base_for(url)
        config = self.site.config
        view, links = build_schema_page(
            index, (doc, name), directory=directory, site_url=config.url, base=base
        )
        linked = tuple(sorted((spec_name, directory, d, n) for d, n in links.linked))
        home = self.schema_home.get((spec_name, directory))
        section = self.nav.section_of(home) if home is not None else 0
        tabs, versions = self.nav.tabs_and_versions(section, base)
        owner = self.nav.sections[section]
        context = PageContext(
            site_name=config.name,
            title=name,
            description=_first_sentence(view.description) if view.description else None,
            base=base,
            canonical=f"{config.url}{url}" if config.url else None,
            kind="schema",
            tabs=tabs,
            versions=versions,
            sidebar=(),
            sidebar_html=self.sidebar.html(
                section, url, base, near=home.url if home is not None else None
            ),
            breadcrumbs=(owner.label, "Schemas") if owner is not self.nav.root else ("Schemas",),
            markdown_url=twins.twin_path(url),
            primary_color=config.primary_color,
            site_json=site_json(config, base),
            auth_enabled=config.auth is not None,
        )
        html = self.env.get_template("schema.html").render(page=context, schema=view)
        return url, html, schema_markdown(view), view, linked

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
            rendered = markdown_renderer().render(body, base=base)
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
            sidebar=(),
            sidebar_html=self.sidebar.html(index, "", base),
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
    return replace(view, spec_download=f"_docgen/specs/{spec_name}")


def _first_sentence(text: str) -> str:
    plain = re.sub(r"[`*_#>\[\]]", "", text).strip().split("\n\n")[0].replace("\n", " ")
    return plain if len(plain) <= 200 else plain[:197] + "..."


def search_entries(
    rendered: list[RenderedPage], schemas: Sequence[Output] = ()
) -> list[SearchEntry]:
    """What the search index reads: visible pages only (hidden pages are never indexed), then
    the shared schema pages."""
    entries = []
    for item in rendered:
        page = item.page
        if page.hidden:
            continue
        op = page.operation
        method = None if op is None else ("HOOK" if op.webhook else op.method)
        path = op.path if op is not None else None
        entries.append(SearchEntry(page.url, item.search, " › ".join(page.nav), method, path))
    entries.extend(SearchEntry(s.url, s.search, "Schemas") for s in schemas)
    return entries


def sitemap(site: Site, extra: Sequence[str] = ()) -> str | None:
    """``sitemap.xml`` (sites with a ``url``): visible pages and the ``extra`` URLs."""
    if not site.config.url:
        return None
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]
    urls = [page.url for page in site.pages if not page.hidden] + list(extra)
    for url in sorted(urls):
        loc = site.config.url + (url if url != "/" else "/")
        lines.append(f"  <url><loc>{xml_escape(loc)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def manifest(site: Site, rendered: list[RenderedPage], schemas: Sequence[Output] = ()) -> str:
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
    if schemas:
        data["schemas"] = [
            {"url": s.url, "name": s.title, "anchors": list(s.anchors)} for s in schemas
        ]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def llms_txt(site: Site, rendered: list[RenderedPage], schemas: Sequence[Output]) -> str:
    """``llms.txt``: the visible pages by section, then the shared schema pages."""
    text = twins.llms_txt(site, [r.page for r in rendered])
    if not schemas:
        return text
    root = site.config.url or ""
    lines = ["", "## Schemas", ""]
    lines += [f"- [{s.title}]({root}/{twins.twin_path(s.url)})" for s in schemas]
    return text + "\n".join(lines) + "\n"


def asset_files() -> Iterator[tuple[str, bytes]]:
    folder = templates_dir() / "assets"
    for name in ASSETS:
        path = folder / name
        if path.is_file():
            yield f"_docgen/{name}", path.read_bytes()


class JobCache(Protocol):
    """Results of earlier builds (``docgen.write.pagecache``), reused for unchanged jobs."""

    def has(self, job: Job) -> bool:
        """Whether ``lookup`` will most likely find ``job`` (cheap)."""
        ...

    def lookup(self, job: Job) -> Output | None: ...

    def store(self, job: Job, output: Output) -> None: ...


def render_site(
    site: Site,
    diagnostics: Diagnostics,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int | None = None,
    cache: JobCache | None = None,
) -> dict[str, bytes]:
    """Every output file of the site, keyed by its path relative to the output folder (see
    :func:`iter_site`, which hands them over one at a time)."""
    return dict(iter_site(site, diagnostics, progress, jobs=jobs, cache=cache))


def _outputs(
    renderer: SiteRenderer,
    workers: Workers[Job, Output],
    jobs: list[Job],
    cache: JobCache | None,
    fresh: list[Job],
) -> Iterator[Output]:
    """The outputs of ``jobs`` in order: ``fresh`` ones from the workers, the others from
    ``cache`` (rendered here after all when the cache no longer has them)."""
    rendered = workers.map(fresh)
    pending = set(fresh)
    for job in jobs:
        if job in pending:
            found = next(rendered)
        else:
            reused = cache.lookup(job) if cache is not None else None
            if reused is not None:
                yield reused
                continue
            found = renderer.run(job)
        if cache is not None:
            cache.store(job, found)
        yield found


def iter_site(
    site: Site,
    diagnostics: Diagnostics,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int | None = None,
    cache: JobCache | None = None,
) -> Iterator[tuple[str, bytes]]:
    """Every output file of the site as (path relative to the output folder, bytes), each
    as soon as it is ready, so a caller can write them without holding the whole site.

    Pages render in ``jobs`` processes (default: ``$DOCGEN_JOBS``, else every core; small sites
    render in-process); the output does not depend on it. Jobs that ``cache`` has are not
    rendered again.
    """
    renderer = SiteRenderer(site, diagnostics)
    total = len(site.pages)
    page_jobs: list[Job] = list(range(total))
    fresh = [job for job in page_jobs if cache is None or not cache.has(job)]
    count = worker_count(jobs, len(fresh))
    if count > 1:
        renderer.warm_up()
    rendered: list[RenderedPage] = []
    wanted: set[SchemaJob] = set()
    done: dict[SchemaJob, Output] = {}
    with Workers(renderer.run, count) as workers:
        outputs = _outputs(renderer, workers, page_jobs, cache, fresh)
        for number, (page, out) in enumerate(zip(site.pages, outputs, strict=True), 1):
            yield output_path(page.url), out.html
            yield twins.twin_path(page.url), out.markdown
            for diagnostic in out.diagnostics:
                diagnostics.add(diagnostic)
            rendered.append(RenderedPage(page, "", "", out.anchors, out.search, out.schemas))
            wanted.update(out.schemas)
            if progress is not None:
                progress(number, total)
        # Shared schema pages, and the schemas those link to, until none is missing.
        while pending := sorted(wanted - done.keys()):
            schema_jobs = list[Job](pending)
            fresh = [job for job in schema_jobs if cache is None or not cache.has(job)]
            outputs = _outputs(renderer, workers, schema_jobs, cache, fresh)
            for job, out in zip(pending, outputs, strict=True):
                yield output_path(out.url), out.html
                yield twins.twin_path(out.url), out.markdown
                for diagnostic in out.diagnostics:
                    diagnostics.add(diagnostic)
                done[job] = replace(out, html=b"", markdown=b"")
                wanted.update(out.schemas)
    schemas = sorted(done.values(), key=lambda out: out.url)
    if not any(page.url == "/" for page in site.pages):
        first = next((p for p in site.pages if not p.hidden), None)
        if first is not None:
            yield "index.html", twins.redirect_html(href("./", first.url)).encode()
    yield "404.html", renderer.render_404().encode()
    yield from renderer.sidebar.data_files()
    if site.config.auth is not None:
        yield CALLBACK_PATH + "index.html", renderer.render_callback().encode()
    yield from index_files(search_entries(rendered, schemas))
    yield "_docgen/manifest.json", manifest(site, rendered, schemas).encode()
    yield "llms.txt", llms_txt(site, rendered, schemas).encode()
    map_text = sitemap(site, [out.url for out in schemas])
    if map_text is not None:
        yield "sitemap.xml", map_text.encode()
    for spec in site.specs.values():
        for name, document in spec.documents.items():
            yield f"_docgen/specs/{name}", document.text.encode()
    yield from asset_files()


__all__ = ["PageKind", "iter_site", "render_site", "to_html"]
