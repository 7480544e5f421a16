"""The analytics side of ``docgen serve``: the API ``GET /v1/analytics/{projectId}/visitors|views``
behind admin keys, and the recording of the pages the server itself serves.

Off unless the operator configures it (environment only; nothing in the site can turn it on):

- ``DOCGEN_ANALYTICS_KEYS``: admin keys, comma separated, each ``docgen_`` + at least 16 of
  ``[A-Za-z0-9_-]``; or ``DOCGEN_ANALYTICS_KEYS_FILE``: a file outside the docs folder, one key
  per line (``#`` comments);
- ``DOCGEN_ANALYTICS_PROJECT``: the project id the API answers for (required with keys);
- ``DOCGEN_ANALYTICS_DB``: the store (default ``.docgen/analytics.duckdb``);
- ``DOCGEN_ANALYTICS_FORWARDED=1``: take the visitor's address from the last
  ``X-Forwarded-For`` entry (behind your own reverse proxy only).
"""

from __future__ import annotations

import asyncio
import atexit
import hmac
import logging
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from docgen.analytics import store
from docgen.analytics.agents import agent_head
from docgen.analytics.pages import MANIFEST, merged, page_urls, variants
from docgen.analytics.query import make_query, run
from docgen.exceptions import ConfigError, QueryError, SiteError, StoreError

log = logging.getLogger("docgen.serve")
KEY = re.compile(r"docgen_[A-Za-z0-9_-]{16,200}")
PROJECT = re.compile(r"[A-Za-z0-9._~-]{1,100}")
FLUSH_SECONDS = 2.0
MAX_BUFFER = 100_000
QUERY_LOCK_WAIT = 3.0
FINAL_LOCK_WAIT = 10.0  # the last flush, as the server stops, waits this long for an import


@dataclass(frozen=True, slots=True)
class ApiConfig:
    keys: tuple[bytes, ...]
    project: str
    db: Path
    forwarded: bool = False

    def __repr__(self) -> str:  # never show the keys
        return f"ApiConfig(project={self.project!r}, db={str(self.db)!r}, keys=<{len(self.keys)}>)"


def _read_keys(environ: Mapping[str, str], docs_root: Path | None) -> list[str]:
    keys = [k.strip() for k in environ.get("DOCGEN_ANALYTICS_KEYS", "").split(",") if k.strip()]
    name = environ.get("DOCGEN_ANALYTICS_KEYS_FILE", "").strip()
    if name:
        path = Path(name).resolve()
        if docs_root is not None and path.is_relative_to(docs_root.resolve()):
            raise ConfigError(
                "DOCGEN_ANALYTICS_KEYS_FILE is inside the docs folder; keep keys outside the site"
            )
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read DOCGEN_ANALYTICS_KEYS_FILE {path}: {exc}") from None
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                keys.append(line)
    return keys


def config_from_env(environ: Mapping[str, str], docs_root: Path | None) -> ApiConfig | None:
    """The analytics settings, or ``None`` when none are given (routes off, nothing recorded)."""
    keys = _read_keys(environ, docs_root)
    project = environ.get("DOCGEN_ANALYTICS_PROJECT", "").strip()
    if not keys and not project:
        return None
    if not keys:
        raise ConfigError(
            "DOCGEN_ANALYTICS_PROJECT is set but no admin key: set DOCGEN_ANALYTICS_KEYS or "
            "DOCGEN_ANALYTICS_KEYS_FILE"
        )
    bad = sum(1 for k in keys if not KEY.fullmatch(k))
    if bad:
        raise ConfigError(
            f"{bad} analytics key(s) are malformed: a key is 'docgen_' followed by at least 16 "
            "letters, digits, '_' or '-' (generate one with: "
            "python -c \"import secrets; print('docgen_' + secrets.token_urlsafe(24))\")"
        )
    if not PROJECT.fullmatch(project):
        raise ConfigError(
            "DOCGEN_ANALYTICS_PROJECT must be set to the project id (letters, digits, . _ ~ -)"
        )
    forwarded = environ.get("DOCGEN_ANALYTICS_FORWARDED", "").strip() in ("1", "true", "yes")
    db = store.default_path(dict(environ))
    return ApiConfig(tuple(k.encode() for k in keys), project, db, forwarded)


