"""The docs repo's static files (images, videos, PDFs, fonts, ...), copied into the site at
the same paths, as Mintlify serves them: ``/images/x.png`` in a page is ``images/x.png`` of
the repo.

Only files with a known media or document extension (:data:`EXTENSIONS`) are copied, from the
same folders pages come from (:func:`~docgen.nav.pagefiles.source_dirs`: no hidden or ``_``
folders, ``node_modules``, ``snippets/``, output folders). Page sources, configs, scripts and
HTML never are: content cannot put a script on the site's origin. Regular files only; a link
is followed only when its target is inside the docs root. Bounded: files over
:data:`MAX_FILE_BYTES`, and everything past :data:`MAX_FILES` files or :data:`MAX_TOTAL_BYTES`,
are skipped with an ``asset-skipped`` warning, as is an SVG that carries script.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import OutputError
from docgen.nav.ignore import Ignore
from docgen.nav.model import StaticFile
from docgen.nav.pagefiles import source_dirs
from docgen.nav.urls import PathSet, fold

_IMAGES = "png jpg jpeg gif webp avif svg ico bmp tif tiff"
_MEDIA = "mp4 webm mov m4v ogv mp3 wav m4a ogg oga flac"
_DOCUMENTS = "pdf txt csv zip"
_FONTS = "woff woff2 ttf otf"
EXTENSIONS = frozenset(" ".join((_IMAGES, _MEDIA, _DOCUMENTS, _FONTS)).split())
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
MAX_FILES = 5_000
# What makes an SVG opened on its own run script: <script>, event handlers, javascript: URLs,
# foreign HTML. A conservative screen: a false alarm only skips the file, with a warning.
_SVG_SCRIPT = re.compile(
    rb"<\s*script|<\s*foreignobject|\son[a-z]+\s*=|javascript\s*:|<\s*iframe|<\s*embed",
    re.IGNORECASE,
)


def is_static_name(name: str) -> bool:
    """Whether a file of this name is copied into the site (by extension)."""
    base = name.rsplit("/", 1)[-1]
    return "." in base and base.rsplit(".", 1)[1].lower() in EXTENSIONS


def discover_static(
    root: Path, diagnostics: Diagnostics, skip: Path | None = None, ignore: Ignore | None = None
) -> tuple[StaticFile, ...]:
    """Every static file under ``root`` to copy (not one ``ignore`` leaves out), sorted by
    name; problems are warnings."""
    root = root.resolve()
    skip_resolved = skip.resolve() if skip is not None else None
    found: list[StaticFile] = []
    paths = PathSet()
    total = 0
    over_limit: list[str] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        dirs[:] = source_dirs(root, here, dirs, skip_resolved, ignore)
        for file in sorted(files):
            if file.startswith((".", "_")) or not is_static_name(file):
                continue
            path = here / file
            name = path.relative_to(root).as_posix()
            if ignore is not None and ignore.skips(name):
                continue
            size = usable_size(root, path, MAX_FILE_BYTES, partial(_skip, diagnostics, name))
            if size is None:
                continue
            if len(found) >= MAX_FILES or total + size > MAX_TOTAL_BYTES:
                over_limit.append(name)
                continue
            refused = _svg_refusal(path) if name.lower().endswith(".svg") else None
            if refused is not None:
                _skip(diagnostics, name, refused)
                continue
            try:
                paths.add(name)
            except OutputError as exc:
                _skip(diagnostics, name, str(exc))
                continue
            found.append(StaticFile(name, path, size))
            total += size
    if over_limit:
        diagnostics.warning(
            Code.ASSET_SKIPPED,
            f"{len(over_limit)} static file(s) not copied: a site copies at most {MAX_FILES:,} "
            f"files and {MAX_TOTAL_BYTES // 2**20} MB of them (first: {over_limit[0]})",
            Location(over_limit[0], None, None),
        )
    return tuple(sorted(found, key=lambda item: item.name))


def usable_size(root: Path, path: Path, limit: int, skip: Callable[[str], None]) -> int | None:
    """The size of a regular file of at most ``limit`` bytes, else ``None`` after ``skip``
    (given why) is called."""
    size = regular_size(root, path)
    if size is None:
        skip("not a regular file inside the docs folder")
    elif size > limit:
        shown = f"{limit // 2**20} MB" if limit % 2**20 == 0 else f"{limit // 1024} kB"
        skip(f"larger than {shown}")
        return None
    return size


def regular_size(root: Path, path: Path) -> int | None:
    """The size of a regular file (through a link only when it stays inside ``root``)."""
    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            if not path.resolve().is_relative_to(root):
                return None
            info = path.stat()
    except (OSError, RuntimeError):
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def _svg_refusal(path: Path) -> str | None:
    """Why the SVG at ``path`` is not copied, or None: it may run script, holds HTML, or it is
    not well-formed XML (an empty file runs nothing and is copied)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return "an SVG that cannot be read"
    if not data.strip():
        return None
    hits = {_hit_kind(m.group()) for m in _SVG_SCRIPT.finditer(data)}
    if "script" in hits:  # an event handler or a javascript: URL, however it is written
        return _SCRIPT
    # An element the bytes name (<script>, <iframe>, <embed>) is judged by its namespace
    # (below); a <foreignObject> holds HTML.
    return _svg_problem(data) or (_HTML if "html" in hits else None)


