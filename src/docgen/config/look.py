"""docs.json ``logo``, ``favicon``, ``colors``, ``appearance``, ``banner``, ``seo`` and
``fonts`` (already schema-valid) as :class:`~docgen.config.model.Look`.

Files they name must be in the docs folder: pages never fetch an external URL, so a remote logo
or favicon is a warning (the site name or docgen's icon is shown instead) and a remote font an
info line (the family is still named, and used where the reader has it installed); any other
scheme is an error. Whether a named local file exists is checked once the site's static files
are known (render/scan.py: ``asset-not-found``).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from docgen.config import urls
from docgen.config.codeblocks import read_codeblocks
from docgen.config.languages import MAX_GRAMMARS, read_grammar
from docgen.config.model import Font, LocalFile, Look
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

_META_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9:._-]{0,80}$")
# Meta names every page already carries (or that would break it).
_RESERVED = {"viewport", "color-scheme", "generator", "charset", "description"}
_FAMILY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,80}$")
_FONT_DISPLAYS = ("auto", "block", "swap", "fallback", "optional")


class _Reader:
    def __init__(self, doc: SourceDocument, diagnostics: Diagnostics) -> None:
        self.doc = doc
        self.diagnostics = diagnostics

    def file(self, value: Any, pointer: str, what: str, instead: str) -> LocalFile | None:
        """The docs-folder file ``value`` names (``None``, reported, when it names none)."""
        if not isinstance(value, str):
            return None
        where = self.doc.location(pointer)
        dotted = pointer.lstrip("/").replace("/", ".")
        scheme = urls.scheme_of(value)
        if scheme in ("http", "https") or value.startswith("//"):
            self.diagnostics.warning(
                Code.ASSET_SKIPPED,
                f"{dotted}: the {what} '{value}' is a remote URL; docgen pages never fetch one: "
                f"put the file in the docs folder and name its path ({instead} meanwhile)",
                where,
            )
            return None
        path = posixpath.normpath(value.split("#", 1)[0].split("?", 1)[0].lstrip("/"))
        if scheme is not None or path.startswith("..") or path in (".", ""):
            self.diagnostics.error(
                Code.CONFIG_INVALID,
                f"{dotted}: '{value}' is not a file of the docs folder; use a path such as "
                "'/images/logo.svg'",
                where,
            )
            return None
        return LocalFile(path, where.file or self.doc.name, where.line, where.column)

    def pair(
        self, raw: Any, pointer: str, what: str, instead: str
    ) -> tuple[LocalFile | None, LocalFile | None]:
        """(light, dark) of a string or a ``{light, dark}`` object."""
        if isinstance(raw, dict):
            light = self.file(raw.get("light"), f"{pointer}/light", what, instead)
            dark = self.file(raw.get("dark"), f"{pointer}/dark", what, instead)
            return light, dark
        one = self.file(raw, pointer, what, instead)
        return one, one

    def languages(self, codeblocks: Any) -> tuple[tuple[str, str], ...]:
        """The fence languages the grammars of ``codeblocks.languages.custom`` name, each with
        the Pygments lexer that draws it (config/languages.py)."""
        raw = codeblocks.get("languages") if isinstance(codeblocks, dict) else None
        found: dict[str, str] = {}
        for index, value in enumerate((raw or {}).get("custom") or ()):
            pointer = f"/styling/codeblocks/languages/custom/{index}"
            if index == MAX_GRAMMARS:
                self.diagnostics.warning(
                    Code.CONFIG_INVALID,
                    f"styling.codeblocks.languages.custom: at most {MAX_GRAMMARS} grammars "
                    "are read; the rest are not",
                    self.doc.location(pointer),
                )
                break
            grammar = self.file(value, pointer, "language grammar", "its code has no colours")
            if grammar is not None:
                root = Path(self.doc.path).parent
                where = self.doc.location(pointer)
                for language, lexer in read_grammar(grammar, root, index, where, self.diagnostics):
                    found.setdefault(language, lexer)
        return tuple(found.items())

    def metatags(self, raw: Any) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        for name, content in (raw or {}).items():
            if not _META_NAME.match(name) or name.lower() in _RESERVED or name.startswith("docgen"):
                self.diagnostics.warning(
                    Code.CONFIG_INVALID,
                    f"seo.metatags: '{name[:60]}' is not written (docgen writes that tag itself, "
                    "or it is not a meta name)",
                    self.doc.location(f"/seo/metatags/{name}#key"),
                )
                continue
            if not urls.meta_url_allowed(name, str(content)):
                self.diagnostics.error(
                    Code.CONFIG_INVALID,
                    f"seo.metatags.{name}: {str(content)[:60]!r} is not an http(s) URL or a "
                    "site path",
                    self.doc.location(f"/seo/metatags/{name}"),
                )
                continue
            out.append((name, str(content)))
        return tuple(out)

    def font(self, raw: Any, pointer: str, inherited: Font | None) -> Font | None:
        if not isinstance(raw, dict) or not isinstance(raw.get("family"), str):
            return inherited
        family = raw["family"]
        if not _FAMILY.match(family):
            self.diagnostics.error(
                Code.CONFIG_INVALID,
                f"{pointer.lstrip('/').replace('/', '.')}.family: '{family[:60]}' is not a font "
                "family name docgen writes (letters, digits, spaces, '-', '_', '.')",
                self.doc.location(f"{pointer}/family"),
            )
            return inherited
        source = None
        value = raw.get("source")
        if isinstance(value, str):
            scheme = urls.scheme_of(value)
            if scheme in ("http", "https") or value.startswith("//"):
                self.diagnostics.info(
                    Code.ASSET_SKIPPED,
                    f"{pointer.lstrip('/').replace('/', '.')}.source: the font is not fetched "
                    f"('{value[:60]}'): pages never load an external URL; '{family}' is used "
                    "where the reader has it installed (put the font file in the docs folder to "
                    "ship it)",
                    self.doc.location(f"{pointer}/source"),
                )
            else:
                source = self.file(value, f"{pointer}/source", "font", "")
        weight = raw.get("weight")
        return Font(
            family,
            int(weight) if isinstance(weight, (int, float)) else None,
            source,
            raw.get("format") if isinstance(raw.get("format"), str) else None,
            self.font_display(raw.get("display"), pointer, inherited),
        )

    def font_display(self, value: Any, pointer: str, inherited: Font | None) -> str:
        """``display`` (outside Mintlify's schema: Mintlify drops it) as CSS font-display."""
        if value is None:
            return inherited.display if inherited is not None else "swap"
        if value in _FONT_DISPLAYS:
            return str(value)
        self.diagnostics.warning(
            Code.CONFIG_INVALID,
            f"{pointer.lstrip('/').replace('/', '.')}.display: {str(value)[:40]!r} is not one of "
            f"{', '.join(_FONT_DISPLAYS)}; 'swap' is used",
            self.doc.location(f"{pointer}/display"),
        )
        return "swap"


def read_look(data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> Look:
    """The look ``data`` describes (missing parts keep docgen's defaults)."""
    reader = _Reader(doc, diagnostics)
    logo = data.get("logo")
    logo_light, logo_dark = reader.pair(logo, "/logo", "logo", "the site name is shown")
    href = logo.get("href") if isinstance(logo, dict) else None
    favicon_light, favicon_dark = reader.pair(
        data.get("favicon"), "/favicon", "favicon", "docgen's icon is used"
    )
    colors = data.get("colors") or {}
    appearance = data.get("appearance") or {}
    banner = data.get("banner") or {}
    seo = data.get("seo") or {}
    fonts = data.get("fonts") or {}
    decoration = (data.get("background") or {}).get("decoration") or ""
    image_light, image_dark = reader.pair(
        (data.get("background") or {}).get("image"),
        "/background/image",
        "background image",
        "the page shows none",
    )
    background = (data.get("background") or {}).get("color") or {}
    styling = data.get("styling") or {}
    base_font = reader.font(fonts, "/fonts", None)
    return Look(
        logo_light=logo_light,
        logo_dark=logo_dark,
        logo_href=href if isinstance(href, str) and urls.allowed(href) else None,
        favicon_light=favicon_light,
        favicon_dark=favicon_dark,
        color_light=colors.get("light"),
        color_dark=colors.get("dark"),
        appearance=appearance.get("default", "system"),
        strict=appearance.get("strict") is True,
        banner=banner.get("content") if str(banner.get("content") or "").strip() else None,
        dismissible=banner.get("dismissible") is True,
        metatags=reader.metatags(seo.get("metatags")),
        index_all=seo.get("indexing") == "all",
        body_font=reader.font(fonts.get("body"), "/fonts/body", base_font),
        heading_font=reader.font(fonts.get("heading"), "/fonts/heading", base_font),
        icons=(data.get("icons") or {}).get("library", "fontawesome"),
        background_light=background.get("light"),
        background_dark=background.get("dark"),
        not_found=_not_found((data.get("errors") or {}).get("404")),
        eyebrows=styling.get("eyebrows", "section"),
        codeblocks=read_codeblocks(styling.get("codeblocks"), doc, diagnostics),
        languages=reader.languages(styling.get("codeblocks")),
        decoration=decoration,
        image_light=image_light,
        image_dark=image_dark,
        drilldown=(data.get("interaction") or {}).get("drilldown") is True,
        theme="" if data.get("theme") in (None, "mint") else str(data["theme"]),
        search_prompt=" ".join(str((data.get("search") or {}).get("prompt") or "").split()),
    )


def _not_found(raw: Any) -> tuple[str, str, bool]:
    """docs.json ``errors.404``: the not-found page's title and Markdown description (""
    for docgen's), and whether it sends readers to the home page (Mintlify's default once
    ``404`` is given)."""
    if not isinstance(raw, dict):
        return "", "", False
    title, description = raw.get("title") or "", raw.get("description") or ""
    return " ".join(title.split()), description.strip(), raw.get("redirect", True) is True
