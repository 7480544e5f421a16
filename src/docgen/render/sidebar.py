"""Sidebar HTML, rendered once per navigation entry and link depth and reused on every page.
In a big section, all but the entry holding the page is rendered once per such entry, and the
group template gets each run of links as one string.

A section of up to :data:`LAZY_LINKS` links is inlined whole, as it always was. A bigger one
inlines its group headings and the current page's group only (long lists show a window of
:data:`WINDOW` links around the current page); docgen.js fetches the other groups from
``_docgen/nav/<key>.json`` (written once, :meth:`Sidebar.data_files`) when the reader opens
one. Every page keeps working navigation without JavaScript: a left-out group links to its
first page, where that group is inlined.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from docgen.nav.model import NavLink, NavSection
from docgen.render.icons import icon
from docgen.render.navviews import (
    NavViews,
    href,
    link_href,
    nav_item,
    section_icon,
    urls_of,
)
from docgen.render.sidebarviews import (
    Entry,
    GroupView,
    LinkView,
    MoreView,
    RenderedLink,
    node_data,
)
from docgen.render.templates import environment

LAZY_LINKS = 150  # a section with more links than this gets the lazy sidebar
LIST_MAX = 60  # a list with more entries than this shows a window around the current page
WINDOW = 40  # entries in that window
NAV_DIR = "_docgen/nav"
_HOLE = Markup("\x00sidebar-entry\x00")  # where a page's own entry goes in a cached sidebar


def _first_link(section: NavSection) -> NavLink | None:
    for item in section.items:
        found = item if isinstance(item, NavLink) else _first_link(item)
        if found is not None:
            return found
    return None


def _rooted(section: NavSection, base: str, page_url: str) -> dict[str, Any]:
    """The root-page fields of a :class:`GroupView` of ``section`` (none without a root)."""
    if section.root is None:
        return {}
    return {"root_url": href(base, section.root.url), "root_active": section.root.url == page_url}


def _listed(section: NavSection, item: NavSection | NavLink) -> bool:
    """Whether ``item`` of ``section`` is drawn: hidden groups are not, nor a link to the
    root page the group's title already links to (as :func:`navviews.nav_item`)."""
    if isinstance(item, NavSection):
        return not item.hidden
    return section.root is None or item.url != section.root.url


def _contains(item: NavSection | NavLink, page_url: str) -> bool:
    if isinstance(item, NavLink):
        return item.url == page_url
    return page_url in urls_of(item)


