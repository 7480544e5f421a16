"""``docgen analytics import`` on the odd lines of Cloudflare Logpush (``http_requests``, JSON
lines) and AWS Application Load Balancer access logs, written as their documentation shows them,
with the figures worked out by hand. Every line is counted once: as a view or under a reason.
(The known-truth runs of both are in ``test_analytics_formats``.)"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from test_analytics import docgen, export, import_json

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
CLAUDE = "Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)"
NOON = 1714557600  # 2024-05-01T10:00:00Z


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


def _cf(ts: object = NOON, uri: str = "/", **fields: object) -> str:
    record = {"ClientIP": "10.0.0.1", "ClientRequestHost": "docs.example.com",
              "ClientRequestMethod": "GET", "ClientRequestURI": uri,
              "ClientRequestUserAgent": FIREFOX, "EdgeResponseStatus": 200,
              "EdgeStartTimestamp": ts, "RayID": "8abc1234def56789"} | fields  # fmt: skip
    return json.dumps({k: v for k, v in record.items() if v is not None}) + "\n"


def test_cloudflare_times_sources_and_bad_lines(site: Path, tmp_path: Path) -> None:
    lines = [
        _cf(NOON * 10**9 + 250_000_000),  # timestamp_format unixnano (the API's default)
        _cf(NOON),  # unix
        _cf("2024-05-01T10:00:00Z"),  # rfc3339 (the dashboard's default)
        _cf(NOON, "/guides/caf%C3%A9?ref=x", ClientRequestSource="eyeball"),
        _cf(NOON, "/guides/pagination", ClientIP="2001:db8:1:2::7", ClientRequestUserAgent=CLAUDE),
        _cf(NOON, "/guides/pagination", ClientIP="2001:db8:1:2::8", ClientRequestSource="1"),
        # a Worker's subrequest for the same page, Cloudflare's purge and health check
        _cf(
            NOON,
            "/guides/pagination",
            ClientIP="2a06:98c0:3600::103",
            ClientRequestSource="edgeWorkerFetch",
        ),
        _cf(NOON, ClientRequestSource="purge"),
        _cf(NOON, ClientRequestSource="healthcheck", ClientRequestUserAgent=""),
        _cf(NOON, ClientRequestMethod="HEAD"),
        _cf(NOON, EdgeResponseStatus=403),
        _cf(NOON, "/_docgen/docgen.css"),
        _cf(NOON, ClientRequestUserAgent=""),  # none sent: a bot
        _cf(NOON, ClientRequestUserAgent=None),  # not logged on this line
        _cf(NOON, EdgeStartTimestamp=None, EdgeEndTimestamp=NOON),  # the end time instead
        _cf("yesterday"),  # no readable time
        "not json at all\n",
        _cf(NOON)[:40],  # cut while it was written
    ]
    summary, db = _import(site, tmp_path, "cf.log", "".join(lines).encode())
    assert summary["format"] == "cloudflare"
    assert (summary["human"], summary["ai"]) == (6, 1)
    assert summary["skipped"] == {
        "malformed": 3,
        "method": 1,
        "status": 1,
        "not-a-page": 1,
        "bot": 1,
        "no-user-agent": 1,
        "internal": 3,
    }
    views = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert views == {"/": (4, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}
    # 10.0.0.1; 2001:db8:1:2::/64 (human and AI): the Worker's address is no visitor
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}
    second = ["--date-from", "2024-05-01T10:00:00Z", "--date-to", "2024-05-01T10:00:01Z"]
    assert export(db, "views", *second)["totals"]["total"] == 7


def test_a_logpush_job_without_the_fields_a_view_needs(site: Path, tmp_path: Path) -> None:
    """A job's field_names are its choice: without the method or the status nothing can be
    counted, which is said at once (nothing imported); without the User-Agent the views are
    counted as such and the summary says which field to add."""
    log = tmp_path / "cf.log.gz"
    text = "".join(_cf(NOON, ClientRequestMethod=None, EdgeResponseStatus=None) for _ in range(3))
    log.write_bytes(gzip.compress(text.encode()))
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 2
    assert "has no ClientRequestMethod, EdgeResponseStatus field" in result.stderr
    assert "nothing was imported from it" in result.stderr
    assert "Traceback" not in result.output
    log.write_bytes(gzip.compress(_cf(NOON, ClientRequestUserAgent=None).encode() * 2))
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 0
    assert "skipped: 2 no-user-agent" in result.stdout
    assert "add it to the job's field_names" in result.stdout


def _alb(client: str, request: str, status: str = "200", ua: str = FIREFOX, tail: str = "") -> str:
    return (
        f"https 2024-05-01T10:00:00.186641Z app/docs-lb/50dc6c495c0c9188 {client} 10.0.0.9:80 "
        f'0.000 0.001 0.000 {status} {status} 34 366 "{request}" "{ua}" '
        "ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 "
        "arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/docs/73e2d6bc24d8a067 "
        '"Root=1-58337281-1d84f3d73c47ec4e58577259" "docs.example.com" "-" 1 '
        f'2024-05-01T10:00:00.000000Z "forward" "-" "-"{tail}\n'
    )


def test_alb_requests_addresses_and_bad_lines(site: Path, tmp_path: Path) -> None:
    page = "GET https://docs.example.com:443/guides/pagination HTTP/1.1"
    lines = [
        _alb("10.0.0.1:2817", page),
        _alb("10.0.0.1:2818", "GET https://docs.example.com:443/guides/caf%C3%A9?x=1 HTTP/2.0"),
        _alb("10.0.0.1:2819", "GET http://docs.example.com:80/ HTTP/1.1", tail=' "-" "-" x y'),
        _alb("2001:db8:1:2::7:40000", page, ua=CLAUDE),  # IPv6, its port after the last ':'
        _alb("[2001:db8:1:2::8]:443", page),  # the same /64
        _alb("10.0.0.2:2817", page, "403"),  # blocked by AWS WAF
        _alb("10.0.0.2:2817", "HEAD https://docs.example.com:443/ HTTP/1.1"),
        _alb("10.0.0.2:2817", "GET https://docs.example.com:443/llms.txt HTTP/1.1"),
        _alb("10.0.0.2:2817", page, ua="-"),  # no User-Agent: a bot
        _alb("10.0.0.3:2817", "- http://docs.example.com:80- -", "400", "-"),  # not a request
        _alb("-", page),  # no client
        "garbage\n",
        _alb("10.0.0.4:2817", page)[:120],  # cut before the request ends
    ]
    data = gzip.compress("".join(lines).encode())
    summary, db = _import(site, tmp_path, "alb.log.gz", data)
    assert summary["format"] == "alb"
    assert (summary["human"], summary["ai"]) == (4, 1)
    assert summary["skipped"] == {
        "malformed": 4,
        "method": 1,
        "status": 1,
        "not-a-page": 1,
        "bot": 1,
    }
    views = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert views == {"/guides/pagination": (2, 1), "/guides/café": (1, 0), "/": (1, 0)}
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}


def test_a_truncated_alb_delivery_is_refused(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "alb.log.gz"
    log.write_bytes(gzip.compress(_alb("10.0.0.1:1", "GET / HTTP/1.1").encode() * 200)[:90])
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"docgen: {log}: cannot read")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("fmt", "data", "expected"),
    [  # the format asked for, though the file is another's
        ("alb", '10.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "x"\n', 1),
        ("cloudflare", '{"ClientIP":"10.0.0.1","ClientRequestMethod":"GET"', 1),
    ],
)
def test_a_format_forced_on_another_log(
    site: Path, tmp_path: Path, fmt: str, data: str, expected: int
) -> None:
    """Lines that are not the format asked for are malformed, never a crash; a Logpush log cut
    inside its first record is read as far as it goes."""
    summary, _ = _import(site, tmp_path, "x.log", data.encode(), fmt)
    assert (summary["format"], summary["skipped"]) == (fmt, {"malformed": expected})


@pytest.mark.parametrize(("end", "first_end"), [("\n", "\n"), ("\r\n", "\r\n"), ("\n", "\r\n")])
def test_every_line_of_a_big_log_is_read(
    site: Path, tmp_path: Path, end: str, first_end: str
) -> None:
    """A log past DuckDB's 8 MB read buffer: the line that starts exactly at byte 8,000,001 (a
    buffer edge) is read and counted like the others, with LF or CRLF line ends, or both."""
    line = f'10.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "{FIREFOX}"'
    width = len(line) + len(end)
    first = "x" * (8_000_001 - (8_000_000 // width) * width - len(end) + width)
    body = [first] + [line] * (8_000_000 // width - 1) + [line.replace("GET /", "GET /guides/x")]
    body += [line] * 10
    data = (body[0] + first_end + end.join(body[1:]) + end).encode()
    data = data[len(first_end) - len(end) :]  # the line at 8,000,001 stays where it was
    assert data[8_000_001 - len(end) : 8_000_001] == end.encode()  # a line starts at 8,000,001
    assert data.index(b"GET /guides/x") - 8_000_001 < 60
    summary, _ = _import(site, tmp_path, "big.log", data)
    assert summary["lines"] == len(body)
    assert summary["skipped"] == {"malformed": 1, "not-a-page": 1}
    assert summary["human"] == len(body) - 2
