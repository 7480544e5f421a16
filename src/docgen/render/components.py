"""Mintlify's component library as static HTML (docgen's own implementation, nothing run).

Render rules for the tokens render/mdx.py produces: ``mdx_open``/``mdx_close`` (block
components), ``mdx_inline`` (tags in text), ``mdx_text`` (evaluated expressions), ``mdx_html``
(snippets). Interactive parts (tabs, code groups, copy) use components.js; everything reads
without it. Names, attributes and shared pieces: render/mdxtags.py.
"""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup, escape

from docgen.nav.slugs import slugify
from docgen.render import (
    badges,
    cardlinks,
    codeicons,
    htmlheading,
    iconimports,
    icons,
    mdxpalette,
    mdxprops,
    mdxtags,
    mdxtitle,
    mdxviews,
    tabbedfence,
)
from docgen.render.jsx import Tag, as_text
from docgen.render.mdxfields import field_open
from docgen.render.mdxtags import (
    ALIASES,
    BLOCK,
    CALLOUTS,
    HTML_BLOCK,
    HTML_INLINE,
    VOID,
    attr,
    flag,
    html_close,
    html_open,
    is_color,
    unique_anchor,
)
from docgen.render.mdxtooltip import tooltip
from docgen.render.nestedlinks import unlinked
from docgen.render.pageclasses import with_classes


def _inline_md(md_text: str, env: EnvType) -> str:
    from docgen.render.markdown import renderer

    return renderer().inline(md_text)


# Around Request/ResponseExample: an endpoint page moves them to its example column
# (render/apipage.py). Content cannot write these: Markdown's raw HTML is off.
ARROW = '<span class="card-arrow" aria-hidden="true"> \u2192</span>'
EXAMPLE_START = "<!--docgen:example-->"
EXAMPLE_END = "<!--/docgen:example-->"


def _icon(tag: Tag, env: EnvType, css: str = "", default: str = "") -> str:
    """The component's ``icon`` (with ``iconType``, ``color``), else ``default``'s."""
    name, element = attr(tag, "icon") or default, tag.elements.get("icon")
    if not name and element is None:
        return ""
    context = env.get("mdx")
    scope = getattr(context, "assets", None)
    library = getattr(scope, "icons", icons.FONTAWESOME)
    color = attr(tag, "color") if tag.name in ("Icon", "Card") else ""
    size = attr(tag, "size") if tag.name == "Icon" else ""  # pixels: size={24}
    markup = icons.icon(
        name,
        library,
        attr(tag, "iconType") or None,
        base=env.get("base"),
        color=color if color and is_color(color) else None,
        size=int(size) if size.isascii() and size.isdecimal() and 0 < int(size) <= 512 else None,
    )
    if element is not None:  # icon={<svg ...>}, icon={<img src="..." />}, icon={<Brain />}
        markup = iconimports.element(element, getattr(context, "names", {}), library, env)
    return f'<span class="{css}">{markup}</span>' if css else markup


