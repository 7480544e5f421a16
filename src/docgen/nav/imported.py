"""Page files that other files import as snippets: Mintlify never builds one as a page of
its own (``import Steps from "../snippets/steps.mdx"`` makes ``snippets/steps.mdx`` a
snippet wherever it is, not only in the root's ``snippets`` folder)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

_IMPORT = re.compile(
    r"^[ \t]*import\b[^\n]*?\bfrom\s*['\"]([^'\"\n]+)['\"]|^[ \t]*import\s*['\"]([^'\"\n]+)['\"]",
    re.M,
)
_SUFFIXES = ("", ".mdx", ".md")


def imported_files(texts: Iterable[tuple[str, str]], names: Iterable[str]) -> set[str]:
    """Which of ``names`` (page files, paths from the docs root) the files ``texts`` (name,
    text) import, by a root path (``/snippets/x.mdx``) or a relative one (``../x.mdx``)."""
    found: set[str] = set()
    names = set(names)
    for importer, text in texts:
        if "import" not in text:
            continue
        folder = posixpath.dirname(importer)
        for match in _IMPORT.finditer(text):
            written = match.group(1) or match.group(2)
            if written.startswith("/"):
                base = written.lstrip("/")
            elif written.startswith("."):
                base = posixpath.join(folder, written)
            else:
                continue  # a package, not a file of the docs
            path = posixpath.normpath(base)
            found.update(p for p in (path + s for s in _SUFFIXES) if p in names)
    return found
