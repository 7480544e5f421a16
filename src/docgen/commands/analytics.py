"""``docgen analytics import|visitors|views``: the command side (printing, exit codes)."""

from __future__ import annotations

import importlib.util
import json
import os
import time
from pathlib import Path
from typing import Any

from docgen.commands.console import Console

REQUIRED = ("duckdb", "crawleruseragents")


def _missing() -> str | None:
    missing = [name for name in REQUIRED if importlib.util.find_spec(name) is None]
    if missing:
        return f"docgen analytics needs {', '.join(missing)}: pip install 'docgen[analytics]'"
    return None


class Bar:
    """A one-line progress bar on stderr, for terminals only, shown after the first second
    (``DOCGEN_PROGRESS=1``: always, at once)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.started = time.monotonic()
        self.shown = False
        forced = os.environ.get("DOCGEN_PROGRESS") == "1"
        self.enabled = console.err_is_terminal or forced
        self.delay = 0.0 if forced else 1.0

    def __call__(self, label: str, fraction: float) -> None:
        if not self.enabled or time.monotonic() - self.started < self.delay:
            return
        width = 30
        filled = int(width * max(0.0, min(1.0, fraction)))
        name = label if len(label) <= 50 else "..." + label[-47:]
        bar = f"[{'#' * filled}{'.' * (width - filled)}]"
        self.console.err(f"\r{name} {bar} {fraction:4.0%}", end="")
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.console.err("")
            self.shown = False


# Where a log records no User-Agent: which log that is, and what to do.
_NO_AGENT = {
    "combined": ("the common log format", "log in the combined format"),
    "cloudflare": (
        "the Logpush job has no ClientRequestUserAgent field",
        "add it to the job's field_names",
    ),
    **dict.fromkeys(
        ("vercel", "vercel-json"),
        ("its request entries have no proxy.userAgent", "check the drain's entries"),
    ),
    "netlify": ("its traffic records have no user_agent", "include it in the drain"),
    "w3c": ("its #Fields have no cs(User-Agent)", "add it to the site's logging fields"),
    "haproxy": (
        "HAProxy's HTTP log format has none",
        "capture it (capture request header User-Agent len 256) or give the frontend a "
        "log-format in the combined layout (see the README)",
    ),
    "heroku": (
        "Heroku's router log has none",
        "import an access log the app writes in the combined format instead (see the README)",
    ),
    "traefik": (
        "Traefik drops the headers of its JSON access log by default",
        "keep it (accessLog.fields.headers.names.User-Agent=keep)",
    ),
    **dict.fromkeys(
        ("cloudfront", "cloudfront-json", "cloudfront-parquet"),
        ("its fields have no cs(User-Agent)", "add it to the distribution's log fields"),
    ),
}


def _describe(summary: Any, folder: str = "", published: str = "") -> str:
    new = summary.lines - summary.earlier
    if summary.lines == 0:
        return f"{summary.name}: empty; nothing to import"
    if new <= 0:
        return f"{summary.name}: already imported ({summary.lines:,} lines); nothing added"
    head = f"{summary.name} ({summary.format}): {new:,} lines read"
    if summary.earlier:
        head += f" (the first {summary.earlier:,} were imported before)"
    counted = f"{summary.counted:,} page views counted ({summary.human:,} human, {summary.ai:,} AI)"
    skipped = ", ".join(f"{n:,} {reason}" for reason, n in summary.skipped.items())
    text = f"{head}; {counted}" + (f"; skipped: {skipped}" if skipped else "")
    if summary.skipped.get("no-user-agent"):
        which, fix = _NO_AGENT.get(summary.format, _NO_AGENT["combined"])
        text += (
            f"\n  this log records no User-Agent ({which}): its page views cannot "
            f"be told human, AI or bot; {fix}"
        )
    page_views = summary.counted + sum(summary.skipped.get(r, 0) for r in ("bot", "no-user-agent"))
    if not folder and not page_views and summary.skipped.get("not-a-page"):
        example = published or "/docs"  # the folder of the site's published url, if any
        text += (
            "\n  none of its requests named a page of the site (--site); if the site is served "
            f"under a folder of its host, give it with --base (e.g. --base {example})"
        )
    return text


def import_logs(
    console: Console,
    logs: tuple[Path, ...],
    fmt: str,
    site: Path,
    db: Path | None,
    as_json: bool,
    base: str = "",
) -> int:
    problem = _missing()
    if problem:
        console.err(f"docgen: {problem}")
        return 2
    import duckdb

    from docgen.analytics import store
    from docgen.analytics.ingest import import_logs as run
    from docgen.analytics.pages import base_folder, published_folder, site_pages
    from docgen.exceptions import LogError, SiteError, StoreError

    try:
        folder = base_folder(base)
    except ValueError as exc:
        console.err(f"docgen: {exc}")
        return 2

    missing = [str(p) for p in logs if not p.is_file()]
    if missing:
        console.err(f"docgen: no such log file: {', '.join(missing)}")
        return 2
    try:
        pages = site_pages(site)
    except SiteError as exc:
        console.err(f"docgen: {exc}")
        return 2
    path = db or store.default_path()
    done: list[dict[str, Any]] = []
    status = 0
    for log in logs:  # one file at a time: each is imported whole or not at all
        bar = Bar(console)
        try:
            [summary] = run([log], path, pages, fmt, bar, folder=folder)
        except LogError as exc:
            problem, status = f"{exc}; nothing was imported from it", 2
        except StoreError as exc:
            problem, status = str(exc), 1
        except duckdb.Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            problem, status = f"{log}: cannot import: {first}; nothing was imported from it", 1
        else:
            bar.close()
            done.append(_as_dict(summary))
            if not as_json:
                console.out(_describe(summary, folder, published_folder(site)))
            continue
        bar.close()
        console.err(f"docgen: {problem}")
        break
    if as_json:
        console.out(json.dumps(done, indent=2))
    elif done:
        console.out(f"store: {path}")
    return status


def _as_dict(summary: Any) -> dict[str, Any]:
    return {
        "file": summary.name,
        "format": summary.format,
        "lines": summary.lines,
        "alreadyImported": summary.earlier,
        "counted": summary.counted,
        "human": summary.human,
        "ai": summary.ai,
        "skipped": summary.skipped,
    }


def export(console: Console, kind: str, db: Path | None, params: dict[str, Any]) -> int:
    problem = _missing()
    if problem:
        console.err(f"docgen: {problem}")
        return 2
    from docgen.analytics import store
    from docgen.analytics.query import make_query, run
    from docgen.exceptions import QueryError, StoreError

    try:
        query = make_query(kind, {k: v for k, v in params.items() if v is not None})
    except QueryError as exc:
        console.err(f"docgen: {exc}")
        return 2
    path = db or store.default_path()
    if not path.is_file():
        console.err(
            f"docgen: no analytics store at {path}: run docgen analytics import first "
            "(or give --db)"
        )
        return 2
    try:
        with store.connect(path, read_only=True) as con:
            body = run(con, query)
    except StoreError as exc:
        console.err(f"docgen: {exc}")
        return 1
    console.out(json.dumps(body, indent=2))
    return 0
