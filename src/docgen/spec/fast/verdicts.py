"""A content-hash cache of validation verdicts, in the user's cache folder.

The key is the hash of every document of a spec (name, location, bytes) plus the versions of
docgen and of the validation libraries, so any change to the inputs or to the validator misses.
The cache is an optimisation only: a missing, corrupt or unwritable cache is ignored, never an
error. Folder: ``verdicts/`` in :func:`docgen.load.cache.cache_root`.
"""

from __future__ import annotations

import contextlib
import hashlib
from functools import cache
from importlib import metadata
from pathlib import Path

from docgen.diagnostics import Code, Diagnostic, Level
from docgen.load import cache as cache_store
from docgen.load.source import SourceDocument

FORMAT = "docgen-verdict-6"  # bump when the wording of spec errors changes
KEEP = 256  # entries kept when the folder is pruned
_LIBRARIES = (
    "docgen",
    "openapi-spec-validator",
    "openapi-schema-validator",
    "jsonschema",
    "jsonschema-path",
    "referencing",
    "jsonschema-rs",
    "regress",  # the validator reads patterns with it when it is installed
)


def cache_dir() -> Path | None:
    """The verdict folder, or ``None`` when no cache folder can be named."""
    return cache_store.folder("verdicts")


@cache
def _versions() -> str:
    found = []
    for name in _LIBRARIES:
        try:
            found.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name}=-")
    return ";".join(found)


def key(documents: dict[str, SourceDocument], version: str, mode: str) -> str:
    """The hash naming the verdict for these exact documents, validator and ``mode``."""
    digest = hashlib.sha256()
    for part in (FORMAT, _versions(), version, mode):
        digest.update(part.encode() + b"\0")
    for name in sorted(documents):
        document = documents[name]
        text = hashlib.sha256(document.text.encode("utf-8", "surrogatepass")).hexdigest()
        for part in (name, document.path.as_uri(), text):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def _decode(item: object) -> Diagnostic | None:
    if not (isinstance(item, list) and len(item) == 6):
        return None
    code, message, file, line, column, pointer = item
    if not (isinstance(code, str) and code in Code._value2member_map_):
        return None
    if not isinstance(message, str) or not isinstance(file, (str, type(None))):
        return None
    if not all(isinstance(n, (int, type(None))) for n in (line, column)):
        return None
    if not isinstance(pointer, (str, type(None))):
        return None
    return Diagnostic(Level.ERROR, Code(code), message, file, line, column, pointer)


def load(name: str) -> list[Diagnostic] | None:
    """The stored errors for ``name`` (empty: valid), or ``None`` when there is no usable entry."""
    folder = cache_dir()
    if folder is None:
        return None
    data = cache_store.read_json(folder / f"{name}.json")
    if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("key") == name):
        return None
    items = data.get("errors")
    if not isinstance(items, list):
        return None
    decoded = [_decode(item) for item in items]
    if any(d is None for d in decoded):
        return None
    return [d for d in decoded if d is not None]


def store(name: str, errors: list[Diagnostic]) -> None:
    """Remember the verdict; any failure to write is ignored."""
    folder = cache_dir()
    if folder is None:
        return
    entry = {
        "format": FORMAT,
        "key": name,
        "errors": [[d.code.value, d.message, d.file, d.line, d.column, d.pointer] for d in errors],
    }
    if cache_store.write_json(folder / f"{name}.json", entry):
        with contextlib.suppress(OSError):
            _prune(folder)


def _prune(folder: Path) -> None:
    entries = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    if len(entries) <= KEEP:
        return
    entries.sort(key=lambda p: p.stat().st_mtime)
    for old in entries[: len(entries) - KEEP]:
        with contextlib.suppress(OSError):
            old.unlink()
