"""Mintlify component names, attribute reading and the shared pieces of their HTML.

Which tags are blocks, which are known (others are warned about and shown as their children),
attribute values as text, unique ids and anchors, the allowlisted HTML tags and their safe
attributes (``ParamField``/``ResponseField``: render/mdxfields.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from markdown_it.token import Token
from markdown_it.utils import EnvType
from markupsafe import escape

from docgen.config.urls import raster_image
from docgen.render import icons
from docgen.render.fencemeta import fence_meta
from docgen.render.inlinestyle import style_css, style_object
from docgen.render.jsx import Tag, Unevaluated, as_text, evaluate, scan_tag
from docgen.render.markdown import PAGE_IDS, safe_url, site_relative, unique
from docgen.render.pageclasses import page_classes


def _words(text: str) -> list[str]:
    return text.split()


CALLOUTS = {
    "Note": "note",
    "Warning": "warning",
    "Tip": "tip",
    "Info": "info",
    "Check": "check",
    "Danger": "danger",
    "Callout": "note",
}
FIELD_LOCATIONS = ("query", "path", "body", "header", "cookie")
BLOCK = {
    *CALLOUTS,
    *_words(
        "Card CardGroup Columns Column Tile Steps Step Tabs Tab CodeGroup RequestExample "
        "ResponseExample Accordion AccordionGroup Expandable Frame Panel Update ParamField "
        "Param ResponseField Tree Tree.Folder Tree.File View Visibility Prompt Color "
        "Color.Item Color.Row GitHub.Repo Snippet Latex FileTree FileTree.Folder FileTree.File"
    ),
}
ALIASES = {"FileTree": "Tree", "FileTree.Folder": "Tree.Folder", "FileTree.File": "Tree.File"}
INLINE = {"Badge", "Icon", "Tooltip", "Kbd"}
HTML_BLOCK = set(
    _words(
        "div p img hr table thead tbody tr td th details summary video iframe figure "
        "figcaption section center ul ol li h1 h2 h3 h4 h5 h6 picture source blockquote pre audio "
        "aside article dl dt dd caption tfoot header footer nav"
    )
)
HTML_INLINE = set(
    _words(
        "a b strong i em u code kbd sub sup span br small mark s del abbr q cite var samp dfn ins "
        "button time tt"
    )
)
# Elements HTML lets hold text but no paragraph (a browser closes an open <p> at the next
# <p>, so <p className="x"><p>text</p></p> would lose its class): see unwrap_paragraphs.
PHRASING_ONLY = {*_words("p h1 h2 h3 h4 h5 h6 dt summary"), *(HTML_INLINE - {"a"})}
VOID = {"img", "br", "hr", "source"}
# HTML's void elements: never closed, whether or not written with "/>".
VOID_ELEMENTS = {*VOID, "area", "base", "col", "embed", "input", "link", "meta", "track", "wbr"}
LEFT_OUT = {"script", "style", "noscript", "template"}  # left out with all they hold
_ATTRS = {
    "datetime",
    "alt",
    "title",
    "width",
    "height",
    "id",
    "align",
    "colspan",
    "rowspan",
    "controls",
    "loop",
    "muted",
    "open",
    "start",
    "playsinline",
    "autoplay",  # on <video> only (a muted loop in place of a GIF, as Mintlify documents)
}
# JSX spells HTML's two-word attributes in camelCase (``<video autoPlay playsInline>``).
_JSX_NAMES = {
    "autoPlay": "autoplay",
    "playsInline": "playsinline",
    "colSpan": "colspan",
    "rowSpan": "rowspan",
    "dateTime": "datetime",
}
Warn = Callable[..., None]


def is_block(name: str, snippets: dict[str, Any]) -> bool:
    """Whether a tag at a line start is a block (vs. a tag inside a paragraph)."""
    return (
        name in BLOCK
        or name in HTML_BLOCK
        or name in snippets
        or (name[:1].isupper() and name not in INLINE)
    )


def known(tag: Tag, names: dict[str, Any]) -> Tag:
    """``tag`` with each ``{...}`` attribute the page can answer replaced by its value, as JSX
    reads it: a constant the page exports or imports (``href={url}``, ``href={urls.oss}``,
    ``href={`${urls.pro}?source=intro`}``) that is a string or number; for ``style``, an
    object of such values (``style={{color: accent}}``, ``style={box}``)."""
    style = tag.attrs.get("style")
    if isinstance(style, str) and tag.name[:1].islower():  # <div style="color: red">, as
        tag.attrs["style"] = style_object(style)  # Mintlify reads it on an HTML element
    for key, value in tag.attrs.items():
        if isinstance(value, Unevaluated) and key != "...":
            found = evaluate(value.source, names)
            wanted = dict if key == "style" else (str, int, float)
            if isinstance(found, wanted) and not isinstance(found, bool):
                tag.attrs[key] = found
    return tag


def check(
    tag: Tag, line: int, warn: Warn, *, inline: bool = False, library: str = icons.FONTAWESOME
) -> None:
    """Warn about an unknown component (shown as its children), unevaluated attributes, or an
    ``icon`` that no icon library has (``library`` is the site's: render/icons.py)."""
    name = tag.name
    if not name:
        return
    if name not in BLOCK and name not in INLINE and name not in HTML_BLOCK | HTML_INLINE:
        if name[:1].isupper():
            warn(
                line,
                f"unknown MDX component <{name}>: its content is shown without it",
                near=f"<{name}",
            )
        elif name == "script":  # nothing a reader sees is missing: an info line
            warn(
                line,
                "<script> is never run: pages run no script of their own; left out",
                near="<script",
                info=True,
            )
        elif name in LEFT_OUT:
            warn(
                line,
                f"<{name}> is never run or applied in pages; left out with its content",
                near=f"<{name}",
            )
        else:
            warn(
                line,
                f"HTML tag <{name}> is not allowed in pages; its content is shown without it",
                near=f"<{name}",
            )
        return
    for key, value in tag.attrs.items():
        if isinstance(value, Unevaluated) and key == "style":
            warn(
                line,
                f"<{name} style={{...}}>: '{value.source.strip()[:60]}' holds what docgen cannot"
                " evaluate (a name the page does not define as a constant, a call, an"
                " operator); the style is left out",
                near="style=",
            )
        elif isinstance(value, Unevaluated) and key != "...":
            warn(
                line,
                f"<{name} {key}={{...}}> is not a plain value; docgen does not run it",
                near=f"{key}=",
            )
    wanted = tag.attrs.get("icon")
    style = tag.attrs.get("iconType")
    if (
        isinstance(wanted, str)
        and "icon" not in tag.elements
        and icons.unknown(wanted, library, style if isinstance(style, str) else None)
    ):
        warn(
            line,
            f'<{name} icon="{wanted[:40]}">: no such icon in Font Awesome Free or Lucide; '
            "a neutral mark is shown",
            "icon-unknown",
            near="icon=",
        )


def element_end(src: str, tag: Tag, limit: int) -> int:
    """Where the element ``tag`` opens ends: after its matching closing tag, after the tag
    itself when self-closing, or at ``limit`` when it never closes."""
    if tag.self_closing:
        return tag.end
    close = src.find("</", tag.end, limit)
    while close != -1:
        found = scan_tag(src, close, limit)  # "</Latex>" or "</ Latex>"
        if found is not None and found.closing and found.name == tag.name:
            return found.end
        close = src.find("</", close + 2, limit)
    return limit


def children_of(tokens: Sequence[Token]) -> list[dict[str, Any]]:
    """Direct children worth knowing before rendering: tabs' titles, code blocks' titles."""
    out: list[dict[str, Any]] = []
    depth = 0
    for token in tokens:
        if token.type == "mdx_open":
            if depth == 0:
                tag = token.meta["tag"]
                name = ALIASES.get(tag.name, tag.name)
                title = as_text(tag.attrs.get("title", ""))
                found = {"name": name, "title": title, "tokens": token.meta.get("title")}
                out.append(found | {"icon": attr(tag, "icon")})
            depth += 1
        elif token.type == "mdx_close":
            depth -= 1
        elif token.type == "fence" and depth == 0:
            meta = fence_meta(token.info)  # a tab is named by the title, else the language
            out.append(
                {"name": "fence", "title": meta.title or meta.language or "Code", "icon": meta.icon}
            )
    return out


def attr(tag: Tag, key: str, default: str = "") -> str:
    value = tag.attrs.get(key)
    if value is None or isinstance(value, Unevaluated) or value is False:
        return default
    return as_text(value) if value is not True else "true"


def flag(tag: Tag, key: str) -> bool:
    return tag.attrs.get(key) in (True, "true")


def href(url: str, env: EnvType, shown: bool = False) -> str | None:
    """``url`` as the page writes it (``None``: not at all, render/unsafeurls.py); ``shown``:
    an image's source, where a raster ``data:`` image is kept."""
    if not url or not (safe_url(url) or (shown and raster_image(url))):
        return None
    base = env.get("base")
    if base is not None and url.startswith("/") and not url.startswith("//"):
        return site_relative(url, str(base))
    return url


def new_id(env: EnvType, prefix: str) -> str:
    counter = env["mdx"].ids
    counter[0] += 1
    return f"{prefix}{counter[0]}"


def unique_anchor(env: EnvType, wanted: str) -> str:
    return unique(wanted, env["mdx"].taken)


def tab_index(tag: Tag, count: int) -> int:
    """The tab ``<Tabs defaultTabIndex={1}>`` shows first (zero-based; else the first)."""
    wanted = attr(tag, "defaultTabIndex")
    return int(wanted) if wanted.isdecimal() and int(wanted) < count else 0


def tablist(
    env: EnvType, titles: list[str], label: str, marks: Sequence[str] = (), selected: int = 0
) -> tuple[str, list[str]]:
    """The tab buttons of ``titles`` (each after its icon in ``marks``) and their panels' ids;
    ``selected``: the one shown first."""
    group = new_id(env, "mdx-tabs-")
    ids = [f"{group}-{n}" for n in range(1, len(titles) + 1)]
    shown = list(marks) + [""] * (len(titles) - len(marks))
    buttons = "".join(
        f'<button type="button" role="tab" id="{i}-t" aria-controls="{i}" '
        f'aria-selected="{"true" if n == selected else "false"}"'
        f"{'' if n == selected else ' tabindex=-1'}"
        f"{_unnamed(str(escape(t)), n)}>{m}{escape(t)}</button>"
        for n, (i, t, m) in enumerate(zip(ids, titles, shown, strict=True))
    )
    return (
        f'<div class="mdx-tablist" role="tablist" aria-label="{escape(label)}">{buttons}</div>',
        ids,
    )


def _unnamed(title: str, n: int) -> str:
    """An ``aria-label`` for a tab whose title shows no text (only an icon): the icon's name."""
    if re.sub(r"<[^>]*>", "", title).strip():
        return ""
    icon = re.search(r'data-icon="([^"]+)"', title)
    return f' aria-label="{icon.group(1) if icon else f"Tab {n + 1}"}"'


def is_color(value: str) -> bool:
    text = value.strip()
    allowed = all(c.isalnum() or c in "#(),.% " for c in text)
    return bool(text) and allowed and "url" not in text.lower()  # never a fetch


def _is_hook(key: str) -> bool:
    """``data-docgen-*`` and ``data-mdx-*``: what docgen's scripts look for (the playground's
    data and the address it fetches with the reader's token, copy buttons, tabs), never written
    by a page."""
    return key.lower().startswith(("data-docgen", "data-mdx"))


def _written(attrs: list[str], key: str) -> bool:
    return any(a == f" {key}" or a.startswith(f' {key}="') for a in attrs)


def html_open(tag: Tag, env: EnvType) -> str:
    name = tag.name
    attrs: list[str] = []
    for written, value in tag.attrs.items():
        key = _JSX_NAMES.get(written, written)
        if isinstance(value, Unevaluated) or value is None or value is False:
            continue
        if (key == "autoplay" and name != "video") or _written(attrs, key):
            continue  # a sound never starts by itself; an attribute written twice is kept once
        text = "" if value is True else as_text(value)
        if key in ("href", "src", "poster"):
            url = href(text, env, shown=key != "href" and name != "iframe")
            if url is None:
                continue
            attrs.append(f' {key}="{escape(url)}"')
        elif key in ("className", "class"):
            kept = page_classes(text)
            if name == "button":  # the mark of a page's own button (components.css)
                kept = f"mdx-button {kept}".strip()
            if kept:
                attrs.append(f' class="{escape(kept)}"')
        elif key == "style" and isinstance(value, dict):
            css = style_css(value, lambda url: href(url, env, shown=True))
            if css:
                attrs.append(f' style="{escape(css)}"')
        elif key == "id" and text in PAGE_IDS and env.get("mdx") is not None:
            attrs.append(f' id="{escape(unique_anchor(env, text))}"')  # docgen's own: -2
        elif key in _ATTRS or (key.startswith(("aria-", "data-")) and not _is_hook(key)):
            attrs.append(f' {key}="{escape(text)}"' if text or key == "alt" else f" {key}")
    if name == "iframe":  # not embedded: a link to what it shows
        src = href(attr(tag, "src"), env)
        title = attr(tag, "title") or src or "Embedded content"
        link = (
            f'<a href="{escape(src)}" rel="noopener noreferrer">{escape(title)}</a>'
            if src
            else escape(title)
        )
        return f'<p class="mdx-embed">{link}' + ("</p>" if tag.self_closing else "")
    if name == "a" and any(a.startswith(' href="http') for a in attrs):
        attrs.append(' rel="noopener noreferrer"')
    if name == "button":  # never submits; one whose handler docgen cannot run is disabled
        if not _written(attrs, "class"):
            attrs.append(' class="mdx-button"')
        handler = any(key.lower().startswith("on") for key in tag.attrs)
        attrs.append(' type="button" disabled' if handler else ' type="button"')
    if name == "img" and not any(a.startswith(" alt=") for a in attrs):
        attrs.append(' alt=""')
    html = f"<{name}{''.join(attrs)}>"
    if tag.self_closing and name not in VOID:
        html += f"</{name}>"
    elif name == "table":  # scrolls sideways in a wrapper, as Markdown tables do
        html = '<div class="table-wrap">' + html
    return html


def html_close(name: str) -> str:
    """The closing tag of an allowed HTML element written as a block (a table's wrapper too)."""
    return f"</{name}></div>\n" if name == "table" else f"</{name}>\n"
