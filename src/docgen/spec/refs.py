"""``$ref`` plumbing: find references in a document and follow them, never outside the bundle.

Values under ``example``, ``examples`` (lists), ``default``, ``enum``, ``const`` and Example
``value`` are data, not references, and are not searched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

_DATA_KEYS = frozenset({"example", "default", "enum", "const"})
_NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions"})


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join("/" + escape(str(t)) for t in tokens)


def iter_refs(data: Any, start: str = "") -> Iterator[tuple[str, str]]:
    """Yield ``(pointer of the $ref key's object, ref string)`` for every reference."""
    # Paths are kept as key tuples; a pointer string is only built for a node with a $ref.
    stack: list[tuple[Any, tuple[str | int, ...], str | None]] = [(data, (), None)]
    while stack:
        node, path, parent_key = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                yield join(start, *path), ref
            names_only = parent_key in _NAME_MAPS
            for key, value in node.items():
                if not isinstance(value, (dict, list)):
                    continue
                if not names_only:
                    if key in _DATA_KEYS or (isinstance(key, str) and key.startswith("x-")):
                        continue
                    if key == "examples" and isinstance(value, list):
                        continue
                    if key == "value" and parent_key is not None and "summary" in node:
                        continue
                stack.append((value, (*path, key), str(key)))
        elif isinstance(node, list):
            for index in range(len(node) - 1, -1, -1):
                value = node[index]
                if isinstance(value, (dict, list)):
                    stack.append((value, (*path, index), None))


def split(ref: str) -> tuple[str, str]:
    """``other.yaml#/a/b`` -> (``other.yaml``, ``/a/b``); ``#/a`` -> (``""``, ``/a``)."""
    file_part, _, fragment = ref.partition("#")
    return unquote(file_part), unquote(fragment)


def lookup(data: Any, fragment: str) -> Any:
    """The value at JSON pointer ``fragment``; raises ``KeyError`` when it does not exist."""
    node = data
    if not fragment:
        return node
    if not fragment.startswith("/"):
        raise KeyError(fragment)
    for raw in fragment.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise KeyError(fragment)
    return node
