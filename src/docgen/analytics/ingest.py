"""``docgen analytics import``: count the page views of access logs into the store.

DuckDB reads and splits each log in one streamed, parallel pass into a small staging table (one
row per skip reason, and per page view with its time, address and agent, with a count). Only the
distinct User-Agents and addresses of those views go through Python (classification, visitor
hashes); the views are then inserted in one transaction together with the file's content hash,
so an interrupted import leaves nothing behind and a re-import adds nothing.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from docgen.analytics import store
from docgen.analytics.agents import Classifier, Kind, default_classifier
from docgen.analytics.batches import unbatched
from docgen.analytics.formats import CLOUDFRONT_PARQUET, GCP_ARRAY, VERCEL, VERCEL_JSON, W3C
from docgen.analytics.logfile import (
    Earlier,
    LogFile,
    grew,
    inspect,
    layout_runs,
    needs_copy,
    working_copy,
)
from docgen.analytics.pages import variants
from docgen.analytics.parse_cloud import gcp_source
from docgen.analytics.parse_sql import REASONS, staging_sql
from docgen.exceptions import LogError

Progress = Callable[[str, float], None]
MEMORY_LIMIT = "2GB"


@dataclass(slots=True)
class Summary:
    """What one file added: lines read, page views counted, lines skipped by reason."""

    name: str
    format: str
    lines: int = 0
    earlier: int = 0  # lines an earlier import of the same content already counted
    human: int = 0
    ai: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def counted(self) -> int:
        return self.human + self.ai


def import_logs(
    paths: Sequence[Path],
    db: Path,
    pages: Iterable[str],
    fmt: str = "auto",
    progress: Progress | None = None,
    classifier: Classifier | None = None,
    folder: str = "",
) -> list[Summary]:
    """Import every log of ``paths`` (raises ``LogError`` / ``StoreError`` for unusable ones);
    ``folder``: the URL folder the site is served under (``/docs``), ``""`` for the root."""
    classify = classifier or default_classifier()
    mapping = variants(pages, folder)
    results = []
    with store.connect(db) as con:
        con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")  # past it, DuckDB spills to disk
        con.execute("SET enable_progress_bar = true")
        con.execute("SET enable_progress_bar_print = false")
        con.execute(
            "CREATE OR REPLACE TEMP TABLE pagemap AS "
            "SELECT unnest(?::VARCHAR[]) AS variant, unnest(?::VARCHAR[]) AS page",
            [list(mapping), list(mapping.values())],
        )
        for path in paths:
            results.append(_import_one(con, path, fmt, progress, classify, db.parent))
    return results


def _parquet(con: Any, path: Path) -> tuple[list[str], int]:
    """The column names and row count of a Parquet file (``LogError`` if DuckDB cannot read it)."""
    import duckdb

    try:
        source = f"read_parquet('{str(path).replace(chr(39), chr(39) * 2)}')"
        names = [str(r[0]) for r in con.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()]
        count = con.execute(f"SELECT count(*) FROM {source}").fetchone()
    except duckdb.Error as exc:
        reason = str(exc).splitlines()[0]
        raise LogError(f"{path}: not a readable Parquet file ({reason})") from None
    return names, int(count[0]) if count else 0


def _array(con: Any, log: LogFile) -> tuple[list[str], int]:
    """The entries of a JSON array file (``LogError`` if it is no whole JSON array)."""
    import duckdb

    try:
        count = con.execute(f"SELECT count(*) FROM {gcp_source(log)}").fetchone()
    except duckdb.Error as exc:
        reason = re.sub(r' in file "[^"]*"', "", str(exc).splitlines()[0])
        reason = reason.removeprefix("Invalid Input Error: ").rstrip(". ")
        raise LogError(f"{log.path}: not a readable JSON array ({reason})") from None
    return [], int(count[0]) if count else 0


def _earlier(con: Any) -> list[Earlier]:
    rows = con.execute("SELECT digest, bytes, lines FROM imports").fetchall()
    return [Earlier(str(d), int(b), int(n)) for d, b, n in rows]


def _import_one(
    con: Any,
    path: Path,
    fmt: str,
    progress: Progress | None,
    classify: Classifier,
    scratch: Path,
) -> Summary:
    name = str(path)
    log = inspect(
        path,
        fmt,
        _earlier(con),
        (lambda f: progress(f"{path.name}: hashing", f)) if progress else None,
    )
    columns: list[str] = []
    if log.format in (CLOUDFRONT_PARQUET, GCP_ARRAY):
        columns, rows = (
            _parquet(con, path) if log.format == CLOUDFRONT_PARQUET else _array(con, log)
        )
        log = dataclasses.replace(log, lines=rows, skip=rows if log.seen else 0)
    summary = Summary(name, log.format, lines=log.lines, earlier=log.skip)
    batched = log.format == VERCEL_JSON and log.lines > 0
    if batched:  # counted by entries: read from a copy with one entry a line
        read, summary.lines, summary.earlier = unbatched(log, scratch, VERCEL)
        if log.done:
            read.path.unlink(missing_ok=True)
            return summary
    if log.done or log.lines == 0:
        return summary
    # every #Fields block, not the first only
    if log.format in ("cloudfront", W3C) and log.blocks > 1:
        runs = layout_runs(log)
        layouts = tuple(dict.fromkeys(layout for _, layout in runs))
        log = dataclasses.replace(log, fields=layouts, runs=runs)
    if not batched:
        read = working_copy(log, scratch) if needs_copy(log) else log
    try:
        _run(con, staging_sql(read, columns), progress, f"{path.name}: counting")
        grown = grew(log)  # LogError if it shrank or was replaced
        if read is log and grown:  # lines appended since the hash: read the hashed ones
            read = working_copy(log, scratch)
            _run(con, staging_sql(read, columns), progress, f"{path.name}: counting")
    finally:
        if read is not log:
            read.path.unlink(missing_ok=True)
    counts = con.execute("SELECT reason, sum(n)::BIGINT FROM staged GROUP BY reason").fetchall()
    reasons = {int(r): int(n) for r, n in counts}
    seen = sum(int(v) for v in reasons.values())
    dropped = (read.lines - read.skip) - seen
    if dropped > 0:
        reasons[3] = reasons.get(3, 0) + dropped
    agents = [
        str(r[0]) for r in con.execute("SELECT DISTINCT ua FROM staged WHERE reason = 0").fetchall()
    ]
    kinds = [int(classify.kind(a)) for a in agents]
    con.execute(
        "CREATE OR REPLACE TEMP TABLE agentmap AS "
        "SELECT unnest(?::VARCHAR[]) AS ua, unnest(?::TINYINT[]) AS kind",
        [agents, kinds],
    )
    secret = store.salt(con)
    addresses = [
        str(r[0])
        for r in con.execute(
            "SELECT DISTINCT ip FROM staged JOIN agentmap USING (ua) WHERE reason = 0 AND kind < 2"
        ).fetchall()
    ]
    ids = [store.visitor_id(secret, a) for a in addresses]
    con.execute(
        "CREATE OR REPLACE TEMP TABLE ipmap AS "
        "SELECT unnest(?::VARCHAR[]) AS ip, unnest(?::BIGINT[]) AS visitor",
        [addresses, ids],
    )
    by_kind = dict(
        con.execute(
            "SELECT kind, sum(n)::BIGINT FROM staged JOIN agentmap USING (ua) "
            "WHERE reason = 0 GROUP BY kind"
        ).fetchall()
    )
    summary.human = int(by_kind.get(Kind.HUMAN, 0))
    summary.ai = int(by_kind.get(Kind.AI, 0))
    if by_kind.get(Kind.BOT):
        reasons[7] = int(by_kind[Kind.BOT])
    summary.skipped = {REASONS[r]: int(n) for r, n in sorted(reasons.items()) if r and n}
    con.execute("BEGIN TRANSACTION")
    try:
        store.add_pages(con, "(SELECT page AS url FROM staged WHERE reason = 0)")
        con.execute(
            "INSERT INTO views SELECT s.ts, p.id, m.visitor, k.kind = 1, sum(s.n)::INTEGER "
            "FROM staged s JOIN agentmap k USING (ua) JOIN ipmap m USING (ip) "
            "JOIN pages p ON p.url = s.page WHERE s.reason = 0 AND k.kind < 2 GROUP BY ALL"
        )
        con.execute(
            "INSERT INTO imports VALUES (?, ?, ?, ?, ?, ?, ?)",
            [log.digest, log.bytes, log.lines, name, log.format, summary.counted, _now()],
        )
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    finally:
        con.execute("DROP TABLE IF EXISTS staged")
    return summary


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _run(con: Any, sql: str, progress: Progress | None, label: str) -> None:
    """Execute ``sql``, reporting DuckDB's progress from a watcher while it runs."""
    if progress is None:
        con.execute(sql)
        return
    done = threading.Event()
    failure: list[BaseException] = []

    def work() -> None:
        try:
            con.execute(sql)
        except BaseException as exc:  # re-raised in the calling thread
            failure.append(exc)
        finally:
            done.set()

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    while not done.wait(0.2):
        value = con.query_progress()
        if value >= 0:
            progress(label, min(1.0, value / 100))
    worker.join()
    progress(label, 1.0)
    if failure:
        raise failure[0]


