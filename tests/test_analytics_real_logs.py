# ruff: noqa: E501  (real log lines are long)
"""``docgen analytics import`` on excerpts of real logs, each with its origin:

- nginx's access log (``elastic/integrations``, ``packages/nginx/data_stream/access/_dev/test/
  pipeline/test-access.log``) as container runtimes write it to disk: a Kubernetes node's CRI
  file, Docker's json-file, ``docker compose logs``, and Caddy's with ``docker logs -t``. The wrappers' layout
  is that of real files quoted in public repositories (``2024-08-02T07:15:25.599169498Z stdout F
  10.131.0.10 - - [...]`` from a node's ``/var/log/pods/.../0.log``; ``nginx_1  | 172.23.0.1 -
  - [...]`` from a ``docker-compose up``);
- lnav's test logs (``tstack/lnav`` at bb0005f, ``test/logfile_haproxy.0``,
  ``test/logfile_caddy_log.0``; BSD-2-Clause);
- Traefik's JSON access log (``elastic/integrations``, ``packages/traefik/data_stream/access/
  _dev/test/pipeline/test-format-json.log``);
- a browser's User-Agent from fake-useragent 2.2.0's real-world ``browsers.jsonl``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_analytics import docgen, export, import_json

from docgen.analytics.agents import Classifier, Kind

# elastic/integrations nginx test-access.log, lines 1, 2, 4, 10 and 11: four human views of the
# home page (a 200 and a 304 each) by two addresses, and a favicon 404.
NGINX = [
    '67.43.156.13 - - [25/Oct/2016:14:49:33 +0200] "GET / HTTP/1.1" 200 612 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/54.0.2840.59 Safari/537.36"',
    '67.43.156.13 - - [25/Oct/2016:14:49:34 +0200] "GET /favicon.ico HTTP/1.1" 404 571 "http://localhost:8080/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/54.0.2840.59 Safari/537.36"',
    '67.43.156.13 - - [07/Dec/2016:10:34:43 +0100] "GET / HTTP/1.1" 200 612 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/54.0.2840.98 Safari/537.36"',
    '127.0.0.1 - - [07/Dec/2016:11:04:58 +0100] "GET / HTTP/1.1" 304 0 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.12; rv:49.0) Gecko/20100101 Firefox/49.0"',
    '127.0.0.1 - - [07/Dec/2016:11:04:59 +0100] "GET / HTTP/1.1" 304 0 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.12; rv:49.0) Gecko/20100101 Firefox/49.0"',
]
# The runtime's own time of each line (nanoseconds, as containerd writes it).
STAMPS = [f"2016-12-07T10:{i:02}:00.{i:09}Z" for i in range(len(NGINX))]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site's manifest (all an import reads)."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    urls = ("/", "/portal", "/1.0.0/acme/current/foo.png")
    pages = [{"url": u} for u in urls]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    return site


def _import(site: Path, tmp_path: Path, name: str, text: str) -> tuple[dict[str, Any], Path]:
    log = tmp_path / name
    log.write_text(text, "utf-8")
    db = tmp_path / f"{name}.duckdb"
    [summary] = import_json(site, db, log)
    assert summary["counted"] + sum(summary["skipped"].values()) == summary["lines"], summary
    return summary, db


def _docker_json(line: str, stamp: str) -> str:
    return json.dumps(
        {"log": line + "\n", "stream": "stdout", "time": stamp}, separators=(",", ":")
    )


WRAPPED = {
    # a Kubernetes node's /var/log/pods/<pod>/<container>/0.log (containerd, CRI-O)
    "cri": "".join(f"{t} stdout F {line}\n" for t, line in zip(STAMPS, NGINX, strict=True)),
    # /var/lib/docker/containers/<id>/<id>-json.log
    "docker-json": "".join(
        _docker_json(line, t) + "\n" for t, line in zip(STAMPS, NGINX, strict=True)
    ),
    # docker compose logs (its first line is its own), with another service between
    "compose": "Attaching to docs-nginx-1\n"
    + "".join(f"nginx-1  | {line}\n" for line in NGINX[:3])
    + "db-1     | 2016-12-07 10:40:00 0 [Note] InnoDB: Buffer pool(s) load completed\n"
    + "".join(f"nginx-1  | {line}\n" for line in NGINX[3:]),
}


@pytest.mark.parametrize("wrapper", sorted(WRAPPED))
def test_a_container_runtimes_log_counts_the_servers_visitors(
    site: Path, tmp_path: Path, wrapper: str
) -> None:
    """The runtime's record around each line is taken off: its time (or the service's name)
    was the visitor's address (CRI: 4 visitors for 2 addresses; compose: 1), and Docker's
    json-file was read as Caddy's log (nothing counted)."""
    summary, db = _import(site, tmp_path, f"{wrapper}.log", WRAPPED[wrapper])
    assert summary["format"] == "combined"
    assert summary["human"] == 4
    visitors = export(db, "visitors")
    assert visitors["totals"] == {"human": 2, "ai": 0, "total": 2}
    others = {"malformed": 2} if wrapper == "compose" else {}  # compose's line, the database's
    assert summary["skipped"] == {"status": 1} | others  # the favicon's 404


