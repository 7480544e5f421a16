"""The playground's request proxy (security.md 13-18), end to end: a real upstream HTTP server
on 127.0.0.1 that records what reaches it, and the docgen app served by Uvicorn."""

from __future__ import annotations

import base64
import contextlib
import http.server
import ipaddress
import json
import logging
import socket
import ssl
import struct
import subprocess
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from docgen.exceptions import ProxyError
from docgen.serve.app import create_app
from docgen.serve.envelope import parse_envelope
from docgen.serve.snapshot import Snapshot, build_snapshot
from docgen.serve.targets import (
    Origin,
    TargetPolicy,
    address_problem,
    expand_server,
    parse_origin,
)

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
    b"\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84"
    b"\x00\x00\x00\x00IEND\xaeB`\x82"
)


# --- a real upstream ------------------------------------------------------------------------


class Upstream(http.server.ThreadingHTTPServer):
    """Records every connection and request; answers by path."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], tls: ssl.SSLContext | None = None) -> None:
        super().__init__(address, UpstreamHandler)
        self.tls = tls
        self.requests: list[dict[str, Any]] = []
        self.connections = 0

    def verify_request(self, request: Any, client_address: Any) -> bool:
        self.connections += 1
        return True

    def get_request(self) -> tuple[socket.socket, Any]:
        sock, address = super().get_request()
        if self.tls is not None:
            sock = self.tls.wrap_socket(sock, server_side=True)
        return sock, address

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # resets and TLS failures are part of the tests

    @property
    def port(self) -> int:
        return int(self.server_address[1])


class UpstreamHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Upstream

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.requests.append(
            {
                "method": self.command,
                "path": self.path,
                "headers": list(self.headers.items()),
                "body": body,
            }
        )
        route = self.path.split("?", 1)[0]
        if route == "/redirect":
            self._reply(302, b"", "text/plain", [("Location", "/echo")])
        elif route == "/odd-redirect":  # "/odd-redirect?javascript:x": that Location, verbatim
            location = self.path.split("?", 1)[1]
            self._reply(302, b"", "text/plain", [("Location", location), ("X-After", "1")])
        elif route == "/cookie":
            self._reply(
                200,
                b'{"ok":true}',
                "application/json",
                [("Set-Cookie", "session=upstream; Path=/"), ("X-Custom", "yes")],
            )
        elif route == "/big":
            self._reply(200, b"x" * 4096, "text/plain")
        elif route == "/slow":
            time.sleep(2)
            self._reply(200, b"late", "text/plain")
        elif route == "/reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        elif route == "/huge":  # more than the kernel's buffers of a connection hold
            self._reply(200, b"x" * (12 * 1024 * 1024), "text/plain")
        elif route == "/png":
            self._reply(200, PNG, "image/png")
        elif route == "/layers":  # "/layers?3": "layered", deflated 3 times, each one declared
            count = int(self.path.split("?", 1)[1])
            data = b"layered"
            for _ in range(count):
                data = zlib.compress(data, 1)
            coding = ", ".join(["deflate"] * count)
            self._reply(200, data, "text/plain", [("Content-Encoding", coding)])
        elif route == "/mixed-headers":  # one value in UTF-8, one in Latin-1 (raw bytes)
            utf8 = "café.pdf".encode().decode("latin-1")  # sent as its UTF-8 bytes
            self._reply(200, b"ok", "text/plain", [("X-Name", utf8), ("X-Old", "caf\xe9")])
        elif route == "/fat-headers":  # "/fat-headers?200": that many KiB of headers
            kib = int(self.path.split("?", 1)[1])
            filler = [(f"X-Filler-{i}", "f" * 1000) for i in range(kib)]
            self._reply(200, b"ok", "text/plain", filler)
        elif route == "/latin1":
            self._reply(200, "café".encode("latin-1"), "text/plain; charset=iso-8859-1")
        else:
            echo = {
                "method": self.command,
                "path": self.path,
                "body": base64.b64encode(body).decode(),
            }
            self._reply(
                201,
                json.dumps(echo).encode(),
                "application/json",
                [("X-Multi", "a"), ("X-Multi", "b")],
            )

    def _reply(
        self,
        status: int,
        body: bytes,
        kind: str,
        headers: list[tuple[str, str]] = (),  # type: ignore[assignment]
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle


@contextlib.contextmanager
def upstream_server(tls: ssl.SSLContext | None = None) -> Iterator[Upstream]:
    server = Upstream(("127.0.0.1", 0), tls)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def upstream() -> Iterator[Upstream]:
    with upstream_server() as server:
        yield server


@pytest.fixture(scope="module")
def canary() -> Iterator[Upstream]:
    """A server that is NOT an allowed target: it must never see a connection."""
    with upstream_server() as server:
        yield server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- the docs site and the docgen app -------------------------------------------------------

LOCAL_FORMS = (
    "http://localhost:{port}",
    "http://2130706433:{port}",
    "http://0x7f.1:{port}",
    "http://127.1:{port}",
    "http://[::1]:{port}",
    "http://[::ffff:127.0.0.1]:{port}",
    "http://[::127.0.0.1]:{port}",
    "http://[64:ff9b::7f00:1]:{port}",
    "http://[2002:7f00:1::]:{port}",
    "http://10.0.0.1:{port}",
    "http://192.168.1.20:{port}",
)
NEVER_FORMS = (
    "http://169.254.169.254:{port}",
    "http://[fe80::1]:{port}",
    "http://0.0.0.0:{port}",
    "http://224.0.0.1:{port}",
    "http://[::ffff:169.254.169.254]:{port}",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:{port}",
    # Cloud metadata outside link-local (AWS IMDS over IPv6, Azure WireServer, Alibaba Cloud):
    # --allow-local (or a public address) never reaches them.
    "http://[fd00:ec2::254]:{port}",
    "http://168.63.129.16:{port}",
    "http://100.100.100.200:{port}",
    "http://[::ffff:168.63.129.16]:{port}",
)


def write_site(folder: Path, port: int, closed: int, allow_local: bool = False) -> Path:
    allow = [f.format(port=port) for f in (*LOCAL_FORMS, *NEVER_FORMS)]
    allow += [f"http://127.0.0.1:{closed}", f"https://localhost:{port}"]
    folder.mkdir(parents=True, exist_ok=True)
    config = {
        "name": "Proxy test",
        "url": "https://docs.example.com",
        "api": {"playground": {"allow": allow, "allowLocal": allow_local}},
        "navigation": {"openapi": "openapi.yaml"},
    }
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "openapi.yaml").write_text(
        f"""openapi: 3.1.0