def record_views(
    con: Any, rows: Sequence[tuple[datetime, str, str, str]], classify: Classifier | None = None
) -> int:
    """Store page views served by ``docgen serve``: (UTC time, page URL, address, User-Agent).
    Bots are dropped; returns the number of views kept."""
    classify = classify or default_classifier()
    secret = store.salt(con)
    kept = [
        (ts, page, store.visitor_id(secret, ip), kind == Kind.AI)
        for ts, page, ip, ua in rows
        if (kind := classify.kind(ua)) != Kind.BOT
    ]
    if kept:
        con.execute(
            "CREATE OR REPLACE TEMP TABLE served AS SELECT unnest(?::TIMESTAMP[]) AS ts, "
            "unnest(?::VARCHAR[]) AS url, unnest(?::BIGINT[]) AS visitor, "
            "unnest(?::BOOLEAN[]) AS ai",
            [list(column) for column in zip(*kept, strict=True)],
        )
        con.execute("BEGIN TRANSACTION")
        try:
            store.add_pages(con, "served")
            con.execute(
                "INSERT INTO views SELECT s.ts, p.id, s.visitor, s.ai, 1 "
                "FROM served s JOIN pages p USING (url)"
            )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return len(kept)


__all__ = ["LogError", "LogFile", "Summary", "import_logs", "record_views"]
