"""``docgen analytics import`` on the W3C extended log format of IIS and Azure App Service,
written by hand after the format's documentation, with the figures worked out by hand; and the
detection run over every format's test logs: none is taken for another."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from analytics_cloud_logs import CLOUD_VARIANTS, write_cloud_variant
from analytics_logs import generate
from analytics_variants import (
    ALB_VARIANTS,
    CADDY_VARIANTS,
    CLOUDFLARE_VARIANTS,
    CLOUDFRONT_V2,
    CLOUDFRONT_VARIANTS,
    COMBINED_VARIANTS,
    DRAIN_VARIANTS,
    write_variant,
)
from test_analytics import ROOT, docgen, export
from test_analytics_cloud import CLAUDE, FIREFOX, GCP_ENTRIES, OWNER, _import, _s3, _views, site
from test_analytics_drains import _elb, _netlify, _vercel
from test_analytics_hosts import _alb, _cf

from docgen.analytics.formats import detect

__all__ = ["site"]  # the fixture


# --- W3C extended log format: IIS and Azure App Service -----------------------------------
# https://www.w3.org/TR/WD-logfile (the W3C extended log file format: #Software, #Version,
# #Date and #Fields directives, then the fields separated by spaces, "-" for none) and
# https://learn.microsoft.com/windows/win32/http/w3c-logging (the field names, times in UTC).
# IIS 10's default fields; IIS writes a space inside a value as "+" (a User-Agent). Azure App
# Service's web server logs are the same format with s-sitename, cs(Cookie), cs-host...
IIS_HEADER = (
    "#Software: Microsoft Internet Information Services 10.0\r\n#Version: 1.0\r\n"
    "#Date: 2024-05-01 10:00:00\r\n#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query "
    "s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status "
    "time-taken\r\n"
)
AZURE_FIELDS = (
    "#Fields: date time s-sitename cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip "
    "cs(User-Agent) cs(Cookie) cs(Referer) cs-host sc-status sc-substatus sc-win32-status "
    "sc-bytes cs-bytes time-taken\r\n"
)


def _iis(stem: str, ip: str = "203.0.113.7", ua: str = FIREFOX, method: str = "GET",
         status: str = "200", query: str = "-") -> str:  # fmt: skip
    agent = ua.replace(" ", "+")
    return (
        f"2024-05-01 10:00:00 10.0.0.4 {method} {stem} {query} 443 - {ip} {agent} "
        f"https://www.bing.com/search?q=docs {status} 0 0 15\r\n"
    )


def _azure(stem: str, ip: str, ua: str = FIREFOX) -> str:
    return (
        f"2024-05-01 10:00:01 DOCSAPP GET {stem} X-ARR-LOG-ID=5b1a1b2c 443 - {ip} "
        f"{ua.replace(' ', '+')} ARRAffinity=abc - docsapp.azurewebsites.net 200 0 0 5120 "
        "900 15\r\n"
    )


def test_iis_and_azure_w3c_blocks(site: Path, tmp_path: Path) -> None:
    lines = [
        IIS_HEADER,
        _iis("/"),
        _iis("/guides/caf%C3%A9", query="ref=x"),
        _iis("/guides/pagination/", "2001:db8:1:2::7", CLAUDE),
        _iis("/", method="HEAD"),
        _iis("/guides/x", status="404"),
        _iis("/_docgen/docgen.css"),
        _iis("/", ua="-"),  # no User-Agent: a bot
        _iis("/", ua="Xenu Link Sleuth/1.3.8"),  # a bot whose name has spaces, written "+"
        "2024-05-01 10:00:00 10.0.0.4 GET\r\n",  # cut short
        # a user name with a space, which IIS does not quote: the fields after it shift, the
        # status is then the referer (malformed), never a miscount
        _iis("/").replace(" 443 - ", " 443 JOE BLOGGS "),
        IIS_HEADER.replace("10:00:00", "11:00:00"),  # IIS restarted: the header again
        _iis("/guides/pagination"),
        "#Software: Microsoft Internet Information Services 8.0\r\n" + AZURE_FIELDS,
        _azure("/guides/pagination", "203.0.113.9:52712"),
    ]
    data = "".join(lines).encode()
    summary, db = _import(site, tmp_path, "u_ex240501.log", data)
    assert summary["format"] == "w3c"
    assert (summary["human"], summary["ai"]) == (4, 1)
    assert summary["skipped"] == {
        "malformed": 2,
        "header": 4 + 4 + 2,
        "method": 1,
        "status": 1,
        "not-a-page": 1,
        "bot": 2,
    }
    assert _views(db) == {"/": (1, 0), "/guides/café": (1, 0), "/guides/pagination": (2, 1)}
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 1, "total": 3}
    forced, _ = _import(site, tmp_path, "ex.log.gz", gzip.compress(data), "w3c")
    assert (forced["format"], forced["human"], forced["ai"]) == ("w3c", 4, 1)


def test_a_w3c_log_without_fields_is_refused(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "u_ex.log"
    log.write_text(_iis("/") * 3, "utf-8")
    db = tmp_path / "a.duckdb"
    result = docgen(
        "analytics", "import", str(log), "--site", str(site), "--db", str(db), "--format", "w3c"
    )
    assert result.exit_code == 2
    assert result.stderr.startswith(f"docgen: {log}: no #Fields line")
    assert "Traceback" not in result.output


def test_w3c_blocks_of_the_same_fields_in_another_order(site: Path, tmp_path: Path) -> None:
    """Two blocks with as many fields in another order cannot be told apart by their number:
    read through the numbered working copy, separated by spaces as W3C is."""
    fields = ["date", "time", "c-ip", "cs-method", "cs-uri-stem", "sc-status", "cs(User-Agent)"]
    values = {"date": "2024-05-01", "time": "10:00:00", "cs-method": "GET", "sc-status": "200",
              "cs(User-Agent)": FIREFOX.replace(" ", "+")}  # fmt: skip

    def block(order: list[str], stems: list[str]) -> str:
        rows = [
            " ".join((values | {"c-ip": f"203.0.113.{i}", "cs-uri-stem": stem})[f] for f in order)
            for i, stem in enumerate(stems)
        ]
        return "#Version: 1.0\r\n#Fields: " + " ".join(order) + "\r\n" + "\r\n".join(rows) + "\r\n"

    text = block(fields, ["/", "/guides/pagination"]) + block(fields[::-1], ["/guides/caf%C3%A9"])
    summary, db = _import(site, tmp_path, "u_ex.log", text.encode())
    assert (summary["format"], summary["human"], summary["skipped"]) == ("w3c", 3, {"header": 4})
    assert _views(db) == {"/": (1, 0), "/guides/pagination": (1, 0), "/guides/café": (1, 0)}


def test_a_w3c_log_without_user_agents_says_what_to_add(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "u_ex.log"
    rows = "2024-05-01 10:00:00 203.0.113.7 GET / 200\r\n" * 2
    log.write_text("#Fields: date time c-ip cs-method cs-uri-stem sc-status\r\n" + rows, "utf-8")
    result = docgen(
        "analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a")
    )
    assert result.exit_code == 0
    assert "skipped: 1 header, 2 no-user-agent" in result.stdout
    assert "its #Fields have no cs(User-Agent)" in result.stdout


def test_an_unknown_format_names_the_cloud_ones(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "a.log"
    log.write_text(_iis("/"))
    args = ["analytics", "import", str(log), "--site", str(site), "--format", "akamai"]
    result = docgen(*args, "--db", str(tmp_path / "a.duckdb"))
    assert result.exit_code == 2
    for name in ("s3", "gcp", "w3c"):
        assert f"'{name}'" in result.output


# --- detection across every format ----------------------------------------------------------


def _samples(tmp_path: Path) -> dict[str, tuple[str, bytes]]:
    """A log of every format and variant the tests write: name -> (format, content)."""
    requests = generate(60, seed=3)
    expected = (
        dict.fromkeys(COMBINED_VARIANTS, "combined") | dict.fromkeys(CADDY_VARIANTS, "caddy")
        | dict.fromkeys(CLOUDFRONT_VARIANTS, "cloudfront") | CLOUDFRONT_V2
        | dict.fromkeys(CLOUDFLARE_VARIANTS, "cloudflare") | dict.fromkeys(ALB_VARIANTS, "alb")
        | DRAIN_VARIANTS
    )  # fmt: skip
    samples = {}
    for variant, fmt in expected.items():
        data = write_variant(tmp_path / variant, requests, variant).read_bytes()
        samples[variant] = (fmt, gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    for name, line in {
        "cloudflare-line": ("cloudflare", _cf()),
        "alb-line": ("alb", _alb("10.0.0.1:2817", "GET https://d.example:443/ HTTP/1.1")),
        "elb-line": ("elb", _elb("10.0.0.1:2817", "GET https://d.example:443/ HTTP/1.1")),
        "vercel-line": ("vercel", _vercel()),
        "netlify-line": ("netlify", _netlify()),
    }.items():
        samples[name] = (line[0], line[1].encode())
    for variant, fmt in CLOUD_VARIANTS.items():
        data = write_cloud_variant(tmp_path / variant, requests, variant).read_bytes()
        plain = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        samples[f"{variant}-known"] = (fmt, plain)
    samples["sample"] = ("combined", (ROOT / "fixtures/analytics/access.log").read_bytes())
    samples["s3"] = ("s3", _s3("WEBSITE.GET.OBJECT", "index.html", '"GET / HTTP/1.1"').encode())
    samples["s3-rest"] = ("s3", _s3("REST.GET.VERSIONING", "-", '"GET /b?versioning HTTP/1.1"',
                                    requester=OWNER).encode())  # fmt: skip
    samples["gcp"] = ("gcp", json.dumps(GCP_ENTRIES[0]).encode())
    samples["gcp-array"] = ("gcp-array", json.dumps(GCP_ENTRIES, indent=2).encode())
    samples["iis"] = ("w3c", (IIS_HEADER + _iis("/")).encode())
    samples["azure"] = ("w3c", (AZURE_FIELDS + _azure("/", "203.0.113.9")).encode())
    return samples


def test_detection_never_takes_one_format_for_another(tmp_path: Path) -> None:
    found = {
        name: (fmt, detect(data[: 64 * 1024])) for name, (fmt, data) in _samples(tmp_path).items()
    }
    assert {name: got for name, (_, got) in found.items()} == {
        name: fmt for name, (fmt, _) in found.items()
    }
