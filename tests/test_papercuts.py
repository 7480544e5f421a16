"""What a new user hit on a fresh machine, each pinned by a test: output folders read back as
pages, Markdown twins without oneOf variants, literal ``{param}`` placeholders in code samples,
relative llms.txt links, the paths and hints the CLI prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SPEC = """\
openapi: 3.1.0
info: {title: Books, version: "1"}
paths:
  /books/{bookId}:
    get:
      summary: Get a book
      tags: [books]
      parameters:
        - name: bookId
          in: path
          required: true
          schema: {type: string, example: bk_42}
        - name: shelf
          in: query
          required: true
          schema: {$ref: '#/components/schemas/Shelf'}
        - name: format
          in: query
          required: true
          schema: {type: string, enum: [json, xml]}
        - name: X-Tenant
          in: header
          required: true
          schema: {type: string, examples: [acme]}
      responses:
        "200": {description: ok}
  /orders:
    post:
      summary: Place an order
      tags: [orders]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - {$ref: '#/components/schemas/PickUp'}
                - {$ref: '#/components/schemas/Delivery'}
      responses:
        "201": {description: created}
components:
  schemas:
    Shelf: {type: string, default: fiction}
    PickUp:
      title: Pick-up
      type: object
      properties:
        store: {type: string, description: Store to collect from}
    Delivery:
      title: Delivery
      type: object
      properties:
        address: {type: string, description: Where to deliver}
"""


def _docgen(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(cwd / ".cache")}
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args],
        cwd=cwd, capture_output=True, text=True, timeout=120, check=False, env=env,
    )


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    (tmp_path / "openapi.yaml").write_text(SPEC, "utf-8")
    (tmp_path / "index.md").write_text("# Home\n\nWelcome.\n", "utf-8")
    config = {
        "name": "Books",
        "navigation": {
            "tabs": [
                {"tab": "Guides", "pages": ["index"]},
                {"tab": "API", "openapi": "openapi.yaml"},
            ]
        },
    }
    (tmp_path / "docs.json").write_text(json.dumps(config), "utf-8")
    return tmp_path


def _urls(site: Path) -> list[str]:
    manifest = json.loads((site / "_docgen" / "manifest.json").read_text("utf-8"))
    return [page["url"] for page in manifest["pages"]]


def test_an_earlier_output_folder_is_not_read_back_as_pages(docs: Path) -> None:
    assert _docgen("build", "-o", "out", cwd=docs).returncode == 0
    result = _docgen("build", cwd=docs)
    assert result.returncode == 0, result.stderr
    urls = _urls(docs / "_site")
    assert urls and not any(url.startswith("/out") for url in urls), urls
    assert _urls(docs / "out") == urls


def test_markdown_twin_lists_oneof_variants(docs: Path) -> None:
    assert _docgen("build", "-o", "out", "--quiet", cwd=docs).returncode == 0
    twin = (docs / "out" / "api-reference" / "orders" / "place-an-order.md").read_text("utf-8")
    body = twin.split("## Request body", 1)[1].split("## ", 1)[0]
    assert "one of: Pick-up" in body and "one of: Delivery" in body
    assert "`store`" in body and "Store to collect from" in body
    assert "`address`" in body and "Where to deliver" in body


def test_code_samples_use_the_examples_on_parameter_schemas(docs: Path) -> None:
    assert _docgen("build", "-o", "out", "--quiet", cwd=docs).returncode == 0
    twin = (docs / "out" / "api-reference" / "books" / "get-a-book.md").read_text("utf-8")
    sample = twin.split("## Example request", 1)[1]
    assert "{bookId}" not in sample
    assert "/books/bk_42" in sample  # schema.example
    assert "shelf=fiction" in sample  # schema.default through a $ref
    assert "format=json" in sample  # the first enum value
    assert "X-Tenant: acme" in sample  # schema.examples[0]


def test_llms_txt_links_are_relative_without_a_url(docs: Path) -> None:
    assert _docgen("build", "-o", "out", "--quiet", cwd=docs).returncode == 0
    text = (docs / "out" / "llms.txt").read_text("utf-8")
    assert "](index.md)" in text and "](api-reference/books/get-a-book.md)" in text
    assert "](/" not in text


def test_llms_txt_links_are_absolute_with_a_url(docs: Path) -> None:
    config = json.loads((docs / "docs.json").read_text("utf-8"))
    config["url"] = "https://docs.example.com/books/"
    (docs / "docs.json").write_text(json.dumps(config), "utf-8")
    assert _docgen("build", "-o", "out", "--quiet", cwd=docs).returncode == 0
    text = (docs / "out" / "llms.txt").read_text("utf-8")
    assert "](https://docs.example.com/books/api-reference/books/get-a-book.md)" in text


@pytest.mark.parametrize("args", [(), ("-o", "_site")], ids=["default", "-o"])
def test_build_names_the_output_folder_relative_to_the_working_folder(
    docs: Path, args: tuple[str, ...]
) -> None:
    result = _docgen("build", *args, cwd=docs)
    assert result.returncode == 0, result.stderr
    assert " into _site in " in result.stderr, result.stderr
    assert str(docs) not in result.stderr


@pytest.mark.parametrize("command", ["build", "check", "serve"])
def test_missing_config_hint_names_the_command(tmp_path: Path, command: str) -> None:
    result = _docgen(command, cwd=tmp_path)
    assert result.returncode == 2
    assert f"(docgen {command} path/to/docs.json)" in result.stderr
    assert "Traceback" not in result.stderr


def test_snippets_are_imported_not_built_as_pages(docs: Path) -> None:
    snippets = docs / "snippets"
    snippets.mkdir()
    (snippets / "hello.mdx").write_text("Hello {word}!\n", "utf-8")
    (docs / "index.md").unlink()
    (docs / "index.mdx").write_text(
        "import Hello from '/snippets/hello.mdx'\n\n<Hello word=\"world\" />\n", "utf-8"
    )
    result = _docgen("build", "-o", "out", cwd=docs)
    assert result.returncode == 0, result.stderr
    assert "snippets/hello" not in result.stderr  # no warning for the fragment on its own
    assert not any(url.startswith("/snippets") for url in _urls(docs / "out"))
    assert "Hello world!" in (docs / "out" / "index.html").read_text("utf-8")


def test_a_page_without_a_title_is_named_by_its_first_heading_outside_code(
    tmp_path: Path,
) -> None:
    """A ``# comment`` in a code block is not a heading (a real repo had 557 pages titled by
    shell comments); "```x```" on one line is inline code, not a fence that hides the rest."""
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "T", "navigation": {"pages": ["setup", "no-heading", "inline"]}})
    )
    (tmp_path / "setup.mdx").write_text(
        "Intro.\n\n```bash\n# Replace <SUBNET> with yours\nrun\n```\n\n# Set up the network\n"
    )
    (tmp_path / "no-heading.md").write_text("```python\n# not a title\n```\n")
    (tmp_path / "inline.md").write_text("```gcloud list```\n\n# After inline code\n")
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "check", "--format", "json"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    titles = {p["url"]: p["title"] for p in json.loads(run.stdout)["pages"]}
    assert titles == {
        "/setup": "Set up the network", "/no-heading": "No Heading", "/inline": "After inline code"
    }
