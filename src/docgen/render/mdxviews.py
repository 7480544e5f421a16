"""Mintlify's multi-view pages: ``<View title="Python" icon="python">`` blocks, of which one
view is shown at a time, chosen with a selector at the top of the page (Mintlify's multi-view
dropdown, whose options are the page's view titles). Every ``View`` of the chosen title is
shown, those of other titles hidden; before the reader chooses, the first title's (so the page
is drawn once, as it stays: no shift when the script runs). The table of contents lists the
headings of the shown view only (render/htmlheading.py, docgen.js)."""

from __future__ import annotations

from markdown_it.utils import EnvType
from markupsafe import escape

UNTITLED = "View"


def view_open(title: str, icon_html: str, env: EnvType) -> str:
    """A ``View``'s opening: shown when its title is the page's first view title."""
    context = env.get("mdx")
    views: dict[str, str] = getattr(context, "views", {})
    key = title.strip() or UNTITLED
    views.setdefault(key, icon_html)
    number = list(views).index(key)
    return f'<div class="mdx-view" data-mdx-view="{number}"{" hidden" if number else ""}>'


def selector(views: dict[str, str], page_id: int) -> str:
    """The page's view selector (a labelled native ``<select>``: keyboard and screen readers
    work as with any form control), with the chosen view's icon beside it; "" without views."""
    if not views:
        return ""
    options = "".join(
        f'<option value="{n}"{" selected" if n == 0 else ""}>{escape(title)}</option>'
        for n, title in enumerate(views)
    )
    icons = "".join(
        f'<span class="mdx-view-icon" data-mdx-view-icon="{n}"{" hidden" if n else ""}>'
        f"{icon}</span>"
        for n, icon in enumerate(views.values())
        if icon
    )
    name = f"mdx-view-select-{page_id}"
    return (
        f'<div class="mdx-view-bar"><label class="mdx-view-select" for="{name}">{icons}'
        f'<span class="visually-hidden">View</span></label><select id="{name}" '
        f'class="mdx-view-choice" autocomplete="off" data-mdx-view-select>{options}</select>'
        "</div>\n"
    )
