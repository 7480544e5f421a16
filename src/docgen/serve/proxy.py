"""The playground's request proxy: envelope in, upstream request out, envelope back.

Security rules (security.md 13-18) live here and in :mod:`docgen.serve.targets`:
the target must be an allowed origin (no lookup otherwise), every resolved address must pass
:func:`~docgen.serve.targets.address_problem`, the connection goes to the checked address
(``Host`` header and TLS SNI carry the real name), redirects are returned, only the envelope's
own headers are sent (minus hop-by-hop, forwarding, ``Host`` and ``Cookie``), and the answer is
a JSON envelope. Error messages name the target's origin at most: never a header value, a path
or a query string, which may hold API keys.

Nothing is shared between requests but the connection pool (without keep-alive): the client keeps
no cookies, and each request's body is held in its own :class:`~docgen.serve.body.Body`.
"""

from __future__ import annotations

import base64
import binascii
import http.cookiejar
import json
import logging
import re
import socket
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import anyio
import anyio.to_thread
import httpx

from docgen.serve.answer import Answer
from docgen.serve.body import (
    ACCEPT_ENCODING,
    Body,
    DecodeError,
    Decoder,
    body_encoding,
    codings_to_undo,
)
from docgen.serve.limits import LargeResponses, Limits, ProxyError
from docgen.serve.targets import (
    IPAddress,
    Origin,
    TargetPolicy,
    address_problem,
    origin_of,
    parse_address,
)

log = logging.getLogger("docgen.serve.proxy")

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_BAD_COOKIE = re.compile(r"[\x00-\x1f\x7f;]")
DROPPED_HEADERS = frozenset(
    {
        "cookie",
        "host",
        "connection",
        "keep-alive",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "forwarded",
        "via",
        "x-real-ip",
        "content-length",
        "expect",
        "accept-encoding",  # the client sets what it can decode
    }
)
_DROPPED_PREFIXES = ("proxy-", "x-forwarded-")
_NO_BODY_STATUS = (204, 304)


@dataclass(frozen=True, slots=True)
class Envelope:
    """A validated request envelope."""

    method: str
    url: httpx.URL
    origin: Origin
    headers: tuple[tuple[str, str], ...]
    cookies: tuple[tuple[str, str], ...]
    body: bytes | None


def forwarded_header(name: str) -> bool:
    """Whether a header of the envelope is sent upstream."""
    lower = name.lower()
    return lower not in DROPPED_HEADERS and not lower.startswith(_DROPPED_PREFIXES)


