"""The parts of a parameter's or a request body's schema the playground's inputs and its
checks before sending use (playground.js), bounded: a parameter's input looks at a limited
number of schemas through oneOf/anyOf/allOf and cuts ``$ref`` cycles; a body's checks stop
at a node budget and a depth."""

from __future__ import annotations

from typing import Any

from docgen.spec.model import Spec
from docgen.spec.refs import resolve

_SCHEMA_KEYS = (
    "format",
    "enum",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "default",
    "multipleOf",
)


def _type(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if isinstance(kind, str):
        return kind
    if "enum" in schema:
        return "string"
    if "properties" in schema:
        return "object"
    return None


def input_schema(spec: Spec, schema: Any, doc: str, depth: int = 0) -> dict[str, Any]:
    """The subset of a parameter schema the inputs and the checks before sending use (at most
    ``_INPUT_BUDGET`` schemas looked at, a ``$ref`` cycle cut: ``{"type": None}``, text)."""
    return _input(spec, schema, doc, depth, [_INPUT_BUDGET], frozenset())


_INPUT_BUDGET = 100  # schemas one parameter's input looks at through oneOf/anyOf/allOf


def _input(
    spec: Spec, schema: Any, doc: str, depth: int, budget: list[int], seen: frozenset[int]
) -> dict[str, Any]:
    resolved, doc = resolve(schema, doc, spec.documents)
    if not isinstance(resolved, dict) or budget[0] <= 0 or id(resolved) in seen:
        return {"type": None}
    budget[0] -= 1
    seen = seen | {id(resolved)}
    for key in ("allOf", "oneOf", "anyOf"):  # a single-entry wrapper is common for enums
        parts = resolved.get(key)
        if "type" not in resolved and isinstance(parts, list) and len(parts) == 1:
            return _input(spec, parts[0], doc, depth, budget, seen)
        if "type" not in resolved and key != "allOf" and isinstance(parts, list):
            # An object or something simpler (Stripe's metadata: an object, or "" to clear
            # it; its created: a range object or a timestamp): the object's input, so the
            # value is sent as an object (deepObject: metadata[order]=7), not as JSON text.
            found = (_input(spec, part, doc, depth, budget, seen) for part in parts[:20])
            shaped = next((one for one in found if one["type"] == "object"), None)
            if shaped is not None:
                return shaped
    out: dict[str, Any] = {"type": _type(resolved)}
    for key in _SCHEMA_KEYS:
        if key in resolved:
            value = resolved[key]
            if key == "enum" and not isinstance(value, list):
                continue
            out[key] = value
    if out["type"] == "array" and depth == 0 and "items" in resolved:
        out["items"] = _input(spec, resolved["items"], doc, 1, budget, seen)
    return out


_BODY_KEYS = (*_SCHEMA_KEYS, "minItems", "maxItems", "minProperties", "maxProperties")
_BODY_BUDGET = 400  # schema nodes sent to the browser for one body; deeper parts are not checked


def body_schema(spec: Spec, schema: Any, doc: str) -> dict[str, Any]:
    """The part of a request body schema the browser checks before sending (docgen's own
    checks, playground.js ``checkBody``): types, required properties, enums, lengths, ranges,
    patterns and item/property counts, through objects and arrays; ``{}`` (anything) past the
    budget, in recursive parts and for oneOf/anyOf."""
    budget = [_BODY_BUDGET]

    def build(node: Any, doc: str, depth: int, seen: frozenset[int]) -> dict[str, Any]:
        resolved, doc = resolve(node, doc, spec.documents)
        if not isinstance(resolved, dict) or depth > 12 or budget[0] <= 0 or id(resolved) in seen:
            return {}
        budget[0] -= 1
        seen = seen | {id(resolved)}
        parts = [(resolved, doc)]
        all_of = resolved.get("allOf")
        for part in all_of if isinstance(all_of, list) else []:
            part_resolved, part_doc = resolve(part, doc, spec.documents)
            if isinstance(part_resolved, dict):
                parts.append((part_resolved, part_doc))
        out: dict[str, Any] = {}
        kind = resolved.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
        if resolved.get("nullable") is True or "null" in kinds:
            out["nullable"] = True
        kinds = [k for k in kinds if k != "null"]
        if len(kinds) == 1:
            out["type"] = kinds[0]
        elif any("properties" in p for p, _ in parts):
            out["type"] = "object"
        for key in _BODY_KEYS:
            if key in resolved and key != "default":
                out[key] = resolved[key]
        required: list[str] = []
        properties: dict[str, Any] = {}
        read_only: set[str] = set()
        for part, part_doc in parts:
            wanted = part.get("required")
            if isinstance(wanted, list):
                required += [r for r in wanted if isinstance(r, str)]
            props = part.get("properties")
            if isinstance(props, dict):
                for name, sub in props.items():
                    sub_resolved, _ = resolve(sub, part_doc, spec.documents)
                    if isinstance(sub_resolved, dict) and sub_resolved.get("readOnly") is True:
                        read_only.add(str(name))
                        continue
                    properties[str(name)] = build(sub, part_doc, depth + 1, seen)
        required = [r for r in required if r not in read_only]
        if properties:
            out["properties"] = properties
        if required:
            out["required"] = sorted(set(required))
        if resolved.get("additionalProperties") is False and len(parts) == 1:
            out["additionalProperties"] = False
        if "items" in resolved:
            out["items"] = build(resolved["items"], doc, depth + 1, seen)
        return out

    return build(schema, doc, 0, frozenset())
