"""The known-truth requests of ``analytics_logs`` as more hosts of static sites log them: Azure
Front Door and Azure CDN (resource logs archived to a storage account, one record per line),
Vercel's ``json`` drain delivery (a JSON array of entries per request body, one body a line),
AWS Amplify Hosting's access log (CSV under a header line), and Traefik's access log (its
default common format, and json). The labels of the requests stay the truth.

Field names are those of each host's documentation or of its own code: Azure's from Microsoft's
Front Door monitoring page and the records of OpenTelemetry's azurelogs translator's test data;
Amplify's header and escapes from downloaded logs quoted by two projects that parse them;
Traefik's from ``pkg/middlewares/accesslog/logdata.go`` and its access-log page."""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from analytics_logs import Request, combined_line
from analytics_variants import drain_extra, write_variant

# variant -> the format the import names
EDGE_VARIANTS = {
    "azure-frontdoor": "azure", "azure-cdn": "azure", "vercel-json": "vercel-json",
    "amplify": "amplify", "traefik-clf": "combined", "traefik-json": "traefik",
    "syslog-file": "combined",
}  # fmt: skip
AMPLIFY_HEADER = (
    "date,time,x-edge-location,sc-bytes,c-ip,cs-method,cs\\(Host\\),cs-uri-stem,sc-status,"
    "cs\\(Referer\\),cs\\(User-Agent\\),cs-uri-query,cs\\(Cookie\\),x-edge-result-type,"
    "x-edge-request-id,x-host-header,cs-protocol,cs-bytes,time-taken,x-forwarded-for,"
    "ssl-protocol,ssl-cipher,x-edge-response-result-type,cs-protocol-version,fle-status,"
    "fle-encrypted-fields,c-port,time-to-first-byte,x-edge-detailed-result-type,"
    "sc-content-type,sc-content-len,sc-range-start,sc-range-end\n"
)
RESOURCE = "/SUBSCRIPTIONS/0000/RESOURCEGROUPS/DOCS/PROVIDERS/MICROSOFT.CDN/PROFILES/DOCS"


def azure_frontdoor(r: Request, i: int, **properties: object) -> dict[str, object]:
    """A Front Door access log record: Standard/Premium's category, or every other one the
    classic tier's (``FrontdoorAccessLog``, Microsoft.Network's operation)."""
    classic = i % 2 == 1
    return {
        "time": r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i % 10**7:07d}Z",
        "resourceId": RESOURCE,
        "category": "FrontdoorAccessLog" if classic else "FrontDoorAccessLog",
        "operationName": "Microsoft.Network/FrontDoor/AccessLog/Write"
        if classic
        else "Microsoft.Cdn/Profiles/AccessLog/Write",
        "properties": {
            "trackingReference": f"0n4crXgAAAAC{i:08d}", "httpMethod": r.method,
            "httpVersion": "2.0", "requestUri": f"https://docs.example.com:443{r.target}",
            "requestBytes": "710", "responseBytes": "3116", "userAgent": r.ua,
            "clientIp": r.ip, "clientPort": str(40000 + i), "socketIp": r.ip,
            "timeTaken": "0.003", "requestProtocol": "HTTPS", "securityProtocol": "TLS 1.3",
            "rulesEngineMatchNames": [], "httpStatusCode": str(r.status),
            "httpStatusDetails": str(r.status), "pop": "LON", "cacheStatus": "HIT",
            "errorInfo": "NoError", "routingRuleName": "default-route",
        } | properties,
    }  # fmt: skip


def azure_waf(i: int) -> dict[str, object]:
    """A record of the Front Door WAF's log (another category of the same setting)."""
    return {
        "time": f"2024-05-01T00:00:00.{i:07d}Z", "resourceId": RESOURCE,
        "category": "FrontDoorWebApplicationFirewallLog",
        "operationName": "Microsoft.Cdn/Profiles/WebApplicationFirewallLog/Write",
        "properties": {"clientIP": "10.9.9.9", "requestUri": "https://docs.example.com:443/",
                       "ruleName": "DefaultRuleSet-1.0-SQLI-942100", "action": "Log"},
    }  # fmt: skip


def azure_cdn(r: Request, i: int, from_client: bool = True) -> dict[str, object]:
    """An Azure CDN (classic) access log record: its properties are PascalCase."""
    return {
        "time": r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i % 10**7:07d}Z",
        "resourceId": RESOURCE, "category": "AzureCdnAccessLog",
        "operationName": "Microsoft.AzureCdn/Profiles/AccessLog",
        "properties": {
            "BackendHostName": "docs.blob.core.windows.net", "ClientIp": r.ip,
            "ClientPort": "0", "HttpMethod": r.method, "HttpVersion": "1.1.0.0",
            "HttpStatusCode": str(r.status), "HttpStatusDetails": str(r.status), "POP": "LON",
            "RequestBytes": "1234", "RequestUri": f"https://docs.example.com{r.target}",
            "ResponseBytes": "12345", "RoutingRuleName": "default-route",
            "RulesEngineMatchNames": [], "SecurityProtocol": "TLS 1.3",
            "isReceivedFromClient": from_client, "TimeTaken": "0.230",
            "TrackingReference": f"T{i}", "UserAgent": r.ua, "ErrorInfo": "NoError",
        },
    }  # fmt: skip


