"""The ASGI middleware in front of every request of ``docgen serve``: the ``Host`` check (DNS
rebinding), one meaning per path, the security headers (a Content-Security-Policy on pages and
SVG drawings: serve/policy.py), and a clean end for the requests that outlast the shutdown
bound."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Protocol

from starlette.responses import Response

from docgen.serve.http import split_host
from docgen.serve.policy import policy_for

SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"SAMEORIGIN"),
)
_ENCODED_SEPARATOR = re.compile(rb"%(?:2f|5c|00)", re.IGNORECASE)
ASGIReceive = Callable[[], Awaitable[MutableMapping[str, Any]]]
ASGISend = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], ASGIReceive, ASGISend], Awaitable[None]]


class DocsServer(Protocol):
    """What the guard needs of :class:`docgen.serve.app.DocsServer`."""

    snapshot: Any
    stopping: bool

    def host_allowed(self, host: str | None) -> bool: ...


class Guard:
    """ASGI middleware: refuses foreign ``Host`` headers (DNS rebinding) and encoded separators,
    adds the security headers to every response, and answers ``503`` (no traceback) for a
    request cancelled because it outlasted the shutdown bound."""

    def __init__(self, app: ASGIApp, server: DocsServer) -> None:
        self.app = app
        self.server = server

    async def __call__(
        self, scope: MutableMapping[str, Any], receive: ASGIReceive, send: ASGISend
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        started = False

        async def send_secured(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = {k.lower(): v for k, v in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in headers]
                page = self.server.snapshot.page_policy
                policy = policy_for(headers.get(b"content-type", b""), page)
                if policy is not None and b"content-security-policy" not in headers:
                    extra.append((b"content-security-policy", policy))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        try:
            await self._guarded(scope, receive, send_secured, host)
        except asyncio.CancelledError:
            if not self.server.stopping:
                raise
            # Shutting down, and this request outlasted the bound: Uvicorn cancels it (and
            # logged a traceback for each). A reader still waiting is told so.
            if not started:
                await Response(
                    "The server is shutting down: try again.\n",
                    503,
                    {"Connection": "close", "Retry-After": "5"},
                    media_type="text/plain; charset=utf-8",
                )(scope, receive, send_secured)

    async def _guarded(
        self,
        scope: MutableMapping[str, Any],
        receive: ASGIReceive,
        send_secured: ASGISend,
        host: str | None,
    ) -> None:
        if _ENCODED_SEPARATOR.search(scope.get("raw_path") or b""):
            # one path, one meaning: "/_docgen%2Fapi%2Frequest" is not the proxy, nor
            # "/a%2F..%2Fb" a folder up (what a reverse proxy's rules see is what is served)
            answer = Response("Not found\n", 404, media_type="text/plain; charset=utf-8")
            await answer(scope, receive, send_secured)
            return
        if not self.server.host_allowed(host):
            named = host is not None and split_host(host)[0] in self.server.snapshot.hosts
            response = Response(
                "Forbidden: this server does not answer for that host name"
                + (
                    " (the docs config's url names it, but only the operator can allow it)"
                    if named
                    else ""
                )
                + ". Start docgen serve with --allow-host NAME to allow it.\n",
                403,
                media_type="text/plain; charset=utf-8",
            )
            await response(scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)
