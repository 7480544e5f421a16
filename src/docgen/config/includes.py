"""Config split over several files: ``{"$ref": "./fr.json"}`` anywhere in docs.json.

As Mintlify does, an object ``{"$ref": path, ...siblings}`` is replaced by the JSON of ``path``
(relative to the file that names it, inside the docs root), siblings overriding its keys;
included files may include others. Cycles, paths outside the docs root, missing or invalid
files are ``config-invalid`` / ``config-parse-error`` at the ``$ref``. Every value keeps its
origin: :class:`LocatedDocument` reports positions in the file a value came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import LoadError, UnsafePathError
from docgen.load.paths import resolve_inside
from docgen.load.source import SourceDocument, parse_json, read_text

MAX_INCLUDES = 200  # files per config, so a config cannot make docgen read without end
# Objects and arrays inside one another: navigation takes two levels a nested group, and real
# configs stay far below; the checks of the config recurse, so deeper ones are refused.
MAX_DEPTH = 100


@dataclass(slots=True)
class LocatedDocument(SourceDocument):
    """A config whose values may come from other files (or, for mint.json, other pointers).

    ``aliases`` maps a pointer of the assembled data to the document and pointer it came from;
    the longest matching prefix wins. ``included`` lists the other files read (fingerprints).
    """

    aliases: dict[str, tuple[SourceDocument, str]] = field(default_factory=dict)
    included: list[SourceDocument] = field(default_factory=list)

    def location(self, pointer: str) -> Location:
        suffix = "#key" if pointer.endswith("#key") else ""
        bare = pointer.removesuffix("#key")
        probe = bare
        while probe not in self.aliases and probe:
            probe = probe.rsplit("/", 1)[0]
        if probe in self.aliases:
            doc, base = self.aliases[probe]
            target = base + bare[len(probe) :]
            if doc is not self:
                return doc.location(target + suffix)
            return SourceDocument.location(self, target + suffix)
        return SourceDocument.location(self, pointer)

    def fingerprint_text(self) -> str:
        """The text of every file the config was read from (for the build cache)."""
        return "\0".join([self.text, *(d.text for d in self.included)])


def has_includes(data: Any) -> bool:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if isinstance(value.get("$ref"), str):
                return True
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def too_deep(data: Any, limit: int = MAX_DEPTH) -> str | None:
    """The JSON pointer of a value nested more than ``limit`` objects and arrays deep in
    ``data`` (the first found), or ``None``."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, pointer = stack.pop()
        if isinstance(value, dict):
            items: Any = ((_escape(str(k)), v) for k, v in value.items())
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        if pointer.count("/") >= limit:
            return pointer
        stack.extend((v, f"{pointer}/{k}") for k, v in items if isinstance(v, (dict, list)))
    return None


def deep_message(limit: int = MAX_DEPTH) -> str:
    return (
        f"the config nests objects and arrays more than {limit} levels deep here; docgen "
        f"reads at most {limit} (navigation groups inside groups take two levels each)"
    )


def resolve_includes(
    document: SourceDocument, root: Path, diagnostics: Diagnostics
) -> LocatedDocument | None:
    """``document`` with every ``$ref`` replaced; ``None`` (and diagnostics) on a bad one."""
    located = LocatedDocument(
        path=document.path,
        name=document.name,
        text=document.text,
        data=None,
        is_json=True,
    )
    failed = False

    def walk(
        value: Any, doc: SourceDocument, ptr: str, out_ptr: str, chain: tuple[Path, ...]
    ) -> Any:
        nonlocal failed
        if isinstance(value, list):
            return [
                walk(v, doc, f"{ptr}/{i}", f"{out_ptr}/{i}", chain) for i, v in enumerate(value)
            ]
        if not isinstance(value, dict):
            return value
        if out_ptr.count("/") >= MAX_DEPTH:  # parts within parts: each file was checked
            if not failed:
                diagnostics.error(Code.CONFIG_INVALID, deep_message(), doc.location(ptr))
            failed = True
            return {}
        ref = value.get("$ref")
        if not isinstance(ref, str):
            return {
                k: walk(v, doc, f"{ptr}/{_escape(k)}", f"{out_ptr}/{_escape(k)}", chain)
                for k, v in value.items()
            }
        where = doc.location(f"{ptr}/$ref")
        included = _load(ref, doc, root, chain, where, diagnostics)
        if included is None or len(located.included) >= MAX_INCLUDES:
            if included is not None:
                diagnostics.error(
                    Code.CONFIG_INVALID,
                    f"more than {MAX_INCLUDES} included config files; refusing to read more",
                    where,
                )
            failed = True
            return {}
        located.included.append(included)
        located.aliases[out_ptr] = (included, "")
        body = walk(included.data, included, "", out_ptr, (*chain, included.path.resolve()))
        if not isinstance(body, dict):
            return body
        merged = dict(body)
        for key, sibling in value.items():
            if key != "$ref":
                sub = f"{out_ptr}/{_escape(key)}"
                located.aliases[sub] = (doc, f"{ptr}/{_escape(key)}")
                merged[key] = walk(sibling, doc, f"{ptr}/{_escape(key)}", sub, chain)
        return merged

    located.aliases[""] = (located, "")
    located.data = walk(document.data, located, "", "", (document.path.resolve(),))
    return None if failed else located


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _load(
    ref: str,
    doc: SourceDocument,
    root: Path,
    chain: tuple[Path, ...],
    where: Location,
    diagnostics: Diagnostics,
) -> SourceDocument | None:
    try:
        path = resolve_inside(root, ref, doc.path)
    except UnsafePathError as exc:
        diagnostics.error(Code.CONFIG_INVALID, f"$ref: {exc}", where)
        return None
    if path in chain:
        cycle = " -> ".join(p.name for p in (*chain, path))
        diagnostics.error(Code.CONFIG_INVALID, f"$ref '{ref}' makes a cycle: {cycle}", where)
        return None
    name = path.relative_to(root.resolve()).as_posix()
    try:
        text = read_text(path)
        data = parse_json(text)
    except LoadError as exc:
        if exc.line is not None:
            where = Location(name, exc.line, exc.column)
        diagnostics.error(
            Code.CONFIG_PARSE_ERROR, f"cannot read included config '{ref}': {exc.message}", where
        )
        return None
    included = SourceDocument(path=path, name=name, text=text, data=data, is_json=True)
    deep = too_deep(data)
    if deep is not None:
        diagnostics.error(Code.CONFIG_INVALID, deep_message(), included.location(deep))
        return None
    return included
