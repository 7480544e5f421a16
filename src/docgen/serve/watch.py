"""Watch mode: rebuild when a docs file changes, tell browsers over Server-Sent Events."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from pathlib import Path

import anyio.to_thread
from watchfiles import Change, DefaultFilter, awatch

from docgen.nav.ignore import IGNORE_FILE
from docgen.serve.snapshot import BuildOutcome, Snapshot

log = logging.getLogger("docgen.serve")

SCRIPT_PATH = "/_docgen/livereload.js"
EVENTS_PATH = "/_docgen/livereload"
SCRIPT_TAG = f'<script src="{SCRIPT_PATH}" defer></script>'
IGNORED_DIRS = ("_site", "node_modules")
HEARTBEAT = 15.0


def livereload_script() -> bytes:
    return resources.files("docgen.serve").joinpath("livereload.js").read_bytes()


def inject_script(html: bytes) -> bytes:
    """``html`` with the live-reload script tag just before the last ``</body>``."""
    index = html.lower().rfind(b"</body>")
    tag = SCRIPT_TAG.encode()
    return html + tag if index < 0 else html[:index] + tag + html[index:]


def _event(name: str, data: str) -> str:
    # Every line break an event stream knows (CR, LF, CR LF) starts a "data:" line of its own:
    # a bare CR in the text would otherwise start a field ("event: reload") of its own.
    lines = "".join(f"data: {line}\n" for line in re.split(r"\r\n|\r|\n", data))
    return f"event: {name}\n{lines}\n"


class LiveReload:
    """Fans build events out to every connected browser."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str | None]] = set()
        self._token = secrets.token_hex(4)
        self.generation = 0
        self.error: str | None = None
        self.closed = False

    @property
    def build_id(self) -> str:
        return f"{self._token}-{self.generation}"

    def _publish(self, message: str | None) -> None:
        for queue in self._queues:
            queue.put_nowait(message)

    def reload(self) -> None:
        self.generation += 1
        self.error = None
        self._publish(_event("reload", self.build_id))

    def failed(self, text: str) -> None:
        self.error = text
        self._publish(_event("error", text))

    def close(self) -> None:
        """End every event stream (server shutdown)."""
        self.closed = True
        self._publish(None)

    async def stream(self) -> AsyncIterator[str]:
        """The event stream of one browser: ``hello``, then ``reload``/``error`` events."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._queues.add(queue)
        try:
            yield "retry: 1000\n" + _event("hello", self.build_id)
            if self.error is not None:
                yield _event("error", self.error)
            while not self.closed:
                try:
                    message = await asyncio.wait_for(queue.get(), HEARTBEAT)
                except TimeoutError:
                    yield ": ping\n\n"
                    continue
                if message is None:
                    return
                yield message
        finally:
            self._queues.discard(queue)


class DocsFilter:
    """Changes under the docs root, minus hidden folders/files (but ``.mintignore``), output and
    dependency folders."""

    def __init__(self, root: Path, ignore: tuple[Path, ...] = ()) -> None:
        self.root = root
        self.ignore = ignore
        self.skip_dirs = frozenset((*DefaultFilter.ignore_dirs, *IGNORED_DIRS))
        self.skip_names = tuple(re.compile(p) for p in DefaultFilter.ignore_entity_patterns)

    def __call__(self, change: Change, path: str) -> bool:
        changed = Path(path)
        try:
            parts = changed.relative_to(self.root).parts
        except ValueError:
            return False
        if parts == (IGNORE_FILE,):  # what the site leaves out changed
            return True
        if not parts or any(p.startswith(".") or p in self.skip_dirs for p in parts):
            return False
        if any(r.search(parts[-1]) for r in self.skip_names):
            return False
        return not any(changed.is_relative_to(folder) for folder in self.ignore)


async def watch(
    root: Path,
    rebuild: Callable[[], BuildOutcome],
    swap: Callable[[Snapshot], None],
    hub: LiveReload,
    stop: asyncio.Event,
    ignore: tuple[Path, ...] = (),
    report: Callable[[str], None] = log.info,
) -> None:
    """Rebuild (in a worker thread) after each batch of changes until ``stop`` is set.

    A good build is swapped in and browsers reload; a failed one keeps the previous site, is
    reported, and browsers show the diagnostics.
    """
    async for changes in awatch(
        root, watch_filter=DocsFilter(root, ignore), stop_event=stop, debounce=300, step=50
    ):
        names = sorted({_shown(root, path) for _, path in changes})
        report(f"Changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}; rebuilding")
        started = time.perf_counter()
        try:
            outcome = await anyio.to_thread.run_sync(rebuild)
        except Exception as exc:  # a bug in docgen must not stop the server
            outcome = BuildOutcome(None, (f"docgen: internal error: {type(exc).__name__}: {exc}",))
        if outcome.snapshot is None:
            report(outcome.text + "\ndocgen: still serving the previous build")
            hub.failed(outcome.text)
            continue
        swap(outcome.snapshot)
        if outcome.lines:
            report(outcome.text)
        took = time.perf_counter() - started
        unchanged = f" ({outcome.reused} reused unchanged)" if outcome.reused else ""
        report(f"Rebuilt {outcome.pages} pages in {took:.2f} s{unchanged}")
        hub.reload()


def _shown(root: Path, path: str) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return path
