"""The known-truth requests of ``analytics_logs`` written the way real hosts write them.

nginx with fields appended, Apache's ``vhost_combined`` and its ``\\"`` escapes, CRLF line ends
and a byte-order mark; Caddy before 2.5 (``remote_addr`` with a port), with ISO or millisecond
times and other loggers' lines in between; CloudFront with User-Agents encoded twice, a second
``#Fields`` block (another number of fields, or the same fields in another order), and its
standard logging (v2) deliveries as JSON lines and as Parquet (written by DuckDB's ``COPY``).
The labels of the requests stay the truth.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Sequence
from datetime import timedelta, timezone
from pathlib import Path
from urllib.parse import quote

from analytics_logs import CLOUDFRONT_HEADER, Request, caddy_line, cloudfront_line, combined_line

COMBINED_VARIANTS = (
    "nginx-extra", "vhost", "apache-escapes", "crlf", "bom", "bare-cr",
    "syslog-nginx", "syslog-fastly", "syslog-rfc5424",
)  # fmt: skip
CADDY_VARIANTS = ("caddy-before-2.5", "caddy-iso", "caddy-millis", "caddy-interleaved")
CLOUDFRONT_VARIANTS = ("cloudfront-double-encoded", "cloudfront-two-blocks", "cloudfront-reordered")
# standard logging (v2) deliveries -> the format the import names
CLOUDFRONT_V2 = {
    "cloudfront-v2-json": "cloudfront-json",
    "cloudfront-v2-parquet": "cloudfront-parquet",
}
# Cloudflare Logpush http_requests (JSON lines, gzipped as delivered) in each timestamp_format,
# with a job's subset of fields, and with a Worker's subrequests in between; AWS ALB access logs.
CLOUDFLARE_VARIANTS = (
    "cloudflare-unixnano", "cloudflare-unix", "cloudflare-rfc3339", "cloudflare-subset",
    "cloudflare-workers",
)  # fmt: skip
ALB_VARIANTS = ("alb",)
# Vercel and Netlify log drains (NDJSON, with builds' and functions' lines in between; Vercel's
# gzipped), AWS Classic Load Balancer logs (plain, as delivered): the format each is read as.
DRAIN_VARIANTS = {"vercel": "vercel", "netlify": "netlify", "elb": "elb"}
VARIANTS = (
    COMBINED_VARIANTS
    + CADDY_VARIANTS
    + CLOUDFRONT_VARIANTS
    + tuple(CLOUDFRONT_V2)
    + CLOUDFLARE_VARIANTS
    + ALB_VARIANTS
    + tuple(DRAIN_VARIANTS)
)
# lines that are no request (CloudFront's # lines, Caddy's other loggers), per variant
EXTRA_LINES = {
    "cloudfront-double-encoded": 2,
    "cloudfront-two-blocks": 4,
    "cloudfront-reordered": 4,
}
CADDY_RUNTIME = (
    '{"level":"info","ts":1714557600.5,"logger":"tls.cache.maintenance","msg":"started '
    'background certificate maintenance","cache":"0xc0001a2b80"}\n'
)
CADDY_ERROR = (
    '{"level":"error","ts":1714557601.25,"logger":"http.log.error","msg":"open /srv/x: no such '
    'file or directory","request":{"remote_ip":"10.9.9.9","remote_port":"40000","client_ip":'
    '"10.9.9.9","proto":"HTTP/2.0","method":"GET","host":"docs.example.com","uri":"/x",'
    '"headers":{"User-Agent":["curl/8.11.0"]}},"duration":0.0003,"status":404,"err_id":"x1"}\n'
)
# another layout than CLOUDFRONT_HEADER's, as a second delivery may have
SHORT_ORDER = ("c-ip", "date", "time", "cs-method", "cs-uri-stem", "sc-status", "cs(User-Agent)")
# CLOUDFRONT_HEADER's fields in another order: as many, so their number cannot tell them apart
REORDERED = tuple(reversed(CLOUDFRONT_HEADER.split("#Fields: ")[1].split()))


def _combined(r: Request, i: int, variant: str) -> str:
    line = combined_line(r, i)
    if variant == "nginx-extra":  # $request_time $upstream_response_time "$http_x_forwarded_for"
        return line[:-1] + f' 0.{i % 1000:03d} - "{r.ip}, 10.0.0.{i % 7}"\n'
    if variant == "vhost":  # Apache's %v:%p %h %l %u %t ..., or nginx's $host $remote_addr ...
        return f"docs.example.com{(':443', ':80', '')[i % 3]} {line}"
    if variant == "apache-escapes" and r.ua != "-":  # Apache writes " and \ as \" and \\
        head, _, _ = line.rpartition(' "https://docs.example.com/" ')
        ua = r.ua + ' \\"x\\" \\\\'
        return f'{head} "https://docs.example.com/?q=\\"a b\\"" "{ua}"\n'
    if variant == "crlf":
        return line[:-1] + "\r\n"
    # Sent through syslog: nginx's access_log syslog:server=... (RFC 3164, the local time of a
    # host without its zone), Fastly's real-time log streaming (its default header: an ISO time,
    # the cache node, the endpoint's name), rsyslog's RFC 5424 forwarding.
    if variant == "syslog-nginx":
        stamp = r.ts.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1)
        return f"<190>{stamp} web{i % 3} nginx: {line}"
    if variant == "syslog-fastly":
        stamp = r.ts.strftime("%Y-%m-%dT%H:%M:%SZ")
        return f"<134>{stamp} cache-fra{19000 + i % 40} docs-logs[{3000 + i % 9}]: {line}"
    if variant == "syslog-rfc5424":
        stamp = r.ts.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        return f"<134>1 {stamp} web{i % 3} nginx {900 + i % 5} - - {line}"
    if variant == "bare-cr" and i % 7 == 0:  # a CR alone (nginx escape=none) ends no line
        return line.replace('"https://docs.example.com/"', '"https://docs.example.com/\rx"')
    return line


def _caddy(r: Request, i: int, variant: str) -> str:
    entry = json.loads(caddy_line(r))
    request = entry["request"]
    if variant == "caddy-before-2.5":
        del request["client_ip"], request["remote_port"], request["remote_ip"]
        host = f"[{r.ip}]" if ":" in r.ip else r.ip
        request["remote_addr"] = f"{host}:{40000 + i % 20000}"
    elif variant == "caddy-iso":  # time_format iso8601 in the server's zone
        zone = timezone(timedelta(hours=-5))
        entry["ts"] = r.ts.astimezone(zone).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "-0500"
    elif variant == "caddy-millis":  # time_format unix_milli_float
        entry["ts"] = r.ts.timestamp() * 1000 + 0.25
    if r.status >= 500:
        entry["level"] = "error"
    line = json.dumps(entry, separators=(",", ":")) + "\n"
    if variant == "caddy-interleaved" and i % 50 == 0:
        return CADDY_RUNTIME + line + CADDY_ERROR
    return line


def _cloudfront(r: Request, variant: str, layout: Sequence[str] | None) -> str:
    if layout is None:
        line = cloudfront_line(r)
        if variant == "cloudfront-double-encoded":
            line = line.replace("%20", "%2520")
        return line
    path, _, query = r.target.partition("?")
    ua = quote(r.ua, safe="/();:+,.-_") if r.ua != "-" else "-"
    values = {
        "date": r.ts.strftime("%Y-%m-%d"), "time": r.ts.strftime("%H:%M:%S"), "c-ip": r.ip,
        "cs-method": r.method, "cs-uri-stem": path, "sc-status": str(r.status),
        "cs(User-Agent)": ua, "cs-uri-query": query or "-",
    }  # fmt: skip
    return "\t".join(values.get(name, "-") for name in layout) + "\n"


def _v2_record(r: Request) -> dict[str, str]:
    """A request as CloudFront standard logging (v2) records it: the W3C fields by name, every
    value text, the path and User-Agent URL-encoded."""
    path, _, query = r.target.partition("?")
    return {
        "date": r.ts.strftime("%Y-%m-%d"), "time": r.ts.strftime("%H:%M:%S"),
        "x-edge-location": "FRA56-P1", "sc-bytes": "512", "c-ip": r.ip, "cs-method": r.method,
        "cs(Host)": "d111111abcdef8.cloudfront.net", "cs-uri-stem": quote(path, safe="/"),
        "sc-status": str(r.status), "cs(Referer)": "-",
        "cs(User-Agent)": quote(r.ua, safe="/();:+,.-_") if r.ua != "-" else "-",
        "cs-uri-query": query or "-", "x-edge-result-type": "Hit",
        "timestamp(ms)": str(int(r.ts.timestamp() * 1000)),
    }  # fmt: skip


def _write_parquet(path: Path, requests: Sequence[Request]) -> Path:
    """The Parquet delivery: the fields with ``_`` for their punctuation (``c_ip``,
    ``cs_user_agent``, ``timestamp_ms``), as text; this one without ``date`` and ``time``."""
    import duckdb

    names = [n for n in _v2_record(requests[0]) if n not in ("date", "time")]
    columns = {re.sub(r"[^a-z0-9]+", "_", n.lower()).strip("_"): n for n in names}
    rows = [_v2_record(r) for r in requests]
    con = duckdb.connect()
    listed = ", ".join(f"unnest(?::VARCHAR[]) AS {c}" for c in columns)
    con.execute(
        f"CREATE TABLE v2 AS SELECT {listed}", [[row[n] for row in rows] for n in columns.values()]
    )
    con.execute(f"COPY v2 TO '{path}' (FORMAT parquet)")
    con.close()
    return path


def _cloudflare(r: Request, i: int, variant: str) -> str:
    """A request as Logpush's http_requests dataset records it (the fields a job chose)."""
    stamp: object = int(r.ts.timestamp() * 1e9) + i  # unixnano: the API's default
    if variant == "cloudflare-unix":
        stamp = int(r.ts.timestamp())
    elif variant == "cloudflare-rfc3339":  # the dashboard's default
        stamp = r.ts.strftime("%Y-%m-%dT%H:%M:%SZ")
    record = {
        "ClientIP": r.ip, "ClientRequestHost": "docs.example.com",
        "ClientRequestMethod": r.method, "ClientRequestURI": r.target,
        "ClientRequestUserAgent": "" if r.ua == "-" else r.ua, "EdgeEndTimestamp": stamp,
        "EdgeResponseBytes": 512, "EdgeResponseStatus": r.status, "EdgeStartTimestamp": stamp,
        "RayID": f"{i:016x}", "ClientRequestSource": "eyeball",
    }  # fmt: skip
    if variant == "cloudflare-subset":  # ClientRequestPath in place of the URI, no start time
        record = {
            "EdgeEndTimestamp": stamp, "ClientRequestPath": r.target.partition("?")[0],
            "ClientRequestUserAgent": record["ClientRequestUserAgent"], "ClientIP": r.ip,
            "EdgeResponseStatus": r.status, "ClientRequestMethod": r.method,
        }  # fmt: skip
    line = json.dumps(record, separators=(",", ":")) + "\n"
    if variant == "cloudflare-workers" and i % 10 == 0:  # the site's Worker fetched it again
        sub = record | {"ClientIP": "2a06:98c0:3600::103", "ClientRequestSource": "edgeWorkerFetch"}
        line += json.dumps(sub, separators=(",", ":")) + "\n"
    return line


