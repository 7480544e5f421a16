"""Server URLs a page may not write: a spec from a pull request names its API's servers, and
docgen writes them into the request samples a reader copies and runs, and the playground. A
scheme other than ``http(s)`` or ``ws(s)`` (``gopher://127.0.0.1:6379/_FLUSHALL``, ``file:``,
``dict:``, ``javascript:``) made curl talk to the reader's own machine or network: such a
server is left out of the pages (render/access.py), with a ``link-unsafe`` warning at its URL.
Variables are read at their defaults and at each of their enum values; a relative URL and
``host:port`` (a host name with a dot, or localhost: curl reads it as http) are fine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from docgen.spec import refs
from docgen.spec.model import METHODS

SCHEMES = frozenset({"http", "https", "ws", "wss"})
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
# "host:port" (curl reads it as http): a host name with a dot, or localhost, then the port
_HOST_PORT = re.compile(r"(?:localhost|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+):\d+(?:[/?#]|$)", re.I)
_IGNORED = re.compile(r"[\x00-\x20\x7f]+")  # what a URL parser strips or skips
MAX_ENUM_VALUES = 50  # a variable's enum values checked


def unsafe_scheme(url: str, variables: Any) -> str | None:
    """The scheme of ``url`` when it is none docgen writes, with its variables at their
    defaults or, one variable at a time, at each of their enum values."""
    values: dict[str, list[str]] = {}
    for name, variable in variables.items() if isinstance(variables, dict) else ():
        if not isinstance(variable, dict):
            continue
        default = variable.get("default")
        enum = variable.get("enum")
        found = [default] + (enum[:MAX_ENUM_VALUES] if isinstance(enum, list) else [])
        values[str(name)] = [str(v) for v in found if isinstance(v, (str, int, float))]
    defaults = {name: options[0] for name, options in values.items() if options}
    # only the variables the URL names count (a spec may list any number of others)
    named = [(k, v) for k, v in values.items() if "{" + k + "}" in url][:MAX_ENUM_VALUES]
    for name, options in [("", [""]), *named]:
        for option in options:
            chosen = {**defaults, name: option} if name else defaults
            filled = url
            for key, _ in named:
                filled = filled.replace("{" + key + "}", chosen.get(key, "{" + key + "}"))
            scheme = _scheme(_IGNORED.sub("", filled))
            if scheme is not None:
                return scheme
    return None


def _scheme(url: str) -> str | None:
    found = _SCHEME.match(url)
    if found is None or found.group(1).lower() in SCHEMES or _HOST_PORT.match(url):
        return None
    return found.group(1)


def _servers(node: Any, pointer: str) -> Iterator[tuple[str, str]]:
    servers = node.get("servers") if isinstance(node, dict) else None
    for index, server in enumerate(servers if isinstance(servers, list) else ()):
        url = server.get("url") if isinstance(server, dict) else None
        if isinstance(url, str) and (scheme := unsafe_scheme(url, server.get("variables"))):
            yield (
                refs.join(pointer, "servers", index, "url"),
                f"server URL '{url[:200]}' has the scheme '{scheme[:40]}:': left out (the "
                "samples and the playground call http(s) or ws(s) servers only)",
            )


def findings(data: Any) -> list[tuple[str, str]]:
    """(JSON pointer, message) for each server URL of ``data`` (the spec's, a path's, an
    operation's) with a scheme docgen does not write."""
    found = list(_servers(data, ""))
    paths = data.get("paths") if isinstance(data, dict) else None
    for url, item in paths.items() if isinstance(paths, dict) else ():
        base = refs.join("/paths", str(url))
        found += _servers(item, base)
        for method in (m.lower() for m in METHODS):
            operation = item.get(method) if isinstance(item, dict) else None
            found += _servers(operation, refs.join(base, method))
    return found
