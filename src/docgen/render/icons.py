"""Icons by name, inlined as SVG: ``<Icon icon="rocket" />``, Card/Step/Accordion/callout
``icon=``, and sidebar icons (pages, groups, tabs) all go through :func:`icon_html`.

Two libraries, as in Mintlify (docs.json ``icons.library``): Font Awesome Free (the default;
PyPI ``fontawesomefree``: solid, regular and brand icons, with Font Awesome's aliases such as
``home`` for ``house``; icons CC BY 4.0, the attribution comment is kept in the sprite) and
Lucide (PyPI ``lucide``; ISC). A page draws them from the site's sprite file
(render/sprite.py), which holds those the site uses; nothing is fetched.
An icon given as a path (``/icons/x.svg``) is shown as an image of the docs folder, one given
as an element (``icon={<svg ...>}``) as that drawing, rebuilt safe (render/svg.py). A few
Font Awesome Pro names real docs use are drawn by a free look-alike; a name neither library
has otherwise keeps a neutral mark (and ``check`` warns: ``icon-unknown``).
"""

from __future__ import annotations

import io
import json
import re
from functools import cache
from importlib.resources import files
from typing import Any
from xml.etree import ElementTree
from zipfile import ZipFile

from markupsafe import escape

from docgen.render import sprite, svg
from docgen.render.assets import icon_path
from docgen.render.jsx import scan_tag
from docgen.render.markdown import site_relative

FONTAWESOME = "fontawesome"
LUCIDE = "lucide"
LIBRARIES = (FONTAWESOME, LUCIDE)
# Font Awesome Free has these styles; Mintlify's others (light, thin, duotone, sharp-*) fall
# back to solid, as the free set has nothing closer.
_FA_STYLES = ("solid", "regular", "brands")
_FA_ROOT = "static/fontawesomefree"
_FA_META = "js-packages/@fortawesome/fontawesome-free/metadata/icon-families.json"
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
_SVG_OPEN = re.compile(r"<svg\b[^>]*>")
_ATTRS = 'class="icon" aria-hidden="true" focusable="false"'


def _fa_file(style: str, name: str) -> str | None:
    path = files("fontawesomefree").joinpath(_FA_ROOT, "svgs", style, f"{name}.svg")
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


@cache
def _fa_aliases() -> dict[str, str]:
    """Font Awesome's old and alternative names -> the icon's file name."""
    try:
        text = files("fontawesomefree").joinpath(_FA_ROOT, _FA_META).read_text(encoding="utf-8")
        data: Any = json.loads(text)
    except (OSError, ValueError):
        return {}
    aliases: dict[str, str] = {}
    for name, entry in data.items():
        names = (entry.get("aliases") or {}).get("names") or []
        for alias in names:
            aliases.setdefault(alias, name)
    return aliases


def _fontawesome(name: str, style: str | None) -> tuple[str, str] | None:
    """Font Awesome's icon ``name``: its sprite id (``fa-solid-house``) and SVG."""
    wanted = style if style in _FA_STYLES else "solid"
    order = (wanted, *(s for s in _FA_STYLES if s != wanted))
    for candidate in (name, _fa_aliases().get(name)):
        if candidate is None:
            continue
        for each in order:
            found = _fa_drawing(each, candidate)
            if found is not None:
                return f"fa-{each}-{candidate}", found
    return None


def _fa_drawing(style: str, name: str) -> str | None:
    svg = _fa_file(style, name)
    if svg is None:
        return None
    return _SVG_OPEN.sub(
        lambda m: m.group(0)[:-1] + f' fill="currentColor" {_ATTRS}>', svg, count=1
    )


@cache
def _lucide_zip() -> ZipFile:
    """Lucide's icons (one zip of SVG files), read into memory once per process: the
    ``lucide`` package opens and indexes its zip for every icon it loads (about 25 ms) and
    for every name it does not have, which a site with a hundred icons paid in each process.
    In memory, not an open file, so forked workers never share a file position."""
    return ZipFile(io.BytesIO(files("lucide").joinpath("lucide.zip").read_bytes()))


