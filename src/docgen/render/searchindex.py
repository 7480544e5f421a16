"""One Pagefind index bundle, built by the Pagefind binary (the ``pagefind[bin]`` package)
running as a service beside the build (its ``--service`` mode: base64 JSON messages over
stdin/stdout, answered in the order they came).

Documents are sent as they come, so Pagefind parses them while docgen goes on; docgen reads the
answers only at the end (Pagefind queues them), so no thread is needed and worker processes can
still be forked. The bundle's files come back in Pagefind's last answer (its ``WriteFiles`` may
answer before the files are on disk), so nothing goes through a temporary folder.
:mod:`docgen.render.searchshards` splits a site's documents into bundles.
"""

from __future__ import annotations

import base64
import json
import os
import re
import select
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from pathlib import PurePosixPath
from typing import Any

from docgen.exceptions import SearchIndexError

FOLDER = "_docgen/pagefind"
# Pagefind's default UIs (we use our own dialog) and its playground are left out.
_UNSHIPPED = re.compile(r"^pagefind-(ui|modular-ui|component-ui|highlight)\.|^playground/")
_TIMEOUT = 600  # seconds Pagefind may take to write the index once every page is in
# Chinese, Japanese and Korean letters (Han, kana, Hangul). Their words have no spaces between
# them, so Pagefind (which indexes one language's words here) would index a whole run as one
# word, found only by its start: each letter is indexed as a word of its own instead, and the
# dialog searches a CJK query as the exact phrase of its letters (docgen.js).
_CJK = (
    "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
)
HAS_CJK = re.compile(f"[{_CJK}]")
CJK_RUN = re.compile(f"[{_CJK}]+")
# Where a separator goes: between a CJK letter and anything but white space on either side
# (Pagefind's words end at white space only: "设置。础石" would be one word).
_CJK_CUT = re.compile(f"(?<=[{_CJK}])(?=\\S)|(?<=[^\\s{_CJK}\u2063])(?=[{_CJK}])")
_CJK_EDGES = re.compile(f"\\A(?=\u2063?[{_CJK}])|(?<=[{_CJK}])\\Z")
# U+200A HAIR SPACE: white space to Pagefind's word splitting, and nothing a page writes between
# letters, so the dialog removes every one from what it shows.
SEPARATOR = "\u200a"
# U+2063 INVISIBLE SEPARATOR, glued to the start of a word that the page sets apart (white space
# or a block's edge) from a CJK letter beside it: Pagefind gives every gap back as one space, so
# the dialog takes out the spaces beside CJK letters except those before this mark ("在 AWS"
# stays as written, "使用Docker" gets no space, a heading does not run into its paragraph).
# Pagefind indexes the word without it (it keeps letters and digits only).
GAP = "\u2063"
_TAGS = re.compile(r"(<[^>]*>)")
# Elements whose edges set text apart as white space does (Pagefind puts a space there too).
_BLOCK = re.compile(
    r"</?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure"
    r"|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th"
    r"|thead|tr|ul)\b",
    re.IGNORECASE,
)
_SPACES = re.compile(r"(\s+)")


@dataclass(frozen=True, slots=True)
class SearchEntry:
    """One visible page: its site URL (``/guides/x``), search document and result metadata."""

    url: str
    document: str
    crumbs: str = ""
    method: str | None = None
    path: str | None = None
    weight: float | None = None  # ``boost``: Pagefind's weight for the page's words (0-10)
    # The ``language`` filter values on a site in several languages (the dialog searches the
    # reader's language only); () on a site in one language.
    languages: tuple[str, ...] = ()
    operation_id: str | None = None  # an endpoint's operationId (the dialog finds it exactly)
    # The ``version`` filter values on a site with versions (the dialog searches the reader's
    # version only: NavViews.version_filters); () on a site without.
    versions: tuple[str, ...] = ()
    headings: bool = True  # its h2/h3 headings go in search-titles.json (not a schema's fields)


