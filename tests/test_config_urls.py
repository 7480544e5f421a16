"""security.md item 21: every URL a config can carry is http(s), mailto or relative."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from docgen.cli import cli

UNSAFE = [
    "javascript:alert(document.domain)",
    "JaVaScRiPt:alert(1)",
    " java\tscript:alert(1)",
    "javascript&colon;alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
]
SAFE = ["https://example.com/x", "http://example.com", "mailto:docs@example.com", "/guides/x",
        "guides/x", "#top", "../x"]


def _site(tmp: Path, config: dict[str, Any], name: str = "docs.json") -> Path:
    (tmp / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp / name).write_text(json.dumps(config), encoding="utf-8")
    return tmp / name


def _check(target: Path) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["check", str(target), "--format", "json"])
    return result.exit_code, json.loads(result.output)


def _tabs(href: str) -> dict[str, Any]:
    return {
        "name": "x",
        "navigation": {
            "tabs": [
                {"tab": "Home", "pages": ["index"]},
                {"tab": "Out", "href": href},
            ]
        },
    }


@pytest.mark.parametrize("href", UNSAFE)
def test_unsafe_nav_href_is_config_invalid(tmp_path: Path, href: str) -> None:
    code, report = _check(_site(tmp_path, _tabs(href)))
    assert code == 1
    found = [d for d in report["diagnostics"] if d["code"] == "config-invalid"]
    assert found and found[0]["pointer"] == "/navigation/tabs/1/href", report["diagnostics"]
    assert "http(s), mailto or relative" in found[0]["message"]
    result = CliRunner().invoke(cli, ["build", str(tmp_path / "docs.json"), "-o",
                                      str(tmp_path / "_site")])
    assert result.exit_code == 1 and not (tmp_path / "_site").exists()


@pytest.mark.parametrize("href", SAFE)
def test_safe_nav_href_is_accepted(tmp_path: Path, href: str) -> None:
    code, report = _check(_site(tmp_path, _tabs(href)))
    assert code == 0, report["diagnostics"]


def test_unsafe_global_anchor_and_login_url(tmp_path: Path) -> None:
    config = _tabs("https://ok.example")
    config["navigation"]["global"] = {"anchors": [{"anchor": "x", "href": "javascript:alert(1)"}]}
    code, report = _check(_site(tmp_path, config))
    assert code == 1
    pointers = {d["pointer"] for d in report["diagnostics"] if d["code"] == "config-invalid"}
    assert "/navigation/global/anchors/0/href" in pointers, report["diagnostics"]


def test_unsafe_urls_in_mint_json(tmp_path: Path) -> None:
    config = {
        "name": "x",
        "navigation": [{"group": "Home", "pages": ["index"]}],
        "anchors": [{"name": "Out", "url": "javascript:alert(1)"}],
        "topbarLinks": [{"name": "Bad", "url": "data:text/html,x"}],
    }
    code, report = _check(_site(tmp_path, config, "mint.json"))
    assert code == 1
    pointers = {d["pointer"] for d in report["diagnostics"] if d["code"] == "config-invalid"}
    assert {"/anchors/0/url", "/topbarLinks/0/url"} <= pointers, report["diagnostics"]
