"""A Markdown page's warnings as diagnostics, the same whether ``docgen check`` parses the page
for them (:func:`docgen.render.scan.scan_pages`) or ``docgen build`` and ``docgen serve`` find
them while rendering it (``SiteRenderer``, which parses the page anyway)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.nav.model import Page
from docgen.render.assets import AssetScope, AssetWarning
from docgen.render.mdxcontext import MdxWarning
from docgen.render.snippets import MAX_SNIPPET_BYTES


def report(
    diagnostics: Diagnostics,
    page: Page,
    root: Path,
    found: Iterable[MdxWarning],
    scope: AssetScope,
) -> None:
    """Add the MDX warnings ``found`` in ``page``'s file (or the snippets below ``root`` that
    it shows) and the asset warnings its ``scope`` collected (each once) to ``diagnostics``."""
    assert page.source is not None
    lines = _Lines(page, root)
    for w in found:
        column = _column(lines.get(w.source, w.line), w.near)
        where = Location(w.source or page.source, w.line, column)
        if w.info:
            diagnostics.info(Code(w.code), w.message, where)
        else:
            diagnostics.warning(Code(w.code), w.message, where)
    seen: set[AssetWarning] = set()
    for a in scope.warnings:
        if a not in seen:
            seen.add(a)
            text = lines.get(a.source, a.line)
            near = next((n for n in a.near.split("\n") if n and n in text), "")
            column = a.column or _column(text, near)
            where = Location(a.source or page.source, a.line, column)
            if a.error:
                diagnostics.error(Code(a.code), a.message, where)
            else:
                diagnostics.warning(Code(a.code), a.message, where)


class _Lines:
    """The text of a line of the page file or of one of its snippets (read when asked)."""

    def __init__(self, page: Page, root: Path) -> None:
        self.page = page
        self.root = root
        self.files: dict[str, list[str]] = {}
        self.body: list[str] | None = None  # the page's own lines, split once

    def get(self, snippet: str | None, line: int) -> str:
        if snippet is None:
            if self.body is None:
                self.body = self.page.body.split("\n")
            lines, first = self.body, self.page.body_line
        else:
            lines, first = self.files.get(snippet) or self._read(snippet), 1
        index = line - first
        return lines[index] if 0 <= index < len(lines) else ""

    def _read(self, snippet: str) -> list[str]:
        try:
            with (self.root / snippet).open("rb") as handle:
                raw = handle.read(MAX_SNIPPET_BYTES)
        except OSError:
            raw = b""
        self.files[snippet] = raw.decode("utf-8", "replace").split("\n")
        return self.files[snippet]


def _column(text: str, near: str) -> int:
    """Where ``near`` starts in ``text`` (1-based); else where its first non-blank character
    is (a block component's indentation); else 1."""
    found = text.find(near) if near else -1
    if found >= 0:
        return found + 1
    stripped = text.lstrip()
    return len(text) - len(stripped) + 1 if stripped else 1
