"""A JSX ``style={{...}}`` object as the CSS of a ``style`` attribute.

Layout, type and colour properties are kept (sizes, margins, fonts, colours, shadows, flex and
grid, position), with plain values (words, numbers, lengths, colours) and the value functions
that compute a length or a colour (``rgba()``, ``calc()``, ``repeat()``, gradients); numbers
are pixels, as in React, except for unitless properties (``background`` too: a colour or a
gradient, never an image URL). The image and mask properties keep
one ``url()`` of an image a page's own ``<img>`` may show, as the caller's ``resolve`` says
(Mintlify's icon pattern: ``maskImage: 'url("https://.../github.svg")'``; a file of the site,
re-pointed by render/assets.py; a raster ``data:`` image); any other URL, quote or function is
left out.

Each declaration is ``!important``: the page's Tailwind utilities are (see
:mod:`docgen.render.utilities`), and an inline style must still win over a class, as it does
in every browser page the author tried it in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STYLE_PROPS = _words(
    "width height maxWidth maxHeight minWidth minHeight margin marginTop marginBottom "
    "marginLeft marginRight padding paddingTop paddingBottom paddingLeft paddingRight "
    "borderRadius objectFit objectPosition textAlign display verticalAlign "
    "fontSize fontWeight fontStyle lineHeight letterSpacing textTransform textDecoration "
    "whiteSpace wordBreak color background backgroundColor opacity boxShadow "
    "border borderWidth borderStyle borderColor borderTop borderBottom borderLeft borderRight "
    "gap rowGap columnGap flex flexDirection flexWrap flexGrow flexShrink flexBasis "
    "alignItems alignSelf justifyContent justifyItems gridTemplateColumns gridTemplateRows "
    "gridColumn gridRow overflow overflowX overflowY position top right bottom left zIndex "
    "aspectRatio backgroundSize backgroundPosition backgroundRepeat "
    "maskRepeat maskPosition maskSize WebkitMaskRepeat WebkitMaskPosition WebkitMaskSize"
)
# Properties whose value may be one image URL (or, for backgrounds, a gradient).
IMAGE_PROPS = _words("backgroundImage maskImage WebkitMaskImage")
# Numbers that are not pixels (React's unitless properties).
_UNITLESS = _words("fontWeight lineHeight opacity zIndex flex flexGrow flexShrink aspectRatio")
_NOT_NUMBERS = _words("display objectFit textAlign")
# A width given as a length never makes the page wider than the screen: min(length, 100%).
_WIDTHS = _words("width maxWidth minWidth")
_RELATIVE = re.compile(
    r"%|\b(?:auto|none|inherit|initial|unset|revert|fit-content|max-content"
    r"|min-content|min|max|clamp)\b"
)
_MAX_VALUE = 200
# Words, numbers, lengths, colours and the parentheses of allowed functions: no quotes, no
# semicolons, no backslash (no escapes).
_STYLE_VALUE = re.compile(r"^[A-Za-z0-9#.%/,\-+*() ]+$")
_FUNCTION = re.compile(r"([A-Za-z-]*)\(")
_FUNCTIONS = _words(
    "rgb rgba hsl hsla hwb lab lch oklab oklch color-mix calc min max clamp repeat minmax "
    "fit-content linear-gradient radial-gradient conic-gradient repeating-linear-gradient "
    "repeating-radial-gradient"
)
# url("https://...") with the address alone inside: no quotes, parentheses, backslashes or
# spaces in it (so nothing can close the url() early); a raster data: image may be long.
_URL = re.compile(r"""^url\(\s*(["']?)([^"'()\\\s]{1,500000})\1\s*\)$""")


def image_url(text: str) -> str | None:
    """The address of a style's ``url(...)`` value, written as :func:`style_css` keeps it."""
    found = _URL.match(text.strip())
    return found.group(2) if found is not None else None


def style_css(style: dict[str, Any], resolve: Callable[[str], str | None]) -> str:
    """The CSS of ``style`` (what is kept: see the module); ``resolve`` is the page's link
    rule for an image URL (its site address, or ``None`` for a URL the page may not use)."""
    rules = []
    for key, value in style.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if key in _NOT_NUMBERS or key not in _STYLE_PROPS:
                continue
            text = f"{value:g}" if key in _UNITLESS else f"{value:g}px"
        elif isinstance(value, str):
            text = _value(key, value.strip(), resolve)
        else:
            continue
        if text and key in _WIDTHS and not _RELATIVE.search(text):
            text = f"min({text}, 100%)"  # a 450px image on a 390px phone: the column's width
        if text:
            name = "".join(f"-{c.lower()}" if c.isupper() else c for c in key)
            rules.append(f"{name}:{text} !important")
    return ";".join(rules)


def _value(key: str, text: str, resolve: Callable[[str], str | None]) -> str:
    if key in IMAGE_PROPS:
        found = image_url(text)
        if found is not None:
            address = resolve(found)
            return f'url("{address}")' if address else ""
        return text if key == "backgroundImage" and _plain(text) else ""
    return text if key in _STYLE_PROPS and _plain(text) else ""


def _plain(text: str) -> bool:
    """Words, numbers, colours and the allowed functions, their parentheses balanced."""
    if not text or len(text) > _MAX_VALUE or not _STYLE_VALUE.match(text):
        return False
    if any(name.lower() not in _FUNCTIONS for name in _FUNCTION.findall(text)):
        return False
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0 and text.count("(") == len(_FUNCTION.findall(text))


def style_object(text: str) -> dict[str, str]:
    """An HTML ``style="a-b: c; d: e"`` as the object Mintlify makes of it on an HTML element
    (``{aB: "c", d: "e"}``; ``!important`` dropped, a custom ``--property`` kept as written),
    which :func:`style_css` then writes as for ``style={{...}}``."""
    out: dict[str, str] = {}
    for declaration in _declarations(text):
        name, colon, value = declaration.partition(":")
        name, value = name.strip(), _IMPORTANT.sub("", value).strip()
        if not colon or not name or not value:
            continue
        if not name.startswith("--"):
            name = re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name.lower())
        out[name] = value
    return out


_IMPORTANT = re.compile(r"\s*!\s*important\s*$", re.IGNORECASE)


def _declarations(text: str) -> list[str]:
    """``text`` cut at each ``;`` outside quotes and parentheses."""
    parts, start, depth, quote = [], 0, 0, ""
    for index, char in enumerate(text[:10_000]):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == ";" and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:10_000])
    return parts