def amplify_row(r: Request, i: int) -> str:
    """A request as Amplify's CSV has it: CloudFront's fields, the User-Agent URL-encoded with
    its parentheses escaped and its commas left out."""
    path, _, query = r.target.partition("?")
    ua = "-"
    if r.ua != "-":
        ua = quote(r.ua.replace(",", ""), safe="/();:+.-_").replace("(", "\\(")
        ua = ua.replace(")", "\\)")
    fields = [
        r.ts.strftime("%Y-%m-%d"), r.ts.strftime("%H:%M:%S"), "SIN3-P3", "1667", r.ip,
        r.method, "d1abcdefghijk.cloudfront.net", path, str(r.status), "-", ua, query or "-",
        "-", "Miss", f"req{i}==", "docs.example.com", "https", "120", "0.01", "-", "TLSv1.3",
        "TLS_AES_128_GCM_SHA256", "Miss", "HTTP/2.0", "-", "-", str(40000 + i), "0.01", "Miss",
        "text/html", "1667", "-", "-",
    ]  # fmt: skip
    return ",".join(fields) + "\n"


def traefik_clf(r: Request, i: int) -> str:
    """Traefik's default access log: the combined format, then the request count, router,
    server URL and duration."""
    return combined_line(r, i).rstrip("\n") + (
        f' {i + 1} "docs@docker" "http://172.18.0.3:80" {i % 7 + 1}ms\n'
    )


def traefik_json(r: Request, i: int, **fields: object) -> str:
    """Traefik's json access log with the User-Agent header kept (absent: none was sent)."""
    stamp = r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i:09d}Z"
    record: dict[str, object] = {
        "ClientAddr": f"{r.ip}:{40000 + i}", "ClientHost": r.ip, "ClientPort": str(40000 + i),
        "ClientUsername": "-", "DownstreamContentSize": 512, "DownstreamStatus": r.status,
        "Duration": 1234567, "OriginContentSize": 512, "OriginDuration": 1000000,
        "OriginStatus": r.status, "Overhead": 234567, "RequestAddr": "docs.example.com",
        "RequestContentSize": 0, "RequestCount": i + 1, "RequestHost": "docs.example.com",
        "RequestMethod": r.method, "RequestPath": r.target, "RequestPort": "-",
        "RequestProtocol": "HTTP/2.0", "RequestScheme": "https", "RetryAttempts": 0,
        "RouterName": "docs@docker", "ServiceAddr": "172.18.0.3:80",
        "ServiceName": "docs@docker", "ServiceURL": "http://172.18.0.3:80",
        "StartLocal": stamp, "StartUTC": stamp, "entryPointName": "websecure",
        "level": "info", "msg": "", "time": stamp[:19] + "Z",
    }  # fmt: skip
    if r.ua != "-":
        record["request_User-Agent"] = r.ua
    return json.dumps(record | fields) + "\n"


def syslog_file(line: str, r: Request, i: int, tag: str = "nginx") -> str:
    """``line`` as a syslog daemon writes it to a file: rsyslog's traditional header
    (``May  1 10:00:00 host tag: ``), or every other line RSYSLOG_FileFormat's (RFC 3339)."""
    if i % 2:
        stamp = r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i % 10**6:06d}+00:00"
    else:
        stamp = r.ts.strftime("%b ") + f"{r.ts.day:2d}" + r.ts.strftime(" %H:%M:%S")
    return f"{stamp} web1 {tag}: {line}"


TRAEFIK_OWN = (
    '{"level":"error","msg":"Error while dialing backend","time":"2024-05-01T10:00:00Z"}\n'
)


def edge_extra(requests: Sequence[Request], variant: str) -> dict[str, int]:
    """The lines (entries) a variant adds that are no request, by skip reason."""
    every = {"azure-frontdoor": 13, "azure-cdn": 6, "traefik-json": 17}.get(variant)
    if variant == "vercel-json":
        return {"other-log": drain_extra(requests, "vercel")}
    if variant == "amplify":
        return {"header": 2}  # the header again: two downloads put together
    if every is None:
        return {}
    reason = "internal" if variant == "azure-cdn" else "other-log"
    return {reason: len(range(0, len(requests), every))}


def write_edge_variant(path: Path, requests: Sequence[Request], variant: str) -> Path:
    """Each host's file as delivered: Azure's PT1H.json, Vercel's bodies five entries each,
    Amplify's download (two joined), Traefik's access.log, nginx's access log sent to the local
    syslog daemon (``access_log syslog:server=unix:/dev/log``) as it writes it to a file."""
    if variant == "vercel-json":
        ndjson = write_variant(path.with_suffix(".ndjson.gz"), requests, "vercel")
        entries = gzip.decompress(ndjson.read_bytes()).decode().splitlines()
        bodies = ["[" + ",".join(entries[n : n + 5]) + "]\n" for n in range(0, len(entries), 5)]
        path.write_text("".join(bodies), "utf-8")
        return path
    lines: list[str] = []
    half = len(requests) // 2
    for i, r in enumerate(requests):
        if variant == "azure-frontdoor":
            records = [azure_waf(i), azure_frontdoor(r, i)] if i % 13 == 0 else []
            lines += [json.dumps(e) + "\n" for e in records or [azure_frontdoor(r, i)]]
        elif variant == "azure-cdn":
            lines.append(json.dumps(azure_cdn(r, i)) + "\n")
            if i % 6 == 0:  # the origin shield's record of the same request
                lines.append(json.dumps(azure_cdn(r, i, from_client=False)) + "\n")
        elif variant == "amplify":
            lines += [AMPLIFY_HEADER] if i in (0, half) else []
            lines.append(amplify_row(r, i))
        elif variant == "traefik-clf":
            lines.append(traefik_clf(r, i))
        elif variant == "syslog-file":
            lines.append(syslog_file(combined_line(r, i), r, i))
        else:  # Traefik's own log to the same output (first: its start)
            lines += [TRAEFIK_OWN] if i % 17 == 0 else []
            lines.append(traefik_json(r, i))
    path.write_text("".join(lines), "utf-8")
    return path
