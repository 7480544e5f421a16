"""``redirects`` against the site's pages: a source that is a page replaces that page (a
warning: Mintlify applies redirects before pages), a literal source that cannot be a file is an
error, and a redirect that leads to another redirect is a warning naming the chain (a loop is
an error: a browser would never arrive)."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from urllib.parse import unquote

from docgen.config.model import Redirect
from docgen.config.redirects import fold, is_pattern, match, substitute
from docgen.config.urls import scheme_of
from docgen.diagnostics import Code, Diagnostics, Location, close_matches
from docgen.load.source import SourceDocument
from docgen.nav.model import Site
from docgen.nav.urls import redirect_path, shortened, twin_path, unsafe_url

MAX_HOPS = 20


def _sample(source: str) -> str:
    """A path ``source`` matches: each parameter or wildcard filled with a word."""
    out = []
    for part in source.split("/"):
        if part.startswith(":"):
            out.append(part[1:].rstrip("*") or "x")
        else:
            out.append(part.replace("*", "x"))
    return "/".join(out)


def _target(destination: str) -> str | None:
    """The site path a destination leads to, or ``None`` when it leaves the site."""
    if scheme_of(destination) is not None or destination.startswith("//"):
        return None
    path = destination.split("#", 1)[0].split("?", 1)[0]
    return path if path.startswith("/") else "/" + path


class _First:
    """The first redirect (in config order) whose source matches a path: literal sources
    looked up by their folded path, so following every redirect of a long chain does not
    compare each hop with every source."""

    def __init__(self, redirects: tuple[Redirect, ...]) -> None:
        self.literal: dict[str, int] = {}
        # Patterns by the first folder their source names in full ('/docs/:slug*': docs), the
        # others apart: a path is matched only against those that may match it (500 patterns
        # against each hop of 9,500 chained redirects took minutes).
        self.by_folder: dict[str, list[tuple[int, Redirect]]] = {}
        self.anywhere: list[tuple[int, Redirect]] = []
        self.redirects = redirects
        self.seen: dict[str, Redirect | None] = {}
        for index, redirect in enumerate(redirects):
            if is_pattern(redirect.source):
                folder = _first_folder(redirect.source)
                group = self.anywhere if folder is None else self.by_folder.setdefault(folder, [])
                group.append((index, redirect))
            else:
                self.literal.setdefault(fold(redirect.source), index)

    def __call__(self, path: str) -> Redirect | None:
        if path not in self.seen:  # the hops of chains that share their ends, matched once
            self.seen[path] = self._first(path)
        return self.seen[path]

    def _first(self, path: str) -> Redirect | None:
        found = self.literal.get(fold(path), len(self.redirects))
        folder = path.split("/", 2)[1] if path.startswith("/") else None
        named = self.by_folder.get(folder, []) if folder is not None else []
        for index, redirect in heapq.merge(self.anywhere, named, key=lambda item: item[0]):
            if index >= found:
                break
            if match(redirect.source, path) is not None:
                return redirect
        return self.redirects[found] if found < len(self.redirects) else None


def first_redirect(redirects: tuple[Redirect, ...]) -> Callable[[str], Redirect | None]:
    """The first of ``redirects`` (in config order) whose source matches a path, if any."""
    return _First(redirects)


def _first_folder(source: str) -> str | None:
    """The first folder of every path the pattern ``source`` matches, when its literal start
    names it in full (``/docs/:slug*``, ``/docs/*``: ``docs``); else None (``/:lang/x``,
    ``/doc*``). Patterns match paths as written (letter case counts)."""
    lead = source[: min(i for i in (source.find(":"), source.find("*")) if i != -1)]
    if not lead.startswith("/") or "/" not in lead[1:]:
        return None
    return lead[1:].split("/", 1)[0]


def _follow(redirect: Redirect, first: _First, pages: set[str]) -> list[str]:
    """The paths a reader passes through from ``redirect``'s source (first is the source)."""
    path = _sample(redirect.source)
    trail = [path]
    current: Redirect | None = redirect
    while current is not None and len(trail) <= MAX_HOPS:
        params = match(current.source, path)
        target = _target(substitute(current.destination, params or {}))
        if target is None:
            break
        trail.append(target)
        if fold(target) in pages or fold(target) in {fold(p) for p in trail[:-1]}:
            break
        path = target
        current = first(path)
    return trail


def _named(site: Site, source: str) -> str:
    """The page at ``source`` as its author knows it: its file, else its operation."""
    page = next(p for p in site.pages if fold(p.url) == fold(source))
    if page.source is not None:
        return f"{page.source!r}"
    if page.operation is not None:
        return f"{page.operation.method.upper()} {page.operation.path} ({page.operation.spec})"
    return f"{page.url!r}"


def check_redirects(site: Site, doc: SourceDocument | None, diagnostics: Diagnostics) -> None:
    """Report redirects that collide with pages, cannot be written, chain or loop."""
    redirects = site.config.redirects
    if not redirects:
        return
    pages = {fold(page.url) for page in site.pages}

    def where(redirect: Redirect, key: str) -> Location | None:
        return doc.location(f"{redirect.pointer}/{key}") if doc is not None else None

    # ``/qStash`` -> ``/qstash``: docgen matches paths without case (as Mintlify's own pages
    # are found), so such a redirect would lead to itself; Mintlify deploys it, so it is left
    # out with a warning rather than refused as a loop.
    # ``/development.md`` -> ``/development``: the source is the page's Markdown twin, a file
    # docgen writes there (Mintlify serves a page's Markdown there too): the twin is kept.
    twins = {fold(twin_path(page.url)): page.url for page in site.pages}
    kept = []
    for redirect in redirects:
        literal = not is_pattern(redirect.source)
        twin_of = twins.get(fold(redirect_path(redirect.source).lstrip("/"))) if literal else None
        if twin_of is not None:
            diagnostics.warning(
                Code.REDIRECT_CONFLICT,
                f"redirect source {redirect.source!r} is the Markdown version of the page "
                f"{twin_of!r}, which docgen writes there; the redirect is left out",
                where(redirect, "source"),
            )
            continue
        target = _target(redirect.destination) if literal else None
        if target is not None and fold(target) == fold(redirect.source):
            diagnostics.warning(
                Code.REDIRECT_LOOP,
                f"redirect {redirect.source!r} -> {redirect.destination!r} only changes letter "
                "case or a trailing '/', which docgen's URLs ignore: it would lead to itself; "
                "left out",
                where(redirect, "destination"),
            )
            continue
        kept.append(redirect)
    if len(kept) != len(redirects):
        redirects = tuple(kept)
        site.config = replace(site.config, redirects=redirects)

    usable = []
    replaced: set[str] = set()
    for redirect in redirects:
        if not is_pattern(redirect.source):
            if fold(redirect.source) in pages and _case_only(site, redirect.source):
                # Next.js would keep both (its paths are case-sensitive); docgen's URLs ignore
                # case, so the forwarding page would take the page's place under another name.
                diagnostics.warning(
                    Code.REDIRECT_CONFLICT,
                    f"redirect source {redirect.source!r} differs from the page "
                    f"{_named(site, redirect.source)} only in letter case, which docgen's URLs "
                    "ignore; the redirect is left out and the page kept",
                    where(redirect, "source"),
                )
                continue
            if fold(redirect.source) in pages and fold(redirect.source) not in replaced:
                # Mintlify (Next.js) applies a redirect before it looks for a page.
                replaced.add(fold(redirect.source))
                diagnostics.warning(
                    Code.REDIRECT_CONFLICT,
                    f"redirect source {redirect.source!r} is also the page "
                    f"{_named(site, redirect.source)}: the redirect wins, as on Mintlify, and "
                    "the page is not built; remove the redirect or the page",
                    where(redirect, "source"),
                )
            problem = unsafe_url(redirect_path(redirect.source), twin=False)
            if problem is not None:
                diagnostics.error(
                    Code.REDIRECT_INVALID,
                    f"redirect source {shortened(redirect.source, 200)!r} cannot be written: "
                    f"{problem}",
                    where(redirect, "source"),
                )
                continue
        usable.append(redirect)
    if replaced:
        site.pages = [page for page in site.pages if fold(page.url) not in replaced]
        pages -= replaced
    first = _First(redirects)
    prefix = _hosting_prefix(redirects, pages)
    indexed = _Pages(pages)
    for redirect in usable:
        trail = _follow(redirect, first, pages)
        shown = " -> ".join(trail)
        if fold(trail[-1]) in {fold(p) for p in trail[:-1]}:
            diagnostics.error(
                Code.REDIRECT_LOOP,
                f"redirect {redirect.source!r} loops: {shown}",
                where(redirect, "destination"),
            )
        elif len(trail) > MAX_HOPS:
            diagnostics.error(
                Code.REDIRECT_LOOP,
                f"redirect {redirect.source!r} passes more than {MAX_HOPS} redirects",
                where(redirect, "destination"),
            )
        else:
            if len(trail) > 2:
                diagnostics.warning(
                    Code.REDIRECT_LOOP,
                    f"redirect {redirect.source!r} leads to another redirect: {shown}; point "
                    "it at the last one's destination",
                    where(redirect, "destination"),
                )
            # A pattern's trail is a sample path's; a trail that stops at a redirect left the
            # site there.
            ended = is_pattern(redirect.source) or first(trail[-1]) is not None
            missing = None if ended else _missing_page(trail[-1], indexed, prefix)
            if missing is not None:
                diagnostics.warning(
                    Code.LINK_NOT_FOUND,
                    f"redirect {redirect.source!r} leads to {redirect.destination!r}: {missing}",
                    where(redirect, "destination"),
                )


def _hosting_prefix(redirects: tuple[Redirect, ...], pages: set[str]) -> str | None:
    """The folder a site's redirects are written under when it is hosted at a subpath
    (``/docs/...`` for example.com/docs): the first folder of at least half of the literal
    sources and of the site destinations (three or more), that no page has."""
    sources = [r.source for r in redirects if not is_pattern(r.source)]
    targets = [t for t in (_target(r.destination) for r in redirects) if t is not None]
    if len(sources) < 3 or len(targets) < 3:
        return None
    firsts = Counter(fold(source).strip("/").split("/", 1)[0] for source in sources)
    folder = "/" + firsts.most_common(1)[0][0]
    if folder == "/" or any(p == fold(folder) or p.startswith(fold(folder) + "/") for p in pages):
        return None
    if all(
        2 * sum(fold(x).startswith(fold(folder) + "/") for x in group) >= len(group)
        for group in (sources, targets)
    ):
        return folder
    return None


def _missing_page(target: str, pages: set[str], prefix: str | None = None) -> str | None:
    """What is wrong with a redirect's last destination on the site, ``target``, when it is
    a page path (its last part has no file extension) that no page has, also without the
    hosting ``prefix`` (:func:`_hosting_prefix`); else ``None``."""
    path = unquote(target)
    if is_pattern(path) or "." in path.rstrip("/").rsplit("/", 1)[-1]:
        return None  # filled in from the request, or a file (the site's own or the host's)
    if path.rstrip("/") in ("", "/") or fold(path) in pages:
        return None
    if prefix is not None and fold(path).startswith(fold(prefix) + "/"):
        path = path[len(prefix) :]
        if fold(path) in pages:
            return None
    return f"the site has no page at '{path}'{_moved_to(fold(path), pages)}"


class _Pages(set[str]):
    """The site's page URLs (folded), sorted and by their last part once, for the hints of
    every missing destination."""

    def __init__(self, pages: set[str]) -> None:
        super().__init__(pages)
        self.ordered = sorted(pages)
        self.named: dict[str, list[str]] = {}
        for page in self.ordered:
            self.named.setdefault(page.rsplit("/", 1)[-1], []).append(page)


def _moved_to(path: str, pages: set[str]) -> str:
    """A did-you-mean for a missing page: one with the same last part (a page moved into
    another folder), else a path alike whose last part is alike too."""
    known = pages if isinstance(pages, _Pages) else _Pages(pages)
    name = path.rsplit("/", 1)[-1]
    same = known.named.get(name, [])
    close = same or close_matches(path, known.ordered, n=1, cutoff=0.75)
    if close and (same or close_matches(name, [close[0].rsplit("/", 1)[-1]], cutoff=0.6)):
        return f"; did you mean '{close[0]}'?"
    return ""


def _case_only(site: Site, source: str) -> bool:
    """Whether the literal ``source`` names a page of ``site`` in other letter case."""
    path = redirect_path(source).rstrip("/") or "/"
    return all(page.url != path for page in site.pages if fold(page.url) == fold(path))


class Forwarder:
    """Where a forwarding page sends its reader: the redirect's destination followed through
    every redirect it leads to, up to a page or a path no redirect takes. A static host has no
    page at a pattern's source (``/latest/:slug*``), so a reader sent to ``/latest/tools`` by a
    forwarding page would land on its 404 page; Mintlify follows the chain, one hop a request."""

    def __init__(self, redirects: tuple[Redirect, ...], pages: set[str]) -> None:
        self.first = _First(redirects)
        self.pages = pages  # folded page URLs

    def __call__(self, redirect: Redirect) -> str:
        destination = redirect.destination
        seen = {fold(redirect_path(redirect.source))}
        for _ in range(MAX_HOPS):
            path = _target(destination)
            if path is None or fold(path) in self.pages or fold(path) in seen:
                break
            seen.add(fold(path))
            following = self.first(path)
            if following is None:
                break
            onward = substitute(following.destination, match(following.source, path) or {})
            fragment = destination.partition("#")[2]  # kept, as a browser keeps it on a hop
            destination = onward if not fragment or "#" in onward else f"{onward}#{fragment}"
        return destination