class Analytics:
    """The API handler and the recorder of served page views."""

    def __init__(self, config: ApiConfig) -> None:
        self.config = config
        self._buffer: list[tuple[datetime, str, str, str]] = []
        self._lock = threading.Lock()  # the buffer (held briefly: record() runs on the loop)
        self._store_lock = threading.Lock()  # one store connection at a time in this process
        self._manifest: bytes | None = None
        self._variants: dict[str, str] = {}
        self._task: asyncio.Task[None] | None = None
        self._dropped = False

    # --- the API --------------------------------------------------------------------------

    def authorised(self, header: str | None) -> bool:
        """Constant-time comparison against every configured key."""
        scheme, _, token = (header or "").partition(" ")
        given = token.strip().encode() if scheme.lower() == "bearer" else b""
        found = False
        for key in self.config.keys:
            found |= hmac.compare_digest(given, key)
        return found and bool(given)

    async def api(self, request: Any) -> Any:
        from starlette.responses import JSONResponse

        def error(status: int, message: str, **headers: str) -> Any:
            body = {"error": {"status": status, "message": message}}
            return JSONResponse(body, status, {"Cache-Control": "no-store", **headers})

        if request.method not in ("GET", "HEAD"):
            return error(405, "use GET", Allow="GET, HEAD")
        if not self.authorised(request.headers.get("authorization")):
            return error(
                401,
                "send an admin API key: Authorization: Bearer docgen_...",
                **{"WWW-Authenticate": 'Bearer realm="docgen analytics"'},
            )
        if request.path_params["project"] != self.config.project:
            return error(404, "no such project")
        kind = request.url.path.rstrip("/").rsplit("/", 1)[-1]
        try:
            query = make_query(kind, dict(request.query_params))
        except QueryError as exc:
            return error(400, str(exc))
        try:
            body = await asyncio.to_thread(self._query, query)
        except StoreError:
            return error(
                503,
                "the analytics store is busy (an import is running); retry",
                **{"Retry-After": "5"},
            )
        return JSONResponse(body, 200, {"Cache-Control": "no-store"})

    def _query(self, query: Any) -> dict[str, Any]:
        self.flush()
        with self._store_lock, store.connect(self.config.db, lock_wait=QUERY_LOCK_WAIT) as con:
            return run(con, query)

    # --- recording ------------------------------------------------------------------------

    def record(
        self,
        files: Mapping[str, bytes],
        method: str,
        path: str,
        status: int,
        client: str | None,
        headers: Any,
    ) -> None:
        """Note one served request if it is a page view (GET, 2xx/304, a page of the site)."""
        if method != "GET" or not (200 <= status < 300 or status == 304):
            return
        manifest = files.get(MANIFEST)
        if manifest is not self._manifest:
            self._manifest = manifest
            try:
                self._variants = variants(page_urls(manifest)) if manifest else {}
            except SiteError:
                self._variants = {}
        page = self._variants.get(merged(path))  # the import merges slashes too
        if page is None:
            return
        address = client or ""
        if self.config.forwarded:
            chain = [a.strip() for a in headers.get("x-forwarded-for", "").split(",")]
            address = next((a for a in reversed(chain) if a), address)
        now = datetime.now(UTC).replace(tzinfo=None)
        with self._lock:
            if len(self._buffer) >= MAX_BUFFER:
                if not self._dropped:
                    log.warning("analytics: the store is unavailable; dropping page views")
                self._dropped = True
                return
            agent = agent_head(headers.get("user-agent"))  # a client may send 30 KB
            self._buffer.append((now, page, address, agent))

    def flush(self, lock_wait: float = QUERY_LOCK_WAIT) -> None:
        """Write the buffered page views (kept for the next try while the store is locked)."""
        from docgen.analytics.ingest import record_views

        with self._store_lock:
            with self._lock:
                rows, self._buffer = self._buffer, []
            if not rows:
                return
            try:
                with store.connect(self.config.db, lock_wait=lock_wait) as con:
                    record_views(con, rows)
                self._dropped = False
            except StoreError:
                with self._lock:
                    self._buffer = (rows + self._buffer)[:MAX_BUFFER]
            except Exception as exc:  # never take the server down for analytics
                log.error("analytics: cannot record page views (%s)", type(exc).__name__)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            await asyncio.to_thread(self.flush)

    def final_flush(self) -> None:
        """Store what is buffered before the process ends: when the app stops, and at exit
        if it never did (a second Ctrl+C makes Uvicorn skip the app's shutdown); says how many
        page views are lost if the store stays locked."""
        self.flush(FINAL_LOCK_WAIT)
        with self._lock:
            left, self._buffer = len(self._buffer), []
        if left:
            log.error(
                "analytics: %d page views not stored: the store stayed locked (an import?)", left
            )

    async def start(self) -> None:
        self._task = asyncio.create_task(self._loop())
        atexit.register(self.final_flush)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        await asyncio.to_thread(self.final_flush)
        atexit.unregister(self.final_flush)


def analytics_from_env(environ: Mapping[str, str], docs_root: Path | None) -> Analytics | None:
    """The analytics of ``docgen serve`` as the operator configured them (``ConfigError``)."""
    config = config_from_env(environ, docs_root)
    return Analytics(config) if config is not None else None
