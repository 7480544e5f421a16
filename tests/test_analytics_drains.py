"""``docgen analytics import`` on the log drains of static hosts (Vercel, Netlify: one JSON
object per line) and AWS Classic Load Balancer access logs, written as their documentation
shows them, with the figures worked out by hand. Every line is counted once: as a view or under
a reason. (The known-truth runs of all three are in ``test_analytics_formats``.)"""

from __future__ import annotations

import gzip
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from test_analytics import docgen, export
from test_analytics_hosts import CLAUDE, FIREFOX, NOON, _import

MS = NOON * 1000 + 250  # Vercel's times are Unix milliseconds
_IDS = itertools.count(1573817250283254651097202070)  # each entry's own id


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site's manifest (all an import reads), with a page whose URL is not ASCII."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = [{"url": u} for u in ("/", "/guides/café", "/guides/pagination")]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    return site


def _vercel(source: str = "static", path: str | None = "/", **fields: Any) -> str:
    """A Vercel Log Drains entry as https://vercel.com/docs/drains/reference/logs shows one:
    ``proxy`` (None: no proxy object) and its fields overridden by ``proxy_*`` arguments."""
    proxy = {
        "timestamp": MS, "method": "GET", "host": "docs.example.com", "path": path,
        "userAgent": [FIREFOX], "referer": "https://docs.example.com/", "region": "fra1",
        "statusCode": 200, "clientIp": "10.0.0.1", "scheme": "https", "vercelCache": "HIT",
    }  # fmt: skip
    for key in [k for k in fields if k.startswith("proxy_")]:
        proxy[key.removeprefix("proxy_")] = fields.pop(key)
    entry = {
        "id": str(next(_IDS)), "deploymentId": "dpl_233NRGRjVZX1caZrXWtz5g1TAksD",
        "source": source, "host": "docs-abc123.vercel.app", "timestamp": MS + 5,
        "projectId": "gdufoJxB6b9b1fEqr1jUtFkyavUU", "level": "info",
        "environment": "production", "proxy": {k: v for k, v in proxy.items() if v is not None},
    }  # fmt: skip
    if path is None:
        del entry["proxy"]
    entry |= fields
    return json.dumps({k: v for k, v in entry.items() if v is not None}) + "\n"


def test_vercel_sources_functions_and_bad_lines(site: Path, tmp_path: Path) -> None:
    fn = {"requestId": "643af4e3-975a-4cc7-9e7a-1eda11539d90", "entrypoint": "api/page.js"}
    lines = [
        _vercel(),
        _vercel(path="/guides/caf%C3%A9?ref=x", proxy_userAgent=FIREFOX),  # a string is read too
        # one function invocation: its request, then its output lines (with and without proxy)
        _vercel("lambda", "/guides/pagination", proxy_userAgent=[CLAUDE], **fn),
        _vercel("lambda", "/guides/pagination", proxy_userAgent=[CLAUDE], message="hit", **fn),
        _vercel("lambda", None, type="stdout", message="rendered", **fn),
        _vercel("external", "/guides/pagination", proxy_clientIp="2001:db8:1:2::8"),
        _vercel("edge", "/", edgeType="middleware", type="middleware-invocation"),
        _vercel("build", None, buildId="bld_cotnkcr76", type="stdout", message="Build done"),
        _vercel("firewall", "/", proxy_statusCode=403, proxy_wafAction="deny"),
        _vercel("redirect", "/old", proxy_statusCode=308),
        _vercel(proxy_method="HEAD"),
        _vercel(path="/no/such/page", proxy_statusCode=404),
        _vercel(proxy_statusCode=-1),  # revalidated in the background
        _vercel(path="/_docgen/docgen.css"),
        _vercel(proxy_userAgent=[]),  # none sent: a bot
        _vercel(proxy_userAgent=None),  # not logged
        _vercel(proxy_timestamp=None),  # the entry's time instead
        _vercel(proxy_clientIp=None),  # no address
        "[" + _vercel().strip() + "]\n",  # a JSON array (the json delivery's body): not NDJSON
        "not json at all\n",
        _vercel()[:60],  # cut while it was written
    ]
    data = gzip.compress("".join(lines).encode())
    summary, db = _import(site, tmp_path, "vercel.ndjson.gz", data)
    assert summary["format"] == "vercel"
    assert (summary["human"], summary["ai"]) == (4, 1)
    assert summary["skipped"] == {
        "malformed": 4,
        "method": 1,
        "status": 3,
        "not-a-page": 1,
        "bot": 1,
        "no-user-agent": 1,
        "other-log": 5,
    }
    views = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert views == {"/": (2, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}
    # 10.0.0.1 (human and AI) and 2001:db8:1:2::8
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}
    second = ["--date-from", "2024-05-01T10:00:00Z", "--date-to", "2024-05-01T10:00:01Z"]
    assert export(db, "views", *second)["totals"]["total"] == 5


def _netlify(log_type: str = "traffic", url: str = "/", **fields: Any) -> str:
    record = {
        "account_id": "5f1a2b3c4d5e6f7a8b9c0d1e", "client_ip": "10.0.0.1",
        "content_type": "text/html", "country": "DE", "deploy_id": "65a1b2c3d4e5f6a7b8c9d0e1",
        "duration": 12, "log_type": log_type, "method": "GET", "referrer": "",
        "request_id": "01HQ3Z9X7Y6W5V4T3S2R1Q0P9N", "request_size": 412, "response_size": 5120,
        "site_id": "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d", "status_code": 200,
        "timestamp": "2024-05-01T10:00:00.250Z", "url": url, "user_agent": FIREFOX,
    } | fields  # fmt: skip
    return json.dumps({k: v for k, v in record.items() if v is not None}) + "\n"


