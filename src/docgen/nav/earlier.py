"""Forwarding from the URLs docgen gave endpoint pages before it followed Mintlify's rule: until
2026-11-27 a summary or tag was cut into words at its capitals and the tag's ``x-displayName``
named it (:func:`~docgen.nav.slugs.slugify`: ``Get filterableAttributes`` ->
``get-filterable-attributes``), then for a day a spaced dash was one hyphen and ``{...}`` kept
its words (:func:`~docgen.nav.slugs.earlier_name_slug`: ``/api/client-api-display/...`` is now
``/api/client-api--display/...``). Sites built then were bookmarked and indexed there. Each
such URL that no page, redirect or other earlier URL takes gets a redirect of docgen's own to
the page (a forwarding page and a ``_redirects`` line, as a config redirect
gets; ``docgen serve`` answers it too). So does the URL Mintlify gives the page
(:mod:`docgen.nav.mintlify_urls`: ``customer_portal/...``, ``get-users``, ``list-1``), for a
site moving from Mintlify, when docgen may write it (:func:`~docgen.nav.slugs.writable_part`:
not ``users-&-groups``). A link of the site's own pages to it stays a ``link-not-found``: it
should name the page."""

from __future__ import annotations

from dataclasses import replace

from docgen.config.model import SPEC_ONLY, Redirect
from docgen.config.redirects import fold
from docgen.nav.mintlify_urls import mintlify_page_urls
from docgen.nav.model import Site
from docgen.nav.redirects import first_redirect
from docgen.nav.slugs import earlier_name_slug, operation_slugs, slugify, writable_part

Slugs = dict[tuple[str, str, bool], str]
# docgen's earlier rules for a summary or tag name, and whether a tag's x-displayName named it.
_EARLIER_RULES = ((slugify, True), (earlier_name_slug, False))


def earlier_urls(site: Site) -> dict[str, str]:
    """Each generated endpoint page's earlier or Mintlify's URL that differs from its URL and
    that nothing of the site takes, mapped to the page's URL (one two pages had: left out)."""
    pages = {fold(page.url) for page in site.pages}
    on_mintlify = site.config.source_format != SPEC_ONLY  # a lone spec never had Mintlify's URLs
    taken_by = first_redirect(site.config.redirects)
    maps: dict[str, tuple[Slugs, list[Slugs]]] = {}
    mintlify: dict[tuple[str, str], dict[tuple[str, str, bool], str]] = {}
    found: dict[str, tuple[str, str] | None] = {}
    for page in site.pages:
        op = page.operation
        spec = site.specs.get(op.spec) if op is not None else None
        if op is None or spec is None or page.source is not None or page.directory is None:
            continue
        if spec.name not in maps:
            earlier = [operation_slugs(spec, rule, labels) for rule, labels in _EARLIER_RULES]
            maps[spec.name] = (operation_slugs(spec), earlier)
        key = (op.method, op.path, op.webhook)
        now, earlier = maps[spec.name]
        if key not in now or page.url != f"/{page.directory}/{now[key]}":
            continue  # an x-mint href gives the page its URL: no rule ever did
        olds = [f"/{page.directory}/{slugs.get(key, now[key])}" for slugs in earlier]
        if on_mintlify:
            if (spec.name, page.directory) not in mintlify:
                mintlify[spec.name, page.directory] = mintlify_page_urls(spec, page.directory)
            theirs = mintlify[spec.name, page.directory].get(key)
            if theirs is not None and all(map(writable_part, theirs[1:].split("/"))):
                olds.append(theirs)
        for old in olds:
            folded = fold(old)
            if folded in pages or taken_by(old) is not None:
                continue  # the page there, or the config's redirect, wins
            if folded in found and found[folded] != (old, page.url):
                found[folded] = None  # two pages had it: neither is forwarded
            elif folded not in found:
                found[folded] = (old, page.url)
    return dict(pair for pair in found.values() if pair is not None)


def add_earlier_redirects(site: Site) -> None:
    """Append the redirects of :func:`earlier_urls` to the site's (after the config's)."""
    forwards = tuple(
        Redirect(old, url, permanent=True, pointer="", earlier=True)
        for old, url in earlier_urls(site).items()
    )
    if forwards:
        site.config = replace(site.config, redirects=(*site.config.redirects, *forwards))
