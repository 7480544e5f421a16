"""Request bodies sent as forms (``multipart/form-data``, ``application/x-www-form-urlencoded``):
their fields, read from the body schema's properties, for the code samples (``--form`` and
``--data-urlencode``, not a JSON ``--data``) and the playground (one input per field, a file
picker for each file part).

A part of a multipart form is a file when its schema is a binary string: ``format: binary``
(OpenAPI 3.0) or a ``contentMediaType`` without a ``contentEncoding`` (3.1); an array of those
is several files under one name. A urlencoded form has no files (a binary field is its text,
as ``--data-urlencode`` sends it). Other parts are text: scalars as written, objects and
arrays of objects as JSON (how multipart sends an object by default), arrays of scalars as one
part per item."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from docgen.spec.model import Spec
from docgen.spec.refs import resolve

MULTIPART = "multipart/form-data"
URLENCODED = "application/x-www-form-urlencoded"
EXAMPLE_FILE = "example-file"  # what the samples upload: the reader replaces it
_MAX_FIELDS = 200


@dataclass(frozen=True, slots=True)
class FormField:
    """One field of a form body: ``values`` are its sample texts (one per repeated part; none
    for a file); ``schema`` is the field's own (resolved) schema."""

    name: str
    file: bool
    many: bool
    required: bool
    values: tuple[str, ...]
    example: Any  # the value in the body's example, as it is there (``None``: none)
    schema: Any
    doc: str


def form_kind(media_type: str | None) -> str | None:
    """``multipart/form-data`` or ``application/x-www-form-urlencoded`` (parameters and case
    ignored), or ``None`` for any other media type."""
    if not media_type:
        return None
    base = media_type.split(";", 1)[0].strip().lower()
    return base if base in (MULTIPART, URLENCODED) else None


def form_fields(
    spec: Spec, schema: Any, doc: str, example: Any, multipart: bool = True
) -> tuple[FormField, ...]:
    """The fields of a form body whose schema is ``schema`` (properties of the object, of each
    ``allOf`` part too), with sample values from ``example`` (the body's example object);
    ``multipart``: the form can send files. Empty when the schema names no properties: the body
    is then shown as text."""
    properties: dict[str, tuple[Any, str]] = {}
    required: set[str] = set()
    _collect(spec, schema, doc, properties, required, set())
    given = example if isinstance(example, dict) else {}
    out = []
    for name, (sub, sub_doc) in list(properties.items())[:_MAX_FIELDS]:
        value, value_doc = resolve(sub, sub_doc, spec.documents)
        value = value if isinstance(value, dict) else {}
        if value.get("readOnly") is True:
            continue
        items, _ = resolve(value.get("items"), value_doc, spec.documents)
        array = _type(value) == "array"
        file = multipart and is_file(items if array else value)
        sample = given.get(name)
        out.append(
            FormField(
                name=name,
                file=file,
                many=array and (file or not _composite(items)),
                required=name in required,
                values=() if file else _texts(sample, array and not _composite(items)),
                example=None if file else sample,
                schema=value,
                doc=value_doc,
            )
        )
    return tuple(out)


def _collect(
    spec: Spec,
    schema: Any,
    doc: str,
    properties: dict[str, tuple[Any, str]],
    required: set[str],
    seen: set[int],
) -> None:
    """Each schema object once (``seen``): an ``allOf`` that names a schema twice, or fans
    out to the same ones again and again, or names itself, costs one visit a schema."""
    value, value_doc = resolve(schema, doc, spec.documents)
    if not isinstance(value, dict) or id(value) in seen or len(seen) >= _MAX_FIELDS:
        return
    seen.add(id(value))
    parts = value.get("allOf")
    for part in parts if isinstance(parts, list) else ():
        _collect(spec, part, value_doc, properties, required, seen)
    own = value.get("properties")
    if isinstance(own, dict):
        for name, sub in own.items():
            properties[str(name)] = (sub, value_doc)
    names = value.get("required")
    if isinstance(names, list):
        required.update(str(n) for n in names if isinstance(n, str))


def _type(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind is None and "items" in schema:
        return "array"
    return kind if isinstance(kind, str) else None


def is_file(schema: Any) -> bool:
    """A binary string: ``format: binary``, or ``contentMediaType`` without ``contentEncoding``."""
    if not isinstance(schema, dict) or _type(schema) not in (None, "string"):
        return False
    if schema.get("format") == "binary":
        return True
    return "contentMediaType" in schema and "contentEncoding" not in schema


def _composite(schema: Any) -> bool:
    return isinstance(schema, dict) and (
        _type(schema) in ("object", "array") or "properties" in schema
    )


def _texts(sample: Any, repeated: bool) -> tuple[str, ...]:
    if sample is None:
        return ("",)
    if repeated and isinstance(sample, list):
        return tuple(_text(item) for item in sample) or ("",)
    return (_text(sample),)


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, default=str)