def test_netlify_traffic_and_other_logs(site: Path, tmp_path: Path) -> None:
    lines = [
        _netlify(),
        _netlify(url="https://docs.example.com/guides/caf%C3%A9?x=1"),  # an absolute URL
        _netlify(url="/guides/pagination", user_agent=CLAUDE, client_ip="2001:db8:1:2::7"),
        _netlify(url="/guides/pagination", client_ip="2001:db8:1:2::8"),
        _netlify("functions", "/.netlify/functions/search", message="ok", status_code=None),
        _netlify("deploys", url=None, message="Site is live", method=None, status_code=None),
        _netlify("edge_functions", message="console.log", method=None),
        _netlify(method="POST"),
        _netlify(status_code=404),
        _netlify(url="/llms.txt"),
        _netlify(user_agent="curl/8.11.0"),  # a bot
        _netlify(timestamp="yesterday"),  # no readable time
        "{}\n",
        "garbage\n",
    ]
    summary, db = _import(site, tmp_path, "netlify.ndjson", "".join(lines).encode())
    assert summary["format"] == "netlify"
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {
        "malformed": 3,
        "method": 1,
        "status": 1,
        "not-a-page": 1,
        "bot": 1,
        "other-log": 3,
    }
    views = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert views == {"/": (1, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}


def _elb(client: str, request: str, status: str = "200", ua: str = FIREFOX) -> str:
    """A Classic Load Balancer entry as
    https://docs.aws.amazon.com/elasticloadbalancing/latest/classic/access-log-collection.html
    shows one (HTTPS listener)."""
    return (
        f"2024-05-01T10:00:00.945958Z docs-lb {client} 10.0.0.9:80 0.000086 0.001048 0.001337 "
        f'{status} {status} 0 57 "{request}" "{ua}" DHE-RSA-AES128-SHA TLSv1.2\n'
    )


def test_classic_load_balancer_requests_and_bad_lines(site: Path, tmp_path: Path) -> None:
    page = "GET https://docs.example.com:443/guides/pagination HTTP/1.1"
    lines = [
        _elb("10.0.0.1:2817", page),
        _elb("10.0.0.1:2818", "GET https://docs.example.com:443/guides/caf%C3%A9?x=1 HTTP/1.1"),
        _elb("10.0.0.1:2819", "GET http://docs.example.com:80/ HTTP/1.1").replace(
            "DHE-RSA-AES128-SHA TLSv1.2",
            "- -",  # an HTTP listener
        ),
        _elb("2001:db8:1:2::7:40000", page, ua=CLAUDE),
        _elb("10.0.0.2:2817", page, "503").replace("10.0.0.9:80", "-"),  # no healthy instance
        _elb("10.0.0.2:2817", "HEAD https://docs.example.com:443/ HTTP/1.1"),
        _elb("10.0.0.2:2817", page, ua="-"),  # no User-Agent: a bot
        # a TCP listener's entry: no request line, no status
        "2024-05-01T10:00:00.945958Z docs-lb 10.0.0.3:2817 10.0.0.9:80 0.001069 0.000028 "
        '0.000041 - - 82 305 "- - - " "-" - -\n',
        "garbage\n",
        _elb("10.0.0.4:2817", page)[:100],  # cut before the request ends
    ]
    summary, db = _import(site, tmp_path, "elb.log", "".join(lines).encode())
    assert summary["format"] == "elb"
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {"malformed": 3, "method": 1, "status": 1, "bot": 1}
    views = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert views == {"/guides/pagination": (1, 1), "/guides/café": (1, 0), "/": (1, 0)}
    assert export(db, "visitors")["totals"] == {"human": 1, "ai": 1, "total": 2}


@pytest.mark.parametrize(
    ("fmt", "data"),
    [  # the format asked for, though the file is another's
        ("elb", '10.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "x"\n'),
        ("vercel", '{"level":"info","ts":1714557600,"logger":"http.log.access","status":200}\n'),
        ("netlify", '{"ClientIP":"10.0.0.1","ClientRequestMethod":"GET"}\n'),
    ],
)
def test_a_drain_format_forced_on_another_log(
    site: Path, tmp_path: Path, fmt: str, data: str
) -> None:
    """Lines that are not the format asked for are malformed, never a crash."""
    summary, _ = _import(site, tmp_path, "x.log", data.encode(), fmt)
    assert (summary["format"], summary["skipped"]) == (fmt, {"malformed": 1})


def test_an_unknown_format_names_the_new_ones(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "a.log"
    log.write_text(_elb("10.0.0.1:1", "GET / HTTP/1.1"))
    args = ["analytics", "import", str(log), "--site", str(site), "--format", "fastly"]
    result = docgen(*args, "--db", str(tmp_path / "a.duckdb"))
    assert result.exit_code == 2
    for name in ("elb", "vercel", "netlify"):
        assert name in result.output


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (  # Netlify's records as a JSON array per line: not its NDJSON (Vercel's is read)
            "netlify.json",
            "[" + _netlify().strip() + "," + _netlify().strip() + "]\n",
            "each line is a JSON array (the drain's json delivery): set the drain to NDJSON",
        ),
        (  # a drain set to exclude personally identifiable information
            "netlify.ndjson",
            _netlify("functions", message="ok") + _netlify(client_ip=None, user_agent=None) * 2,
            "its traffic records have no client_ip or user_agent",
        ),
    ],
)
def test_a_drain_that_cannot_be_counted_says_why(
    site: Path, tmp_path: Path, name: str, text: str, said: str
) -> None:
    log = tmp_path / name
    log.write_bytes(gzip.compress(text.encode()))
    result = docgen(
        "analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a.duckdb")
    )
    assert result.exit_code == 2
    assert said in result.stderr
    assert "nothing was imported from it" in result.stderr
    assert "Traceback" not in result.output
