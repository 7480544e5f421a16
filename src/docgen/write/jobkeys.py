"""What a render job's result depends on, as a key: reused results are found by it.

A render job (a site page, or a shared schema's page) gets the hash of everything the site
shares (docgen's code and templates, config, navigation and every page's title and URL, each
spec without its ``paths``) plus what is the job's own (an operation's path item, a Markdown
page's text). The snippet files a page read are not in its key: they are recorded with their
content hashes when it renders and checked before its result is reused
(:meth:`JobKeys.reads_match`), so editing one snippet renders the pages that include it, and
no other. Used by the page cache of ``docgen build`` (:mod:`docgen.write.pagecache`) and by
the rebuilds of ``docgen serve`` (:mod:`docgen.serve.reuse`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docgen.nav.model import Site
from docgen.nav.staticfiles import is_static_name
from docgen.render.assets import COPIED_FILES, LINKED_PAGES, copied_files_digest
from docgen.render.linkstate import link_state
from docgen.write import buildcache

if TYPE_CHECKING:
    from docgen.render.page import Job

FORMAT = "docgen-pages-5"


def dump(value: Any) -> bytes:
    """``value`` as JSON bytes (anything JSON has no type for by its ``repr``)."""
    return json.dumps(value, ensure_ascii=False, default=repr).encode("utf-8", "surrogatepass")


class JobKeys:
    """The keys of one site's render jobs; ``out`` (the output folder, skipped when the docs
    folder is hashed) and ``config_text`` (``None`` for a lone spec) as for the build."""

    def __init__(self, site: Site, out: Path, config_text: str | None) -> None:
        self.site = site
        self.out = out
        self.config_text = config_text
        self._shared: str | None = None
        self._tree: str | None = None
        self._keys: dict[Job, str] = {}
        self._digests: dict[str, str | None] = {}
        self._copied: frozenset[str] | None = None

    def shared(self) -> str:
        """The hash of what every page may show."""
        if self._shared is None:
            site = self.site
            digest = hashlib.sha256(f"{FORMAT}\0{buildcache.code_fingerprint()}\0".encode())
            digest.update(repr(site.config).encode("utf-8", "surrogatepass"))
            digest.update(repr(site.navigation).encode("utf-8", "surrogatepass"))
            for page in site.pages:
                digest.update(buildcache.page_record(page))
            known = site.static_names()
            shown = [item.path in known for item in site.config.look.files()]
            digest.update(repr((shown, site.styles is not None)).encode())  # links custom.css
            for name, spec in sorted(site.specs.items()):
                digest.update(f"\0{name}\0".encode("utf-8", "surrogatepass"))
                data = spec.data
                digest.update(dump({k: v for k, v in data.items() if k != "paths"}))
                paths = data.get("paths")
                digest.update(dump(list(paths) if isinstance(paths, dict) else paths))
                for doc_name, document in sorted(spec.documents.items()):
                    if document is not spec.document:
                        digest.update(f"\0{doc_name}\0".encode("utf-8", "surrogatepass"))
                        digest.update(document.text.encode("utf-8", "surrogatepass"))
            self._shared = digest.hexdigest()
        return self._shared

    def tree(self) -> str:
        """The hash of every file of the docs folder a Markdown page may include: static files
        (images, ...) are copied, never read into a page, so editing or adding one renders no
        page again (which of the config's logo/favicon/font files exist is in :meth:`shared`)."""
        if self._tree is None:
            digest = hashlib.sha256()
            if self.config_text is not None:
                root, out = Path(self.site.root).resolve(), self.out.resolve()
                buildcache.hash_tree(root, digest, out, leave=is_static_name)
                digest.update(copied_files_digest(self.site).encode())  # names only
            self._tree = digest.hexdigest()
        return self._tree

    def key(self, job: Job) -> str:
        if job not in self._keys:
            self._keys[job] = self._key(job)
        return self._keys[job]

    def _key(self, job: Job) -> str:
        digest = hashlib.sha256(self.shared().encode())
        if isinstance(job, int):
            page = self.site.pages[job]
            digest.update(f"page\0{job}\0".encode())
            digest.update(buildcache.page_record(page))
            if page.operation is not None:
                digest.update(dump(page.operation.path_item))
            if page.source is not None:
                # Its own text; the snippets it read are checked before reuse (reads_match).
                digest.update(hashlib.sha256(page.body.encode("utf-8", "surrogatepass")).digest())
        else:
            digest.update(dump(["schema", *job]))
        return digest.hexdigest()

    def reads_match(self, reads: Iterable[Any] | None, tree: object) -> bool:
        """Whether the docs-folder files a job read when it rendered are unchanged: each
        snippet in ``reads`` (path, content hash), or, for a page that looked for a missing
        one (``reads`` is ``None``), the whole folder (``tree``, its :meth:`tree` then). Each
        local file a page shows is among its reads too, as copied or missing then
        (:func:`docgen.render.assets.looked_up`)."""
        if reads is None:
            return bool(tree == self.tree())
        try:
            return all(self._digest(str(path)) == digest for path, digest in reads)
        except (TypeError, ValueError):
            return False

    def _digest(self, read: str) -> str | None:
        if read.startswith(COPIED_FILES):  # a local file a page shows (render.assets.looked_up)
            if self._copied is None:
                self._copied = self.site.static_names()
            return "copied" if read.removeprefix(COPIED_FILES) in self._copied else "missing"
        if read.startswith(LINKED_PAGES):  # a page it links to (its warning depends on it)
            path = read.removeprefix(LINKED_PAGES)
            return link_state(self.site.page_urls(), self.site.config.redirects, path)
        return self._file_digest(read)

    def _file_digest(self, relative: str) -> str | None:
        if relative not in self._digests:
            root = Path(self.site.root).resolve()
            path = (root / relative).resolve()
            found = None
            if path.is_relative_to(root):
                with contextlib.suppress(OSError):
                    found = hashlib.sha256(path.read_bytes()).hexdigest()
            self._digests[relative] = found
        return self._digests[relative]
