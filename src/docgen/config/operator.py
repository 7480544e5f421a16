"""What the docs config asks for that only the operator may grant (security.md 19): the
playground proxy reaching local addresses, and readers' cookies sent with playground requests."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from docgen.config.model import Playground
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

ALLOW_CREDENTIALS = "DOCGEN_ALLOW_CREDENTIALS"  # "1": set by --allow-credentials too


def credentials_allowed() -> bool:
    """Whether the operator lets playground requests carry the reader's cookies."""
    return os.environ.get(ALLOW_CREDENTIALS, "") == "1"


def operator_settings(
    raw: dict[str, Any], playground: Playground, doc: SourceDocument, diagnostics: Diagnostics
) -> Playground:
    """``playground`` with ``credentials`` on only when the config asks, the operator allows
    and the proxy is off; a located warning for each request the config cannot grant."""
    if raw.get("allowLocal") is True:
        diagnostics.warning(
            Code.CONFIG_INVALID,
            "api.playground.allowLocal is ignored: a docs config cannot let the playground proxy "
            "reach loopback or private addresses; whoever runs the server decides that with "
            "'docgen serve --allow-local' (or DOCGEN_ALLOW_LOCAL=1)",
            doc.location("/api/playground/allowLocal"),
        )
    if raw.get("credentials") is not True:
        return playground
    where = doc.location("/api/playground/credentials")
    if not credentials_allowed():
        diagnostics.warning(
            Code.CONFIG_INVALID,
            "api.playground.credentials is ignored: sending readers' cookies with playground "
            "requests is for whoever builds or serves the site to allow; run docgen with "
            f"--allow-credentials (or {ALLOW_CREDENTIALS}=1) to let it",
            where,
        )
        return playground
    if playground.proxy:
        diagnostics.warning(
            Code.CONFIG_INVALID,
            "api.playground.credentials has no effect while the playground uses the proxy, which "
            "never forwards readers' cookies; set api.playground.proxy to false so the browser "
            "calls the API itself, with its cookies",
            where,
        )
        return playground
    return replace(playground, credentials=True)
