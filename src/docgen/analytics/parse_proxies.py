"""The access logs of a service mesh's proxy and of a platform's router as DuckDB relations:
Envoy's default format (and Istio's, which adds fields) and Heroku's router log."""

from __future__ import annotations

from docgen.analytics.formats import CLF_TIME, HEROKU_ROUTER
from docgen.analytics.parse_base import OTHER_LOG, Parsed, epoch_or_iso, quote
from docgen.analytics.parse_servers import combined

# The time Envoy starts its line with (%START_TIME%, ISO 8601), after anything before it.
_ENVOY_TIME = r"\[([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9:]+))\] $"


# Envoy's default format split on '"': [time] (1), the request (2), the status, flags, byte
# counts, duration and upstream time (3: six fields), then X-Forwarded-For (4), User-Agent (6),
# request id (8), authority (10) and upstream host (12), one space between them, nothing after.
# Istio's: the status, flags, response and termination details (3: four fields), the transport
# failure reason (4), the counts and times (5: four fields), X-Forwarded-For (6), User-Agent
# (8), request id (10), authority (12), upstream host (14), then the cluster, the upstream local,
# downstream local and downstream remote addresses, the server name and the route (15: four
# to six; an empty one is left out).
# Envoy writes a header's '"' as it is: a line with one more or less is malformed, not read
# from its shifted fields (a User-Agent of 'x" "y' made 'x' the X-Forwarded-For).
_FIELDS = r"( \S+){%s} *"
_DEFAULT_SHAPE = f"""len(s) = 13 AND regexp_full_match(s[3], {quote(_FIELDS % 6)})
    AND s[5] = ' ' AND s[7] = ' ' AND s[9] = ' ' AND s[11] = ' ' AND trim(s[13]) = ''"""
_ISTIO_SHAPE = f"""len(s) = 15 AND regexp_full_match(s[3], {quote(_FIELDS % 4)})
    AND regexp_full_match(s[5], {quote(_FIELDS % 4)}) AND s[7] = ' ' AND s[9] = ' '
    AND s[11] = ' ' AND s[13] = ' ' AND regexp_full_match(s[15], {quote(_FIELDS % "4,6")})"""


def _last_entry(forwarded: str) -> str:
    """SQL: the last non-empty entry of an X-Forwarded-For list (``''`` for none): the address
    the proxy that wrote it saw; a client can send any entries before it."""
    entries = f"list_filter(string_split({forwarded}, ','), lambda a: trim(a) <> '')"
    return f"coalesce(trim({entries}[-1]), '')"


