"""Write a site atomically: into a temporary sibling folder, then swap it into place.

A failed or killed build leaves the previous site exactly as it was. Every path is checked
before anything is written: it must stay inside the output folder, use no reserved or
control-character names, and not collide with another path on a case-insensitive or
normalising file system.

Only what changed is written: a file whose bytes (and mode) are the same in the previous site is
hard-linked into the temporary folder instead, so an unchanged rebuild writes nothing. Files are
never modified in place, so the previous site stays intact until the swap.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from docgen.exceptions import OutputError
from docgen.nav.urls import PathSet, check_all, path_parts
from docgen.render.sink import Placed, Sink

MARKER = "_docgen/manifest.json"


@dataclass(slots=True)
class WriteStats:
    """What :func:`write_site` did: files written anew, and files kept from the previous site."""

    written: int = 0
    kept: int = 0
    vetoed: bool = False
    # Removing the replaced site, in the background (``write_site(..., background=True)``).
    cleanup: threading.Thread | None = None

    def finish(self) -> None:
        """Wait until the replaced site is gone."""
        if self.cleanup is not None:
            self.cleanup.join()
            self.cleanup = None


Files = Iterable[tuple[str, bytes | Placed]]


def write_site(
    out: Path,
    files: Mapping[str, bytes] | Files | Callable[[Sink], Files],
    veto: Callable[[], bool] | None = None,
    *,
    background: bool = False,
) -> WriteStats:
    """Replace ``out`` with exactly ``files`` (relative path -> content), atomically.

    ``files`` may be a mapping, or an iterable of (path, content) pairs written as they come
    (each path is checked before its file is written, and all of them before the swap), or a
    function given the :class:`Placer` of the temporary folder that returns such pairs, where
    a :class:`~docgen.render.sink.Placed` content says the file is in place already (its path
    is checked as well). ``veto``, asked once every file is in the temporary folder, can
    still cancel the swap: the previous site is then left as it was and ``WriteStats.vetoed``
    is set. ``background``: the replaced site is removed by a thread the caller may go on
    beside (:meth:`WriteStats.finish` waits for it; the process waits for it on exit anyway).
    """
    out = out.absolute()
    previous = preflight(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        made = exc.filename if isinstance(exc.filename, str) else out.parent
        raise OutputError(f"cannot make the folder {made} ({exc.strerror or exc})") from None
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    except OSError as exc:
        raise OutputError(_cannot_make(out.parent, exc)) from None
    stats = WriteStats()
    paths = PathSet()
    placer = Placer(staging, out, previous)
    try:
        if isinstance(files, Mapping):
            check_all(files)
            pairs: Files = ((name, files[name]) for name in sorted(files))
        else:
            pairs = files(placer) if callable(files) else files
        for relative, content in pairs:
            paths.add(relative)
            kept = content.kept if isinstance(content, Placed) else placer.place(relative, content)
            if kept:
                stats.kept += 1
            else:
                stats.written += 1
        if veto is not None and veto():
            stats.vetoed = True
            shutil.rmtree(staging, ignore_errors=True)
            return stats
        os.chmod(staging, 0o755)
        old = _swap(staging, out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputError(_failed_write(exc, staging, out)) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if old is not None:
        if background:
            stats.cleanup = threading.Thread(target=shutil.rmtree, args=(old, True))
            stats.cleanup.start()
        else:
            shutil.rmtree(old, ignore_errors=True)
    return stats


def preflight(out: Path) -> bool:
    """Raise :class:`OutputError` when the site cannot be written to ``out`` (absolute): a
    file there or above it, a non-empty folder that is no docgen site, or a place where no
    folder can be made (a read-only file system, ``/proc``). Called before the build renders
    anything, and again before writing; nothing is left behind. ``True`` when ``out`` holds a
    previous site."""
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} exists and is not a folder")
    above = next((p for p in out.parents if p.exists()), None)
    if above is not None and not above.is_dir():
        raise OutputError(f"{above} is a file, so no folder can be made inside it")
    previous = out.is_dir() and any(out.iterdir())
    if previous and not (out / MARKER).is_file():
        raise OutputError(
            f"{out} is not empty and is not a docgen site (no {MARKER}); refusing to replace it"
        )
    if above == out.parent:
        # The temporary folder is made there: try it (root may write into read-only folders,
        # not into /proc).
        try:
            os.rmdir(tempfile.mkdtemp(prefix=f".{out.name}.probe-", dir=above))
        except OSError as exc:
            raise OutputError(_cannot_make(above, exc)) from None
    elif above is not None and not os.access(above, os.W_OK | os.X_OK):
        # Nothing is made outside the output's own folder before the build succeeds.
        raise OutputError(_cannot_make(above, PermissionError(errno.EACCES, "Permission denied")))
    return previous


def _cannot_make(folder: Path, exc: OSError) -> str:
    return f"cannot make a folder in {folder} ({exc.strerror or exc})"


def _failed_write(exc: OSError, staging: Path, out: Path) -> str:
    """What failed, named in the user's output folder rather than in the temporary one."""
    for name in (exc.filename, exc.filename2):
        if isinstance(name, str) and Path(name).is_relative_to(staging):
            inside = Path(name).relative_to(staging).as_posix()
            return f"{exc.strerror or exc} while writing {inside} in {out}"
    return f"{exc.strerror or exc} while writing {out}"


