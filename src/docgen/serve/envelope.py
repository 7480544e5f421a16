"""The playground's request envelope: the JSON a page sends the proxy, validated, and the
headers it becomes upstream (security.md 13-18: only the envelope's own headers, minus
hop-by-hop, forwarding, ``Host`` and ``Cookie``; cookies as one ``Cookie`` header)."""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import anyio
import httpx
from starlette.requests import ClientDisconnect, Request

from docgen.exceptions import ProxyError
from docgen.serve.body import ACCEPT_ENCODING
from docgen.serve.limits import ENV_MAX_REQUEST, Limits, size_text
from docgen.serve.targets import Origin, origin_of

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
        # the client address other proxies and CDNs pass on: an API (an internal one reached
        # with --allow-local above all) may trust them for who is calling
        "true-client-ip",
        "x-client-ip",
        "client-ip",
        "cf-connecting-ip",
        "fastly-client-ip",
        "x-cluster-client-ip",
        "x-originating-ip",
        "x-original-forwarded-for",
        "content-length",
        "expect",
        "accept-encoding",  # the client sets what it can decode
    }
)
_DROPPED_PREFIXES = ("proxy-", "x-forwarded-")


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


async def read_envelope(request: Request, limits: Limits) -> bytes:
    """The bytes of the request's envelope: 413 past ``limits.max_request_bytes``, 408 when
    they have not all arrived within ``limits.timeout`` (a client that sent most of one and
    stopped would otherwise hold its bytes for as long as it kept the connection open)."""
    limit = limits.max_request_bytes
    too_large = ProxyError(
        413,
        f"the request is larger than {size_text(limit)}, the docs proxy's limit "
        f"({ENV_MAX_REQUEST}; a file counts a third more, as it travels in base64)",
    )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > 4 * limit:
        raise too_large
    data = bytearray()  # one buffer: a stream of tiny chunks costs no more than its bytes
    size = 0
    with anyio.move_on_after(limits.timeout) as deadline:
        try:
            async for chunk in request.stream():
                size += len(chunk)
                if size > 4 * limit:
                    break  # stop draining; the connection will be closed
                if size <= limit:
                    data += chunk
        except ClientDisconnect:  # nobody to answer; one log line, not "a bug in docgen"
            raise ProxyError(
                400, "the client disconnected before sending the whole request"
            ) from None
    if deadline.cancelled_caught:
        raise ProxyError(408, f"the request did not arrive within {limits.timeout:g} s")
    if size > limit:
        raise too_large
    return bytes(data)


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
            raise ProxyError(400, f'"headers": {_shown(name)} is not a valid header name')
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
            raise ProxyError(400, f'"cookies": {_shown(name)} is not a valid cookie name')
        if _BAD_COOKIE.search(value):
            raise ProxyError(400, f'"cookies": the value of {name} has ";" or control characters')
        if not value.isascii():
            raise ProxyError(
                400,
                f'"cookies": the value of {name} has characters other than ASCII '
                "(percent-encode them)",
            )
    return Envelope(method, url, origin, headers, cookies, _parse_body(data))


def _shown(name: str) -> str:
    """A name quoted for a message (the playground shows it as text), cut to 60 characters:
    which header of the spec cannot be sent is what the reader needs to know."""
    return json.dumps(name if len(name) <= 60 else name[:57] + "...")


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
