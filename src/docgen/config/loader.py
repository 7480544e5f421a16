"""Read ``docs.json``: parse, validate against the schema, then build the typed model."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from docgen.config import urls
from docgen.config.apimdx import read_api_mdx, read_playground, sample_languages
from docgen.config.chrome import read_chrome
from docgen.config.contextual import read_contextual
from docgen.config.includes import deep_message, has_includes, resolve_includes, too_deep
from docgen.config.integrations import read_integrations
from docgen.config.keys import parse_public_key
from docgen.config.look import read_look
from docgen.config.mint import convert_mint
from docgen.config.model import (
    DEFAULT_DIRECTORY,
    AuthConfig,
    GlobalLink,
    NavNode,
    NodeKind,
    OpenApiSource,
    PageEntry,
    PlaygroundDisplay,
    SiteConfig,
)
from docgen.config.onekind import keep_one_kind
from docgen.config.operator import operator_settings
from docgen.config.redirects import read_redirects
from docgen.config.unused import unused_keys
from docgen.config.validate import dotted, human_errors
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import InvalidKey, LoadError
from docgen.lenient import NOTE, unknown_key
from docgen.load.paths import resolve_inside, root_relative
from docgen.load.source import SourceDocument, parse_json, read_text

_STRUCTURAL_KEYS = ("tabs", "versions", "anchors", "dropdowns", "languages", "products", "menu")
_SIDEBAR_KEYS = ("groups", "pages")
_LABEL_KEY = {
    "tabs": ("tab", NodeKind.TAB),
    "versions": ("version", NodeKind.VERSION),
    "anchors": ("anchor", NodeKind.ANCHOR),
    "dropdowns": ("dropdown", NodeKind.DROPDOWN),
    "languages": ("language", NodeKind.LANGUAGE),
    "products": ("product", NodeKind.PRODUCT),
    "menu": ("item", NodeKind.MENU),
    "groups": ("group", NodeKind.GROUP),
}


def load_config(
    path: Path, name: str, diagnostics: Diagnostics, *, lenient: bool = False
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
    deep = too_deep(data)
    if deep is not None:
        diagnostics.error(Code.CONFIG_INVALID, deep_message(), document.location(deep))
        return document, None
    if has_includes(data):
        located = resolve_includes(document, path.parent, diagnostics)
        if located is None:
            return document, None
        document, data = located, located.data
    if name.endswith("mint.json") or (
        isinstance(data, dict) and "navigation" in data and isinstance(data["navigation"], list)
    ):
        return load_mint(document, diagnostics, lenient=lenient)
    errors = human_errors(data)
    errors += [(ptr, urls.message(ptr, url)) for ptr, url in urls.unsafe_urls(data)]
    if lenient:
        data, errors = _drop_unknown_keys(data, errors, document, diagnostics)
        data = keep_one_kind(data, document, diagnostics)
    for ptr, message in errors:
        diagnostics.error(Code.CONFIG_INVALID, message, document.location(ptr))
    if errors:
        return document, None
    report_unused(data, document, diagnostics)
    config = _build(data, document, diagnostics)
    return document, config


def _drop_unknown_keys(
    data: Any, errors: list[tuple[str, str]], doc: SourceDocument, diagnostics: Diagnostics
) -> tuple[Any, list[tuple[str, str]]]:
    """``--lenient``: unknown keys become warnings and are left out (as Mintlify ignores them)."""
    unknown = [(p, m) for p, m in errors if p.endswith("#key") and "unknown key" in m]
    if not unknown:
        return data, errors
    data = json.loads(json.dumps(data))
    for ptr, message in unknown:
        diagnostics.warning(Code.CONFIG_INVALID, message + NOTE, doc.location(ptr))
        *parents, last = ptr.removesuffix("#key").split("/")[1:]
        node: Any = data
        for token in parents:
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        node.pop(last.replace("~1", "/").replace("~0", "~"), None)
    return data, human_errors(data)


def load_mint(
    document: SourceDocument, diagnostics: Diagnostics, *, lenient: bool = False
) -> tuple[SourceDocument, SiteConfig | None]:
    """A ``mint.json``, read through the documented mapping to the docs.json model."""
    if not isinstance(document.data, dict):
        diagnostics.error(
            Code.CONFIG_INVALID,
            "(top level): expected an object",
            document.location(""),
        )
        return document, None
    before = diagnostics.errors
    mapped, data, unused = convert_mint(document, diagnostics)
    if lenient:
        diagnostics.demote(unknown_key, NOTE)
    errors = human_errors(data)
    for ptr, message in errors:
        diagnostics.error(Code.CONFIG_INVALID, message, mapped.location(ptr))
    for ptr, url in urls.unsafe_urls(document.data):
        diagnostics.error(Code.CONFIG_INVALID, urls.message(ptr, url), document.location(ptr))
    for shape, ptr in unused.items():
        diagnostics.info(
            Code.CONFIG_UNUSED_KEY,
            f"{shape}: '{shape.rsplit('.', 1)[-1].removesuffix('[]')}' is a mint.json setting "
            "docgen does not use yet; accepted and ignored",
            mapped.location(ptr),
        )
    if diagnostics.errors > before:
        return mapped, None
    config = _build(data, mapped, diagnostics)
    return mapped, replace(config, source_format="mint.json")


def report_unused(data: Any, doc: SourceDocument, diagnostics: Diagnostics) -> None:
    """One ``config-unused-key`` info per Mintlify key shape docgen accepts but ignores."""
    for key in unused_keys(data):
        diagnostics.info(Code.CONFIG_UNUSED_KEY, key.message(), doc.location(key.first))


def _openapi(value: Any, ptr: str) -> tuple[OpenApiSource, ...] | None:
    if value is None:
        return None
    entries = value if isinstance(value, list) else [value]
    out = []
    for index, entry in enumerate(entries):
        entry_ptr = f"{ptr}/{index}" if isinstance(value, list) else ptr
        if isinstance(entry, str):
            out.append(OpenApiSource(root_relative(entry), DEFAULT_DIRECTORY, entry_ptr))
        else:
            directory = entry.get("directory", DEFAULT_DIRECTORY).strip("/")
            out.append(OpenApiSource(root_relative(entry["source"]), directory, entry_ptr))
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
            f"{dotted(int(t) if t.isdigit() else t for t in ptr.split('/')[1:])}: a navigation "
            "element takes one kind of children; "
            f"found {' and '.join(repr(k) for k in found)}",
            doc.location(f"{ptr}/{found[1]}#key"),
        )
    items: list[NavNode | PageEntry] = []
    # Listed pages come first, then groups (their documented order in a sidebar).
    for key in ("pages", "groups", *_STRUCTURAL_KEYS):
        for index, child in enumerate(raw.get(key, [])):
            child_ptr = f"{ptr}/{key}/{index}"
            if isinstance(child, str):
                if child.strip():
                    items.append(PageEntry(child.strip(), child_ptr))
                else:  # the schema refuses "" only
                    diagnostics.error(
                        Code.CONFIG_INVALID,
                        f"{dotted(int(t) if t.isdigit() else t for t in child_ptr.split('/')[1:])}"
                        ": must not be empty (it holds only spaces)",
                        doc.location(child_ptr),
                    )
                continue
            label_key, child_kind = _LABEL_KEY["groups" if key == "pages" else key]
            child_label = str(child.get(label_key) or child.get("name") or "")
            items.append(_node(child_kind, child_label, child, child_ptr, doc, diagnostics))
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
        global_links=tuple(_own_globals(raw, ptr)),
        root=PageEntry(raw["root"].strip(), f"{ptr}/root") if "root" in raw else None,
        listing=raw.get("directory"),
        boost=float(raw["boost"]) if "boost" in raw else None,
        **_icon(raw.get("icon")),
        tag=_text(raw.get("tag")) if kind in (NodeKind.GROUP, NodeKind.VERSION) else None,
        description=_text(raw.get("description")) if kind in _DESCRIBED else None,
        icon_at=doc.location(f"{ptr}/icon") if raw.get("icon") else None,
    )


def _icon(wanted: Any) -> dict[str, Any]:
    """An element's ``icon``: a name or path, or ``{name, style}``."""
    name = wanted.get("name") if isinstance(wanted, dict) else wanted
    style = wanted.get("style") if isinstance(wanted, dict) else None
    return {
        "icon": name.strip() if isinstance(name, str) else "",
        "icon_style": style if isinstance(style, str) else None,
    }


