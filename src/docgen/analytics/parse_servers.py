"""The access logs of servers and proxies as DuckDB relations: the combined log format (nginx,
Apache), Caddy's JSON, Cloudflare Logpush's ``http_requests`` JSON lines and AWS Application
and Classic Load Balancer access logs."""

from __future__ import annotations

from docgen.analytics.formats import CLF_TIME
from docgen.analytics.parse_base import INTERNAL, OTHER_LOG, Parsed, epoch_or_iso, quote

# Apache writes '"' inside a field as \" and '\' as \\ (nginx writes \x22 and \x5C): both are
# set aside (chr(2), chr(1)) before the line is split on '"', and put back in the User-Agent.
_UNESCAPED = (
    "CASE WHEN contains(line, '\\') "
    "THEN replace(replace(line, '\\\\', chr(2)), '\\\"', chr(1)) ELSE line END"
)


# A syslog header: RFC 5424's (<PRI>1 time host app procid msgid structured-data) or, as
# RFC 3164 and Fastly write it, everything up to the tag's ": ".
_SYSLOG = r"^<[0-9]{1,3}>(1 \S+ \S+ \S+ \S+ \S+ (-|(\[[^]]*\])+) |.*?: )"
# The header a syslog daemon writes a message to a file with (rsyslog's and syslog-ng's
# defaults): no <PRI>; the time (RFC 3164's "May  1 10:00:00", or RFC 3339's in rsyslog's
# RSYSLOG_FileFormat), the host and the tag ("haproxy[14389]:", "nginx:").
_SYSLOG_FILE = (
    r"^([A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2}|[0-9]{4}-[0-9]{2}-[0-9]{2}T\S+) "
    r"\S+ \S+: "
)

# An IPv4 or IPv6 address (bracketed, with a zone or a port), and the field three before the
# first "[dd/Mon/yyyy:" (the last "[" may be inside $remote_user, which the client chooses).
_IP_ADDRESS = r"\[?[0-9A-Fa-f:.]+(%[0-9A-Za-z]+)?\]?(:[0-9]+)?"
_BEFORE_TIME = rf"^.*?(\S+) \S+ \S+ {CLF_TIME}"
# nginx formats that put the time first ('[$time_local] $remote_addr ...'): the address follows.
_TIME_FIRST = rf"^{CLF_TIME}[^]]*\] (\S+)"

# The common log format ends after the status and size.
_COMMON_TAIL = "regexp_full_match(s[3], ' [0-9]{3} ([0-9]+|-) *')"


