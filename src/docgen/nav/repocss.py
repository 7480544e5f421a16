"""The docs repo's own ``.css`` files, applied to every page as Mintlify applies them.

Every ``.css`` file of the folders static files come from (:mod:`docgen.nav.staticfiles`: no
hidden or ``_`` folders, ``node_modules``, output folders, ``.mintignore``d paths; a link only
when its target is inside the docs root) and of the root's ``snippets/``, read in sorted path
order, is made safe (:mod:`docgen.nav.csssafe`) and joined into :data:`REPO_CSS`, each part
after a ``/* path */`` comment; the page template links it after docgen's own style sheets.
Bounded: a file over :data:`MAX_FILE_BYTES`, and files past :data:`MAX_FILES` or
:data:`MAX_TOTAL_BYTES`, are left out with an ``asset-skipped`` warning.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.nav.csssafe import clean
from docgen.nav.ignore import Ignore
from docgen.nav.model import RepoStyles
from docgen.nav.pagefiles import SNIPPETS_DIR, source_dirs
from docgen.nav.staticfiles import usable_size

REPO_CSS = "_docgen/custom.css"
_PREFIX = "../"  # from REPO_CSS's folder to the site root, where static files are copied
# Checking costs about 1.6 s per MB (measured): real style sheets are a few kB (the largest
# seen in 28 Mintlify repos: 17 kB), so the limits keep the worst case near 2 s.
MAX_FILE_BYTES = 512 * 1024
MAX_TOTAL_BYTES = 1024 * 1024
MAX_FILES = 200
MAX_WARNINGS = 20  # per file; the rest are counted in one more


def discover_styles(
    root: Path, diagnostics: Diagnostics, skip: Path | None = None, ignore: Ignore | None = None
) -> RepoStyles | None:
    """The joined safe style sheet of the repo's ``.css`` files (``None`` when it has none);
    what is left out of them is a warning at its place."""
    root = root.resolve()
    parts: list[str] = []
    sources: list[str] = []
    files: list[tuple[str, str, int, int]] = []
    total = 0
    for name, path in _css_files(root, skip.resolve() if skip is not None else None, ignore):
        size = usable_size(root, path, MAX_FILE_BYTES, partial(_skip, diagnostics, name))
        if size is None:
            continue
        if len(sources) >= MAX_FILES or total + size > MAX_TOTAL_BYTES:
            _skip(
                diagnostics,
                name,
                f"a site applies at most {MAX_FILES} CSS files and "
                f"{MAX_TOTAL_BYTES // 1024} kB of them",
            )
            continue
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            _skip(diagnostics, name, f"cannot be read ({exc.strerror or exc})")
            continue
        total += size
        cleaned = clean(data, name, _PREFIX)
        for reason, line, column in cleaned.dropped[:MAX_WARNINGS]:
            diagnostics.warning(
                Code.CSS_DROPPED, f"left out: {reason}", Location(name, line, column)
            )
        if len(cleaned.dropped) > MAX_WARNINGS:
            more = len(cleaned.dropped) - MAX_WARNINGS
            diagnostics.warning(
                Code.CSS_DROPPED, f"{more} more part(s) of this file left out", Location(name)
            )
        sources.append(name)
        parts.append(f"/* {_comment(name)} */\n{cleaned.css}\n")
        files += [(target, name, line, column) for target, line, column in cleaned.files]
    if not sources:
        return None
    text = '@charset "utf-8";\n' + "".join(parts)
    return RepoStyles(text, tuple(sources), tuple(files))


def _css_files(root: Path, skip: Path | None, ignore: Ignore | None) -> list[tuple[str, Path]]:
    """``(name, path)`` of each candidate ``.css`` file, sorted by name."""
    found: list[tuple[str, Path]] = []
    for folder, dirs, names in os.walk(root, followlinks=False):
        here = Path(folder)
        kept = source_dirs(root, here, dirs, skip, ignore)
        if (
            here == root
            and SNIPPETS_DIR in dirs
            and SNIPPETS_DIR not in kept
            and (ignore is None or not ignore.skips(SNIPPETS_DIR, folder=True))
        ):
            kept = sorted([*kept, SNIPPETS_DIR])  # Mintlify applies snippets/*.css too
        dirs[:] = kept
        for file in names:
            if file.startswith((".", "_")) or not file.lower().endswith(".css"):
                continue
            path = here / file
            name = path.relative_to(root).as_posix()
            if ignore is None or not ignore.skips(name):
                found.append((name, path))
    return sorted(found)


def _comment(name: str) -> str:
    """``name`` safe inside a CSS comment (a folder named ``x*`` would end it)."""
    shown = name.encode("utf-8", "replace").decode("utf-8")
    return "".join(c if c.isprintable() else "?" for c in shown).replace("*/", "*?/")


def _skip(diagnostics: Diagnostics, name: str, why: str) -> None:
    diagnostics.warning(
        Code.ASSET_SKIPPED, f"style sheet not applied to the site: {why}", Location(name)
    )
