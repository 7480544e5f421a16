"""Props given as JSX elements: ``title={<>Add it to <code>docs.json</code></>}``,
``label={<><Icon icon="rocket" /> Quickstart</>}``, ``tip={<>See <a href="/x">this</a></>}``.

Each is read while parsing (so ``check`` reports what ``build`` does) as inline MDX under the
page's own rules: allowlisted HTML tags and attributes, safe links only, no event handler,
drawings rebuilt (render/svg.py), components as in a paragraph. A component shows the HTML
where it shows the prop's text; ``title`` goes the way of a Markdown title (render/mdxtitle.py).
Where a prop cannot hold markup (an anchor's slug, an attribute) the component keeps using
the element's text (render/jsx.py ``jsx_text``). ``icon`` is drawn by render/icons.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.utils import EnvType
from markupsafe import Markup, escape

from docgen.render.jsx import Tag
from docgen.render.mdxtags import attr
from docgen.render.mdxtitle import unlinked

# The props a component shows as markup when given as an element (Card/Step/Accordion/Tab
# title, Update label, Tooltip tip and headline, Card cta, Accordion/Update/Tile description).
SHOWN = frozenset({"title", "label", "tip", "headline", "cta", "description"})
# Text inside JSX is not Markdown (``title={<span>a_b *c*</span>}`` shows the stars): of the
# inline rules, only tags, {expressions}, HTML entities and line breaks are read there.
_JSX_TEXT = ("text", "newline", "mdx_jsx_inline", "mdx_expression", "entity")


@contextmanager
def _jsx_text(md: MarkdownIt) -> Iterator[None]:
    ruler = md.inline.ruler
    active = ruler.get_active_rules()
    if set(active) <= set(_JSX_TEXT):  # already inside an element prop
        yield
        return
    ruler.enableOnly(list(_JSX_TEXT))
    try:
        yield
    finally:
        ruler.enableOnly(active)


def parse(md: MarkdownIt, env: EnvType, tag: Tag, src: str, line: int) -> dict[str, Token]:
    """The element props of ``tag`` (read from ``src`` on ``line``) as ``inline`` tokens."""
    out: dict[str, Token] = {}
    for name, source in tag.elements.items():
        if name not in SHOWN:
            continue
        at = src.find(source, tag.start)
        saved = env.get("_mdx_line")
        env["_mdx_line"] = line + (src.count("\n", tag.start, at) if at != -1 else 0)
        children: list[Token] = []
        try:
            with _jsx_text(md):
                md.inline.parse(source, md, env, children)
        finally:
            env["_mdx_line"] = saved
        for child in children:  # an escape or entity: text, as the core's text_join makes it
            if child.type == "text_special":
                child.type = "text"
        token = Token("inline", "", 0)
        token.content, token.children = source, unlinked(tag, children)
        out[name] = token
    return out


def prepare(meta: dict[str, Any], render: Callable[[list[Token]], str]) -> None:
    """Before the component renders: its element props as HTML (``props_html``)."""
    props: dict[str, Token] = meta.get("props") or {}
    meta["props_html"] = {k: Markup(render(t.children or [])) for k, t in props.items()}


def html(meta: dict[str, Any], tag: Tag, name: str) -> Markup:
    """The prop ``name`` as HTML: its element's markup, else its text, escaped."""
    shown: Markup | None = (meta.get("props_html") or {}).get(name)
    return shown if shown is not None else escape(attr(tag, name))
