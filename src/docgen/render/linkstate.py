"""Whether a page's link to a path of the site arrives: a page, a redirect's source, or the URL a
page had on Mintlify or by docgen's earlier rules (:mod:`docgen.nav.earlier`), which the link
is pointed at the page itself for (a repo written for Mintlify links to Mintlify's URLs)."""

from __future__ import annotations

from docgen.config.model import Redirect
from docgen.config.redirects import fold, match

FORWARD = "forward:"  # a link_state: the link names a page's earlier or Mintlify URL


def link_state(urls: frozenset[str], redirects: tuple[Redirect, ...], path: str) -> str:
    """ "page" when a link to the site path ``path`` arrives (a page, or a redirect's source);
    ``FORWARD`` + the page's URL when it names the URL a page had on Mintlify or by docgen's
    earlier rules (the link is pointed at the page itself); else "missing"."""
    folded = fold(path)
    if folded in urls or path == "/":
        return "page"
    page = _forwards(redirects).get(folded)
    if page is not None:
        return FORWARD + page
    if any(not r.earlier and match(r.source, path) is not None for r in redirects):
        return "page"
    return "missing"


_forwarding: list[tuple[tuple[Redirect, ...], dict[str, str]]] = []


def _forwards(redirects: tuple[Redirect, ...]) -> dict[str, str]:
    """docgen's own forwards among ``redirects`` (folded source -> page URL), worked out once
    per tuple of redirects: every link of every page asks."""
    if not _forwarding or _forwarding[0][0] is not redirects:
        found = {fold(r.source): r.destination for r in redirects if r.earlier}
        _forwarding[:] = [(redirects, found)]
    return _forwarding[0][1]