def parse_envelope(raw: bytes) -> Envelope:
    """Validate the JSON envelope; raises :class:`ProxyError` (400) with a precise message."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProxyError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProxyError(400, "the request body must be a JSON object")
    method = data.get("method")
    if not isinstance(method, str) or not _TOKEN.fullmatch(method) or len(method) > 32:
        raise ProxyError(400, '"method" must be an HTTP method name such as "GET"')
    if method.upper() == "CONNECT":
        raise ProxyError(400, '"method" CONNECT is not supported')
    url, origin = _parse_url(data.get("url"))
    headers = _string_map(data.get("headers", {}), "headers")
    for name, value in headers:
        if not _TOKEN.fullmatch(name):
            raise ProxyError(400, '"headers" has a name that is not a valid header name')
        if _BAD_VALUE.search(value):
            raise ProxyError(400, f'"headers": the value of {name} has control characters')
        if not value.isascii():
            raise ProxyError(
                400,
                f'"headers": the value of {name} has characters other than ASCII '
                "(percent-encode them)",
            )
    cookies = _string_map(data.get("cookies") or {}, "cookies")
    for name, value in cookies:
        if not _TOKEN.fullmatch(name):
            raise ProxyError(400, '"cookies" has a name that is not a valid cookie name')
        if _BAD_COOKIE.search(value):
            raise ProxyError(400, f'"cookies": the value of {name} has ";" or control characters')
        if not value.isascii():
            raise ProxyError(
                400,
                f'"cookies": the value of {name} has characters other than ASCII '
                "(percent-encode them)",
            )
    return Envelope(method, url, origin, headers, cookies, _parse_body(data))


def _parse_url(value: object) -> tuple[httpx.URL, Origin]:
    if not isinstance(value, str) or not value:
        raise ProxyError(400, '"url" must be an absolute http:// or https:// URL')
    try:
        url = httpx.URL(value)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise ProxyError(400, '"url" is not a valid URL') from None
    origin = origin_of(url)
    if origin is None:
        raise ProxyError(400, '"url" must be an absolute http:// or https:// URL')
    if url.userinfo:
        raise ProxyError(
            400, '"url" must not contain credentials (user:password@): send an Authorization header'
        )
    return url.copy_with(fragment=None), origin


def _string_map(value: object, key: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise ProxyError(400, f'"{key}" must be an object of strings')
    if not all(isinstance(v, str) for v in value.values()):
        raise ProxyError(400, f'"{key}" must be an object of strings')
    return tuple((str(k), v) for k, v in value.items())


def _parse_body(data: Mapping[str, Any]) -> bytes | None:
    body = data.get("body")
    encoding = data.get("bodyEncoding", "utf-8")
    if encoding not in ("utf-8", "base64"):
        raise ProxyError(400, '"bodyEncoding" must be "utf-8" or "base64"')
    if body is None:
        return None
    if not isinstance(body, str):
        raise ProxyError(400, '"body" must be a string or null')
    if encoding == "utf-8":
        return body.encode("utf-8", "surrogatepass")
    try:
        return base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        raise ProxyError(400, '"body" is not valid base64') from None


def upstream_headers(envelope: Envelope) -> list[tuple[str, str]]:
    """The headers sent upstream: the envelope's allowed ones plus one Cookie header, and the
    content codings the proxy can undo within its limits."""
    headers = [(n, v) for n, v in envelope.headers if forwarded_header(n)]
    headers.append(("Host", envelope.origin.host_header))
    headers.append(("Accept-Encoding", ACCEPT_ENCODING))
    if envelope.cookies:
        headers.append(("Cookie", "; ".join(f"{n}={v}" for n, v in envelope.cookies)))
    return headers


def _joined_headers(headers: httpx.Headers) -> dict[str, str]:
    joined: dict[str, str] = {}
    for name, value in headers.multi_items():
        key = name.lower()
        joined[key] = f"{joined[key]}, {value}" if key in joined else value
    return joined


async def resolve(origin: Origin, allow_local: bool) -> list[IPAddress]:
    """Every address of ``origin.host``; raises :class:`ProxyError` if any is refused."""
    try:
        infos = await anyio.to_thread.run_sync(
            lambda: socket.getaddrinfo(origin.host, origin.port, type=socket.SOCK_STREAM),
            abandon_on_cancel=True,
        )
    except (OSError, UnicodeError):
        raise ProxyError(502, f"cannot resolve the host of {origin}") from None
    addresses: list[IPAddress] = []
    for info in infos:
        address = parse_address(str(info[4][0]))
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise ProxyError(502, f"cannot resolve the host of {origin}")
    for address in addresses:
        problem = address_problem(address, allow_local)
        if problem is not None:
            hint = (
                " (allow local targets for development with --allow-local or "
                "api.playground.allowLocal)"
                if problem.split(" ", 1)[0] in ("loopback", "private")
                else ""
            )
            raise ProxyError(
                403, f"{origin} resolves to {address}, a {problem} address: refused{hint}"
            )
    return addresses


class Forwarder:
    """Sends validated envelopes upstream with one shared client."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        limits: Limits,
        policy: TargetPolicy,
        allow_local: bool,
        turns: LargeResponses | None = None,
    ) -> None:
        self.client = client
        self.limits = limits
        self.policy = policy
        self.allow_local = allow_local
        self.turns = turns or LargeResponses(limits.large_at_once)

    async def handle(self, envelope: Envelope) -> Answer:
        """The upstream's answer to ``envelope``; raises :class:`ProxyError`.

        The answer holds the body, and its turn if it is large, until it is released.
        """
        origin = envelope.origin
        if not self.policy.allows(origin):
            raise ProxyError(
                403,
                f"{origin} is not an origin of this API's servers "
                f"(allowed: {self.policy.describe()})",
            )
        started = time.perf_counter()
        body = Body(self.limits.max_response_bytes, self.turns)
        try:
            with anyio.fail_after(self.limits.timeout):
                addresses = await resolve(origin, self.allow_local)
                response = await self._send(envelope, addresses, body)
        except TimeoutError:
            body.release()
            if body.waiting:
                raise ProxyError(
                    503,
                    "the request proxy was busy with other large responses "
                    f"({self.turns.count} at a time) for {self.limits.timeout:g} s: "
                    "try again when they have finished",
                ) from None
            raise ProxyError(
                504, f"{origin} did not answer within {self.limits.timeout:g} s"
            ) from None
        except BaseException:
            body.release()
            raise
        return Answer(
            status=response.status_code,
            status_text=response.reason_phrase,
            headers=_joined_headers(response.headers),
            body=body,
            encoding=body_encoding(body, response.headers.get("content-type")),
            elapsed_ms=round((time.perf_counter() - started) * 1000),
            # Origin and path only: the query string may hold an API key (security.md 18).
            url=str(envelope.url.copy_with(query=None)),
        )

    async def _send(
        self, envelope: Envelope, addresses: list[IPAddress], body: Body
    ) -> httpx.Response:
        origin = envelope.origin
        last: ProxyError | None = None
        for address in addresses:
            try:
                return await self._send_to(envelope, address, body)
            except httpx.ConnectError as exc:
                last = ProxyError(502, _connect_message(origin, exc))
            except httpx.TimeoutException:
                raise TimeoutError from None
            except (httpx.ReadError, httpx.WriteError):
                raise ProxyError(
                    502, f"the connection to {origin} was reset or closed before a full response"
                ) from None
            except httpx.RemoteProtocolError as exc:
                raise ProxyError(502, _protocol_message(origin, exc)) from None
            except httpx.HTTPError:
                raise ProxyError(502, f"the request to {origin} failed") from None
        assert last is not None
        raise last

    async def _send_to(self, envelope: Envelope, address: IPAddress, body: Body) -> httpx.Response:
        origin = envelope.origin
        url = envelope.url.copy_with(host=str(address), port=origin.port)
        extensions: dict[str, Any] = {}
        if origin.scheme == "https" and not _is_ip(origin.host):
            extensions["sni_hostname"] = origin.host
        request = self.client.build_request(
            envelope.method,
            url,
            headers=upstream_headers(envelope),
            content=envelope.body,
            extensions=extensions,
        )
        response = await self.client.send(request, stream=True, follow_redirects=False)
        try:
            if _declared_length(response, envelope.method) > body.limit:
                raise body.too_large()  # said up front: nothing is read
            await self._read(response, body, origin)
        finally:
            await response.aclose()
        return response

    async def _read(self, response: httpx.Response, body: Body, origin: Origin) -> None:
        """Read the raw body, undoing gzip/deflate in bounded steps; both the bytes received
        and the bytes decoded count against the limit."""
        codings = codings_to_undo(response.headers.get_list("content-encoding", True))
        decoder = Decoder(codings or [])
        received = 0
        try:
            async for chunk in response.aiter_raw():
                received += len(chunk)
                if received > body.limit:
                    raise body.too_large()
                for piece in decoder.feed(chunk):
                    await body.add(piece)
        except DecodeError as exc:
            raise ProxyError(
                502, f"{origin} sent a body that is not valid {exc.args[0]} data"
            ) from None
        body.finish()


