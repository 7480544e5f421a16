"""Where a spec's parameter lists go wrong, for the validator's errors that say what but not
where: a parameter listed twice (``Duplicate parameter 'id'``) and a path parameter that the
path template and the parameters do not agree on (``Path parameter 'id' ... was not
resolved``). The library gives no location; docgen finds each one itself and points at it."""

from __future__ import annotations

import string
from typing import Any

from docgen.spec import refs
from docgen.spec.model import METHODS

# The validator's error classes these findings stand for (openapi-spec-validator).
CLASSES = frozenset({"ParameterDuplicateError", "UnresolvableParameterError"})


def _parameter(data: dict[str, Any], node: Any) -> dict[str, Any] | None:
    """A parameter, through a ``$ref`` into the same document (else ``None``)."""
    for _ in range(8):
        if not isinstance(node, dict):
            return None
        ref = node.get("$ref")
        if not isinstance(ref, str):
            return node
        if not ref.startswith("#/"):
            return None
        target: Any = data
        for token in ref[2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            target = target.get(token) if isinstance(target, dict) else None
        node = target
    return None


def _listed(
    data: dict[str, Any], items: Any, pointer: str, found: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The (name, in) of a parameters list; a pair listed twice is a finding."""
    seen: list[tuple[str, str]] = []
    listed: set[tuple[str, str]] = set()  # seen, for a quick lookup in a long list
    if not isinstance(items, list):
        return seen
    for index, item in enumerate(items):
        parameter = _parameter(data, item)
        if parameter is None:
            continue
        key = (str(parameter.get("name")), str(parameter.get("in")))
        if key in listed:
            found.append(
                (
                    refs.join(pointer, index),
                    f"parameter '{key[0]}' (in: {key[1]}) is listed twice in this parameters "
                    "list; list each name once per location",
                )
            )
        seen.append(key)
        listed.add(key)
    return seen


def _template_names(url: str) -> set[str]:
    try:
        return {item[1] for item in string.Formatter().parse(url) if item[1]}
    except ValueError:  # an unbalanced brace: the library reports that path its own way
        return set()


def findings(data: Any) -> list[tuple[str, str]]:
    """(JSON pointer, message) for each parameter list fault of ``data``'s paths (an
    operation's pointer ends in ``#key``: the method's own line)."""
    found: list[tuple[str, str]] = []
    paths = data.get("paths") if isinstance(data, dict) else None
    if not isinstance(paths, dict):
        return found
    for url, item in paths.items():
        if not isinstance(item, dict):
            continue
        base = refs.join("/paths", str(url))
        shared = _listed(data, item.get("parameters"), refs.join(base, "parameters"), found)
        in_template = _template_names(str(url))
        for method in (m.lower() for m in METHODS):
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            at = refs.join(base, method)
            own = _listed(data, operation.get("parameters"), refs.join(at, "parameters"), found)
            declared = {name for name, where in own + shared if where == "path"}
            for name in sorted(in_template - declared):
                found.append(
                    (
                        at + "#key",
                        f"path parameter '{name}' of '{url}' is not declared for "
                        f"{method.upper()}: add it to the parameters (in: path)",
                    )
                )
            for name in sorted(declared - in_template):
                found.append(
                    (
                        at + "#key",
                        f"{method.upper()} '{url}' declares a path parameter '{name}' that its "
                        f"path has no {{{name}}} for",
                    )
                )
    return found
