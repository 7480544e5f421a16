"""The site's full-text search index, built with Pagefind (the ``pagefind[bin]`` package).

Pagefind reads one compact search document per visible page (:mod:`docgen.render.searchdoc`)
and writes a chunked index under ``_docgen/pagefind/``, which the search dialog queries with
Pagefind's JavaScript API; its default UI files are not shipped. ``_docgen/search-words.json``
lists the indexed words (most frequent first) for the dialog's typo correction, which Pagefind
does not do.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from docgen.exceptions import SearchIndexError

FOLDER = "_docgen/pagefind"
WORDS = "_docgen/search-words.json"
# Pagefind's default UIs (we use our own dialog) and its playground are left out.
_UNSHIPPED = re.compile(r"^pagefind-(ui|modular-ui|component-ui|highlight)\.|^playground/")
_WORD = re.compile(r"[^\W\d_][\w-]{3,39}")
_TAG = re.compile(r"<[^>]*>")


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


def _index(entries: Sequence[SearchEntry], folder: Path) -> Path:
    """Write the search documents under ``folder`` and run the Pagefind binary on them once;
    the index folder. (One CLI run: Pagefind's Python API answers file by file over a pipe,
    ten times slower on a 1,260-page site.)"""
    from pagefind.service import get_executable

    site = folder / "site"
    for entry in entries:
        relative = entry.url.strip("/")
        target = site / relative / "index.html" if relative else site / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_page_html(entry), encoding="utf-8")
    site.mkdir(parents=True, exist_ok=True)
    executable = get_executable()
    if executable is None:
        raise SearchIndexError("the Pagefind binary is missing (pip install 'pagefind[bin]')")
    out = folder / "pagefind"
    command = [str(executable), "--site", str(site), "--output-path", str(out)]
    command += ["--force-language", "en", "--silent"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no message"]
        raise SearchIndexError(f"Pagefind failed ({done.returncode}): {detail[0]}")
    return out


def words(entries: Sequence[SearchEntry]) -> list[str]:
    """The distinct lower-case words of the documents, most frequent first."""
    counts: Counter[str] = Counter()
    for entry in entries:
        counts.update(w.lower() for w in _WORD.findall(_TAG.sub(" ", entry.document)))
    return [word for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def index_files(
    entries: Sequence[SearchEntry], scratch: Path | None = None
) -> Iterator[tuple[str, bytes]]:
    """The index files (path relative to the site, bytes), in a stable order. Pagefind works
    in a temporary folder inside ``scratch`` (``docgen build``: beside the output folder, where
    the site is staged; else the system's temporary folder), removed afterwards."""
    if scratch is not None:
        scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".docgen-search-", dir=scratch) as tmp:
        try:
            out = _index(entries, Path(tmp))
        except (OSError, subprocess.SubprocessError) as error:
            raise SearchIndexError(f"the search index could not be built: {error}") from error
        files = sorted(p for p in out.rglob("*") if p.is_file())
        for path in files:
            relative = path.relative_to(out).as_posix()
            if not _UNSHIPPED.search(relative):
                yield f"{FOLDER}/{relative}", path.read_bytes()
    text = json.dumps(words(entries), ensure_ascii=False, separators=(",", ":"))
    yield WORDS, text.encode()