info: {{title: Upstream, version: "1"}}
servers:
  - url: http://127.0.0.1:{port}
  - url: https://{{tenant}}.example.com/v1
    variables: {{tenant: {{default: acme}}}}
paths:
  /echo:
    get:
      summary: Echo
      responses: {{"200": {{description: ok}}}}
""",
        encoding="utf-8",
    )
    return folder / "docs.json"


@pytest.fixture(scope="module")
def closed_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def snapshot(
    tmp_path_factory: pytest.TempPathFactory, upstream: Upstream, closed_port: int
) -> Snapshot:
    target = write_site(tmp_path_factory.mktemp("site"), upstream.port, closed_port)
    outcome = build_snapshot(target)
    assert outcome.snapshot is not None, outcome.text
    return outcome.snapshot


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` on a real Uvicorn server on 127.0.0.1; yields its base URL."""
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", access_log=False, lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


class Docs:
    """A client of the docs site that sends envelopes like the playground does."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, trust_env=False, timeout=20)

    def send(
        self, envelope: dict[str, Any], headers: dict[str, str] | None = None
    ) -> httpx.Response:
        sent = {"Origin": self.base, "Content-Type": "application/json", **(headers or {})}
        return self.http.post("/_docgen/api/request", content=json.dumps(envelope), headers=sent)


@pytest.fixture(scope="module")
def docs(snapshot: Snapshot) -> Iterator[Docs]:
    """The proxy without allow_local (the default)."""
    with serving(create_app(snapshot)) as base:
        yield Docs(base)


@pytest.fixture(scope="module")
def local_docs(snapshot: Snapshot) -> Iterator[Docs]:
    """The proxy with allow_local (``--allow-local``)."""
    with serving(create_app(snapshot, allow_local=True)) as base:
        yield Docs(base)


def envelope(url: str, method: str = "GET", **extra: Any) -> dict[str, Any]:
    return {"method": method, "url": url, "headers": {}, "body": None, **extra}


# --- 13: allowed targets ----------------------------------------------------------------------


def test_foreign_origin_is_refused_without_a_connection(docs: Docs, canary: Upstream) -> None:
    before = canary.connections
    response = docs.send(envelope(f"http://127.0.0.1:{canary.port}/steal?api_key=SECRET"))
    assert response.status_code == 403
    error = response.json()["error"]
    assert f"http://127.0.0.1:{canary.port} is not an origin of this API's servers" in error
    assert "SECRET" not in error and "/steal" not in error
    assert canary.connections == before and canary.requests == []


def test_foreign_host_name_is_refused_without_a_lookup(docs: Docs) -> None:
    started = time.perf_counter()
    response = docs.send(envelope("https://metadata.google.internal/computeMetadata/v1/"))
    assert response.status_code == 403
    assert "is not an origin" in response.json()["error"]
    assert time.perf_counter() - started < 1


def test_server_variables_expand() -> None:
    enum = expand_server(
        {
            "url": "https://{region}.api.example.com:{port}/v1",
            "variables": {
                "region": {"default": "eu", "enum": ["eu", "us"]},
                "port": {"default": "8443"},
            },
        }
    )
    assert {str(o) for o in enum} == {
        "https://eu.api.example.com:8443",
        "https://us.api.example.com:8443",
    }
    policy = TargetPolicy(
        *_split(
            expand_server(
                {
                    "url": "https://{tenant}.example.com",
                    "variables": {"tenant": {"default": "acme"}},
                }
            )
        )
    )
    assert policy.allows(Origin("https", "globex.example.com", 443))
    assert not policy.allows(Origin("https", "a.b.example.com", 443))
    assert not policy.allows(Origin("https", "example.com", 443))
    assert not policy.allows(Origin("http", "globex.example.com", 80))
    # Only one fixed label after the variable: the default only.
    short = TargetPolicy(
        *_split(
            expand_server(
                {"url": "https://{host}.com", "variables": {"host": {"default": "example"}}}
            )
        )
    )
    assert short.allows(Origin("https", "example.com", 443))
    assert not short.allows(Origin("https", "evil.com", 443))
    # Part of a label: the default only.
    partial = TargetPolicy(
        *_split(
            expand_server(
                {"url": "https://api-{env}.example.com", "variables": {"env": {"default": "prod"}}}
            )
        )
    )
    assert partial.allows(Origin("https", "api-prod.example.com", 443))
    assert not partial.allows(Origin("https", "api-x.example.com", 443))
    assert expand_server({"url": "/v1"}) == []
    assert expand_server({"url": "https://{undefined}.example.com"}) == []
    many = expand_server(
        {
            "url": "https://{a}{b}.example.com",
            "variables": {
                "a": {"default": "a0", "enum": [f"a{i}" for i in range(30)]},
                "b": {"default": "b0", "enum": [f"b{i}" for i in range(30)]},
            },
        }
    )
    assert len(many) == 256


def _split(items: list[Any]) -> tuple[list[Any], list[Any]]:
    return [i for i in items if isinstance(i, Origin)], [
        i for i in items if not isinstance(i, Origin)
    ]


def test_origins_are_normalised() -> None:
    assert parse_origin("HTTPS://API.Example.COM:443/x") == Origin("https", "api.example.com", 443)
    assert parse_origin("https://bücher.example/") == Origin("https", "xn--bcher-kva.example", 443)
    assert parse_origin("http://[::FFFF:127.0.0.1]:8/") == Origin("http", "::ffff:7f00:1", 8)
    assert parse_origin("ftp://example.com/") is None
    assert parse_origin("/relative") is None


def test_wildcard_server_target_reaches_the_address_check(docs: Docs) -> None:
    # https://{tenant}.example.com allows any tenant label: past the origin check, the name is
    # looked up (it does not resolve, or resolves to no usable address here).
    response = docs.send(envelope("https://globex.example.com/v1/x"))
    assert response.status_code in (403, 502, 504), response.text
    assert "is not an origin" not in response.json()["error"]
    refused = docs.send(envelope("https://x.y.example.com/v1"))
    assert refused.status_code == 403
    assert "is not an origin" in refused.json()["error"]


# --- 14: resolved addresses -----------------------------------------------------------------


@pytest.mark.parametrize("form", LOCAL_FORMS + NEVER_FORMS)
def test_local_addresses_are_refused(docs: Docs, upstream: Upstream, form: str) -> None:
    before = upstream.connections
    url = form.format(port=upstream.port) + "/echo?api_key=SECRET"
    response = docs.send(envelope(url))
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert "resolves to" in error and "refused" in error
    assert "SECRET" not in error
    assert upstream.connections == before


@pytest.mark.parametrize("form", NEVER_FORMS)
def test_link_local_and_unspecified_are_refused_even_with_allow_local(
    local_docs: Docs, upstream: Upstream, form: str
) -> None:
    before = upstream.connections
    response = local_docs.send(envelope(form.format(port=upstream.port) + "/echo"))
    assert response.status_code == 403, response.text
    assert upstream.connections == before


def test_address_classes() -> None:
    refused = [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.0.1",
        "100.64.0.1",
        "::1",
        "fc00::1",
        "::ffff:10.0.0.1",
        "64:ff9b::a00:1",
        "2002:a00:1::",
    ]
    for text in refused:
        address = ipaddress.ip_address(text)
        assert address_problem(address, False) is not None, text
        assert address_problem(address, True) is None, text
    never = [
        "169.254.169.254",
        "0.0.0.0",
        "0.1.2.3",
        "224.0.0.1",
        "255.255.255.255",
        "::",
        "fe80::1",
        "ff02::1",
        "::ffff:169.254.169.254",
        "2001::1",
        "fd00:ec2::254",
        "168.63.129.16",
        "100.100.100.200",
        "192.0.0.192",
        "::ffff:100.100.100.200",
    ]
    for text in never:
        assert address_problem(ipaddress.ip_address(text), True) is not None, text
    public = [
        "93.184.216.34",
        "2606:4700:4700::1111",
        "::ffff:93.184.216.34",
        "64:ff9b::5db8:d822",
        "2002:5db8:d822::1",
    ]
    for text in public:
        assert address_problem(ipaddress.ip_address(text), False) is None, text


def test_allow_local_permits_the_upstream(local_docs: Docs, upstream: Upstream) -> None:
    response = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/echo?x=1"))
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["status"] == 201 and data["statusText"] == "Created"
    assert json.loads(data["body"])["path"] == "/echo?x=1"
    assert data["headers"]["x-multi"] == "a, b"
    assert isinstance(data["elapsedMs"], int)
    assert data["url"] == f"http://127.0.0.1:{upstream.port}/echo"  # no query string


def test_allow_local_in_the_config_is_ignored(
    tmp_path: Path, upstream: Upstream, closed_port: int
) -> None:
    # security.md 19: content (a contributor's docs.json) never widens what the proxy reaches.
    outcome = build_snapshot(write_site(tmp_path, upstream.port, closed_port, allow_local=True))
    assert outcome.snapshot is not None
    assert any(
        "warning[config-invalid]" in line and "allowLocal is ignored" in line
        for line in outcome.lines
    ), outcome.lines
    before = upstream.connections
    with serving(create_app(outcome.snapshot)) as base:
        response = Docs(base).send(envelope(f"http://127.0.0.1:{upstream.port}/echo"))
    assert response.status_code == 403, response.text
    assert "--allow-local" in response.json()["error"]
    assert upstream.connections == before
    # The operator can: create_app(allow_local=True) is what --allow-local passes.
    with serving(create_app(outcome.snapshot, allow_local=True)) as base:
        response = Docs(base).send(envelope(f"http://127.0.0.1:{upstream.port}/echo"))
    assert response.status_code == 200, response.text


def test_the_config_url_host_is_answered_only_when_the_operator_allows_it(
    tmp_path: Path, upstream: Upstream, closed_port: int
) -> None:
    # A rebinding attacker's Host: docs.example.com (the config's url) is not answered by itself.
    outcome = build_snapshot(write_site(tmp_path, upstream.port, closed_port))
    assert outcome.snapshot is not None
    with serving(create_app(outcome.snapshot)) as base:
        refused = httpx.get(base + "/", headers={"Host": "docs.example.com"}, trust_env=False)
        assert refused.status_code == 403
        assert "--allow-host" in refused.text and "only the operator" in refused.text
    with serving(create_app(outcome.snapshot, allowed_hosts=["docs.example.com"])) as base:
        allowed = httpx.get(base + "/", headers={"Host": "docs.example.com"}, trust_env=False)
        assert allowed.status_code == 200


def test_a_name_resolving_to_loopback_is_refused_then_connected_by_address(
    docs: Docs, local_docs: Docs, upstream: Upstream
) -> None:
    url = f"http://localhost:{upstream.port}/echo"
    before = upstream.connections
    refused = docs.send(envelope(url))
    assert refused.status_code == 403
    assert "resolves to" in refused.json()["error"]
    assert upstream.connections == before
    allowed = local_docs.send(envelope(url))
    assert allowed.status_code == 200, allowed.text
    seen = dict(upstream.requests[-1]["headers"])
    assert seen["Host"] == f"localhost:{upstream.port}"  # the real name, sent to the address


# --- 15: headers, cookies, redirects, envelope -----------------------------------------------


def test_redirects_are_returned_not_followed(local_docs: Docs, upstream: Upstream) -> None:
    count = len(upstream.requests)
    response = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/redirect"))
    assert response.status_code == 200
    data = response.json()
    assert data["status"] == 302
    assert data["headers"]["location"] == "/echo"
    assert len(upstream.requests) == count + 1


@pytest.mark.parametrize("location", ["javascript:alert(1)", "http://xn--/", "http://[::1"])
def test_a_location_that_is_no_usable_url_is_returned_too(
    local_docs: Docs, upstream: Upstream, location: str
) -> None:
    """The client library prepared the redirect it was told not to follow, and failed on such
    a Location: a 500 "bug in docgen" (or a 502 "not valid HTTP") instead of the answer."""
    url = f"http://127.0.0.1:{upstream.port}/odd-redirect?{location}"
    response = local_docs.send(envelope(url))
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["status"] == 302
    assert answer["headers"]["location"] == location
    assert list(answer["headers"])[-3:] == ["content-length", "location", "x-after"]


def test_each_header_value_is_read_in_its_own_encoding(
    local_docs: Docs, upstream: Upstream
) -> None:
    response = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/mixed-headers"))
    headers = response.json()["headers"]
    assert headers["x-name"] == "café.pdf"  # UTF-8, though another value is not
    assert headers["x-old"] == "café"  # Latin-1, read as Latin-1


def test_client_address_headers_of_other_proxies_are_dropped(
    local_docs: Docs, upstream: Upstream
) -> None:
    """Forwarding headers under other names (CDNs', other proxies'): a reader could tell an
    API that trusts them, an internal one above all, that the call comes from 127.0.0.1."""
    spoofed = [
        "True-Client-IP",
        "X-Client-IP",
        "Client-IP",
        "CF-Connecting-IP",
        "Fastly-Client-IP",
        "X-Cluster-Client-IP",
        "X-Originating-IP",
        "X-Original-Forwarded-For",
    ]
    headers = {name: "127.0.0.1" for name in spoofed} | {"X-API-Key": "key-1"}
    url = f"http://127.0.0.1:{upstream.port}/echo"
    response = local_docs.send(envelope(url, headers=headers))
    assert response.status_code == 200, response.text
    received = [name.lower() for name, _ in upstream.requests[-1]["headers"]]
    assert "x-api-key" in received
    assert [name for name in spoofed if name.lower() in received] == []


def test_hop_by_hop_forwarding_and_cookie_headers_are_dropped(
    local_docs: Docs, upstream: Upstream
) -> None:
    sent = {
        "Authorization": "Bearer token-1",
        "X-API-Key": "key-1",
        "Content-Type": "application/json",
        "Cookie": "stolen=1",
        "Host": "evil.example",
        "X-Forwarded-For": "1.2.3.4",
        "X-Forwarded-Host": "evil.example",
        "Forwarded": "for=1.2.3.4",
        "X-Real-IP": "1.2.3.4",
        "Via": "1.1 evil",
        "Connection": "close, X-API-Key",
        "Keep-Alive": "timeout=5",
        "Proxy-Authorization": "Basic eA==",
        "Upgrade": "websocket",
        "TE": "trailers",
        "Transfer-Encoding": "chunked",
        "Content-Length": "999",
    }
    response = local_docs.send(
        envelope(
            f"http://127.0.0.1:{upstream.port}/echo",
            "POST",
            headers=sent,
            cookies={"session": "abc", "theme": "dark"},
            body='{"a": 1}',
        ),
        headers={"Cookie": "docs_session=DOCS-SITE-COOKIE", "X-Forwarded-For": "9.9.9.9"},
    )
    assert response.status_code == 200, response.text
    received = upstream.requests[-1]
    headers = {name.lower(): value for name, value in received["headers"]}
    names = [name.lower() for name, _ in received["headers"]]
    assert headers["authorization"] == "Bearer token-1"
    assert headers["x-api-key"] == "key-1"
    assert headers["host"] == f"127.0.0.1:{upstream.port}"
    assert names.count("cookie") == 1 and headers["cookie"] == "session=abc; theme=dark"
    assert headers["content-length"] == "8" and received["body"] == b'{"a": 1}'
    for dropped in (
        "x-forwarded-for",
        "x-forwarded-host",
        "forwarded",
        "x-real-ip",
        "via",
        "keep-alive",
        "proxy-authorization",
        "upgrade",
        "te",
        "transfer-encoding",
    ):
        assert dropped not in headers, dropped
    assert "DOCS-SITE-COOKIE" not in json.dumps(received["headers"])
    assert "9.9.9.9" not in json.dumps(received["headers"])


def test_set_cookie_stays_inside_the_envelope(local_docs: Docs, upstream: Upstream) -> None:
    response = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/cookie"))
    assert response.status_code == 200
    assert "set-cookie" not in response.headers
    assert "x-custom" not in response.headers
    assert response.headers["content-type"] == "application/json"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-store"
    data = response.json()
    assert data["headers"]["set-cookie"] == "session=upstream; Path=/"
    assert data["headers"]["x-custom"] == "yes"
    assert not local_docs.http.cookies
    # Nor does the proxy keep it: the next request (maybe another reader's) carries no cookie.
    after = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/echo"))
    assert after.status_code == 200
    received = [n.lower() for n, _ in upstream.requests[-1]["headers"]]
    assert "cookie" not in received


def test_binary_bodies_round_trip_as_base64(local_docs: Docs, upstream: Upstream) -> None:
    sent = local_docs.send(
        envelope(
            f"http://127.0.0.1:{upstream.port}/upload",
            "PUT",
            headers={"Content-Type": "image/png"},
            body=base64.b64encode(PNG).decode(),
            bodyEncoding="base64",
        )
    )
    assert sent.status_code == 200, sent.text
    assert upstream.requests[-1]["body"] == PNG
    got = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/png")).json()
    assert got["bodyEncoding"] == "base64"
    assert base64.b64decode(got["body"]) == PNG
    latin = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/latin1")).json()
    assert latin["bodyEncoding"] == "base64"  # textual, but not UTF-8
    text = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/echo")).json()
    assert text["bodyEncoding"] == "utf-8" and json.loads(text["body"])["method"] == "GET"


# --- 16: limits -------------------------------------------------------------------------------


def test_a_pile_of_content_codings_is_502(local_docs: Docs, upstream: Upstream) -> None:
    """Each content coding undone costs a zlib state and a level of nesting: thousands of them
    (a hostile API fits 3,000 in its headers) are refused, never a 500 or tens of MiB."""
    few = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/layers?4"))
    assert few.status_code == 200, few.text
    assert few.json()["body"] == "layered"
    many = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/layers?3000"))
    assert many.status_code == 502, many.text
    assert many.json()["error"] == (
        f"http://127.0.0.1:{upstream.port} sent a body with 3000 content codings "
        "(Content-Encoding); the request proxy undoes at most 4"
    )


def test_upstream_headers_over_the_limit_are_a_clear_502(
    local_docs: Docs, upstream: Upstream
) -> None:
    """A 200 KiB response head was "not valid HTTP"; it is valid, only longer than the client
    reads: the message says so and names the limit (within it, the headers come back)."""
    fits = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/fat-headers?60"))
    assert fits.status_code == 200, fits.text
    assert fits.json()["headers"]["x-filler-59"] == "f" * 1000
    fat = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/fat-headers?200"))
    assert fat.status_code == 502, fat.text
    assert fat.json()["error"] == (
        f"http://127.0.0.1:{upstream.port} sent response headers of more than 100 KiB; "
        "the request proxy reads at most 100 KiB of them"
    )


def test_envelope_over_5_mib_is_413(docs: Docs, upstream: Upstream) -> None:
    before = upstream.connections
    big = envelope(f"http://127.0.0.1:{upstream.port}/echo", "POST", body="x" * (6 * 1024 * 1024))
    response = docs.send(big)
    assert response.status_code == 413
    assert response.json()["error"].startswith(
        "the request is larger than 5 MiB, the docs proxy's limit (DOCGEN_PROXY_MAX_REQUEST;"
    )
    assert upstream.connections == before


def test_an_envelope_that_stops_arriving_is_408(snapshot: Snapshot) -> None:
    """A client that sent most of an envelope and then nothing held its bytes (up to 5 MiB a
    connection) for as long as it kept the connection open; it now has ``timeout``."""
    with serving(create_app(snapshot, timeout=1)) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.settimeout(5)
            client.sendall(
                f"POST /_docgen/api/request HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Origin: {base}\r\nContent-Type: application/json\r\n"
                'Content-Length: 100000\r\n\r\n{"method": "GET"'.encode()
            )
            started = time.perf_counter()
            answer = client.recv(65536)
            waited = time.perf_counter() - started
            while not answer.endswith(b"}"):
                answer += client.recv(65536) or b"}"
        assert answer.startswith(b"HTTP/1.1 408 "), answer
        assert waited < 2.5
        assert answer.endswith(b'{"error":"the request did not arrive within 1 s"}')


def test_a_client_that_leaves_mid_envelope_is_no_internal_error(
    docs: Docs, caplog: pytest.LogCaptureFixture
) -> None:
    port = int(docs.base.rsplit(":", 1)[1])
    with caplog.at_level(logging.INFO, logger="docgen.serve"):
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(
                f"POST /_docgen/api/request HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Origin: {docs.base}\r\nContent-Type: application/json\r\n"
                'Content-Length: 100000\r\n\r\n{"method"'.encode()
            )
            time.sleep(0.3)
        deadline = time.monotonic() + 5
        while "proxy - - -> error 400" not in caplog.text and time.monotonic() < deadline:
            time.sleep(0.05)
    assert "proxy - - -> error 400" in caplog.text
    assert "internal error" not in caplog.text


def test_large_upstream_response_is_502(snapshot: Snapshot, upstream: Upstream) -> None:
    app = create_app(snapshot, allow_local=True, max_response_bytes=1024)
    with serving(app) as base:
        response = Docs(base).send(envelope(f"http://127.0.0.1:{upstream.port}/big"))
    assert response.status_code == 502
    assert response.json()["error"] == "upstream response larger than 1 KiB"


def test_slow_upstream_is_504(snapshot: Snapshot, upstream: Upstream) -> None:
    app = create_app(snapshot, allow_local=True, timeout=0.5)
    with serving(app) as base:
        started = time.perf_counter()
        response = Docs(base).send(envelope(f"http://127.0.0.1:{upstream.port}/slow"))
    assert response.status_code == 504
    assert time.perf_counter() - started < 1.8
    assert "did not answer within 0.5 s" in response.json()["error"]


def test_a_reader_that_stops_reading_gives_its_turn_back(
    snapshot: Snapshot, upstream: Upstream
) -> None:
    """A reader that asks for a large answer and then reads nothing held its turn (and the
    body) for as long as it kept the connection: a few such connections made every other
    large response a 503. It now has ``timeout`` plus a second per ``reader_rate`` bytes."""
    app = create_app(
        snapshot, allow_local=True, timeout=1, large_at_once=1, reader_rate=12 * 1024 * 1024
    )
    target = f"http://127.0.0.1:{upstream.port}/huge"
    with serving(app) as base:
        port = int(base.rsplit(":", 1)[1])
        data = json.dumps(envelope(target)).encode()
        head = (
            f"POST /_docgen/api/request HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: {base}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        )
        with socket.socket() as stalled:
            stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            stalled.connect(("127.0.0.1", port))
            stalled.sendall(head.encode() + data)
            assert stalled.recv(12) == b"HTTP/1.1 200"  # then it reads no more
            time.sleep(3)  # past its 1 s + 12 MiB / (12 MiB/s)
            response = Docs(base).send(envelope(target))
        assert response.status_code == 200, response.text
        assert len(response.json()["body"]) == 12 * 1024 * 1024


def test_reset_connection_is_502(local_docs: Docs, upstream: Upstream) -> None:
    response = local_docs.send(envelope(f"http://127.0.0.1:{upstream.port}/reset"))
    assert response.status_code == 502
    assert "reset or closed" in response.json()["error"]


def test_refused_connection_is_502(local_docs: Docs, closed_port: int) -> None:
    response = local_docs.send(envelope(f"http://127.0.0.1:{closed_port}/x?api_key=SECRET"))
    assert response.status_code == 502
    error = response.json()["error"]
    assert error == f"cannot connect to http://127.0.0.1:{closed_port}: connection refused"


# --- 17: Origin and Host ----------------------------------------------------------------------


def test_missing_or_foreign_origin_is_403(local_docs: Docs, upstream: Upstream) -> None:
    # A target the proxy would otherwise reach (allow_local): only the Origin check refuses.
    body = envelope(f"http://127.0.0.1:{upstream.port}/echo")
    port = local_docs.base.rsplit(":", 1)[1]
    before = upstream.connections
    for origin in (
        None,
        "null",
        "http://evil.example",
        f"http://127.0.0.1:{int(port) + 1}",
        f"http://localhost:{port}",
    ):
        headers = {"Content-Type": "application/json"}
        if origin is not None:
            headers["Origin"] = origin
        response = local_docs.http.post(
            "/_docgen/api/request", content=json.dumps(body), headers=headers
        )
        assert response.status_code == 403, origin
        assert response.json()["error"] in (
            "the request has no Origin of this site: refused",
            "the request comes from another site (Origin): refused",
        )
    assert upstream.connections == before


def test_origin_scheme_may_differ_behind_tls_proxy(local_docs: Docs, upstream: Upstream) -> None:
    https_origin = local_docs.base.replace("http://", "https://")
    response = local_docs.send(
        envelope(f"http://127.0.0.1:{upstream.port}/echo"), headers={"Origin": https_origin}
    )
    assert response.status_code == 200, response.text


def test_foreign_host_is_403(docs: Docs) -> None:
    response = docs.http.get("/", headers={"Host": "rebind.attacker.example"})
    assert response.status_code == 403
    assert response.headers["x-content-type-options"] == "nosniff"
    proxied = docs.send(
        envelope("https://api.example.com/"),
        headers={"Host": "rebind.attacker.example", "Origin": "http://rebind.attacker.example"},
    )
    assert proxied.status_code == 403
    # the config's url host is content: not answered without the operator's --allow-host
    assert docs.http.get("/", headers={"Host": "docs.example.com"}).status_code == 403
    assert docs.http.get("/", headers={"Host": "LOCALHOST:1234"}).status_code == 200


def test_only_post_and_json(docs: Docs) -> None:
    response = docs.http.get("/_docgen/api/request", headers={"Origin": docs.base})
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert response.headers["content-type"] == "application/json"
    plain = docs.http.post(
        "/_docgen/api/request",
        content=json.dumps(envelope("https://api.example.com/")),
        headers={"Origin": docs.base, "Content-Type": "text/plain"},
    )
    assert plain.status_code == 400
    assert "application/json" in plain.json()["error"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"url": "https://a.example/"}', '"method"'),
        ('{"method": "GET /x", "url": "https://a.example/"}', '"method"'),
        ('{"method": "CONNECT", "url": "https://a.example/"}', "CONNECT"),
        ('{"method": "GET", "url": "ftp://a.example/"}', "absolute http"),
        ('{"method": "GET", "url": "/relative"}', "absolute http"),
        ('{"method": "GET", "url": "https://u:p@a.example/"}', "credentials"),
        ('{"method": "GET", "url": "https://a.example/", "headers": []}', '"headers"'),
        ('{"method": "GET", "url": "https://a.example/", "headers": {"A": 1}}', '"headers"'),
        ('{"method": "GET", "url": "https://a.example/", "headers": {"A B": "1"}}', '"A B" is'),
        ('{"method": "GET", "url": "https://a.example/", "cookies": {"x<b>": "1"}}', '"x<b>" is'),
        (
            '{"method": "GET", "url": "https://a.example/", "headers": {"A": "x\\r\\nB: y"}}',
            "control",
        ),
        ('{"method": "GET", "url": "https://a.example/", "headers": {"A": "caf\\u00e9"}}', "ASCII"),
        ('{"method": "GET", "url": "https://a.example/", "headers": {"A": "\\ud800"}}', "ASCII"),
        ('{"method": "GET", "url": "https://a.example/", "cookies": {"a": "\\u2028"}}', "ASCII"),
        ('{"method": "GET", "url": "https://a.example/", "cookies": {"a": "1; b=2"}}', '";"'),
        ('{"method": "GET", "url": "https://a.example/", "body": 5}', '"body"'),
        (
            '{"method": "GET", "url": "https://a.example/", "body": "%%",'
            ' "bodyEncoding": "base64"}',
            "base64",
        ),
        (
            '{"method": "GET", "url": "https://a.example/", "bodyEncoding": "latin-1"}',
            '"bodyEncoding"',
        ),
    ],
)
def test_bad_envelopes_are_400(raw: str, message: str) -> None:
    with pytest.raises(ProxyError) as caught:
        parse_envelope(raw.encode())
    assert caught.value.status == 400
    assert message in caught.value.message


def test_bad_envelope_over_http_is_400(docs: Docs) -> None:
    response = docs.send({"method": "GET", "url": "gopher://a.example/"})
    assert response.status_code == 400
    assert response.json() == {"error": '"url" must be an absolute http:// or https:// URL'}


# --- 18: logs ---------------------------------------------------------------------------------


def test_logs_name_the_origin_only(
    local_docs: Docs, upstream: Upstream, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="docgen.serve.proxy")
    ok = local_docs.send(
        envelope(
            f"http://127.0.0.1:{upstream.port}/echo/path-secret?api_key=QUERYSECRET",
            headers={"X-API-Key": "HEADERSECRET"},
        )
    )
    assert ok.status_code == 200
    refused = local_docs.send(envelope("https://evil.example/?api_key=QUERYSECRET"))
    assert refused.status_code == 403
    lines = [r.getMessage() for r in caplog.records if r.name == "docgen.serve.proxy"]
    assert f"proxy GET http://127.0.0.1:{upstream.port} -> 201" in lines[-2]
    assert "proxy GET https://evil.example -> error 403" in lines[-1]
    text = "\n".join(lines)
    for secret in ("QUERYSECRET", "HEADERSECRET", "path-secret", "api_key"):
        assert secret not in text
    assert "QUERYSECRET" not in ok.json()["url"]


def test_the_http_client_library_logs_no_urls(
    local_docs: Docs, upstream: Upstream, caplog: pytest.LogCaptureFixture
) -> None:
    """httpx logs each request's full URL at INFO: with the root logger at DEBUG (as a host
    application may set it), nothing with the query string may come out."""
    caplog.set_level(logging.DEBUG)
    response = local_docs.send(
        envelope(f"http://127.0.0.1:{upstream.port}/echo?api_key=QUERYSECRET")
    )
    assert response.status_code == 200
    assert caplog.records, "nothing was logged at all"
    assert "QUERYSECRET" not in "\n".join(r.getMessage() for r in caplog.records)


def test_an_internal_error_is_a_json_500_without_details(
    snapshot: Snapshot,
    upstream: Upstream,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def broken(self: Any, envelope: Any) -> Any:
        raise RuntimeError(f"bug while sending {envelope.url}")  # the URL holds the key

    monkeypatch.setattr("docgen.serve.app.Forwarder.handle", broken)
    caplog.set_level(logging.INFO)
    with serving(create_app(snapshot, allow_local=True)) as base:
        response = Docs(base).send(
            envelope(f"http://127.0.0.1:{upstream.port}/echo?api_key=QUERYSECRET")
        )
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {
        "error": "docgen's request proxy failed (RuntimeError): this is a bug in docgen"
    }
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"proxy GET http://127.0.0.1:{upstream.port} -> internal error RuntimeError" in logged
    assert "QUERYSECRET" not in logged and "Traceback" not in caplog.text


# --- DNS rebinding: the connection goes to the address that was checked ----------------------


def test_the_connection_goes_to_the_checked_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that answers 127.0.0.2 to the check and 127.0.0.3 to any later lookup (a DNS
    rebinding attack, played by a patched resolver): the request must reach 127.0.0.2, with the
    name in Host, and the name must be looked up once."""
    real = socket.getaddrinfo
    lookups: list[str] = []

    def resolver(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != "rebind.test":
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.2" if len(lookups) == 1 else "127.0.0.3"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    checked = Upstream(("127.0.0.2", 0))
    rebound = Upstream(("127.0.0.3", checked.port))
    for server in (checked, rebound):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setattr(socket, "getaddrinfo", resolver)
        policy = TargetPolicy([Origin("http", "rebind.test", checked.port)])
        app = create_app(Snapshot({"index.html": b"x"}, policy), allow_local=True)
        with serving(app) as base:
            response = Docs(base).send(envelope(f"http://rebind.test:{checked.port}/echo"))
    finally:
        for server in (checked, rebound):
            server.shutdown()
            server.server_close()
    assert response.status_code == 200, response.text
    assert lookups == ["rebind.test"]
    assert rebound.connections == 0
    assert dict(checked.requests[-1]["headers"])["Host"] == f"rebind.test:{checked.port}"


# --- TLS: the connection goes to the checked address, SNI and certificate use the name -------


@pytest.fixture(scope="module")
def tls_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("tls")
    ca_key, ca, key, csr, cert = (
        folder / n for n in ("ca.key", "ca.pem", "k.pem", "r.csr", "c.pem")
    )
    ext = folder / "ext.cnf"
    ext.write_text("subjectAltName=DNS:localhost\n", encoding="utf-8")

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60)

    run(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        str(ca_key),
        "-out",
        str(ca),
        "-days",
        "2",
        "-subj",
        "/CN=docgen test CA",
    )
    run(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        str(key),
        "-out",
        str(csr),
        "-subj",
        "/CN=localhost",
    )
    run(
        "x509",
        "-req",
        "-in",
        str(csr),
        "-CA",
        str(ca),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-out",
        str(cert),
        "-days",
        "2",
        "-extfile",
        str(ext),
    )
    return {"ca": ca, "cert": cert, "key": key}