# A component name's words (``ArrowUpCircle`` -> arrow-up-circle, ``Grid2X2`` -> grid-2-x2).
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])")


@cache
def lucide_aliases() -> dict[str, str]:
    """lucide-react's component names whose kebab-case form is not the icon they draw
    (``Home`` draws ``house``: Lucide renames icons and keeps the old names as aliases), from
    ``data/lucide_react_aliases.json`` (see ``data/SOURCE.md``)."""
    text = files("docgen.render").joinpath("data", "lucide_react_aliases.json").read_text("utf-8")
    data: Any = json.loads(text)
    return dict(data["aliases"])


@cache
def _lucide_earlier() -> dict[str, str]:
    """Lucide's earlier icon names, as docs still write them (``arrow-up-circle``,
    ``alert-triangle``) -> the icon's name now (the kebab-case forms of the aliases)."""
    return {CAMEL.sub("-", name).lower(): icon for name, icon in lucide_aliases().items()}


def _lucide(name: str) -> tuple[str, str] | None:
    """Lucide's icon ``name``: its sprite id (``lucide-rocket``) and SVG."""
    found = _lucide_drawing(name)
    return None if found is None else (f"lucide-{name}", found)


def _lucide_drawing(name: str) -> str | None:
    """Lucide's SVG for ``name``, as the ``lucide`` package writes it (namespace prefixes
    dropped, no ``xmlns``), or ``None``."""
    try:
        data = _lucide_zip().read(f"{name}.svg")
    except KeyError:
        return None
    svg = ElementTree.fromstring(data.decode())
    for node in svg.iter():
        node.tag = node.tag.removeprefix("{http://www.w3.org/2000/svg}")
    text = ElementTree.tostring(svg, encoding="unicode").replace(
        ' xmlns="http://www.w3.org/2000/svg"', "", 1
    )
    return _SVG_OPEN.sub(lambda m: m.group(0)[:-1] + f" {_ATTRS}>", text, count=1)


@cache
def icon_svg(name: str, library: str = FONTAWESOME, style: str | None = None) -> str | None:
    """The SVG of icon ``name`` (``class="icon"``, hidden from screen readers, coloured by
    ``currentColor``), drawing the site's sprite's symbol (render/sprite.py: its address
    is filled in when the page's base is known), or ``None`` when ``library`` has no such
    icon. ``style`` is Font Awesome's ``iconType`` (``solid``, ``regular``, ``brands``;
    others mean solid). A name the chosen library lacks is looked up in the other one."""
    found = _find(name, library, style)
    return None if found is None else sprite.reference(*found)


def _find(name: str, library: str, style: str | None) -> tuple[str, str] | None:
    key = name.strip().lower().removeprefix("fa-")
    if not _NAME.match(key):
        return None
    if library == LUCIDE:
        found = _lucide(key) or _fontawesome(key, style)
    else:
        found = _fontawesome(key, style) or _lucide(key)
    earlier = _lucide_earlier().get(key)
    return found or (_lucide(earlier) if earlier else None) or _pro_lookalike(key)


def drawing(symbol: str) -> str | None:
    """The whole SVG of the sprite's symbol ``symbol`` (an id :func:`icon_svg` gave), or
    ``None`` for an id it never gives."""
    kind, _, name = symbol.partition("-")
    if not _NAME.match(name):
        return None
    if kind == "fa":
        style, _, name = name.partition("-")
        return _fa_drawing(style, name) if style in _FA_STYLES else None
    if kind == "lucide":
        return _lucide_drawing(name)
    if kind == "n":
        return _numbered(name)
    return None


