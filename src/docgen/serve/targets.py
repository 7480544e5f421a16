"""Where the playground proxy may send requests (security.md 13-14).

Two checks, in this order:

1. :class:`TargetPolicy` - the target's origin (scheme, host, port) must be an origin of one of
   the specs' ``servers`` (after server variables) or of ``api.playground.allow``. Pure string
   logic: no DNS lookup, no connection.
2. :func:`address_problem` - every address the host resolves to must be public (loopback and
   private networks only with ``allow_local``; link-local, unspecified, multicast and reserved
   never), including IPv6 forms that embed an IPv4 address.
"""

from __future__ import annotations

import ipaddress
import itertools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from docgen.load.addresses import LOCAL as LOCAL
from docgen.load.addresses import IPAddress as IPAddress
from docgen.load.addresses import address_problem as address_problem
from docgen.load.addresses import classify as classify
from docgen.load.addresses import parse_address as parse_address
from docgen.nav.model import Site
from docgen.spec.model import server_url

DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_EXPANSION = 256  # server URLs generated from one templated URL (enum combinations)
_LABEL = re.compile(r"[A-Za-z0-9-]{1,63}")
_VARIABLE = re.compile(r"\{([^{}]*)\}")
_MARKER = "dgvar{}x"  # stands for a free variable while the URL is parsed (a valid DNS label)


@dataclass(frozen=True, slots=True)
class Origin:
    """A normalised origin: lower-case scheme and host (IDNA, IPv6 compressed), numeric port."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = DEFAULT_PORTS.get(self.scheme)
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")

    @property
    def host_header(self) -> str:
        """The ``Host`` header value for a request to this origin."""
        return str(self).split("://", 1)[1]


@dataclass(frozen=True, slots=True)
class OriginPattern:
    """An origin whose host has single-label wildcards (``None``) from free server variables."""

    scheme: str
    labels: tuple[str | None, ...]
    port: int

    def matches(self, origin: Origin) -> bool:
        if origin.scheme != self.scheme or origin.port != self.port:
            return False
        labels = origin.host.split(".")
        if len(labels) != len(self.labels):
            return False
        return all(
            _LABEL.fullmatch(got) if want is None else got == want
            for want, got in zip(self.labels, labels, strict=True)
        )

    def __str__(self) -> str:
        host = ".".join("*" if label is None else label for label in self.labels)
        default = DEFAULT_PORTS.get(self.scheme)
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")


def normalise_host(host: str) -> str:
    """Lower case, one trailing dot dropped, IP literals in canonical form."""
    host = host.lower()
    if host.endswith("."):
        host = host[:-1]
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return host


def parse_origin(url: str) -> Origin | None:
    """The origin of an absolute ``http``/``https`` URL; ``None`` for anything else."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return None
    return origin_of(parsed)


def origin_of(url: httpx.URL) -> Origin | None:
    """The origin of a parsed URL; ``None`` unless it is absolute ``http``/``https``."""
    scheme = url.scheme.lower()
    if scheme not in DEFAULT_PORTS or not url.raw_host:
        return None
    try:
        host = url.raw_host.decode("ascii")
    except UnicodeDecodeError:
        return None
    return Origin(scheme, normalise_host(host), url.port or DEFAULT_PORTS[scheme])


class TargetPolicy:
    """The origins the proxy forwards to: exact origins plus single-label wildcard patterns."""

    def __init__(self, origins: Iterable[Origin] = (), patterns: Iterable[OriginPattern] = ()):
        self.origins = frozenset(origins)
        self.patterns = tuple(dict.fromkeys(patterns))

    def allows(self, origin: Origin) -> bool:
        return origin in self.origins or any(p.matches(origin) for p in self.patterns)

    def describe(self, limit: int = 8) -> str:
        """The allowed origins for an error message (at most ``limit`` named)."""
        names = sorted(str(o) for o in self.origins) + [str(p) for p in self.patterns]
        if not names:
            return "none: the specs name no absolute http(s) server URL"
        shown = ", ".join(names[:limit])
        return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")

    @classmethod
    def from_site(cls, site: Site, extra: Iterable[str] = ()) -> TargetPolicy:
        """Origins of every spec's servers (all levels) and of ``api.playground.allow``."""
        origins: list[Origin] = []
        patterns: list[OriginPattern] = []
        for server in _site_servers(site):
            for item in expand_server(server):
                if isinstance(item, Origin):
                    origins.append(item)
                else:
                    patterns.append(item)
        for url in (*site.config.playground.allow, *extra):
            origin = parse_origin(url)
            if origin is not None:
                origins.append(origin)
        return cls(origins, patterns)


