"""Plain-text outputs for AI tools and crawlers: Markdown twins of pages and ``llms.txt``."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from docgen.nav.model import Page, Site
from docgen.nav.urls import twin_path
from docgen.render.subtrees import text_of
from docgen.render.views import Body, OperationView, SchemaField, Variant

_TAGS = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    """HTML produced by docgen's Markdown renderer back to plain text."""
    return html.unescape(_TAGS.sub("", fragment)).strip()


_BREAKS = re.compile(r"[\r\n\v\f\x85\u2028\u2029]+")
_RUNS = re.compile(r"`+")


def _longest_run(text: str) -> int:
    """The longest run of backticks in ``text`` (0: none)."""
    if "`" not in text:  # nearly always: every field of every page asks
        return 0
    return max((len(run) for run in _RUNS.findall(text)), default=0)


def _line(text: str) -> str:
    """Spec text on one line of the twin: a line break in a name or value would start the
    twin's own Markdown (``# Injected`` a heading)."""
    if text.isprintable():  # no line break of any kind (each is unprintable): nearly always
        return text
    return _BREAKS.sub(" ", text)


def _code(text: object) -> str:
    """``text`` as one code span: fenced by more backticks than any run inside it."""
    inner = _line(str(text))
    fence = "`" * (_longest_run(inner) + 1)
    pad = " " if inner.startswith(("`", " ")) or inner.endswith(("`", " ")) else ""
    return f"{fence}{pad}{inner}{pad}{fence}"


def _field_lines(fields: tuple[SchemaField, ...], depth: int = 0) -> list[str]:
    """Markdown list lines of ``fields``, made once for the fields pages share."""
    return text_of(("markdown", depth), fields, lambda: _each_field(fields, depth))


def _each_field(fields: tuple[SchemaField, ...], depth: int) -> list[str]:
    lines = []
    for f in fields:
        bits = [_code(f.name), f.type]
        if f.required:
            bits.append("required")
        if f.default is not None:
            bits.append(f"default {_code(f.default)}")
        if f.enum:
            more = f" and {f.enum_more:,} more" if f.enum_more else ""
            bits.append("one of " + ", ".join(_code(e) for e in f.enum) + more)
        for c in f.constraints:
            bits.append(f"{c.label} {c.value}")
        description = _text(f.description_html).replace("\n", " ")
        line = "  " * depth + "- " + _line(", ".join(bits))
        lines.append(line + (f": {_line(description)}" if description else ""))
        lines.extend(_field_lines(f.children, depth + 1))
        lines.extend(_variant_lines(f.variant_kind, f.variants, depth + 1))
    return lines


_KIND_WORDS = {"oneOf": "one of", "anyOf": "any of"}


def _variant_lines(kind: str | None, variants: tuple[Variant, ...], depth: int) -> list[str]:
    """The alternatives of a oneOf/anyOf, each with its fields (or its linked schema page)."""
    lines = []
    word = _KIND_WORDS.get(kind or "", kind or "one of")
    for variant in variants:
        label = f"{word}: {variant.label}" + (f" ({variant.type})" if variant.type else "")
        if variant.schema_href and not variant.fields:
            label += f", fields on [{variant.schema_name}]({variant.schema_href})"
        description = _text(variant.description_html).replace("\n", " ")
        label += f": {description}" if description else ""
        lines.append("  " * depth + f"- {_line(label)}")
        lines.extend(_field_lines(variant.fields, depth + 1))
    return lines


def _body_lines(body: Body) -> list[str]:
    return [*_field_lines(body.fields), *_variant_lines(body.variant_kind, body.variants, 0)]


