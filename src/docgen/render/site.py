"""Render a resolved :class:`~docgen.nav.model.Site` into output files (path -> bytes): every
page (in worker processes for big sites, reusing a cache's results), the shared schema pages
they link to, then the site-wide files.

Nothing here writes to disk: :mod:`docgen.write` does that with what this returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import partial
from typing import Protocol

from docgen.diagnostics import Code, Diagnostics
from docgen.nav.model import Site
from docgen.nav.repocss import REPO_CSS
from docgen.nav.urls import output_path, playground_path, twin_path
from docgen.render import diagrams, icons, sprite, twins
from docgen.render.artefacts import (
    MANIFEST,
    asset_files,
    boosts,
    llms_txt,
    manifest,
    own_llms_txt,
    search_entry,
    sitemap,
)
from docgen.render.chrome import SITE_CSS, site_css
from docgen.render.navviews import base_for, href
from docgen.render.page import CALLBACK_PATH, Job, Output, RenderedPage, SchemaJob, SiteRenderer
from docgen.render.pageclasses import repo_css
from docgen.render.parallel import Workers, worker_count
from docgen.render.redirects import forwards_root, redirect_files
from docgen.render.searchindex import SearchEntry
from docgen.render.searchshards import ShardCache, ShardedIndex
from docgen.render.sink import Placed, Sink
from docgen.render.sprite import SPRITE
from docgen.render.utilities import OUTPUT as UTILITIES_CSS
from docgen.render.utilities import UtilityStyles
from docgen.spec.model import download_name


class JobCache(Protocol):
    """Results of earlier builds (``docgen.write.pagecache``), reused for unchanged jobs."""

    def has(self, job: Job) -> bool:
        """Whether ``lookup`` will most likely find ``job`` (cheap)."""
        ...

    def lookup(self, job: Job, sink: Sink | None = None) -> Output | None:
        """``job``'s previous output; with a ``sink``, its files may be put in place through
        it (hard-linked from the previous site: ``Output.placed``) instead of read."""
        ...

    def store(self, job: Job, output: Output) -> None: ...

    def flush(self) -> None:
        """Finish what :meth:`store` left for later (called once the pages are rendered,
        while Pagefind writes the last search bundle and this process would only wait)."""
        ...


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
    files = iter_site(site, diagnostics, progress, jobs=jobs, cache=cache)
    return {path: content for path, content in files if isinstance(content, bytes)}


def _outputs(
    renderer: SiteRenderer,
    workers: Workers[Job, Output],
    jobs: list[Job],
    cache: JobCache | None,
    fresh: list[Job],
    sink: Sink | None = None,
) -> Iterator[Output]:
    """The outputs of ``jobs`` in order: ``fresh`` ones from the workers, the others from
    ``cache`` (rendered here after all when the cache no longer has them; with a ``sink``,
    their files are put in place through it)."""
    rendered = workers.map(fresh)
    pending = set(fresh)
    for job in jobs:
        if job in pending:
            found = next(rendered)
        else:
            reused = cache.lookup(job, sink) if cache is not None else None
            if reused is not None:
                yield reused
                continue
            found = renderer.run(job)
        if cache is not None and not any(d.code is Code.ASSET_NOT_FOUND for d in found.diagnostics):
            # (An asset warning's wording depends on files outside the job's key: not kept.)
            cache.store(job, found)
        yield found


def _spilled(run: Callable[[Job], Output], sink: Sink, job: Job) -> Output:
    """``run(job)`` with its page files put in place by ``sink`` here (in the worker)."""
    out = run(job)
    files = [(output_path(out.url), out.html), (twin_path(out.url), out.markdown)]
    if out.playground:
        files.append((playground_path(out.url), out.playground))
    placed = tuple((path, sink.place(path, content)) for path, content in files)
    return replace(out, html=b"", markdown=b"", playground=b"", placed=placed)


def _files(out: Output, with_playground: bool = True) -> Iterator[tuple[str, bytes | Placed]]:
    """The page files of ``out``: their bytes, or where a worker put them."""
    if out.placed:
        for path, kept in out.placed:
            yield path, Placed(kept)
        return
    yield output_path(out.url), out.html
    yield twin_path(out.url), out.markdown
    if with_playground and out.playground:
        yield playground_path(out.url), out.playground


class _Reach:
    """The languages and versions of the pages that show each shared schema page, directly or
    through the schema pages they link to."""

    def __init__(self) -> None:
        self.languages: dict[SchemaJob, set[str]] = {}
        self.versions: dict[SchemaJob, set[str]] = {}
        self.links: dict[SchemaJob, frozenset[SchemaJob]] = {}

    def add(
        self, jobs: Iterable[SchemaJob], languages: Iterable[str], versions: Iterable[str]
    ) -> bool:
        """Whether this added a language or version to one of ``jobs``."""
        grew = False
        for job in jobs:
            for have, more in ((self.languages, languages), (self.versions, versions)):
                known = have.setdefault(job, set())
                grew |= not known.issuperset(more)
                known.update(more)
        return grew

    def link(self, job: SchemaJob, jobs: Iterable[SchemaJob]) -> None:
        self.links[job] = frozenset(jobs)

    def spread(self) -> tuple[dict[SchemaJob, set[str]], dict[SchemaJob, set[str]]]:
        grew = True
        while grew:
            grew = False
            for job, targets in self.links.items():
                languages = self.languages.get(job, set())
                grew |= self.add(targets, languages, self.versions.get(job, set()))
        return self.languages, self.versions


def _kept(labels: tuple[str, ...], wanted: set[str] | None) -> tuple[str, ...]:
    """``labels`` that are in ``wanted`` (all of them when it holds none)."""
    kept = tuple(label for label in labels if label in (wanted or ()))
    return kept or labels


def iter_site(
    site: Site,
    diagnostics: Diagnostics,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int | None = None,
    cache: JobCache | None = None,
    shards: ShardCache | None = None,
    sink: Sink | None = None,
    report_pages: bool = False,
) -> Iterator[tuple[str, bytes | Placed]]:
    """Every output file of the site as (path relative to the output folder, bytes), each
    as soon as it is ready, so a caller can write them without holding the whole site.
    The search index is built alongside (:mod:`docgen.render.searchshards`; its shards that
    ``shards`` still has from the previous build are reused).

    Pages render in ``jobs`` processes (default: ``$DOCGEN_JOBS``, else every core; small sites
    render in-process); the output does not depend on it. Jobs that ``cache`` has are not
    rendered again. With a ``sink``, what renders puts its page files in place itself, and
    :class:`~docgen.render.sink.Placed` stands in for their bytes. ``report_pages``: the
    Markdown pages' warnings join ``diagnostics`` as they render (the check did not scan them).
    """
    renderer = SiteRenderer(site, diagnostics, report_pages)
    total = len(site.pages)
    page_jobs: list[Job] = list(range(total))
    fresh = [job for job in page_jobs if cache is None or not cache.has(job)]
    count = worker_count(jobs, len(fresh))
    if count > 1:
        renderer.warm_up()
    rendered: list[RenderedPage] = []
    wanted: set[SchemaJob] = set()
    drawn: set[str] = set()  # the sprite's symbols the pages draw (render/sprite.py)
    done: dict[SchemaJob, Output] = {}
    # Pagefind starts with the first shard, after the workers are forked; it indexes each
    # shard while the next pages render, and no document is kept once it has it.
    search = ShardedIndex(shards, sink)
    inherited = boosts(site.navigation)  # navigation ``boost``s, for search_entry
    # A site in several languages: each page is found in its own language, a page in none
    # of them in every one, and a shared schema page in those of the pages that show it.
    # Versions likewise.
    codes = renderer.nav.languages()
    every = renderer.nav.version_labels()
    reach = _Reach()
    work = renderer.run if sink is None else partial(_spilled, renderer.run, sink)
    styles = UtilityStyles.start(site)  # the Tailwind CLI runs beside the rendering
    try:
        with search, Workers(work, count) as workers:
            outputs = _outputs(renderer, workers, page_jobs, cache, fresh, sink)
            for number, (page, out) in enumerate(zip(site.pages, outputs, strict=True), 1):
                yield from _files(out)
                for diagnostic in out.diagnostics:
                    diagnostics.add(diagnostic)
                own = renderer.nav.language_of(page) if codes else None
                versions = renderer.nav.version_filters(page) if every else ()
                version = renderer.nav.version_of(page) if every else None
                entry = search_entry(
                    page, out.search, inherited, (own,) if own else codes, versions, version
                )
                if entry is not None:
                    yield from search.add(entry)
                reach.add(out.schemas, (own,) if own else codes, versions or every)
                rendered.append(RenderedPage(page, "", "", out.anchors, "", out.schemas))
                wanted.update(out.schemas)
                drawn.update(out.icons)
                if progress is not None:
                    progress(number, total)
            # Shared schema pages, and the schemas those link to, until none is missing.
            while pending := sorted(wanted - done.keys()):
                schema_jobs = list[Job](pending)
                fresh = [job for job in schema_jobs if cache is None or not cache.has(job)]
                outputs = _outputs(renderer, workers, schema_jobs, cache, fresh, sink)
                for job, out in zip(pending, outputs, strict=True):
                    yield from _files(out, with_playground=False)
                    for diagnostic in out.diagnostics:
                        diagnostics.add(diagnostic)
                    done[job] = replace(out, html=b"", markdown=b"")
                    wanted.update(out.schemas)
                    drawn.update(out.icons)
                    reach.link(job, out.schemas)
            workers.close()  # idle from here on: their memory goes back before Pagefind writes
            shown_in, shown_at = reach.spread()
            yield from search.add_all(
                SearchEntry(
                    o.url,
                    o.search,
                    "Schemas",
                    languages=_kept(codes, shown_in.get(job)),
                    versions=_kept(every, shown_at.get(job)),
                    headings=False,
                )
                for job, o in sorted(done.items(), key=lambda item: item[1].url)
            )
            schemas = sorted(done.values(), key=lambda out: out.url)
            schemas = [replace(out, search="") for out in schemas]
            done.clear()
            # Pagefind writes the last bundle while the site-wide files are made here.
            yield from search.end_shard()
            yield from _site_files(site, renderer, rendered, schemas, drawn)
            yield from _utility_files(styles, diagnostics)
            if cache is not None:
                cache.flush()
            yield from search.finish()
    finally:
        if styles is not None:
            styles.close()


def _utility_files(
    styles: UtilityStyles | None, diagnostics: Diagnostics
) -> Iterator[tuple[str, bytes]]:
    """``_docgen/utilities.css`` when a page writes a class (see :mod:`docgen.render.utilities`);
    without the CLI's stylesheet, a comment saying why, and an ``info``."""
    if styles is None:
        return
    styles.finish()
    if styles.css is None:
        why = styles.problem or "no stylesheet"
        diagnostics.info(
            Code.STYLES_SKIPPED,
            f"the pages' Tailwind classes are not styled: {why}; the site is built without them",
        )
        yield UTILITIES_CSS, f"/* Not generated: {why} */\n".encode()
        return
    yield UTILITIES_CSS, styles.css.encode()


