"""``redirects`` as files a static host serves: a small forwarding page (meta refresh, canonical
link, no script) at each literal source, and ``_redirects`` (Netlify and Cloudflare Pages read
it) with every redirect, parameters and wildcards included, 301 (permanent) or 302."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from docgen.config.model import Redirect, SiteConfig
from docgen.config.redirects import fold, is_pattern
from docgen.config.urls import scheme_of
from docgen.nav.model import Site
from docgen.nav.redirects import Forwarder
from docgen.nav.urls import output_path, redirect_path, unsafe_url
from docgen.render.markdown import site_relative
from docgen.render.navviews import base_for
from docgen.render.twins import icon_link

REDIRECTS_FILE = "_redirects"


def _page_redirects(site: Site) -> list[Redirect]:
    """The literal redirects that get a forwarding page (not a page's URL, a writable path)."""
    pages = {fold(page.url) for page in site.pages}
    return [
        r
        for r in site.config.redirects
        if not is_pattern(r.source)
        and fold(r.source) not in pages
        and unsafe_url(redirect_path(r.source), twin=False) is None
    ]


def forwards_root(site: Site) -> bool:
    """A redirect from ``/`` gets the forwarding page at the site's root: it takes the place of
    docgen's own landing redirect (a docs repo with ``{"source": "/", ...}`` says where home is)."""
    return (
        any(redirect_path(r.source) == "/" for r in _page_redirects(site))
        if site.config.redirects
        else False
    )


def redirect_paths(site: Site, *, forwarding: bool = True) -> list[str]:
    """The files :func:`redirect_files` writes (``forwarding=False``: only ``_redirects``,
    the forwarding pages being :func:`forwarding_pages`)."""
    if not site.config.redirects:
        return []
    pages = [path for _, path in forwarding_pages(site)] if forwarding else []
    return [*pages, REDIRECTS_FILE]


def forwarding_pages(site: Site) -> list[tuple[Redirect, str]]:
    """Each redirect that gets a forwarding page, and that page's output path."""
    return [(r, output_path(redirect_path(r.source))) for r in _page_redirects(site)]


def _page(redirect: Redirect, config: SiteConfig, destination: str) -> str:
    """The forwarding page at ``redirect``'s source, sending its reader to ``destination``."""
    relative = scheme_of(destination) is None
    href = (
        site_relative(destination, base_for(redirect_path(redirect.source)))
        if relative
        else destination
    )
    canonical = href if not relative else f"{config.url}{destination}" if config.url else href
    safe, canon = html.escape(href, quote=True), html.escape(canonical, quote=True)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={safe}">'
        f'<link rel="canonical" href="{canon}"><meta name="robots" content="noindex">'
        f"{icon_link(base_for(redirect_path(redirect.source)))}"
        f"<title>Moved</title></head>"
        f'<body><p>This page has moved: <a href="{safe}">{html.escape(destination)}</a></p>'
        "</body></html>\n"
    )


def _host_path(text: str, destination: bool) -> str:
    """Mintlify's ``:name*`` as the hosts write it: ``*`` in a source, ``:splat`` after."""
    out = []
    for part in text.split("/"):
        if part.startswith(":") and part.endswith("*"):
            out.append(":splat" if destination else "*")
        elif destination and "*" in part:
            out.append(part.replace("*", ":splat"))
        else:
            out.append(part)
    return "/".join(out)


def _bare(source: str, destination: str) -> tuple[str, str] | None:
    """``/docs/*`` as the line for ``/docs`` itself, with the empty splat in the destination:
    Mintlify and ``docgen serve`` match it, a host may not (its ``*`` wants the ``/``)."""
    if not source.endswith("/*") or len(source) < 3 or "*" in source[:-1] or ":" in source:
        return None
    absolute = scheme_of(destination) is not None
    head, sep, path = destination.partition("://") if absolute else ("", "", destination)
    path = re.sub(r"/{2,}", "/", path.replace(":splat", ""))
    if not absolute:
        path = path.rstrip("/") or "/"
    bare = source[:-2]
    return None if path == bare and not absolute else (bare, f"{head}{sep}{path}")


def redirects_file(redirects: tuple[Redirect, ...]) -> str:
    lines = ["# docgen: the site config's 'redirects' (read by Netlify and Cloudflare Pages)"]
    earlier = "# docgen: endpoint pages' URLs on Mintlify and by docgen's earlier rules, forwarded"
    for r in redirects:
        if r.earlier and earlier not in lines:
            lines.append(earlier)
        status = "301" if r.permanent else "302"
        source, destination = _host_path(r.source, False), _host_path(r.destination, True)
        bare = _bare(source, destination)
        if bare is not None:
            lines.append(f"{bare[0]}  {bare[1]}  {status}")
        lines.append(f"{source}  {destination}  {status}")
    return "\n".join(lines) + "\n"


def redirect_files(site: Site) -> Iterator[tuple[str, bytes]]:
    """Every forwarding page, then ``_redirects`` (nothing when there are no redirects)."""
    if not site.config.redirects:
        return
    forward = Forwarder(site.config.redirects, {fold(page.url) for page in site.pages})
    for redirect in _page_redirects(site):
        page = _page(redirect, site.config, forward(redirect))
        yield output_path(redirect_path(redirect.source)), page.encode()
    yield REDIRECTS_FILE, redirects_file(site.config.redirects).encode()
