"""What every log format's SQL is built from: the reader DuckDB splits a file with, the relation
a format becomes (:class:`Parsed`), and the time expressions several formats share."""

from __future__ import annotations

from dataclasses import dataclass

from docgen.analytics.logfile import CR_STAND_IN, LogFile
from docgen.analytics.wrappers import unwrapped_sql

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
    10: "internal",  # a request the CDN made itself (Cloudflare: Worker subrequests, purges...)
}
OTHER_LOG = 9
INTERNAL = 10


def quote(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def reader(log: LogFile) -> str:
    """``read_csv`` over the file as one text column per line (LF, or CRLF in a file whose
    every line ends so, ends a line)."""
    options = [
        "columns = {'line': 'VARCHAR'}",
        "delim = '\\x01'",
        "quote = ''",
        "escape = ''",
        "header = false",
        "auto_detect = false",
        # Split at the file's one kind of line end (a file with both is read from a copy):
        # DuckDB 2.0's parallel reader, told that lines end in CRLF, dropped the line starting
        # at byte 8,000,001 of a file whose lines end in LF.
        "new_line = '\\r\\n'" if log.all_crlf else "new_line = '\\n'",
        "strict_mode = false",
        "ignore_errors = true",
        f"compression = {quote('gzip' if log.gzip else 'none')}",
    ]
    if log.skip:
        options.append(f"skip = {int(log.skip)}")
    source = f"read_csv({quote(str(log.path))}, {', '.join(options)})"
    line = "line"
    if log.bare_cr:  # a copy with each bare CR set aside: put it back
        line = f"replace(line, {quote(CR_STAND_IN)}, chr(13))"
    if log.wrapper:  # a container runtime's record around each line: taken off
        line = unwrapped_sql(line, log.wrapper)
    return source if line == "line" else f"(SELECT {line} AS line FROM {source})"


@dataclass(frozen=True, slots=True)
class Parsed:
    """A format's relation and the expressions over its ``raw`` column that are only evaluated
    for page views (address, time, agent: ``NULL`` when the log records no User-Agent at all).

    The relation has, per line: ``raw``, ``method``, ``target``, ``status``, ``ok`` (the line
    is a record of the format), ``comment`` (a header line) and ``other``: ``NULL``, or the
    skip reason of a record that is no visitor's request (another logger's line, a request the
    CDN made itself)."""

    relation: str
    ip: str
    ts: str
    ua: str


def epoch_or_iso(value: str) -> str:
    """The UTC time of ``value`` (text): Unix seconds, milli-, micro- or nanoseconds (told apart
    by their size), else an ISO 8601 / RFC 3339 time (UTC when it has no offset)."""
    number = f"TRY_CAST({value} AS DOUBLE)"
    seconds = (
        f"CASE WHEN {number} >= 1e17 THEN {number} / 1e9 WHEN {number} >= 1e14 "
        f"THEN {number} / 1e6 WHEN {number} >= 1e11 THEN {number} / 1e3 ELSE {number} END"
    )
    return (
        f"coalesce(try(to_timestamp({seconds}))::TIMESTAMP, "
        f"TRY_CAST({value} AS TIMESTAMPTZ)::TIMESTAMP)"
    )
