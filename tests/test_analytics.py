"""``docgen analytics``: generated logs with a known truth, imported for real into DuckDB files
and compared figure by figure with the export, for several date ranges, pages and formats."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from analytics_logs import START, generate, truth, write
from click.testing import CliRunner

from docgen.cli import cli

ROOT = Path(__file__).resolve().parents[1]
REQUESTS = generate(3000)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The showcase, built for real: its manifest says which paths are pages."""
    return build_showcase(tmp_path_factory.mktemp("analytics") / "_site")


def build_showcase(out: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "docgen",
            "build",
            "fixtures/platform/docs.json",
            "-o",
            str(out),
            "--quiet",
        ],
        cwd=ROOT,
        check=True,
        timeout=180,
    )
    return out


def docgen(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def import_json(site: Path, db: Path, *logs: Path, fmt: str = "auto") -> list[dict[str, Any]]:
    result = docgen(
        "analytics",
        "import",
        *map(str, logs),
        "--site",
        str(site),
        "--db",
        str(db),
        "--format",
        fmt,
        "--json",
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def export(db: Path, kind: str, *args: str) -> dict[str, Any]:
    result = docgen("analytics", kind, "--db", str(db), *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def export_all(db: Path, kind: str, *args: str) -> dict[str, Any]:
    """Every entry, walking the pages with limit/offset and checking hasMore on the way."""
    entries, offset = [], 0
    while True:
        body = export(db, kind, "--limit", "3", "--offset", str(offset), *args)
        entries += body[kind]
        offset += 3
        if not body["hasMore"]:
            break
        assert len(body[kind]) == 3
    return {"totals": body["totals"], kind: entries}


RANGES = [
    (None, None, [], "everything"),
    (
        START + timedelta(days=1),
        START + timedelta(days=2),
        ["--date-from", "2024-05-02", "--date-to", "2024-05-03"],
        "one day",
    ),
    (
        START + timedelta(days=2, hours=10),
        None,
        ["--date-from", "2024-05-03T12:00:00+02:00"],
        "from a time with an offset",
    ),
    (
        None,
        START + timedelta(days=3, hours=6, minutes=30),
        ["--date-to", "2024-05-04T06:30:00Z"],
        "up to a time",
    ),
    (
        START + timedelta(days=1, hours=3),
        START + timedelta(days=1, hours=3),
        ["--date-from", "2024-05-02T03:00:00", "--date-to", "2024-05-02T03:00:00"],
        "empty",
    ),
]


@pytest.mark.parametrize("fmt", ["combined", "caddy", "cloudfront"])
def test_figures_match_the_truth(site: Path, tmp_path: Path, fmt: str) -> None:
    db = tmp_path / "a.duckdb"
    log = write(tmp_path / f"access.{fmt}", REQUESTS, fmt)
    [summary] = import_json(site, db, log)
    expected = truth(REQUESTS)
    assert summary["format"] == fmt
    assert summary["human"] == expected["views"]["totals"]["human"]
    assert summary["ai"] == expected["views"]["totals"]["ai"]
    lines = len(REQUESTS) + (2 if fmt == "cloudfront" else 0)  # #Version, #Fields
    assert summary["lines"] == lines
    assert summary["counted"] + sum(summary["skipped"].values()) == lines
    for start, end, args, label in RANGES:
        want = truth(REQUESTS, start, end)
        for kind in ("views", "visitors"):
            assert export_all(db, kind, *args) == want[kind], (label, kind)


def test_skip_reasons_are_counted(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    log = write(tmp_path / "access.log", REQUESTS)
    with log.open("ab") as stream:
        stream.write(b"this is not a log line\n\n\xff\xfe not UTF-8\n")
    [summary] = import_json(site, db, log)
    bots = sum(
        1
        for r in REQUESTS
        if r.who == "bot"
        and r.method == "GET"
        and r.status in (200, 304)
        and not r.target.startswith(("/_docgen", "/llms", "/no/"))
    )
    skipped = summary["skipped"]
    assert skipped["bot"] == bots
    assert skipped["malformed"] == 2
    assert skipped["unreadable"] == 1
    assert skipped["method"] == sum(1 for r in REQUESTS if r.method != "GET")
    assert skipped["status"] == sum(
        1 for r in REQUESTS if r.method == "GET" and r.status not in (200, 304)
    )
    assert skipped["not-a-page"] == sum(
        1
        for r in REQUESTS
        if r.method == "GET" and r.status == 200 and r.target.startswith(("/_docgen", "/llms"))
    )


def test_rules_on_single_requests(site: Path, tmp_path: Path) -> None:
    """Twins, folder forms and index.html are one page; visitors dedupe across human and AI."""
    browser = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
    gpt = "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"
    rows = [
        ("10.0.0.1", "/guides/pagination", 200, browser),
        ("10.0.0.1", "/guides/pagination/", 200, browser),
        ("10.0.0.1", "/guides/pagination/index.html", 304, browser),
        ("10.0.0.1", "/guides/pagination.md", 200, gpt),
        ("2001:db8:1:2::1", "/", 200, browser),
        ("2001:db8:1:2:ffff::9", "/index.md", 200, gpt),
        ("2001:db8:1:3::1", "/index.html?x=1", 200, browser),
        ("10.0.0.2", "/Guides/Pagination", 200, browser),  # paths are case-sensitive
        ("10.0.0.2", "/guides/pagination", 404, browser),
        ("10.0.0.2", "/guides/pagination", 200, "Googlebot/2.1 (+http://www.google.com/bot.html)"),
    ]
    lines = [
        f'{ip} - - [01/May/2024:10:00:00 +0000] "GET {path} HTTP/1.1" {status} 1 "-" "{ua}"\n'
        for ip, path, status, ua in rows
    ]
    log = tmp_path / "small.log"
    log.write_text("".join(lines))
    db = tmp_path / "a.duckdb"
    import_json(site, db, log)
    views = export(db, "views")
    assert views == {
        "totals": {"human": 5, "ai": 2, "total": 7},
        "views": [
            {"path": "/guides/pagination", "human": 3, "ai": 1, "total": 4},
            {"path": "/", "human": 2, "ai": 1, "total": 3},
        ],
        "hasMore": False,
    }
    visitors = export(db, "visitors")
    # visitors: 10.0.0.1 (human and AI), 2001:db8:1:2::/64 (human and AI), 2001:db8:1:3::/64
    assert visitors["totals"] == {"human": 3, "ai": 2, "total": 3}
    assert visitors["visitors"] == [
        {"path": "/", "human": 2, "ai": 1, "total": 2},
        {"path": "/guides/pagination", "human": 1, "ai": 1, "total": 1},
    ]


def test_reimport_adds_nothing_and_gzip_rotations_are_recognised(
    site: Path, tmp_path: Path
) -> None:
    db = tmp_path / "a.duckdb"
    log = write(tmp_path / "access.log", REQUESTS)
    import_json(site, db, log)
    before = export(db, "views")
    [again] = import_json(site, db, log)
    assert again["counted"] == 0 and again["alreadyImported"] == again["lines"]
    rotated = write(tmp_path / "access.log.2.gz", REQUESTS, compress=True)
    [gz] = import_json(site, db, rotated)
    assert gz["counted"] == 0 and gz["alreadyImported"] == gz["lines"]
    assert export(db, "views") == before


def test_a_grown_log_adds_only_its_new_lines(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    half = len(REQUESTS) // 2
    log = write(tmp_path / "access.log", REQUESTS[:half])
    import_json(site, db, log)
    write(log, REQUESTS)  # the server appended the rest
    [second] = import_json(site, db, log)
    assert second["alreadyImported"] == half
    assert export_all(db, "views") == truth(REQUESTS)["views"]
    assert export_all(db, "visitors") == truth(REQUESTS)["visitors"]


def test_several_files_in_one_import_and_gzip(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    third = len(REQUESTS) // 3
    a = write(tmp_path / "a.log.gz", REQUESTS[:third], compress=True)
    b = write(tmp_path / "b.json", REQUESTS[third : 2 * third], "caddy")
    c = write(tmp_path / "c.gz", REQUESTS[2 * third :], "cloudfront", compress=True)
    summaries = import_json(site, db, a, b, c)
    assert [s["format"] for s in summaries] == ["combined", "caddy", "cloudfront"]
    assert export_all(db, "visitors") == truth(REQUESTS)["visitors"]


def test_the_store_keeps_no_addresses(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    import_json(site, db, write(tmp_path / "access.log", REQUESTS))
    data = db.read_bytes()
    for address in {r.ip for r in REQUESTS}:
        assert address.encode() not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--limit", "0"], "limit: 0 is out of range; use from 1 to 250"),
        (["--limit", "251"], "limit: 251 is out of range; use from 1 to 250"),
        (["--limit", "ten"], "limit: 'ten' is not an integer"),
        (["--offset", "-1"], "offset: -1 is out of range; use 0 or more"),
        (["--date-from", "yesterday"], "dateFrom: 'yesterday' is not a date"),
        (["--date-to", "2024-13-01"], "dateTo: '2024-13-01' is not a date"),
        (  # a valid ISO 8601 time that is before year 1 once converted to UTC
            ["--date-from", "0001-01-01T00:00:00+01:00"],
            "dateFrom: '0001-01-01T00:00:00+01:00' is outside the years 1 to 9999",
        ),
        (
            ["--date-to", "9999-12-31T23:59:59-01:00"],
            "dateTo: '9999-12-31T23:59:59-01:00' is outside the years 1 to 9999",
        ),
        (
            ["--date-from", "2024-05-03", "--date-to", "2024-05-02"],
            "dateFrom (2024-05-03) is after",
        ),
    ],
)
def test_bad_export_parameters_exit_2(
    site: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    db = tmp_path / "a.duckdb"
    import_json(site, db, write(tmp_path / "access.log", REQUESTS[:50]))
    for kind in ("visitors", "views"):
        result = docgen("analytics", kind, "--db", str(db), *args)
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr.startswith(f"docgen: {message}")


def test_bad_import_inputs(site: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    missing = docgen(
        "analytics", "import", str(tmp_path / "nope.log"), "--site", str(site), "--db", str(db)
    )
    assert missing.exit_code == 2 and "no such log file" in missing.stderr
    log = write(tmp_path / "access.log", REQUESTS[:10])
    no_site = docgen("analytics", "import", str(log), "--site", str(tmp_path), "--db", str(db))
    assert no_site.exit_code == 2 and "no _docgen/manifest.json" in no_site.stderr
    broken = tmp_path / "broken.log.gz"
    broken.write_bytes(gzip.compress(log.read_bytes())[:60])
    bad_gz = docgen("analytics", "import", str(broken), "--site", str(site), "--db", str(db))
    assert bad_gz.exit_code == 2 and "nothing was imported from it" in bad_gz.stderr
    assert "Traceback" not in bad_gz.output
    no_store = docgen("analytics", "views", "--db", str(tmp_path / "none.duckdb"))
    assert no_store.exit_code == 2 and "no analytics store" in no_store.stderr


def test_default_store_path_and_text_summary(site: Path, tmp_path: Path) -> None:
    log = write(tmp_path / "access.log", REQUESTS[:200])
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "analytics", "import", str(log), "--site", str(site)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**_env(), "DOCGEN_ANALYTICS_DB": ""},
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / ".docgen" / "analytics.duckdb").is_file()
    assert "200 lines read;" in result.stdout and "page views counted" in result.stdout
    assert "skipped:" in result.stdout


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


def test_progress_bar_on_request(site: Path, tmp_path: Path) -> None:
    log = write(tmp_path / "big.log", generate(60000, seed=3))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "docgen",
            "analytics",
            "import",
            str(log),
            "--site",
            str(site),
            "--db",
            str(tmp_path / "a.duckdb"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**_env(), "DOCGEN_PROGRESS": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert "big.log: hashing [" in result.stderr
    assert "big.log: counting [##############################] 100%" in result.stderr


def test_visitor_dates_are_utc(site: Path, tmp_path: Path) -> None:
    """A request at 23:30 -05:30 on May 1st is 05:00 UTC on May 2nd."""
    line = (
        '10.1.1.1 - - [01/May/2024:23:30:00 -0530] "GET / HTTP/1.1" 200 1 "-" '
        '"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"\n'
    )
    log = tmp_path / "tz.log"
    log.write_text(line)
    db = tmp_path / "a.duckdb"
    import_json(site, db, log)
    day = export(db, "views", "--date-from", "2024-05-02", "--date-to", "2024-05-03")
    assert day["totals"]["total"] == 1
    hour = datetime(2024, 5, 2, 5, 0, tzinfo=UTC).isoformat()
    assert export(db, "views", "--date-from", hour)["totals"]["total"] == 1
    assert export(db, "views", "--date-to", hour)["totals"]["total"] == 0


def test_a_bad_file_stops_the_import_but_keeps_the_files_before_it(
    site: Path, tmp_path: Path
) -> None:
    db = tmp_path / "a.duckdb"
    good = write(tmp_path / "good.log", REQUESTS)
    broken = tmp_path / "broken.log.gz"
    broken.write_bytes(gzip.compress(good.read_bytes())[:200])
    later = write(tmp_path / "later.log", REQUESTS[:10])
    result = docgen("analytics", "import", str(good), str(broken), str(later), "--site",
                    str(site), "--db", str(db))
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{good} (combined): {len(REQUESTS):,} lines read;")
    assert str(later) not in result.stdout
    assert result.stderr.startswith(f"docgen: {broken}: cannot read")
    assert export(db, "views")["totals"] == truth(REQUESTS)["views"]["totals"]


def test_caddy_details_and_an_empty_log(site: Path, tmp_path: Path) -> None:
    """Caddy without client_ip (older versions) uses remote_ip; a broken JSON line is
    malformed; an empty file imports nothing."""
    ua = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
    entry = {"ts": "2024-05-01T10:00:00Z", "status": 200,
             "request": {"remote_ip": "10.9.9.9", "method": "GET", "uri": "/guides/pagination/",
                         "headers": {"User-Agent": [ua]}}}
    log = tmp_path / "caddy.log"
    log.write_text(json.dumps(entry) + "\n" + '{"ts": 1, "request": {"method": \n')
    db = tmp_path / "a.duckdb"
    [summary] = import_json(site, db, log)
    assert summary["format"] == "caddy"
    assert (summary["human"], summary["skipped"]) == (1, {"malformed": 1})
    assert export(db, "views", "--date-from", "2024-05-01T10:00:00Z")["totals"]["human"] == 1
    empty = tmp_path / "empty.log"
    empty.write_text("")
    result = docgen("analytics", "import", str(empty), "--site", str(site), "--db", str(db))
    assert result.exit_code == 0 and "empty; nothing to import" in result.stdout