def _declared_length(response: httpx.Response, method: str) -> int:
    """The ``Content-Length`` of a response that has a body (0 when absent or unusable)."""
    if method.upper() == "HEAD" or response.status_code < 200:
        return 0
    if response.status_code in _NO_BODY_STATUS:
        return 0
    value = response.headers.get("content-length", "").strip()
    return int(value) if value.isdigit() else 0


def _protocol_message(origin: Origin, exc: httpx.RemoteProtocolError) -> str:
    text = str(exc).lower()
    if "peer closed" in text or "disconnected" in text or "incomplete" in text:
        return f"the connection to {origin} was reset or closed before a full response"
    return f"{origin} answered with something that is not valid HTTP"


def _is_ip(host: str) -> bool:
    try:
        parse_address(host)
    except ValueError:
        return False
    return True


def _connect_message(origin: Origin, exc: BaseException) -> str:
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return f"TLS certificate of {origin} is not valid for its host name"
        if isinstance(seen, ssl.SSLError):
            return f"TLS handshake with {origin} failed"
        if isinstance(seen, ConnectionRefusedError):
            return f"cannot connect to {origin}: connection refused"
        seen = seen.__cause__ or seen.__context__
    return f"cannot connect to {origin}"


def new_client(limits: Limits, verify: ssl.SSLContext | bool = True) -> httpx.AsyncClient:
    """The shared upstream client: no environment proxies, no connection reuse across names.

    Connections are not kept alive: the pool is keyed by the connected IP address, and a TLS
    connection set up for one host name must never carry a request for another. The cookie jar
    accepts nothing: an upstream ``Set-Cookie`` must never ride along on a later request (of
    another reader). The client library's own log lines (full URLs with query strings) are
    silenced, see :func:`quiet_client_logs`.
    """
    quiet_client_logs()
    client = httpx.AsyncClient(
        trust_env=False,
        verify=verify,
        follow_redirects=False,
        timeout=httpx.Timeout(limits.timeout),
        limits=httpx.Limits(max_connections=64, max_keepalive_connections=0),
        headers={"User-Agent": "docgen-playground"},
    )
    # Set on the jar itself: httpx copies a jar passed as ``cookies=`` into a default one.
    client.cookies.jar = http.cookiejar.CookieJar(policy=_NO_COOKIES)
    return client


_NO_COOKIES = http.cookiejar.DefaultCookiePolicy(allowed_domains=[])


def quiet_client_logs() -> None:
    """httpx logs every request's full URL at INFO, query string (API keys) included: keep its
    and httpcore's loggers at WARNING whatever the host application configures for the root."""
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.WARNING)


def log_line(
    method: str, origin: Origin | None, status: int, started: float, refused: bool = False
) -> None:
    """One line per proxied request: method, target origin, status and time (nothing else:
    paths, query strings, headers and bodies may hold API keys)."""
    ms = round((time.perf_counter() - started) * 1000)
    outcome = f"error {status}" if refused else str(status)
    log.info("proxy %s %s -> %s (%d ms)", method, origin if origin else "-", outcome, ms)
