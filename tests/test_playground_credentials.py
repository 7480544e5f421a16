"""``api.playground.credentials`` (Mintlify: send the reader's cookies with playground
requests): granted only by the operator (``--allow-credentials``), only with the proxy off,
only to the spec's fixed server origins; otherwise a located warning. Headless Chromium sends
through real ``docgen serve`` processes to a real API on 127.0.0.1, which records the
``Cookie`` header it receives."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import docgen_serve
from upstream import Upstream, running_upstream

SPEC = """\
openapi: 3.1.0
info: {{title: Cookies, version: "1"}}
servers:
  - {{url: "{upstream}"}}
  - url: "http://{{host}}"
    variables: {{host: {{default: "api.example.com"}}}}
paths:
  /me:
    get:
      summary: Who am I
      responses: {{"200": {{description: ok}}}}
"""


@pytest.fixture(autouse=True)
def no_grant(monkeypatch: pytest.MonkeyPatch) -> None:
    """No grant from the environment; and the one ``--allow-credentials`` sets in this process
    (``run_docgen`` runs the CLI here) is undone after the test."""
    monkeypatch.delenv("DOCGEN_ALLOW_CREDENTIALS", raising=False)


@pytest.fixture
def api() -> Iterator[Upstream]:
    with running_upstream() as upstream:
        upstream.credentialed = True
        yield upstream


def _site(root: Path, api: Upstream, playground: dict[str, Any]) -> Path:
    (root / "openapi.yaml").write_text(SPEC.format(upstream=api.url))
    config = {
        "name": "Cookies",
        "api": {"playground": playground},
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    return root / "docs.json"


def _cookie_sent(page: Any, url: str, api: Upstream) -> str | None:
    """Sends GET /me from the playground; the Cookie header the API received (None: none)."""
    page.context.add_cookies([{"name": "session", "value": "s3cret", "url": api.url}])
    page.goto(url + "/api/who-am-i/")
    page.click("[data-docgen-try]")
    before = len(api.api_requests())
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
    assert page.get_attribute("[data-pg-response]", "data-state") == "ok"
    (seen,) = api.api_requests()[before:]
    return seen.headers.get("cookie")


def test_the_operator_lets_cookies_go_to_the_specs_fixed_servers(
    page: Any, api: Upstream, tmp_path: Path
) -> None:
    config = _site(tmp_path, api, {"proxy": False, "credentials": True})
    checked = run_docgen(["check", str(config), "--allow-credentials"], tmp_path)
    assert (checked.returncode, checked.stdout) == (0, ""), checked.stdout + checked.stderr
    process, url = docgen_serve(config, "--no-watch", "--allow-credentials")
    try:
        assert _cookie_sent(page, url, api) == "session=s3cret"
        # A server whose host is a variable may be anyone's: its origin is not granted.
        data = json.loads(page.get_attribute("[data-docgen-playground]", "data-docgen-playground"))
        assert data["credentials"] == [api.url]
    finally:
        process.stop()


def test_without_the_operator_the_config_cannot_send_cookies(
    page: Any, api: Upstream, tmp_path: Path
) -> None:
    config = _site(tmp_path, api, {"proxy": False, "credentials": True})
    checked = run_docgen(["check", str(config)], tmp_path)
    assert checked.returncode == 0
    line = next(
        n for n, text in enumerate(config.read_text().splitlines(), 1) if "credentials" in text
    )
    assert f"docs.json:{line}:" in checked.stdout
    assert "warning[config-invalid]: api.playground.credentials is ignored" in checked.stdout
    assert "--allow-credentials" in checked.stdout
    process, url = docgen_serve(config, "--no-watch")
    try:
        assert "api.playground.credentials is ignored" in process.output
        assert _cookie_sent(page, url, api) is None
    finally:
        process.stop()


def test_with_the_proxy_on_the_cookies_stay_in_the_browser(
    page: Any, api: Upstream, tmp_path: Path
) -> None:
    config = _site(tmp_path, api, {"credentials": True})
    checked = run_docgen(["check", str(config), "--allow-credentials"], tmp_path)
    assert "api.playground.credentials has no effect while the playground uses the proxy" in (
        checked.stdout
    )
    process, url = docgen_serve(config, "--no-watch", "--allow-local", "--allow-credentials")
    try:
        assert _cookie_sent(page, url, api) is None
    finally:
        process.stop()


def test_a_rebuild_with_the_grant_does_not_reuse_pages_built_without_it(
    api: Upstream, tmp_path: Path
) -> None:
    """The grant changes the endpoint pages: a build without it, then one with it, must not
    answer "nothing changed" nor reuse the first build's pages (and back again)."""
    config = _site(tmp_path, api, {"proxy": False, "credentials": True})
    page = tmp_path / "_site" / "api" / "who-am-i" / "index.html"
    for flags, granted in (((), False), (("--allow-credentials",), True), ((), False)):
        monkeypatch = pytest.MonkeyPatch()
        monkeypatch.delenv("DOCGEN_ALLOW_CREDENTIALS", raising=False)
        try:
            built = run_docgen(["build", str(config), *flags], tmp_path)
        finally:
            monkeypatch.undo()
        assert built.returncode == 0, built.stdout + built.stderr
        assert ("nothing changed" in built.stderr) is False
        assert (api.url.rstrip("/") in _credential_origins(page.read_text())) is granted


def _credential_origins(html: str) -> str:
    """The origins the page's playground data grants cookies to (``null``: none)."""
    found = re.search(r'"credentials":(null|\[[^\]]*\])', unescape(html))
    assert found is not None
    return found.group(1)


def test_with_cookies_a_redirect_is_not_followed(page: Any, tmp_path: Path) -> None:
    """The granted origin is checked on the first URL only: a redirect to another origin would
    take the reader's cookies there, so it is not followed (the reader is told)."""
    with running_upstream() as api, running_upstream() as elsewhere:
        api.credentialed = elsewhere.credentialed = True
        api.redirect_to = elsewhere.url + "/me"
        (tmp_path / "openapi.yaml").write_text(
            SPEC.format(upstream=api.url).replace("/me:", "/redirect:")
        )
        config = {
            "name": "Cookies",
            "api": {"playground": {"proxy": False, "credentials": True}},
            "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
        }
        (tmp_path / "docs.json").write_text(json.dumps(config))
        process, url = docgen_serve(tmp_path / "docs.json", "--no-watch", "--allow-credentials")
        try:
            page.context.add_cookies([{"name": "session", "value": "s3cret", "url": api.url}])
            page.context.add_cookies([{"name": "other", "value": "theirs", "url": elsewhere.url}])
            page.goto(url + "/api/who-am-i/")
            page.click("[data-docgen-try]")
            page.click("[data-pg-send]")
            page.wait_for_selector("[data-pg-message]")
            assert page.get_attribute("[data-pg-message]", "data-source") == "redirect"
            assert [s.path for s in api.api_requests()] == ["/redirect"]
            assert elsewhere.api_requests() == []
        finally:
            process.stop()