def operation_markdown(view: OperationView) -> list[str]:
    out = [_code(f"{view.method} {view.path}"), ""]
    if view.deprecated:
        out += ["**Deprecated.**", ""]
    if view.servers:
        out += ["Servers: " + ", ".join(_code(s.url) for s in view.servers), ""]
    if view.description_html:
        out += [_text(view.description_html), ""]
    if view.security:
        out += ["## Authorization", ""]
        for alternative in view.security:
            out.append(
                "- "
                + " + ".join(
                    _line(s.title)
                    + (f" ({_code(s.param_name)} in {s.location})" if s.param_name else "")
                    for s in alternative
                )
            )
        out.append("")
    for group in view.param_groups:
        out += [f"## {group.title}", "", *_field_lines(group.fields), ""]
    for body in view.request_bodies:
        required = " (required)" if view.request_required else ""
        out += [
            f"## Request body{required}: {_code(body.media_type)}",
            "",
            *_body_lines(body),
            "",
        ]
    if view.responses:
        out += ["## Responses", ""]
        for response in view.responses:
            out += [f"### {_line(response.status)}", ""]
            if response.description_html:
                out += [_text(response.description_html), ""]
            for body in response.bodies:
                out += [f"{_code(body.media_type)}: {_line(body.type)}", "", *_body_lines(body), ""]
    for sample in view.samples[:1]:
        out += ["## Example request", "", *fenced(sample.code, sample.lang), ""]
    return out


_INFO = re.compile(r"[^\w+#.-]")


def fenced(code: str, lang: str) -> list[str]:
    """``code`` as one fenced block whatever it holds: the fence is longer than any run of
    backticks in it (four closed a block of three, and what followed read as the twin's own
    Markdown), the info string a language name only (no line break or backtick)."""
    fence = "`" * max(3, _longest_run(code) + 1)
    word = (lang.split() or [""])[0]  # its first word: a line break ends an info string
    return [fence + _INFO.sub("", word)[:40], code, fence]


def page_markdown(
    page: Page, view: OperationView | None, source: str | None, site_url: str | None
) -> str:
    lines = [f"# {_line(page.title)}", ""]
    if page.description:
        lines += [f"> {_line(page.description)}", ""]
    if view is not None and page.meta.api is not None:  # a hand-written API page: endpoint first
        lines += operation_markdown(replace(view, description_html=""))
        view = None
    if source is not None:
        body = source.strip("\n")
        if body.startswith("# "):
            body = body.split("\n", 1)[1] if "\n" in body else ""
        lines += [body.strip("\n"), ""]
    if view is not None:
        lines += operation_markdown(view)
    return "\n".join(lines).rstrip("\n") + "\n"


def llms_txt(site: Site, pages: list[Page]) -> str:
    """``llms.txt``: the site name, then its visible pages grouped by navigation section."""
    config = site.config
    # With a published URL the links are absolute; without one they are relative to llms.txt
    # (at the site's root), so a site hosted in a subfolder keeps working.
    root = f"{config.url.rstrip('/')}/" if config.url else ""
    lines = [f"# {_line(config.name)}", ""]
    if config.description:
        lines += [f"> {_line(config.description)}", ""]
    sections: dict[str, list[Page]] = {}
    for page in pages:
        if not page.indexed:
            continue
        sections.setdefault(" › ".join(page.nav) or "Pages", []).append(page)
    for title, members in sections.items():
        lines += [f"## {_line(title)}", ""]
        for page in members:
            link = f"{root}{twin_path(page.url)}"
            note = f": {page.description}" if page.description else ""
            if page.operation is not None:
                note = f": {_code(f'{page.operation.method} {page.operation.path}')}" + (
                    f" {page.description}" if page.description else ""
                )
            lines.append(_line(f"- [{page.title}]({link}){note}"))
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def icon_link(base: str) -> str:
    """The icon of a page that only forwards (``base`` leads to the site root): without one,
    browsers ask the host for /favicon.ico, a 404 and a console error on most static hosts."""
    href = html.escape(base + "_docgen/favicon.svg", quote=True)
    return f'<link rel="icon" href="{href}" type="image/svg+xml">'


def redirect_html(target: str) -> str:
    """A tiny home page that forwards to the first page (a site with no index page)."""
    safe = html.escape(target, quote=True)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={safe}">'
        f'<link rel="canonical" href="{safe}">{icon_link("")}<title>Redirecting</title></head>'
        f'<body><p><a href="{safe}">Continue to the documentation</a></p></body></html>\n'
    )
