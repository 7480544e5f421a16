"""What the playground puts on the wire, read byte for byte by a real API on 127.0.0.1: the
request target as it arrived (OpenAPI's style table for path and query parameters,
``allowReserved``, ``allowEmptyValue``, ``content`` parameters), multipart part headers and
urlencoded Encoding Objects, relative server URLs, and ``api.examples.prefill``. Headless
Chromium drives real ``docgen serve`` processes; a relative server is a static host that also
answers the API."""

from __future__ import annotations

import email.parser
import email.policy
import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from refresh_fixtures import run_docgen
from serving import docgen_serve
from upstream import Seen, Upstream, running_upstream

from docgen.spec.model import server_url

SPEC = """\
openapi: 3.1.0
info: {{title: Wire, version: "1"}}
servers: [{{url: "{upstream}"}}]
paths:
  /label/{{lab}}/{{labx}}/{{mat}}/{{matx}}/{{matox}}:
    get:
      summary: Path styles
      parameters:
        - name: lab
          in: path
          required: true
          style: label
          schema: &list {{type: array, items: {{type: string}}}}
        - {{name: labx, in: path, required: true, style: label, explode: true, schema: *list}}
        - {{name: mat, in: path, required: true, style: matrix, schema: *list}}
        - {{name: matx, in: path, required: true, style: matrix, explode: true, schema: *list}}
        - name: matox
          in: path
          required: true
          style: matrix
          explode: true
          schema: {{type: object}}
      responses: {{"200": {{description: ok}}}}
  /query:
    get:
      summary: Query styles
      parameters:
        - {{name: sdo, in: query, style: spaceDelimited, explode: false, schema: {{type: object}}}}
        - {{name: pdo, in: query, style: pipeDelimited, explode: false, schema: {{type: object}}}}
        - {{name: deep, in: query, style: deepObject, explode: true, schema: {{type: object}}}}
        - {{name: res, in: query, allowReserved: true, schema: {{type: string}}}}
        - {{name: plain, in: query, schema: {{type: string}}}}
        - {{name: empty, in: query, allowEmptyValue: true, schema: {{type: string}}}}
        - {{name: unsent, in: query, allowEmptyValue: true, schema: {{type: string}}}}
        - name: filter
          in: query
          content:
            application/json:
              schema: {{type: object, properties: {{a: {{type: integer}}}}}}
      responses: {{"200": {{description: ok}}}}
  /multipart:
    post:
      summary: Multipart
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                meta: {{type: object, properties: {{a: {{type: string}}}}}}
                note: {{type: string}}
                xml: {{type: string}}
            encoding:
              xml: {{contentType: application/xml}}
      responses: {{"200": {{description: ok}}}}
  /urlencoded:
    post:
      summary: Urlencoded
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                tags: {{type: array, items: {{type: string}}}}
                csv: {{type: array, items: {{type: string}}}}
                metadata: {{type: object}}
            encoding:
              csv: {{style: form, explode: false}}
              metadata: {{style: deepObject, explode: true}}
      responses: {{"200": {{description: ok}}}}
  /media:
    post:
      summary: Media types
      requestBody:
        content:
          application/json:
            schema: &pet
              type: object
              properties: {{name: {{type: string}}, tags: *list}}
            example: {{name: Rex}}
          application/x-www-form-urlencoded:
            schema: *pet
          application/xml:
            schema: *pet
            example: "<pet><name>Rex</name></pet>"
      responses: {{"200": {{description: ok}}}}
  /items/{{ids}}:
    get:
      summary: Items
      parameters:
        - {{name: ids, in: path, required: true, schema: *list}}
        - {{name: csv, in: query, explode: false, schema: *list}}
        - {{name: each, in: query, schema: *list}}
        - {{name: X-List, in: header, schema: *list}}
      responses: {{"200": {{description: ok}}}}
  /choices/{{mat}}/{{lab}}:
    post:
      summary: Enum items
      parameters:
        - name: mat
          in: path
          required: true
          style: matrix
          explode: true
          schema: &abc {{type: array, items: {{type: string, enum: [a, b, "c d"]}}}}
        - {{name: lab, in: path, required: true, style: label, schema: *abc}}
        - {{name: each, in: query, schema: *abc}}
        - {{name: csv, in: query, explode: false, schema: *abc}}
        - name: nums
          in: query
          style: pipeDelimited
          explode: false
          schema: {{type: array, items: {{type: integer, enum: [1, 2, 3]}}}}
        - {{name: spaced, in: query, style: spaceDelimited, explode: false, schema: *abc}}
        - {{name: flags, in: query, schema: {{type: array, items: {{type: boolean}}}}}}
        - {{name: X-Pick, in: header, schema: *abc}}
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties: {{kinds: *abc, joined: *abc}}
            encoding:
              joined: {{style: form, explode: false}}
      responses: {{"200": {{description: ok}}}}
  /v1/customers:
    get:
      summary: Stripe list
      parameters:
        - name: created
          in: query
          style: deepObject
          explode: true
          schema:
            anyOf:
              - {{type: object, properties: {{gte: {{type: integer}}, lt: {{type: integer}}}}}}
              - {{type: integer}}
        - {{name: expand, in: query, style: deepObject, explode: true, schema: *list}}
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: {{type: object, properties: {{}}, additionalProperties: false}}
      responses: {{"200": {{description: ok}}}}
    post:
      summary: Stripe create
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                email: {{type: string}}
                metadata:
                  anyOf:
                    - {{type: object, additionalProperties: {{type: string}}}}
                    - {{type: string, enum: [""]}}
                expand: *list
                tax_id_data:
                  type: array
                  items:
                    type: object
                    properties: {{type: {{type: string}}, value: {{type: string}}}}
                cash_balance:
                  type: object
                  properties:
                    settings: {{type: object, properties: {{mode: {{type: string}}}}}}
                  example: {{settings: {{mode: manual}}}}
            encoding:
              metadata: {{style: deepObject, explode: true}}
              expand: {{style: deepObject, explode: true}}
              tax_id_data: {{style: deepObject, explode: true}}
              cash_balance: {{style: deepObject, explode: true}}
      responses: {{"200": {{description: ok}}}}
  /prefilled/{{id}}:
    get:
      summary: Prefilled
      parameters:
        - {{name: id, in: path, required: true, schema: {{type: integer}}, example: 42}}
        - {{name: kind, in: query, schema: {{type: string, enum: [a, b]}}, example: b}}
        - {{name: note, in: query, schema: {{type: string}}}}
        - {{name: size, in: query, schema: {{type: integer, example: 3}}}}
      responses: {{"200": {{description: ok}}}}
"""


