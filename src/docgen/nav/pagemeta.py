"""Frontmatter that shapes a page and its sidebar entry, checked with the key's file:line:col:
``sidebarTitle``, ``icon``, ``mode``, ``tag``, ``deprecated``, ``noindex``, ``url``,
``hidden``, and ``api: METHOD URL`` (a hand-written endpoint page) with ``authMethod``; and the
type of ``title``, ``description`` and ``openapi``, which are read elsewhere.

A value of the wrong type or an unknown ``mode`` is a warning and the key is ignored (Mintlify
ignores it too); a ``url`` or ``api`` URL that docgen would not write as a link is an error.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from docgen.config.model import SiteConfig
from docgen.config.urls import meta_url_allowed, scheme_of
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import LoadError
from docgen.load import yaml_safe
from docgen.nav.model import Endpoint, PageMeta
from docgen.nav.pagefiles import PageFile
from docgen.spec.model import METHODS

MODES = ("default", "wide", "center", "custom", "frame")
AUTH_METHODS = ("bearer", "basic", "key", "cobalt", "none")
_STRINGS = {"sidebarTitle": "sidebar_title", "icon": "icon", "tag": "tag"}
_FLAGS = {"deprecated": "deprecated", "noindex": "noindex", "hidden": "hidden"}
# Keys read elsewhere (the page's title and description, its operation), with the value types
# that make them be ignored: reported here, once, like the others.
_READ_ELSEWHERE: tuple[tuple[str, str, tuple[type, ...]], ...] = (
    ("title", "text", (bool, list, dict)),
    ("description", "text", (bool, int, float, list, dict)),
    ("openapi", "'METHOD /path'", (bool, int, float, list, dict)),
)


class _Reader:
    """Locates frontmatter keys in the file (the YAML is composed only when one is reported)."""

    def __init__(self, page_file: PageFile, diagnostics: Diagnostics) -> None:
        self.file = page_file
        self.diagnostics = diagnostics
        self._nodes: Any = None

    def where(self, key: str) -> Location:
        line, column = 1, 1
        try:
            if self._nodes is None:
                self._nodes = yaml_safe.compose_yaml(self.file.front)
            line, column = yaml_safe.locate_node(self._nodes, "/" + key.replace("~", "~0"))
            line += 1  # the frontmatter starts on the file's second line
        except (LoadError, ValueError, RecursionError):
            pass
        return Location(self.file.name, line, column, "/" + key)

    def warn(self, key: str, message: str) -> None:
        self.diagnostics.warning(
            Code.PAGE_FRONTMATTER, f"frontmatter '{key}': {message}", self.where(key)
        )

    def error(self, key: str, message: str) -> None:
        self.diagnostics.error(
            Code.PAGE_FRONTMATTER, f"frontmatter '{key}': {message}", self.where(key)
        )


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "empty" if value is None else "text"


def read_meta(page_file: PageFile, config: SiteConfig, diagnostics: Diagnostics) -> PageMeta:
    """The checked :class:`PageMeta` of ``page_file``; problems reported at their key."""
    front = page_file.frontmatter
    reader = _Reader(page_file, diagnostics)
    values: dict[str, Any] = {}
    for key, attr in _STRINGS.items():
        if key not in front:
            continue
        value = front[key]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.strip():
            values[attr] = value.strip()
        else:
            reader.warn(key, f"expected text, found {_kind(value)}; ignored")
    for key, wanted, kinds in _READ_ELSEWHERE:
        if key in front and isinstance(front[key], kinds):
            reader.warn(key, f"expected {wanted}, found {_kind(front[key])}; ignored")
    blank = front.get("openapi", "-")
    if blank is None or (isinstance(blank, str) and not blank.strip()):
        # Left empty, the page silently lost its operation: probably not what was meant.
        reader.warn("openapi", "expected 'METHOD /path', found nothing; the page has no operation")
    for key, attr in _FLAGS.items():
        if key not in front:
            continue
        if isinstance(front[key], bool):
            values[attr] = front[key]
        else:
            reader.warn(key, f"expected true or false, found {_kind(front[key])}; ignored")
    if "mode" in front:
        mode = front["mode"]
        if isinstance(mode, str) and mode in MODES:
            values["mode"] = mode
        else:
            shown = repr(mode) if isinstance(mode, str) else _kind(mode)
            reader.warn("mode", f"{shown} is not a page mode ({', '.join(MODES)}); ignored")
    if "url" in front:
        url = front["url"]
        if not isinstance(url, str) or not url.strip():
            reader.warn("url", f"expected a link, found {_kind(url)}; ignored")
        elif scheme_of(url) not in (None, "http", "https", "mailto"):
            reader.error(
                "url",
                f"{url[:60]!r} is not a link docgen writes: use an http(s), mailto or relative URL",
            )
        else:
            values["url"] = url.strip()
    if "api" in front:
        values["api"] = _endpoint(front, config, reader)
    values["metatags"] = _metatags(front, reader)
    return PageMeta(**values)


# Frontmatter keys that are the page's own <meta> tags, as on Mintlify (its SEO settings).
_META_KEY = re.compile(r"(og|twitter|article):[A-Za-z0-9_.:-]{1,60}")


def _metatags(front: dict[str, Any], reader: _Reader) -> tuple[tuple[str, str], ...]:
    """``keywords`` (text or a list) and ``og:*``, ``twitter:*``, ``article:*`` keys; a URL
    tag (``og:image``...) must be http(s) or a site path."""
    out: list[tuple[str, str]] = []
    for key, value in front.items():
        if key != "keywords" and not _META_KEY.fullmatch(str(key)):
            continue
        if key == "keywords" and isinstance(value, list):
            words = [
                v for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)
            ]
            value = ", ".join(str(v).strip() for v in words if str(v).strip())
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            reader.warn(key, f"expected text, found {_kind(value)}; ignored")
            continue
        text = " ".join(str(value).split())
        if not text:
            continue
        if not meta_url_allowed(key, text):
            reader.error(key, f"{text[:60]!r} is not an http(s) URL or a site path")
            continue
        out.append((key, text))
    return tuple(out)


def _endpoint(front: dict[str, Any], config: SiteConfig, reader: _Reader) -> Endpoint | None:
    text = front["api"]
    if not isinstance(text, str) or not text.strip():
        reader.warn("api", f"expected 'METHOD URL', found {_kind(text)}; ignored")
        return None
    method, _, url = text.strip().partition(" ")
    url = url.strip()
    if method.upper() not in METHODS or not url:
        reader.error(
            "api",
            f"{text!r} is not 'METHOD URL' (e.g. 'POST https://api.example.com/v1/users' "
            "or 'GET /v1/users')",
        )
        return None
    if method != method.upper():
        reader.warn("api", f"method {method!r} read as {method.upper()!r}")
    auth_method, auth_name = config.api_mdx.auth_method, config.api_mdx.auth_name
    if "authMethod" in front:
        chosen = front["authMethod"]
        if isinstance(chosen, str) and chosen in AUTH_METHODS:
            auth_method = chosen
        else:
            reader.warn(
                "authMethod", f"expected one of {', '.join(AUTH_METHODS)}; the site's is used"
            )
    if url.startswith("/") and not url.startswith("//"):
        # No playground is wanted (display 'none', the site's or the page's): none is missing.
        shown = front.get("playground", config.playground.display.value) != "none"
        if not config.api_mdx.servers and shown:
            reader.warn(
                "api",
                f"{url!r} is a path and docs.json sets no 'api.mdx.server': the page shows the "
                "path, with no playground",
            )
        return Endpoint(method.upper(), url, config.api_mdx.servers, auth_method, auth_name)
    if scheme_of(url) not in ("http", "https"):
        reader.error("api", f"{url[:60]!r} is neither an http(s) URL nor a path starting with '/'")
        return None
    parts = urlsplit(url)
    path = parts.path or "/"
    origin = f"{parts.scheme.lower()}://{parts.netloc}"
    return Endpoint(method.upper(), path, (origin,), auth_method, auth_name)
