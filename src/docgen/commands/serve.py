"""``docgen serve``: build in memory, serve with Uvicorn, rebuild on change (watch mode)."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from docgen.commands.build import DEFAULT_OUT
from docgen.pipeline import find_target
from docgen.serve import REQUIRED

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _missing() -> list[str]:
    return [name for name in REQUIRED if importlib.util.find_spec(name) is None]


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(
    target: Path | None,
    host: str,
    port: int,
    watch: bool,
    allow_hosts: tuple[str, ...],
    allow_local: bool,
) -> int:
    """Serve the site for ``target`` until interrupted; return the exit code."""
    missing = _missing()
    if missing:
        print(
            f"docgen: docgen serve needs {', '.join(missing)}: pip install 'docgen[serve]'",
            file=sys.stderr,
        )
        return 2
    import uvicorn

    from docgen.serve.app import configure_logging, create_app
    from docgen.serve.limits import limits_from_env
    from docgen.serve.snapshot import build_snapshot, waiting_snapshot

    try:
        limits = limits_from_env(os.environ)
    except ValueError as exc:
        print(f"docgen: {exc}", file=sys.stderr)
        return 2

    path = find_target(target, "serve")
    outcome = build_snapshot(path)
    if outcome.lines:
        print(outcome.text, file=sys.stderr)
    if outcome.snapshot is None and not watch:
        print("docgen: nothing to serve: fix the errors above", file=sys.stderr)
        return 1
    if outcome.snapshot is None:
        print(
            "docgen: serving an error page until the errors above are fixed; open pages "
            "show them and reload once the site builds",
            file=sys.stderr,
        )
    root = path.parent.resolve()
    analytics = _analytics(root)
    configure_logging()

    def report(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    app = create_app(
        outcome.snapshot or waiting_snapshot(),
        initial_error=outcome.text if outcome.snapshot is None else None,
        allowed_hosts=allow_hosts,
        bind_host=host,
        allow_local=allow_local,
        rebuild=(lambda: build_snapshot(path)) if watch else None,
        watch_root=root if watch else None,
        watch_ignore=(root / DEFAULT_OUT,),
        report=report,
        max_request_bytes=limits.max_request_bytes,
        max_response_bytes=limits.max_response_bytes,
        timeout=limits.timeout,
        large_at_once=limits.large_at_once,
        analytics=analytics,
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        server_header=False,
    )
    server = _server(config, app.state.docgen, watch, root, host)
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Uvicorn re-raises Ctrl+C after shutdown
            server.run()
    except SystemExit:  # Uvicorn exits when it cannot bind; it has logged why
        pass
    if not server.started:
        print(
            f"docgen: cannot listen on {host}:{port} (in use? choose another with --port)",
            file=sys.stderr,
        )
        return 1
    return 0


def _analytics(root: Path) -> Any:
    from docgen.serve.app import _analytics as configured

    analytics = configured(root)
    if analytics is not None:
        config = analytics.config
        print(
            f"Analytics API on /v1/analytics/{config.project}/visitors|views "
            f"({len(config.keys)} admin key(s)); recording page views into {config.db}",
            flush=True,
        )
    return analytics


def _server(config: Any, docs: Any, watch: bool, root: Path, host: str) -> Any:
    """Uvicorn's server, announcing the URL once bound and ending live-reload streams first on
    shutdown (open event streams would otherwise hold it up)."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if not self.started:
                return
            port = self.servers[0].sockets[0].getsockname()[1] if self.servers else config.port
            mode = f"watching {root} for changes" if watch else "no file watching"
            print(f"Serving at {_url(host, port)} ({mode}; Ctrl+C to stop)", flush=True)
            if host not in LOOPBACK:
                print(
                    f"docgen: listening on {host}: readers' browsers must use a host name "
                    "allowed with --allow-host (or the config's url)",
                    file=sys.stderr,
                    flush=True,
                )

        async def shutdown(self, sockets: Any = None) -> None:
            if docs.hub is not None:
                docs.hub.close()
            await super().shutdown(sockets)

    return Server(config)
