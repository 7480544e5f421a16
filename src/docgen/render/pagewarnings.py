"""A Markdown page's warnings as diagnostics, the same whether ``docgen check`` parses the page
for them (:func:`docgen.render.scan.scan_pages`) or ``docgen build`` and ``docgen serve`` find
them while rendering it (``SiteRenderer``, which parses the page anyway)."""

from __future__ import annotations

from collections.abc import Iterable

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.render.assets import AssetScope, AssetWarning
from docgen.render.mdxcontext import MdxWarning


def report(
    diagnostics: Diagnostics, source: str, found: Iterable[MdxWarning], scope: AssetScope
) -> None:
    """Add the MDX warnings ``found`` in page file ``source`` and the asset warnings its
    ``scope`` collected (each once) to ``diagnostics``."""
    for w in found:
        diagnostics.warning(Code(w.code), w.message, Location(w.source or source, w.line, 1))
    seen: set[AssetWarning] = set()
    for a in scope.warnings:
        if a not in seen:
            seen.add(a)
            where = Location(a.source or source, a.line, a.column)
            diagnostics.warning(Code.ASSET_NOT_FOUND, a.message, where)