# tstack/lnav test/logfile_haproxy.0, lines 1-5, 11 and 14: HAProxy's start messages come first.
HAPROXY = """\
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy prod_http_in started.
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy tools_http_frnt started.
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy git_inio_ssh_frnt started.
Feb 25 16:19:49 192.168.4.2 haproxy[7]: 141.35.244.171:53332 [25/Feb/2019:16:19:48.143] prod_http_in~ bk_admin/nginx_sonst 0/0/7/1457/1487 200 11394 - - ---- 2/1/0/0/0 0/0 {Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0} {} "GET /admin/colt/administration?survey=130&input_stats=1&ajax=1&&ajax=1&refresh=1&ihandle=1 HTTP/1.1"
Feb 25 16:19:49 192.168.4.2 haproxy[7]: 92.193.212.151:59841 [25/Feb/2019:16:19:49.851] prod_http_in~ bk_ktest_kt/nginx_sonst 0/0/0/62/62 200 306 - - ---- 3/2/0/0/0 0/0 {Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.109 Safari/537.36} {} "POST /portal/?Script=934&onlinetest=speichereKorrektur&anm=10347 HTTP/1.1"
Feb 25 16:20:12 192.168.4.2 haproxy[7]: 87.183.41.77:50186 [25/Feb/2019:16:20:11.910] prod_http_in~ bk_ktest_kt/nginx_sonst 0/0/0/236/236 200 4586 - - ---- 4/4/3/3/0 0/0 {Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0} {} "GET /portal/?Script=934&lehrer=77798 HTTP/1.1"
Feb 25 16:20:15 192.168.4.2 haproxy[7]: 95.216.197.33:56224 [25/Feb/2019:16:20:10.111] prod_http_in/sktst2: SSL handshake failure
"""


def test_haproxy_is_told_past_its_start_messages(site: Path, tmp_path: Path) -> None:
    """The format is told by the first line that is a record of one (it was the first line:
    combined, every line malformed)."""
    summary, _ = _import(site, tmp_path, "haproxy.log", HAPROXY)
    assert summary["format"] == "haproxy"
    assert summary["skipped"] == {
        "other-log": 4,  # three start messages and a failed TLS handshake
        "method": 1,
        "not-a-page": 1,
    }
    # GET /portal/?Script=...: its captured User-Agent is a browser's (test_analytics_proxies)
    assert summary["human"] == 1