def _alb(r: Request, i: int) -> str:
    """A request as an Application Load Balancer logs it: its listener's type, the client with
    its port (IPv6 with or without brackets), the absolute URL; older lines end earlier."""
    kind, port = (("http", 80), ("https", 443), ("h2", 443))[i % 3]
    client = f"[{r.ip}]" if ":" in r.ip and i % 2 else r.ip
    ua = r.ua if r.ua != "-" else "-"
    line = (
        f"{kind} {r.ts.strftime('%Y-%m-%dT%H:%M:%S')}.{i % 1000000:06d}Z "
        f"app/docs-lb/50dc6c495c0c9188 {client}:{2000 + i % 60000} 10.0.0.1:80 0.000 0.001 "
        f'0.000 {r.status} {r.status} 34 366 "{r.method} https://docs.example.com:{port}'
        f'{r.target} HTTP/{"2.0" if kind == "h2" else "1.1"}" "{ua}" '
        "ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 "
        "arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/docs/73e2d6bc24d8a067 "
        f'"Root=1-58337262-36d228ad5d99923122bbe{i:03x}" "docs.example.com" "-" 0 '
        f'{r.ts.strftime("%Y-%m-%dT%H:%M:%S")}.000000Z "forward" "-" "-"'
    )
    if i % 2:  # the fields added since 2021
        line += ' "10.0.0.1:80" "200" "-" "-" TID_1a2b3c "-" "-" "-"'
    return line + "\n"


