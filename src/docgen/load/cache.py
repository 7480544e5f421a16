"""docgen's folder in the user's cache (``$DOCGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/docgen``,
else ``~/.cache/docgen``) and the one way its entries are read and written: whole JSON files,
replaced atomically. Everything kept there is an optimisation that may vanish at any time, so
a missing, unreadable or half-written entry only means the work is done again."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any


def cache_root() -> Path | None:
    """The folder, or ``None`` when no home or cache folder can be named."""
    explicit = os.environ.get("DOCGEN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "docgen"
    try:
        return Path.home() / ".cache" / "docgen"
    except RuntimeError:
        return None


def folder(kind: str) -> Path | None:
    """The cache's ``kind`` folder (``builds``, ``pages``, ``verdicts``), or ``None``."""
    root = cache_root()
    return root / kind if root is not None else None


def entry_path(kind: str, key: str) -> Path | None:
    """The entry of ``kind`` for ``key`` (any text, e.g. an output folder), or ``None``."""
    found = folder(kind)
    if found is None:
        return None
    name = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return found / f"{name}.json"


def read_json(path: Path) -> Any:
    """The entry's data, or ``None`` when it is missing or unreadable."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def write_json(path: Path, data: Any) -> bool:
    """Replace the entry at ``path`` with ``data`` atomically; ``False`` when it cannot be
    written (the cache is then simply not updated)."""
    with contextlib.suppress(OSError, ValueError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                _write(handle, data)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        return True
    return False


def _write(handle: IO[str], data: Any) -> None:
    """``data`` as JSON, a mapping's items (and those of the mappings it holds) one at a
    time: ``json.dumps`` for each (only a one-shot encoding uses the C encoder, ten times
    faster than ``json.dump``), without the whole text in memory (Graph's page cache: 57 MB)."""
    if not _plain(data):
        handle.write(json.dumps(data, ensure_ascii=False))
        return
    handle.write("{")
    for number, (key, value) in enumerate(data.items()):
        handle.write(("," if number else "") + json.dumps(key, ensure_ascii=False) + ":")
        if _plain(value):
            handle.write("{")
            for inner, (name, item) in enumerate(value.items()):
                handle.write(("," if inner else "") + json.dumps(name, ensure_ascii=False))
                handle.write(":" + json.dumps(item, ensure_ascii=False))
            handle.write("}")
        else:
            handle.write(json.dumps(value, ensure_ascii=False))
    handle.write("}")


def _plain(value: Any) -> bool:
    """A mapping whose keys are strings (others are written as ``json.dumps`` writes them)."""
    return isinstance(value, dict) and all(isinstance(key, str) for key in value)
