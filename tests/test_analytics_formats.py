"""``docgen analytics import`` on logs as real hosts write them: the known-truth requests of
``analytics_logs`` in nginx's, Apache's, Caddy's and CloudFront's variants (``analytics_variants``)
must give exactly the truth, and hand-written lines of each server's odd cases exactly the
figures worked out by hand. Every line is counted once: as a view or under a skip reason."""

from __future__ import annotations

import gzip
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from analytics_logs import START, combined_line, generate, truth
from analytics_variants import (
    ALB_VARIANTS,
    CADDY_VARIANTS,
    CLOUDFLARE_VARIANTS,
    CLOUDFRONT_V2,
    DRAIN_VARIANTS,
    EXTRA_LINES,
    VARIANTS,
    drain_extra,
    interleaved_extra,
    rotated_series,
    workers_extra,
    write_variant,
)
from test_analytics import build_showcase, docgen, export, export_all, import_json

REQUESTS = generate(1500, seed=11)
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
GPTBOT = "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The showcase, built for real: its manifest says which paths are pages."""
    return build_showcase(tmp_path_factory.mktemp("formats") / "_site")


@pytest.mark.parametrize("variant", VARIANTS)
def test_real_host_variants_match_the_truth(site: Path, tmp_path: Path, variant: str) -> None:
    db = tmp_path / "a.duckdb"
    log = write_variant(tmp_path / f"{variant}.log", REQUESTS, variant)
    [summary] = import_json(site, db, log)
    expected = truth(REQUESTS)
    extra = EXTRA_LINES.get(variant, 0)
    if variant == "caddy-interleaved":
        extra = interleaved_extra(REQUESTS)
    if variant == "cloudflare-workers":  # Cloudflare's own requests: not the visitors'
        extra = workers_extra(REQUESTS)
        assert summary["skipped"]["internal"] == extra
    if variant in DRAIN_VARIANTS:  # builds' and functions' lines: not requests
        extra = drain_extra(REQUESTS, variant)
        assert summary["skipped"].get("other-log", 0) == extra
        assert summary["format"] == DRAIN_VARIANTS[variant]
    lines = len(REQUESTS) + extra
    assert summary["lines"] == lines
    assert summary["counted"] + sum(summary["skipped"].values()) == lines, summary
    assert (summary["human"], summary["ai"]) == (
        expected["views"]["totals"]["human"],
        expected["views"]["totals"]["ai"],
    ), summary
    assert "malformed" not in summary["skipped"], summary
    if variant in CADDY_VARIANTS:
        assert summary["format"] == "caddy"
    if variant in CLOUDFRONT_V2:  # told by content, not by name
        assert summary["format"] == CLOUDFRONT_V2[variant]
    if variant in CLOUDFLARE_VARIANTS or variant in ALB_VARIANTS:
        assert summary["format"] == ("alb" if variant in ALB_VARIANTS else "cloudflare")
    for kind in ("views", "visitors"):
        assert export_all(db, kind) == expected[kind], kind
    day = ["--date-from", "2024-05-02", "--date-to", "2024-05-03"]
    want = truth(REQUESTS, START + timedelta(days=1), START + timedelta(days=2))
    assert export_all(db, "views", *day) == want["views"]


