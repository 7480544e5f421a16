"""``docgen analytics import`` on the logs of more hosts of static sites: Azure Front Door and
Azure CDN, Vercel's ``json`` drain delivery, AWS Amplify Hosting and Traefik. The known-truth
requests as each host logs them, lines written by hand after each format's documented records,
with the figures worked out by hand (every line counted once: as a view or under a reason),
and the detection of every format over every other's file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from analytics_cloud_logs import CLOUD_VARIANTS, write_cloud_variant
from analytics_edge_logs import (
    AMPLIFY_HEADER,
    EDGE_VARIANTS,
    TRAEFIK_OWN,
    amplify_row,
    azure_cdn,
    azure_frontdoor,
    azure_waf,
    edge_extra,
    syslog_file,
    traefik_json,
    write_edge_variant,
)
from analytics_logs import START, Request, combined_line, generate, truth
from analytics_variants import (
    CADDY_VARIANTS,
    CLOUDFLARE_VARIANTS,
    CLOUDFRONT_V2,
    CLOUDFRONT_VARIANTS,
    COMBINED_VARIANTS,
    DRAIN_VARIANTS,
    write_variant,
)
from test_analytics import build_showcase, docgen, export, export_all, import_json

from docgen.analytics.formats import detect
from docgen.analytics.logfile import PEEK

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
CLAUDE = "Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)"
REQUESTS = generate(1200, seed=11)


@pytest.fixture(scope="module")
def showcase(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The showcase, built for real: its manifest says which paths are pages."""
    return build_showcase(tmp_path_factory.mktemp("edge") / "_site")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site's manifest (all an import reads), with a page whose URL is not ASCII."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = [{"url": u} for u in ("/", "/guides/café", "/guides/pagination")]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    return site


def _import(site: Path, tmp_path: Path, name: str, text: str, fmt: str = "auto") -> Any:
    log = tmp_path / name
    log.write_text(text, "utf-8")
    db = tmp_path / f"{name}.duckdb"
    [summary] = import_json(site, db, log, fmt=fmt)
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    return summary, db


def _views(db: Path) -> dict[str, tuple[int, int]]:
    return {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}


@pytest.mark.parametrize("variant", EDGE_VARIANTS)
def test_known_truth_in_each_hosts_log(showcase: Path, tmp_path: Path, variant: str) -> None:
    db = tmp_path / "a.duckdb"
    log = write_edge_variant(tmp_path / f"{variant}.log", REQUESTS, variant)
    [summary] = import_json(showcase, db, log)
    assert summary["format"] == EDGE_VARIANTS[variant]
    extra = edge_extra(REQUESTS, variant)
    assert summary["lines"] == len(REQUESTS) + sum(extra.values())
    for reason, count in extra.items():
        assert summary["skipped"][reason] == count, summary
    assert "malformed" not in summary["skipped"], summary
    assert "no-user-agent" not in summary["skipped"], summary
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    expected = truth(REQUESTS)
    for kind in ("views", "visitors"):
        assert export_all(db, kind) == expected[kind], kind


def _request(target: str = "/", ua: str = FIREFOX, **fields: Any) -> Request:
    values: dict[str, Any] = {
        "ts": START,
        "ip": "10.0.0.1",
        "method": "GET",
        "target": target,
        "status": 200,
        "ua": ua,
        "who": "human",
        "visitor": 1,
        "page": None,
    }
    return Request(**(values | fields))  # fmt: skip