# Font Awesome Pro icons (Mintlify's own library) that real docs use often, drawn by their
# closest free look-alike: Pro's SVGs may not be shipped. Others keep the neutral mark.
_LOOKALIKES = {
    "browser": "app-window",
    "window": "app-window",
    "waveform": "audio-waveform",
    "waveform-lines": "audio-waveform",
    "wave-pulse": "activity",
    "message-bot": "bot-message-square",
    "message-lines": "message-square-text",
    "phone-arrow-down-left": "phone-incoming",
    "phone-arrow-up-right": "phone-outgoing",
    "phone-arrow-right": "phone-forwarded",
    "arrows-repeat": "repeat",
    "text": "type",
    "face-smiling-hands": "smile-plus",
    "rectangle-history": "gallery-vertical-end",
    "book-sparkles": "book-open-text",
    "microchip-ai": "cpu",
    "person-carry-box": "package",
    "shield-exclamation": "shield-alert",
    "flow": "workflow",
    # the Pro names real Mintlify repos use most (counted in 37 and in 55 repos, 2026-11-27)
    "arrow-progress": "chevrons-right",
    "brackets-curly": "braces",
    "bullseye-arrow": "target",
    "grid-2": "layout-grid",
    "grid": "grid-3x3",
    "message-plus": "message-square-plus",
    "messages": "messages-square",
    "message-exclamation": "message-square-warning",
    "function": "square-function",
    "chart-mixed": "chart-no-axes-combined",
    "integration": "blocks",
    "sliders-simple": "sliders-horizontal",
    "arrows-exchange": "arrow-left-right",
    "user-robot": "bot",
    "coin": "coins",
    "stars": "sparkles",
    "memo": "notepad-text",
    "books": "library-big",
    "rocket-launch": "rocket",
    "rectangle-terminal": "square-terminal",
    "key-skeleton": "key-round",
    "spinner-third": "loader-circle",
    "wifi-slash": "wifi-off",
    "party-horn": "party-popper",
    "seal-question": "badge-question-mark",
    "share-all": "forward",
    "square-down": "square-arrow-down",
    "up": "arrow-big-up",
    "credit-card-front": "credit-card",
    "envelope-open-dollar": "mail-open",
    "tool": "wrench",
    "outlet": "plug",
    "signal-stream": "radio",
    "browsers": "app-window",
    # and more Pro names of the seventh batch of repos (2 to 4 repos each, or 16 uses in one)
    "code-simple": "code",
    "rectangle-code": "square-code",
    "diagram-subtask": "workflow",
    "screen-users": "presentation",
    "gear-code": "cog",
    "gear-complex": "settings",
    "user-chef": "chef-hat",
    "hand-wave": "hand",
    "text-size": "a-large-small",
    "input-text": "text-cursor-input",
    "comment-question": "message-circle-question-mark",
    "fire-flame": "flame",
    "book-open-cover": "book-open",
    "barcode-read": "scan-barcode",
    "laptop-mobile": "monitor-smartphone",
    "puzzle-piece-simple": "puzzle",
    "file-certificate": "file-badge",
    "hand-horns": "hand-metal",
    # the tenth batch: Pro names of an AI platform, a payments API, a chatbot builder, docs
    # of a coding agent and an LLM-observability tool (1 to 3 uses each)
    "comments-question": "message-circle-question-mark",
    "lightbulb-on": "lightbulb",
    "circle-dollar": "circle-dollar-sign",
    "chart-pie-simple": "chart-pie",
    "arrow-turn-left": "corner-down-left",
    "shield-keyhole": "shield-ellipsis",
    "rectangle-vertical-history": "gallery-vertical-end",
    "game-board": "layout-grid",
    "sidebar-flip": "panel-right",
    "circle-help": "circle-question-mark",  # Lucide's earlier name
    "help-circle": "circle-question-mark",  # and the one before
}
# circle-1 ... circle-9, square-1, square-k ...: a numbered or lettered circle or square
_NUMBERED = re.compile(r"^(circle|square)-([0-9a-z])$")


