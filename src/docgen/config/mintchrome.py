"""The chrome of a ``mint.json`` (its top bar, footer, background and code blocks) in the
shape of docs.json's ``navbar``, ``footer``, ``background`` and ``styling``, with the origin
markers config/mint.py strips."""

from __future__ import annotations

from typing import Any


def mint_chrome(data: dict[str, Any]) -> dict[str, Any]:
    """``topbarLinks`` (``name``, ``url``) become ``navbar.links``, ``topbarCtaButton``
    (``type`` link or github) ``navbar.primary``, ``footerSocials`` (``{type: url}`` or
    ``[{type, url}]``) ``footer.socials``; entries without a ``url`` are left out."""
    out: dict[str, Any] = {}
    navbar: dict[str, Any] = {"__ptr": "/topbarLinks"}
    listed = data.get("topbarLinks")
    links = []
    for index, raw in enumerate(listed if isinstance(listed, list) else []):
        if isinstance(raw, dict) and isinstance(raw.get("url"), str) and raw["url"]:
            github = raw.get("type") == "github"
            name = raw.get("name") if isinstance(raw.get("name"), str) else ""
            entry = {"label": name or ("GitHub" if github else raw["url"]), "href": raw["url"]}
            links.append({**entry, "__ptr": f"/topbarLinks/{index}"})
    if links:
        navbar["links"] = links
    cta = data.get("topbarCtaButton")
    if isinstance(cta, dict) and isinstance(cta.get("url"), str) and cta["url"]:
        kind = "github" if cta.get("type") == "github" else "button"
        primary = {"type": kind, "href": cta["url"], "__ptr": "/topbarCtaButton"}
        if isinstance(cta.get("name"), str) and cta["name"]:
            primary["label"] = cta["name"]
        navbar["primary"] = primary
    if len(navbar) > 1:
        out["navbar"] = navbar
    raw_socials = data.get("footerSocials")
    pairs = (
        [(s.get("type"), s.get("url")) for s in raw_socials if isinstance(s, dict)]
        if isinstance(raw_socials, list)
        else list(raw_socials.items())
        if isinstance(raw_socials, dict)
        else []
    )
    socials = {k: v for k, v in pairs if isinstance(k, str) and k and isinstance(v, str)}
    if socials:
        out["footer"] = {"socials": {**socials, "__ptr": "/footerSocials"}}
    out.update(_look(data))
    return out


# mint.json's ``theme`` and ``layout`` as Mintlify's upgrade to docs.json maps them
# (@mintlify/validation, upgradeToDocsConfig): a ``layout`` with a side navigation wins.
_THEMES = {"venus": "palm", "quill": "willow", "prism": "mint"}
_LAYOUTS = {"sidenav": "maple", "solidSidenav": "willow"}
# The values mint.json's schema allows (config/mint.py reports any other at its place).
MINT_CHOICES = {"theme": (*_THEMES,), "layout": ("topnav", *_LAYOUTS)}


def _look(data: dict[str, Any]) -> dict[str, Any]:
    """``theme`` (``venus``, ``quill``, ``prism``) and ``layout`` (``sidenav``,
    ``solidSidenav``) become docs.json's ``theme``, as Mintlify's upgrade maps them;
    ``background.style`` becomes ``background.decoration``; ``codeBlock.mode`` (``auto``
    or ``dark``) ``styling.codeblocks`` (``system`` or ``dark``)."""
    out: dict[str, Any] = {}
    # Names only: a list or object there is reported by config/mint.py, and cannot be a key.
    theme, layout = str(data.get("theme")), str(data.get("layout"))
    if layout in _LAYOUTS:
        out["theme"] = {"__value": _LAYOUTS[layout], "__ptr": "/layout"}
    elif theme in _THEMES:
        out["theme"] = {"__value": _THEMES[theme], "__ptr": "/theme"}
    background, code = data.get("background"), data.get("codeBlock")
    if isinstance(background, dict) and "style" in background:
        style = {"__value": background["style"], "__ptr": "/background/style"}
        out["background"] = {"decoration": style, "__ptr": "/background"}
    elif background is not None and not isinstance(background, dict):
        # Not an object: docs.json's check says so at the key (it was ignored without a word).
        out["background"] = {"__value": background, "__ptr": "/background"}
    if isinstance(code, dict) and "mode" in code:
        out["styling"] = {
            "codeblocks": {"__value": _mode(code["mode"]), "__ptr": "/codeBlock/mode"},
            "__ptr": "/codeBlock",
        }
    elif code is not None and not isinstance(code, dict):
        out["styling"] = {
            "codeblocks": {"__value": _mode(code), "__ptr": "/codeBlock"},
            "__ptr": "/codeBlock",
        }
    return out


def _mode(value: Any) -> Any:
    """mint.json's code block mode as docs.json names it (``auto`` is ``system``), however it is
    written (``codeBlock.mode`` or ``codeBlock`` itself)."""
    return "system" if value == "auto" else value
