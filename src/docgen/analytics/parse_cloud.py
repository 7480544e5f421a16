"""The request logs of cloud storage and serving as DuckDB relations: Amazon S3 server access
logs (a bucket's static website hosting, or its REST endpoint) and Google Cloud Logging's
HTTP request entries (Firebase Hosting, Cloud Run, Cloud Storage behind a load balancer, Cloud
Load Balancing), as JSON lines or as the JSON array ``gcloud logging read --format=json``
writes."""

from __future__ import annotations

from docgen.analytics.formats import GCP_ARRAY, GCS_FIELDS
from docgen.analytics.logfile import LogFile
from docgen.analytics.parse_base import INTERNAL, OTHER_LOG, Parsed, epoch_or_iso, quote, reader

# https://docs.aws.amazon.com/AmazonS3/latest/userguide/LogFormat.html: fields separated by
# spaces, the time in brackets, the request URI, referer and User-Agent in double quotes (or a
# bare "-"); fields AWS adds at the end over time (version id, host id, signature version,
# cipher, authentication type, host header, TLS version, access point ARN, acl required...)
# are not read.
_S3_FIELDS = ("time", "ip", "operation", "key", "uri", "status", "agent")  # the groups read
_QUOTED = '("[^"]*"|-)'
_S3_PATTERN = (  # owner bucket [time] ip requester id operation key uri status ... referer agent
    r"^\S+ \S+ \[([^\]]*)\] (\S+) \S+ \S+ (\S+) (\S+) "
    + _QUOTED
    + r' (\S+) \S+ \S+ \S+ \S+ \S+ (?:"[^"]*"|-) '
    + _QUOTED
)
# A user agent CloudFront fetches an origin with: S3 then logs CloudFront's edge servers, not
# the visitors (import CloudFront's own logs).
CLOUDFRONT_ORIGIN_AGENT = "Amazon CloudFront"


def s3(source: str) -> Parsed:
    """Amazon S3 server access logs. The operation says what was done: ``WEBSITE.GET.OBJECT``
    (the website endpoint) and ``REST.GET.OBJECT`` read an object, whose key (URL-encoded) is
    the path (an index document's key, ``guides/x/index.html``, is the page ``/guides/x``;
    the request URI of a path-style request starts with the bucket); the method is the
    operation's (``WEBSITE.HEAD.OBJECT`` is a ``HEAD``). A ``GET`` of anything but an object
    (``REST.GET.BUCKET``, ``REST.GET.ACL``, ``REST.GET.OBJECT_TAGGING``...) is no page;
    ``S3.*`` operations (lifecycle, log delivery) and CloudFront's requests to its origin are
    ``internal``."""
    # r: [time, ip, operation, key, uri, status, agent], the URI and agent without quotes.
    # Split on '"' (fast) when the URI, referer and agent are quoted: the fields before the URI
    # (1: owner ... key, the time's two halves among them), the URI (2), status ... (3), the
    # referer (4), the agent (6); else (a bare "-" among them) read by a regular expression.
    names = ", ".join(quote(n) for n in _S3_FIELDS)
    regex = f"regexp_extract(line, {quote(_S3_PATTERN)}, [{names}])"  # only where needed
    unquoted = "CASE WHEN {0} = '-' THEN '-' ELSE {0}[2:-2] END"
    slow = (
        f"[x.time, x.ip, x.operation, x.key, {unquoted.format('x.uri')}, x.status, "
        f"{unquoted.format('x.agent')}]"
    )
    fast = (
        "[trim(h[3] || ' ' || h[4], '[]'), h[5], h[8], h[9], s[2], "
        "split_part(trim(s[3]), ' ', 1), s[6]]"
    )
    quoted = "len(s) >= 7 AND len(h) = 10 AND starts_with(h[3], '[')"
    records = f"""
    SELECT CASE WHEN {quoted} THEN {fast} ELSE {slow} END AS r
    FROM (SELECT s, h, CASE WHEN NOT ({quoted}) THEN {regex} END AS x
          FROM (SELECT s, string_split(s[1], ' ') AS h, line
                FROM (SELECT line, string_split(line, '"') AS s FROM {source})))"""
    resource = "split_part(r[3], '.', 3)"
    method = "CASE WHEN starts_with(r[3], 'SOAP.') THEN 'SOAP' ELSE split_part(r[3], '.', 2) END"
    request = "split_part(r[5], ' ', 2)"  # the request URI's target, for an object without key
    relation = f"""
    SELECT [r[1], r[2], r[7]] AS raw, {method} AS method,
           CASE WHEN {resource} = 'OBJECT'
                THEN CASE WHEN r[4] NOT IN ('', '-') THEN '/' || r[4] ELSE {request} END
           END AS target,
           TRY_CAST(r[6] AS INTEGER) AS status, r[3] <> '' AS ok, false AS comment,
           CASE WHEN r[3] = '' THEN NULL
                WHEN starts_with(r[3], 'S3.') THEN {INTERNAL}
                WHEN r[7] = {quote(CLOUDFRONT_ORIGIN_AGENT)} THEN {INTERNAL}
           END AS other
    FROM ({records})"""
    ts = "try_strptime(raw[1], '%d/%b/%Y:%H:%M:%S %z')::TIMESTAMP"
    return Parsed(relation, "raw[2]", ts, "raw[3]")