@pytest.fixture(scope="module")
def api() -> Iterator[Upstream]:
    with running_upstream() as upstream:
        yield upstream


def _serve(root: Path, spec: str, **api: Any) -> tuple[Any, str]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "openapi.yaml").write_text(spec)
    config = {
        "name": "Wire",
        "api": api,
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    return docgen_serve(root / "docs.json", "--no-watch", "--allow-local")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, api: Upstream) -> Iterator[str]:
    process, url = _serve(tmp_path_factory.mktemp("wire"), SPEC.format(upstream=api.url))
    try:
        yield url
    finally:
        process.stop()


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")


def _items(page: Any, key: str, values: list[str]) -> None:
    """Types an array's items, one input each (Add item for the second and later)."""
    for n, value in enumerate(values):
        if n:
            page.click(f'[data-field="{key}"] [data-pg-item-add]')
        page.locator(f'[data-pg-items="{key}"] input').nth(n).fill(value)


def _send(page: Any, api: Upstream) -> Seen:
    before = len(api.api_requests())
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
    assert page.get_attribute("[data-pg-response]", "data-state") == "ok"
    (seen,) = api.api_requests()[before:]
    return seen


def test_path_parameters_follow_the_style_table(page: Any, served: str, api: Upstream) -> None:
    _open(page, served + "/api/path-styles/")
    for name in ("lab", "labx", "mat", "matx"):
        _items(page, f"path:{name}", ["x", "y"])
    page.fill('[data-param="path:matox"]', '{"R": 1, "G": 2}')
    seen = _send(page, api)
    # OpenAPI 3.1.1's table: label .x,y / .x.y; matrix ;mat=x,y / ;matx=x;matx=y / ;R=1;G=2
    assert seen.target == "/label/.x,y/.x.y/;mat=x,y/;matx=x;matx=y/;R=1;G=2"


def test_query_parameters_follow_the_style_table(page: Any, served: str, api: Upstream) -> None:
    _open(page, served + "/api/query-styles/")
    page.fill('[data-param="query:sdo"]', '{"R": 1, "G": 2}')
    page.fill('[data-param="query:pdo"]', '{"R": 1, "G": 2}')
    page.fill('[data-param="query:deep"]', '{"R": 1}')
    page.fill('[data-param="query:res"]', "a/b?c=d&e#f:[x]%41")
    page.fill('[data-param="query:plain"]', "a/b?c")
    page.check('[data-pg-send-empty="empty"]')
    page.fill('[data-param="query:filter"]', '{"a":1}')
    seen = _send(page, api)
    assert seen.target == (
        "/query?sdo=R%201%20G%202&pdo=R%7C1%7CG%7C2&deep%5BR%5D=1"
        "&res=a/b?c=d&e%23f:%5Bx%5D%41&plain=a%2Fb%3Fc&empty="
        "&filter=%7B%22a%22%3A1%7D"
    )