def page_html(entry: SearchEntry) -> str:
    """The HTML Pagefind indexes for ``entry``: the document plus its result metadata."""
    meta = [("section", entry.crumbs), ("method", entry.method or ""), ("path", entry.path or "")]
    spans = "".join(
        f'<span data-pagefind-meta="{key}" data-pagefind-ignore>{escape(value)}</span>'
        for key, value in meta
        if value
    )
    spans += "".join(
        f'<span data-pagefind-filter="language" data-pagefind-ignore>{escape(code)}</span>'
        for code in entry.languages
    )
    spans += "".join(
        f'<span data-pagefind-filter="version" data-pagefind-ignore>{escape(label)}</span>'
        for label in entry.versions
    )
    document = entry.document
    if HAS_CJK.search(document):
        document = cjk_letters(document)
    if entry.weight is not None:
        weight = min(max(entry.weight, 0.0), 10.0)
        document = f'<div data-pagefind-weight="{weight:g}">{document}</div>'
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head>'
        f"<body><main data-pagefind-body>{spans}{document}</main></body></html>"
    )


def cjk_letters(document: str) -> str:
    """``document`` with :data:`SEPARATOR` between CJK letters and at the edges of their runs,
    and :data:`GAP` before a word the page sets apart from a CJK letter, in its text only (not
    in tags: heading ids stay the page's anchors)."""
    parts = _TAGS.split(document)
    gap = False  # white space or a block's edge since the last word
    last = ""  # the last character of that word
    for number, part in enumerate(parts):
        if number % 2:
            gap = gap or bool(_BLOCK.match(part))
            continue
        if not HAS_CJK.search(part) and not HAS_CJK.search(last):
            if part.strip():
                gap, last = part[-1].isspace(), part.rstrip()[-1]
            else:
                gap = gap or bool(part)
            continue
        pieces = _SPACES.split(part)
        for at, piece in enumerate(pieces):
            if at % 2:
                gap = True
            elif piece:
                if gap and last and (HAS_CJK.match(last) or HAS_CJK.match(piece)):
                    pieces[at] = GAP + piece
                gap, last = False, piece[-1]
        text = "".join(pieces)
        if HAS_CJK.search(text):
            # Also at its ends where a CJK letter is: Pagefind joins the text on both sides of
            # an inline tag ("功能<strong>面板</strong>中"); none beside punctuation, which the
            # dialog would show: a space inside full-width brackets around inline code.
            text = _CJK_EDGES.sub(SEPARATOR, _CJK_CUT.sub(SEPARATOR, text))
        parts[number] = text
    return "".join(parts)


def page_url(url: str) -> str:
    """The URL Pagefind shows for a page: a folder URL (``/guides/x/``), as its CLI derives
    it from ``guides/x/index.html``."""
    return url if url.endswith("/") else url + "/"


