"""The access logs of a service mesh's proxy and of a platform's router as DuckDB relations:
Envoy's default format (and Istio's, which adds fields) and Heroku's router log."""

from __future__ import annotations

from docgen.analytics.formats import HEROKU_ROUTER
from docgen.analytics.parse_base import OTHER_LOG, Parsed, epoch_or_iso, quote

# The time Envoy starts its line with (%START_TIME%, ISO 8601), after anything before it.
_ENVOY_TIME = r"\[([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9:]+))\] $"


def envoy(source: str) -> Parsed:
    """Envoy's default access log format (``[%START_TIME%] "%REQ(:METHOD)%
    %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% %PROTOCOL%" %RESPONSE_CODE% ... "%REQ(X-FORWARDED-FOR)%"
    "%REQ(USER-AGENT)%" "%REQ(X-REQUEST-ID)%" "%REQ(:AUTHORITY)%" "%UPSTREAM_HOST%"``) and
    Istio's default (the same with response details and a transport failure reason before the
    byte counts, and the cluster and addresses after the upstream host). Anything before the
    ``[`` (Emissary's ``ACCESS``, a syslog header) is passed over. The address is the first
    entry of X-Forwarded-For, else, in Istio's, ``%DOWNSTREAM_REMOTE_ADDRESS%`` (the fourth
    field after the quoted ones); a TCP connection's entry (``"- - -"``) is malformed."""
    # Split on '"' (as the combined format is: a regular expression over the line is four
    # times slower): the time (1), the request (2), the status and counts (3); from the end,
    # the fields after the upstream host (n), X-Forwarded-For (n - 9), User-Agent (n - 7).
    relation = f"""
    SELECT [regexp_extract(s[1], {quote(_ENVOY_TIME)}, 1), s[-10], s[-8], s[-1]] AS raw,
           split_part(s[2], ' ', 1) AS method, split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(ltrim(s[3]), ' ', 1) AS INTEGER) AS status,
           coalesce(len(s) >= 13 AND regexp_matches(s[1], {quote(_ENVOY_TIME)}), false) AS ok,
           false AS comment, NULL::INTEGER AS other
    FROM (SELECT string_split(line, '"') AS s FROM {source})"""
    forwarded = "trim(split_part(raw[2], ',', 1))"
    remote = "split_part(trim(raw[4]), ' ', 4)"  # Istio's %DOWNSTREAM_REMOTE_ADDRESS%
    ip = f"coalesce(nullif(nullif({forwarded}, ''), '-'), nullif({remote}, '-'))"
    return Parsed(relation, ip, epoch_or_iso("raw[1]"), "raw[3]")


# The lines of Heroku's log that are no request: the apps' output (app[web.1], app[api]) and
# Heroku's own messages (heroku[web.1]: State changed...), in either layout.
_HEROKU_OTHER = (
    r"^([0-9]+ <[0-9]+>1 \S+ host (app|heroku) \S+ - |\S+ (app|heroku)\[[^]]*\]: "
    r"|[0-9]+\t(\S+\t){8}(app|heroku)/)"
)


def _field(name: str) -> str:
    """SQL: the value of ``name=`` in the router line's fields (``x.fields``), quotes taken off
    (Heroku quotes ``path`` and ``fwd`` since 2013, and not before)."""
    pattern = quote(rf'(^| ){name}=("[^"]*"|\S*)')
    return f"trim(regexp_extract(x.fields, {pattern}, 2), '\"')"


def heroku(source: str) -> Parsed:
    """Heroku's router log: ``at=info method=GET path="/" host=... fwd="<client>" ...
    status=200 ...`` after the time and ``heroku[router]:`` (``heroku logs``) or after a log
    drain's syslog header (``<length> <158>1 <time> host heroku router -``), or in a
    Papertrail archive (tab-separated, the program ``heroku/router``). It records no
    User-Agent: its views are ``no-user-agent``. The address is ``fwd``'s first entry (the
    client's X-Forwarded-For); a router error (``at=error code=H12``) carries the status the
    client got (503). The apps' lines and Heroku's other messages are ``other-log``."""
    names = ["_", "__", "at", "___", "fields"]
    relation = f"""
    SELECT [x.at, {_field("fwd")}] AS raw, {_field("method")} AS method,
           {_field("path")} AS target, TRY_CAST({_field("status")} AS INTEGER) AS status,
           x.at <> '' AS ok, false AS comment,
           CASE WHEN x.at = '' AND regexp_matches(line, {quote(_HEROKU_OTHER)})
                THEN {OTHER_LOG} END AS other
    FROM (SELECT line, regexp_extract(line, {quote(HEROKU_ROUTER)}, {names}) AS x
          FROM {source})"""
    ip = "nullif(trim(split_part(raw[2], ',', 1)), '')"
    return Parsed(relation, ip, epoch_or_iso("raw[1]"), "NULL::VARCHAR")


# Envoy's JSON access log with Istio's keys (its default format's fields, named).
_ENVOY_JSON = (
    "$.method", "$.path", "$.response_code", "$.start_time", "$.x_forwarded_for",
    "$.downstream_remote_address", "$.user_agent",
)  # fmt: skip


def envoy_json(source: str) -> Parsed:
    """Envoy's JSON access log as Istio writes it (``accessLogEncoding: JSON``): the same
    fields as its text format, by name. A ``user_agent`` of ``null`` is none sent (a bot)."""
    listed = ", ".join(quote(p) for p in _ENVOY_JSON)
    relation = f"""
    SELECT list_append(j, try(json_type(line, '$.user_agent'))) AS raw,
           j[1] AS method, j[2] AS target, TRY_CAST(j[3] AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok,
           false AS comment, NULL::INTEGER AS other
    FROM (SELECT line, try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    forwarded = "trim(split_part(raw[5], ',', 1))"
    ip = f"coalesce(nullif(nullif({forwarded}, ''), '-'), nullif(raw[6], '-'))"
    ua = "CASE WHEN raw[8] = 'NULL' THEN '' ELSE raw[7] END"  # JSON null: none sent
    return Parsed(relation, ip, epoch_or_iso("raw[4]"), ua)
