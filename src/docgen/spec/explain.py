"""docgen's wording for a JSON Schema validation error of a spec.

For a ``oneOf``/``anyOf`` failure the library's "best match" often names the wrong branch (a
security scheme with ``type: apikey`` is reported as "'$ref' is required", the Reference branch).
Here the branch the object was obviously meant for is picked by its discriminating fields
(``type``, ``in``): when no branch accepts their value, the error names the value and the allowed
ones; otherwise the error comes from the branch that accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only an invalid spec is explained: the library is imported then
    from jsonschema.exceptions import ValidationError

_DISCRIMINATORS = ("type", "in")
_CHOICE = ("oneOf", "anyOf")


def _best_match(errors: Iterable[ValidationError]) -> ValidationError | None:
    from jsonschema.exceptions import best_match

    found: ValidationError | None = best_match(errors)
    return found


def _short(value: Any) -> str:
    """A value as the spec writes it: ``null``, ``true``, ``{"a": 1}`` (strings quoted)."""
    plain = isinstance(value, (str, int, float)) and not isinstance(value, bool)
    text = repr(value) if plain else _json(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _json(value: Any) -> str:
    import json

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:  # a circular value
        return repr(value)


def _leaves(error: ValidationError) -> Iterable[ValidationError]:
    if error.validator in _CHOICE and error.context:
        for sub in error.context:
            yield from _leaves(sub)
    else:
        yield error


def _branches(error: ValidationError) -> list[list[ValidationError]]:
    """The alternatives of a choice, a nested choice on the same object flattened into them."""
    groups: dict[Any, list[ValidationError]] = {}
    for sub in error.context or []:
        key = sub.relative_schema_path[0] if sub.relative_schema_path else None
        groups.setdefault(key, []).append(sub)
    branches: list[list[ValidationError]] = []
    for group in groups.values():
        only = group[0]
        nested = len(group) == 1 and only.validator in _CHOICE and bool(only.context)
        if nested and only.absolute_path == error.absolute_path:
            branches.extend(_branches(only))
            continue
        branches.append(group)
    return branches


def _rejects(branch: Sequence[ValidationError], depth: int, key: str) -> list[ValidationError]:
    """The errors of ``branch`` that refuse the object's ``key`` value (enum/const/type)."""
    return [
        leaf
        for sub in branch
        for leaf in _leaves(sub)
        if len(leaf.absolute_path) == depth + 1
        and leaf.absolute_path[-1] == key
        and leaf.validator in ("enum", "const")
    ]


def _wants_ref(branch: Sequence[ValidationError], instance: dict[str, Any]) -> bool:
    return "$ref" not in instance and any(
        sub.validator == "required"
        and isinstance(sub.validator_value, list)
        and "$ref" in sub.validator_value
        for sub in branch
    )


def pick(error: ValidationError) -> tuple[ValidationError, str | None]:
    """The error to report for ``error``, and docgen's message when docgen words it itself."""
    while error.validator in _CHOICE and error.context:
        instance = error.instance
        if not isinstance(instance, dict):
            nested = _best_match(error.context)
            if nested is None or nested is error:
                break
            error = nested
            continue
        depth = len(error.absolute_path)
        branches = [b for b in _branches(error) if not _wants_ref(b, instance)] or _branches(error)
        for key in _DISCRIMINATORS:
            if key not in instance:
                continue
            refused = [_rejects(b, depth, key) for b in branches]
            if all(refused):
                allowed = _allowed(leaf for errors in refused for leaf in errors)
                leaf = refused[0][0]
                return leaf, (
                    f"{_short(instance[key])} is not a valid '{key}'; use one of "
                    + ", ".join(repr(v) for v in allowed)
                )
            branches = [b for b, r in zip(branches, refused, strict=True) if not r] or branches
        nested = _best_match(err for branch in branches for err in branch)
        if nested is None or nested is error:
            break
        error = nested
    return error, None


def _allowed(errors: Iterable[ValidationError]) -> list[Any]:
    values: list[Any] = []
    for leaf in errors:
        given: Any = leaf.validator_value
        options = given if leaf.validator == "enum" and isinstance(given, list) else [given]
        for value in options:
            if value not in values:
                values.append(value)
    return values


def message(error: ValidationError) -> str:
    """docgen's wording for a leaf error (the library's text only for rare keywords)."""
    kind, value, instance = error.validator, error.validator_value, error.instance
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [k for k in instance if k not in allowed and not str(k).startswith("x-")]
        if extra:
            return f"unknown field(s) {', '.join(repr(k) for k in extra)}"
    if kind == "required" and isinstance(instance, dict) and isinstance(value, list):
        missing = [k for k in value if k not in instance]
        if missing:
            return f"{', '.join(repr(k) for k in missing)} is required"
    if kind == "enum" and isinstance(value, list):
        return f"{_short(instance)} is not allowed here; use one of " + ", ".join(
            repr(v) for v in value
        )
    if kind == "const":
        return f"{_short(instance)} is not allowed here; it must be {value!r}"
    if kind == "type":
        wanted = " or ".join(value) if isinstance(value, list) else str(value)
        return f"{_short(instance)} has the wrong type; expected {wanted}"
    if kind == "not" and isinstance(value, dict) and isinstance(instance, dict):
        present = [k for k in value.get("required", []) if k in instance]
        if present and set(value) == {"required"}:  # OpenAPI's "bearerFormat only with bearer"
            return f"{', '.join(repr(k) for k in present)} is not allowed here"
    if kind == "not":  # the library's text shows both values as Python writes them
        return f"{_short(instance)} must not match {_short(value)}"
    text = error.message
    return text if len(text) <= 300 else text[:297] + "..."


def without_consequences(
    reported: list[tuple[str, ValidationError, str | None]],
) -> list[tuple[str, ValidationError, str | None]]:
    """Drop "unevaluated properties" errors on an object that has another error at or below it:
    they follow from that error (the branch that would have evaluated them did not match)."""
    return [
        item
        for item in reported
        if item[1].validator != "unevaluatedProperties"
        or not any(
            other is not item and (other[0] + "/").startswith(item[0] + "/") for other in reported
        )
    ]
