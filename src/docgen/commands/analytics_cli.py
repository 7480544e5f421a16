"""The ``docgen analytics`` command group (options and help); the work is in
:mod:`docgen.commands.analytics`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

_PATH = click.Path(path_type=Path)
_DB_HELP = "The analytics store (default: $DOCGEN_ANALYTICS_DB, else .docgen/analytics.duckdb)."


def _exit(action: Any) -> None:
    from docgen.cli import _guard

    sys.exit(_guard(action))


@click.group()
def analytics() -> None:
    """Page views and unique visitors, human and AI, from access logs and docgen serve."""


@analytics.command("import")
@click.argument("logs", nargs=-1, required=True, type=_PATH)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "combined", "caddy", "cloudfront"]),
    default="auto",
    show_default=True,
    help="Log format: nginx/Apache combined, Caddy JSON, CloudFront standard log.",
)
@click.option(
    "--site",
    type=_PATH,
    default=Path("_site"),
    show_default=True,
    help="The built site (its _docgen/manifest.json says which paths are pages).",
)
@click.option("--db", type=_PATH, help=_DB_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def import_command(
    logs: tuple[Path, ...], fmt: str, site: Path, db: Path | None, as_json: bool
) -> None:
    """Count the page views in access logs (plain or gzip). Re-importing a file adds nothing."""
    from docgen.commands.analytics import import_logs

    _exit(lambda: import_logs(logs, fmt, site, db, as_json))


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
        _exit(lambda: export(kind, db, params))

    command.__doc__ = (
        f"Print the {'unique visitors' if kind == 'visitors' else 'page views'} report as JSON "
        f"(the body of GET /v1/analytics/{{projectId}}/{kind})."
    )
    return analytics.command(kind)(command)


_export_command("visitors")
_export_command("views")
