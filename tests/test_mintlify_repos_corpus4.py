"""What a fourth batch of real Mintlify repos (an API client, an agent framework, a log
platform, an edge database, a survey tool, an AI database, two mint.json sites) hit, each
pinned by a test."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config_name = "mint.json" if "navigation" in config and isinstance(
        config["navigation"], list
    ) else "docs.json"
    (site / config_name).write_text(json.dumps(config), encoding="utf-8")
    return site


def _run(site: Path, *args: str) -> tuple[int, str]:
    config = "mint.json" if (site / "mint.json").exists() else "docs.json"
    result = run_docgen([*args[:1], config, *args[1:]], site)
    return result.returncode, result.stdout + result.stderr


NAV = {"name": "Docs", "navigation": {"groups": [{"group": "G", "pages": ["index"]}]}}


def test_lenient_builds_a_page_whose_frontmatter_is_a_line_of_text(tmp_path: Path) -> None:
    # A tutorial whose frontmatter holds its title alone (no 'title:'): YAML reads a string,
    # as Mintlify's reader does, and Mintlify builds the page without frontmatter.
    site = _site(
        tmp_path,
        NAV,
        {
            "index.md": "# Home\n",
            "tutorial.mdx": "---\nAugmenting chats with GPT\n---\n\n## Introduction\n\nText.\n",
        },
    )
    code, out = _run(site, "check")
    assert code == 1, out
    assert "tutorial.mdx:2:1: error[page-parse-error]" in out
    assert "--lenient reports them as warnings" in out  # the hint counts it

    code, out = _run(site, "check", "--lenient")
    assert code == 0, out
    assert "tutorial.mdx:2:1: warning[page-parse-error]" in out
    code, out = _run(site, "build", "--lenient", "-o", str(tmp_path / "out"))
    assert code == 0, out
    html = (tmp_path / "out" / "tutorial" / "index.html").read_text(encoding="utf-8")
    assert "Introduction" in html


def test_lenient_keeps_frontmatter_that_is_not_yaml_an_error(tmp_path: Path) -> None:
    # YAML that does not parse fails Mintlify's build too ("Invalid frontmatter").
    site = _site(
        tmp_path,
        NAV,
        {"index.md": "# Home\n", "bad.mdx": "---\ntitle: [unclosed\n---\n\nText.\n"},
    )
    code, out = _run(site, "check", "--lenient")
    assert code == 1, out
    assert "bad.mdx:" in out and "error[page-parse-error]" in out
