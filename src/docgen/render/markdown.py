"""Markdown to safe HTML with markdown-it-py.

Raw HTML is off (it is shown as text), link targets are limited to safe schemes, headings get
unique ids with a visible anchor link, and fenced code is highlighted at build time.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import escape

from docgen.config.urls import raster_image
from docgen.nav.slugs import heading_slug
from docgen.render import assets, autolink, codeglue, htmlheading, unsafeurls
from docgen.render.assets import AssetScope
from docgen.render.codelines import draw_lines, pre_attrs, take_notations
from docgen.render.fencemeta import fence_meta, mark_lines
from docgen.render.highlight import highlight

_CONTROL = re.compile(r"[\x00-\x20\x7f]+")
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})


def safe_url(url: str) -> bool:
    """True for relative URLs, fragments and http(s)/mailto/tel; never javascript:/data: etc.

    The scheme is read after removing whitespace and control characters, as browsers do, and
    after decoding entities and percent-escapes (render/unsafeurls.py).
    """
    cleaned = _CONTROL.sub("", url)
    match = _SCHEME.match(cleaned)
    if match is None:
        return not cleaned.startswith("\\\\") and unsafeurls.writable(url)
    return match.group(1).lower() in SAFE_SCHEMES and unsafeurls.writable(url)


def any_link(url: str) -> bool:
    """Every link and image is parsed: render/unsafeurls.py takes the unsafe ones out (their
    text kept) and reports each with its place; the renderers check again."""
    return True


@dataclass(slots=True)
class Rendered:
    html: str
    headings: list[tuple[int, str, str]] = field(default_factory=list)  # (level, text, id)
    # The ids of the headings inside a <Tabs> panel -> whether that panel starts hidden.
    tabbed: dict[str, bool] = field(default_factory=dict)


def _fence(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    meta = fence_meta(token.info)  # the language, then a title and options (render/fencemeta)
    language = meta.language
    scope = assets.scope_of(env)[0]  # a custom language's lexer (config/languages.py)
    lexer = scope.languages.get(language.lower(), language) if scope and language else language
    text, marks = take_notations(token.content.rstrip("\n"), lexer)  # [!code ++]...
    code = highlight(text, lexer)
    if marks or meta.focus or "lines" in meta.flags:  # every line in a span (render/codelines)
        code = draw_lines(code, marks, meta.highlight, meta.focus)
    elif meta.highlight:
        code = mark_lines(code, meta.highlight)
    lang_attr = f' data-lang="{escape(language)}"' if language else ""
    title_attr = f' data-title="{escape(meta.title)}"' if meta.title else ""
    wrap = " data-wrap" if "wrap" in meta.flags else ""
    wrap += pre_attrs(meta.flags, text.count("\n") + 1, marks, bool(meta.focus))
    return f'<pre class="highlight"{lang_attr}{title_attr}{wrap}><code>{code}</code></pre>\n'


def _heading_open(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    anchor = token.attrGet("id")
    return f'<{token.tag} id="{escape(anchor)}">' if anchor else f"<{token.tag}>"


def _heading_close(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    opening = tokens[idx - 2] if idx >= 2 else None
    anchor = opening.attrGet("id") if opening is not None else None
    link = ""
    if anchor and not (opening is not None and opening.meta.get("no_anchor")):
        link = (
            f'<a class="anchor heading-anchor" href="#{escape(anchor)}" '
            f'aria-label="Link to this section">#</a>'
        )
    return f"{link}</{token.tag}>\n"


# ``## Configuration options {#config}``: the heading's id is ``config``, as in Mintlify.
# Without the spaces before it: tried from each of them, a heading of 30,000 spaces took 9 s.
_CUSTOM_ID = re.compile(r"\{#([^\s{}#]+)\}\s*$")


def _custom_heading_ids(state: StateCore) -> None:
    """Take a heading's trailing ``{#custom-id}`` off its text (before inline parsing, so an
    MDX page does not read it as an expression) and keep it for the heading's id."""
    tokens = state.tokens
    for index, token in enumerate(tokens[:-1]):
        if token.type != "heading_open" or tokens[index + 1].type != "inline":
            continue
        inline = tokens[index + 1]
        match = _CUSTOM_ID.search(inline.content)
        head = inline.content[: match.start()].rstrip() if match is not None else ""
        if match is not None and head:
            inline.content = head
            token.meta["custom_id"] = match.group(1)


