"""``Tree`` (``Tree.Folder``, ``Tree.File``) and ``Color`` (``Color.Row``, ``Color.Item``) as
HTML, with the props Mintlify documents: a folder's ``defaultOpen``, ``openable={false}`` (a
folder the reader cannot open or close) and ``highlight`` (the active path, tinted); a
palette's ``variant`` (``compact``: a grid of swatches; ``table``: a labelled row each) and an
item's ``value={{ light, dark }}`` (the swatch of the reader's theme)."""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from docgen.render.jsx import Tag, as_text
from docgen.render.mdxtags import attr, flag, is_color

VARIANTS = ("compact", "table")


def tree_open(name: str, tag: Tag, meta: dict[str, Any], frame: dict[str, Any]) -> str:
    """The opening HTML of ``Tree``, ``Tree.Folder`` or ``Tree.File``."""
    if name == "Tree":
        if not any(c["name"] in ("Tree.Folder", "Tree.File") for c in meta.get("children", [])):
            frame["list"] = True  # a Markdown list of files, folders ending in "/" or nesting
            return '<div class="mdx-tree mdx-tree-list">'
        return '<ul class="mdx-tree" role="list">'
    css = " is-highlighted" if flag(tag, "highlight") else ""
    if name == "Tree.File":
        return f'<li class="tree-file{css}">{escape(attr(tag, "name"))}'
    is_open = " open" if flag(tag, "defaultOpen") else ""
    fixed = tag.attrs.get("openable") in (False, "false")
    css += " is-fixed" if fixed else ""
    summary = '<summary tabindex="-1">' if fixed else "<summary>"
    return (
        f'<li class="tree-folder{css}"><details{is_open}>'
        f'{summary}{escape(attr(tag, "name"))}</summary><ul role="list">'
    )


def tree_close(name: str, frame: dict[str, Any]) -> str:
    if name == "Tree":
        return "</div>\n" if frame.get("list") else "</ul>\n"
    return "</ul></details></li>\n" if name == "Tree.Folder" else "</li>\n"


def color_open(name: str, tag: Tag, title: str) -> str:
    """The opening HTML of ``Color``, ``Color.Row`` or ``Color.Item``."""
    if name == "Color":
        variant = attr(tag, "variant")
        return f'<div class="mdx-colors colors-{variant if variant in VARIANTS else "compact"}">'
    if name == "Color.Row":
        return (
            f'<div class="color-row"><p class="color-row-title">{escape(title)}</p>'
            '<div class="color-row-items">'
        )
    value = tag.attrs.get("value")
    light = value.get("light", "") if isinstance(value, dict) else as_text(value or "")
    dark = as_text(value.get("dark", "")) if isinstance(value, dict) else ""
    light = as_text(light)
    shown = escape(light) if is_color(light) else "transparent"
    style = f"--swatch:{shown}" + (f";--swatch-dark:{escape(dark)}" if is_color(dark) else "")
    values = f"<code>{escape(light)}</code>" + (
        f' <code class="color-dark">{escape(dark)}</code>' if is_color(dark) else ""
    )
    return (
        f'<div class="color-item"><span class="color-swatch" style="{style}"></span>'
        f'<span class="color-name">{escape(attr(tag, "name"))}</span> {values}'
    )


def color_close(name: str) -> str:
    return "</div></div>\n" if name == "Color.Row" else "</div>\n"
