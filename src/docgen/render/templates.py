"""The Jinja environment: autoescape for every template, StrictUndefined, packaged templates."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path

import jinja2
import jinja2.runtime
from markupsafe import Markup, escape

# Where a long identifier may break: before a capital that starts a word (CheckoutLink|Create,
# HTTP|Server), and after "_", "-", ".", "/" and "+".
_WORD_BREAK = re.compile(
    r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[_\-./+])(?=[^_\-./+])"
)


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
        auto_reload=False,  # docgen's own files: not looked at again on every page
    )
    from docgen.render.fieldhtml import FieldWriter

    icons = _Icons(env.get_template("partials/icons.html").module)
    env.globals["icons"] = icons  # every template: ``icons.copy()``
    env.globals["field_writer"] = FieldWriter(str(icons.arrow_right()), str(icons.cycle()))
    env.filters["wordbreaks"] = wordbreaks
    return env


def wordbreaks(text: str) -> Markup:
    """``text`` escaped, with a ``<wbr>`` between the words of an identifier, so a narrow tab
    breaks ``CheckoutLinkCreateProductPrice`` between words, never inside one."""
    return Markup("<wbr>").join(escape(part) for part in _WORD_BREAK.split(str(text)))


class _Icons:
    """The macros of ``partials/icons.html``, each rendered once: an icon is the same SVG on
    every page (a page draws a few dozen; each was a macro call with an inner ``caller``)."""

    def __init__(self, module: object) -> None:
        self._svg = {
            name: Markup(macro())
            for name, macro in vars(module).items()
            if isinstance(macro, jinja2.runtime.Macro) and not name.startswith("_")
        }

    def __getattr__(self, name: str) -> Callable[[], Markup]:
        try:
            svg = self._svg[name]
        except KeyError:
            raise AttributeError(name) from None
        return lambda: svg
