"""MDX without executing it: known components become HTML, everything else stays text.

The body is split into Markdown text and component tags (outside fenced code). Known
components (Note, Warning, Tip, Info, Check, Card, CardGroup, Steps, Step, CodeGroup,
Accordion, AccordionGroup) are rendered by docgen; unknown components and ``import``/``export``
lines produce a warning and are shown as text.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from markupsafe import escape

from docgen.nav.model import Page
from docgen.render.markdown import Rendered, renderer, safe_url, site_relative

_TAG = re.compile(
    r"<(/?)([A-Z][A-Za-z0-9]*)((?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*"
    r"(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|\{[^{}]*\}))?)*)\s*(/?)>"
)
_ATTR = re.compile(r"([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|\{[^{}]*\}))?")
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
_ESM = re.compile(r"^(import|export)\s")
CALLOUTS = {
    "Note": "note",
    "Warning": "warning",
    "Tip": "tip",
    "Info": "info",
    "Check": "check",
    "Danger": "warning",
}
KNOWN = {
    *CALLOUTS,
    "Card",
    "CardGroup",
    "Columns",
    "Steps",
    "Step",
    "CodeGroup",
    "Accordion",
    "AccordionGroup",
    "Frame",
}


@dataclass(slots=True)
class _Node:
    name: str | None  # None: the document root
    attrs: dict[str, str]
    line: int
    children: list[_Node | str] = field(default_factory=list)


@dataclass(slots=True)
class MdxResult:
    rendered: Rendered
    warnings: list[tuple[int, str]]  # (line, message)


def _attrs(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for match in _ATTR.finditer(text):
        value = match.group(2)
        if value is None:
            out[match.group(1)] = "true"
        elif value.startswith("{"):
            out[match.group(1)] = value[1:-1].strip().strip("\"'")
        else:
            out[match.group(1)] = value[1:-1]
    return out


def _parse(body: str, first_line: int, warnings: list[tuple[int, str]]) -> _Node:
    root = _Node(None, {}, first_line)
    stack = [root]
    in_fence: str | None = None
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            stack[-1].children.append("".join(buffer))
            buffer.clear()

    for offset, line in enumerate(body.splitlines(keepends=True)):
        number = first_line + offset
        fence = _FENCE.match(line)
        if in_fence is not None:
            buffer.append(line)
            if fence and fence.group(2).startswith(in_fence):
                in_fence = None
            continue
        if fence:
            in_fence = fence.group(2)
            buffer.append(line)
            continue
        if _ESM.match(line):
            warnings.append(
                (number, f"MDX '{line.split()[0]}' lines are not executed by docgen; shown as text")
            )
            buffer.append(line)
            continue
        position = 0
        for match in _TAG.finditer(line):
            buffer.append(line[position : match.start()])
            position = match.end()
            closing, name, attr_text, self_closing = match.groups()
            if name not in KNOWN:
                warnings.append((number, f"unknown MDX component <{name}> is shown as text"))
                buffer.append(match.group(0).replace("<", "&lt;").replace(">", "&gt;"))
                continue
            flush()
            if closing:
                if len(stack) > 1 and stack[-1].name == name:
                    stack.pop()
                else:
                    warnings.append((number, f"</{name}> closes nothing; shown as text"))
                    buffer.append(f"&lt;/{name}&gt;")
                continue
            node = _Node(name, _attrs(attr_text), number)
            stack[-1].children.append(node)
            if not self_closing:
                stack.append(node)
        buffer.append(line[position:])
    flush()
    for unclosed in stack[1:]:
        warnings.append((unclosed.line, f"<{unclosed.name}> is never closed"))
    return root


class _Renderer:
    def __init__(self, base: str | None) -> None:
        self.headings: list[tuple[int, str, str]] = []
        self.used: set[str] = set()
        self.base = base

    def markdown(self, text: str) -> str:
        rendered = renderer().render(textwrap.dedent(text), taken=self.used, base=self.base)
        self.headings.extend(rendered.headings)
        return rendered.html

    def children(self, node: _Node) -> str:
        parts = []
        for child in node.children:
            parts.append(self.markdown(child) if isinstance(child, str) else self.node(child))
        return "".join(parts)

    def node(self, node: _Node) -> str:
        name, attrs = node.name or "", node.attrs
        inner = self.children(node)
        title = attrs.get("title")
        title_html = f'<p class="callout-title">{escape(title)}</p>' if title else ""
        if name in CALLOUTS:
            kind = CALLOUTS[name]
            return f'<div class="callout callout-{kind}" role="note">{title_html}{inner}</div>\n'
        if name in ("CardGroup", "Columns"):
            cols = attrs.get("cols", "2")
            cols = cols if cols in ("1", "2", "3", "4") else "2"
            return f'<div class="card-group cols-{cols}">{inner}</div>\n'
        if name == "Card":
            head = f'<p class="card-title">{escape(title)}</p>' if title else ""
            href = attrs.get("href")
            if href and safe_url(href):
                if self.base is not None and href.startswith("/") and not href.startswith("//"):
                    href = site_relative(href, self.base)
                return f'<a class="card" href="{escape(href)}">{head}{inner}</a>\n'
            return f'<div class="card">{head}{inner}</div>\n'
        if name == "Steps":
            return f'<ol class="steps">{inner}</ol>\n'
        if name == "Step":
            head = f'<p class="step-title">{escape(title)}</p>' if title else ""
            return f'<li class="step">{head}<div class="step-body">{inner}</div></li>\n'
        if name == "CodeGroup":
            return f'<div class="code-group">{inner}</div>\n'
        if name == "AccordionGroup":
            return f'<div class="accordion-group">{inner}</div>\n'
        if name == "Accordion":
            summary = escape(title or "Details")
            return f'<details class="accordion"><summary>{summary}</summary>{inner}</details>\n'
        if name == "Frame":
            caption = attrs.get("caption")
            cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
            return f'<figure class="frame">{inner}{cap}</figure>\n'
        return inner


def mdx_warnings(body: str, first_line: int = 1) -> list[tuple[int, str]]:
    """What :func:`render_mdx` would warn about, as (line, message), without rendering."""
    warnings: list[tuple[int, str]] = []
    _parse(body, first_line, warnings)
    return warnings


def render_mdx(body: str, first_line: int = 1, base: str | None = None) -> MdxResult:
    """Render a page body (Markdown with MDX components) to HTML, collecting warnings."""
    warnings: list[tuple[int, str]] = []
    tree = _parse(body, first_line, warnings)
    out = _Renderer(base)
    html = out.children(tree)
    return MdxResult(Rendered(html, out.headings), warnings)


_HEADING = re.compile(r"^#\s+")


def markdown_source(page: Page) -> tuple[str, int]:
    """A page file's Markdown as the page shows it, and the file line it starts on: without a
    first ``# Title`` line that repeats the page title (the template shows the title)."""
    body = page.body
    stripped = body.lstrip("\n")
    first, newline, rest = stripped.partition("\n")
    if _HEADING.match(first) and first[1:].strip() == page.title:
        skipped = body[: len(body) - len(rest)].count("\n") + (0 if newline else 1)
        return rest, page.body_line + skipped
    return body, page.body_line
