"""Validate ``docs.json`` against the packaged JSON Schema and word each error for a person."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from docgen.diagnostics import close_matches

if TYPE_CHECKING:  # imported when a config is validated: a lone spec's build never needs it
    import jsonschema
    from jsonschema.exceptions import ValidationError

_TYPE_NAMES = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "boolean": "true or false",
    "integer": "an integer",
    "number": "a number",
    "null": "null",
}


@cache
def schema() -> dict[str, Any]:
    """The packaged ``docs.json`` JSON Schema."""
    text = resources.files("docgen.config").joinpath("schema.json").read_text("utf-8")
    return dict(json.loads(text))


@cache
def _validator() -> jsonschema.Draft202012Validator:
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def dotted(path: Iterable[str | int]) -> str:
    """``navigation.tabs[1].groups[0]`` for the path ``navigation/tabs/1/groups/0``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def pointer(path: Iterable[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def _branch_fits(error: ValidationError, instance: Any) -> bool:
    """Whether an anyOf branch error belongs to a branch of the instance's own type."""
    sub = error.schema if isinstance(error.schema, dict) else {}
    want = sub.get("type")
    if want is None and "$ref" in sub:
        return True
    kind = _json_type(instance)
    if isinstance(want, str):
        return want == kind or (want == "number" and kind == "integer")
    return error.validator != "type"


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """Replace anyOf/oneOf errors by the errors of the branch matching the value's type."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        fitting = [
            e for e in error.context if e.validator != "type" and _branch_fits(e, error.instance)
        ]
        only_required = all(e.validator == "required" for e in error.context)
        if fitting and not (error.validator == "oneOf" and only_required):
            for sub in fitting:
                yield from _leaves(sub)
            return
    yield error


def _suggest(word: str, choices: Sequence[str]) -> str | None:
    close = close_matches(word, list(choices), n=1, cutoff=0.6)
    if close:
        return close[0]
    prefixed = [c for c in choices if len(word) >= 3 and c.lower().startswith(word.lower())]
    if len(prefixed) == 1:
        return prefixed[0]
    lowered = {c.lower(): c for c in choices}
    return lowered.get(word.lower())


def _describe_value(value: Any) -> str:
    text = f"'{value}'" if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def human_errors(config: Any) -> list[tuple[str, str]]:
    """Every schema violation as ``(json pointer, message)``, sorted by position in the file.

    The pointer of an unknown key ends in ``#key`` so that its line is the key's own.
    """
    results: list[tuple[str, str]] = []
    for top in _validator().iter_errors(config):
        for error in _leaves(top):
            results.extend(_word(error))
    # An unknown key that is a typo of a missing required key makes the "missing" line noise.
    typos = {
        (p.rsplit("/", 1)[0], m.split("did you mean '")[1].rstrip("'?"))
        for p, m in results
        if "did you mean '" in m and "unknown key" in m
    }
    kept = []
    for ptr, msg in results:
        if "missing required key" in msg:
            key = msg.split("'")[1]
            if (ptr, key) in typos:
                continue
        kept.append((ptr, msg))
    seen: set[tuple[str, str]] = set()
    unique = []
    for item in kept:
        if item not in seen:
            seen.add(item)
            unique.append(item)
    return unique


def _word(error: ValidationError) -> list[tuple[str, str]]:
    path = list(error.absolute_path)
    where = dotted(path)
    ptr = pointer(path)
    validator = error.validator
    value: Any = error.validator_value
    sub_schema = error.schema if isinstance(error.schema, dict) else {}
    if validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(sub_schema.get("properties", {}))
        out = []
        for key in error.instance:
            if key in allowed:
                continue
            hint = _suggest(key, allowed)
            message = f"{where}: unknown key '{key}'"
            message += (
                f"; did you mean '{hint}'?"
                if hint
                else (f" (allowed: {', '.join(allowed)})" if allowed else "")
            )
            out.append((pointer([*path, key]) + "#key", message))
        return out
    if validator == "required":
        instance: Any = error.instance
        missing = [k for k in value if k not in instance]
        return [(ptr, f"{where}: missing required key '{k}'") for k in missing]
    if validator == "type":
        want = value
        names = [want] if isinstance(want, str) else list(want)
        expected = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        got = _TYPE_NAMES.get(_json_type(error.instance), "null")
        return [(ptr, f"{where}: expected {expected}, got {got}")]
    if validator == "enum":
        options = ", ".join(f"'{o}'" for o in value)
        hint = ""
        if isinstance(error.instance, str):
            close = _suggest(error.instance, [str(o) for o in value])
            hint = f"; did you mean '{close}'?" if close else ""
        return [(ptr, f"{where}: {_describe_value(error.instance)} is not one of {options}{hint}")]
    if validator == "const":
        return [(ptr, f"{where}: must be {_describe_value(error.validator_value)}")]
    if validator == "pattern":
        return [(ptr, f"{where}: {_describe_value(error.instance)} is not {_pattern_words(path)}")]
    if validator == "minLength":
        return [(ptr, f"{where}: must not be empty")]
    if validator == "minItems":
        return [(ptr, f"{where}: must have at least {error.validator_value} item(s)")]
    if validator == "uniqueItems":
        return [(ptr, f"{where}: items must be unique")]
    if validator == "oneOf" and path == ["auth"]:
        return [(ptr, f"{where}: give exactly one of 'publicKey' or 'publicKeyFile'")]
    if validator in ("anyOf", "oneOf"):
        kinds = [e.validator_value for e in error.context or () if e.validator == "type"]
        names = [_TYPE_NAMES.get(k, k) for k in kinds if isinstance(k, str)]
        got = _TYPE_NAMES.get(_json_type(error.instance), "null")
        if names:
            return [(ptr, f"{where}: expected {' or '.join(dict.fromkeys(names))}, got {got}")]
    return [(ptr, f"{where}: {error.message}")]


def _pattern_words(path: list[str | int]) -> str:
    last = path[-1] if path else ""
    if last == "url":
        return "an http(s) URL"
    if last == "directory":
        return "a relative URL folder (letters, digits, '-', '_', '.', '~', separated by '/')"
    if last in ("primary", "light", "dark"):
        return "a hex colour like '#0b7285'"
    if last == "loginUrl":
        return "an http(s) URL or a site path starting with '/'"
    if isinstance(last, int):
        return "an http(s) origin"
    if last in ("measurementId", "tagId", "apiKey", "siteId"):
        return "an ID (letters, digits, '-' and '_')"
    if last == "server":
        return "a host name, without https:// (for example 'plausible.example.com')"
    if last == "domain":
        return "a domain name, or several separated by commas"
    return "in the expected format"