def _parts(seen: Seen) -> list[tuple[str, str, bytes]]:
    """(name, Content-Type, bytes) of each part, read by the standard library."""
    head = f"Content-Type: {seen.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + seen.body)
    return [
        (
            str(part.get_param("name", header="content-disposition")),
            str(part.get("content-type", "")),
            part.get_payload(decode=True) or b"",
        )
        for part in message.iter_parts()
    ]


@pytest.mark.parametrize("proxy", [True, False])
def test_multipart_parts_say_their_content_type(
    page: Any, served: str, api: Upstream, tmp_path: Path, proxy: bool
) -> None:
    url = served
    process = None
    if not proxy:
        process, url = _serve(tmp_path, SPEC.format(upstream=api.url), playground={"proxy": False})
    try:
        _open(page, url + "/api/multipart/")
        page.fill('[data-param="body:meta"]', '{"a": "1"}')
        page.fill('[data-param="body:note"]', "hi")
        page.fill('[data-param="body:xml"]', "<a/>")
        seen = _send(page, api)
    finally:
        if process is not None:
            process.stop()
    assert _parts(seen) == [
        ("meta", "application/json", b'{"a": "1"}'),
        ("note", "", b"hi"),
        ("xml", "application/xml", b"<a/>"),
    ]


def test_urlencoded_fields_follow_their_encoding(page: Any, served: str, api: Upstream) -> None:
    _open(page, served + "/api/urlencoded/")
    _items(page, "body:tags", ["x", "y"])
    _items(page, "body:csv", ["x", "y"])
    page.fill('[data-param="body:metadata"]', '{"order": "7"}')
    seen = _send(page, api)
    assert parse_qsl(seen.body.decode()) == [
        ("tags", "x"),
        ("tags", "y"),
        ("csv", "x,y"),  # style form, explode false
        ("metadata[order]", "7"),  # deepObject, as Stripe's spec asks for its metadata
    ]


def test_prefill_starts_the_inputs_with_the_examples(
    page: Any, api: Upstream, tmp_path: Path
) -> None:
    spec = SPEC.format(upstream=api.url)
    process, url = _serve(tmp_path, spec, examples={"prefill": True})
    try:
        _open(page, url + "/api/prefilled/")
        assert page.input_value('[data-param="path:id"]') == "42"
        assert page.input_value('[data-param="query:kind"]') == "b"
        assert page.input_value('[data-param="query:note"]') == ""
        assert page.input_value('[data-param="query:size"]') == "3"  # the schema's example
        seen = _send(page, api)
        assert process.output.count("prefill") == 0  # no longer an unused key
    finally:
        process.stop()
    assert seen.target == "/prefilled/42?kind=b&size=3"