def _hit_kind(found: bytes) -> str:
    squeezed = re.sub(rb"\s", b"", found.lower())
    if squeezed.startswith(b"<foreignobject"):
        return "html"
    return "element" if squeezed.startswith(b"<") else "script"


_XHTML = "{http://www.w3.org/1999/xhtml}"
_XSL = "{http://www.w3.org/1999/XSL/Transform}"
_SVG_RUNNERS = frozenset(["script", "iframe", "embed", "object", "handler", "listener"])
_SCRIPT_SCHEMES = ("javascript:", "vbscript:")


_SCRIPT = "an SVG with script or event handlers"
_HTML = "an SVG that holds HTML (a <foreignObject>, as Mermaid's exports have)"
_XSLT = "an SVG with an XSLT style sheet (it can write script)"
_NOT_XML = "an SVG that is not well-formed XML (a browser runs what precedes the error)"
_NOT_SVG = (
    "an SVG whose root element is not <svg> (an XSLT style sheet named .svg can write script)"
)


def _svg_problem(data: bytes) -> str | None:
    """Why the SVG, read as a browser reads it (entities expanded, ``s:script`` in SVG's
    namespace whatever its prefix, any encoding), is no plain drawing: an element that runs
    script, an ``on*`` attribute or animation of one, a ``javascript:`` value, HTML, an XSLT
    sheet; ``None`` for a drawing. The pattern above sees bytes only: ``<s:script>``, an
    entity holding ``&#60;script>`` or UTF-16 passed it. An SVG that is not well-formed XML is
    refused too (browsers run what precedes the error)."""
    if b"<?xml-stylesheet" in data.lower():
        return _XSLT
    try:
        root = ElementTree.fromstring(data)  # expat: never fetches, bounds entity expansion
        # Read as decoded: in UTF-16 the bytes above do not say "<?xml-stylesheet", and a
        # browser applies the style sheet (an XSLT one, another .svg of the site, wrote and
        # ran a script in Chromium).
        reader: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
            events=("pi",)
        )
        reader.feed(data)
        reader.close()
    except (ElementTree.ParseError, ValueError):
        return _NOT_XML
    events: list[Any] = list(reader.read_events())  # ("pi", element) pairs
    targets = [str(pi.text or "") for _, pi in events]
    if any(text.lower().startswith("xml-stylesheet") for text in targets):
        return _XSLT
    if root.tag.rpartition("}")[2] != "svg":  # an XSLT sheet named .svg, say
        return _NOT_SVG
    html = False
    for element in root.iter():
        tag = str(element.tag)
        local = tag.rpartition("}")[2].lower()
        # In no namespace (<script xmlns=""/>, as some editors leave one) an element is no
        # SVG or HTML element: a browser opening the file, an XML document, runs nothing in it.
        if local in _SVG_RUNNERS and tag.startswith("{"):
            return _SCRIPT
        if tag.startswith(_XSL):  # a drawing that is also a style sheet (xsl:version)
            return _XSLT
        html = html or tag.startswith(_XHTML) or local == "foreignobject"
        for key, value in element.attrib.items():
            name = key.rpartition("}")[2].lower()
            squeezed = "".join(c for c in value if c > " ").lower()
            if name.startswith("on") or any(s in squeezed for s in _SCRIPT_SCHEMES):
                return _SCRIPT
            if name == "attributename" and squeezed.startswith(("on", "href", "xlink:href")):
                return _SCRIPT
    return _HTML if html else None


def _skip(diagnostics: Diagnostics, name: str, why: str) -> None:
    diagnostics.warning(
        Code.ASSET_SKIPPED, f"static file not copied into the site: {why}", Location(name)
    )


def drop_conflicts(
    files: tuple[StaticFile, ...], taken: PathSet, owners: dict[str, str], diagnostics: Diagnostics
) -> tuple[StaticFile, ...]:
    """``files`` without those another output file (a page, a site file) already claims;
    each dropped one is an ``asset-skipped`` warning naming what wins."""
    kept: list[StaticFile] = []
    for item in files:
        try:
            taken.add(item.name)
        except OutputError as exc:
            owner = owners.get(fold(item.name))
            why = f"{owner} has that path" if owner else str(exc)
            _skip(diagnostics, item.name, why)
            continue
        kept.append(item)
    return tuple(kept)