class SearchIndex:
    """A Pagefind service fed one document at a time; :meth:`files` hands back the bundle.
    Use as a context manager (the process is stopped on the way out)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._sent = 0
        self._requested: int | None = None

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[bytes]:
        from pagefind.service import get_executable

        executable = get_executable()
        if executable is None:
            raise SearchIndexError("the Pagefind binary is missing (pip install 'pagefind[bin]')")
        try:
            process = subprocess.Popen(
                [str(executable), "--service"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,  # read after it exits (a few lines at most)
            )
        except OSError as error:
            raise SearchIndexError(f"the search index could not be built: {error}") from error
        self._process = process
        self._send({"type": "NewIndex", "config": {"force_language": "en"}})
        return process

    def _send(self, payload: dict[str, Any]) -> int:
        process = self._process
        assert process is not None and process.stdin is not None
        self._sent += 1
        message = json.dumps({"message_id": self._sent, "payload": payload}).encode()
        try:
            process.stdin.write(base64.b64encode(message) + b",")
        except OSError as error:
            raise self._failure(f"Pagefind stopped ({error})") from error
        return self._sent

    def add(self, url: str, html: str) -> None:
        """Send one page (its :func:`page_url` and :func:`page_html`); Pagefind starts with
        the first one."""
        if self._process is None:
            self._start()
        self._send({"type": "AddFile", "index_id": 0, "url": url, "file_contents": html})

    def request_files(self) -> int:
        """Ask Pagefind for the bundle (it starts writing it while docgen goes on); the
        message's number. :meth:`files` asks itself when this was not called."""
        if self._requested is None:
            if self._process is None:
                self._start()
            self._requested = self._send({"type": "GetFiles", "index_id": 0})
            assert self._process is not None and self._process.stdin is not None
            try:
                self._process.stdin.flush()
            except OSError as error:
                raise self._failure(f"Pagefind stopped ({error})") from error
        return self._requested

    def files(self) -> Iterator[tuple[str, bytes]]:
        """The bundle's files (path inside the bundle, bytes), in a stable order, without
        Pagefind's own UIs."""
        answer = self._finish(self.request_files())
        try:
            files = answer["files"]
            order = sorted(range(len(files)), key=lambda n: str(files[n]["path"]))
            for number in order:
                relative = PurePosixPath(str(files[number]["path"])).as_posix()
                content = base64.b64decode(files[number]["content"])
                files[number] = None  # each file's text goes once its bytes are handed over
                if relative.startswith(("/", "../")) or "/../" in relative:
                    raise ValueError(f"unexpected path {relative!r}")
                if not _UNSHIPPED.search(relative):
                    yield relative, content
        except (KeyError, TypeError, ValueError) as error:
            raise self._failure(f"unreadable answer from Pagefind ({error})") from error

    def _finish(self, last: int) -> dict[str, Any]:
        """Read Pagefind's answers up to message ``last`` and return that one's payload; any
        error is a SearchIndexError."""
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        try:
            process.stdin.flush()  # not closed: Pagefind exits at once at the end of its input
        except OSError as error:
            raise self._failure(f"Pagefind stopped ({error})") from error
        for raw in _answers(process.stdout.fileno(), time.monotonic() + _TIMEOUT):
            try:
                answer = json.loads(base64.b64decode(raw))
                payload: dict[str, Any] = answer["payload"]
            except (ValueError, KeyError, TypeError) as error:
                raise self._failure(f"unreadable answer from Pagefind ({error})") from error
            if payload.get("type") == "Error":
                raise self._failure(f"Pagefind failed: {payload.get('message', 'no message')}")
            if answer.get("message_id") == last:
                return payload
        raise self._failure("Pagefind stopped or timed out before writing the index")

    def _failure(self, message: str) -> SearchIndexError:
        detail = ""
        if self._process is not None and self._process.poll() is not None:
            detail = f" (exit {self._process.returncode}"
            if self._process.stderr is not None:
                text = self._process.stderr.read(1 << 16).decode(errors="replace")
                lines = text.strip().splitlines()
                detail += f": {lines[-1]}" if lines else ""
            detail += ")"
        return SearchIndexError(f"the search index could not be built: {message}{detail}")

    def close(self) -> None:
        """Stop Pagefind (if it still runs) and drop its pipes."""
        process, self._process = self._process, None
        if process is not None:
            for pipe in (process.stdin, process.stdout, process.stderr):
                try:
                    if pipe is not None:
                        pipe.close()
                except OSError:
                    pass
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _answers(fd: int, deadline: float) -> Iterator[bytes]:
    """Pagefind's comma-terminated answers read from ``fd`` as they arrive, until it closes
    its output or ``deadline`` (``time.monotonic()``) passes."""
    pending = bytearray()
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([fd], [], [], left)[0]:
            return
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return
        start = len(pending)
        pending += chunk
        while (end := pending.find(b",", start)) >= 0:
            yield bytes(pending[:end])
            del pending[: end + 1]
            start = 0