def _text(wanted: Any) -> str | None:
    """A short text (a group's ``tag``, a dropdown's ``description``), ``None`` when absent or
    blank."""
    return (wanted.strip() or None) if isinstance(wanted, str) else None


def _auth(raw: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> AuthConfig:
    """The auth section with its public key read and checked (problems reported, not raised)."""
    auth = AuthConfig(
        type=raw["type"],
        login_url=raw["loginUrl"],
        public_key=raw.get("publicKey"),
        public_key_file=raw.get("publicKeyFile"),
        algorithm=raw.get("algorithm"),
        audience=raw.get("audience"),
        issuer=raw.get("issuer"),
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
    # Only for a usable key: a broken one is the problem to fix first.
    missing = [k for k in ("audience", "issuer") if raw.get(k) is None]
    if missing:
        diagnostics.warning(
            Code.CONFIG_INVALID,
            f"auth: no {' or '.join(repr(k) for k in missing)} set, so a token signed by this key "
            "for another service is accepted too; set the 'aud' and 'iss' your login service "
            "puts in tokens for these docs",
            doc.location("/auth"),
        )
    return replace(auth, key_spki=key.spki_base64, key_algorithm=key.algorithm)


def _build(data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics) -> SiteConfig:
    api = data.get("api", {})
    # Content never widens what the server does (security.md 19): only the operator can.
    playground = operator_settings(
        api.get("playground", {}), read_playground(api), doc, diagnostics
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
    contextual = read_contextual(data, doc, diagnostics)
    return SiteConfig(
        name=data["name"],
        url=data.get("url", "").rstrip("/") or None,
        description=data.get("description"),
        primary_color=data.get("colors", {}).get("primary"),
        chrome=read_chrome(data),
        api_mdx=read_api_mdx(data, doc, diagnostics),
        redirects=read_redirects(data, doc, diagnostics),
        look=read_look(data, doc, diagnostics),
        contextual=contextual,
        integrations=read_integrations(data, doc, diagnostics),
        navigation=navigation,
        playground=playground,
        languages=sample_languages(api.get("examples", {}), doc, diagnostics),
        auth=auth,
        api_openapi=_openapi(api.get("openapi"), "/api/openapi") or (),
        global_links=tuple(
            {
                (g.kind, g.label, g.href): g
                for g in _global_links(data["navigation"], "/navigation")
            }.values()
        ),
    )


_DESCRIBED = (NodeKind.DROPDOWN, NodeKind.PRODUCT, NodeKind.MENU)  # what draws a description
_GLOBAL_KINDS = {
    "tabs": ("tab", NodeKind.TAB),
    "anchors": ("anchor", NodeKind.ANCHOR),
    "dropdowns": ("dropdown", NodeKind.DROPDOWN),
    "versions": ("version", NodeKind.VERSION),
    "languages": ("language", NodeKind.LANGUAGE),
    "products": ("product", NodeKind.PRODUCT),
}


def _own_globals(raw: dict[str, Any], ptr: str) -> list[GlobalLink]:
    """The entries of this element's own ``global`` that link somewhere, in order."""
    out: list[GlobalLink] = []
    for key, entries in raw.get("global", {}).items():
        label_key, kind = _GLOBAL_KINDS[key]
        for index, entry in enumerate(entries):
            href = entry.get("href")
            if href and not entry.get("hidden", False):
                label = str(entry.get(label_key) or entry.get("name") or href)
                wanted = entry.get("icon")
                icon = wanted.get("name") if isinstance(wanted, dict) else wanted
                style = wanted.get("style") if isinstance(wanted, dict) else None
                out.append(
                    GlobalLink(
                        kind,
                        label,
                        href,
                        f"{ptr}/global/{key}/{index}",
                        icon if isinstance(icon, str) else "",
                        style if isinstance(style, str) else None,
                    )
                )
    return out


def _global_links(raw: Any, ptr: str) -> list[GlobalLink]:
    """Every ``global`` entry with an ``href``, anywhere in the navigation, in order."""
    out: list[GlobalLink] = []
    if isinstance(raw, list):
        for index, item in enumerate(raw):
            out.extend(_global_links(item, f"{ptr}/{index}"))
        return out
    if not isinstance(raw, dict):
        return out
    out.extend(_own_globals(raw, ptr))
    for key in (*_STRUCTURAL_KEYS, "groups", "pages"):
        if isinstance(raw.get(key), list):
            out.extend(_global_links(raw[key], f"{ptr}/{key}"))
    return out
