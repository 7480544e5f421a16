"""``$ref`` plumbing: find references in a document and follow them, never outside the bundle.

Values under ``example``, ``examples`` (lists), ``default``, ``enum``, ``const`` and Example
``value`` are data, not references, and are not searched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

if TYPE_CHECKING:
    from docgen.load.source import SourceDocument

_DATA_KEYS = frozenset({"example", "default", "enum", "const"})
_NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions"})


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join("/" + escape(str(t)) for t in tokens)


def iter_refs(data: Any, start: str = "") -> Iterator[tuple[str, str]]:
    """Yield ``(pointer of the $ref key's object, ref string)`` for every reference."""
    for path, ref in iter_ref_paths(data):
        yield join(start, *path), ref


def iter_ref_paths(data: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Yield ``(path of the $ref key's object as keys, ref string)`` for every reference
    (:func:`join` makes a pointer of the path, when one is needed)."""
    stack: list[tuple[Any, tuple[str | int, ...], str | None]] = [(data, (), None)]
    while stack:
        node, path, parent_key = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                yield path, ref
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


# A "$ref" key as JSON text writes it, with its value; and any escape that could spell one of
# the key's characters otherwise (then the text cannot be trusted to show every key).
_TEXT_REF = re.compile(r'"\$ref"\s*:\s*"([^"\\]*)(")?')
_ESCAPED_KEY_CHAR = re.compile(r"\\u00(?:24|72|65|66|52|45|46)", re.IGNORECASE)


def all_resolve_in_text(document: SourceDocument) -> bool:
    """Whether every ``$ref`` written in ``document``'s JSON text is a reference inside it that
    resolves: then so is every reference :func:`iter_ref_paths` would find (a subset of those),
    and the tree needs no walk. ``False`` means: walk it (YAML, other files, escapes, misses)."""
    if not document.is_json or _ESCAPED_KEY_CHAR.search(document.text):
        return False
    checked: set[str] = set()
    for match in _TEXT_REF.finditer(document.text):
        ref = match.group(1)
        if match.group(2) is None or not ref.startswith("#"):
            return False  # an escape inside the value, or another file
        if ref in checked:
            continue
        try:
            target = lookup(document.data, split(ref)[1])
        except KeyError:
            return False
        if not_an_object(target) or is_ref(target) or whole_spec(target, ref):
            return False  # the walk reports the first and last, and follows the chain of refs
        checked.add(ref)
    return True


def is_ref(node: Any) -> bool:
    """Whether ``node`` is a Reference Object (a mapping whose ``$ref`` is a string)."""
    return isinstance(node, dict) and isinstance(node.get("$ref"), str)


def not_an_object(target: Any) -> str | None:
    """What a ``$ref``'s target is, when it is no object a reference can name (a mapping, or a
    boolean schema of OpenAPI 3.1): ``"a string"``, ``"a list"``, ...; else ``None``."""
    if isinstance(target, (dict, bool)):
        return None
    if target is None:
        return "empty (null)"
    if isinstance(target, list):
        return "a list"
    if isinstance(target, str):
        return "a string"
    return "a number" if isinstance(target, (int, float)) else f"a {type(target).__name__}"


def whole_spec(target: Any, ref: str) -> bool:
    """Whether ``ref`` names the root of a whole OpenAPI (or Swagger) document, which is no
    schema, parameter or other object a ``$ref`` can stand for (``openapi.yaml``, ``#``)."""
    fragment = split(ref)[1]
    return (
        fragment == "" and isinstance(target, dict) and ("openapi" in target or "swagger" in target)
    )


def cycle(
    ref: str,
    target: Any,
    at: tuple[str, str],
    documents: Mapping[str, SourceDocument],
    limit: int = 64,
) -> list[str] | None:
    """The references of the loop that following ``ref`` (whose ``target`` is at ``at``:
    document name, pointer) runs into without ever reaching a value, as written, from ``ref``
    on; ``None`` when the chain ends (at a value, at a reference that does not resolve, or at a
    file not loaded yet)."""
    chain = [at]  # (document, pointer) of each Reference Object passed
    written = [ref]
    doc_name = at[0]
    for _ in range(limit):
        if not is_ref(target):
            return None
        ref = target["$ref"]
        file_part, fragment = split(ref)
        name = document_of(documents, doc_name, file_part)
        if name is None:
            return None
        try:
            target = lookup(documents[name].data, fragment)
        except KeyError:
            return None
        if (name, fragment) in chain:
            return [*written[chain.index((name, fragment)) :], ref]
        chain.append((name, fragment))
        written.append(ref)
        doc_name = name
    return None


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


def document_of(documents: Mapping[str, SourceDocument], doc: str, file_part: str) -> str | None:
    """The name of the document a ``$ref``'s file part (written in ``doc``) points to."""
    if not file_part:
        return doc
    wanted = (documents[doc].path.parent / file_part).resolve()
    return next((name for name, d in documents.items() if d.path == wanted), None)


def resolve(
    node: Any, doc_name: str, documents: Mapping[str, SourceDocument], limit: int = 64
) -> tuple[Any, str]:
    """Follow ``$ref`` chains from ``node`` (found in ``doc_name``); returns (value, its doc).

    Unresolvable or cyclic chains return the last ``$ref`` object unchanged.
    """
    for _ in range(limit):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
            return node, doc_name
        file_part, fragment = split(node["$ref"])
        target_name = document_of(documents, doc_name, file_part)
        if target_name is None:
            return node, doc_name
        try:
            node = lookup(documents[target_name].data, fragment)
        except KeyError:
            return node, doc_name
        doc_name = target_name
    return node, doc_name


def has_ref(node: Any) -> bool:
    """Whether a ``$ref``, ``$dynamicRef`` or ``$recursiveRef`` key occurs anywhere in ``node``."""
    stack = [node]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if "$ref" in value or "$dynamicRef" in value or "$recursiveRef" in value:
                return True
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False
