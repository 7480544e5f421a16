"""What file of the site a request path names, and where a same-site redirect points, as a
static host answers them (doubled slashes merged, dot segments and backslashes refused)."""

from __future__ import annotations

import re

_SLASHES = re.compile(r"/{2,}")


def clean_path(path: str) -> str | None:
    """``path`` with doubled slashes merged ("//guides//x/" is "/guides/x/", as nginx merges
    them); ``None`` for a path no file answers (a NUL, a backslash, a ``..`` segment)."""
    if "\x00" in path or "\\" in path or ".." in path.split("/"):
        return None
    return _SLASHES.sub("/", path)


def file_key(path: str) -> str:
    """The site file a clean path asks for (a folder's ``index.html``)."""
    key = path.lstrip("/")
    return key + "index.html" if key == "" or key.endswith("/") else key


def same_site(root: str, location: str) -> str:
    """A redirect destination on this site below ``root``: leading slashes (and backslashes)
    collapse to one, so "//host/x" (a request for "/docs//host/x" through "/docs/:p*" ->
    "/:p*") cannot send the reader to another host."""
    return root + "/" + location.lstrip("/\\")