class _SiteAndApi(http.server.SimpleHTTPRequestHandler):
    """A static host of the built site that also answers ``/v1/...`` as the API would."""

    def do_GET(self) -> None:
        if self.path.startswith("/v1/"):
            data = json.dumps({"target": self.path, "origin": self.headers.get("Origin")})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data.encode())
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_a_relative_server_is_the_docs_sites_own_and_called_directly(
    page: Any, tmp_path: Path
) -> None:
    spec = SPEC.format(upstream="v1")  # relative to the site, not to the page's folder
    (tmp_path / "openapi.yaml").write_text(spec)
    config = {
        "name": "W",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["build", "docs.json", "-o", "out", "--quiet"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    handler = functools.partial(_SiteAndApi, directory=str(tmp_path / "out"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        _open(page, url + "/api/prefilled/")  # proxy: true, and no proxy on a static host
        page.fill('[data-param="path:id"]', "5")
        assert page.get_attribute('[data-param="query:size"]', "placeholder") == "3"
        page.click("[data-pg-send]")
        page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
        assert page.get_attribute("[data-pg-response]", "data-state") == "ok"
        answer = json.loads(page.text_content("[data-pg-response-text]") or "")
    finally:
        server.shutdown()
        server.server_close()
    assert answer["target"] == "/v1/prefilled/5"


def test_a_relative_server_of_a_remote_spec_is_read_against_the_specs_url() -> None:
    spec = "https://petstore3.swagger.io/api/v3/openapi.json"
    assert server_url(spec, "/api/v3") == "https://petstore3.swagger.io/api/v3"
    assert server_url(spec, "v2") == "https://petstore3.swagger.io/api/v3/v2"
    assert server_url(spec, "https://api.example.com") == "https://api.example.com"
    assert server_url(spec, "{scheme}://api.example.com") == "{scheme}://api.example.com"
    assert server_url("openapi.yaml", "/api/v3") == "/api/v3"  # read against the site


def test_a_body_of_several_media_types_is_sent_as_the_one_picked(
    page: Any, served: str, api: Upstream
) -> None:
    _open(page, served + "/api/media-types/")
    picker = page.locator("[data-pg-media]")
    assert picker.locator("option").all_text_contents() == [
        "application/json",
        "application/x-www-form-urlencoded",
        "application/xml",
    ]
    label = page.locator(f'label[for="{picker.get_attribute("id")}"]')
    assert label.text_content() == "Content type"
    assert json.loads(page.input_value("[data-pg-body]")) == {"name": "Rex"}
    seen = _send(page, api)
    assert (seen.headers["content-type"], json.loads(seen.body)) == (
        "application/json",
        {"name": "Rex"},
    )
    picker.focus()
    page.keyboard.press("ArrowDown")  # the keyboard alone switches to the form
    assert page.locator("[data-pg-body]").count() == 0
    page.fill('[data-param="body:name"]', "Rex, Jr.")
    _items(page, "body:tags", ["a,b", "c"])
    curl = page.locator(".sample-request pre[data-pg-live] code").first.text_content() or ""
    assert "--data-urlencode 'name=Rex, Jr.'" in curl
    seen = _send(page, api)
    assert seen.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(seen.body.decode()) == [("name", "Rex, Jr."), ("tags", "a,b"), ("tags", "c")]
    picker.select_option("application/xml")
    assert page.input_value("[data-pg-body]") == "<pet><name>Rex</name></pet>"
    seen = _send(page, api)
    assert (seen.headers["content-type"], seen.body) == (
        "application/xml",
        b"<pet><name>Rex</name></pet>",
    )


def test_array_items_are_typed_one_by_one_and_may_hold_commas(
    page: Any, served: str, api: Upstream
) -> None:
    _open(page, served + "/api/items/")
    _items(page, "path:ids", ["1,2", "3"])
    _items(page, "query:csv", ["a,b", "gone", "c"])
    page.click('[data-pg-items="query:csv"] li:nth-child(2) [data-pg-item-remove]')
    assert page.locator('[data-pg-items="query:csv"] input').count() == 2
    _items(page, "query:each", ["x,y"])
    page.focus('[data-field="query:each"] [data-pg-item-add]')
    page.keyboard.press("Enter")  # the new item's input takes the focus
    page.keyboard.type("z")
    _items(page, "header:X-List", ["p", "q"])
    seen = _send(page, api)
    assert seen.target == "/items/1%2C2,3?csv=a%2Cb,c&each=x%2Cy&each=z"
    assert seen.headers["x-list"] == "p,q"


def _choose(page: Any, key: str, values: list[str]) -> None:
    """Picks an enum array's items, one select each (Add item for the second and later)."""
    for n, value in enumerate(values):
        if n:
            page.click(f'[data-field="{key}"] [data-pg-item-add]')
        page.locator(f'[data-pg-items="{key}"] select[data-pg-item]').nth(n).select_option(value)


def test_enum_items_are_chosen_and_sent_in_every_style(
    page: Any, served: str, api: Upstream
) -> None:
    _open(page, served + "/api/enum-items/")
    options = page.locator('[data-pg-items="query:each"] select').first.locator("option")
    assert options.all_text_contents() == ["Select a value", "a", "b", "c d"]
    assert page.locator('[data-pg-items="query:each"] input').count() == 0
    _choose(page, "path:mat", ["a", "c d"])
    _choose(page, "path:lab", ["b", "a"])
    _choose(page, "query:each", ["b", "a", "c d"])
    page.click('[data-pg-items="query:each"] li:nth-child(2) [data-pg-item-remove]')
    _choose(page, "query:csv", ["a", "c d"])
    _choose(page, "query:nums", ["3", "1"])
    _choose(page, "query:spaced", ["a", "b"])
    _choose(page, "query:flags", ["true", "false"])
    _choose(page, "header:X-Pick", ["c d", "b"])
    _choose(page, "body:kinds", ["a", "b"])
    _choose(page, "body:joined", ["b", "c d"])
    seen = _send(page, api)
    assert seen.target == (
        "/choices/;mat=a;mat=c%20d/.b,a?each=b&each=c%20d&csv=a,c%20d&nums=3%7C1"
        "&spaced=a%20b&flags=true&flags=false"
    )
    assert seen.headers["x-pick"] == "c d,b"
    assert parse_qsl(seen.body.decode()) == [
        ("kinds", "a"),
        ("kinds", "b"),
        ("joined", "b,c d"),
    ]


def _shown_curl(page: Any) -> str:
    """The cURL sample the reader sees (once the playground's redraw has run)."""
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    sample = page.locator(".sample-request [role=tabpanel]:not([hidden]) pre:not([hidden]) code")
    return sample.first.text_content() or ""


def test_the_samples_follow_the_content_type_picked(page: Any, served: str, api: Upstream) -> None:
    page.goto(served + "/api/media-types/")
    tabs = page.locator(".sample-body [role=tab]")
    assert tabs.all_text_contents() == [
        "application/json",
        "application/x-www-form-urlencoded",
        "application/xml",
    ]
    assert "Content-Type: application/json" in _shown_curl(page)
    tabs.nth(2).click()  # the body example tab, before the playground is loaded
    assert "--data-raw '<pet><name>Rex</name></pet>'" in _shown_curl(page)
    page.click("[data-docgen-try]")
    picker = page.locator("[data-pg-media]")
    assert picker.locator("option:checked").text_content() == "application/xml"
    assert page.input_value("[data-pg-body]") == "<pet><name>Rex</name></pet>"
    picker.select_option("application/x-www-form-urlencoded")
    curl = _shown_curl(page)  # at once, with the type's example, before any typing
    assert "Content-Type: application/x-www-form-urlencoded" in curl
    assert "--data-urlencode" in curl
    assert tabs.nth(1).get_attribute("aria-selected") == "true"
    tabs.nth(0).click()  # a body tab picks the type in the playground too
    assert picker.locator("option:checked").text_content() == "application/json"
    assert '--data \'{"name": "Rex"}\'' in _shown_curl(page)
    seen = _send(page, api)
    assert (seen.headers["content-type"], json.loads(seen.body)) == (
        "application/json",
        {"name": "Rex"},
    )
    picker.select_option("application/xml")
    page.fill("[data-pg-body]", "@pet.xml")  # typed: the samples show the form's request
    assert "--data-raw '@pet.xml'" in _shown_curl(page)
    tabs.nth(0).click()  # a tab never throws away a typed body
    assert page.input_value("[data-pg-body]") == "@pet.xml"
    seen = _send(page, api)
    assert (seen.headers["content-type"], seen.body) == ("application/xml", b"@pet.xml")


def test_stripe_shaped_forms_are_sent_as_stripe_reads_them(
    page: Any, served: str, api: Upstream
) -> None:
    # Stripe's spec: an object or "" (metadata), a range object or a timestamp (created),
    # deepObject lists and nested objects, and GET list operations with an empty form body.
    _open(page, served + "/api/stripe-create/")
    page.fill('[data-param="body:email"]', "a@b.co")
    page.fill('[data-param="body:metadata"]', '{"order": "7"}')
    _items(page, "body:expand", ["customer", "tax"])
    page.fill('[data-param="body:tax_id_data"]', '[{"type": "eu_vat", "value": "FR1"}]')
    page.fill('[data-param="body:cash_balance"]', '{"settings": {"mode": "manual"}}')
    seen = _send(page, api)
    assert parse_qsl(seen.body.decode()) == [
        ("email", "a@b.co"),
        ("metadata[order]", "7"),
        ("expand[0]", "customer"),
        ("expand[1]", "tax"),
        ("tax_id_data[0][type]", "eu_vat"),
        ("tax_id_data[0][value]", "FR1"),
        ("cash_balance[settings][mode]", "manual"),
    ]
    curl = page.locator(".sample-request [role=tabpanel] pre code").first.text_content() or ""
    assert "'cash_balance[settings][mode]=manual'" in curl
    page.goto(served + "/api/stripe-list/")  # the page's own sample, before any typing
    assert "--data" not in (page.locator(".sample-request pre code").first.text_content() or "")
    page.click("[data-docgen-try]")
    page.fill('[data-param="query:created"]', '{"gte": 1700000000}')
    _items(page, "query:expand", ["data.customer"])
    seen = _send(page, api)
    assert seen.target == "/v1/customers?created%5Bgte%5D=1700000000&expand%5B0%5D=data.customer"
    assert (seen.body, seen.headers.get("content-type")) == (b"", None)