class Sidebar:
    """The sidebar of every page of one site, with per-(entry, depth) caching."""

    def __init__(self, nav: NavViews) -> None:
        self.nav = nav
        self.macros: Any = environment().get_template("partials/nav.html").module
        self._cache: dict[tuple[int, str], Markup] = {}
        self._links: dict[tuple[int, str], RenderedLink] = {}
        self._open: dict[tuple[int, str, str], str] = {}
        self._owners: dict[int, dict[str, int]] = {}
        self._shared: dict[int, frozenset[str]] = {}
        self._frames: dict[tuple[int, int | None, str], tuple[str, str]] = {}
        self._separator: str | None = None

    def _child_holding(self, section: NavSection, page_url: str) -> int | None:
        """The number of the entry of ``section`` that is or holds ``page_url`` (a lookup:
        a group may have thousands of entries)."""
        found = self._owners.get(id(section))
        if found is None:
            owners: dict[str, int] = {}
            shared: set[str] = set()
            for number, item in enumerate(section.items):
                for url in [item.url] if isinstance(item, NavLink) else urls_of(item):
                    if owners.setdefault(url, number) != number:
                        shared.add(url)
            found = self._owners[id(section)] = owners
            self._shared[id(section)] = frozenset(shared)
        return found.get(page_url)

    def is_lazy(self, section: NavSection) -> bool:
        return len(urls_of(section)) > LAZY_LINKS

    def html(self, index: int, page_url: str, base: str, near: str | None = None) -> str:
        """The sidebar of the page at ``page_url`` (``base`` leads to the site root); a page
        outside the navigation shows the sidebar of the page at ``near``."""
        key, section = self.nav.sidebar_section(index, near or page_url)
        if not self.is_lazy(section):
            shown = [i for i in section.items if not (isinstance(i, NavSection) and i.hidden)]
            parts = [self._full(item, page_url, base) for item in shown]
            return str(self.macros.root(parts))
        items = section.items
        active = self._child_holding(section, page_url)
        # Only the entry holding the page differs between the pages under one entry: the
        # rest is rendered once (unless the page is listed under two entries).
        if page_url in self._shared[id(section)]:
            return self._lazy_root(key, section, active, page_url, base)
        cache_key = (id(section), active, base)
        frame = self._frames.get(cache_key)
        if frame is None:
            text = self._lazy_root(key, section, active, None, base)
            if text.count(_HOLE) != (active is not None):  # a label holding the marker
                return self._lazy_root(key, section, active, page_url, base)
            head, _, tail = text.partition(_HOLE)
            frame = self._frames[cache_key] = (head, tail)
        if active is None:
            return frame[0]
        entry = str(self._lazy_top(items[active], str(active), page_url, base))
        return frame[0] + entry + frame[1]

    def _lazy_root(
        self, key: str, section: NavSection, active: int | None, page_url: str | None, base: str
    ) -> str:
        """The sidebar of a big section around its entry ``active``; with no ``page_url``,
        :data:`_HOLE` stands for that entry (the others do not hold the page)."""
        items = section.items
        parts = []
        for number in _window(len(items), active):
            if not isinstance(number, int):
                parts.append(Markup(self.macros.lazy_more(_more(number, items, base))))
            elif page_url is None and number == active:
                parts.append(_HOLE)
            elif not _listed(section, items[number]):
                continue
            else:
                parts.append(self._lazy_top(items[number], str(number), page_url or "", base))
        return str(self.macros.root(parts, f"{NAV_DIR}/{key}.json"))

    # -- small sections: everything inline -------------------------------------------------

    def _full(self, item: NavSection | NavLink, page_url: str, base: str) -> Markup:
        if _contains(item, page_url):
            return Markup(self.macros.top_item(nav_item(item, page_url, base, self.nav.icons)))
        cache_key = (id(item), base)
        found = self._cache.get(cache_key)
        if found is None:
            found = self._cache[cache_key] = Markup(
                self.macros.top_item(nav_item(item, "", base, self.nav.icons))
            )
        return found

    # -- big sections: headings, the current group, the rest on demand ---------------------

    def _lazy_top(self, item: NavSection | NavLink, key: str, page_url: str, base: str) -> Markup:
        if isinstance(item, NavLink):
            return self._full(item, page_url, base)
        if _contains(item, page_url):
            flat = self._flat(item, key, page_url, base)
            if flat is not None:
                return flat
            return Markup(self.macros.lazy_section(self._group(item, key, page_url, base)))
        cache_key = (id(item), base)
        found = self._cache.get(cache_key)
        if found is None:
            view = self._group(item, key, "", base)
            found = self._cache[cache_key] = Markup(self.macros.lazy_section(view))
        return found

    def _flat(self, section: NavSection, key: str, page_url: str, base: str) -> Markup | None:
        """The open group of ``page_url`` when it is a short list of links: rendered once per
        depth, then the page's own link marked current (the same bytes as rendering it)."""
        items = section.items
        if len(items) > LIST_MAX or not all(isinstance(i, NavLink) for i in items):
            return None
        if section.root is not None and section.root.url == page_url:
            return None  # the group's own link is the current one
        cache_key = (id(section), key, base)
        found = self._open.get(cache_key)
        if found is None:
            view = self._open_view(section, key, "", base)
            found = self._open[cache_key] = str(self.macros.lazy_section(view))
        for link in items:
            if isinstance(link, NavLink) and link.url == page_url and link.external is None:
                plain = str(self._link(link, base, False).html)
                found = found.replace(plain, str(self._link(link, base, True).html))
        return Markup(found)

    def _open_view(self, section: NavSection, key: str, page_url: str, base: str) -> GroupView:
        """``section`` drawn open, its entries listed (``page_url``: the current page)."""
        mark = self._icon(section, base)  # before its entries' icons, as ever
        return GroupView(
            section.label,
            key,
            True,
            len(urls_of(section)),
            self._entries(section, key, page_url, base),
            icon_html=mark,
            tag=section.tag,
            **_rooted(section, base, page_url),
        )

    def _group(self, section: NavSection, key: str, page_url: str, base: str) -> GroupView:
        if _contains(section, page_url) or (section.expanded and key.count(".")):
            return self._open_view(section, key, page_url, base)
        count = len(urls_of(section))
        mark = self._icon(section, base)
        first = _first_link(section)
        url = href(base, first.url) if first is not None else base
        return GroupView(
            section.label,
            key,
            False,
            count,
            pending=True,
            url=url,
            icon_html=mark,
            tag=section.tag,
            **_rooted(section, base, page_url),
        )

    def _icon(self, section: NavSection, base: str) -> str:
        return section_icon(section, base, self.nav.icons)

    def _entries(
        self, section: NavSection, key: str, page_url: str, base: str
    ) -> tuple[Entry, ...]:
        items = section.items
        active = self._child_holding(section, page_url)
        out: list[Entry] = []
        for number in _window(len(items), active):
            if not isinstance(number, int):
                out.append(_more(number, items, base))
                continue
            item = items[number]
            if not _listed(section, item):
                continue
            if isinstance(item, NavLink):
                out.append(self._link(item, base, item.url == page_url))
            else:
                out.append(self._group(item, f"{key}.{number}", page_url, base))
        return self._joined(out)

    def _joined(self, entries: list[Entry]) -> tuple[Entry, ...]:
        """``entries`` with each run of links as one: the group template then loops over a
        few entries instead of every link, and writes the same bytes (it puts the same text
        between any two links: :meth:`_between_links`)."""
        out: list[Entry] = []
        run: list[str] = []
        for entry in [*entries, None]:
            if isinstance(entry, RenderedLink):
                run.append(entry.html)
                continue
            if run:
                html = run[0] if len(run) == 1 else self._between_links().join(run)
                out.append(RenderedLink(Markup(html)))
                run = []
            if entry is not None:
                out.append(entry)
        return tuple(out)

    def _between_links(self) -> str:
        """The text the group template writes between two links in a row."""
        if self._separator is None:
            first, second = Markup("\x00first\x00"), Markup("\x00second\x00")
            links = (RenderedLink(first), RenderedLink(second))
            text = str(self.macros.lazy_section(GroupView("", "", True, 2, links)))
            self._separator = text[text.index(first) + len(first) : text.index(second)]
        return self._separator

    def _link(self, link: NavLink, base: str, active: bool) -> RenderedLink:
        cache_key = (id(link), base)
        found = None if active else self._links.get(cache_key)
        if found is None:
            view = LinkView(
                link.label,
                link_href(link, base),
                link.method,
                active and link.external is None,
                link.deprecated,
                link.tag,
                icon(link.icon, self.nav.icons, base=base) if link.icon else "",
                link.external is not None,
            )
            found = RenderedLink(Markup(self.macros.lazy_link(view)))
            if not active:
                self._links[cache_key] = found
        return found

    # -- the data docgen.js loads -----------------------------------------------------------

    def data_files(self) -> Iterator[tuple[str, bytes]]:
        """``_docgen/nav/<key>.json`` for every section that gets the lazy sidebar."""
        for path, section in self._lazy():
            data = {"items": [node_data(item, self.nav.icons) for item in section.items]}
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            yield path, text.encode()

    def data_paths(self) -> list[str]:
        """The paths :meth:`data_files` writes, without building them."""
        return [path for path, _ in self._lazy()]

    def _lazy(self) -> Iterator[tuple[str, NavSection]]:
        for key, section in self.nav.sidebar_sections():
            if self.is_lazy(section):
                yield f"{NAV_DIR}/{key}.json", section


@dataclass(frozen=True, slots=True)
class _Cut:
    """Where :func:`_window` leaves out ``count`` entries, the first of them at ``first``."""

    first: int
    count: int


def _window(total: int, active: int | None) -> list[int | _Cut]:
    """The entry numbers a list of ``total`` shows: all of them, or for a long list the
    :data:`WINDOW` entries around ``active`` with a cut on each side that has more."""
    if total <= LIST_MAX:
        return list(range(total))
    at = active if active is not None else 0
    low = max(0, min(at - WINDOW // 2, total - WINDOW))
    high = min(total, low + WINDOW)
    out: list[int | _Cut] = []
    if low > 0:
        out.append(_Cut(low - 1, low))
    out.extend(range(low, high))
    if high < total:
        out.append(_Cut(high, total - high))
    return out


def _more(cut: _Cut, items: tuple[NavSection | NavLink, ...], base: str) -> MoreView:
    """A "show more" link to the left-out page nearest the window (works without JS)."""
    item = items[cut.first]
    target = item if isinstance(item, NavLink) else _first_link(item)
    url = href(base, target.url) if target is not None else base
    return MoreView(f"Show {cut.count} more", url)
