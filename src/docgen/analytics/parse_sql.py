"""The SQL that lets DuckDB read and split a log itself (in parallel, streamed, gzip included).

Each format becomes a relation (:class:`Parsed`); :func:`staging_sql` turns it into one row per
skip reason and, for page views, per (page, time, address, agent) with a count.
"""

from __future__ import annotations

from collections.abc import Sequence

from docgen.analytics.formats import (
    ALB,
    AMPLIFY,
    AZURE,
    CLOUDFLARE,
    CLOUDFRONT_JSON,
    CLOUDFRONT_PARQUET,
    ELB,
    ENVOY,
    ENVOY_JSON,
    GCP,
    GCP_ARRAY,
    GCS,
    HAPROXY,
    HEROKU,
    HEROKU_APP,
    NETLIFY,
    S3,
    TRAEFIK,
    VERCEL,
    W3C,
)
from docgen.analytics.logfile import LogFile
from docgen.analytics.parse_base import REASONS, Parsed, reader
from docgen.analytics.parse_cloud import azure, gcp, gcp_source, gcs, s3
from docgen.analytics.parse_cloudfront import cloudfront, cloudfront_json, cloudfront_parquet
from docgen.analytics.parse_drains import netlify, vercel
from docgen.analytics.parse_proxies import envoy, envoy_json, heroku, heroku_app
from docgen.analytics.parse_servers import (
    alb,
    caddy,
    cloudflare,
    combined,
    elb,
    haproxy,
    traefik,
)

__all__ = ["REASONS", "parsed", "staging_sql"]


def parsed(log: LogFile, columns: Sequence[str] = ()) -> Parsed:
    """The relation of ``log``; ``columns`` are a Parquet file's column names."""
    if log.format == CLOUDFRONT_PARQUET:
        return cloudfront_parquet(log, columns)
    if log.format in ("cloudfront", W3C, AMPLIFY):
        return cloudfront(log)
    if log.format == GCS:
        return gcs(log)
    if log.format in (GCP, GCP_ARRAY):
        return gcp(gcp_source(log))
    source = reader(log)
    if log.format == HAPROXY:
        return haproxy(source, log.agent_capture)
    by_format = {
        "combined": combined,
        CLOUDFRONT_JSON: cloudfront_json,
        CLOUDFLARE: cloudflare,
        ALB: alb,
        ELB: elb,
        VERCEL: vercel,
        NETLIFY: netlify,
        S3: s3,
        AZURE: azure,
        TRAEFIK: traefik,
        ENVOY: envoy,
        ENVOY_JSON: envoy_json,
        HEROKU: heroku,
        HEROKU_APP: heroku_app,
    }
    return by_format.get(log.format, caddy)(source)


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
                    WHEN other IS NOT NULL THEN other
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