def refuse_sources(out: Path, root: Path) -> None:
    """Raise :class:`OutputError` when ``out`` is the docs root or a folder holding it: the
    build replaces the whole output folder, so it would delete the sources it was built from
    (an earlier site in a parent folder passes the not-a-site check)."""
    out_real, root_real = out.resolve(), root.resolve()
    if out_real == root_real:
        raise OutputError(
            "it is the docs folder itself; choose an output folder beside or inside it"
        )
    if root_real.is_relative_to(out_real):
        raise OutputError(
            f"it holds the docs folder ({root}), which the build would delete with the "
            "previous site; choose an output folder outside the docs folder"
        )


_BINARY = getattr(os, "O_BINARY", 0)


class Placer:
    """Puts files into ``staging``, the temporary folder of the site replacing ``out``: each
    path checked, its folders made, the file created (never overwritten), or hard-linked from
    the previous site when that has the same bytes. Forked render workers use it too (each
    with its own copy). Paths are plain strings here: a rebuild of Microsoft Graph's site
    links 35,000 files, and ``pathlib`` cost more than the system calls."""

    def __init__(self, staging: Path, out: Path, previous: bool) -> None:
        self.staging = staging
        self.out = out
        self.previous = previous
        self._staging = os.fspath(staging)
        self._out = os.fspath(out)
        self.plain = _PlainFolders(self._out)
        self.made: set[str] = {self._staging}

    def _target(self, relative: str) -> tuple[str, str]:
        """(where ``relative`` goes in the new site, its folder made; the previous site's)."""
        inside = "/".join(path_parts(relative))
        target = f"{self._staging}/{inside}"
        folder = target.rpartition("/")[0]
        if folder not in self.made:
            self._make(folder)
        return target, f"{self._out}/{inside}"

    def _make(self, folder: str) -> None:
        """Make ``folder`` (inside the staging folder) and whichever of its parents are missing
        (outermost first, in a loop: a path of a thousand folders is no deep recursion)."""
        missing = []
        while folder not in self.made:
            missing.append(folder)
            folder = folder.rpartition("/")[0]
        for each in reversed(missing):
            try:
                os.mkdir(each)
            except FileExistsError:
                if not os.path.isdir(each):
                    raise
            self.made.add(each)

    def link(self, relative: str) -> bool:
        """Hard-link the previous site's file at ``relative`` into place without reading it
        (the page cache knows it is unchanged: same size, mtime and inode as written);
        ``False`` when there is no such plain 0644 file."""
        target, existing = self._target(relative)
        if not (self.previous and self.plain.check(existing.rpartition("/")[0])):
            return False
        try:
            info = os.lstat(existing)
            if not stat.S_ISREG(info.st_mode) or stat.S_IMODE(info.st_mode) != 0o644:
                return False
            os.link(existing, target, follow_symlinks=False)
        except OSError:
            return False
        return True

    def place(self, relative: str, content: bytes) -> bool:
        """Put ``content`` at ``relative``; ``True`` when the previous site's file was kept."""
        target, existing = self._target(relative)
        if (
            self.previous
            and self.plain.check(existing.rpartition("/")[0])
            and _keep(existing, target, content)
        ):
            return True
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644)
        with open(fd, "wb") as handle:
            handle.write(content)
            os.fchmod(handle.fileno(), 0o644)
        return False


class _PlainFolders:
    """Whether a folder of the previous site is a real folder inside it (no symlink on the way)."""

    def __init__(self, out: str) -> None:
        self.out = out
        self.known: dict[str, bool] = {out: not os.path.islink(out)}

    def check(self, folder: str) -> bool:
        known = self.known.get(folder)
        if known is None:
            try:
                real = stat.S_ISDIR(os.lstat(folder).st_mode)
            except OSError:
                real = False
            known = self.known[folder] = real and self.check(folder.rpartition("/")[0])
        return known


def _keep(existing: str, target: str, content: bytes) -> bool:
    """Hard-link ``existing`` to ``target`` when it is a plain 0644 file with ``content``."""
    try:
        info = os.lstat(existing)
        if (
            not stat.S_ISREG(info.st_mode)
            or stat.S_IMODE(info.st_mode) != 0o644
            or info.st_size != len(content)
        ):
            return False
        with open(existing, "rb") as handle:
            if handle.read(len(content) + 1) != content:
                return False
        os.link(existing, target, follow_symlinks=False)
    except OSError:
        return False
    return True


def _swap(staging: Path, out: Path) -> Path | None:
    """Put ``staging`` in the place of ``out``; the folder the old ``out`` was moved to."""
    if not out.exists():
        os.replace(staging, out)
        return None
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    old.rmdir()
    os.replace(out, old)
    try:
        os.replace(staging, out)
    except BaseException:
        os.replace(old, out)
        raise
    return old
