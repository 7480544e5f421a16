"""The playground's page data and display modes, as the build writes them (behaviour.md §8)."""

from __future__ import annotations

import base64
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from docgen.config.keys import parse_public_key
from docgen.exceptions import InvalidKey

SPEC = """\
openapi: 3.1.0
info: {title: Modes, version: "1"}
servers:
  - url: https://{region}.api.example.com/v1
    variables:
      region: {default: eu, enum: [eu, us]}
security: [{key: []}]
paths:
  /items/{itemId}:
    get:
      summary: Get item
      parameters:
        - {name: itemId, in: path, required: true, schema: {type: integer, minimum: 1}}
        - name: limit
          in: query
          schema: {type: integer, minimum: 1, maximum: 100, default: 20}
        - {name: sort, in: query, schema: {$ref: "#/components/schemas/Sort"}}
        - {name: X-Trace, in: header, schema: {type: boolean}}
      responses: {"200": {description: OK}}
  /items:
    post:
      summary: Create item
      x-docgen: {playground: simple}
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, properties: {name: {type: string}}}
            example: {name: "</script><script>alert(1)</script>"}
      responses: {"201": {description: Created}}
  /items/{itemId}/archive:
    post:
      summary: Archive item
      x-mint: {metadata: {playground: none}}
      parameters:
        - {name: itemId, in: path, required: true, schema: {type: integer}}
      responses: {"204": {description: Archived}}
components:
  securitySchemes:
    key: {type: apiKey, in: header, name: X-API-Key}
  schemas:
    Sort: {type: string, enum: [asc, desc]}
"""


def _site(tmp_path: Path, config: dict[str, object], pages: dict[str, str] | None = None) -> Path:
    (tmp_path / "openapi.yaml").write_text(SPEC)
    (tmp_path / "docs.json").write_text(json.dumps(config))
    for name, text in (pages or {}).items():
        (tmp_path / name).write_text(text)
    return tmp_path


def _build(root: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = root / "_site"
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(root / "docs.json"), "-o", str(out), "-q"],
        capture_output=True,
        text=True,
        check=False,
    )
    return result, out


def _data(page: Path) -> dict[str, object] | None:
    found = re.search(r'data-docgen-playground="([^"]*)"', page.read_text())
    return json.loads(html.unescape(found.group(1))) if found else None


def _config(**playground: object) -> dict[str, object]:
    return {
        "name": "Modes",
        "api": {"playground": playground} if playground else {},
        "navigation": {"openapi": "openapi.yaml"},
    }


def _page(out: Path, slug: str) -> Path:
    return out / "api-reference" / slug / "index.html"


def test_interactive_data_has_typed_inputs_anchors_and_relative_proxy(tmp_path: Path) -> None:
    result, out = _build(_site(tmp_path, _config()))
    assert result.returncode == 0, result.stderr
    data = _data(_page(out, "get-item"))
    assert data is not None
    assert data["mode"] == "interactive" and data["proxy"] is True
    assert data["proxyUrl"] == "../../_docgen/api/request"
    params = {p["name"]: p for p in data["parameters"]}  # type: ignore[attr-defined]
    assert params["itemId"]["required"] is True
    assert params["itemId"]["schema"] == {"type": "integer", "minimum": 1}
    assert params["limit"]["schema"]["maximum"] == 100
    assert params["sort"]["schema"]["enum"] == ["asc", "desc"]  # $ref resolved
    assert params["X-Trace"]["schema"]["type"] == "boolean"
    page_text = _page(out, "get-item").read_text()
    for param in params.values():  # every input links to its documentation anchor
        assert f'id="{param["anchor"]}"' in page_text
    servers = data["servers"]
    assert servers[0]["variables"][0] == {  # type: ignore[index]
        "name": "region",
        "default": "eu",
        "enum": ["eu", "us"],
        "description": None,
    }
    assert data["security"] == [
        [{"key": "key", "kind": "apiKey", "in": "header", "name": "X-API-Key", "title": "API key"}]
    ]
    # The script loads when the reader presses "Try it" (docgen.js), not with the page.
    assert "data-docgen-try" in page_text and "_docgen/playground.js" not in page_text


def test_operation_overrides_simple_and_none(tmp_path: Path) -> None:
    _, out = _build(_site(tmp_path, _config()))
    simple = _page(out, "create-item").read_text()
    data = _data(_page(out, "create-item"))
    assert data is not None and data["mode"] == "simple"
    assert 'class="request-url"' in simple
    # the full URL, with a line-break opportunity after each "/"
    assert "https://eu.api.example.com/v1/items</code>" in simple.replace("<wbr>", "")
    assert data["body"]["example"].startswith("{\n")  # type: ignore[index]
    # the body example holds a closing script tag: it stays inert inside the attribute
    assert "</script><script>alert(1)" not in simple
    none = _page(out, "archive-item").read_text()
    assert _data(_page(out, "archive-item")) is None
    assert "playground.js" not in none and 'class="request-url"' not in none


