"""docs.json ``api.mdx`` (the server and authentication of hand-written ``api:`` pages) and
``api.examples.languages`` (which code samples pages show)."""

from __future__ import annotations

from typing import Any

from docgen.config.model import DEFAULT_LANGUAGES, ApiMdx, Playground, PlaygroundDisplay
from docgen.config.urls import scheme_of
from docgen.diagnostics import Code, Diagnostics, close_matches
from docgen.load.source import SourceDocument

# Code-sample languages: docgen generates curl, python and javascript; Mintlify's other names
# for them are read as those, and languages docgen cannot generate are skipped (info).
SAMPLE_ALIASES = {
    "bash": "curl",
    "sh": "curl",
    "shell": "curl",
    "curl": "curl",
    "python": "python",
    "py": "python",
    "python3": "python",
    "javascript": "javascript",
    "js": "javascript",
    "node": "javascript",
    "nodejs": "javascript",
    "node.js": "javascript",
}


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


def sample_languages(
    examples: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics
) -> tuple[str, ...]:
    """``api.examples.languages`` mapped to what docgen generates; typos stay errors. None
    with ``api.examples.autogenerate: false``: only the spec's own samples are shown."""
    wanted = examples.get("languages")
    if wanted is None:
        return () if examples.get("autogenerate") is False else DEFAULT_LANGUAGES
    out: list[str] = []
    for index, name in enumerate(wanted):
        ptr = f"/api/examples/languages/{index}"
        mapped = SAMPLE_ALIASES.get(name.lower())
        if mapped is not None:
            if mapped not in out:
                out.append(mapped)
            continue
        close = close_matches(name.lower()[:64], list(SAMPLE_ALIASES), n=1, cutoff=0.75)
        shown = name if len(name) <= 60 else f"{name[:40]}...{name[-17:]}"  # quoted, bounded
        if close:
            diagnostics.error(
                Code.CONFIG_INVALID,
                f"api.examples.languages[{index}]: '{shown}' is not a code-sample language; "
                f"did you mean '{close[0]}'?",
                doc.location(ptr),
            )
            continue
        diagnostics.info(
            Code.CONFIG_UNUSED_KEY,
            f"api.examples.languages[{index}]: docgen does not generate '{shown}' samples "
            "(it generates curl, python, javascript); skipped",
            doc.location(ptr),
        )
    if examples.get("autogenerate") is False:
        return ()
    return tuple(out) or DEFAULT_LANGUAGES


def read_playground(api: dict[str, Any]) -> Playground:
    """``api.playground``, and the ``api.examples`` options the pages' examples follow."""
    raw = api.get("playground", {})
    examples = api.get("examples", {})
    return Playground(
        display=PlaygroundDisplay(raw.get("display", "interactive")),
        proxy=bool(raw.get("proxy", True)),
        allow=tuple(o.rstrip("/") for o in raw.get("allow", [])),
        prefill=examples.get("prefill") is True,
        required_only=examples.get("defaults") == "required",
    )