def _open(tag: Tag, meta: dict[str, Any], env: EnvType) -> str:
    name = ALIASES.get(tag.name, tag.name)
    title = meta.get("title_html") or attr(tag, "title")
    head = f'<p class="callout-title">{escape(title)}</p>' if title else ""
    stack: list[dict[str, Any]] = env.setdefault("_mdx_stack", [])
    frame: dict[str, Any] = {"name": name}
    stack.append(frame)
    if name in CALLOUTS:
        mark = _icon(tag, env, "callout-icon")
        color = attr(tag, "color")  # <Callout color="#FFC107">: its accent
        style = f' style="--callout:{escape(color)}"' if color and is_color(color) else ""
        return f'<div class="callout callout-{CALLOUTS[name]}" role="note"{style}>{mark}{head}'
    if name in ("CardGroup", "Columns"):
        cols = attr(tag, "cols", "2")
        cols = cols if cols in ("1", "2", "3", "4") else "2"
        return f'<div class="card-group cols-{cols}">'
    if name in ("Card", "Tile"):
        href = mdxtags.href(attr(tag, "href"), env)
        image = mdxtags.href(attr(tag, "img"), env, shown=True)
        parts = [f'<img class="card-img" src="{escape(image)}" alt="">' if image else ""]
        kind = attr(tag, "type") if attr(tag, "type") in cardlinks.TYPED else ""
        parts.append(_icon(tag, env, "card-icon", cardlinks.TYPED.get(kind, "")))
        arrow = ARROW if flag(tag, "arrow") else ""
        head = f'<p class="card-title">{escape(title)}{arrow}</p>' if title else ""
        cta = attr(tag, "cta")  # the call to action at the card's foot
        foot = f'<p class="card-cta">{mdxprops.html(meta, tag, "cta")}{ARROW}</p>' if cta else ""
        if name == "Tile":  # its preview (the children) on top, its title and description below
            desc = mdxprops.html(meta, tag, "description") if attr(tag, "description") else ""
            foot = "</div>" + head + (f'<p class="card-desc">{desc}</p>' if desc else "") + foot
            head = '<div class="tile-preview">'
        parts.append(head)
        covered = bool(href) and bool(meta.get("inner_links"))  # links inside: no <a> around
        frame["close"] = foot + cardlinks.end(href or "", title, covered)
        horizontal = " card-horizontal" * flag(tag, "horizontal") + " card-covered" * covered
        horizontal += " card-tile" * (name == "Tile")
        horizontal += f" card-type-{kind}" if kind else ""
        if href and not covered:
            rel = ' rel="noopener noreferrer"' if href.startswith(("http:", "https:")) else ""
            return f'<a class="card{horizontal}" href="{escape(href)}"{rel}>' + "".join(parts)
        return f'<div class="card{horizontal}">' + "".join(parts)
    if name == "Steps":
        frame["title_size"] = tag.attrs.get("titleSize")  # its steps' unless they say theirs
        return '<ol class="steps">'
    if name == "Step":
        steps = stack[-2] if len(stack) > 1 and stack[-2]["name"] == "Steps" else {}
        size = steps.get("title_size")
        step_head = htmlheading.step_title(tag, escape(title), meta.get("anchor"), size)
        mark, number = _icon(tag, env, "step-icon"), attr(tag, "stepNumber")  # its own number
        shown = f' data-step="{escape(number)}"' if number.isdecimal() and len(number) < 6 else ""
        css = "step has-icon" if mark else "step"
        return f'<li class="{css}"{shown}>{mark}{step_head}<div class="step-body">'
    if name in ("Tabs", "CodeGroup", "RequestExample", "ResponseExample"):
        wanted = "Tab" if name == "Tabs" else "fence"
        titles, marks = codeicons.tab_titles(meta.get("children", []), wanted, env)
        label = {
            "Tabs": "Tabs",
            "CodeGroup": "Code",
            "RequestExample": "Request example",
            "ResponseExample": "Response example",
        }[name]
        frame["selected"] = mdxtags.tab_index(tag, len(titles)) if name == "Tabs" else 0
        tablist, ids = mdxtags.tablist(env, titles, label, marks, frame["selected"])
        frame["panels"] = ids
        frame["next"] = 0
        css = "mdx-tabs" if name == "Tabs" else "mdx-tabs code-group"
        caption = f'<p class="example-title">{label}</p>' if name.endswith("Example") else ""
        mark = EXAMPLE_START if name.endswith("Example") else ""  # endpoint pages: the aside
        shown = tablist if len(ids) > 1 else ""
        sync = " data-no-sync" if tag.attrs.get("sync") in (False, "false") else ""  # its own
        return f'{mark}<div class="{css}" data-mdx-tabs{sync}>{caption}{shown}'
    if name in ("Tab", "View"):
        parent = stack[-2] if len(stack) > 1 else None
        if parent is not None and "panels" in parent and parent["next"] < len(parent["panels"]):
            panel = parent["panels"][parent["next"]]
            parent["next"] += 1
            hidden = " hidden" if parent["next"] - 1 != parent.get("selected", 0) else ""
            wanted = slugify(attr(tag, "id")) if name == "Tab" else ""  # a link opens the tab
            anchor = unique_anchor(env, wanted) if wanted else ""
            mark = f'<span class="tab-anchor" id="{escape(anchor)}"></span>' if anchor else ""
            return (
                f'<div class="mdx-tabpanel" role="tabpanel" id="{panel}" '
                f'aria-labelledby="{panel}-t"{hidden}>{mark}'
            )
        return mdxviews.view_open(attr(tag, "title"), _icon(tag, env), env)
    if name == "AccordionGroup":
        return '<div class="accordion-group">'
    if name in ("Accordion", "Expandable"):
        summary = title or ("Details" if name == "Accordion" else "Show child attributes")
        if name == "Expandable" and title:
            summary = Markup("Show {}").format(title)
        is_open = " open" if flag(tag, "defaultOpen") else ""
        if name == "Accordion":  # a link to it opens it; opened, it is the page's hash
            wanted = slugify(attr(tag, "id")) or slugify(as_text(tag.attrs.get("title", "")))
            is_open += f' id="{escape(unique_anchor(env, wanted or "accordion"))}"'
        css = "accordion" if name == "Accordion" else "expandable"
        desc = attr(tag, "description")
        extra = f'<span class="accordion-desc">{mdxprops.html(meta, tag, "description")}</span>'
        extra = extra if desc else ""
        return (
            f'<details class="{css}"{is_open}><summary>{_icon(tag, env, "accordion-icon")}'
            f"{escape(summary)}{extra}</summary>"
            f'<div class="{css}-body">'
        )
    if name == "Frame":
        hint = attr(tag, "hint")
        frame["caption"] = attr(tag, "caption")
        return (
            f'<p class="frame-hint">{escape(hint)}</p>' if hint else ""
        ) + '<figure class="frame">'
    if name == "Panel":
        return '<aside class="mdx-panel">'
    if name == "Update":
        label = attr(tag, "label")
        anchor = meta.get("anchor") or unique_anchor(env, slugify(label) or "update")
        desc = (
            f"<p>{mdxprops.html(meta, tag, 'description')}</p>" if attr(tag, "description") else ""
        )
        tags = tag.attrs.get("tags")
        chips = ""
        if isinstance(tags, list):
            chips = "".join(f'<span class="badge">{escape(as_text(t))}</span>' for t in tags)
        return (
            f'<section class="mdx-update" id="{escape(anchor)}"><div class="update-label">'
            f'<a href="#{escape(anchor)}">{mdxprops.html(meta, tag, "label")}</a>'
            f'{desc}{chips}</div><div class="update-body">'
        )
    if name in ("ParamField", "Param", "ResponseField"):
        return field_open(tag, env, stack)
    if name in ("Tree", "Tree.Folder", "Tree.File"):
        return mdxpalette.tree_open(name, tag, meta, frame)
    if name == "Column":  # one cell of <Columns>
        return '<div class="mdx-column">'
    if name == "Visibility":
        frame["hidden"] = attr(tag, "for") == "agents"
        return "<div hidden>" if frame["hidden"] else "<div>"
    if name == "Prompt":
        desc = attr(tag, "description")
        return (
            f'<div class="mdx-prompt"><p class="prompt-desc">{_inline_md(desc, env)}</p>'
            f'<div class="prompt-body" data-mdx-copy>'
        )
    if name in ("Color", "Color.Row", "Color.Item"):
        return mdxpalette.color_open(name, tag, title)
    if name == "GitHub.Repo":
        repo = attr(tag, "repo")
        return (
            f'<a class="card" href="https://github.com/{escape(repo)}" rel="noopener noreferrer">'
            f'<p class="card-title">{escape(repo)}</p>'
        )
    if name == "a" and meta.get("inner_links"):  # links inside: a box its link covers
        frame["close"] = cardlinks.end(
            mdxtags.href(attr(tag, "href"), env) or "", str(meta.get("cover_label", "")), True
        )
        return unlinked(html_open(htmlheading.written(tag, meta), env), "div", "link-covered")
    if name in HTML_BLOCK or name in HTML_INLINE:  # an inline tag alone on its line: a block
        drawn = html_open(htmlheading.written(tag, meta), env)
        return htmlheading.opened(drawn, tag, meta, stack)
    frame["unknown"] = True
    return f'<div class="mdx-unknown" data-component="{escape(name)}">'


