"""Navigation view models for one page: tabs, versions, sidebar, breadcrumbs, prev/next."""

from __future__ import annotations

from docgen.config.model import NodeKind
from docgen.nav.model import NavLink, NavSection, Page
from docgen.render.components import icon_html
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


def _sections(root: NavSection) -> list[NavSection]:
    """Top-level structural sections (tabs, versions...), or the root itself when none."""
    found = [i for i in root.items if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP]
    return found or [root]


# id(section) -> (section, its URLs); the section is kept so that an id is never reused.
_URL_SETS: dict[int, tuple[NavSection, frozenset[str]]] = {}


def urls_of(section: NavSection) -> frozenset[str]:
    """The page URLs under ``section`` (memoised: sidebars ask for every page)."""
    found = _URL_SETS.get(id(section))
    if found is None or found[0] is not section:
        found = _URL_SETS[id(section)] = (section, frozenset(section.urls()))
    return found[1]


def _contains(section: NavSection, url: str) -> bool:
    return url in urls_of(section)


class NavViews:
    """Precomputed navigation for a site; ``for_page`` gives one page's views."""

    def __init__(self, root: NavSection) -> None:
        _URL_SETS.clear()  # one site at a time: a long-lived process (serve) must not grow
        self.root = root
        self.sections = _sections(root)
        self.orders = [list(dict.fromkeys(section.urls())) for section in self.sections]
        self.positions = [{url: at for at, url in enumerate(order)} for order in self.orders]

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

    def sidebar_section(self, index: int, page_url: str) -> tuple[str, NavSection]:
        """The section whose items the sidebar shows, and a stable key naming it (``2``,
        ``2-1`` for a tab inside version 2)."""
        section = self.sections[index]
        if section.kind is NodeKind.VERSION:
            inner = [
                i
                for i in section.items
                if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP
            ]
            for number, sub in enumerate(inner):
                if _contains(sub, page_url):
                    return f"{index}-{number}", sub
        return str(index), section

    def sidebar_sections(self) -> list[tuple[str, NavSection]]:
        """Every (key, section) that :meth:`sidebar_section` can return."""
        out: list[tuple[str, NavSection]] = []
        for index, section in enumerate(self.sections):
            out.append((str(index), section))
            if section.kind is NodeKind.VERSION:
                inner = [
                    i
                    for i in section.items
                    if isinstance(i, NavSection) and i.kind is not NodeKind.GROUP
                ]
                out.extend((f"{index}-{number}", sub) for number, sub in enumerate(inner))
        return out

    def sidebar(self, index: int, page_url: str, base: str) -> tuple[NavItemView, ...]:
        _, section = self.sidebar_section(index, page_url)
        return tuple(nav_item(i, page_url, base) for i in section.items)

    def neighbours(
        self, index: int, page_url: str, titles: dict[str, str], base: str
    ) -> tuple[PageLink | None, PageLink | None]:
        order = self.orders[index]
        at = self.positions[index].get(page_url)
        if at is None:
            return None, None
        prev = order[at - 1] if at > 0 else None
        nxt = order[at + 1] if at + 1 < len(order) else None
        return (
            PageLink(titles.get(prev, prev), href(base, prev)) if prev else None,
            PageLink(titles.get(nxt, nxt), href(base, nxt)) if nxt else None,
        )


def nav_item(item: NavSection | NavLink, page_url: str, base: str) -> NavItemView:
    """The view of one sidebar entry (and its children) on the page at ``page_url``."""
    if isinstance(item, NavLink):
        return NavItemView(
            item.label,
            link_href(item, base),
            item.method,
            item.external is None and item.url == page_url,
            item.deprecated,
            tag=item.tag,
            icon_html=icon_html(item.icon) if item.icon else "",
            external=item.external is not None,
        )
    children = tuple(nav_item(i, page_url, base) for i in item.items)
    contains = page_url in urls_of(item)
    return NavItemView(
        item.label,
        None,
        None,
        False,
        False,
        children,
        item.expanded or contains or item.kind is not NodeKind.GROUP,
    )