def _site_files(
    site: Site,
    renderer: SiteRenderer,
    rendered: list[RenderedPage],
    schemas: list[Output],
    drawn: set[str],
) -> Iterator[tuple[str, bytes]]:
    """The files that are not pages: landing redirect, 404, navigation data, the icons'
    sprite, manifest, llms.txt, sitemap, spec downloads, redirects, assets, the site's CSS and
    static files."""
    if not any(page.url == "/" for page in site.pages) and not forwards_root(site):
        # The landing page of the default language/version/tab, else the first page.
        first_url = renderer.nav.sections[renderer.nav.home()].first_url()
        if first_url is None or site.page(first_url) is None:
            first = next((p for p in site.pages if not p.hidden), None)
            first_url = first.url if first is not None else None
        if first_url is not None:
            yield "index.html", twins.redirect_html(href("./", first_url)).encode()
    # The 404 page is served at any depth: root-absolute; the navigation data root-relative
    # (docgen.js prefixes the page's base).
    html, used = sprite.link(renderer.render_404(), "/")
    yield "404.html", html.encode()
    drawn.update(used)
    for path, data in renderer.sidebar.data_files():
        text, used = sprite.link(data.decode(), "")
        yield path, text.encode()
        drawn.update(used)
    if site.config.auth is not None:
        html, used = sprite.link(
            renderer.render_callback(), base_for("/" + CALLBACK_PATH.rstrip("/"))
        )
        yield CALLBACK_PATH + "index.html", html.encode()
        drawn.update(used)
    yield SPRITE, sprite.document(drawn, icons.drawing)
    yield MANIFEST, manifest(site, rendered, schemas).encode()
    if not own_llms_txt(site):  # else the docs folder's own is copied below
        yield "llms.txt", llms_txt(site, rendered, schemas).encode()
    map_text = sitemap(site, [out.url for out in schemas])
    if map_text is not None:
        yield "sitemap.xml", map_text.encode()
    for spec in site.specs.values():
        for name, document in spec.documents.items():
            yield f"_docgen/specs/{download_name(name)}", document.text.encode()
    yield from redirect_files(site)
    yield from asset_files()
    if diagrams.wanted(site):
        yield from diagrams.files()
    css = site_css(site)
    if css is not None:
        yield SITE_CSS, css.encode()
    if site.styles is not None:
        yield REPO_CSS, repo_css(site.styles.text).encode("utf-8", "replace")
    for item in site.static:
        yield item.name, item.path.read_bytes()
