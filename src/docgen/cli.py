"""The command line: the only place that prints for the user and chooses exit codes.

Each command (:mod:`docgen.commands`) gets a :class:`Terminal` to speak through and returns
its exit code; :func:`app_from_env` is the production app factory for Uvicorn.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from docgen import __version__
from docgen.analytics.formats import FORMATS
from docgen.commands.credentials import allow_credentials
from docgen.exceptions import UsageError

_PATH = click.Path(path_type=Path)
_F = TypeVar("_F", bound=Callable[..., Any])


class Terminal:
    """The :class:`~docgen.commands.console.Console` of a real run: stdout and stderr."""

    def __init__(self) -> None:
        self.err_is_terminal = sys.stderr.isatty()

    def out(self, text: str, *, end: str = "\n") -> None:
        print(text, end=end)

    def err(self, text: str, *, end: str = "\n") -> None:
        print(text, end=end, file=sys.stderr, flush=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="docgen")
def cli() -> None:
    """Turn an OpenAPI 3 spec and a docs.json navigation config into a static docs site."""


_PIPELINE_OPTIONS = (
    click.option("--strict", is_flag=True, help="Fail on warnings too."),
    click.option(
        "--strict-spec/--no-strict-spec",
        default=True,
        help="--no-strict-spec: report spec validation errors (spec-invalid) as warnings and "
        "build anyway.",
    ),
    click.option(
        "--lenient",
        is_flag=True,
        help="Report what Mintlify only warns about (a missing page, an operation missing from "
        "its spec, a page-file conflict, an unknown config key, spec validation errors) as "
        "warnings and build without those entries. Implies --no-strict-spec.",
    ),
    click.option(
        "--offline",
        is_flag=True,
        help="Never fetch https:// specs: use docgen's cached copies, or fail with spec-remote.",
    ),
    click.option(
        "--allow-local-specs",
        is_flag=True,
        envvar="DOCGEN_ALLOW_LOCAL_SPECS",
        help="Let https:// specs come from loopback and private-network addresses (operator "
        "only; also DOCGEN_ALLOW_LOCAL_SPECS=1).",
    ),
)


def _pipeline_options(command: _F) -> _F:
    """The options ``check`` and ``build`` share: both run the same pipeline, so they take
    the same switches (check = build minus writing)."""
    for option in reversed(_PIPELINE_OPTIONS):
        command = option(command)
    return allow_credentials(command)


# Set by the commands that end the process when done (build, check): see :func:`main`.
_exit_at_once = False


@cli.command()
@click.argument("target", required=False, type=_PATH)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="Output: one line per problem, a JSON report, or GitHub annotations.",
)
@_pipeline_options
def check(
    target: Path | None,
    output_format: str,
    strict: bool,
    strict_spec: bool,
    lenient: bool,
    offline: bool,
    allow_local_specs: bool,
) -> None:
    """Check TARGET (a docs.json or mint.json, default ./docs.json, or an OpenAPI spec)
    without writing.

    Exit status: 0 no errors, 1 errors found, 2 usage problem.
    """
    from docgen.commands.check import check as run

    global _exit_at_once
    _exit_at_once = True
    from docgen.load.remote import RemotePolicy

    remote = RemotePolicy(offline=offline, allow_local=allow_local_specs)
    sys.exit(
        _guard(
            lambda: run(
                Terminal(),
                target,
                output_format,
                strict,
                strict_spec,
                lenient=lenient,
                remote=remote,
            )
        )
    )


@cli.command()
@click.argument("target", required=False, type=_PATH)
@click.option("-o", "--out", type=_PATH, help="Output folder (default: _site beside the config).")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@_pipeline_options
def build(
    target: Path | None,
    out: Path | None,
    quiet: bool,
    strict: bool,
    strict_spec: bool,
    lenient: bool,
    offline: bool,
    allow_local_specs: bool,
) -> None:
    """Build the static site for TARGET (a docs.json or mint.json, default ./docs.json, or an
    OpenAPI spec).

    Nothing is written when there is an error; the previous site stays as it was.
    """
    from docgen.commands.build import build as run

    global _exit_at_once
    _exit_at_once = True
    from docgen.load.remote import RemotePolicy

    remote = RemotePolicy(offline=offline, allow_local=allow_local_specs)
    sys.exit(
        _guard(
            lambda: run(
                Terminal(), target, out, quiet, strict, strict_spec, lenient=lenient, remote=remote
            )
        )
    )


@cli.command()
@click.argument("target", required=False, type=_PATH)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--no-watch", is_flag=True, help="Do not rebuild on changes (production).")
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="HOST",
    help="Also answer for this Host name (repeatable); localhost always works.",
)
@click.option(
    "--allow-local",
    is_flag=True,
    help="Let the playground proxy reach loopback and private-network APIs.",
)
@allow_credentials
@click.option(
    "--header-timeout",
    type=click.FloatRange(0, 3600, min_open=True),
    metavar="SECONDS",
    help="Time a request's line and headers may take to arrive (default 10; "
    "$DOCGEN_SERVE_HEADER_TIMEOUT); then 408.",
)
@click.option(
    "--body-timeout",
    type=click.FloatRange(0, 3600, min_open=True),
    metavar="SECONDS",
    help="Time a request's body may take to arrive after its headers (default 30; "
    "$DOCGEN_SERVE_BODY_TIMEOUT).",
)
@click.option(
    "--send-timeout",
    type=click.FloatRange(0, 3600, min_open=True),
    metavar="SECONDS",
    help="Time within which a reader must take 16 KiB more of an answer waiting unsent "
    "(default 30; $DOCGEN_SERVE_SEND_TIMEOUT).",
)
@click.option(
    "--max-connections",
    type=click.IntRange(1, 100_000),
    metavar="N",
    help="Open connections at most (default 1000; $DOCGEN_SERVE_MAX_CONNECTIONS).",
)
@click.option(
    "--shutdown-timeout",
    type=click.FloatRange(0, 3600, min_open=True),
    metavar="SECONDS",
    help="On SIGTERM or Ctrl+C, time requests in flight get to finish before the server "
    "exits (default 5; $DOCGEN_SERVE_SHUTDOWN_TIMEOUT).",
)
def serve(
    target: Path | None,
    host: str,
    port: int,
    no_watch: bool,
    allow_hosts: tuple[str, ...],
    allow_local: bool,
    header_timeout: float | None,
    body_timeout: float | None,
    send_timeout: float | None,
    max_connections: int | None,
    shutdown_timeout: float | None,
) -> None:
    """Serve the site for TARGET from memory, with the playground's request proxy.

    Rebuilds and reloads open pages when a file changes (unless --no-watch).
    Needs pip install 'docgen[serve]'.
    """
    from docgen.commands.serve import serve as run

    limits = (header_timeout, body_timeout, send_timeout, max_connections, shutdown_timeout)
    sys.exit(
        _guard(
            lambda: run(
                Terminal(), target, host, port, not no_watch, allow_hosts, allow_local, limits
            )
        )
    )


_DB_HELP = "The analytics store (default: $DOCGEN_ANALYTICS_DB, else .docgen/analytics.duckdb)."


@click.group()
def analytics() -> None:
    """Page views and unique visitors, human and AI, from access logs and docgen serve."""


@analytics.command("import")
@click.argument("logs", nargs=-1, required=True, type=_PATH)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", *FORMATS]),
    default="auto",
    show_default=True,
    help="Log format: nginx/Apache combined, Caddy JSON, CloudFront (W3C, JSON or Parquet), "
    "Cloudflare Logpush http_requests JSON, AWS Application or Classic Load Balancer, "
    "Vercel or Netlify log drains (NDJSON), Amazon S3 server access logs, Google Cloud "
    "Logging HTTP requests (JSON lines or array), W3C extended (IIS, Azure App Service).",
)
@click.option(
    "--site",
    type=_PATH,
    default=Path("_site"),
    show_default=True,
    help="The built site (its _docgen/manifest.json says which paths are pages).",
)
@click.option(
    "--base",
    default="",
    help="The URL folder the site is served under, e.g. /docs (default: the host's root).",
)
@click.option("--db", type=_PATH, help=_DB_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def import_command(
    logs: tuple[Path, ...], fmt: str, site: Path, base: str, db: Path | None, as_json: bool
) -> None:
    """Count the page views in access logs (plain or gzip). Re-importing a file adds nothing."""
    from docgen.commands.analytics import import_logs

    sys.exit(_guard(lambda: import_logs(Terminal(), logs, fmt, site, db, as_json, base)))


def _export_command(kind: str) -> Any:
    @click.option("--db", type=_PATH, help=_DB_HELP)
    @click.option(
        "--date-from", help="Start, inclusive: YYYY-MM-DD or ISO 8601 (UTC if no offset)."
    )
    @click.option("--date-to", help="End, exclusive: YYYY-MM-DD or ISO 8601.")
    @click.option("--limit", help="Entries per page, 1-250 (default 50).")
    @click.option("--offset", help="Entries to skip (default 0).")
    def command(
        db: Path | None,
        date_from: str | None,
        date_to: str | None,
        limit: str | None,
        offset: str | None,
    ) -> None:
        from docgen.commands.analytics import export

        params = {"dateFrom": date_from, "dateTo": date_to, "limit": limit, "offset": offset}
        sys.exit(_guard(lambda: export(Terminal(), kind, db, params)))

    command.__doc__ = (
        f"Print the {'unique visitors' if kind == 'visitors' else 'page views'} report as JSON "
        f"(the body of GET /v1/analytics/{{projectId}}/{kind})."
    )
    return analytics.command(kind)(command)


_export_command("visitors")
_export_command("views")


cli.add_command(analytics)


def _guard(action: object) -> int:
    try:
        return int(action())  # type: ignore[operator]
    except UsageError as exc:
        click.echo(f"docgen: {exc}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("docgen: interrupted; nothing was changed", err=True)
        return 130
    except BrokenPipeError:
        # The reader went away (`docgen check --format json | head`): not a bug in docgen.
        # Later writes, and the flush at exit, go nowhere instead of raising again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug in docgen: say so plainly, no traceback unless asked
        if os.environ.get("DOCGEN_DEBUG"):
            raise
        click.echo(
            f"docgen: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in docgen; nothing was written. Run with DOCGEN_DEBUG=1 for details.",
            err=True,
        )
        return 1


def main() -> None:
    """The ``docgen`` command. After ``build`` or ``check``, the process ends without freeing
    what it loaded one object at a time: a rebuild of Microsoft Graph's site held the spec,
    the site and a 59 MB page index, and Python took 2.6 s to free them before exiting."""
    try:
        cli(prog_name="docgen")
    except SystemExit as exc:
        if _exit_at_once and threading.active_count() == 1:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(code)
        raise


def app_from_env() -> Any:
    """App factory for production: ``uvicorn --factory docgen.cli:app_from_env``.

    ``DOCGEN_CONFIG``: the docs.json or spec to build (default ``docs.json``);
    ``DOCGEN_ALLOWED_HOSTS``: extra host names the site answers for, comma separated (the
    config's ``url`` host too: content never adds one); ``DOCGEN_ALLOW_LOCAL=1``: the proxy may
    reach loopback and private addresses (as ``docgen serve --allow-local``);
    ``DOCGEN_PROXY_TIMEOUT``, ``DOCGEN_PROXY_MAX_REQUEST``, ``DOCGEN_PROXY_MAX_RESPONSE``,
    ``DOCGEN_PROXY_LARGE_AT_ONCE``: the proxy's limits (see :func:`docgen.serve.app.create_app`).
    Builds once at start-up; no file watching. Exits 2 on a usage problem, 1 on site errors.
    """
    from docgen.commands.serve import app_from_env as make

    terminal = Terminal()
    try:
        app = make(terminal)
    except UsageError as exc:
        terminal.err(f"docgen: {exc}")
        raise SystemExit(2) from None
    if app is None:
        raise SystemExit(1)
    return app
