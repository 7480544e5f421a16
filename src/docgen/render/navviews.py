"""Navigation view models for one page: tabs, versions, sidebar, breadcrumbs, prev/next."""

from __future__ import annotations

from docgen.config.model import NodeKind
from docgen.nav.model import NavLink, NavSection, Page
from docgen.render.views import NavItemView, PageLink, TabView, VersionView


def output_path(url: str) -> str:
    """``/a/b`` -> ``a/b/index.html``; ``/`` -> ``index.html``."""
    return "index.html" if url == "/" else url.lstrip("/") + "/index.html"


def base_for(url: str) -> str:
    """Relative prefix from the page at ``url`` to the site root."""
    depth = 0 if url == "/" else url.strip("/").count("/") + 1
    return "../" * depth or "./"


def href(base: str, url: str) -> str:
    """Link from a page with ``base`` to the page at ``url`` (folder style, trailing slash)."""
    if url == "/":
        return base
    return f"{base}{url.lstrip('/')}/"


def _sections(root: NavSection) -> list[NavSection]:
    """Top-level structural sections (tabs, versions...), or the root itself when none."""
    found = [i for i in root.items if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP]
    return found or [root]


def _contains(section: NavSection, url: str) -> bool:
    return url in section.urls()


class NavViews:
    """Precomputed navigation for a site; ``for_page`` gives one page's views."""

    def __init__(self, root: NavSection) -> None:
        self.root = root
        self.sections = _sections(root)
        self.orders = [section.urls() for section in self.sections]

    def section_of(self, page: Page) -> int:
        for index, section in enumerate(self.sections):
            if _contains(section, page.url):
                return index
        return min(page.section, len(self.sections) - 1)

    def tabs_and_versions(
        self, index: int, base: str
    ) -> tuple[tuple[TabView, ...], tuple[VersionView, ...]]:
        tabs: list[TabView] = []
        versions: list[VersionView] = []
        if self.sections == [self.root]:
            return (), ()
        for number, section in enumerate(self.sections):
            first = section.first_url()
            external = section.href is not None and first == section.href
            link = first if external else href(base, first) if first else base
            if section.kind is NodeKind.VERSION:
                versions.append(VersionView(section.label, link or base, number == index))
            else:
                tabs.append(TabView(section.label, link or base, number == index, external))
        # Tabs nested in the active version become the tab bar.
        active = self.sections[index]
        if active.kind is NodeKind.VERSION:
            inner = [
                i
                for i in active.items
                if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP
            ]
            if inner:
                tabs = []
                for section in inner:
                    first = section.first_url()
                    tabs.append(TabView(section.label, href(base, first) if first else base, False))
        return tuple(tabs), tuple(versions)

    def sidebar(self, index: int, page_url: str, base: str) -> tuple[NavItemView, ...]:
        section = self.sections[index]
        if section.kind is NodeKind.VERSION:
            inner = [
                i
                for i in section.items
                if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP
            ]
            for sub in inner:
                if _contains(sub, page_url):
                    section = sub
                    break
        return tuple(_item(i, page_url, base) for i in section.items)

    def neighbours(
        self, index: int, page_url: str, titles: dict[str, str], base: str
    ) -> tuple[PageLink | None, PageLink | None]:
        order = list(dict.fromkeys(self.orders[index]))
        if page_url not in order:
            return None, None
        at = order.index(page_url)
        prev = order[at - 1] if at > 0 else None
        nxt = order[at + 1] if at + 1 < len(order) else None
        return (
            PageLink(titles.get(prev, prev), href(base, prev)) if prev else None,
            PageLink(titles.get(nxt, nxt), href(base, nxt)) if nxt else None,
        )


def _item(item: NavSection | NavLink, page_url: str, base: str) -> NavItemView:
    if isinstance(item, NavLink):
        return NavItemView(
            item.label, href(base, item.url), item.method, item.url == page_url, item.deprecated
        )
    children = tuple(_item(i, page_url, base) for i in item.items)
    contains = page_url in item.urls()
    return NavItemView(
        item.label,
        None,
        None,
        False,
        False,
        children,
        item.expanded or contains or item.kind is not NodeKind.GROUP,
    )
