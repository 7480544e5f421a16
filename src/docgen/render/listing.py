"""Mintlify's ``directory`` on navigation: a group's root page lists the group's pages and
subgroups below its own content, as cards (``card``) or collapsible sections
(``accordion``). The setting is inherited down the navigation (resolved in
:mod:`docgen.nav.resolver`); only groups with a ``root`` page show a listing."""

from __future__ import annotations

from html import escape

from docgen.nav.model import NavLink, NavSection
from docgen.render.navviews import href


def listings(root: NavSection) -> dict[str, NavSection]:
    """Root page URL -> its group, for every group with a ``root`` and a listing in effect."""
    found: dict[str, NavSection] = {}

    def walk(section: NavSection) -> None:
        if section.root is not None and section.listing in ("card", "accordion"):
            found.setdefault(section.root.url, section)
        for item in section.items:
            if isinstance(item, NavSection):
                walk(item)

    walk(root)
    return found


def listing_html(
    group: NavSection, base: str, titles: dict[str, str], descriptions: dict[str, str]
) -> str:
    """The listing of ``group``'s entries (its root page itself left out)."""
    own = group.root.url if group.root is not None else None
    entries = [i for i in group.items if not (isinstance(i, NavLink) and i.url == own)]
    if not entries:
        return ""
    if group.listing == "card":
        cards = [_card(item, base, titles, descriptions) for item in entries]
        return '<div class="card-group cols-2 directory-listing">' + "".join(cards) + "</div>"
    links = [i for i in entries if isinstance(i, NavLink)]
    parts = ['<div class="accordion-group directory-listing">']
    if links:
        parts.append(_links(links, base, titles))
    for item in entries:
        if isinstance(item, NavSection):
            parts.append(
                f'<details class="accordion"><summary>{escape(item.label)}</summary>'
                f'<div class="accordion-body">{_links(_flat(item), base, titles)}</div></details>'
            )
    parts.append("</div>")
    return "".join(parts)


def _flat(section: NavSection) -> list[NavLink]:
    out = [section.root] if section.root is not None else []
    for item in section.items:
        if isinstance(item, NavLink):
            if item not in out:
                out.append(item)
        else:
            out.extend(_flat(item))
    return out


def _links(links: list[NavLink], base: str, titles: dict[str, str]) -> str:
    items = "".join(
        f'<li><a href="{escape(href(base, link.url))}">'
        f"{escape(titles.get(link.url, link.label))}</a></li>"
        for link in links
    )
    return f'<ul class="directory-links">{items}</ul>'


def _card(
    item: NavSection | NavLink, base: str, titles: dict[str, str], descriptions: dict[str, str]
) -> str:
    if isinstance(item, NavLink):
        url: str | None = item.url
        title = titles.get(item.url, item.label)
        description = descriptions.get(item.url, "")
    else:
        url = item.first_url()
        title = item.label
        count = len(_flat(item))
        description = f"{count} page{'s' if count != 1 else ''}"
    head = f'<p class="card-title">{escape(title)}</p>'
    body = f'<p class="card-desc">{escape(description)}</p>' if description else ""
    if url is None or url.startswith(("http:", "https:")):
        return f'<div class="card">{head}{body}</div>'
    return f'<a class="card" href="{escape(href(base, url))}">{head}{body}</a>'
