"""Inline ``<svg>`` in pages, kept to drawing: shapes, paths, gradients, masks and text.

Pages come from pull requests, so an inline SVG is rebuilt from an allowlist rather than
copied: no scripts, event handlers, ``<style>``, foreign content or links out (``href`` only to
``#an-id`` in the same drawing). An ``<image>`` (a logo's bitmap inside an icon) is kept with a
raster ``data:`` image (PNG, JPEG, GIF, WebP...: a browser runs nothing in one, as in an
``<img>``), an ``http(s)`` one, or, in a page's own drawing (``site_images``), a file of the
site, which the page checks and re-points as it does an ``<img src>`` (render/assets.py, from
:attr:`Drawing.images`); with any other address (``data:image/svg+xml``, ``javascript:``) it
is left out. JSX spellings (``strokeWidth``, ``className``,
``xlinkHref``) become the SVG attributes the browser reads. An element that is not allowed
is left out with everything inside it. A ``style={{...}}`` object keeps what
:mod:`docgen.render.inlinestyle` keeps (with an image only from an ``http(s)`` URL).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import escape

from docgen.config.urls import raster_image, scheme_of, script_capable
from docgen.render.inlinestyle import style_css
from docgen.render.jsx import Tag, Unevaluated, as_text, may_scan, scan_braces, scan_tag, spent
from docgen.render.markdown import PAGE_IDS


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


ELEMENTS = _names(
    "svg g path circle ellipse line polyline polygon rect defs linearGradient radialGradient "
    "stop clipPath mask pattern symbol use title desc text tspan image"
)
_TEXT = frozenset({"title", "desc", "text", "tspan"})  # elements whose text is shown
_ATTRIBUTES = _names(
    """viewBox width height x y x1 y1 x2 y2 cx cy r rx ry fx fy d points pathLength fill
    stroke stroke-width transform opacity fill-opacity stroke-opacity fill-rule clip-rule
    stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-miterlimit offset
    stop-color stop-opacity gradientUnits gradientTransform spreadMethod patternUnits
    patternContentUnits patternTransform maskUnits maskContentUnits clipPathUnits clip-path
    mask id class xmlns version preserveAspectRatio role font-size font-family font-weight
    text-anchor dominant-baseline letter-spacing vector-effect color display visibility
    shape-rendering focusable"""
)
_KEEPS_CASE = frozenset(a for a in _ATTRIBUTES if a != a.lower())  # viewBox, gradientUnits...
_CAMEL = re.compile(r"[A-Z]")
_SAFE_VALUE = re.compile(r"[^<>\"`]*")
MAX_SVG_CHARS = 200_000
# Deeper nesting is not a drawing: each unclosed <svg> of a page would otherwise be read to the
# end of the page ("<svg>" on 3,000 lines took minutes).
MAX_SVG_DEPTH = 64


@dataclass(frozen=True, slots=True)
class Drawing:
    html: str
    end: int  # offset just after the closing </svg>
    images: tuple[str, ...] = ()  # local addresses of its <image>s, as written (see above)


def _attribute(key: str) -> str:
    if key in ("className", "class"):
        return "class"
    if key in ("xlinkHref", "xlink:href", "href"):
        return "href"
    if key in _KEEPS_CASE or key.startswith(("aria-", "data-")):
        return key
    return _CAMEL.sub(lambda m: "-" + m.group(0).lower(), key)


def _absolute(url: str) -> str | None:
    """A drawing's image URL in its style (Mintlify's masked icons): http(s) only."""
    return url if url.lower().startswith(("https://", "http://")) else None


def _image_url(url: str, local: bool = False) -> bool:
    """Whether an ``<image>`` may show ``url``: a raster ``data:`` or an ``http(s)`` image,
    or with ``local`` a file of the site (an address with no scheme and no host)."""
    return raster_image(url) or _absolute(url.strip()) is not None or (local and _local(url))


def _local(url: str) -> bool:
    """Whether ``url`` names a file of the site: no scheme (however spelt), no host."""
    cleaned = url.strip()
    return (
        bool(cleaned)
        and scheme_of(url) is None
        and not script_capable(url)
        and not cleaned.startswith(("//", "\\", "/\\", "#"))
    )


def _image(tag: Tag, local: bool) -> bool:
    """Whether an ``<image>`` shows an image it may show, and nothing else (see above)."""
    urls = [as_text(v) for k, v in tag.attrs.items() if _attribute(k) == "href"]
    return bool(urls) and all(isinstance(v, str) and _image_url(v, local) for v in urls)


def _open(tag: Tag, images: list[str] | None = None) -> str:
    out = [f"<{tag.name}"]
    for key, value in tag.attrs.items():
        if key == "style" and isinstance(value, dict):
            css = style_css(value, _absolute)
            if css:
                out.append(f' style="{escape(css)}"')
            continue
        if isinstance(value, (Unevaluated, dict, list)) or value is None or value is False:
            continue
        name = _attribute(key)
        text = "" if value is True else as_text(value)
        if name == "href":
            local = images is not None and tag.name == "image" and _local(text)
            if local and images is not None and _SAFE_VALUE.fullmatch(text):
                images.append(text)  # re-pointed by the page (render/assets.py)
            elif not (
                _image_url(text) if tag.name == "image" else re.fullmatch(r"#[\w.:-]+", text)
            ):
                continue
        elif name not in _ATTRIBUTES and not name.startswith("aria-"):
            continue
        elif name == "id" and text in PAGE_IDS:
            continue  # docgen's own element's, or a global the site's scripts set up
        if "url(" in text and not re.search(r"url\(\s*['\"]?#", text):
            continue  # fill="url(#gradient)" only, never a file or address
        if _SAFE_VALUE.fullmatch(text):
            out.append(f' {name}="{escape(text)}"')
    if tag.name == "svg":
        out.append(" data-drawing")  # sized by the page's stylesheet (components.css)
        if not {"aria-label", "role", "aria-hidden"} & tag.attrs.keys():
            out.append(' aria-hidden="true" focusable="false"')
    out.append("/>" if tag.self_closing else ">")
    return "".join(out)


def _next_markup(src: str, pos: int, limit: int) -> int:
    found = [j for j in (src.find("<", pos, limit), src.find("{", pos, limit)) if j != -1]
    return min(found, default=limit)


def drawing(src: str, pos: int, limit: int, *, site_images: bool = False) -> Drawing | None:
    """The safe HTML of the ``<svg>`` element opening at ``src[pos]``, or None when it never
    closes within ``limit``; ``site_images``: an ``<image>`` may show a file of the site."""
    limit = min(limit, pos + MAX_SVG_CHARS)
    if not may_scan(pos):
        return None
    found = _drawing(src, pos, limit, [] if site_images else None)
    spent((found.end if found else limit) - pos)
    return found


def _drawing(src: str, pos: int, limit: int, images: list[str] | None) -> Drawing | None:
    out: list[str] = []
    opened: list[str] = []  # allowed elements open now
    skipping = 0  # depth inside an element that is left out
    i = pos
    while i < limit:
        char = src[i]
        if char == "{":  # {/* a comment */} or an expression: never shown in a drawing
            end = scan_braces(src, i, limit)
            i = end if end is not None else i + 1
            continue
        tag = scan_tag(src, i, limit) if char == "<" else None
        if tag is None:
            nxt = _next_markup(src, i + 1, limit)
            if not skipping and opened and opened[-1] in _TEXT:
                out.append(str(escape(src[i:nxt])))
            i = nxt
            continue
        i = tag.end
        allowed = tag.name in ELEMENTS and not skipping
        if allowed and tag.name == "image" and not tag.closing:
            allowed = _image(tag, images is not None)
        if tag.closing:
            if skipping:
                skipping -= 1
            elif opened and opened[-1] == tag.name:
                opened.pop()
                out.append(f"</{tag.name}>")
                if not opened:
                    return Drawing("".join(out), i, tuple(images or ()))
        elif tag.self_closing:
            if allowed:
                out.append(_open(tag, images))
            if not opened:  # <svg ... />: a drawing with nothing in it
                return Drawing("".join(out), i, tuple(images or ()))
        elif allowed:
            opened.append(tag.name)
            out.append(_open(tag, images))
        else:
            skipping += 1
        if len(opened) + skipping > MAX_SVG_DEPTH:
            return None
    return None
