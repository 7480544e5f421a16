"""``navbar`` and ``footer`` of docs.json (already schema-valid) as :class:`Chrome`."""

from __future__ import annotations

from typing import Any

from docgen.config.model import Chrome, ChromeLink

LIBRARIES = ("fontawesome", "lucide")

_LINK_TYPES = {"github": "GitHub", "discord": "Discord"}
_SOCIAL_NAMES = {"x": "X", "github": "GitHub", "linkedin": "LinkedIn", "youtube": "YouTube"}
# A social's icon where its Font Awesome name or style is not its own (the rest: brands).
_SOCIAL_ICONS = {
    "x": ("x-twitter", "brands"),
    "website": ("globe", "solid"),
    "podcast": ("podcast", "solid"),
    "earth-americas": ("earth-americas", "solid"),
}


def _link(raw: Any, default: str = "Link") -> ChromeLink | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("href"), str):
        return None
    label = raw.get("label")
    return ChromeLink(label if isinstance(label, str) and label else default, raw["href"])


def _navbar_link(raw: Any) -> ChromeLink | None:
    """A ``navbar.links`` entry: its label, and its ``icon`` (a name or path, or an object
    ``{name, style, library}``; ``type: github``/``discord`` is that brand's icon). With an
    icon and no label, the link is its icon alone, named by its ``title`` or its kind."""
    link = _link(raw, "")
    if link is None:
        return None
    kind = raw.get("type")
    wanted, style, library = raw.get("icon"), raw.get("iconType"), None
    if isinstance(wanted, dict):
        style, library, wanted = wanted.get("style"), wanted.get("library"), wanted.get("name")
    name = wanted.strip() if isinstance(wanted, str) else ""
    if not name and kind in _LINK_TYPES:
        name, style = str(kind), "brands"
    title = raw.get("title") if isinstance(raw.get("title"), str) else ""
    title = title or _LINK_TYPES.get(str(kind), "") or name.replace("-", " ").title() or "Link"
    return ChromeLink(
        link.label if link.label or name else "Link",
        link.href,
        name,
        style if isinstance(style, str) else None,
        library if library in LIBRARIES else None,
        title,
    )


def _social(name: str, url: str) -> ChromeLink:
    """A ``footer.socials`` entry: its brand's icon (Font Awesome's brands; ``website`` a
    globe), named by the network's name, as Mintlify's footer shows it."""
    label = _SOCIAL_NAMES.get(name, name.replace("-", " ").title())
    drawn, style = _SOCIAL_ICONS.get(name, (name, "brands"))
    return ChromeLink(label, url, drawn, style, None, label)


def read_chrome(data: dict[str, Any]) -> Chrome:
    """The chrome ``data`` describes (missing parts stay empty)."""
    raw_navbar, raw_footer = data.get("navbar"), data.get("footer")
    navbar: dict[str, Any] = raw_navbar if isinstance(raw_navbar, dict) else {}
    footer: dict[str, Any] = raw_footer if isinstance(raw_footer, dict) else {}
    links = tuple(x for x in (_navbar_link(r) for r in navbar.get("links", [])) if x is not None)
    primary_raw = navbar.get("primary")
    primary = None
    if isinstance(primary_raw, dict):
        kind = primary_raw.get("type")
        primary = _link(primary_raw, "GitHub" if kind == "github" else "Get started")
    socials = tuple(
        _social(name, url)
        for name, url in (footer.get("socials") or {}).items()
        if isinstance(url, str)
    )
    columns = []
    for column in footer.get("links") or []:
        if isinstance(column, dict):
            items = tuple(x for x in (_link(r) for r in column.get("items") or []) if x)
            columns.append((str(column.get("header") or ""), items))
    return Chrome(links, primary, socials, tuple(columns))
