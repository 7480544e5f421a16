"""``<Badge>``: its colour, its icon, and its look as Mintlify documents it: ``size``
(``xs``, ``sm``, ``md``, ``lg``), ``shape`` (``rounded`` corners or the default ``pill``),
``stroke`` (an outline on a clear ground) and ``disabled`` (dimmed): classes the stylesheet
draws (components.css). Any other value is the default look.
"""

from __future__ import annotations

from markupsafe import escape

from docgen.render.jsx import Tag
from docgen.render.mdxtags import attr, flag

_SIZES = frozenset({"xs", "sm", "md", "lg"})


def html(tag: Tag, mark: str) -> str:
    """The HTML of an opening or closing ``<Badge>`` tag (``mark``: its icon's)."""
    if tag.closing:
        return "</span>"
    color = attr(tag, "color", "gray")
    color = color if color.replace("-", "").isalpha() else "gray"
    return f'<span class="badge badge-{escape(color)}{look(tag)}">{mark}'


def look(tag: Tag) -> str:
    """The classes (each after a space) for ``tag``'s size, shape, stroke and state."""
    size, shape = attr(tag, "size"), attr(tag, "shape")
    out = f" badge-{size}" if size in _SIZES else ""
    out += " badge-rounded" if shape == "rounded" else ""
    out += " badge-stroke" if flag(tag, "stroke") else ""
    return out + (" badge-disabled" if flag(tag, "disabled") else "")
