"""The SQL that lets DuckDB read and split a log itself (in parallel, streamed, gzip included).

Each format becomes a relation (:class:`Parsed`); :func:`staging_sql` turns it into one row per
skip reason and, for page views, per (page, time, address, agent) with a count.
"""

from __future__ import annotations

from dataclasses import dataclass

from docgen.analytics.logfile import LogFile

# Skip reasons (stored codes): 0 is a page view candidate.
REASONS = {
    1: "malformed",
    2: "header",
    3: "unreadable",  # not UTF-8, or a line over DuckDB's 2 MB limit
    4: "method",
    5: "status",
    6: "not-a-page",
    7: "bot",
}


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def reader(log: LogFile) -> str:
    """``read_csv`` over the file as one text column per line."""
    options = [
        "columns = {'line': 'VARCHAR'}",
        "delim = '\\x01'",
        "quote = ''",
        "escape = ''",
        "header = false",
        "auto_detect = false",
        "new_line = '\\n'",
        "strict_mode = false",
        "ignore_errors = true",
        f"compression = {_quote('gzip' if log.gzip else 'none')}",
    ]
    if log.skip:
        options.append(f"skip = {int(log.skip)}")
    return f"read_csv({_quote(str(log.path))}, {', '.join(options)})"


@dataclass(frozen=True, slots=True)
class Parsed:
    """A format's relation (``raw, method, target, status, ok, comment`` per line) and the
    expressions over ``raw`` that are only evaluated for page views (address, time, agent)."""

    relation: str
    ip: str
    ts: str
    ua: str


def _combined(source: str) -> Parsed:
    # nginx escapes '"' inside fields as \x22, so splitting on '"' gives the address and time
    # (1), the request (2), status and size (3), referer (4) and user agent (6).
    relation = f"""
    SELECT s AS raw, split_part(s[2], ' ', 1) AS method, split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(trim(s[3]), ' ', 1) AS INTEGER) AS status,
           coalesce(len(s) >= 7, false) AS ok, false AS comment
    FROM (SELECT string_split(line, '"') AS s FROM {source})"""
    stamp = "split_part(split_part(raw[1], '[', 2), ']', 1)"
    return Parsed(
        relation,
        "split_part(raw[1], ' ', 1)",
        f"try_strptime({stamp}, '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP",
        "raw[6]",
    )


def _caddy(source: str) -> Parsed:
    paths = [
        "$.request.client_ip",
        "$.request.remote_ip",
        "$.request.method",
        "$.request.uri",
        "$.status",
        '$.request.headers."User-Agent"[0]',
        "$.ts",
    ]
    listed = ", ".join(_quote(p) for p in paths)
    relation = f"""
    SELECT j AS raw, j[3] AS method, j[4] AS target, TRY_CAST(j[5] AS INTEGER) AS status,
           coalesce(j[3] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok, false AS comment
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    ts = (
        "coalesce(to_timestamp(TRY_CAST(raw[7] AS DOUBLE))::TIMESTAMP, "
        "TRY_CAST(raw[7] AS TIMESTAMPTZ)::TIMESTAMP)"
    )
    return Parsed(relation, "coalesce(raw[1], raw[2])", ts, "raw[6]")


def _cloudfront(source: str, fields: tuple[str, ...]) -> Parsed:
    def column(name: str, raw: str = "f") -> str:
        return f"{raw}[{fields.index(name) + 1}]" if name in fields else "NULL"

    needed = ("date", "time", "c-ip", "cs-method", "cs-uri-stem", "sc-status", "cs(User-Agent)")
    ok = " AND ".join(f"{column(n)} IS NOT NULL" for n in needed)
    relation = f"""
    SELECT f AS raw, {column("cs-method")} AS method, {column("cs-uri-stem")} AS target,
           TRY_CAST({column("sc-status")} AS INTEGER) AS status, coalesce({ok}, false) AS ok,
           coalesce(starts_with(line, '#'), false) AS comment
    FROM (SELECT line, string_split(line, chr(9)) AS f FROM {source})"""
    ts = f"TRY_CAST({column('date', 'raw')} || ' ' || {column('time', 'raw')} AS TIMESTAMP)"
    return Parsed(relation, column("c-ip", "raw"), ts, column("cs(User-Agent)", "raw"))


def parsed(log: LogFile) -> Parsed:
    source = reader(log)
    if log.format == "combined":
        return _combined(source)
    if log.format == "caddy":
        return _caddy(source)
    return _cloudfront(source, log.fields)


def staging_sql(log: LogFile) -> str:
    """``CREATE TEMP TABLE staged`` with (reason, page, ts, ip, ua, n); page views have reason 0
    (or 1 when their time or address cannot be read). ``pagemap(variant, page)`` must exist.
    Paths are looked up, and times, addresses and agents extracted, only where needed."""
    form = parsed(log)
    path = (
        "split_part(CASE WHEN target LIKE 'http%://%' "
        "THEN regexp_replace(target, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*', '') "
        "ELSE target END, '?', 1)"
    )
    wanted = "ok AND method = 'GET' AND (status BETWEEN 200 AND 299 OR status = 304)"
    return f"""
    CREATE OR REPLACE TEMP TABLE staged AS
    WITH lines AS ({form.relation}),
    judged AS (
        SELECT l.raw, m.page,
               CASE WHEN comment THEN 2
                    WHEN NOT ok OR status IS NULL THEN 1
                    WHEN method <> 'GET' THEN 4
                    WHEN NOT (status BETWEEN 200 AND 299 OR status = 304) THEN 5
                    WHEN m.page IS NULL THEN 6
                    ELSE 0 END AS reason
        FROM lines l LEFT JOIN pagemap m ON m.variant = (CASE WHEN {wanted} THEN {path} END)
    ),
    views AS (
        SELECT reason, page, raw,
               CASE WHEN reason = 0 THEN {form.ts} END AS ts,
               CASE WHEN reason = 0 THEN {form.ip} END AS ip
        FROM judged
    ),
    kept AS (
        SELECT *, reason = 0 AND ts IS NOT NULL AND coalesce(ip, '') <> '' AS good FROM views
    )
    SELECT CASE WHEN reason = 0 AND NOT good THEN 1 ELSE reason END AS reason,
           CASE WHEN good THEN page END AS page,
           CASE WHEN good THEN ts END AS ts,
           CASE WHEN good THEN ip END AS ip,
           CASE WHEN good THEN coalesce({form.ua}, '') END AS ua,
           count(*)::BIGINT AS n
    FROM kept GROUP BY 1, 2, 3, 4, 5"""
