"""Icons a page imports from an icon package: ``import { Brain } from 'lucide-react'``, then
``<Brain />`` in text or ``<Card icon={<Brain className="w-4 h-4" />}>``.

The page's MDX would run React and draw lucide-react's SVG; docgen draws the same icon from the
Lucide set it ships (render/icons.py), by name: ``MousePointerClick`` is ``mouse-pointer-click``
(an ``Icon`` suffix or ``Lucide`` prefix dropped), and the names Lucide renamed are read from
lucide-react's own aliases (``data/lucide_react_aliases.json``: ``Home`` is ``house``). The
props lucide-react reads are honoured: ``size`` (default 24 px, as lucide-react; in a
component's icon slot the slot's size), ``color``, ``strokeWidth`` and ``className``. A name the
set cannot draw is an ``icon-unknown`` warning at the import, and a neutral mark where used.
Other icon packages are not read: docgen ships no SVGs of theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import escape

from docgen.render import icons, snippets
from docgen.render.jsx import Tag, Unevaluated, as_text, scan_tag
from docgen.render.mdxtags import is_color
from docgen.render.pageclasses import page_classes

PACKAGES = frozenset({"lucide-react"})
DEFAULT_SIZE = 24  # px: lucide-react's ``size``
_MAX_SIZE = 512
_MAX_STROKE = 12
_STROKE = re.compile(r'stroke-width="[^"]*"')


@dataclass(frozen=True, slots=True)
class ImportedIcon:
    """A component a page imported from an icon package (kept in the page's names)."""

    export: str  # the name the package exports (``BrainIcon``)
    icon: str | None  # the Lucide icon it draws; None when docgen's set has none


def lucide_name(export: str) -> str | None:
    """The icon lucide-react's component ``export`` draws, when docgen can draw it."""
    name = export
    if name.startswith("Lucide") and name[6:7].isupper():
        name = name[6:]
    aliases = icons.lucide_aliases()
    if name not in aliases and name.endswith("Icon") and len(name) > 4:
        name = name[:-4]
    key = aliases.get(name) or icons.CAMEL.sub("-", name).lower()
    return key if icons.icon_svg(key, icons.LUCIDE) is not None else None


def take_imports(
    statement: str,
    line: int,
    imports: dict[str, snippets.Import],
    names: dict[str, Any],
    warn: Callable[..., None],
) -> None:
    """Turn the icon-package imports among ``imports`` into :class:`ImportedIcon` names (the
    statement starting at ``line`` wrote them); warn about each icon docgen cannot draw."""
    for local, wanted in list(imports.items()):
        if wanted.path not in PACKAGES or wanted.line != line:
            continue
        del imports[local]
        export = wanted.name
        if export is None:  # import Icons from 'lucide-react': a namespace, not one icon
            warn(line, f"'{local}' from {wanted.path}: import icons by name", near=local)
            continue
        drawn = lucide_name(export)
        names[local] = ImportedIcon(export, drawn)
        if drawn is None:
            at = statement.find(export)
            warn(
                line + statement.count("\n", 0, max(at, 0)),
                f"'{export}' from {wanted.path}: no such icon in docgen's Lucide set; "
                "a neutral mark is shown",
                "icon-unknown",
                near=export,
            )


def imported(tag: Tag | None, names: dict[str, Any]) -> ImportedIcon | None:
    """The imported icon ``tag`` uses, if it names one."""
    if tag is None or not tag.name:
        return None
    found = names.get(tag.name)
    return found if isinstance(found, ImportedIcon) else None


def element(source: str, names: dict[str, Any], library: str, env: Any) -> str:
    """A component's ``icon={<...>}`` in its icon slot: an imported icon (``<Brain />``), else
    what :func:`~docgen.render.icons.element_icon` shows (``<svg>``, ``<img>``, ``<Icon>``)."""
    tag = scan_tag(source, 0)
    found = imported(tag, names)
    if tag is None or found is None:
        return icons.element_icon(source, library, env.get("base"))
    return draw(found, tag, slot=True)


def _number(value: Any, low: float, high: float) -> str | None:
    text = as_text(value) if isinstance(value, (int, float, str)) else ""
    try:
        number = float(text)
    except ValueError:
        return None
    return f"{number:g}" if low < number <= high else None


def draw(found: ImportedIcon, tag: Tag, *, slot: bool = False) -> str:
    """The icon as lucide-react would draw it for ``tag``'s props."""
    svg = icons.icon_svg(found.icon, icons.LUCIDE) if found.icon else None
    if svg is None:
        return icons.icon_html("")
    attrs = {k: v for k, v in tag.attrs.items() if not isinstance(v, Unevaluated)}
    style = []
    size = _number(attrs.get("size"), 0, _MAX_SIZE)
    if size is not None or not slot:
        style.append(f"font-size:{size or DEFAULT_SIZE}px")
    color = attrs.get("color")
    if isinstance(color, str) and is_color(color):
        style.append(f"color:{color}")
    stroke = _number(attrs.get("strokeWidth"), 0, _MAX_STROKE)
    if stroke is not None:
        head = svg.index(">")
        svg = _STROKE.sub(f'stroke-width="{stroke}"', svg[:head], count=1) + svg[head:]
    written = attrs.get("className", attrs.get("class"))
    kept = page_classes(written) if isinstance(written, str) else ""
    if kept:
        svg = svg.replace('class="icon"', f'class="icon {escape(kept)}"', 1)
    css = f' style="{escape(";".join(style))}"' if style else ""
    return f'<span class="icon-wrap" data-icon="{escape(found.icon)}"{css}>{svg}</span>'
