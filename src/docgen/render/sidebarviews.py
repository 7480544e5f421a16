"""The views a big section's sidebar is drawn from (render/sidebar.py, partials/nav.html),
and the entries of its data file ``_docgen/nav/<key>.json`` that docgen.js reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from markupsafe import Markup

from docgen.nav.model import NavLink, NavSection
from docgen.render.icons import icon
from docgen.render.navviews import href, link_href, section_icon, urls_of


@dataclass(frozen=True, slots=True)
class LinkView:
    """A link in a lazy sidebar (same fields as views.NavItemView links)."""

    kind: ClassVar[str] = "link"
    label: str
    url: str
    method: str | None
    active: bool
    deprecated: bool
    tag: str | None = None
    icon_html: str = ""
    external: bool = False


@dataclass(frozen=True, slots=True)
class RenderedLink:
    """A link of a lazy sidebar, already rendered (links are cached per depth)."""

    kind: ClassVar[str] = "link"
    html: Markup


@dataclass(frozen=True, slots=True)
class MoreView:
    """Stands in for left-out entries: a link to the first of them (docgen.js expands it)."""

    kind: ClassVar[str] = "more"
    label: str
    url: str


@dataclass(frozen=True, slots=True)
class GroupView:
    """A group of a lazy sidebar. ``pending``: its entries are left for docgen.js, and
    ``url`` (its first page) stands in for them."""

    kind: ClassVar[str] = "group"
    label: str
    key: str
    open: bool
    count: int
    children: tuple[RenderedLink | GroupView | MoreView, ...] = ()
    pending: bool = False
    url: str = ""
    icon_html: str = ""  # the group's ``icon``
    tag: str | None = None  # the group's ``tag``
    root_url: str = ""  # the group's ``root`` page: its title links there
    root_active: bool = False  # that page is the current one


Entry = RenderedLink | GroupView | MoreView


def node_data(item: NavSection | NavLink, icons: str) -> dict[str, Any]:
    """One entry of a nav data file: ``l`` label, ``u`` root-relative URL, ``m`` method,
    ``d`` deprecated, ``t`` tag (a page's or a group's), ``x`` external (``u`` is then the
    link as written), ``i`` its icon's markup (an image's ``src`` root-relative); groups have
    ``c`` children, ``n`` the number of links below, ``r`` its root page's URL (its title
    links there); ``h`` marks a hidden group (kept so that entry numbers stay keys)."""
    if isinstance(item, NavLink):
        node: dict[str, Any] = {"l": item.label, "u": link_href(item, "")}
        if item.icon:
            node["i"] = icon(item.icon, icons, base="")
        if item.method:
            node["m"] = item.method
        if item.deprecated:
            node["d"] = 1
        if item.tag:
            node["t"] = item.tag
        if item.external and not item.external.startswith("/"):
            node["x"] = 1
        return node
    if item.hidden:
        return {"l": item.label, "c": [], "h": 1}
    group = {
        "l": item.label,
        "n": len(urls_of(item)),
        "c": [node_data(c, icons) for c in item.items],
    }
    if item.root is not None:
        group["r"] = href("", item.root.url)
    if item.icon[0]:
        group["i"] = section_icon(item, "", icons)
    if item.tag:
        group["t"] = item.tag
    return group
