"""Small Mintlify-shaped docs sites written into a folder, for the navigation tests."""

from __future__ import annotations

import json
from pathlib import Path

# Two languages (English at the root, marked default but listed second), root- and
# language-level ``global`` anchors, a tab whose dropdowns split its sidebar, and a group
# with a ``root`` page and a ``directory`` listing (overridden to "none" below it).
POLYGLOT = {
    "name": "Polyglot",
    "navbar": {"primary": {"type": "button", "label": "Dashboard", "href": "https://example.com"}},
    "navigation": {
        "global": {"anchors": [{"anchor": "Status", "href": "https://status.example.com"}]},
        "languages": [
            {
                "language": "fr",
                "global": {"anchors": [{"anchor": "Le blog", "href": "https://example.com/fr"}]},
                "tabs": [
                    {"tab": "Guides", "groups": [
                        {"group": "Démarrer", "pages": ["fr/start", "fr/guide/install"]}]},
                ],
            },
            {
                "language": "en",
                "default": True,
                "global": {"anchors": [{"anchor": "Blog", "href": "https://example.com/blog"}]},
                "tabs": [
                    {"tab": "Guides", "directory": "card", "groups": [
                        {"group": "Start", "pages": ["start", "guide/install"]},
                        {"group": "Help", "root": "help/index", "pages": [
                            "help/billing",
                            {"group": "Account", "root": "help/account/index",
                             "directory": "none", "pages": ["help/account/keys"]},
                        ]},
                    ]},
                    {"tab": "Products", "dropdowns": [
                        {"dropdown": "Cloud", "groups": [{"group": "C", "pages": ["cloud"]}]},
                        {"dropdown": "Edge", "groups": [{"group": "E", "pages": ["edge"]}]},
                    ]},
                ],
            },
        ],
    },
}  # fmt: skip

PAGES = [
    "fr/start", "fr/guide/install", "start", "guide/install", "help/index", "help/billing",
    "help/account/index", "help/account/keys", "cloud", "edge",
]  # fmt: skip


def write_site(folder: Path, config: dict[str, object], pages: list[str]) -> Path:
    """``docs.json`` and one small page per name (title: its last path part); the config."""
    for name in pages:
        path = folder / f"{name}.mdx"
        path.parent.mkdir(parents=True, exist_ok=True)
        title = name.replace("/index", "").split("/")[-1]
        path.write_text(
            f"---\ntitle: {title}\ndescription: About {title}.\n---\n\nThe {name} page.\n",
            encoding="utf-8",
        )
    config_path = folder / "docs.json"
    config_path.write_text(json.dumps(config, indent=2, ensure_ascii=False), encoding="utf-8")
    return config_path
