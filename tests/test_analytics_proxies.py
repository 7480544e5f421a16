# ruff: noqa: E501  (real log lines are long)
"""``docgen analytics import`` on real lines of proxies' and platforms' access logs, each with
its origin (quoted as published; none is made up):

- HAProxy: lnav's test log (``tstack/lnav`` at bb0005f, ``test/logfile_haproxy.0``; BSD-2-Clause),
  whose frontend captures the User-Agent, and ``elastic/integrations``'
  ``packages/haproxy/data_stream/log/_dev/test/pipeline/test-haproxy.log`` and
  ``test-https.log`` (captures of other headers; ``option httpslog``);
- Envoy: ``elastic/integrations`` ``packages/envoyproxy/data_stream/log/_dev/test/pipeline/
  test-log.log`` (its default format, and Emissary's ``ACCESS`` prefix);
- Istio: ``elastic/integrations`` ``packages/istio/data_stream/access_logs/_dev/test/pipeline/``
  ``test-access-logs.log``, ``test-access-failed.log`` and ``test-access_container_logs.log``
  (a Kubernetes node's CRI file), and an ingress gateway's lines from ``fredcoq/kubefrog-kvmserver``
  ``istio/readme.md`` (one line the README wrapped, joined);
- Heroku: ``heroku logs`` output quoted in public repositories (``lorem-ipsum-demo``'s README, a
  ``telegramvote`` log, an H10 error, the 2012 layout without quotes from ``bundler-api-replay``'s
  spec), a ``heroku logs -t`` with the app's own Apache log first (``s4vitar``'s blog post; the
  visitor's address is masked there), and log drain bodies from ``vectordotdev/vector``'s
  ``heroku_logs`` source tests, Grafana Alloy's ``heroku`` source test and a 2025 drain consumer
  (Router 2.0's ``fwd=""``), and a Papertrail archive's lines from the ``log_stats`` gem's README;
- Istio's JSON encoding: ``elastic/integrations`` ``test-access-json-logs.log``;
- Google Cloud Storage usage logs: kanjiapi.dev's, as quoted in its repository's test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_analytics import docgen, export, import_json


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site's manifest (all an import reads)."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    urls = ("/", "/details/0", "/productpage", "/reviews/0", "/ratings/0", "/service/1",
            "/backend", "/index.html", "/portal", "/success", "/cart_link",
            "/filmer/med/glenn-erland-tosterud",
            "/admin/colt/administration")  # fmt: skip
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


HAPROXY_CAPTURED = """\
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy prod_http_in started.
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy tools_http_frnt started.
Feb 25 16:19:38 192.168.4.2 haproxy[1]: Proxy git_inio_ssh_frnt started.
Feb 25 16:19:49 192.168.4.2 haproxy[7]: 141.35.244.171:53332 [25/Feb/2019:16:19:48.143] prod_http_in~ bk_admin/nginx_sonst 0/0/7/1457/1487 200 11394 - - ---- 2/1/0/0/0 0/0 {Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0} {} "GET /admin/colt/administration?survey=130&input_stats=1&ajax=1&&ajax=1&refresh=1&ihandle=1 HTTP/1.1"
Feb 25 16:19:49 192.168.4.2 haproxy[7]: 92.193.212.151:59841 [25/Feb/2019:16:19:49.851] prod_http_in~ bk_ktest_kt/nginx_sonst 0/0/0/62/62 200 306 - - ---- 3/2/0/0/0 0/0 {Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.109 Safari/537.36} {} "POST /portal/?Script=934&onlinetest=speichereKorrektur&anm=10347 HTTP/1.1"
Feb 25 16:20:12 192.168.4.2 haproxy[7]: 87.183.41.77:50186 [25/Feb/2019:16:20:11.910] prod_http_in~ bk_ktest_kt/nginx_sonst 0/0/0/236/236 200 4586 - - ---- 4/4/3/3/0 0/0 {Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0} {} "GET /portal/?Script=934&lehrer=77798 HTTP/1.1"
Feb 25 16:20:15 192.168.4.2 haproxy[7]: 95.216.197.33:56224 [25/Feb/2019:16:20:10.111] prod_http_in/sktst2: SSL handshake failure
"""
# elastic/integrations test-haproxy.log lines 1 and 3 (the Host captured, not the User-Agent),
# and test-https.log (option httpslog: TLS fields after the request).
HAPROXY_OTHER_CAPTURES = """\
Jul 30 09:03:52 localhost haproxy[32450]: 67.43.156.13:38862 [30/Jul/2018:09:03:52.726] incoming~ docs_microservice/docs 0/0/1/0/2 304 168 - - ---- 6/6/0/0/0 0/0 {docs.example.internal||} {|||} "GET /component---src-pages-index-js-4b15624544f97cf0bb8f.js HTTP/1.1"
Feb  6 12:14:14 localhost haproxy[14389]: 10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 {1wt.eu} {} "GET /index.html HTTP/1.1"
Feb  6 12:14:14 localhost haproxy[14389]: 10.0.1.2:33317 [06/Feb/2009:12:14:14.655] https-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 {1wt.eu} {} "GET /index.html HTTP/1.1" 0/0/0/0/1 1wt.eu/TLSv1.3/TLS_AES_256_GCM_SHA384
"""


def test_haproxy_captured_user_agent_is_read(site: Path, tmp_path: Path) -> None:
    """``capture request header User-Agent`` puts it in the first ``{...}``: the frontend's
    GETs of pages are two human views (they were no-user-agent: the captures were not read)."""
    summary, db = _import(site, tmp_path, "haproxy.log", HAPROXY_CAPTURED)
    assert summary["format"] == "haproxy"
    assert (summary["human"], summary["ai"]) == (2, 0)
    assert summary["skipped"] == {"other-log": 4, "method": 1}  # start messages, TLS; a POST
    assert export(db, "visitors")["totals"] == {"human": 2, "ai": 0, "total": 2}
    views = export(
        db, "views", "--date-from", "2019-02-25T16:19:48Z", "--date-to", "2019-02-25T16:20:12Z"
    )
    assert views["totals"]["human"] == 2  # accept_date, read as UTC


def test_haproxy_captures_without_a_user_agent_and_httpslog(site: Path, tmp_path: Path) -> None:
    """Captures of other headers (the Host) are no User-Agent: the views stay no-user-agent,
    and the summary says how to capture it; ``option httpslog``'s line, with TLS fields after
    the request, is a request (it was taken for HAProxy's own message: other-log)."""
    summary, _ = _import(site, tmp_path, "haproxy.log", HAPROXY_OTHER_CAPTURES)
    assert summary["format"] == "haproxy"
    assert summary["skipped"] == {"not-a-page": 1, "no-user-agent": 2}
    log = tmp_path / "haproxy.log"
    args = ["analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "t.db")]
    assert "capture request header User-Agent" in docgen(*args).output


ENVOY = """\
[2019-04-08T16:50:12.533Z] "- - -" 0 - 87 254 4 - "-" "-" "-" "-" "172.27.0.2:80"
[2019-04-08T16:16:55.931Z] "GET /service/1 HTTP/1.1" 200 - 0 89 5 4 "-" "curl/7.54.0" "c219f6da-2b7f-483e-9ced-ec323d9330a9" "localhost:8000" "172.27.0.3:80"
[2019-04-11T00:31:55.439Z] "GET /elastic HTTP/1.1" 404 NR 0 0 0 - "172.17.0.3" "curl/7.59.0" "58436667-bf70-4fd0-9fe9-cdadadecfd55" "192.168.99.107:30901" "-"
[2019-04-11T00:51:07.980Z] "GET /elastic/ HTTP/1.1" 301 - 0 0 41 39 "172.17.0.3" "curl/7.59.0" "078d1daa-b786-4d6d-85a5-7e4366adaa19" "www.elastic.co" "192.168.1.10:80"
ACCESS [2024-04-25T17:51:55.294Z] "GET /backend/ HTTP/1.1" 200 - 0 141 0 0 "192.168.0.9" "curl/8.4.0" "b7ba9b4c-f4b7-47c2-9718-c23aa1465f49" "localhost:9001" "192.168.96.113:80"
"""
ISTIO = """\
[2022-07-20T09:52:24.955Z] "GET /details/0 HTTP/1.1" 200 - via_upstream - "-" 0 178 2 1 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.114 Safari/537.36" "785918d6-06b6-9312-bf77-6d9bd968dc21" "details:9080" "10.68.2.10:9080" inbound|9080|| 127.0.0.6:47889 10.68.2.10:9080 10.68.1.7:39696 outbound_.9080_._.details.default.svc.cluster.local default
[2022-07-20T09:52:25.642Z] "GET /static/bootstrap/fonts/glyphicons-halflings-regular.woff2 HTTP/1.1" 200 - via_upstream - "-" 0 18028 3 3 "10.128.0.64" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.114 Safari/537.36" "96bf54e0-6dac-9c1f-8090-b4acd6f779ef" "35.184.82.199" "10.68.1.7:9080" inbound|9080|| 127.0.0.6:41929 10.68.1.7:9080 10.128.0.64:0 outbound_.9080_._.productpage.default.svc.cluster.local default
[2022-08-22T10:51:35.926Z] "GET /reviews/0 HTTP/1.1" 200 - via_upstream - "-" 0 437 30 29 "-" "curl/7.79.1" "f5dd9a93-895b-9a0d-a830-44694ed10c4c" "reviews:9080" "10.124.0.12:9080" inbound|9080|| 127.0.0.6:50151 10.124.0.12:9080 10.124.2.6:54438 outbound_.9080_._.reviews.default.svc.cluster.local default
[2022-08-22T13:08:23.188Z] "GET /reviews/0 HTTP/1.1" 200 - via_upstream - "-" 0 442 12 12 "-" "curl/7.79.1" "00bcf1d7-12c4-93b9-b36a-bc0faac8e428" "reviews:9080" "10.124.1.5:9080" outbound|9080||reviews.default.svc.cluster.local 10.124.2.6:50960 10.0.18.132:9080 10.124.2.6:52930 - default
[2022-08-22T13:08:23.169Z] "GET /productpage HTTP/1.1" 200 - via_upstream - "-" 0 5294 35 34 "10.128.0.161" "curl/7.79.1" "00bcf1d7-12c4-93b9-b36a-bc0faac8e428" "35.222.123.213" "10.124.2.6:9080" inbound|9080|| 127.0.0.6:47203 10.124.2.6:9080 10.128.0.161:0 outbound_.9080_._.productpage.default.svc.cluster.local default
[2022-08-22T13:08:23.448Z] "GET /details/0 HTTP/1.1" 200 - via_upstream - "-" 0 178 3 3 "-" "curl/7.79.1" "d3bbd98a-ab12-9e96-b539-a419c2c8091f" "details:9080" "10.124.0.10:9080" outbound|9080||details.default.svc.cluster.local 10.124.2.6:58408 10.0.16.224:9080 10.124.2.6:49098 - default
[2022-08-22T13:20:22.460Z] "GET /ratings/0 HTTP/1.1" 200 - via_upstream - "-" 0 48 1 0 "-" "curl/7.79.1" "72f12c1b-8a44-9a62-b28e-2296da5b1118" "ratings:9080" "10.124.0.11:9080" inbound|9080|| 127.0.0.6:38951 10.124.0.11:9080 10.124.0.12:58774 outbound_.9080_._.ratings.default.svc.cluster.local default
[2022-08-22T13:20:22.460Z] "GET /ratings/0 HTTP/1.1" 200 - via_upstream - "-" 0 48 1 0 "-" "curl/7.79.1" "72f12c1b-8a44-9a62-b28e-2296da5b1118" "ratings:9080" "[2a02:cf40::7]:3000" inbound|9080|| 127.0.0.6:38951 10.124.0.11:9080 [2a02:cf40::4e36]:5000 outbound_.9080_._.ratings.default.svc.cluster.local default
"""
ISTIO_FAILED = """\
[2022-06-22T10:17:14.118Z] "GET /status/418 HTTP/1.1" 503 UH no_healthy_upstream - "-" 0 19 1 - "-" "curl/7.83.1-DEV" "5735b2d0-4949-9384-b082-9d4c368eb9dc" "httpbin:8000" "-" outbound|8000||httpbin.default.svc.cluster.local - 10.99.37.119:8000 172.17.0.6:44690 - default
[2022-06-22T10:27:00.362Z] "GET /status/418 HTTP/1.1" 418 - via_upstream - "-" 0 135 25 25 "-" "curl/7.83.1-DEV" "adc1465d-589f-9119-bdcf-2ea373ff7d7a" "httpbin:8000" "172.17.0.7:80" outbound|8000||httpbin.default.svc.cluster.local 172.17.0.6:57130 10.99.37.119:8000 172.17.0.6:50514 - default
[2022-09-01T09:50:40.396Z] "GET /favicon.ico HTTP/1.1" 404 NR route_not_found - "-" 0 0 0 - "10.124.2.1" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36" "5169ae9d-b98e-9d3c-bf74-2fb5bc5102f3" "35.232.196.88" "-" - - 10.124.2.10:8080 10.124.2.1:51978 - -
[2022-09-01T11:33:22.455Z] "GET /portal/redlion HTTP/1.1" 404 NR route_not_found - "-" 0 0 0 - "10.124.2.1" "Mozilla/5.0 zgrab/0.x" "ae9ca454-2d21-956c-9cf4-813929267bb5" "35.232.196.88" "-" - - 10.124.2.10:8080 10.124.2.1:46713 - -
[2022-09-01T09:36:33.553Z] "- - HTTP/1.1" 400 DPE http1.codec_error - "-" 0 11 46 - "-" "-" "-" "-" "-" - - 10.124.2.10:8080 10.128.0.60:51643 - -
[2022-09-01T13:15:57.905Z] "GET /productpage HTTP/1.1" 503 UH no_healthy_upstream - "-" 0 19 0 - "10.128.0.60" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36" "7c20db9a-f48b-9a68-a158-12ca79dfdd05" "35.232.196.88" "-" outbound|9080||productpage.default.svc.cluster.local - 10.124.2.10:8080 10.128.0.60:21742 - -
[2022-09-01T13:15:09.085Z] "GET /reviews/0 HTTP/1.1" 503 UF upstream_reset_before_response_started{connection_failure,delayed_connect_error:_111} - "-" 0 145 0 - "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36" "56446678-64f3-9fbf-9c4a-eca01fafba4d" "reviews:9080" "10.124.2.14:9080" inbound|9080|| - 10.124.2.14:9080 10.124.1.6:48816 outbound_.9080_._.reviews.default.svc.cluster.local default
[2022-09-01T13:08:55.358Z] "GET /productpage HTTP/1.1" 0 DC downstream_remote_disconnect - "-" 0 0 746 - "10.128.0.60" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36" "2dc64af2-bd13-9962-819e-0b72064e7909" "35.232.196.88" "10.124.1.6:9080" inbound|9080|| 127.0.0.6:38601 10.124.1.6:9080 10.128.0.60:0 outbound_.9080_._.productpage.default.svc.cluster.local default
"""
ISTIO_GATEWAY = """\
[2024-06-02T13:24:57.930Z] "GET /resources/ik3tm/welcome/keycloak/img/favicon.ico HTTP/2" 0 - http2.remote_reset - "-" 0 0 0 - "192.168.0.24" "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0" "9f69865b-eed1-409b-8c12-12436234a191" "auth.kubefrog.fr" "10.0.0.159:8080" outbound|80||keycloak.auth.svc.cluster.local 10.0.1.244:35794 10.0.1.244:8443 192.168.0.24:8459 auth.kubefrog.fr
[2024-06-02T13:35:27.054Z] "GET / HTTP/2" 302 UAEX ext_authz_denied - "-" 0 387 16 - "192.168.0.24" "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0" "1d3ec87f-d974-4521-b5ac-23404817a56a" "kubeflow.kubefrog.fr" "-" outbound|80||centraldashboard.kubeflow.svc.cluster.local - 10.0.0.196:8443 192.168.0.24:41604 kubeflow.kubefrog.fr -
"""
# test-access_container_logs.log, lines 1-3: an Istio sidecar's log in the node's CRI file.
ISTIO_CRI = """\
2022-07-22T12:24:12.325744791Z stdout F [2022-07-22T12:24:09.217Z] "GET /reviews/0 HTTP/1.1" 0 DC downstream_remote_disconnect - "-" 0 0 3106 - "-" "curl/7.79.1" "d0caf832-6a17-916f-83b4-71a33dc038db" "reviews:9080" "10.24.0.10:9080" inbound|9080|| 127.0.0.6:57403 10.24.0.10:9080 10.24.0.11:49888 outbound_.9080_._.reviews.default.svc.cluster.local default
2022-07-22T12:24:13.900328365Z stdout F [2022-07-22T12:24:12.945Z] "GET /ratings/0 HTTP/1.1" 200 - via_upstream - "-" 0 48 62 61 "-" "curl/7.79.1" "d0caf832-6a17-916f-83b4-71a33dc038db" "ratings:9080" "10.24.1.5:9080" outbound|9080||ratings.default.svc.cluster.local 10.24.0.10:33168 10.12.29.240:9080 10.24.0.10:40768 - default
2022-07-22T12:24:16.902897561Z stdout F [2022-07-22T12:24:16.069Z] "GET /ratings/0 HTTP/1.1" 200 - via_upstream - "-" 0 48 2 2 "-" "curl/7.79.1" "05106d2a-339c-996d-9fae-37276f2a6ac7" "ratings:9080" "10.24.1.5:9080" outbound|9080||ratings.default.svc.cluster.local 10.24.0.10:33168 10.12.29.240:9080 10.24.0.10:40768 - default
"""


def test_envoy_default_format(site: Path, tmp_path: Path) -> None:
    """Envoy's default format (and Emissary's ``ACCESS`` prefix) is told and read: its
    statuses, a TCP connection's ``"- - -"`` and a request without X-Forwarded-For (no
    address: malformed) were read as the combined format's lines (3 malformed, 2 statuses)."""
    summary, _ = _import(site, tmp_path, "envoy.log", ENVOY)
    assert summary["format"] == "envoy"
    assert summary["skipped"] == {
        "malformed": 2,  # "- - -"; GET /service/1 with X-Forwarded-For "-"
        "status": 2,  # 404 NR, 301
        "bot": 1,  # ACCESS ... GET /backend/ by curl from 192.168.0.9
    }


def test_istio_default_format(site: Path, tmp_path: Path) -> None:
    """Istio's default format: the browser's view of /details/0 is human, from
    ``%DOWNSTREAM_REMOTE_ADDRESS%`` (no X-Forwarded-For), at its UTC time; curl is a bot; a
    font is no page (it was 7 malformed and a not-a-page: combined)."""
    summary, db = _import(site, tmp_path, "istio.log", ISTIO)
    assert summary["format"] == "envoy"
    assert (summary["human"], summary["skipped"]) == (1, {"not-a-page": 1, "bot": 6})
    day = ("--date-from", "2022-07-20T09:52:24Z", "--date-to", "2022-07-20T09:52:25Z")
    assert export(db, "views", *day)["views"] == [
        {"path": "/details/0", "human": 1, "ai": 0, "total": 1}
    ]


@pytest.mark.parametrize(
    ("name", "text", "skipped"),
    [
        ("failed", ISTIO_FAILED, {"malformed": 1, "status": 7}),  # "- - HTTP/1.1" 400 DPE
        ("gateway", ISTIO_GATEWAY, {"status": 2}),  # 0 (reset), 302 (ext_authz)
        ("cri", ISTIO_CRI, {"status": 1, "bot": 2}),  # a 0 (DC), curl
    ],
)
def test_istio_failures_gateway_and_container_file(
    site: Path, tmp_path: Path, name: str, text: str, skipped: dict[str, int]
) -> None:
    """Failed requests are statuses, not malformed lines; a gateway's lines (SNI and route
    after the addresses) and a sidecar's lines in a CRI file are told as Envoy's."""
    summary, _ = _import(site, tmp_path, f"{name}.log", text)
    assert (summary["format"], summary["skipped"]) == ("envoy", skipped)


# heroku logs output: lorem-ipsum-demo's README (lines 1, 9-15 of its "Log of Heroku"), a
# telegramvote log's last two lines, an H10 error (ms3-project-ci), the 2012 layout
# (bundler-api-replay's spec).
HEROKU_CLI = """\
2020-05-09T16:17:28.352260+00:00 app[api]: Initial release by user 1564468177glen@gmail.com
2020-05-09T16:18:56.000000+00:00 app[api]: Build succeeded
2020-05-09T16:19:01.145516+00:00 app[web.1]: Server is running...
2020-05-09T16:19:02.487353+00:00 heroku[web.1]: State changed from starting to up
2020-05-09T16:19:09.010693+00:00 heroku[router]: at=info method=GET path="/" host=lorem-ipsum-demo-3.herokuapp.com request_id=8d328dc3-c614-4ac7-bf02-d3b46f14773c fwd="104.247.130.170" dyno=web.1 connect=1ms service=39ms status=200 bytes=915 protocol=https
2020-05-09T16:19:09.821479+00:00 heroku[router]: at=info method=GET path="/styles.css" host=lorem-ipsum-demo-3.herokuapp.com request_id=5cc9fa1c-8a05-40fb-8a0a-bb6370cc6959 fwd="104.247.130.170" dyno=web.1 connect=0ms service=13ms status=200 bytes=626 protocol=https
2020-05-09T16:19:10.590409+00:00 heroku[router]: at=info method=GET path="/script.js" host=lorem-ipsum-demo-3.herokuapp.com request_id=9e8a9b30-3073-44e7-81b3-95f0bfa53a8f fwd="104.247.130.170" dyno=web.1 connect=0ms service=5ms status=200 bytes=28635 protocol=https
2020-05-09T16:19:11.154422+00:00 heroku[router]: at=info method=GET path="/favicon.ico" host=lorem-ipsum-demo-3.herokuapp.com request_id=f7d943d8-5969-4efc-bfbf-d440205a7636 fwd="104.247.130.170" dyno=web.1 connect=1ms service=17ms status=404 bytes=394 protocol=https
2024-09-16T16:09:43.458250+00:00 heroku[router]: at=info method=POST path="/telegram-code" host=telegramvote.online request_id=ce63b482-486a-424a-8c26-0427cd0f4281 fwd="185.244.159.14,141.101.105.105" dyno=web.1 connect=0ms service=489ms status=302 bytes=413 protocol=http
2024-09-16T16:09:43.693547+00:00 heroku[router]: at=info method=GET path="/success" host=telegramvote.online request_id=b3618483-7313-499e-b37c-fd3a85669aab fwd="185.244.159.14,141.101.105.106" dyno=web.1 connect=0ms service=2ms status=200 bytes=203 protocol=http
2021-08-15T23:02:11.021890+00:00 heroku[router]: at=error code=H10 desc="App crashed" method=GET path="/" host=ms3-project-ci.herokuapp.com request_id=865be830-4f18-4cd8-8c9c-fbea5a995aee fwd="37.228.200.107" dyno= connect= service= status=503 bytes= protocol=https
2012-12-26T18:12:38+00:00 heroku[router]: at=info method=GET path=/api/v1/dependencies?gems=bones-rcov,bones-rubyforge,bones-rspec,bones-zentest,net-ssh,linecache host=bundler-api.herokuapp.com fwd=72.4.120.81 dyno=web.11 queue=0 wait=0ms connect=1ms service=11ms status=200 bytes=5613
"""
# Log drain bodies (octet count, RFC 5424 header): vector's heroku_logs test, Alloy's heroku
# source test, a 2025 consumer's comment (Router 2.0: fwd="").
HEROKU_DRAIN = """\
267 <158>1 2020-01-08T22:33:57.353034+00:00 host heroku router - at=info method=GET path="/cart_link" host=lumberjack-store.timber.io request_id=05726858-c44e-4f94-9a20-37df73be9006 fwd="73.75.38.87" dyno=web.1 connect=1ms service=22ms status=304 bytes=656 protocol=http
270 <158>1 2022-06-13T14:52:23.622778+00:00 host heroku router - at=info method=GET path="/" host=cryptic-cliffs-27764.herokuapp.com request_id=59da6323-2bc4-4143-8677-cc66ccfb115f fwd="181.167.87.140" dyno=web.1 connect=0ms service=3ms status=200 bytes=6979 protocol=https
331 <134>1 2025-12-26T12:07:27.898551+00:00 host heroku router - at=info method=GET path="/static/chessground.css" host=asdasdasd request_id=ea6a6ea1-587d-fd93-95fd-b2617cf4ca6b fwd="" dyno=web.1 connect=0ms service=2ms status=304 bytes=0 protocol=http1.1 tls=true tls_version=unknown
"""
# s4vitar's heroku logs -t: the app's Apache log (the router's internal addresses) comes first.
HEROKU_APP_FIRST = """\
2020-02-03T11:15:27.224962+00:00 app[web.1]: Starting httpd...
2020-02-03T11:15:28.375383+00:00 app[web.1]: 10.111.222.196 - - [03/Feb/2020:11:15:28 +0000] "GET /index.html HTTP/1.1" 200 5 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/77.0.3865.120 Safari/537.36
2020-02-03T11:15:28.375122+00:00 heroku[router]: at=info method=GET path="/index.html" host=s4vitar.herokuapp.com request_id=e9db6b57-a2dc-406f-9d09-2549f65d429a fwd="XX.XXX.XXX.160" dyno=web.1 connect=1ms service=2ms status=200 bytes=233 protocol=http
"""

# heroku logs of an app that writes its own combined access log (a client's X-Forwarded-For
# first): each request is a router line and the app's line.
HEROKU_MIXED = """\
2024-05-01T10:01:00.000000+00:00 heroku[router]: at=info method=GET path="/index.html" host=docs.example.com request_id=r1 fwd="198.51.100.1" dyno=web.1 connect=0ms service=1ms status=200 bytes=512 protocol=https
2024-05-01T10:01:00.100000+00:00 app[web.1]: 198.51.100.1 - - [01/May/2024:10:01:00 +0000] "GET /index.html HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"
2024-05-01T10:02:00.000000+00:00 heroku[router]: at=info method=GET path="/portal" host=docs.example.com request_id=r2 fwd="198.51.100.2" dyno=web.1 connect=0ms service=1ms status=200 bytes=512 protocol=https
2024-05-01T10:02:00.100000+00:00 app[web.1]: 198.51.100.2 - - [01/May/2024:10:02:00 +0000] "GET /portal HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"
2024-05-01T10:03:00.000000+00:00 heroku[router]: at=info method=GET path="/portal" host=docs.example.com request_id=r3 fwd="198.51.100.3" dyno=web.1 connect=0ms service=1ms status=200 bytes=512 protocol=https
2024-05-01T10:03:00.100000+00:00 app[web.1]: 198.51.100.3 - - [01/May/2024:10:03:00 +0000] "GET /portal HTTP/1.1" 200 512 "-" "curl/8.4.0"
2024-05-01T10:03:01.000000+00:00 heroku[web.1]: State changed from starting to up
"""


@pytest.mark.parametrize("name", ["mixed", "app-first"])
def test_heroku_log_with_the_apps_combined_access_log(
    site: Path, tmp_path: Path, name: str
) -> None:
    """When the app's lines hold its own combined access log, those are counted (with their
    User-Agent): 2 human views and a bot; the router's lines and Heroku's messages are
    other-log. Such a log was taken for ``docker logs -t`` output and every line's time cut
    off: 7 malformed, nothing counted. s4vitar's app record, cut short (no closing quote),
    is malformed."""
    text = HEROKU_MIXED if name == "mixed" else HEROKU_APP_FIRST
    summary, db = _import(site, tmp_path, f"{name}.log", text)
    assert summary["format"] == "heroku-app"
    if name == "app-first":
        assert (summary["counted"], summary["skipped"]) == (0, {"other-log": 2, "malformed": 1})
        return
    assert (summary["human"], summary["skipped"]) == (2, {"bot": 1, "other-log": 4})
    day = ("--date-from", "2024-05-01T10:00:00Z", "--date-to", "2024-05-01T10:05:00Z")
    assert export(db, "visitors", *day)["totals"] == {"human": 2, "ai": 0, "total": 2}
    [forced] = import_json(site, tmp_path / "forced.duckdb", tmp_path / "mixed.log", fmt="heroku")
    assert forced["format"] == "heroku-app"  # --format heroku takes it too


# A Papertrail archive's lines (tab-separated), from the log_stats gem's README.
HEROKU_PAPERTRAIL = """\
768004272804798492\t2017-02-14T03:41:49\t2017-02-14T03:41:49Z\t505641143\tcmore-web-prod\t54.144.85.82\tLocal3\tInfo\theroku/router\tat=info method=GET path="/filmer/med/glenn-erland-tosterud" host=www.cmore.se request_id=29cb0a66-23f9-4ef4-999a-65f8de089208 fwd="216.244.66.238,23.54.19.54" dyno=web.5 connect=0ms service=210ms status=200 bytes=52867
768277650920906757\t2017-02-14T21:48:07\t2017-02-14T21:48:08Z\t505641143\tcmore-web-prod\t54.196.126.116\tLocal3\tInfo\theroku/router\tat=error code=H12 desc="Request timeout" method=GET path="/serie/74763-alvinnn-og-gjengen-tv-serien/sesong-1/episode-2/3282212-alvinnn-og-gjengen-tv-serien-forelsket-i-rektor-norsk-tale" host=www.cmore.no request_id=f5c2921a-3974-4522-8fdf-d9bfff8b1db9 fwd="163.172.66.89,80.239.216.108" dyno=web.5 connect=0ms service=30001ms status=503 bytes=0
"""


@pytest.mark.parametrize(
    ("name", "text", "skipped"),
    [
        (
            "cli",
            HEROKU_CLI,
            {"other-log": 4, "method": 1, "status": 2, "not-a-page": 3, "no-user-agent": 2},
        ),
        ("drain", HEROKU_DRAIN, {"not-a-page": 1, "no-user-agent": 2}),  # fwd="": no address
        ("papertrail", HEROKU_PAPERTRAIL, {"status": 1, "no-user-agent": 1}),  # H12: 503
    ],
)
def test_heroku_router_log(
    site: Path, tmp_path: Path, name: str, text: str, skipped: dict[str, int]
) -> None:
    """Heroku's router lines are its requests (every line was malformed, or, after the app's
    own Apache lines, read as combined: the router's internal address as the visitor); the
    apps' and Heroku's other lines are other-log. The router logs no User-Agent: views are
    no-user-agent, and the summary says what to import instead."""
    summary, _ = _import(site, tmp_path, f"{name}.log", text)
    assert (summary["format"], summary["skipped"]) == ("heroku", skipped)
    log = tmp_path / f"{name}.log"
    args = ["analytics", "import", str(log), "--site", str(site), "--db", str(tmp_path / "t.db")]
    assert "Heroku's router log has none" in docgen(*args).output


# elastic/integrations istio test-access-json-logs.log: Istio's accessLogEncoding JSON.
ISTIO_JSON = """\
{"authority":"reviews:9080","bytes_received":0,"bytes_sent":358,"connection_termination_details":null,"downstream_local_address":"10.124.1.5:9080","downstream_remote_address":"10.124.0.13:43612","duration":15,"method":"GET","path":"/reviews/0","protocol":"HTTP/1.1","request_id":"9fcc7101-13bd-9753-98d6-820806088d9d","requested_server_name":"outbound_.9080_._.reviews.default.svc.cluster.local","response_code":200,"response_code_details":"via_upstream","response_flags":"-","route_name":"default","start_time":"2022-09-08T12:51:05.656Z","upstream_cluster":"inbound|9080||","upstream_host":"10.124.1.5:9080","upstream_local_address":"127.0.0.6:37685","upstream_service_time":"14","upstream_transport_failure_reason":null,"user_agent":"curl/7.79.1","x_forwarded_for":null}
{"authority":"reviews:9080","bytes_received":0,"bytes_sent":358,"connection_termination_details":null,"downstream_local_address":"10.124.1.5:9080","downstream_remote_address":"[2a02:cf40::4e36]:5000","duration":15,"method":"GET","path":"/reviews/0","protocol":"HTTP/1.1","request_id":"9fcc7101-13bd-9753-98d6-820806088d9d","requested_server_name":"outbound_.9080_._.reviews.default.svc.cluster.local","response_code":200,"response_code_details":"via_upstream","response_flags":"-","route_name":"default","start_time":"2022-09-08T12:51:05.656Z","upstream_cluster":"inbound|9080||","upstream_host":"10.124.1.5:9080","upstream_local_address":"127.0.0.6:37685","upstream_service_time":"14","upstream_transport_failure_reason":null,"user_agent":"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.114 Safari/537.36","x_forwarded_for":null}
{"authority":"-","bytes_received":0,"bytes_sent":11,"connection_termination_details":null,"downstream_local_address":"10.124.2.10:8080","downstream_remote_address":"10.128.0.60:51643","duration":46,"method":"-","path":"-","protocol":"HTTP/1.1","request_id":"-","requested_server_name":"-","response_code":400,"response_code_details":"http1.codec_error","response_flags":"DPE","route_name":"-","start_time":"2022-09-01T09:36:33.553Z","upstream_cluster":null,"upstream_host":"-","upstream_local_address":null,"upstream_service_time":null,"upstream_transport_failure_reason":"-","user_agent":"-","x_forwarded_for":null}
"""


def test_istio_json_access_log(site: Path, tmp_path: Path) -> None:
    """Istio's JSON encoding of its default fields is told by its keys (it was Caddy's: three
    other-log lines): a browser's view from ``downstream_remote_address`` (IPv6 with a port),
    curl's, and an HTTP/1 codec error (method ``-``: malformed)."""
    summary, db = _import(site, tmp_path, "istio.json", ISTIO_JSON)
    assert summary["format"] == "envoy-json"
    assert (summary["human"], summary["skipped"]) == (1, {"malformed": 1, "bot": 1})
    day = ("--date-from", "2022-09-08T12:51:05Z", "--date-to", "2022-09-08T12:51:06Z")
    assert export(db, "visitors", *day)["totals"] == {"human": 1, "ai": 0, "total": 1}
    log = tmp_path / "istio.json"
    [again] = import_json(site, tmp_path / "forced.duckdb", log, fmt="envoy")
    assert again["format"] == "envoy-json"  # --format envoy takes its JSON form too


# kanjiapi.dev's Cloud Storage usage logs, two hourly files put together, as quoted in its
# repository's test (tests of an importer of them; the bucket is served through Cloudflare).
GCS_USAGE = """\
"time_micros","c_ip","c_ip_type","c_ip_region","cs_method","cs_uri","sc_status","cs_bytes","sc_bytes","time_taken_micros","cs_host","cs_referer","cs_user_agent","s_request_id","cs_operation","cs_bucket","cs_object"
"1693206014339368","172.71.142.38","1","","GET","/v1/kanji/%E9%9B%86","200","0","277","488000","kanjiapi.dev","http://127.0.0.1:59961/","Mozilla/5.0 (Windows NT 6.2; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.4.3 Chrome/102.0.5005.177 Safari/537.36","ADPycduvHuLfdAtc-f-Uyl-AONU9elsqMfPUaul2F0vpty_e_YDJ67AKrjeB3_60LKULw_l50awy-M8UxjCnP4bhuWx7","GET_Object","kanjiapi.dev","v1/kanji/集"
"1693206098543049","172.70.210.203","1","","GET","/v1/kanji/%E5%85%88","404","0","0","164000","kanjiapi.dev","http://127.0.0.1:51912/","Mozilla/5.0 (Windows NT 6.2; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.4.3 Chrome/102.0.5005.177 Safari/537.36","ADPycdumQl2rdAAOwaNQez9Ckrf6z1og-YMJfzF2ksCJ6OXNqJ8g-z2E3j_YgVEs10OYS3Rd6B1qTU1-ccjrF-0_zDGbcA","GET_Object","kanjiapi.dev","v1/kanji/先"
"time_micros","c_ip","c_ip_type","c_ip_region","cs_method","cs_uri","sc_status","cs_bytes","sc_bytes","time_taken_micros","cs_host","cs_referer","cs_user_agent","s_request_id","cs_operation","cs_bucket","cs_object"
"1693210382477156","162.158.186.55","1","","GET","/v1/kanji/%E7%8B%99","304","0","0","168000","kanjiapi.dev","http://127.0.0.1:59696/","Mozilla/5.0 (Windows NT 6.2; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.4.3 Chrome/102.0.5005.177 Safari/537.36","ADPycduCECW90QuUz5JwpqNPtmOpeRzr93AAOoAdTMLW3yx_z2mgqG_-NmWDZhzVSLbNh39qf8O065AGxH8lcs7KQ9f41A","GET_Object","kanjiapi.dev","v1/kanji/狙"
"1693210449669499","162.158.186.54","1","","GET","/v1/kanji/%E5%93%80","200","0","267","493000","kanjiapi.dev","http://127.0.0.1:59696/","Mozilla/5.0 (Windows NT 6.2; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.4.3 Chrome/102.0.5005.177 Safari/537.36","ADPycduT6csqmrX8oq8eWbrMELcLTS8L3NAlCkNWGjhn0wfgxQOdrY2mkkSk1unw0nDMFA_wEEVPlDXukdAUEVFebYyk3w","GET_Object","kanjiapi.dev","v1/kanji/哀"
"1693210493491679","162.158.186.55","1","","GET","/v1/kanji/%E6%9B%B8","304","0","0","163000","kanjiapi.dev","http://127.0.0.1:59696/","Mozilla/5.0 (Windows NT 6.2; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) QtWebEngine/6.4.3 Chrome/102.0.5005.177 Safari/537.36","ADPycdsDJNzAQEGNdEkAg-D7zF7mTNCuxEspda0gt7NYzyIdQX5olV4uo_0SNpPLdlXNLOwZHNtKnYwz04UbkHqjYFNGEw","GET_Object","kanjiapi.dev","v1/kanji/書"
"""


def test_cloud_storage_usage_log(tmp_path: Path) -> None:
    """Cloud Storage usage logs are told by their header and read by its columns: three views
    of URL-encoded pages at their UTC times (time_micros), a 404, a page the site lacks, and
    each file's header (every line was malformed: combined)."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    pages = [{"url": u} for u in ("/v1/kanji/集", "/v1/kanji/狙", "/v1/kanji/哀")]
    (site / "_docgen" / "manifest.json").write_text(json.dumps({"pages": pages}), "utf-8")
    summary, db = _import(site, tmp_path, "usage.csv", GCS_USAGE)
    assert summary["format"] == "gcs"
    assert (summary["human"], summary["skipped"]) == (
        3,
        {"header": 2, "status": 1, "not-a-page": 1},
    )
    hour = ("--date-from", "2023-08-28T08:00:00Z", "--date-to", "2023-08-28T09:00:00Z")
    views = export(db, "views", *hour)["views"]
    assert sorted(v["path"] for v in views) == ["/v1/kanji/哀", "/v1/kanji/狙"]


# Envoy's default format with a User-Agent that holds '" "' (Envoy writes it as sent): each
# request names another address there; the X-Forwarded-For is a client's list, then the address
# the edge proxy appended (the same for all three).
ENVOY_INJECTED = """\
[2024-05-01T10:01:00.000Z] "GET /portal HTTP/1.1" 200 - 0 512 3 2 "203.0.113.5" "10.66.0.1" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" "r1" "docs.example.com" "10.0.0.9:80"
[2024-05-01T10:02:00.000Z] "GET /portal HTTP/1.1" 200 - 0 512 3 2 "203.0.113.5" "10.66.0.2" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" "r2" "docs.example.com" "10.0.0.9:80"
[2024-05-01T10:03:00.000Z] "GET /portal HTTP/1.1" 200 - 0 512 3 2 "203.0.113.5" "a" "b" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" "r3" "docs.example.com" "10.0.0.9:80"
[2024-05-01T10:04:00.000Z] "GET /portal HTTP/1.1" 200 - 0 512 3 2 "10.9.9.1, 203.0.113.5" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" "r4" "docs.example.com" "10.0.0.9:80"
[2024-05-01T10:05:00.000Z] "GET /portal HTTP/1.1" 200 - 0 512 3 2 "10.9.9.2,203.0.113.5" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" "r5" "docs.example.com" "10.0.0.9:80"
"""


def test_envoy_header_with_quotes_is_malformed_and_forwarded_last_entry(
    site: Path, tmp_path: Path
) -> None:
    """A line whose header values hold ``"`` has more fields than its layout: malformed (3),
    not read from shifted fields (its views were counted under the address the User-Agent
    named: 3 visitors). The address is X-Forwarded-For's last entry: entries a client sent
    before it do not make it another visitor (2 views were 2 visitors, now 1)."""
    summary, db = _import(site, tmp_path, "envoy.log", ENVOY_INJECTED)
    assert (summary["format"], summary["human"]) == ("envoy", 2)
    assert summary["skipped"] == {"malformed": 3}
    day = ("--date-from", "2024-05-01T10:00:00Z", "--date-to", "2024-05-01T10:06:00Z")
    assert export(db, "visitors", *day)["totals"] == {"human": 1, "ai": 0, "total": 1}


def test_haproxy_user_agent_capture_is_read_from_haproxy_lines_only(
    site: Path, tmp_path: Path
) -> None:
    """The captured User-Agent's position is counted on HAProxy's lines only: other lines that
    hold ``{Mozilla/...}`` after look-alike fields (another program's, in the same syslog file)
    made the Host capture taken for it (0 human views; now 2)."""
    valid = HAPROXY_CAPTURED.replace("{Mozilla/", "{docs.example.com|Mozilla/")
    junk = "Feb 25 16:19:50 192.168.4.2 app[9]: x] a b/c d 1 e f g h i j {Mozilla/5.0|x}\n"
    summary, _ = _import(site, tmp_path, "haproxy.log", junk * 3 + valid)
    assert summary["format"] == "haproxy"
    assert summary["human"] == 2
