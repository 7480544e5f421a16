"""Read ``docs.json``: parse, validate against the schema, then build the typed model."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from docgen.config.keys import InvalidKey, parse_public_key
from docgen.config.model import (
    DEFAULT_DIRECTORY,
    DEFAULT_LANGUAGES,
    AuthConfig,
    NavNode,
    NodeKind,
    OpenApiSource,
    PageEntry,
    Playground,
    PlaygroundDisplay,
    SiteConfig,
)
from docgen.config.validate import human_errors
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import LoadError
from docgen.load.paths import resolve_inside
from docgen.load.source import SourceDocument, parse_json, read_text

_STRUCTURAL_KEYS = ("tabs", "versions", "anchors", "dropdowns")
_SIDEBAR_KEYS = ("groups", "pages")
_LABEL_KEY = {
    "tabs": ("tab", NodeKind.TAB),
    "versions": ("version", NodeKind.VERSION),
    "anchors": ("anchor", NodeKind.ANCHOR),
    "dropdowns": ("dropdown", NodeKind.DROPDOWN),
    "groups": ("group", NodeKind.GROUP),
}


def load_config(
    path: Path, name: str, diagnostics: Diagnostics
) -> tuple[SourceDocument | None, SiteConfig | None]:
    """Load and validate the config; problems go to ``diagnostics``.

    Returns the parsed document (for positions) and the model, or ``None`` for what failed.
    """
    try:
        text = read_text(path)
        data = parse_json(text)
    except LoadError as exc:
        diagnostics.error(
            Code.CONFIG_PARSE_ERROR,
            f"cannot read the site config: {exc.message}",
            Location(name, exc.line, exc.column),
        )
        return None, None
    document = SourceDocument(path=path, name=name, text=text, data=data, is_json=True)
    errors = human_errors(data)
    for ptr, message in errors:
        diagnostics.error(Code.CONFIG_INVALID, message, document.location(ptr))
    if errors:
        return document, None
    config = _build(data, document, diagnostics)
    return document, config


def _openapi(value: Any, ptr: str) -> tuple[OpenApiSource, ...] | None:
    if value is None:
        return None
    entries = value if isinstance(value, list) else [value]
    out = []
    for index, entry in enumerate(entries):
        entry_ptr = f"{ptr}/{index}" if isinstance(value, list) else ptr
        if isinstance(entry, str):
            out.append(OpenApiSource(entry, DEFAULT_DIRECTORY, entry_ptr))
        else:
            directory = entry.get("directory", DEFAULT_DIRECTORY).strip("/")
            out.append(OpenApiSource(entry["source"], directory, entry_ptr))
    return tuple(out)


def _node(
    kind: NodeKind,
    label: str,
    raw: dict[str, Any],
    ptr: str,
    doc: SourceDocument,
    diagnostics: Diagnostics,
) -> NavNode:
    structural = [k for k in _STRUCTURAL_KEYS if k in raw]
    sidebar = [k for k in _SIDEBAR_KEYS if k in raw]
    if len(structural) > 1 or (structural and sidebar):
        found = structural + sidebar
        diagnostics.error(
            Code.CONFIG_INVALID,
            f"{_dotted(ptr)}: a navigation element takes one kind of children; "
            f"found {' and '.join(repr(k) for k in found)}",
            doc.location(f"{ptr}/{found[1]}#key"),
        )
    items: list[NavNode | PageEntry] = []
    # Listed pages come first, then groups (their documented order in a sidebar).
    for key in ("pages", "groups", *_STRUCTURAL_KEYS):
        for index, child in enumerate(raw.get(key, [])):
            child_ptr = f"{ptr}/{key}/{index}"
            if isinstance(child, str):
                items.append(PageEntry(child.strip(), child_ptr))
                continue
            label_key, child_kind = _LABEL_KEY["groups" if key == "pages" else key]
            items.append(_node(child_kind, child[label_key], child, child_ptr, doc, diagnostics))
    return NavNode(
        kind=kind,
        label=label,
        pointer=ptr,
        openapi=_openapi(raw.get("openapi"), f"{ptr}/openapi"),
        items=tuple(items),
        href=raw.get("href"),
        hidden=bool(raw.get("hidden", False)),
        expanded=bool(raw.get("expanded", False)),
        default=bool(raw.get("default", False)),
    )


def _dotted(ptr: str) -> str:
    out = ""
    for token in ptr.split("/")[1:]:
        out += f"[{token}]" if token.isdigit() else (f".{token}" if out else token)
    return out or "(top level)"


def _auth(raw: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> AuthConfig:
    """The auth section with its public key read and checked (problems reported, not raised)."""
    auth = AuthConfig(
        type=raw["type"],
        login_url=raw["loginUrl"],
        public_key=raw.get("publicKey"),
        public_key_file=raw.get("publicKeyFile"),
        algorithm=raw.get("algorithm"),
    )
    pointer = "/auth/publicKey" if auth.public_key is not None else "/auth/publicKeyFile"
    try:
        if auth.public_key is not None:
            text = auth.public_key
        else:
            root = doc.path.parent
            text = read_text(resolve_inside(root, str(auth.public_key_file)))
        key = parse_public_key(text, auth.algorithm)
    except (InvalidKey, LoadError) as exc:
        reason = exc.message if isinstance(exc, LoadError) else str(exc)
        diagnostics.error(
            Code.CONFIG_INVALID,
            f"auth.{pointer.rsplit('/', 1)[1]}: {reason}",
            doc.location(pointer),
        )
        return auth
    return replace(auth, key_spki=key.spki_base64, key_algorithm=key.algorithm)


def _build(data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> SiteConfig:
    api = data.get("api", {})
    raw_playground = api.get("playground", {})
    playground = Playground(
        display=PlaygroundDisplay(raw_playground.get("display", "interactive")),
        proxy=bool(raw_playground.get("proxy", True)),
        allow=tuple(o.rstrip("/") for o in raw_playground.get("allow", [])),
        allow_local=bool(raw_playground.get("allowLocal", False)),
    )
    raw_auth = data.get("auth")
    auth = None
    if raw_auth is not None:
        auth = _auth(raw_auth, doc, diagnostics)
    if playground.display is PlaygroundDisplay.AUTH and auth is None:
        diagnostics.error(
            Code.CONFIG_INVALID,
            "api.playground.display: 'auth' shows the playground only to signed-in readers, "
            "so it needs site authentication; add an 'auth' section "
            '({"type": "jwt", "loginUrl": ..., "publicKey": ...}) or choose another mode',
            doc.location("/api/playground/display"),
        )
    navigation = _node(NodeKind.ROOT, "", data["navigation"], "/navigation", doc, diagnostics)
    return SiteConfig(
        name=data["name"],
        url=data.get("url", "").rstrip("/") or None,
        description=data.get("description"),
        primary_color=data.get("colors", {}).get("primary"),
        navigation=navigation,
        playground=playground,
        languages=tuple(api.get("examples", {}).get("languages", DEFAULT_LANGUAGES)),
        auth=auth,
    )