def _vercel(r: Request, i: int) -> str:
    """A request as a Vercel Log Drains entry: a static file's, or every 7th a function's (with
    its output after it: one more entry of the request, and a line without proxy); a build's
    output first."""
    ms = int(r.ts.timestamp() * 1000) + i % 1000
    proxy = {
        "timestamp": ms, "method": r.method, "host": "docs.example.com", "path": r.target,
        "userAgent": [] if r.ua == "-" else [r.ua], "referer": "", "region": "fra1",
        "statusCode": r.status, "clientIp": r.ip, "scheme": "https", "vercelCache": "HIT",
    }  # fmt: skip
    entry = {
        "id": f"{ms}{i:012d}", "deploymentId": "dpl_233NRGRjVZX1caZrXWtz5g1TAksD",
        "source": "static", "host": "docs-abc123.vercel.app", "timestamp": ms + 3,
        "projectId": "gdufoJxB6b9b1fEqr1jUtFkyavUU", "level": "info", "proxy": proxy,
    }  # fmt: skip
    lines = []
    if i == 0:
        build = {k: entry[k] for k in ("deploymentId", "projectId", "host", "timestamp")}
        build |= {"source": "build", "buildId": "bld_cotnkcr76", "type": "stdout", "level": "info"}
        lines.append(build | {"id": "b1", "message": "Build completed successfully"})
    if i % 7 == 0:
        entry |= {"source": "lambda", "requestId": f"req-{i}", "entrypoint": "api/page.js"}
        output = {"id": f"{entry['id']}1", "message": "rendered"}  # each entry has its own id
        lines += [entry, entry | output]
        lines.append({k: v for k, v in entry.items() if k != "proxy"} | output | {"id": "x"})
    else:
        lines.append(entry)
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


