"""The log drains of static hosts as DuckDB relations: Vercel's and Netlify's, one JSON object
per line (their ``ndjson`` format, as a drain's endpoint writes it to a file). A drain mixes
the requests it serves with other logs (builds, functions' output...): only the requests'
records are read as requests; the others are skipped as ``other-log``."""

from __future__ import annotations

from docgen.analytics.parse_base import OTHER_LOG, Parsed, epoch_or_iso, quote

# Vercel Log Drains (https://vercel.com/docs/drains/reference/logs): every entry has source,
# timestamp (Unix ms)...; a request's entry has a proxy object: timestamp (Unix ms), method,
# host, path (with the query), userAgent (an array of strings), referer, statusCode (-1: a
# background revalidation), clientIp... requestId identifies the request.
_VERCEL = (
    "$.source", "$.proxy.method", "$.proxy.path", "$.proxy.statusCode", "$.statusCode",
    "$.proxy.clientIp", "$.proxy.userAgent[0]", "$.proxy.userAgent", "$.proxy.timestamp",
    "$.timestamp", "$.requestId", "$.proxy", "$.edgeType", "$.type",
)  # fmt: skip
# The sources whose entries with a proxy object are a visitor's request: static files,
# functions (edge or serverless), external rewrites, redirect rules. A build's output has no
# proxy; a firewall entry is the firewall's record of a request (logged by its own source if it
# was served); a middleware run precedes the request's own entry.
VERCEL_REQUESTS = ("static", "edge", "lambda", "external", "redirect")


def _is_request(j: str, at: tuple[int, int, int, int]) -> str:
    """SQL: the entry ``j`` (source, proxy, edgeType and type at ``at``) is a request's."""
    source, proxy, edge, kind = (f"{j}[{i}]" for i in at)
    kinds = ", ".join(quote(k) for k in VERCEL_REQUESTS)
    return (
        f"coalesce({source} IN ({kinds}) AND starts_with({proxy}, '{{') "
        f"AND coalesce({edge}, '') <> 'middleware' "
        f"AND NOT starts_with(coalesce({kind}, ''), 'middleware'), false)"
    )


def vercel(source: str) -> Parsed:
    """Vercel Log Drains entries, one JSON object per line. A request is an entry of one of
    :data:`VERCEL_REQUESTS` with a ``proxy`` object that is no middleware's (``edgeType`` /
    ``type`` middleware); a function may log several entries for one request: all but the
    first (the least ``id``) of one ``requestId`` are its output (``other-log``), as are
    builds' and functions' messages without a proxy. The status is ``proxy.statusCode`` (else
    the entry's ``statusCode``), the time ``proxy.timestamp`` (else ``timestamp``), the
    User-Agent the first of ``proxy.userAgent`` (an array; a string is read too)."""
    listed = ", ".join(quote(p) for p in (*_VERCEL, "$.id"))
    keys = ", ".join(quote(p) for p in ("$.source", "$.proxy", "$.edgeType", "$.type"))
    # The requests of several entries, found in a first scan that keeps only them (a window
    # over the whole file would hold every entry in memory).
    repeated = f"""
    SELECT k[5] AS rid, min(k[6]) FILTER (WHERE request) AS first
    FROM (SELECT k, {_is_request("k", (1, 2, 3, 4))} AS request
          FROM (SELECT try(json_extract_string(line, [{keys}, '$.requestId', '$.id'])) AS k
                FROM {source}))
    GROUP BY k[5] HAVING k[5] IS NOT NULL AND count(*) FILTER (WHERE request) > 1"""
    relation = f"""
    SELECT j AS raw, j[2] AS method, j[3] AS target,
           TRY_CAST(coalesce(j[4], j[5]) AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND j[3] IS NOT NULL, false) AS ok,
           false AS comment,
           CASE WHEN j[1] IS NULL THEN NULL
                WHEN NOT {_is_request("j", (1, 12, 13, 14))} THEN {OTHER_LOG}
                WHEN r.first IS NOT NULL AND j[15] IS DISTINCT FROM r.first THEN {OTHER_LOG}
           END AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source}) e
         LEFT JOIN ({repeated}) r ON r.rid = e.j[11]"""
    # userAgent is an array: its first string; [] (none sent) is an empty one
    ua = "coalesce(raw[7], CASE WHEN starts_with(raw[8], '[') THEN '' ELSE raw[8] END)"
    return Parsed(relation, "raw[6]", epoch_or_iso("coalesce(raw[9], raw[10])"), ua)


# Netlify Log Drains (https://docs.netlify.com/manage/monitoring/log-drains/): each record
# says its log type; the site traffic log's ("traffic") track visitors' requests for assets
# and pages: client_ip, method, url, status_code, user_agent, timestamp (RFC 3339)...
_NETLIFY = (
    "$.log_type", "$.method", "$.url", "$.status_code", "$.client_ip", "$.user_agent",
    "$.timestamp",
)  # fmt: skip


def netlify(source: str) -> Parsed:
    """Netlify Log Drains records, one JSON object per line. Only ``log_type`` ``traffic``
    records are requests; function, edge function, deploy and WAF records are ``other-log``.
    ``url`` is the path (an absolute URL is read too)."""
    listed = ", ".join(quote(p) for p in _NETLIFY)
    relation = f"""
    SELECT j AS raw, j[2] AS method, j[3] AS target, TRY_CAST(j[4] AS INTEGER) AS status,
           coalesce(j[1] IS NOT NULL AND j[2] IS NOT NULL AND j[3] IS NOT NULL, false) AS ok,
           false AS comment,
           CASE WHEN j[1] <> 'traffic' THEN {OTHER_LOG} END AS other
    FROM (SELECT try(json_extract_string(line, [{listed}])) AS j FROM {source})"""
    return Parsed(relation, "raw[5]", epoch_or_iso("raw[7]"), "raw[6]")
