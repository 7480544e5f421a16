"""The known-truth requests of ``analytics_logs`` as Amazon S3 (website endpoint), Google Cloud
Logging (a sink's JSON lines, gcloud's JSON array) and IIS (W3C extended) log them. The labels
of the requests stay the truth."""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from analytics_logs import Request

# variant -> the format the import names
CLOUD_VARIANTS = {"s3": "s3", "gcp": "gcp", "gcp-array": "gcp-array", "iis": "w3c"}
OWNER = "79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be"
IIS_FIELDS = (
    "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip "
    "cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken\r\n"
)


def _s3(r: Request, i: int) -> str:
    """The website endpoint's record: the operation names the method, the key the object (the
    index document of the home page); every 5th record has the fields AWS added later."""
    path = r.target.partition("?")[0]
    key = quote(path.lstrip("/"), safe="/") or "index.html"
    ua = f'"{r.ua}"' if i % 2 or r.ua != "-" else "-"  # S3 writes a bare - too
    line = (
        f"{OWNER} docs-bucket [{r.ts.strftime('%d/%b/%Y:%H:%M:%S +0000')}] {r.ip} - "
        f"{i:016X} WEBSITE.{r.method}.OBJECT {key} \"{r.method} {r.target} HTTP/1.1\" "
        f'{r.status} - 512 512 {i % 40} {i % 30} "https://docs.example.com/" {ua} - '
        f"hostid{i}= - - - docs-bucket.s3-website-us-east-1.amazonaws.com -"
    )
    return line + (" - Yes" if i % 5 == 0 else "") + "\n"


def _gcp(r: Request, i: int) -> dict[str, object]:
    """A Cloud Run request log entry (no userAgent when none was sent); every 11th follows an
    entry of the service's own output."""
    request: dict[str, object] = {
        "requestMethod": r.method, "requestUrl": f"https://docs.example.com{r.target}",
        "status": r.status, "responseSize": "512", "remoteIp": r.ip, "serverIp": "10.8.0.5",
        "latency": "0.003s", "protocol": "HTTP/1.1",
    }  # fmt: skip
    if r.ua != "-":
        request["userAgent"] = r.ua
    return {
        "httpRequest": request, "insertId": f"{i:012x}",
        "logName": "projects/docs/logs/run.googleapis.com%2Frequests",
        "resource": {"type": "cloud_run_revision", "labels": {"service_name": "docs"}},
        "severity": "INFO", "timestamp": r.ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{i:09d}Z",
        "receiveTimestamp": r.ts.strftime("%Y-%m-%dT%H:%M:%S.5Z"),
    }  # fmt: skip


def _output(i: int) -> dict[str, object]:
    return {
        "insertId": f"out{i}", "textPayload": "served", "timestamp": "2024-05-01T00:00:00Z",
        "logName": "projects/docs/logs/run.googleapis.com%2Fstdout",
        "resource": {"type": "cloud_run_revision"},
    }  # fmt: skip


def _iis(r: Request) -> str:
    path, _, query = r.target.partition("?")
    return (
        f"{r.ts.strftime('%Y-%m-%d %H:%M:%S')} 10.0.0.4 {r.method} {path} {query or '-'} 443 - "
        f"{r.ip} {r.ua.replace(' ', '+')} https://docs.example.com/ {r.status} 0 0 15\r\n"
    )


def cloud_extra(requests: Sequence[Request], variant: str) -> tuple[int, int]:
    """(other-log, header) lines a variant adds."""
    if variant.startswith("gcp"):
        return len(range(0, len(requests), 11)), 0
    return (0, 3 + 3) if variant == "iis" else (0, 0)


def write_cloud_variant(path: Path, requests: Sequence[Request], variant: str) -> Path:
    """S3's plain file, the sink's gzipped JSON lines, gcloud's array, IIS's CRLF file with
    its header written again halfway (a restart)."""
    if variant.startswith("gcp"):
        entries: list[dict[str, object]] = []
        for i, r in enumerate(requests):
            entries += [_output(i), _gcp(r, i)] if i % 11 == 0 else [_gcp(r, i)]
        if variant == "gcp-array":
            path.write_text(json.dumps(entries, indent=2, sort_keys=True) + "\n", "utf-8")
        else:
            text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in entries)
            path.write_bytes(gzip.compress(text.encode(), mtime=0))
        return path
    if variant == "s3":
        path.write_text("".join(_s3(r, i) for i, r in enumerate(requests)), "utf-8")
        return path
    header = "#Software: Microsoft Internet Information Services 10.0\r\n#Version: 1.0\r\n"
    half = len(requests) // 2
    lines = [header + IIS_FIELDS]
    for i, r in enumerate(requests):
        if i == half:
            lines.append(header + IIS_FIELDS)
        lines.append(_iis(r))
    path.write_bytes("".join(lines).encode())
    return path