def _netlify(r: Request, i: int) -> str:
    """A request as a Netlify Log Drains traffic record; every 9th after a function's record."""
    record = {
        "account_id": "5f1a2b3c4d5e6f7a8b9c0d1e", "client_ip": r.ip, "content_type": "text/html",
        "deploy_id": "65a1b2c3d4e5f6a7b8c9d0e1", "duration": 3, "log_type": "traffic",
        "method": r.method, "referrer": "", "request_id": f"01HQ{i:022d}", "response_size": 512,
        "site_id": "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d", "status_code": r.status,
        "timestamp": r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i % 1000:03d}Z", "url": r.target,
        "user_agent": "" if r.ua == "-" else r.ua,
    }  # fmt: skip
    line = json.dumps(record, separators=(",", ":")) + "\n"
    if i % 9 == 0:
        function = {k: record[k] for k in ("account_id", "deploy_id", "site_id", "timestamp")}
        function |= {"log_type": "functions", "function_name": "search", "level": "INFO"}
        line = json.dumps(function | {"message": "ok"}) + "\n" + line
    return line


def _elb(r: Request, i: int) -> str:
    """A request as a Classic Load Balancer logs it (HTTP and HTTPS listeners)."""
    scheme, port, tls = (("http", 80, "- -"), ("https", 443, "ECDHE-RSA-AES128-SHA TLSv1.2"))[i % 2]
    return (
        f"{r.ts.strftime('%Y-%m-%dT%H:%M:%S')}.{i % 1000000:06d}Z docs-lb {r.ip}:{2000 + i} "
        f"10.0.0.1:80 0.000073 0.001048 0.000057 {r.status} {r.status} 0 29 "
        f'"{r.method} {scheme}://docs.example.com:{port}{r.target} HTTP/1.1" "{r.ua}" {tls}\n'
    )


