"""Example values: the spec's own examples first, otherwise one generated from the schema."""

from __future__ import annotations

import json
from typing import Any

from docgen.render.highlight import highlight
from docgen.render.schemawords import schema_identity, variant_label
from docgen.render.views import Example
from docgen.spec.model import Spec
from docgen.spec.refs import resolve

MAX_EXAMPLE_CHARS = 20_000
TRUNCATED = "\n… (truncated)"  # the note at the end of an example cut short

MAX_DEPTH = 8
MAX_NODES = 2000  # values one generated example may hold: fan-out (30 properties that all
# name the next schema, 8 levels deep) would otherwise be exponential in the depth
_FORMATS = {
    "date-time": "2024-01-01T00:00:00Z",
    "date": "2024-01-01",
    "time": "12:00:00",
    "email": "user@example.com",
    "uri": "https://example.com",
    "url": "https://example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "byte": "U3dhZ2dlciByb2Nrcw==",
    "password": "********",
}


def media_examples(media: dict[str, Any], spec: Spec, doc: str) -> list[tuple[str, Any]]:
    """The examples a Media Type object gives: ``example``, then each of ``examples``."""
    out: list[tuple[str, Any]] = []
    if "example" in media:
        out.append(("Example", media["example"]))
    examples = media.get("examples")
    if isinstance(examples, dict):
        for name, item in examples.items():
            value, _ = resolve(item, doc, spec.documents)
            if isinstance(value, dict) and "value" in value:
                label = value.get("summary") if isinstance(value.get("summary"), str) else name
                out.append((str(label), value["value"]))
    return out


_VIEWS: dict[tuple[str, int, str, bool], tuple[Any, Example]] = {}


def views(pairs: list[tuple[str, Any]], media_type: str, generated: bool) -> list[Example]:
    """(label, value) examples as shown: JSON text, highlighted; memoised per value object
    (generated examples are shared by every page of a schema, given ones belong to the spec),
    so the pages sharing one do not write and highlight it again."""
    out = []
    for label, value in pairs:
        key = (label, id(value), media_type, generated)
        hit = _VIEWS.get(key)
        if hit is None or hit[0] is not value:
            if len(_VIEWS) >= MEMO_MAX:
                _VIEWS.clear()
            hit = _VIEWS[key] = (value, _view(label, value, media_type, generated))
        out.append(hit[1])
    return out


def _view(label: str, value: Any, media_type: str, generated: bool) -> Example:
    if isinstance(value, str) and "json" not in media_type:
        code, language = value, None
    else:
        code, language = json_text(value), "json"
    if len(code) > MAX_EXAMPLE_CHARS:
        code = code[:MAX_EXAMPLE_CHARS] + TRUNCATED
    return Example(label, media_type, code, highlight(code, language), generated)


_TEXTS: dict[int, tuple[Any, str]] = {}


def json_text(value: Any) -> str:
    """``value`` as indented JSON (``json.dumps`` with ``indent=2``), memoised per value
    object like :func:`views`: a page writes its request body's example for the example
    column, the JavaScript sample and the playground's editor, and pages share example
    values (and an indented dump is Python's pure-Python encoder)."""
    hit = _TEXTS.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    if len(_TEXTS) >= MEMO_MAX:
        _TEXTS.clear()
    _TEXTS[id(value)] = (value, text)  # holding the value keeps its id from being reused
    return text


_MEMO: dict[tuple[object, int, str, str], tuple[Any, Any, Any]] = {}
MEMO_MAX = 50_000  # entries kept per process (a long-running server rebuilds many specs)


MAX_VARIANT_EXAMPLES = 20


def variant_examples(schema: Any, spec: Spec, doc: str, mode: str) -> list[tuple[str, Any]]:
    """A (label, example) per option of a body that is one of two or more schemas (``oneOf``
    or ``anyOf`` with no properties of its own), labelled as its schema tree labels them;
    else ``[]``."""
    body, body_doc = resolve(schema, doc, spec.documents)
    if not isinstance(body, dict) or "properties" in body:
        return []
    for kind in ("oneOf", "anyOf"):
        options = body.get(kind)
        if isinstance(options, list) and len(options) >= 2:
            out = []
            for index, option in enumerate(options[:MAX_VARIANT_EXAMPLES]):
                value, _ = resolve(option, body_doc, spec.documents)
                ref = option.get("$ref") if isinstance(option, dict) else None
                label = variant_label(
                    value if isinstance(value, dict) else {},
                    ref if isinstance(ref, str) else None,
                    index,
                )
                out.append((label, example_for(option, spec, body_doc, mode)))
            return out
    return []


def example_for(schema: Any, spec: Spec, doc: str, mode: str) -> Any:
    """:func:`generate` from the top, memoised per schema (a bare ``$ref`` per target): the
    pages of a big spec share request and response schemas. The value is shared: callers must
    not change it."""
    identity = schema_identity(schema)
    key = (identity, id(spec), doc, mode)
    hit = _MEMO.get(key)
    if hit is not None and hit[1] is spec and (hit[0] is schema or isinstance(identity, str)):
        return hit[2]
    value = generate(schema, spec, doc, mode)
    if len(_MEMO) >= MEMO_MAX:
        _MEMO.clear()
    _MEMO[key] = (schema, spec, value)  # holding both keeps their ids from being reused
    return value