def test_tls_uses_the_real_name_for_sni_and_verification(
    snapshot: Snapshot, tls_files: dict[str, Path], tmp_path: Path, closed_port: int
) -> None:
    names: list[str | None] = []
    server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_ctx.load_cert_chain(tls_files["cert"], tls_files["key"])
    server_ctx.sni_callback = lambda sock, name, ctx: names.append(name)  # type: ignore[assignment,misc]
    client_ctx = ssl.create_default_context(cafile=str(tls_files["ca"]))
    with upstream_server(server_ctx) as tls_upstream:
        port = tls_upstream.port
        outcome = build_snapshot(write_site(tmp_path, port, closed_port))
        assert outcome.snapshot is not None
        # https://localhost:{port} is allowed by the config; https://127.0.0.1 is a spec server
        # only over http, so allow it explicitly for the negative case.
        app = create_app(outcome.snapshot, allow_local=True, verify=client_ctx)
        with serving(app) as base:
            docs = Docs(base)
            good = docs.send(envelope(f"https://localhost:{port}/echo"))
            assert good.status_code == 200, good.text
            assert good.json()["status"] == 201
            assert names[-1] == "localhost"
            assert dict(tls_upstream.requests[-1]["headers"])["Host"] == f"localhost:{port}"
        policy_app = create_app(
            Snapshot(
                outcome.snapshot.files,
                TargetPolicy([Origin("https", "127.0.0.1", port)]),
            ),
            allow_local=True,
            verify=client_ctx,
        )
        with serving(policy_app) as base:
            bad = Docs(base).send(envelope(f"https://127.0.0.1:{port}/echo"))
        assert bad.status_code == 502
        assert "TLS certificate" in bad.json()["error"]
