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

import http.cookiejar
import logging
import socket
import ssl
import time
from typing import Any

import anyio
import anyio.to_thread
import httpx

from docgen.exceptions import DecodeError, ProxyError
from docgen.serve.answer import Answer
from docgen.serve.body import (
    MAX_CODINGS,
    Body,
    Decoder,
    body_encoding,
    codings_to_undo,
)
from docgen.serve.envelope import Envelope, upstream_headers
from docgen.serve.limits import LargeResponses, Limits
from docgen.serve.targets import (
    IPAddress,
    Origin,
    TargetPolicy,
    address_problem,
    parse_address,
)

log = logging.getLogger("docgen.serve.proxy")

_NO_BODY_STATUS = (204, 304)


def _joined_headers(headers: httpx.Headers) -> dict[str, str]:
    """The headers as text, repeated names joined. Each value is read as UTF-8 where it is
    (servers send UTF-8 file names and titles), else as Latin-1, on its own: httpx picks one
    encoding for all, so one Latin-1 byte anywhere turned every "café" into "cafÃ©"."""
    joined: dict[str, str] = {}
    for raw_name, raw_value in headers.raw:
        key = raw_name.decode("latin-1").lower()
        try:
            value = raw_value.decode("utf-8")
        except UnicodeDecodeError:
            value = raw_value.decode("latin-1")
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
                " (whoever runs the server may allow local targets for development: "
                "docgen serve --allow-local, or DOCGEN_ALLOW_LOCAL=1)"
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
        _restore_location(response)
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
        if codings is not None and len(codings) > MAX_CODINGS:
            raise ProxyError(
                502,
                f"{origin} sent a body with {len(codings)} content codings (Content-Encoding); "
                f"the request proxy undoes at most {MAX_CODINGS}",
            )
        decoder = Decoder(codings or [])
        received = 0
        try:
            async for chunk in response.aiter_raw():
                received += len(chunk)
                if received > body.limit:
                    raise body.too_large()
                for piece in decoder.feed(chunk):
                    await body.add(piece)
            decoder.close()
        except DecodeError as exc:
            if len(exc.args) > 1:
                raise ProxyError(
                    502, f"{origin} sent a {exc.args[0]} body that ends before its data does"
                ) from None
            raise ProxyError(
                502, f"{origin} sent a body that is not valid {exc.args[0]} data"
            ) from None
        body.finish()


_LOCATION = "docgen_location"


async def _set_location_aside(response: httpx.Response) -> None:
    """A response hook: httpx prepares the request for a redirect even when it follows none,
    and fails on a ``Location`` it cannot read as a URL it would follow (``javascript:x``, a
    bad IDNA host: an exception, not an answer). The proxy never follows one: the header is
    set aside here, before httpx looks, and put back by :func:`_restore_location`."""
    if "location" in response.headers:
        response.extensions[_LOCATION] = response.headers.raw
        del response.headers["location"]


def _restore_location(response: httpx.Response) -> None:
    raw = response.extensions.pop(_LOCATION, None)
    if raw is not None:
        response.headers = httpx.Headers(raw)


def _declared_length(response: httpx.Response, method: str) -> int:
    """The ``Content-Length`` of a response that has a body (0 when absent or unusable)."""
    if method.upper() == "HEAD" or response.status_code < 200:
        return 0
    if response.status_code in _NO_BODY_STATUS:
        return 0
    value = response.headers.get("content-length", "").strip()
    return int(value) if value.isdigit() else 0


def _head_limit() -> int:
    """How many bytes of a response head the client reads (httpcore's HTTP/1.1 bound)."""
    import httpcore

    return int(getattr(httpcore.AsyncHTTP11Connection, "MAX_INCOMPLETE_EVENT_SIZE", 100 * 1024))


def _protocol_message(origin: Origin, exc: httpx.RemoteProtocolError) -> str:
    seen: BaseException | None = exc
    while seen is not None:  # h11's "431": a head longer than the client reads, valid HTTP
        if getattr(seen, "error_status_hint", None) == 431:
            kib = _head_limit() // 1024
            return (
                f"{origin} sent response headers of more than {kib} KiB; "
                f"the request proxy reads at most {kib} KiB of them"
            )
        seen = seen.__cause__ or seen.__context__
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
        event_hooks={"response": [_set_location_aside]},
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
