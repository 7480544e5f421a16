"""Form bodies (multipart/form-data, application/x-www-form-urlencoded) for real: the page's
curl and JavaScript samples run (curl, Node) against a real API on 127.0.0.1, and the
playground in headless Chromium sends chosen files through ``docgen serve``'s proxy and
straight to the API. What arrived is read with Python's own MIME parser."""

from __future__ import annotations

import email.parser
import email.policy
import html
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from refresh_fixtures import run_docgen
from serving import docgen_serve
from upstream import Seen, Upstream, running_upstream

SPEC = """\
openapi: 3.1.0
info: {{title: Files, version: "1"}}
servers: [{{url: "{upstream}"}}]
paths:
  /files:
    post:
      summary: Upload a file
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              allOf:
                - type: object
                  required: [file]
                  properties:
                    file: {{type: string, format: binary, description: The file to upload.}}
                - type: object
                  required: [purpose]
                  properties:
                    purpose: {{type: string, enum: [assistants, fine-tune]}}
                    tags: {{type: array, items: {{type: string}}, example: [red, blue]}}
                    attachments:
                      type: array
                      items: {{type: string, contentMediaType: image/png}}
                    note: {{type: string, example: "@home"}}
                    motto: {{type: string, example: 'a; b "c";type=text/html'}}
      responses:
        "201": {{description: Stored}}
  /tokens:
    post:
      summary: Get a token
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [grant_type]
              properties:
                grant_type: {{type: string, example: client_credentials}}
                scope: {{type: string, example: "read write"}}
      responses:
        "201": {{description: A token}}
  /assets:
    post:
      summary: Upload an asset
      requestBody:
        required: true
        content:
          application/octet-stream:
            schema: {{type: string, format: binary}}
            examples: {{default: {{value: "@example.zip"}}}}
      responses:
        "201": {{description: Stored}}
  /images:
    put:
      summary: Put an image
      requestBody:
        content:
          image/*:
            schema: {{type: string, format: binary}}
      responses:
        "201": {{description: Stored}}
  /any:
    post:
      summary: Post anything
      requestBody:
        content:
          "*/*":
            schema: {{type: object}}
            example: {{a: 1}}
      responses:
        "201": {{description: Stored}}
  /photos:
    post:
      summary: Send a photo
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                caption: {{type: string}}
                caption_entities:
                  type: array
                  items:
                    type: object
                    properties: {{type: {{type: string}}, offset: {{type: integer}}}}
      responses:
        "201": {{description: Sent}}
  /notes:
    post:
      summary: Post a note
      requestBody:
        content:
          text/plain:
            schema: {{type: string}}
            example: "Hello, it's me"
      responses:
        "201": {{description: Stored}}
"""
UPLOAD = "/api/upload-a-file/"
PHOTO = "/api/send-a-photo/"
TOKEN = "/api/get-a-token/"


def _parts(seen: Seen) -> list[tuple[str, str | None, bytes]]:
    """(name, file name, bytes) of each part of a multipart body, by the standard library."""
    head = f"Content-Type: {seen.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + seen.body)
    assert message.is_multipart()
    return [
        (
            str(part.get_param("name", header="content-disposition")),
            part.get_filename(),
            part.get_payload(decode=True) or b"",
        )
        for part in message.iter_parts()
    ]


def _samples(page: Path) -> dict[str, str]:
    """The page's request samples by language (the text of each highlighted block)."""
    text = page.read_text("utf-8")
    out = {}
    for lang in ("curl", "python", "javascript"):
        tab = re.search(rf'aria-controls="([^"]+)"[^>]*data-lang="{lang}"', text)
        assert tab is not None, lang
        panel = re.search(
            rf'id="{tab.group(1)}".*?<pre[^>]*><code[^>]*>(.*?)</code></pre>', text, re.S
        )
        assert panel is not None, lang
        out[lang] = html.unescape(re.sub(r"<[^>]+>", "", panel.group(1)))
    return out


