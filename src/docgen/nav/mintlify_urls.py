"""The URLs Mintlify gives a spec's endpoint pages (``generateOpenApiPages`` of
``@mintlify/common``), so a site moving from Mintlify can forward them to docgen's
(:mod:`docgen.nav.earlier`). They differ from docgen's rule (README "URLs") where Mintlify keeps
``_`` (``customer_portal``), names an operation without a summary from its method and path
(``GET /users/{id}`` -> ``get-users``) and a webhook without one from its name
(``checkout.created`` -> ``checkoutcreated``), puts an untagged webhook in the directory itself
(no ``webhooks/``), numbers a collision ``-1``, ``-2`` and does not shorten a long name."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docgen.nav.slugs import mintlify_filename

if TYPE_CHECKING:
    from docgen.spec.model import Operation, Spec

_SLASHES = re.compile(r"/+")


def _join(*parts: str) -> str:
    """Mintlify's ``posixJoin``: joined by ``/``, runs of ``/`` one, no trailing ``/``."""
    return _SLASHES.sub("/", "/".join(parts)).removesuffix("/") or "/"


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _base(op: Operation, directory: str) -> str:
    """The page's name before numbering: ``<directory>/<tag>/<title>`` or the ``x-mint`` href."""
    if op.href is not None:
        href = op.href.removeprefix("/")
        folder, _, title = href.rpartition("/")
        return _join(folder, title)
    tags = op.data.get("tags")
    tag = _text(tags[0]) if isinstance(tags, list) and tags else None
    summary = mintlify_filename(_text(op.data.get("summary")))
    if summary is not None:
        title = summary
    else:  # JavaScript writes a missing name as "undefined"
        name = mintlify_filename(op.path) or "undefined"
        title = name if op.webhook else f"{op.method.lower()}-{name}"
    return _join(directory, mintlify_filename(tag) or "", title)


def mintlify_page_urls(spec: Spec, directory: str) -> dict[tuple[str, str, bool], str]:
    """Each endpoint page's URL on Mintlify for the spec under ``directory``: operations, then
    webhooks, in spec order (``x-excluded`` ones have none); a name an earlier page has gets
    ``-1``, then ``-2``..., the first one free (``generateUniqueFilenameWithoutExtension``),
    compared in lower case. Linear: a base's next number starts after the last one given (the
    numbers below it were taken then, and names are only added)."""
    used: set[str] = set()
    last: dict[str, int] = {}
    out: dict[tuple[str, str, bool], str] = {}
    for op in (*spec.operations, *spec.webhooks):
        if op.excluded:
            continue
        base = _base(op, directory)
        name = base.lower()
        if name in used:
            number = last.get(name, 0)
            while name in used:
                number += 1
                name = f"{base}-{number}".lower()
            last[base.lower()] = number
        used.add(name)
        out[(op.method, op.path, op.webhook)] = "/" + name.removeprefix("/")
    return out
