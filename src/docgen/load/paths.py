"""Resolve user-given paths against the docs root, refusing anything that leaves it.

No byte of a path outside the root is read: the check is made on the resolved path (links
followed) before any open().
"""

from __future__ import annotations

import re
import stat
from functools import lru_cache
from pathlib import Path, PurePosixPath

from docgen.exceptions import UnsafePathError

_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def is_remote(reference: str) -> bool:
    """True for ``http://``, ``https://``, ``file:`` and any other URL-looking reference."""
    return bool(_URL.match(reference)) and not _WINDOWS_DRIVE.match(reference)


@lru_cache(maxsize=32)
def _resolved_root(root: Path) -> Path:
    return root.resolve()


def resolved_root(root: Path) -> Path:
    """``root.resolve()``, remembered for an absolute root: every page, asset and spec path
    is checked against its root, and resolving a root again costs an ``lstat`` per folder of
    its path (a relative root depends on the working folder, so it is resolved each time)."""
    return _resolved_root(root) if root.is_absolute() else root.resolve()


def resolve_inside(root: Path, relative: str, base: Path | None = None) -> Path:
    """Return the absolute path of ``relative`` (taken from ``base``'s folder, else the root).

    Raises :class:`UnsafePathError` for URLs, absolute paths, NUL bytes, and anything whose
    resolved location (symbolic links followed) is not inside ``root``.
    """
    if "\x00" in relative:
        raise UnsafePathError(f"'{relative!r}' contains a NUL byte")
    if is_remote(relative):
        raise UnsafePathError(
            f"'{relative}' is a remote reference; docgen never fetches remote files "
            "(download it into the docs folder and reference it by relative path)"
        )
    if PurePosixPath(relative).is_absolute() or _WINDOWS_DRIVE.match(relative):
        raise UnsafePathError(f"'{relative}' is an absolute path; use a path inside the docs root")
    root_resolved = resolved_root(root)
    start = base.parent if base is not None else root_resolved
    resolved = (start / relative).resolve(strict=False)
    if not resolved.is_relative_to(root_resolved):
        raise UnsafePathError(f"'{relative}' points outside the docs root ({root_resolved})")
    return resolved


def root_relative(source: str) -> str:
    """A config's path as Mintlify reads it: ``/openapi.yaml`` is the docs root's
    ``openapi.yaml`` (never a file outside the root); URLs and relative paths are unchanged."""
    if source.startswith("/") and not source.startswith("//"):
        return source.lstrip("/")
    return source


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; ``False`` also for a name the OS refuses outright
    (too long, a loop of links) instead of an ``OSError``."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


FOLDER = "is a folder, not a file"
SPECIAL = "not a regular file (a FIFO, device or socket); not read"


def not_a_file(path: Path) -> str | None:
    """Why ``path``, which exists, cannot be read as a file (:data:`FOLDER`, :data:`SPECIAL`);
    ``None`` for a regular file or nothing there at all. Never opens it (a FIFO would block)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        return FOLDER
    return None if stat.S_ISREG(mode) else SPECIAL


def display_name(root: Path, path: Path) -> str:
    """The posix path of ``path`` relative to the docs root, for messages and the manifest."""
    try:
        return path.resolve().relative_to(resolved_root(root)).as_posix()
    except ValueError:
        return path.as_posix()
