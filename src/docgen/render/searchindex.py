"""The site's full-text search index, built with Pagefind (the ``pagefind[bin]`` package).

Pagefind reads one compact search document per visible page (:mod:`docgen.render.searchdoc`)
and writes a chunked index under ``_docgen/pagefind/``, which the search dialog queries with
Pagefind's JavaScript API; its default UI files are not shipped. ``_docgen/search-words.json``
lists the indexed words (most frequent first) for the dialog's typo correction, which Pagefind
does not do.
"""

from __future__ import annotations

import asyncio
import json
import re
import tempfile
from collections import Counter
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, TypeVar

FOLDER = "_docgen/pagefind"
WORDS = "_docgen/search-words.json"
# Pagefind's default UIs (we use our own dialog) and its playground are left out.
_UNSHIPPED = re.compile(r"^pagefind-(ui|modular-ui|component-ui|highlight)\.|^playground/")
_WORD = re.compile(r"[^\W\d_][\w-]{3,39}")
_TAG = re.compile(r"<[^>]*>")
_T = TypeVar("_T")


class SearchIndexError(Exception):
    """Pagefind could not build the index (missing binary, crash)."""


@dataclass(frozen=True, slots=True)
class SearchEntry:
    """One visible page: its site URL (``/guides/x``), search document and result metadata."""

    url: str
    document: str
    crumbs: str = ""
    method: str | None = None
    path: str | None = None


def _page_html(entry: SearchEntry) -> str:
    meta = [("section", entry.crumbs), ("method", entry.method or ""), ("path", entry.path or "")]
    spans = "".join(
        f'<span data-pagefind-meta="{key}" data-pagefind-ignore>{escape(value)}</span>'
        for key, value in meta
        if value
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head>'
        f"<body><main data-pagefind-body>{spans}{entry.document}</main></body></html>"
    )


def _result_url(url: str) -> str:
    return "/" if url == "/" else url.rstrip("/") + "/"


async def _index(entries: Sequence[SearchEntry], out: Path) -> None:
    from pagefind.index import IndexConfig, PagefindIndex

    # Leaving the context writes the files into ``output_path``.
    config = IndexConfig(force_language="en", write_playground=False, output_path=str(out))
    async with PagefindIndex(config) as index:
        for entry in sorted(entries, key=lambda e: e.url):
            await index.add_html_file(content=_page_html(entry), url=_result_url(entry.url))


def _run(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """Run ``coroutine`` to the end, also when called from inside a running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def words(entries: Sequence[SearchEntry]) -> list[str]:
    """The distinct lower-case words of the documents, most frequent first."""
    counts: Counter[str] = Counter()
    for entry in entries:
        counts.update(w.lower() for w in _WORD.findall(_TAG.sub(" ", entry.document)))
    return [word for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def index_files(entries: Sequence[SearchEntry]) -> Iterator[tuple[str, bytes]]:
    """The index files (path relative to the site, bytes), in a stable order."""
    with tempfile.TemporaryDirectory(prefix="docgen-search-") as tmp:
        out = Path(tmp) / "pagefind"
        try:
            _run(_index(entries, out))
        except (OSError, AssertionError, RuntimeError) as error:
            raise SearchIndexError(f"the search index could not be built: {error}") from error
        files = sorted(p for p in out.rglob("*") if p.is_file())
        for path in files:
            relative = path.relative_to(out).as_posix()
            if not _UNSHIPPED.search(relative):
                yield f"{FOLDER}/{relative}", path.read_bytes()
    text = json.dumps(words(entries), ensure_ascii=False, separators=(",", ":"))
    yield WORDS, text.encode()