def test_a_rotated_series_with_gzip(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    series = rotated_series(tmp_path, REQUESTS)
    summaries = import_json(site, db, *series)
    assert [s["format"] for s in summaries] == ["combined"] * 3
    assert export_all(db, "visitors") == truth(REQUESTS)["visitors"]
    again = import_json(site, db, *series)
    assert [s["counted"] for s in again] == [0, 0, 0]
    assert export_all(db, "views") == truth(REQUESTS)["views"]


@pytest.fixture
def accented(tmp_path: Path) -> Path:
    """A built site's manifest with a page whose URL is not ASCII (all an import reads)."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = [{"url": u} for u in ("/", "/guides/café", "/guides/pagination")]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    return site


def _combined(ip: str, request: str, status: int = 200, ua: str = FIREFOX) -> str:
    return f'{ip} - - [01/May/2024:23:59:59 +0200] "{request}" {status} 157 "-" "{ua}"\n'


def _import_text(site: Path, tmp_path: Path, name: str, data: bytes) -> tuple[Any, Path]:
    log = tmp_path / name
    log.write_bytes(data)
    db = tmp_path / f"{name}.duckdb"
    [summary] = import_json(site, db, log)
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    return summary, db


def test_odd_requests_nginx_and_apache_write(accented: Path, tmp_path: Path) -> None:
    lines = [
        _combined("10.0.0.1", "GET http://docs.example.com/guides/pagination?x=1 HTTP/1.1"),
        _combined("10.0.0.1", "GET https://docs.example.com HTTP/1.1"),  # the home page
        _combined("10.0.0.1", "GET //guides//pagination/ HTTP/1.1"),  # nginx merges slashes
        _combined("10.0.0.1", "GET /guides/caf%C3%A9 HTTP/1.1"),
        _combined("10.0.0.1", "GET /guides/caf%c3%a9?ref=%22x%22 HTTP/2.0"),
        _combined("10.0.0.1", "GET /guides/caf%ff HTTP/1.1"),  # not UTF-8: no page
        _combined("10.0.0.1", "HEAD /guides/pagination HTTP/1.1"),
        _combined("::ffff:10.0.0.1", "GET / HTTP/1.1", ua=GPTBOT),  # one visitor with 10.0.0.1
        _combined("[2001:db8:1:2::7]:443", "GET / HTTP/1.1"),
        _combined("2001:db8:1:2::8", "GET /index.html HTTP/1.1"),  # the same /64
        _combined("10.0.0.2", "\\x16\\x03\\x01\\x02\\x00\\x01\\xFC\\x03\\x03", 400, "-"),
        _combined("10.0.0.2", "", 400, "-"),
        _combined("10.0.0.2", "-", 408, "-"),
        _combined("-", "GET / HTTP/1.1"),  # no address: no visitor
        _combined("10.0.0.3, 10.9.0.1", "GET / HTTP/1.1"),  # X-Forwarded-For logged first
        _combined("10.0.0.3, 10.9.0.1, 10.9.0.2", "GET / HTTP/1.1"),
        _combined(
            "10.0.0.3",
            'GET /guides/pagination?q=\\"x\\" HTTP/1.1',
            ua='Mozilla/5.0 Firefox/133.0 \\"Q\\"',
        ),
        '10.0.0.4 - - [01/May/2024:23:59:59 +0200] "GET /guides/pagination HTTP/1.1" 200 9\n',
        '10.0.0.4 - - [01/May/2024:23:59:59 +0200] "GET /robots.txt HTTP/1.1" 200 9\n',
        '10.0.0.5 - - [01/May/2024:23:59:59 +0200] "GET /guides/pagination HTTP/1.1" 200 1 "-" "',
    ]
    summary, db = _import_text(accented, tmp_path, "odd.log", "".join(lines).encode())
    assert summary["skipped"] == {
        "malformed": 5,  # TLS bytes, an empty request, "-", no address, the cut last line
        "method": 1,
        "not-a-page": 2,
        "no-user-agent": 1,  # the common log format records none
    }
    assert export(db, "views") == {
        "totals": {"human": 10, "ai": 1, "total": 11},
        "views": [
            {"path": "/", "human": 5, "ai": 1, "total": 6},
            {"path": "/guides/pagination", "human": 3, "ai": 0, "total": 3},
            {"path": "/guides/café", "human": 2, "ai": 0, "total": 2},
        ],
        "hasMore": False,
    }
    # 10.0.0.1 with its IPv4-mapped form; 2001:db8:1:2::/64 with or without a port; 10.0.0.3
    assert export(db, "visitors")["totals"] == {"human": 3, "ai": 1, "total": 3}
    # 23:59:59 +0200 is 21:59:59 UTC on May 1st
    assert export(db, "views", "--date-from", "2024-05-01T21:59:59Z")["totals"]["total"] == 11
    assert export(db, "views", "--date-from", "2024-05-01T22:00:00Z")["totals"]["total"] == 0


def _caddy(ts: object, uri: str = "/", **request: object) -> str:
    fields = {"remote_ip": "10.0.0.1", "remote_port": "5000", "client_ip": "10.0.0.1",
              "method": "GET", "host": "docs.example.com", "uri": uri,
              "headers": {"User-Agent": [FIREFOX], "Accept": ["*/*"]}} | request  # fmt: skip
    entry = {"level": "info", "ts": ts, "logger": "http.log.access.log0",
             "msg": "handled request", "request": fields, "status": 200}  # fmt: skip
    return json.dumps(entry) + "\n"


def test_caddy_times_addresses_and_a_byte_order_mark(accented: Path, tmp_path: Path) -> None:
    """All at 10:00:00 UTC on May 1st 2024, in each time_format Caddy offers."""
    lines = [
        _caddy(1714557600.25),  # unix_seconds_float (the default)
        _caddy(1714557600250.5),  # unix_milli_float
        _caddy(1714557600250000000),  # unix_nano
        _caddy("2024-05-01T05:00:00.250-0500"),  # iso8601
        _caddy("2024-05-01T12:00:00.250000000+02:00"),  # rfc3339_nano
        _caddy("01/May/2024:12:00:00 +0200"),  # common_log
        _caddy(1714557600, "/guides/caf%C3%A9", client_ip="", remote_ip="10.0.0.2"),
        _caddy(1714557600, remote_addr="[2001:db8::1]:5000", remote_ip=None, client_ip=None),
        _caddy(1714557600, headers={}),  # no User-Agent: a bot
    ]
    data = b"\xef\xbb\xbf" + "".join(lines).encode()
    summary, db = _import_text(accented, tmp_path, "caddy.log", data)
    assert (summary["format"], summary["human"], summary["skipped"]) == ("caddy", 8, {"bot": 1})
    second = ["--date-from", "2024-05-01T10:00:00Z", "--date-to", "2024-05-01T10:00:01Z"]
    assert export(db, "views", *second)["totals"]["human"] == 8
    assert export(db, "visitors")["totals"]["human"] == 3


def test_cloudfront_encodings_and_a_byte_order_mark(accented: Path, tmp_path: Path) -> None:
    fields = "date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status"
    fields += " cs(Referer) cs(User-Agent) cs-uri-query"

    def row(ip: str, stem: str, ua: str, status: str = "200") -> str:
        values = ["2024-05-01", "10:00:00", "FRA56-P1", "512", ip, "GET", "d1.cloudfront.net",
                  stem, status, "-", ua, "-"]  # fmt: skip
        return "\t".join(values) + "\n"

    twice = "Mozilla/5.0%2520(compatible;%2520Claude-User/1.0;%2520+Claude-User@anthropic.com)"
    text = (
        "#Version: 1.0\n#Fields: "
        + fields
        + "\n"
        + row("10.0.0.1", "/guides/pagination", "Mozilla/5.0%20(X11;%20Linux%20x86_64)")
        + row("10.0.0.2", "/guides/pagination", twice)
        + row("10.0.0.3", "/guides/caf%25C3%25A9", "Mozilla/5.0%2520(X11)")
        + row("10.0.0.4", "/", "-")
        + row("10.0.0.5", "/", "Mozilla/5.0", "000")
    )
    summary, db = _import_text(accented, tmp_path, "cf.log", b"\xef\xbb\xbf" + text.encode())
    assert summary["format"] == "cloudfront"
    assert (summary["human"], summary["ai"]) == (2, 1)
    assert summary["skipped"] == {"header": 2, "status": 1, "bot": 1}
    paths = {e["path"]: (e["human"], e["ai"]) for e in export(db, "views")["views"]}
    assert paths == {"/guides/pagination": (1, 1), "/guides/café": (1, 0)}


def test_a_log_read_while_a_line_was_being_written(site: Path, tmp_path: Path) -> None:
    """Imported with its last line half written, then again once it is complete and more came:
    the earlier lines are not counted twice."""
    full = "".join(_combined(f"10.0.0.{i}", "GET /guides/pagination HTTP/1.1") for i in range(4))
    log = tmp_path / "access.log"
    log.write_text(full[: len(full) // 2 + 10])
    db = tmp_path / "a.duckdb"
    [first] = import_json(site, db, log)
    assert (first["lines"], first["counted"], first["skipped"]) == (3, 2, {"malformed": 1})
    log.write_text(full)
    [second] = import_json(site, db, log)
    assert second["alreadyImported"] == 3
    # the line cut at the first import is lost, never counted twice
    assert export(db, "views")["totals"]["human"] == 3


def test_a_growing_log_with_crlf_line_ends(site: Path, tmp_path: Path) -> None:
    """Lines ending in CRLF are one line each, also where a later import skips the old ones."""
    log, db = tmp_path / "access.log", tmp_path / "a.duckdb"
    lines = [_combined(f"10.0.0.{i}", "GET / HTTP/1.1").replace("\n", "\r\n") for i in range(12)]
    for count in (3, 7, 12):
        log.write_bytes("".join(lines[:count]).encode())
        import_json(site, db, log)
    assert export(db, "views")["totals"] == {"human": 12, "ai": 0, "total": 12}


@pytest.mark.parametrize(("suffix", "name"), [("bz2", "bzip2"), ("xz", "xz")])
def test_a_log_compressed_otherwise_than_gzip_is_named(
    site: Path, tmp_path: Path, suffix: str, name: str
) -> None:
    """logrotate's compresscmd may be bzip2 or xz: such a file is refused with what to do, not
    read as lines of noise (each then 'unreadable' and the file recorded as imported)."""
    import bz2
    import lzma

    text = _combined("10.0.0.1", "GET / HTTP/1.1").encode() * 50
    log = tmp_path / f"access.log.2.{suffix}"
    log.write_bytes(bz2.compress(text) if suffix == "bz2" else lzma.compress(text))
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"docgen: {log}: compressed with {name}; only gzip is read")
    assert "Traceback" not in result.output


def test_three_days_of_logrotate_with_delaycompress(site: Path, tmp_path: Path) -> None:
    """A nightly import of everything in the log folder while logrotate (daily, delaycompress)
    moves access.log to access.log.1 and that to access.log.2.gz: each request counted once."""
    db = tmp_path / "a.duckdb"
    days = [REQUESTS[:500], REQUESTS[500:1000], REQUESTS[1000:]]
    text = ["".join(combined_line(r, i) for i, r in enumerate(day)) for day in days]
    folder = tmp_path / "log"
    folder.mkdir()
    # day 1, noon: half of the day's lines; the import at midnight sees the rest appended
    cut = text[0].index("\n", len(text[0]) // 2) + 1
    (folder / "access.log").write_text(text[0][:cut])
    import_json(site, db, *sorted(folder.iterdir()))
    (folder / "access.log").write_text(text[0])
    for day in (1, 2):
        import_json(site, db, *sorted(folder.iterdir()))
        if (folder / "access.log.1").exists():
            data = (folder / "access.log.1").read_bytes()
            (folder / "access.log.2.gz").write_bytes(gzip.compress(data))
        (folder / "access.log").rename(folder / "access.log.1")
        (folder / "access.log").write_text(text[day])
    import_json(site, db, *sorted(folder.iterdir()))
    assert export_all(db, "views") == truth(REQUESTS)["views"]
    assert export_all(db, "visitors") == truth(REQUESTS)["visitors"]


def test_the_common_log_format_is_named_in_the_summary(site: Path, tmp_path: Path) -> None:
    line = '10.0.0.4 - frank [01/May/2024:10:00:00 +0000] "GET /guides/pagination HTTP/1.1" 200 9\n'
    log = tmp_path / "common.log"
    log.write_text(line * 3)
    args = ("analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a.db"))
    result = docgen(*args)
    assert result.exit_code == 0
    assert "0 page views counted (0 human, 0 AI); skipped: 3 no-user-agent" in result.stdout
    assert "log in the combined format" in result.stdout


@pytest.mark.parametrize("variant", ["cloudfront-two-blocks", "cloudfront-reordered"])
def test_a_grown_cloudfront_log_keeps_the_layout_of_its_block(
    site: Path, tmp_path: Path, variant: str
) -> None:
    """Lines appended under a second #Fields block that an earlier import already read (its
    layout of another length, or of the same length in another order)."""
    log, db = tmp_path / "cf.log", tmp_path / "a.duckdb"
    full = write_variant(log, REQUESTS, variant).read_bytes()
    second = full.index(b"#Fields:", full.index(b"#Fields:") + 1)
    cut = second
    for _ in range(6):  # the second #Fields line and 5 of its rows
        cut = full.index(b"\n", cut) + 1
    log.write_bytes(full[:cut])
    import_json(site, db, log)
    log.write_bytes(full)
    [grown] = import_json(site, db, log)
    assert grown["alreadyImported"] > 0
    assert export_all(db, "views") == truth(REQUESTS)["views"]


def test_a_cloudfront_log_without_user_agents_says_what_to_add(site: Path, tmp_path: Path) -> None:
    """Its views cannot be told human, AI or bot: the summary names the field, not the common
    log format of nginx and Apache."""
    fields = "date time c-ip cs-method cs-uri-stem sc-status"
    row = "\t".join(["2024-05-01", "10:00:00", "10.0.0.1", "GET", "/guides/pagination", "200"])
    log = tmp_path / "cf.log"
    log.write_text(f"#Version: 1.0\n#Fields: {fields}\n{row}\n")
    args = ("analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "a.db"))
    result = docgen(*args)
    assert result.exit_code == 0
    assert "skipped: 2 header, 1 no-user-agent" in result.stdout
    assert "no cs(User-Agent)" in result.stdout
    assert "add it to the distribution's log fields" in result.stdout
