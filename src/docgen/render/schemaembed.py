"""``openapi-schema: Name`` pages (Mintlify): the named component schema shown on the page, as
docgen's schema pages show it, above the page's own content.

The value is a schema name, optionally after a spec path (``openapi-schema: api.yaml User``);
the first spec (in the site's order) that has the schema is used.
"""

from __future__ import annotations

from typing import Any

from docgen.nav.model import Page, Site

SchemaRef = tuple[str, str, str]  # (spec name, document, schema name)


def wanted(page: Page) -> str | None:
    """The ``openapi-schema`` frontmatter value of ``page``, if any."""
    value = page.frontmatter.get("openapi-schema") if page.frontmatter else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def find(site: Site, value: str) -> SchemaRef | None:
    """The spec, document and schema ``value`` names, or None."""
    spec_hint, _, name = value.rpartition(" ")
    spec_hint = spec_hint.strip().lstrip("/")
    for spec_name, spec in site.specs.items():
        if spec_hint and not (spec_name.endswith(spec_hint) or spec_hint.endswith(spec_name)):
            continue
        names = [spec.name, *sorted(n for n in spec.documents if n != spec.name)]
        for doc in names:
            data: Any = spec.documents[doc].data
            components = data.get("components") if isinstance(data, dict) else None
            schemas = components.get("schemas") if isinstance(components, dict) else None
            if isinstance(schemas, dict) and name in schemas:
                return spec_name, doc, name
    return None
