"""The export: unique visitors or page views, site-wide and per page, for a date range, in the
response shape of the showcase's analytics API (``GET /v1/analytics/{projectId}/visitors``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from docgen.exceptions import QueryError

KINDS = ("visitors", "views")
DEFAULT_LIMIT = 50
MAX_LIMIT = 250
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Query:
    """Validated parameters: ``[start, end)`` in UTC (``None`` = unbounded), one page of rows."""

    kind: str
    start: datetime | None = None
    end: datetime | None = None
    limit: int = DEFAULT_LIMIT
    offset: int = 0


def parse_date(name: str, value: str) -> datetime:
    """``YYYY-MM-DD`` (midnight UTC) or ISO 8601 (UTC when it has no offset) -> naive UTC."""
    text = value.strip()
    try:
        if _DAY.fullmatch(text):
            moment = datetime.strptime(text, "%Y-%m-%d")
        else:
            if not re.match(r"\d{4}-\d{2}-\d{2}[T ]\d", text):
                raise ValueError
            moment = datetime.fromisoformat(text)
    except ValueError:
        raise QueryError(
            f"{name}: {value!r} is not a date; use YYYY-MM-DD or ISO 8601 "
            "(2024-05-01, 2024-05-01T12:00:00Z, 2024-05-01T14:00:00+02:00)"
        ) from None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:  # 0001-01-01T00:00+01:00 is before year 1 in UTC
            raise QueryError(
                f"{name}: {value!r} is outside the years 1 to 9999 once converted to UTC"
            ) from None
    return moment


def _integer(name: str, value: str | int, low: int, high: int | None) -> int:
    text = str(value).strip()
    if not re.fullmatch(r"[+-]?\d{1,12}", text):
        raise QueryError(f"{name}: {value!r} is not an integer")
    number = int(text)
    if number < low or (high is not None and number > high):
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise QueryError(f"{name}: {number} is out of range; use {bounds}")
    return number


def make_query(kind: str, params: Mapping[str, Any]) -> Query:
    """Validate ``dateFrom``, ``dateTo``, ``limit``, ``offset`` (absent or ``None``: default)."""
    if kind not in KINDS:
        raise QueryError(f"unknown report {kind!r}; use visitors or views")
    raw_from, raw_to = params.get("dateFrom"), params.get("dateTo")
    start = parse_date("dateFrom", str(raw_from)) if raw_from is not None else None
    end = parse_date("dateTo", str(raw_to)) if raw_to is not None else None
    if start is not None and end is not None and start > end:
        raise QueryError(
            f"dateFrom ({raw_from}) is after dateTo ({raw_to}); dateTo is the exclusive end"
        )
    raw_limit, raw_offset = params.get("limit"), params.get("offset")
    limit = _integer("limit", raw_limit, 1, MAX_LIMIT) if raw_limit is not None else DEFAULT_LIMIT
    offset = _integer("offset", raw_offset, 0, None) if raw_offset is not None else 0
    return Query(kind, start, end, limit, offset)


def run(con: Any, query: Query) -> dict[str, Any]:
    """The response body: ``{"totals", "visitors" | "views", "hasMore"}``.

    One thread: these aggregations are small enough that a second thread costs more CPU than it
    saves (measured on 2 cores), and it leaves the other core to the pages ``docgen serve`` serves.
    """
    con.execute("SET threads = 1")
    where, args = [], []
    if query.start is not None:
        where.append("ts >= ?")
        args.append(query.start)
    if query.end is not None:
        where.append("ts < ?")
        args.append(query.end)
    condition = f"WHERE {' AND '.join(where)}" if where else ""
    if query.kind == "views":
        ctes = f"""
        per_page AS MATERIALIZED (
            SELECT page, sum(n) FILTER (WHERE NOT ai) AS human, sum(n) FILTER (WHERE ai) AS ai,
                   sum(n) AS total
            FROM views {condition} GROUP BY page),
        site AS (SELECT sum(human) AS human, sum(ai) AS ai, sum(total) AS total FROM per_page)"""
    else:
        # One row per (page, visitor) first, then plain counts (several times faster than
        # count(DISTINCT ...) with filters); the site-wide figures reuse those rows.
        ctes = f"""
        pairs AS MATERIALIZED (
            SELECT page, visitor, bool_or(NOT ai) AS human, bool_or(ai) AS ai
            FROM views {condition} GROUP BY page, visitor),
        per_page AS (
            SELECT page, count(*) FILTER (WHERE human) AS human,
                   count(*) FILTER (WHERE ai) AS ai, count(*) AS total
            FROM pairs GROUP BY page),
        site AS (
            SELECT count(*) FILTER (WHERE human) AS human, count(*) FILTER (WHERE ai) AS ai,
                   count(*) AS total
            FROM (SELECT visitor, bool_or(human) AS human, bool_or(ai) AS ai
                  FROM pairs GROUP BY visitor))"""
    rows = con.execute(
        f"""WITH {ctes},
        shown AS (
            SELECT p.url, c.human, c.ai, c.total FROM per_page c JOIN pages p ON p.id = c.page
            ORDER BY c.total DESC, p.url LIMIT ? OFFSET ?)
        SELECT 0 AS part, NULL::VARCHAR AS url, human, ai, total FROM site
        UNION ALL SELECT 1, url, human, ai, total FROM shown
        ORDER BY part, total DESC, url""",
        [*args, query.limit + 1, query.offset],
    ).fetchall()
    totals, pages = rows[0], rows[1:]
    entries = [
        {"path": url, "human": int(h or 0), "ai": int(a or 0), "total": int(t or 0)}
        for _, url, h, a, t in pages[: query.limit]
    ]
    human, ai, total = (int(v or 0) for v in totals[2:])
    return {
        "totals": {"human": human, "ai": ai, "total": total},
        query.kind: entries,
        "hasMore": len(pages) > query.limit,
    }
