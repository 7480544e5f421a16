"""The site-wide files: search index, manifest, ``llms.txt``, ``sitemap.xml`` and the theme's
assets (pages themselves are rendered by :mod:`docgen.render.page`)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from xml.sax.saxutils import escape as xml_escape

from docgen.nav.model import NavSection, Page, Site
from docgen.nav.repocss import REPO_CSS
from docgen.nav.urls import twin_path
from docgen.render import diagrams, twins, utilities
from docgen.render.chrome import SITE_CSS, site_css
from docgen.render.eyebrows import said_once
from docgen.render.navviews import NavViews
from docgen.render.page import CALLBACK_PATH, Output, RenderedPage
from docgen.render.redirects import forwards_root, redirect_paths
from docgen.render.searchindex import SearchEntry
from docgen.render.searchshards import SHARDS, WORDS
from docgen.render.sidebar import Sidebar
from docgen.render.sprite import SPRITE
from docgen.render.templates import templates_dir
from docgen.spec.model import download_name

MANIFEST = "_docgen/manifest.json"
ASSETS = (
    "docgen.css",
    "docgen.js",
    "theme.js",
    "favicon.svg",
    "playground.css",
    "playground.js",
    "components.css",
    "components.js",
    "auth.js",
    "integrations.js",
)


def boosts(root: NavSection) -> dict[str, float]:
    """Page URL -> the ``boost`` of its nearest navigation ancestor that sets one."""
    found: dict[str, float] = {}

    def walk(section: NavSection) -> None:
        for item in section.items:
            if isinstance(item, NavSection):
                walk(item)
            elif section.boost is not None:
                found.setdefault(item.url, section.boost)
        if section.root is not None and section.boost is not None:
            found.setdefault(section.root.url, section.boost)

    walk(root)
    return found


def search_entry(
    page: Page,
    document: str,
    inherited: dict[str, float] | None = None,
    languages: tuple[str, ...] = (),
    versions: tuple[str, ...] = (),
    version: str | None = None,
) -> SearchEntry | None:
    """What the search index reads for ``page``; None for a page never indexed (hidden or
    noindex). ``boost`` (frontmatter, else ``inherited`` from the navigation: :func:`boosts`)
    weights the page's words; ``languages``: the languages whose readers find it (the
    ``language`` filter of a site in several); ``versions`` likewise (``version``: its own,
    left out of its section line as its language is)."""
    if not page.indexed:
        return None
    op = page.operation
    method = None if op is None else ("HOOK" if op.webhook else op.method)
    path = op.path if op is not None else None
    own = page.frontmatter.get("boost")
    weight = (inherited or {}).get(page.url)
    if isinstance(own, int | float) and not isinstance(own, bool):
        weight = float(own)  # frontmatter wins over the navigation (Mintlify's rule)
    trail = page.nav
    if len(languages) == 1 and trail[:1] == languages:
        trail = trail[1:]  # its language: the reader searches that language only
    if version is not None:
        trail = tuple(part for part in trail if part != version)  # likewise
    crumbs = " › ".join(said_once(trail))
    op_id = op.operation_id if op is not None else None
    return SearchEntry(page.url, document, crumbs, method, path, weight, languages, op_id, versions)


def sitemap(site: Site, extra: Sequence[str] = ()) -> str | None:
    """``sitemap.xml`` (sites with a ``url``): visible pages and the ``extra`` URLs."""
    if not site.config.url:
        return None
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]
    every = site.config.look.index_all  # seo.indexing "all": hidden pages too (not noindex ones)
    urls = [
        page.url for page in site.pages if page.indexed or (every and not page.meta.noindex)
    ] + list(extra)
    for url in sorted(urls):
        loc = site.config.url + (url if url != "/" else "/")
        lines.append(f"  <url><loc>{xml_escape(loc)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def manifest(site: Site, rendered: list[RenderedPage], schemas: Sequence[Output] = ()) -> str:
    anchors = {item.page.url: list(item.anchors) for item in rendered}
    records = site.records()
    for record in records:
        if record["operation"] is not None:
            record["anchors"] = anchors.get(str(record["url"]), [])
    data: dict[str, object] = {
        "generator": "docgen",
        "name": site.config.name,
        "url": site.config.url,
        "pages": records,
    }
    remote: list[dict[str, object]] = [
        {"url": spec.name, "sha256": spec.remote_sha256}
        for spec in site.specs.values()
        if spec.remote_sha256 is not None
    ]
    if remote:
        data["remoteSpecs"] = remote  # the exact copy each https:// spec was built from
    if schemas:
        data["schemas"] = [
            {"url": s.url, "name": s.title, "anchors": list(s.anchors)} for s in schemas
        ]
    if site.static:
        data["static"] = [item.name for item in site.static]  # copied from the docs folder
    return _lines_json(data)


def _lines_json(data: dict[str, object]) -> str:
    """``data`` as JSON with each top-level key, and each item of a top-level list, on a line
    of its own: as easy to read and diff as ``indent=2`` (a page per line), and written by
    json's C encoder, which ``indent`` never uses (Microsoft Graph's manifest: 0.52 s and
    36.8 MB indented; 0.33 s and 29.6 MB this way)."""

    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n    ".join(map(dump, value))
            lines.append(f"  {dump(key)}: [\n    {items}\n  ]")
        else:
            lines.append(f"  {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def llms_txt(site: Site, rendered: list[RenderedPage], schemas: Sequence[Output]) -> str:
    """``llms.txt``: the visible pages by section, then the shared schema pages."""
    text = twins.llms_txt(site, [r.page for r in rendered])
    if not schemas:
        return text
    root = site.config.url or ""
    lines = ["", "## Schemas", ""]
    lines += [f"- [{s.title}]({root}/{twin_path(s.url)})" for s in schemas]
    return text + "\n".join(lines) + "\n"


def asset_files() -> Iterator[tuple[str, bytes]]:
    folder = templates_dir() / "assets"
    for name in ASSETS:
        path = folder / name
        if path.is_file():
            yield f"_docgen/{name}", path.read_bytes()


def own_llms_txt(site: Site) -> bool:
    """Whether the docs folder has its own ``llms.txt`` at the root, which is published in
    place of the generated one (as Mintlify does)."""
    return any(item.name == "llms.txt" for item in site.static)


def site_file_paths(site: Site, *, forwarding: bool = True) -> list[str]:
    """Every file :func:`docgen.render.site.iter_site` writes besides the pages, the shared
    schema pages and the search index's bundles (under ``_docgen/pagefind*/``);
    ``forwarding=False``: without the redirects' forwarding pages."""
    paths: list[str] = []
    if (
        not any(page.url == "/" for page in site.pages)
        and any(not page.hidden for page in site.pages)
        and not forwards_root(site)
    ):
        paths.append("index.html")
    paths.append("404.html")
    paths += Sidebar(NavViews(site.navigation)).data_paths()
    if site.config.auth is not None:
        paths.append(CALLBACK_PATH + "index.html")
    paths += [SPRITE, WORDS, SHARDS, MANIFEST]
    if not own_llms_txt(site):
        paths.append("llms.txt")
    if site.config.url:
        paths.append("sitemap.xml")
    for spec in site.specs.values():
        paths += [f"_docgen/specs/{download_name(name)}" for name in spec.documents]
    paths += [f"_docgen/{name}" for name in ASSETS]
    if diagrams.wanted(site):
        paths += diagrams.file_paths()
    paths += redirect_paths(site, forwarding=forwarding)
    if site_css(site) is not None:
        paths.append(SITE_CSS)
    if utilities.wanted(site):
        paths.append(utilities.OUTPUT)
    if site.styles is not None:
        paths.append(REPO_CSS)
    return paths
