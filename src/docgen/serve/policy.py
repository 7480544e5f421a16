"""The ``Content-Security-Policy`` of what ``docgen serve`` answers: an SVG opened on its own
runs no script and loads nothing (``sandbox``), whatever a pull request drew in it; a page runs
only the site's own scripts (no inline script, ``on*`` handler or ``javascript:`` URL), with
WebAssembly for Pagefind's search."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from docgen.config.model import Integrations

SVG_POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src data:; sandbox"
)
_PAGE_REST = "object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
PAGE_POLICY = f"script-src 'self' 'wasm-unsafe-eval'; {_PAGE_REST}"


# A script source written into the header: an origin and nothing else (no ';', ',', quote or
# space a config value could use to add a directive).
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?")


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    return origin if _ORIGIN.fullmatch(origin) else None


def integration_sources(integrations: Integrations) -> list[str]:
    """The origins the configured integrations load their scripts from (as
    ``_docgen/integrations.js`` loads them), and no other."""
    urls = []
    if integrations.ga4:
        urls.append("https://www.googletagmanager.com")
    if integrations.posthog:
        host = integrations.posthog[1]
        urls += [host, host.replace(".i.posthog.com", "-assets.i.posthog.com")]
    if integrations.plausible:
        urls.append("https://" + integrations.plausible[1])
    if integrations.fathom:
        urls.append("https://cdn.usefathom.com")
    return sorted({origin for url in urls if (origin := _origin(url))})


def page_policy(integrations: Integrations) -> str:
    """The policy of the site's pages: with docs.json ``integrations``, scripts load from those
    integrations' own hosts too; Google Tag Manager runs the inline scripts and the scripts of
    any host its container holds, so with it, scripts are not restricted."""
    if integrations.gtm:
        return _PAGE_REST
    if sources := integration_sources(integrations):
        return f"script-src 'self' 'wasm-unsafe-eval' {' '.join(sources)}; {_PAGE_REST}"
    return PAGE_POLICY


def policy_for(content_type: bytes, page: str) -> bytes | None:
    """The policy of a response of ``content_type`` (``page``: the site's page policy)."""
    kind = content_type.split(b";", 1)[0].strip().lower()
    if kind == b"image/svg+xml":
        return SVG_POLICY.encode()
    if kind == b"text/html":
        return page.encode()
    return None