@pytest.fixture(scope="module")
def api() -> Iterator[Upstream]:
    with running_upstream() as upstream:
        yield upstream


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, api: Upstream) -> Path:
    root = tmp_path_factory.mktemp("forms")
    (root / "openapi.yaml").write_text(SPEC.format(upstream=api.url))
    config = {
        "name": "F",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["build", "docs.json", "-o", "out", "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def test_the_multipart_samples_upload_a_file_when_run(built: Path, api: Upstream) -> None:
    """curl, Python (requests) and Node each run the page's sample; each delivers the same
    parts, every text value exactly as the spec gives it."""
    samples = _samples(built / "out" / UPLOAD.strip("/") / "index.html")
    assert "Content-Type" not in samples["curl"]  # curl writes it, with its boundary
    (built / "example-file").write_bytes(b"\x89PNG\x00 bytes")
    (built / "sample.py").write_text(samples["python"])
    (built / "sample.mjs").write_text(samples["javascript"])
    runs = [["bash", "-c", samples["curl"]], [sys.executable, "sample.py"]]
    if shutil.which("node"):
        runs.append(["node", "sample.mjs"])
    for command in runs:
        before = len(api.api_requests())
        subprocess.run(command, cwd=built, check=True, capture_output=True)
        (seen,) = api.api_requests()[before:]
        parts = _parts(seen)
        # Node reads the file too (fs.openAsBlob), not a placeholder Blob
        assert ("file", "example-file", b"\x89PNG\x00 bytes") in parts, command[0]
        assert [(n, v) for n, f, v in parts if f is None] == [
            ("purpose", b"assistants"),
            ("tags", b"red"),
            ("tags", b"blue"),
            ("note", b"@home"),  # a value, not a file named "home"
            ("motto", b'a; b "c";type=text/html'),  # not cut at ";", not a typed part
        ], command[0]


def test_the_urlencoded_samples_send_a_form_when_run(built: Path, api: Upstream) -> None:
    samples = _samples(built / "out" / TOKEN.strip("/") / "index.html")
    before = len(api.api_requests())
    subprocess.run(["bash", "-c", samples["curl"]], cwd=built, check=True, capture_output=True)
    (seen,) = api.api_requests()[before:]
    assert seen.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(seen.body.decode()) == [
        ("grant_type", "client_credentials"),
        ("scope", "read write"),
    ]


def test_file_and_text_body_samples_send_the_bytes_and_the_text(built: Path, api: Upstream) -> None:
    out = built / "out" / "api"
    (built / "example-file").write_bytes(bytes(range(256)))
    sent = []
    for slug in ("upload-an-asset", "put-an-image", "post-a-note", "post-anything"):
        curl = _samples(out / slug / "index.html")["curl"]
        before = len(api.api_requests())
        subprocess.run(["bash", "-c", curl], cwd=built, check=True, capture_output=True)
        (seen,) = api.api_requests()[before:]
        sent.append((seen.headers["content-type"], seen.body))
    assert sent == [
        ("application/octet-stream", bytes(range(256))),  # the file, not '"@example.zip"'
        ("image/png", bytes(range(256))),  # a type a request can state, not image/*
        ("text/plain", b"Hello, it's me"),  # the text as written, not a JSON string
        ("application/json", b'{"a": 1}'),  # any type: JSON, said so (not octet-stream)
    ]


@pytest.fixture(scope="module")
def served(built: Path) -> Iterator[str]:
    process, url = docgen_serve(built / "docs.json", "--no-watch", "--allow-local")
    try:
        yield url
    finally:
        process.stop()


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")


def _send(page: Any) -> None:
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")


def test_the_playground_sends_chosen_files_through_the_proxy(
    page: Any, served: str, api: Upstream
) -> None:
    _open(page, served + UPLOAD)
    before = len(api.api_requests())
    page.click("[data-pg-send]")  # nothing chosen: the required file and purpose are said
    page.wait_for_selector('[data-error-for="body:file"]:not([hidden])')
    assert page.locator('[data-error-for="body:file"]').inner_text().strip() == "Choose a file."
    assert page.locator('[data-error-for="body:purpose"]').is_visible()
    assert len(api.api_requests()) == before
    binary = bytes(range(256)) * 40  # every byte value, 10 KiB
    page.set_input_files(
        '[data-param="body:file"]',
        files=[{"name": "data.bin", "mimeType": "application/octet-stream", "buffer": binary}],
    )
    page.set_input_files(
        '[data-param="body:attachments"]',
        files=[
            {"name": "a.png", "mimeType": "image/png", "buffer": b"A"},
            {"name": "b.png", "mimeType": "image/png", "buffer": b"B"},
        ],
    )
    page.select_option('[data-param="body:purpose"]', "fine-tune")
    page.fill('[data-param="body:tags"]', "x")
    page.click('[data-field="body:tags"] [data-pg-item-add]')
    page.locator('[data-pg-items="body:tags"] input').nth(1).fill("y")
    _send(page)
    (seen,) = api.api_requests()[before:]
    assert seen.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert _parts(seen) == [
        ("file", "data.bin", binary),
        ("purpose", None, b"fine-tune"),
        ("tags", None, b"x"),
        ("tags", None, b"y"),
        ("attachments", "a.png", b"A"),
        ("attachments", "b.png", b"B"),
    ]
    curl = page.locator(".sample-request pre[data-pg-live] code").first.inner_text()
    assert "--form 'file=@data.bin'" in curl and "--form-string 'tags=x'" in curl


def test_a_form_field_that_is_a_list_of_objects_is_sent_as_its_json(
    page: Any, served: str, api: Upstream
) -> None:
    # Telegram's sendPhoto: caption_entities is an array of objects. Offered as
    # "Comma-separated values", its JSON was split at each comma into broken parts.
    _open(page, served + PHOTO)
    field = page.locator('[data-param="body:caption_entities"]')
    assert field.evaluate("e => e.tagName") == "TEXTAREA"
    hint = page.locator('[data-field="body:caption_entities"] .pg-hint').inner_text()
    assert "JSON array" in hint and "Comma-separated" not in hint
    field.fill("[1, 2")
    page.click("[data-pg-send]")
    error = page.locator('[data-error-for="body:caption_entities"]')
    assert error.is_visible() and "Invalid JSON" in error.inner_text()
    entities = '[{"type": "bold", "offset": 0}, {"type": "italic", "offset": 5}]'
    field.fill(entities)
    page.fill('[data-param="body:caption"]', "Hello, world")
    before = len(api.api_requests())
    _send(page)
    (seen,) = api.api_requests()[before:]
    assert _parts(seen) == [
        ("caption", None, b"Hello, world"),
        ("caption_entities", None, entities.encode()),
    ]


def test_the_playground_sends_a_urlencoded_form(page: Any, served: str, api: Upstream) -> None:
    _open(page, served + TOKEN)
    page.fill('[data-param="body:grant_type"]', "password")
    page.fill('[data-param="body:scope"]', "a&b c")
    before = len(api.api_requests())
    _send(page)
    (seen,) = api.api_requests()[before:]
    assert seen.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(seen.body.decode()) == [("grant_type", "password"), ("scope", "a&b c")]


def test_the_playground_uploads_straight_to_the_api_without_the_proxy(
    page: Any, tmp_path: Path, api: Upstream
) -> None:
    (tmp_path / "openapi.yaml").write_text(SPEC.format(upstream=api.url))
    config = {
        "name": "F",
        "api": {"playground": {"proxy": False}},
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    process, url = docgen_serve(tmp_path / "docs.json", "--no-watch", "--allow-local")
    try:
        _open(page, url + UPLOAD)
        page.set_input_files(
            '[data-param="body:file"]',
            files=[{"name": "n.txt", "mimeType": "text/plain", "buffer": b"direct"}],
        )
        page.select_option('[data-param="body:purpose"]', "assistants")
        before = len(api.api_requests())
        _send(page)
        (seen,) = api.api_requests()[before:]
        assert seen.headers.get("origin") == url  # the browser called the API itself
        assert _parts(seen) == [("file", "n.txt", b"direct"), ("purpose", None, b"assistants")]
    finally:
        process.stop()


def test_the_playground_sends_a_file_as_the_body(page: Any, served: str, api: Upstream) -> None:
    _open(page, served + "/api/put-an-image/")
    page.set_input_files(
        '[data-param="binary:file"]',
        files=[{"name": "dot.png", "mimeType": "image/png", "buffer": bytes(range(256)) * 4}],
    )
    before = len(api.api_requests())
    _send(page)
    (seen,) = api.api_requests()[before:]
    assert seen.headers["content-type"] == "image/png"  # the file's type: the spec says image/*
    assert seen.body == bytes(range(256)) * 4
    curl = page.locator(".sample-request pre[data-pg-live] code").first.inner_text()
    assert "--data-binary '@dot.png'" in curl


def test_a_form_schema_whose_all_of_fans_out_builds_at_once(tmp_path: Path) -> None:
    """Nine levels of schemas, each naming the next eight times in its allOf (no cycle): the
    fields are read once a schema, not once a path through the fan-out (8 to the 9th)."""
    levels = {
        f"L{i}": {
            "allOf": [{"$ref": f"#/components/schemas/L{i + 1}"}] * 8
            + [{"type": "object", "properties": {f"x{i}": {"type": "string"}}}]
        }
        for i in range(9)
    }
    levels["L9"] = {"type": "object", "properties": {"last": {"type": "string"}}}
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "T", "version": "1"},
        "paths": {
            "/loop": {
                "post": {
                    "summary": "Loop",
                    "requestBody": {
                        "content": {
                            "multipart/form-data": {"schema": {"$ref": "#/components/schemas/L0"}}
                        }
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
        "components": {"schemas": levels},
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    command = [sys.executable, "-m", "docgen", "build", "openapi.json", "-o", "out", "--quiet"]
    subprocess.run(command, cwd=tmp_path, check=True, capture_output=True, timeout=120)
    page = (tmp_path / "out" / "api-reference" / "loop" / "index.html").read_text("utf-8")
    curl = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert all(f"--form-string x{i}=" in curl for i in range(9)) and "last=" in curl


def test_a_binary_field_of_a_urlencoded_form_is_sent_as_its_text(tmp_path: Path) -> None:
    """A urlencoded form carries no files: a binary field is sent as text. It was taken for a
    file: ``check`` passed, ``build`` stopped on "internal error: IndexError" (the Python
    sample), and curl mixed ``--form`` into ``--data-urlencode``."""
    schema = {
        "type": "object",
        "properties": {
            "key": {"type": "string", "format": "binary"},
            "scope": {"type": "string", "example": "read"},
        },
    }
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {
            "/keys": {
                "post": {
                    "summary": "Send a key",
                    "requestBody": {
                        "content": {"application/x-www-form-urlencoded": {"schema": schema}}
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    check = run_docgen(["check", "openapi.json"], tmp_path)
    build = run_docgen(["build", "openapi.json", "-o", "out", "--quiet"], tmp_path)
    assert (check.returncode, build.returncode) == (0, 0), build.stderr
    samples = _samples(tmp_path / "out" / "api-reference" / "send-a-key" / "index.html")
    assert "--data-urlencode key=string \\\n  --data-urlencode scope=read" in samples["curl"]
    assert "--form" not in samples["curl"] and "open(" not in samples["python"]
    assert "'key': 'string'," in samples["python"] and "Blob" not in samples["javascript"]


def test_a_form_example_shared_by_every_field_is_cut_short(tmp_path: Path) -> None:
    """200 fields whose example is one 4,000-item list (a YAML alias: 75 KB of spec): each
    field's parts were written in full, three samples and the playground over, 126 MB of
    pages in 13 s. The fields' sample values now stop at the length other long examples stop
    at, with the same note."""
    items = "\n".join(f"  - item{i}" for i in range(4000))
    fields = "\n".join(
        f"                f{i}: {{type: array, items: {{type: string}}}}" for i in range(200)
    )
    example = "\n".join(f"              f{i}: *big" for i in range(200))
    (tmp_path / "openapi.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"
        f"x-big: &big\n{items}\n"
        "paths:\n  /up:\n    post:\n      summary: Upload\n      requestBody:\n"
        "        content:\n          multipart/form-data:\n            schema:\n"
        f"              type: object\n              properties:\n{fields}\n"
        f"            example:\n{example}\n"
        "      responses:\n        '200': {description: ok}\n"
    )
    started = time.monotonic()
    build = run_docgen(["build", "openapi.yaml", "-o", "out", "--quiet"], tmp_path)
    assert build.returncode == 0, build.stderr
    assert time.monotonic() - started < 8
    folder = tmp_path / "out" / "api-reference"
    sizes = [p.stat().st_size for p in folder.rglob("*") if p.is_file()]
    assert max(sizes) < 1_500_000, sizes
    samples = _samples(folder / "upload" / "index.html")
    for language in ("curl", "python", "javascript"):
        assert "item0" in samples[language] and "… (truncated)" in samples[language]
        assert samples[language].count("item3999") == 0
