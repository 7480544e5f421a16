"""Reuse the previous build's rendered pages whose inputs did not change.

Each render job has a key (:mod:`docgen.write.jobkeys`: what the site shares plus the job's
own inputs; the snippets a page read are checked apart). After a build, an index
in the user's cache (``pages/`` in :func:`docgen.load.cache.cache_root`, one per output
folder) maps each key to the job's result; the HTML and Markdown bytes stay in the output
folder itself, identified by size, mtime and inode. A job whose key and files still match is
not rendered again.

The index is an optimisation only: a missing, stale or corrupt one means rendering the job.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docgen.exceptions import OutputError
from docgen.load import cache as cache_store
from docgen.nav.model import Site
from docgen.nav.urls import output_path, path_parts, playground_path, twin_path
from docgen.render.assets import COPIED_FILES, LINKED_PAGES
from docgen.render.sink import Placed
from docgen.write import buildcache
from docgen.write.jobkeys import FORMAT, JobKeys

if TYPE_CHECKING:
    from docgen.render.page import Job, Output
    from docgen.render.pagebody import Reads
    from docgen.render.sink import Sink


class PageCache:
    """Render results of the previous build of ``out``, looked up by job key
    (:class:`~docgen.write.jobkeys.JobKeys`)."""

    def __init__(self, site: Site, out: Path, config_text: str | None) -> None:
        self.site = site
        self.out = out.absolute()
        self._out = os.fspath(self.out)
        self.keys = JobKeys(site, self.out, config_text)
        self._previous, self._previous_shards = self._load()
        self._next: dict[str, dict[str, Any]] = {}
        # Stored results whose key :meth:`flush` has not put them under yet, in order.
        self._stored: list[tuple[Job, str | None, dict[str, Any]]] = []
        self._next_shards: dict[str, tuple[str, list[str], dict[str, int]]] = {}
        self.hits = 0

    def key(self, job: Job) -> str:
        return self.keys.key(job)

    def _reads_match(self, entry: dict[str, Any]) -> bool:
        return self.keys.reads_match(entry.get("reads", []), entry.get("tree"))

    # -- lookups --------------------------------------------------------------------------

    def has(self, job: Job) -> bool:
        """Whether :meth:`lookup` will most likely find ``job`` (snippets are small reads)."""
        if not self._previous:
            return False  # a first build: no key is worked out before the page renders
        entry = self._previous.get(self.key(job))
        if entry is None or not self._reads_match(entry):
            return False
        try:
            for stamp in (entry["html"], entry["markdown"], *entry.get("extra", ())):
                info = os.lstat(f"{self._out}/{_checked(str(stamp[0]))}")
                if [info.st_size, info.st_mtime_ns, info.st_ino] != stamp[1:]:
                    return False
        except (OSError, KeyError, TypeError, ValueError, IndexError, OutputError):
            return False
        return True

    def lookup(self, job: Job, sink: Sink | None = None) -> Output | None:
        """The previous result of ``job`` when its inputs and output files are unchanged;
        with a ``sink``, its files are hard-linked into the new site through it instead of
        read (``Output.placed``)."""
        from docgen.render.page import Output

        key = self.key(job)
        entry = self._previous.get(key)
        if entry is None or not self._reads_match(entry):
            return None
        try:
            url = str(entry["url"])
            files = [
                (entry["html"], _checked(output_path(url))),
                (entry["markdown"], _checked(twin_path(url))),
                *[(stamp, playground_path(url)) for stamp in entry.get("extra", [])[:1]],
            ]
            diagnostics = [buildcache.decode_diagnostic(d) for d in entry["diagnostics"]]
            if None in diagnostics:
                return None
            contents: list[bytes] = []
            placed: tuple[tuple[str, bool], ...] = ()
            if sink is None:
                contents = [self._read(stamp, expected) for stamp, expected in files]
            else:
                for stamp, expected in files:
                    self._unchanged(stamp, expected)  # every file, before any is put in place
                placed = tuple(
                    (path, sink.link(path) or sink.place(path, self._read(stamp, path)))
                    for stamp, path in files
                )
                contents = [b"", b"", b""]
            output = Output(
                url=url,
                html=contents[0],
                markdown=contents[1],
                anchors=tuple(str(a) for a in entry["anchors"]),
                search=str(entry["search"]),
                schemas=tuple(tuple(str(p) for p in s) for s in entry["schemas"]),  # type: ignore[misc]
                diagnostics=tuple(d for d in diagnostics if d is not None),
                title=str(entry["title"]),
                playground=contents[2] if len(contents) > 2 else b"",
                placed=placed,
                reads=_reads(entry.get("reads", [])),
                icons=tuple(str(i) for i in entry.get("icons", [])),
            )
        except (OSError, KeyError, TypeError, ValueError, IndexError, OutputError):
            return None
        self.hits += 1
        self.store(job, output, key)
        return output

    def _unchanged(self, stamp: Any, expected: str) -> None:
        """Raises ``ValueError`` unless the previous site's ``expected`` file is the one
        ``stamp`` describes (path, size, mtime, inode) and so holds what was written."""
        relative, size, mtime, inode = stamp
        if relative != expected:
            raise ValueError("not this page's file")
        info = os.lstat(f"{self._out}/{expected}")
        if info.st_size != size or info.st_mtime_ns != mtime or info.st_ino != inode:
            raise ValueError("changed")

    def _read(self, stamp: Any, expected: str) -> bytes:
        self._unchanged(stamp, expected)
        size = stamp[1]
        data: bytes = (self.out / expected).read_bytes()
        if len(data) != size:
            raise ValueError("changed")
        return data

    def store(self, job: Job, output: Output, key: str | None = None) -> None:
        """Remember ``output`` for the index written by :meth:`save`. Without its ``key``,
        the key is worked out by :meth:`flush` (a first build's keys hash every operation:
        work for the end of the build, while Pagefind writes the last search bundle)."""
        entry: dict[str, Any] = {
            "url": output.url,
            "html": output_path(output.url),
            "markdown": twin_path(output.url),
            "extra": [playground_path(output.url)] if _has_playground(output) else [],
            "anchors": list(output.anchors),
            "search": output.search,
            "schemas": [list(s) for s in output.schemas],
            "diagnostics": [buildcache.encode_diagnostic(d) for d in output.diagnostics],
            "title": output.title,
            "reads": None if output.reads is None else [list(pair) for pair in output.reads],
            "icons": list(output.icons),
        }
        if output.reads is None:
            entry["tree"] = self.keys.tree()
        self._stored.append((job, key, entry))

    def flush(self) -> None:
        """Put the results stored since the last call under their keys, working out those
        not given."""
        stored, self._stored = self._stored, []
        for job, key, entry in stored:
            self._next[key or self.key(job)] = entry

    def snippet_files(self) -> set[str]:
        """The docs-folder files (besides their own) the pages of this build read."""
        self.flush()
        reads = (str(pair[0]) for e in self._next.values() for pair in e.get("reads") or ())
        return {read for read in reads if not read.startswith((COPIED_FILES, LINKED_PAGES))}

    # -- search shards (docgen.render.searchshards) ----------------------------------------

    def shard_files(
        self, digest: str, sink: Sink | None = None, folder: str | None = None
    ) -> list[tuple[str, bytes | Placed]] | None:
        """The files of the previous build's search shard ``digest``, if all are intact. With
        a ``sink``, they are put in place through it in ``folder`` (the shard's folder in the
        new site): hard-linked unread when that is where they were, else read and written
        (:class:`Placed` stands for their bytes)."""
        entry = self._previous_shards.get(digest)
        if not isinstance(entry, dict):
            return None
        try:
            old = str(entry["folder"])
            stamps = [(stamp, str(stamp[0])) for stamp in entry["files"]]
            for stamp, relative in stamps:
                if not relative.startswith(old + "/"):
                    return None
                self._unchanged(stamp, _checked(relative))  # all, before any is placed
            files: list[tuple[str, bytes | Placed]] = []
            for stamp, relative in stamps:
                name = relative[len(old) + 1 :]
                if sink is None:
                    files.append((name, self._read(stamp, relative)))
                    continue
                target = f"{folder or old}/{name}"
                kept = (target == relative and sink.link(target)) or sink.place(
                    target, self._read(stamp, relative)
                )
                files.append((name, Placed(kept)))
        except (OSError, KeyError, TypeError, ValueError, IndexError, OutputError):
            return None
        return files

    def has_shards(self) -> bool:
        """Whether the previous build left search shards to reuse."""
        return bool(self._previous_shards)

    def store_shard(
        self, digest: str, folder: str, names: list[str], words: dict[str, int]
    ) -> None:
        """Remember the search shard ``digest``, written as ``names`` in ``folder``, and the
        words its documents hold."""
        self._next_shards[digest] = (folder, [f"{folder}/{name}" for name in names], words)

    def shard_words(self, digest: str) -> dict[str, int] | None:
        """The words stored with the previous build's shard ``digest`` (word -> count)."""
        entry = self._previous_shards.get(digest)
        words = entry.get("words") if isinstance(entry, dict) else None
        if not isinstance(words, dict) or not all(type(n) is int for n in words.values()):
            return None
        return words

    # -- the index ------------------------------------------------------------------------

    def _index_path(self) -> Path | None:
        return cache_store.entry_path("pages", str(self.out))

    def _load(self) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        path = self._index_path()
        if path is None:
            return {}, {}
        data = cache_store.read_json(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}, {}
        if data.get("out") != str(self.out) or not isinstance(data.get("entries"), dict):
            return {}, {}
        shards = data.get("shards")
        entries = {k: v for k, v in data["entries"].items() if isinstance(v, dict)}
        return entries, shards if isinstance(shards, dict) else {}

    def save(self, listing: Mapping[str, list[int]] | None = None) -> None:
        """Write the index for the output folder just written; failures are ignored.
        ``listing``: its files' [size, mtime_ns, inode] when already taken (else each file
        is looked at)."""
        path = self._index_path()
        if path is None:
            return
        self.flush()

        def stamp(relative: str) -> list[Any]:
            found = listing.get(relative) if listing is not None else None
            return [relative, *(found if found is not None else _stamp(self.out / relative))]

        entries = {}
        for key, entry in self._next.items():
            try:
                stamps = [stamp(r) for r in (entry["html"], entry["markdown"], *entry["extra"])]
            except OSError:
                continue
            entries[key] = {**entry, "html": stamps[0], "markdown": stamps[1], "extra": stamps[2:]}
        shards = {}
        for key, (folder, paths, words) in self._next_shards.items():
            try:
                files = [stamp(p) for p in paths]
            except OSError:
                continue
            shards[key] = {"folder": folder, "files": files, "words": words}
        data = {"format": FORMAT, "out": str(self.out), "entries": entries, "shards": shards}
        cache_store.write_json(path, data)


def _has_playground(output: Output) -> bool:
    """Whether the job wrote an ``auth``-mode playground file (its bytes, or a worker did)."""
    wanted = playground_path(output.url)
    return bool(output.playground) or any(path == wanted for path, _ in output.placed)


def _stamp(path: Path) -> list[int]:
    info = path.lstat()
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def _reads(stored: Any) -> Reads:
    if stored is None:
        return None
    return tuple((str(path), str(digest)) for path, digest in stored)


def _checked(relative: str) -> str:
    """``relative`` as a checked path inside the output folder (raises ``OutputError``)."""
    return "/".join(path_parts(relative))
