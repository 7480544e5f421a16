"""The SQL that lets DuckDB read and split a log itself (in parallel, streamed, gzip included).

Each format becomes a relation of ``ip, ts_text, method, target, status, ua, ok, comment``;
:func:`staging_sql` turns it into one row per reason and, for page views, per (page, time,
address, agent) with a count. Timestamps are parsed only for page views.
"""

from __future__ import annotations

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


def _combined(source: str) -> str:
    # nginx escapes '"' inside fields as \x22, so splitting on '"' gives the request (2),
    # status and size (3), referer (4) and user agent (6).
    return f"""
    SELECT split_part(s[1], ' ', 1) AS ip,
           split_part(split_part(s[1], '[', 2), ']', 1) AS ts_text,
           split_part(s[2], ' ', 1) AS method,
           split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(trim(s[3]), ' ', 1) AS INTEGER) AS status,
           s[6] AS ua,
           coalesce(len(s) >= 7, false) AS ok,
           false AS comment
    FROM (SELECT string_split(line, '"') AS s FROM {source})"""


def _caddy(source: str) -> str:
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
    return f"""
    SELECT coalesce(j[1], j[2]) AS ip, j[7] AS ts_text, j[3] AS method, j[4] AS target,
           TRY_CAST(j[5] AS INTEGER) AS status, j[6] AS ua,
           coalesce(j[3] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok, false AS comment
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""


def _cloudfront(source: str, fields: tuple[str, ...]) -> str:
    def column(name: str) -> str:
        return f"f[{fields.index(name) + 1}]" if name in fields else "NULL"

    needed = ("date", "time", "c-ip", "cs-method", "cs-uri-stem", "sc-status", "cs(User-Agent)")
    ok = " AND ".join(f"{column(n)} IS NOT NULL" for n in needed)
    return f"""
    SELECT {column("c-ip")} AS ip, {column("date")} || ' ' || {column("time")} AS ts_text,
           {column("cs-method")} AS method, {column("cs-uri-stem")} AS target,
           TRY_CAST({column("sc-status")} AS INTEGER) AS status, {column("cs(User-Agent)")} AS ua,
           coalesce({ok}, false) AS ok, coalesce(starts_with(line, '#'), false) AS comment
    FROM (SELECT line, string_split(line, chr(9)) AS f FROM {source})"""


def _timestamp(fmt: str) -> str:
    if fmt == "combined":
        return "try_strptime(ts_text, '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP"
    if fmt == "caddy":
        return (
            "coalesce(to_timestamp(TRY_CAST(ts_text AS DOUBLE))::TIMESTAMP, "
            "TRY_CAST(ts_text AS TIMESTAMPTZ)::TIMESTAMP)"
        )
    return "TRY_CAST(ts_text AS TIMESTAMP)"


def parsed(log: LogFile) -> str:
    source = reader(log)
    if log.format == "combined":
        return _combined(source)
    if log.format == "caddy":
        return _caddy(source)
    return _cloudfront(source, log.fields)


def staging_sql(log: LogFile) -> str:
    """``CREATE TEMP TABLE staged`` with (reason, page, ts, ip, ua, n); page views have reason 0
    (or 1 when their time cannot be read). ``pagemap(variant, page)`` must exist."""
    path = (
        "split_part(CASE WHEN target LIKE 'http%://%' "
        "THEN regexp_replace(target, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*', '') "
        "ELSE target END, '?', 1)"
    )
    return f"""
    CREATE OR REPLACE TEMP TABLE staged AS
    WITH lines AS ({parsed(log)}),
    judged AS (
        SELECT l.*, m.page,
               CASE WHEN comment THEN 2
                    WHEN NOT ok OR status IS NULL OR coalesce(ip, '') = '' THEN 1
                    WHEN method <> 'GET' THEN 4
                    WHEN NOT (status BETWEEN 200 AND 299 OR status = 304) THEN 5
                    WHEN m.page IS NULL THEN 6
                    ELSE 0 END AS reason
        FROM lines l LEFT JOIN pagemap m ON m.variant = {path}
    ),
    views AS (
        SELECT CASE WHEN reason = 0 THEN {_timestamp(log.format)} END AS ts,
               reason, page, ip, ua
        FROM judged
    )
    SELECT CASE WHEN reason = 0 AND ts IS NULL THEN 1 ELSE reason END AS reason,
           CASE WHEN reason = 0 AND ts IS NOT NULL THEN page END AS page,
           CASE WHEN reason = 0 THEN ts END AS ts,
           CASE WHEN reason = 0 AND ts IS NOT NULL THEN ip END AS ip,
           CASE WHEN reason = 0 AND ts IS NOT NULL THEN coalesce(ua, '') END AS ua,
           count(*)::BIGINT AS n
    FROM views GROUP BY ALL"""
