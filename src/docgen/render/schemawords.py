"""How a schema reads to people: its type label, its constraints, and values as text."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

from docgen.render.views import Constraint


def show(value: Any) -> str:
    """A value as a reader would write it: strings bare, everything else as JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def type_of(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        named = [k for k in kind if k != "null"]
        return str(named[0]) if named else "null"
    if isinstance(kind, str):
        return kind
    if "properties" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return None


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1] or ref


def variant_label(schema: dict[str, Any], ref: str | None, index: int) -> str:
    """What a oneOf/anyOf option is called: its title, its schema's name, its type."""
    title = schema.get("title")
    if isinstance(title, str) and title:
        return title
    if ref is not None:
        return ref_name(ref)
    if "const" in schema:  # oneOf [{const: create}, {const: update}]: not "const", "const"
        return show(schema["const"])
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) == 1:
        return show(enum[0])
    required = required_only(schema)
    if required:  # anyOf [{required: [state]}, {required: [runner_type]}]: not "any", "any"
        return "with " + ", ".join(required)
    return type_label(schema) or f"Option {index + 1}"


def required_only(schema: dict[str, Any]) -> list[str]:
    """The names an option that only requires properties (``{required: [state]}``) asks for."""
    required = schema.get("required")
    if set(schema) - {"required", "description"} or not isinstance(required, list):
        return []
    return [str(name) for name in required]


def option_note(schema: dict[str, Any]) -> str:
    """What an option without properties says in its panel when its type would say nothing:
    its one value (not "const"), the properties it requires (not "any"), the options it
    holds in turn (not "one of", "array of one of")."""
    if "const" in schema:
        return f"<p>The value <code>{html.escape(show(schema['const']))}</code>.</p>"
    required = required_only(schema)
    if required:
        return f"<p>Requires {_codes(required)}.</p>"
    items = schema.get("items")
    nested = _options(items if type_of(schema) == "array" and isinstance(items, dict) else schema)
    if nested is None:
        return ""
    word, names = nested
    if nested and type_of(schema) == "array":
        return f"<p>An array, each item {word.lower()}: {_codes(names)}.</p>"
    return f"<p>{word}: {_codes(names)}.</p>"


def _options(schema: dict[str, Any]) -> tuple[str, list[str]] | None:
    for kind, word in (("oneOf", "One of"), ("anyOf", "Any of")):
        options = schema.get(kind)
        if isinstance(options, list) and options:
            return word, [
                variant_label(o if isinstance(o, dict) else {}, ref_of(o), i)
                for i, o in enumerate(options)
            ]
    return None


def _codes(names: list[str]) -> str:
    return ", ".join(f"<code>{html.escape(name)}</code>" for name in names)


def tagged_labels(labels: list[str], shapes: list[dict[str, Any]]) -> list[str]:
    """Options whose labels repeat (nine ``object``s) named by the property that tells them
    apart, when each fixes it to a value of its own (``type: {enum: [A]}``, ``{enum: [MX]}``):
    the discriminator a spec did not declare. Otherwise numbered (see distinct_labels)."""
    repeated = [i for i, label in enumerate(labels) if labels.count(label) > 1]
    if not repeated:
        return labels
    props: list[dict[str, Any]] = [
        p for p in (shapes[i].get("properties") for i in repeated) if isinstance(p, dict)
    ]
    if len(props) == len(repeated):
        for name in props[0]:
            values = [_fixed(p.get(name)) for p in props]
            shown = [show(v[0]) for v in values if v]
            if len(shown) == len(values) and len(set(shown)) == len(shown):
                named = list(labels)
                for i, value in zip(repeated, shown, strict=True):
                    named[i] = value
                return distinct_labels(named)
    return distinct_labels(labels)


def _fixed(schema: Any) -> list[Any]:
    """``[value]`` when ``schema`` allows one value only (``const``, a one-value ``enum``)."""
    if not isinstance(schema, dict):
        return []
    if "const" in schema:
        return [schema["const"]]
    enum = schema.get("enum")
    return [enum[0]] if isinstance(enum, list) and len(enum) == 1 else []