# Cloud Logging's LogEntry (https://cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry)
# and its HttpRequest: requestMethod, requestUrl (scheme, host, path and query), status (a
# number), userAgent, remoteIp (IPv4 or IPv6, perhaps with a port), referer...; timestamp is
# RFC 3339 with 0, 3, 6 or 9 fractional digits, Z-normalized.
_GCP = (
    "$.httpRequest.requestMethod", "$.httpRequest.requestUrl", "$.httpRequest.status",
    "$.httpRequest.remoteIp", "$.httpRequest.userAgent", "$.timestamp", "$.httpRequest",
)  # fmt: skip


def gcp_source(log: LogFile) -> str:
    """The lines of a JSON lines export, or the entries of a JSON array as lines."""
    if log.format != GCP_ARRAY:
        return reader(log)
    compression = quote("gzip" if log.gzip else "none")
    return (
        f"(SELECT json::VARCHAR AS line FROM read_json_objects({quote(str(log.path))}, "
        f"format = 'array', compression = {compression}))"
    )


def gcp(source: str) -> Parsed:
    """Google Cloud Logging entries. An entry without ``httpRequest`` (an application's own
    log line, an audit log) is ``other-log``. The path is that of ``requestUrl``; the time is
    the entry's ``timestamp``; a request without a User-Agent has no ``userAgent`` (a bot)."""
    listed = ", ".join(quote(p) for p in _GCP)
    relation = f"""
    SELECT j AS raw, j[1] AS method, j[2] AS target, TRY_CAST(j[3] AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND j[6] IS NOT NULL, false) AS ok,
           false AS comment,
           CASE WHEN j IS NOT NULL AND j[7] IS NULL THEN {OTHER_LOG} END AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    return Parsed(relation, "raw[4]", epoch_or_iso("raw[6]"), "coalesce(raw[5], '')")


# Azure Monitor resource logs of Azure Front Door (Standard/Premium: FrontDoorAccessLog; classic:
# FrontdoorAccessLog) and Azure CDN (AzureCdnAccessLog), as a diagnostic setting archives them to
# a storage account (one record per line): time (ISO 8601, 7 fractional digits), category,
# operationName, properties: httpMethod, requestUri (the absolute URL), httpStatusCode (text),
# clientIp, userAgent... (Azure CDN names them HttpMethod, RequestUri...; its origin shield
# logs a request again with isReceivedFromClient false).
_AZURE_PROPERTIES = ("httpMethod", "requestUri", "httpStatusCode", "clientIp", "userAgent")
AZURE_ACCESS_LOGS = ("frontdooraccesslog", "azurecdnaccesslog")


def azure(source: str) -> Parsed:
    """Azure Front Door and Azure CDN access logs (resource logs, JSON lines). A record of
    another category (the WAF's log, health probes) is ``other-log``; the category is compared
    whatever its case (``FrontDoorAccessLog``, ``FrontdoorAccessLog``). A record with
    ``isReceivedFromClient`` false is the origin shield's copy of an edge's request:
    ``internal``."""
    paths = ["$.category", "$.time", "$.properties.isReceivedFromClient"]
    for name in _AZURE_PROPERTIES:  # j[4..13]: each property camelCase, then PascalCase
        paths += [f"$.properties.{name}", f"$.properties.{name[0].upper()}{name[1:]}"]
    listed = ", ".join(quote(p) for p in paths)
    kinds = ", ".join(quote(k) for k in AZURE_ACCESS_LOGS)
    fields = ", ".join(f"coalesce(j[{4 + 2 * i}], j[{5 + 2 * i}])" for i in range(5))
    relation = f"""
    SELECT r AS raw, r[3] AS method, r[4] AS target, TRY_CAST(r[5] AS INTEGER) AS status,
           coalesce(r[3] IS NOT NULL AND r[4] IS NOT NULL AND r[2] IS NOT NULL, false) AS ok,
           false AS comment,
           CASE WHEN r[1] IS NOT NULL AND lower(r[1]) NOT IN ({kinds}) THEN {OTHER_LOG}
                WHEN r[8] = 'false' THEN {INTERNAL} END AS other
    FROM (SELECT [j[1], j[2], {fields}, j[3]] AS r
          FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source}))"""
    return Parsed(relation, "raw[6]", epoch_or_iso("raw[2]"), "coalesce(raw[7], '')")


def gcs(log: LogFile) -> Parsed:
    """Google Cloud Storage usage logs: one CSV file an hour, every field quoted, under a
    header of their names (read from ``log.fields``). The time is ``time_micros`` (Unix
    microseconds), the path ``cs_uri`` (a path-style request's starts with the bucket: taken
    off), the address ``c_ip``. A header line (files put together) is a ``header``."""
    names = log.fields[0] if log.fields else GCS_FIELDS
    at = {name: f"f[{i + 1}]" for i, name in enumerate(names)}
    ip, method, uri, status, host, agent, bucket, time = (
        at.get(n, "NULL")
        for n in ("c_ip", "cs_method", "cs_uri", "sc_status", "cs_host", "cs_user_agent",
                  "cs_bucket", "time_micros")
    )  # fmt: skip
    path_style = f"{host} <> {bucket} AND starts_with({uri}, '/' || {bucket} || '/')"
    relation = f"""
    SELECT [{time}, {ip}, replace({agent}, '""', '"')] AS raw, {method} AS method,
           CASE WHEN {path_style} THEN {uri}[length({bucket}) + 2:] ELSE {uri} END AS target,
           TRY_CAST({status} AS INTEGER) AS status,
           coalesce(len(f) = {len(names)}, false) AS ok,
           starts_with(line, '"time_micros"') AS comment, NULL::INTEGER AS other
    FROM (SELECT line, string_split(line[2:-2], '","') AS f FROM {reader(log)})"""
    return Parsed(relation, "raw[2]", epoch_or_iso("raw[1]"), "raw[3]")
