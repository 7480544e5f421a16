"""The analytics API of a real ``docgen serve`` on 127.0.0.1: keys, project id, bad input, the
same body as the CLI, recording of served pages; and the agent lists."""

from __future__ import annotations

import functools
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from analytics_logs import AI_AGENTS, BOT_AGENTS, HUMAN_AGENTS, generate, write
from serving import ROOT, Process, free_port

from docgen.analytics.agents import Classifier, Kind, default_classifier
from docgen.analytics.ingest import import_logs
from docgen.analytics.pages import MANIFEST
from docgen.analytics.serving import Analytics, ApiConfig

SHOWCASE = ROOT / "fixtures" / "platform" / "docs.json"
KEY = "docgen_test_0123456789abcdefXYZ"
OTHER = "docgen_other_0123456789abcdef"


def serve(tmp_path: Path, env: dict[str, str], *args: str) -> tuple[Process, str]:
    port = free_port()
    process = Process(
        [
            sys.executable,
            "-m",
            "docgen",
            "serve",
            str(SHOWCASE),
            "--port",
            str(port),
            "--no-watch",
            *args,
        ],
        ROOT,
        {k: v for k, v in {**os.environ, **env}.items() if v is not None},
    )
    process.wait_output("Serving at")
    return process, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A store holding a generated log, imported against the built showcase."""
    folder = tmp_path_factory.mktemp("served")
    site = folder / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(SHOWCASE), "-o", str(site), "--quiet"],
        check=True,
        timeout=180,
    )
    log = write(folder / "access.log", generate(2000, seed=11))
    db = folder / "store.duckdb"
    subprocess.run(
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
            str(db),
        ],
        check=True,
        timeout=180,
        capture_output=True,
    )
    return db, site


def cli_export(db: Path, kind: str, *args: str) -> Any:
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "analytics", kind, "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_served_api_keys_project_and_bad_input(imported: tuple[Path, Path], tmp_path: Path) -> None:
    db, _ = imported
    keys = tmp_path / "keys.txt"
    keys.write_text(f"# admin keys\n{OTHER}\n{KEY}\n")
    env = {
        "DOCGEN_ANALYTICS_KEYS_FILE": str(keys),
        "DOCGEN_ANALYTICS_PROJECT": "acme-docs",
        "DOCGEN_ANALYTICS_DB": str(db),
    }
    process, base = serve(tmp_path, env)
    try:
        url = f"{base}/v1/analytics/acme-docs"
        auth = {"Authorization": f"Bearer {KEY}"}
        for headers in (
            {},
            {"Authorization": "Bearer docgen_wrong_0123456789abcdef"},
            {"Authorization": KEY},
            {"Authorization": "Bearer"},
        ):
            answer = httpx.get(f"{url}/visitors", headers=headers)
            assert answer.status_code == 401
            assert answer.json()["error"]["status"] == 401
            assert answer.headers["www-authenticate"].startswith("Bearer")
        assert httpx.get(f"{base}/v1/analytics/someone-else/views", headers=auth).status_code == 404
        for query in (
            "limit=0",
            "limit=251",
            "offset=-1",
            "dateFrom=soon",
            "dateFrom=2024-05-03&dateTo=2024-05-02",
            "dateFrom=0001-01-01T00:00:00%2B01:00",  # before year 1 in UTC: not a 500
            "dateTo=9999-12-31T23:59:59-01:00",
        ):
            answer = httpx.get(f"{url}/views?{query}", headers=auth)
            assert answer.status_code == 400, query
            assert answer.json()["error"]["status"] == 400
            assert answer.json()["error"]["message"]
        for kind in ("visitors", "views"):
            for query, args in (
                ("", []),
                (
                    "dateFrom=2024-05-02&dateTo=2024-05-04&limit=2&offset=1",
                    [
                        "--date-from",
                        "2024-05-02",
                        "--date-to",
                        "2024-05-04",
                        "--limit",
                        "2",
                        "--offset",
                        "1",
                    ],
                ),
            ):
                served = httpx.get(f"{url}/{kind}?{query}", headers=auth)
                assert served.status_code == 200
                assert served.headers["cache-control"] == "no-store"
                assert served.json() == cli_export(db, kind, *args)
        other = httpx.get(f"{url}/views", headers={"Authorization": f"Bearer {OTHER}"})
        assert other.status_code == 200
    finally:
        process.stop()
    assert KEY not in process.output and OTHER not in process.output


def test_routes_are_off_unless_configured(tmp_path: Path) -> None:
    env = {k: None for k in os.environ if k.startswith("DOCGEN_ANALYTICS_")}
    process, base = serve(tmp_path, env)  # type: ignore[arg-type]
    try:
        answer = httpx.get(
            f"{base}/v1/analytics/acme-docs/visitors", headers={"Authorization": f"Bearer {KEY}"}
        )
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
    finally:
        process.stop()


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DOCGEN_ANALYTICS_KEYS": "secret123", "DOCGEN_ANALYTICS_PROJECT": "p"}, "malformed"),
        ({"DOCGEN_ANALYTICS_KEYS": KEY}, "DOCGEN_ANALYTICS_PROJECT must be set"),
        ({"DOCGEN_ANALYTICS_PROJECT": "p"}, "no admin key"),
        (
            {
                "DOCGEN_ANALYTICS_KEYS_FILE": str(ROOT / "fixtures/platform/keys.txt"),
                "DOCGEN_ANALYTICS_PROJECT": "p",
            },
            "inside the docs folder",
        ),
    ],
)
def test_bad_analytics_settings_stop_serve(env: dict[str, str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "serve", str(SHOWCASE), "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert "secret123" not in result.stderr


def test_serve_records_the_pages_it_serves(tmp_path: Path) -> None:
    db = tmp_path / "served.duckdb"
    env = {
        "DOCGEN_ANALYTICS_KEYS": KEY,
        "DOCGEN_ANALYTICS_PROJECT": "acme-docs",
        "DOCGEN_ANALYTICS_DB": str(db),
    }
    process, base = serve(tmp_path, env)
    try:
        with httpx.Client(base_url=base) as client:
            for path, agent in [
                ("/guides/pagination/", HUMAN_AGENTS[0]),
                ("/guides/pagination.md", AI_AGENTS[0]),
                ("/guides/pagination.md", AI_AGENTS[3]),
                ("/", HUMAN_AGENTS[1]),
                ("/guides/pagination/", BOT_AGENTS[0]),
                ("/_docgen/docgen.css", HUMAN_AGENTS[0]),
                ("/no/such/page/", HUMAN_AGENTS[0]),
            ]:
                client.get(path, headers={"User-Agent": agent})
            client.post("/guides/pagination/", headers={"User-Agent": HUMAN_AGENTS[0]})
            views = client.get(
                "/v1/analytics/acme-docs/views", headers={"Authorization": f"Bearer {KEY}"}
            ).json()
    finally:
        process.stop()
    assert views["totals"] == {"human": 2, "ai": 2, "total": 4}
    assert views["views"][0] == {"path": "/guides/pagination", "human": 1, "ai": 2, "total": 3}
    visitors = cli_export(db, "visitors")  # all from 127.0.0.1: one visitor, human and AI
    assert visitors["totals"] == {"human": 1, "ai": 1, "total": 1}


def test_views_served_just_before_sigterm_are_stored(tmp_path: Path) -> None:
    db = tmp_path / "served.duckdb"
    env = {
        "DOCGEN_ANALYTICS_KEYS": KEY,
        "DOCGEN_ANALYTICS_PROJECT": "acme-docs",
        "DOCGEN_ANALYTICS_DB": str(db),
    }
    process, base = serve(tmp_path, env)
    httpx.get(base + "/guides/pagination/", headers={"User-Agent": HUMAN_AGENTS[0]})
    process.proc.send_signal(signal.SIGTERM)  # before the recorder's next 2 s flush
    process.proc.wait(15)
    assert "Traceback" not in process.output
    assert cli_export(db, "views")["totals"]["human"] == 1


def test_the_recorder_merges_slashes_as_the_import_does(tmp_path: Path) -> None:
    """``//guides//pagination/`` is the page ``/guides/pagination`` for the recorder of
    ``docgen serve`` as for an imported log (nginx merges slashes and answers 200)."""
    pages = ["/", "/guides/pagination"]
    manifest = json.dumps({"pages": [{"url": u} for u in pages]}).encode()
    paths = ["//guides//pagination/", "/guides///pagination", "//", "/guides/pagination"]
    served = tmp_path / "served.duckdb"
    recorder = Analytics(ApiConfig((KEY.encode(),), "acme-docs", served))
    for path in paths:
        agent = {"user-agent": HUMAN_AGENTS[0]}
        recorder.record({MANIFEST: manifest}, "GET", path, 200, "10.0.0.1", agent)
    recorder.flush()
    log = tmp_path / "access.log"
    log.write_text(
        "".join(
            f'10.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET {path} HTTP/1.1" 200 9 "-" '
            f'"{HUMAN_AGENTS[0]}"\n'
            for path in paths
        )
    )
    imported = tmp_path / "imported.duckdb"
    import_logs([log], imported, pages)
    expected = {"path": "/guides/pagination", "human": 3, "ai": 0, "total": 3}
    for db in (served, imported):
        assert cli_export(db, "views")["views"] == [
            expected,
            {"path": "/", "human": 1, "ai": 0, "total": 1},
        ]


def test_a_static_build_holds_no_analytics(tmp_path: Path) -> None:
    env = {**os.environ, "DOCGEN_ANALYTICS_KEYS": KEY, "DOCGEN_ANALYTICS_PROJECT": "acme-docs"}
    out = tmp_path / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(SHOWCASE), "-o", str(out), "--quiet"],
        check=True,
        timeout=180,
        env=env,
    )
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert KEY.encode() not in data and b"acme-docs" not in data, path
            assert not path.name.endswith((".duckdb", ".wal")), path


# --- the agent lists ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "agent",
    (
        *AI_AGENTS,
        "Mozilla/5.0 (compatible; GoogleAgent-Mariner)",
        "Meta-ExternalFetcher/1.1",
        "Mozilla/5.0%20(compatible;%20ClaudeBot/1.0)",
        "Claude-User/1.0",
        "Perplexity-User/1.0",
    ),
)
def test_ai_agents(agent: str) -> None:
    assert default_classifier().kind(agent) == Kind.AI


@pytest.mark.parametrize(
    "agent", (*BOT_AGENTS, "", "python-requests/2.32.3", "Mozilla/5.0 (compatible; AhrefsBot/7.0)")
)
def test_other_bots(agent: str) -> None:
    assert default_classifier().kind(agent) == Kind.BOT


# Clients in no list that real logs hold (a docs site's, and elastic/examples' 10,000-line
# Apache log): programs and crawlers, which were counted as human readers.
@pytest.mark.parametrize(
    "agent",
    (
        "node",  # Node's fetch (undici), as AI tools and scripts send it
        "undici",
        "Java/17.0.2",
        "Ruby",
        "PostmanRuntime/7.36.3",
        "Datadog/Synthetics",
        "UniversalFeedParser/4.2-pre-314-svn +http://feedparser.org/",
        "Chef Client/10.18.2 (ruby-1.9.3-p327; ohai-6.16.0; x86_64-linux; +http://opscode.com)",
        "Mozilla/5.0 (compatible; Ezooms/1.0; help@moz.com)",
        "Mozilla/5.0 (compatible; MSIE or Firefox mutant; not on Windows server; "
        "+ http://tab.search.daum.net/aboutWebSearch.html) Daumoa/3.0",
    ),
)
def test_clients_that_are_not_browsers_are_bots(agent: str) -> None:
    assert default_classifier().kind(agent) == Kind.BOT


@pytest.mark.parametrize(
    "agent",
    (
        *HUMAN_AGENTS,
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Mobile Safari/537.36",
        # IIS writes spaces as "+"; Opera's old engine did not start with Mozilla/
        "Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64)+AppleWebKit/537.36+(KHTML,+like+Gecko)"
        "+Chrome/131.0.0.0+Safari/537.36",
        "Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.16",
    ),
)
def test_humans(agent: str) -> None:
    assert default_classifier().kind(agent) == Kind.HUMAN


def test_ai_names_match_whole_words_only() -> None:
    classifier = Classifier(["Spider", "Code"])
    assert classifier.kind("Spider/1.0 (+https://example.com)") == Kind.AI
    assert classifier.kind("Code/1.96 (VS Code fetch)") == Kind.AI
    assert (
        classifier.kind("Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0")
        == Kind.HUMAN
    )


class _Measured:
    """A compiled pattern that notes the length of every text it searches."""

    def __init__(self, pattern: Any, seen: list[int]) -> None:
        self.pattern, self.seen = pattern, seen

    def search(self, text: str) -> Any:
        self.seen.append(len(text))
        return self.pattern.search(text)


def test_a_huge_user_agent_is_read_only_up_to_a_bound() -> None:
    """A client sends a 30 KB User-Agent (a request head may hold 32 KiB): every pattern list
    searched all of it, a quarter of a second a request, in the recorder's flush of
    ``docgen serve`` (and the cache kept each). The patterns see its first 512 characters, the
    recorder keeps 1,536."""
    classifier = Classifier()
    seen: list[int] = []
    for name in ("_ai_names", "_ai_patterns", "_bot_patterns"):
        setattr(classifier, name, _Measured(getattr(classifier, name), seen))
    huge = HUMAN_AGENTS[0] + " x" * 15_000
    assert classifier.kind(huge) == Kind.HUMAN
    assert classifier.kind("%20" * 10_000 + HUMAN_AGENTS[0]) == Kind.BOT  # no browser's start
    assert seen and max(seen) <= 512, max(seen)
    recorder = Analytics(ApiConfig((KEY.encode(),), "p", Path("unused.duckdb")))
    manifest = json.dumps({"pages": [{"url": "/a"}]}).encode()
    recorder.record({MANIFEST: manifest}, "GET", "/a", 200, "1.2.3.4", {"user-agent": huge})
    assert [len(row[3]) for row in recorder._buffer] == [1536]


def test_refresh_agents_from_a_real_server(tmp_path: Path) -> None:
    from docgen.analytics import refresh_agents

    served = tmp_path / "served"
    served.mkdir()
    (served / "robots.json").write_text(
        json.dumps({"NewAIBot": {"operator": "x"}, "GPTBot": {"operator": "OpenAI"}})
    )
    data = tmp_path / "data"
    data.mkdir()
    (data / "SOURCE.md").write_text("# x\n- Vendored from somewhere, unmodified.\n")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    handler.log_message = lambda *a: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/robots.json"
        assert refresh_agents.refresh(url, data) == 2
    finally:
        server.shutdown()
        server.server_close()
    assert "NewAIBot" in (data / "ai-robots.json").read_text()
    assert (
        f"- Vendored from {url} on {time.strftime('%Y-%m-%d', time.gmtime())} (2 names)"
        in (data / "SOURCE.md").read_text()
    )
    (served / "robots.json").write_text("[]")
