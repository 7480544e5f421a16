"""The page of one shared component schema (``/<directory>/schemas/<name>``).

Big operation pages link to these instead of expanding the schema (see :mod:`schemalinks`);
each page shows the schema's whole tree, with field anchors like an operation page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docgen.exceptions import TooManyFields
from docgen.render.markdown import SCRIPT_GLOBALS, to_html
from docgen.render.operation import Anchors
from docgen.render.schemalinks import PageSchemas, SchemaIndex, SchemaKey
from docgen.render.schemas import TreeBuilder
from docgen.render.twins import _field_lines
from docgen.render.views import Body, SchemaField
from docgen.spec import refs


@dataclass(frozen=True, slots=True)
class SchemaPageView:
    """What a schema page shows (``body`` holds the attribute tree)."""

    name: str
    pointer: str
    title: str | None
    description: str  # the spec's Markdown (for the page's Markdown twin)
    description_html: str
    body: Body
    anchors: tuple[str, ...]


def build_schema_page(
    index: SchemaIndex,
    key: SchemaKey,
    *,
    directory: str | None,
    site_url: str | None,
    base: str,
) -> tuple[SchemaPageView, PageSchemas]:
    """The view of the schema ``key``, and the page state (which schemas it links)."""
    try:
        return _build(index, key, directory, site_url, base, linking=False)
    except TooManyFields:
        return _build(index, key, directory, site_url, base, linking=True)


def _build(
    index: SchemaIndex,
    key: SchemaKey,
    directory: str | None,
    site_url: str | None,
    base: str,
    *,
    linking: bool,
) -> tuple[SchemaPageView, PageSchemas]:
    page_url = index.path(key, directory)
    anchors = Anchors(site_url, page_url)
    links = PageSchemas(index, directory, base, linking)

    def describe(text: Any) -> str:
        return to_html(text, base=base)

    tree = TreeBuilder(index.spec, "schema", anchors.take, anchors.href, describe, links=links)
    doc, name = key
    ref = {"$ref": f"#/components/schemas/{refs.escape(name)}"}
    fields, variants, kind, discriminator = tree.fields(ref, doc, "")
    resolved = tree.deref(ref, doc)
    title = resolved.schema.get("title")
    description = resolved.schema.get("description")
    body = Body(
        media_type="",
        type=tree.label(resolved.schema, resolved.doc),
        description_html="",
        fields=fields,
        variants=variants,
        variant_kind=kind,
        discriminator=discriminator,
    )
    view = SchemaPageView(
        name=name,
        pointer=f"#/components/schemas/{refs.escape(name)}",
        title=title if isinstance(title, str) and title and title != name else None,
        description=description if isinstance(description, str) else "",
        description_html=describe(description),
        body=body,
        anchors=tuple(sorted(anchors.used - SCRIPT_GLOBALS)),
    )
    return view, links


def schema_markdown(view: SchemaPageView) -> str:
    """The Markdown twin of a schema page."""
    lines = [f"# {view.name}", ""]
    if view.title:
        lines += [f"> {view.title}", ""]
    if view.description.strip():
        lines += [view.description.strip(), ""]
    lines += [f"Type: {view.body.type}", ""]
    fields: list[SchemaField] = list(view.body.fields)
    if fields:
        lines += ["## Attributes", "", *_field_lines(tuple(fields)), ""]
    for variant in view.body.variants:
        lines += [f"## {view.body.variant_kind or 'oneOf'}: {variant.label}", ""]
        lines += [*_field_lines(variant.fields), ""]
    return "\n".join(lines).rstrip("\n") + "\n"
