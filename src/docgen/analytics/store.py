"""The analytics store: one DuckDB file holding page views, never raw addresses.

DuckDB because the questions are analytical: count-distinct visitors and sums of views over a
date range, grouped by page, over millions of rows. A columnar engine answers those in
milliseconds from one embedded file (no server to run), and it reads and splits plain or gzipped
log files itself, in parallel, which is what makes the import fast.

Tables: ``views`` (one row per page, second, visitor and traffic kind, with a count; pages by
a small id from ``pages``, which makes the per-page count-distinct about twice as fast),
``imports`` (a content hash of every imported log, for idempotency) and ``meta`` (the salt of the
visitor hashes). A DuckDB file has one writer at a time: connections are short and retried while
another process holds the lock.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from docgen.exceptions import StoreError

DEFAULT_DB = Path(".docgen") / "analytics.duckdb"
DB_ENV = "DOCGEN_ANALYTICS_DB"
LOCK_WAIT = 10.0
_V4_MAPPED = b"\0" * 10 + b"\xff\xff"  # seconds to wait for another process's write lock

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE IF NOT EXISTS imports (
    digest VARCHAR NOT NULL, bytes BIGINT NOT NULL, lines BIGINT NOT NULL,
    name VARCHAR NOT NULL, format VARCHAR NOT NULL, counted BIGINT NOT NULL,
    imported_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS pages (id INTEGER PRIMARY KEY, url VARCHAR NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS views (
    ts TIMESTAMP NOT NULL, page INTEGER NOT NULL, visitor BIGINT NOT NULL,
    ai BOOLEAN NOT NULL, n INTEGER NOT NULL
);
"""


def add_pages(con: Any, urls: str) -> None:
    """Give an id to every page URL of the relation ``urls`` (column ``url``) not yet known."""
    con.execute(
        "INSERT INTO pages SELECT coalesce((SELECT max(id) FROM pages), 0) "
        f"+ row_number() OVER (ORDER BY url), url FROM (SELECT DISTINCT url FROM {urls}) "
        "WHERE url IS NOT NULL AND url NOT IN (SELECT url FROM pages)"
    )


def default_path(environ: dict[str, str] | os._Environ[str] | None = None) -> Path:
    """``$DOCGEN_ANALYTICS_DB``, else ``.docgen/analytics.duckdb`` in the current folder."""
    env = os.environ if environ is None else environ
    value = env.get(DB_ENV, "").strip()
    return Path(value) if value else DEFAULT_DB


@contextmanager
def connect(path: Path, *, read_only: bool = False, lock_wait: float = LOCK_WAIT) -> Iterator[Any]:
    """A DuckDB connection to ``path`` (created with its schema on first write), UTC session."""
    import duckdb

    if read_only and not path.exists():
        con = duckdb.connect(":memory:")
        con.execute(SCHEMA)
    else:
        if not read_only:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create {path.parent}: {exc.strerror}") from None
        con = _open(duckdb, path, read_only, lock_wait)
    try:
        con.execute("SET TimeZone = 'UTC'")
        con.execute("SET preserve_insertion_order = false")
        if not read_only:
            con.execute(SCHEMA)
        yield con
    finally:
        con.close()


def _open(duckdb: Any, path: Path, read_only: bool, lock_wait: float) -> Any:
    deadline = time.monotonic() + lock_wait
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except duckdb.IOException as exc:
            if "lock" not in str(exc).lower() or time.monotonic() > deadline:
                raise StoreError(f"cannot open the analytics store {path}: {_first(exc)}") from None
            time.sleep(0.1)
        except duckdb.Error as exc:
            raise StoreError(f"cannot open the analytics store {path}: {_first(exc)}") from None


def _first(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def salt(con: Any) -> bytes:
    """The store's secret salt for visitor hashes (made on first use, never leaves the file)."""
    row = con.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()
    if row is None:
        value = secrets.token_hex(32)
        con.execute("INSERT INTO meta VALUES ('salt', ?) ON CONFLICT DO NOTHING", [value])
        row = con.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()
    return bytes.fromhex(str(row[0]))


def visitor_key(address: str) -> str:
    """The client address a visitor is: IPv4 as is, IPv6 grouped by its /64 network. A port
    (``10.0.0.1:5555``, ``[2001:db8::1]:443``, as older Caddy versions log it) is dropped."""
    text = address.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    if ":" not in text:
        return text
    try:
        packed = socket.inet_pton(socket.AF_INET6, text.split("%", 1)[0])
    except OSError:
        return text
    if packed[:12] == _V4_MAPPED:
        return socket.inet_ntop(socket.AF_INET, packed[12:])
    return packed[:8].hex() + "/64"


def visitor_id(secret: bytes, address: str) -> int:
    """A salted 64-bit hash of the visitor's address group (a signed BIGINT)."""
    digest = hashlib.blake2b(visitor_key(address).encode(), key=secret, digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)
