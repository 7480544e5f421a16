"""The ``Content-Security-Policy`` of what ``docgen serve`` answers: an SVG opened on its own
runs no script and loads nothing (``sandbox``), whatever a pull request drew in it; a page runs
only the site's own scripts (no inline script, ``on*`` handler or ``javascript:`` URL), with
WebAssembly for Pagefind's search."""

from __future__ import annotations

from docgen.config.model import Integrations

SVG_POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src data:; sandbox"
)
_PAGE_REST = "object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
PAGE_POLICY = f"script-src 'self' 'wasm-unsafe-eval'; {_PAGE_REST}"


def page_policy(integrations: Integrations) -> str:
    """The policy of the site's pages: with docs.json ``integrations``, their scripts load from
    their own hosts (``https:``); Google Tag Manager runs the inline scripts its container
    holds, so with it, scripts are not restricted."""
    if integrations.gtm:
        return _PAGE_REST
    if integrations:
        return f"script-src 'self' 'wasm-unsafe-eval' https:; {_PAGE_REST}"
    return PAGE_POLICY


def policy_for(content_type: bytes, page: str) -> bytes | None:
    """The policy of a response of ``content_type`` (``page``: the site's page policy)."""
    kind = content_type.split(b";", 1)[0].strip().lower()
    if kind == b"image/svg+xml":
        return SVG_POLICY.encode()
    if kind == b"text/html":
        return page.encode()
    return None