def _link_open(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    if not safe_url(href):  # taken out while parsing (render/unsafeurls.py): never written
        token.attrs.pop("href", None)
    elif href.startswith(("http://", "https://")):
        token.attrSet("rel", "noopener noreferrer")
    elif href.startswith("/") and not href.startswith("//") and "base" in env:
        token.attrSet("href", site_relative(href, str(env["base"])))
    return self.renderToken(tokens, idx, options, env)


def _image(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    if not (safe_url(src) or raster_image(src)):
        return str(escape(token.content))  # never written (render/unsafeurls.py)
    if src.startswith("/") and not src.startswith("//") and "base" in env:
        token.attrSet("src", site_relative(src, str(env["base"])))
    return str(self.image(tokens, idx, options, env))


def _table_open(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    # The box that scrolls sideways is this wrapper, not the table: the table keeps its own
    # layout and may be wider than the column (docgen.css), so a table too wide for a phone
    # scrolls with readable columns instead of squeezing its text to a word per line.
    return '<div class="table-wrap">' + str(self.renderToken(tokens, idx, options, env))


def _table_close(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(self.renderToken(tokens, idx, options, env)) + "</div>\n"


def site_relative(href: str, base: str) -> str:
    """A root-relative link (``/guides/x#y``) rewritten against ``base`` (``../../``), so the
    site works from any folder: ``../../guides/x/#y``."""
    path, hash_mark, fragment = href.partition("#")
    path, query_mark, query = path.partition("?")
    path = path.lstrip("/")
    if path and not path.endswith("/") and "." not in path.rsplit("/", 1)[-1]:
        path += "/"
    if base == "/":  # root-absolute (the not-found page, served at any depth)
        return "/" + path.lstrip("/\\") + (query_mark + query) + (hash_mark + fragment)
    out = (base if base != "./" or not path else "") + path
    if ":" in out.split("/", 1)[0] or out.startswith(("\\", "/")):
        out = "./" + out  # "/javascript:x" from the root is never "javascript:x", nor "//host"
    out = out or "./"
    return out + (query_mark + query) + (hash_mark + fragment)


class MarkdownRenderer:
    """One configured markdown-it instance; :meth:`render` is safe for untrusted text."""

    def __init__(self) -> None:
        self._md = self._build()

    @staticmethod
    def _build() -> MarkdownIt:
        md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
        md.enable(["table", "strikethrough"])
        autolink.use(md)  # remark-gfm's bare links, as Mintlify reads pages
        codeglue.use(md)
        md.validateLink = any_link  # type: ignore[method-assign]
        md.add_render_rule("fence", _fence)
        md.add_render_rule("code_block", _fence)
        md.add_render_rule("heading_open", _heading_open)
        md.add_render_rule("heading_close", _heading_close)
        md.add_render_rule("link_open", _link_open)
        md.add_render_rule("image", _image)
        md.add_render_rule("table_open", _table_open)
        md.add_render_rule("table_close", _table_close)
        md.core.ruler.before("inline", "custom_heading_ids", _custom_heading_ids)
        md.core.ruler.push("docgen_unsafe_urls", unsafeurls.core_rule)
        md.core.ruler.push("docgen_assets", assets.core_rule)
        return md

    def extended(self, plugin: Callable[[MarkdownIt], None]) -> MarkdownIt:
        """A new instance configured like this one, with ``plugin`` added (MDX)."""
        md = self._build()
        md.use(plugin)
        return md

    def render(
        self,
        text: str,
        *,
        anchors: bool = True,
        taken: set[str] | None = None,
        shift: int = 0,
        base: str | None = None,
        assets: AssetScope | None = None,
        first_line: int = 1,
    ) -> Rendered:
        """Render ``text``. ``shift`` demotes headings (spec descriptions under an ``h1``);
        ``base`` rewrites root-relative links to page-relative ones; ``assets`` (a page body
        starting on ``first_line`` of its file) checks and re-points local files."""
        env: dict[str, Any] = {} if base is None else {"base": base}
        if assets is not None:
            env["assets"], env["assets_line"] = assets, first_line
        return self.render_with(self._md, text, env, anchors=anchors, taken=taken, shift=shift)

    @staticmethod
    def render_with(
        md: MarkdownIt,
        text: str,
        env: dict[str, Any],
        *,
        anchors: bool = True,
        taken: set[str] | None = None,
        shift: int = 0,
    ) -> Rendered:
        """Render ``text`` with ``md`` (this renderer's rules plus a plugin) and ``env``."""
        tokens = md.parse(text, env)
        headings: list[tuple[int, str, str]] = []
        tabbed: dict[str, bool] = {}
        used = taken if taken is not None else TakenIds()
        hidden = 0  # inside an Accordion, Expandable, Update...: left out of the contents
        panels = htmlheading.TabPanels()
        for index, token in enumerate(tokens):
            if token.type == "mdx_html" and token.meta.get("headings") and not hidden:
                headings += token.meta["headings"]  # an inlined snippet's, in its place
                tabbed.update(token.meta.get("tabbed", {}))
                if panels.inside:
                    for _, _, anchor in token.meta["headings"]:
                        tabbed[anchor] = panels.hidden or tabbed.get(anchor, False)
                continue
            if token.type in ("mdx_open", "mdx_close"):
                if (step := htmlheading.step_entry(token, panels.parent)) is not None:
                    token.meta["toc"] = step  # read below, as an HTML heading's entry is
                panels.step(token)
                # An entry of the table of contents from an element (an <Update>'s label, an
                # HTML heading's text): its anchor is given here, in page order.
                if token.meta.get("toc") and (found := htmlheading.entry(tokens, index)):
                    token.meta["anchor"] = unique(found[2], used)
                    if found[0] > 1 and not hidden:  # an HTML <h1> (a hero's) stays an h1
                        headings.append((found[0], found[1], token.meta["anchor"]))
                        if panels.inside:
                            tabbed[token.meta["anchor"]] = panels.hidden
                hidden += htmlheading.hides_contents(token)
                continue
            if token.type not in ("heading_open", "heading_close"):
                continue
            level = min(6, int(token.tag[1]) + shift)
            token.tag = f"h{level}"
            if token.type == "heading_open" and anchors:
                inline = tokens[index + 1]
                children = [c for c in inline.children or [] if c.type in ("text", "code_inline")]
                text_content = "".join(c.content for c in children)
                written = "".join((c.meta or {}).get("straight", c.content) for c in children)
                wanted = token.meta.get("custom_id") or heading_slug(written)  # not smartypants
                anchor = unique(wanted or "section", used)
                token.attrSet("id", anchor)
                if not hidden:
                    headings.append((level, text_content, anchor))
                    if panels.inside:
                        tabbed[anchor] = panels.hidden
        html = md.renderer.render(tokens, md.options, env)
        return Rendered(html, headings, tabbed)

    def inline(
        self,
        text: str,
        base: str | None = None,
        assets: AssetScope | None = None,
        first_line: int = 1,
    ) -> str:
        """Inline Markdown (no paragraphs) for short texts like summaries; ``base`` rewrites
        root-relative links to page-relative ones; ``assets`` (text starting on ``first_line``
        of a page file) checks and re-points links and local files, as :meth:`render` does."""
        env: dict[str, Any] = {} if base is None else {"base": base}
        if assets is not None:
            env["assets"], env["assets_line"] = assets, first_line
        return str(self._md.renderInline(text, env))


# The ids of docgen's own page elements (templates/): a heading named "Search dialog" or
# "Sidebar" must not take one (a second id="search-dialog" broke search on its page); nor may
# a page's <div id="..."> take them, or the names of the globals the site's scripts set up
# (an element with id="dataLayer" is window.dataLayer: Google's tags then failed to load).
SCRIPT_GLOBALS = frozenset(
    ("dataLayer", "gtag", "posthog", "plausible", "fathom", "google_tag_manager")
)  # no element of a page: never an anchor to link to
PAGE_IDS = frozenset(
    (
        "content", "sidebar", "toc-title", "search-dialog", "search-input", "search-results",
        "not-found-title", "auth-callback-title", "section-attributes", "section-authorization",
        "section-request-body", "section-responses", "section-servers",
    )
) | SCRIPT_GLOBALS  # fmt: skip


class TakenIds(set[str]):
    """The ids a page has given (docgen's own first), and for each wanted id the last number
    added to it: the next ``-N`` is looked for from there, not from 2 (20,000 headings "# a"
    took a minute)."""

    def __init__(self, reserved: frozenset[str] = PAGE_IDS) -> None:
        super().__init__(reserved)
        self.numbers: dict[str, int] = {}


def unique(anchor: str, used: set[str]) -> str:
    """``anchor``, or ``anchor-2``, ``anchor-3``... the first not in ``used`` (then added)."""
    numbers = used.numbers if isinstance(used, TakenIds) else {}
    candidate = anchor
    number = numbers.get(anchor, 1)
    if number > 1:
        candidate = f"{anchor}-{number}"
    while candidate in used:
        number += 1
        candidate = f"{anchor}-{number}"
    numbers[anchor] = number
    used.add(candidate)
    return candidate


_RENDERER: MarkdownRenderer | None = None


def renderer() -> MarkdownRenderer:
    """The shared renderer (building markdown-it is costly; rendering is reentrant)."""
    global _RENDERER
    if _RENDERER is None:
        _RENDERER = MarkdownRenderer()
    return _RENDERER


def to_html(text: Any, shift: int = 1, base: str | None = None) -> str:
    """Spec description text to HTML (non-strings give ``""``), headings without anchors."""
    if not isinstance(text, str) or not text.strip():
        return ""
    return _to_html(text, shift, base)


def _to_html(text: str, shift: int, base: str | None) -> str:
    if text[0] in " \t\r\n":
        # Specs generated from code keep its indentation ("\n    Trigger an event..."): every
        # line indented alike is prose written indented, not one code block.
        text = textwrap.dedent(text).strip("\r\n")
    if _PLAIN.fullmatch(text) and not _OTHER_SPACE.search(text) and text[-1] != " ":
        # One line of words that no Markdown rule touches (most short spec descriptions):
        # the paragraph markdown-it writes, without parsing it (property-tested).
        return "<p>" + text.replace('"', "&quot;") + "</p>\n"
    if len(text) <= CACHE_MAX_CHARS:
        return _cached_html(text, shift, base)
    return renderer().render(text, anchors=False, shift=shift, base=base).html


CACHE_MAX_CHARS = 2_000
# A letter, then anything but line breaks, control characters and the characters that start
# Markdown syntax inside a line (escapes, code, emphasis, links, autolinks, entities, tables).
_PLAIN = re.compile(r"[^\W\d_][^\x00-\x1f\x7f-\x9f\\`*_\[\]<>&~|]*")
_OTHER_SPACE = re.compile(r"[^\S ]")  # whitespace other than the space


@lru_cache(maxsize=4096)
def _cached_html(text: str, shift: int, base: str | None) -> str:
    # Big specs repeat the same short descriptions on page after page (85% of the calls on
    # GitHub's); long ones are rarely repeated and are not kept.
    return renderer().render(text, anchors=False, shift=shift, base=base).html
