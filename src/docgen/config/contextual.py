"""docs.json ``contextual``: the menu at the top of each page (Mintlify's contextual menu) that
copies the page as Markdown, opens its Markdown twin, or hands the page to a chat assistant.

Built-in options docgen can offer on a static site are kept; those that need Mintlify's hosted
services (its MCP server, assistant, PDF export) are left out with an info line; an unknown
name is an error with the nearest one. A custom option's link must be http(s) or relative.
"""

from __future__ import annotations

from typing import Any

from docgen.config import urls
from docgen.config.model import MenuOption
from docgen.diagnostics import Code, Diagnostics, close_matches
from docgen.load.source import SourceDocument

# What a chat assistant is asked: docgen's Markdown twin of the page is the context.
_ASK = "Read $url so I can ask questions about it."
_ABOUT = "Ask questions about this page"


def _chat(name: str, base: str, *query: tuple[str, str]) -> MenuOption:
    return MenuOption("link", f"Open in {name}", _ABOUT, base, (*query, ("q", _ASK)), "comment")


BUILT_IN: dict[str, MenuOption] = {
    "copy": MenuOption("copy", "Copy page", "Copy this page as Markdown for LLMs", icon="copy"),
    "view": MenuOption("view", "View as Markdown", "View this page as plain text", icon="markdown"),
    "chatgpt": _chat("ChatGPT", "https://chatgpt.com/", ("hints", "search")),
    "claude": _chat("Claude", "https://claude.ai/new"),
    "perplexity": _chat("Perplexity", "https://www.perplexity.ai/search/new"),
    "grok": _chat("Grok", "https://grok.com/"),
    "download-spec": MenuOption(
        "spec", "Download API spec", "The OpenAPI spec of this page", icon="download"
    ),
}
# Mintlify's options that need a service a static site does not have.
_HOSTED = {
    "assistant": "Mintlify's hosted assistant",
    "download-pdf": "Mintlify's PDF export",
    "aistudio": "a prompt address Google AI Studio does not document",
    "devin": "a Devin session address Devin does not document",
    "devin-desktop": "the Devin Desktop app's address",
    **dict.fromkeys(
        ("mcp", "add-mcp", "cursor", "vscode", "devin-mcp"),
        "a hosted MCP server, which a static site does not have",
    ),
}


def read_contextual(
    data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics
) -> tuple[MenuOption, ...]:
    """``contextual`` (already schema-valid): its options in order. ``display: toc`` is read
    as the header too: the table of contents is hidden on narrow screens, and its column
    clips a dropdown."""
    raw = data.get("contextual")
    if not isinstance(raw, dict):
        return ()
    options: list[MenuOption] = []
    for index, value in enumerate(raw.get("options") or []):
        pointer = f"/contextual/options/{index}"
        option = (
            _named(value, pointer, doc, diagnostics)
            if isinstance(value, str)
            else _custom(value, pointer, doc, diagnostics)
        )
        if option is not None and option not in options:
            options.append(option)
    return tuple(options)


def _named(
    name: str, pointer: str, doc: SourceDocument, diagnostics: Diagnostics
) -> MenuOption | None:
    found = BUILT_IN.get(name)
    if found is not None:
        return found
    where = doc.location(pointer)
    if name in _HOSTED:
        diagnostics.info(
            Code.CONFIG_UNUSED_KEY,
            f"contextual option '{name}' needs {_HOSTED[name]}; left out of the menu",
            where,
        )
        return None
    close = close_matches(name, [*BUILT_IN, *_HOSTED], n=1, cutoff=0.7)
    hint = f"; did you mean '{close[0]}'?" if close else f" (use one of {', '.join(BUILT_IN)})"
    diagnostics.error(
        Code.CONFIG_INVALID, f"contextual option '{name}' is not a menu option{hint}", where
    )
    return None


def _custom(
    value: dict[str, Any], pointer: str, doc: SourceDocument, diagnostics: Diagnostics
) -> MenuOption | None:
    href = value["href"]
    base, query = (href, []) if isinstance(href, str) else (href["base"], href.get("query", []))
    if not urls.allowed(base) or base.startswith("mailto:"):
        diagnostics.error(
            Code.CONFIG_INVALID,
            f"contextual option '{value['title']}': {base!r} is not a link docgen writes: "
            "use an http(s) or relative URL",
            doc.location(pointer + ("/href" if isinstance(href, str) else "/href/base")),
        )
        return None
    if any("$mcp" in item["value"] for item in query):
        diagnostics.info(
            Code.CONFIG_UNUSED_KEY,
            f"contextual option '{value['title']}' uses $mcp, a hosted MCP server's address, "
            "which a static site does not have; left out of the menu",
            doc.location(pointer),
        )
        return None
    return MenuOption(
        "link",
        value["title"],
        value.get("description", ""),
        base,
        tuple((item["key"], item["value"]) for item in query),
        value.get("icon"),
        value.get("iconType"),
    )