def _close(tag: Tag, env: EnvType) -> str:
    stack: list[dict[str, Any]] = env.get("_mdx_stack", [])
    frame = stack.pop() if stack else {"name": tag.name}
    name = ALIASES.get(tag.name, tag.name)
    if name in CALLOUTS or name in (
        "Tab",
        "View",
        "CardGroup",
        "Columns",
        "AccordionGroup",
        "Visibility",
        "Column",
    ):
        return "</div>\n"
    if name in ("Card", "Tile", "GitHub.Repo") or (name == "a" and "close" in frame):
        return str(frame.get("close", "</a>")) + "\n"
    if name == "Steps":
        return "</ol>\n"
    if name == "Step":
        return "</div></li>\n"
    if name in ("Tabs", "CodeGroup", "RequestExample", "ResponseExample"):
        return "</div>\n" + (EXAMPLE_END if name.endswith("Example") else "")
    if name in ("Accordion", "Expandable"):
        return "</div></details>\n"
    if name == "Frame":
        caption = frame.get("caption")
        cap = f"<figcaption>{_inline_md(str(caption), env)}</figcaption>" if caption else ""
        return f"{cap}</figure>\n"
    if name == "Panel":
        return "</aside>\n"
    if name == "Update":
        return "</div></section>\n"
    if name in ("ParamField", "Param", "ResponseField"):
        return "</div></div>\n"
    if name in ("Tree", "Tree.Folder", "Tree.File"):
        return mdxpalette.tree_close(name, frame)
    if name == "Prompt":
        return (
            "</div>"
            '<button type="button" class="mdx-copy" data-mdx-copy-button>Copy prompt</button>'
            "</div>\n"
        )
    if name in ("Color", "Color.Row", "Color.Item"):
        return mdxpalette.color_close(name)
    if name in HTML_BLOCK or name in HTML_INLINE:
        if name == "iframe":
            return "" if tag.self_closing else "</p>\n"
        closed = "" if name in VOID or tag.self_closing else html_close(name)
        return htmlheading.closing(frame) + closed if closed else ""
    return "</div>\n"


