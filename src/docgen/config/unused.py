"""Mintlify keys docgen accepts but does not use yet: find them, to report each once.

The packaged schema marks such a key with ``{"$ref": "#/$defs/unused"}`` (any value is
accepted), and a key outside Mintlify's schema that real repos write and Mintlify's validator
silently drops (``scripts``, ``appearance.layout``) with ``{"$ref": "#/$defs/ignored"}``. This
walks a schema-valid config beside the schema and lists where they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docgen.config.validate import dotted, pointer, schema

_UNUSED = "#/$defs/unused"
_IGNORED = "#/$defs/ignored"
_MARKS = (_UNUSED, _IGNORED)
# Why a dropped key does nothing on docgen either, where more than "Mintlify drops it" helps.
_WHY = {
    "scripts": "; docgen never runs the repo's own scripts",
    "custom": "; every .css file of the docs folder is applied anyway, scripts never run",
    "customization": "; every .css file of the docs folder is applied anyway",
}


@dataclass(frozen=True, slots=True)
class UnusedKey:
    """One unused key name within a top-level section, with its first place and count."""

    shape: str  # ``navigation.icon``: the section and the key
    key: str
    first: str  # JSON pointer of the first place (ends in ``#key``)
    first_dotted: str
    count: int
    outside_mintlify: bool = False  # Mintlify's validator drops it too

    def message(self) -> str:
        """The info line: why the key is accepted and what happens to it."""
        more = f" ({self.count} places)" if self.count > 1 else ""
        if self.outside_mintlify:
            why = _WHY.get(self.shape, "")
            return (
                f"{self.first_dotted}: '{self.key}' is not a Mintlify setting (Mintlify's "
                f"validator drops it){why}; accepted and ignored{more}"
            )
        return (
            f"{self.first_dotted}: '{self.key}' is a Mintlify setting docgen does not use yet; "
            f"accepted and ignored{more}"
        )


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node and node["$ref"] not in _MARKS:
        target: Any = schema()
        for token in node["$ref"].removeprefix("#/").split("/"):
            target = target[token]
        node = target
    return node


def _type_fits(branch: Any, value: Any) -> bool:
    want = _resolve(branch).get("type") if isinstance(_resolve(branch), dict) else None
    kinds = {dict: "object", list: "array", str: "string", bool: "boolean"}
    got = kinds.get(type(value))
    return want is None or want == got


def unused_keys(config: Any) -> list[UnusedKey]:
    """Every unused key of ``config`` (already valid against the schema), grouped by shape."""
    found: dict[str, list[Any]] = {}
    order: list[str] = []

    def walk(node: Any, value: Any, path: list[str | int]) -> None:
        node = _resolve(node)
        if not isinstance(node, dict):
            return
        for combinator in ("anyOf", "oneOf"):
            if combinator in node:
                for branch in node[combinator]:
                    if _type_fits(branch, value):
                        walk(branch, value, path)
                        break
        if isinstance(value, dict) and "properties" in node:
            for key, child in value.items():
                sub = node["properties"].get(key)
                if sub is None:
                    continue
                if isinstance(sub, dict) and sub.get("$ref") in _MARKS:
                    # One report per key name in each top-level section: ``icon`` on tabs,
                    # groups and anchors is one line ("5 places"), not five.
                    shape = f"{path[0]}.{key}" if path else key
                    if shape not in found:
                        order.append(shape)
                        found[shape] = [key, [*path, key], 0, sub["$ref"] == _IGNORED]
                    found[shape][2] += 1
                    continue
                walk(sub, child, [*path, key])
        if isinstance(value, list) and "items" in node:
            for index, item in enumerate(value):
                walk(node["items"], item, [*path, index])

    walk(schema(), config, [])
    return [
        UnusedKey(
            shape,
            found[shape][0],
            pointer(found[shape][1]) + "#key",
            dotted(found[shape][1]),
            found[shape][2],
            found[shape][3],
        )
        for shape in order
    ]
