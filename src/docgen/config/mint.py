"""``mint.json`` (Mintlify's older config), read through a mapping to the ``docs.json`` model.

The mapping (documented in the README, "mint.json"):

- ``name``, ``colors.primary/light/dark``, ``logo``, ``favicon`` as in docs.json;
  ``modeToggle`` (``default``, ``isHidden``) becomes ``appearance`` (``default``, ``strict``);
  ``openapi`` (a path, URL or list) becomes ``api.openapi`` (specs that page frontmatter
  names; it never makes the file a spec);
  ``api.playground.mode`` ``show``/``simple``/``hide`` becomes ``display``
  ``interactive``/``simple``/``none``, ``disableProxy: true`` becomes ``proxy: false``,
  ``api.request.example.languages`` becomes ``api.examples.languages``.
  ``theme`` and ``layout`` become docs.json's ``theme`` (config/mintchrome.py).
- ``navigation`` (a list of groups) becomes the sidebar. ``tabs`` and ``anchors`` with a local
  ``url`` split it: a page goes to the division whose ``url`` is the longest folder prefix of its
  path, the rest to a first division named by ``primaryTab.name`` / ``topAnchor.name``
  (default ``Documentation``); a division's ``openapi`` becomes its ``openapi`` with
  ``directory`` = its ``url``. Divisions with an ``http(s)`` ``url`` become ``global`` links.
  When both tabs and local anchors exist, the anchors are read as tabs.
- ``versions`` (names or ``{name, default}``) become versions, each holding the groups (and
  tabs) with that ``version`` or none; versions with a ``locale`` become languages.
- Every other key of the mint.json schema is accepted and reported once as
  ``config-unused-key``; keys outside it are ``config-invalid`` with a did-you-mean hint.
"""

from __future__ import annotations

from typing import Any

from docgen.config.includes import LocatedDocument
from docgen.config.mintchrome import MINT_CHOICES, mint_chrome
from docgen.diagnostics import Code, Diagnostics, close_matches
from docgen.load.source import SourceDocument

_USED = {
    "$schema",
    "name",
    "colors",
    "navigation",
    "openapi",
    "api",
    "tabs",
    "anchors",
    "versions",
    "topAnchor",
    "primaryTab",
    "redirects",
    "logo",
    "favicon",
    "modeToggle",
    "topbarLinks",
    "topbarCtaButton",
    "footerSocials",
    "analytics",
    "search",
    "background",
    "codeBlock",
    "theme",
    "layout",
}
_UNUSED = {
    "backgroundImage",
    "eyebrow",
    "feedback",
    "font",
    "footer",
    "hideFeedbackButtons",  # documented by Mintlify for mint.json, read by its renderer
    "integrations",
    "isWhiteLabeled",
    "metadata",
    "mintlify",
    "rounded",
    "seo",
    "sidebar",
    "topbar",
}
_NESTED_KNOWN = {
    "colors": {"primary", "light", "dark", "anchors", "background", "ultraLight", "ultraDark"},
    "api": {"auth", "baseUrl", "maintainOrder", "paramFields", "playground", "request"},
    "group": {"group", "icon", "iconType", "pages", "public", "version"},
    "tab": {"name", "url", "openapi", "version", "isDefaultHidden"},
    "anchor": {"name", "url", "openapi", "version", "isDefaultHidden", "icon", "iconType", "color"},
}
_MODES = {"show": "interactive", "simple": "simple", "hide": "none"}


def _remote(url: Any) -> bool:
    return isinstance(url, str) and url.startswith(("http://", "https://"))


def _folder(url: str) -> str:
    return "/" + url.strip("/") + "/"


