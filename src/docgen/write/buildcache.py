"""Skip a build whose inputs and output are exactly those of the previous build.

After each build, a record is kept in the user's cache (``builds/`` in
:func:`docgen.load.cache.cache_root`, one per output folder): a fingerprint of every input
and the size, mtime and inode of every output file. A later build with the same fingerprint
whose output folder still matches file for file has nothing to do, so it renders and writes
nothing. The fingerprint covers docgen itself (its code, templates and assets, and the versions
of the libraries that shape the output), the resolved site (config, pages, navigation), every
spec document's bytes and, for a ``docs.json`` site, every file the docs folder holds. A missing
or unreadable record only means a full build.

The record also keeps a *quick* print taken before anything is loaded (docgen, the command's
options, every file of the docs folder) with the few files read from elsewhere (spec documents
and snippets in hidden or skipped folders) and what the build showed: an unchanged rebuild then
replays it without loading the specs at all. Builds with remote specs keep no quick print.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from docgen.diagnostics import Code, Diagnostic, Level
from docgen.load import cache as cache_store
from docgen.nav.model import Page, Site

FORMAT = "docgen-build-2"
_LIBRARIES = ("jinja2", "markupsafe", "markdown-it-py", "mdit-py-plugins", "pygments", "pyyaml")
_SKIP = {"node_modules", "__pycache__"}


@cache
def code_fingerprint() -> str:
    """docgen's own code, templates and assets, and the renderer libraries' versions."""
    import docgen
    from docgen.render.templates import templates_dir

    digest = hashlib.sha256(sys.version.encode())
    for name in _LIBRARIES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"{name}={metadata.version(name)}".encode())
    for folder in (Path(docgen.__file__).parent, templates_dir()):
        hash_tree(folder, digest, skip=None)
    return digest.hexdigest()


def hash_tree(
    folder: Path, digest: Any, skip: Path | None, leave: Callable[[str], bool] | None = None
) -> None:
    """Hash every file under ``folder`` (names and contents) into ``digest``, except hidden
    folders, ``skip`` and files whose name ``leave`` is true for."""
    for here, dirs, files in os.walk(folder, followlinks=False):
        base = Path(here)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and d not in _SKIP
            if skip is None or (base / d).resolve() != skip
        )
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")) or (leave is not None and leave(name)):
                continue
            path = base / name
            with contextlib.suppress(OSError):
                digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogatepass"))
                digest.update(_file_hash(path))


def _file_hash(path: Path) -> bytes:
    """A regular file's content hash; a link is hashed by its target's *name* (its target may
    lie outside the docs root, where nothing is read), anything else (FIFO, device) by its type.
    """
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return b"link:" + os.fsencode(os.readlink(path))
    if not stat.S_ISREG(info.st_mode):
        return b"special"
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").digest()


def page_record(page: Page) -> bytes:
    """What of a resolved page its output depends on (besides the spec and config)."""
    op = page.operation
    key = (op.spec, op.method, op.path, op.webhook) if op is not None else None
    record = (
        page.url,
        page.kind.value,
        page.title,
        key,
        page.source,
        page.hidden,
        page.nav,
        page.section,
        page.directory,
        page.description,
        page.frontmatter,
        page.body_line,  # where its warnings are: the lines above its body and description
        page.description_at,
    )
    return repr(record).encode("utf-8", "surrogatepass")


def fingerprint(site: Site, config_text: str | None, out: Path) -> str:
    """The hash of everything the build's output depends on."""
    digest = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0".encode())
    digest.update(repr(site.config).encode("utf-8", "surrogatepass"))
    digest.update(repr(site.navigation).encode("utf-8", "surrogatepass"))
    for page in site.pages:
        digest.update(page_record(page))
    for name, spec in sorted(site.specs.items()):
        for doc_name, document in sorted(spec.documents.items()):
            digest.update(f"\0{name}\0{doc_name}\0".encode("utf-8", "surrogatepass"))
            digest.update(hashlib.sha256(document.text.encode("utf-8", "surrogatepass")).digest())
    if config_text is not None:
        digest.update(config_text.encode("utf-8", "surrogatepass"))
        hash_tree(Path(site.root).resolve(), digest, skip=out.resolve())
    return digest.hexdigest()


def _record_path(out: Path) -> Path | None:
    return cache_store.entry_path("builds", str(out.absolute()))


Listing = dict[str, list[int]]  # relative path -> [size, mtime_ns, inode]


def _listing(out: Path) -> Listing | None:
    """Every file under ``out`` (symlinks as files): path -> [size, mtime_ns, inode];
    ``None`` if unreadable."""
    found: dict[str, list[int]] = {}
    try:
        _list(str(out), "", found)
    except OSError:
        return None
    return found


def _list(folder: str, prefix: str, found: dict[str, list[int]]) -> None:
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                _list(entry.path, f"{prefix}{entry.name}/", found)
            else:
                info = entry.stat(follow_symlinks=False)
                found[prefix + entry.name] = [info.st_size, info.st_mtime_ns, info.st_ino]


