"""One build of the site held in memory, with what the server derives from it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from docgen import report
from docgen.config.model import AuthConfig, Redirect
from docgen.diagnostics import Diagnostics
from docgen.nav.model import Site
from docgen.pipeline import config_fingerprint, run_check
from docgen.serve.policy import PAGE_POLICY, page_policy
from docgen.serve.reuse import Reuse
from docgen.serve.targets import TargetPolicy, normalise_host, parse_origin


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The rendered files (path -> bytes) and the proxy/host rules of one build."""

    files: Mapping[str, bytes]
    policy: TargetPolicy = field(default_factory=TargetPolicy)
    # The host of the config's ``url``: named in hints, answered only when the operator allows
    # it (--allow-host, DOCGEN_ALLOWED_HOSTS): content never adds Host names (security.md 19).
    hosts: frozenset[str] = frozenset()
    etags: Mapping[str, str] = field(default_factory=dict)
    auth: AuthConfig | None = None  # the site's sign-in: who may read auth-mode playground data
    redirects: tuple[Redirect, ...] = ()  # docs.json ``redirects``, answered as the host would
    page_policy: str = PAGE_POLICY  # the pages' Content-Security-Policy (serve/policy.py)

    @classmethod
    def of(cls, site: Site, files: Mapping[str, bytes]) -> Snapshot:
        etags = {path: f'"{hashlib.sha1(data).hexdigest()[:20]}"' for path, data in files.items()}
        hosts: set[str] = set()
        origin = parse_origin(site.config.url) if site.config.url else None
        if origin is not None:
            hosts.add(normalise_host(origin.host))
        return cls(
            dict(files),
            TargetPolicy.from_site(site),
            frozenset(hosts),
            etags,
            site.config.auth,
            site.config.redirects,
            page_policy(site.config.integrations),
        )


_WAITING_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>docgen: waiting for a good build</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem">
<h1 style="font-size:1.4rem">The site could not be built yet</h1>
<p>docgen is watching the docs folder: fix the errors shown below (and in the terminal) and
this page reloads by itself.</p></body></html>
"""


def waiting_snapshot() -> Snapshot:
    """What ``docgen serve`` serves while no build has succeeded yet: one page, for every path,
    saying so (the live-reload banner under it lists the errors)."""
    return Snapshot({"404.html": _WAITING_PAGE})


@dataclass(frozen=True, slots=True)
class BuildOutcome:
    """A build: the snapshot (``None`` on errors) and the diagnostics as text lines."""

    snapshot: Snapshot | None
    lines: tuple[str, ...]
    pages: int = 0
    reused: int = 0  # render results taken from the last good build (docgen.serve.reuse)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def build_snapshot(target: Path, reuse: Reuse | None = None) -> BuildOutcome:
    """Run the ``docgen build`` pipeline on ``target`` without writing anything; with
    ``reuse``, what the last good build rendered is reused where its inputs are unchanged,
    and this build is kept for the next one if it succeeds."""
    # Markdown pages report their warnings as they render: a page the last build rendered
    # is neither parsed nor rendered again (its warnings come with it).
    result = run_check(target, output_dir=None, pages_in_render=True)
    diagnostics = result.diagnostics
    if result.failed or result.site is None:
        result.scan_left_pages()
        lines = _lines(result.root, diagnostics)
        summary = report.summary(diagnostics, None)
        return BuildOutcome(None, (*lines, f"docgen: build failed ({summary})"))
    cache = None
    if reuse is not None:
        cache = reuse.cache(result.site, config_fingerprint(result.config_doc))
    rendered = result.render(cache=cache, shards=cache)
    files = {path: data for path, data in rendered if isinstance(data, bytes)}
    if diagnostics.errors:  # found as the pages rendered (link-unsafe): as docgen build fails
        summary = report.summary(diagnostics, None)
        return BuildOutcome(
            None, (*_lines(result.root, diagnostics), f"docgen: build failed ({summary})")
        )
    if reuse is not None and cache is not None:
        reuse.keep(cache, files)
    return BuildOutcome(
        Snapshot.of(result.site, files),
        tuple(_lines(result.root, diagnostics)),
        len(result.site.pages),
        cache.hits if cache is not None else 0,
    )


def _lines(root: Path, diagnostics: Diagnostics) -> Iterable[str]:
    return [report.text_line(root, d) for d in diagnostics.sorted()]
