"""``--allow-credentials`` (check, build, serve): the operator lets the docs config's
``api.playground.credentials`` send readers' cookies with playground requests."""

from __future__ import annotations

import os
from typing import Any, TypeVar

import click

from docgen.config.operator import ALLOW_CREDENTIALS

_F = TypeVar("_F")


def _grant(context: click.Context, parameter: click.Parameter, value: bool) -> None:
    if value:  # the environment, so rebuilds and render workers see it too
        os.environ[ALLOW_CREDENTIALS] = "1"


def allow_credentials(command: _F) -> _F:
    """The ``--allow-credentials`` flag of a command."""
    option: Any = click.option(
        "--allow-credentials",
        is_flag=True,
        expose_value=False,
        callback=_grant,
        help="Let api.playground.credentials send readers' cookies with playground requests "
        "(proxy off, to the spec's fixed server origins; operator only; also "
        f"{ALLOW_CREDENTIALS}=1).",
    )
    return option(command)  # type: ignore[no-any-return]
