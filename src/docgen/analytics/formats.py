"""The log formats an import reads, and how each is told from its first bytes (:func:`detect`).

Each test looks for what only its format writes: Parquet's magic bytes, a JSON record's keys, a
W3C ``#Fields`` header and the separator of the lines under it, Amplify's CSV header, the fixed
fields that start an AWS load balancer's or an S3 server access log's line, Cloud Storage's
usage log header, HAProxy's fields
after its syslog header, Envoy's (and Istio's) ISO time and quoted request first, Heroku's router
lines; anything else is the combined format."""

from __future__ import annotations

import json
import re

FORMATS = (
    "combined", "caddy", "cloudfront", "cloudflare", "alb", "elb", "vercel", "netlify", "s3",
    "gcp", "w3c", "azure", "amplify", "traefik", "haproxy", "envoy", "heroku", "gcs",
)  # fmt: skip
CLOUDFLARE = "cloudflare"  # Logpush's http_requests dataset, JSON lines
ALB = "alb"  # AWS Application Load Balancer access logs
ELB = "elb"  # AWS Classic Load Balancer access logs
VERCEL = "vercel"  # Vercel Log Drains, NDJSON
VERCEL_JSON = "vercel-json"  # their json delivery: a JSON array of entries per line
NETLIFY = "netlify"  # Netlify Log Drains, NDJSON
S3 = "s3"  # Amazon S3 server access logs (static website hosting)
GCP = "gcp"  # Google Cloud Logging entries with an httpRequest, JSON lines (a log sink's files)
GCP_ARRAY = "gcp-array"  # the same as one JSON array (gcloud logging read --format=json)
AMPLIFY = "amplify"  # AWS Amplify Hosting access logs: CloudFront's fields as CSV, a header first
HAPROXY = "haproxy"  # HAProxy's HTTP log (option httplog), as a syslog daemon writes it
TRAEFIK = "traefik"  # Traefik's access log in its json format
ENVOY = "envoy"  # Envoy's default access log format, and Istio's (Envoy's with more fields)
ENVOY_JSON = "envoy-json"  # Envoy's JSON access log with Istio's default keys
GCS = "gcs"  # Google Cloud Storage usage logs: quoted CSV under a header of field names
HEROKU = "heroku"  # Heroku's router log (heroku logs, or a log drain's syslog lines)
HEROKU_APP = "heroku-app"  # the same log whose app lines hold the app's combined access log
AZURE = "azure"  # Azure Front Door / Azure CDN access logs (resource logs), JSON lines
W3C = "w3c"  # W3C extended log format, space-separated (IIS, Azure App Service)
# CloudFront standard logging (v2) also delivers JSON (one object per line) and Apache Parquet.
CLOUDFRONT_JSON = "cloudfront-json"
CLOUDFRONT_PARQUET = "cloudfront-parquet"
# What a format named with --format also takes when the content is its other delivery.
FAMILIES = {"cloudfront": "cloudfront", GCP: GCP, VERCEL: VERCEL, ENVOY: ENVOY, HEROKU: HEROKU}
PARQUET_MAGIC = b"PAR1"
BOM = b"\xef\xbb\xbf"
FIELDS = b"#Fields:"
# Keys that only a CloudFront JSON record has (Caddy's are request, ts, logger...).
CLOUDFRONT_KEYS = frozenset({"c-ip", "cs-uri-stem", "sc-status", "cs-method"})
# Fields of Cloudflare's http_requests dataset: two of them make a JSON line Logpush's.
CLOUDFLARE_KEYS = frozenset(
    {"ClientIP", "ClientRequestHost", "ClientRequestMethod", "ClientRequestURI", "RayID",
     "ClientRequestPath", "ClientRequestUserAgent", "EdgeResponseStatus", "EdgeStartTimestamp",
     "EdgeEndTimestamp"}
)  # fmt: skip
# What a Logpush job must log for its page views to be counted (any one field of each group).
CLOUDFLARE_NEEDED = (
    ("ClientIP",), ("ClientRequestMethod",), ("ClientRequestURI", "ClientRequestPath"),
    ("EdgeResponseStatus",), ("EdgeStartTimestamp", "EdgeEndTimestamp"),
)  # fmt: skip
# Fields every Vercel Log Drains entry has (https://vercel.com/docs/drains/reference/logs:
# id, deploymentId, source, host, timestamp, projectId, level): two of these make a JSON line
# Vercel's (a build log has buildId, a request's entry proxy and requestId).
VERCEL_KEYS = frozenset({"deploymentId", "projectId", "buildId", "requestId", "proxy"})
# Netlify Log Drains records (https://docs.netlify.com/manage/monitoring/log-drains/): every
# log type says which it is in log_type; traffic records carry the site, deploy and request.
NETLIFY_KEYS = frozenset({"log_type", "site_id", "deploy_id", "account_id", "request_id"})
# A Cloud Logging LogEntry (https://cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry):
# the keys it is written with; two of them make a JSON record Google's (an entry without
# httpRequest is an application's log line, read as other-log).
GCP_KEYS = frozenset(
    {"httpRequest", "logName", "insertId", "receiveTimestamp", "resource", "jsonPayload",
     "textPayload", "protoPayload"}
)  # fmt: skip
# An Azure Monitor resource log record (https://learn.microsoft.com/azure/azure-monitor/
# essentials/resource-logs-schema): time, resourceId, category, operationName, properties...;
# two of these keys make a JSON line Azure's.
AZURE_KEYS = frozenset({"resourceId", "category", "operationName", "properties"})
# Envoy's JSON access log as Istio configures it (meshConfig.accessLogEncoding JSON: its default
# format's fields by name, start_time, method, path, response_code...): two of these keys.
ENVOY_KEYS = frozenset(
    {"response_flags", "response_code_details", "downstream_remote_address", "upstream_cluster",
     "upstream_host", "upstream_local_address", "x_forwarded_for"}
)  # fmt: skip
# Traefik's JSON access log (pkg/middlewares/accesslog/logdata.go): two of these make a JSON
# line Traefik's.
TRAEFIK_KEYS = frozenset(
    {"ClientHost", "ClientAddr", "RequestMethod", "RequestPath", "DownstreamStatus", "StartUTC",
     "RouterName", "RequestCount", "OriginStatus"}
)  # fmt: skip
# An Amplify access log's header: CloudFront's field names separated by commas, some of their
# parentheses escaped with a backslash (cs\(Host), cs\(User-Agent\)).
_AMPLIFY_HEADER = re.compile(rb"date,time,[a-z(),\\-]*c-ip,")
# HAProxy's HTTP log line (after a syslog header): client:port, [accept date with ms],
# frontend, backend/server, timers, status. (The backend's name has no "/": a long field of them
# would otherwise be tried at every "/".)
_HAPROXY_LINE = re.compile(
    rb"(^|: )\S+:\d+ \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d\.\d{3}\] \S+ [^\s/]+/\S+ \S+ -?\d+ "
)
# Envoy's default format ("[%START_TIME%] \"%REQ(:METHOD)% ...\" %RESPONSE_CODE% ...") and
# Istio's: the ISO 8601 time in brackets, the quoted request, the status; the last five quoted
# fields are X-Forwarded-For, User-Agent, request id, authority and upstream host.
_ENVOY_LINE = re.compile(
    rb'\[\d{4}-\d\d-\d\dT[0-9:.]+(Z|[+-][0-9:]+)\] "[^"]*" \d+ .*"[^"]*" "[^"]*" "[^"]*" "[^"]*" '
    rb'"[^"]*"[^"]*$'
)
# A Heroku router line: "<time> heroku[router]: at=info method=..." as heroku logs prints it,
# "<length> <PRI>1 <time> host heroku router - at=info ..." as a log drain delivers it, or a
# Papertrail archive's "<id>\t<generated_at>\t<received_at>\t<source id>\t<source>\t<source
# ip>\t<facility>\t<severity>\theroku/router\tat=info ..." (tab-separated).
HEROKU_ROUTER = (
    r"^([0-9]+\s)?(<[0-9]+>1 )?([0-9]{4}-\S+)\s"
    r"(heroku\[router\]:|host heroku router -|(?:\S+\t){6}heroku/router)\sat=\S+ (.*)$"
)
_HEROKU_LINE = re.compile(HEROKU_ROUTER.replace("(.*)$", ".*\\bmethod=").encode())
# What an app's line starts with in the same three layouts (app[web.1], app web.1, app/web.1).
HEROKU_APP_PREFIX = (
    r"^([0-9]+\s)?(<[0-9]+>1 )?[0-9]{4}-\S+\s"
    r"(app\[[^] ]+\]:|host app \S+ -|(?:\S+\t){6}app/\S+)\s"
)
_HEROKU_APP = re.compile(HEROKU_APP_PREFIX.encode())
# A Cloud Storage usage log's header (https://cloud.google.com/storage/docs/access-logs), and
# its fields when a file has none.
_GCS_HEADER = re.compile(rb'"time_micros","c_ip",')
GCS_FIELDS = (
    "time_micros", "c_ip", "c_ip_type", "c_ip_region", "cs_method", "cs_uri", "sc_status",
    "cs_bytes", "sc_bytes", "time_taken_micros", "cs_host", "cs_referer", "cs_user_agent",
    "s_request_id", "cs_operation", "cs_bucket", "cs_object",
)  # fmt: skip
# An ALB access log line: type, an ISO 8601 time, the load balancer, client:port.
_ALB_LINE = re.compile(rb"[a-z0-9]+ \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z \S+ \S+:\d+ ")
# A Classic Load Balancer's: no type; the time, the load balancer, client:port, backend:port
# (``-`` when no instance answered).
_ELB_LINE = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z \S+ \S+:\d+ (\S+:\d+|-) ")
# An S3 server access log line: bucket owner, bucket, [time], remote IP, requester, request
# id, then the operation (SOAP.x, REST.GET.OBJECT, WEBSITE.GET.OBJECT, BATCH.DELETE.OBJECT,
# S3.EXPIRE.OBJECT...). A combined line has its "[" one field later, and no operation.
_S3_LINE = re.compile(
    rb"\S+ \S+ \[\d\d/[A-Za-z]{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] \S+ \S+ \S+ "
    rb"(REST|WEBSITE|SOAP|BATCH|S3)\.[A-Za-z_.]+ "
)
# A key of a JSON object, as text (a record cut by the peek window, or pretty-printed).
_JSON_KEY = re.compile(rb'"([A-Za-z_(@][A-Za-z0-9_()-]*)"\s*:')


