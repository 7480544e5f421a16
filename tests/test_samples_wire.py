"""The page's static code samples (written before the reader types) send what the playground
sends for the same values: each sample is run for real (curl, Python requests, Node.js fetch)
against an API on 127.0.0.1 and its request compared with the playground's, sent from
headless Chromium with ``api.examples.prefill`` (the inputs start with the same examples)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from refresh_fixtures import run_docgen
from test_playground_forms import _samples as page_samples
from test_playground_wire import _open, _parts, _send, _serve
from upstream import Seen, Upstream, running_upstream

SPEC = """\
openapi: 3.1.0
info: {{title: Same, version: "1"}}
servers: [{{url: "{upstream}"}}]
paths:
  /styles/{{ids}}/{{mat}}:
    get:
      summary: Styles
      parameters:
        - name: ids
          in: path
          required: true
          style: label
          explode: true
          schema: &list {{type: array, items: {{type: string}}}}
          example: ["a,b", c]
        - name: mat
          in: path
          required: true
          style: matrix
          schema: {{type: object}}
          example: {{R: 1, G: 2}}
        - {{name: sdo, in: query, style: spaceDelimited, explode: false, schema: *list,
            example: [x, y]}}
        - {{name: pdo, in: query, style: pipeDelimited, explode: false, schema: *list,
            example: [p, q]}}
        - {{name: csv, in: query, explode: false, schema: *list, example: ["a,b", c]}}
        - {{name: deep, in: query, style: deepObject, schema: {{type: object}}, example: {{k: v}}}}
        - {{name: each, in: query, schema: *list, example: [x, y]}}
      responses: {{"200": {{description: ok}}}}
  /parts:
    post:
      summary: Parts
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                meta: {{type: object, properties: {{a: {{type: string}}}}}}
                note: {{type: string}}
                xml: {{type: string}}
                file: {{type: string, format: binary}}
            example: {{meta: {{a: "1"}}, note: hi, xml: '<a b="c;d"/>'}}
            encoding:
              xml: {{contentType: application/xml}}
      responses: {{"200": {{description: ok}}}}
  /fields:
    post:
      summary: Fields
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                tags: *list
                csv: *list
                metadata: {{type: object}}
            example: {{tags: [x, y], csv: [x, y], metadata: {{order: "7"}}}}
            encoding:
              csv: {{style: form, explode: false}}
              metadata: {{style: deepObject, explode: true}}
      responses: {{"200": {{description: ok}}}}
"""
FILE = b"\x00\x01binary\xff"


@pytest.fixture(scope="module")
def api() -> Iterator[Upstream]:
    with running_upstream() as upstream:
        yield upstream


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, api: Upstream) -> Iterator[str]:
    root = tmp_path_factory.mktemp("same")
    process, url = _serve(root, SPEC.format(upstream=api.url), examples={"prefill": True})
    try:
        yield url
    finally:
        process.stop()


def _samples(page: Any) -> dict[str, str]:
    """The page's generated samples by language, as written before the reader types."""
    tabs = page.locator(".sample-request [role=tab][data-lang]")
    out = {}
    for n in range(tabs.count()):
        tab = tabs.nth(n)
        panel = page.locator(f'[id="{tab.get_attribute("aria-controls")}"] pre code')
        out[str(tab.get_attribute("data-lang"))] = panel.text_content() or ""
    return out


def _run(lang: str, code: str, api: Upstream, cwd: Path) -> Seen:
    before = len(api.api_requests())
    (cwd / "example-file").write_bytes(FILE)
    if lang.endswith("curl"):
        command = ["bash", "-c", code + " --silent --show-error --output /dev/null"]
    elif lang.endswith("python"):
        (cwd / "sample.py").write_text(code)
        command = [sys.executable, "sample.py"]
    else:
        (cwd / "sample.mjs").write_text(code)
        command = ["node", "sample.mjs"]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    (seen,) = api.api_requests()[before:]
    return seen


def _by_playground(page: Any, served: str, api: Upstream, slug: str) -> tuple[dict[str, str], Seen]:
    page.goto(served + f"/api/{slug}/")
    samples = _samples(page)
    _open(page, served + f"/api/{slug}/")
    if slug == "parts":
        page.set_input_files(
            '[data-param="body:file"]',
            files=[
                {"name": "example-file", "mimeType": "application/octet-stream", "buffer": FILE}
            ],
        )
    return samples, _send(page, api)


LANGS = ["curl", "python", "javascript"]