def generate(
    schema: Any,
    spec: Spec,
    doc: str,
    mode: str,
    depth: int = 0,
    seen: frozenset[str] = frozenset(),
    budget: list[int] | None = None,
) -> Any:
    """A plausible value for ``schema`` (``mode`` request hides readOnly, response writeOnly).

    At most :data:`MAX_NODES` schemas are visited (``budget``); past it, parts are ``None``.
    """
    budget = [MAX_NODES] if budget is None else budget
    if budget[0] <= 0:
        return None
    budget[0] -= 1
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    ref = ref if isinstance(ref, str) else None  # a malformed $ref (a list...) is no reference
    value, value_doc = resolve(schema, doc, spec.documents)
    if not isinstance(value, dict) or depth > MAX_DEPTH or (ref is not None and ref in seen):
        return None
    if ref is not None:
        seen = seen | {ref}
    for key in ("example", "const", "default"):
        if key in value:
            return value[key]
    if isinstance(value.get("examples"), list) and value["examples"]:
        return value["examples"][0]
    if isinstance(value.get("enum"), list) and value["enum"]:
        return value["enum"][0]
    if isinstance(value.get("allOf"), list):
        merged: dict[str, Any] = {}
        scalar: Any = None  # a member that is no object (``allOf: [$ref: Uuid]``, a wrapper)
        for member in value["allOf"]:
            part = generate(member, spec, value_doc, mode, depth + 1, seen, budget)
            if isinstance(part, dict):
                merged.update(part)
            elif scalar is None:
                scalar = part
        own = _object(value, spec, value_doc, mode, depth, seen, budget)
        if isinstance(own, dict):
            merged.update(own)
        if not merged and scalar is not None and value.get("type") != "object":
            return scalar
        return merged
    for key in ("oneOf", "anyOf"):
        if isinstance(value.get(key), list) and value[key]:
            return generate(value[key][0], spec, value_doc, mode, depth + 1, seen, budget)
    kind = value.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in value else "array" if "items" in value else None
    if kind == "object":
        return _object(value, spec, value_doc, mode, depth, seen, budget)
    if kind == "array":
        item = generate(value.get("items", {}), spec, value_doc, mode, depth + 1, seen, budget)
        return [] if item is None else [item]
    if kind == "string":
        fmt = value.get("format")
        if isinstance(fmt, str) and fmt in _FORMATS:
            return _FORMATS[fmt]
        return "string"
    if kind == "integer":
        return _number(value, 0)
    if kind == "number":
        return _number(value, 0.0)
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    return None


def _number(schema: dict[str, Any], zero: int | float) -> Any:
    for key in ("minimum", "exclusiveMinimum"):
        bound = schema.get(key)
        if isinstance(bound, (int, float)) and not isinstance(bound, bool):
            return bound + (1 if key == "exclusiveMinimum" else 0)
    maximum = schema.get("maximum")
    if isinstance(maximum, (int, float)) and not isinstance(maximum, bool) and maximum < 0:
        return maximum
    return zero


def _object(
    schema: dict[str, Any],
    spec: Spec,
    doc: str,
    mode: str,
    depth: int,
    seen: frozenset[str],
    budget: list[int],
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, sub in properties.items():
            if budget[0] <= 0:
                break
            sub_value, _ = resolve(sub, doc, spec.documents)
            if isinstance(sub_value, dict):
                if mode == "request" and sub_value.get("readOnly") is True:
                    continue
                if mode == "response" and sub_value.get("writeOnly") is True:
                    continue
            out[str(name)] = generate(sub, spec, doc, mode, depth + 1, seen, budget)
    return out


def required_only(value: Any, schema: Any, spec: Spec, doc: str, depth: int = 0) -> Any:
    """A generated example without the properties its schema (``allOf`` parts included) does
    not require, at every depth (``api.examples.defaults: required``). A new value."""
    resolved, doc = resolve(schema, doc, spec.documents)
    if depth > 12 or not isinstance(resolved, dict):
        return value
    if isinstance(value, list):
        items = resolved.get("items")
        return [required_only(v, items, spec, doc, depth + 1) for v in value]
    if not isinstance(value, dict):
        return value
    parts = [(resolved, doc)]
    all_of = resolved.get("allOf")
    for part in all_of if isinstance(all_of, list) else ():
        part_resolved, part_doc = resolve(part, doc, spec.documents)
        if isinstance(part_resolved, dict):
            parts.append((part_resolved, part_doc))
    props: dict[str, tuple[Any, str]] = {}
    wanted: set[str] = set()
    for part, part_doc in parts:
        own = part.get("properties")
        if isinstance(own, dict):
            props.update((str(k), (v, part_doc)) for k, v in own.items())
        names = part.get("required")
        if isinstance(names, list):
            wanted.update(str(n) for n in names)
    if not props:
        return value
    return {
        k: required_only(v, props[k][0], spec, props[k][1], depth + 1) if k in props else v
        for k, v in value.items()
        if k in wanted
    }