def combined(source: str) -> Parsed:
    # Split on '"': the address and time (1), the request (2), status and size (3), then, in the
    # combined format, the referer (4) and the User-Agent (6). The common format stops at (3).
    relation = f"""
    SELECT s AS raw, split_part(s[2], ' ', 1) AS method, split_part(s[2], ' ', 2) AS target,
           TRY_CAST(split_part(trim(s[3]), ' ', 1) AS INTEGER) AS status,
           CASE WHEN len(s) >= 7 THEN true WHEN len(s) = 3 THEN {_COMMON_TAIL} ELSE false END
               AS ok,
           false AS comment, NULL::INTEGER AS other
    FROM (SELECT string_split({_UNESCAPED}, '"') AS s FROM {source})"""
    # The time is the last [...] before the request (an IPv6 address may be bracketed too).
    stamp = "split_part(string_split(raw[1], '[')[-1], ']', 1)"
    # vhost_combined (and nginx formats that put $host first) starts with the virtual host: the
    # address is the next field, and the time's "[" starts the 5th field, not the 4th. A format
    # that logs X-Forwarded-For there ("client, proxy") has the client first.
    # A line sent through syslog starts with its header (<PRI>, time, host, tag: nginx's
    # access_log syslog:, Fastly's log streaming, RFC 5424 forwarding), or, in the file a
    # syslog daemon wrote, the time, host and tag: left out here.
    head = (
        f"CASE WHEN starts_with(raw[1], '<') "
        f"THEN regexp_replace(raw[1], '{_SYSLOG}', '') "
        f"ELSE regexp_replace(raw[1], '{_SYSLOG_FILE}', '') END"
    )
    # Each lambda's argument (the head, the field before the time) is computed once.
    first = "split_part(h, ' ', 1)"
    # Anything else before the address (a tool's prefix: stern's pod and container, a time)
    # leaves it where the format has it: three fields before the time (address, identity,
    # user, [time]), if an address is there. Else the first field is the client's name (Apache's
    # HostnameLookups) or none (nginx on a unix socket logs "unix:"): an identity still.
    before_time = (
        f"list_filter([regexp_extract(h, {quote(_BEFORE_TIME)}, 1)], "
        f"lambda b: regexp_full_match(b, {quote(_IP_ADDRESS)}))[1]"
    )
    is_ip = f"regexp_full_match({first}, {quote(_IP_ADDRESS)})"
    ip = (
        f"list_transform([{head}], lambda h: rtrim("
        f"CASE WHEN starts_with(split_part(h, ' ', 5), '[') "
        f"AND NOT ends_with({first}, ',') THEN split_part(h, ' ', 2) "
        f"WHEN ends_with({first}, ',') OR {is_ip} THEN {first} "
        f"WHEN regexp_matches(h, {quote(_TIME_FIRST)}) "
        f"THEN regexp_extract(h, {quote(_TIME_FIRST)}, 1) "
        f"ELSE coalesce({before_time}, {first}) END, ','))[1]"
    )
    ua = "CASE WHEN len(raw) >= 7 THEN replace(replace(raw[6], chr(1), '\"'), chr(2), '\\') END"
    return Parsed(relation, ip, f"try_strptime({stamp}, '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP", ua)


