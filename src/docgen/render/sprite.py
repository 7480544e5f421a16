"""Named icons drawn once per site: the site's Font Awesome and Lucide icons are the symbols
of one file, ``_docgen/icons.svg``, and a page draws each with ``<svg ...><use href=
"../_docgen/icons.svg#fa-solid-house"/></svg>``: the outer ``<svg>`` keeps the icon's own
attributes (``viewBox``, ``fill``/``stroke`` as ``currentColor``, ``class="icon"``,
``aria-hidden``), which the symbol's shapes inherit. A sidebar of a hundred icons was
repeated on every page, each with Font Awesome's licence comment (40% of the HTML of a real
site); the file is fetched once and the licences ship once, in it.

Icon markup is made before the page's base is known (and memoised across pages), so it holds
:data:`HOLDER` where the file's address goes; :func:`link` fills it in for one page and says
which symbols it draws. The file holds the symbols the whole site draws (:func:`document`), as
``<g id>`` in ``<defs>``: a ``<symbol>`` is drawn in a viewport of its own, which moved
non-square icons by a fraction of a pixel; a group is drawn exactly as the inline SVG was.
Like search, it needs the site served over HTTP: Chromium does not follow ``<use>`` from a
``file://`` page to another file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

SPRITE = "_docgen/icons.svg"
HOLDER = "_docgen-icons-sprite_"  # where the page's address of SPRITE goes (see link)
_USED = re.compile(re.escape(HOLDER) + r"#([a-z0-9][a-z0-9-]*)")
_ROOT = re.compile(r"<svg\b([^>]*)>")
_XMLNS = ' xmlns="http://www.w3.org/2000/svg"'
_COMMENT = re.compile(r"<!--.*?-->", re.S)

# Lucide's notice (ISC; lucide.zip of PyPI ``lucide``), shipped with its icons.
_LUCIDE_NOTICE = """Lucide icons: https://lucide.dev (ISC License)
Copyright (c) for portions of Lucide are held by Cole Bemis 2013-2022 as part of Feather (MIT).
All other copyright (c) for Lucide are held by Lucide Contributors 2022.

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE."""


def reference(symbol: str, svg: str) -> str:
    """``svg``'s outer tag (without ``xmlns``, which HTML ignores) drawing the sprite's
    ``symbol`` instead of holding the drawing."""
    root = _ROOT.search(svg)
    attrs = root.group(1).replace(_XMLNS, "", 1) if root else ""
    return f'<svg{attrs}><use href="{HOLDER}#{symbol}"/></svg>'


def link(html: str, base: str) -> tuple[str, tuple[str, ...]]:
    """``html`` with the sprite's address as seen from a page whose base is ``base`` (``""``:
    root-relative), and the symbols it draws (sorted)."""
    if HOLDER not in html:
        return html, ()
    used = tuple(sorted(set(_USED.findall(html))))
    return html.replace(HOLDER, base + SPRITE), used


def document(symbols: Iterable[str], draw: Callable[[str], str | None]) -> bytes:
    """The sprite file: a symbol for each of ``symbols`` that ``draw`` (id -> its whole SVG)
    knows, and the licence notices of what it holds, each once."""
    shapes: list[str] = []
    notices: list[str] = []
    for symbol in sorted(set(symbols)):
        svg = draw(symbol)
        root = _ROOT.search(svg) if svg is not None else None
        if svg is None or root is None:
            continue
        for comment in _COMMENT.findall(svg):
            if comment not in notices:
                notices.append(comment)
        if symbol.startswith("lucide-") and _LUCIDE_NOTICE not in notices:
            notices.append(_LUCIDE_NOTICE)
        body = _COMMENT.sub("", svg[root.end() : svg.rindex("</svg>")])
        shapes.append(f'<g id="{symbol}">{body}</g>')
    head = "".join(n if n.startswith("<!--") else f"<!--\n{n}\n-->\n" for n in notices)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        + head
        + ("\n" if head and not head.endswith("\n") else "")
        + "<defs>\n"
        + "\n".join(shapes)
        + "\n</defs>\n</svg>\n"
    ).encode()