# tstack/lnav test/logfile_caddy_log.0, lines 1, 6, 16 and 17: Caddy in docker compose.
CADDY = """\
caddy  | {"level":"info","ts":1761019822.3152757,"msg":"maxprocs: Leaving GOMAXPROCS=12: CPU quota undefined"}
caddy  | {"level":"info","ts":1761019822.316192,"logger":"admin","msg":"admin endpoint started","address":"localhost:2019","enforce_origin":false,"origins":["//[::1]:2019","//127.0.0.1:2019","//localhost:2019"]}
caddy  | {"level":"info","ts":1761019828.6153953,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"172.19.0.1","remote_port":"46628","client_ip":"172.19.0.1","proto":"HTTP/1.1","method":"GET","host":"localhost","uri":"/","headers":{"Accept-Encoding":["gzip, deflate, br, zstd"],"Upgrade-Insecure-Requests":["1"],"Sec-Fetch-Site":["none"],"Accept":["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"],"Accept-Language":["en-US,en;q=0.5"],"Priority":["u=0, i"],"Cookie":["REDACTED"],"Sec-Fetch-Dest":["document"],"User-Agent":["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:142.0) Gecko/20100101 Firefox/142.0"],"Sec-Fetch-Mode":["navigate"],"If-Modified-Since":["Tue, 21 Oct 2025 04:01:45 GMT"],"If-None-Match":["\\"ddnp8sh5vg3i58\\""],"Connection":["keep-alive"],"Sec-Fetch-User":["?1"]}},"bytes_read":0,"user_id":"","duration":0.001674508,"size":0,"status":304,"resp_headers":{"Etag":["\\"ddnp8sh5vg3i58\\""],"Server":["Caddy"],"Vary":["Accept-Encoding"]}}
caddy  | {"level":"info","ts":1761019831.8273869,"msg":"shutting down apps, then terminating","signal":"SIGTERM"}
"""


def test_caddy_in_compose_and_its_default_loggers_messages(site: Path, tmp_path: Path) -> None:
    """Read as Caddy's log once compose's prefix is off; the messages of Caddy's default
    logger (no ``logger``, no request) are other-log, as the named loggers' are."""
    summary, db = _import(site, tmp_path, "caddy.log", CADDY)
    assert summary["format"] == "caddy"
    assert (summary["human"], summary["skipped"]) == (1, {"other-log": 3})
    assert export(db, "views")["views"] == [{"path": "/", "human": 1, "ai": 0, "total": 1}]


def test_caddy_with_the_runtimes_times(site: Path, tmp_path: Path) -> None:
    """``docker logs -t`` / ``kubectl logs --timestamps`` put the runtime's time before each
    JSON line: it was read as a combined log, every line malformed."""
    stamped = "".join(
        f"2025-10-21T04:{i:02}:00.{i:09}Z {line.removeprefix('caddy  | ')}\n"
        for i, line in enumerate(CADDY.splitlines())
    )
    summary, _ = _import(site, tmp_path, "caddy-t.log", stamped)
    assert summary["format"] == "caddy"
    assert (summary["human"], summary["skipped"]) == (1, {"other-log": 3})


# elastic/integrations traefik test-format-json.log, line 5: a record without StartUTC and
# ClientHost (Traefik's documented way to log local times drops StartUTC: StartLocal is left).
TRAEFIK = '{"ClientAddr":"10.10.10.21:34567","DownstreamContentSize":0,"DownstreamStatus":304,"Duration":46382173,"OriginContentSize":0,"OriginDuration":46361120,"OriginStatus":304,"Overhead":21053,"RequestAddr":"foo.acme.com","RequestContentSize":0,"RequestCount":583779,"RequestHost":"foo.acme.com","RequestMethod":"GET","RequestPath":"/1.0.0/acme/current/foo.png","RequestPort":"-","RequestProtocol":"HTTP/1.1","RetryAttempts":0,"RouterName":"service-bar-202020202020202@kubernetescrd","ServiceAddr":"10.10.10.60:5678","ServiceName":"service-bar-0d0d0d0d0d0@kubernetescrd","ServiceURL":{"Scheme":"http","Opaque":"","User":null,"Host":"10.10.10.90:8901","Path":"","RawPath":"","OmitHost":false,"ForceQuery":false,"RawQuery":"","Fragment":"","RawFragment":""},"StartLocal":"2024-02-02T16:18:24.844946659Z","downstream_X-Tiles-S3-Cache":"miss","entryPointName":"web","level":"info","msg":"","origin_X-Tiles-S3-Cache":"miss","request_Origin":"https://foo.acme.com/","request_User-Agent":"MapFishPrint/UNAVAILABLE Apache-HttpClient/4.5.14 (Java/11.0.21)","request_X-Amz-Cf-Id":"oeoereofajjvaifei-dadfa-adfafa_dpafdeofkdasf==","time":"2024-02-02T16:18:24Z"}'
FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:142.0) Gecko/20100101 Firefox/142.0"


