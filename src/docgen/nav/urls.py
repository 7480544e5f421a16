"""Where pages go: page URL -> output file paths, and the rules every output path obeys.

Navigation uses these rules to refuse a page URL that cannot be written (``nav-unsafe-url``,
``nav-duplicate-url``) before anything renders; the writer applies the same rules again to
every file it writes.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from pathlib import PurePosixPath
from urllib.parse import unquote

from docgen.exceptions import OutputError

# Names Windows reserves for devices: a file or folder named so cannot be written there.
_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


def output_path(url: str) -> str:
    """``/a/b`` -> ``a/b/index.html``; ``/`` -> ``index.html``."""
    return "index.html" if url == "/" else url.lstrip("/") + "/index.html"


def twin_path(url: str) -> str:
    """The Markdown twin of the page at ``url``: ``/a/b`` -> ``a/b.md``; ``/`` -> ``index.md``."""
    return "index.md" if url == "/" else url.lstrip("/") + ".md"


PLAYGROUND_DIR = "_docgen/playground/"


def playground_path(url: str) -> str:
    """Where the ``auth``-mode playground data of the page at ``url`` is written: fetched by
    the browser after sign-in, so the page itself carries none of it."""
    digest = hashlib.sha256(url.encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return f"{PLAYGROUND_DIR}{digest}.json"


def fold(text: str) -> str:
    """The form two paths or URLs collide in on a case-insensitive, normalising file system."""
    return unicodedata.normalize("NFC", text).casefold()


def spelling_difference(one: str, other: str) -> str | None:
    """Why two different texts are one path to :func:`fold`, told so that a reader can see a
    difference the eye cannot (accents stored composed in one and decomposed in the other)."""
    if one == other or fold(one) != fold(other):
        return None
    if unicodedata.normalize("NFC", one) == unicodedata.normalize("NFC", other):
        return (
            "the same name in different Unicode code points (an accent composed in one, a "
            "letter plus a combining accent in the other, as some macOS tools write names)"
        )
    return "names differing only in case are one file on case-insensitive file systems"


_CONTROL = re.compile(r"[\x00-\x1f]")
# How every reserved name starts: a part starting otherwise is not one (a regular expression
# over the whole path cost eight times the rest of the fast path).
_RESERVED_STEMS = frozenset(name[:3] for name in _RESERVED)


MAX_NAME_BYTES = 255  # a file or folder name, in UTF-8 (ext4, APFS, NTFS, ...)
# A whole output path, in UTF-8: Linux refuses a path over 4,096 bytes, and the output folder's
# own path comes first (a redirect source or an API 'directory' of 1,500 folders passed check
# and stopped build).
MAX_PATH_BYTES = 2_048


def shortened(text: str, limit: int = 60) -> str:
    """``text`` as a message quotes it: its start and end when it is over ``limit`` long."""
    return text if len(text) <= limit else text[:40] + "..." + text[-17:]


def check_path(relative: str) -> PurePosixPath:
    """The validated relative path; raises :class:`OutputError` for anything unsafe."""
    return PurePosixPath(*path_parts(relative))


def path_parts(relative: str) -> tuple[str, ...]:
    """The parts of the validated relative path (as :class:`PurePosixPath` splits it);
    raises :class:`OutputError` for anything unsafe."""
    if not relative or "\x00" in relative or "\\" in relative or "//" in relative:
        raise OutputError(f"unsafe output path {relative!r}")
    if len(relative) > MAX_PATH_BYTES // 4 and len(relative.encode("utf-8", "surrogatepass")) > (
        MAX_PATH_BYTES
    ):
        raise OutputError(
            f"output path {shortened(relative)!r} is over {MAX_PATH_BYTES} bytes long; file "
            "systems refuse paths that long"
        )
    control = _CONTROL.search(relative) is not None  # rare: then each part is looked at
    # A name can be 4 bytes a character: shorter names cannot be too long.
    long = len(relative) > MAX_NAME_BYTES // 4
    if relative[0] != "/" and relative[0] != "." and "/." not in relative and relative[-1] != "/":
        parts = tuple(relative.split("/"))  # what PurePosixPath gives, without building one
        long = long and max(map(len, parts)) > MAX_NAME_BYTES // 4
        if not (control or long or any(p[:3].lower() in _RESERVED_STEMS for p in parts)):
            return parts  # (no empty, "." or ".." part can come from such a path)
    else:
        path = PurePosixPath(relative)
        if path.is_absolute():
            raise OutputError(f"output path {relative!r} is absolute")
        parts = path.parts
    for part in parts:
        size = len(part.encode("utf-8", "surrogatepass")) if long else 0
        if size > MAX_NAME_BYTES:
            raise OutputError(
                f"the name {shortened(part)!r} is {size} bytes long; file systems refuse names "
                f"over {MAX_NAME_BYTES} bytes"
            )
        if part in ("", ".", ".."):
            raise OutputError(f"output path {relative!r} leaves the output folder")
        if control and _CONTROL.search(part):
            raise OutputError(f"output path {relative!r} contains a control character")
        if part.split(".", 1)[0].lower() in _RESERVED:
            raise OutputError(f"output path {relative!r} uses a reserved device name")
    return parts


class PathSet:
    """Output paths met so far; :meth:`add` refuses an unsafe, repeated or colliding one (two
    paths equal once case and Unicode normalisation are folded, or a file where another path
    needs a folder)."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}  # folded path -> path
        self.folders: dict[str, str] = {}  # folded folder -> a path inside it

    def add(self, relative: str) -> None:
        """Raises :class:`OutputError` when ``relative`` cannot join the paths met so far."""
        path_parts(relative)
        key = fold(relative)
        if key in self.seen:
            if self.seen[key] == relative:
                raise OutputError(f"output path {relative!r} was produced twice")
            raise OutputError(
                f"output paths {self.seen[key]!r} and {relative!r} differ only by letter case "
                "or Unicode normalisation and would overwrite each other"
            )
        if key in self.folders:
            raise OutputError(
                f"output path {relative!r} is also the folder of {self.folders[key]!r}"
            )
        parts = key.split("/")
        folders = ["/".join(parts[:end]) for end in range(1, len(parts))]
        for folder in folders:
            if folder in self.seen:
                raise OutputError(
                    f"output path {relative!r} needs the folder {self.seen[folder]!r}, "
                    "which is a file"
                )
        for folder in folders:
            self.folders.setdefault(folder, relative)
        self.seen[key] = relative


def check_all(paths: Iterable[str]) -> None:
    """Raises :class:`OutputError` for the first unsafe, repeated or colliding path."""
    found = PathSet()
    for relative in paths:
        found.add(relative)


_NOT_IN_LINKS = re.compile(r"[?#%]")


def redirect_path(source: str) -> str:
    """Where a literal redirect source's forwarding page is served: its percent-escapes
    decoded (``/Getting%20Started`` is the folder ``Getting Started``: a server decodes a
    request's path before it looks for the file), without a trailing ``/``."""
    return unquote(source).rstrip("/") or "/"


def unsafe_url(url: str, twin: bool = True) -> str | None:
    """Why a page URL cannot become an output file (as ``docgen build`` checks it), or ``None``.
    ``twin``: the page has a Markdown twin too (its last name and ``.md``; a redirect has none)."""
    found = _NOT_IN_LINKS.search(url)
    if found is not None:
        return (
            f"its URL holds {found.group()!r}, which no link can carry in a path (a browser "
            "reads '?' as the start of a query, '#' as an anchor, '%' as an escape)"
        )
    try:
        check_path(output_path(url))
        if twin:
            check_path(twin_path(url))
    except OutputError as exc:
        return str(exc)
    return None