def envoy(source: str) -> Parsed:
    """Envoy's default access log format (``[%START_TIME%] "%REQ(:METHOD)%
    %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% %PROTOCOL%" %RESPONSE_CODE% ... "%REQ(X-FORWARDED-FOR)%"
    "%REQ(USER-AGENT)%" "%REQ(X-REQUEST-ID)%" "%REQ(:AUTHORITY)%" "%UPSTREAM_HOST%"``) and
    Istio's default (the same with response details and a transport failure reason before the
    byte counts, and the cluster and addresses after the upstream host). Anything before the
    ``[`` (Emissary's ``ACCESS``, a syslog header) is passed over. Each field is read at its
    place in its layout; a line of neither layout (a header value with a ``"``) is malformed.
    The address is the last entry of X-Forwarded-For (the one the proxy in front of Envoy, or
    Envoy itself with ``use_remote_address``, appended: a client writes the ones before it),
    else, in Istio's, ``%DOWNSTREAM_REMOTE_ADDRESS%``; a TCP connection's entry (``"- - -"``)
    is malformed."""
    # Split on '"' (as the combined format is: a regular expression over the line is four
    # times slower). raw: the time, X-Forwarded-For, the status field, User-Agent, the fields
    # after the upstream host (Istio's; '' in the default format).
    relation = f"""
    SELECT CASE WHEN d THEN [t, s[4], s[3], s[6], '']
                WHEN i THEN [t, s[6], s[3], s[8], s[15]] END AS raw,
           split_part(s[2], ' ', 1) AS method, split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(ltrim(s[3]), ' ', 1) AS INTEGER) AS status,
           coalesce((d OR i) AND t <> '', false) AS ok,
           false AS comment, NULL::INTEGER AS other
    FROM (SELECT s, regexp_extract(s[1], {quote(_ENVOY_TIME)}, 1) AS t,
                 coalesce({_DEFAULT_SHAPE}, false) AS d, coalesce({_ISTIO_SHAPE}, false) AS i
          FROM (SELECT string_split(line, '"') AS s FROM {source}))"""
    forwarded = _last_entry("raw[2]")
    remote = "split_part(trim(raw[5]), ' ', 4)"  # Istio's %DOWNSTREAM_REMOTE_ADDRESS%
    ip = f"coalesce(nullif(nullif({forwarded}, ''), '-'), nullif(nullif({remote}, ''), '-'))"
    return Parsed(relation, ip, epoch_or_iso("raw[1]"), "raw[4]")


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
    User-Agent: its views are ``no-user-agent``. The address is ``fwd``'s last entry (the one
    the router appended: the address it saw); a router error (``at=error code=H12``) carries
    the status the client got (503). The apps' lines and Heroku's other messages are
    ``other-log``."""
    names = ["_", "__", "at", "___", "fields"]
    relation = f"""
    SELECT [x.at, {_field("fwd")}] AS raw, {_field("method")} AS method,
           {_field("path")} AS target, TRY_CAST({_field("status")} AS INTEGER) AS status,
           x.at <> '' AS ok, false AS comment,
           CASE WHEN x.at = '' AND regexp_matches(line, {quote(_HEROKU_OTHER)})
                THEN {OTHER_LOG} END AS other
    FROM (SELECT line, regexp_extract(line, {quote(HEROKU_ROUTER)}, {names}) AS x
          FROM {source})"""
    ip = f"nullif({_last_entry('raw[2]')}, '')"
    return Parsed(relation, ip, epoch_or_iso("raw[1]"), "NULL::VARCHAR")


# Heroku's own lines (the router's, its messages), in the three layouts: never an app's record.
_HEROKU_OWN = (
    r"^([0-9]+ <[0-9]+>1 \S+ host heroku \S+ - |\S+ heroku\[[^]]*\]: |[0-9]+\t(\S+\t){8}heroku/)"
)


def heroku_app(source: str) -> Parsed:
    """A Heroku log whose app lines hold the app's own access log in the combined format
    (which, unlike the router's lines, records the User-Agent): those lines are its requests,
    read as the combined format (address, time and User-Agent as the app logged them); the
    router's lines, Heroku's messages and the app's other output are ``other-log`` (an app's
    record cut short is ``malformed``)."""
    form = combined(source)
    record = quote(rf"{CLF_TIME}[0-9:]{{8}} [+-][0-9]{{4}}\] $")  # the time before the request
    relation = f"""
    SELECT raw, method, target, status, ok AND NOT h AS ok, comment,
           CASE WHEN (h OR NOT ok AND NOT regexp_matches(raw[1], {record}))
                     AND regexp_matches(raw[1], {quote(_HEROKU_OTHER)})
                THEN {OTHER_LOG} ELSE other END AS other
    FROM (SELECT *, regexp_matches(raw[1], {quote(_HEROKU_OWN)}) AS h FROM ({form.relation}))"""
    return Parsed(relation, form.ip, form.ts, form.ua)


# Envoy's JSON access log with Istio's keys (its default format's fields, named).
_ENVOY_JSON = (
    "$.method", "$.path", "$.response_code", "$.start_time", "$.x_forwarded_for",
    "$.downstream_remote_address", "$.user_agent",
)  # fmt: skip


def envoy_json(source: str) -> Parsed:
    """Envoy's JSON access log as Istio writes it (``accessLogEncoding: JSON``): the same
    fields as its text format, by name (the address as there). A ``user_agent`` of ``null`` is
    none sent (a bot)."""
    listed = ", ".join(quote(p) for p in _ENVOY_JSON)
    relation = f"""
    SELECT list_append(j, try(json_type(line, '$.user_agent'))) AS raw,
           j[1] AS method, j[2] AS target, TRY_CAST(j[3] AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok,
           false AS comment, NULL::INTEGER AS other
    FROM (SELECT line, try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    forwarded = _last_entry("raw[5]")
    ip = f"coalesce(nullif(nullif({forwarded}, ''), '-'), nullif(raw[6], '-'))"
    ua = "CASE WHEN raw[8] = 'NULL' THEN '' ELSE raw[7] END"  # JSON null: none sent
    return Parsed(relation, ip, epoch_or_iso("raw[4]"), ua)
