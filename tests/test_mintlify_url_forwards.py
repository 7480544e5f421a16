"""Mintlify's URLs of endpoint pages forward to docgen's: a site moving from Mintlify was
bookmarked, indexed and linked at the URLs ``generateOpenApiPages`` of ``@mintlify/common`` gives
(``_`` kept, untagged webhooks in the directory, a page without a summary named from its method
and path or webhook name, collisions numbered ``-1``, ``-2``). docgen keeps its own rule (README
"URLs"); each Mintlify URL no page, redirect or file takes gets a forwarding page and a
``_redirects`` line, and ``docgen serve`` answers it. Real files, the real CLI and server."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from docgen.nav.mintlify_urls import mintlify_page_urls
from docgen.nav.slugs import mintlify_filename
from docgen.pipeline import run_check

OK = {"responses": {"200": {"description": "ok"}}}
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5e9f3fe0000000049454e44ae426082"
)
ID = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]


def _op(summary: str | None, *tags: str, **more: Any) -> dict[str, Any]:
    named = {"summary": summary} if summary is not None else {}
    return {**OK, **named, "tags": list(tags), **more}


# The cases real repos hit (corpus12): a billing platform's tags, webhooks and an "_internal_"
# tag; a document-parsing API's two "Pipeline"s in one tag; a search engine's numbered lists; a
# payments API's summary holding a path.
SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Billing", "version": "1"},
    "paths": {
        "/keys/validate": {"post": _op("Validate License Key", "customer_portal")},
        "/meters": {"get": _op("list_meters", "_internal_")},
        "/a": {"post": _op("Pipeline", "partition")},
        "/b": {"post": _op("Pipeline", "partition")},
        "/c": {"get": _op("List items 1")},
        "/d": {"get": _op("List items")},
        "/e": {"get": _op("List items")},
        "/users/{id}": {"get": _op(None, operationId="fetchUser", parameters=ID)},
        "/g": {"get": _op("Users & Groups")},
        "/h": {"get": _op("GET /discounts/{discount_id} ")},
        "/i": {"get": _op("Keys", "Keys", **{"x-mint": {"href": "/api/keys"}})},
        "/j": {"get": _op("x" * 90)},
        "/k": {"get": _op("Hidden", "partition", **{"x-excluded": True})},
    },
    "webhooks": {
        "checkout.created": {"post": _op("checkout_created")},
        "order.paid": {"post": _op(None)},
        "refund.done": {"post": _op(None, "Refunds")},
    },
}

MINTLIFY = {
    ("POST", "/keys/validate", False): "/api/customer_portal/validate-license-key",
    ("GET", "/meters", False): "/api/_internal_/list_meters",
    ("POST", "/a", False): "/api/partition/pipeline",
    ("POST", "/b", False): "/api/partition/pipeline-1",
    ("GET", "/c", False): "/api/list-items-1",
    ("GET", "/d", False): "/api/list-items",
    ("GET", "/e", False): "/api/list-items-2",
    ("GET", "/users/{id}", False): "/api/get-users",
    ("GET", "/g", False): "/api/users-&-groups",
    ("GET", "/h", False): "/api/get-discounts-",  # its trailing space
    ("GET", "/i", False): "/api/keys",
    ("GET", "/j", False): "/api/" + "x" * 90,
    ("POST", "checkout.created", True): "/api/checkout_created",
    ("POST", "order.paid", True): "/api/orderpaid",
    ("POST", "refund.done", True): "/api/refunds/refunddone",
}


def _site(root: Path, redirects: list[dict[str, str]] | None = None) -> Path:
    root.mkdir(parents=True)
    (root / "openapi.json").write_text(json.dumps(SPEC))
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n[old](/api/get-users) ![flow](/api/checkout_created/flow.png)\n"
    )
    # a page of the site at a Mintlify URL: the page wins
    (root / "api").mkdir(parents=True)
    (root / "api" / "orderpaid.mdx").write_text("---\ntitle: Orders paid\n---\n\nKept.\n")
    # a static file below one: both are there (a static file's name has a dot, which no
    # Mintlify URL has: a forward never takes a file's path)
    (root / "api" / "checkout_created").mkdir(parents=True)
    (root / "api" / "checkout_created" / "flow.png").write_bytes(PNG)
    config = {
        "name": "Billing",
        "url": "https://docs.example.com",
        "navigation": {
            "groups": [{"group": "Home", "pages": ["index", "api/orderpaid"]}],
            "openapi": {"source": "openapi.json", "directory": "api"},
        },
        "redirects": redirects or [{"source": "/api/get-discounts-", "destination": "/"}],
    }
    (root / "docs.json").write_text(json.dumps(config))
    return root / "docs.json"


def test_mintlifys_rule_gives_its_exact_urls(tmp_path: Path) -> None:
    assert [mintlify_filename(t) for t in ("Client API - Display", "Get user's key", "")] == [
        "client-api--display",
        "get-users-key",
        None,
    ]
    result = run_check(_site(tmp_path / "src"))
    assert result.site is not None, [str(d) for d in result.diagnostics]
    (spec,) = result.site.specs.values()
    assert mintlify_page_urls(spec, "api") == MINTLIFY


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, check=False
    )


def _findings(run: subprocess.CompletedProcess[str]) -> list[str]:
    lines = (run.stdout + run.stderr).splitlines()
    return sorted(line for line in lines if "[" in line and "]:" in line)


def test_each_mintlify_url_nothing_takes_forwards_to_its_page(tmp_path: Path) -> None:
    config = _site(tmp_path / "src")
    out = tmp_path / "out"
    build = _run("build", str(config), "-o", str(out))
    assert build.returncode == 0, build.stderr
    lines = [x.split() for x in (out / "_redirects").read_text().splitlines()]
    assert [x for x in lines if x[0] != "#"] == [
        ["/api/get-discounts-", "/", "301"],  # the config's redirect takes that one
        [
            "/api/customer_portal/validate-license-key",
            "/api/customer-portal/validate-license-key",
            "301",
        ],
        ["/api/partition/pipeline-1", "/api/partition/pipeline-2", "301"],
        ["/api/get-users", "/api/fetch-user", "301"],
        # docgen's earlier URLs (until 2026-11-27, and on that day)
        ["/api/get-discounts-discount-id", "/api/get-discounts", "301"],
        ["/api/get-discountsdiscount-id", "/api/get-discounts", "301"],
        ["/api/" + "x" * 90, "/api/" + "x" * 80, "301"],
        ["/api/checkout_created", "/api/webhooks/checkout-created", "301"],
        ["/api/refunds/refunddone", "/api/refunds/webhook-refund-done", "301"],
    ]
    page = (out / "api/customer_portal/validate-license-key/index.html").read_text()
    assert 'content="0; url=../../../api/customer-portal/validate-license-key/"' in page
    assert '<meta name="robots" content="noindex">' in page
    # not written: a page is there (list-items-1, orderpaid), docgen may not
    # write the name (users-&-groups, _internal_)
    assert "List items 1" in (out / "api/list-items-1/index.html").read_text()
    assert "Kept." in (out / "api/orderpaid/index.html").read_text()
    assert (out / "api/checkout_created/flow.png").read_bytes() == PNG
    assert not (out / "api/_internal_").exists() and not (out / "api/users-&-groups").exists()
    assert "get-users" not in (out / "sitemap.xml").read_text()
    check = _run("check", str(config))
    assert _findings(check) == _findings(build)
    # a page's link to a Mintlify URL (a repo written for Mintlify) is no finding: it is
    # pointed at the page itself, without the forwarding page's hop
    assert not [x for x in _findings(check) if "link-not-found" in x]
    home = (out / "index.html").read_text()
    assert "api/fetch-user" in home and "api/get-users" not in home


def test_docgen_serve_forwards_a_mintlify_url(tmp_path: Path) -> None:
    from serving import docgen_serve

    process, url = docgen_serve(_site(tmp_path / "src"), "--no-watch")
    try:
        host, port = url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", "/api/checkout_created/")
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
        assert response.status == 200
        assert 'content="0; url=../../api/webhooks/checkout-created/"' in page
    finally:
        process.stop()


def test_a_lone_spec_gets_no_mintlify_forwards(tmp_path: Path) -> None:
    """A site built from a spec alone was never on Mintlify: none of Mintlify's URLs are
    forwarded (Microsoft Graph's spec would otherwise get 11,700 forwarding pages)."""
    _site(tmp_path / "src")
    out = tmp_path / "out"
    build = _run("build", str(tmp_path / "src" / "openapi.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    forwards = (out / "_redirects").read_text() if (out / "_redirects").exists() else ""
    assert "customer_portal" not in forwards and "get-users" not in forwards
    assert not (out / "api-reference" / "get-users").exists()
    assert (out / "api-reference").is_dir()
