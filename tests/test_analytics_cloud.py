"""``docgen analytics import`` on the logs of more hosts of static sites: Amazon S3 server access
logs and Google Cloud Logging's HTTP request entries (JSON lines and ``gcloud``'s JSON array),
the known-truth requests as each host logs them, and lines written by hand after the examples
of each format's documentation (cited at each), with the figures worked out by hand: every
line is counted once, as a view or under a reason. (IIS and Azure's W3C logs, and the
detection over every format: ``test_analytics_iis``.)"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from analytics_cloud_logs import CLOUD_VARIANTS, cloud_extra, write_cloud_variant
from analytics_logs import generate, truth
from test_analytics import build_showcase, docgen, export, export_all, import_json

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
CLAUDE = "Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site's manifest (all an import reads), with a page whose URL is not ASCII."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = [{"url": u} for u in ("/", "/guides/café", "/guides/pagination")]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    return site


def _import(site: Path, tmp_path: Path, name: str, data: bytes, fmt: str = "auto") -> Any:
    log = tmp_path / name
    log.write_bytes(data)
    db = tmp_path / f"{name}.duckdb"
    [summary] = import_json(site, db, log, fmt=fmt)
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    return summary, db


def _views(db: Path) -> dict[str, tuple[int, int]]:
    return {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}


@pytest.fixture(scope="module")
def showcase(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The showcase, built for real: its manifest says which paths are pages."""
    return build_showcase(tmp_path_factory.mktemp("cloud") / "_site")


REQUESTS = generate(1200, seed=5)


@pytest.mark.parametrize("variant", CLOUD_VARIANTS)
def test_known_truth_in_each_hosts_log(showcase: Path, tmp_path: Path, variant: str) -> None:
    """The generated requests of a known truth, as each host logs them: exactly the truth."""
    db = tmp_path / "a.duckdb"
    log = write_cloud_variant(tmp_path / f"{variant}.log", REQUESTS, variant)
    [summary] = import_json(showcase, db, log)
    assert summary["format"] == CLOUD_VARIANTS[variant]
    other, header = cloud_extra(REQUESTS, variant)
    assert summary["lines"] == len(REQUESTS) + other + header
    assert summary["skipped"].get("other-log", 0) == other
    assert summary["skipped"].get("header", 0) == header
    assert "malformed" not in summary["skipped"], summary
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    expected = truth(REQUESTS)
    for kind in ("views", "visitors"):
        assert export_all(db, kind) == expected[kind], kind


# --- Amazon S3 server access logs ---------------------------------------------------------
# https://docs.aws.amazon.com/AmazonS3/latest/userguide/LogFormat.html (its example records:
# owner, bucket, [time], remote IP, requester, request id, operation, key, "request URI",
# status, error code, bytes sent, object size, total time, turn-around time, "referer",
# "user agent", version id, host id, signature version, cipher, authentication type, host
# header, TLS version, access point ARN, acl required). The website endpoint is HTTP only: no
# signature, cipher or TLS version.
OWNER = "79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be"
HOST_ID = "s9lzHYrFp76ZVxRcpX9+5cjAnEH2ROuNkd2BHfIa6UkFVdtjf5mKR3/eTPFvsiP/XV/VLi31234="


def _s3(
    op: str, key: str, uri: str, status: str = "200", ip: str = "192.0.2.3", ua: str = FIREFOX,
    requester: str = "-", referer: str = '"-"', tail: str = "",
) -> str:  # fmt: skip
    return (
        f"{OWNER} docs-bucket [01/May/2024:10:00:00 +0000] {ip} {requester} 3E57427F3EXAMPLE "
        f"{op} {key} {uri} {status} {'-' if status < '400' else 'NoSuchKey'} 5120 5120 7 6 "
        f"{referer} {ua if ua == '-' else chr(34) + ua + chr(34)} - {HOST_ID} - - - "
        f"docs-bucket.s3-website-us-east-1.amazonaws.com - - -{tail}\n"
    )


