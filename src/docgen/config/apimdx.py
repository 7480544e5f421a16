"""``api.mdx`` of docs.json: the server and authentication of hand-written ``api:`` pages."""

from __future__ import annotations

from typing import Any

from docgen.config.model import ApiMdx
from docgen.config.urls import scheme_of
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument


def read_api_mdx(data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> ApiMdx:
    """``api.mdx`` (already schema-valid); a server that is not an http(s) URL is an error."""
    api = data.get("api")
    raw = api.get("mdx") if isinstance(api, dict) else None
    if not isinstance(raw, dict):
        return ApiMdx()
    server = raw.get("server")
    listed = [server] if isinstance(server, str) else list(server or [])
    servers = []
    for index, url in enumerate(listed):
        ptr = "/api/mdx/server" + ("" if isinstance(server, str) else f"/{index}")
        if scheme_of(url) not in ("http", "https"):
            diagnostics.error(
                Code.CONFIG_INVALID,
                f"api.mdx.server: {url[:60]!r} is not an http(s) URL (the playground sends "
                "requests there)",
                doc.location(ptr),
            )
            continue
        servers.append(url.rstrip("/"))
    found = raw.get("auth")
    auth: dict[str, Any] = found if isinstance(found, dict) else {}
    method = auth.get("method")
    name = auth.get("name")
    return ApiMdx(
        tuple(servers),
        method if isinstance(method, str) else None,
        name if isinstance(name, str) else None,
    )