def test_azure_categories_tiers_and_bad_records(site: Path, tmp_path: Path) -> None:
    page = "/guides/pagination"
    records = [
        azure_frontdoor(_request(), 0),
        azure_frontdoor(_request("/guides/caf%C3%A9?x=1"), 1),  # the classic tier's category
        azure_frontdoor(_request(page, CLAUDE, ip="2001:db8:1:2::7"), 2),
        azure_cdn(_request(page, ip="2001:db8:1:2::8"), 3),
        azure_cdn(_request(page, ip="2001:db8:1:2::8"), 3, from_client=False),  # origin shield
        azure_waf(4),
        azure_frontdoor(_request(method="HEAD"), 5),
        azure_frontdoor(_request("/nope", status=404), 6),
        azure_frontdoor(_request("/llms.txt"), 7),
        azure_frontdoor(_request(ua=""), 8),  # none sent: a bot
        azure_frontdoor(_request(), 9) | {"time": "yesterday"},
        azure_frontdoor(_request(), 10) | {"properties": {"clientIp": "10.0.0.3"}},
    ]
    text = "".join(json.dumps(r) + "\n" for r in records) + "garbage\n"
    summary, db = _import(site, tmp_path, "PT1H.json", text)
    assert summary["format"] == "azure"
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {
        "malformed": 3, "method": 1, "status": 1, "not-a-page": 1, "bot": 1, "other-log": 1,
        "internal": 1,
    }  # fmt: skip
    assert _views(db) == {"/": (1, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 2}


def _entry(i: int, path: str | None = "/", **fields: Any) -> dict[str, Any]:
    """A Vercel drain entry (https://vercel.com/docs/drains/reference/logs)."""
    proxy = {
        "timestamp": 1714557600250,
        "method": "GET",
        "host": "docs.example.com",
        "path": path,
        "userAgent": [FIREFOX],
        "statusCode": 200,
        "clientIp": "10.0.0.1",
    }
    entry = {
        "id": str(i),
        "deploymentId": "dpl_233NRGRjVZX1caZrXWtz5g1TAksD",
        "source": "static",
        "host": "docs-abc123.vercel.app",
        "timestamp": 1714557600255,
        "projectId": "gdufoJxB6b9b1fEqr1jUtFkyavUU",
        "level": "info",
        "proxy": proxy,
    }
    if path is None:
        del entry["proxy"]
    return entry | fields  # fmt: skip


def test_vercel_json_bodies_grow_and_bad_lines(site: Path, tmp_path: Path) -> None:
    build = _entry(0, None, source="build", buildId="bld_cotnkcr76", message="Build completed")
    bodies = [
        [build, _entry(1), _entry(2, "/guides/caf%C3%A9")],
        [_entry(3, "/guides/pagination", proxy={"timestamp": 1714557600250, "method": "GET",
                "path": "/guides/pagination", "userAgent": [CLAUDE], "statusCode": 200,
                "clientIp": "2001:db8:1:2::7"})],
        [_entry(4, "/nope", proxy={"method": "GET", "path": "/nope", "statusCode": 404,
                "clientIp": "10.0.0.1", "userAgent": [FIREFOX]}), "not an entry"],
    ]  # fmt: skip
    text = "".join(json.dumps(b) + "\n" for b in bodies)
    text += json.dumps([_entry(5)])[:70] + "\n"  # cut while it was written
    text += _entry_line(6) + "\n"  # an NDJSON line among the bodies
    summary, db = _import(site, tmp_path, "vercel.log", text)
    assert summary["format"] == "vercel-json"
    assert summary["lines"] == 8
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {"malformed": 2, "status": 1, "other-log": 1}
    assert _views(db) == {"/": (2, 0), "/guides/café": (1, 0), "/guides/pagination": (0, 1)}
    # the drain delivers more: only the new bodies' entries are read
    log = tmp_path / "vercel.log"
    log.write_text(text + json.dumps([_entry(7, "/guides/pagination")]) + "\n", "utf-8")
    [again] = import_json(site, tmp_path / "vercel.log.duckdb", log, fmt="vercel")
    assert (again["format"], again["lines"], again["alreadyImported"]) == ("vercel-json", 9, 8)
    assert (again["human"], again["ai"], again["skipped"]) == (1, 0, {})
    assert _views(tmp_path / "vercel.log.duckdb")["/guides/pagination"] == (1, 1)


def test_vercel_json_without_user_agents_names_the_drain(site: Path, tmp_path: Path) -> None:
    entry = _entry(1)
    del entry["proxy"]["userAgent"]
    log = tmp_path / "vercel.log"
    log.write_text(json.dumps([entry, entry | {"id": "2"}]) + "\n", "utf-8")
    args = ["analytics", "import", str(log), "--site", str(site)]
    result = docgen(*args, "--db", str(tmp_path / "v.duckdb"))
    assert "(vercel-json): 2 lines read" in result.output
    assert "its request entries have no proxy.userAgent" in result.output


def _entry_line(i: int) -> str:
    return json.dumps(_entry(i))


def test_amplify_downloads_put_together_and_bad_rows(site: Path, tmp_path: Path) -> None:
    page = "/guides/pagination"
    rows = [
        AMPLIFY_HEADER,
        amplify_row(_request(), 0),
        amplify_row(_request("/guides/caf%C3%A9?x=1"), 1),
        amplify_row(_request(page, CLAUDE, ip="2001:db8:1:2::7"), 2),
        AMPLIFY_HEADER,  # the next download
        amplify_row(_request(page, ip="2001:db8:1:2::8"), 3),
        amplify_row(_request(method="HEAD"), 4),
        amplify_row(_request("/nope", status=404), 5),
        amplify_row(_request(ua="-"), 6),
        "garbage\n",
        amplify_row(_request(), 7)[:40] + "\n",  # cut short
    ]
    summary, db = _import(site, tmp_path, "access_logs.csv", "".join(rows))
    assert summary["format"] == "amplify"
    assert (summary["human"], summary["ai"]) == (3, 1)
    assert summary["skipped"] == {"malformed": 2, "header": 2, "method": 1, "status": 1, "bot": 1}
    assert _views(db) == {"/": (1, 0), "/guides/café": (1, 0), "/guides/pagination": (1, 1)}


def test_traefik_json_with_and_without_user_agents(site: Path, tmp_path: Path) -> None:
    kept = [
        traefik_json(_request(), 0),
        TRAEFIK_OWN,
        traefik_json(_request("/guides/pagination", CLAUDE, ip="2001:db8:1:2::7"), 1),
        traefik_json(_request(ua="-"), 2),  # kept, but none was sent: a bot
        traefik_json(_request(), 3, **{"request_User-Agent": "REDACTED"}),
        traefik_json(_request(method="POST"), 4),
    ]
    summary, _ = _import(site, tmp_path, "access.log", "".join(kept))
    assert summary["format"] == "traefik"
    assert (summary["human"], summary["ai"]) == (1, 1)
    assert summary["skipped"] == {"method": 1, "bot": 1, "no-user-agent": 1, "other-log": 1}
    # Traefik's default drops every header: nothing tells people from bots
    dropped = "".join(traefik_json(_request(ua="-"), i) for i in range(3))
    log = tmp_path / "dropped.log"
    log.write_text(dropped, "utf-8")
    args = ["analytics", "import", str(log), "--site", str(site)]
    result = docgen(*args, "--db", str(tmp_path / "d.duckdb"))
    assert result.exit_code == 0, result.output
    assert "3 no-user-agent" in result.output
    assert "accessLog.fields.headers.names.User-Agent=keep" in result.output


HAPROXY_MANUAL = (  # the HTTP log format's example in HAProxy's configuration manual
    "Feb  6 12:14:14 localhost haproxy[14389]: 10.0.1.2:33317 [06/Feb/2009:12:14:14.655] "
    "http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 {1wt.eu} {} "
    '"GET /index.html HTTP/1.1"\n'
)


def test_haproxy_http_log_and_a_combined_log_format(site: Path, tmp_path: Path) -> None:
    """HAProxy's httplog records no User-Agent: its views are no-user-agent, and the summary
    says so; a frontend logging the combined layout (with the captured User-Agent) through the
    local syslog daemon is read as combined."""
    lines = [
        HAPROXY_MANUAL.replace("/index.html", "/"),
        HAPROXY_MANUAL.replace("/index.html", "/guides/pagination").replace("200 2750", "304 0"),
        HAPROXY_MANUAL.replace('"GET', '"HEAD'),
        HAPROXY_MANUAL.replace("static/srv1", "www/<NOSRV>").replace("200", "503"),
        HAPROXY_MANUAL.replace('"GET /index.html HTTP/1.1"', '"<BADREQ>"'),
        "Feb  6 12:14:15 localhost haproxy[14389]: Proxy http-in started.\n",
    ]
    log = tmp_path / "haproxy.log"
    log.write_text("".join(lines), "utf-8")
    args = ["analytics", "import", str(log), "--site", str(site), "--json"]
    [summary] = json.loads(docgen(*args, "--db", str(tmp_path / "h.duckdb")).stdout)
    assert (summary["format"], summary["counted"]) == ("haproxy", 0)
    assert summary["skipped"] == {
        "malformed": 1,  # <BADREQ>
        "method": 1,
        "status": 1,
        "no-user-agent": 2,
        "other-log": 1,  # HAProxy's own message
    }
    result = docgen(*args[:-1], "--db", str(tmp_path / "h2.duckdb"))
    assert "HAProxy's HTTP log format has none" in result.output
    # log-format "%ci - - [%trg] \"%HM %HU %HV\" %ST %B \"-\" \"%[capture.req.hdr(0)]\""
    requests = [
        _request("/guides/pagination", ip="10.0.0.1"),
        _request("/guides/pagination", ip="10.0.0.2"),
        _request("/guides/pagination", CLAUDE, ip="10.0.0.3"),
    ]
    text = "".join(
        syslog_file(combined_line(r, i), r, i, "haproxy[14389]") for i, r in enumerate(requests)
    )
    summary, db = _import(site, tmp_path, "haproxy-combined.log", text)
    assert (summary["format"], summary["human"], summary["ai"]) == ("combined", 2, 1)
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 3}


