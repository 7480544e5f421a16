"""Access logs a container runtime wrapped: a server in a container (nginx's official image,
Caddy, Traefik, ingress-nginx) writes its access log to stdout, and the file on disk is the
runtime's, each line wrapped in its record:

- ``cri``: Kubernetes nodes (containerd, CRI-O; ``/var/log/pods/.../0.log``, ``/var/log/
  containers/*.log``): ``<RFC 3339 time> stdout F <line>``;
- ``docker-json``: Docker's json-file driver (``/var/lib/docker/containers/<id>/<id>-json.log``):
  ``{"log":"<line>\\n","stream":"stdout","time":"..."}``;
- ``compose``: ``docker compose logs`` (and ``docker-compose``): ``<service>-1  | <line>``,
  with ``-t`` a time after the bar;
- ``timestamped``: ``docker logs -t`` and ``kubectl logs --timestamps``: ``<RFC 3339 time>
  <line>``;
- ``fly``: ``fly logs`` (Fly.io): ``<time> app[<machine>] <region> [info]<line>``;
- ``kubectl``: ``kubectl logs --prefix``: ``[pod/<pod>/<container>] <line>``, with
  ``--timestamps`` a time after it.

Read as they are, the runtime's time or the service's name was taken for the visitor's address
(every view a new visitor, or all of them one). The wrapper is told from the first lines of the
file, and taken off each line before the format's own reading (:func:`unwrapped_sql`)."""

from __future__ import annotations

import json
import re

from docgen.analytics.formats import BOM, CLF_TIME, SCANNED

CRI = "cri"
DOCKER_JSON = "docker-json"
COMPOSE = "compose"
TIMESTAMPED = "timestamped"
FLY = "fly"
KUBECTL = "kubectl"

_TIME = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})"
# What each wrapper puts before the server's line (POSIX-style classes: read by Python and DuckDB).
PREFIXES = {
    CRI: rf"^{_TIME} (stdout|stderr) [FP] ",
    COMPOSE: rf"^[A-Za-z0-9][A-Za-z0-9_.-]* +\| ({_TIME} )?",
    TIMESTAMPED: rf"^{_TIME} ",
    KUBECTL: rf"^\[pod/[^]/ ]+/[^] ]+\] ({_TIME} )?",
    FLY: rf"^{_TIME} [A-Za-z0-9_-]+\[[0-9a-f]+\] [a-z0-9]+ \[[a-z]+\] ?",
}
_COMPILED = {kind: re.compile(pattern.encode()) for kind, pattern in PREFIXES.items()}
# The start of a record a server writes: a JSON object, or a combined/common log line (address,
# identity, user, [time]; a virtual host first in vhost_combined), or HAProxy's client:port
# [time]. A bare time first is only a wrapper when one of these follows it (an RFC 3339 time,
# host and tag first is the syslog daemon's file, read by the combined format itself).
_RECORD = re.compile(rf"\{{|(\S+ ){{3,4}}{CLF_TIME}|\S+:[0-9]+ {CLF_TIME}".encode())


def _docker_json(line: bytes) -> bytes | None:
    """The server's line of a json-file record, or None if ``line`` is no such record."""
    if not line.startswith(b'{"log":'):
        return None
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # nested past Python's limit
        return None
    text = record.get("log") if isinstance(record, dict) else None
    if not isinstance(text, str) or "stream" not in record:
        return None
    return text.rstrip("\n").encode("utf-8", "surrogateescape")


def _unwrap_line(line: bytes, kind: str) -> bytes | None:
    """``line`` without the ``kind`` wrapper, or None if it has none."""
    if kind == DOCKER_JSON:
        return _docker_json(line)
    match = _COMPILED[kind].match(line)
    if match is None:
        return None
    rest = line[match.end() :]
    return rest if kind != TIMESTAMPED or _RECORD.match(rest) else None


def _lines(head: bytes) -> list[bytes]:
    rows = (r.strip(b"\r") for r in head.removeprefix(BOM).split(b"\n"))
    return [r for r in rows if r.strip()][:SCANNED]


def wrapper(head: bytes) -> str:
    """The wrapper of the log whose first bytes are ``head`` (``""`` for none): the one that
    wraps at least half of its first lines (``docker compose logs`` writes a line of its own
    first, other services' lines may come between)."""
    lines = _lines(head)
    for kind in (CRI, DOCKER_JSON, COMPOSE, FLY, KUBECTL, TIMESTAMPED):
        wrapped = sum(_unwrap_line(line, kind) is not None for line in lines)
        if lines and wrapped * 2 >= len(lines):
            return kind
    return ""


def unwrapped(head: bytes, kind: str) -> bytes:
    """``head`` with each line's ``kind`` wrapper taken off (lines without it as they are)."""
    if not kind:
        return head
    out = []
    for raw in head.removeprefix(BOM).split(b"\n"):
        line = raw.removesuffix(b"\r")
        inner = _unwrap_line(line, kind)
        out.append(line if inner is None else inner)
    return b"\n".join(out)


def unwrapped_sql(line: str, kind: str) -> str:
    """SQL: the text of ``line`` (an SQL expression) without the ``kind`` wrapper."""
    if kind == DOCKER_JSON:
        return f"coalesce(try(rtrim(json_extract_string({line}, '$.log'), chr(10))), {line})"
    pattern = PREFIXES[kind].replace("'", "''")
    return f"regexp_replace({line}, '{pattern}', '')"