def _inline(tag: Tag, meta: dict[str, Any], env: EnvType) -> str:
    name = tag.name
    if not name:
        return ""
    if name in HTML_INLINE or (name in HTML_BLOCK and name in VOID | {"img"}):
        if tag.closing:
            return "" if name in VOID else f"</{name}>"
        return html_open(tag, env)
    if name == "Tooltip":
        return tooltip(tag, meta, env)
    if name == "Badge":
        mark = _icon(tag, env, "badge-icon") if attr(tag, "icon") and not tag.closing else ""
        return with_classes(badges.html(tag, mark), attr(tag, "className"))
    if name == "Icon":
        if tag.closing:
            return ""
        return with_classes(_icon(tag, env) or icons.icon_html(""), attr(tag, "className"))
    if name == "Kbd":
        return "</kbd>" if tag.closing else "<kbd>"
    if name in BLOCK:
        if tag.self_closing:
            return ""
        return "</span>" if tag.closing else f'<span class="mdx-inline-{escape(slugify(name))}">'
    return ""  # unknown or not allowed (warned): its children show without it


def _render_open(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    meta = tokens[idx].meta
    mdxtitle.prepare(meta, lambda children: str(self.renderInline(children, options, env)))
    mdxprops.prepare(meta, lambda children: str(self.renderInline(children, options, env)))
    return _open(meta["tag"], meta, env)


def _render_close(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return _close(tokens[idx].meta["tag"], env)


def _render_inline(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    meta = tokens[idx].meta
    mdxprops.prepare(meta, lambda children: str(self.renderInline(children, options, env)))
    return _inline(meta["tag"], meta, env)


def _render_text(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(escape(tokens[idx].content))


def _render_html(
    self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    html = token.content
    images: dict[str, str] = (token.meta or {}).get("images") or {}
    for written, moved in images.items():  # a drawing's files of the site, as an <img src>
        url = mdxtags.href(moved or written, env, shown=True)
        drawn = f' href="{escape(url)}"' if url is not None else ""
        html = html.replace(f' href="{escape(written)}"', drawn)
    return html


def install(md: MarkdownIt) -> None:
    """Add the component render rules; fences in a tab group become its panels."""
    fence = md.renderer.rules["fence"]  # type: ignore[attr-defined]
    md.add_render_rule("fence", tabbedfence.rule(fence))
    md.add_render_rule("mdx_open", _render_open)
    md.add_render_rule("mdx_close", _render_close)
    md.add_render_rule("mdx_inline", _render_inline)
    md.add_render_rule("mdx_text", _render_text)
    md.add_render_rule("mdx_html", _render_html)
    md.core.ruler.push("mdx_card_links", cardlinks.mark)
