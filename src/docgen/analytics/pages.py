"""The pages of a built site (its ``_docgen/manifest.json``) and every request path that is one
of them: ``/x``, ``/x/``, ``/x/index.html`` and the Markdown twin ``/x.md`` are all ``/x``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote, urlsplit

from docgen.exceptions import SiteError

MANIFEST = "_docgen/manifest.json"
_SLASHES = re.compile("/{2,}")


def page_urls(manifest: bytes | str, where: str = MANIFEST) -> list[str]:
    """The ``url`` of every page listed in a manifest's text."""
    try:
        data = json.loads(manifest)
    except (ValueError, UnicodeDecodeError):
        raise SiteError(f"{where}: not valid JSON; rebuild the site with docgen build") from None
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, list):
        raise SiteError(f"{where}: no 'pages' list; is this a docgen site?")
    urls = [p["url"] for p in pages if isinstance(p, dict) and isinstance(p.get("url"), str)]
    return [u for u in urls if u.startswith("/")]


def site_pages(site: Path) -> list[str]:
    """The page URLs of the site built in ``site``."""
    manifest = site / MANIFEST
    if not manifest.is_file():
        raise SiteError(
            f"{site}: no {MANIFEST}: give the folder docgen build wrote with --site "
            "(default: _site)"
        )
    try:
        return page_urls(manifest.read_bytes(), str(manifest))
    except OSError as exc:
        raise SiteError(f"{manifest}: cannot read: {exc.strerror}") from None


def published_folder(site: Path) -> str:
    """The URL folder of the site's published ``url`` (``https://example.com/docs``: ``/docs``),
    ``""`` when it has none or the manifest cannot say."""
    try:
        data = json.loads((site / MANIFEST).read_bytes())
        url = data.get("url") if isinstance(data, dict) else None
        return base_folder(urlsplit(url).path) if isinstance(url, str) else ""
    except (OSError, ValueError):
        return ""


def variants(urls: Iterable[str], folder: str = "") -> dict[str, str]:
    """Every request path that counts as a page -> the page's URL; with ``folder`` (the
    site served under ``/docs``: :func:`base_folder`), the paths under it."""
    mapping: dict[str, str] = {}
    for url in urls:
        base = url.rstrip("/")
        forms = (
            ["/", "/index.html", "/index.md"]
            if base == ""
            else [base, base + "/", base + "/index.html", base + ".md"]
        )
        if folder:
            forms = [folder + form for form in forms] + ([folder] if base == "" else [])
        for form in forms:
            mapping.setdefault(form, url)
            mapping.setdefault(quote(form, safe="/"), url)
    return mapping


def base_folder(value: str) -> str:
    """The URL folder a site is served under (``/docs``, ``docs/``) as ``/docs``; ``""`` for
    the root. ``ValueError`` for what no path is (a query, a fragment, a scheme)."""
    text = value.strip()
    if any(c in text for c in "?#\\") or "://" in text or any(ord(c) < 32 for c in text):
        raise ValueError(f"--base: {value!r} is no URL folder; give its path, e.g. /docs")
    return merged("/" + text.strip("/")).rstrip("/")


def merged(path: str) -> str:
    """``path`` with repeated slashes merged and one leading ``/`` (``//guides//x`` is
    ``/guides/x``), as nginx serves it; the import does the same in SQL (``parse_sql._MERGED``)."""
    return "/" + _SLASHES.sub("/", path).lstrip("/") if "//" in path else path
