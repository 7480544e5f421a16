"""Search documents: the compact HTML that the search index reads for one page.

Built from what docgen already holds (view models, rendered Markdown), not from the page's HTML:
one heading with the page's real element id per section, parameter and field, so that the index
(``docgen.render.searchindex``) links results to the exact anchor. Nothing here is shown to
readers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from docgen.nav.model import Page
from docgen.render.markdown import renderer
from docgen.render.subtrees import text_of
from docgen.render.views import Body, OperationView, SchemaField

MAX_DETAIL = 1_000  # a schema's own page: every level described
_HEADING_ANCHOR = re.compile(r'<a class="anchor[^"]*"[^>]*>#</a>')
# A Mermaid diagram's source: its syntax ("participant", "sequenceDiagram") is not what readers
# search for (render/diagrams.py; the escaped source cannot hold "</figure>").
_DIAGRAM = re.compile(r'<figure class="mermaid"[^>]*>.*?</figure>', re.DOTALL)


def _heading(level: int, anchor: str, text: str) -> str:
    return f'<h{level} id="{escape(anchor)}">{escape(text)}</h{level}>'


def _fields(fields: tuple[SchemaField, ...], level: int = 3, detail: int = 1) -> Iterable[str]:
    """:func:`_each`, written once for the fields that pages share (render/subtrees.py)."""
    yield text_of(("search", level, detail), fields, lambda: "".join(_each(fields, level, detail)))


def _each(fields: tuple[SchemaField, ...], level: int, detail: int) -> Iterable[str]:
    """Each field's heading, and its facts and description for the first ``detail`` levels
    (all of them on a schema's own page; on an endpoint's page the first level of parameters
    and request bodies, and none for responses: the shared schemas of a big spec would repeat
    their descriptions on every page that shows them, burying the pages they belong to).
    Below the described levels, fields go by name only, as words under the field above them."""
    detailed = level - 3 < detail
    if level > 3 and not detailed:
        # Names only, under the heading above (a result links to that field's anchor); no
        # empty paragraph for a field without any (a twentieth of a big spec's documents).
        names = " ".join(_names(fields))
        if names:
            yield f"<p>{escape(names)}</p>"
        return
    for item in fields:
        yield _heading(min(level, 6), item.anchor, item.name)
        if detailed:
            facts = [item.type, "required" if item.required else ""]
            facts += [f"{c.label} {c.value}" for c in item.constraints]
            if item.enum:
                facts.append("one of " + ", ".join(item.enum))
            yield f"<p>{escape(' '.join(f for f in facts if f))}</p>"
            yield item.description_html
        yield from _fields(item.children, level + 1, detail)
        for variant in item.variants:
            yield f"<p>{escape(variant.label)}</p>"
            if level - 2 < detail:
                yield variant.description_html
            yield from _fields(variant.fields, level + 1, detail)


def _names(fields: tuple[SchemaField, ...]) -> Iterable[str]:
    for item in fields:
        yield item.name
        yield from _names(item.children)
        for variant in item.variants:
            yield from _names(variant.fields)


def _body(body: Body, detail: int = 1) -> Iterable[str]:
    if detail:
        yield body.description_html
    yield from _fields(body.fields, detail=detail)
    for variant in body.variants:
        yield f"<p>{escape(variant.label)}</p>"
        if detail:
            yield variant.description_html
        yield from _fields(variant.fields, detail=detail)


def document(page: Page, operation: OperationView | None, body_html: str) -> str:
    """What search indexes for ``page`` (shown with ``operation``, or ``body_html``)."""
    keywords = dict(page.meta.metatags).get("keywords", "")
    if page.operation is not None and operation is not None:
        return operation_document(operation, keywords)
    return page_document(page.title, body_html, page.description, keywords)


def _keywords(keywords: str) -> str:
    """A page's frontmatter ``keywords``: words readers search for that the page may not
    use, weighted like a heading."""
    return f'<p data-pagefind-weight="5">{escape(keywords)}</p>' if keywords else ""


def page_document(
    title: str, body_html: str, description: str | None = None, keywords: str = ""
) -> str:
    """A Markdown page: its title, the ``description`` shown under it (readers see it, so
    search finds its words; it is also the page's line in title results:
    ``searchtitles.leads``), its keywords and its rendered body (headings keep their ids)."""
    if '<figure class="mermaid' in body_html:
        body_html = _DIAGRAM.sub("", body_html)
    lead = f"<p>{renderer().inline(description)}</p>" if description else ""
    words = _keywords(keywords)
    return f"<h1>{escape(title)}</h1>{lead}{words}" + _HEADING_ANCHOR.sub("", body_html)


def operation_document(view: OperationView, keywords: str = "") -> str:
    """An endpoint: summary, description, every parameter and request field (descriptions at
    the first level), each response's status and description, and the field names of the
    responses that are not errors."""
    parts = [f"<h1>{escape(view.title)}</h1>", f"<p>{escape(view.method)} {escape(view.path)}</p>"]
    parts.append(_keywords(keywords))
    parts.append(view.description_html)
    for group in view.param_groups:
        parts.append(_heading(2, f"section-params-{group.location}", group.title))
        parts.extend(_fields(group.fields))
    if view.request_bodies:
        parts.append(_heading(2, "section-request-body", "Request body"))
        parts.append(view.request_description_html)
        for body in view.request_bodies:
            parts.extend(_body(body))
    for response in view.responses:
        anchor = response.anchor or "section-responses"
        parts.append(_heading(2, anchor, f"Response {response.status}"))
        parts.append(response.description_html)
        if not response.status.startswith(("1", "2", "3")):
            continue  # errors: most operations share their schema, a search would find them all
        parts.extend(_fields(response.headers, detail=0))
        for body in response.bodies:
            parts.extend(_body(body, detail=0))
    return "".join(parts)


def schema_document(name: str, description_html: str, body: Body) -> str:
    """A shared schema's page: its name, description and attribute tree."""
    return f"<h1>{escape(name)}</h1>{description_html}" + "".join(_body(body, detail=MAX_DETAIL))
