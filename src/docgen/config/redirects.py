"""``redirects`` of docs.json: read, check each entry on its own, and match paths as Mintlify
does (``:name`` one segment, ``:name*`` the rest of the path, ``*`` anything, also inside a
segment as in ``/articles/concepts-*``). Checks against the site's pages (a source that is a
page, chains and loops) are in :mod:`docgen.nav.redirects`."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from docgen.config.model import Redirect
from docgen.config.urls import scheme_of
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

MAX_REDIRECTS = 10_000
_PARAM = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)(\*?)")


def is_pattern(source: str) -> bool:
    """Whether ``source`` matches more than one path (it has a parameter or a wildcard)."""
    return "*" in source or _PARAM.search(source) is not None


def _compile(source: str) -> re.Pattern[str]:
    out = []
    pos = 0
    for match in _PARAM.finditer(source):
        out.append(_literal(source[pos : match.start()]))
        name, rest = match.group(1), match.group(2)
        out.append(f"(?P<{name}>.*)" if rest else f"(?P<{name}>[^/]+)")
        pos = match.end()
    out.append(_literal(source[pos:]))
    return re.compile("".join(out).rstrip("/") + "/?")


def _literal(text: str) -> str:
    parts = text.split("*")
    pattern = re.escape(parts[0])
    for index, part in enumerate(parts[1:]):
        pattern += ("(?P<splat>.*)" if index == 0 else ".*") + re.escape(part)
    return pattern


def match(source: str, path: str) -> dict[str, str] | None:
    """The parameters ``path`` gives ``source`` (``{}`` for a literal match), or ``None``."""
    if not is_pattern(source):
        return {} if fold(source) == fold(path) else None
    try:
        found = _compile(source).fullmatch(path)
    except re.error:
        return None
    return None if found is None else {k: v or "" for k, v in found.groupdict().items()}


def substitute(destination: str, params: dict[str, str]) -> str:
    """``destination`` with ``:name``/``:name*`` and ``*`` replaced by the matched values."""
    filled = _PARAM.sub(lambda m: params.get(m.group(1), m.group(0)), destination)
    return filled.replace("*", params.get("splat", ""))


def target(redirects: tuple[Redirect, ...], path: str) -> tuple[str, bool] | None:
    """Where the first redirect matching ``path`` sends it, and whether permanently; the
    matched parts are percent-encoded (a request path never writes raw text into a header)."""
    for redirect in redirects:
        params = match(redirect.source, path)
        if params is not None:
            safe = {k: quote(v, safe="/-._~") for k, v in params.items()}
            return substitute(redirect.destination, safe), redirect.permanent
    return None


def fold(path: str) -> str:
    """A path as compared with page URLs: no trailing slash, case-insensitive."""
    return (path.rstrip("/") or "/").casefold()


def _source_problem(source: str) -> str | None:
    if source.startswith("//") or scheme_of(source) is not None:
        return "must be a path on this site starting with '/'"
    if any(c.isspace() for c in source):
        return "cannot hold spaces (write them as %20)"
    if "?" in source or "#" in source:
        return "cannot hold a query string or an #anchor (the destination may)"
    if any(part in (".", "..") for part in source.split("/")):
        return "cannot hold '.' or '..' segments"
    names = [m.group(1) for m in _PARAM.finditer(source)]
    if len(names) != len(set(names)):
        return "names a parameter twice"
    if source.count("*") - sum(1 for m in _PARAM.finditer(source) if m.group(2)) > 1:
        return "may hold one '*' wildcard"
    return None


def read_redirects(
    data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics
) -> tuple[Redirect, ...]:
    """The schema-valid ``redirects`` whose source and destination are usable; the others are
    ``redirect-invalid`` errors, a repeated source a ``redirect-conflict`` error."""
    raw = data.get("redirects")
    if not isinstance(raw, list):
        return ()
    out: list[Redirect] = []
    seen: dict[str, str] = {}
    for index, entry in enumerate(raw[:MAX_REDIRECTS]):
        if not isinstance(entry, dict):
            continue
        ptr = f"/redirects/{index}"
        source, destination = str(entry["source"]), str(entry["destination"])
        for key, value in (("source", source), ("destination", destination)):
            if value[:1] not in ("/", "#") and scheme_of(value) is None:
                # Mintlify reads 'docs/x' as '/docs/x'; static hosts need the slash.
                diagnostics.warning(
                    Code.REDIRECT_INVALID,
                    f"redirects[{index}].{key} {value!r} is read as '/{value}' (a path on this "
                    "site starts with '/')",
                    doc.location(f"{ptr}/{key}"),
                )
        if source[:1] != "/" and scheme_of(source) is None:
            source = "/" + source
        if destination[:1] not in ("/", "#") and scheme_of(destination) is None:
            destination = "/" + destination
        problem = _source_problem(source)
        if problem is not None:
            diagnostics.error(
                Code.REDIRECT_INVALID,
                f"redirects[{index}].source {source!r} {problem}",
                doc.location(f"{ptr}/source"),
            )
            continue
        scheme = scheme_of(destination)
        if (
            scheme not in (None, "http", "https")
            or destination.startswith("//")
            or any(c.isspace() for c in destination)
        ):
            diagnostics.error(
                Code.REDIRECT_INVALID,
                f"redirects[{index}].destination {destination[:60]!r} is not a link docgen "
                "writes: use an http(s) URL or a path on this site",
                doc.location(f"{ptr}/destination"),
            )
            continue
        known = {m.group(1) for m in _PARAM.finditer(source)}
        unknown = [m.group(0) for m in _PARAM.finditer(destination) if m.group(1) not in known]
        if scheme is None and unknown:
            diagnostics.error(
                Code.REDIRECT_INVALID,
                f"redirects[{index}].destination uses {unknown[0]!r}, which the source "
                f"{source!r} does not define",
                doc.location(f"{ptr}/destination"),
            )
            continue
        key = fold(source)
        if key in seen:
            diagnostics.error(
                Code.REDIRECT_CONFLICT,
                f"redirects[{index}].source {source!r} repeats the source of {seen[key]}",
                doc.location(f"{ptr}/source"),
            )
            continue
        seen[key] = f"redirects[{index}]"
        permanent = entry.get("permanent", True) is not False
        out.append(Redirect(source, destination, permanent, ptr))
    if len(raw) > MAX_REDIRECTS:
        diagnostics.error(
            Code.REDIRECT_INVALID,
            f"{len(raw)} redirects: at most {MAX_REDIRECTS} are read (use wildcards)",
            doc.location("/redirects"),
        )
    return tuple(out)
