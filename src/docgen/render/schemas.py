"""Schema trees: an OpenAPI/JSON Schema turned into :class:`~docgen.render.views.SchemaField`s.

``allOf`` is merged, ``oneOf``/``anyOf`` become variants, ``readOnly`` fields are hidden in
requests and ``writeOnly`` ones in responses, and a ``$ref`` that leads back into itself is shown
as a link to where it is already expanded. A named schema with more than ``REPEAT_INLINE`` nested
fields is expanded once per tree; later uses link to that expansion, so ``$ref`` fan-out stays
linear in the size of the spec. A per-page field budget bounds the rest. On big pages, shared
component schemas become links to pages of their own (:mod:`docgen.render.schemalinks`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from docgen.render.schemaread import SchemaReader
from docgen.render.schemawords import (
    constraints,
    nullable,
    option_note,
    ref_name,
    same_as,
    schema_identity,
    show,
    tagged_labels,
    type_label,
    type_of,
    variant_label,
)
from docgen.render.subtrees import REPEAT_INLINE, Tree
from docgen.render.views import SchemaField, Variant


class Linker(Protocol):
    """What a big page does with shared schemas (:class:`docgen.render.schemalinks.PageSchemas`):
    counts expanded fields, and names the page a ``$ref`` links to instead of expanding."""

    def count(self) -> None:
        """One more field expanded (may raise :class:`~docgen.exceptions.TooManyFields`)."""

    def link(self, ref: str | None, doc: str) -> tuple[str, str] | None:
        """(name, page-relative URL) when ``ref`` should be a link here, else ``None``."""


# Allowed values listed on a field; past these the page says how many more there are.
_ENUM_SHOWN = 100
_NESTING = frozenset(("$ref", "properties", "items", "allOf", "oneOf", "anyOf"))
MAX_DEPTH = 10
FIELD_BUDGET = 2500


@dataclass(slots=True)
class TreeBuilder(SchemaReader):
    """Builds schema trees for one page (anchors and the field budget are per page)."""

    mode: str  # "request" | "response"
    anchor: Callable[[str], str]  # wanted anchor -> unique anchor
    href: Callable[[str], str]
    describe: Callable[[Any], str]
    budget: list[int] = field(default_factory=lambda: [FIELD_BUDGET])
    # $ref -> (anchor of its first expansion, fields that expansion used)
    expanded: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    links: Linker | None = None  # big pages: shared schemas linked, fields counted

    def _repeat(self, ref: str | None) -> str | Literal[False] | None:
        """For a large schema already expanded in this tree: its anchor (or ``None``)."""
        first = self.expanded.get(ref) if ref is not None else None
        if first is None or first[1] <= REPEAT_INLINE:
            return False
        return first[0]

    def _record(self, ref: str | None, anchor: str | None, before: int) -> None:
        if ref is None:
            return
        new = ref not in self.expanded
        if new:
            self.expanded[ref] = (anchor, before - self.budget[0])
        if self.memo is not None:
            self.memo.recorded(ref, anchor, before - self.budget[0], new)

    def _link(self, ref: str | None, doc: str) -> tuple[str, str] | None:
        assert self.links is not None
        if self.memo is not None:
            self.memo.linked(ref, doc)
        return self.links.link(ref, doc)

    # -- fields -------------------------------------------------------------------------------

    def fields(
        self,
        schema: Any,
        doc: str,
        prefix: str,
        depth: int = 0,
        seen: frozenset[str] = frozenset(),
        owners: dict[str, str] | None = None,
    ) -> tuple[tuple[SchemaField, ...], tuple[Variant, ...], str | None, str | None]:
        """(properties as fields, variants, variant kind, discriminator) of an object schema."""
        if self.memo is not None and owners is None and not seen:  # a whole body
            key = (id(self.spec), self.mode, schema_identity(schema), doc, depth)
            return self.memo.body(
                self,
                lambda: self._fields(schema, doc, prefix, depth, seen, {}),
                prefix,
                key,
                (self.spec, schema),
            )
        return self._fields(schema, doc, prefix, depth, seen, owners or {})

    def _fields(
        self,
        schema: Any,
        doc: str,
        prefix: str,
        depth: int,
        seen: frozenset[str],
        owners: dict[str, str],
    ) -> Tree:
        resolved = self.deref(schema, doc)
        if resolved.ref is not None:
            seen = seen | {resolved.ref}
            if resolved.ref not in owners:
                # A cycle back to the whole body links to its section (request or response).
                owners = {**owners, resolved.ref: prefix or "section-request-body"}
        body = self.merged(resolved.schema, resolved.doc, seen)
        items = body.get("items") if type_of(body) == "array" else None
        if items is not None:
            return self._fields(items, resolved.doc, prefix, depth, seen, owners)
        fields = self._properties(body, resolved.doc, prefix, depth, seen, owners)
        variants, kind, discriminator = self._variants(
            body, resolved.doc, prefix, depth, seen, owners
        )
        return fields, variants, kind, discriminator

    def _properties(
        self,
        body: dict[str, Any],
        doc: str,
        prefix: str,
        depth: int,
        seen: frozenset[str],
        owners: dict[str, str],
    ) -> tuple[SchemaField, ...]:
        properties = body.get("properties")
        if not isinstance(properties, dict):
            return ()
        wanted = body.get("required")
        # Names only: a spec built with --no-strict-spec may list anything there.
        required = {r for r in wanted if isinstance(r, str)} if isinstance(wanted, list) else set()
        out = []
        for name, sub in properties.items():
            if self.budget[0] <= 0:
                break
            sub_resolved = self.deref(sub, doc)
            if self.mode == "request" and sub_resolved.schema.get("readOnly") is True:
                continue
            if self.mode == "response" and sub_resolved.schema.get("writeOnly") is True:
                continue
            path = f"{prefix}.{name}" if prefix else str(name)
            out.append(
                self.field(str(name), path, sub, doc, str(name) in required, depth, seen, owners)
            )
        return tuple(out)

    def _variants(
        self,
        body: dict[str, Any],
        doc: str,
        prefix: str,
        depth: int,
        seen: frozenset[str],
        owners: dict[str, str],
    ) -> tuple[tuple[Variant, ...], str | None, str | None]:
        for kind in ("oneOf", "anyOf"):
            options = body.get(kind)
            if not isinstance(options, list) or not options:
                continue
            discriminator = body.get("discriminator")
            prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
            variants = []
            shapes: list[dict[str, Any]] = []  # each option's schema, for tagged_labels
            for index, option in enumerate(options):
                resolved = self.deref(option, doc)
                label = variant_label(resolved.schema, resolved.ref, index)
                if resolved.ref is not None and resolved.ref in seen:
                    text = f"Circular reference to {html.escape(label)}."
                    variants.append(Variant(label, (), "object", f"<p>{text}</p>"))
                    shapes.append({})
                    continue
                inner_seen = seen | ({resolved.ref} if resolved.ref else set())
                merged = self.merged(resolved.schema, resolved.doc, inner_seen)
                shapes.append(merged)
                linked = None
                if self.links is not None and depth >= 1:
                    linked = self._link(resolved.ref, doc)
                if linked is not None:
                    variants.append(
                        Variant(
                            label,
                            (),
                            type_label(merged),
                            self.describe(merged.get("description")),
                            schema_name=linked[0],
                            schema_href=linked[1],
                        )
                    )
                    continue
                repeat = self._repeat(resolved.ref)
                if repeat is not False:
                    variants.append(Variant(label, (), type_label(merged), same_as(label, repeat)))
                    continue
                before = self.budget[0]
                sub_fields = self._properties(
                    merged, resolved.doc, prefix, depth + 1, inner_seen, owners
                )
                self._record(resolved.ref, sub_fields[0].anchor if sub_fields else None, before)
                note = "" if sub_fields else option_note(merged)  # not "any", "const", "one of"
                variants.append(
                    Variant(
                        label,
                        sub_fields,
                        "" if note else type_label(merged),
                        self.describe(merged.get("description")) + note,
                    )
                )
            labels = tagged_labels([v.label for v in variants], shapes)
            variants = [replace(v, label=new) for v, new in zip(variants, labels, strict=True)]
            return tuple(variants), kind, prop if isinstance(prop, str) else None
        return (), None, None

    def field(
        self,
        name: str,
        path: str,
        schema: Any,
        doc: str,
        required: bool,
        depth: int,
        seen: frozenset[str],
        owners: dict[str, str],
        description: Any = None,
        example: Any = None,
        deprecated: bool = False,
    ) -> SchemaField:
        """One field (a parameter, a property or a header) and its nested children."""
        args = (name, path, schema, doc, required, depth, seen, owners, description, example)
        if self.memo is None or (isinstance(schema, dict) and schema.keys().isdisjoint(_NESTING)):
            return self._field(*args, deprecated)  # nothing below it: not worth remembering
        key = (
            id(self.spec),
            self.mode,
            schema_identity(schema),
            doc,
            depth,
            name,
            required,
            deprecated,
        )
        return self.memo.field(
            self,
            lambda: self._field(*args, deprecated),
            path,
            seen,
            (*key, id(description), id(example)),
            (self.spec, schema, description, example),
        )

    def _field(
        self,
        name: str,
        path: str,
        schema: Any,
        doc: str,
        required: bool,
        depth: int,
        seen: frozenset[str],
        owners: dict[str, str],
        description: Any,
        example: Any,
        deprecated: bool,
    ) -> SchemaField:
        self.budget[0] -= 1
        anchor = self.anchor(path)
        if self.memo is not None:
            self.memo.took(path, anchor)
        resolved = self.deref(schema, doc)
        if resolved.ref is not None and resolved.ref in seen:
            target = owners.get(resolved.ref)
            return SchemaField(
                name=name,
                anchor=anchor,
                href=self.href(anchor),
                type=ref_name(resolved.ref),
                required=required,
                description_html=self.describe(
                    description if description is not None else resolved.schema.get("description")
                ),
                recursive_to=ref_name(resolved.ref),
                recursive_href=f"#{target}" if target else None,
            )
        inner_seen = seen | ({resolved.ref} if resolved.ref else set())
        if resolved.ref is not None and resolved.ref not in owners:
            owners = {**owners, resolved.ref: anchor}
        body = self.merged(resolved.schema, resolved.doc, inner_seen)
        children: tuple[SchemaField, ...] = ()
        variants: tuple[Variant, ...] = ()
        kind = discriminator = None
        before = self.budget[0]
        item_ref: str | None = None
        cycle: str | None = None
        linked = None
        if self.links is not None:
            self.links.count()
            if self.memo is not None:
                self.memo.counted()
            linked = self._link(resolved.ref, doc)
            if linked is None and type_of(body) == "array" and body.get("items") is not None:
                item = self.deref(body["items"], resolved.doc)
                if item.ref is None or item.ref not in inner_seen:
                    linked = self._link(item.ref, resolved.doc)
        repeat = False if linked is not None else self._repeat(resolved.ref)
        if repeat is not False:
            description = same_as(ref_name(str(resolved.ref)), repeat) + self.describe(
                description if description is not None else body.get("description")
            )
        if linked is None and repeat is False and depth < MAX_DEPTH and self.budget[0] > 0:
            inner: dict[str, Any] = body
            inner_doc = resolved.doc
            if type_of(body) == "array" and body.get("items") is not None:
                item = self.deref(body["items"], resolved.doc)
                item_repeat = self._repeat(item.ref)
                if item.ref is not None and item.ref in inner_seen:
                    inner = {}
                    cycle = item.ref  # an array of its own ancestor: shown as a link
                elif item_repeat is not False:
                    inner = {}
                    description = same_as(ref_name(str(item.ref)), item_repeat) + self.describe(
                        description if description is not None else body.get("description")
                    )
                    repeat = item_repeat
                else:
                    item_ref = item.ref
                    inner_seen = inner_seen | ({item.ref} if item.ref else set())
                    if item.ref is not None and item.ref not in owners:
                        owners = {**owners, item.ref: anchor}
                    inner = self.merged(item.schema, item.doc, inner_seen)
                    inner_doc = item.doc
            children = self._properties(inner, inner_doc, path, depth + 1, inner_seen, owners)
            variants, kind, discriminator = self._variants(
                inner, inner_doc, path, depth + 1, inner_seen, owners
            )
            self._record(resolved.ref, anchor, before)
            self._record(item_ref, anchor, before)
        if example is None:
            example = body.get("example")
            if example is None and isinstance(body.get("examples"), list) and body["examples"]:
                example = body["examples"][0]
        raw_enum = body.get("enum")
        enum: list[Any] = raw_enum if isinstance(raw_enum, list) else []
        return SchemaField(
            name=name,
            anchor=anchor,
            href=self.href(anchor),
            type=self.label(body, resolved.doc),
            required=required,
            deprecated=deprecated or body.get("deprecated") is True,
            read_only=body.get("readOnly") is True,
            write_only=body.get("writeOnly") is True,
            nullable=nullable(body),
            format=str(body["format"]) if isinstance(body.get("format"), (str, int)) else None,
            default=show(body["default"]) if "default" in body else None,
            example=show(example) if example is not None else None,
            enum=tuple(show(v) for v in enum[:_ENUM_SHOWN]),
            constraints=constraints(body),
            description_html=description
            if repeat is not False
            else self.describe(description if description is not None else body.get("description")),
            children=children,
            variants=variants,
            variant_kind=kind,
            discriminator=discriminator,
            schema_name=linked[0] if linked else None,
            schema_href=linked[1] if linked else None,
            recursive_to=ref_name(cycle) if cycle else None,
            recursive_href=f"#{owners[cycle]}" if cycle and cycle in owners else None,
            enum_more=max(0, len(enum) - _ENUM_SHOWN),
        )
