"""Render one page: an operation, webhook or Markdown page, a shared schema's page, the 404
page and the sign-in callback. Rendering reports nothing: what it would find, the check
finds first (:mod:`docgen.render.scan`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

from docgen.config.model import SiteConfig
from docgen.diagnostics import Diagnostic, Diagnostics
from docgen.exceptions import TooManyFields
from docgen.nav import playground
from docgen.nav.model import Page, Site
from docgen.nav.urls import twin_path
from docgen.render import apipage, schemaembed, searchdoc, sprite, subtrees, twins
from docgen.render.chrome import chrome_view, not_found_view
from docgen.render.highlight import highlight
from docgen.render.listing import listing_html, listings
from docgen.render.markdown import Rendered
from docgen.render.markdown import renderer as markdown_renderer
from docgen.render.metatags import page_metatags
from docgen.render.navviews import NavViews, base_for, crumbs, header_fields
from docgen.render.operation import build_operation
from docgen.render.pagebody import Reads, page_body
from docgen.render.schemalinks import PageSchemas, SchemaIndex, SchemaPages
from docgen.render.schemapage import SchemaPageView, build_schema_page, schema_markdown
from docgen.render.sidebar import Sidebar
from docgen.render.templates import environment
from docgen.render.views import OperationView, PageContext, TocEntry
from docgen.spec.model import download_name

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
    playground: str = ""  # ``auth`` mode: the data written to nav/urls.playground_path
    reads: Reads = ()  # snippet files the page read (see Output.reads)


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
    playground: bytes = b""  # ``auth`` mode: the page's playground data file
    # Its files already put in place by the worker (render/sink.py): (path, kept) pairs; the
    # bytes above are then empty.
    placed: tuple[tuple[str, bool], ...] = ()
    # The docs-folder files besides its own the job read, as (path, SHA-256) pairs, for the
    # page cache; ``None`` when it may depend on any of them (a snippet was not found).
    reads: Reads = ()
    icons: tuple[str, ...] = ()  # the sprite's symbols its page draws (render/sprite.py)


class SiteRenderer:
    """Renders every page of ``site``; ``diagnostics`` gets what rendering finds: with
    ``report_pages``, the Markdown pages' warnings (the check then left them to rendering),
    else nothing the check has not found (the check-equals-build test holds it to that)."""

    def __init__(self, site: Site, diagnostics: Diagnostics, report_pages: bool = False) -> None:
        self.site = site
        self.diagnostics = diagnostics
        self.report_pages = report_pages  # Markdown pages' warnings: see render/pagebody.py
        subtrees.clear()  # fields of an earlier build (``docgen serve``) hold its specs
        self.nav = NavViews(site.navigation, site.config.look.icons)
        self.sidebar = Sidebar(self.nav)
        self.titles = {p.url: p.title for p in site.pages}
        self.listings = listings(site.navigation)  # group root pages with a ``directory``
        self.descriptions = {p.url: p.description for p in site.pages if p.description}
        self.env = environment()
        self._reads: Reads = ()  # what the page being rendered read (render/pagebody.py)
        # The section whose sidebar a directory's schema pages show: its first page's.
        self.schema_home: dict[tuple[str, str], Page] = {}
        for page in site.pages:
            if page.operation is not None:
                self.schema_home.setdefault((page.operation.spec, page.directory or ""), page)
        urls = SchemaPages((page.url for page in site.pages), self.schema_home)
        self.schema_index = {name: SchemaIndex(spec, urls) for name, spec in site.specs.items()}

    def warm_up(self) -> None:
        """Compile templates and load the Markdown and Pygments machinery once, before
        workers are forked, so that no worker pays for it again."""
        for name in self.env.list_templates(extensions=["html"]):
            self.env.get_template(name)  # the partials they import too
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
                html, drawn = sprite.link(item.html, base_for(page.url))
                return Output(
                    page.url,
                    html.encode(),
                    item.markdown.encode(),
                    item.anchors,
                    item.search,
                    item.schemas,
                    tuple(self.diagnostics),
                    playground=item.playground.encode(),
                    reads=item.reads,
                    icons=drawn,
                )
            url, html, markdown, view, linked = self.render_schema(job)
            html, drawn = sprite.link(html, base_for(url))
            found = searchdoc.schema_document(view.name, view.description_html, view.body)
            parts = (url, html.encode(), markdown.encode(), view.anchors, found, linked)
            return Output(*parts, tuple(self.diagnostics), view.name, icons=drawn)
        finally:
            self.diagnostics = sink

    def render_page(self, page: Page) -> RenderedPage:
        self._reads = ()
        base = base_for(page.url)
        index = self.nav.section_of(page)
        header = self.nav.header(index, page.url, base)
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
            **header_fields(header),
            "sidebar": (),
            "sidebar_html": self.sidebar.html(index, page.url, base),
            "breadcrumbs": crumbs(page.nav, header, self.nav.eyebrow(page.url, config.look)),
            "previous": previous,
            "next": following,
            "markdown_url": twin_path(page.url),
            "primary_color": config.primary_color,
            "site_json": site_json(config, base),
            "auth_enabled": config.auth is not None,
            "chrome": chrome_view(self.site, base),
            "mode": page.meta.mode,
            "tag": page.meta.tag,
            "deprecated": page.meta.deprecated,
            "noindex": not page.indexed,
        }
        operation: OperationView | None = None
        body: Rendered = Rendered("")
        description_html: str | None = None
        if page.source is not None:
            report = self.diagnostics if self.report_pages else None
            found = page_body(self.site, page, base, report)
            body, description_html, self._reads = (
                found.rendered,
                found.description_html,
                found.reads,
            )
        if page.operation is None and schemaembed.wanted(page) is not None:
            body = self._with_schema(page, base, body)
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
                        custom=dict(config.look.languages),
                        base=base,
                        choice=playground.choose(page, config),
                        proxy=config.playground.proxy,
                        credentials=config.playground.credentials,
                        required_only=config.playground.required_only,
                        schema_links=links,
                    )
                    break
                except TooManyFields:
                    continue
            assert operation is not None and links is not None
            operation = _with_download(operation, base, spec.name)
            if page.source is not None:  # the page file's frontmatter names and describes it
                operation = _with_frontmatter(operation, page.frontmatter, description_html)
            directory = page.directory or ""
            schemas = tuple(sorted((spec.name, directory, d, n) for d, n in links.linked))
        elif page.meta.api is not None:
            operation = apipage.api_view(page, page.meta.api, config, base, self.site.root)
            if description_html:  # its links read against the file, as check reads them
                operation = replace(operation, description_html=f"<p>{description_html}</p>")
        if operation is not None:  # the page's own examples go to the example column
            html, examples = apipage.split_examples(body.html)
            body = replace(body, html=html)
            operation = replace(operation, examples_html=examples)
        else:
            body = replace(body, html=apipage.inline_examples(body.html))
        description = page.description
        if description is None and page.operation is not None:
            summary = page.operation.data.get("description")
            if isinstance(summary, str):
                description = _first_sentence(summary)
        group = self.listings.get(page.url)
        listed = listing_html(group, base, self.titles, self.descriptions) if group else ""
        context = PageContext(
            description=description,
            description_html=description_html,
            metatags=page_metatags(config, page.title, description, canonical, page.meta.metatags),
            kind=page.kind.value,
            body_html=body.html + listed,
            toc=tuple(
                TocEntry(lvl, text, anchor, anchor in body.tabbed, body.tabbed.get(anchor, False))
                for lvl, text, anchor in body.headings
                if lvl in (2, 3) and page.meta.mode == "default"  # other modes have no side panel
            ),
            operation=operation,
            **common,
        )
        template = "operation.html" if operation is not None else "page.html"
        html = self.env.get_template(template).render(page=context)
        markdown = twins.page_markdown(
            page, operation, page.body if page.source is not None else None, config.url
        )
        document = searchdoc.document(page, operation, body.html)
        anchors = operation.anchors if operation else ()
        hidden = operation.playground_data if operation else ""
        reads = self._reads
        return RenderedPage(page, html, markdown, anchors, document, schemas, hidden, reads)

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
        owner = self.nav.label(section)
        description = _first_sentence(view.description) if view.description else None
        canonical = f"{config.url}{url}" if config.url else None
        context = PageContext(
            site_name=config.name,
            title=name,
            description=description,
            metatags=page_metatags(config, name, description, canonical),
            base=base,
            canonical=canonical,
            kind="schema",
            **header_fields(self.nav.header(section, url, base)),
            sidebar=(),
            sidebar_html=self.sidebar.html(
                section, url, base, near=home.url if home is not None else None
            ),
            breadcrumbs=(owner, "Schemas") if owner else ("Schemas",),
            markdown_url=twin_path(url),
            primary_color=config.primary_color,
            site_json=site_json(config, base),
            auth_enabled=config.auth is not None,
            chrome=chrome_view(self.site, base),
        )
        html = self.env.get_template("schema.html").render(page=context, schema=view)
        return url, html, schema_markdown(view), view, linked

    def _with_schema(self, page: Page, base: str, body: Rendered) -> Rendered:
        """An ``openapi-schema`` page: the schema, then the page's content."""
        found = schemaembed.find(self.site, schemaembed.wanted(page) or "")
        if found is None:
            return body  # render/scan.py reports it
        spec_name, doc, name = found
        view, _ = build_schema_page(
            self.schema_index[spec_name],
            (doc, name),
            directory=page.directory,
            site_url=self.site.config.url,
            base=base,
        )
        html = self.env.get_template("partials/schemaembed.html").render(schema=view)
        headings = [(2, "Attributes", "section-attributes"), *body.headings]
        return replace(body, html=html + body.html, headings=headings)

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
            chrome=chrome_view(self.site, base),
        )
        return self.env.get_template("callback.html").render(page=context)

    def render_404(self) -> str:
        base = "/"  # served for any missing path: asset links must be root-absolute
        index = self.nav.home()
        header = self.nav.header(index, "", base)
        # The 404 is in no section.
        header = replace(header, tabs=tuple(replace(tab, active=False) for tab in header.tabs))
        title, description_html, metatags = not_found_view(self.site.config.look, base)
        context = PageContext(
            site_name=self.site.config.name,
            title=title,
            description=None,
            description_html=description_html,
            metatags=metatags,
            base=base,
            canonical=None,
            kind="404",
            **header_fields(header),
            sidebar=(),
            sidebar_html=self.sidebar.html(index, "", base),
            breadcrumbs=(),
            primary_color=self.site.config.primary_color,
            site_json=site_json(self.site.config, base),
            auth_enabled=self.site.config.auth is not None,
            chrome=chrome_view(self.site, base),
        )
        return self.env.get_template("404.html").render(page=context)


