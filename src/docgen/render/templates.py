"""The Jinja environment: autoescape for every template, StrictUndefined, packaged templates."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

import jinja2


def templates_dir() -> Path:
    """``docgen/templates`` inside an installed wheel, else the repository's ``templates/``."""
    packaged = Path(str(resources.files("docgen"))) / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "templates"


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,  # every template, whatever its extension (security.md 4)
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    from docgen.render.fieldhtml import FieldWriter

    icons = env.get_template("partials/icons.html").module
    env.globals["field_writer"] = FieldWriter(str(icons.arrow_right()), str(icons.cycle()))  # type: ignore[attr-defined]
    return env
