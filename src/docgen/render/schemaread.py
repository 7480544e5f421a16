"""Reading schemas as trees are built from them: ``$ref`` chains followed, ``allOf`` merged."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docgen.render.schemawords import ref_of, type_label
from docgen.spec.model import Spec
from docgen.spec.refs import resolve

if TYPE_CHECKING:
    from docgen.render.subtrees import Subtrees


@dataclass(slots=True)
class Resolved:
    """A schema with its ``$ref`` chain followed: the value, its document and its ref name."""

    schema: dict[str, Any]
    doc: str
    ref: str | None


@dataclass(slots=True)
class SchemaReader:
    """Schemas of ``spec`` as a tree builder reads them (every ``$ref`` read is told to
    ``memo``, which reuses fields across pages: :mod:`docgen.render.subtrees`)."""

    spec: Spec
    memo: Subtrees | None = field(default=None, kw_only=True)

    def deref(self, schema: Any, doc: str) -> Resolved:
        ref = ref_of(schema)
        if ref is not None and self.memo is not None:
            self.memo.saw(ref)
        value, value_doc = resolve(schema, doc, self.spec.documents)
        if not isinstance(value, dict) or ("$ref" in value and isinstance(value["$ref"], str)):
            return Resolved(
                {}
                if not isinstance(value, dict)
                else {k: v for k, v in value.items() if k != "$ref"},
                value_doc,
                ref,
            )
        if isinstance(schema, dict) and ref is not None and len(schema) > 1:
            # OpenAPI 3.1 allows siblings next to $ref (description, nullable...): they win.
            value = {**value, **{k: v for k, v in schema.items() if k != "$ref"}}
        return Resolved(value, value_doc, ref)

    def label(self, schema: dict[str, Any], doc: str) -> str:
        """:func:`~docgen.render.schemawords.type_label`, array items followed through ``$ref``."""
        return type_label(schema, lambda items: self.deref(items, doc).schema)

    def merged(
        self,
        schema: dict[str, Any],
        doc: str,
        seen: frozenset[str],
        done: set[str] | None = None,
    ) -> dict[str, Any]:
        """``schema`` with its ``allOf`` members merged in (properties, required, the rest).

        A ``$ref`` merged once is not merged again (``done``): merging is idempotent, and an
        ``allOf`` DAG (each schema naming the next twice) would otherwise cost 2**depth.
        """
        members = schema.get("allOf")
        if not isinstance(members, list) or not members:
            return schema
        done = set() if done is None else done
        out: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        properties: dict[str, Any] = {}
        required: list[str] = []
        for member in members:
            resolved = self.deref(member, doc)
            if resolved.ref is not None and (resolved.ref in seen or resolved.ref in done):
                continue
            if resolved.ref is not None:
                done.add(resolved.ref)
            part = self.merged(
                resolved.schema,
                resolved.doc,
                seen | ({resolved.ref} if resolved.ref else set()),
                done,
            )
            for key, value in part.items():
                if key == "properties" and isinstance(value, dict):
                    properties.update(value)
                elif key == "required" and isinstance(value, list):
                    required.extend(str(v) for v in value)
                else:
                    out.setdefault(key, value)
        if isinstance(schema.get("properties"), dict):
            properties.update(schema["properties"])
        if isinstance(schema.get("required"), list):
            required.extend(str(v) for v in schema["required"])
        if properties:
            out["properties"] = properties
        if required:
            out["required"] = list(dict.fromkeys(required))
        return out
