"""Rebuilds of ``docgen serve`` reuse what the last good build rendered.

``docgen serve`` builds the whole site in memory again after every change. A :class:`Reuse`
keeps the last good build's render results, by job key (:mod:`docgen.write.jobkeys`), and its
search bundles, by digest; the next build renders only the jobs whose key or snippets changed
and indexes only the bundles whose documents changed, as ``docgen build`` does from its page
cache. What is served is the same, byte for byte, as a build from scratch. A failed build
keeps nothing new: the next one starts from the last good one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from docgen.nav.model import Site
from docgen.write.jobkeys import JobKeys

if TYPE_CHECKING:
    from docgen.render.page import Job, Output
    from docgen.render.sink import Placed, Sink

Kept = tuple["Output", str | None]  # a job's output and, when it read no snippet list, the tree


@dataclass
class Reuse:
    """What the last good build of a ``docgen serve`` session rendered. ``out``: the folder
    a ``docgen build`` would write, left out of the docs folder's hash like there."""

    out: Path
    _pages: dict[str, Kept] = field(default_factory=dict)
    _shards: dict[str, list[tuple[str, bytes]]] = field(default_factory=dict)
    _words: dict[str, dict[str, int]] = field(default_factory=dict)  # each shard's words

    def cache(self, site: Site, config_text: str | None) -> RebuildCache:
        """The cache for building ``site`` now (pass it as both ``cache`` and ``shards``)."""
        keys = JobKeys(site, self.out, config_text)
        return RebuildCache(keys, self._pages, self._shards, self._words)

    def keep(self, build: RebuildCache, files: Mapping[str, bytes]) -> None:
        """After a good build (``files``, what it made): its results replace the kept ones."""
        shards = {}
        for digest, (folder, names) in build.next_shards.items():
            found = [(name, files.get(f"{folder}/{name}")) for name in names]
            if all(content is not None for _, content in found):
                shards[digest] = [(name, content) for name, content in found if content is not None]
        self._pages, self._shards = build.next_pages, shards
        self._words = {digest: build.next_words[digest] for digest in shards}


class RebuildCache:
    """One build's view of the kept results (``docgen.render.site.JobCache`` and
    ``docgen.render.searchshards.ShardCache``), collecting this build's for the next."""

    def __init__(
        self,
        keys: JobKeys,
        pages: dict[str, Kept],
        shards: dict[str, list[tuple[str, bytes]]],
        words: dict[str, dict[str, int]] | None = None,
    ) -> None:
        self.keys = keys
        self._pages = pages
        self._shards = shards
        self._words = words or {}
        self.next_pages: dict[str, Kept] = {}
        self.next_shards: dict[str, tuple[str, list[str]]] = {}
        self.next_words: dict[str, dict[str, int]] = {}
        self.hits = 0

    def _kept(self, job: Job) -> Output | None:
        if not self._pages:
            return None  # nothing kept: no key is worked out before the page renders
        found = self._pages.get(self.keys.key(job))
        if found is None or not self.keys.reads_match(found[0].reads, found[1]):
            return None
        return found[0]

    def has(self, job: Job) -> bool:
        return self._kept(job) is not None

    def lookup(self, job: Job, sink: Sink | None = None) -> Output | None:
        """The kept output of ``job`` when its inputs are unchanged (``sink`` is not used:
        a served build is held in memory)."""
        output = self._kept(job)
        if output is not None:
            self.hits += 1
            self.store(job, output)  # kept for the build after this one too
        return output

    def store(self, job: Job, output: Output) -> None:
        tree = self.keys.tree() if output.reads is None else None
        self.next_pages[self.keys.key(job)] = (output, tree)

    def flush(self) -> None:
        """Nothing is left for later: :meth:`store` keys each result as it comes."""

    def shard_files(
        self, digest: str, sink: Sink | None = None, folder: str | None = None
    ) -> list[tuple[str, bytes | Placed]] | None:
        found = self._shards.get(digest)
        return None if found is None else list(found)

    def has_shards(self) -> bool:
        return bool(self._shards)

    def store_shard(
        self, digest: str, folder: str, names: list[str], words: dict[str, int]
    ) -> None:
        self.next_shards[digest] = (folder, names)
        self.next_words[digest] = words

    def shard_words(self, digest: str) -> dict[str, int] | None:
        return self._words.get(digest)
