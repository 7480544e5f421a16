"""Typed index of a loaded spec: its operations, webhooks and tags."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from docgen.load.source import SourceDocument

METHODS = ("GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE")


@dataclass(frozen=True, slots=True)
class Operation:
    """One operation (or one method of a webhook) of a spec.

    ``path`` is the URL template for operations and the webhook name for webhooks.
    ``data`` is the raw Operation Object; renderers turn it into view models.
    """

    spec: str
    method: str
    path: str
    pointer: str
    data: dict[str, Any] = field(repr=False, compare=False, hash=False)
    path_item: dict[str, Any] = field(repr=False, compare=False, hash=False)
    webhook: bool = False

    @property
    def reference(self) -> str:
        return f"webhook {self.path}" if self.webhook else f"{self.method} {self.path}"

    @property
    def tags(self) -> tuple[str, ...]:
        tags = self.data.get("tags")
        return (
            tuple(str(t) for t in tags if isinstance(t, (str, int)))
            if isinstance(tags, list)
            else ()
        )

    @property
    def summary(self) -> str | None:
        value = self.data.get("summary")
        return value.strip() or None if isinstance(value, str) else None

    @property
    def operation_id(self) -> str | None:
        value = self.data.get("operationId")
        return value if isinstance(value, str) and value else None

    @property
    def hidden(self) -> bool:
        return self.data.get("x-hidden") is True

    @property
    def excluded(self) -> bool:
        return self.data.get("x-excluded") is True

    @property
    def title(self) -> str:
        return self.summary or self.operation_id or self.reference

    @property
    def href(self) -> str | None:
        """``x-mint: {href: ...}``, Mintlify's URL for the operation's page, when it names one
        (a string; :mod:`docgen.nav.registry` checks it)."""
        mint = self.data.get("x-mint")
        value = mint.get("href") if isinstance(mint, dict) else None
        return value if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    label: str
    description: str | None


@dataclass(slots=True)
class Spec:
    """A loaded spec: main document, the documents it references, and its operations."""

    name: str
    document: SourceDocument
    documents: dict[str, SourceDocument]
    version: str
    operations: tuple[Operation, ...]
    webhooks: tuple[Operation, ...]
    tags: tuple[Tag, ...]
    data: dict[str, Any] = field(repr=False)
    valid: bool = True  # no validation error (True while a deferred validation runs)
    remote_sha256: str | None = None  # an https:// spec: the SHA-256 of the copy used

    def find(self, method: str, path: str) -> Operation | None:
        """Exact match first; otherwise a match that differs only by a trailing slash."""
        for op in self.operations:
            if op.method == method and op.path == path:
                return op
        alt = path[:-1] if path.endswith("/") and len(path) > 1 else path + "/"
        for op in self.operations:
            if op.method == method and op.path == alt:
                return op
        return None

    def find_webhook(self, name: str) -> tuple[Operation, ...]:
        return tuple(op for op in self.webhooks if op.path == name)


def download_name(name: str) -> str:
    """Where a spec document is offered for download under ``_docgen/specs/``: its path in the
    docs root, or ``remote/<host>/<path>`` for an https:// spec (named by its URL)."""
    if "://" not in name:
        return name
    rest = name.split("://", 1)[1].split("?", 1)[0].split("#", 1)[0]
    parts = [p for p in rest.split("/") if p not in ("", ".", "..")]
    safe = ["".join(c if c.isalnum() or c in "-._" else "_" for c in p) for p in parts]
    if len(safe) == 1:
        safe.append("openapi")
    return "remote/" + "/".join(safe)


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def server_url(spec_name: str, url: str) -> str:
    """A Server Object's URL, read against where the spec came from: a relative URL
    (``/api/v3``) in an https:// spec is relative to that spec's URL (OpenAPI); in a spec
    file of the docs folder it stays relative (the playground reads it against the site)."""
    if spec_name.startswith("https://") and not _SCHEME.match(url) and "{" not in url[:1]:
        return urljoin(spec_name, url)
    return url