class _Converter:
    def __init__(self, data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics):
        self.data = data
        self.doc = doc
        self.diagnostics = diagnostics
        self.unused: dict[str, str] = {}  # shape -> first pointer

    def _keys(self, raw: Any, kind: str, ptr: str, shape: str) -> None:
        if not isinstance(raw, dict):
            return
        known = _NESTED_KNOWN[kind]
        for key in raw:
            if key not in known:
                close = close_matches(key, sorted(known), n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                self.diagnostics.error(
                    Code.CONFIG_INVALID,
                    f"{shape}: unknown mint.json key '{key}'{hint}",
                    self.doc.location(f"{ptr}/{key}#key"),
                )

    def convert(self) -> dict[str, Any]:
        data = self.data
        for key in data:
            if key in _UNUSED:
                self.unused.setdefault(key, f"/{key}#key")
            elif key not in _USED:
                close = close_matches(key, sorted(_USED | _UNUSED), n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                self.diagnostics.error(
                    Code.CONFIG_INVALID,
                    f"unknown mint.json key '{key}'{hint}",
                    self.doc.location(f"/{key}#key"),
                )
        for key, choices in MINT_CHOICES.items():
            if key in data and data[key] not in choices:
                close = close_matches(str(data[key]), choices)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                self.diagnostics.error(
                    Code.CONFIG_INVALID,
                    f"{key}: {str(data[key])[:60]!r} is not one of {', '.join(choices)}{hint}",
                    self.doc.location(f"/{key}"),
                )
        out: dict[str, Any] = {"name": data.get("name"), "__ptr": ""}
        colors = data.get("colors")
        if isinstance(colors, dict):
            self._keys(colors, "colors", "/colors", "colors")
            out["colors"] = {k: colors[k] for k in ("primary", "light", "dark") if k in colors}
            out["colors"]["__ptr"] = "/colors"
            for key in colors:
                if key not in ("primary", "light", "dark"):
                    self.unused.setdefault(f"colors.{key}", f"/colors/{key}#key")
        api = self._api(data.get("api"))
        if "openapi" in data:
            api["openapi"] = {"__value": data["openapi"], "__ptr": "/openapi"}
        if api:
            out["api"] = api
        if "redirects" in data:
            out["redirects"] = {"__value": data["redirects"], "__ptr": "/redirects"}
        if "analytics" in data:  # docs.json calls it ``integrations``: the same shape
            out["integrations"] = {"__value": data["analytics"], "__ptr": "/analytics"}
        if "search" in data:  # ``prompt``, as in docs.json
            out["search"] = {"__value": data["search"], "__ptr": "/search"}
        for key in ("logo", "favicon"):  # the same shapes as in docs.json
            if key in data:
                out[key] = {"__value": data[key], "__ptr": f"/{key}"}
        toggle = data.get("modeToggle")
        if isinstance(toggle, dict):
            appearance: dict[str, Any] = {"__ptr": "/modeToggle"}
            if toggle.get("default") in ("light", "dark"):
                appearance["default"] = toggle["default"]
            if toggle.get("isHidden") is True:
                appearance["strict"] = True
            out["appearance"] = appearance
        out.update(mint_chrome(self.data))
        out["navigation"] = self._navigation()
        return out

    def _api(self, raw: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if not isinstance(raw, dict):
            return out
        self._keys(raw, "api", "/api", "api")
        playground = raw.get("playground")
        if isinstance(playground, dict):
            mapped: dict[str, Any] = {"__ptr": "/api/playground"}
            if playground.get("mode") in _MODES:
                mapped["display"] = _MODES[playground["mode"]]
            if playground.get("disableProxy") is True:
                mapped["proxy"] = False
            out["playground"] = mapped
        example = (
            (raw.get("request") or {}).get("example")
            if isinstance(raw.get("request"), dict)
            else None
        )
        if isinstance(example, dict) and "languages" in example:
            out["examples"] = {
                "languages": example["languages"],
                "__ptr": "/api/request/example",
            }
        mdx: dict[str, Any] = {"__ptr": "/api"}
        if "baseUrl" in raw:  # hand-written API pages' server (docs.json api.mdx.server)
            mdx["server"] = {"__value": raw["baseUrl"], "__ptr": "/api/baseUrl"}
        auth = raw.get("auth")
        if isinstance(auth, dict):
            kept = {k: auth[k] for k in ("method", "name") if k in auth}
            mdx["auth"] = {"__value": kept, "__ptr": "/api/auth"}
        if len(mdx) > 1:
            out["mdx"] = mdx
        for key in raw:
            if key not in ("playground", "request", "baseUrl", "auth"):
                self.unused.setdefault(f"api.{key}", f"/api/{key}#key")
        return out

    # -- navigation --------------------------------------------------------------------------

    def _group(self, raw: Any, ptr: str, keep: Any) -> dict[str, Any] | None:
        """A converted group holding only the pages ``keep(page)`` accepts (None if empty)."""
        if not isinstance(raw, dict):
            return None
        self._keys(raw, "group", ptr, "navigation[]")
        drawn = isinstance(raw.get("icon"), str)  # before the group's label in the sidebar
        for key in ("icon", "iconType", "public"):
            if key in raw and not (drawn and key != "public"):
                self.unused.setdefault(f"navigation[].{key}", f"{ptr}/{key}#key")
        pages: list[Any] = []
        for index, page in enumerate(
            raw.get("pages", []) if isinstance(raw.get("pages"), list) else []
        ):
            page_ptr = f"{ptr}/pages/{index}"
            if isinstance(page, str):
                if keep(page):
                    pages.append({"__page": page, "__ptr": page_ptr})
            else:
                nested = self._group(page, page_ptr, keep)
                if nested is not None:
                    pages.append(nested)
        if not pages:
            return None
        group: dict[str, Any] = {"group": raw.get("group"), "pages": pages, "__ptr": ptr}
        if drawn:
            wanted = {"name": raw["icon"], "style": raw.get("iconType")}
            group["icon"] = {"__value": wanted, "__ptr": f"{ptr}/icon"}
        return group

    def _groups(self, version: str | None, keep: Any) -> list[dict[str, Any]]:
        out = []
        navigation = self.data.get("navigation")
        for index, raw in enumerate(navigation if isinstance(navigation, list) else []):
            if version is not None and isinstance(raw, dict):
                own = raw.get("version")
                if own is not None and own != version:
                    continue
            group = self._group(raw, f"/navigation/{index}", keep)
            if group is not None:
                out.append(group)
        return out

    @staticmethod
    def _sidebar(groups: list[dict[str, Any]]) -> dict[str, Any]:
        """A sidebar of ``groups``: a group named "" (mint.json's way of listing pages with no
        heading, usually at the top) gives its pages to the sidebar itself."""
        pages = [p for g in groups if g["group"] == "" for p in g["pages"]]
        named = [g for g in groups if g["group"] != ""]
        return {"pages": pages, "groups": named} if pages else {"groups": named}

    def _divisions(self, version: str | None) -> dict[str, Any]:
        local: list[tuple[str, int, dict[str, Any]]] = []
        for key in ("tabs", "anchors"):
            entries = self.data.get(key)
            for index, raw in enumerate(entries if isinstance(entries, list) else []):
                if not isinstance(raw, dict):
                    continue
                if version is None:
                    self._keys(raw, key[:-1], f"/{key}/{index}", f"{key}[]")
                if raw.get("version") not in (None, version):
                    continue
                if not _remote(raw.get("url")) and isinstance(raw.get("url"), str):
                    local.append((key, index, raw))
        if not local:
            return self._sidebar(self._groups(version, lambda page: True))
        kind = "tabs" if any(key == "tabs" for key, _, _ in local) else "anchors"
        label = "tab" if kind == "tabs" else "anchor"
        prefixes = [_folder(raw["url"]) for _, _, raw in local]

        def owner(page: str) -> int | None:
            path = _folder(page)
            best = None
            for i, prefix in enumerate(prefixes):
                if path.startswith(prefix) and (best is None or len(prefix) > len(prefixes[best])):
                    best = i
            return best

        divisions: list[dict[str, Any]] = []
        rest = self._groups(version, lambda page: owner(page) is None)
        if rest:
            primary = self.data.get("primaryTab" if kind == "tabs" else "topAnchor")
            name = primary.get("name") if isinstance(primary, dict) else None
            divisions.append({label: name or "Documentation", **self._sidebar(rest)})
        for i, (key, index, raw) in enumerate(local):
            division: dict[str, Any] = {label: raw.get("name"), "__ptr": f"/{key}/{index}"}
            groups = self._groups(version, lambda page, i=i: owner(page) == i)
            if groups:
                division.update(self._sidebar(groups))
            if raw.get("openapi") is not None:
                sources = raw["openapi"] if isinstance(raw["openapi"], list) else [raw["openapi"]]
                division["openapi"] = [
                    {
                        "source": {"__value": s, "__ptr": f"/{key}/{index}/openapi"},
                        "directory": raw["url"].strip("/"),
                    }
                    for s in sources
                ]
            elif not groups:
                continue
            if raw.get("isDefaultHidden") is True:
                division["hidden"] = True
            if isinstance(raw.get("icon"), str):  # an anchor's, before its label in the tab row
                division["icon"] = raw["icon"]
            divisions.append(division)
        return {kind: divisions}

    def _navigation(self) -> dict[str, Any]:
        versions = self.data.get("versions")
        if isinstance(versions, list) and versions:
            locale = all(isinstance(v, dict) and v.get("locale") for v in versions)
            kind, label = ("languages", "language") if locale else ("versions", "version")
            entries = []
            for index, raw in enumerate(versions):
                name = raw.get("name") if isinstance(raw, dict) else raw
                entry: dict[str, Any] = {
                    label: raw["locale"] if locale else name,
                    "__ptr": f"/versions/{index}",
                }
                if isinstance(raw, dict) and raw.get("default"):
                    entry["default"] = True
                if isinstance(raw, dict) and _remote(raw.get("url")):
                    entry["href"] = raw["url"]
                else:
                    entry.update(self._divisions(name))
                entries.append(entry)
            nav: dict[str, Any] = {kind: entries, "__ptr": "/navigation"}
        else:
            nav = {**self._divisions(None), "__ptr": "/navigation"}
        links: dict[str, list[Any]] = {}
        for key in ("tabs", "anchors"):
            listed = self.data.get(key)
            for index, raw in enumerate(listed if isinstance(listed, list) else []):
                if isinstance(raw, dict) and _remote(raw.get("url")):
                    entry = {
                        key[:-1]: raw.get("name") or raw["url"],
                        "href": raw["url"],
                        "__ptr": f"/{key}/{index}",
                    }
                    if key == "anchors" and isinstance(raw.get("icon"), str):
                        style = raw.get("iconType")
                        entry["icon"] = {"__value": {"name": raw["icon"], "style": style}}
                    links.setdefault(key, []).append(entry)
        if links:
            nav["global"] = links
        return nav


def _finish(node: Any, ptr: str, aliases: dict[str, Any]) -> Any:
    """Strip the origin markers, recording ``new pointer -> mint.json pointer``."""
    if isinstance(node, dict):
        if "__ptr" in node:
            aliases[ptr] = node["__ptr"]
        if "__page" in node:
            return node["__page"]
        if "__value" in node:
            return node["__value"]
        return {k: _finish(v, f"{ptr}/{k}", aliases) for k, v in node.items() if k != "__ptr"}
    if isinstance(node, list):
        return [_finish(v, f"{ptr}/{i}", aliases) for i, v in enumerate(node)]
    return node


def convert_mint(
    document: SourceDocument, diagnostics: Diagnostics
) -> tuple[LocatedDocument, dict[str, Any], dict[str, str]]:
    """The docs.json-shaped dict of a mint.json, its located document and unused keys."""
    converter = _Converter(document.data, document, diagnostics)
    shaped = converter.convert()
    origins: dict[str, str] = {}
    data = _finish(shaped, "", origins)
    mapped = LocatedDocument(
        path=document.path,
        name=document.name,
        text=document.text,
        data=document.data,
        is_json=True,
    )
    mapped.aliases = {new: (mapped, old) for new, old in origins.items()}
    return mapped, data, converter.unused
