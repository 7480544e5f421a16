"""Navigation view models for one page: the switchers and tabs above it, its sidebar,
prev/next.

The structural elements (languages, versions, tabs, anchors, dropdowns, products, menu items)
form a tree whose *leaves* carry sidebars. A page belongs to the first leaf whose pages hold
it; the path from the root to that leaf says what the header shows: each level of siblings on
the way is drawn as a language switcher, a version switcher, the tab bar (the first other
level) or, deeper, a row of links at the top of the sidebar. ``global`` links of the root and
of every element on the path are drawn too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docgen.config.model import GlobalLink, Look, NodeKind
from docgen.nav.model import NavLink, NavSection, Page
from docgen.render.eyebrows import group_names, said_once
from docgen.render.icons import FONTAWESOME, icon
from docgen.render.langnames import language_name
from docgen.render.markdown import site_relative
from docgen.render.views import NavItemView, PageLink, TabView, VersionView


def base_for(url: str) -> str:
    """Relative prefix from the page at ``url`` to the site root."""
    depth = 0 if url == "/" else url.strip("/").count("/") + 1
    return "../" * depth or "./"


def href(base: str, url: str) -> str:
    """Link from a page with ``base`` to the page at ``url`` (folder style, trailing slash)."""
    if url == "/":
        return base
    return f"{base}{url.lstrip('/')}/"


def link_href(link: NavLink, base: str) -> str:
    """Where a sidebar link goes: its page, or the frontmatter ``url`` it stands for."""
    if link.external is None:
        return href(base, link.url)
    if link.external.startswith("/") and not link.external.startswith("//"):
        return site_relative(link.external, base)
    return link.external


# id(section) -> (section, its URLs); the section is kept so that an id is never reused.
_URL_SETS: dict[int, tuple[NavSection, frozenset[str]]] = {}


def urls_of(section: NavSection) -> frozenset[str]:
    """The page URLs under ``section`` (memoised: sidebars ask for every page)."""
    found = _URL_SETS.get(id(section))
    if found is None or found[0] is not section:
        found = _URL_SETS[id(section)] = (section, frozenset(section.urls()))
    return found[1]


def _structural(section: NavSection) -> list[NavSection]:
    return [i for i in section.items if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP]


def _shown_urls(section: NavSection) -> list[str]:
    """The page URLs of ``section`` in order, without those of hidden elements (prev/next)."""
    out = [section.root.url] if section.root is not None else []
    for item in section.items:
        if isinstance(item, NavLink):
            if item.external is None:
                out.append(item.url)
        elif not item.hidden:
            out.extend(_shown_urls(item))
    return out


def _preferred(children: list[NavSection]) -> NavSection:
    """The child a reader lands on: the one marked ``default``, else the first shown that
    holds pages (one that only links out, a menu's external item say, is passed over)."""
    shown = [c for c in children if not c.hidden] or children
    inside = [c for c in shown if c.href is None] or shown
    return next((c for c in inside if c.default), inside[0])


@dataclass(frozen=True, slots=True)
class Header:
    """What a page shows around its sidebar (links relative to the page)."""

    languages: tuple[VersionView, ...] = ()
    versions: tuple[VersionView, ...] = ()
    tabs: tuple[TabView, ...] = ()
    sidenav: tuple[tuple[TabView, ...], ...] = ()  # deeper levels, at the top of the sidebar
    anchors: tuple[TabView, ...] = ()  # ``global`` links other than tabs
    lang: str = "en"


class NavViews:
    """Precomputed navigation for a site; a page's views come from its leaf's index."""

    def __init__(self, root: NavSection, icons: str = FONTAWESOME) -> None:
        _URL_SETS.clear()  # one site at a time: a long-lived process (serve) must not grow
        self.root = root
        self.icons = icons  # the icon library (docs.json icons.library)
        self.paths: list[tuple[int, ...]] = []  # each leaf as child numbers from the root
        self.chains: list[tuple[NavSection, ...]] = []  # the sections on that path
        self._leaves(root, (), ())
        self.sections = [chain[-1] if chain else root for chain in self.chains]
        self.orders = [list(dict.fromkeys(_shown_urls(section))) for section in self.sections]
        self.positions = [{url: at for at, url in enumerate(order)} for order in self.orders]
        self._owner: dict[str, int] = {}
        for index, section in enumerate(self.sections):
            for url in section.urls():
                self._owner.setdefault(url, index)
        self.groups = group_names(root)  # page URL -> its innermost group's name
        top = _structural(root)
        self._languages = [s for s in top if s.kind is NodeKind.LANGUAGE]
        self._prefixes = {id(s): _prefix(s) for s in self._languages}

    def _leaves(
        self, section: NavSection, path: tuple[int, ...], chain: tuple[NavSection, ...]
    ) -> None:
        children = _structural(section)
        if not children:
            self.paths.append(path)
            self.chains.append(chain)
            return
        for number, child in enumerate(children):
            self._leaves(child, (*path, number), (*chain, child))

    def key(self, index: int) -> str:
        """A stable name of a leaf (``2``, ``2-1`` for the second tab inside version 2)."""
        return "-".join(map(str, self.paths[index])) or "0"

    def eyebrow(self, url: str, look: Look) -> str | None:
        """The group name shown above the page's title (docs.json ``styling.eyebrows``
        ``section``, the default), or ``None`` for the whole trail (``breadcrumbs``)."""
        return None if look.eyebrows == "breadcrumbs" else self.groups.get(url, "")

    def section_of(self, page: Page) -> int:
        found = self._owner.get(page.url)
        if found is not None:
            return found
        # Outside the navigation: the leaf a reader would land on in its top-level section
        # (the language whose code starts its URL, for a site in several languages).
        top = _structural(self.root)
        if not top:
            return 0
        first = page.url.strip("/").split("/")[0].lower()
        start = next((s for s in self._languages if s.label.lower() == first), None)
        if start is None:
            start = top[min(page.section, len(top) - 1)]
        return self.landing(start)

    def languages(self) -> tuple[str, ...]:
        """The codes of the site's languages (``navigation.languages``), in order; () for a
        site in one language."""
        found = (s.label for chain in self.chains for s in chain if s.kind is NodeKind.LANGUAGE)
        return tuple(dict.fromkeys(found))

    def language_of(self, page: Page) -> str | None:
        """The code of the language ``page`` belongs to (its ``<html lang>``), or None."""
        chain = self.chains[self.section_of(page)] if self.chains else ()
        return next((s.label for s in chain if s.kind is NodeKind.LANGUAGE), None)

    def version_filters(self, page: Page) -> tuple[str, ...]:
        """The versions whose readers find ``page`` in search (its Pagefind ``version``
        filter): its own version, plus every version label that its own switcher does not
        offer (a reader of "v2" still finds the pages of a tab whose versions are named
        otherwise); every label for a page in no version; () on a site without versions."""
        labels = self.version_labels()
        if not labels:
            return ()
        chain = self.chains[self.section_of(page)] if self.chains else ()
        parent = self.root
        for section in chain:
            if section.kind is NodeKind.VERSION:
                offered = {s.label for s in _structural(parent)}
                return (section.label, *(v for v in labels if v not in offered))
            parent = section
        return labels

    def version_of(self, page: Page) -> str | None:
        """The label of the version ``page`` belongs to, or None."""
        chain = self.chains[self.section_of(page)] if self.chains else ()
        return next((s.label for s in chain if s.kind is NodeKind.VERSION), None)

    def version_labels(self) -> tuple[str, ...]:
        """The labels of the site's versions, in order; () for a site without."""
        found = (s.label for chain in self.chains for s in chain if s.kind is NodeKind.VERSION)
        return tuple(dict.fromkeys(found))

    def landing(self, section: NavSection) -> int:
        """The leaf a reader lands on in ``section`` (``default`` children first)."""
        while children := _structural(section):
            section = _preferred(children)
        return next((i for i, s in enumerate(self.sections) if s is section), 0)

    def home(self) -> int:
        """The leaf the site root leads to: the default language/version/... at each level."""
        return self.landing(self.root)

    def label(self, index: int) -> str | None:
        chain = self.chains[index]
        return chain[-1].label if chain else None

    def header(self, index: int, page_url: str, base: str) -> Header:
        chain = self.chains[index]
        languages: list[VersionView] = []
        versions: list[VersionView] = []
        tabs: list[TabView] = []
        sidenav: list[tuple[TabView, ...]] = []
        parent = self.root
        for section in chain:
            siblings = [s for s in _structural(parent) if not s.hidden or s is section]
            if section.kind is NodeKind.LANGUAGE:
                languages = [
                    VersionView(
                        language_name(s.label),
                        self._switch(s, section, page_url, base),
                        s is section,
                    )
                    for s in siblings
                ]
            elif section.kind is NodeKind.VERSION:
                versions = [
                    VersionView(s.label, self._entry(s, base)[0], s is section, _tag_of(s))
                    for s in siblings
                ]
            else:
                level = tuple(self._tab(s, s is section, base, page_url) for s in siblings)
                if all(not view.label.strip() and not view.icon_html for view in level):
                    pass  # tabs named " " (to show no tab bar on Mintlify): nothing to click
                elif not tabs:
                    tabs = list(level)
                else:
                    sidenav.append(level)
            parent = section
        anchors: list[TabView] = []
        for link in self._globals(chain):
            shown = icon(link.icon, self.icons, link.icon_style, base=base) if link.icon else ""
            view = TabView(link.label, link.href, False, True, shown)
            (tabs if link.kind is NodeKind.TAB else anchors).append(view)
        lang = next((s.label for s in chain if s.kind is NodeKind.LANGUAGE), "en")
        return Header(
            tuple(languages), tuple(versions), tuple(tabs), tuple(sidenav), tuple(anchors), lang
        )

    def _globals(self, chain: tuple[NavSection, ...]) -> list[GlobalLink]:
        seen: dict[tuple[str, str], GlobalLink] = {}
        for section in (self.root, *chain):
            for link in section.global_links:
                seen.setdefault((link.label, link.href), link)
        return list(seen.values())

    def _entry(self, section: NavSection, base: str) -> tuple[str, bool]:
        """The link to ``section`` (its landing page), and whether it leads off the site."""
        while children := _structural(section):
            section = _preferred(children)
        first = section.first_url()
        if section.href is not None and first == section.href:
            return section.href, True
        return (href(base, first) if first else base), False

    def _tab(self, section: NavSection, active: bool, base: str, page_url: str) -> TabView:
        url, external = self._entry(section, base)
        mark = section_icon(section, base, self.icons)
        here = active and not external and bool(page_url) and url == href(base, page_url)
        return TabView(section.label, url, active, external, mark, section.description or "", here)

    def _switch(self, target: NavSection, current: NavSection, page_url: str, base: str) -> str:
        """The same page in the language ``target`` when it has one, else its landing page."""
        if target is current and page_url:
            return href(base, page_url)
        here, there = self._prefixes[id(current)], self._prefixes[id(target)]
        if page_url == here or page_url.startswith(here + "/"):
            rest = page_url[len(here) :] or "/"
            candidate = (there + rest if rest != "/" else there) or "/"
            if candidate in urls_of(target):
                return href(base, candidate)
        return self._entry(target, base)[0]

    def sidebar_section(self, index: int, page_url: str) -> tuple[str, NavSection]:
        """The section whose items the sidebar shows, and a stable key naming it."""
        return self.key(index), self.sections[index]

    def sidebar_sections(self) -> list[tuple[str, NavSection]]:
        """Every (key, section) that :meth:`sidebar_section` can return."""
        return [(self.key(index), section) for index, section in enumerate(self.sections)]

    def neighbours(
        self, index: int, page_url: str, titles: dict[str, str], base: str
    ) -> tuple[PageLink | None, PageLink | None]:
        order = self.orders[index]
        at = self.positions[index].get(page_url)
        if at is None:
            return None, None
        # A URL a redirect took over (nav/redirects.py) is in the sidebar but is no page.
        before = (order[i] for i in range(at - 1, -1, -1))
        prev = next((u for u in before if u in titles), None)
        nxt = next((order[i] for i in range(at + 1, len(order)) if order[i] in titles), None)
        return (
            PageLink(titles.get(prev, prev), href(base, prev)) if prev else None,
            PageLink(titles.get(nxt, nxt), href(base, nxt)) if nxt else None,
        )


def _tag_of(version: NavSection) -> str | None:
    """A version's ``tag``, unless it only repeats the name (``Edge`` tagged ``Edge``)."""
    tag = version.tag
    return tag if tag and tag.casefold() != version.label.casefold() else None


def _prefix(language: NavSection) -> str:
    """The URL prefix of a language's pages: ``/fr`` when most live under it, else the
    site root (Mintlify's default language usually has no prefix)."""
    code = "/" + language.label
    urls = urls_of(language)
    inside = sum(1 for u in urls if u == code or u.startswith(code + "/"))
    if urls and inside * 2 > len(urls):
        return code
    return ""


def header_fields(header: Header) -> dict[str, Any]:
    """The :class:`PageContext` fields of a page's header (switchers, tabs, global links)."""
    return {
        "tabs": header.tabs,
        "versions": header.versions,
        "languages": header.languages,
        "sidenav": header.sidenav,
        "anchors": header.anchors,
        "lang": header.lang,
    }


def section_icon(section: NavSection, base: str, icons: str = FONTAWESOME) -> str:
    """The markup of a tab's or group's ``icon`` (``""`` when it has none)."""
    name, style = section.icon
    return icon(name, icons, style, base=base) if name else ""


def nav_item(
    item: NavSection | NavLink, page_url: str, base: str, icons: str = FONTAWESOME
) -> NavItemView:
    """The view of one sidebar entry (and its children) on the page at ``page_url``."""
    if isinstance(item, NavLink):
        return NavItemView(
            item.label,
            link_href(item, base),
            item.method,
            item.external is None and item.url == page_url,
            item.deprecated,
            tag=item.tag,
            icon_html=icon(item.icon, icons, base=base) if item.icon else "",
            external=item.external is not None,
        )
    root = item.root
    # The group's title links to its root page: a root also listed among its pages (as
    # firecrawl's config does) is not shown a second time.
    children = tuple(
        nav_item(i, page_url, base, icons)
        for i in item.items
        if not (isinstance(i, NavSection) and i.hidden)
        and not (root is not None and isinstance(i, NavLink) and i.url == root.url)
    )
    contains = page_url in urls_of(item)
    return NavItemView(
        item.label,
        href(base, root.url) if root is not None else None,
        None,
        root is not None and root.url == page_url,
        False,
        children,
        item.expanded or contains or item.kind is not NodeKind.GROUP,
        tag=item.tag,
        icon_html=section_icon(item, base, icons),
    )


def crumbs(trail: tuple[str, ...], header: Header, section: str | None = None) -> tuple[str, ...]:
    """What the page shows above its title (docs.json ``styling.eyebrows``): ``section``, the
    name of its group (Mintlify's default; "" for none), or, when ``None``, its navigation
    trail without its language and version (their switchers show them)."""
    if section is not None:
        return (section,) if section else ()
    if header.languages and trail and trail[0] == header.lang:
        trail = trail[1:]
    version = next((v.label for v in header.versions if v.active), None)
    if version is not None and trail and trail[0] == version:
        trail = trail[1:]
    return said_once(trail)