def _pro_lookalike(key: str) -> tuple[str, str] | None:
    """A Pro-only name's look-alike: a Lucide icon, or a drawn numbered or lettered circle or
    square (``circle-1``, ``square-k``, which step lists use)."""
    numbered = _numbered(key)
    if numbered is not None:
        return f"n-{key}", numbered
    alike = _LOOKALIKES.get(key)
    return _lucide(alike) if alike else None


def _numbered(key: str) -> str | None:
    numbered = _NUMBERED.match(key)
    if not numbered:
        return None
    shape = (
        '<circle cx="12" cy="12" r="10"/>'
        if numbered.group(1) == "circle"
        else '<rect x="2" y="2" width="20" height="20" rx="4"/>'
    )
    return (
        f'<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" '
        f'{_ATTRS}>{shape}<text x="12" y="16.2" '
        'text-anchor="middle" font-size="12" font-weight="700" fill="currentColor" '
        f'stroke="none" font-family="system-ui, sans-serif">{numbered.group(2).upper()}'
        "</text></svg>"
    )


def is_path(name: str) -> bool:
    """Whether an icon is given as an image (a path or URL) rather than a name."""
    return "/" in name or "." in name


def icon(
    name: str,
    library: str = FONTAWESOME,
    style: str | None = None,
    *,
    base: str | None = None,
    color: str | None = None,
    size: int | None = None,
) -> str:
    """:func:`icon_html` for an icon as written in a page or docs.json: a name, or a path of
    the docs folder (shown as an image, made relative to the page with ``base``). A URL
    is never fetched: it keeps the neutral mark."""
    if is_path(name):
        path = icon_path(name)
        if path is None:  # a URL
            return icon_html("", color=color, size=size)
        src = site_relative(path, base) if base is not None else path
        return icon_html(name, src=src, size=size)
    return icon_html(name, library, style, color=color, size=size)


def element_icon(source: str, library: str = FONTAWESOME, base: str | None = None) -> str:
    """An icon given as a JSX element: ``<svg>`` (the drawing, sized as an icon), ``<img
    src>`` or ``<Icon icon>`` (as :func:`icon` shows that path or name); else a neutral mark."""
    tag = scan_tag(source, 0)
    if tag is not None and tag.name == "svg":
        shown = svg.drawing(source, 0, len(source))
        if shown is not None:
            return f'<span class="icon-wrap">{shown.html}</span>'
    wanted = {"img": "src", "Icon": "icon"}.get(tag.name if tag is not None else "", "")
    value = tag.attrs.get(wanted) if tag is not None and wanted else None
    return icon(value, library, base=base) if isinstance(value, str) and value else icon_html("")


def unknown(name: str, library: str, style: str | None = None) -> bool:
    """Whether ``name`` (not a path) is an icon neither library has."""
    return bool(name) and not is_path(name) and icon_svg(name, library, style) is None


def icon_html(
    name: str,
    library: str = FONTAWESOME,
    style: str | None = None,
    *,
    color: str | None = None,
    src: str | None = None,
    size: int | None = None,
) -> str:
    """The markup of an icon: its SVG in a ``span.icon-wrap``; ``src`` (an image URL the
    caller made safe and page-relative) for an icon given as a path; otherwise a neutral mark.
    ``color`` must be a checked CSS colour; ``size`` is in pixels (the icon is 1em square)."""
    rules = ([f"color:{escape(color)}"] if color else []) + (
        [f"font-size:{size}px"] if size else []
    )
    tint = f' style="{";".join(rules)}"' if rules else ""
    if src is not None:
        return f'<img class="icon icon-img" src="{escape(src)}" alt="" aria-hidden="true"{tint}>'
    svg = icon_svg(name, library, style) if name else None
    if svg is None:
        return f'<span class="mdx-icon" aria-hidden="true" data-icon="{escape(name)}"{tint}></span>'
    return f'<span class="icon-wrap" data-icon="{escape(name)}"{tint}>{svg}</span>'
