"""Which playground each endpoint page shows, and who may see it (behaviour.md §8).

The mode comes from, first to last: the page file's frontmatter ``playground:``, the
operation's ``x-docgen: {playground: ...}`` or ``x-mint: {metadata: {playground: ...}}``, then
``api.playground.display``. ``groups:`` (frontmatter, or ``groups`` beside either extension's
``playground``) limits an ``auth`` playground to readers in one of those groups.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from docgen.config.model import PlaygroundDisplay, SiteConfig
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.nav.model import Page, Site

_MODES = ", ".join(m.value for m in PlaygroundDisplay)


@dataclass(frozen=True, slots=True)
class PlaygroundChoice:
    """A page's mode; ``groups`` is ``None`` when every signed-in reader may see it."""

    mode: PlaygroundDisplay
    groups: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class _Setting:
    """One place that may set the mode: its values and where to point when they are wrong."""

    mode: Any
    groups: Any
    where: str  # "frontmatter" | "x-docgen" | "x-mint.metadata"
    pointer: str


def _settings(page: Page) -> list[_Setting]:
    out = []
    front = page.frontmatter
    if "playground" in front or "groups" in front:
        out.append(_Setting(front.get("playground"), front.get("groups"), "frontmatter", ""))
    op = page.operation
    if op is not None:
        docgen_ext = op.data.get("x-docgen")
        if isinstance(docgen_ext, dict) and ("playground" in docgen_ext or "groups" in docgen_ext):
            out.append(
                _Setting(
                    docgen_ext.get("playground"),
                    docgen_ext.get("groups"),
                    "x-docgen",
                    f"{op.pointer}/x-docgen",
                )
            )
        mint = op.data.get("x-mint")
        metadata = mint.get("metadata") if isinstance(mint, dict) else None
        if isinstance(metadata, dict) and ("playground" in metadata or "groups" in metadata):
            out.append(
                _Setting(
                    metadata.get("playground"),
                    metadata.get("groups"),
                    "x-mint.metadata",
                    f"{op.pointer}/x-mint/metadata",
                )
            )
    return out


def _mode(value: Any) -> PlaygroundDisplay | None:
    try:
        return PlaygroundDisplay(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _groups(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and value and all(isinstance(g, str) and g for g in value):
        return tuple(value)
    return None


def choose(page: Page, config: SiteConfig) -> PlaygroundChoice:
    """The playground of ``page`` (invalid settings are skipped; :func:`check` reports them)."""
    mode: PlaygroundDisplay | None = None
    groups: tuple[str, ...] | None = None
    for setting in _settings(page):
        if mode is None:
            mode = _mode(setting.mode)
        if groups is None:
            groups = _groups(setting.groups)
    mode = mode or config.playground.display
    if mode is PlaygroundDisplay.AUTH and config.auth is None:
        mode = PlaygroundDisplay.NONE  # reported by check(); never show an unguarded playground
    return PlaygroundChoice(mode, groups if mode is PlaygroundDisplay.AUTH else None)


def check(site: Site, diagnostics: Diagnostics) -> None:
    """Report playground settings that are not valid, or that ask for ``auth`` without auth."""
    for page in site.pages:
        if page.operation is None and page.meta.api is None:
            continue
        for setting in _settings(page):
            location = _location(site, page, setting)
            label = "frontmatter" if setting.where == "frontmatter" else setting.where
            if setting.mode is not None:
                mode = _mode(setting.mode)
                if mode is None:
                    diagnostics.error(
                        Code.PLAYGROUND_INVALID,
                        f"{label} 'playground: {setting.mode}' is not a display mode "
                        f"(use one of {_MODES})",
                        location(setting.pointer + "/playground", "playground"),
                    )
                elif mode is PlaygroundDisplay.AUTH and site.config.auth is None:
                    diagnostics.error(
                        Code.PLAYGROUND_INVALID,
                        f"{label} 'playground: auth' needs site authentication; add an 'auth' "
                        "section to docs.json or choose another mode",
                        location(setting.pointer + "/playground", "playground"),
                    )
            if setting.groups is not None and _groups(setting.groups) is None:
                diagnostics.error(
                    Code.PLAYGROUND_INVALID,
                    f"{label} 'groups' must be a non-empty list of group names",
                    location(setting.pointer + "/groups", "groups"),
                )


def _location(site: Site, page: Page, setting: _Setting) -> Callable[[str, str], Location]:
    def at(pointer: str, key: str) -> Location:
        if setting.where == "frontmatter" and page.source is not None:
            return Location(page.source, _frontmatter_line(site, page, key), 1)
        op = page.operation
        assert op is not None
        spec = site.specs.get(op.spec)
        if spec is None:
            return Location(op.spec)
        return spec.document.location(pointer)

    return at


def _frontmatter_line(site: Site, page: Page, key: str) -> int | None:
    assert page.source is not None
    try:
        text = (site.root / page.source).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for number, line in enumerate(text.splitlines()[:200], 1):
        if re.match(rf"{key}\s*:", line):
            return number
    return None
