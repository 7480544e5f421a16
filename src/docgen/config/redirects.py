"""``redirects`` of docs.json: read, check each entry on its own, and match paths as Mintlify
does (``:name`` one segment, ``:name*`` the rest of the path, ``*`` anything, also inside a
segment as in ``/articles/concepts-*``). Checks against the site's pages (a source that is a
page, chains and loops) are in :mod:`docgen.nav.redirects`."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from docgen.config.model import Redirect
from docgen.config.urls import scheme_of
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

MAX_REDIRECTS = 10_000
MAX_PARAMETERS = 10  # in one source: matching costs the path's length times the parts
# Sources with parameters or wildcards: checking chains and loops matches each redirect's
# target against every pattern (2,000 took a minute); the largest real site has 126.
MAX_PATTERNS = 500
# Table cells (path length x parts) one lookup of a request's path may fill, about 0.3 s:
# docgen serve answers any path a client sends, and many patterns against a long path cost
# that much each (a lookup past the budget finds no redirect).
MAX_LOOKUP_CELLS = 1_000_000
_PARAM = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)(\*?)")
# A destination a browser reads as another host: "//host", and "/\\host" or "\\\\host" (in an
# http(s) URL a browser reads a backslash as "/"), which a static host's Location sends on.
_OTHER_HOST = re.compile(r"[/\\]{2}")


def is_pattern(source: str) -> bool:
    """Whether ``source`` matches more than one path (it has a parameter or a wildcard)."""
    return "*" in source or _PARAM.search(source) is not None


# A source as parts: ("", text) a literal, (":", name) one segment's text, ("*", name) any
# text ("" for a second bare "*", whose text no destination can use).
_Part = tuple[str, str]


@lru_cache(maxsize=4096)
def _parts(source: str) -> tuple[_Part, ...]:
    out: list[_Part] = []
    pos = 0
    stars = 0
    for found in [*_PARAM.finditer(source), None]:
        text = source[pos : found.start() if found else len(source)]
        for index, piece in enumerate(text.split("*")):
            if index:
                out.append(("*", "splat" if stars == 0 else ""))
                stars += 1
            out.append(("", piece))
        if found is not None:
            out.append(("*" if found.group(2) else ":", found.group(1)))
            pos = found.end()
    if out[-1][0] == "":  # "/docs/" and "/docs" match the same paths, with or without "/"
        out[-1] = ("", out[-1][1].rstrip("/"))
    return tuple(part for part in out if part != ("", ""))


def _fits(parts: tuple[_Part, ...], path: str) -> list[bytearray]:
    """``fits[i][p]``: whether ``parts[i:]`` match ``path[p:]`` (then an optional "/").

    Worked backwards, one pass per part, so a path costs time in proportion to its length
    times the parts; a backtracking regular expression would try every split of the path
    between neighbouring parameters (``/:a*:b*:c*`` against a long link took minutes)."""
    size = len(path)
    last = bytearray(size + 1)  # a byte a position: a long link costs little memory
    last[size] = 1
    if path.endswith("/"):
        last[size - 1] = 1
    fits = [last]
    for kind, text in reversed(parts):
        after = fits[-1]
        here = bytearray(size + 1)
        if kind == "":
            for p in range(size - len(text) + 1):
                here[p] = after[p + len(text)] and path.startswith(text, p)
        elif kind == "*":  # any text but a line break: some later position fits
            for p in range(size, -1, -1):
                here[p] = after[p] or (p < size and path[p] != "\n" and here[p + 1])
        else:  # one or more characters up to the next "/"
            nearest = size + 1  # the first fitting position after p
            stop = size  # the "/" (or the end) that ends p's segment
            for p in range(size, -1, -1):
                if p < size and path[p] == "/":
                    stop = p
                here[p] = p < stop and nearest <= stop
                if after[p]:
                    nearest = p
        fits.append(here)
    fits.reverse()
    return fits


def _match_parts(parts: tuple[_Part, ...], path: str) -> dict[str, str] | None:
    """The parameters of the match a regular expression would find (each parameter as long
    as the rest allows, left to right), or ``None``."""
    fits = _fits(parts, path)
    if not fits[0][0]:
        return None
    params: dict[str, str] = {}
    p = 0
    for index, (kind, text) in enumerate(parts):
        if kind == "":
            p += len(text)
            continue
        stop = path.find("/" if kind == ":" else "\n", p)
        end = len(path) if stop == -1 else stop
        first = p + 1 if kind == ":" else p  # a segment's parameter is never empty
        q = next(q for q in range(end, first - 1, -1) if fits[index + 1][q])
        if text:
            params[text] = path[p:q]
        p = q
    return params


def match(source: str, path: str) -> dict[str, str] | None:
    """The parameters ``path`` gives ``source`` (``{}`` for a literal match), or ``None``."""
    if not is_pattern(source):
        return {} if fold(source) == fold(path) else None
    parts = _parts(source)
    found = _match_path(parts, path)
    if found is None and not path.endswith("/") and _ends_in_folder(parts):
        found = _match_path(parts, path + "/")  # "/docs/:slug*" covers "/docs" as "/docs/"
    return found


def _match_path(parts: tuple[_Part, ...], path: str) -> dict[str, str] | None:
    if parts and parts[0][0] == "" and not path.startswith(parts[0][1]):
        return None  # most paths differ in their first letters: no table to fill
    if not _literals_fit(parts, path):
        return None
    return _match_parts(parts, path)


def _literals_fit(parts: tuple[_Part, ...], path: str) -> bool:
    """A quick test a matching path passes (string searches, no table): the source's literal
    texts are in the path in order, and the last one ends it when the source ends in one.
    Most paths fail it, so a long link costs a table only against the sources it may match."""
    pos = 0
    for kind, text in parts:
        if kind == "":
            found = path.find(text, pos)
            if found < 0:
                return False
            pos = found + len(text)
    kind, text = parts[-1] if parts else ("*", "")
    return kind != "" or path.endswith(text) or (path.endswith("/") and path[:-1].endswith(text))


def _ends_in_folder(parts: tuple[_Part, ...]) -> bool:
    """Whether a source ends in a wildcard right after a "/" (``/docs/:slug*``, ``/docs/*``),
    which matches the folder's own path with or without its "/", as path-to-regexp does."""
    return (
        len(parts) > 1 and parts[-1][0] == "*" and parts[-2][0] == "" and parts[-2][1][-1:] == "/"
    )


def substitute(destination: str, params: dict[str, str]) -> str:
    """``destination`` with ``:name``/``:name*`` and ``*`` replaced by the matched values."""
    filled = _PARAM.sub(lambda m: params.get(m.group(1), m.group(0)), destination)
    return filled.replace("*", params.get("splat", ""))


def target(redirects: tuple[Redirect, ...], path: str) -> tuple[str, bool] | None:
    """Where the first redirect matching ``path`` sends it, and whether permanently; the
    matched parts are percent-encoded (a request path never writes raw text into a header)."""
    spent = 0
    for redirect in redirects:
        if is_pattern(redirect.source):
            spent += _cells(_parts(redirect.source), path)
            if spent > MAX_LOOKUP_CELLS:
                return None
        params = match(redirect.source, path)
        if params is not None:
            safe = {k: quote(v, safe="/-._~") for k, v in params.items()}
            return substitute(redirect.destination, safe), redirect.permanent
    return None


def _cells(parts: tuple[_Part, ...], path: str) -> int:
    """The most table cells :func:`match` fills for ``path`` (none when the source's literal
    start already rules it out)."""
    if parts and parts[0][0] == "":
        start = parts[0][1]
        if not path.startswith(start) and not (path + "/").startswith(start):
            return 0
    if not _literals_fit(parts, path) and not _literals_fit(parts, path + "/"):
        return 0  # ruled out by string searches: no table (the budget counts tables only)
    return 2 * (len(path) + 2) * (len(parts) + 1)


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
    if sum(kind != "" for kind, _ in _parts(source)) > MAX_PARAMETERS:
        return f"may hold at most {MAX_PARAMETERS} parameters and wildcards"
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
    seen: dict[str, tuple[str, str, bool]] = {}  # folded source: (entry, destination, permanent)
    patterns = 0
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
        if destination[:1] == "/":
            destination = _index_named(destination)
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
        if _OTHER_HOST.match(destination):
            diagnostics.error(
                Code.REDIRECT_INVALID,
                f"redirects[{index}].destination {destination[:60]!r} starts with '/' and '\\', "
                "which a browser reads as '//', another host: write 'https://host/...' for "
                "another site, one '/' for a path on this one",
                doc.location(f"{ptr}/destination"),
            )
            continue
        host = destination.split("//", 1)[1].split("/", 1)[0] if scheme is not None else ""
        if _PARAM.search(host) or "*" in host:
            diagnostics.error(
                Code.REDIRECT_INVALID,
                f"redirects[{index}].destination {destination[:60]!r} takes its host from the "
                "request: anyone could send readers through this site to any host; name the host",
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
        permanent = entry.get("permanent", True) is not False
        if key in seen:
            first, first_destination, first_permanent = seen[key]
            # '/a' and '/a/' (or '/A') both listed, to one place: the first already serves both.
            if (first_destination, first_permanent) != (destination, permanent):
                diagnostics.error(
                    Code.REDIRECT_CONFLICT,
                    f"redirects[{index}].source {source!r} repeats the source of {first}",
                    doc.location(f"{ptr}/source"),
                )
            continue
        seen[key] = (f"redirects[{index}]", destination, permanent)
        if is_pattern(source):
            patterns += 1
            if patterns == MAX_PATTERNS + 1:
                diagnostics.error(
                    Code.REDIRECT_INVALID,
                    f"redirects[{index}].source {source!r}: more than {MAX_PATTERNS} sources "
                    "have parameters or wildcards; the rest are not read (merge them into "
                    "wider patterns)",
                    doc.location(f"{ptr}/source"),
                )
            if patterns > MAX_PATTERNS:
                continue
        out.append(Redirect(source, destination, permanent, ptr))
    if len(raw) > MAX_REDIRECTS:
        diagnostics.error(
            Code.REDIRECT_INVALID,
            f"{len(raw)} redirects: at most {MAX_REDIRECTS} are read (use wildcards)",
            doc.location("/redirects"),
        )
    return tuple(out)


def _index_named(destination: str) -> str:
    """A site destination naming a folder's ``index`` page (``/assistant/index``) as that
    page's URL (``/assistant``), as Mintlify reads a link to it: docgen writes the page there."""
    path = destination.split("#", 1)[0].split("?", 1)[0]
    rest = destination[len(path) :]
    bare = path.rstrip("/")
    if bare == "/index":
        return "/" + rest
    if bare.endswith("/index"):
        return bare[: -len("/index")] + rest
    return destination
