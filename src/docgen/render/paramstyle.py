"""Parameter values written as OpenAPI's style table says (3.1.1), for the static code samples:
the same bytes the playground sends (playground.js ``queryPairs`` and ``buildRequest``), so a
sample and the playground agree on ``label``/``matrix`` paths, ``form`` (exploded or not),
``spaceDelimited``, ``pipeDelimited`` and ``deepObject`` queries, and ``allowReserved``.

Values are the example's: a list is a list of values, a dict an object (its values that are not
strings as compact JSON), anything else a scalar (strings bare, others as JSON)."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, unquote

from docgen.render.schemawords import show

_COMPONENT_SAFE = "!*'()"  # what JavaScript's encodeURIComponent leaves as it is
_RESERVED_SAFE = _COMPONENT_SAFE + "$&+,/:;=?@"  # RFC 3986 reserved, less # [ ]
_TRIPLE = re.compile(r"(%[0-9A-Fa-f]{2})")
_DELIMITERS = {"spaceDelimited": " ", "pipeDelimited": "|"}


def encode(text: str) -> str:
    """``encodeURIComponent``."""
    return quote(text, safe=_COMPONENT_SAFE)


def encode_reserved(text: str) -> str:
    """``allowReserved``: reserved characters and ``%XX`` triples pass; ``#``, ``[`` and ``]``
    are still encoded."""
    pieces = _TRIPLE.split(text)
    return "".join(p if i % 2 else quote(p, safe=_RESERVED_SAFE) for i, p in enumerate(pieces))


def _item(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return show(value)


def _pairs(value: dict[Any, Any]) -> list[tuple[str, str]]:
    return [(str(k), _item(v)) for k, v in value.items()]


MAX_DEEP_PAIRS = 200  # a deepObject value's items in a sample; the rest are left out
MAX_DEEP_TEXT = 8_000  # characters of names and values, likewise
MAX_DEEP_LEVELS = 16  # deeper members are written as JSON text


def deep_pairs(name: str, value: Any) -> list[tuple[str, str]]:
    """``deepObject`` at every depth, as Stripe's and qs's clients write it: an object's
    members ``name[key]``, a list's items ``name[0]``, nested (``a[b][0][c]=1``). Bounded: each
    item repeats its whole name, so a deep example with long keys would otherwise multiply
    into megabytes of sample."""
    pairs: list[tuple[str, str]] = []
    size = [0]

    def walk(prefix: str, item: Any, level: int) -> None:
        if len(pairs) >= MAX_DEEP_PAIRS or size[0] + len(prefix) > MAX_DEEP_TEXT:
            return
        if isinstance(item, (dict, list)) and level < MAX_DEEP_LEVELS:
            members = item.items() if isinstance(item, dict) else enumerate(item)
            for key, member in members:
                walk(f"{prefix}[{key}]", member, level + 1)
            return
        text = _item(item)
        size[0] += len(prefix) + len(text)
        pairs.append((prefix, text))

    walk(name, value, 0)
    return pairs


def explodes(param: dict[str, Any]) -> bool:
    """``explode`` as given, else its default: true for ``form`` (and ``deepObject``)."""
    given = param.get("explode")
    if isinstance(given, bool):
        return given
    style = param.get("style")
    return style in (None, "form", "deepObject") and param.get("in") in ("query", "cookie")


def style_of(param: dict[str, Any]) -> str:
    style = param.get("style")
    return style if isinstance(style, str) else ""


def query_items(name: str, value: Any, style: str, explode: bool, reserved: bool) -> list[str]:
    """The query's ``name=value`` items (encoded) for one parameter."""
    esc = encode_reserved if reserved else encode
    delimiter = _DELIMITERS.get(style)
    pairs: list[tuple[str, str]]
    if style == "deepObject" and isinstance(value, (list, dict)):
        pairs = deep_pairs(name, value)
    elif isinstance(value, list):
        items = [_item(v) for v in value]
        if delimiter is None and not explode:
            return [f"{encode(name)}={','.join(esc(i) for i in items)}"]
        pairs = [(name, delimiter.join(items))] if delimiter else [(name, i) for i in items]
    elif isinstance(value, dict):
        flat = _pairs(value)
        if delimiter:
            pairs = [(name, delimiter.join(f"{k}{delimiter}{v}" for k, v in flat))]
        elif explode:
            pairs = flat
        else:
            return [f"{encode(name)}={','.join(esc(x) for kv in flat for x in kv)}"]
    else:
        pairs = [(name, show(value))]
    return [f"{encode(k)}={esc(v)}" for k, v in pairs]


def form_pairs(name: str, value: Any, style: str, explode: bool) -> list[tuple[str, str]]:
    """A urlencoded field with an Encoding Object's ``style``/``explode``, as (name, text)
    pairs before encoding (the body encodes them)."""
    return [
        (unquote(k), unquote(v))
        for k, v in (i.split("=", 1) for i in query_items(name, value, style, explode, False))
    ]


def path_text(name: str, value: Any, style: str, explode: bool) -> str:
    """A path parameter's text (encoded): ``simple``, ``label`` and ``matrix``."""
    named = style == "matrix" and explode
    sep = ";" if named else "." if style == "label" and explode else ","
    if isinstance(value, list):
        items = [_item(v) for v in value]
        text = sep.join(f"{encode(name)}={encode(i)}" if named else encode(i) for i in items)
    elif isinstance(value, dict):
        glue = "=" if explode else ","
        text = sep.join(f"{encode(k)}{glue}{encode(v)}" for k, v in _pairs(value))
    else:
        text = encode(show(value))
    if style == "label":
        return "." + text
    if style == "matrix":
        whole = named and isinstance(value, (list, dict))
        return ";" + (text if whole else f"{encode(name)}={text}")
    return text


def header_text(value: Any, explode: bool) -> str:
    """A header's value (``simple``)."""
    if isinstance(value, list):
        return ",".join(_item(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{k}{'=' if explode else ','}{v}" for k, v in _pairs(value))
    return show(value)
