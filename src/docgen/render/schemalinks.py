"""Shared schemas on big pages: linked to a page of their own instead of expanded everywhere.

A page whose schema trees fit in :data:`PAGE_FIELDS` fields is expanded completely, as small
APIs always were. A bigger page is built again in *linking* mode: the first level of every
body (and of each of its oneOf/anyOf variants) stays expanded, and below it a ``$ref`` to a
component schema of more than :data:`INLINE_MAX` fields becomes a link to that schema's page
(``/<directory>/schemas/<name>``), which is built the same way.

Everything here is a pure function of the spec (sizes are measured from scratch, never from a
half-built page), so pages are the same whichever process renders them, in whatever order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from docgen.exceptions import TooManyFields
from docgen.nav.slugs import slugify
from docgen.nav.urls import fold
from docgen.render.markdown import TakenIds, unique
from docgen.render.schemas import TreeBuilder
from docgen.spec import refs
from docgen.spec.model import Spec

PAGE_FIELDS = 200  # fields a page may expand before it switches to linking mode
INLINE_MAX = 40  # in linking mode, a shared schema with more fields than this is linked
SCHEMAS_DIR = "schemas"

_COMPONENT = re.compile(r"^/components/schemas/([^/]+)$")

SchemaKey = tuple[str, str]  # (document name, component name)


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


class SchemaPages:
    """The URLs of the site's shared schema pages. A schema page never takes the URL of a page
    of the site, nor that of another spec's schema page in the same directory (compared as a
    case-insensitive file system would), so no two files are ever written to one path.

    ``homes`` lists (spec name, directory) in the order the site first renders them, which
    decides who keeps ``/<directory>/schemas/<slug>`` when two specs share a directory.
    """

    def __init__(self, pages: Iterable[str] = (), homes: Iterable[tuple[str, str]] = ()) -> None:
        self.taken = frozenset(fold(url) for url in pages)
        self.homes = list(dict.fromkeys(homes))
        self.indexes: dict[str, SchemaIndex] = {}
        self._paths: dict[str, dict[tuple[str, SchemaKey], str]] = {}

    def path(self, spec: str, key: SchemaKey, directory: str | None) -> str:
        """The site URL of ``spec``'s schema ``key`` in ``directory`` (``/api/schemas/user``;
        ``user-schema`` when a page, or another spec's schema page, has that URL already)."""
        where = directory or ""
        paths = self._paths.get(where)
        if paths is None:
            # Every schema of the directory at once, so the answer never depends on the order
            # of the questions (pages render in several processes).
            owners = [name for name, home in self.homes if home == where]
            if spec not in owners:
                owners.append(spec)
            folder = "/".join(p for p in (where.strip("/"), SCHEMAS_DIR) if p)
            paths, used = {}, set(self.taken)
            for name in owners:
                for each, slug in self.indexes[name].slugs.items():
                    candidate, number = f"/{folder}/{slug}", 1
                    while fold(candidate) in used:
                        number += 1
                        candidate = f"/{folder}/{slug}-schema" + (
                            f"-{number}" if number > 2 else ""
                        )
                    used.add(fold(candidate))
                    paths[(name, each)] = candidate
            self._paths[where] = paths
        return paths[(spec, key)]


class SchemaIndex:
    """The component schemas of one spec: their page slugs and (memoised) expanded sizes."""

    def __init__(self, spec: Spec, pages: SchemaPages | None = None) -> None:
        self.spec = spec
        self.pages = pages if pages is not None else SchemaPages()
        self.pages.indexes[spec.name] = self
        self.slugs: dict[SchemaKey, str] = {}
        self._sizes: dict[SchemaKey, int] = {}
        taken: set[str] = TakenIds(frozenset())  # page URLs, not element ids
        names = [spec.name, *sorted(n for n in spec.documents if n != spec.name)]
        for doc in names:
            components = spec.documents[doc].data
            schemas = components.get("components") if isinstance(components, dict) else None
            schemas = schemas.get("schemas") if isinstance(schemas, dict) else None
            if not isinstance(schemas, dict):
                continue
            for name in schemas:
                self.slugs[(doc, str(name))] = unique(slugify(str(name)) or "schema", taken)

    def key(self, ref: str | None, doc: str) -> SchemaKey | None:
        """The component schema that ``ref`` (written in ``doc``) names, if it names one."""
        if ref is None:
            return None
        file_part, fragment = refs.split(ref)
        match = _COMPONENT.match(fragment)
        if match is None:
            return None
        target = refs.document_of(self.spec.documents, doc, file_part)
        if target is None:
            return None
        key = (target, _unescape(match.group(1)))
        return key if key in self.slugs else None

    def schema(self, key: SchemaKey) -> Any:
        return self.spec.documents[key[0]].data["components"]["schemas"][key[1]]

    def size(self, key: SchemaKey) -> int:
        """Fields the schema expands to, counted up to ``INLINE_MAX + 1``."""
        found = self._sizes.get(key)
        if found is None:
            cap = INLINE_MAX + 1
            builder = TreeBuilder(self.spec, "response", _same, _nothing, _nothing, budget=[cap])
            builder.fields({"$ref": f"#/components/schemas/{refs.escape(key[1])}"}, key[0], "")
            found = self._sizes[key] = cap - max(builder.budget[0], 0)
        return found

    def path(self, key: SchemaKey, directory: str | None) -> str:
        """The site URL of the schema's page (see :meth:`SchemaPages.path`)."""
        return self.pages.path(self.spec.name, key, directory)


def _same(anchor: str) -> str:
    return anchor


def _nothing(_: Any) -> str:
    return ""


@dataclass(slots=True)
class PageSchemas:
    """Per-page state: the field count, and in linking mode the schemas linked."""

    index: SchemaIndex
    directory: str | None
    base: str
    linking: bool
    fields: int = 0
    linked: set[SchemaKey] = field(default_factory=set)

    def count(self) -> None:
        self.fields += 1
        if not self.linking and self.fields > PAGE_FIELDS:
            raise TooManyFields

    def link(self, ref: str | None, doc: str) -> tuple[str, str] | None:
        """(name, page-relative URL) when ``ref`` should be a link here, else ``None``."""
        if not self.linking:
            return None
        key = self.index.key(ref, doc)
        if key is None or self.index.size(key) <= INLINE_MAX:
            return None
        self.linked.add(key)
        return key[1], self.base + self.index.path(key, self.directory).lstrip("/") + "/"
