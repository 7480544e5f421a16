"""``<Tooltip>``: a word with a note shown on hover or focus.

A plain ``tip`` (and ``headline``) is the note's text, kept in ``data-tip`` (drawn by the
stylesheet) and ``title``. A tip given as an element (``tip={<>See <a href="/x">this</a></>}``,
render/mdxprops.py) or a call to action (``cta`` with ``href``, a link) needs markup: the
note is then an element of its own, after the word, shown by the stylesheet the same way.
"""

from __future__ import annotations

from typing import Any

from markdown_it.utils import EnvType
from markupsafe import escape

from docgen.render import mdxprops
from docgen.render.jsx import Tag
from docgen.render.mdxtags import attr, href


def tooltip(tag: Tag, meta: dict[str, Any], env: EnvType) -> str:
    """The HTML of an opening, closing or self-closing ``<Tooltip>`` tag."""
    notes: list[str] = env.setdefault("_mdx_tooltips", [])
    if tag.closing:
        return (notes.pop() if notes else "") + "</span>"
    link = href(attr(tag, "href"), env)
    rich = link is not None and attr(tag, "cta")
    if not rich and not {"tip", "headline"} & set(meta.get("props_html") or {}):
        tip, headline = attr(tag, "tip"), attr(tag, "headline")
        text = f"{headline}: {tip}" if headline else tip
        note = ""
        opening = (
            f'<span class="mdx-tooltip" tabindex="0" data-tip="{escape(text)}" '
            f'title="{escape(text)}">'
        )
    else:
        parts = []
        if attr(tag, "headline") or "headline" in (meta.get("props_html") or {}):
            parts.append(f"<strong>{mdxprops.html(meta, tag, 'headline')}</strong> ")
        parts.append(str(mdxprops.html(meta, tag, "tip")))
        if rich and link is not None:
            rel = ' rel="noopener noreferrer"' if link.startswith(("http:", "https:")) else ""
            cta = mdxprops.html(meta, tag, "cta")
            parts.append(f' <a class="tip-cta" href="{escape(link)}"{rel}>{cta}</a>')
        note = f'<span class="mdx-tip" role="tooltip">{"".join(parts)}</span>'
        opening = '<span class="mdx-tooltip mdx-tooltip-rich" tabindex="0">'
    if tag.self_closing:
        return opening + note + "</span>"
    notes.append(note)
    return opening
