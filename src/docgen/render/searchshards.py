"""The site's full-text search index: Pagefind bundles ("shards") of bounded size.

Every visible page gives one compact search document (:mod:`docgen.render.searchdoc`). The
documents, in page order, are cut into shards: ``_docgen/pagefind/`` (the primary bundle, which
the search dialog imports with Pagefind's JavaScript API), then ``_docgen/pagefind-1/``, ... that
the dialog merges into it (``mergeIndex``; they ship without Pagefind's script and WASM, which
only the primary one loads). ``_docgen/pagefind/shards.json`` lists the merged ones.
``_docgen/search-words.json`` lists the indexed words (most frequent first) for the dialog's
typo correction, which Pagefind does not do. ``_docgen/search-titles.json`` lists every page's
title, path, headings and lead line, which the dialog ranks first
(:mod:`docgen.render.searchtitles`).

Why shards: Pagefind holds every document of a bundle in memory until it writes it (about 20
times their size: 2 GiB for Microsoft Graph's 100 MB), so a bounded shard bounds its memory;
and a shard whose documents did not change since the last build is reused from it (a
:class:`ShardCache`) instead of indexed again. A shard ends at a page whose URL hash is a
multiple of ``_SPREAD`` once it holds ``MIN_BYTES`` (so an edit does not move the cuts), or at
``MAX_BYTES``. Each shard is indexed by its own Pagefind process while the next pages render
(at most two at a time: one being filled, the one before writing its bundle).
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from docgen.render.searchindex import (
    CJK_RUN,
    FOLDER,
    HAS_CJK,
    SearchEntry,
    SearchIndex,
    page_html,
    page_url,
)
from docgen.render.searchtitles import TitleRows
from docgen.render.sink import Placed, Sink

WORDS = "_docgen/search-words.json"
TITLES = "_docgen/search-titles.json"
SHARDS = f"{FOLDER}/shards.json"
MIN_BYTES = 2_000_000  # the last bundle is indexed after the last page: keep it small
MAX_BYTES = 16_000_000
_SPREAD = 32
_FORMAT = "docgen-search-shard-2"
# What only the primary bundle needs: the script the dialog imports, its worker and the WASM.
_PRIMARY_ONLY = re.compile(r"^(pagefind\.js|pagefind-worker\.js|wasm\.[\w-]+\.pagefind)$")
_WORD = re.compile(r"[^\W\d_][\w-]{3,39}")
_TAG = re.compile(r"<[^>]*>")


class ShardCache(Protocol):
    """The shards of the previous build (``docgen.write.pagecache``), by their digest."""

    def shard_files(
        self, digest: str, sink: Sink | None = None, folder: str | None = None
    ) -> list[tuple[str, bytes | Placed]] | None:
        """The files of the shard with ``digest`` (path inside it, bytes), if still intact;
        with a ``sink``, put in place through it in ``folder`` (hard-linked from the previous
        site where they were there: :class:`Placed`) instead of handed over."""
        ...

    def store_shard(
        self, digest: str, folder: str, names: list[str], words: dict[str, int]
    ) -> None:
        """Remember that ``folder`` holds the shard with ``digest`` (files ``names``), whose
        documents hold ``words`` (word -> count, for the typo-correction list)."""
        ...

    def shard_words(self, digest: str) -> dict[str, int] | None:
        """The ``words`` stored with the shard ``digest``, if any."""
        ...

    def has_shards(self) -> bool:
        """Whether the previous build left any shard to reuse."""
        ...


def shard_folder(number: int) -> str:
    return FOLDER if number == 0 else f"{FOLDER}-{number}"


class ShardedIndex:
    """Takes the search entries one by one (:meth:`add`) and hands back finished shards'
    files as it goes, then the rest (:meth:`finish`); a reused shard's files are put in place
    through ``sink`` when there is one (:class:`Placed` stands for their bytes)."""

    def __init__(self, cache: ShardCache | None = None, sink: Sink | None = None) -> None:
        self.cache = cache
        self.sink = sink
        self.counts: Counter[str] = Counter()
        self.titles = TitleRows()
        self.reused = 0
        # Nothing to reuse (a first build): each page goes to Pagefind at once; else a
        # shard's pages wait until it ends, to be indexed only when it is not reused.
        self._streaming = cache is None or not cache.has_shards()
        self._docs: list[tuple[str, str, str]] = []  # (URL, Pagefind's HTML, document)
        self._words: Counter[str] = Counter()  # streaming: the words of the shard being filled
        self._digest: Any = None
        self._bytes = 0
        self._shards = 0
        self._current: SearchIndex | None = None  # streaming: the shard being filled
        # Ended, not collected: (folder, digest, index, words).
        self._running: tuple[str, str, SearchIndex, Counter[str]] | None = None

    def __enter__(self) -> ShardedIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        for index in (self._current, self._running[2] if self._running else None):
            if index is not None:
                index.close()
        self._current = self._running = None

    def add(self, entry: SearchEntry) -> Iterator[tuple[str, bytes | Placed]]:
        """Take ``entry``; the files of a shard it completes, if any."""
        url, html = page_url(entry.url), page_html(entry)
        self.titles.add(url, entry)
        if self._digest is None:
            self._digest = hashlib.sha256(f"{_FORMAT}\0{self._shards == 0}\0".encode())
        self._digest.update(f"{len(url)}\0{url}\0{len(html)}\0".encode())
        self._digest.update(html.encode("utf-8", "surrogatepass"))
        if self._streaming:
            if self._current is None:
                self._current = SearchIndex()
            self._current.add(url, html)
            self._words.update(_words(entry.document))
        else:
            self._docs.append((url, html, entry.document))
        self._bytes += len(html)
        cut = self._bytes >= MIN_BYTES and zlib.crc32(url.encode()) % _SPREAD == 0
        if cut or self._bytes >= MAX_BYTES:
            yield from self._cut()

    def add_all(self, entries: Iterable[SearchEntry]) -> Iterator[tuple[str, bytes | Placed]]:
        for entry in entries:
            yield from self.add(entry)

    def end_shard(self) -> Iterator[tuple[str, bytes | Placed]]:
        """End the shard being filled now (Pagefind writes it while the caller goes on); the
        files of the one before, if it was still being written."""
        if self._bytes or self._shards == 0:
            yield from self._cut()

    def finish(self) -> Iterator[tuple[str, bytes | Placed]]:
        """The remaining shards' files, the list of merged shards and the word list."""
        yield from self.end_shard()
        yield from self._collect()
        merged = [shard_folder(n) + "/" for n in range(1, self._shards)]
        yield SHARDS, json.dumps(merged).encode()
        words = sorted(self.counts.items(), key=lambda item: (-item[1], item[0]))
        text = json.dumps([w for w, _ in words], ensure_ascii=False, separators=(",", ":"))
        yield WORDS, text.encode()
        yield TITLES, self.titles.json()

    def _cut(self) -> Iterator[tuple[str, bytes | Placed]]:
        """End the current shard: reuse it from the cache, or have Pagefind write it."""
        folder, primary = shard_folder(self._shards), self._shards == 0
        self._shards += 1
        digest = self._digest or hashlib.sha256(f"{_FORMAT}\0{primary}\0".encode())
        key = digest.hexdigest()
        docs, self._docs, self._bytes, self._digest = self._docs, [], 0, None
        index, self._current = self._current, None
        words, self._words = self._words, Counter()
        if index is None:
            cache = self.cache
            reused = cache.shard_files(key, self.sink, folder) if cache is not None else None
            if reused is not None:
                self.reused += 1
                known = cache.shard_words(key) if cache is not None else None
                words = Counter(known) if known is not None else _counted(docs)
                self.counts.update(words)
                self._remember(key, folder, [name for name, _ in reused], words)
                yield from ((f"{folder}/{name}", content) for name, content in reused)
                return
            yield from self._collect()  # one Pagefind at a time: bounded memory
            index = SearchIndex()
            for url, html, _ in docs:
                index.add(url, html)
            index.request_files()  # Pagefind writes the bundle while the next pages render
            words = _counted(docs)
        else:
            # This bundle starts writing before the one before is waited for, so at the last
            # cut both Pagefinds write at once (still two at most: the next starts after).
            index.request_files()
            yield from self._collect()  # the one before: it had a whole shard's time
        self.counts.update(words)
        self._running = (folder, key, index, words)

    def _collect(self) -> Iterator[tuple[str, bytes | Placed]]:
        """The files of the shard being indexed, once Pagefind has them."""
        if self._running is None:
            return
        folder, key, index, words = self._running
        primary = folder == FOLDER
        names = []
        try:
            for name, content in index.files():
                if primary or not _PRIMARY_ONLY.match(name):
                    names.append(name)
                    yield f"{folder}/{name}", content
        finally:
            index.close()
            self._running = None
        self._remember(key, folder, names, words)

    def _remember(self, key: str, folder: str, names: list[str], words: Counter[str]) -> None:
        if self.cache is not None:
            self.cache.store_shard(key, folder, names, dict(words))


def _words(document: str) -> Iterator[str]:
    """The words of a search document, lower-cased, for the typo-correction list (not CJK
    runs: the dialog corrects letters of other scripts only, and a run is no one word)."""
    text = _TAG.sub(" ", document)
    if HAS_CJK.search(text):
        text = CJK_RUN.sub(" ", text)
    return map(str.lower, _WORD.findall(text))


def _counted(docs: list[tuple[str, str, str]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _, _, document in docs:
        counts.update(_words(document))
    return counts


def index_files(
    entries: Iterable[SearchEntry], cache: ShardCache | None = None
) -> Iterator[tuple[str, bytes | Placed]]:
    """Every search file for ``entries`` at once (see :class:`ShardedIndex`)."""
    with ShardedIndex(cache) as index:
        yield from index.add_all(entries)
        yield from index.finish()
