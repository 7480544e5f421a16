"""The ASGI app of ``docgen serve``: the built site from memory, the playground proxy, and (in
watch mode) live reload.

Production: ``uvicorn --factory docgen.cli:app_from_env`` (see :func:`docgen.cli.app_from_env`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from docgen.config import redirects
from docgen.exceptions import ProxyError
from docgen.nav.urls import PLAYGROUND_DIR
from docgen.serve import watch as live
from docgen.serve.answer import EnvelopeResponse
from docgen.serve.compress import GzipCache
from docgen.serve.envelope import parse_envelope, read_envelope
from docgen.serve.files import file_answer
from docgen.serve.gate import gated
from docgen.serve.guard import Guard
from docgen.serve.http import CONTENT_TYPES, content_type, split_host
from docgen.serve.limits import LargeResponses, Limits, MiB
from docgen.serve.proxy import Forwarder, log_line, new_client
from docgen.serve.sitepath import clean_path, file_key, same_site
from docgen.serve.snapshot import BuildOutcome, Snapshot
from docgen.serve.targets import DEFAULT_PORTS, Origin, normalise_host, parse_origin

log = logging.getLogger("docgen.serve")

PROXY_PATH = "/_docgen/api/request"
ANY_METHOD = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE")
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class DocsServer:
    """The state behind the app: the current build, the proxy's client and the live-reload hub."""

    def __init__(
        self,
        snapshot: Snapshot,
        *,
        allowed_hosts: Iterable[str],
        bind_host: str | None,
        allow_local: bool,
        limits: Limits,
        verify: ssl.SSLContext | bool,
        watch: bool,
        analytics: Any = None,
    ) -> None:
        self.snapshot = snapshot
        self.analytics = analytics  # docgen.analytics.serving.Analytics, when configured
        extra = {split_host(h)[0] for h in allowed_hosts if h.strip()}
        if bind_host:
            extra.add(normalise_host(bind_host))
        self.hosts = LOCAL_HOSTS | extra
        self.allow_local = allow_local
        self.limits = limits
        self.turns = LargeResponses(limits.large_at_once)
        self.verify = verify
        self.client: httpx.AsyncClient | None = None
        self.hub = live.LiveReload() if watch else None
        self.packer = GzipCache()  # compressed files by ETag (content): valid across builds
        self.stopping = False  # set by ``docgen serve`` when its shutdown bound has begun

    def swap(self, snapshot: Snapshot) -> None:
        """Replace the served build (one reference assignment: requests see old or new)."""
        self.snapshot = snapshot

    def host_allowed(self, host: str | None) -> bool:
        if not host:
            return False
        name, _ = split_host(host)
        return name in self.hosts

    def get_client(self) -> httpx.AsyncClient:
        if self.client is None:
            self.client = new_client(self.limits, self.verify)
        return self.client

    # --- static files ---------------------------------------------------------------------

    async def static(self, request: Request) -> Response:
        response = await self._static(request)
        if self.analytics is not None:
            client = request.client.host if request.client else None
            self.analytics.record(
                self.snapshot.files,
                request.method,
                request.scope["path"],
                response.status_code,
                client,
                request.headers,
            )
        return response

    async def _static(self, request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return Response(
                "Method not allowed\n",
                405,
                {"Allow": "GET, HEAD"},
                media_type="text/plain; charset=utf-8",
            )
        snapshot = self.snapshot
        path = request.scope["path"]
        root = request.scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        cleaned = clean_path(path)
        if cleaned is None:
            return self._not_found(snapshot)
        path, key = cleaned, file_key(cleaned)
        if key not in snapshot.files:
            folder = key.rstrip("/") + "/index.html"
            if folder in snapshot.files:
                target = quote(key.rstrip("/").rsplit("/", 1)[-1]) + "/"
                query = request.url.query
                return Response(
                    status_code=308, headers={"Location": target + (f"?{query}" if query else "")}
                )
            moved = redirects.target(snapshot.redirects, path)
            if moved is not None:  # docs.json ``redirects``, as the static host answers them
                location, permanent = moved
                if location.startswith(("/", "\\")):
                    location = same_site(root, location)
                return Response(
                    status_code=301 if permanent else 302, headers={"Location": location}
                )
            return self._not_found(snapshot)
        if key.startswith(PLAYGROUND_DIR):
            return gated(snapshot.auth, snapshot.files[key], request.headers.get("authorization"))
        etag = snapshot.etags.get(key, "")
        data = snapshot.files[key]
        kind = content_type(key)
        if self.hub is not None and kind.startswith("text/html"):
            data = live.inject_script(data)
            etag = etag[:-1] + '-lr"' if etag else etag
        return await file_answer(request.headers, key, data, etag, kind, self.packer)

    def _not_found(self, snapshot: Snapshot) -> Response:
        page = snapshot.files.get("404.html")
        if page is None:
            return Response("Not found\n", 404, media_type="text/plain; charset=utf-8")
        if self.hub is not None:
            page = live.inject_script(page)
        return Response(page, 404, {"Cache-Control": "no-cache"}, media_type=CONTENT_TYPES[".html"])

    # --- the playground proxy -------------------------------------------------------------

    async def proxy(self, request: Request) -> Response:
        started = time.perf_counter()
        method = "-"
        origin: Origin | None = None
        status = 500
        try:
            if request.method != "POST":
                raise ProxyError(405, f"use POST for {PROXY_PATH}")
            self._check_origin(request)
            media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if media != "application/json":
                raise ProxyError(400, "the request must have Content-Type: application/json")
            envelope = parse_envelope(await read_envelope(request, self.limits))
            method, origin = envelope.method, envelope.origin
            forwarder = Forwarder(
                self.get_client(),
                self.limits,
                self.snapshot.policy,
                self.allow_local,
                self.turns,
            )
            answer = await forwarder.handle(envelope)
            log_line(method, origin, answer.status, started)
            return EnvelopeResponse(answer, self.limits.answer_seconds(answer.body.size))
        except ProxyError as exc:
            payload = {"error": exc.message}
            status = exc.status
            log_line(method, origin, status, started, refused=True)
        except Exception as exc:  # a bug: a JSON answer and one log line, never a traceback
            payload = {
                "error": f"docgen's request proxy failed ({type(exc).__name__}): "
                "this is a bug in docgen"
            }
            log.error("proxy %s %s -> internal error %s", method, origin or "-", type(exc).__name__)
        headers = {"Cache-Control": "no-store"}
        if status == 405:
            headers["Allow"] = "POST"
        body = json.dumps(payload, separators=(",", ":"))
        return Response(body, status, headers, media_type="application/json")

    def _check_origin(self, request: Request) -> None:
        """The Origin's host and port must be this request's Host (scheme may differ)."""
        value = request.headers.get("origin")
        origin = parse_origin(value) if value else None
        if origin is None:
            raise ProxyError(403, "the request has no Origin of this site: refused")
        host, port = split_host(request.headers.get("host", ""))
        if host != origin.host or (port or DEFAULT_PORTS[origin.scheme]) != origin.port:
            raise ProxyError(403, "the request comes from another site (Origin): refused")

    # --- live reload ----------------------------------------------------------------------

    async def events(self, request: Request) -> Response:
        assert self.hub is not None
        return StreamingResponse(
            self.hub.stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def script(self, request: Request) -> Response:
        return Response(
            live.livereload_script(),
            headers={"Cache-Control": "no-store"},
            media_type=CONTENT_TYPES[".js"],
        )


def create_app(
    snapshot: Snapshot,
    *,
    allowed_hosts: Iterable[str] = (),
    bind_host: str | None = None,
    allow_local: bool = False,
    rebuild: Callable[[], BuildOutcome] | None = None,
    watch_root: Path | None = None,
    watch_ignore: tuple[Path, ...] = (),
    report: Callable[[str], None] | None = None,
    max_request_bytes: int = 5 * MiB,
    max_response_bytes: int = 20 * MiB,
    timeout: float = 30.0,
    large_at_once: int = 3,
    reader_rate: int = 64 * 1024,
    verify: ssl.SSLContext | bool = True,
    initial_error: str | None = None,
    analytics: Any = None,
) -> Starlette:
    """The ASGI app serving ``snapshot``; watch mode when ``rebuild`` and ``watch_root`` are set.

    The proxy's limits: ``max_request_bytes`` (envelope, 413), ``max_response_bytes`` (upstream
    body, 502), ``timeout`` (seconds for the whole upstream exchange, 504) and
    ``large_at_once`` (responses over 1 MiB held at once; others wait for a turn, 503 if none
    comes within ``timeout``). A reader must take each answer within ``timeout`` plus a second
    per ``reader_rate`` bytes of its body, or its connection is closed.

    ``app.state.docgen`` is the :class:`DocsServer` (its ``swap`` replaces the served build).
    ``initial_error``: the diagnostics of a failed first build, shown by every open page.
    ``analytics`` (a :class:`docgen.analytics.serving.Analytics`) adds the analytics API and
    records served page views.
    """
    watching = rebuild is not None and watch_root is not None
    server = DocsServer(
        snapshot,
        allowed_hosts=allowed_hosts,
        bind_host=bind_host,
        allow_local=allow_local,
        limits=Limits(max_request_bytes, max_response_bytes, timeout, large_at_once, reader_rate),
        verify=verify,
        watch=watching,
        analytics=analytics,
    )
    if initial_error is not None and server.hub is not None:
        server.hub.failed(initial_error)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.get_client()
        if analytics is not None:
            await analytics.start()
        stop = asyncio.Event()
        task: asyncio.Task[None] | None = None
        if watching and server.hub is not None:
            assert rebuild is not None and watch_root is not None
            task = asyncio.create_task(
                live.watch(
                    watch_root,
                    rebuild,
                    server.swap,
                    server.hub,
                    stop,
                    watch_ignore,
                    report or log.info,
                )
            )
        try:
            yield
        finally:
            if server.hub is not None:
                server.hub.close()
            if task is not None:
                stop.set()
                try:
                    await asyncio.wait_for(task, 5)
                except (TimeoutError, asyncio.CancelledError):
                    pass
                except Exception as exc:
                    log.warning("the file watcher stopped with an error: %s", exc)
            if server.client is not None:
                await server.client.aclose()
                server.client = None
            if analytics is not None:
                await analytics.stop()

    routes = [Route(PROXY_PATH, server.proxy, methods=ANY_METHOD)]
    if analytics is not None:
        for kind in ("visitors", "views"):
            routes.append(
                Route(f"/v1/analytics/{{project}}/{kind}", analytics.api, methods=ANY_METHOD)
            )
    if watching:
        routes += [
            Route(live.EVENTS_PATH, server.events, methods=["GET"]),
            Route(live.SCRIPT_PATH, server.script, methods=["GET"]),
        ]
    routes.append(Route("/{path:path}", server.static, methods=ANY_METHOD))
    app = Starlette(routes=routes, middleware=[Middleware(Guard, server=server)], lifespan=lifespan)
    app.state.docgen = server
    return app