def test_s3_operations_keys_and_bad_lines(site: Path, tmp_path: Path) -> None:
    get = "WEBSITE.GET.OBJECT"
    lines = [
        _s3(get, "index.html", '"GET / HTTP/1.1"', referer='"https://www.google.com/"'),
        # the index document of a folder; IPv6; an AI agent
        _s3(
            get,
            "guides/pagination/index.html",
            '"GET /guides/pagination/ HTTP/1.1"',
            ip="2001:db8:1:2::7",
            ua=CLAUDE,
        ),
        _s3(
            get,
            "guides/caf%C3%A9/index.html",
            '"GET /guides/caf%C3%A9/?ref=a%20b HTTP/1.1"',
            referer='"https://example.com/search?q=a b"',
        ),
        # the REST endpoint, path-style: the request URI starts with the bucket, the key not
        _s3(
            "REST.GET.OBJECT",
            "guides/pagination.md",
            '"GET /docs-bucket/guides/pagination.md HTTP/1.1"',
            ip="2001:db8:1:2::8",
            tail=" Yes us-east-1 more-fields-later",
        ),
        _s3("WEBSITE.HEAD.OBJECT", "index.html", '"HEAD / HTTP/1.1"'),
        _s3(get, "guides/pagination", '"GET /guides/pagination HTTP/1.1"', "302"),
        _s3(get, "404.html", '"GET /nope HTTP/1.1"', "404"),
        _s3(get, "_docgen/docgen.css", '"GET /_docgen/docgen.css HTTP/1.1"'),
        _s3(get, "index.html", '"GET / HTTP/1.1"', ua="-"),  # no User-Agent: a bot
        # the owner's deployment: a listing (GET, but no object) and an upload
        _s3(
            "REST.GET.BUCKET",
            "-",
            '"GET /?list-type=2&prefix= HTTP/1.1"',
            ua="aws-cli/2.15.0 Python/3.11.6 Linux/6.5.0 exe/x86_64.ubuntu.22",
            requester="arn:aws:iam::123456789012:user/deploy",
        ),
        _s3("REST.GET.OBJECT_TAGGING", "index.html", '"GET /index.html?tagging HTTP/1.1"'),
        _s3("REST.PUT.OBJECT", "index.html", '"PUT /index.html HTTP/1.1"'),
        # S3's own lifecycle action, and CloudFront fetching its origin
        _s3(
            "S3.EXPIRE.OBJECT",
            "old/index.html",
            "-",
            "-",
            ip="-",
            ua="-",
            requester="AmazonS3",
            referer="-",
        ),
        _s3(
            "REST.GET.OBJECT",
            "index.html",
            '"GET /index.html HTTP/1.1"',
            ip="130.176.1.9",
            ua="Amazon CloudFront",
        ),
        _s3(get, "index.html", '"GET / HTTP/1.1"', ua="x-BYTE"),
        "garbage\n",
        _s3(get, "index.html", '"GET / HTTP/1.1"')[:150],  # cut before the status
    ]
    data = "".join(lines).encode().replace(b"-BYTE", b"\xff")  # a User-Agent not UTF-8
    summary, db = _import(site, tmp_path, "s3.log.gz", gzip.compress(data))
    assert summary["format"] == "s3"
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {
        "unreadable": 1,
        "malformed": 2,
        "method": 2,
        "status": 2,
        "not-a-page": 3,
        "bot": 1,
        "internal": 2,
    }
    assert _views(db) == {"/": (1, 0), "/guides/pagination": (1, 1), "/guides/café": (1, 0)}
    # 192.0.2.3; 2001:db8:1:2::/64 (human and AI)
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}


# --- Google Cloud Logging -----------------------------------------------------------------
# https://cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry and its HttpRequest:
# requestMethod, requestUrl, status, userAgent, remoteIp ("192.168.1.1", "10.0.0.1:80",
# "FE80::0202:B3FF:FE1E:8329"), referer...; timestamp in RFC 3339, Z-normalized, with 0, 3, 6
# or 9 fractional digits.
def _gcp(url: str = "/", when: str = "2024-05-01T10:00:00.123456789Z", **http: Any) -> dict:
    request = {"requestMethod": "GET", "requestUrl": f"https://docs-example.web.app{url}",
               "requestSize": "312", "status": 200, "responseSize": "5120",
               "userAgent": FIREFOX, "remoteIp": "203.0.113.7", "latency": "0.012s",
               "protocol": "HTTP/2"} | http  # fmt: skip
    return {
        "insertId": "1x2y3z4", "httpRequest": {k: v for k, v in request.items() if v is not None},
        "resource": {"type": "firebase_domain", "labels": {"project_id": "docs-example"}},
        "timestamp": when, "receiveTimestamp": "2024-05-01T10:00:01.5Z",
        "logName": "projects/docs-example/logs/firebasehosting.googleapis.com%2Fwebrequests",
    }  # fmt: skip


GCP_ENTRIES = [
    _gcp(),
    _gcp("/guides/caf%C3%A9?utm_source=x", "2024-05-01T10:00:00Z", remoteIp="203.0.113.7:51234"),
    _gcp(
        "/guides/pagination/",
        "2024-05-01T10:00:00.5Z",
        remoteIp="2001:db8:1:2::7",
        userAgent=CLAUDE,
    ),
    _gcp("/guides/pagination", remoteIp="FE80::0202:B3FF:FE1E:8329", referer="https://x.test/"),
    _gcp(requestMethod="HEAD"),
    _gcp("/no/such/page", status=404),
    _gcp("/_docgen/docgen.css"),
    _gcp(userAgent=None),  # none sent: a bot
    _gcp(when="yesterday"),  # no readable time
    # Cloud Run: the service's own output in the same export (no httpRequest)
    {
        "insertId": "abc",
        "textPayload": "GET / 200",
        "timestamp": "2024-05-01T10:00:00Z",
        "resource": {"type": "cloud_run_revision"},
        "logName": "projects/p/logs/run.googleapis.com%2Fstdout",
    },
]


