"""CloudFront standard logs as DuckDB relations: W3C (legacy and v2, tab-separated under
``#Fields`` lines), and standard logging (v2) JSON lines and Parquet. Every value is text; the
path and User-Agent are URL-encoded. The W3C extended log format of IIS and Azure App Service
is read by the same code: the same field names under ``#Fields`` lines, separated by spaces
(a space inside a value, as in the User-Agent, is written ``+``); so is AWS Amplify Hosting's
access log: CloudFront's fields separated by commas under a header line of their names."""

from __future__ import annotations

import re
from collections.abc import Sequence

from docgen.analytics.formats import AMPLIFY, W3C
from docgen.analytics.logfile import LogFile
from docgen.analytics.parse_base import Parsed, quote, reader


def cloudfront(log: LogFile) -> Parsed:
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
    stem = _decoded(_unescaped(log, column("cs-uri-stem")))
    relation = f"""
    SELECT f AS raw, {column("cs-method")} AS method, {stem} AS target,
           TRY_CAST({column("sc-status")} AS INTEGER) AS status, coalesce({ok}, false) AS ok,
           coalesce({_header(log)}, false) AS comment, NULL::INTEGER AS other
    FROM (SELECT line, string_split(line, {_separator(log)}) AS f FROM {source})"""
    ts = f"TRY_CAST({column('date', 'raw')} || ' ' || {column('time', 'raw')} AS TIMESTAMP)"
    # NULL (no User-Agent recorded) only where the #Fields have none
    ua = _agent(log, column("cs(User-Agent)", "raw"))
    return Parsed(relation, column("c-ip", "raw"), ts, ua)


def _separator(log: LogFile) -> str:
    """SQL: the character between two fields (IIS and Azure write spaces, Amplify commas,
    CloudFront tabs)."""
    return {W3C: "chr(32)", AMPLIFY: "','"}.get(log.format, "chr(9)")


def _header(log: LogFile) -> str:
    """SQL: the line is a header: a ``#`` directive, or Amplify's line of field names (again
    in a file of several downloads put together)."""
    if log.format == AMPLIFY:
        return "starts_with(line, '#') OR starts_with(line, 'date,time,')"
    return "starts_with(line, '#')"


def _unescaped(log: LogFile, value: str) -> str:
    """SQL: ``value`` without the backslashes Amplify escapes parentheses (and ``=``) with."""
    if log.format == AMPLIFY and value != "NULL":
        return f"replace({value}, '\\', '')"
    return value


def _agent(log: LogFile, value: str) -> str:
    """SQL: the User-Agent of ``value``; IIS writes each space of a value as ``+``."""
    if log.format == W3C and value != "NULL":
        return f"replace({value}, '+', ' ')"
    return _unescaped(log, value)


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
    FROM (SELECT string_split(line, {_separator(log)}) AS f FROM {reader(log)})"""
    parsed = _record(relation, all(_RECORD[6] in o for o in layouts))
    return Parsed(parsed.relation, parsed.ip, parsed.ts, _agent(log, parsed.ua))


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
           comment, NULL::INTEGER AS other
    FROM ({relation})"""
    ts = (
        "coalesce(TRY_CAST(raw[1] || ' ' || raw[2] AS TIMESTAMP), "
        "try(to_timestamp(TRY_CAST(raw[8] AS DOUBLE) / 1000))::TIMESTAMP, "
        "try(to_timestamp(TRY_CAST(raw[9] AS DOUBLE)))::TIMESTAMP, "
        "TRY_CAST(raw[9] AS TIMESTAMPTZ)::TIMESTAMP)"
    )
    return Parsed(relation, "raw[3]", ts, "raw[7]" if has_agent else "NULL")


def cloudfront_json(source: str) -> Parsed:
    """CloudFront standard logging (v2) as JSON: one object per line, the W3C field names as
    keys, every value text (URL-encoded as in the W3C format)."""
    paths = ", ".join(quote(f'$."{name}"') for name in _RECORD)
    relation = f"""
    SELECT try(json_extract_string(line, [{paths}])) AS f, false AS comment FROM {source}"""
    return _record(relation)


def _column_key(name: str) -> str:
    """``cs(User-Agent)``, ``cs_user_agent`` and ``CS-User-Agent`` are one column."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def cloudfront_parquet(log: LogFile, columns: Sequence[str]) -> Parsed:
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
    relation = f"SELECT {record} AS f, false AS comment FROM read_parquet({quote(str(log.path))})"
    return _record(relation, _column_key(_RECORD[6]) in by_key)


def _identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