def _existing_formats(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A file of every format read before these hosts, with the format it is told as."""
    requests = generate(60, seed=3)
    expected = dict.fromkeys(COMBINED_VARIANTS, "combined") | dict.fromkeys(CADDY_VARIANTS, "caddy")
    expected |= dict.fromkeys(CLOUDFRONT_VARIANTS, "cloudfront") | CLOUDFRONT_V2
    expected |= dict.fromkeys(CLOUDFLARE_VARIANTS, "cloudflare") | {"alb": "alb"}
    expected |= DRAIN_VARIANTS
    files = {v: (write_variant(tmp_path / v, requests, v), f) for v, f in expected.items()}
    for variant, fmt in CLOUD_VARIANTS.items():
        files[variant] = (write_cloud_variant(tmp_path / variant, requests, variant), fmt)
    sample = Path(__file__).parent.parent / "fixtures" / "analytics" / "access.log"
    files["fixture"] = (sample, "combined")
    return files


def _head(path: Path) -> bytes:
    data = path.read_bytes()
    return (gzip.decompress(data) if data.startswith(b"\x1f\x8b") else data)[:PEEK]


def test_every_format_is_told_from_every_other(tmp_path: Path) -> None:
    """Auto-detection over a file of each format: the formats read before these hosts are
    still told as themselves (none is taken for a new one), and each new one as itself."""
    files = _existing_formats(tmp_path)
    for variant in EDGE_VARIANTS:
        path = write_edge_variant(tmp_path / f"{variant}.log", REQUESTS[:60], variant)
        files[variant] = (path, EDGE_VARIANTS[variant])
    files["haproxy"] = (tmp_path / "haproxy.log", "haproxy")
    files["haproxy"][0].write_text(HAPROXY_MANUAL, "utf-8")
    told = {variant: detect(_head(path)) for variant, (path, _) in files.items()}
    assert told == {variant: fmt for variant, (_, fmt) in files.items()}