def drain_extra(requests: Sequence[Request], variant: str) -> int:
    """How many lines that are no request a drain variant adds."""
    if variant == "vercel":  # the build's line, each function's second entry and output line
        return 1 + 2 * len(range(0, len(requests), 7))
    return len(range(0, len(requests), 9)) if variant == "netlify" else 0


def workers_extra(requests: Sequence[Request]) -> int:
    """How many Worker subrequests ``cloudflare-workers`` adds."""
    return len(range(0, len(requests), 10))


def interleaved_extra(requests: Sequence[Request]) -> int:
    """How many other loggers' lines ``caddy-interleaved`` adds."""
    return 2 * len(range(0, len(requests), 50))


def write_variant(path: Path, requests: Sequence[Request], variant: str) -> Path:
    if variant == "cloudfront-v2-parquet":
        return _write_parquet(path, requests)
    if variant == "cloudfront-v2-json":
        text = "".join(json.dumps(_v2_record(r), separators=(",", ":")) + "\n" for r in requests)
        path.write_bytes(gzip.compress(text.encode(), mtime=0))  # delivered gzipped
        return path
    if variant in DRAIN_VARIANTS:
        write = {"vercel": _vercel, "netlify": _netlify, "elb": _elb}[variant]
        data = "".join(write(r, i) for i, r in enumerate(requests)).encode()
        path.write_bytes(gzip.compress(data, mtime=0) if variant == "vercel" else data)
        return path
    if variant in CLOUDFLARE_VARIANTS or variant in ALB_VARIANTS:  # delivered gzipped
        text = "".join(
            _alb(r, i) if variant in ALB_VARIANTS else _cloudflare(r, i, variant)
            for i, r in enumerate(requests)
        )
        path.write_bytes(gzip.compress(text.encode(), mtime=0))
        return path
    lines: list[str] = []
    if variant in CLOUDFRONT_VARIANTS:
        lines.append(CLOUDFRONT_HEADER)
    half = len(requests) // 2
    for i, r in enumerate(requests):
        if variant in CADDY_VARIANTS:
            lines.append(_caddy(r, i, variant))
        elif variant in CLOUDFRONT_VARIANTS:
            second = variant in ("cloudfront-two-blocks", "cloudfront-reordered") and i >= half
            layout = REORDERED if variant == "cloudfront-reordered" else SHORT_ORDER
            if second and i == half:  # a second delivery appended, with its own layout
                lines.append("#Version: 1.0\n#Fields: " + " ".join(layout) + "\n")
            lines.append(_cloudfront(r, variant, layout if second else None))
        else:
            lines.append(_combined(r, i, variant))
    text = "".join(lines)
    data = text.encode()
    path.write_bytes(b"\xef\xbb\xbf" + data if variant == "bom" else data)
    return path


def rotated_series(folder: Path, requests: Sequence[Request]) -> list[Path]:
    """logrotate's series: access.log.2.gz (oldest), access.log.1, access.log (newest)."""
    third = len(requests) // 3
    parts = [requests[:third], requests[third : 2 * third], requests[2 * third :]]
    names = ["access.log.2.gz", "access.log.1", "access.log"]
    paths = []
    for name, part in zip(names, parts, strict=True):
        data = "".join(combined_line(r, i) for i, r in enumerate(part)).encode()
        path = folder / name
        path.write_bytes(gzip.compress(data, mtime=0) if name.endswith(".gz") else data)
        paths.append(path)
    return paths