def test_query_and_path_styles_in_the_samples_are_the_playgrounds(
    page: Any, served: str, api: Upstream, tmp_path: Path
) -> None:
    samples, sent = _by_playground(page, served, api, "styles")
    assert sent.target == (
        "/styles/.a%2Cb.c/;mat=R,1,G,2?sdo=x%20y&pdo=p%7Cq&csv=a%2Cb,c&deep%5Bk%5D=v&each=x&each=y"
    )
    for lang in LANGS:
        assert _run(lang, samples[lang], api, tmp_path).target == sent.target, lang


def _json_parts(seen: Seen) -> list[tuple[str, str, Any]]:
    """The parts, a JSON part's text read as JSON (the playground's editor indents it)."""
    return [
        (name, kind, json.loads(data) if kind == "application/json" else data)
        for name, kind, data in _parts(seen)
    ]


def test_multipart_parts_in_the_samples_say_their_content_type(
    page: Any, served: str, api: Upstream, tmp_path: Path
) -> None:
    samples, sent = _by_playground(page, served, api, "parts")
    assert _json_parts(sent) == [
        ("meta", "application/json", {"a": "1"}),
        ("note", "", b"hi"),
        ("xml", "application/xml", b'<a b="c;d"/>'),  # curl: in quotes, not cut at ";"
        ("file", "application/octet-stream", FILE),
    ]
    assert '--form \'meta={"a": "1"};type=application/json\'' in samples["curl"]
    # the page's samples once the reader has typed (here: chosen the file) are written by
    # the playground, and say the types too
    live = _samples(page)
    samples.update({f"live {lang}": live[lang] for lang in LANGS})
    for lang in [*LANGS, *(f"live {lang}" for lang in LANGS)]:
        got = _json_parts(_run(lang, samples[lang], api, tmp_path))
        # a client that is told no type for the file says octet-stream, or nothing
        got = [(n, "application/octet-stream" if n == "file" else k, d) for n, k, d in got]
        assert got == _json_parts(sent), lang


def test_urlencoded_encoding_objects_in_the_samples(
    page: Any, served: str, api: Upstream, tmp_path: Path
) -> None:
    samples, sent = _by_playground(page, served, api, "fields")
    expected = [("tags", "x"), ("tags", "y"), ("csv", "x,y"), ("metadata[order]", "7")]
    assert parse_qsl(sent.body.decode()) == expected
    for lang in LANGS:
        assert parse_qsl(_run(lang, samples[lang], api, tmp_path).body.decode()) == expected, lang


EXAMPLES_SPEC = """\
openapi: 3.1.0
info: {{title: Defaults, version: "1"}}
servers: [{{url: "{upstream}"}}]
paths:
  /things:
    post:
      summary: Make
      parameters:
        - {{name: q, in: query, required: true, schema: {{type: string}}, example: x}}
        - {{name: limit, in: query, schema: {{type: integer}}, example: 5}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [name, inner]
              properties:
                name: {{type: string, example: Rex}}
                nick: {{type: string}}
                inner:
                  type: object
                  required: [a]
                  properties: {{a: {{type: string, example: A}}, b: {{type: string}}}}
      responses: {{"200": {{description: ok}}}}
  /custom:
    get:
      summary: Custom
      x-codeSamples: [{{lang: go, source: "package main"}}]
      responses: {{"200": {{description: ok}}}}
"""


def _built(root: Path, upstream: str, examples: dict[str, Any]) -> tuple[Path, str]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "openapi.yaml").write_text(EXAMPLES_SPEC.format(upstream=upstream))
    config = {
        "name": "D",
        "api": {"examples": examples},
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["build", "docs.json", "-o", "out"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "out" / "api", result.stdout + result.stderr


def test_examples_defaults_required_leaves_optional_parameters_out(
    api: Upstream, tmp_path: Path
) -> None:
    pages, output = _built(tmp_path, api.url, {"defaults": "required"})
    assert "defaults" not in output  # no longer an unused key
    samples = page_samples(pages / "make" / "index.html")
    for lang in LANGS:  # q is required, limit (example 5) and nick are not
        seen = _run(lang, samples[lang], api, tmp_path)
        assert seen.target == "/things?q=x", lang
        assert json.loads(seen.body) == {"name": "Rex", "inner": {"a": "A"}}, lang


def test_examples_autogenerate_false_keeps_only_the_specs_own_samples(
    api: Upstream, tmp_path: Path
) -> None:
    pages, output = _built(tmp_path, api.url, {"autogenerate": False})
    assert "autogenerate" not in output
    assert 'data-lang="curl"' not in (pages / "make" / "index.html").read_text()
    custom = (pages / "custom" / "index.html").read_text()
    assert re.findall(r'role="tab"[^>]*data-lang="(\w+)"', custom) == ["go"]
