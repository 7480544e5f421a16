"""The site chrome a page shows: docs.json ``navbar`` links and button, ``footer`` socials and
link columns. Only http(s), mailto, tel and relative URLs are kept (others are dropped);
root-relative ones are made page-relative like every other link."""

from __future__ import annotations

from docgen.config.model import Chrome, ChromeLink
from docgen.render.markdown import safe_url, site_relative
from docgen.render.views import ChromeView


def _pairs(links: tuple[ChromeLink, ...], base: str) -> tuple[tuple[str, str], ...]:
    out = []
    for link in links:
        if not link.href or not safe_url(link.href):
            continue
        href = link.href
        if href.startswith("/") and not href.startswith("//"):
            href = site_relative(href, base)
        out.append((link.label, href))
    return tuple(out)


def chrome_view(chrome: Chrome, base: str) -> ChromeView | None:
    """What the page template shows, or None when docs.json has no navbar or footer."""
    primary = _pairs((chrome.navbar_primary,), base) if chrome.navbar_primary else ()
    view = ChromeView(
        links=_pairs(chrome.navbar_links, base),
        primary=primary[0] if primary else None,
        socials=_pairs(chrome.socials, base),
        columns=tuple((head, _pairs(items, base)) for head, items in chrome.footer_columns),
    )
    return view if view != ChromeView() else None