def test_simple_mode_without_a_server_shows_the_endpoint_once(tmp_path: Path) -> None:
    """With no ``servers``, the request URL of ``simple`` is the path the header already shows
    with its copy button: no second box saying the same (a real repo's 190 pages had two)."""
    _site(tmp_path, _config(display="simple"))
    spec = (tmp_path / "openapi.yaml").read_text()
    start, end = spec.index("servers:"), spec.index("security:")
    (tmp_path / "openapi.yaml").write_text(spec[:start] + spec[end:])
    result, out = _build(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    page = _page(out, "create-item").read_text()
    assert 'class="request-url"' not in page
    assert page.count('data-docgen-copy="/items"') == 1 and 'aria-label="Copy path"' in page


def test_site_mode_none_and_proxy_false(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, out = _build(_site(tmp_path / "a", _config(display="none")))
    assert _data(_page(out, "get-item")) is None
    _, out = _build(_site(tmp_path / "b", _config(proxy=False)))
    data = _data(_page(out, "get-item"))
    assert data is not None and data["proxy"] is False


def test_frontmatter_overrides_operation_and_carries_groups(tmp_path: Path) -> None:
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    pem = key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()
    config = {
        "name": "Modes",
        "auth": {"type": "jwt", "loginUrl": "https://login.example.com/", "publicKey": pem},
        "navigation": {"openapi": "openapi.yaml", "pages": ["create", "GET /items/{itemId}"]},
    }
    page = "---\nopenapi: POST /items\nplayground: auth\ngroups: [admins, ops]\n---\nText.\n"
    result, out = _build(_site(tmp_path, config, {"create.md": page}))
    assert result.returncode == 0, result.stderr
    stub = _data(out / "create" / "index.html")
    assert stub is not None and set(stub) == {"mode", "groups", "src"}
    assert stub["mode"] == "auth" and stub["groups"] == ["admins", "ops"]
    # The page itself carries nothing a `none` page would not: the data is its own file.
    page_html = (out / "create" / "index.html").read_text()
    assert "/items" not in page_html.split("data-docgen-playground=")[1].split(">")[0]
    data = json.loads((out / "create" / stub["src"]).resolve().read_text())
    assert data["mode"] == "auth" and data["groups"] == ["admins", "ops"]
    assert data["method"] == "POST" and data["path"] == "/items"
    interactive = _data(_page(out, "get-item"))
    assert interactive is not None and "src" not in interactive and interactive["method"] == "GET"
    site = re.search(r'data-docgen-site="([^"]*)"', (out / "create" / "index.html").read_text())
    assert site is not None
    auth = json.loads(html.unescape(site.group(1)))["auth"]
    assert auth["algorithm"] == "ES256" and auth["callback"] == "_docgen/auth/callback/"
    assert base64.b64decode(auth["publicKey"])[0] == 0x30
    callback = out / "_docgen" / "auth" / "callback" / "index.html"
    assert "data-docgen-callback" in callback.read_text()
    assert "data-docgen-signin" in (out / "create" / "index.html").read_text()


def test_no_auth_no_callback_page_and_no_signin(tmp_path: Path) -> None:
    _, out = _build(_site(tmp_path, _config()))
    assert not (out / "_docgen" / "auth").exists()
    assert "data-docgen-signin" not in _page(out, "get-item").read_text()


def _pem(key: object, private: bool = False) -> str:
    if private:
        return key.private_bytes(  # type: ignore[attr-defined, no-any-return]
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
    return (
        key.public_key()
        .public_bytes(  # type: ignore[attr-defined, no-any-return]
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
    )


def test_public_keys_are_recognised() -> None:
    ec_key = ec.generate_private_key(ec.SECP256R1())
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    assert parse_public_key(_pem(ec_key), None).algorithm == "ES256"
    assert parse_public_key(_pem(rsa_key), "RS256").algorithm == "RS256"
    with pytest.raises(InvalidKey, match="RS256 but the key is an ES256"):
        parse_public_key(_pem(ec_key), "RS256")
    with pytest.raises(InvalidKey, match="publish only the public key"):
        parse_public_key(_pem(ec_key, private=True), None)
    with pytest.raises(InvalidKey, match="P-256"):
        parse_public_key(_pem(ec.generate_private_key(ec.SECP384R1())), None)
    with pytest.raises(InvalidKey):
        parse_public_key("not a key", None)