def distinct_labels(labels: list[str]) -> list[str]:
    """``labels`` with a repeated one numbered (object 1, object 2): tabs that read the same
    cannot be told apart."""
    return [
        f"{label} {labels[: i + 1].count(label)}" if labels.count(label) > 1 else label
        for i, label in enumerate(labels)
    ]


def type_label(schema: dict[str, Any], deref: Callable[[Any], dict[str, Any]] | None = None) -> str:
    """``string``, ``integer``, ``array of AgentJob``, ``object``, ``string | null``..."""
    kind = type_of(schema)
    if kind == "array":
        items = schema.get("items")
        inner = "any"
        if isinstance(items, dict):
            if isinstance(items.get("$ref"), str):
                inner = ref_name(items["$ref"])
            elif deref is not None:
                inner = type_label(deref(items)) or "any"
            else:
                inner = type_label(items) or "any"
        return f"array of {inner}"
    if (
        kind == "object"
        and isinstance(schema.get("additionalProperties"), dict)
        and not schema.get("properties")
    ):
        return "map"
    if kind is None:
        if "oneOf" in schema or "anyOf" in schema:
            return "one of" if "oneOf" in schema else "any of"
        if "const" in schema:
            return "const"
        return _all_of_label(schema, deref)
    return kind


def _all_of_label(schema: dict[str, Any], deref: Callable[[Any], dict[str, Any]] | None) -> str:
    """The one type the typed parts of an untyped ``allOf`` agree on (an object made of other
    objects: "object", not "any"), else "any"."""
    parts = schema.get("allOf")
    if not isinstance(parts, list):
        return "any"
    kinds = {
        type_of(deref(part) if deref is not None else part)
        for part in parts
        if isinstance(part, dict)
    } - {None}
    return str(kinds.pop()) if len(kinds) == 1 else "any"


def constraints(schema: dict[str, Any]) -> tuple[Constraint, ...]:
    out: list[Constraint] = []
    minimum, maximum = schema.get("minimum"), schema.get("maximum")
    ex_min, ex_max = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if isinstance(ex_min, (int, float)) and not isinstance(ex_min, bool):
        out.append(Constraint("greater than", show(ex_min)))
    elif minimum is not None:
        out.append(Constraint("greater than" if ex_min is True else "minimum", show(minimum)))
    if isinstance(ex_max, (int, float)) and not isinstance(ex_max, bool):
        out.append(Constraint("less than", show(ex_max)))
    elif maximum is not None:
        out.append(Constraint("less than" if ex_max is True else "maximum", show(maximum)))
    for key, label in (
        ("minLength", "min length"),
        ("maxLength", "max length"),
        ("pattern", "pattern"),
        ("minItems", "min items"),
        ("maxItems", "max items"),
        ("multipleOf", "multiple of"),
        ("minProperties", "min properties"),
        ("maxProperties", "max properties"),
        ("const", "constant"),
    ):
        if key in schema and schema[key] is not None:
            out.append(Constraint(label, show(schema[key])))
    if schema.get("uniqueItems") is True:
        out.append(Constraint("unique items", "yes"))
    return tuple(out)


def nullable(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return schema.get("nullable") is True or (isinstance(kind, list) and "null" in kind)


def ref_of(schema: Any) -> str | None:
    """The ``$ref`` string of ``schema``; ``None`` also for a malformed (non-string) one."""
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    return ref if isinstance(ref, str) else None


def same_as(name: str, anchor: str | None) -> str:
    """The note that replaces a large schema already shown on this page."""
    shown = f"<code>{html.escape(name)}</code>"
    if anchor is not None:
        shown = f'<a href="#{html.escape(anchor)}">{shown}</a>'
    return f'<p class="field-same-as">Same as {shown} above.</p>'


def schema_identity(schema: Any) -> object:
    """What a schema is, for memoising: a bare ``{"$ref": ...}`` is its target (the many
    objects naming one schema are one; with the document it is written in), anything else is
    the object itself (whoever keys on it must hold the object, so that its id stays its own)."""
    if isinstance(schema, dict) and len(schema) == 1:
        ref = schema.get("$ref")
        if isinstance(ref, str):
            return ref
    return id(schema)
