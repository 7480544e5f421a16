"""The command line: the only place that prints for the user and chooses exit codes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from docgen import __version__
from docgen.exceptions import UsageError

_PATH = click.Path(path_type=Path)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="docgen")
def cli() -> None:
    """Turn an OpenAPI 3 spec and a docs.json navigation config into a static docs site."""


@cli.command()
@click.argument("target", required=False, type=_PATH)
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "github"]), default="text",
    show_default=True, help="Output: one line per problem, a JSON report, or GitHub annotations.",
)
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
def check(target: Path | None, output_format: str, strict: bool) -> None:
    """Check TARGET (a docs.json, default ./docs.json, or an OpenAPI spec) without writing.

    Exit status: 0 no errors, 1 errors found, 2 usage problem.
    """
    from docgen.commands.check import check as run

    sys.exit(_guard(lambda: run(target, output_format, strict)))


def _guard(action: object) -> int:
    try:
        return int(action())  # type: ignore[operator]
    except UsageError as exc:
        click.echo(f"docgen: {exc}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("docgen: interrupted", err=True)
        return 130


def main() -> None:
    cli(prog_name="docgen")
