"""docs.json ``styling.codeblocks`` (already schema-valid): how code blocks look.

``"system"`` (Mintlify's default) draws them light in the light theme and dark in the dark
one, as docgen always did; ``"dark"`` keeps them dark in both. ``{"theme": ...}`` names Shiki
themes, which docgen does not draw (it highlights with Pygments, in GitHub's light and dark
palettes): a dark theme alone is drawn as ``"dark"``, a light one alone or a light and a dark
one as ``"system"``, and for any theme but GitHub's own an info line says its colours are not
used. ``css-variables`` (Shiki's theme whose colours are the site's CSS variables) is drawn
as ``"css-variables"``: docgen.css colours code from the variables the docs repo's CSS
defines (``--mint-token-keyword``..., or Shiki's ``--shiki-token-keyword``...), docgen's
palettes where it defines none (nav/resolver.py says so when it defines none at all). A name
Shiki does not have is an error, as Mintlify refuses it.
"""

from __future__ import annotations

import re
from typing import Any

from docgen.diagnostics import Code, Diagnostics, close_matches
from docgen.load.source import SourceDocument

CSS_VARIABLES = "css-variables"

# The themes Mintlify accepts (@mintlify/validation 0.1.878, shikiThemes.js).
SHIKI_THEMES = (
    "andromeeda", "aurora-x", "ayu-dark", "catppuccin-frappe", "catppuccin-latte",
    "catppuccin-macchiato", "catppuccin-mocha", "dark-plus", "dracula", "dracula-soft",
    "everforest-dark", "everforest-light", "github-dark", "github-dark-default",
    "github-dark-dimmed", "github-dark-high-contrast", "github-light", "github-light-default",
    "github-light-high-contrast", "gruvbox-dark-hard", "gruvbox-dark-medium", "gruvbox-dark-soft",
    "gruvbox-light-hard", "gruvbox-light-medium", "gruvbox-light-soft", "houston",
    "kanagawa-dragon", "kanagawa-lotus", "kanagawa-wave", "laserwave", "light-plus",
    "material-theme", "material-theme-darker", "material-theme-lighter", "material-theme-ocean",
    "material-theme-palenight", "min-dark", "min-light", "monokai", "night-owl", "nord",
    "one-dark-pro", "one-light", "plastic", "poimandres", "red", "rose-pine", "rose-pine-dawn",
    "rose-pine-moon", "slack-dark", "slack-ochin", "snazzy-light", "solarized-dark",
    "solarized-light", "synthwave-84", "tokyo-night", "vesper", "vitesse-black", "vitesse-dark",
    "vitesse-light", "css-variables",
)  # fmt: skip
# Shiki's light themes (its bundle marks each theme light or dark).
_LIGHT = frozenset((
    "catppuccin-latte", "everforest-light", "github-light", "github-light-default",
    "github-light-high-contrast", "gruvbox-light-hard", "gruvbox-light-medium",
    "gruvbox-light-soft", "kanagawa-lotus", "light-plus", "material-theme-lighter", "min-light",
    "one-light", "rose-pine-dawn", "slack-ochin", "snazzy-light", "solarized-light",
    "vitesse-light",
))  # fmt: skip
# docgen's palettes are GitHub's: these are drawn as written; css-variables from the site's CSS.
_DRAWN = frozenset(
    ("github-light", "github-light-default", "github-dark", "github-dark-default", CSS_VARIABLES)
)
_SHOWN = {
    "dark": "dark in both themes",
    "system": "light in the light theme and dark in the dark theme",
    CSS_VARIABLES: "in the colours of the site's CSS variables (css-variables)",
}


def read_codeblocks(raw: Any, doc: SourceDocument, diagnostics: Diagnostics) -> str:
    """``"system"``, ``"dark"`` or ``"css-variables"``: the code blocks ``raw`` asks for, as
    docgen draws them."""
    if raw == "dark":
        return "dark"
    theme = raw.get("theme") if isinstance(raw, dict) else None
    if theme is None:
        return "system"
    pointer = "/styling/codeblocks/theme"
    names = {pointer: theme} if isinstance(theme, str) else {
        f"{pointer}/{mode}": theme[mode] for mode in ("light", "dark")
    }  # fmt: skip
    for at, name in names.items():
        if name not in SHIKI_THEMES:
            close = close_matches(name, SHIKI_THEMES)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            diagnostics.error(
                Code.CONFIG_INVALID,
                f"{_dotted(at)}: '{name[:60]}' is not a Shiki theme Mintlify knows{hint}",
                doc.location(at),
            )
            return "system"
    in_light = theme if isinstance(theme, str) else theme["light"]
    shown = "system" if in_light in _LIGHT else "dark"
    if CSS_VARIABLES in names.values():  # the site's variables, in whichever theme names it
        shown = CSS_VARIABLES
    others = [name for name in names.values() if name not in _DRAWN]
    if others:
        diagnostics.info(
            Code.CONFIG_UNUSED_KEY,
            f"{_dotted(pointer)}: docgen draws code in its own palettes (GitHub's light and "
            f"dark), not in {' and '.join(repr(n) for n in dict.fromkeys(others))}; code blocks "
            f"are {_SHOWN[shown]}",
            doc.location(pointer),
        )
    return shown


def _dotted(pointer: str) -> str:
    return pointer.lstrip("/").replace("/", ".")


# A variable docgen.css reads under css-variables, as the repo's CSS would define it. Only at
# the start of a name: tried inside one, each "--shiki-" of "--shiki---shiki-..." scanned the
# rest of the run (64 KB of CSS: 11 s).
_VARIABLE = re.compile(r"(?<![\w-])--(?:mint-token|mint-color|shiki)-[a-z-]++\s*+:")


def report_css_variables(
    codeblocks: str, css: str | None, doc: SourceDocument | None, diagnostics: Diagnostics
) -> None:
    """Under ``css-variables``, an info line when the docs repo's CSS (``css``, joined) defines
    none of the variables code is coloured from: code keeps docgen's palettes."""
    if codeblocks != CSS_VARIABLES or (css is not None and _VARIABLE.search(css)):
        return
    pointer = "/styling/codeblocks/theme"
    diagnostics.info(
        Code.CONFIG_UNUSED_KEY,
        f"{_dotted(pointer)}: 'css-variables' colours code from the site's CSS variables "
        "(--mint-token-keyword, --mint-color-text..., or Shiki's --shiki-token-keyword...), and "
        "no .css file of the docs repo defines one: code keeps docgen's palettes",
        doc.location(pointer) if doc is not None else None,
    )