def _servers_of(node: Any, spec_name: str) -> Iterator[Mapping[str, Any]]:
    """``node``'s servers, a relative URL read against an https:// spec's own URL."""
    if isinstance(node, Mapping):
        servers = node.get("servers")
        if isinstance(servers, list):
            for server in servers:
                if isinstance(server, Mapping) and isinstance(server.get("url"), str):
                    yield {**server, "url": server_url(spec_name, server["url"])}


def _site_servers(site: Site) -> Iterator[Mapping[str, Any]]:
    for spec in site.specs.values():
        yield from _servers_of(spec.data, spec.name)
        paths = spec.data.get("paths")
        if isinstance(paths, Mapping):
            for item in paths.values():
                yield from _servers_of(item, spec.name)
                if isinstance(item, Mapping):
                    for operation in item.values():
                        yield from _servers_of(operation, spec.name)
        for op in spec.operations:
            yield from _servers_of(op.path_item, spec.name)
            yield from _servers_of(op.data, spec.name)
    for page in site.pages:  # hand-written API pages (``api: METHOD URL``) and ``api.mdx.server``
        if page.meta.api is not None:
            yield from ({"url": server} for server in page.meta.api.servers)


def expand_server(server: Mapping[str, Any]) -> list[Origin | OriginPattern]:
    """The origins a Server Object can stand for (relative or unusable URLs give none).

    A variable with ``enum`` expands to each value (at most :data:`MAX_EXPANSION` URLs); one
    without ``enum`` means its ``default``, except that a free variable forming a whole host
    label with at least two fixed labels after it matches any single DNS label there.
    """
    url = server.get("url")
    if not isinstance(url, str) or not url.strip():
        return []
    raw_vars = server.get("variables")
    variables: Mapping[str, Any] = raw_vars if isinstance(raw_vars, Mapping) else {}
    names = list(dict.fromkeys(_VARIABLE.findall(url)))
    choices: dict[str, list[str]] = {}
    free: list[str] = []
    for name in names:
        spec = variables.get(name)
        if not isinstance(spec, Mapping):
            return []  # undefined variable: the URL cannot be resolved
        enum = spec.get("enum")
        default = spec.get("default")
        if isinstance(enum, list) and enum:
            choices[name] = [str(v) for v in enum if isinstance(v, (str, int, float))]
        elif isinstance(default, (str, int, float)):
            choices[name] = [str(default)]
            free.append(name)
        else:
            return []
    wildcards = _label_wildcards(url, names, choices, free)
    results: list[Origin | OriginPattern] = []
    fixed = [n for n in names if n not in wildcards]
    for combo in itertools.islice(itertools.product(*(choices[n] for n in fixed)), MAX_EXPANSION):
        values = dict(zip(fixed, combo, strict=True))
        values.update({n: _MARKER.format(names.index(n)) for n in wildcards})
        item = _origin_or_pattern(_substitute(url, values), wildcards, names)
        if item is not None and item not in results:
            results.append(item)
    return results


def _substitute(url: str, values: Mapping[str, str]) -> str:
    return _VARIABLE.sub(lambda m: values.get(m.group(1), m.group(0)), url)


def _label_wildcards(
    url: str, names: list[str], choices: Mapping[str, list[str]], free: list[str]
) -> set[str]:
    """The free variables that only ever appear as whole host labels followed by 2+ fixed ones."""
    if not free:
        return set()
    values = {n: choices[n][0] for n in names}
    values.update({n: _MARKER.format(names.index(n)) for n in free})
    origin = parse_origin(_substitute(url, values))
    if origin is None:
        return set()
    labels = origin.host.split(".")
    markers = {_MARKER.format(names.index(n)): n for n in free}
    wild: set[str] = set()
    for name in free:
        marker = _MARKER.format(names.index(name))
        positions = [i for i, label in enumerate(labels) if label == marker]
        whole = bool(positions) and marker not in ".".join(
            label for label in labels if label != marker
        )
        if whole and all(_fixed_after(labels, i, markers) >= 2 for i in positions):
            wild.add(name)
    return wild


def _fixed_after(labels: list[str], index: int, markers: Mapping[str, str]) -> int:
    return sum(1 for label in labels[index + 1 :] if not any(m in label for m in markers))


def _origin_or_pattern(
    url: str, wildcards: set[str], names: list[str]
) -> Origin | OriginPattern | None:
    origin = parse_origin(url)
    if origin is None:
        return None
    if not wildcards:
        return origin
    markers = {_MARKER.format(names.index(n)) for n in wildcards}
    labels = tuple(None if label in markers else label for label in origin.host.split("."))
    return OriginPattern(origin.scheme, labels, origin.port)