def site_json(config: SiteConfig, base: str) -> str:
    """Site-wide data for the scripts (``data-docgen-site``): the root prefix, sign-in and
    whether the playground starts with the spec's examples (``api.examples.prefill``)."""
    auth = config.auth
    data: dict[str, Any] = {"base": base, "auth": None, "prefill": config.playground.prefill}
    if auth is not None and auth.key_spki:
        data["auth"] = {
            "loginUrl": auth.login_url,
            "algorithm": auth.key_algorithm,
            "publicKey": auth.key_spki,
            "callback": CALLBACK_PATH,
            "audience": auth.audience,
            "issuer": auth.issuer,
        }
    return json.dumps(data, separators=(",", ":"))


def _with_download(view: OperationView, base: str, spec_name: str) -> OperationView:
    return replace(view, spec_download=f"_docgen/specs/{download_name(spec_name)}")


def _with_frontmatter(
    operation: OperationView, frontmatter: dict[str, Any], description_html: str | None
) -> OperationView:
    """An operation page written as a file (``openapi: GET /x``): its ``title`` and
    ``description`` (rendered: ``description_html``) are the page's title and the line under
    it, as Mintlify shows them."""
    title, description = frontmatter.get("title"), frontmatter.get("description")
    if isinstance(title, str) and title.strip():
        operation = replace(operation, title=title.strip())
    if isinstance(description, str) and description_html:
        operation = replace(operation, summary=description.strip(), summary_html=description_html)
    return operation


def _first_sentence(text: str) -> str:
    plain = re.sub(r"[`*_#>\[\]]", "", text).strip().split("\n\n")[0].replace("\n", " ")
    return plain if len(plain) <= 200 else plain[:197] + "..."
