"""What a page shows above its title (docs.json ``styling.eyebrows``): the name of its group,
as Mintlify does by default, or its navigation trail (``breadcrumbs``)."""

from __future__ import annotations

from docgen.config.model import NodeKind
from docgen.nav.model import NavSection


def group_names(section: NavSection, group: str = "") -> dict[str, str]:
    """Each listed page's innermost group name (none for a page a tab lists directly)."""
    found: dict[str, str] = {}
    if section.root is not None and group:
        found[section.root.url] = group
    for item in section.items:
        if isinstance(item, NavSection):
            inner = item.label if item.kind is NodeKind.GROUP else ""
            for url, name in group_names(item, inner).items():
                found.setdefault(url, name)
        elif group:
            found.setdefault(item.url, group)
    return found


def said_once(trail: tuple[str, ...]) -> tuple[str, ...]:
    """``trail`` with a name that repeats the one before it left out: a tab and its group
    named alike ("API Reference" / "API Reference") are one crumb."""
    return tuple(
        n for i, n in enumerate(trail) if i == 0 or n.casefold() != trail[i - 1].casefold()
    )