def test_traefik_without_start_utc_or_client_host(site: Path, tmp_path: Path) -> None:
    """The time is StartLocal (with its offset) and the address ClientAddr's when StartUTC and
    ClientHost are dropped: the real record is a bot's view (it was malformed), and the same
    record from a browser at +01:00 is a human view at its UTC time."""
    summary, _ = _import(site, tmp_path, "traefik.log", TRAEFIK + "\n")
    assert summary["format"] == "traefik"
    assert summary["skipped"] == {"bot": 1}
    record = json.loads(TRAEFIK) | {
        "request_User-Agent": FIREFOX,
        "StartLocal": "2024-02-02T17:18:24.844946659+01:00",
    }
    summary, db = _import(site, tmp_path, "traefik-local.log", json.dumps(record) + "\n")
    assert summary["human"] == 1
    at = "2024-02-02T16:18:24Z"
    assert export(db, "views", "--date-from", at)["totals"]["human"] == 1
    assert export(db, "views", "--date-to", at)["totals"]["human"] == 0


def test_an_at_sign_is_no_contact_address() -> None:
    """Ecosia's iOS browser (fake-useragent's browsers.jsonl) is a reader; crawlers that give
    an e-mail address still are not."""
    classify = Classifier()
    ecosia = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/605.1.15 (Ecosia ios@11.0.2.2268)"
    assert classify.kind(ecosia) == Kind.HUMAN
    assert classify.kind("Mozilla/5.0 (compatible; Foo/1.0; +admin@example.co.uk)") == Kind.BOT


# elastic/examples "Common Data Formats/apache_logs/apache_logs" (10,000 real lines of 2015):
# Baidu's and Easou's search crawlers fetching the home page, and an App Engine fetcher.
SEARCH_CRAWLERS = """\
123.125.71.117 - - [17/May/2015:11:05:16 +0000] "GET / HTTP/1.1" 200 36824 "-" "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)"
183.60.214.19 - - [20/May/2015:12:05:46 +0000] "GET / HTTP/1.1" 200 37932 "-" "Mozilla/5.0 (compatible; EasouSpider; +http://www.easou.com/search/spider.html)"
8.35.201.53 - - [20/May/2015:12:05:45 +0000] "GET / HTTP/1.1" 200 50112 "-" "Mozilla/5.0 (Windows NT 6.2; WOW64; rv:30.0) Gecko/20100101 Firefox/30.0 AppEngine-Google; (+http://code.google.com/appengine; appid: s~copyliugoa)"
"""


def test_ai_names_are_not_looked_for_in_a_crawlers_address(site: Path, tmp_path: Path) -> None:
    """ai.robots.txt's generic names ("Spider", "Code") were found in these crawlers' info
    URLs: the whole log's AI views were 66, 44 of them search crawlers'. They are bots; a
    name in the User-Agent itself still counts (ClaudeBot's, with its e-mail address)."""
    summary, _ = _import(site, tmp_path, "crawlers.log", SEARCH_CRAWLERS)
    assert (summary["ai"], summary["skipped"]) == (0, {"bot": 3})
    claude = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"
    assert Classifier().kind(claude) == Kind.AI


