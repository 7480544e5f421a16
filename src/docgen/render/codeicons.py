"""A code block's title bar with its ``icon=`` (```` ```js Example icon="square-js" ````), and
the icons of a CodeGroup's or Tabs' tabs (a fence's ``icon=``, a ``<Tab icon>``), drawn by
render/icons.py as every other icon of a page."""

from __future__ import annotations

from typing import Any

from markdown_it.utils import EnvType
from markupsafe import escape

from docgen.render import icons
from docgen.render.fencemeta import fence_meta


def mark(name: str, env: EnvType) -> str:
    """The icon ``name`` (a name of the site's library, or a path) before a title; ``""``
    when there is none."""
    if not name:
        return ""
    scope = getattr(env.get("mdx"), "assets", None)
    library = getattr(scope, "icons", icons.FONTAWESOME)
    return f'<span class="code-icon">{icons.icon(name, library, base=env.get("base"))}</span>'


def title_bar(info: str, env: EnvType) -> str:
    """The bar above a code block: its icon and title (``""`` when it has neither)."""
    meta = fence_meta(info)
    shown = mark(meta.icon, env)
    if not meta.title and not shown:
        return ""
    return f'<p class="code-title">{shown}{escape(meta.title)}</p>'


def titled(html: str, info: str, env: EnvType) -> str:
    """A code block's HTML, under its title bar when it has a title or an icon."""
    bar = title_bar(info, env)
    return f'<div class="docgen-codeblock has-title">{bar}{html}</div>\n' if bar else html


def tab_titles(
    children: list[dict[str, Any]], wanted: str, env: EnvType
) -> tuple[list[str], list[str]]:
    """The titles of the tabs (the ``wanted`` children: fences or ``Tab``s) and their icons."""
    tabs = [c for c in children if c["name"] == wanted]
    titles = [c["title"] or f"Tab {n + 1}" for n, c in enumerate(tabs)]
    return titles, [mark(str(c.get("icon") or ""), env) for c in tabs]