def caddy(source: str) -> Parsed:
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
    listed = ", ".join(quote(p) for p in paths)
    relation = f"""
    SELECT j AS raw, j[3] AS method, j[4] AS target, TRY_CAST(j[5] AS INTEGER) AS status,
           coalesce(j[3] IS NOT NULL AND j[4] IS NOT NULL, false) AS ok, false AS comment,
           -- Caddy's own messages: another logger's, or the default logger's (no logger
           -- and no request: "serving initial configuration", "shutdown complete")
           CASE WHEN NOT starts_with(j[8], 'http.log.access') THEN {OTHER_LOG}
                WHEN j IS NOT NULL AND j[8] IS NULL AND j[3] IS NULL THEN {OTHER_LOG}
           END AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    # ts: Unix seconds by default; time_format may make it milli-, micro- or nanoseconds, an
    # ISO 8601 / RFC 3339 string, a wall-clock time (taken as UTC) or the common log's.
    ts = (
        f"coalesce({epoch_or_iso('raw[7]')}, "
        "try_strptime(raw[7], '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP)"
    )
    ip = "coalesce(nullif(raw[1], ''), nullif(raw[2], ''), raw[9])"
    return Parsed(relation, ip, ts, "coalesce(raw[6], '')")


# Cloudflare Logpush http_requests: the fields a page view is read from, by their names in the
# dataset (a job logs the subset its field_names chose; logfile.CLOUDFLARE_NEEDED must be there).
_CLOUDFLARE = (
    "ClientIP", "ClientRequestMethod", "ClientRequestURI", "ClientRequestPath",
    "EdgeResponseStatus", "ClientRequestUserAgent", "EdgeStartTimestamp", "EdgeEndTimestamp",
    "ClientRequestSource",
)  # fmt: skip


def cloudflare(source: str) -> Parsed:
    """Cloudflare Logpush's ``http_requests`` dataset as JSON lines (``output_type`` ndjson, the
    default). ``ClientRequestURI`` is the path and query, ``ClientRequestPath`` the path alone.
    The time is ``EdgeStartTimestamp`` (else ``EdgeEndTimestamp``): Unix nanoseconds
    (``timestamp_format`` unixnano, the API's default) or seconds (unix), or RFC 3339 text
    (rfc3339, the dashboard's default). A request whose ``ClientRequestSource`` is not
    ``eyeball`` (a Worker's subrequest, a purge, Always Online, a health check) is Cloudflare's
    own: skipped as ``internal``."""
    listed = ", ".join(quote(f"$.{name}") for name in _CLOUDFLARE)
    relation = f"""
    SELECT j AS raw, j[2] AS method, coalesce(j[3], j[4]) AS target,
           TRY_CAST(j[5] AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND coalesce(j[3], j[4]) IS NOT NULL
                    AND coalesce(j[7], j[8]) IS NOT NULL, false) AS ok,
           false AS comment,
           CASE WHEN j[9] NOT IN ('', 'eyeball', '1') THEN {INTERNAL} END AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    return Parsed(relation, "raw[1]", epoch_or_iso("coalesce(raw[7], raw[8])"), "raw[6]")


def alb(source: str) -> Parsed:
    """AWS Application Load Balancer access logs: fields separated by spaces, the request line
    and the User-Agent in double quotes, fields added over the years at the end (ignored). Before
    the request: type, time, elb, client:port, target:port, three processing times,
    elb_status_code (what the client got), target_status_code, received_bytes, sent_bytes. The
    request names the absolute URL (``GET https://host:443/x HTTP/1.1``)."""
    return _load_balancer(source, 1)


def elb(source: str) -> Parsed:
    """AWS Classic Load Balancer access logs
    (https://docs.aws.amazon.com/elasticloadbalancing/latest/classic/access-log-collection.html):
    the ALB's fields without the leading type, and ending after ssl_cipher and ssl_protocol:
    ``timestamp elb client:port backend:port request_processing_time backend_processing_time
    response_processing_time elb_status_code backend_status_code received_bytes sent_bytes
    "request" "user_agent" ssl_cipher ssl_protocol``. The time is when the load balancer
    received the request. A TCP or SSL listener logs ``"- - - "`` as the request (malformed)."""
    return _load_balancer(source, 0)


def _load_balancer(source: str, shift: int) -> Parsed:
    """ALB (``shift`` 1: a type field first) or Classic (0) access log lines."""
    # Split on '"': the fields before the request (1), the request (2), the User-Agent (4); raw
    # is [time, client:port, User-Agent]. The 11 fields (12 with the type) end with a space.
    time, client, status = 1 + shift, 3 + shift, 8 + shift
    relation = f"""
    SELECT [h[{time}], h[{client}], s[4]] AS raw, split_part(s[2], ' ', 1) AS method,
           split_part(s[2], ' ', 2) AS target, TRY_CAST(h[{status}] AS INTEGER) AS status,
           coalesce(len(s) >= 5 AND len(h) >= {12 + shift}, false) AS ok, false AS comment,
           NULL::INTEGER AS other
    FROM (SELECT s, string_split(s[1], ' ') AS h
          FROM (SELECT string_split(line, '"') AS s FROM {source}))"""
    ip = "regexp_replace(raw[2], ':[0-9]+$', '')"  # IPv6 is logged with or without brackets
    return Parsed(relation, ip, "TRY_CAST(raw[1] AS TIMESTAMPTZ)::TIMESTAMP", "raw[3]")


# Traefik's access log in its json format (pkg/middlewares/accesslog/logdata.go): ClientHost
# (the address), RequestMethod, RequestPath (the path and query), DownstreamStatus (what the
# client got), StartUTC (RFC 3339, nanoseconds); a header it keeps is request_<name>. Its
# headers are dropped by default (accessLog.fields.headers.defaultMode drop).
# StartUTC may be dropped (Traefik's documented way to log local times: StartLocal, RFC 3339
# with the offset), ClientHost too: ClientAddr (address:port) is the same client.
_TRAEFIK = (
    "$.ClientHost", "$.RequestMethod", "$.RequestPath", "$.DownstreamStatus",
    '$."request_User-Agent"', "$.StartUTC", "$.level", "$.StartLocal", "$.ClientAddr",
)  # fmt: skip


def traefik(source: str) -> Parsed:
    """Traefik's JSON access log. In a log without any ``request_User-Agent`` (the default
    drops headers) a view is ``no-user-agent``, as is one whose User-Agent is ``REDACTED``;
    in a log that keeps it, a request without it sent none. A line of Traefik's own log
    (``level``, no request) is ``other-log``."""
    listed = ", ".join(quote(p) for p in _TRAEFIK)
    relation = f"""
    SELECT j AS raw, j[2] AS method, j[3] AS target, TRY_CAST(j[4] AS INTEGER) AS status,
           coalesce(j[2] IS NOT NULL AND j[3] IS NOT NULL, false) AS ok, false AS comment,
           CASE WHEN j[2] IS NULL AND j[3] IS NULL AND j[7] IS NOT NULL THEN {OTHER_LOG} END
               AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    # In a log that keeps the header, a request without it sent none (a bot).
    kept = f"EXISTS (SELECT 1 FROM {source} WHERE contains(line, '\"request_User-Agent\"'))"
    ua = f"CASE WHEN raw[5] IS NOT NULL THEN nullif(raw[5], 'REDACTED') WHEN {kept} THEN '' END"
    ip = "coalesce(nullif(raw[1], ''), raw[9])"  # ClientAddr's port: dropped by visitor_key
    return Parsed(relation, ip, epoch_or_iso("coalesce(raw[6], raw[8])"), ua)


# HAProxy's HTTP log format (option httplog; configuration manual, "HTTP log format"), as a
# syslog daemon writes it: after the header, client_ip:port [accept_date] frontend
# backend/server Tr/Tw/Tc/Tr/Ta status bytes cookies termination conns queues, the captured
# headers in {...} when some are captured (request headers first), and the request line in
# quotes; option httpslog (HAProxy 2.5+) adds the TLS fields after it, without quotes.
HAPROXY_LINE = (
    r"(^|: )(\S+):[0-9]+ \[([0-9]{2}/[A-Z][a-z]{2}/[0-9]{4}:[0-9:]{8}\.[0-9]{3})\] \S+ \S+/\S+ "
    r"\S+ (-?[0-9]+) ([^\"]*)\"([^\"]*)\"[^\"]*$"
)
# The first {...} between the status and the request: the captured request headers.
_CAPTURES = r"^\S+ \S+ \S+ \S+ \S+ \S+ \{([^}]*)\}"


# A message in the syslog daemon's file that is no request: HAProxy's own ("Proxy www
# started.", "SSL handshake failure"), another program's.
_SYSLOG_MESSAGE = rf"{_SYSLOG_FILE}|{_SYSLOG}"


def haproxy(source: str, agent_capture: int = -1) -> Parsed:
    """HAProxy's HTTP log. It names no header: a ``capture request header User-Agent`` puts
    the User-Agent among the ``{...}`` captures, at ``agent_capture`` (0-based; -1: not
    captured, the views are ``no-user-agent``; an empty capture is none sent). ``accept_date``
    has no offset (the host's local time): read as UTC."""
    relation = f"""
    SELECT [x.ip, x.at, x.middle] AS raw, split_part(x.request, ' ', 1) AS method,
           split_part(x.request, ' ', 2) AS target, TRY_CAST(x.status AS INTEGER) AS status,
           x.ip <> '' AS ok, false AS comment,
           CASE WHEN x.ip = '' AND regexp_matches(line, {quote(_SYSLOG_MESSAGE)})
                THEN {OTHER_LOG} END AS other
    FROM (SELECT line, regexp_extract(line, {quote(HAPROXY_LINE)},
                                      ['_', 'ip', 'at', 'status', 'middle', 'request']) AS x
          FROM {source})"""
    ts = "try_strptime(raw[2], '%d/%b/%Y:%H:%M:%S.%g')::TIMESTAMP"
    ua = "NULL::VARCHAR"
    if agent_capture >= 0:
        captured = f"regexp_extract(raw[3], {quote(_CAPTURES)}, 1)"
        ua = (
            f"CASE WHEN regexp_matches(raw[3], {quote(_CAPTURES)}) "
            f"THEN string_split({captured}, '|')[{agent_capture + 1}] END"
        )
    return Parsed(relation, "raw[1]", ts, ua)
