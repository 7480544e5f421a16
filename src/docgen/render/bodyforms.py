"""Request bodies sent as forms (``multipart/form-data``, ``application/x-www-form-urlencoded``):
their fields, read from the body schema's properties, for the code samples (``--form`` and
``--data-urlencode``, not a JSON ``--data``) and the playground (one input per field, a file
picker for each file part).

A part of a multipart form is a file when its schema is a binary string: ``format: binary``
(OpenAPI 3.0) or a ``contentMediaType`` without a ``contentEncoding`` (3.1); an array of those
is several files under one name. A urlencoded form has no files (a binary field is its text,
as ``--data-urlencode`` sends it). Other parts are text: scalars as written, objects and
arrays of objects as JSON (how multipart sends an object by default), arrays of scalars as one
part per item.

The fields' sample texts together stop at :data:`~docgen.render.examples.MAX_EXAMPLE_CHARS`
characters, as a long example does, with its note ("… (truncated)"): an example read once
(a YAML alias) but named by every field was written in full for each, in three samples and the
playground (126 MB of pages from 75 KB of spec)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from docgen.render.examples import MAX_EXAMPLE_CHARS, TRUNCATED
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
    budget = [MAX_EXAMPLE_CHARS]  # characters of sample text left for the fields
    for name, (sub, sub_doc) in list(properties.items())[:_MAX_FIELDS]:
        value, value_doc = resolve(sub, sub_doc, spec.documents)
        value = value if isinstance(value, dict) else {}
        if value.get("readOnly") is True:
            continue
        items, _ = resolve(value.get("items"), value_doc, spec.documents)
        array = _type(value) == "array"
        file = multipart and is_file(items if array else value)
        sample = given.get(name)
        many = array and (file or not _composite(items))
        values = () if file else _texts(sample, array and not _composite(items), budget)
        if values and values[-1].endswith(TRUNCATED.strip()):  # the playground starts from
            cut = values[:-1] if values[-1] == TRUNCATED.strip() else values  # them too
            sample = (list(cut) if many else cut[0]) if cut else None
        out.append(
            FormField(
                name=name,
                file=file,
                many=many,
                required=name in required,
                values=values,
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


def _texts(sample: Any, repeated: bool, budget: list[int]) -> tuple[str, ...]:
    """The texts of ``sample`` (one per item when ``repeated``), taken from ``budget``: the
    text that goes past it is cut, and the last text written ends with the note (the note
    alone once the budget is spent)."""
    if sample is None:
        return ("",)
    out: list[str] = []
    for item in sample if repeated and isinstance(sample, list) else [sample]:
        if budget[0] <= 0:
            out.append(out.pop() + TRUNCATED if out else TRUNCATED.strip())
            break
        text = _text(item, budget[0])
        budget[0] -= len(text)
        if budget[0] < 0:
            out.append(text[: len(text) + budget[0]] + TRUNCATED)
            break
        out.append(text)
    return tuple(out) or ("",)


def _text(value: Any, limit: int) -> str:
    """``value`` as a part's text; JSON past ``limit`` characters is not written out."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    text: list[str] = []
    size = 0
    for chunk in _ENCODER.iterencode(value):  # a large value is not written out in full
        text.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return "".join(text)


_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)
