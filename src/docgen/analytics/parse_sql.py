"""The SQL that lets DuckDB read and split a log itself (in parallel, streamed, gzip included).

Each format becomes a relation (:class:`Parsed`); :func:`staging_sql` turns it into one row per
skip reason and, for page views, per (page, time, address, agent) with a count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from docgen.analytics.logfile import CLOUDFRONT_JSON, CLOUDFRONT_PARQUET, CR_STAND_IN, LogFile

# Skip reasons (stored codes): 0 is a page view candidate.
REASONS = {
    1: "malformed",
    2: "header",
    3: "unreadable",  # not UTF-8, or a line over DuckDB's 2 MB limit
    4: "method",
    5: "status",
    6: "not-a-page",
    7: "bot",
    8: "no-user-agent",  # a view in a log that records no User-Agent (the common log format)
    9: "other-log",  # a line of another logger (Caddy's runtime messages)
}


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def reader(log: LogFile) -> str:
    """``read_csv`` over the file as one text column per line (LF or CRLF ends a line)."""
    options = [
        "columns = {'line': 'VARCHAR'}",
        "delim = '\\x01'",
        "quote = ''",
        "escape = ''",
        "header = false",
        "auto_detect = false",
        "new_line = '\\r\\n'",
        "strict_mode = false",
        "ignore_errors = true",
        f"compression = {_quote('gzip' if log.gzip else 'none')}",
    ]
    if log.skip:
        options.append(f"skip = {int(log.skip)}")
    source = f"read_csv({_quote(str(log.path))}, {', '.join(options)})"
    if log.bare_cr:  # a copy with each bare CR set aside: put it back
        return f"(SELECT replace(line, {_quote(CR_STAND_IN)}, chr(13)) AS line FROM {source})"
    return source


@dataclass(frozen=True, slots=True)
class Parsed:
    """A format's relation (``raw, method, target, status, ok, comment, other`` per line) and
    the expressions over ``raw`` that are only evaluated for page views (address, time, agent:
    ``NULL`` when the log records no User-Agent at all)."""

    relation: str
    ip: str
    ts: str
    ua: str


# Apache writes '"' inside a field as \" and '\' as \\ (nginx writes \x22 and \x5C): both are
# set aside (chr(2), chr(1)) before the line is split on '"', and put back in the User-Agent.
_UNESCAPED = (
    "CASE WHEN contains(line, '\\') "
    "THEN replace(replace(line, '\\\\', chr(2)), '\\\"', chr(1)) ELSE line END"
)


# The common log format ends after the status and size.
_COMMON_TAIL = "regexp_full_match(s[3], ' [0-9]{3} ([0-9]+|-) *')"


def _combined(source: str) -> Parsed:
    # Split on '"': the address and time (1), the request (2), status and size (3), then, in the
    # combined format, the referer (4) and the User-Agent (6). The common format stops at (3).
    relation = f"""
    SELECT s AS raw, split_part(s[2], ' ', 1) AS method, split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(trim(s[3]), ' ', 1) AS INTEGER) AS status,
           CASE WHEN len(s) >= 7 THEN true WHEN len(s) = 3 THEN {_COMMON_TAIL} ELSE false END
               AS ok,
           false AS comment, false AS other
    FROM (SELECT string_split({_UNESCAPED}, '"') AS s FROM {source})"""
    # The time is the last [...] before the request (an IPv6 address may be bracketed too).
    stamp = "split_part(string_split(raw[1], '[')[-1], ']', 1)"
    # vhost_combined (and nginx formats that put $host first) starts with the virtual host: the
    # address is the next field, and the time's "[" starts the 5th field, not the 4th. A format
    # that logs X-Forwarded-For there ("client, proxy") has the client first.
    first = "split_part(raw[1], ' ', 1)"
    ip = (
        f"rtrim(CASE WHEN starts_with(split_part(raw[1], ' ', 5), '[') "
        f"AND NOT ends_with({first}, ',') THEN split_part(raw[1], ' ', 2) ELSE {first} END, ',')"
    )
    ua = "CASE WHEN len(raw) >= 7 THEN replace(replace(raw[6], chr(1), '\"'), chr(2), '\\') END"
    return Parsed(relation, ip, f"try_strptime({stamp}, '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP", ua)


def _caddy(source: str) -> Parsed:
    paths = [
        "$.request.client_ip",
        "$.request.remote_ip",
        "$.request.method",
        "$.request.uri",
        "$.status",
        '$.request.headers."User-Agent"[0]',
        "$.ts",
        "$.logger",
        "$.request.remote_addr",  # Caddy before 2.5: address and port in one field
    ]
    listed = ", ".join(_quote(p) for p in paths)
    relation = f"""
    SELECT j AS raw, j[3] AS method, j[4] AS target, TRY_CAST(j[5] AS INTEGER) AS status,
           coalesce(j[3] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok, false AS comment,
           coalesce(NOT starts_with(j[8], 'http.log.access'), false) AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    # ts: Unix seconds by default; time_format may make it milli-, micro- or nanoseconds, an
    # ISO 8601 / RFC 3339 string, a wall-clock time (taken as UTC) or the common log's.
    number = "TRY_CAST(raw[7] AS DOUBLE)"
    seconds = (
        f"CASE WHEN {number} >= 1e17 THEN {number} / 1e9 WHEN {number} >= 1e14 "
        f"THEN {number} / 1e6 WHEN {number} >= 1e11 THEN {number} / 1e3 ELSE {number} END"
    )
    ts = (
        f"coalesce(try(to_timestamp({seconds}))::TIMESTAMP, "
        "TRY_CAST(raw[7] AS TIMESTAMPTZ)::TIMESTAMP, "
        "try_strptime(raw[7], '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP)"
    )
    ip = "coalesce(nullif(raw[1], ''), nullif(raw[2], ''), raw[9])"
    return Parsed(relation, ip, ts, "coalesce(raw[6], '')")


def _cloudfront(log: LogFile) -> Parsed:
    layouts = log.fields
    first, *others = layouts or ((),)
    if log.numbered:  # the same number of fields in another order
        return _cloudfront_blocks(log)
    source = reader(log)
    # Blocks under another #Fields line are told apart by their number of fields.
    by_count = {len(o): o for o in reversed(others) if len(o) != len(first)}

    def column(name: str, raw: str = "f") -> str:
        default = f"{raw}[{first.index(name) + 1}]" if name in first else "NULL"
        cases = [
            f"WHEN {n} THEN {raw}[{o.index(name) + 1}]" if name in o else f"WHEN {n} THEN NULL"
            for n, o in by_count.items()
        ]
        return f"CASE len({raw}) {' '.join(cases)} ELSE {default} END" if cases else default

    needed = ("date", "time", "c-ip", "cs-method", "cs-uri-stem", "sc-status")
    ok = " AND ".join(f"{column(n)} IS NOT NULL" for n in needed)
    relation = f"""
    SELECT f AS raw, {column("cs-method")} AS method, {_decoded(column("cs-uri-stem"))} AS target,
           TRY_CAST({column("sc-status")} AS INTEGER) AS status, coalesce({ok}, false) AS ok,
           coalesce(starts_with(line, '#'), false) AS comment, false AS other
    FROM (SELECT line, string_split(line, chr(9)) AS f FROM {source})"""
    ts = f"TRY_CAST({column('date', 'raw')} || ' ' || {column('time', 'raw')} AS TIMESTAMP)"
    # NULL (no User-Agent recorded) only where the #Fields have none
    return Parsed(relation, column("c-ip", "raw"), ts, column("cs(User-Agent)", "raw"))


def _decoded(stem: str) -> str:
    """CloudFront URL-encodes the fields it logs, on top of the request's own encoding."""
    return (
        f"CASE WHEN contains({stem}, '%') THEN coalesce(try(url_decode({stem})), {stem}) "
        f"ELSE {stem} END"
    )


def _cloudfront_blocks(log: LogFile) -> Parsed:
    """A W3C log whose blocks have layouts of the same length in different orders, read from
    the working copy where each line starts with its block's layout number and a tab
    (:func:`~docgen.analytics.logfile.working_copy`)."""
    layouts = [layout for _, layout in log.runs]

    def column(name: str) -> str:
        cases = " ".join(
            f"WHEN '{n}' THEN f[{o.index(name) + 2}]" for n, o in enumerate(layouts) if name in o
        )
        return f"CASE f[1] {cases} END" if cases else "NULL"

    record = f"[{', '.join(column(name) for name in _RECORD)}]"
    relation = f"""
    SELECT {record} AS f, coalesce(starts_with(f[2], '#'), false) AS comment
    FROM (SELECT string_split(line, chr(9)) AS f FROM {reader(log)})"""
    return _record(relation, all(_RECORD[6] in o for o in layouts))


# The fields a CloudFront record is counted from, by their W3C names (the JSON keys too).
_RECORD = (
    "date", "time", "c-ip", "cs-method", "cs-uri-stem", "sc-status", "cs(User-Agent)",
    "timestamp(ms)", "timestamp",
)  # fmt: skip


def _record(relation: str, has_agent: bool = True) -> Parsed:
    """A relation of ``f`` (the :data:`_RECORD` fields as text, NULL where absent) and
    ``comment`` made a :class:`Parsed`. The time is ``date`` and ``time`` (UTC), else
    ``timestamp(ms)``, else ``timestamp`` (Unix seconds)."""
    needed = " AND ".join(f"f[{i}] IS NOT NULL" for i in (3, 4, 5, 6))  # address ... status
    timed = "((f[1] IS NOT NULL AND f[2] IS NOT NULL) OR f[8] IS NOT NULL OR f[9] IS NOT NULL)"
    relation = f"""
    SELECT f AS raw, f[4] AS method, {_decoded("f[5]")} AS target,
           TRY_CAST(f[6] AS INTEGER) AS status, coalesce({needed} AND {timed}, false) AS ok,
           comment, false AS other
    FROM ({relation})"""
    ts = (
        "coalesce(TRY_CAST(raw[1] || ' ' || raw[2] AS TIMESTAMP), "
        "try(to_timestamp(TRY_CAST(raw[8] AS DOUBLE) / 1000))::TIMESTAMP, "
        "try(to_timestamp(TRY_CAST(raw[9] AS DOUBLE)))::TIMESTAMP, "
        "TRY_CAST(raw[9] AS TIMESTAMPTZ)::TIMESTAMP)"
    )
    return Parsed(relation, "raw[3]", ts, "raw[7]" if has_agent else "NULL")


def _cloudfront_json(source: str) -> Parsed:
    """CloudFront standard logging (v2) as JSON: one object per line, the W3C field names as
    keys, every value text (URL-encoded as in the W3C format)."""
    paths = ", ".join(_quote(f'$."{name}"') for name in _RECORD)
    relation = f"""
    SELECT try(json_extract_string(line, [{paths}])) AS f, false AS comment FROM {source}"""
    return _record(relation)


def _column_key(name: str) -> str:
    """``cs(User-Agent)``, ``cs_user_agent`` and ``CS-User-Agent`` are one column."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _cloudfront_parquet(log: LogFile, columns: Sequence[str]) -> Parsed:
    """CloudFront standard logging (v2) as Parquet, read by DuckDB's ``read_parquet``; the
    columns are the field names with ``_`` (``c_ip``, ``cs_user_agent``), matched whatever
    their case and punctuation, and read as text whatever their type."""
    by_key = {_column_key(c): c for c in reversed(columns)}

    def value(name: str) -> str:
        column = by_key.get(_column_key(name))
        if column is None:
            return "NULL::VARCHAR"
        return f"nullif(CAST({_identifier(column)} AS VARCHAR), '')"

    record = f"[{', '.join(value(name) for name in _RECORD)}]"
    relation = f"SELECT {record} AS f, false AS comment FROM read_parquet({_quote(str(log.path))})"
    return _record(relation, _column_key(_RECORD[6]) in by_key)


def _identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def parsed(log: LogFile, columns: Sequence[str] = ()) -> Parsed:
    """The relation of ``log``; ``columns`` are a Parquet file's column names."""
    if log.format == CLOUDFRONT_PARQUET:
        return _cloudfront_parquet(log, columns)
    if log.format == "cloudfront":
        return _cloudfront(log)
    source = reader(log)
    if log.format == "combined":
        return _combined(source)
    if log.format == CLOUDFRONT_JSON:
        return _cloudfront_json(source)
    return _caddy(source)


# The request path a target names: no scheme and host (absolute-form requests), no query, no
# repeated slashes (servers merge them; pages.merged for docgen serve), percent-encoding decoded
# (invalid UTF-8 left encoded). Most targets need none of that but the query cut.
_ABSOLUTE = "regexp_replace(target, '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*', '')"
_MERGED = f"'/' || ltrim(regexp_replace(split_part({_ABSOLUTE}, '?', 1), '/{{2,}}', '/', 'g'), '/')"
_PATH = (
    "CASE WHEN starts_with(target, '/') AND NOT contains(target, '//') "
    "AND NOT contains(target, '%') THEN split_part(target, '?', 1) "
    f"ELSE coalesce(try(url_decode({_MERGED})), {_MERGED}) END"
)


def staging_sql(log: LogFile, columns: Sequence[str] = ()) -> str:
    """``CREATE TEMP TABLE staged`` with (reason, page, ts, ip, ua, n); page views have reason 0
    (or 1 when their time or address cannot be read). ``pagemap(variant, page)`` must exist.
    Paths are looked up, and times, addresses and agents extracted, only where needed."""
    form = parsed(log, columns)
    wanted = "ok AND method = 'GET' AND (status BETWEEN 200 AND 299 OR status = 304)"
    return f"""
    CREATE OR REPLACE TEMP TABLE staged AS
    WITH lines AS ({form.relation}),
    judged AS (
        SELECT l.raw, m.page,
               CASE WHEN comment THEN 2
                    WHEN other THEN 9
                    WHEN NOT ok OR status IS NULL THEN 1
                    WHEN method <> 'GET'  -- no method at all: TLS bytes, "", "-"
                         THEN CASE WHEN regexp_full_match(method, '[A-Z]+') THEN 4 ELSE 1 END
                    WHEN NOT (status BETWEEN 200 AND 299 OR status = 304) THEN 5
                    WHEN m.page IS NULL THEN 6
                    ELSE 0 END AS reason
        FROM lines l LEFT JOIN pagemap m ON m.variant = (CASE WHEN {wanted} THEN {_PATH} END)
    ),
    views AS (
        SELECT reason, page, raw,
               CASE WHEN reason = 0 THEN {form.ts} END AS ts,
               CASE WHEN reason = 0 THEN {form.ip} END AS ip,
               CASE WHEN reason = 0 THEN {form.ua} END AS ua
        FROM judged
    ),
    kept AS (
        SELECT *, reason = 0 AND ts IS NOT NULL AND coalesce(ip, '-') NOT IN ('', '-') AS good
        FROM views
    )
    SELECT CASE WHEN reason = 0 AND NOT good THEN 1
                WHEN reason = 0 AND ua IS NULL THEN 8 ELSE reason END AS reason,
           CASE WHEN good AND ua IS NOT NULL THEN page END AS page,
           CASE WHEN good AND ua IS NOT NULL THEN ts END AS ts,
           CASE WHEN good AND ua IS NOT NULL THEN ip END AS ip,
           CASE WHEN good AND ua IS NOT NULL THEN ua END AS ua,
           count(*)::BIGINT AS n
    FROM kept GROUP BY 1, 2, 3, 4, 5"""