def _json_keys(line: bytes) -> set[str]:
    """The keys of a JSON line; of one cut by the peek window, the known keys found as text."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # nested past Python's limit
        return {m.decode() for m in _JSON_KEY.findall(line)}
    if isinstance(record, list) and record:  # a drain's JSON batch: its first entry
        record = record[0]
    return set(record) if isinstance(record, dict) else set()


def _json_kind(line: bytes) -> str:
    """``cloudfront-json`` for a CloudFront standard logging (v2) JSON record, ``cloudflare``
    for a Logpush ``http_requests`` one, ``vercel`` or ``netlify`` for a log drain's entry,
    ``gcp`` for a Cloud Logging entry, ``azure`` for an Azure resource log record,
    ``traefik`` for a Traefik access log's, ``envoy-json`` for Envoy's (Istio's keys), else
    ``caddy``."""
    keys = _json_keys(line)
    kinds = (
        (CLOUDFRONT_JSON, CLOUDFRONT_KEYS), (CLOUDFLARE, CLOUDFLARE_KEYS),
        (VERCEL, VERCEL_KEYS), (NETLIFY, NETLIFY_KEYS), (GCP, GCP_KEYS), (AZURE, AZURE_KEYS),
        (TRAEFIK, TRAEFIK_KEYS), (ENVOY_JSON, ENVOY_KEYS),
    )  # fmt: skip
    return next((kind for kind, known in kinds if len(keys & known) >= 2), "caddy")


# Keys every line of Caddy's logs has (its access log's and its other loggers').
_CADDY_KEYS = frozenset({"ts", "logger"})


def _json_log_kind(head: bytes) -> str:
    """The format of a log of JSON lines: its first line's, or, when that line is no known
    format's and no Caddy log's (a proxy's own message before its access log, as Traefik
    writes both to one output), the first later line's that is."""
    for raw in head.removeprefix(BOM).split(b"\n"):
        line = raw.strip()
        if not line.startswith((b"{", b"[{")):
            continue
        kind = _json_kind(line)
        if kind != "caddy":
            return VERCEL_JSON if kind == VERCEL and line.startswith(b"[") else kind
        if _json_keys(line) & _CADDY_KEYS:
            return kind
    return "caddy"


def first_line(head: bytes) -> bytes:
    return next((r.strip() for r in head.removeprefix(BOM).split(b"\n") if r.strip()), b"")


def _w3c_kind(head: bytes) -> str:
    """A log that starts with W3C ``#`` directives: CloudFront's when its records are
    tab-separated (or, with no record yet, when its fields are CloudFront's ``x-edge-*``),
    else the space-separated W3C extended format of IIS and Azure App Service."""
    fields: tuple[str, ...] = ()
    for raw in head.removeprefix(BOM).split(b"\n"):
        line = raw.strip(b"\r")
        if line.startswith(FIELDS):
            fields = fields or fields_of(line)
        elif line.strip() and not line.startswith(b"#"):
            return "cloudfront" if b"\t" in line else W3C
    return "cloudfront" if any(f.startswith("x-edge") for f in fields) or not fields else W3C


def gcp_array(head: bytes, forced: bool = False) -> bool:
    """The content is one JSON array of Cloud Logging entries (``gcloud logging read
    --format=json`` writes it pretty-printed: its first line is ``[`` alone; ``[]`` when no
    entry matched); with ``forced`` (``--format gcp``), any content that starts with ``[``."""
    text = head.removeprefix(BOM).lstrip()
    if not text.startswith(b"["):
        return False
    keys = {m.decode() for m in _JSON_KEY.findall(text[:4096])}
    return forced or text.rstrip() == b"[]" or len(keys & GCP_KEYS) >= 2


def detect(head: bytes) -> str:
    """The format of a log from its first bytes: Parquet or JSON lines of CloudFront, Cloudflare
    Logpush, Vercel (NDJSON, or a JSON array per line) or Netlify log drains, Google Cloud
    Logging, Azure resource logs, Traefik or Caddy JSON, a JSON array of Cloud Logging
    entries, CloudFront or IIS W3C, Amplify's CSV, HAProxy's HTTP log, an ALB, Classic Load
    Balancer or S3 server access log, Envoy's or Heroku's router log, else combined."""
    if head.startswith(PARQUET_MAGIC):
        return CLOUDFRONT_PARQUET
    if gcp_array(head):
        return GCP_ARRAY
    lines = (raw.strip() for raw in head.removeprefix(BOM).split(b"\n"))
    scanned = [line for line in lines if line][:SCANNED]
    # Heroku's log mixes the router's lines with the app's (which may be a combined log: the
    # router's are the visitors' requests, the app's its internal ones).
    # When the app's lines are its own combined access log (which, unlike the router's,
    # records the User-Agent), those are its requests.
    if any(_HEROKU_LINE.search(line) for line in scanned):
        return HEROKU_APP if any(_heroku_app_record(line) for line in scanned) else HEROKU
    for line in scanned:
        if line.startswith((b"{", b"[{")):
            return _json_log_kind(head)
        if line.startswith(b"#") and (FIELDS in head or line.startswith(b"#Version:")):
            return _w3c_kind(head)
        if line.count(b"\t") >= 10:
            return "cloudfront"
        kind = _line_kind(line)
        if kind:
            return kind
    return "combined"


# The start of the combined log format's time ("[10/Oct/2000:"; POSIX-style: read by Python
# and DuckDB), and a combined (or common) log line: the time with its offset, then the request.
CLF_TIME = r"\[[0-9]{2}/[A-Z][a-z]{2}/[0-9]{4}:"
_COMBINED_LINE = re.compile(rf'{CLF_TIME}[0-9:]{{8}} [+-][0-9]{{4}}\] "'.encode())
SCANNED = 50  # first non-empty lines a text log (and its wrapper) is told by


def _heroku_app_record(line: bytes) -> bool:
    """``line`` is an app's line of a Heroku log holding a combined log record."""
    match = _HEROKU_APP.match(line)
    return match is not None and _COMBINED_LINE.search(line, match.end()) is not None


def _line_kind(line: bytes) -> str:
    """The format whose record ``line`` is, ``combined`` for a combined line, else ``""``: a
    server's message before its first record (HAProxy's "Proxy x started.", nginx's start-up
    notices) is passed over to tell the format."""
    kinds = ((AMPLIFY, _AMPLIFY_HEADER.match), (GCS, _GCS_HEADER.match),
             (HAPROXY, _HAPROXY_LINE.search),
             (ALB, _ALB_LINE.match), (S3, _S3_LINE.match), (ELB, _ELB_LINE.match),
             (ENVOY, _ENVOY_LINE.search), ("combined", _COMBINED_LINE.search))  # fmt: skip
    return next((kind for kind, test in kinds if test(line)), "")


def amplify_fields(head: bytes) -> tuple[str, ...]:
    """The field names of an Amplify access log's header (its first line), unescaped."""
    text = first_line(head).decode("ascii", "replace")
    return tuple(name.replace("\\", "") for name in text.split(","))


def gcs_fields(head: bytes) -> tuple[str, ...]:
    """The field names of a Cloud Storage usage log's header (its first line), else the
    documented ones."""
    line = first_line(head)
    if not _GCS_HEADER.match(line):
        return GCS_FIELDS
    return tuple(name.strip('"') for name in line.decode("utf-8", "replace").split(","))


def fields_of(line: bytes | str) -> tuple[str, ...]:
    """The field names of a ``#Fields:`` line."""
    text = line.decode("ascii", "replace") if isinstance(line, bytes) else line
    return tuple(text[len("#Fields:") :].split())


def haproxy_agent_capture(head: bytes) -> int:
    """Which of HAProxy's captured request headers holds the User-Agent (``capture request
    header User-Agent``): the position in the first ``{...}`` whose values most often start
    with ``Mozilla/`` (every browser's do), or -1 when none does (not captured). Only lines
    that are HAProxy's HTTP log lines are read, each split once (linear in the head's size)."""
    seen: dict[int, int] = {}
    for line in head.split(b"\n"):
        match = _HAPROXY_LINE.search(line)
        if match is None:
            continue
        # After the status: bytes, two cookies, termination state, connections, queues, then
        # the captured request headers.
        fields = line[match.end() :].split(b" ", 6)
        if len(fields) < 7 or not fields[6].startswith(b"{"):
            continue
        end = fields[6].find(b"}")
        if end < 0:
            continue
        for index, value in enumerate(fields[6][1:end].split(b"|")):
            if value.startswith(b"Mozilla/"):
                seen[index] = seen.get(index, 0) + 1
    return max(seen, key=lambda i: (seen[i], -i)) if seen else -1
