"""Write a site atomically: into a temporary sibling folder, then swap it into place.

A failed or killed build leaves the previous site exactly as it was. Every path is checked
before anything is written: it must stay inside the output folder, use no reserved or
control-character names, and not collide with another path on a case-insensitive or
normalising file system.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import unicodedata
from pathlib import Path, PurePosixPath

from docgen.exceptions import DocgenError

_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}
MARKER = "_docgen/manifest.json"


class OutputError(DocgenError):
    """Raised when the output cannot be written safely (bad path, collision, unsafe target)."""


def check_path(relative: str) -> PurePosixPath:
    """The validated relative path; raises :class:`OutputError` for anything unsafe."""
    if not relative or "\x00" in relative or "\\" in relative or "//" in relative:
        raise OutputError(f"unsafe output path {relative!r}")
    path = PurePosixPath(relative)
    if path.is_absolute():
        raise OutputError(f"output path {relative!r} is absolute")
    for part in path.parts:
        if part in ("", ".", ".."):
            raise OutputError(f"output path {relative!r} leaves the output folder")
        if any(ord(c) < 32 for c in part):
            raise OutputError(f"output path {relative!r} contains a control character")
        if part.split(".")[0].lower() in _RESERVED:
            raise OutputError(f"output path {relative!r} uses a reserved device name")
    return path


def _fold(relative: str) -> str:
    return unicodedata.normalize("NFC", relative).casefold()


def check_all(files: dict[str, bytes]) -> None:
    seen: dict[str, str] = {}
    for relative in files:
        check_path(relative)
        key = _fold(relative)
        if key in seen and seen[key] != relative:
            raise OutputError(
                f"output paths {seen[key]!r} and {relative!r} differ only by letter case or "
                "Unicode normalisation and would overwrite each other"
            )
        seen[key] = relative


def write_site(out: Path, files: dict[str, bytes]) -> None:
    """Replace ``out`` with exactly ``files`` (relative path -> content), atomically."""
    check_all(files)
    out = out.absolute()
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise OutputError(
            f"{out} is not empty and is not a docgen site (no {MARKER}); refusing to replace it"
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        for relative in sorted(files):
            target = staging.joinpath(*PurePosixPath(relative).parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as handle:
                handle.write(files[relative])
            os.chmod(target, 0o644)
        os.chmod(staging, 0o755)
        _swap(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _swap(staging: Path, out: Path) -> None:
    if not out.exists():
        os.replace(staging, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    old.rmdir()
    os.replace(out, old)
    try:
        os.replace(staging, out)
    except BaseException:
        os.replace(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)
