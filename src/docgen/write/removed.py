"""Pages the previous build published that the new one no longer has. Readers' bookmarks,
other sites' links and search engines still point there and would meet the 404 page; the
build names them, so that a ``redirects`` entry can forward them (a notice, not a diagnostic:
``docgen check`` has no previous site to compare with, and removing a page may be meant)."""

from __future__ import annotations

import json
from pathlib import Path

from docgen.config.redirects import fold
from docgen.nav.model import Site
from docgen.nav.redirects import first_redirect
from docgen.write.writer import MARKER

SHOWN = 5  # URLs named in the notice; the rest are counted


def published_urls(out_dir: Path) -> list[str]:
    """The page URLs listed in the manifest of the site in ``out_dir`` (none when there is no
    site yet, or its manifest cannot be read: nothing to compare with)."""
    try:
        data = json.loads((out_dir / MARKER).read_bytes())
    except (OSError, ValueError):
        return []
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, list):
        return []
    urls = (page.get("url") for page in pages if isinstance(page, dict))
    return [url for url in urls if isinstance(url, str) and url.startswith("/")]


def gone_urls(before: list[str], site: Site) -> list[str]:
    """``before``'s URLs that are no page of ``site`` and that no redirect of it takes (the
    config's, or docgen's own forwarding of earlier endpoint URLs), in order."""
    pages = {fold(page.url) for page in site.pages}
    taken_by = first_redirect(site.config.redirects)
    return [url for url in before if fold(url) not in pages and taken_by(url) is None]


def notice(gone: list[str]) -> str:
    """One line naming the first of ``gone`` and counting the rest."""
    shown = ", ".join(gone[:SHOWN])
    more = f" and {len(gone) - SHOWN} more" if len(gone) > SHOWN else ""
    pages = (
        "page of the previous build no longer exists"
        if len(gone) == 1
        else ("pages of the previous build no longer exist")
    )
    return (
        f"docgen: note: {len(gone)} {pages}: "
        f"{shown}{more}; links and search results pointing there now get the 404 page "
        '(forward them with a "redirects" entry in docs.json)'
    )