def _check_gcp(summary: dict[str, Any], db: Path, lines: int) -> None:
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {
        "malformed": 1 + lines - len(GCP_ENTRIES),
        "method": 1,
        "status": 1,
        "not-a-page": 1,
        "bot": 1,
        "other-log": 1,
    }
    assert _views(db) == {"/": (1, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}
    # 203.0.113.7 (with and without a port); fe80::/64; 2001:db8:1:2::/64
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 3}


def test_gcp_json_lines(site: Path, tmp_path: Path) -> None:
    """A log sink's files in Cloud Storage: one LogEntry per line."""
    text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in GCP_ENTRIES)
    text += "not json\n" + json.dumps(GCP_ENTRIES[0])[:60] + "\n"  # cut while written
    summary, db = _import(site, tmp_path, "requests.json", text.encode())
    assert summary["format"] == "gcp"
    _check_gcp(summary, db, len(GCP_ENTRIES) + 2)


@pytest.mark.parametrize("fmt", ["auto", "gcp"])
@pytest.mark.parametrize("name", ["logs.json", "logs.json.gz"])
def test_gcp_json_array(site: Path, tmp_path: Path, fmt: str, name: str) -> None:
    """``gcloud logging read --format=json``: one JSON array, pretty-printed, keys sorted."""
    text = json.dumps(GCP_ENTRIES, indent=2, sort_keys=True) + "\n"
    data = gzip.compress(text.encode()) if name.endswith(".gz") else text.encode()
    summary, db = _import(site, tmp_path, name, data, fmt)
    assert summary["format"] == "gcp-array"
    _check_gcp(summary, db, len(GCP_ENTRIES))
    again = import_json(site, db, tmp_path / name)
    assert (again[0]["counted"], again[0]["alreadyImported"]) == (0, len(GCP_ENTRIES))


def test_a_broken_gcp_array_is_refused(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "logs.json"
    log.write_text(json.dumps(GCP_ENTRIES, indent=2)[:700], "utf-8")
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"docgen: {log}: not a readable JSON array")
    assert "Traceback" not in result.output


COMBINED = '10.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "x"\n'
CADDY = '{"level":"info","ts":1714557600,"logger":"http.log.access","request":{}}\n'


@pytest.mark.parametrize(
    ("fmt", "data", "reason"),
    [  # the format asked for, though the file is another's
        ("s3", COMBINED, "malformed"),
        ("gcp", COMBINED, "malformed"),
        ("gcp", CADDY, "other-log"),  # JSON, but no Cloud Logging entry with a request
    ],
)
def test_a_cloud_format_forced_on_another_log(
    site: Path, tmp_path: Path, fmt: str, data: str, reason: str
) -> None:
    """Lines that are not the format asked for are skipped, never a crash."""
    summary, _ = _import(site, tmp_path, "x.log", data.encode(), fmt)
    assert (summary["format"], summary["skipped"]) == (fmt, {reason: 1})


def test_an_empty_gcp_array_and_a_forced_one(site: Path, tmp_path: Path) -> None:
    """gcloud writes ``[]`` when no entry matched: an empty log, not a malformed line; with
    ``--format gcp`` any array is read as entries (here one that is no request)."""
    log = tmp_path / "none.json"
    log.write_text("[]\n", "utf-8")
    result = docgen(
        "analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a")
    )
    assert result.exit_code == 0
    assert "empty; nothing to import" in result.stdout
    summary, _ = _import(site, tmp_path, "one.json", b'[\n  {"a": 1}\n]\n', "gcp")
    assert (summary["format"], summary["skipped"]) == ("gcp-array", {"other-log": 1})


@pytest.mark.parametrize("compress", [False, True])
def test_a_utf16_log_is_refused(site: Path, tmp_path: Path, compress: bool) -> None:
    """Windows PowerShell's ``gcloud logging read --format=json > logs.json`` writes UTF-16."""
    log = tmp_path / "logs.json"
    data = json.dumps(GCP_ENTRIES, indent=2).encode("utf-16")
    log.write_bytes(gzip.compress(data) if compress else data)
    result = docgen(
        "analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a")
    )
    assert result.exit_code == 2
    assert result.stderr.startswith(f"docgen: {log}: encoded in UTF-16")
    assert "iconv -f UTF-16 -t UTF-8 logs.json" in result.stderr
    assert "Traceback" not in result.output
