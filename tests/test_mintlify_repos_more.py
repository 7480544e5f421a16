"""What a third batch of real Mintlify repos (an AI gateway, a billing API, browser automation,
a coding agent, serverless data APIs, an agent framework) hit, each pinned by a test."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

LOCAL_SPEC = """\
openapi: 3.1.0
info: {title: Models, version: "1"}
paths:
  /models:
    get: {summary: List models, responses: {"200": {description: ok}}}
"""


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return site


def _check(site: Path, *args: str) -> str:
    result = run_docgen(["check", "docs.json", *args], site)
    return result.stdout + result.stderr


def test_a_spec_that_did_not_load_is_one_error_not_one_per_operation(tmp_path: Path) -> None:
    # The API's own spec is remote (unavailable offline); another spec sits in the repository.
    # Each page naming an operation of the remote spec used to be reported as missing from the
    # local one: hundreds of errors hiding the one that matters.
    remote = "https://specs.example.com/openapi.yaml"
    config = {
        "name": "Gateway",
        "api": {"openapi": remote},
        "navigation": {
            "tabs": [
                {"tab": "Docs", "groups": [{"group": "A", "pages": ["keys", "list"]}]},
                {"tab": "API", "openapi": [remote, "openapi/models.yaml"],
                 "groups": [{"group": "B", "pages": ["POST /keys"]}]},
            ]
        },
    }  # fmt: skip
    files = {
        "keys.mdx": "---\ntitle: Keys\nopenapi: GET /keys\n---\n",
        "list.mdx": "---\ntitle: List\nopenapi: get /api-keys/{id}\n---\n",
        "openapi/models.yaml": LOCAL_SPEC,
    }
    site = _site(tmp_path, config, files)
    out = _check(site, "--offline")
    assert out.count("error[spec-remote]") == 1, out
    assert "nav-unknown-operation" not in out, out
    # With every spec loaded, a reference found in none of them is still an error.
    config["api"] = {"openapi": "openapi/models.yaml"}
    config["navigation"]["tabs"][1]["openapi"] = "openapi/models.yaml"  # type: ignore[index]
    site = _site(tmp_path, config, files)
    out = _check(site, "--offline")
    assert out.count("error[nav-unknown-operation]") == 3, out


def test_each_language_may_have_its_own_page_of_one_operation(tmp_path: Path) -> None:
    # Translated API pages each name the same operation in their frontmatter: Mintlify builds
    # every one; only a page file and a navigation entry for one operation conflict.
    config = {
        "name": "Crew",
        "navigation": {
            "languages": [
                {"language": lang, "groups": [{"group": "API", "pages": [f"{lang}/kickoff"]}]}
                for lang in ("en", "ko", "pt-BR")
            ]
        },
    }
    files = {
        f"{lang}/kickoff.mdx": (
            f"---\ntitle: Kickoff ({lang})\nopenapi: /api.yaml POST /kickoff\n---\n"
        )
        for lang in ("en", "ko", "pt-BR")
    }
    files["api.yaml"] = (
        "openapi: 3.1.0\ninfo: {title: Crew, version: '1'}\npaths:\n  /kickoff:\n    post:\n"
        "      summary: Start a crew\n      responses: {'200': {description: ok}}\n"
    )
    site = _site(tmp_path, config, files)
    out = _check(site)
    assert "nav-page-conflict" not in out, out
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out"), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    for lang in ("en", "ko", "pt-BR"):
        html = (tmp_path / "out" / lang / "kickoff" / "index.html").read_text(encoding="utf-8")
        assert f"Kickoff ({lang})" in html and "/kickoff</" in html
    # A navigation entry for the operation beside those files is still a conflict, once a file.
    config["navigation"]["languages"][0]["groups"][0]["pages"].append("POST /kickoff")  # type: ignore[index]
    config["navigation"]["languages"][0]["openapi"] = "api.yaml"  # type: ignore[index]
    site = _site(tmp_path, config, files)
    assert _check(site).count("error[nav-page-conflict]") == 3


def test_a_heading_may_set_its_own_id() -> None:
    # Mintlify's custom heading ids: `## Memory & embedder config {#memory-embedder-config}`.
    from test_mdx import html_of

    from docgen.render.markdown import renderer

    page = (
        "## Memory & embedder config {#memory-embedder-config}\n\n"
        "<Tab title=\"A\">\n\n### Inside {#inSide}\n\n</Tab>\n\n"
        "## Configuration options {#config}\n\n## Configuration options {#config}\n\n"
        "## Plain {not an id}\n"
    )
    html, warnings = html_of(page)
    assert '<h2 id="memory-embedder-config">Memory &amp; embedder config<a' in html
    assert '<h3 id="inSide">Inside<a' in html  # its case kept, inside a component too
    assert html.count('<h2 id="config">') == 1 and '<h2 id="config-2">' in html
    assert "{#" not in html
    # Only `{#...}` is an id: another expression is still one, with its warning.
    assert len(warnings) == 1 and "{not an id}" in warnings[0]
    rendered = renderer().render("# Setup {#setup-steps}\n")
    assert rendered.headings == [(1, "Setup", "setup-steps")]
    assert '<h1 id="setup-steps">Setup<a' in rendered.html