def test_lines_written_during_an_import_are_counted_once(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """nginx goes on writing while an import runs: lines appended after the file was hashed
    and before DuckDB read it were counted then, and again by the next import (whose prefix,
    the hashed content, ends before them)."""
    from docgen.analytics import ingest

    log = tmp_path / "access.log"
    log.write_text("".join(line + "\n" for line in NGINX[:3]), "utf-8")
    hashed = ingest.inspect

    def server_writes_on(*args: Any, **kwargs: Any) -> Any:
        found = hashed(*args, **kwargs)
        if found.lines == 3:  # the first import, right after its hash
            with log.open("a", encoding="utf-8") as stream:
                stream.write("".join(line + "\n" for line in NGINX[3:]))
        return found

    monkeypatch.setattr(ingest, "inspect", server_writes_on)
    db = tmp_path / "a.duckdb"
    [first] = import_json(site, db, log)
    [second] = import_json(site, db, log)
    assert (first["lines"], first["human"]) == (3, 2)
    assert (second["alreadyImported"], second["human"]) == (3, 2)
    assert export(db, "views")["totals"]["human"] == 4  # the log's four views, once each


# elastic/examples apache_logs: a reveal.js talk served under a folder of semicomplete.com (a
# site of its own, whose home page is the folder), one of its images, and the host's home page.
UNDER_A_FOLDER = """\
83.149.9.216 - - [17/May/2015:10:05:03 +0000] "GET /presentations/logstash-monitorama-2013/images/kibana-search.png HTTP/1.1" 200 203023 "http://semicomplete.com/presentations/logstash-monitorama-2013/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36"
46.109.147.195 - - [17/May/2015:20:05:19 +0000] "GET /presentations/logstash-monitorama-2013/ HTTP/1.1" 200 34838 "http://semicomplete.com/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.7; rv:21.0) Gecko/20100101 Firefox/21.0"
184.22.115.74 - - [18/May/2015:16:05:04 +0000] "GET /presentations/logstash-monitorama-2013/ HTTP/1.0" 200 34838 "http://semicomplete.com/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.7; rv:22.0) Gecko/20100101 Firefox/22.0"
180.180.119.57 - - [17/May/2015:16:05:32 +0000] "GET / HTTP/1.1" 200 37932 "http://www.semicomplete.com/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.7; rv:21.0) Gecko/20100101 Firefox/21.0"
"""


def test_a_site_served_under_a_folder(site: Path, tmp_path: Path) -> None:
    """docgen's links are relative, so a site may live under a folder of its host: --base
    names it. Without it the log's views of the folder were not-a-page (and the host's own
    home page was the site's); the summary now says to give --base when no page was named."""
    log = tmp_path / "talk.log"
    log.write_text(UNDER_A_FOLDER, "utf-8")
    db = tmp_path / "a.duckdb"
    args = ("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    result = docgen(*args, "--base", "/presentations/logstash-monitorama-2013/")
    assert result.exit_code == 0, result.output
    assert "2 page views counted (2 human, 0 AI); skipped: 2 not-a-page" in result.stdout
    assert export(db, "views")["views"] == [{"path": "/", "human": 2, "ai": 0, "total": 2}]
    # a log whose requests name no page: the hint
    other = tmp_path / "other.log"
    other.write_text(UNDER_A_FOLDER.splitlines()[0] + "\n", "utf-8")
    result = docgen("analytics", "import", str(other), "--site", str(site), "--db", str(db))
    assert result.exit_code == 0 and "give it with --base (e.g. --base /docs)" in result.stdout
    # ... which names the folder of the site's published url when it has one
    manifest = site / "_docgen" / "manifest.json"
    data = json.loads(manifest.read_text("utf-8"))
    data["url"] = "https://semicomplete.com/presentations/logstash-monitorama-2013"
    manifest.write_text(json.dumps(data), "utf-8")
    fresh = str(tmp_path / "b.duckdb")
    result = docgen("analytics", "import", str(other), "--site", str(site), "--db", fresh)
    assert "--base /presentations/logstash-monitorama-2013)" in result.stdout
    result = docgen(*args, "--base", "https://semicomplete.com/presentations")
    assert result.exit_code == 2 and "--base" in result.stderr


# `fly logs` of a documentation site's nginx on Fly.io, quoted in userbradley/
# documentation.breadnet.co.uk ("Get the Real IP address from fly when behind cloudflare"):
# the address nginx logs is Fly's proxy's.
FLY = """\
2022-11-16T18:26:07Z app[de9671a1] lhr [info]172.19.2.81 - - [16/Nov/2022:18:26:07 +0000] "GET /search/search_index.json HTTP/1.1" 200 437657 "https://dev-documentation.breadnet.co.uk/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36" "2.24.11.40, 149.248.195.56"
2022-11-16T18:26:16Z app[de9671a1] lhr [info]172.19.2.81 - - [16/Nov/2022:18:26:16 +0000] "GET /cloud/aqua/aqua-page-2/ HTTP/1.1" 200 95930 "https://dev-documentation.breadnet.co.uk/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36" "2.24.11.40, 149.248.195.56"
"""


def test_fly_logs_output(tmp_path: Path) -> None:
    """The lines `fly logs` prints: Fly's time, machine, region and level were read as the
    address (the time: one visitor per second)."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = {"pages": [{"url": "/"}, {"url": "/cloud/aqua/aqua-page-2"}]}
    (site / "_docgen" / "manifest.json").write_text(json.dumps(pages), "utf-8")
    summary, db = _import(site, tmp_path, "fly.log", FLY + FLY.replace(":26:", ":27:"))
    assert (summary["format"], summary["human"]) == ("combined", 2)
    assert export(db, "visitors")["totals"]["human"] == 1  # Fly's proxy, 172.19.2.81


def _time_first(line: str) -> str:
    """``line`` in a real nginx log_format that puts the time first (quoted from a public
    nginx.conf): '[$time_local] $remote_addr $remote_user "$request" $status
    $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for" $upstream_addr
    $upstream_response_time'."""
    address, _, user, rest = line.split(" ", 3)
    time, after = rest.split("] ", 1)
    return f'{time}] {address} {user} {after} "-" 172.17.0.5:8080 0.001'


PREFIXED = {
    # kubectl logs --prefix --timestamps (layout of real output: "[pod/nginx-deployment-
    # 5997d9c5cf-4vwl8/nginx] 10.244.0.1 - - [25/Apr/2026:08:37:26 +0000] ...", a time after it)
    "kubectl-timestamps": [
        f"[pod/docs-5997d9c5cf-4vwl8/nginx] {t} {line}"
        for t, line in zip(STAMPS, NGINX, strict=True)
    ],
    # stern's default template: pod, container, line
    "stern": [f"docs-5997d9c5cf-4vwl8 nginx {line}" for line in NGINX],
    "time-first": [_time_first(line) for line in NGINX],
}


@pytest.mark.parametrize("layout", sorted(PREFIXED))
def test_a_tools_prefix_or_the_time_first(site: Path, tmp_path: Path, layout: str) -> None:
    """The address is where the format has it, whatever a tool put before it (kubectl's and
    stern's pod, which was every view's visitor) or when the time comes first (the time was
    the visitor: one a second)."""
    text = "".join(line + "\n" for line in PREFIXED[layout])
    summary, db = _import(site, tmp_path, f"{layout}.log", text)
    assert (summary["format"], summary["human"]) == ("combined", 4)
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 0, "total": 2}


def test_a_user_name_with_spaces_is_no_address(site: Path, tmp_path: Path) -> None:
    """nginx on a unix socket logs ``unix:`` as the address, Apache with HostnameLookups a
    host name: the field three before the time was then taken, which may be inside
    ``$remote_user`` (the client's, spaces as they are): each user name a new visitor."""
    firefox = NGINX[3].rsplit('"', 2)[1]
    lines = [
        f'unix: - user{i} b c [07/Dec/2016:11:04:5{i} +0100] "GET / HTTP/1.1" 200 612 "-" "{firefox}"\n'
        for i in range(3)
    ] + [
        f'client.example.net - - [07/Dec/2016:11:05:0{i} +0100] "GET / HTTP/1.1" 200 612 "-" "{firefox}"\n'
        for i in range(2)
    ]
    summary, db = _import(site, tmp_path, "unix.log", "".join(lines))
    assert (summary["format"], summary["human"]) == ("combined", 5)
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 0, "total": 2}


@pytest.mark.parametrize("rotation", ["copytruncate", "create"])
def test_a_log_rotated_during_an_import_is_refused(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rotation: str
) -> None:
    """logrotate empties the file (copytruncate) or moves it and creates a new one right after
    the hash: DuckDB read other lines than those hashed (the missing ones counted as
    unreadable, the next import's prefix wrong). Refused, to be run again."""
    from docgen.analytics import ingest

    log = tmp_path / "access.log"
    log.write_text("".join(line + "\n" for line in NGINX), "utf-8")
    hashed = ingest.inspect

    def rotated_on(*args: Any, **kwargs: Any) -> Any:
        found = hashed(*args, **kwargs)
        if rotation == "copytruncate":
            log.write_text(NGINX[0] + "\n", "utf-8")
        else:
            log.rename(tmp_path / "access.log.1")
            log.write_text("".join(line + "\n" for line in NGINX), "utf-8")
        return found

    monkeypatch.setattr(ingest, "inspect", rotated_on)
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    assert result.exit_code == 2, result.output
    assert "run the import again" in result.output
