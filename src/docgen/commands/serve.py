"""``docgen serve``: build in memory, serve with Uvicorn, rebuild on change (watch mode)."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import logging
import os
import signal
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docgen.commands.build import DEFAULT_OUT
from docgen.commands.console import Console
from docgen.exceptions import UsageError
from docgen.load.target import find_target
from docgen.serve import REQUIRED

LOOPBACK = ("127.0.0.1", "localhost", "::1")
BACKLOG = 256
# --header-timeout, --body-timeout, --send-timeout, --max-connections, --shutdown-timeout
# (None: not given)
ConnectionFlags = tuple[float | None, float | None, float | None, int | None, float | None]
NO_FLAGS: ConnectionFlags = (None, None, None, None, None)


def _missing() -> list[str]:
    return [name for name in REQUIRED if importlib.util.find_spec(name) is None]


def _address(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _url(host: str, port: int) -> str:
    return f"http://{_address(host, port)}/"


def configure_logging(console: Console) -> None:
    """Send ``docgen.serve`` log lines (one per proxied request, rebuilds) to the console."""
    logger = logging.getLogger("docgen.serve")
    if not any(isinstance(h, _ConsoleHandler) for h in logger.handlers):
        handler = _ConsoleHandler(console)
        handler.setFormatter(logging.Formatter("docgen: %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


class _ConsoleHandler(logging.Handler):
    def __init__(self, console: Console) -> None:
        super().__init__()
        self.console = console

    def emit(self, record: logging.LogRecord) -> None:
        self.console.err(self.format(record))


def app_from_env(console: Console) -> Any:
    """The app behind :func:`docgen.cli.app_from_env`, or ``None`` when the site has errors
    (reported to ``console``); raises :class:`UsageError` for unusable settings."""
    from docgen.serve.app import create_app
    from docgen.serve.conn import GuardedH11Protocol, connection_limits_from_env
    from docgen.serve.limits import limits_from_env
    from docgen.serve.snapshot import build_snapshot

    configure_logging(console)
    try:
        limits = limits_from_env(os.environ)
        # for uvicorn --http docgen.serve.conn:GuardedH11Protocol (read as connections open)
        GuardedH11Protocol.limits = connection_limits_from_env(os.environ)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    target = find_target(Path(os.environ.get("DOCGEN_CONFIG", "docs.json")))
    outcome = build_snapshot(target)
    if outcome.lines:
        console.err(outcome.text)
    if outcome.snapshot is None:
        return None
    hosts = os.environ.get("DOCGEN_ALLOWED_HOSTS", "").split(",")
    analytics = _analytics(console, target.parent)
    return create_app(
        outcome.snapshot,
        allowed_hosts=[h for h in hosts if h.strip()],
        allow_local=os.environ.get("DOCGEN_ALLOW_LOCAL", "") == "1",
        max_request_bytes=limits.max_request_bytes,
        max_response_bytes=limits.max_response_bytes,
        timeout=limits.timeout,
        large_at_once=limits.large_at_once,
        analytics=analytics,
    )


def serve(
    console: Console,
    target: Path | None,
    host: str,
    port: int,
    watch: bool,
    allow_hosts: tuple[str, ...],
    allow_local: bool,
    connection_flags: ConnectionFlags = NO_FLAGS,
) -> int:
    """Serve the site for ``target`` until interrupted; return the exit code.

    ``connection_flags``: ``--header-timeout``, ``--body-timeout``, ``--send-timeout``,
    ``--max-connections`` and ``--shutdown-timeout`` (``None`` when not given: the
    ``DOCGEN_SERVE_*`` variable, else the default)."""
    missing = _missing()
    if missing:
        console.err(f"docgen: docgen serve needs {', '.join(missing)}: pip install 'docgen[serve]'")
        return 2
    import uvicorn

    from docgen.serve.app import create_app
    from docgen.serve.conn import guarded_protocol
    from docgen.serve.limits import limits_from_env
    from docgen.serve.reuse import Reuse
    from docgen.serve.snapshot import build_snapshot, waiting_snapshot

    try:
        limits = limits_from_env(os.environ)
        connections = _connection_limits(connection_flags)
    except ValueError as exc:
        console.err(f"docgen: {exc}")
        return 2

    path = find_target(target, "serve")
    root = path.parent.resolve()
    # Rebuilds render only what changed since the last good build (docgen.serve.reuse).
    reuse = Reuse(root / DEFAULT_OUT)
    outcome = build_snapshot(path, reuse)
    if outcome.lines:
        console.err(outcome.text)
    if outcome.snapshot is None and not watch:
        console.err("docgen: nothing to serve: fix the errors above")
        return 1
    if outcome.snapshot is None:
        console.err(
            "docgen: serving an error page until the errors above are fixed; open pages "
            "show them and reload once the site builds"
        )
    allow_local = allow_local or os.environ.get("DOCGEN_ALLOW_LOCAL", "") == "1"
    _hint_config_hosts(console, outcome.snapshot, allow_hosts)
    analytics = _analytics(console, root)
    configure_logging(console)
    app = create_app(
        outcome.snapshot or waiting_snapshot(),
        initial_error=outcome.text if outcome.snapshot is None else None,
        allowed_hosts=allow_hosts,
        bind_host=host,
        allow_local=allow_local,
        rebuild=(lambda: build_snapshot(path, reuse)) if watch else None,
        watch_root=root if watch else None,
        watch_ignore=(root / DEFAULT_OUT,),
        report=console.err,
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
        # SIGTERM, Ctrl+C: requests in flight get this long, then exit 0 (see _server)
        timeout_graceful_shutdown=connections.shutdown_timeout,
        server_header=False,
        http=guarded_protocol(_fit_file_limit(console, connections)),
        # asyncio accepts up to ``backlog`` connections at a time before any is looked at
        # (and closed if one too many): Uvicorn's 2048 would overshoot the file limit
        backlog=BACKLOG,
    )
    server = _server(console, config, app.state.docgen, watch, root, host)
    try:
        sockets = _dual_stack(host, port)
    except OSError as exc:
        console.err(f"docgen: {exc.strerror or exc}")
    else:
        try:
            with contextlib.suppress(KeyboardInterrupt):  # Uvicorn re-raises Ctrl+C
                server.run(sockets)
        except SystemExit:  # Uvicorn exits when it cannot bind; it has logged why
            pass
    if not server.started:
        console.err(
            f"docgen: cannot listen on {_address(host, port)} (in use? choose another with --port)"
        )
        return 1
    return 0


def _dual_stack(host: str, port: int) -> list[socket.socket] | None:
    """For ``--host ::``, one socket for IPv6 and IPv4 (as Node and Go listen on ``::``;
    asyncio's own would take IPv6 only); else ``None`` (Uvicorn binds ``host``)."""
    if host != "::" or not socket.has_dualstack_ipv6():
        return None
    return [
        socket.create_server(
            ("::", port), family=socket.AF_INET6, backlog=BACKLOG, dualstack_ipv6=True
        )
    ]


def _connection_limits(flags: ConnectionFlags) -> Any:
    """The connection limits: each flag given, else its ``DOCGEN_SERVE_*`` variable, else the
    default; raises ``ValueError`` for a bad variable."""
    from docgen.serve.conn import ConnectionLimits, connection_limits_from_env

    env = connection_limits_from_env(os.environ)
    head, body, send, most, shutdown = flags
    return ConnectionLimits(
        env.head_timeout if head is None else head,
        env.body_timeout if body is None else body,
        env.send_timeout if send is None else send,
        env.max_connections if most is None else most,
        env.shutdown_timeout if shutdown is None else shutdown,
    )


def _fit_file_limit(console: Console, limits: Any) -> Any:
    """Each connection holds a file descriptor (two while proxying): raise the process's soft
    limit towards the hard one (as Go's runtime does) so that ``limits.max_connections`` fit,
    else lower that number and say so (once descriptors ran out, accepting would fail for
    everyone, with a traceback per attempt)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return limits
    wanted = 2 * limits.max_connections + BACKLOG + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return limits
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    if soft >= wanted:
        return limits
    fits = max(1, (soft - BACKLOG - 256) // 2)
    console.err(
        f"docgen: the open-file limit ({soft}) allows {fits} connections, not "
        f"{limits.max_connections}: serving at most {fits} (raise it with ulimit -n {wanted})"
    )
    return dataclasses.replace(limits, max_connections=fits)


def _analytics(console: Console, root: Path) -> Any:
    """The operator's analytics settings (``DOCGEN_ANALYTICS_*``), or ``None``; raises
    :class:`UsageError` when they are unusable."""
    if not any(k.startswith("DOCGEN_ANALYTICS_") for k in os.environ):
        return None
    from docgen.analytics.serving import analytics_from_env
    from docgen.exceptions import ConfigError

    if any(importlib.util.find_spec(m) is None for m in ("duckdb", "crawleruseragents")):
        raise UsageError("analytics need pip install 'docgen[analytics]'")
    try:
        analytics = analytics_from_env(os.environ, root)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    if analytics is not None:
        config = analytics.config
        console.out(
            f"Analytics API on /v1/analytics/{config.project}/visitors|views "
            f"({len(config.keys)} admin key(s)); recording page views into {config.db}"
        )
    return analytics


def _server(console: Console, config: Any, docs: Any, watch: bool, root: Path, host: str) -> Any:
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
            console.out(f"Serving at {_url(host, port)} ({mode}; Ctrl+C to stop)")
            if host not in LOOPBACK:
                console.err(
                    f"docgen: listening on {_address(host, port)}: readers' browsers must use a "
                    "host name "
                    "allowed with --allow-host"
                )

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            """Uvicorn's, without raising the signal again once it has stopped (a library's
            habit, for the program around it): docgen is the program, and a server asked to
            stop that stopped cleanly exits 0, as systemd, Docker and Kubernetes expect
            (SIGTERM used to end it with status 143, SIGINT with a KeyboardInterrupt)."""
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            handled = (signal.SIGINT, signal.SIGTERM)
            before = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
            try:
                yield
            finally:
                for sig, handler in before.items():
                    signal.signal(sig, handler)

        async def shutdown(self, sockets: Any = None) -> None:
            docs.stopping = True
            if docs.hub is not None:
                docs.hub.close()
            await super().shutdown(sockets)
            done = getattr(self.lifespan, "shutdown_event", None)
            if self.force_exit and not (done is not None and done.is_set()):
                # A second Ctrl+C: Uvicorn cuts the requests in flight and skips the app's
                # shutdown, which stores the page views recorded since the last flush and
                # ends the app's tasks (cancelled, each printed a traceback). It is quick:
                # run it anyway (once: not when Uvicorn ran it before the second Ctrl+C).
                await self.lifespan.shutdown()

    return Server(config)


def _hint_config_hosts(console: Console, snapshot: Any, allow_hosts: tuple[str, ...]) -> None:
    """The config's ``url`` host is answered only when the operator names it: say so."""
    from docgen.serve.http import split_host

    allowed = {split_host(h)[0] for h in allow_hosts if h.strip()}
    for name in sorted(getattr(snapshot, "hosts", ()) or ()):
        if name not in allowed:
            console.err(
                f"docgen: not answering for {name} (the host of the config's url): the docs "
                f"content cannot add host names; add --allow-host {name} to serve it there"
            )