def encode_diagnostic(d: Diagnostic) -> list[Any]:
    return [d.level.value, d.code.value, d.message, d.file, d.line, d.column, d.pointer]


def decode_diagnostic(item: Any) -> Diagnostic | None:
    if not (isinstance(item, list) and len(item) == 7):
        return None
    level, code, message, file, line, column, pointer = item
    if level not in Level._value2member_map_ or code not in Code._value2member_map_:
        return None
    if not isinstance(message, str):
        return None
    if not all(isinstance(v, (str, type(None))) for v in (file, pointer)):
        return None
    if not all(isinstance(v, (int, type(None))) for v in (line, column)):
        return None
    return Diagnostic(Level(level), Code(code), message, file, line, column, pointer)


def unchanged(out: Path, print_: str) -> list[Diagnostic] | None:
    """The previous build's render diagnostics when ``out`` is exactly what a build with
    fingerprint ``print_`` wrote; ``None`` when a build is needed."""
    path = _record_path(out)
    if path is None or not out.is_dir():
        return None
    data = cache_store.read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    if data.get("fingerprint") != print_ or data.get("out") != str(out.absolute()):
        return None
    items = data.get("diagnostics")
    if not isinstance(items, list):
        return None
    decoded = [decode_diagnostic(item) for item in items]
    if any(d is None for d in decoded):
        return None
    if data.get("files") != _listing(out):
        return None
    return [d for d in decoded if d is not None]


def outside_tree(root: Path, paths: list[Path]) -> list[Path]:
    """Those of ``paths`` that :func:`hash_tree` of ``root`` does not cover (outside it, or
    in a hidden or skipped folder)."""
    found = []
    for path in paths:
        try:
            parts = path.absolute().relative_to(root.absolute()).parts
        except ValueError:
            found.append(path)
            continue
        if any(p.startswith(".") or p in _SKIP for p in parts[:-1]):
            found.append(path)
    return found


def quick_print(target: Path, out: Path, options: str, *, tree: bool = True) -> str:
    """The hash of what a build of ``target`` into ``out`` with ``options`` reads from its
    docs folder (``tree``: every file of it; a bare spec's folder is not hashed, its documents
    are checked one by one), taken before loading anything (see :class:`Replay`)."""
    digest = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{options}\0".encode())
    digest.update(f"{target.absolute()}\0{out.absolute()}\0".encode("utf-8", "surrogatepass"))
    if tree:
        hash_tree(target.absolute().parent, digest, skip=out.absolute().resolve())
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Replay:
    """What an unchanged build shows again without loading anything: its diagnostics (check
    and render), its page count, entries dropped by --lenient and the docs root."""

    diagnostics: list[Diagnostic]
    pages: int
    dropped: int
    root: str


def replay(out: Path, quick: str) -> Replay | None:
    """The previous build's :class:`Replay` when its quick print is ``quick``, the files it
    read from elsewhere are unchanged and ``out`` is exactly what it wrote."""
    path = _record_path(out)
    if path is None or not out.is_dir():
        return None
    data = cache_store.read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("quick") != quick:
        return None
    try:
        for name, digest in data["elsewhere"]:
            if _file_hash(Path(name)).hex() != digest:
                return None
        shown = [decode_diagnostic(item) for item in data["shown"]]
        pages, dropped, root = int(data["pages"]), int(data["dropped"]), str(data["root"])
    except (OSError, KeyError, TypeError, ValueError):
        return None
    if any(d is None for d in shown) or data.get("files") != _listing(out):
        return None
    return Replay([d for d in shown if d is not None], pages, dropped, root)


def record(
    out: Path,
    print_: str,
    diagnostics: list[Diagnostic],
    *,
    quick: str | None = None,
    elsewhere: list[Path] | None = None,
    shown: Replay | None = None,
) -> Listing | None:
    """Remember this build (with its quick print and what it showed, when given); any
    failure to write is ignored. Returns the listing of the output folder it took (for
    :meth:`docgen.write.pagecache.PageCache.save`)."""
    path = _record_path(out)
    listing = _listing(out)
    if path is None or listing is None:
        return listing
    entry: dict[str, Any] = {
        "format": FORMAT,
        "out": str(out.absolute()),
        "fingerprint": print_,
        "diagnostics": [encode_diagnostic(d) for d in diagnostics],
        "files": listing,
    }
    if quick is not None and shown is not None:
        with contextlib.suppress(OSError):
            entry["elsewhere"] = [[str(p), _file_hash(p).hex()] for p in elsewhere or []]
            entry["quick"] = quick
            entry["shown"] = [encode_diagnostic(d) for d in shown.diagnostics]
            entry.update(pages=shown.pages, dropped=shown.dropped, root=shown.root)
    cache_store.write_json(path, entry)
    return listing
